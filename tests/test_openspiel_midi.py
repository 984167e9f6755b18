"""Canal du Midi as an OpenSpiel game (issue 16): OpenSpiel's own consistency checks, the
serialisation round trip, the engine's chance made explicit, and information from
observations only."""

from __future__ import annotations

import random

import pyspiel
import pytest
from openspiel_helpers import play_to

import canal_heritage.openspiel  # noqa: F401  (registers the games)
from canal_heritage.midi import MidiGame

NAME = "canal_heritage_midi"


def load(players: int):
    return pyspiel.load_game(NAME, {"players": players})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiel_random_simulation_test_with_serialisation(players):
    pyspiel.random_sim_test(load(players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 4])
def test_a_state_serialised_and_read_back_is_the_same_state(players):
    game = load(players)
    rng = random.Random(players)
    for steps in (0, 20, 60, 150, 400):
        state = play_to(game, rng, steps)
        game2, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert back.history() == state.history() and str(back) == str(state)
        if not state.is_terminal() and not state.is_chance_node():
            assert back.legal_actions() == state.legal_actions()
            for p in range(players):
                assert back.information_state_string(p) == state.information_state_string(p)
                assert back.observation_tensor(p) == state.observation_tensor(p)


def test_every_draw_of_the_engine_is_a_chance_node_and_the_game_is_the_engines():
    """The set-up is chance's (shuffles, the lead); a game played through the adapter is a game
    of our engine: the same decisions replayed on a state dealt the same way agree."""
    game = load(3)
    state = game.new_initial_state()
    setup = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert pytest.approx(sum(p for _, p in outcomes)) == 1.0
        state.apply_action(outcomes[-1][0])
        setup += 1
    assert setup >= 3 * 8 + 8 + 1  # three 9-card shuffles, the 9 sites, the lead
    rng = random.Random(4)
    drawn = 0
    while not state.is_terminal():
        if state.is_chance_node():
            drawn += 1
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            assert state.legal_actions() == sorted(state.s.legal_actions())
            state.apply_action(rng.choice(state.legal_actions()))
    assert drawn > 0  # face-down cards, reinforcements…
    assert state.s.is_terminal() and state.s.score_sheet().final
    assert isinstance(state.s.game, MidiGame) and sum(state.returns()) in (0.0, pytest.approx(1.0))


def test_what_a_player_sees_holds_no_card_of_the_others():
    game = load(3)
    rng = random.Random(9)
    checked = changed = 0
    for steps in range(40, 400, 13):
        state = play_to(game, rng, steps)
        if state.is_terminal() or state.is_chance_node():
            continue
        for p in range(3):
            other = state.resampled(p, random.Random(steps + p))
            assert other.observation_string(p) == state.observation_string(p)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            if state.current_player() == p:
                assert other.legal_actions() == state.legal_actions()
            checked += 1
            changed += any(sorted(other.s.hand[q]) != sorted(state.s.hand[q]) for q in range(3) if q != p)
    assert checked >= 9 and changed, "the hidden cards are dealt again"


def test_a_resampled_world_plays_on_and_everyone_in_it_can_observe():
    """Information-set search plays on in sampled worlds: every player's view stays defined
    there (the others see the sampled position from its start), for many steps."""
    game = load(3)
    rng = random.Random(12)
    state = play_to(game, rng, 90)
    while state.is_chance_node() or state.is_terminal():
        state = play_to(game, rng, 90)
    world = state.resampled(state.current_player(), random.Random(1))
    for _ in range(60):
        if world.is_terminal():
            break
        for p in range(3):
            assert world.observation_string(p) and len(world.observation_tensor(p)) > 0
        if world.is_chance_node():
            outcomes, probs = zip(*world.chance_outcomes(), strict=True)
            world.apply_action(rng.choices(outcomes, probs)[0])
        else:
            world.apply_action(rng.choice(world.legal_actions()))
