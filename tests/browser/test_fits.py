"""Fits the screen (issue 13, item 5): at five window sizes, both games' playing surface (the
header, the site or board, the hand, the choices, the others' summary) is inside the window
and the page does not scroll, at the first decision and after a few moves; the log is a
sheet opened from the header (keyboard too); after a move the keyboard lands on the new
choices; the page has one main landmark (axe-core, issue 13, item 10)."""

from __future__ import annotations

import contextlib

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (1920, 1080), (1024, 768), (768, 1024)]
MIDI_PARTS = (".table-header", ".canal-strip", ".site-panel", ".prompt", ".players", ".seat.mine .hand")
ARRIALA_PARTS = (".table-header", ".board-area", ".track", "button.pal-place", "button.pal-end_turn")


def inside(page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    w, h = page.viewport_size["width"], page.viewport_size["height"]
    assert box["x"] >= -1 and box["y"] >= -1 and box["x"] + box["width"] <= w + 1 and \
        box["y"] + box["height"] <= h + 1, f"{selector} is outside the {w}×{h} window: {box}"


def no_page_scroll(page) -> None:
    height, inner = page.evaluate("() => [document.scrollingElement.scrollHeight, innerHeight]")
    assert height <= inner + 1, f"the page scrolls: {height} > {inner}"


def check(page, parts) -> None:
    page.wait_for_timeout(400)  # the last patch lands
    no_page_scroll(page)
    for selector in parts:
        inside(page, selector)


def dismiss_intro(page) -> None:
    """The engineers' introduction goes at the first move and the guided round can be
    skipped: the test lets both go first (they are not the table's layout)."""
    with contextlib.suppress(PlaywrightError):
        if page.locator(".intro-play button").count():
            page.locator(".intro-play button").click(timeout=2000)
    with contextlib.suppress(PlaywrightError):
        if page.locator("button.guide-skip").count():
            page.locator("button.guide-skip").click(timeout=2000)
            page.wait_for_timeout(300)


def midi_moves(page, n: int) -> None:
    for _ in range(n):
        page.locator(".prompt button.choice").first.wait_for()
        with contextlib.suppress(PlaywrightError):
            page.locator(".prompt button.choice").first.click(timeout=3000)
        page.wait_for_timeout(300)
    page.locator(".prompt button.choice").first.wait_for()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_canal_du_midi_table_fits_the_window(browser, exhibit, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(exhibit + "?lang=fr&page=midi-setup")
        page.locator(".start button").click()
        page.locator(".prompt button.choice").first.wait_for()
        dismiss_intro(page)
        check(page, MIDI_PARTS)
        midi_moves(page, 5)
        check(page, MIDI_PARTS)
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_arriala_table_fits_the_window(browser, arriala, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(arriala + "?lang=fr&page=arriala-setup")
        page.locator(".start button").click()
        page.locator("button.pal-end_turn").wait_for()
        dismiss_intro(page)
        check(page, (*ARRIALA_PARTS, ".hand button.card"))  # the visitor's cards too
        page.locator("button.pal-place").click()  # a decision with several targets
        page.locator("button.target-place").first.wait_for()
        check(page, (*ARRIALA_PARTS, "button.target-place"))
        status = page.locator(".status")
        before = status.inner_text()
        page.locator("button.target-place").first.click()
        expect(status).not_to_have_text(before, timeout=10_000)
        check(page, ARRIALA_PARTS)
    finally:
        context.close()


def test_the_log_is_a_sheet_opened_from_the_header(page, exhibit):
    page.goto(exhibit + "?lang=en&page=midi-setup")
    page.locator(".start button").click()
    midi_moves(page, 3)
    opener = page.locator("button.log-open")
    sheet = page.locator(".log-panel")
    expect(opener).to_have_attribute("aria-expanded", "false")
    expect(sheet).to_be_hidden()
    opener.click()
    expect(opener).to_have_attribute("aria-expanded", "true")
    expect(sheet).to_be_visible()
    assert sheet.locator("li").count() > 0
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    expect(opener).to_be_focused()  # the focus comes back to the button
    page.keyboard.press("Enter")  # the keyboard opens it too
    expect(sheet).to_be_visible()
    sheet.locator("button.log-close").click()
    expect(sheet).to_be_hidden()
    no_page_scroll(page)


def test_after_a_move_the_keyboard_lands_on_the_new_choices(page, exhibit):
    page.goto(exhibit + "?lang=en&page=midi-setup")
    page.locator(".start button").click()
    first = page.locator(".prompt button.choice").first
    first.wait_for()
    dismiss_intro(page)
    first.focus()
    page.keyboard.press("Enter")  # a bet: the bots play, then the next decision comes
    page.wait_for_timeout(300)
    page.locator(".prompt button.choice").first.wait_for()
    expect(page.locator(".prompt button.choice").first).to_be_focused(timeout=10_000)


def test_the_page_has_one_main_landmark(page, exhibit):
    page.goto(exhibit + "?lang=fr&page=midi-setup")
    page.locator(".start button").click()
    page.locator(".prompt button.choice").first.wait_for()
    page.wait_for_timeout(300)
    assert page.locator("main").count() == 1
    found = Axe().run(page, options={"runOnly": ["landmark-one-main", "region"]}).response["violations"]
    assert not found, [v["id"] for v in found]


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def test_four_players_are_all_in_view(browser, exhibit, size):
    """Against three bots, every seat of the players' summary is in the window."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(exhibit + "?lang=en&page=midi-setup")
        page.locator(".midi-setup").wait_for()
        page.get_by_role("button", name="3", exact=True).first.click()  # three opponents
        page.wait_for_timeout(300)
        page.locator(".start button").click()
        page.locator(".prompt button.choice").first.wait_for()
        dismiss_intro(page)
        midi_moves(page, 3)
        check(page, (*MIDI_PARTS, *(f".seat-{p}" for p in range(4))))
    finally:
        context.close()
