"""Illegal actions leave the state untouched; bad positions are refused."""

from __future__ import annotations

import copy

import pytest
from midi_helpers import SITES, bet_all, build, game_for, log_json, play_random, position, seat

from canal_heritage.core.errors import IllegalActionError, PositionError, RecordError
from canal_heritage.midi import MidiState
from canal_heritage.midi import actions as A
from canal_heritage.midi.state import Phase


def snapshot(state):
    return state.to_dict(), log_json(state), list(state.history), state.rng.getstate()


def assert_refused(state, action, key: str | None = None, fragment: str | None = None):
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    err = info.value
    msg = str(err)
    assert len(msg.split()) >= 3 and "\n" not in msg and "Traceback" not in msg, msg
    if key:
        assert err.key == key
    if fragment:
        assert fragment in msg, msg
    assert snapshot(state) == before, "a refused action must leave the state unchanged"
    return err


# ------------------------------------------------------------------------ IllegalActionError
def test_bet_a_card_not_in_hand():
    state = build(position(round=1, phase="bet", revealed=["VIII"],
                           seats=[seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4, 4, 5], coins=2),
                                  seat(hand=[4, 0, 1], up=[2, 3, 3], down=[4, 5, 6], coins=2)]))
    err = assert_refused(state, A.bet(5), "error.not_in_hand", "no card worth 5")
    assert err.args_["value"] == 5


def test_wrong_phase():
    state = game_for(2).new_initial_state(1)
    assert state.phase == Phase.BET
    assert_refused(state, A.DRAW_DOWN, "error.wrong_phase", "bet")
    assert_refused(state, A.REINFORCE, "error.wrong_phase")
    assert_refused(state, A.TRADE_PASS, "error.wrong_phase")


def test_draw_down_with_no_face_down_card():
    state = build(position(round=5, phase="draw", revealed=["I", "II", "III", "IV", "VI"],
                           delayed=["I", "II", "III", "IV"],
                           seats=[seat(hand=[0, 1], up=[2, 3, 5]), seat(hand=[6, 5], up=[4, 4, 3])]))
    assert_refused(state, A.DRAW_DOWN, "error.no_face_down")
    assert_refused(state, A.draw_up(6), "error.not_face_up", "6")


@pytest.mark.parametrize("action", [-1, 9, 18, 19, 22, 29, 31, 99, 356, 399, 432, 10**9])
def test_not_an_action(action):
    state = game_for(3).new_initial_state(2)
    assert_refused(state, action, "error.not_an_action")


@pytest.mark.parametrize("action", ["bet 3", None, [13], 13.0, True, 12.5])
def test_non_int_actions_are_refused(action):
    """Actions are ints; a float or bool equal to a legal int must not slip into the history
    (it would make the game unsaveable)."""
    state = game_for(2).new_initial_state(3)
    legal = state.legal_actions()
    if isinstance(action, float) and action.is_integer():
        action = float(legal[0])
    if action is True and 1 not in legal:
        state = build(position(round=2, phase="draw", revealed=["I", "VI"], delayed=["I"],
                               seats=[seat(hand=[2, 1], up=[0, 3, 5], down=[3, 4, 4], coins=1),
                                      seat(hand=[6, 5], up=[4, 4, 3], down=[0, 1, 2], coins=1)]))
        assert A.draw_up(0) == 1 and 1 in state.legal_actions()
    assert_refused(state, action)


def test_action_after_the_game_is_over():
    state = play_random(2, 3)
    assert state.is_terminal() and state.legal_actions() == [] and state.current_player() is None
    assert_refused(state, A.bet(3), "error.game_over")


def test_every_illegal_small_int_is_refused_in_every_phase():
    """Sweep: whatever the phase, an int outside legal_actions() is refused, state unchanged."""
    phases = set()

    def hook(state):
        if state.is_terminal() or state.phase in phases:
            return
        phases.add(state.phase)
        legal = set(state.legal_actions())
        for a in range(-3, 440):
            if a not in legal:
                assert_refused(state, a)
    play_random(3, 2024, hook=hook)
    play_random(2, 7, hook=hook)
    assert {Phase.DRAW, Phase.BET, Phase.REINFORCE_START, Phase.REINFORCE_JOIN} <= phases


