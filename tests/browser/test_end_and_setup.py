"""Issue 26, items 4 and 8, in real Chromium.

- The end screens speak to the viewer: after a whole game against bots (Canal du Midi, and a
  short Arriala game: the ``arriala`` fixture), the title says how the visitor did ("You
  won!", "You came 2nd of 3"), and "Play again" and "Home" are inside the window without
  scrolling on a phone (390×844) once the game ends (at 768×1024 and 1366×768:
  ``test_layout_rules.test_the_end_screens_keep_the_layout_rules``, which plays each game once
  and uses :func:`check_end`).
- The set-ups show the choice made: the chosen mode, level, number and first player carry a
  check (✓) and ``aria-pressed="true"``, the others ``"false"``; a click swaps them.
- "How to play", opened on a set-up page, leaves "Start the game" in the window: the page
  opens under Start, and on a phone Start stays in a bar at the bottom of the window.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect
from test_arriala_exhibit import act
from test_exhibit import click_any_action

pytestmark = pytest.mark.browser

#: Every title the end screen may give a visitor playing against bots (English).
VIEWER_TITLE = re.compile(r"^(You won!|You share the victory!|You shared first place|"
                          r"You came (2nd|3rd|4th) of [234]|You tied for (2nd|3rd) of [234])$")
CHECK = "\u2713"


def _in_window(page, locator) -> dict:
    """The locator's box, asserting it lies inside the window (no scrolling: a bounding box
    does not scroll the page)."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"], (box, size)
    return box


def _not_covered(locator) -> bool:
    """Whether the point at the control's centre is the control itself (nothing over it)."""
    return locator.evaluate("""b => {
        const r = b.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
        let e = document.elementFromPoint(x, y);
        while (e && e.shadowRoot) {
            const inner = e.shadowRoot.elementFromPoint(x, y);
            if (!inner || inner === e) break;
            e = inner;
        }
        for (let n = e; n; n = n.parentNode || n.host) { if (n === b) return true; }
        return false;
    }""")


def _set_up(page, url: str, game: str, lang: str = "en") -> None:
    page.goto(url + f"?lang={lang}&page={game}-setup")
    page.locator(f".{game}-setup .start button").wait_for()


def check_end(page, players: int | None = None) -> None:
    """The end screen speaks to the visitor playing against bots (``players``: how many sat
    at the table, when the title must say where the visitor came among them), Play again and
    Home in the window, nothing over them, the breakdown after them."""
    end = page.locator(".end-screen")
    end.wait_for(timeout=10_000)
    title = end.locator(".winner")
    expect(title).to_have_text(VIEWER_TITLE)
    who_won = end.locator(".who-won")  # who won, under the title, unless the visitor won alone
    assert (who_won.count() == 0) == (title.inner_text() == "You won!")
    # the end screen brings its top into view (a phone) in a later frame: a loaded machine may
    # take a moment, so wait until it has (or fail on the last look)
    for _ in range(40):
        try:
            for selector in (".end-screen .winner", ".again button", ".end-home button"):
                _in_window(page, page.locator(selector))
            break
        except AssertionError:
            page.wait_for_timeout(100)
    for selector in (".end-screen .winner", ".again button", ".end-home button"):
        _in_window(page, page.locator(selector))
    assert _not_covered(page.locator(".again button")) and _not_covered(page.locator(".end-home button"))
    # then the breakdown: the score sheet comes after the buttons
    again = page.locator(".again button").bounding_box()
    assert end.locator("table.score").bounding_box()["y"] > again["y"]
    if players:
        assert re.search(rf"of {players}$", title.inner_text()) or \
            title.inner_text() in ("You won!", "You shared first place")


def check_score_sheet_fits(page) -> None:
    """The score sheet's every column is in its box on a phone: nothing to find by scrolling
    sideways (the box would scroll rather than the page, but a visitor seldom thinks to)."""
    sheet = page.locator(".end-screen table.score").first
    needed, room = sheet.evaluate("t => [t.scrollWidth, t.closest('.score-box').clientWidth]")
    assert needed <= room + 1, f"the score sheet needs {needed} px in a {room} px box"


