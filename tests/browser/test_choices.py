"""Choices that don't mislead (issue 13, item 6), in a real browser: the Hint says what the
Steady bot would do and why, the visitor follows it by hand up to a tent trade shown as card
pictures; in Arriala the last action point waits for "End my turn" and can be taken back.

Screenshots go to /tmp/shots/choices/ when that folder exists (for the people who look at them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from canal_heritage.i18n import translator

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/choices")


def hint_ready(lang: str) -> str:
    """The Hint button's words when a hint can be given (in the page's language)."""
    return translator(lang).ui("hint.button", "Hint: what would the Steady bot do?")


def shot(page, name: str) -> None:
    if SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def skip_guide(page) -> None:
    """The guided first round's bubble may stand over the Hint button: skip it."""
    skip = page.locator("button.guide-skip")
    if skip.count() and skip.first.is_visible():
        skip.first.click()
        expect(skip.first).to_be_hidden()


def start_midi(page, url: str, lang: str = "en") -> None:
    page.goto(url + f"?lang={lang}")
    page.locator(".play-midi button").click()
    page.get_by_role("button", name={"en": "Beginner", "fr": "Débutant"}[lang]).click()
    page.locator(".start button").click()


def ask_hint(page, lang: str) -> str:
    """Press Hint once it is the visitor's turn; the hinted choice's words.

    The button says "on your turn" until a hint can be given: a press before then does
    nothing, so the test waits for its ready words, in the page's language."""
    page.locator(".choices button.choice").first.wait_for(timeout=20_000)
    skip_guide(page)
    button = page.locator(".hint-button button")
    expect(button).to_have_text(hint_ready(lang), timeout=20_000)
    button.click()
    shown = page.locator(".hint-shown")
    shown.wait_for()
    assert shown.locator("h3").inner_text().strip()
    assert shown.locator(".hint-reason").inner_text().strip()
    return shown.locator(".hint-choice").inner_text().split(": ", 1)[1].rstrip(".")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_hint_is_shown_and_a_trade_shows_card_pictures(page, exhibit, lang):
    """Seed 7 against a Beginner: following the Steady bot's hints, the 12th decision is a trade."""
    start_midi(page, exhibit, lang)
    for step in range(40):
        action = ask_hint(page, lang)  # once it is the visitor's turn: the choices shown are this turn's
        if page.locator(".choices button.trade").count():
            break
        if step == 0:
            page.locator(".hint-shown").scroll_into_view_if_needed()
            shot(page, f"midi-hint-{lang}")
        page.locator(".choices").get_by_role("button", name=action, exact=True).click()
        expect(page.locator(".hint-shown")).to_have_count(0)  # the game moved on: the hint goes
        page.locator(".choices button.choice, .end-screen").first.wait_for(timeout=20_000)
    trades = page.locator(".choices button.trade")
    assert trades.count() >= 1
    for i in range(trades.count()):
        b = trades.nth(i)
        expect(b.locator("svg")).to_have_count(3)  # your card, an arrow, their card (or its back)
        assert b.get_attribute("aria-label")  # the whole trade in words
        box = b.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
    trades.first.scroll_into_view_if_needed()
    shot(page, f"midi-trade-{lang}")
    trades.first.click()  # the trade is played
    expect(page.locator(".choices button.trade")).to_have_count(0)


def start_arriala(page, url: str, lang: str = "en") -> None:
    page.goto(url + f"?lang={lang}")
    page.locator(".play-arriala button").click()
    page.locator(".arriala-setup").wait_for()
    page.get_by_role("button", name={"en": "Steady", "fr": "Régulier"}[lang]).click()
    page.locator(".first-player").get_by_role("button", name={"en": "Me", "fr": "Moi"}[lang], exact=True).click()
    page.locator(".start button").click()
    page.locator("button.pal-draw").wait_for()
    skip_guide(page)


def draw_a_card(page) -> None:
    """Draw (2 of 5 action points), and wait for the table to say so: until then the
    palette on screen is the one from before the draw, and a press on it may be lost."""
    prompt = page.locator(".prompt h2").first
    before = prompt.inner_text()
    page.locator("button.pal-draw").click()
    expect(prompt).not_to_have_text(before)
    expect(page.locator("button.pal-place")).to_be_visible()


def place_first(page) -> None:
    page.locator("button.pal-place").click()
    page.locator("button.target-place").first.click()


def test_arriala_last_action_waits_for_end_my_turn(page, arriala):
    start_arriala(page, arriala)
    status = page.locator(".status")
    draw_a_card(page)
    expect(page.locator(".prompt h2").first).to_contain_text("3 action points")
    place_first(page)  # the last 3: the result shows, the turn waits
    end = page.locator("button.pal-end_turn.only-choice")
    expect(end).to_be_visible()
    expect(end).to_have_text("End my turn")
    expect(page.locator("button.pal-place")).to_have_count(0)
    expect(page.locator(".prompt h2").first).to_contain_text("You can still take it back")
    box = end.bounding_box()
    assert box is not None and box["height"] >= 44
    before = status.inner_text()
    shot(page, "arriala-end-turn-en")
    page.locator(".undo button").click()  # the last action is taken back
    expect(page.locator("button.pal-place")).to_be_visible()
    expect(page.locator("button.pal-end_turn.only-choice")).to_have_count(0)
    place_first(page)
    expect(page.locator("button.pal-end_turn.only-choice")).to_be_visible()
    assert status.inner_text() == before  # nobody else plays meanwhile
    page.locator("button.pal-end_turn").click()
    expect(status).not_to_have_text(before, timeout=20_000)  # the turn passes; the bot plays
    page.locator("button.pal-draw, .end-screen").first.wait_for(timeout=20_000)


def test_arriala_end_my_turn_in_french(page, arriala):
    start_arriala(page, arriala, lang="fr")
    draw_a_card(page)
    place_first(page)
    expect(page.locator("button.pal-end_turn.only-choice")).to_be_visible()
    shot(page, "arriala-end-turn-fr")
    page.locator(".hint-button button").click()
    page.locator(".hint-shown").wait_for()
    page.locator(".hint-shown").scroll_into_view_if_needed()
    shot(page, "arriala-hint-fr")


