"""M-R15: a face-up swap of two equal values changes nothing, so it is never offered; records
saved before M-R15 still replay (issue 13, item 6)."""

from __future__ import annotations

import random

import pytest
from midi_helpers import SITES, bet_all, build, decline_all, events, game_for, position, seat

from canal_heritage.core.errors import IllegalActionError
from canal_heritage.midi import actions as A
from canal_heritage.midi.record import GameRecord, record_of, replay
from canal_heritage.midi.state import MidiGame, MidiState, Phase

G = game_for(2)
T1, T2 = [sid for sid, t in zip(SITES, G.tent, strict=True) if t][:2]


def trade_position(up0: list[int], up1: list[int]) -> MidiState:
    """Seat 0 wins its second tent site (round 2) and is due a trade (M-R7)."""
    state = build(position(round=2, phase="bet", revealed=[T1, T2], built={T1: [0]}, delayed=[],
                           seats=[seat(hand=[6, 0, 1], up=up0, down=[3, 4], coins=1),
                                  seat(hand=[5, 0, 1], up=up1, down=[4, 4], coins=1)]))
    bet_all(state, {0: 6, 1: 5})
    decline_all(state)
    return state


def test_equal_swaps_are_never_offered():
    state = trade_position([2, 3, 4], [2, 3, 3])
    assert state.phase == Phase.TRADE
    ups = [A.decode(a) for a in state.legal_actions() if A.decode(a).trade == "up"]
    assert ups and all(d.value != d.take for d in ups)
    assert {(d.value, d.take) for d in ups} == {(2, 3), (3, 2), (4, 2), (4, 3)}


def test_an_equal_swap_is_refused_with_its_reason():
    state = trade_position([2, 3, 4], [2, 3, 3])
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(A.trade_up(3, 1, 3))
    assert info.value.key == "error.trade_changes_nothing"
    assert info.value.args_["ruling"] == "M-R15"


def test_a_seat_with_only_equal_swaps_is_not_asked():
    """M-R15 with M-R12: every face-up swap would be of equal values: nothing to trade."""
    others = [x for x in SITES if x not in (T1, T2)][:4]
    state = build(position(round=6, phase="bet", revealed=[T1, *others, T2], built={T1: [0]}, delayed=others,
                           seats=[seat(hand=[6, 0, 1], up=[3]), seat(hand=[5, 0, 1], up=[3])]))
    bet_all(state, {0: 6, 1: 5})
    decline_all(state)
    assert state.phase != Phase.TRADE
    assert events(state, "midi.trade_unavailable") == [{"player": 0, "ruling": "M-R15"}]


def random_game(players: int, seed: int, *, pass_at: int | None = None) -> MidiState:
    """A whole game of random decisions (the decision ``pass_at``, a trade, is a pass)."""
    state = MidiGame(players).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        choice = rng.choice(legal)
        state.apply_action(A.TRADE_PASS if len(state.history) == pass_at else choice)
    return state


def test_an_old_record_with_an_equal_swap_replays():
    """Before M-R15 a record could hold ``trade up give=1 seat=0 take=1``: it reads as a pass."""
    state = random_game(2, 0, pass_at=11)
    assert A.decode(state.history[11]) == A.decode(A.TRADE_PASS)
    rec = record_of(state)
    old = list(rec.decisions)
    old[11] = "trade up give=1 seat=0 take=1"  # seat 1 swapping its face-up 1 for seat 0's face-up 1
    replayed = replay(GameRecord(2, 0, rec.first, decisions=old, result=rec.result))
    assert replayed.history == state.history
    assert replayed.totals() == state.totals()


def test_an_old_record_asking_a_seat_that_m_r15_skips_replays():
    """Before M-R15 a seat whose only swaps were of equal values was asked (and passed, or made
    such a swap); that decision is left out when the record is read."""
    state = random_game(2, 43)
    at = next(i for i in range(len(state.history) + 1)
              if any(e.key == "midi.trade_unavailable" and e.args["ruling"] == "M-R15"
                     for e in replay(GameRecord(2, 43, state.first,
                                                decisions=record_of(state).decisions[:i])).events or []))
    rec = record_of(state)
    for extra in ("trade pass", "trade up give=0 seat=0 take=0"):
        old = rec.decisions[:at] + [extra] + rec.decisions[at:]
        replayed = replay(GameRecord(2, 43, rec.first, decisions=old, result=rec.result))
        assert replayed.history == state.history
        assert replayed.totals() == state.totals()
    # a decision that is not "nothing" there is still refused
    bad = rec.decisions[:at] + ["trade up give=2 seat=0 take=5"] + rec.decisions[at:]
    with pytest.raises(Exception):  # noqa: B017 (RecordError, whatever decision it trips on)
        replay(GameRecord(2, 43, rec.first, decisions=bad, result=rec.result))
