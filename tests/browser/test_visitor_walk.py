"""The issue's "done when" walk (issue 13): a French visitor who has never seen either game
goes from the set-up page, with the guide, through the guided first round, then plays on
alone — a whole Canal du Midi game to its end screen; for Arriala the guided round and a few
turns more (a whole Arriala game is long: the walk stops there and says so)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def guide_step(page) -> str:
    b = page.locator(".guide-bubble")
    if not b.count() or b.is_hidden():
        return ""
    return b.get_attribute("data-step") or ""


def follow_the_guide_or_play(page, choices: str) -> None:
    """What a visitor does: "Got it" on a hint that explains, else the first choice on offer."""
    ok = page.locator(".guide-bubble button.guide-ok")
    if guide_step(page) and ok.is_visible():
        ok.click()
    elif page.locator(choices).count():
        page.locator(choices).first.click(timeout=5000)
    page.wait_for_timeout(250)


def test_a_french_visitor_learns_and_finishes_a_canal_du_midi_game(page, exhibit):
    page.goto(exhibit + "?page=midi-setup&lang=fr")
    assert page.locator(".guide-me button").inner_text().startswith("\u2611")
    page.locator(".start button").click()
    page.locator(".guide-bubble[data-step='goal']").wait_for()
    seen = set()
    for _ in range(400):
        if page.locator(".again button").count():
            break
        seen.add(guide_step(page))
        follow_the_guide_or_play(page, ".choices button.choice")
    assert {"goal", "bet", "done"} <= seen  # the guided round, then on their own
    page.locator(".winner").wait_for()  # the end screen says who won, and why
    assert guide_step(page) == ""


def test_a_french_visitor_learns_arriala_and_plays_on(page, arriala):
    page.goto(arriala + "?page=arriala-setup&lang=fr")
    page.locator(".start button").click()
    page.locator(".guide-bubble[data-step='goal']").wait_for()
    seen = set()
    for _ in range(60):
        step = guide_step(page)
        seen.add(step)
        if step == "done":
            page.locator(".guide-bubble button.guide-ok").click()
            break
        ok = page.locator(".guide-bubble button.guide-ok")
        if step and ok.is_visible():
            ok.click()
        elif step == "place" or (not step and page.locator(".palette button.pal-place:not(.unavailable)").count()):
            page.locator(".palette button.pal-place").click()
            page.locator(".targets button.target").first.dispatch_event("click")
        elif step == "move":
            page.locator(".palette button.pal-move").click()
            page.locator(".targets button.target").first.dispatch_event("click")
            page.wait_for_timeout(200)
            if page.locator(".targets button.target").count():
                page.locator(".targets button.target").first.dispatch_event("click")
        else:
            page.locator(".palette button.pal-end_turn").click()
        page.wait_for_timeout(300)
    assert {"goal", "ap", "place", "done"} <= seen
    # on their own: a few more turns, ending each one (a whole game is long; the walk stops here)
    ended = 0
    for _ in range(40):
        if page.locator(".again button").count():  # the short board's game may end meanwhile
            break
        end = page.locator(".palette button.pal-end_turn:not(.unavailable)")
        if end.count():
            end.first.click()
            ended += 1
            if ended == 3:
                break
        page.wait_for_timeout(500)
        assert guide_step(page) == ""
    assert ended >= 1
