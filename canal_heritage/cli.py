"""The ``canal-heritage`` command.

    canal-heritage simulate midi --players 3 --bots expert,heuristic,random --games 200 --seed 1
    canal-heritage simulate arriala --players 4 --bots heuristic --games 100 --cells 6,7,4,8
    canal-heritage serve --port 5006
    canal-heritage serve --lan --db classroom.db
    canal-heritage serve --port 8001 --db postgresql+psycopg://db/canal --behind-proxy --public-address 10.0.0.5:80
    canal-heritage lessons --no-browser --port 8899
    canal-heritage lessons --lan --db classroom.db --pin 482913
    canal-heritage --version

A user's mistake gets a clear message and exit code 2, never a traceback: a wrong argument is
told with the usage of the command it belongs to, and what would fail later (a port in use, a
``--json`` file that cannot be written) is checked before anything starts. ``serve`` and
``lessons`` stop cleanly, with exit code 0, on Ctrl+C (SIGINT) as on SIGTERM: nothing they
started is left running.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from . import __version__, games

if TYPE_CHECKING:
    from rich.console import Console

    from .arriala.simulate import ArrialaSummary
    from .midi.simulate import Summary as MidiSummary

GAME_TITLES = {k.name: k.title for k in games.kinds()}


class _Parser(argparse.ArgumentParser):
    """argparse's parser, with two hints a new user needs (used for every subcommand too)."""

    def error(self, message: str) -> NoReturn:
        choice = re.search(r"invalid choice: '?([^' ]*)'? \(choose from (.*)\)", message)
        if choice:  # a typo in a command or a game: say the nearest one
            options = [o.strip("'\"") for o in choice.group(2).split(", ")]
            near = difflib.get_close_matches(choice.group(1), options, n=1)
            if near:
                message += f"; did you mean {near[0]!r}?"
        if message.endswith("expected one argument"):
            message += " (a value that starts with a minus sign is written with '=': --lock-max=-1,2,3,4)"
        super().error(message)

    def fail(self, message: str) -> NoReturn:
        """A problem that is not the command line's (a port in use, a missing folder): one
        line, no usage, exit code 2."""
        self.exit(2, f"{self.prog}: error: {message}\n")


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _positive(text: str) -> int:
    v = _whole(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {v}")
    return v


def _port(text: str) -> int:
    v = _whole(text)
    if not 1 <= v <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535 (from 1024 without administrator "
                                         f"rights), not {v}")
    return v


def _players(game: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        v = _whole(text)
        if not 2 <= v <= 4:
            raise argparse.ArgumentTypeError(f"{GAME_TITLES[game]} is played by 2 to 4 players, not {v}")
        return v
    return parse


def _bot_names(game: str) -> tuple[str, ...]:
    return games.kind(game).bot_names


def _bots(game: str) -> Callable[[str], list[str]]:
    def parse(text: str) -> list[str]:
        names = _bot_names(game)
        given = [b.strip() for b in text.split(",") if b.strip()]
        bad = [b for b in given if b not in names]
        if not given or bad:
            raise argparse.ArgumentTypeError(
                f"unknown bot {', '.join(bad) or text!r}; {GAME_TITLES[game]}'s bots are {', '.join(names)} "
                f"(one per seat separated by commas, or one for every seat)")
        return given
    return parse


def _countdown(text: str) -> int:
    v = _positive(text)
    if v < 20:
        raise argparse.ArgumentTypeError("visitors need at least 20 seconds to answer (WCAG 2.2.1)")
    return v


def _database(text: str) -> str:
    """``--db``: a file path or a SQLAlchemy URL, checked for its shape only (the store opens it)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("name a database file (classroom.db) or a database URL "
                                         "(postgresql+psycopg://user@host/canal)")
    if "://" in text:
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        try:
            url = make_url(text)
        except ValueError:  # a port that is not a number: "host:abc"
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a database URL: the port after the host's ':' must be a number, e.g. "
                "postgresql+psycopg://teacher@localhost:5432/canal") from None
        except ArgumentError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a database URL: write dialect://user@host/name, e.g. "
                "postgresql+psycopg://teacher@localhost/canal, or give a file name") from None
        if url.port is not None and not 1 <= url.port <= 65535:
            raise argparse.ArgumentTypeError(f"{text!r}: a port is a number from 1 to 65535, not {url.port}")
    return text


def _public_address(text: str) -> str:
    """``--public-address``: the proxy's ``host:port`` (see :func:`canal_heritage.serve.public_address`)."""
    from .serve import public_address

    try:
        return public_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


#: The teacher's PIN shared by the servers behind one proxy (``serve --behind-proxy``).
PIN_VARIABLE = "CANAL_HERITAGE_TEACHER_PIN"


def shared_pin(environ: Any = None) -> str | None:
    """The teacher's PIN from :data:`PIN_VARIABLE` (None when it is not set).

    Raises:
        ValueError: it is set but is not 6 to 12 digits."""
    value = (os.environ if environ is None else environ).get(PIN_VARIABLE)
    if value is None or value == "":
        return None
    value = value.strip()
    if not (value.isascii() and value.isdigit() and 6 <= len(value) <= 12):
        raise ValueError(f"{PIN_VARIABLE} must be 6 to 12 digits (the teacher types it on the teacher's page)")
    return value


def _language(text: str) -> str:
    from .i18n import LANGUAGES

    if text not in LANGUAGES:
        raise argparse.ArgumentTypeError(f"choose a language among {', '.join(LANGUAGES)}, not {text!r}")
    return text


def _lesson_language(text: str) -> str:
    if text not in ("fr", "en"):
        raise argparse.ArgumentTypeError(f"the lessons are in French (fr) and English (en), not {text!r}")
    return text


def _numbers(count: int, what: str, each: str, low: int = 0, high: int | None = None) -> Callable[[str], list[int]]:
    """A parser of ``count`` whole numbers separated by commas, each from ``low`` to ``high``
    (the ranges the engines accept, so that the command line refuses what they would refuse)."""
    bounds = f"from {low} to {high}" if high is not None else f"{low} or more"

    def parse(text: str) -> list[int]:
        try:
            values = [int(x) for x in text.split(",")]
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be {count} whole numbers separated by commas ({each}), got {text!r}") from None
        if len(values) != count:
            raise argparse.ArgumentTypeError(
                f"{what} must be {count} whole numbers ({each}), but {len(values)} were given: {text!r}")
        bad = [v for v in values if v < low or (high is not None and v > high)]
        if bad:
            raise argparse.ArgumentTypeError(f"{what} must each be {bounds}, not {bad[0]}")
        return values
    return parse


_thresholds = _numbers(9, "thresholds", "sites I to IX")


#: What of the lessons an installed copy carries (``pyproject.toml`` puts them in the wheel, under
#: ``canal_heritage/lessons_files``): the notebooks in both languages, the teacher's guide and the
#: printable pages.
LESSON_PARTS = ("en", "fr", "print", "README.md")


def lessons_source() -> Path | None:
    """Where the lessons come from: the repository's ``lessons/`` folder in a clone, the copy
    packaged with an installed wheel otherwise (None if neither is there)."""
    here = Path(__file__).resolve().parent
    for folder in (here.parent / "lessons", here / "lessons_files"):
        if (folder / "en").is_dir():
            return folder
    return None


def default_lessons_folder() -> Path:
    """Where an installed copy puts the lessons the first time: a folder in the user's documents."""
    import platformdirs

    return Path(platformdirs.user_documents_dir()) / "Canal Heritage lessons"


def copy_lessons(source: Path, folder: Path) -> int:
    """Copy the lessons from ``source`` into ``folder``, only the files it does not hold yet: a
    notebook a teacher or a pupil has changed is never replaced. Returns how many were copied.

    Raises:
        OSError: ``folder`` cannot be made or written.
    """
    copied = 0
    for part in LESSON_PARTS:
        top = source / part
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())  # none if absent
        for path in files:
            if "__pycache__" in path.parts or ".ipynb_checkpoints" in path.parts:
                continue
            target = folder / path.relative_to(source)
            if target.exists():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
            copied += 1
    return copied


def lessons_folder(chosen: Path | None = None) -> Path:
    """The folder JupyterLab opens: ``chosen`` (``--folder``; the lessons are copied into it), or
    in a clone the repository's ``lessons/`` folder, or for an installed copy
    :func:`default_lessons_folder`. Only :func:`lessons_source` is read; nothing is copied here."""
    source = lessons_source()
    if chosen is not None:
        return chosen
    if source is not None and source.name == "lessons":
        return source
    return default_lessons_folder()


#: The Jupyter Server extension of a class's lessons server, and the pupils' sign-in page.
CLASS_EXTENSION = "canal_heritage.lessons.class_server"
SIGNIN_PATH = "/canal/signin"
#: The port of a class's lessons server when ``--port`` is not given (it is printed for the pupils).
CLASS_PORT = 8899


def default_class_folder() -> Path:
    """Where ``lessons --lan`` keeps the lessons and the pupils' copies: a folder in the user's
    documents (never the project's lessons/ folder: the copies are not the project's)."""
    import platformdirs

    return Path(platformdirs.user_documents_dir()) / "Canal Heritage class"


def class_password(text: str | None, environ: Any = None) -> str:
    """The password pupils type to reach a class's lessons server: ``--pin`` (6 to 12 digits),
    else the classroom's shared PIN (:data:`PIN_VARIABLE`), else eight characters drawn now.

    Raises:
        ValueError: the PIN given is not 6 to 12 digits."""
    import secrets

    if text is not None:
        text = text.strip()
        if not (text.isascii() and text.isdigit() and 6 <= len(text) <= 12):
            raise ValueError("--pin must be 6 to 12 digits (pupils type it to reach the lessons)")
        return text
    shared = shared_pin(environ)
    if shared:
        return shared
    return "".join(secrets.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(8))


def lessons_command(no_browser: bool = False, port: int | None = None, lang: str | None = None,
                    folder: Path | None = None, *, lan: bool = False) -> list[str]:
    """The JupyterLab command line that opens the lessons in ``folder`` (default
    :func:`lessons_folder`), run with this Python. ``lan``: a class's server, listening on the
    network, on the whole folder (each pupil's copy goes under it), its first page the pupils'
    sign-in (:mod:`canal_heritage.lessons.class_server`); the token comes from ``JUPYTER_TOKEN``."""
    folder = folder or lessons_folder()
    root = folder / lang if lang and not lan else folder
    # offline classroom: no news feed, no update check (nothing is fetched from outside)
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if lan:
        cmd += ["--ServerApp.ip=0.0.0.0", "--ServerApp.allow_remote_access=True",
                f"--ServerApp.jpserver_extensions={CLASS_EXTENSION}=True", f"--ServerApp.default_url={SIGNIN_PATH}"]
    if no_browser:
        cmd.append("--no-browser")
    if port is not None:
        cmd.append(f"--port={port}")
    if getattr(os, "geteuid", lambda: 1)() == 0:  # a classroom machine or container run as root
        cmd.append("--allow-root")
    return cmd


#: The keys every figures file of ``simulate --json`` holds (both games): a file that has them
#: was written by this command and may be replaced by a new run.
FIGURES_KEYS = frozenset({"players", "games", "seed", "bots", "per_bot"})


def _figures_file(path: Path) -> bool:
    """Whether ``path`` is empty or holds figures an earlier ``simulate --json`` wrote."""
    try:
        with path.open("rb") as f:
            head = f.read(4 << 20)
    except OSError:
        return True  # not readable: the write check below says so
    if not head.strip():
        return True
    try:
        data = json.loads(head.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return False
    return isinstance(data, dict) and data.keys() >= FIGURES_KEYS


def save_names(game: str, seed: int, games: int) -> list[str]:
    """The file names ``simulate --save`` gives the games' records, in order."""
    return [f"{game}-seed{seed}-game{k + 1:04d}.json" for k in range(games)]


def save_problem(folder: Path, names: list[str]) -> str | None:
    """Why the records could not be written to ``folder`` (in words), or None when they can:
    checked before the run. A record already there is never replaced (a saved game is a
    user's: ``simulate --save`` writes new files only)."""
    if folder.exists() and not folder.is_dir():
        return f"{folder} is a file, not a folder"
    if not folder.exists():
        if not folder.parent.is_dir():
            return f"the folder {folder.parent} does not exist"
        return None if os.access(folder.parent, os.W_OK) else f"cannot create a folder in {folder.parent}"
    taken = [n for n in names if (folder / n).exists()]
    if taken:
        return f"{folder / taken[0]} is there already: give another folder or another --seed (no record is replaced)"
    return None if os.access(folder, os.W_OK) else f"cannot write in {folder}"


def json_problem(path: Path, *, force: bool = False) -> str | None:
    """Why the figures could not be written to ``path`` (in words), or None when they can.

    Checked before a simulation starts, by opening the file for appending (a file that did
    not exist is removed again), so that a long run does not end in an error. A file that is
    there already is replaced only if it holds figures this command wrote (or with ``force``):
    ``--json classroom.db`` must not turn a database into figures."""
    if path.is_dir():
        return f"{path} is a folder: give a file name, such as {path / 'figures.json'}"
    if not path.parent.exists():
        return f"the folder {path.parent} does not exist"
    if not path.parent.is_dir():
        return f"{path.parent} is a file, not a folder"
    existed = path.exists()
    if existed and not force and not _figures_file(path):
        return (f"{path} is there already and does not hold figures of this command: give another file name "
                "(or add --force to replace it)")
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        return f"cannot write {path}: {exc.strerror or exc}"
    if not existed:
        path.unlink(missing_ok=True)
    return None


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # SIGTERM stops the command as Ctrl+C does


def run_until_stopped(cmd: list[str], grace: float = 30.0, env: dict[str, str] | None = None) -> int:
    """Run ``cmd`` until it ends (its exit code) or until Ctrl+C or SIGTERM (0).

    The child runs in a process group of its own, so that Ctrl+C in the terminal reaches this
    process only; either signal is passed on to the child as SIGTERM (JupyterLab then shuts
    down its kernels and exits). A child still running ``grace`` seconds later, or after a
    second Ctrl+C, is killed."""
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        proc = subprocess.Popen(cmd, process_group=0, env=env)
        try:
            return proc.wait()
        except KeyboardInterrupt:
            proc.terminate()
            try:
                proc.wait(grace)
            except (KeyboardInterrupt, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()
            return 0
    finally:
        signal.signal(signal.SIGTERM, previous)


def _simulation_options(p: argparse.ArgumentParser, game: str) -> None:
    p.add_argument("--players", type=_players(game), default=2, help="2, 3 or 4 (default 2)")
    p.add_argument("--bots", type=_bots(game), default=["heuristic"],
                   help="one bot per seat, or one for all: random, heuristic, expert (default heuristic)")
    p.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=_whole, default=0, help="seed of the whole run (default 0)")
    p.add_argument("--json", type=Path, metavar="PATH", help="also write the figures as JSON to PATH")
    p.add_argument("--force", action="store_true",
                   help="let --json replace a file that does not hold figures of this command")
    p.add_argument("--save", type=Path, metavar="DIR",
                   help="also write each game's record (JSON) to the folder DIR, for canal-heritage review")


def _run_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--jobs", type=_positive, default=1, help="worker processes (results do not depend on it)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--lang", type=_language, default=None,
                   help="language of the summary: fr, en or oc (default: from LANGUAGE or LANG, else fr)")


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``simulate midi|arriala``, ``serve``, ``lessons``, ``i18n``; each
    leaf command keeps its own parser in ``args.parser`` (its errors show its usage)."""
    parser = _Parser(prog="canal-heritage", description="Canal Heritage: the canal games and their history.")
    parser.add_argument("--version", action="version", version=f"canal-heritage {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sim = sub.add_parser("simulate", help="play many bot games and print a summary",
                         description="Play many bot games and print a summary (simulate midi --help, "
                                     "simulate arriala --help).")
    games = sim.add_subparsers(dest="game", required=True, metavar="GAME")
    midi = games.add_parser("midi", help="Canal du Midi", description="Simulate Canal du Midi games between bots.")
    _simulation_options(midi, "midi")
    midi.add_argument("--thresholds", type=_thresholds, metavar="T1,...,T9",
                      help="try other site thresholds for this player count (sites I..IX, each 0 or more)")
    midi.add_argument("--expert-iterations", type=_positive, metavar="N",
                      help="sampled worlds per expert decision (default: the bot's own)")
    _run_options(midi)
    midi.set_defaults(parser=midi, simulation=_midi_simulation)

    arr = games.add_parser("arriala", help="Arriala (Canal de Garonne)",
                           description="Simulate Arriala games between bots "
                                       "(the balance study: docs/arriala-balance.md).")
    _simulation_options(arr, "arriala")
    arr.add_argument("--cells", type=_numbers(4, "cells", "one per stretch", 1, 10), metavar="C1,...,C4",
                     help="cells per stretch, Grisolles to Valence d'Agen (each from 1 to 10)")
    arr.add_argument("--lock-max", type=_numbers(4, "lock maxima", "one per stretch"), metavar="L1,...,L4",
                     help="lock maximum per stretch (each 0 or more)")
    arr.add_argument("--table", type=_numbers(10, "the scoring table", "sections of 1 to 10 workers"),
                     metavar="P1,...,P10", help="points for a complete section of 1 to 10 workers (each 0 or more)")
    arr.add_argument("--deck", type=_numbers(10, "the deck", "cards of each kind"), metavar="N1,...,N10",
                     help="cards of each kind, in data/arriala/deck.json order (each 0 or more)")
    _run_options(arr)
    arr.set_defaults(parser=arr, simulation=_arriala_simulation)

    srv = sub.add_parser("serve", help="start the exhibit on this machine (http://localhost:5006)",
                         description="Start the museum exhibit: a local web server, nothing fetched from outside. "
                                     "Ctrl+C or SIGTERM stops it (exit code 0).")
    srv.add_argument("--kiosk", action="store_true",
                     help="museum kiosk: attract loop on the home screen, back home after inactivity")
    srv.add_argument("--port", type=_port, default=5006, help="port (default 5006)")
    srv.add_argument("--idle", type=_positive, default=90, metavar="SECONDS",
                     help="kiosk: seconds without a touch before asking 'still there?' (default 90)")
    srv.add_argument("--countdown", type=_countdown, default=20, metavar="SECONDS",
                     help="kiosk: seconds to answer 'still there?', at least 20 (default 20)")
    srv.add_argument("--show", action="store_true", help="open a browser")
    srv.add_argument("--lan", action="store_true",
                     help="classroom: listen on this machine's network addresses too, so that students join from "
                          "their own devices (prints the join address and the teacher's PIN); default: this "
                          "machine only")
    srv.add_argument("--db", type=_database, default=None, metavar="PATH_OR_URL",
                     help="the database that keeps rooms and games: a file, or a URL such as "
                          "postgresql+psycopg://user@host/canal (default: a file in your data folder)")
    srv.add_argument("--behind-proxy", action="store_true",
                     help="one of several servers behind a reverse proxy such as nginx on this machine, all on one "
                          "database (docs/deployment.md): listen on 127.0.0.1 only, take each page's client address "
                          "from the proxy's X-Real-IP/X-Forwarded-For headers (so the teacher's page still asks "
                          "other devices for the PIN), and serve the rooms the proxy sends here; the teacher's PIN "
                          f"is {PIN_VARIABLE} (the same for every server), else one is drawn; not with --lan")
    srv.add_argument("--public-address", type=_public_address, action="append", default=[], metavar="HOST:PORT",
                     help="with --behind-proxy: an address people open, the proxy's (repeatable), e.g. "
                          "192.168.1.10:80; pages from it are accepted and the projector shows it to join")
    srv.set_defaults(parser=srv)

    rev = sub.add_parser("review", help="where did a saved game turn? the costliest decisions of one seat",
                         description="Review one seat's decisions in a saved game (a record written by the exhibit, "
                                     "a notebook or simulate --save): each decision weighed from what that seat "
                                     "could see, the turning points and the best move, in words.")
    rev.add_argument("record", type=Path, metavar="RECORD", help="the saved game (a JSON file)")
    rev.add_argument("--seat", type=_positive, required=True, metavar="N",
                     help="the seat to review: 1 for the first player, 2 for the second…")
    rev.add_argument("--seed", type=_whole, default=0, help="seed of the review's sampled worlds (default 0)")
    _run_options(rev)
    rev.set_defaults(parser=rev)

    les = sub.add_parser("lessons", help="open the lesson notebooks in JupyterLab",
                         description="Open JupyterLab on the lessons folder (lessons/README.md is the teacher's "
                                     "guide). Ctrl+C or SIGTERM stops it (exit code 0).")
    les.add_argument("--no-browser", action="store_true", help="do not open a browser (print the address instead)")
    les.add_argument("--port", type=_port, default=None, help="port (default: JupyterLab's, 8888 or the next free one)")
    les.add_argument("--lang", type=_lesson_language, default=None,
                     help="open the French (fr) or English (en) lessons only")
    les.add_argument("--folder", type=Path, default=None, metavar="FOLDER",
                     help="open the lessons in this folder, copying them into it first (files already there are "
                          "kept); default: the project's lessons/ folder, or for an installed copy a folder in "
                          "your documents")
    les.add_argument("--lan", action="store_true",
                     help="a class's server: listen on this machine's network addresses, with a password (--pin, "
                          "else printed); each pupil signs in at /canal/signin and gets a copy of the lessons of "
                          "their own, in FOLDER/pupils/ (default FOLDER: a folder in your documents)")
    les.add_argument("--db", type=_database, default=None, metavar="PATH_OR_URL",
                     help="the class store the lessons' answers go to: the same as `serve --db` so that the "
                          "teacher's page shows them (default: CANAL_HERITAGE_DB, else the file in your data folder)")
    les.add_argument("--pin", default=None, metavar="DIGITS",
                     help="with --lan: the password pupils type (6 to 12 digits, e.g. the classroom's PIN); "
                          f"default: {PIN_VARIABLE} if set, else one drawn and printed")
    les.add_argument("--export", type=Path, default=None, metavar="NOTEBOOK",
                     help="instead of opening JupyterLab, write this saved notebook as one HTML page that opens "
                          "and prints offline (code hidden, each widget as the picture it left)")
    les.add_argument("--output", type=Path, default=None, metavar="FILE.html",
                     help="with --export: where to write the page (default: next to the notebook)")
    les.set_defaults(parser=les)

    i18n = sub.add_parser("i18n", help="keep the translation catalogs in step with the sources",
                          description="Keep the translation catalogs in step with the sources (docs/translating.md).")
    i18n.add_argument("action", choices=["extract", "update", "check"],
                      help="extract: write the .pot templates; update: merge them into the fr/en/oc "
                           "catalogs; check: list missing translations")
    i18n.add_argument("--domain", action="append", metavar="DOMAIN",
                      help="only this domain (repeatable): ui, places, people, timeline, glossary, geometry")
    i18n.set_defaults(parser=i18n)
    return parser


def _print_summary(summary: MidiSummary, console: Console, lang: str) -> None:
    from rich.table import Table

    from .i18n import translator

    tr = translator(lang)

    def pct(x: float) -> str:
        return tr.ui("cli.percent", "{value}%", value=tr.number(100 * x, "0.0"))

    def bot_name(name: str) -> str:
        if name == "random":
            return tr.ui("bot.name", "random")
        if name == "heuristic":
            return tr.ui("bot.name", "heuristic")
        return tr.ui("bot.name", "expert")

    t = Table(title=tr.ui_plural("cli.title", "Canal du Midi · {players} players · {n} game · seed {seed}",
                                 "Canal du Midi · {players} players · {n} games · seed {seed}", summary.games,
                                 players=summary.players, seed=summary.seed))
    t.add_column(tr.ui("cli.column", "bot"))
    t.add_column(tr.ui("cli.column", "win rate"), justify="right")
    t.add_column(tr.ui("cli.column", "mean score"), justify="right")
    t.add_column(tr.ui("cli.column", "coins spent per game"), justify="right")
    for name, f in summary.per_bot.items():
        t.add_row(bot_name(name), pct(f["win_rate"]), tr.number(f["mean_score"], "0.0"),
                  tr.number(f["reinforcements_per_game"], "0.00"))
    console.print(t)
    s = Table(title=tr.ui("cli.title", "By seat (bots change seats from game to game)"))
    s.add_column(tr.ui("cli.column", "seat"))
    s.add_column(tr.ui("cli.column", "win rate"), justify="right")
    s.add_column(tr.ui("cli.column", "mean score"), justify="right")
    for f in summary.per_seat:
        s.add_row(str(f["seat"] + 1), pct(f["win_rate"]), tr.number(f["mean_score"], "0.0"))
    console.print(s)
    sites = Table(title=tr.ui("cli.title", "Sites built: {share} overall", share=pct(summary.sites_built_share)))
    for sid in summary.per_site_built:
        sites.add_column(sid, justify="right", no_wrap=True)
    sites.add_row(*[tr.ui("cli.percent", "{value}%", value=tr.number(100 * v, "0"))  # whole numbers fit 80 columns
                    for v in summary.per_site_built.values()])
    sites.add_row(*[str(t) for t in summary.thresholds])
    console.print(sites)
    console.print(tr.ui("cli.footer", "Reinforcements (coins spent) per game: {reinforcements} · sites won by "
                                      "adjacency per game: {adjacency} · ties decided by sites: {ties} · shared "
                                      "victories: {shared}",
                        reinforcements=tr.number(summary.reinforcements_per_game, "0.00"),
                        adjacency=tr.number(summary.adjacency_awards_per_game, "0.00"),
                        ties=summary.tie_breaks.get("sites", 0), shared=summary.shared_victories))


def _print_arriala_summary(summary: ArrialaSummary, console: Console, lang: str) -> None:
    from rich.table import Table

    from .i18n import translator

    tr = translator(lang)

    def pct(x: float) -> str:
        return tr.ui("cli.percent", "{value}%", value=tr.number(100 * x, "0.0"))

    names = {"random": tr.ui("bot.name", "random"), "heuristic": tr.ui("bot.name", "heuristic"),
             "expert": tr.ui("bot.name", "expert")}
    t = Table(title=tr.ui_plural("cli.title", "Arriala · {players} players · {n} game · seed {seed}",
                                 "Arriala · {players} players · {n} games · seed {seed}", summary.games,
                                 players=summary.players, seed=summary.seed))
    t.add_column(tr.ui("cli.column", "bot"))
    t.add_column(tr.ui("cli.column", "win rate"), justify="right")
    t.add_column(tr.ui("cli.column", "mean score"), justify="right")
    for name, f in summary.per_bot.items():
        t.add_row(names.get(name, name), pct(f["win_rate"]), tr.number(f["mean_score"], "0.0"))
    console.print(t)
    s = Table(title=tr.ui("cli.title", "By turn order (1 = the first player)"))
    s.add_column(tr.ui("cli.column", "turn order"))
    s.add_column(tr.ui("cli.column", "win rate"), justify="right")
    s.add_column(tr.ui("cli.column", "mean score"), justify="right")
    for f in summary.by_turn_position:
        s.add_row(str(f["position"]), pct(f["win_rate"]), tr.number(f["mean_score"], "0.0"))
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
                        rounds=tr.number(summary.mean_rounds, "0.0"),
                        sections=tr.number(summary.sections_per_game, "0.0"),
                        winner=tr.number(summary.mean_winner_score, "0.0"),
                        margin=tr.number(summary.mean_margin, "0.0"),
                        none=summary.outcomes.get("shared", 0) + summary.outcomes.get("virtual", 0)))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns its exit code (2 for a user's mistake, after a message)."""
    parser = build_parser()
    args, extras = parser.parse_known_args(argv)
    command: _Parser = args.parser
    if extras:
        command.error(f"unrecognized arguments: {' '.join(extras)}")
    if args.command == "simulate":
        try:
            return _simulate(args, command)
        except KeyboardInterrupt:
            print("simulation stopped: nothing written", file=sys.stderr)
            return 130
    if args.command == "i18n":
        from rich.console import Console

        return _i18n(args, command, Console())
    if args.command == "lessons":
        return _lessons(args, command)
    if args.command == "review":
        try:
            return _review(args, command)
        except KeyboardInterrupt:
            print("review stopped", file=sys.stderr)
            return 130
    return _serve(args, command)


def _review(args: argparse.Namespace, parser: _Parser) -> int:
    from concurrent.futures import ProcessPoolExecutor

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from .core.errors import RecordError
    from .i18n import language_from_environment
    from .review import NoSuchSeat, as_text, review_record, say

    if args.lang is None:
        args.lang = language_from_environment(os.environ)
    if args.record.is_dir():
        parser.error(f"{args.record} is a folder: give one saved game (a .json file in it)")
    if not args.record.exists():
        parser.error(f"{args.record} does not exist")
    progress = Progress(TextColumn("weighing decisions"), BarColumn(), MofNCompleteColumn(),
                        console=Console(stderr=True), disable=args.no_progress, transient=True)
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        with progress:
            task = progress.add_task("decisions", total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            review = review_record(args.record, args.seat - 1, seed=args.seed, pool=pool, progress=advance)
    except RecordError as exc:
        parser.error(f"{args.record} cannot be read as a saved game: {exc}")
    except NoSuchSeat as exc:
        parser.error(f"--seat: this game had {exc.players} players: give a seat from 1 to {exc.players}")
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    print(as_text(say(review, args.lang)))
    return 0


def _simulate(args: argparse.Namespace, parser: _Parser) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from .core.simulate import check_seats
    from .i18n import language_from_environment, translator

    if args.lang is None:  # the summary speaks the user's language (the project's default, French, otherwise)
        args.lang = language_from_environment(os.environ)
    if args.json is not None:
        problem = json_problem(args.json, force=args.force)
        if problem:
            parser.error(f"--json: {problem}")
    names = save_names(args.game, args.seed, args.games)
    if args.save is not None:
        problem = save_problem(args.save, names)
        if problem:
            parser.error(f"--save: {problem}")
        args.records = []
    # every argument is checked before the first game (the simulators check again, harmlessly)
    try:
        check_seats(GAME_TITLES[args.game], args.players, args.bots, args.games, _bot_names(args.game))
        simulate, report = args.simulation(args)
    except ValueError as exc:
        parser.error(str(exc))
    console = Console()
    progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=Console(stderr=True), disable=args.no_progress, transient=True)
    with progress:
        task = progress.add_task("games", total=args.games)

        def advance(k: int) -> None:
            progress.update(task, completed=k)

        summary = simulate(advance)
    report(summary, console, args.lang)
    if args.save is not None:
        try:
            args.save.mkdir(exist_ok=True)
            for name, record in zip(names, args.records, strict=True):
                with (args.save / name).open("x", encoding="utf-8") as out:  # never replaces a file
                    json.dump(record, out, indent=1)
        except OSError as exc:
            print(f"{parser.prog}: error: cannot write the records in {args.save}: {exc.strerror or exc} "
                  f"(the summary above is complete)", file=sys.stderr)
            return 1
        console.print(translator(args.lang).ui_plural("cli.records_written", "{n} game record written to {path}",
                                                      "{n} game records written to {path}", len(names),
                                                      path=str(args.save)))
    if args.json is not None:
        try:
            args.json.write_text(json.dumps(summary.to_json(), indent=2), encoding="utf-8")
        except OSError as exc:  # checked before the run, so only a change since (a full disk, say)
            print(f"{parser.prog}: error: cannot write {args.json}: {exc.strerror or exc} "
                  f"(the summary above is complete)", file=sys.stderr)
            return 1
        console.print(translator(args.lang).ui("cli.json_written", "Figures written to {path}", path=str(args.json)))
    return 0


#: a game's simulation, ready to run: it plays the games (told each game done) and returns the
#: summary; then how the summary is printed
Simulation = tuple[Callable[[Callable[[int], None]], Any], Callable[[Any, Any, str], None]]


def _midi_simulation(args: argparse.Namespace) -> Simulation:
    """Canal du Midi's simulation of ``args`` (ValueError: an option the game refuses)."""
    from .midi.simulate import simulate_midi
    from .midi.state import MidiGame

    MidiGame(args.players, thresholds=args.thresholds)
    def run(progress: Callable[[int], None]) -> Any:
        return simulate_midi(args.players, args.bots, args.games, args.seed, thresholds=args.thresholds,
                             jobs=args.jobs, expert_iterations=args.expert_iterations, progress=progress,
                             records=getattr(args, "records", None))

    return run, _print_summary


def _arriala_simulation(args: argparse.Namespace) -> Simulation:
    """Arriala's simulation of ``args`` (ValueError: an option the game refuses)."""
    from .arriala.simulate import Overrides, simulate_arriala

    overrides = Overrides(*(tuple(x) if x else None for x in (args.cells, args.lock_max, args.table, args.deck)))
    overrides.game(args.players)
    def run(progress: Callable[[int], None]) -> Any:
        return simulate_arriala(args.players, args.bots, args.games, args.seed, overrides=overrides, jobs=args.jobs,
                                progress=progress, records=getattr(args, "records", None))

    return run, _print_arriala_summary


def _lessons(args: argparse.Namespace, parser: _Parser) -> int:
    import importlib.util

    from .serve import port_problem

    if args.output is not None and args.export is None:
        parser.fail("--output goes with --export NOTEBOOK (the notebook to write as a page)")
    if args.export is not None:
        from .lessons.export import ExportError, export_html

        try:
            page = export_html(args.export, args.output)
        except ExportError as exc:
            parser.fail(str(exc))
        except OSError as exc:
            parser.fail(f"could not write the page: {exc.strerror or exc}")
        print(f"Written: {page} (open it in a browser to read or print it; it needs no internet)")
        return 0
    if args.pin is not None and not args.lan:
        parser.fail("--pin is the password of a class's server: it goes with --lan")
    password = ""
    if args.lan:
        try:
            password = class_password(args.pin)
        except ValueError as exc:
            parser.fail(str(exc))
    source = lessons_source()
    folder = lessons_folder(args.folder) if not args.lan else (args.folder or default_class_folder())
    if folder != source:  # an installed copy, or a folder of one's own: the lessons are copied there first
        if source is None:
            parser.fail("the lessons are not part of this copy of Canal Heritage: reinstall it, or run from a clone "
                        "of the project")
        if folder.exists() and not folder.is_dir():
            parser.fail(f"{folder} is a file: give --folder a folder for the lessons")
        try:
            copied = copy_lessons(source, folder)
        except OSError as exc:
            parser.fail(f"cannot copy the lessons into {folder}: {exc.strerror or exc}. Give --folder a folder "
                        "you may write in")
        if copied:
            print(f"The lessons were copied into {folder} ({copied} files; the ones already there were kept).")
    if importlib.util.find_spec("jupyterlab") is None:
        parser.fail("JupyterLab is not installed in this environment: run `uv sync` in the project's folder")
    port = args.port if args.port is not None or not args.lan else CLASS_PORT
    if port is not None:
        problem = port_problem(port, "0.0.0.0" if args.lan else "127.0.0.1")
        if problem:
            parser.fail(problem)
    from .i18n import language_from_environment

    # the class's sign-in pages and JupyterLab speak the lessons' language (a class's server: French by default)
    lang = args.lang or ("fr" if args.lan else language_from_environment(os.environ))
    env: dict[str, str] = {}
    if args.db is not None:  # the kernels keep the class book there (they inherit the server's environment)
        env["CANAL_HERITAGE_DB"] = args.db
    if args.lan:
        from .lessons.class_server import LANG_VARIABLE

        env["JUPYTER_TOKEN"] = password
        env[LANG_VARIABLE] = lang
        print(f"Canal Heritage lessons for a class: {folder}  (Ctrl+C to stop)", flush=True)
        print(class_notice(lan_urls(port), password, folder), flush=True)
    else:
        print(f"Canal Heritage lessons: {folder / args.lang if args.lang else folder}  (Ctrl+C to stop)", flush=True)
    cmd = lessons_command(args.no_browser, port, args.lang, folder, lan=args.lan)
    import tempfile

    from .lessons.lab_settings import TEMPLATES, write_lab_settings

    # JupyterLab in the lessons' language, asking nothing first; the computer's settings untouched
    with tempfile.TemporaryDirectory(prefix="canal-heritage-lab-") as settings:
        lab = write_lab_settings(Path(settings), lang)
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(filter(None, [str(lab), os.environ.get("JUPYTER_CONFIG_PATH")]))
        cmd.append(f"--ServerApp.extra_template_paths={lab / TEMPLATES}")
        return run_until_stopped(cmd, env={**os.environ, **env})


def lan_urls(port: int) -> list[str]:
    """The sign-in addresses of a class's lessons server, one per network address of this machine."""
    from .rooms.network import lan_addresses

    return [f"http://{host}:{port}{SIGNIN_PATH}" for host in lan_addresses()]


def class_notice(urls: Sequence[str], password: str, folder: Path) -> str:
    """What ``lessons --lan`` tells the teacher: where pupils sign in, the password, where the copies go."""
    if not urls:
        where = ("This computer has no network address: pupils cannot reach it from their devices. Connect it to "
                 "the school's network (Wi-Fi or cable) and start again.")
    elif len(urls) == 1:
        where = f"Pupils sign in at {urls[0]}"
    else:
        where = "Pupils sign in at one of these addresses (the one on the pupils' network):\n" + "\n".join(
            f"  {url}" for url in urls)
    direct = f"\nOr, without typing the password: {urls[0]}?token={password}" if urls else ""
    return (f"{where}\nPassword: {password}{direct}\n"
            f"Each pupil (or pair) gets a copy of the lessons of their own in {folder / 'pupils'}; their answers "
            "go to the class store, which the teacher's page (canal-heritage serve, with the same --db) shows.")


def _serve(args: argparse.Namespace, parser: _Parser) -> int:
    from .serve import configure, make_server, port_problem
    from .store import StoreError

    if args.behind_proxy and args.lan:
        parser.error("--lan and --behind-proxy do not go together: behind a proxy, only the proxy listens on the "
                     "network, and this server on this machine")
    if args.public_address and not args.behind_proxy:
        parser.error("--public-address is the proxy's address: it goes with --behind-proxy")
    if args.behind_proxy and not args.public_address:
        parser.error("--behind-proxy needs --public-address HOST:PORT, the proxy's address that people open "
                     "(e.g. 192.168.1.10:80)")
    pin = None
    if args.behind_proxy:
        try:
            pin = shared_pin()
        except ValueError as exc:
            parser.fail(str(exc))
    address = "0.0.0.0" if args.lan else "127.0.0.1"  # --lan: every interface, as the server will listen
    problem = port_problem(args.port, address)
    if problem:
        parser.fail(problem)
    current = configure(lan=args.lan, port=args.port, db_url=args.db, teacher_pin=pin,  # db None: the default
                        behind_proxy=args.behind_proxy, public_addresses=args.public_address)

    def announce() -> None:  # once the store is open and the port taken: a refusal comes before any banner
        if current.behind_proxy:
            print(f"Canal Heritage behind a proxy: this server at http://127.0.0.1:{args.port}/  (Ctrl+C to stop)",
                  flush=True)
            print(proxy_notice(current.join_urls, current.teacher_pin or "", from_variable=pin is not None),
                  flush=True)
        else:
            print(f"Canal Heritage: http://localhost:{args.port}/  (Ctrl+C to stop)", flush=True)
        if current.lan:
            print(lan_notice(current.join_urls, current.teacher_pin or ""), flush=True)

    previous = signal.signal(signal.SIGTERM, _interrupt)  # while starting, SIGTERM stops as Ctrl+C does
    try:
        make_server(port=args.port, kiosk=args.kiosk, idle_after=args.idle, countdown=args.countdown,
                    show=args.show, lan=current.lan, teacher_pin=current.teacher_pin, db_url=current.db_url,
                    behind_proxy=current.behind_proxy, public_addresses=current.public_addresses, ready=announce)
    except KeyboardInterrupt:
        pass
    except OSError as exc:  # the port was taken since it was checked
        parser.fail(port_problem(args.port, address) or f"cannot serve on port {args.port}: {exc.strerror or exc}")
    except StoreError as exc:  # the classroom's database cannot be used: said, and left untouched
        parser.fail(str(exc))
    finally:
        if signal.getsignal(signal.SIGTERM) is _interrupt:  # not once the server is stopping (it ignores more)
            signal.signal(signal.SIGTERM, previous)
    return 0


def lan_notice(join_urls: Sequence[str], teacher_pin: str) -> str:
    """What ``serve --lan`` tells the teacher: where students join, and the teacher's PIN."""
    if not join_urls:
        where = ("This computer has no network address: students cannot join from their devices. Connect it to "
                 "the school's network (Wi-Fi or cable) and start again.")
    elif len(join_urls) == 1:
        where = f"Students join at {join_urls[0]}"
    else:
        where = "Students join at one of these addresses (the one on the students' network):\n" + "\n".join(
            f"  {url}" for url in join_urls)
    return (f"{where}\nTeacher's PIN: {teacher_pin}\n"
            "The teacher's page answers on this computer without a PIN; from another device it asks for this PIN.")


def proxy_notice(join_urls: Sequence[str], teacher_pin: str, *, from_variable: bool = False) -> str:
    """What ``serve --behind-proxy`` tells whoever started it: where students join (through the
    proxy) and the teacher's PIN (not repeated when it comes from :data:`PIN_VARIABLE`)."""
    where = "Students join at " + (join_urls[0] if len(join_urls) == 1 else "one of: " + ", ".join(join_urls))
    pin = (f"Teacher's PIN: the one in {PIN_VARIABLE}" if from_variable else
           f"Teacher's PIN: {teacher_pin} (drawn by this server: give every server behind the proxy the same one "
           f"in {PIN_VARIABLE})")
    return (f"{where}\n{pin}\n"
            "The teacher's page answers on the proxy's computer without a PIN; from another device it asks for "
            "the PIN.")


def _i18n(args: argparse.Namespace, parser: _Parser, console: Any) -> int:
    from .i18n import DOMAINS, LANGUAGES, catalogs

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
        return _i18n_check(domains, console)
    return 0


def _i18n_check(domains: tuple[str, ...], console: Any) -> int:
    """``i18n check``: what each language lacks, per domain, then for the heritage domains together
    and in all. Heritage texts count as program texts do: exit 1 when an entry of any domain is
    missing without the mark "falls back to French (deliberate)" (a deliberate fallback is listed,
    and counted apart)."""
    from .i18n import LANGUAGES, catalogs

    missing = {lang: {"ui": 0, "heritage": 0} for lang in LANGUAGES}
    deliberate_ = {lang: {"ui": 0, "heritage": 0} for lang in LANGUAGES}
    for domain in domains:
        kind = "heritage" if domain in catalogs.HERITAGE_DOMAINS else "ui"
        for lang in LANGUAGES:
            miss, deliberate = catalogs.untranslated(lang, domain)
            missing[lang][kind] += len(miss)
            deliberate_[lang][kind] += len(deliberate)
            line = f"{domain:9} {lang}: {len(miss)} missing"
            if catalogs.may_fall_back_to_french(lang):
                line += f", {len(deliberate)} falling back to French (deliberate)"
            console.print(line, highlight=False)
            for ctx, msgid in miss[:5]:
                console.print(f"    missing: {ctx}: {msgid[:60]!r}", highlight=False, soft_wrap=True)
            if len(miss) > 5:
                console.print(f"    missing: … and {len(miss) - 5} more", highlight=False)
            for ctx, _msgid in deliberate:
                console.print(f"    falls back to French: {ctx}", highlight=False, soft_wrap=True)
        stale = catalogs.not_in_template(domain)
        if stale:
            console.print(f"    {len(stale)} {domain} text(s) changed since the last update: run "
                          "`canal-heritage i18n update`", highlight=False)
    for lang in LANGUAGES:
        for label, what in (("heritage", ("heritage",)), ("in all", ("ui", "heritage"))):
            line = f"{label:9} {lang}: {sum(missing[lang][k] for k in what)} missing"
            if catalogs.may_fall_back_to_french(lang):
                line += f", {sum(deliberate_[lang][k] for k in what)} falling back to French (deliberate)"
            console.print(line, highlight=False)
    return 0 if sum(sum(m.values()) for m in missing.values()) == 0 else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