SIZES = [(390, 844)]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_canal_du_midi_game_ends_speaking_to_the_visitor_with_play_again_in_view(browser, exhibit, width,
                                                                                   height):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        _set_up(page, exhibit, "midi")
        page.locator(".guide-me button").click()  # no guided round: straight to the game
        page.locator(".setup-level button", has_text="Beginner").click()
        page.locator(".start button").click()
        deadline = time.time() + 240
        while time.time() < deadline and not page.locator(".end-screen").count():
            if not click_any_action(page):
                page.wait_for_timeout(150)
        check_end(page)
        check_score_sheet_fits(page)
    finally:
        context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_an_arriala_game_ends_speaking_to_the_visitor_with_play_again_in_view(browser, arriala, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        _set_up(page, arriala, "arriala")
        page.locator(".guide-me button").click()
        page.locator(".first-player").get_by_role("button", name="Me", exact=True).click()
        page.locator(".start button").click()
        deadline = time.time() + 180  # a loaded CI machine plays slower
        while time.time() < deadline and act(page):
            pass
        check_end(page, players=3)  # against two computers
        check_score_sheet_fits(page)  # three columns and the longest headings
    finally:
        context.close()


def _chosen(group) -> list[str]:
    """The words of the buttons of a toggle group marked chosen, and check that the marks
    agree: ✓ and aria-pressed="true" on those, "false" and no ✓ on the others. Read at one
    moment (the group may be drawn again while an earlier answer changes its options)."""
    read = """g => [...g.querySelectorAll('button')].map(b => [b.getAttribute('aria-pressed'),
                 b.textContent.includes('CHECK'), b.querySelector('.words').textContent])""".replace("CHECK", CHECK)
    buttons: list = []
    for _ in range(20):  # a group drawn again settles within a moment
        buttons = group.locator("[role=group]").evaluate(read)
        if all((pressed == "true") == checked for pressed, checked, _ in buttons):
            break
        group.page.wait_for_timeout(100)
    assert len(buttons) >= 2
    for pressed, checked, words in buttons:
        assert pressed in ("true", "false")
        assert checked == (pressed == "true"), (words, pressed)
    return [words for pressed, _, words in buttons if pressed == "true"]


def _chosen_is(group, words: list[str]) -> None:
    """The group shows ``words`` chosen, within a few seconds (an earlier answer may be
    changing its options: the group is drawn again, then its choice comes)."""
    for _ in range(50):
        if _chosen(group) == words:
            return
        group.page.wait_for_timeout(100)
    assert _chosen(group) == words


def _swap(group, first: str, other: str) -> None:
    _chosen_is(group, [first])
    button = group.get_by_role("button", name=other, exact=True)
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(group.get_by_role("button", name=first, exact=True)).to_have_attribute("aria-pressed", "false")
    _chosen_is(group, [other])
    assert group.locator("[role=group]").get_attribute("aria-label")  # named by its question


#: whether a game's set-up asks "Who starts?" (Arriala's table chooses, A-R9)
ASKS_WHO_STARTS = {"midi": False, "arriala": True}


@pytest.mark.parametrize("game", ["midi", "arriala"])
def test_the_setup_shows_the_chosen_mode_level_and_number(page, exhibit, arriala, game):
    _set_up(page, {"midi": exhibit, "arriala": arriala}[game], game)
    mode = page.locator(".setup-mode")
    assert mode.locator("[role=group]").get_attribute("aria-label") == "Who plays?"
    _swap(page.locator(".setup-level"), "Steady", "Expert")
    _swap(page.locator(".setup-opponents"), "1", "2")
    if ASKS_WHO_STARTS[game]:  # "Who starts?" offers the second computer too (drawn again) before a tap
        expect(page.locator(".first-player").get_by_role("button")).to_have_count(4)
        _swap(page.locator(".first-player"), "Let chance decide", "Me")
    _swap(mode, "Against the computer", "Several people on this screen")
    page.locator(".setup-players").wait_for()  # hot-seat: how many players, and their names
    _swap(page.locator(".setup-players"), "2", "3")
    _swap(mode, "Several people on this screen", "Against the computer")


@pytest.mark.parametrize(("game", "width", "height"), [("midi", 768, 1024), ("arriala", 768, 1024),
                                                       ("midi", 390, 844), ("arriala", 1366, 768)])
def test_start_stays_in_view_when_how_to_play_opens(browser, exhibit, game, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        _set_up(page, exhibit, game)
        page.locator(".how-to-play button").click()
        panel = page.locator(".how-to-play-panel")
        panel.wait_for()
        page.wait_for_timeout(300)
        assert panel.bounding_box()["height"] > height / 2  # a long page, opened below the choices
        start = page.locator(".start button")
        _in_window(page, start)
        assert _not_covered(start)
        assert panel.bounding_box()["y"] > start.bounding_box()["y"]  # the page opened under Start
        if width < 600:  # a phone: reading on, Start stays at the bottom of the window
            page.mouse.wheel(0, 600)
            page.wait_for_timeout(300)
            _in_window(page, start)
            assert _not_covered(start)
        start.click()
        page.locator(f".{game}-table").wait_for()
    finally:
        context.close()
