"""The welcome screen in a real browser (issue 13, item 1): its picture and its three choices
fit the screen without scrolling, each choice is one large named button, and the language is a
separate control that says which language is chosen."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from layout_rules import laid_out
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (768, 1024), (1920, 1080)]


def test_the_picture_and_the_three_choices_fit_without_scrolling(browser, exhibit):
    """On a laptop, a portrait tablet and a projector (one page, the window resized)."""
    context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(exhibit + "?lang=fr")
        page.locator(".home-screen").wait_for()
        page.wait_for_timeout(400)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            laid_out(page)
            _fits(page, width, height)
    finally:
        context.close()


def _fits(page, width: int, height: int) -> None:
    boxes = {"picture": page.locator("svg.long-profile").bounding_box(),
             "language": page.locator(".lang-choice").bounding_box()}
    for name in ("play-midi", "play-arriala", "heritage"):
        boxes[name] = page.locator(f".{name} button").bounding_box()
    for name, box in boxes.items():
        assert box is not None, name
        assert box["x"] >= 0 and box["y"] >= 0, (width, name, box)
        assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5, (width, name, box)
    assert boxes["picture"]["height"] >= 0.2 * height, width  # a large picture
    for name in ("play-midi", "play-arriala", "heritage"):
        assert boxes[name]["height"] >= 44 and boxes[name]["width"] >= 44
        assert boxes[name]["height"] >= 150, (width, name)  # a big card, not a plain button
    assert page.evaluate("document.scrollingElement.scrollHeight") <= height + 1, width


def test_three_named_choices_and_a_separate_language_control(page, exhibit):
    page.goto(exhibit + "?lang=en")
    page.locator(".home-screen").wait_for()
    for name in ("Play Canal du Midi", "Play Arriala (Canal de Garonne)", "Discover the heritage"):
        button = page.get_by_role("button", name=name)
        expect(button).to_be_visible()
    # the accessible name carries the card's line too (generated content)
    midi = page.get_by_role("button", name="Play Canal du Midi")
    assert "Riquet" in midi.evaluate("b => getComputedStyle(b, '::after').content")
    group = page.get_by_role("group", name="Language · Langue · Lenga")
    expect(group).to_be_visible()
    expect(group.get_by_role("button", name="English")).to_have_attribute("aria-pressed", "true")
    expect(group.get_by_role("button", name="Français")).to_have_attribute("aria-pressed", "false")
    assert page.locator(".play-midi button").evaluate("b => !b.closest('.lang-choice')")
    # keyboard: Tab reaches the language buttons and the choices, each with a visible ring
    page.locator(".lang-oc button").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".lang-oc button")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => location.search.includes('lang=oc')")
    page.locator(".play-arriala button").focus()
    ring = page.locator(".play-arriala button").evaluate("b => getComputedStyle(b).outlineStyle")
    assert ring != "none"
    page.keyboard.press("Enter")
    page.locator(".arriala-setup").wait_for()


def test_riquet_link_opens_his_page_and_axe_finds_nothing_serious(page, exhibit):
    page.goto(exhibit + "?lang=fr")
    page.locator(".home-screen").wait_for()
    page.wait_for_timeout(300)
    found = [v for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert not found, [(v["id"], [n["target"] for n in v["nodes"]]) for v in found]
    page.get_by_role("img", name="Canal du Midi", exact=False).first.wait_for()
    page.locator(".riquet-link button").click()
    page.wait_for_function("() => location.search.includes('page=explorer')")
