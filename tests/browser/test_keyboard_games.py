"""Both games played to their end screen by the keyboard alone, at a school laptop's size
(issue 26, "done when"): from the home page, Tab moves the focus and Enter presses what it is
on; the mouse is never used and nothing is focused by the test. A visitor who cannot use a
pointer reaches the end screen and its "Play again".

The visitor plays simply: the guide's "Got it", the introduction's "Let's play", then in Canal
du Midi the first choice offered (after a move the focus is already on the next choices), in
Arriala a new worker on a plain cell while that is offered, else "End my turn".
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: Whether the element with the focus (down through Panel's shadow roots) is, or is inside,
#: an element matching one of the selectors (each matched within its own shadow root), and
#: its words.
FOCUS_IS = """(selectors) => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  if (!a || a === document.body) return {on: false, text: ''};
  for (let e = a; e; e = e.parentElement || (e.getRootNode() && e.getRootNode().host) || null) {
    if (e.matches && selectors.some(s => e.matches(s))) {
      return {on: true, disabled: !!a.disabled || a.getAttribute('aria-disabled') === 'true',
              text: (a.innerText || a.textContent || '').trim().slice(0, 60)};
    }
  }
  return {on: false, text: (a.innerText || a.textContent || '').trim().slice(0, 60)};
}"""


def focus_is(page: Page, *selectors: str) -> bool:
    found = page.evaluate(FOCUS_IS, list(selectors))
    return bool(found["on"] and not found.get("disabled"))


def tab_to(page: Page, *selectors: str, limit: int = 120) -> bool:
    """Press Tab until the focus is on an enabled control matching one of ``selectors``;
    False if ``limit`` presses never get there."""
    for _ in range(limit):
        if focus_is(page, *selectors):
            return True
        page.keyboard.press("Tab")
    return focus_is(page, *selectors)


def start(page: Page, url: str, game: str) -> None:
    """Home → the game's set-up → Start, by the keyboard."""
    page.goto(url + "?lang=en")
    page.locator(".home-screen").wait_for()
    assert tab_to(page, f".play-{game}"), f"Tab never reaches 'Play {game}' on the home page"
    page.keyboard.press("Enter")
    page.locator(f".{game}-setup .start button").wait_for()
    assert tab_to(page, ".start"), "Tab never reaches 'Start' on the set-up page"
    page.keyboard.press("Enter")


#: What a simple visitor presses on the way, besides the game's own choices.
ON_THE_WAY = (".intro-play", ".guide-ok")


def finish(page: Page) -> None:
    """The end screen, its title, and "Play again" reached by Tab."""
    page.locator(".end-screen .winner").wait_for()
    assert tab_to(page, ".again"), "Tab never reaches 'Play again' on the end screen"


def test_canal_du_midi_by_the_keyboard_alone(browser, exhibit):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        start(page, exhibit, "midi")
        deadline = time.time() + 300
        presses = 0
        while time.time() < deadline and not page.locator(".end-screen").count():
            if tab_to(page, ".choice", *ON_THE_WAY, limit=60):
                page.keyboard.press("Enter")
                presses += 1
            page.wait_for_timeout(150)  # the table answers; the focus lands on what comes next
        assert page.locator(".end-screen").count(), f"no end screen after {presses} presses of Enter"
        assert presses >= 9  # a bet in each of the nine rounds at least
        finish(page)
    finally:
        context.close()


def test_arriala_by_the_keyboard_alone(browser, arriala):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        start(page, arriala, "arriala")
        deadline = time.time() + 300
        placed = 0
        while time.time() < deadline and not page.locator(".end-screen").count():
            if focus_is(page, *ON_THE_WAY):
                page.keyboard.press("Enter")
            elif page.locator("button.target-place").count():
                assert tab_to(page, ".target-place"), "Tab never reaches a cell to place the worker on"
                page.keyboard.press("Enter")
                placed += 1
            elif page.locator("button.pal-place:not(.unavailable):not([disabled])").count():
                assert tab_to(page, ".pal-place"), "Tab never reaches 'Place a new worker'"
                page.keyboard.press("Enter")
                page.locator("button.target-place").first.wait_for()
            elif page.locator("button.pal-end_turn:not([disabled])").count():
                assert tab_to(page, ".pal-end_turn"), "Tab never reaches 'End my turn'"
                page.keyboard.press("Enter")
            elif not tab_to(page, *ON_THE_WAY, limit=30):
                page.wait_for_timeout(200)  # the bots play
                continue
            page.wait_for_timeout(150)
        assert page.locator(".end-screen").count(), "no end screen"
        assert placed >= 2  # the short game's sections were filled by the visitor's workers too
        finish(page)
    finally:
        context.close()
