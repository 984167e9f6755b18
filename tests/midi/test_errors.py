"""Illegal actions leave the state untouched; bad positions are refused."""

from __future__ import annotations

import copy

import pytest

from midi_helpers import SITES, bet_all, build, game_for, log_json, play_random, position, seat

from canal_heritage.errors import IllegalActionError, PositionError, RecordError
from canal_heritage.midi import MidiState, actions as A
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
                           seats=[seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4, 4, 5]),
                                  seat(hand=[4, 0, 1], up=[2, 3, 3], down=[4, 5, 6])]))
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
                               seats=[seat(hand=[2, 1], up=[0, 3, 5], down=[3, 4, 4]),
                                      seat(hand=[6, 5], up=[4, 4, 3], down=[0, 1, 2])]))
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


def bad(change, *fragments: str) -> None:
    data = copy.deepcopy(base_position())
    change(data)
    with pytest.raises(PositionError) as info:
        build(data)
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
