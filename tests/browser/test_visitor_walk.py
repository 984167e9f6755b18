"""The issue's "done when" walk (issue 13): a French visitor who has never seen either game
starts at the welcome screen, meets the engineers, follows the guided first round, then
plays on alone to the end screen — "your canal", who won and why — for both games.

The ``arriala`` fixture deals short Arriala games (see conftest.py), so the whole game of
the walk takes seconds; the steps the visitor takes are the same as on the full board."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect
from test_arriala_exhibit import act

pytestmark = pytest.mark.browser


def guide_step(page) -> str:
    b = page.locator(".guide-bubble")
    if not b.count() or b.is_hidden():
        return ""
    return b.get_attribute("data-step") or ""


def from_the_welcome(page, url: str, card: str, setup: str) -> None:
    """The welcome screen in French, a game's picture card, its set-up (the guide ticked for
    a first game), then the engineers' introduction and "Let's play"."""
    page.goto(url + "?lang=fr")
    page.locator(f".{card} button").click()
    page.locator(f".{setup}").wait_for()
    assert page.locator(".guide-me button").inner_text().startswith("\u2611")
    page.locator(".start button").click()
    page.locator(".intro-play button").wait_for()
    assert guide_step(page) == ""  # the guide waits while the engineers are introduced
    page.locator(".intro-play button").click()
    page.locator(".guide-bubble[data-step='goal']").wait_for()


def the_end(page) -> None:
    end = page.locator(".end-screen")
    end.wait_for(timeout=10_000)
    expect(end.locator(".winner")).not_to_be_empty()  # who won, and why
    end.locator(".your-canal").first.wait_for()  # what the visitor built
    assert guide_step(page) == ""


def test_a_french_visitor_learns_and_finishes_a_canal_du_midi_game(page, exhibit):
    from_the_welcome(page, exhibit, "play-midi", "midi-setup")
    seen = set()
    for _ in range(400):
        if page.locator(".end-screen").count():
            break
        step = guide_step(page)
        seen.add(step)
        ok = page.locator(".guide-bubble button.guide-ok")
        if step and ok.is_visible():
            ok.click()  # "Got it" on a hint that explains
        elif page.locator(".choices button.choice").count():
            if "done" not in seen and not step and next_bubble(page):
                continue  # the guide's next word came late (a loaded machine): read it first
            real_click(page.locator(".choices button.choice").first)
        page.wait_for_timeout(250)
    assert {"goal", "bet", "done"} <= seen  # the guided round, then on their own
    the_end(page)


def next_bubble(page, timeout_ms: int = 1500) -> bool:
    """Whether a guide bubble shows within ``timeout_ms`` (while the guided round lasts, each
    new decision brings one; a loaded machine may draw it after its choices)."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        page.locator(".guide-bubble").wait_for(state="visible", timeout=timeout_ms)
    except PlaywrightError:
        return False
    return True


def real_click(button) -> None:
    """A real click (nothing may cover the button); a button the table replaced meanwhile (a
    bot moved: a slow machine) is not a failure, the walk looks again."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        button.click(timeout=5000)
    except PlaywrightError as err:
        if "intercepts pointer events" in str(err) or "detached" not in str(err):
            raise


def test_a_french_visitor_learns_and_finishes_an_arriala_game(page, arriala):
    from_the_welcome(page, arriala, "play-arriala", "arriala-setup")
    seen = set()
    for _ in range(80):
        step = guide_step(page)
        seen.add(step)
        ok = page.locator(".guide-bubble button.guide-ok")
        if step == "done" or (step and ok.is_visible() and step not in ("place", "move")):
            ok.click()
            if step == "done":
                break
        elif page.locator(".end-screen").count():
            break
        else:  # the guide points at an action: the visitor does what it says, with real clicks
            act(page, cell_word="case")
        page.wait_for_timeout(250)
    assert {"goal", "ap", "place", "done"} <= seen
    deadline = time.time() + 90  # on their own to the end (a short game: seconds)
    while time.time() < deadline and act(page, cell_word="case"):
        pass
    the_end(page)