# ------------------------------------------------------------------------ PositionError
def base_position():
    return position(round=3, phase="bet", revealed=["I", "II", "III"], built={"I": [0], "II": [0]},
                    seats=[seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4]),
                           seat(hand=[0, 1, 2], up=[3, 3, 4], down=[4])])


def test_base_position_is_legal_and_round_trips():
    data = base_position()
    state = build(data)
    assert MidiState.from_dict(state.to_dict()).to_dict() == state.to_dict()


def bad(change, *fragments: str, data: dict | None = None) -> None:
    """``change`` makes the position (``base_position()`` by default) one play cannot reach:
    it is refused with a message holding every fragment (the field it names), and no state
    is built."""
    data = copy.deepcopy(data or base_position())
    change(data)
    built = None
    with pytest.raises(PositionError) as info:
        built = build(data)
    assert built is None
    msg = str(info.value)
    assert isinstance(info.value, RecordError)  # a PositionError is a kind of RecordError
    assert msg.startswith("not a legal Canal du Midi position")
    for f in fragments:
        assert f in msg, f"{f!r} not in {msg!r}"


def test_missing_card():
    bad(lambda d: d["seats"][0]["hand"].pop(), "missing [")


def test_extra_card():
    bad(lambda d: d["seats"][1]["hand"].append(6), "extra [6]")


def test_duplicated_site():
    def dup(d):
        d["sites"]["revealed"] = ["I", "II", "II"]
    bad(dup, "once")


def test_site_in_deck_and_revealed():
    bad(lambda d: d["sites"]["deck"].append("I"), "once")


def test_unknown_site():
    bad(lambda d: d["sites"]["revealed"].__setitem__(0, "X"), "site ids")


def test_hand_too_large():
    def four(d):
        d["seats"][0]["hand"].append(d["seats"][0]["face_down"].pop())
    bad(four)


def test_too_few_face_up_while_face_down_remain():
    def move(d):
        s = d["seats"][0]
        s["face_down"].append(s["face_up"].pop())
    bad(move, "face-up")


def test_wrong_card_count_for_the_round():
    bad(lambda d: d.update(round=4, sites=dict(d["sites"], revealed=["I", "II", "III", "IV"],
                                                  deck=[x for x in SITES if x not in ("I", "II", "III", "IV")],
                                                  built={"I": [0], "II": [0], "III": [1]})), "holds")


def test_wrong_format_and_version():
    bad(lambda d: d.update(format="chess"), "format")
    bad(lambda d: d.update(version=2), "version")


@pytest.mark.parametrize("players", [1, 5, "2", None, True])
def test_bad_player_count(players):
    bad(lambda d: d.update(players=players), "players")


def test_bad_phase():
    bad(lambda d: d.update(phase="lunch"), "phase")


def test_bad_lead():
    bad(lambda d: d.update(lead=2), "lead")


def test_wrong_queue():
    bad(lambda d: d.update(queue=[1, 0]), "turn order")
    bad(lambda d: d.update(queue=[0, 0]), "distinct")


def test_seat_not_a_list():
    bad(lambda d: d.update(seats={"0": {}}), "seats")


def test_card_values_must_be_ints():
    bad(lambda d: d["seats"][0].update(hand=[6, 0, "1"]), "card values")


def test_coins_beyond_the_supply():
    def many(d):
        d["seats"][0]["coins"] = 8
        d["spent"] = 8
    bad(many, "coins")


# ---- positions only play can reach: coins (M-R4, M-R5, M-R6), pawns (M-R11), the count and
# the trade of the round in play (step D, M-R7)
def round_one():
    """Round 1, step C, 2 players: everything dealt, the set-up coins in hand."""
    return position(round=1, phase="bet", revealed=["VIII"],
                    seats=[seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4, 4, 5], coins=2),
                           seat(hand=[4, 0, 1], up=[2, 3, 3], down=[4, 5, 6], coins=2)])


