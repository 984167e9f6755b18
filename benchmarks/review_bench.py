"""How long a game review takes (issue 29, item 5): a whole review of one seat, as the exhibit's
end screen makes it (:func:`canal_heritage.review.review_in_workers`: the replay, then each
decision in two worker processes, two at a time), for finished games of both games at 2 and 4
players. Targets: 2 players ≤ 5 s, 4 players ≤ 15 s.

    uv run python benchmarks/review_bench.py --games 10 --json /tmp/review.json

The games: seat 0 plays at random (a player who makes mistakes: the most decisions with a
choice), the others as the heuristic bot; seeds 1..N. Each review is timed from the request to
the review in hand, the workers started and warm beforehand (as in the server).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canal_heritage import games
from canal_heritage.review import review_in_workers

TARGETS = {2: 5.0, 4: 15.0}


def finished(name: str, players: int, seed: int):
    kind = games.kind(name)
    game = kind.game_class(players)
    bots = __import__(kind.bots, fromlist=["make_bot"])
    state = game.new_initial_state(seed)
    seats = [bots.make_bot("random" if p == 0 else "heuristic", random.Random(seed + p), game) for p in range(players)]
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(seats[p].choose(state.observation(p)).action)
    return game, state


def _warm() -> int:
    import canal_heritage.arriala.judge
    import canal_heritage.midi.judge  # noqa: F401

    return 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games per game and player count (default 10)")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2, as the server)")
    ap.add_argument("--json", type=Path, help="write the figures to this file")
    args = ap.parse_args()
    pool = ProcessPoolExecutor(args.workers, mp_context=multiprocessing.get_context("spawn"))
    list(pool.map(int, range(args.workers)))
    list(pool.map(lambda_warm, range(args.workers * 2)))
    figures = {}
    for name in games.names():
        for players in (2, 4):
            times, decisions = [], []
            for seed in range(1, args.games + 1):
                game, state = finished(name, players, seed)
                t0 = time.perf_counter()
                review = asyncio.run(review_in_workers(pool, name, game, state.seed, state.first,
                                                       tuple(state.history), 0))
                times.append(time.perf_counter() - t0)
                decisions.append(len(review.decisions))
            times.sort()
            p95 = times[min(len(times) - 1, round(0.95 * len(times) + 0.5) - 1)]
            row = {"games": len(times), "median_s": statistics.median(times), "p95_s": p95, "max_s": times[-1],
                   "decisions_median": statistics.median(decisions), "target_s": TARGETS[players],
                   "met": times[-1] <= TARGETS[players]}
            figures[f"{name}-{players}p"] = row
            print(f"{name:8s} {players}p: median {row['median_s']:.2f} s, p95 {p95:.2f} s, max {times[-1]:.2f} s "
                  f"({row['decisions_median']:.0f} decisions; target {TARGETS[players]:.0f} s: "
                  f"{'met' if row['met'] else 'NOT met'})", flush=True)
    pool.shutdown()
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


def lambda_warm(_: int) -> int:
    return _warm()


if __name__ == "__main__":
    raise SystemExit(main())
