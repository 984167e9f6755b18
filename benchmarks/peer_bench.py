"""Our bots against OpenSpiel's information-set MCTS, the same time per move (issue 16).

Run from the project root (not part of the tests; about 20 minutes on 2 cores with the defaults):

    uv run python benchmarks/peer_bench.py --json benchmarks/results/peer.json

Two-player games of each game (``--game``: arriala, midi or both) through our OpenSpiel adapters
(``canal_heritage.openspiel``):
chance is drawn by its probabilities, our bot decides from ``state.observation(player)`` only,
and OpenSpiel's ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (UCT, random-rollout
evaluator, worlds resampled by the adapter's ``resample_from_infostate``, nodes keyed by the
observation string) searches until the same time per move has passed. Seats alternate from one
game to the next. Pairings: our expert (Arriala: turn planning with the same budget; Canal du
Midi: its search with the same time limit) and, as a reference, our heuristic (no budget needed)
against ISMCTS. By default Canal du Midi's expert stops at its usual 60 sampled worlds, often well
within the time; ``--fill-time`` lets it search until the time is up, as ISMCTS does.

A game counts 1 for the winner, 1/k to each of k tied winners, 0 when nobody wins (Arriala's
virtual player first, A-R18). Target: the expert scores at least 55 % against ISMCTS, on each game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "benchmarks"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from midi_bench import finish_report, machine_info  # noqa: E402

TARGET = 0.55


def timed_ismcts(game, seconds: float, seed: int):
    """ISMCTS searching for ``seconds`` per move (OpenSpiel's bot counts simulations instead)."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    class TimedISMCTS(ismcts.ISMCTSBot):
        def run_search(self, state):
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            deadline = time.perf_counter() + seconds
            self.simulations = 0
            while True:
                self.run_simulation(self.sample_root_state(state))
                self.simulations += 1
                # the first simulation only expands the root: at least two, or there is no policy
                if self.simulations >= 2 and time.perf_counter() >= deadline:
                    break
            return self.get_final_policy(state, self._root_node)

    rs = np.random.RandomState(seed)
    bot = TimedISMCTS(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=2.0,
                      max_simulations=1, random_state=rs, use_observation_string=True)
    return bot


def _arriala_bot(name: str, k: int, seconds: float, fill: bool = False):
    from canal_heritage.arriala.bots import ExpertBot, HeuristicBot

    return ExpertBot(random.Random(k), budget=seconds) if name == "expert" else HeuristicBot(random.Random(k))


def _midi_bot(name: str, k: int, seconds: float, fill: bool = False):
    from canal_heritage.midi import MidiGame
    from canal_heritage.midi.bots import ExpertBot as MidiExpert
    from canal_heritage.midi.bots import HeuristicBot as MidiHeuristic

    game = MidiGame(2)
    if name == "search":  # the information-set tree search (issue 29, item 4)
        from canal_heritage.midi.search import InfoSetSearch

        return InfoSetSearch(random.Random(k), time_limit=seconds, game=game)
    if name == "expert":
        if fill:  # search until the time is up, as ISMCTS does
            return MidiExpert(random.Random(k), iterations=10**6, max_playouts=None, time_limit=seconds, game=game)
        return MidiExpert(random.Random(k), time_limit=seconds, game=game)
    return MidiHeuristic(random.Random(k), game)


#: our bots, by game
OUR_BOTS = {"midi": _midi_bot, "arriala": _arriala_bot}


def our_bot(which: str, name: str, k: int, seconds: float, fill: bool = False):
    return OUR_BOTS[which](name, k, seconds, fill)


def play(task: tuple[str, str, int, float, bool, int]) -> dict:
    """One game: ``(which game, our bot's name, game number, seconds per move, fill the time,
    players)``: our bot at seat ``k % players``, an ISMCTS at every other seat."""
    which, name, k, seconds, fill, players = task
    import pyspiel

    import canal_heritage.openspiel  # noqa: F401

    game = pyspiel.load_game(f"canal_heritage_{which}", {"players": players})
    rng = random.Random(1000 + k)
    ours_seat = k % players
    ours = our_bot(which, name, k, seconds, fill)
    peers = {p: timed_ismcts(game, seconds, k * 10 + p) for p in range(players) if p != ours_seat}
    state = game.new_initial_state()
    times = {"ours": [], "peer": []}
    sims: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        p = state.current_player()
        t = time.perf_counter()
        if p == ours_seat:
            action = ours.choose(state.observation(p)).action
            times["ours"].append(time.perf_counter() - t)
        else:
            action = peers[p].step(state)
            times["peer"].append(time.perf_counter() - t)
            sims.append(getattr(peers[p], "simulations", 1))
        state.apply_action(action)
    outcome = state.s.outcome()
    winners = list(outcome.winners) if outcome is not None else []
    if players == 2:  # a win, a shared win (half) or a loss
        score = (1 / len(winners)) if ours_seat in winners else 0.0
        peer_score = (1 / len(winners)) if (1 - ours_seat) in winners else 0.0
    else:  # head to head against each ISMCTS: finished ahead of it 1, level ½, behind 0 (50 %: as strong)
        totals = list(outcome.totals) if outcome is not None else [0] * players
        duels = [1.0 if totals[ours_seat] > totals[p] else 0.5 if totals[ours_seat] == totals[p] else 0.0
                 for p in peers]
        score = sum(duels) / len(duels)
        peer_score = 1.0 - score
    return {"which": which, "bot": name, "game": k, "seat": ours_seat, "score": score, "peer_score": peer_score,
            "won": ours_seat in winners,
            "points": list(outcome.totals) if outcome is not None else None,
            "ours_mean_s": sum(times["ours"]) / max(1, len(times["ours"])),
            "peer_mean_s": sum(times["peer"]) / max(1, len(times["peer"])),
            "peer_simulations_mean": sum(sims) / max(1, len(sims))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games of the expert against ISMCTS (default 200)")
    ap.add_argument("--reference-games", type=int, default=100,
                    help="games of the heuristic against ISMCTS (default 100; 0 to skip)")
    ap.add_argument("--seconds", type=float, default=0.1, help="time per move for both sides (default 0.1)")
    ap.add_argument("--game", default="both", choices=("arriala", "midi", "both"))
    ap.add_argument("--fill-time", action="store_true",
                    help="Canal du Midi's expert searches until its time is up (by default it stops at its 60 worlds)")
    ap.add_argument("--bot", default="expert", choices=("expert", "search"),
                    help="Canal du Midi: our bot against ISMCTS: the expert (default) or the information-set "
                         "tree search (canal_heritage/midi/search.py, issue 29)")
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4),
                    help="players at the table: our bot and ISMCTS at every other seat (default 2); with more "
                         "than 2, the score is head to head: ahead of an ISMCTS 1, level 1/2, behind 0")
    ap.add_argument("--first-game", type=int, default=0,
                    help="number of the first game (games are seeded by their number: a second run from where "
                         "the first stopped plays new games)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    results: dict = {"benchmark": "peer", "when": datetime.now(UTC).isoformat(timespec="seconds"),
                     "machine": machine_info(), "args": vars(args), "pairings": {}}
    rows = []
    which_games = ("arriala", "midi") if args.game == "both" else (args.game,)
    searched = {"midi"}  # the games whose expert --bot may replace (Canal du Midi's search)
    for which, name, games in [(w, args.bot if (w in searched and n == "expert") else n, g) for w in which_games
                               for n, g in (("expert", args.games), ("heuristic", args.reference_games))]:
        if not games:
            continue
        tasks = [(which, name, k, args.seconds, args.fill_time, args.players)
                 for k in range(args.first_game, args.first_game + games)]
        with ProcessPoolExecutor(args.jobs) as pool:
            out = list(pool.map(play, tasks))
        score = sum(g["score"] for g in out) / len(out)
        peer = sum(g["peer_score"] for g in out) / len(out)
        results["pairings"][f"{which} {name}"] = {
            "games": len(out), "score": score, "peer_score": peer,
            "by_seat": {s: sum(g["score"] for g in out if g["seat"] == s)
                        / max(1, sum(1 for g in out if g["seat"] == s)) for s in range(args.players)},
            "won": sum(g["won"] for g in out) / len(out),
            "ours_mean_s": sum(g["ours_mean_s"] for g in out) / len(out),
            "peer_mean_s": sum(g["peer_mean_s"] for g in out) / len(out),
            "peer_simulations_per_move": sum(g["peer_simulations_mean"] for g in out) / len(out),
            "games_detail": out,
        }
        r = results["pairings"][f"{which} {name}"]
        print(f"  {which}, {name} vs ISMCTS: {score:.3f} (ISMCTS {peer:.3f}) over {len(out)} games; "
              f"ours {r['ours_mean_s'] * 1e3:.0f} ms/move, ISMCTS {r['peer_mean_s'] * 1e3:.0f} ms/move, "
              f"{r['peer_simulations_per_move']:.1f} simulations/move", flush=True)
        rows.append({"figure": f"{which}: {name} score vs ISMCTS, {args.players}p, {args.seconds:g} s/move",
                     "value": score,
                     "shown": f"{score:.3f} ({len(out)} games)",
                     "target": f">= {TARGET}" if name != "heuristic" else "-",
                     "pass": (score >= TARGET) if name != "heuristic" else None})
    results["total_wall_s"] = time.perf_counter() - start
    finish_report(results, rows, {"expert score vs ISMCTS": TARGET}, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
