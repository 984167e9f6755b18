"""``ArrialaState.sample_action``: one legal action drawn at random without listing them all
(issue 16). The exact check — the candidates hold each legal action once — runs in the property
tests after every action of random games; here, the draw itself."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from arriala_helpers import assert_refused, play_random

from canal_heritage.arriala import ArrialaGame
from canal_heritage.arriala import actions as A


def midgame(players: int, seed: int, steps: int):
    game = ArrialaGame(players)
    state = game.new_initial_state(seed, log=False)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    state._legal = None  # as if nobody had listed them
    return state


@pytest.mark.parametrize("players,seed,steps", [(2, 3, 0), (2, 5, 40), (4, 8, 60)])
def test_each_legal_action_is_drawn_as_often_as_the_others(players, seed, steps):
    state = midgame(players, seed, steps)
    legal = state.legal_actions()
    state._legal = None
    rng = random.Random(1)
    n = 200 * len(legal)
    seen = Counter()
    for _ in range(n):
        seen[state.sample_action(rng)] += 1
        assert state._legal is None, "drawing must not list the actions"
    assert set(seen) == set(legal)
    # chi-square with len(legal) - 1 degrees of freedom, against a bound far in the tail
    # (about 5 standard deviations above its mean): a wrong weight of even one block fails
    expected = n / len(legal)
    chi2 = sum((seen[a] - expected) ** 2 / expected for a in legal)
    df = len(legal) - 1
    assert chi2 < df + 5 * (2 * df) ** 0.5, (chi2, df)


def test_a_drawn_action_is_played_and_another_one_still_checked():
    state = midgame(3, 11, 20)
    rng = random.Random(2)
    drawn = state.sample_action(rng)
    assert drawn in state.legal_actions()
    other = next(a for a in range(A.MOVE, A.MOVE + 64 * 15) if a not in state.legal_actions())
    state._legal = None
    assert_refused(state, other)  # drawing one action is no licence for any other
    before = list(state.history)
    state.apply_action(drawn)
    assert state.history == [*before, drawn]


def test_drawing_after_listing_uses_the_list_and_a_finished_game_has_nothing_to_draw():
    state = midgame(2, 4, 10)
    legal = state.legal_actions()
    assert state.sample_action(random.Random(3)) == random.Random(3).choice(legal)
    over = play_random(2, 5, 6, draw=True, log=False)
    assert over.is_terminal()
    with pytest.raises(ValueError, match="over"):
        over.sample_action(random.Random(0))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_drawn_replay_through_the_checked_path(players):
    state = play_random(players, 21, 22, draw=True)
    again = state.game.new_initial_state(21)  # the test board (arriala_helpers.TEST_CELLS)
    for a in state.history:
        assert a in again.legal_actions()
        again.apply_action(a)
    assert again.to_dict() == state.to_dict() and again.points == state.points