def trade_position():
    """Round 2, step G, 2 players: seat 0 won V (6 against 5) and holds II, another tent site."""
    return position(round=2, phase="trade", queue=[0], revealed=["II", "V"], built={"II": [0], "V": [0]},
                    seats=[seat(hand=[0, 1], up=[2, 3, 4], down=[3, 4], coins=1),
                           seat(hand=[0, 1], up=[2, 3, 3], down=[4, 4], coins=1)], bets=[6, 5])


def join_position(players=3, reinforcers=(0,), queue=(1, 2)):
    """Round 2, step E: every seat bet 6; the starter and those who joined spent a coin."""
    seats = [seat(bet=6, hand=[5, 4], up=[4, 3, 3], down=[2, 1], coins=1) for _ in range(players)]
    return position(players=players, round=2, phase="reinforce_join", revealed=["I", "VI"], delayed=["I"],
                    seats=seats, discard=[0] * players, reinforcers=list(reinforcers), queue=list(queue))


def test_reachable_bases_load():
    assert build(round_one()).bank == 8
    assert build(trade_position()).current_player() == 0
    assert build(join_position()).current_player() == 1
    assert build(join_position(4, (0, 1, 2), [3])).spent == 4


def test_round_one_without_the_set_up_coins():
    """Nothing spent in round 1: each seat holds its 2 set-up coins, no more, no fewer."""
    def none(d):
        for s in d["seats"]:
            s["coins"] = 0
    bad(none, "seats[0].coins is 0", "must have spent 2", "at most 0 by now", data=round_one())

    def six(d):
        for s in d["seats"]:
            s["coins"] = 6
    bad(six, "seats[0].coins is 6", "connect no city pair", data=round_one())


def test_more_than_one_coin_a_round():
    """M-R4: round 1 with both coins of a seat spent."""
    def spent_two(d):
        d["seats"][0]["coins"] = 0
        d["spent"] = 2
    bad(spent_two, "seats[0].coins is 0", "must have spent 2", "one coin a round", data=round_one())


def test_coins_without_a_city_pair():
    """Seat 1 holds a coin more than it started with, but connects no city pair (M-R6)."""
    def more(d):
        d["seats"][1]["coins"] = 3
        d["spent"] = 3
    bad(more, "seats[1].coins is 3", "at most 2", data=round_one())


def test_connected_city_pair_never_paid():
    """M-R6: seat 0's pawns connect I and III while the bank had coins: it was paid one."""
    data = position(round=4, phase="bet", revealed=["I", "II", "III", "IV"], built={"I": [0], "II": [0], "III": [1]},
                    seats=[seat(hand=[6, 0, 1], up=[2, 3, 3]), seat(hand=[0, 1, 2], up=[3, 3, 4])])
    assert build(data).spent == 4
    bad(lambda d: d["sites"]["built"].update(III=[0]), "spent is 4", "must be 5", "1 city pair", "M-R6", data=data)


def test_empty_bank_without_the_city_pairs_to_empty_it():
    """4 players: the bank of 4 is empty only after 4 coins were paid for city pairs (M-R6)."""
    others = [seat(hand=[4, 0, 1], up=[2, 3, 3]), seat(hand=[2, 0, 1], up=[3, 3, 4]), seat(hand=[1, 0, 2], up=[3, 3,
                                                                                                               4])]
    data = position(players=4, round=4, phase="bet", revealed=["III", "IV", "I", "II"],
                    built={"III": [0, 1, 2, 3], "IV": [0, 1, 2, 3], "I": [0]},
                    seats=[seat(hand=[6, 0, 1], up=[2, 3, 3]), *others])
    assert build(data).bank == 0
    bad(lambda d: d["sites"]["built"].update(III=[0, 1], IV=[0, 1]), "spent is 12", "from 8 to 10", data=data)


def test_built_site_without_a_pawn_while_pawns_are_left():
    bad(lambda d: d["sites"]["built"].update(I=[]), "sites.built.I lists no seat", "M-R11")


