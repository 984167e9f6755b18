"""On-demand benchmarks for the Canal du Midi engine and its bots (not part of the tests).

Run from the project root:

    uv run --group bench python benchmarks/midi_bench.py

Parts (select with ``--only``, comma-separated):

``playouts``
    Random full-game playouts per second at 2 and 4 players through the public API
    (``new_initial_state(seed, log=False)``, then ``apply_action(rng.choice(legal_actions()))``
    until ``is_terminal()``), next to OpenSpiel's goofspiel (9 cards, imperfect information,
    random point order) driven from Python through ``pyspiel`` as the machine's yardstick.
    Each side gets ``--seconds`` per player count, in alternating slices so that a change
    in machine load hits both. Reports both rates and the ratio ours / goofspiel, by wall
    time (the target) and by CPU time (less sensitive to other work on the machine).
``expert-time``
    Wall time of ``ExpertBot.choose(obs)`` (default settings) over every expert decision in
    ``--time-games`` games of expert against heuristic bots, at 2 and at 4 players, the
    expert's seat rotating from game to game. Only ``choose`` is timed (wall time, the
    target; CPU time and a per-phase breakdown are reported too).
``win-rates``
    Expert win rate against the heuristic bot and against the random bot over ``--games``
    two-player games each, seats rotated, via ``canal_heritage.midi.simulate.simulate_midi``
    (shared wins count as a fraction, as in its summary), plus heuristic against random
    as a reference without target.
``profile``
    Not run by default: cProfile of the random playout loop (4 players), top functions
    by cumulative time, to show where the engine spends its time.

``--json PATH`` writes every figure, the targets and the machine description.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import random
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

# Allow running from a checkout without installing the package.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from canal_heritage.midi import MidiGame  # noqa: E402
from canal_heritage.midi.bots import make_bot  # noqa: E402
from canal_heritage.midi.simulate import simulate_midi  # noqa: E402

PARTS = ("playouts", "expert-time", "win-rates", "profile")
DEFAULT_PARTS = ("playouts", "expert-time", "win-rates")

# Targets (see docs/performance.md)
TARGET_RATIO_4P = 0.5
TARGET_EXPERT_P95_MS = 150.0
TARGET_WIN_VS_HEURISTIC = 0.60
TARGET_WIN_VS_RANDOM = 0.90

GOOFSPIEL_PARAMS = {"num_cards": 9, "imp_info": True, "points_order": "random"}


# --------------------------------------------------------------------------- machine
def machine_info() -> dict:
    cpu = None
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info = {
        "cores": os.cpu_count(),
        "cpu_model": cpu or platform.processor() or "unknown",
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
    }
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "canal_heritage"], cwd=ROOT,
                               capture_output=True, text=True, check=True)
        info["git_commit"] = head.stdout.strip()
        info["engine_uncommitted_changes"] = bool(dirty.stdout.strip())
    except Exception:
        info["git_commit"] = None
    try:
        import importlib.metadata as md

        info["open_spiel"] = md.version("open-spiel")
    except Exception:
        info["open_spiel"] = None
    return info


# --------------------------------------------------------------------------- playouts
SLICES = 3  # each side's time is split in this many slices, alternating midi / goofspiel


def random_player(game, seed: int):
    """A function playing one random game of ``game`` (any of our engines) through the
    public API; returns its action count."""
    rng = random.Random(seed)
    counter = [seed]

    def play_one() -> int:
        state = game.new_initial_state(counter[0], log=False)
        counter[0] += 1
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play_one


def midi_player(players: int, seed: int):
    """Random Canal du Midi playouts (see :func:`random_player`)."""
    return random_player(MidiGame(players), seed)


def load_pyspiel():
    """``(pyspiel module, None)`` or ``(None, error text)``."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except Exception as exc:
        return None, f"{type(exc).__name__}: {exc}"
    return pyspiel, None


def goofspiel_player(pyspiel, players: int, seed: int):
    """A function playing one random goofspiel game driven from Python; returns its node count."""
    game = pyspiel.load_game("goofspiel", dict(GOOFSPIEL_PARAMS, players=players))
    rng = random.Random(seed)

    def play_one() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                acts = [a for a, _ in outcomes]
                probs = [p for _, p in outcomes]
                state.apply_action(rng.choices(acts, probs)[0])
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play_one


