"""What the OpenSpiel adapter tests share (``test_openspiel_arriala.py``, ``test_openspiel_midi.py``)."""

from __future__ import annotations

import random


def play_to(game, rng: random.Random, steps: int):
    """A state of ``game`` after up to ``steps`` random steps (chance by its probabilities)."""
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state
