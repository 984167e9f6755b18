"""Bot-versus-bot simulations, whatever the game: the seating and the process-pool driver.

A game's simulator (:mod:`canal_heritage.midi.simulate`, :mod:`canal_heritage.arriala.simulate`)
has a function that plays one game between bots and reduces it to a result, and one that
summarises the results; it checks its arguments with :func:`check_seats` (and its own data),
then hands its play-one-game function to :func:`play_games`. Everything else is here, once:

* the arguments are checked (:func:`check_seats`) before any game is played;
* each game gets its own seed, drawn from the run's seed (:func:`game_seeds`);
* the bots rotate over the seats from game to game (:func:`seating`), so every bot plays
  every seat equally often;
* the games are played here or in worker processes, and results come back in game order, so
  the figures depend only on the arguments, never on ``jobs``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol, TypeVar

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class PlayOne(Protocol[R_co]):
    """Plays one game between bots: seat ``i`` is ``seats[i]``; everything random in the game
    and in its bots derives from ``seed``. Must be picklable (a module-level function, or a
    :func:`functools.partial` of one) when the games run in worker processes."""

    def __call__(self, players: int, seats: list[str], seed: int, /) -> R_co: ...


def check_seats(title: str, players: int, bots: Sequence[str], games: int, names: Sequence[str]) -> list[str]:
    """Validate a simulation's arguments; returns one bot name per seat.

    Args:
        title: the game's name, as the messages say it ("Canal du Midi", "Arriala").
        bots: one bot name per seat, or a single name for every seat.
        names: the game's bot names.

    Raises:
        ValueError: saying what is wrong (player count, bots per seat, unknown bot, games).
    """
    if players not in (2, 3, 4):
        raise ValueError(f"{title} is played by 2 to 4 players, not {players}")
    bots = list(bots)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise ValueError(f"give one bot per seat ({players}) or a single bot for all seats, not {len(bots)}")
    for b in bots:
        if b not in names:
            raise ValueError(f"unknown bot {b!r}; choose from {', '.join(names)}")
    if games < 1:
        raise ValueError("play at least one game")
    return bots


def seating(bots: Sequence[str], players: int, k: int) -> list[str]:
    """Bots per seat for game ``k``: rotated so every bot sits in every seat equally."""
    r = k % players
    return list(bots[r:]) + list(bots[:r])


def game_seeds(seed: int, games: int) -> list[int]:
    """One seed per game, all different, drawn from the run's ``seed``."""
    return random.Random(seed).sample(range(2**31), games)


def play_games(play_one: PlayOne[R], players: int, bots: Sequence[str], games: int, seed: int, *,
               jobs: int = 1, progress: Callable[[int], None] | None = None, max_chunk: int = 16) -> list[R]:
    """Play ``games`` games (game ``k``: :func:`seating` ``k``, the ``k``-th of :func:`game_seeds`).

    Args:
        bots: one bot name per seat (checked by :func:`check_seats`).
        jobs: worker processes; 1 plays every game in this process. Results come back in
            game order either way.
        progress: called with the number of games finished so far.
        max_chunk: at most this many games are sent to a worker at once.
    """
    seeds = game_seeds(seed, games)
    seats = [seating(bots, players, k) for k in range(games)]
    results: list[R] = []
    if jobs > 1:
        chunk = max(1, min(max_chunk, games // (jobs * 8) or 1))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for r in pool.map(play_one, [players] * games, seats, seeds, chunksize=chunk):
                results.append(r)
                if progress:
                    progress(len(results))
    else:
        for k in range(games):
            results.append(play_one(players, seats[k], seeds[k]))
            if progress:
                progress(len(results))
    return results

