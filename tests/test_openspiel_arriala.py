"""Arriala as an OpenSpiel game (issue 16): OpenSpiel's own consistency checks, the
serialisation round trip, explicit chance, and information built from observations only."""

from __future__ import annotations

import random

import pyspiel
import pytest
from openspiel_helpers import play_to

import canal_heritage.openspiel  # noqa: F401  (registers the games)
from canal_heritage.arriala import actions as A

NAME = "canal_heritage_arriala"


def load(players: int):
    return pyspiel.load_game(NAME, {"players": players})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiel_random_simulation_test_with_serialisation(players):
    pyspiel.random_sim_test(load(players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("players", [2, 4])
def test_a_state_serialised_and_read_back_is_the_same_state(players):
    game = load(players)
    rng = random.Random(players)
    for steps in (0, 5, 30, 120, 400):
        state = play_to(game, rng, steps)
        text = pyspiel.serialize_game_and_state(game, state)
        game2, back = pyspiel.deserialize_game_and_state(text)
        assert back.history() == state.history() and str(back) == str(state)
        assert back.is_terminal() == state.is_terminal()
        if not state.is_terminal() and not state.is_chance_node():
            assert back.legal_actions() == state.legal_actions()
            for p in range(players):
                assert back.information_state_string(p) == state.information_state_string(p)
                assert back.observation_tensor(p) == state.observation_tensor(p)


def test_chance_deals_the_deck_then_draws_the_first_player_then_each_card_drawn():
    game = load(2)
    state = game.new_initial_state()
    deck = sum(state.s.game.deck_counts)
    first = state.chance_outcomes()
    assert pytest.approx(sum(p for _, p in first)) == 1.0
    assert dict(first)[1] == pytest.approx(state.s.game.deck_counts[1] / deck)
    hand = state.s.game.rules.starting_hand
    for _ in range(2 * hand):
        assert state.is_chance_node()
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]  # the first player (A-R9)
    state.apply_action(1)
    assert state.current_player() == 1 and sum(state.s.hand[0]) == sum(state.s.hand[1]) == hand
    assert A.DRAW in state.legal_actions()
    left = list(state.s.deck)
    state.apply_action(A.DRAW)
    assert state.is_chance_node()  # the card drawn is chance's
    outcomes = dict(state.chance_outcomes())
    k = max(outcomes, key=outcomes.get)
    assert outcomes[k] == pytest.approx(left.count(k) / len(left))
    before = state.s.hand[1][k]
    state.apply_action(k)
    assert state.s.hand[1][k] == before + 1 and state.current_player() == 1 and state.s.ap == 3


def test_what_a_player_sees_holds_no_card_of_the_others():
    game = load(3)
    rng = random.Random(5)
    checked = changed = 0
    for steps in range(20, 400, 37):
        state = play_to(game, rng, steps)
        if state.is_terminal() or state.is_chance_node():
            continue
        for p in range(3):
            other = state.resampled(p, random.Random(steps + p))  # the cards p cannot see, dealt again
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.s.hand[p] == state.s.hand[p]
            if state.current_player() == p:
                assert other.legal_actions() == state.legal_actions()
            checked += 1
            changed += any(other.s.hand[q] != state.s.hand[q] for q in range(3) if q != p)
        ids = state.s.game.card_ids
        mine = state.information_state_string(0)
        for seat in (1, 2):  # the others' deals and draws are "?" in seat 0's information state
            assert f"deal{seat}:?" in mine
            assert not any(f"deal{seat}:{ids[k]}" in mine for k in range(len(ids)))
    assert checked >= 12 and changed, "the hidden cards are dealt again"


@pytest.mark.parametrize("players", [2, 4])
def test_the_returns_share_the_win(players):
    game = load(players)
    state = play_to(game, random.Random(11), 10_000)
    assert state.is_terminal()
    winners = state.s.winners
    returns = state.returns()
    assert returns == [1 / len(winners) if p in winners else 0.0 for p in range(players)] if winners \
        else returns == [0.0] * players
    assert state.s.outcome() is not None
