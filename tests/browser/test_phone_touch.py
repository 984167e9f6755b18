"""A visitor on a phone (390×844, touch, the page at the phone's own width) plays each game to
its end screen with taps alone (issue 26, "done when"): the welcome's card, the set-up's
Start, the engineers' "Let's play", the guide skipped, then the choices."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Error as PlaywrightError

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


def _to_the_table(page, url: str, card: str) -> None:
    page.goto(url + "?lang=fr")
    page.locator(f".{card} button").tap()
    page.locator(".start button").tap()
    page.locator(".intro-play button").tap()
    page.locator(".intro-play button").wait_for(state="detached")
    skip = page.locator(".guide-bubble button.guide-skip")
    skip.wait_for()
    skip.tap()


def _tap(locator) -> None:
    """A tap on what is on screen now; a choice the table replaced or took away meanwhile (a bot
    moved, the game ended) is looked for again, but a choice covered by something else, or on
    screen and never tappable, fails the test."""
    try:
        locator.tap(timeout=5000)
    except PlaywrightError as err:
        if "intercepts pointer events" in str(err):
            raise
        if "detached" in str(err) or not locator.count():  # the table moved on (a bot, the game's end)
            return
        raise


def test_the_page_is_laid_out_at_the_phones_width(browser, exhibit):
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(exhibit + "?lang=fr")
        page.locator(".home-screen").wait_for()
        assert page.evaluate("() => innerWidth") == 390  # not 980 px shrunk to a third
    finally:
        context.close()


def test_a_whole_canal_du_midi_game_by_touch_on_a_phone(browser, exhibit):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        _to_the_table(page, exhibit, "play-midi")
        deadline = time.time() + 240
        while time.time() < deadline and not page.locator(".end-screen").count():
            choice = page.locator(".choices button.choice")
            if choice.count():
                _tap(choice.first)
            page.wait_for_timeout(200)
        page.locator(".end-screen").wait_for(timeout=5000)
    finally:
        context.close()


def test_a_whole_arriala_game_by_touch_on_a_phone(browser, arriala):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        _to_the_table(page, arriala, "play-arriala")
        deadline = time.time() + 120
        while time.time() < deadline and not page.locator(".end-screen").count():
            page.locator("button.pal-end_turn, .end-screen").first.wait_for()
            if page.locator(".end-screen").count():
                break
            status = page.locator(".status").inner_text()
            if page.locator("button.pal-place:not(.unavailable)").count():
                _tap(page.locator("button.pal-place"))
                targets = page.locator("button.target-place")
                targets.first.wait_for()
                _tap(targets.first)
            else:
                _tap(page.locator("button.pal-end_turn"))
            for _ in range(50):  # the table says what changed
                if page.locator(".end-screen").count() or page.locator(".status").inner_text() != status:
                    break
                page.wait_for_timeout(100)
        page.locator(".end-screen").wait_for(timeout=5000)
    finally:
        context.close()
