"""Step E, reinforcements (M-R4), and what happens to coins (M-R5)."""

from __future__ import annotations

from midi_helpers import bet_all, build, event_keys, events, game_for, position, seat, values

from canal_heritage.midi import actions as A
from canal_heritage.midi.state import Phase


def window(coins, lead=0, players=3):
    """Round 2, after the bets (all 6): every seat may be asked; the discard holds only the
    0s played in round 1. Round 3 (the 1s played too) if a seat has no coin left: it spent
    its two set-up coins in rounds 1 and 2 (M-R4)."""
    if 0 in coins:
        seats = [seat(bet=6, hand=[5, 4], up=[4, 3, 3], down=[2], coins=c) for c in coins]
        return position(players=players, round=3, phase="reinforce_start", lead=lead,
                        revealed=["I", "II", "VI"], delayed=["I", "II"], seats=seats, discard=[0, 1] * players)
    seats = [seat(bet=6, hand=[5, 4], up=[4, 3, 3], down=[2, 1], coins=c) for c in coins]
    return position(players=players, round=2, phase="reinforce_start", lead=lead,
                    revealed=["I", "VI"], delayed=["I"], seats=seats, discard=[0] * players)


def who_decides(state, answers):
    """Apply answers (REINFORCE / DECLINE) one by one; return who was asked, in order."""
    asked = []
    for a in answers:
        asked.append((state.current_player(), state.phase))
        state.apply_action(a)
    return asked


def test_window_opens_after_the_bets_for_coin_holders_in_turn_order():
    """M-R4: players are asked in turn, clockwise from the lead; only coin holders."""
    state = build(window([1, 0, 2], lead=2))
    assert state.phase == Phase.REINFORCE_START
    assert list(state.queue) == [2, 0]
    assert state.legal_actions() == [A.DECLINE, A.REINFORCE]


def test_first_yes_ends_the_asking_and_others_answer_once_clockwise_from_the_starter():
    """M-R4: the first yes starts reinforcements; every other coin holder then answers
    once, clockwise from the starter (including one who declined to start)."""
    state = build(window([1, 1, 1], lead=1))
    asked = who_decides(state, [A.DECLINE, A.REINFORCE])  # seat 1 no, seat 2 starts
    assert asked == [(1, Phase.REINFORCE_START), (2, Phase.REINFORCE_START)]
    assert state.phase == Phase.REINFORCE_JOIN
    assert list(state.queue) == [0, 1]
    asked = who_decides(state, [A.REINFORCE, A.DECLINE])
    assert asked == [(0, Phase.REINFORCE_JOIN), (1, Phase.REINFORCE_JOIN)]
    assert state.round == 3, "the window closes once everyone answered"
    assert [e["player"] for e in events(state, "midi.reinforcement_drawn")] == [2, 0]
    assert list(state.coins) == [0, 1, 0] and state.spent == 3 + 2  # one each in round 1, two now


def test_starter_first_seat_skips_the_others_start_question():
    state = build(window([2, 2, 2], lead=0))
    asked = who_decides(state, [A.REINFORCE, A.DECLINE, A.DECLINE])
    assert asked == [(0, Phase.REINFORCE_START), (1, Phase.REINFORCE_JOIN), (2, Phase.REINFORCE_JOIN)]
    assert events(state, "midi.reinforcement_started") == [{"player": 0, "ruling": "M-R4"}]


def test_join_question_skips_players_without_a_coin():
    state = build(window([1, 0, 2], lead=0))
    state.apply_action(A.REINFORCE)
    assert state.phase == Phase.REINFORCE_JOIN
    assert list(state.queue) == [2]


def test_nobody_asked_when_nobody_holds_a_coin():
    """M-R4: without a coin at the table (all spent in rounds 1 and 2), the bets are counted at once."""
    seats = [seat(hand=[6, 5, 4], up=[4, 3, 3], down=[2]) for _ in range(3)]
    state = build(position(players=3, round=3, phase="bet", revealed=["I", "II", "VI"], delayed=["I", "II"],
                           seats=seats, discard=[0, 0, 0, 1, 1, 1]))
    bet_all(state, {0: 6, 1: 6, 2: 5})
    assert state.round == 4
    keys = event_keys(state)
    assert not [k for k in keys if k.startswith("midi.reinforcement")]
    assert keys.index("midi.bets_revealed") + 1 == keys.index("midi.site_built")


def test_all_decline_means_no_reinforcement():
    state = build(window([1, 1, 1]))
    who_decides(state, [A.DECLINE] * 3)
    assert state.round == 3
    assert list(state.coins) == [1, 1, 1] and state.spent == 3  # one each in round 1
    built = events(state, "midi.site_built")[-1]
    assert built["values"] == [6, 6, 6]