def timed(play_one, seconds: float) -> tuple[int, int, float, float]:
    """Play whole games until ``seconds`` have passed: (games, steps, wall s, CPU s)."""
    games = steps = 0
    start = time.perf_counter()
    cpu0 = time.process_time()
    end = start + seconds
    while True:
        steps += play_one()
        games += 1
        now = time.perf_counter()
        if now >= end:
            return games, steps, now - start, time.process_time() - cpu0


def _side(samples: list[tuple[int, int, float, float]], unit: str) -> dict:
    games = sum(x[0] for x in samples)
    steps = sum(x[1] for x in samples)
    elapsed = sum(x[2] for x in samples)
    cpu = sum(x[3] for x in samples)
    return {"games": games, "seconds": round(elapsed, 3), "cpu_seconds": round(cpu, 3),
            "playouts_per_s": games / elapsed, "playouts_per_cpu_s": games / cpu,
            f"{unit}_per_game": steps / games,
            "slice_rates": [round(x[0] / x[2], 1) for x in samples]}


def run_playouts(seconds: float, seed: int) -> dict:
    pyspiel, err = load_pyspiel()
    out: dict = {"seconds_each": seconds, "slices": SLICES, "pyspiel_error": err,
                 "goofspiel_params": GOOFSPIEL_PARAMS, "by_players": {}}
    if err:
        print(f"  pyspiel unavailable, goofspiel yardstick skipped: {err}")
    for n in (2, 4):
        ours_play = midi_player(n, seed)
        goof_play = goofspiel_player(pyspiel, n, seed) if pyspiel is not None else None
        warm = min(0.3, seconds / 10)  # first-call costs are not measured
        timed(ours_play, warm)
        if goof_play:
            timed(goof_play, warm)
        ours_s, goof_s = [], []
        for _ in range(SLICES):  # alternate, so a change in machine load hits both sides
            ours_s.append(timed(ours_play, seconds / SLICES))
            if goof_play:
                goof_s.append(timed(goof_play, seconds / SLICES))
        ours = dict(_side(ours_s, "actions"), players=n)
        row = {"midi": ours, "goofspiel": None, "ratio": None, "ratio_cpu": None}
        msg = (f"  {n} players: midi {ours['playouts_per_s']:8.1f} playouts/s"
               f" ({ours['actions_per_game']:.1f} actions/game)")
        if goof_play:
            goof = dict(_side(goof_s, "nodes"), players=n)
            row["goofspiel"] = goof
            row["ratio"] = ours["playouts_per_s"] / goof["playouts_per_s"]
            row["ratio_cpu"] = ours["playouts_per_cpu_s"] / goof["playouts_per_cpu_s"]
            msg += (f" | goofspiel {goof['playouts_per_s']:8.1f} playouts/s"
                    f" ({goof['nodes_per_game']:.1f} nodes/game) | ratio {row['ratio']:.3f}"
                    f" (per CPU second: {ours['playouts_per_cpu_s']:.0f} / {goof['playouts_per_cpu_s']:.0f}"
                    f" = {row['ratio_cpu']:.3f})")
        print(msg, flush=True)
        out["by_players"][str(n)] = row
    return out


