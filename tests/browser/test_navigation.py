"""Never lost (issue 13, item 8), in a real browser: the address follows the page so Back
and Forward work, leaving a game asks first and home offers to resume it, a new page opens
at its top, and an unknown address says so."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def start_game(page, url, lang="en"):
    page.goto(url + f"?lang={lang}")
    page.locator(".play-midi button").click()
    expect(page).to_have_url(re.compile(r"page=midi-setup"))
    page.locator(".start button").click()
    page.locator(".prompt button").first.wait_for()


def query(page) -> str:
    return page.url.split("?", 1)[1] if "?" in page.url else ""


def test_back_and_forward_walk_home_game_and_explorer(page, exhibit):
    start_game(page, exhibit)
    assert query(page) == "page=midi&lang=en"  # the game took the set-up's place in the history
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator(".where button").click()  # "where is this?": the site in play, on the map
    page.get_by_role("heading", name="Map of the two canals").wait_for()
    expect(page).to_have_url(re.compile(r"\?page=explorer&place=midi-[IVX]+&lang=en$"))
    page.wait_for_function("window.scrollY === 0")  # the explorer opens at its top
    page.go_back()  # back to the game, without a question
    page.locator(".prompt button").first.wait_for()
    assert query(page) == "page=midi&lang=en"
    page.go_back()  # leaving the game asks first
    dialog = page.locator(".leave-veil")
    expect(dialog).to_be_visible()
    dialog.locator("button.leave").click()
    page.locator(".home-screen").wait_for()
    assert query(page) == "lang=en"
    expect(page.locator(".resume-midi button")).to_be_visible()
    page.go_forward()  # the game is still there
    page.locator(".prompt button").first.wait_for()
    assert query(page) == "page=midi&lang=en"
    page.go_forward()
    page.get_by_role("heading", name="Map of the two canals").wait_for()
    assert query(page).startswith("page=explorer&place=midi-")


def test_leaving_a_game_asks_and_cancelling_keeps_it_then_home_resumes_it(browser, exhibit):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        start_game(page, exhibit, lang="fr")
        page.locator(".prompt button").first.click()  # a move, so the game has a story to keep
        page.wait_for_timeout(300)
        title = page.get_by_role("heading", level=1).first.inner_text()
        page.locator(".go-home button").click()
        dialog = page.locator(".leave-veil")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Quitter cette partie\u00a0?")
        stay = dialog.locator("button.stay")
        expect(stay).to_be_focused()  # the question takes the focus
        page.keyboard.press("Tab")
        expect(dialog.locator("button.leave")).to_be_focused()
        page.keyboard.press("Tab")
        expect(stay).to_be_focused()  # and keeps it
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "leave-confirmation-fr-1280x800.png"))
        box = dialog.bounding_box()
        assert box and box["width"] >= 1280 and box["height"] >= 800  # the veil covers the screen
        stay.click()
        expect(dialog).to_be_hidden()
        expect(page.locator(".go-home button")).to_be_focused()  # the focus is back where it was
        page.locator(".prompt button").first.wait_for()
        assert query(page) == "page=midi&lang=fr"
        page.locator(".go-home button").click()
        expect(stay).to_be_focused()
        page.keyboard.press("Escape")  # Escape stays, too
        expect(dialog).to_be_hidden()
        page.locator(".go-home button").click()
        expect(dialog).to_be_visible()
        dialog.locator("button.leave").click()
        page.locator(".home-screen").wait_for()
        resume = page.locator(".resume-midi button")
        expect(resume).to_contain_text("Canal du Midi")  # its own key, home.resume_midi (issue 13)
        resume.click()
        page.locator(".prompt button").first.wait_for()
        assert page.get_by_role("heading", level=1).first.inner_text() == title
        assert query(page) == "page=midi&lang=fr"
    finally:
        context.close()


def test_an_unknown_address_says_so_in_the_visitors_language(page, exhibit):
    page.goto(exhibit + "?page=nowhere&lang=fr")
    notice = page.locator(".link-notice")
    expect(notice).to_contain_text("nowhere")
    expect(notice).to_contain_text("page d'accueil")
    page.locator(".home-screen").wait_for()
    page.goto(exhibit + "?page=explorer&place=atlantis&lang=oc")
    expect(notice).to_contain_text("atlantis")
    page.get_by_role("heading", name="Mapa dels dos canals").wait_for()
    page.locator(".heritage-none, .go-home button").first.click()  # the next page: the message goes
    page.locator(".home-screen").wait_for()
    expect(notice).to_have_count(0)



#: The element that has the keyboard's focus, down through Panel's shadow roots.
DEEP_FOCUS = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a ? {tag: a.tagName, text: (a.textContent || '').trim().slice(0, 80)} : null;
}"""


def focus_on(page, tag: str) -> dict:
    page.wait_for_function(f"() => {{ const f = ({DEEP_FOCUS})(); return f && f.tag === '{tag}'; }}")
    return page.evaluate(DEEP_FOCUS)


def test_the_keyboard_focus_goes_to_each_new_pages_heading(page, exhibit):
    """Issue 26, item 6: after a screen change the focus is on the new page's heading (a screen
    reader reads it, the next Tab is the page's first control), never left on the body."""
    page.goto(exhibit + "?lang=en")
    page.locator(".play-midi button").focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"page=midi-setup"))
    heading = focus_on(page, "H1")
    assert "Canal du Midi" in heading["text"], heading
    page.keyboard.press("Tab")  # the next Tab: a control of the page
    assert page.evaluate(DEEP_FOCUS)["tag"] == "BUTTON"
    page.locator(".go-home button").first.focus()
    page.keyboard.press("Enter")
    page.locator(".home-screen").wait_for()
    heading = focus_on(page, "H1")
    assert heading["text"], heading
    page.locator(".heritage button").first.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"page=explorer"))
    heading = focus_on(page, "H1")
    assert heading["text"], heading
