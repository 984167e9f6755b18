"""Accessible by test (issue 13, item 10): axe-core, bundled by ``axe-playwright-python`` and
so run offline, checks every page of the exhibit and every phase of both games in a real
browser. No violation of impact "serious" or "critical" is allowed; a failure lists each
rule's id with the elements it found."""

from __future__ import annotations

import contextlib
import re
import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from test_arriala_exhibit import act

pytestmark = pytest.mark.browser

BLOCKING = ("serious", "critical")
AXE = Axe()


#: Kept in each page of this file before its scripts run: when the server last sent the page
#: something (Bokeh's websocket), for :func:`settle`.
WATCH_FRAMES = """(() => {
  const Native = window.WebSocket;
  window.__lastFrame = performance.now();
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => { window.__lastFrame = performance.now(); });
    }
  };
})();"""


@pytest.fixture
def page(page):
    """conftest's page, its websocket watched (:data:`WATCH_FRAMES`)."""
    page.context.add_init_script(WATCH_FRAMES)
    return page


def watched(context):
    """``context`` (a new browser context), its pages' websockets watched."""
    context.add_init_script(WATCH_FRAMES)
    return context


def settle(page, quiet_ms: int = 200, most_ms: int = 5000) -> None:
    """Let the last patch land: wait until the server has sent the page nothing for
    ``quiet_ms`` (counted from now at the earliest; at most ``most_ms``), then for the page to
    draw a frame."""
    now, kind = page.evaluate("[performance.now(), typeof window.__lastFrame]")
    assert kind == "number", "the page's websocket is not watched: open it in a context made by watched()"
    with contextlib.suppress(PlaywrightError):  # still busy after most_ms: look at it as it is
        page.wait_for_function(
            """([since, quiet]) => performance.now() - Math.max(window.__lastFrame, since) >= quiet""",
            arg=[now, quiet_ms], polling=50, timeout=most_ms)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def violations(page, where: str) -> list[str]:
    """The serious and critical violations axe-core finds on ``page`` now, one line each:
    ``where: rule-id (impact): target, target…``."""
    settle(page)
    found = AXE.run(page).response["violations"]
    def target(node: dict) -> str:  # a selector per shadow root crossed
        return " >> ".join(t if isinstance(t, str) else " ".join(t) for t in node["target"])

    return [f"{where}: {v['id']} ({v['impact']}): " + "; ".join(target(n) for n in v["nodes"])
            for v in found if v["impact"] in BLOCKING]


def report(found: list[str]) -> str:
    return "axe-core found serious or critical violations:\n" + "\n".join(found)


def goto(page, url: str, selector: str) -> None:
    page.goto(url)
    page.locator(selector).first.wait_for()


def test_home_its_focus_ring_and_the_setup_pages(page, exhibit):
    found: list[str] = []
    goto(page, exhibit + "?lang=oc", ".home-screen")
    found += violations(page, "home (oc)")
    goto(page, exhibit + "?lang=fr", ".home-screen")
    found += violations(page, "home (fr)")
    focus_ring_on_the_page(page)
    page.locator(".play-midi button").click()  # each set-up from home, on the same page
    page.locator(".midi-setup").wait_for()
    found += violations(page, "Canal du Midi setup")
    page.locator(".midi-setup .go-home button").click()
    page.locator(".play-arriala button").click()
    page.locator(".arriala-setup").wait_for()
    found += violations(page, "Arriala setup")
    assert not found, report(found)


def log_and_how_to_play(page) -> list[str]:
    """Issue 26, item 6: the open log's scrolling list is reached by the keyboard, and the
    table stays clean with "How to play" over it (then closed: the game goes on)."""
    found: list[str] = []
    page.locator(".log-open").click()
    expect(page.locator(".log-panel")).to_be_visible()
    assert page.locator(".log-panel ol").get_attribute("tabindex") == "0"
    found += violations(page, "the table, its log open")
    page.keyboard.press("Escape")
    expect(page.locator(".log-panel")).to_be_hidden()
    page.locator(".how-to-play button").click()
    page.locator(".how-midi").wait_for()
    found += violations(page, "the table, How to play open")
    page.locator(".how-close button").click()  # "Back to the game"
    page.locator(".how-midi").wait_for(state="detached")
    return found