# --------------------------------------------------------------------------- expert time
def _percentile(sorted_xs: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of an already sorted list."""
    if not sorted_xs:
        return float("nan")
    rank = max(1, -(-len(sorted_xs) * q // 100))  # ceil(n*q/100)
    return sorted_xs[int(rank) - 1]


def _stats_ms(xs: list[float]) -> dict:
    xs = sorted(xs)
    if not xs:
        return {"decisions": 0}
    return {"decisions": len(xs), "median_ms": statistics.median(xs) * 1e3,
            "p95_ms": _percentile(xs, 95) * 1e3, "max_ms": xs[-1] * 1e3,
            "mean_ms": statistics.fmean(xs) * 1e3}


def expert_timing(players: int, games: int, seed: int) -> dict:
    """Time ``ExpertBot.choose`` (default settings) against heuristic opponents."""
    game = MidiGame(players)
    all_t: list[float] = []
    all_cpu: list[float] = []  # CPU time of the same decisions (insensitive to other load)
    searched_t: list[float] = []  # decisions with at least two legal actions
    by_phase: dict[str, list[float]] = {}
    slowest = (0.0, "", 0, 0)  # seconds, phase, options, round
    start = time.perf_counter()
    for g in range(games):
        s = seed + g
        expert_seat = g % players  # rotate the expert through the seats
        bots = []
        for p in range(players):
            if p == expert_seat:
                bots.append(make_bot("expert", random.Random(s), game))
            else:
                bots.append(make_bot("heuristic", random.Random(s * 31 + p + 1), game))
        state = game.new_initial_state(s)
        while not state.is_terminal():
            p = state.current_player()
            obs = state.observation(p)
            if p == expert_seat:
                c0 = time.process_time()
                t0 = time.perf_counter()
                move = bots[p].choose(obs)
                dt = time.perf_counter() - t0
                all_cpu.append(time.process_time() - c0)
                all_t.append(dt)
                if len(obs.legal_actions) > 1:
                    searched_t.append(dt)
                by_phase.setdefault(obs.phase, []).append(dt)
                if dt > slowest[0]:
                    slowest = (dt, obs.phase, len(obs.legal_actions), obs.round)
            else:
                move = bots[p].choose(obs)
            state.apply_action(move.action)
    return {"players": players, "games": games, "opponents": "heuristic",
            "wall_s": round(time.perf_counter() - start, 2),
            "all": _stats_ms(all_t), "all_cpu": _stats_ms(all_cpu), "searched": _stats_ms(searched_t),
            "by_phase": {ph: _stats_ms(ts) for ph, ts in sorted(by_phase.items())},
            "slowest": {"ms": slowest[0] * 1e3, "phase": slowest[1], "options": slowest[2], "round": slowest[3]}}


def run_expert_time(games: int, seed: int) -> dict:
    out = {}
    for n in (2, 4):
        r = expert_timing(n, games, seed)
        a, s = r["all"], r["searched"]
        print(f"  {n} players, {games} games: {a['decisions']} decisions, median {a['median_ms']:.1f} ms, "
              f"p95 {a['p95_ms']:.1f} ms, max {a['max_ms']:.1f} ms"
              f" | searched only ({s['decisions']}): median {s['median_ms']:.1f} ms, p95 {s['p95_ms']:.1f} ms",
              flush=True)
        c = r["all_cpu"]
        print(f"      CPU time of the same decisions: median {c['median_ms']:.1f} ms, p95 {c['p95_ms']:.1f} ms, "
              f"max {c['max_ms']:.1f} ms")
        for ph, st in r["by_phase"].items():
            print(f"      {ph:<16} {st['decisions']:4d} decisions, median {st['median_ms']:6.1f} ms, "
                  f"p95 {st['p95_ms']:6.1f} ms, max {st['max_ms']:6.1f} ms")
        sl = r["slowest"]
        print(f"      slowest: {sl['ms']:.1f} ms, {sl['phase']} with {sl['options']} options in round {sl['round']}")
        out[str(n)] = r
    return out


# --------------------------------------------------------------------------- win rates
def run_win_rates(games: int, seed: int, jobs: int) -> dict:
    out: dict = {}
    for opp in ("heuristic", "random"):
        t0 = time.perf_counter()
        summary = simulate_midi(2, ["expert", opp], games, seed=seed, jobs=jobs)
        wall = time.perf_counter() - t0
        pb = summary.per_bot
        out[opp] = {"games": games, "seed": seed, "jobs": jobs, "wall_s": round(wall, 1),
                    "expert_win_rate": pb["expert"]["win_rate"],
                    "opponent_win_rate": pb[opp]["win_rate"],
                    "shared_victories": summary.shared_victories,
                    "per_bot": pb}
        print(f"  expert vs {opp}: {pb['expert']['win_rate']:.1%} over {games} games "
              f"({summary.shared_victories} shared) in {wall:.0f} s", flush=True)
    # reference, no target: how often the rule-of-thumb bot beats the random one
    summary = simulate_midi(2, ["heuristic", "random"], games, seed=seed, jobs=jobs)
    out["reference_heuristic_vs_random"] = {
        "games": games, "heuristic_win_rate": summary.per_bot["heuristic"]["win_rate"], "per_bot": summary.per_bot}
    print(f"  (reference) heuristic vs random: {summary.per_bot['heuristic']['win_rate']:.1%} over {games} games",
          flush=True)
    return out


# --------------------------------------------------------------------------- profile
def run_profile(seconds: float, seed: int, players: int = 4, top: int = 15) -> dict:
    game = MidiGame(players)
    rng = random.Random(seed)
    prof = cProfile.Profile()
    games = 0
    end = time.perf_counter() + seconds
    prof.enable()
    while time.perf_counter() < end:
        state = game.new_initial_state(seed + games, log=False)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        games += 1
    prof.disable()
    stream = io.StringIO()
    st = pstats.Stats(prof, stream=stream).strip_dirs().sort_stats("cumulative")
    st.print_stats(top)
    text = stream.getvalue().strip("\n")
    print(f"  {players} players, {games} games under cProfile, by cumulative time:")
    print(text)
    stream = io.StringIO()
    pstats.Stats(prof, stream=stream).strip_dirs().sort_stats("tottime").print_stats(10)
    print("\n  by own time (tottime):")
    print(stream.getvalue().strip("\n").split("\n\n", 1)[-1])
    rows = []
    for (file, line, func), (_cc, nc, tt, ct, _callers) in st.stats.items():  # type: ignore[attr-defined]
        rows.append({"function": f"{file}:{line}({func})", "ncalls": nc, "tottime_s": round(tt, 4),
                     "cumtime_s": round(ct, 4)})
    rows.sort(key=lambda r: -r["cumtime_s"])
    return {"players": players, "games": games, "top_cumulative": rows[:top]}


# --------------------------------------------------------------------------- report
def verdicts(res: dict) -> list[dict]:
    rows: list[dict] = []

    def add(name, value, fmt, target_text, ok):
        rows.append({"figure": name, "value": value, "shown": fmt(value) if value is not None else "n/a",
                     "target": target_text, "pass": ok})

    pl = res.get("playouts")
    if pl:
        for n in ("2", "4"):
            r = pl["by_players"][n]
            add(f"midi random playouts/s, {n}p", r["midi"]["playouts_per_s"], lambda v: f"{v:.0f}", "-", None)
            g = r["goofspiel"]
            add(f"goofspiel random playouts/s, {n}p", g["playouts_per_s"] if g else None,
                lambda v: f"{v:.0f}", "-", None)
            ratio = r["ratio"]
            if n == "4":
                add("ratio midi/goofspiel, 4p", ratio, lambda v: f"{v:.3f}", f">= {TARGET_RATIO_4P}",
                    None if ratio is None else ratio >= TARGET_RATIO_4P)
            else:
                add("ratio midi/goofspiel, 2p", ratio, lambda v: f"{v:.3f}", "-", None)
            if r.get("ratio_cpu") is not None:
                add(f"ratio per CPU second, {n}p", r["ratio_cpu"], lambda v: f"{v:.3f}", "-", None)
    et = res.get("expert-time")
    if et:
        for n in ("2", "4"):
            a = et[n]["all"]
            s = et[n]["searched"]
            add(f"expert decision median, {n}p", a.get("median_ms"), lambda v: f"{v:.1f} ms", "-", None)
            if n == "2":
                add("expert decision p95, 2p", a.get("p95_ms"), lambda v: f"{v:.1f} ms",
                    f"<= {TARGET_EXPERT_P95_MS:.0f} ms", a.get("p95_ms", float("inf")) <= TARGET_EXPERT_P95_MS)
            else:
                add(f"expert decision p95, {n}p", a.get("p95_ms"), lambda v: f"{v:.1f} ms", "-", None)
            add(f"expert decision max, {n}p", a.get("max_ms"), lambda v: f"{v:.1f} ms", "-", None)
            add(f"expert p95, searched decisions only, {n}p", s.get("p95_ms"), lambda v: f"{v:.1f} ms", "-", None)
            c = et[n].get("all_cpu", {})
            add(f"expert p95 in CPU time, {n}p", c.get("p95_ms"), lambda v: f"{v:.1f} ms", "-", None)
    wr = res.get("win-rates")
    if wr:
        add(f"expert win rate vs heuristic, 2p ({wr['heuristic']['games']} games)",
            wr["heuristic"]["expert_win_rate"], lambda v: f"{v:.1%}", f">= {TARGET_WIN_VS_HEURISTIC:.0%}",
            wr["heuristic"]["expert_win_rate"] >= TARGET_WIN_VS_HEURISTIC)
        add(f"expert win rate vs random, 2p ({wr['random']['games']} games)",
            wr["random"]["expert_win_rate"], lambda v: f"{v:.1%}", f">= {TARGET_WIN_VS_RANDOM:.0%}",
            wr["random"]["expert_win_rate"] >= TARGET_WIN_VS_RANDOM)
        ref = wr.get("reference_heuristic_vs_random")
        if ref:
            add(f"(reference) heuristic win rate vs random, 2p ({ref['games']} games)", ref["heuristic_win_rate"],
                lambda v: f"{v:.1%}", "-", None)
    return rows


def print_table(rows: list[dict]) -> None:
    if not rows:
        return
    w = max(len(r["figure"]) for r in rows)
    wv = max(len(r["shown"]) for r in rows)
    wt = max(6, max(len(r["target"]) for r in rows))
    print()
    print(f"{'figure':<{w}}  {'value':>{wv}}  {'target':<{wt}}  result")
    print(f"{'-' * w}  {'-' * wv}  {'-' * wt}  ------")
    for r in rows:
        res = {True: "PASS", False: "FAIL", None: "info"}[r["pass"]]
        if r["pass"] is None and r["target"] != "-":
            res = "n/a"
        print(f"{r['figure']:<{w}}  {r['shown']:>{wv}}  {r['target']:<{wt}}  {res}")


def finish_report(results: dict, rows: list[dict], targets: dict, json_path: str | None) -> None:
    """The end of every benchmark script: the verdict table, the wall time and the JSON file."""
    results["verdicts"] = rows
    results["targets"] = targets
    print_table(rows)
    if "total_wall_s" in results:
        print(f"\ntotal wall time: {results['total_wall_s']:.0f} s")
    if json_path:
        path = Path(json_path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(results, indent=2, default=str) + "\n", encoding="utf-8")
        print(f"figures written to {path}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default=",".join(DEFAULT_PARTS),
                    help=f"comma-separated parts to run, from {', '.join(PARTS)} "
                         f"(default: {','.join(DEFAULT_PARTS)})")
    ap.add_argument("--seconds", type=float, default=3.0,
                    help="seconds given to each engine at each player count, split in alternating slices;\n"
                         "also the length of the profile (default 3)")
    ap.add_argument("--games", type=int, default=200,
                    help="two-player games per win-rate pairing (default 200)")
    ap.add_argument("--time-games", type=int, default=40,
                    help="games per player count for the expert decision timing (default 40)")
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
          f"open-spiel {info['open_spiel'] or 'not installed'}")
    print(f"code: commit {info.get('git_commit')}"
          + (" (engine has uncommitted changes)" if info.get("engine_uncommitted_changes") else ""))
    results: dict = {"machine": info, "argv": sys.argv, "parts": parts, "seed": args.seed,
                     "started": datetime.now(UTC).isoformat(timespec="seconds")}
    t0 = time.perf_counter()
    results["load_average"] = {}

    def load_note(part: str) -> None:
        try:
            la = os.getloadavg()
        except OSError:
            return
        results["load_average"][part] = [round(x, 2) for x in la]
        if la[0] > 0.5:
            print(f"  note: 1-minute load average is {la[0]:.2f} at {part}: other work is running, "
                  "timings may be slower than on a quiet machine")

    if "playouts" in parts:
        load_note("playouts")
        print(f"\n[playouts] {args.seconds:g} s per engine per player count, in {SLICES} alternating slices")
        results["playouts"] = run_playouts(args.seconds, args.seed)
    if "expert-time" in parts:
        load_note("expert-time")
        print(f"\n[expert-time] ExpertBot.choose, default settings, vs heuristic, "
              f"{args.time_games} games per player count")
        results["expert-time"] = run_expert_time(args.time_games, args.seed)
    if "win-rates" in parts:
        load_note("win-rates")
        print(f"\n[win-rates] 2 players, {args.games} games per pairing, seats rotated, jobs={args.jobs}")
        results["win-rates"] = run_win_rates(args.games, args.seed, args.jobs)
    if "profile" in parts:
        load_note("profile")
        print(f"\n[profile] cProfile of the random playout loop, {args.seconds:g} s")
        results["profile"] = run_profile(args.seconds, args.seed)
    results["total_wall_s"] = round(time.perf_counter() - t0, 1)
    load_note("end")

    finish_report(results, verdicts(results),
                  {"ratio_4p_min": TARGET_RATIO_4P, "expert_p95_ms_max_2p": TARGET_EXPERT_P95_MS,
                   "win_vs_heuristic_min": TARGET_WIN_VS_HEURISTIC, "win_vs_random_min": TARGET_WIN_VS_RANDOM},
                  args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
