"""The kiosk's "Still there?" screen in a real browser, at a laptop's and a portrait tablet's
size: it covers the whole screen, its text is readable, it takes the keyboard focus and keeps
it, the game behind cannot be reached, and a tap anywhere on it answers."""

from __future__ import annotations

import re
import time
import urllib.request
from collections.abc import Iterator

import pytest

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (768, 1024)]

#: The element that has the focus, looking through every shadow root (Bokeh and Panel draw
#: each component in its own).
DEEP_ACTIVE = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  if (!a) return null;
  const veil = a.closest('.still-there-veil');
  return {tag: a.tagName, classes: a.className, text: a.textContent, in_dialog: !!veil};
}"""

#: Whether the element on top at a point (through shadow roots) is the question's veil.
ON_TOP = """([x, y]) => {
  let e = document.elementFromPoint(x, y);
  while (e && e.shadowRoot) {
    const inner = e.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === e) break;
    e = inner;
  }
  return !!(e && e.closest('.still-there-veil'));
}"""

#: Whether an element is inert (it or an ancestor, through shadow roots).
INERT = """(el) => {
  for (let e = el; e; e = e.parentElement || (e.getRootNode() && e.getRootNode().host) || null) {
    if (e.inert) return true;
  }
  return false;
}"""

#: Each text's colour and the backgrounds behind it, innermost first, up to the first opaque
#: one (through shadow roots: a component's host is its parent).
COLOURS = """(el) => {
  const out = {color: getComputedStyle(el).color, backgrounds: []};
  let e = el;
  while (e) {
    const bg = getComputedStyle(e).backgroundColor;
    out.backgrounds.push(bg);
    const m = bg.match(/rgba?\\(([^)]*)\\)/);
    const alpha = m && m[1].split(',').length === 4 ? parseFloat(m[1].split(',')[3]) : 1;
    if (alpha >= 1) break;
    e = e.parentElement || (e.getRootNode() && e.getRootNode().host) || null;
  }
  return out;
}"""


def _rgba(css: str) -> tuple[float, float, float, float]:
    parts = [float(x) for x in re.findall(r"[\d.]+", css)]
    return (parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0)


def _over(top: tuple[float, ...], below: tuple[float, float, float]) -> tuple[float, float, float]:
    a = top[3]
    return (top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a))


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(colours: dict) -> float:
    """WCAG contrast ratio of a text against what is behind it (backgrounds composited from
    the outermost, over white if none is opaque)."""
    behind: tuple[float, float, float] = (255.0, 255.0, 255.0)
    for bg in reversed(colours["backgrounds"]):
        behind = _over(_rgba(bg), behind)
    fg = _over(_rgba(colours["color"]), behind)
    hi, lo = sorted((_luminance(fg), _luminance(behind)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_ratio_is_computed_as_wcag_says():
    assert round(contrast({"color": "rgb(0, 0, 0)", "backgrounds": ["rgb(255, 255, 255)"]}), 1) == 21.0
    assert round(contrast({"color": "rgb(119, 119, 119)", "backgrounds": ["rgba(0, 0, 0, 0)"]}), 2) == 4.48
    # dark text on a dark veil over a cream page: what the old screen did
    assert contrast({"color": "rgb(29, 43, 54)", "backgrounds": ["rgba(20, 30, 40, 0.85)", "rgb(251, 246, 234)"]}) < 2


@pytest.fixture(scope="module")
def slow_kiosk() -> Iterator[str]:
    """A kiosk asking after 2 s without a touch, with a long countdown (nothing closes
    while the test looks at the question)."""
    import socket

    from canal_heritage.serve import make_server

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = make_server(port=port, threaded=True, bot_workers=1, kiosk=True, idle_after=2, countdown=300, seed=7)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=2)
            break
        except Exception:
            time.sleep(0.2)
    yield url
    server.stop()


def open_setup_and_wait_for_the_question(page, url: str, lang: str = "en") -> dict:
    """The Canal du Midi setup page, a game button focused, then left alone until asked;
    returns the bounding box of the "start" button (under the question now)."""
    page.goto(url + f"?lang={lang}")
    page.locator(".play-midi button").click()
    page.locator(".midi-setup").wait_for()
    start = page.locator(".start button")
    box = start.bounding_box()
    start.focus()
    page.locator(".still-there-veil").wait_for(state="visible", timeout=20_000)
    return box


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_still_there_covers_the_screen_keeps_the_focus_and_a_tap_anywhere_answers(browser, slow_kiosk, size):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        start = open_setup_and_wait_for_the_question(page, slow_kiosk)
        veil = page.locator(".still-there-veil")
        # the whole screen
        box = veil.bounding_box()
        assert box == {"x": 0, "y": 0, "width": width, "height": height}
        for x, y in [(1, 1), (width - 2, 1), (1, height - 2), (width - 2, height - 2), (width // 2, height // 2)]:
            assert page.evaluate(ON_TOP, [x, y]), (x, y)
        # a modal alert dialog, named, described and announced
        assert veil.get_attribute("role") == "alertdialog" and veil.get_attribute("aria-modal") == "true"
        assert page.get_by_role("alertdialog", name="Still there?").is_visible()
        assert re.search(r"close in \d+ seconds", page.locator(".still-there-veil .countdown").inner_text())
        live = page.locator(".still-there-live")
        assert live.get_attribute("aria-live") == "assertive"
        assert live.text_content() == "Still there? The game will close in 300 seconds."
        # the focus is on the answer and stays in the dialog
        active = page.evaluate(DEEP_ACTIVE)
        assert active["in_dialog"] and "still-here" in active["classes"], active
        for key in ["Tab", "Tab", "Shift+Tab", "Tab"]:
            page.keyboard.press(key)
            assert page.evaluate(DEEP_ACTIVE)["in_dialog"], key
        # the game behind can be neither focused nor clicked
        page.locator(".start button").focus()
        assert page.evaluate(DEEP_ACTIVE)["in_dialog"]
        assert page.locator(".start button").evaluate(INERT)
        # readable: every text against what is behind it, from the computed styles
        for selector in [".still-there-card h1", ".still-there-card .countdown", ".still-there-card button"]:
            ratio = contrast(page.locator(selector).evaluate(COLOURS))
            assert ratio >= 4.5, (selector, ratio)
        # a tap where the game's "start" button is, under the question: it answers, the game is untouched
        page.mouse.click(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        veil.wait_for(state="hidden")
        assert page.locator(".midi-setup").is_visible()
        assert page.locator(".prompt").count() == 0  # no game was started
        # the page is live again, and the focus is back where it was
        active = page.evaluate(DEEP_ACTIVE)
        assert not active["in_dialog"] and active["tag"] == "BUTTON", active
        assert not page.locator(".start button").evaluate(INERT)
        # asked again, a tap on an empty corner of the veil answers too
        veil.wait_for(state="visible", timeout=20_000)
        page.mouse.click(3, height - 3)
        veil.wait_for(state="hidden")
        assert page.locator(".midi-setup").is_visible()
    finally:
        context.close()


def test_still_there_answers_from_the_keyboard_in_french(browser, slow_kiosk):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(slow_kiosk + "?lang=fr")
        page.locator(".play-midi button").click()
        page.locator(".midi-setup").wait_for()
        dialog = page.get_by_role("alertdialog", name="Toujours là\u00a0?")
        dialog.wait_for(timeout=20_000)
        assert page.get_by_role("button", name="Je suis toujours là").is_visible()
        assert re.search(r"La partie se fermera dans \d+ secondes", dialog.inner_text())
        page.keyboard.press("Enter")
        dialog.wait_for(state="hidden")
        assert page.locator(".midi-setup").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["fr", "oc"])
def test_the_kiosk_home_and_its_game_fit_the_screen(browser, slow_kiosk, lang):
    """Issue 26, item 7: the kiosk's home, with its game playing under the choices, is whole
    in the window (a kiosk has no one to scroll it), on a tablet on its side and a laptop."""
    from test_fits import HOME_SIZES, home_heights

    tall = home_heights(browser, slow_kiosk, HOME_SIZES, lang)
    assert all(t <= h + 1 for (_w, h), t in tall.items()), f"the kiosk's home is taller than the window: {tall}"