def test_reinforcers_in_the_order_coins_were_spent():
    bad(lambda d: d.update(reinforcers=[0, 2, 1]), "reinforcers must list the starter", "M-R4",
        data=join_position(4, (0, 1, 2), [3]))


def test_join_answers_clockwise_from_the_starter():
    """Seat 2 cannot have answered before seat 1, clockwise from the starter 0 (M-R4)."""
    bad(lambda d: d.update(queue=[1]), "queue: after the starter", "M-R4", data=join_position())


def test_bets_only_from_the_reveal_to_the_end_of_the_round():
    bad(lambda d: d.update(bets=[6, 4]), "bets are only known", data=round_one())
    bad(lambda d: d.update(bets=[6, 6, 5]), "bets must be the seats' bets", data=join_position())


def test_trade_needs_another_tent_site():
    bad(lambda d: d["sites"].update(built={"V": [0]}, delayed=["II"]), "queue: seat 0 holds no other tent site",
        "M-R7", data=trade_position())


def test_trade_bets_that_could_not_build_the_site():
    bad(lambda d: d.update(bets=[1, 0], discard=[0, 0, 1, 1], seats=[
        dict(d["seats"][0], hand=[5, 6]), dict(d["seats"][1], hand=[5, 6])]),
        "bets: the values [1, 0] add up to 1", "threshold", data=trade_position())


def test_trade_bets_that_gave_the_site_to_another_seat():
    bad(lambda d: d.update(bets=[5, 6]), "bets: with the values [5, 6], site V goes to seats [1]",
        "sites.built.V lists [0]", data=trade_position())


def test_trade_bets_not_in_the_discard():
    bad(lambda d: d.update(bets=[6, 4]), "bets: the cards bet this round ([6, 4])", data=trade_position())


def test_reinforcement_without_a_coin_spent():
    def drawn(d):
        d["seats"][1]["reinforcement"] = 5
        d["discard"].remove(5)
    bad(drawn, "seats[1].reinforcement", "spent no coin", data=trade_position())


def test_reinforcement_missing_while_the_discard_held_cards():
    data = trade_position()
    data["reinforcers"] = [0]
    data["seats"][0]["reinforcement"] = 5
    data["discard"].remove(5)
    assert build(data).reinf[0] >= 0

    def undrawn(d):
        d["seats"][0]["reinforcement"] = None
        d["discard"].append(5)
    bad(undrawn, "seats[0].reinforcement is missing", "M-R4", data=data)


def test_trade_in_turn_order():
    data = trade_position()
    data["sites"]["built"] = {"II": [0, 1], "V": [0, 1]}
    data["bets"] = [6, 6]
    data["seats"][1] = seat(hand=[0, 1], up=[2, 3, 3], down=[4, 5], coins=1)
    data["discard"] = [4, 5, 6, 6]
    data["lead"] = 1
    data["queue"] = [1, 0]
    assert build(data).current_player() == 1
    bad(lambda d: d.update(queue=[0, 1]), "queue: the seats due a trade decide in turn order", data=data)


def test_nobody_asked_to_trade_with_nothing_to_trade():
    """M-R12: seat 1 has nothing in front of it and no hand card: seat 0 cannot trade."""
    data = position(round=9, phase="trade", queue=[0], revealed=[*SITES[:4], *SITES[5:], "V"],
                    built={"II": [0], "V": [0]}, delayed=[x for x in SITES if x not in ("II", "V")],
                    seats=[seat(), seat()], bets=[6, 5], spent=4)
    bad(lambda d: None, "queue: seat 0 has nothing to trade", "M-R12", data=data)


def test_bet_outside_step_c():
    def bet_in_draw(d):
        d.update(phase="draw")
    bad(bet_in_draw)


def test_not_a_dict():
    with pytest.raises(PositionError):
        MidiState.from_dict([1, 2, 3])


def test_refused_position_is_not_half_built():
    """A refused position raises; no state escapes (and a good one still loads after)."""
    bad(lambda d: d["seats"][0]["hand"].pop())
    assert build(base_position()).round == 3


def test_legal_position_then_bets_work():
    state = build(base_position())
    bet_all(state, {0: 6, 1: 0})
    assert state.round == 4
