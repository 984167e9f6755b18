"""Step F, cities and coins (M-R6), with the bank (M-R5)."""

from __future__ import annotations

from itertools import pairwise

from midi_helpers import SITES, bet_all, build, decline_all, events, game_for, position, seat

from canal_heritage.midi import actions as A
from canal_heritage.midi.state import Phase


def round3(built, *, coins=(0, 0), spent=None, lead=0, seat1_six=False, current="III", revealed=None):
    """Round 3, step C, 2 players: seat 0 can bet 6; seat 1 can bet 0 (or 6)."""
    s0 = seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4], coins=coins[0])
    s1 = (seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4], coins=coins[1]) if seat1_six
          else seat(hand=[0, 1, 2], up=[3, 3, 4], down=[4], coins=coins[1]))
    revealed = revealed or [*built, current]
    return position(round=len(revealed), phase="bet", lead=lead, revealed=revealed, built=built,
                    seats=[s0, s1], spent=spent)


def test_city_pairs_are_consecutive_city_sites():
    """M-R6: a city pair is two consecutive city sites along the canal."""
    g = game_for(2)
    cities = [i for i, s in enumerate(g.data.sites) if s.city]
    assert g.city_pairs == tuple(pairwise(cities))
    assert g.city_pairs[0] == (0, 2)  # I and III (rulebook example)


def test_pawns_on_one_two_three_earn_a_coin():
    """Rulebook step F example / M-R6: pawns on I, II and III connect two cities."""
    state = build(round3({"I": [0], "II": [0]}))
    assert state.game.threshold[2] <= 6
    bank = state.bank
    bet_all(state, {0: 6, 1: 0})
    assert events(state, "midi.coin_earned") == [{"player": 0, "cities": ["I", "III"], "ruling": "M-R6"}]
    assert list(state.coins) == [1, 0]
    assert state.bank == bank - 1
    assert state.paired[0] == 0b1


def test_missing_the_site_between_earns_nothing():
    """Rulebook step F example: I and III without II is no connection."""
    state = build(round3({"I": [0], "II": [1]}))
    bet_all(state, {0: 6, 1: 0})
    assert state.pawns[2] == 0b01  # seat 0 won III
    assert events(state, "midi.coin_earned") == []
    assert list(state.coins) == [0, 0]


def test_earned_coin_can_be_spent_next_round():
    """M-R6: the coin can be used from the next round."""
    state = build(round3({"I": [0], "II": [0]}))
    bet_all(state, {0: 6, 1: 0})
    assert state.round == 4 and list(state.coins) == [1, 0]
    while state.phase == Phase.DRAW:
        state.apply_action(state.legal_actions()[0])
    bet_all(state, {p: state.game.card_value[state.hand[p][0]] for p in range(2)})
    assert state.phase == Phase.REINFORCE_START and list(state.queue) == [0]
    state.apply_action(A.REINFORCE)
    assert state.spent == 5  # both seats spent their 2 coins in rounds 1 and 2
    assert events(state, "midi.reinforcement_started") == [{"player": 0, "ruling": "M-R4"}]


def test_each_pair_pays_once():
    """M-R6: once per pair. Holding I-III already, winning IV pays for III-IV only."""
    built = {"I": [0], "II": [0], "III": [0]}
    state = build(position(round=4, phase="bet", revealed=["I", "II", "III", "IV"], built=built,
                           seats=[seat(hand=[6, 0, 1], up=[2, 3, 3]), seat(hand=[0, 1, 2], up=[3, 3, 4])]))
    assert state.paired[0] == 0b1  # derived from the pawns: I-III already paid
    bet_all(state, {0: 6, 1: 0})
    assert state.pawns[3] == 0b01
    assert events(state, "midi.coin_earned") == [{"player": 0, "cities": ["III", "IV"], "ruling": "M-R6"}]
    assert list(state.coins) == [1, 0]


