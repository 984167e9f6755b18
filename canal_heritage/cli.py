"""The ``canal-heritage`` command.

    canal-heritage simulate midi --players 3 --bots expert,heuristic,random --games 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
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

    i18n = sub.add_parser("i18n", help="keep the translation catalogs in step with the sources")
    i18n.add_argument("action", choices=["extract", "update", "check"],
                      help="extract: write the .pot templates; update: merge them into the fr/en/oc "
                           "catalogs; check: list missing translations")
    i18n.add_argument("--domain", action="append", metavar="DOMAIN",
                      help="only this domain (repeatable): ui, places, people, timeline, glossary, geometry")
    return parser


def _print_summary(summary, console) -> None:
    from rich.table import Table

    t = Table(title=f"Canal du Midi · {summary.players} players · {summary.games} games · seed {summary.seed}")
    t.add_column("bot")
    t.add_column("win rate", justify="right")
    t.add_column("mean score", justify="right")
    t.add_column("coins spent / game", justify="right")
    for name, f in summary.per_bot.items():
        t.add_row(name, f"{100 * f['win_rate']:.1f} %", f"{f['mean_score']:.1f}", f"{f['reinforcements_per_game']:.2f}")
    console.print(t)
    s = Table(title="by seat (bots rotate between seats)")
    s.add_column("seat")
    s.add_column("win rate", justify="right")
    s.add_column("mean score", justify="right")
    for f in summary.per_seat:
        s.add_row(str(f["seat"] + 1), f"{100 * f['win_rate']:.1f} %", f"{f['mean_score']:.1f}")
    console.print(s)
    sites = Table(title=f"sites built: {100 * summary.sites_built_share:.1f} % overall")
    for sid in summary.per_site_built:
        sites.add_column(sid, justify="right")
    sites.add_row(*[f"{100 * v:.0f} %" for v in summary.per_site_built.values()])
    sites.add_row(*[str(t) for t in summary.thresholds])
    console.print(sites)
    console.print(f"reinforcements (coins spent) per game: {summary.reinforcements_per_game:.2f} · "
                  f"sites won by adjacency per game: {summary.adjacency_awards_per_game:.2f} · "
                  f"ties decided by sites: {summary.tie_breaks.get('sites', 0)} · "
                  f"shared victories: {summary.shared_victories}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from .simulate import simulate_midi

    console = Console()
    if args.command == "simulate" and args.game == "midi":
        if args.json is not None and args.json.parent and not args.json.parent.exists():
            parser.error(f"--json: the folder {args.json.parent} does not exist")
        progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=Console(stderr=True), disable=args.no_progress, transient=True)
        with progress:
            task = progress.add_task("games", total=args.games)
            try:
                summary = simulate_midi(args.players, args.bots, args.games, args.seed,
                                        thresholds=args.thresholds, jobs=args.jobs,
                                        expert_iterations=args.expert_iterations,
                                        progress=lambda k: progress.update(task, completed=k))
            except ValueError as exc:
                parser.error(str(exc))
        _print_summary(summary, console)
        if args.json is not None:
            args.json.write_text(json.dumps(summary.to_json(), indent=2), encoding="utf-8")
            console.print(f"figures written to {args.json}")
        return 0
    if args.command == "i18n":
        return _i18n(args, parser, console)
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
