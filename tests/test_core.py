"""One core for both games: the same names, the same outcome, neither game importing the other."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from canal_heritage.arriala import ArrialaGame
from canal_heritage.core import Outcome, Ranking, Termination
from canal_heritage.core.chance import copy_of, shuffle
from canal_heritage.core.game import Game, Observation, State
from canal_heritage.midi import MidiGame

GAMES = {"midi": MidiGame, "arriala": ArrialaGame}


def random_game(name: str, players: int, seed: int) -> tuple[Game, State]:
    game = GAMES[name](players)
    state = game.new_initial_state(seed, first=players - 1)
    rng = random.Random(seed)
    while not state.is_terminal():
        assert state.outcome() is None
        seat = state.current_player()
        obs: Observation = state.observation(seat)
        assert obs.to_move == seat and obs.player == seat and obs.players == players and obs.is_my_turn
        assert list(obs.legal_actions) == state.legal_actions()
        action = rng.choice(obs.legal_actions)
        assert game.action_from_text(game.action_to_text(action)) == action  # text both ways, on the game
        state.apply_action(action)
    return game, state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_games_speak_the_same_protocol_to_the_end(name, players):
    game, state = random_game(name, players, seed=players * 7)
    assert isinstance(game, Game) and isinstance(state, State)
    assert isinstance(state.observation(0), Observation)
    out = state.outcome()
    assert isinstance(out, Outcome)
    assert out.totals == tuple(state.totals()) == tuple(state.score_sheet().totals)
    assert out.winners == tuple(state.score_sheet().winners)
    assert out.ranking == state.score_sheet().ranking and isinstance(out.ranking, Ranking)
    assert isinstance(out.termination, Termination)
    ends = {"midi": {Termination.ROUNDS_PLAYED},
            "arriala": {Termination.LAST_SECTION, Termination.STALLED_QUIET, Termination.STALLED_ROUNDS}}
    assert out.termination in ends[name] and out.winners
    if len(out.winners) == 1:
        assert out.winner == out.winners[0]
        assert out.totals[out.winner] == max(out.totals)
    else:
        assert out.winner is None


@pytest.mark.parametrize("name", GAMES)
def test_the_first_player_is_chosen_the_same_way_in_both_games(name):
    game = GAMES[name](3)
    assert game.new_initial_state(4, first=2).current_player() == 2
    with pytest.raises(ValueError, match="first"):
        game.new_initial_state(4, first=3)


@pytest.mark.parametrize("one, other", [("midi", "arriala"), ("arriala", "midi")])
def test_neither_game_imports_the_other(one, other):
    code = (f"import sys, canal_heritage.{one}, canal_heritage.{one}.bots, canal_heritage.{one}.simulate, "
            f"canal_heritage.{one}.record, canal_heritage.{one}.narration; "
            f"print(any(m.startswith('canal_heritage.{other}') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


RECORDS = Path(__file__).parent / "records"


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.json")), ids=lambda p: p.name)
def test_records_saved_before_the_core_still_load_and_save_the_same(path):
    """Games saved by the code before the shared core (commit ee633c2): random games, finished."""
    text = path.read_text(encoding="utf-8")
    if path.name.startswith("midi"):
        from canal_heritage.midi import load_record, record_of
    else:
        from canal_heritage.arriala.record import load_record, record_of
    state = load_record(text)
    assert state.is_terminal() and state.outcome() is not None
    assert record_of(state).dumps() == text


@pytest.mark.parametrize("size", [0, 1, 2, 3, 9, 17, 36, 64, 100])
def test_the_deals_shuffle_draws_what_random_shuffle_draws(size):
    """A saved game replays from its seed: the engines' shuffle must put the items in the same
    order as ``random.Random.shuffle`` and leave the generator in the same state."""
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        shuffle(a, ours)
        theirs.shuffle(b)
        assert a == b
        assert ours.getstate() == theirs.getstate()


def test_a_generator_of_another_kind_shuffles_itself():
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):  # type: ignore[override]
            Counting.calls += 1
            super().shuffle(x)

    items = list(range(9))
    shuffle(items, Counting(3))
    assert Counting.calls == 1 and sorted(items) == list(range(9))


def test_a_copied_generator_draws_what_the_original_would_and_is_its_own():
    rng = random.Random(11)
    rng.random()
    copy = copy_of(rng)
    assert [copy.random() for _ in range(5)] == [rng.random() for _ in range(5)]
    copy.random()  # drawing from the copy leaves the original where it was
    assert copy.random() != rng.random()
