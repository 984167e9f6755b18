"""Random games at scale, checking the property tests' invariants after every action (issue 16).

Run from the project root (not part of the tests, whose Hypothesis runs play thousands):

    uv run python benchmarks/invariants_at_scale.py --games 100000 --jobs 2 --json benchmarks/results/scale.json

For each engine (Canal du Midi, Arriala), ``--games`` random games shared evenly among the
player counts (2, 3, 4), from seeds 0, 1, 2… at each count, each action chosen at random
among the legal ones (Arriala: half the games draw with ``sample_action``, half choose from
``legal_actions()``). After every action
the checks of the property tests run (``tests/midi/midi_helpers.check_invariants``,
``tests/arriala/arriala_helpers.check_invariants``; the Arriala games drawn also check the facts
the engine keeps up to date, every 7th action, ``check_derived_facts``), and at the end the
end-of-game checks (``check_end`` of each property test module). A failed check is a violation:
it is counted, and its seeds are written out so it can be replayed. The script reports the
games, the violations (0 is the target) and the run time.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "benchmarks", ROOT / "tests" / "midi", ROOT / "tests" / "arriala"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from midi_bench import finish_report, machine_info  # noqa: E402

CHUNK = 500


def _midi_games(players: int, first: int, count: int) -> tuple[int, list[dict]]:
    """Canal du Midi: random games, the invariants checked after every decision."""
    import midi_helpers as H
    from test_properties import check_end

    decisions, violations = 0, []
    for seed in range(first, first + count):
        try:
            state = H.play_random(players, seed, seed * 7919 + 1, hook=H.check_invariants)
            check_end(state)
            decisions += len(state.history)
        except Exception as exc:  # every failure is a finding
            violations.append({"seed": seed, "policy": seed * 7919 + 1, "error": repr(exc),
                               "where": traceback.format_exc(limit=3)[-600:]})
    return decisions, violations


def _arriala_games(players: int, first: int, count: int) -> tuple[int, list[dict]]:
    """Arriala: random games (every other one drawn, not listed), the invariants checked after
    every decision and the derived facts every seventh."""
    import arriala_helpers as H
    from test_arriala_properties import check_end as arriala_end

    decisions, violations = 0, []
    for seed in range(first, first + count):
        draw = seed % 2 == 1
        steps = [0]

        def hook(state, steps=steps, draw=draw):
            H.check_invariants(state)
            steps[0] += 1
            if draw and steps[0] % 7 == 0:
                H.check_derived_facts(state)
        try:
            state = H.play_random(players, seed, seed * 7919 + 1, hook=hook, draw=draw)
            arriala_end(state)
            decisions += len(state.history)
        except Exception as exc:  # every failure is a finding
            violations.append({"seed": seed, "policy": seed * 7919 + 1, "draw": draw, "error": repr(exc),
                               "where": traceback.format_exc(limit=3)[-600:]})
    return decisions, violations


#: each engine's games, by its registered name
GAMES = {"midi": _midi_games, "arriala": _arriala_games}


def run_chunk(task: tuple[str, int, int, int]) -> dict:
    """Games ``first … first + count - 1`` of one engine at one player count."""
    engine, players, first, count = task
    decisions, violations = GAMES[engine](players, first, count)
    return {"engine": engine, "players": players, "games": count, "decisions": decisions, "violations": violations}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100_000,
                    help="games per engine, shared evenly among the player counts (default 100000)")
    ap.add_argument("--engines", default="midi,arriala")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    counts = [int(n) for n in args.players.split(",")]
    each = -(-args.games // len(counts))  # rounded up: at least --games per engine
    tasks = [(e, n, first, min(CHUNK, each - first))
             for e in args.engines.split(",") for n in counts for first in range(0, each, CHUNK)]
    totals: dict[tuple[str, int], dict] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for i, out in enumerate(pool.map(run_chunk, tasks), 1):
            key = (out["engine"], out["players"])
            t = totals.setdefault(key, {"games": 0, "decisions": 0, "violations": [], "seconds": 0.0})
            t["games"] += out["games"]
            t["decisions"] += out["decisions"]
            t["violations"] += out["violations"]
            if i % 20 == 0 or i == len(tasks):
                print(f"  {i}/{len(tasks)} chunks, {time.perf_counter() - start:.0f} s", flush=True)
    wall = time.perf_counter() - start
    results: dict = {"benchmark": "invariants at scale", "when": datetime.now(UTC).isoformat(timespec="seconds"),
                     "machine": machine_info(), "args": vars(args), "total_wall_s": wall,
                     "by_engine": {f"{e} {n}p": t for (e, n), t in totals.items()}}
    rows = []
    for (e, n), t in totals.items():
        bad = len(t["violations"])
        rows.append({"figure": f"{e} {n}p: violations in {t['games']} games ({t['decisions']} decisions)",
                     "value": bad, "shown": str(bad), "target": "0", "pass": bad == 0})
        for v in t["violations"][:3]:
            print(f"  violation, {e} {n}p: {v}")
    finish_report(results, rows, {"violations": 0}, args.json)
    return 0 if all(not t["violations"] for t in totals.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
