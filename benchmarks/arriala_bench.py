"""On-demand benchmarks for the Arriala engine and its bots (not part of the tests).

Run from the project root:

    uv run --group bench python benchmarks/arriala_bench.py

Parts (select with ``--only``, comma-separated):

``playouts``
    Random full-game playouts per second at 2 and 4 players through the public API
    (``new_initial_state(seed, log=False)``, then ``apply_action(rng.choice(legal_actions()))``
    until ``is_terminal()``), next to OpenSpiel's goofspiel driven from Python — the same
    yardstick and the same alternating slices as ``midi_bench.py`` (whose helpers this
    script reuses).
``expert-time``
    Wall time of the expert's turn planning: every ``ExpertBot.choose(obs)`` call in
    ``--time-games`` games of one expert against heuristic bots at 2 and 4 players (the
    expert's seat rotating). Calls that plan (the first action of a turn, and after a draw)
    are reported apart from calls that follow an existing plan. Target: p95 of planning
    calls ≤ 150 ms (issue 16; it was 250).
``win-rates``
    Expert against heuristic and against random over ``--games`` two-player games each,
    seats rotated (``simulate_arriala``); heuristic against random as a reference.
``profile``
    Not run by default: cProfile of the random playout loop (4 players).

``--json PATH`` writes every figure, the targets and the machine description.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "benchmarks"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from midi_bench import (  # noqa: E402  (shared helpers: machine, yardstick, timing, report)
    SLICES,
    _side,
    _stats_ms,
    finish_report,
    goofspiel_player,
    load_pyspiel,
    machine_info,
    random_player,
    timed,
)

from canal_heritage.arriala import ArrialaGame  # noqa: E402
from canal_heritage.arriala.bots import ExpertBot, HeuristicBot  # noqa: E402
from canal_heritage.arriala.simulate import simulate_arriala  # noqa: E402

PARTS = ("playouts", "expert-time", "win-rates", "profile")
DEFAULT_PARTS = ("playouts", "expert-time", "win-rates")
TARGET_PLAN_P95_MS = 150.0  # issue 16 (was 250)
TARGET_WIN_VS_HEURISTIC = 0.81  # issue 16: not lower than before the engine changed (was 0.60)
TARGET_WIN_VS_RANDOM = 0.90


def arriala_player(players: int, seed: int):
    """Random Arriala playouts (``midi_bench.random_player``)."""
    return random_player(ArrialaGame(players), seed)


def run_playouts(seconds: float, seed: int) -> dict:
    pyspiel, err = load_pyspiel()
    out: dict = {"seconds_each": seconds, "pyspiel_error": err, "by_players": {}}
    for n in (2, 4):
        ours_play = arriala_player(n, seed)
        goof_play = goofspiel_player(pyspiel, n, seed) if pyspiel is not None else None
        timed(ours_play, 0.3)
        if goof_play:
            timed(goof_play, 0.3)
        ours_s, goof_s = [], []
        for _ in range(SLICES):
            ours_s.append(timed(ours_play, seconds / SLICES))
            if goof_play:
                goof_s.append(timed(goof_play, seconds / SLICES))
        ours = dict(_side(ours_s, "actions"), players=n)
        row = {"arriala": ours, "goofspiel": None, "ratio": None}
        msg = (f"  {n} players: arriala {ours['playouts_per_s']:7.1f} playouts/s "
               f"({ours['actions_per_game']:.0f} actions/game)")
        if goof_play:
            goof = dict(_side(goof_s, "nodes"), players=n)
            row["goofspiel"] = goof
            row["ratio"] = ours["playouts_per_s"] / goof["playouts_per_s"]
            msg += f" | goofspiel {goof['playouts_per_s']:8.1f} playouts/s | ratio {row['ratio']:.4f}"
        print(msg, flush=True)
        out["by_players"][str(n)] = row
    return out


def expert_timing(players: int, games: int, seed: int) -> dict:
    planning: list[float] = []
    following: list[float] = []
    slowest = {"ms": 0.0}
    for k in range(games):
        game = ArrialaGame(players)
        state = game.new_initial_state(seed + k, log=False)
        seat = k % players
        bots = [ExpertBot(random.Random(seed + k)) if i == seat else HeuristicBot(random.Random(seed + k + i))
                for i in range(players)]
        while not state.is_terminal():
            p = state.current_player()
            obs = state.observation(p)
            if p == seat:
                bot = bots[p]
                will_plan = not (bot._plan and bot._expect == bot._fingerprint(obs))
                t = time.perf_counter()
                move = bot.choose(obs)
                dt = time.perf_counter() - t
                (planning if will_plan else following).append(dt)
                if dt * 1e3 > slowest["ms"]:
                    slowest = {"ms": dt * 1e3, "round": state.round, "options": len(obs.legal_actions), "ap": obs.ap}
            else:
                move = bots[p].choose(obs)
            state.apply_action(move.action)
    return {"games": games, "planning": _stats_ms(planning), "following": _stats_ms(following),
            "all": _stats_ms(planning + following), "slowest": slowest}


def run_expert_time(games: int, seed: int) -> dict:
    out = {}
    for n in (2, 4):
        r = expert_timing(n, games, seed)
        pl = r["planning"]
        print(f"  {n} players: planning median {pl['median_ms']:.1f} ms, p95 {pl['p95_ms']:.1f} ms, "
              f"max {pl['max_ms']:.1f} ms over {pl['decisions']} plans; slowest {r['slowest']}", flush=True)
        out[str(n)] = r
    return out


def run_win_rates(games: int, seed: int, jobs: int) -> dict:
    out: dict = {}
    for opp in ("heuristic", "random"):
        t0 = time.perf_counter()
        s = simulate_arriala(2, ["expert", opp], games, seed=seed, jobs=jobs)
        out[opp] = {"games": games, "seed": seed, "wall_s": round(time.perf_counter() - t0, 1),
                    "expert_win_rate": s.per_bot["expert"]["win_rate"], "per_bot": s.per_bot,
                    "outcomes": s.outcomes, "end_reasons": s.end_reasons}
        print(f"  expert vs {opp}: {s.per_bot['expert']['win_rate']:.1%} over {games} games "
              f"(no winner: {s.outcomes.get('shared', 0) + s.outcomes.get('virtual', 0)})", flush=True)
    s = simulate_arriala(2, ["heuristic", "random"], games, seed=seed, jobs=jobs)
    out["reference_heuristic_vs_random"] = {"games": games, "heuristic_win_rate": s.per_bot["heuristic"]["win_rate"]}
    print(f"  (reference) heuristic vs random: {s.per_bot['heuristic']['win_rate']:.1%}", flush=True)
    return out


def run_profile(seconds: float, seed: int, players: int = 4, top: int = 15) -> dict:
    play = arriala_player(players, seed)
    prof = cProfile.Profile()
    prof.enable()
    games, _, _, _ = timed(play, seconds)
    prof.disable()
    stream = io.StringIO()
    pstats.Stats(prof, stream=stream).strip_dirs().sort_stats("tottime").print_stats(top)
    print(f"  {players} players, {games} games under cProfile, by own time:")
    print(stream.getvalue().strip("\n"))
    return {"players": players, "games": games}


def verdicts(res: dict) -> list[dict]:
    rows: list[dict] = []

    def add(name, value, fmt, target, ok):
        rows.append({"figure": name, "value": value, "shown": fmt(value) if value is not None else "n/a",
                     "target": target, "pass": ok})

    pl = res.get("playouts")
    if pl:
        for n in ("2", "4"):
            r = pl["by_players"][n]
            add(f"arriala random playouts/s, {n}p", r["arriala"]["playouts_per_s"], lambda v: f"{v:.1f}", "-", None)
            g = r["goofspiel"]
            add(f"goofspiel random playouts/s, {n}p", g["playouts_per_s"] if g else None,
                lambda v: f"{v:.0f}", "-", None)
            add(f"ratio arriala/goofspiel, {n}p", r["ratio"], lambda v: f"{v:.4f}", "-", None)
    et = res.get("expert-time")
    if et:
        for n in ("2", "4"):
            p = et[n]["planning"]
            add(f"expert turn planning median, {n}p", p.get("median_ms"), lambda v: f"{v:.1f} ms", "-", None)
            add(f"expert turn planning p95, {n}p", p.get("p95_ms"), lambda v: f"{v:.1f} ms",
                f"<= {TARGET_PLAN_P95_MS:.0f} ms", p.get("p95_ms", float("inf")) <= TARGET_PLAN_P95_MS)
    wr = res.get("win-rates")
    if wr:
        for opp, target in (("heuristic", TARGET_WIN_VS_HEURISTIC), ("random", TARGET_WIN_VS_RANDOM)):
            v = wr[opp]["expert_win_rate"]
            add(f"expert win rate vs {opp}, 2p ({wr[opp]['games']} games)", v, lambda x: f"{x:.1%}",
                f">= {target:.0%}", v >= target)
        ref = wr["reference_heuristic_vs_random"]
        add(f"(reference) heuristic vs random, 2p ({ref['games']} games)", ref["heuristic_win_rate"],
            lambda x: f"{x:.1%}", "-", None)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default=",".join(DEFAULT_PARTS), help=f"parts, from {', '.join(PARTS)}")
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per engine and player count (default 3)")
    ap.add_argument("--games", type=int, default=100, help="two-player games per win-rate pairing (default 100)")
    ap.add_argument("--time-games", type=int, default=10,
                    help="games per player count for the planning time (default 10)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes for the win rates (default 2)")
    ap.add_argument("--seed", type=int, default=20261121, help="base seed (default 20261121)")
    ap.add_argument("--json", metavar="PATH", help="write every figure to this JSON file")
    args = ap.parse_args(argv)
    parts = [p.strip() for p in args.only.split(",") if p.strip()]
    bad = [p for p in parts if p not in PARTS]
    if bad:
        ap.error(f"unknown part(s) {', '.join(bad)}; choose from {', '.join(PARTS)}")
    info = machine_info()
    print(f"machine: {info['cores']} cores, {info['cpu_model']}, Python {info['python']}, "
          f"open-spiel {info['open_spiel'] or 'not installed'}; commit {info.get('git_commit')}")
    results: dict = {"machine": info, "argv": sys.argv, "parts": parts, "seed": args.seed,
                     "started": datetime.now(UTC).isoformat(timespec="seconds"), "load_average": {}}
    for part in parts:
        print(f"\n[{part}]", flush=True)
        t0 = time.perf_counter()
        if part == "playouts":
            results[part] = run_playouts(args.seconds, args.seed)
        elif part == "expert-time":
            results[part] = run_expert_time(args.time_games, args.seed)
        elif part == "win-rates":
            results[part] = run_win_rates(args.games, args.seed, args.jobs)
        else:
            results[part] = run_profile(args.seconds, args.seed)
        with contextlib.suppress(OSError):
            results["load_average"][part] = [round(x, 2) for x in os.getloadavg()]
        print(f"  ({time.perf_counter() - t0:.0f} s)")
    finish_report(results, verdicts(results),
                  {"plan_p95_ms_max": TARGET_PLAN_P95_MS, "win_vs_heuristic_min": TARGET_WIN_VS_HEURISTIC,
                   "win_vs_random_min": TARGET_WIN_VS_RANDOM}, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
