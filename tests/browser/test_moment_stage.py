"""Staged moments in a real browser (issue 13, item 4): the bids turned over after a bid
round, announced in a polite live region, skipped by a click, still under reduced motion,
and never in the way of a choice."""

from __future__ import annotations

import contextlib

import pytest
from test_arriala_exhibit import act, start

pytestmark = pytest.mark.browser

STAGE = ".mstage"


def start_vs_bot(page, url: str, lang: str = "en") -> None:
    page.goto(url + f"?page=midi-setup&lang={lang}")
    page.locator(".start button").click()
    page.locator(".choices button.choice").first.wait_for()


def until_bids(page):
    """Play the first choice offered until the bids are turned over; the stage playing them."""
    bids = page.locator(f"{STAGE}.kind-bids")
    for _ in range(30):
        choices = page.locator(".choices button.choice")
        if choices.count():
            with contextlib.suppress(Exception):  # the list was replaced under the pointer: again
                choices.first.click(timeout=3000)
        try:
            bids.wait_for(state="visible", timeout=2000)
            return bids
        except Exception:
            continue
    pytest.fail("the bids were never turned over")


def test_the_bids_are_staged_announced_and_skipped_by_a_click(page, exhibit):
    start_vs_bot(page, exhibit)
    bids = until_bids(page)
    # every seat's card, turned over together, with the seat's name
    assert bids.locator(".m-seat").count() == 2
    assert bids.locator(".m-flip").count() == 2
    live = page.locator(".moment-live")
    assert live.get_attribute("aria-live") == "polite"
    assert "The bets are revealed" in live.inner_text()
    # it stands over the site, not over the choices
    box, choices = bids.bounding_box(), page.locator(".choices").bounding_box()
    assert box is not None and choices is not None
    assert box["x"] + box["width"] <= choices["x"] + 1 or box["y"] >= choices["y"] + choices["height"] - 1
    page.locator(STAGE).click(position={"x": 30, "y": 30})  # a tap: the next moment, or the end
    page.locator(f"{STAGE}.kind-bids").wait_for(state="hidden", timeout=2000)


def test_a_choice_can_be_clicked_while_a_moment_plays(page, exhibit):
    start_vs_bot(page, exhibit)
    until_bids(page)
    before = page.locator(".choices button.choice").first.get_attribute("data-key")
    page.locator(".choices button.choice").first.click(timeout=2000)  # not covered: clickable at once
    page.locator(f"{STAGE}.kind-bids").wait_for(state="hidden", timeout=2000)  # the visitor's move ends it
    # the move was played: the choice clicked is no longer on offer
    page.locator(f'.choices button.choice[data-key="{before}"]').wait_for(state="detached")


def test_reduced_motion_shows_the_final_picture_still(browser, exhibit):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        start_vs_bot(page, exhibit)
        bids = until_bids(page)
        names = bids.locator("*").evaluate_all("els => els.map(e => getComputedStyle(e).animationName)")
        durations = bids.locator("*").evaluate_all("els => els.map(e => getComputedStyle(e).animationDuration)")
        assert set(names) == {"none"} and all(d in ("0s", "0ms") for d in durations)
        # the cards already show their faces: the flip's final frame
        flip = bids.locator(".m-flip").first.evaluate("e => getComputedStyle(e).transform")
        assert flip in ("none", "matrix(1, 0, 0, 1, 0, 0)")
        assert "The bets are revealed" in page.locator(".moment-live").inner_text()
    finally:
        context.close()


def test_without_reduced_motion_the_cards_flip(page, exhibit):
    start_vs_bot(page, exhibit)
    bids = until_bids(page)
    names = bids.locator(".m-flip").evaluate_all("els => els.map(e => getComputedStyle(e).animationName)")
    assert names and set(names) == {"m-flip"}


def test_over_the_arriala_board_a_tap_goes_through_and_ends_the_show(page, arriala):
    start(page, arriala)
    stage = page.locator(STAGE)
    for _ in range(40):
        if not act(page):
            pytest.skip("the game ended before a moment")
        try:
            stage.wait_for(state="visible", timeout=1500)
            break
        except Exception:
            continue
    else:
        pytest.fail("no moment was staged")
    box = stage.bounding_box()
    assert box is not None
    hit = page.evaluate("([x, y]) => { let e = document.elementFromPoint(x, y);"
                        " while (e && e.shadowRoot && e.shadowRoot.elementFromPoint(x, y)"
                        " && e.shadowRoot.elementFromPoint(x, y) !== e) e = e.shadowRoot.elementFromPoint(x, y);"
                        " return !!(e && e.closest && e.closest('.mstage')); }",
                        [box["x"] + 40, box["y"] + box["height"] - 20])
    assert hit is False  # what is under the stage receives the tap
    page.mouse.click(box["x"] + 40, box["y"] + box["height"] - 20)
    stage.wait_for(state="hidden", timeout=2000)