def next_choice(page):
    """The first choice on offer, once the table offers one (its element), or None once the
    game is over."""
    first = page.locator(".prompt button.choice, .end-screen").first
    first.wait_for()
    handle = first.element_handle()
    if handle is None or "end-screen" in (handle.get_attribute("class") or ""):
        return None
    return handle


def midi_phase(choice) -> str | None:
    """The phase a choice belongs to (bet, draw, reinforce, trade), read from its class."""
    try:
        classes = choice.get_attribute("class") or ""
    except PlaywrightError:  # drawn again meanwhile
        return None
    m = re.search(r"\bact-(bet|draw|reinforce|trade)", classes)
    return m.group(1) if m else None


def choose(choice) -> None:
    """Click a choice, then wait until the table replaced it (the next decision drawn)."""
    with contextlib.suppress(PlaywrightError):  # the table re-rendered under the pointer: try again
        choice.click(timeout=3000)
        choice.wait_for_element_state("hidden", timeout=5000)


def test_the_canal_du_midi_table_in_every_phase_its_log_how_to_play_and_its_end_screen(page, exhibit):
    """The table at the first decision of each phase; after the visitor's third decision (a
    few lines in the log) with its log open, then "How to play"; and its end screen."""
    found: list[str] = []
    page.goto(exhibit + "?lang=fr")
    page.locator(".play-midi button").click()
    page.locator(".midi-setup").wait_for()
    page.locator(".start button").click()
    page.locator(".prompt").wait_for()
    seen: set[str] = set()
    decided = 0
    deadline = time.time() + 240
    while time.time() < deadline and (choice := next_choice(page)) is not None:
        phase, looked = midi_phase(choice), False
        if phase is not None and phase not in seen:
            seen.add(phase)
            found += violations(page, f"Canal du Midi table, {phase}")
            looked = True
        if decided == 3:  # a few lines in the log
            found += log_and_how_to_play(page)
            looked = True
        if looked and (choice := next_choice(page)) is None:  # the same, or drawn again meanwhile
            break
        choose(choice)
        decided += 1
    page.locator(".end-screen").wait_for()
    assert decided > 3, f"the game ended after {decided} decisions"
    assert {"bet", "draw", "reinforce"} <= seen, f"phases reached: {sorted(seen)}"
    found += violations(page, "Canal du Midi end screen")
    assert not found, report(found)


def arriala_act(page) -> bool:
    """One step of the simple visitor of test_arriala_exhibit, on a French page."""
    return act(page, cell_word="case")


def test_the_arriala_table_its_targets_and_its_end_screen(page, arriala):
    found: list[str] = []
    page.goto(arriala + "?lang=fr")
    page.locator(".play-arriala button").click()
    page.locator(".arriala-setup").wait_for()
    page.locator(".start button").click()
    page.locator("button.pal-end_turn").wait_for()
    found += violations(page, "Arriala table")
    page.locator("button.pal-place").click()
    page.locator("button.target-place").first.wait_for()
    found += violations(page, "Arriala table, choosing a cell")
    status = page.locator(".status")
    before = status.inner_text()
    page.locator("button.target-place").first.click()
    expect(status).not_to_have_text(before, timeout=10_000)
    deadline = time.time() + 60
    while time.time() < deadline and arriala_act(page):
        pass
    page.locator(".end-screen").wait_for()
    found += violations(page, "Arriala end screen")
    assert not found, report(found)


def test_the_explorer(page, exhibit):
    """A place on the map in two languages, and the timeline, the people and the glossary
    (reached by their buttons, on the same page)."""
    found: list[str] = []
    goto(page, exhibit + "?lang=fr&page=explorer&place=midi-VIII", ".place-story h2")
    found += violations(page, "explorer map, a place (fr)")
    for section, selector in (("timeline", ".timeline"), ("people", ".people article"),
                              ("glossary", "table.glossary")):
        page.locator(f".section-{section} button").click()
        page.locator(selector).first.wait_for()
        found += violations(page, f"explorer {section}")
    goto(page, exhibit + "?lang=oc&page=explorer&place=midi-VIII", ".place-story h2")
    found += violations(page, "explorer map, a place (oc)")
    assert not found, report(found)


