"""The ``canal-heritage`` command.

    canal-heritage simulate midi --players 3 --bots expert,heuristic,random --games 200 --seed 1
    canal-heritage simulate arriala --players 4 --bots heuristic --games 100 --cells 6,7,4,8
    canal-heritage lessons --no-browser --port 8899
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Sequence


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {v}")
    return v


def _players(text: str) -> int:
    v = _positive(text)
    if not 2 <= v <= 4:
        raise argparse.ArgumentTypeError(f"Canal du Midi is played by 2 to 4 players, not {v}")
    return v


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _countdown(text: str) -> int:
    v = _positive(text)
    if v < 20:
        raise argparse.ArgumentTypeError("visitors need at least 20 seconds to answer (WCAG 2.2.1)")
    return v


def _language(text: str) -> str:
    from .i18n import LANGUAGES

    if text not in LANGUAGES:
        raise argparse.ArgumentTypeError(f"choose a language among {', '.join(LANGUAGES)}, not {text!r}")
    return text


def _lesson_language(text: str) -> str:
    if text not in ("fr", "en"):
        raise argparse.ArgumentTypeError(f"the lessons are in French (fr) and English (en), not {text!r}")
    return text


def lessons_folder() -> Path:
    """The repository's ``lessons/`` folder (the notebooks and their teacher's guide)."""
    return Path(__file__).resolve().parents[1] / "lessons"


def lessons_command(no_browser: bool = False, port: int | None = None, lang: str | None = None) -> list[str]:
    """The JupyterLab command line that opens the lessons (run with this Python)."""
    root = lessons_folder() / lang if lang else lessons_folder()
    # offline classroom: no news feed, no update check (nothing is fetched from outside)
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if no_browser:
        cmd.append("--no-browser")
    if port is not None:
        cmd.append(f"--port={port}")
    if getattr(os, "geteuid", lambda: 1)() == 0:  # a classroom machine or container run as root
        cmd.append("--allow-root")
    return cmd


def _bots(text: str) -> list[str]:
    from .midi.bots import BOT_NAMES

    names = [b.strip() for b in text.split(",") if b.strip()]
    bad = [b for b in names if b not in BOT_NAMES]
    if not names or bad:
        raise argparse.ArgumentTypeError(
            f"unknown bot {', '.join(bad) or text!r}; choose from {', '.join(BOT_NAMES)}, separated by commas")
    return names


def _thresholds(text: str) -> list[int]:
    try:
        values = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"thresholds must be 9 whole numbers separated by commas, got {text!r}") from None
    if len(values) != 9 or any(v < 0 for v in values):
        raise argparse.ArgumentTypeError(f"thresholds must be 9 whole numbers ≥ 0 (sites I to IX), got {len(values)}")
    return values


def _numbers(count: int, what: str):
    def parse(text: str) -> list[int]:
        try:
            values = [int(x) for x in text.split(",")]
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be {count} whole numbers separated by commas, got {text!r}") from None
        if len(values) != count or any(v < 0 for v in values):
            raise argparse.ArgumentTypeError(f"{what} must be {count} whole numbers ≥ 0, got {len(values)}")
        return values
    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="canal-heritage", description="Canal Heritage: the canal games and their history.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sim = sub.add_parser("simulate", help="play many bot games and print a summary")
    games = sim.add_subparsers(dest="game", required=True, metavar="GAME")
    midi = games.add_parser("midi", help="Canal du Midi", description="Simulate Canal du Midi games between bots.")
    midi.add_argument("--players", type=_players, default=2, help="2, 3 or 4 (default 2)")
    midi.add_argument("--bots", type=_bots, default=["heuristic"],
                      help="one bot per seat, or one for all: random, heuristic, expert (default heuristic)")
    midi.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    midi.add_argument("--seed", type=_int, default=0, help="seed of the whole run (default 0)")
    midi.add_argument("--json", type=Path, metavar="PATH", help="also write the figures as JSON to PATH")
    midi.add_argument("--thresholds", type=_thresholds, metavar="T1,...,T9",
                      help="try other site thresholds for this player count (sites I..IX)")
    midi.add_argument("--jobs", type=_positive, default=1, help="worker processes (results do not depend on it)")
    midi.add_argument("--expert-iterations", type=_positive, metavar="N",
                      help="sampled worlds per expert decision (default: the bot's own)")
    midi.add_argument("--no-progress", action="store_true", help="no progress bar")
    midi.add_argument("--lang", type=_language, default=None,
                      help="language of the summary: fr, en or oc (default: from LANG, else fr)")

    arr = games.add_parser("arriala", help="Arriala (Canal de Garonne)",
                           description="Simulate Arriala games between bots (the balance study: docs/arriala-balance.md).")
    arr.add_argument("--players", type=_players, default=2, help="2, 3 or 4 (default 2)")
    arr.add_argument("--bots", type=_bots, default=["heuristic"],
                     help="one bot per seat, or one for all: random, heuristic, expert (default heuristic)")
    arr.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    arr.add_argument("--seed", type=_int, default=0, help="seed of the whole run (default 0)")
    arr.add_argument("--json", type=Path, metavar="PATH", help="also write the figures as JSON to PATH")
    arr.add_argument("--cells", type=_numbers(4, "cells"), metavar="C1,...,C4",
                     help="cells per stretch, Grisolles to Valence d'Agen (each 1 to 10)")
    arr.add_argument("--lock-max", type=_numbers(4, "lock maxima"), metavar="L1,...,L4", help="lock maximum per stretch")
    arr.add_argument("--table", type=_numbers(10, "the scoring table"), metavar="P1,...,P10",
                     help="points for a complete section of 1 to 10 workers")
    arr.add_argument("--deck", type=_numbers(10, "the deck"), metavar="N1,...,N10",
                     help="cards of each kind, in data/arriala/deck.json order")
    arr.add_argument("--jobs", type=_positive, default=1, help="worker processes (results do not depend on it)")
    arr.add_argument("--no-progress", action="store_true", help="no progress bar")
    arr.add_argument("--lang", type=_language, default=None,
                     help="language of the summary: fr, en or oc (default: from LANG, else fr)")

    srv = sub.add_parser("serve", help="start the exhibit on this machine (http://localhost:5006)",
                         description="Start the museum exhibit: a local web server, nothing fetched from outside.")
    srv.add_argument("--kiosk", action="store_true",
                     help="museum kiosk: attract loop on the home screen, back home after inactivity")
    srv.add_argument("--port", type=_positive, default=5006, help="port (default 5006)")
    srv.add_argument("--idle", type=_positive, default=90, metavar="SECONDS",
                     help="kiosk: seconds without a touch before asking 'still there?' (default 90)")
    srv.add_argument("--countdown", type=_countdown, default=20, metavar="SECONDS",
                     help="kiosk: seconds to answer 'still there?', at least 20 (default 20)")
    srv.add_argument("--show", action="store_true", help="open a browser")

    les = sub.add_parser("lessons", help="open the lesson notebooks in JupyterLab",
                         description="Open JupyterLab on the lessons folder (lessons/README.md is the teacher's guide).")
    les.add_argument("--no-browser", action="store_true", help="do not open a browser (print the address instead)")
    les.add_argument("--port", type=_positive, default=None, help="port (default: JupyterLab's, 8888 or the next free one)")
    les.add_argument("--lang", type=_lesson_language, default=None,
                     help="open the French (fr) or English (en) lessons only")

    i18n = sub.add_parser("i18n", help="keep the translation catalogs in step with the sources")
    i18n.add_argument("action", choices=["extract", "update", "check"],
                      help="extract: write the .pot templates; update: merge them into the fr/en/oc "
                           "catalogs; check: list missing translations")
    i18n.add_argument("--domain", action="append", metavar="DOMAIN",
                      help="only this domain (repeatable): ui, places, people, timeline, glossary, geometry")
    return parser


def _print_summary(summary, console, lang: str) -> None:
    from rich.table import Table

    from .i18n import translator

    tr = translator(lang)

    def pct(x: float) -> str:
        return tr.ui("cli.percent", "{value} %", value=f"{100 * x:.1f}")

    def bot_name(name: str) -> str:
        if name == "random":
            return tr.ui("bot.name", "random")
        if name == "heuristic":
            return tr.ui("bot.name", "heuristic")
        return tr.ui("bot.name", "expert")

    t = Table(title=tr.ui("cli.title", "Canal du Midi · {players} players · {games} games · seed {seed}",
                          players=summary.players, games=summary.games, seed=summary.seed))
    t.add_column(tr.ui("cli.column", "bot"))
    t.add_column(tr.ui("cli.column", "win rate"), justify="right")
    t.add_column(tr.ui("cli.column", "mean score"), justify="right")
    t.add_column(tr.ui("cli.column", "coins spent per game"), justify="right")
    for name, f in summary.per_bot.items():
        t.add_row(bot_name(name), pct(f["win_rate"]), f"{f['mean_score']:.1f}", f"{f['reinforcements_per_game']:.2f}")
    console.print(t)
    s = Table(title=tr.ui("cli.title", "By seat (bots change seats from game to game)"))
    s.add_column(tr.ui("cli.column", "seat"))
    s.add_column(tr.ui("cli.column", "win rate"), justify="right")
    s.add_column(tr.ui("cli.column", "mean score"), justify="right")
    for f in summary.per_seat:
        s.add_row(str(f["seat"] + 1), pct(f["win_rate"]), f"{f['mean_score']:.1f}")
    console.print(s)
    sites = Table(title=tr.ui("cli.title", "Sites built: {share} overall", share=pct(summary.sites_built_share)))
    for sid in summary.per_site_built:
        sites.add_column(sid, justify="right")
    sites.add_row(*[pct(v) for v in summary.per_site_built.values()])
    sites.add_row(*[str(t) for t in summary.thresholds])
    console.print(sites)
    console.print(tr.ui("cli.footer", "Reinforcements (coins spent) per game: {reinforcements} · sites won by "
                                      "adjacency per game: {adjacency} · ties decided by sites: {ties} · shared "
                                      "victories: {shared}",
                        reinforcements=f"{summary.reinforcements_per_game:.2f}",
                        adjacency=f"{summary.adjacency_awards_per_game:.2f}",
                        ties=summary.tie_breaks.get("sites", 0), shared=summary.shared_victories))


def _print_arriala_summary(summary, console, lang: str) -> None:
    from rich.table import Table

    from .i18n import translator

    tr = translator(lang)

    def pct(x: float) -> str:
        return tr.ui("cli.percent", "{value} %", value=f"{100 * x:.1f}")

    names = {"random": tr.ui("bot.name", "random"), "heuristic": tr.ui("bot.name", "heuristic"),
             "expert": tr.ui("bot.name", "expert")}
    t = Table(title=tr.ui("cli.title", "Arriala · {players} players · {games} games · seed {seed}",
                          players=summary.players, games=summary.games, seed=summary.seed))
    t.add_column(tr.ui("cli.column", "bot"))
    t.add_column(tr.ui("cli.column", "win rate"), justify="right")
    t.add_column(tr.ui("cli.column", "mean score"), justify="right")
    for name, f in summary.per_bot.items():
        t.add_row(names.get(name, name), pct(f["win_rate"]), f"{f['mean_score']:.1f}")
    console.print(t)
    s = Table(title=tr.ui("cli.title", "By turn order (1 = the first player)"))
    s.add_column(tr.ui("cli.column", "turn order"))
    s.add_column(tr.ui("cli.column", "win rate"), justify="right")
    s.add_column(tr.ui("cli.column", "mean score"), justify="right")
    for f in summary.by_turn_position:
        s.add_row(str(f["position"]), pct(f["win_rate"]), f"{f['mean_score']:.1f}")
    console.print(s)
    reasons = {"last_section": tr.ui("cli.end_reason", "last section scored"),
               "stalled_quiet": tr.ui("cli.end_reason", "stalled: deck empty, 3 quiet rounds (A-R10)"),
               "stalled_rounds": tr.ui("cli.end_reason", "stalled: 60 rounds (A-R10)")}
    e = Table(title=tr.ui("cli.title", "How games ended"))
    for key in summary.end_reasons:
        e.add_column(reasons.get(key, key), justify="right")
    e.add_row(*[pct(v) for v in summary.end_reasons.values()])
    console.print(e)
    console.print(tr.ui("cli.footer", "Rounds per game: {rounds} · sections scored per game: {sections} · winner's "
                                      "mean score: {winner} · mean lead over the second: {margin} · games without "
                                      "a winner: {none}",
                        rounds=f"{summary.mean_rounds:.1f}", sections=f"{summary.sections_per_game:.1f}",
                        winner=f"{summary.mean_winner_score:.1f}", margin=f"{summary.mean_margin:.1f}",
                        none=summary.outcomes.get("shared", 0) + summary.outcomes.get("virtual", 0)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from .midi.simulate import simulate_midi

    console = Console()
    if args.command == "simulate":
        if args.lang is None:
            import os

            from .i18n import normalise_language

            args.lang = normalise_language(os.environ.get("LANGUAGE") or os.environ.get("LANG"))
        if args.json is not None and args.json.parent and not args.json.parent.exists():
            parser.error(f"--json: the folder {args.json.parent} does not exist")
        progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=Console(stderr=True), disable=args.no_progress, transient=True)
        with progress:
            task = progress.add_task("games", total=args.games)
            try:
                if args.game == "midi":
                    summary = simulate_midi(args.players, args.bots, args.games, args.seed,
                                            thresholds=args.thresholds, jobs=args.jobs,
                                            expert_iterations=args.expert_iterations,
                                            progress=lambda k: progress.update(task, completed=k))
                else:
                    from .arriala.simulate import Overrides, simulate_arriala

                    ov = Overrides(*(tuple(x) if x else None for x in (args.cells, args.lock_max, args.table, args.deck)))
                    summary = simulate_arriala(args.players, args.bots, args.games, args.seed, overrides=ov,
                                               jobs=args.jobs, progress=lambda k: progress.update(task, completed=k))
            except ValueError as exc:
                parser.error(str(exc))
        if args.game == "midi":
            _print_summary(summary, console, args.lang)
        else:
            _print_arriala_summary(summary, console, args.lang)
        if args.json is not None:
            args.json.write_text(json.dumps(summary.to_json(), indent=2), encoding="utf-8")
            from .i18n import translator

            console.print(translator(args.lang).ui("cli.json_written", "Figures written to {path}", path=str(args.json)))
        return 0
    if args.command == "i18n":
        return _i18n(args, parser, console)
    if args.command == "lessons":
        import subprocess

        folder = lessons_folder()
        if not folder.is_dir():
            parser.error(f"the lessons folder {folder} is missing: run from the project's folder")
        console.print(f"Canal Heritage lessons: {folder / args.lang if args.lang else folder}  (Ctrl+C to stop)")
        try:
            return subprocess.call(lessons_command(args.no_browser, args.port, args.lang))
        except KeyboardInterrupt:  # pragma: no cover - the teacher stops the server
            return 0
    if args.command == "serve":
        from .serve import make_server

        console.print(f"Canal Heritage: http://localhost:{args.port}/  (Ctrl+C to stop)")
        make_server(port=args.port, kiosk=args.kiosk, idle_after=args.idle, countdown=args.countdown,
                    show=args.show)
        return 0
    parser.error("unknown command")
    return 2


def _i18n(args, parser, console) -> int:
    from .i18n import DOMAINS, LANGUAGES
    from .i18n import catalogs

    domains = tuple(args.domain or DOMAINS)
    bad = [d for d in domains if d not in DOMAINS]
    if bad:
        parser.error(f"unknown domain {', '.join(bad)}; choose from {', '.join(DOMAINS)}")
    if args.action in ("extract", "update"):
        catalogs.extract(domains)
        console.print(f"templates written for {', '.join(domains)}")
    if args.action == "update":
        catalogs.update(domains)
        console.print(f"catalogs updated: {', '.join(LANGUAGES)}")
    if args.action == "check":
        total = 0
        for domain in domains:
            for lang in LANGUAGES:
                miss = catalogs.missing(lang, domain)
                total += len(miss)
                console.print(f"{domain:9} {lang}: {len(miss)} missing")
                for ctx, msgid in miss[:5]:
                    console.print(f"    {ctx}: {msgid[:60]!r}")
        return 0 if total == 0 else 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
