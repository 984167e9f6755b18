"""Action ints, their typed view and their stable text form."""

from __future__ import annotations

import pytest
from midi_helpers import play_random

from canal_heritage.core.errors import IllegalActionError
from canal_heritage.midi import Action
from canal_heritage.midi import actions as A


def generated_actions() -> set[int]:
    """Every action the engine offered in a batch of random games."""
    seen: set[int] = set()

    def hook(state):
        seen.update(state.legal_actions())
    for players in (2, 3, 4):
        for seed in range(40):
            play_random(players, seed, hook=hook)
    return seen


GENERATED = sorted(generated_actions())


def test_the_engine_generates_every_kind_of_action():
    kinds = {(A.decode(a).kind, A.decode(a).trade) for a in GENERATED}
    assert kinds >= {("draw", None), ("bet", None), ("reinforce", None),
                     ("trade", "pass"), ("trade", "up"), ("trade", "hand")}


@pytest.mark.parametrize("action", GENERATED)
def test_generated_action_round_trips(action):
    text = A.to_text(action)
    assert A.from_text(text) == action
    assert A.encode(A.decode(action)) == action
    assert isinstance(A.decode(action), Action)


def test_every_decodable_int_round_trips():
    decodable = 0
    for a in range(-10, 1000):
        try:
            d = A.decode(a)
        except IllegalActionError as exc:
            assert exc.key == "error.not_an_action"
            continue
        decodable += 1
        assert A.encode(d) == a
        assert A.from_text(A.to_text(a)) == a
    assert decodable == 1 + 8 + 8 + 2 + 1 + 4 * 64 + 4 * 8


@pytest.mark.parametrize("action,text", [
    (A.DRAW_DOWN, "draw down"), (A.draw_up(3), "draw up 3"), (A.bet(6), "bet 6"),
    (A.bet(0), "bet 0"), (A.REINFORCE, "reinforce yes"), (A.DECLINE, "reinforce no"),
    (A.TRADE_PASS, "trade pass"), (A.trade_up(3, 2, 5), "trade up give=3 seat=2 take=5"),
    (A.trade_hand(4, 1), "trade hand give=4 seat=1"),
])
def test_stable_text(action, text):
    assert A.to_text(action) == text
    assert A.from_text(text) == action


def test_decode_fields():
    assert A.decode(A.trade_up(3, 2, 5)) == Action("trade", trade="up", seat=2, value=3, take=5)
    assert A.decode(A.trade_hand(4, 1)) == Action("trade", trade="hand", seat=1, value=4)
    assert A.decode(A.draw_up(2)) == Action("draw", face_up=True, value=2)
    assert A.decode(A.DRAW_DOWN) == Action("draw", face_up=False)
    assert A.decode(A.REINFORCE).yes and not A.decode(A.DECLINE).yes


@pytest.mark.parametrize("text", [
    "", " ", "bet", "bet x", "bet 8", "bet -1", "bet 3 4", "Bet 3", "draw", "draw sideways",
    "draw up", "draw up 9", "draw down 3", "reinforce", "reinforce maybe", "trade",
    "trade up give=3 seat=4 take=2", "trade up give=3 seat=1", "trade up 3 1 2",
    "trade hand give=3", "trade hand give=9 seat=1", "trade hand seat=1 give=3",
    "trade hand give=3 seat=1 take=2", "pass", "bet 100", "bet 3.0", "bet +3",
    "trade up give=3 seat=-1 take=2",
])
def test_garbage_text_is_rejected(text):
    with pytest.raises(IllegalActionError) as info:
        A.from_text(text)
    assert info.value.key == "error.not_an_action"


@pytest.mark.parametrize("text", [None, 13, b"bet 3", ["bet", "3"]])
def test_non_text_is_rejected(text):
    with pytest.raises(IllegalActionError):
        A.from_text(text)


@pytest.mark.parametrize("text", ["bet ٣", "draw up ３", "trade hand give=٤ seat=1"])
def test_non_ascii_digits_are_rejected(text):
    """Only the stable text form is read: a saved game's digits are ASCII."""
    with pytest.raises(IllegalActionError):
        A.from_text(text)


@pytest.mark.parametrize("text", ["bet 03", "draw up 05", "trade up give=03 seat=1 take=2"])
def test_non_canonical_numbers_are_rejected(text):
    """from_text reads the stable form that to_text writes, and nothing else."""
    with pytest.raises(IllegalActionError):
        A.from_text(text)


@pytest.mark.parametrize("bad", [None, "13", 13.0, True, -1, 1000])
def test_decode_rejects_non_actions(bad):
    with pytest.raises(IllegalActionError):
        A.decode(bad)
