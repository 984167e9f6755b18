"""Both engines per decision next to OpenSpiel's goofspiel, in one run (issue 16).

Run from the project root (``--group bench`` installs OpenSpiel):

    uv run --group bench python benchmarks/engines_bench.py --json benchmarks/results/engines.json

For each player count (2, 3, 4), in alternating slices of CPU time so that a change in the
machine's load hits every side alike:

- **goofspiel** (9 cards, imperfect information, ``midi_bench.GOOFSPIEL_PARAMS``), driven from
  Python: random playouts, counted in nodes (chance nodes and simultaneous moves each count one);
- **Canal du Midi** and **Arriala**: random playouts through the public API, counted in
  decisions (one ``apply_action`` each): ``state.apply_action(state.sample_action(rng))`` until
  ``is_terminal()`` — the way the engines' own playouts draw — and, as a reference, the listed
  way, ``state.apply_action(rng.choice(state.legal_actions()))`` (the same distribution).

The ratio is the engine's decisions per CPU second over goofspiel's nodes per CPU second. Each side
also pays a deal (setting up a game) once a game; it is timed apart, and the ratio without it is
shown too, for information.
Targets: Arriala ≥ 0.5 (aim 1.0), Canal du Midi ≥ 1.0, drawn, at every player count.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "benchmarks"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from midi_bench import (  # noqa: E402
    GOOFSPIEL_PARAMS,
    finish_report,
    goofspiel_player,
    load_pyspiel,
    machine_info,
    random_player,
    timed,
)

from canal_heritage.arriala import ArrialaGame  # noqa: E402
from canal_heritage.midi import MidiGame  # noqa: E402

TARGETS = {"arriala": 0.5, "midi": 1.0}
SLICES = 25


def playouts(game, seed: int, *, drawn: bool):
    """A function playing one random game of ``game``; returns its decision count. Listed:
    ``midi_bench.random_player``; drawn: the same loop with ``sample_action``."""
    if not drawn:
        return random_player(game, seed)
    rng = random.Random(seed)
    counter = [seed]

    def play_one() -> int:
        state = game.new_initial_state(counter[0], log=False)
        counter[0] += 1
        steps = 0
        while not state.is_terminal():
            state.apply_action(state.sample_action(rng))
            steps += 1
        return steps

    return play_one


def deal_cost(deal, k: int = 2000) -> float:
    """CPU seconds one deal takes (``deal(i)`` sets up game ``i`` without playing it), best of three."""
    best = float("inf")
    for _ in range(3):
        cpu0 = time.process_time()
        for i in range(k):
            deal(i)
        best = min(best, (time.process_time() - cpu0) / k)
    return best


def run(seconds: float, seed: int, counts: list[int]) -> dict:
    pyspiel, err = load_pyspiel()
    if pyspiel is None:
        raise SystemExit(f"OpenSpiel is needed for the yardstick (uv run --group bench ...): {err}")
    out: dict = {"seconds_each": seconds, "slices": SLICES, "by_players": {}}
    for n in counts:
        sides = {
            "goofspiel": goofspiel_player(pyspiel, n, seed),
            "midi drawn": playouts(MidiGame(n), seed, drawn=True),
            "midi listed": playouts(MidiGame(n), seed, drawn=False),
            "arriala drawn": playouts(ArrialaGame(n), seed, drawn=True),
            "arriala listed": playouts(ArrialaGame(n), seed, drawn=False),
        }
        for play in sides.values():
            timed(play, 0.2)  # warm up
        steps = dict.fromkeys(sides, 0)
        cpu = dict.fromkeys(sides, 0.0)
        games = dict.fromkeys(sides, 0)
        for _ in range(SLICES):
            for name, play in sides.items():
                g, s, _wall, c = timed(play, seconds / SLICES)
                games[name] += g
                steps[name] += s
                cpu[name] += c
        row: dict = {}
        goof = steps["goofspiel"] / cpu["goofspiel"]
        for name in sides:
            rate = steps[name] / cpu[name]
            row[name] = {"per_cpu_s": rate, "games": games[name], "steps_per_game": steps[name] / games[name],
                         "ratio": rate / goof}
        # The same figures without the deal (setting up a game), which each side pays once a game.
        goof_game = pyspiel.load_game("goofspiel", dict(GOOFSPIEL_PARAMS, players=n))
        midi_game, arriala_game = MidiGame(n), ArrialaGame(n)
        deals = {"goofspiel": deal_cost(lambda i, g=goof_game: g.new_initial_state()),
                 "midi drawn": deal_cost(lambda i, g=midi_game: g.new_initial_state(i, log=False)),
                 "arriala drawn": deal_cost(lambda i, g=arriala_game: g.new_initial_state(i, log=False), 500)}
        after = {name: steps[name] / (cpu[name] - games[name] * d) for name, d in deals.items()}
        for name, d in deals.items():
            row[name]["deal_us"] = d * 1e6
            row[name]["after_deal_per_cpu_s"] = after[name]
            row[name]["after_deal_ratio"] = after[name] / after["goofspiel"]
        out["by_players"][str(n)] = row
        print(f"  {n} players: goofspiel {goof:9.0f} nodes/s | "
              + " | ".join(f"{name} {row[name]['per_cpu_s']:8.0f} ({row[name]['ratio']:.2f})"
                           for name in sides if name != "goofspiel"), flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0,
                    help="CPU seconds for each side at each player count, in alternating slices (default 5)")
    ap.add_argument("--players", default="2,3,4", help="player counts (default 2,3,4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", default=None, help="write every figure to this file")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    counts = [int(x) for x in args.players.split(",")]
    results: dict = {"benchmark": "engines", "when": datetime.now(UTC).isoformat(timespec="seconds"),
                     "machine": machine_info(), "args": vars(args)}
    print("engines per decision, next to goofspiel")
    results["playouts"] = run(args.seconds, args.seed, counts)
    results["total_wall_s"] = time.perf_counter() - start
    rows: list[dict] = []
    for n in counts:
        r = results["playouts"]["by_players"][str(n)]
        rows.append({"figure": f"goofspiel nodes per CPU s, {n}p", "value": r["goofspiel"]["per_cpu_s"],
                     "shown": f"{r['goofspiel']['per_cpu_s']:.0f}", "target": "-", "pass": None})
        for engine in ("midi", "arriala"):
            for how in ("drawn", "listed"):
                x = r[f"{engine} {how}"]
                target = TARGETS[engine] if how == "drawn" else None
                rows.append({"figure": f"{engine} {how}: decisions per CPU s / goofspiel, {n}p",
                             "value": x["ratio"], "shown": f"{x['ratio']:.3f} ({x['per_cpu_s']:.0f}/s)",
                             "target": f">= {target}" if target else "-",
                             "pass": (x["ratio"] >= target) if target else None})
            x = r[f"{engine} drawn"]
            rows.append({"figure": f"{engine} drawn, after the deal / goofspiel's, {n}p",
                         "value": x["after_deal_ratio"],
                         "shown": f"{x['after_deal_ratio']:.3f} (deal {x['deal_us']:.1f} us, "
                                  f"goofspiel's {r['goofspiel']['deal_us']:.1f})", "target": "-", "pass": None})
    finish_report(results, rows, {f"{k} drawn ratio": v for k, v in TARGETS.items()}, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