def _luminance(rgb: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+(?:\.\d+)?", rgb)[:3])
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def focus_ring_on_the_page(page) -> None:
    """WCAG 2.4.11/1.4.11: the keyboard focus ring is at least 3:1 against the page (the first
    button Tab reaches)."""
    from canal_heritage.views.theme import PAPER

    ring = None
    for _ in range(6):
        page.keyboard.press("Tab")
        ring = page.evaluate("""() => {
            let e = document.activeElement;
            while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
            if (!e || e.tagName !== 'BUTTON') return null;
            const s = getComputedStyle(e);
            return [s.outlineStyle, s.outlineColor];
        }""")
        if ring:
            break
    assert ring, "Tab reaches no button on the home page"
    style, colour = ring
    assert style != "none"
    paper = "rgb(" + ",".join(str(int(PAPER[i:i + 2], 16)) for i in (1, 3, 5)) + ")"
    lighter, darker = sorted((_luminance(colour), _luminance(paper)), reverse=True)
    assert (lighter + 0.05) / (darker + 0.05) >= 3, f"focus ring {colour} on {paper}"


def test_classroom_pages(browser, exhibit):
    """Issue 14: the teacher's form and projector, a student's seat choice and table."""
    from test_classroom import join, join_address, new_context, open_room

    found: list[str] = []
    contexts = []
    try:
        ctx, teacher = new_context(browser)
        contexts.append(watched(ctx))
        teacher.goto(exhibit + "teacher?lang=fr")
        teacher.locator(".room-form").wait_for()
        found += violations(teacher, "teacher's page (fr)")
        open_room(teacher, exhibit, seats=2, bots=1)
        found += violations(teacher, "projector (en)")
        sctx, student = new_context(browser, 768, 1024)
        contexts.append(watched(sctx))
        student.goto(join_address(teacher, exhibit) + "&lang=oc")
        student.locator(".seat-choices").wait_for()
        found += violations(student, "seat choice (oc)")
        join(student, join_address(teacher, exhibit), "Ana")
        student.locator(".choices button.choice, .intro-play button").first.wait_for()
        student.locator(".intro-card").first.wait_for()  # the table drawn, its introduction too
        found += violations(student, "a student's table (en)")
        student.goto(exhibit + "join?lang=fr")
        student.locator(".room-code-input").wait_for()
        found += violations(student, "the code field (fr)")
    finally:
        for c in contexts:
            c.close()
    assert not found, report(found)


def test_the_pin_page_the_kiosk_and_projector_mode(browser, exhibit, patient_kiosk, monkeypatch):
    """Issue 26: the screens the other tests do not open: the teacher's PIN page (a device of
    the network), the kiosk's home and its "Still there?", both tables in projector mode."""
    from dataclasses import replace

    import canal_heritage.rooms.network as network
    import canal_heritage.settings as serving

    found: list[str] = []
    context = watched(browser.new_context(viewport={"width": 1280, "height": 800}))
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        monkeypatch.setattr(network, "is_loopback", lambda _ip: False)
        monkeypatch.setattr(serving, "_settings", replace(serving.settings(), teacher_pin="246810"))
        goto(page, exhibit + "teacher?lang=oc", ".teacher-pin input")
        found += violations(page, "the PIN page (oc)")
        monkeypatch.undo()
        for game in ("midi", "arriala"):
            goto(page, exhibit + f"?lang=fr&mode=projector&page={game}-setup", ".start button")
            page.locator(".start button").click()
            page.locator(".intro-play button").click()
            page.locator(".intro-play button").wait_for(state="detached")
            found += violations(page, f"{game} in projector mode (fr)")
        goto(page, patient_kiosk + "?lang=fr", ".home-screen")
        found += violations(page, "the kiosk's home (fr)")
        page.locator(".play-midi button").click()
        page.locator(".still-there-veil").wait_for(state="visible", timeout=30_000)
        found += violations(page, "Still there? (fr)")
    finally:
        context.close()
    assert not found, report(found)
