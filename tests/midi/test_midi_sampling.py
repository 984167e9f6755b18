"""``MidiState.sample_action``: the random playout's draw, the same name as Arriala's (issue 16)."""

from __future__ import annotations

import random

import pytest

from canal_heritage.midi import MidiGame


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_drawn_game_plays_legal_actions_to_the_end_and_then_has_none(players):
    state = MidiGame(players).new_initial_state(7, log=False)
    rng, same = random.Random(3), random.Random(3)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = state.sample_action(rng)
        assert action == same.choice(legal)  # exactly rng.choice over the list
        state.apply_action(action)
    with pytest.raises(ValueError, match="over"):
        state.sample_action(rng)
