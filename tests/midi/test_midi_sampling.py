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
        assert action == legal[int(same.random() * len(legal))]  # one draw from the list
        state.apply_action(action)
    with pytest.raises(ValueError, match="over"):
        state.sample_action(rng)


def test_the_draw_gives_each_legal_action_the_same_chance():
    state = MidiGame(3).new_initial_state(2, log=False)
    while len(state.legal_actions()) < 3:
        state.apply_action(state.legal_actions()[0])
    legal = state.legal_actions()
    rng = random.Random(11)
    draws = 30_000
    counts = dict.fromkeys(legal, 0)
    for _ in range(draws):
        counts[state.sample_action(rng)] += 1
    expected = draws / len(legal)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 25  # chi-square with at most 6 degrees of freedom: far beyond p = 0.001 would fail
