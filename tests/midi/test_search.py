"""The information-set tree search (issue 29, item 4): legal, reproducible, sees only what its
seat sees, and finds the move a position built by hand calls for."""

from __future__ import annotations

import random

import pytest
from midi_helpers import build, position, seat
from test_review_midi import last_round

from canal_heritage.midi import MidiGame
from canal_heritage.midi import actions as A
from canal_heritage.midi.search import InfoSetSearch


def test_it_finds_the_only_bet_that_wins_the_site():
    obs = last_round(seat(hand=[1, 2])).observation(0)
    move = InfoSetSearch(random.Random(1), time_limit=None, iterations=400).choose(obs)
    assert move.action == A.bet(6)
    assert move.args["worlds"] == 400 and move.args["options"] == 2


def test_it_plays_legal_moves_to_the_end_and_is_reproducible():
    game = MidiGame(3)

    def play(seed: int) -> list[int]:
        state = game.new_initial_state(seed)
        bots = [InfoSetSearch(random.Random(p), time_limit=None, iterations=30, game=game) for p in range(3)]
        while not state.is_terminal():
            p = state.current_player()
            move = bots[p].choose(state.observation(p))
            assert move.action in state.legal_actions()
            state.apply_action(move.action)
        return state.history

    assert play(5) == play(5)


def test_what_it_cannot_see_changes_nothing():
    """Two tables that look the same to seat 0 (the other's hand and face-down card swapped)."""
    def table(opponent):
        return build(position(round=3, phase="bet", revealed=["I", "III", "II"], built={"I": [0], "III": [1]},
                              seats=[seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4]), opponent]))

    one = table(seat(hand=[1, 2, 3], up=[3, 4, 4], down=[5])).observation(0)
    two = table(seat(hand=[1, 2, 5], up=[3, 4, 4], down=[3])).observation(0)
    a = InfoSetSearch(random.Random(3), time_limit=None, iterations=150).choose(one)
    b = InfoSetSearch(random.Random(3), time_limit=None, iterations=150).choose(two)
    assert a == b


def test_it_needs_a_limit():
    with pytest.raises(ValueError, match="time limit"):
        InfoSetSearch(time_limit=None, iterations=None)