def test_a_connected_pair_does_not_pay_again_on_a_later_win():
    built = {"I": [0], "II": [0], "III": [0]}
    state = build(position(round=4, phase="bet", revealed=["I", "II", "III", "V"], built=built,
                           seats=[seat(hand=[6, 0, 1], up=[2, 3, 3]), seat(hand=[0, 1, 2], up=[3, 3, 4])]))
    assert state.game.threshold[4] <= 7
    bet_all(state, {0: 6, 1: 1})
    assert state.pawns[4] == 0b01
    assert events(state, "midi.coin_earned") == []
    assert list(state.coins) == [0, 0]


def round4_of_four(built, *, lead=0, six=(0,)):
    """Round 4, step C, 4 players, II in play, III and IV held by three or four seats, every
    coin spent: the III-IV pairs emptied or nearly emptied the bank of 4 (M-R6). The seats in
    ``six`` can bet 6, the others 4, 2 and 1 at most."""
    others = [seat(hand=[4, 0, 1], up=[2, 3, 3]), seat(hand=[2, 0, 1], up=[3, 3, 4]),
              seat(hand=[1, 0, 2], up=[3, 3, 4])]
    seats = [seat(hand=[6, 0, 1], up=[2, 3, 3]) if p in six else others[p - 1] for p in range(4)]
    return position(players=4, round=4, phase="bet", lead=lead, revealed=["III", "IV", "I", "II"], built=built,
                    seats=seats)


def test_empty_bank_gives_no_coin():
    """M-R5: new coins come from the bank; an empty bank gives none (and the pair is done)."""
    state = build(round4_of_four({"III": [0, 1, 2, 3], "IV": [0, 1, 2, 3], "I": [0]}))
    assert state.bank == 0 and state.spent == 12
    bet_all(state, {0: 6, 1: 4, 2: 2, 3: 1})
    assert state.pawns[1] == 0b0001
    assert events(state, "midi.coin_earned") == []
    assert events(state, "midi.coin_bank_empty") == [{"player": 0, "cities": ["I", "III"], "ruling": "M-R5"}]
    assert list(state.coins) == [0, 0, 0, 0] and state.bank == 0
    assert sum(state.coins) + state.bank + state.spent == 12


def test_coins_are_checked_in_turn_order():
    """M-R6: checked in turn order; with one coin left the first player in turn gets it."""
    for lead, first, second in ((1, 1, 0), (0, 0, 1)):
        state = build(round4_of_four({"III": [0, 1, 2], "IV": [0, 1, 2], "I": [0, 1]}, lead=lead, six=(0, 1)))
        assert state.bank == 1 and state.spent == 11
        bet_all(state, {0: 6, 1: 6, 2: 1, 3: 0})
        assert state.pawns[1] == 0b0011
        assert [e["player"] for e in events(state, "midi.coin_earned")] == [first]
        assert [e["player"] for e in events(state, "midi.coin_bank_empty")] == [second]
        assert state.coins[first] == 1 and state.coins[second] == 0


def test_adjacency_award_at_game_end_earns_no_coin():
    """M-R6: awards made at game end earn no coin (V by adjacency would complete IV-VIII)."""
    revealed = ["IV", "V", "VI", "VII", "VIII", "II", "III", "IX", "I"]
    built = {"IV": [0], "VI": [0], "VII": [0], "VIII": [0], "II": [1], "III": [1], "IX": [1]}
    state = build(position(round=9, phase="bet", revealed=revealed, built=built, delayed=["V"],
                           seats=[seat(hand=[0]), seat(hand=[1])]))
    bet_all(state, {0: 0, 1: 1})
    assert state.is_terminal()
    assert state.adjacency[4] == 0b01  # V goes to seat 0 (M-R8)
    assert events(state, "midi.coin_earned") == []
    assert list(state.coins) == [0, 0]


def test_coin_earned_from_reinforced_win_after_window():
    """M-R6 is checked after the reinforcement window (end of step D)."""
    state = build(round3({"I": [0], "II": [0]}, coins=(1, 1)))
    bet_all(state, {0: 6, 1: 0})
    assert state.phase == Phase.REINFORCE_START
    assert events(state, "midi.coin_earned") == []
    decline_all(state)
    assert [e["player"] for e in events(state, "midi.coin_earned")] == [0]
    assert list(state.coins) == [2, 1]


def test_all_sites_listed():
    assert game_for(2).site_ids == SITES
