"""The screenshots of ``docs/design.md``: every screen of the exhibit, taken in Debian's Chromium.

    uv run python scripts/design_shots.py               # docs/design/*.png (few, small)
    uv run python scripts/design_shots.py --out /tmp/shots/x --review   # more sizes and languages
    uv run python scripts/design_shots.py --sheets [--lang oc]   # every screen at every size:
                                                    # docs/design/sheets/sheet-<lang>-<W>x<H>.png
                                                    # and end-<game>-<lang>.png (--end: those only)
                                                    # and room-<lang>.png (--room: that only)

It starts the exhibit itself on 127.0.0.1 (as ``tests/browser/conftest.py`` does): a seeded
exhibit and a kiosk with a short idle time, takes the pictures, stops both. Pictures are
reduced to a 256-colour palette (and halved with ``--scale``) so the committed set stays small.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import socket
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(**kw: Any) -> tuple[Any, str]:
    """A threaded exhibit server on a free loopback port, once it answers, on a database of its
    own (a temporary file, as the tests): the pictures neither show nor change the rooms of
    this machine's exhibit."""
    if not os.environ.get("CANAL_HERITAGE_DB"):
        folder = tempfile.mkdtemp(prefix="canal-shots-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)  # nothing left behind
        os.environ["CANAL_HERITAGE_DB"] = os.path.join(folder, "shots.db")
    sys.path.insert(0, str(ROOT))
    from canal_heritage.serve import make_server

    port = _free_port()
    server = make_server(port=port, threaded=True, bot_workers=1, **kw)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
            break
        except Exception:
            time.sleep(0.2)
    return server, f"http://127.0.0.1:{port}/"


def settle(page: Any, ms: int = 600) -> None:
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(ms)


def home(page: Any, url: str) -> None:
    page.goto(url)
    page.locator(".home-screen").wait_for()
    settle(page)


def midi_intro(page: Any, url: str) -> None:
    """A game just started: the engineers are introduced (the guide waits for "Let's play")."""
    page.goto(url)
    page.locator(".midi-setup, .arriala-setup").first.wait_for()
    page.locator(".start button").click()
    page.locator(".intro-play button").wait_for()
    settle(page, 1200)


def midi_table(page: Any, url: str) -> None:
    """After "Let's play": the table and the guided round's first hint."""
    midi_intro(page, url)
    page.locator(".intro-play button").click()
    page.locator(".intro-play button").wait_for(state="detached")
    settle(page, 1500)


arriala_table = midi_table


def how_to_play(page: Any, url: str) -> None:
    page.goto(url)
    page.locator(".midi-setup, .arriala-setup").first.wait_for()
    page.locator(".how-to-play button").first.click()
    page.locator(".how-midi, .how-arriala").first.wait_for()
    settle(page, 800)


def setup(selector: str) -> Callable[[Any, str], None]:
    def go(page: Any, url: str) -> None:
        page.goto(url)
        page.locator(selector).wait_for()
        settle(page)
    return go


def explorer(page: Any, url: str) -> None:
    page.goto(url)
    page.locator(".heritage-explorer, .explorer").first.wait_for()
    settle(page, 1500)


def leave(page: Any, url: str) -> None:
    midi_table(page, url)
    page.locator(".go-home button").first.click()
    page.locator(".leave-veil").wait_for(state="visible")
    settle(page, 400)


def arriala_places(page: Any, url: str) -> None:
    """Arriala, "Place a new worker" chosen: every place it may go."""
    arriala_table(page, url)
    page.locator("button.pal-place").click()
    page.locator("button.target-place").first.wait_for()
    settle(page, 800)


def log_open(page: Any, url: str) -> None:
    """The table with "What happened" open over it."""
    midi_table(page, url)
    page.locator("button.log-open").click()
    page.locator(".log-panel").wait_for()
    settle(page, 400)


def form(selector: str) -> Callable[[Any, str], None]:
    """A classroom page (the teacher's form, /join's code field)."""
    def go(page: Any, url: str) -> None:
        page.goto(url)
        page.locator(selector).first.wait_for()
        settle(page, 800)
    return go


def pin_page(page: Any, url: str) -> None:
    """The teacher's page as a device of the network sees it: it asks for the PIN."""
    from dataclasses import replace

    import canal_heritage.rooms.network as network
    import canal_heritage.settings as serving

    loopback, settings = network.is_loopback, serving._settings
    network.is_loopback = lambda _ip: False  # type: ignore[assignment]
    serving._settings = replace(serving.settings(), teacher_pin="246810")
    try:
        form(".teacher-pin input")(page, url)
    finally:
        network.is_loopback, serving._settings = loopback, settings  # type: ignore[assignment]


def still_there(page: Any, url: str) -> None:
    page.goto(url)
    page.locator(".midi-setup").wait_for()
    page.locator(".still-there-veil").wait_for(state="visible", timeout=30_000)
    settle(page, 300)


#: (file name, server, address, viewport, how to get there); ``review`` adds its own list
DOCS: list[tuple[str, str, str, tuple[int, int], Callable[[Any, str], None]]] = [
    ("home-fr-1280x800", "exhibit", "?lang=fr", (1280, 800), home),
    ("home-en-1280x800", "exhibit", "?lang=en", (1280, 800), home),
    ("home-oc-1280x800", "exhibit", "?lang=oc", (1280, 800), home),
    ("home-fr-768x1024", "exhibit", "?lang=fr", (768, 1024), home),
    ("home-projector-1280x800", "exhibit", "?lang=fr&mode=projector", (1280, 800), home),
    ("midi-setup-1280x800", "exhibit", "?lang=fr&page=midi-setup", (1280, 800), setup(".midi-setup")),
    ("midi-setup-768x1024", "exhibit", "?lang=fr&page=midi-setup", (768, 1024), setup(".midi-setup")),
    ("midi-how-1280x800", "exhibit", "?lang=fr&page=midi-setup", (1280, 800), how_to_play),
    ("midi-intro-1280x800", "exhibit", "?lang=fr&page=midi-setup", (1280, 800), midi_intro),
    ("midi-intro-768x1024", "exhibit", "?lang=fr&page=midi-setup", (768, 1024), midi_intro),
    ("midi-table-1280x800", "exhibit", "?lang=fr&page=midi-setup", (1280, 800), midi_table),
    ("midi-table-768x1024", "exhibit", "?lang=fr&page=midi-setup", (768, 1024), midi_table),
    ("arriala-setup-1280x800", "exhibit", "?lang=fr&page=arriala-setup", (1280, 800), setup(".arriala-setup")),
    ("arriala-setup-768x1024", "exhibit", "?lang=fr&page=arriala-setup", (768, 1024), setup(".arriala-setup")),
    ("arriala-how-1280x800", "exhibit", "?lang=fr&page=arriala-setup", (1280, 800), how_to_play),
    ("arriala-intro-768x1024", "exhibit", "?lang=fr&page=arriala-setup", (768, 1024), midi_intro),
    ("arriala-table-1280x800", "exhibit", "?lang=fr&page=arriala-setup", (1280, 800), arriala_table),
    ("arriala-table-768x1024", "exhibit", "?lang=fr&page=arriala-setup", (768, 1024), arriala_table),
    ("explorer-1280x800", "exhibit", "?lang=fr&page=explorer", (1280, 800), explorer),
    ("explorer-768x1024", "exhibit", "?lang=fr&page=explorer", (768, 1024), explorer),
    ("leave-question-1280x800", "exhibit", "?lang=fr&page=midi-setup", (1280, 800), leave),
    ("kiosk-home-1280x800", "kiosk", "?lang=fr", (1280, 800), home),
    ("kiosk-still-there-1280x800", "kiosk", "?lang=fr&page=midi-setup", (1280, 800), still_there),
]


def review_list() -> list[tuple[str, str, str, tuple[int, int], Callable[[Any, str], None]]]:
    """Home in every language at three sizes, projector mode, and the kiosk."""
    out = []
    for lang in ("fr", "en", "oc"):
        for w, h in ((1280, 800), (1920, 1080), (768, 1024)):
            out.append((f"home-{lang}-{w}x{h}", "exhibit", f"?lang={lang}", (w, h), home))
    out += [("home-projector-1280x800", "exhibit", "?lang=fr&mode=projector", (1280, 800), home),
            ("home-projector-1920x1080", "exhibit", "?lang=fr&mode=projector", (1920, 1080), home),
            ("kiosk-home-1280x800", "kiosk", "?lang=fr", (1280, 800), home),
            ("kiosk-home-oc-768x1024", "kiosk", "?lang=oc", (768, 1024), home),
            ("kiosk-still-there-1280x800", "kiosk", "?lang=fr&page=midi-setup", (1280, 800), still_there),
            ("leave-question-1280x800", "exhibit", "?lang=fr&page=midi-setup", (1280, 800), leave)]
    return out


#: The sizes every screen is designed for (issue 26, item 1; docs/design.md "Arrangements by
#: screen size"), as the layout check takes them.
SIZES = [(360, 740), (390, 844), (844, 390), (768, 1024), (810, 1080), (1024, 768), (1366, 768),
         (1280, 800), (1920, 1080), (1080, 1920)]


#: Every screen of a contact sheet: (name, server, address after ``?lang=…``, how to get there).
SHEET_SCREENS: list[tuple[str, str, str, Callable[[Any, str], None]]] = [
    ("home", "exhibit", "", home),
    ("midi-setup", "exhibit", "&page=midi-setup", setup(".midi-setup")),
    ("midi-how", "exhibit", "&page=midi-setup", how_to_play),
    ("midi-intro", "exhibit", "&page=midi-setup", midi_intro),
    ("midi-table", "exhibit", "&page=midi-setup", midi_table),
    ("arriala-setup", "exhibit", "&page=arriala-setup", setup(".arriala-setup")),
    ("arriala-how", "exhibit", "&page=arriala-setup", how_to_play),
    ("arriala-intro", "exhibit", "&page=arriala-setup", midi_intro),
    ("arriala-table", "exhibit", "&page=arriala-setup", arriala_table),
    ("arriala-places", "exhibit", "&page=arriala-setup", arriala_places),
    ("midi-log", "exhibit", "&page=midi-setup", log_open),
    *[(f"explorer-{part}", "exhibit", f"&page=explorer&section={part}", explorer)
      for part in ("map", "timeline", "people", "glossary")],
    ("leave-question", "exhibit", "&page=midi-setup", leave),
    ("projector-midi-table", "exhibit", "&mode=projector&page=midi-setup", midi_table),
    ("projector-arriala-table", "exhibit", "&mode=projector&page=arriala-setup", arriala_table),
    ("kiosk-home", "kiosk", "", home),
    ("kiosk-still-there", "kiosk", "&page=midi-setup", still_there),
    ("teacher", "exhibit-teacher", "", form(".room-form")),
    ("join", "exhibit-join", "", form(".room-code-input input")),
    ("pin", "exhibit-teacher", "", pin_page),
]


def stop_all(servers: dict[str, tuple[Any, str]]) -> None:
    """Stop the servers this script started, and the bots' worker processes."""
    for server, _url in servers.values():
        server.stop()
    from canal_heritage.matches.pool import shutdown

    shutdown()


def _thumbnail(sheet: Any, draw: Any, shot: Path, at: tuple[int, int], size: tuple[int, int], label: str) -> None:
    """One picture on a sheet, reduced to ``size`` at ``at``, framed and named under it (on two
    lines, the name then the size, when one line would run under the next picture)."""
    from PIL import Image

    (x, y), (tw, th) = at, size
    with Image.open(shot) as im:
        sheet.paste(im.convert("RGB").resize((tw, th), Image.Resampling.LANCZOS), (x, y))
    draw.rectangle((x - 1, y - 1, x + tw, y + th), outline="#1d2b36")
    if draw.textlength(label) > tw + 4 and " (" in label:  # a gap of 8 px at least to the next
        label = label.replace(" (", "\n(", 1)
    draw.multiline_text((x, y + th + 5), label, fill="#1d2b36", spacing=2)


def contact_sheet(shots: list[tuple[str, Path]], size: tuple[int, int], path: Path) -> None:
    """The pictures of one window size side by side, each named under it, as one small PNG."""
    from PIL import Image, ImageDraw

    w, h = size
    thumb_w = 216 if w < h else 300  # small enough that ten sheets stay a few megabytes
    thumb_h = round(h * thumb_w / w)
    cols = 6 if w < h else 4
    rows = (len(shots) + cols - 1) // cols
    sheet = Image.new("RGB", (cols * (thumb_w + 12) + 12, rows * (thumb_h + 34) + 12), "#ffffff")
    draw = ImageDraw.Draw(sheet)
    for i, (name, shot) in enumerate(shots):
        x, y = 12 + (i % cols) * (thumb_w + 12), 12 + (i // cols) * (thumb_h + 34)
        _thumbnail(sheet, draw, shot, (x, y), (thumb_w, thumb_h), f"{name} ({w}x{h})")
    sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def sheets(out: Path, lang: str) -> int:
    """Every screen at every size, one contact sheet per size (issue 26, item 11)."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    servers: dict[str, tuple[Any, str]] = {}
    failed = 0
    try:
        servers["exhibit"] = serve(seed=7, match_options={"midi": {"expert_iterations": 4}, "arriala": {"pace": 0}})
        servers["kiosk"] = serve(kiosk=True, idle_after=3, countdown=300, seed=7)
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for w, h in SIZES:
                taken: list[tuple[str, Path]] = []
                for name, which, query, go in SHEET_SCREENS:
                    if name.startswith("projector") and w < 1024:
                        continue  # a projector is a wide screen
                    phone = w < 600 or h < 481
                    context = browser.new_context(viewport={"width": w, "height": h}, is_mobile=phone, has_touch=phone)
                    page = context.new_page()
                    page.set_default_timeout(30_000)
                    try:
                        base, _, path = which.partition("-")  # "exhibit-teacher": the exhibit's /teacher
                        go(page, servers[base][1] + path + f"?lang={lang}" + query)
                        shot = Path(tmp) / f"{name}-{w}x{h}.png"
                        page.screenshot(path=str(shot))
                        taken.append((name, shot))
                    except Exception as error:  # one screen failing should not lose the others
                        failed += 1
                        print(f"{name} {w}x{h}: {type(error).__name__}: {error}".splitlines()[0], file=sys.stderr)
                    finally:
                        context.close()
                path = out / f"sheet-{lang}-{w}x{h}.png"
                contact_sheet(taken, (w, h), path)
                print(f"{path} {path.stat().st_size // 1024} KB ({len(taken)} screens)")
            browser.close()
    finally:
        stop_all(servers)
    return 1 if failed else 0


def size_sheet(shots: list[tuple[str, tuple[int, int], Path]], path: Path, thumb_h: int = 300,
               row_by_name: bool = False) -> None:
    """Pictures of different window sizes on one sheet, each as tall as the others and named
    under it, in rows no wider than a screen (``row_by_name``: each name starts a new row)."""
    from PIL import Image, ImageDraw

    thumbs = [(name, (w, h), round(w * thumb_h / h), shot) for name, (w, h), shot in shots]
    rows: list[list[Any]] = [[]]
    for t in thumbs:
        if rows[-1] and (sum(x[2] + 12 for x in rows[-1]) + t[2] > 1800 or row_by_name and rows[-1][-1][0] != t[0]):
            rows.append([])
        rows[-1].append(t)
    width = max(sum(t[2] + 12 for t in row) for row in rows) + 12
    sheet = Image.new("RGB", (width, len(rows) * (thumb_h + 34) + 12), "#ffffff")
    draw = ImageDraw.Draw(sheet)
    for r, row in enumerate(rows):
        x, y = 12, 12 + r * (thumb_h + 34)
        for name, (w, h), thumb_w, shot in row:
            _thumbnail(sheet, draw, shot, (x, y), (thumb_w, thumb_h), f"{name} ({w}x{h})")
            x += thumb_w + 12
    sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def end_sheets(out: Path, lang: str) -> int:
    """Each game's end screen at every size, one sheet a game: ``end-<game>-<lang>.png``.

    A game is played once to its end (the visitor taking the first choice offered, as the
    browser tests do; Arriala dealt short, two cells a stretch), then the window is resized."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the tests' visitor who plays to the end
    from test_layout_rules import _play_to_the_end

    out.mkdir(parents=True, exist_ok=True)
    servers: dict[str, tuple[Any, str]] = {}
    failed = 0
    try:
        servers["midi"] = serve(seed=7, match_options={"midi": {"expert_iterations": 4}})
        servers["arriala"] = serve(seed=7, match_options={"arriala": {"pace": 0, "overrides": {"cells": [2, 2, 2, 2]}}})
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for game, (_server, url) in servers.items():
                context = browser.new_context(viewport={"width": 1366, "height": 768})
                page = context.new_page()
                page.set_default_timeout(30_000)
                taken: list[tuple[str, tuple[int, int], Path]] = []
                try:
                    page.goto(f"{url}?lang=en&page={game}-setup")
                    _play_to_the_end(page, game)
                    if lang != "en":
                        page.locator(f".lang-{lang} button").click()
                    for w, h in SIZES:
                        page.set_viewport_size({"width": w, "height": h})
                        page.locator(".end-screen .again button").wait_for()
                        page.evaluate("window.scrollTo(0, 0)")
                        page.mouse.move(w - 2, h - 2)  # no tooltip left from the language's button
                        settle(page, 800)
                        shot = Path(tmp) / f"{game}-end-{w}x{h}.png"
                        page.screenshot(path=str(shot))
                        taken.append((f"{game}-end", (w, h), shot))
                except Exception as error:
                    failed += 1
                    print(f"{game} end: {type(error).__name__}: {error}".splitlines()[0], file=sys.stderr)
                finally:
                    context.close()
                if taken:
                    path = out / f"end-{game}-{lang}.png"
                    size_sheet(taken, path)
                    print(f"{path} {path.stat().st_size // 1024} KB ({len(taken)} sizes)")
            browser.close()
    finally:
        stop_all(servers)
    return 1 if failed else 0


def room_sheet(out: Path, lang: str) -> int:
    """A room on the projector and a student's table at every size, on one sheet:
    ``room-<lang>.png`` (the two classroom screens the contact sheets cannot reach by an address).

    The teacher opens a Canal du Midi room of two seats (a student, a bot), as the browser tests
    do, and shows it (``/teacher?code=…``, as served with ``--lan``): the projector while the
    class is joining (the big code and QR code). A student joins by the address the projector
    shows, types a name, takes the seat and presses "Let's play": the student's table, their
    turn. Once they have played, the projector again, the game under way (the code a strip above
    the table). Each page is opened once, then the window takes every size."""
    from dataclasses import replace

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the tests' teacher, and their wait
    from layout_rules import laid_out
    from test_classroom import join_address, open_room

    out.mkdir(parents=True, exist_ok=True)
    servers: dict[str, tuple[Any, str]] = {}
    failed = 0
    taken: list[tuple[str, tuple[int, int], Path]] = []

    def sweep(page: Any, name: str, tmp: str) -> None:
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            laid_out(page)
            page.evaluate("window.scrollTo(0, 0)")
            page.mouse.move(w - 2, h - 2)  # no tooltip, no hover
            settle(page, 400)
            shot = Path(tmp) / f"{name}-{w}x{h}.png"
            page.screenshot(path=str(shot))
            taken.append((name, (w, h), shot))

    try:
        servers["exhibit"] = serve(seed=7, match_options={"midi": {"expert_iterations": 4}})
        url = servers["exhibit"][1]
        import canal_heritage.rooms.network as network
        import canal_heritage.settings as serving
        from canal_heritage.rooms.hub import Hub

        kept = serving.settings()
        Hub.draw_seed = staticmethod(lambda: 7)  # type: ignore[method-assign]  # the same game in every language
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            teacher_context = browser.new_context(viewport={"width": 1920, "height": 1080})
            student_context = browser.new_context(viewport={"width": 390, "height": 844})
            teacher, student = teacher_context.new_page(), student_context.new_page()
            for page in (teacher, student):
                page.set_default_timeout(30_000)
            try:
                code = open_room(teacher, url, seats=2, bots=1)
                address = join_address(teacher, url)
                # the projector as in class (``serve --lan``): a network address to join at,
                # not the warning that this machine alone can reach the page
                serving._settings = replace(kept, join_urls=(network.join_url("192.168.1.20", kept.port),))
                try:
                    teacher.goto(f"{url}teacher?lang={lang}&code={code}")
                    teacher.locator(".big-code").wait_for()
                finally:
                    serving._settings = kept
                settle(teacher, 800)
                sweep(teacher, "projector", tmp)
                student.goto(f"{address}&lang={lang}")
                student.locator(".student-name input").fill("Laura")
                student.locator(".seat-choices button:not([disabled])").first.click()
                student.locator(".room-band").wait_for()
                student.locator(".intro-play button").click()  # "Let's play": the student's turn
                student.locator(".choices button.choice").first.wait_for()
                settle(student, 1500)
                sweep(student, "student-table", tmp)
                student.locator(".choices button.choice").first.click()  # a first move
                teacher.locator(".join-card.compact").wait_for()
                settle(teacher, 2500)  # the bot answers (the room's pace: fast)
                sweep(teacher, "projector-playing", tmp)
            except Exception as error:
                failed += 1
                print(f"room: {type(error).__name__}: {error}".splitlines()[0], file=sys.stderr)
            finally:
                teacher_context.close()
                student_context.close()
            if taken:
                path = out / f"room-{lang}.png"
                size_sheet(taken, path, thumb_h=220, row_by_name=True)  # thirty pictures: smaller
                print(f"{path} {path.stat().st_size // 1024} KB ({len(taken)} pictures)")
            browser.close()
    finally:
        stop_all(servers)
    return 1 if failed else 0


def compress(path: Path, scale: float) -> None:
    """A 256-colour palette PNG, optionally scaled down."""
    from PIL import Image

    with Image.open(path) as im:
        img = im.convert("RGB")
    if scale != 1:
        img = img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.LANCZOS)
    img.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "design"), help="where the PNGs go")
    parser.add_argument("--review", action="store_true", help="home at three sizes in three languages, and the kiosk")
    parser.add_argument("--scale", type=float, default=0.5, help="reduce the pictures (docs: 0.5)")
    parser.add_argument("--only", default="", help="only the shots whose name contains this")
    parser.add_argument("--sheets", action="store_true",
                        help="every screen at every size: one contact sheet per size (in OUT/sheets)")
    parser.add_argument("--end", action="store_true",
                        help="only each game's end screen at every size (in OUT/sheets; --sheets makes them too)")
    parser.add_argument("--room", action="store_true",
                        help="only the classroom: a room on the projector and a student's table at every size "
                             "(in OUT/sheets; --sheets makes it too)")
    parser.add_argument("--lang", default="fr", choices=["fr", "en", "oc"], help="the sheets' language")
    args = parser.parse_args(argv)
    if args.room:
        return room_sheet(Path(args.out) / "sheets", args.lang)
    if args.end:
        return end_sheets(Path(args.out) / "sheets", args.lang)
    if args.sheets:
        return max(sheets(Path(args.out) / "sheets", args.lang), end_sheets(Path(args.out) / "sheets", args.lang),
                   room_sheet(Path(args.out) / "sheets", args.lang))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    shots = [s for s in (review_list() if args.review else DOCS) if args.only in s[0]]
    from playwright.sync_api import sync_playwright

    servers: dict[str, tuple[Any, str]] = {}
    try:
        servers["exhibit"] = serve(seed=7, match_options={"midi": {"expert_iterations": 4}, "arriala": {"pace": 0}})
        if any(s[1] == "kiosk" for s in shots):
            servers["kiosk"] = serve(kiosk=True, idle_after=3, countdown=300, seed=7)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name, which, query, (w, h), go in shots:
                context = browser.new_context(viewport={"width": w, "height": h})
                page = context.new_page()
                page.set_default_timeout(30_000)
                try:
                    go(page, servers[which][1] + query)
                    path = out / f"{name}.png"
                    page.screenshot(path=str(path))
                    compress(path, args.scale)
                    print(f"{path} {path.stat().st_size // 1024} KB")
                except Exception as error:  # one screen failing should not lose the others
                    print(f"{name}: {type(error).__name__}: {error}".splitlines()[0], file=sys.stderr)
                finally:
                    context.close()
            browser.close()
    finally:
        stop_all(servers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
