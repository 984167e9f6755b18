"""The projector reads from the back row (issue 28, item 3).

A class of thirty sits up to 8 m from the screen. While students join (a seat still free), at
1920×1080 the room's QR code must be at least 40 % of the screen's height (432 px: the symbol
itself, finder pattern to finder pattern, as a phone's camera sees it) and the room's code at
least 12 % (130 px: the box of the rendered text, and the ink of its letters in the picture).
A screenshot of the projector is read back with a QR reader (zxing-cpp): it must give the room's
join address.

The projector also shows only what the class watching needs: the table, whose turn, the code,
the teacher's controls. Nobody plays at it, so none of a player's controls is there ("Let's
play", "How to play", take back, the hint, "Continue", the links out of the game), before the
game or while it runs; every control on it is the teacher's or reads the game aloud ("What
happened", the site's story). Once every seat is taken the join card is a band in the top
corner, its code still readable and its QR code still read.

The server runs in a process of its own (``test_classroom.start_server``): the join address the
projector shows is its own, so the QR code can be checked against the very address students open.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator

import pytest
from layout_rules import laid_out
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from serving import free_port
from test_classroom import QUICK_SERVER, join, join_address, kill, new_context, open_room, start_server

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1920, 1080
#: the smallest QR code and code on a 1920×1080 projector while the class joins, as parts of its height
QR_SHARE, CODE_SHARE = 0.40, 0.12


@pytest.fixture
def server(tmp_path) -> Iterator[tuple[str, int]]:
    """The classroom served by a process of its own (bots answer at once), each test on a store of
    its own (the teacher's page opens on an empty list of rooms); its address and port."""
    folder = tmp_path
    script = folder / "server.py"
    script.write_text(QUICK_SERVER)
    port = free_port()
    proc = start_server(script, port, folder / "class.db")
    try:
        yield f"http://127.0.0.1:{port}/", port
    finally:
        kill(proc)


def screenshot(page) -> object:
    """The window as a picture (PIL), once the page has laid itself out."""
    from PIL import Image

    laid_out(page)
    page.wait_for_load_state("networkidle")
    page.evaluate("window.scrollTo(0, 0)")
    page.mouse.move(WIDTH - 2, HEIGHT - 2)  # no hover, no tooltip
    page.wait_for_timeout(300)
    return Image.open(io.BytesIO(page.screenshot())).convert("RGB")


def read_qr(picture) -> list[tuple[str, float]]:
    """The QR codes a reader finds in ``picture``: each one's text and its height in pixels (the
    symbol's, from its corners as the reader found them)."""
    import zxingcpp

    found = []
    for code in zxingcpp.read_barcodes(picture, formats=zxingcpp.BarcodeFormat.QRCode):
        p = code.position
        ys = [p.top_left.y, p.top_right.y, p.bottom_left.y, p.bottom_right.y]
        found.append((code.text, float(max(ys) - min(ys))))
    return found


#: the height of the rendered text of an element (the box of its glyphs, not its font size)
TEXT_BOX = """el => { const r = document.createRange(); r.selectNodeContents(el);
  const b = r.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; }"""


def code_heights(page, picture) -> tuple[float, int]:
    """The room's code on the projector: the height of its rendered text's box, and the height
    of its letters' ink in ``picture``: the rows holding a dark pixel, across the text's width,
    within its paragraph's box (the text's box reaches into the lines above and below it)."""
    code = page.locator(".big-code")
    box = code.evaluate(TEXT_BOX)
    own = code.bounding_box()
    assert own is not None
    crop = picture.crop((int(box["left"]), int(own["y"]), int(box["right"]) + 1, int(own["y"] + own["height"]) + 1))
    grey = crop.convert("L")
    w, h = grey.size
    pixels = grey.load()
    rows = [y for y in range(h) if any(pixels[x, y] < 100 for x in range(w))]
    ink = (rows[-1] - rows[0] + 1) if rows else 0
    return box["bottom"] - box["top"], ink


#: every visible control of the page (buttons, links, fields, anything with a button's role),
#: through the shadow roots: its words and the CSS classes of it and its ancestors
CONTROLS = r"""() => {
  const CONTROL = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=link]';
  const parentOf = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null;
  const shown = (el) => {
    for (let e = el; e; e = parentOf(e)) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || +s.opacity === 0) return false;
      if (e.hasAttribute && (e.hasAttribute('hidden') || e.hasAttribute('inert'))) return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.matches(CONTROL) && shown(el)) {
        const classes = [];
        for (let e = el; e; e = parentOf(e)) if (e.classList) classes.push(...e.classList);
        out.push({words: (el.getAttribute('aria-label') || el.innerText || el.title || '').trim().replace(/\s+/g, ' '),
                  classes: classes.filter(c => !c.startsWith('bk-'))});
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return out;
}"""

#: the classes of the controls a projector may show: the teacher's (pause or go on, one move,
#: close, all rooms, the type's size, the results, each seat's "free" and "a bot plays for them")
#: and those that read the game to the class (the log, a site's story, Arriala's legend, the
#: staged moments' "Skip" and "Close")
PROJECTOR_CONTROLS = ("room-pause", "room-step", "room-close", "all-rooms", "room-type", "download-results",
                      "what-happened", "log-open", "story", "read-story", "legend", "skip")
#: a player's controls, each of which was (or could be) on the projector: none may show there
PLAYER_CONTROLS = (".intro-play", ".intro-place", "a.intro-about", ".how-to-play", ".undo", ".hint",
                   ".hint-button", ".continue", ".guide-bubble button", ".choices button.choice",
                   ".palette button", ".hand button", ".targets button", ".privacy-ok", ".go-home",
                   ".lang-fr", ".lang-en", ".lang-oc", ".open-hands", ".mstage .more")


def player_controls(page) -> list[str]:
    """What a class watching should not see on the projector: any player's control shown, and
    any control that is neither the teacher's nor reads the game to the class."""
    found = []
    for selector in PLAYER_CONTROLS:
        shown = [el for el in page.locator(selector).all() if el.is_visible()]
        if shown:
            found.append(f"{selector} ({shown[0].inner_text().strip()[:40]!r})")
    for control in page.evaluate(CONTROLS):
        classes = control["classes"]
        seat_button = any(c.startswith(("free-", "standin-")) for c in classes)
        if not seat_button and not any(c in PROJECTOR_CONTROLS for c in classes):
            found.append(f"{control['words'][:40]!r} in {'.'.join(classes[:3])}")
    return found


def test_the_projector_reads_from_the_back_row(browser, server):
    url, port = server
    contexts = []
    try:
        ctx, teacher = new_context(browser, WIDTH, HEIGHT)
        contexts.append(ctx)
        code = open_room(teacher, url, seats=3, bots=1)  # two students' seats and a bot
        address = join_address(teacher, url)
        sctx, student = new_context(browser, 768, 1024)
        contexts.append(sctx)
        join(student, address, "Ana")  # one student has joined, one seat is still free
        expect(teacher.locator(".seat-list")).to_contain_text("Ana: connected")
        expect(teacher.locator(".join-card.compact")).to_have_count(0)  # the class is still joining
        picture = screenshot(teacher)
        # the QR code, read from the picture, is the join address the projector shows
        shown = teacher.locator(".join-card .address").inner_text().strip()
        assert shown == f"http://localhost:{port}/join?code={code}"
        found = read_qr(picture)
        assert [text for text, _ in found] == [shown], found
        qr_height = found[0][1]
        assert qr_height >= QR_SHARE * HEIGHT, f"the QR code is {qr_height:.0f} px high (at least {QR_SHARE * HEIGHT})"
        box = teacher.locator(".join-card .qr svg").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, "the QR code is in the window"
        # the code: its text's box and the ink of its letters, in the window
        text_height, ink = code_heights(teacher, picture)
        assert text_height >= CODE_SHARE * HEIGHT, f"the code's text is {text_height:.0f} px high"
        assert ink >= CODE_SHARE * HEIGHT, f"the code's letters are {ink} px high (at least {CODE_SHARE * HEIGHT})"
        assert teacher.locator(".big-code").inner_text().strip() == code
        assert teacher.locator(".big-code").bounding_box()["y"] + text_height <= HEIGHT
    finally:
        for c in contexts:
            c.close()


def test_only_the_teachers_controls_are_on_the_projector(browser, server):
    url, _port = server
    contexts = []
    try:
        ctx, teacher = new_context(browser, WIDTH, HEIGHT)
        contexts.append(ctx)
        open_room(teacher, url, seats=3, bots=1)
        address = join_address(teacher, url)
        # before the game: the class joining, the players introduced on the table
        teacher.locator(".table-title").wait_for()
        teacher.locator(".intro-band").wait_for()
        laid_out(teacher)
        assert not player_controls(teacher), player_controls(teacher)
        for teachers in (".room-pause button", ".room-close button", ".all-rooms button", ".room-type button"):
            expect(teacher.locator(teachers)).to_be_visible()
        # the game under way: every seat taken, the students play
        students = []
        for name in ("Ana", "Bo"):
            sctx, page = new_context(browser, 768, 1024)
            contexts.append(sctx)
            join(page, address, name)
            students.append(page)
        expect(teacher.locator(".join-card.compact")).to_have_count(1)
        moved = 0
        for _ in range(40):  # each student plays when their device offers a choice (a bot plays its seat)
            for page in students:
                if page.locator(".intro-play button").count():
                    # the band goes at the room's first decision: it may be gone before the click
                    with contextlib.suppress(PlaywrightError):
                        page.locator(".intro-play button").click(timeout=2000)
                choice = page.locator(".choices button.choice:not(.unavailable)")
                if choice.count() and choice.first.is_visible():
                    choice.first.click()
                    moved += 1
            if moved >= 2:
                break
            teacher.wait_for_timeout(250)
        assert moved >= 2, "the students could not play"
        expect(teacher.locator(".intro-band")).to_have_count(0)  # the game has moved on
        expect(teacher.locator(".seat-list")).to_contain_text("their turn")
        laid_out(teacher)
        assert not player_controls(teacher), player_controls(teacher)
        # the join card is a band in the top corner: the table has the screen, the code is readable
        card = teacher.locator(".join-card").bounding_box()
        assert card is not None and card["height"] <= 0.2 * HEIGHT and card["y"] < 0.05 * HEIGHT
        assert card["x"] >= WIDTH / 2, "the code is in the top right corner"
        picture = screenshot(teacher)
        text_height, ink = code_heights(teacher, picture)
        assert ink >= 0.04 * HEIGHT, f"the code's letters are {ink} px high in the corner"
        assert [text for text, _ in read_qr(picture)] == [teacher.locator(".join-card .address").inner_text()
                                                           .strip()], "the corner's QR code is read too"
        # paused: the class reads it on the projector; the teacher goes on from the room's controls
        teacher.locator(".room-pause button").click()
        expect(teacher.locator(".room-paused")).to_contain_text("The teacher has paused the game.")
        expect(teacher.locator(".room-step button")).to_be_visible()
        expect(teacher.locator(".projector-step")).to_have_count(0)
        laid_out(teacher)
        assert not player_controls(teacher), player_controls(teacher)
        teacher.locator(".room-pause button").click()
        expect(teacher.locator(".room-paused")).to_have_count(0)
    finally:
        for c in contexts:
            c.close()