def test_at_most_one_coin_per_player_per_round():
    """M-R4: a player spends at most one coin per round, however many they hold."""
    state = build(window([2, 2, 2], lead=0))
    asked = who_decides(state, [A.REINFORCE, A.REINFORCE, A.REINFORCE])
    assert [p for p, _ in asked] == [0, 1, 2]
    assert state.round == 3
    assert list(state.coins) == [1, 1, 1] and state.spent == 3


def test_draws_happen_in_the_order_coins_were_spent():
    """M-R4: draws in spend order, starter first."""
    state = build(window([1, 1, 1], lead=0))
    who_decides(state, [A.DECLINE, A.REINFORCE, A.REINFORCE, A.REINFORCE])  # 0 no; 1 starts; 2, 0 join
    assert [e["player"] for e in events(state, "midi.reinforcement_drawn")] == [1, 2, 0]


def test_current_round_played_cards_are_not_in_the_discard_during_the_draw():
    """M-R4: the discard holds only earlier rounds' cards (three 0s), never this round's 6s."""
    for seed in range(30):
        state = build(window([1, 1, 1]), seed=seed)
        who_decides(state, [A.REINFORCE, A.REINFORCE, A.REINFORCE])
        drawn = [e["value"] for e in events(state, "midi.reinforcement_drawn")]
        assert drawn == [0, 0, 0]
        assert events(state, "midi.site_built")[-1]["values"] == [6, 6, 6]


def test_drawn_cards_return_to_the_discard_at_the_end_of_the_round():
    """M-R4: a drawn card goes back to the discard pile at the end of the round."""
    state = build(window([1, 1, 1]))
    who_decides(state, [A.REINFORCE, A.REINFORCE, A.DECLINE])
    assert state.round == 3
    assert values(state, state.discard) == [0, 0, 0, 6, 6, 6]
    assert list(state.reinf) == [-1, -1, -1]
    assert list(state.reinforcers) == []


def reinforce_position():
    """Round 2, 2 players: seat 0 bet 1, seat 1 bet 3; the discard holds the two 6s."""
    return position(round=2, phase="reinforce_start", revealed=["I", "VI"], delayed=["I"],
                    seats=[seat(bet=1, hand=[0, 2], up=[3, 3, 4], down=[4, 5], coins=1),
                           seat(bet=3, hand=[0, 1], up=[2, 3, 4], down=[4, 5], coins=1)])


def test_reinforcement_adds_the_drawn_value_to_the_played_card():
    """Step E: the drawn card's points are added to the played card and can win the site."""
    state = build(reinforce_position())
    assert values(state, state.discard) == [6, 6]
    assert list(state.queue) == [0, 1]
    state.apply_action(A.REINFORCE)
    state.apply_action(A.DECLINE)  # seat 1 does not join
    assert events(state, "midi.reinforcement_drawn") == [{"player": 0, "value": 6}]
    built = events(state, "midi.site_built")[-1]
    assert built["values"] == [7, 3] and built["total"] == 10 and built["winners"] == [0]
    assert state.pawns[state.game.site_index("VI")] == 0b01


def test_empty_discard_gives_nothing_and_the_coin_is_spent():
    """M-R4: an empty discard pile gives nothing and the coin is spent anyway."""
    state = build(position(round=1, phase="reinforce_start", revealed=["VIII"],
                           seats=[seat(bet=6, hand=[5, 4], up=[4, 3, 3], down=[2, 1, 0], coins=2)] * 2))
    assert state.discard == []
    who_decides(state, [A.REINFORCE, A.DECLINE])
    assert events(state, "midi.reinforcement_empty") == [{"player": 0, "ruling": "M-R4"}]
    assert events(state, "midi.reinforcement_drawn") == []
    assert list(state.coins) == [1, 2] and state.spent == 1
    assert events(state, "midi.site_built")[-1]["values"] == [6, 6]


def test_spent_coins_leave_the_game():
    """M-R5: a spent coin does not go back to the bank."""
    state = build(window([2, 1, 1]))
    bank = state.bank
    who_decides(state, [A.REINFORCE, A.REINFORCE, A.REINFORCE])
    assert state.bank == bank
    assert state.spent == 2 + 3  # two seats spent one in round 1
    assert sum(state.coins) + state.bank + state.spent == 12


def test_reinforcement_events_name_the_ruling():
    state = build(window([1, 1, 0]))
    who_decides(state, [A.REINFORCE, A.REINFORCE])
    assert events(state, "midi.reinforcement_joined") == [{"player": 1, "ruling": "M-R4"}]


def test_setup_coins_open_the_window_in_round_one():
    state = game_for(2).new_initial_state(0)
    # set-up coins are usable in round 1 already: the window opens after the bets
    while state.phase == Phase.BET:
        state.apply_action(state.legal_actions()[0])
    assert state.phase == Phase.REINFORCE_START
