"""The guided first round and "How to play" in a real browser (issue 13, item 3): the
bubble stands next to the real control it points at, following it advances, "Skip the
guide" removes it, and the choices stay clickable the whole time."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("GUIDE_SHOTS", "")  # a folder: screenshots for the record


def shot(page, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def bubble(page):
    return page.locator(".guide-bubble")


def step(page) -> str:
    return bubble(page).get_attribute("data-step") or ""


def wait_step(page, name: str) -> None:
    page.wait_for_function(
        """(name) => { const find = (root) => { const b = root.querySelector('.guide-bubble');
             if (b) return b; for (const el of root.querySelectorAll('*')) if (el.shadowRoot) {
               const f = find(el.shadowRoot); if (f) return f; } return null; };
           const b = find(document); return b && !b.hidden && b.dataset.step === name; }""", arg=name)


def next_to(page, target: str) -> None:
    """The bubble is on screen, beside the control (not over it), and the control is outlined."""
    page.wait_for_timeout(700)  # it glides to its place (and follows the page every 0.3 s)
    b = bubble(page).bounding_box()
    t = page.locator(f".{target}").first.bounding_box()
    assert b and t
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    assert b["x"] >= 0 and b["x"] + b["width"] <= vw + 1 and b["y"] >= 0 and b["y"] + b["height"] <= vh + 1
    overlap_x = min(b["x"] + b["width"], t["x"] + t["width"]) - max(b["x"], t["x"])
    overlap_y = min(b["y"] + b["height"], t["y"] + t["height"]) - max(b["y"], t["y"])
    assert overlap_x <= 1 or overlap_y <= 1, "the bubble covers its control"
    assert page.locator(f".{target}.guide-target").count() == 1


def start_midi(page, url: str, lang: str = "en") -> None:
    page.goto(url + f"?page=midi-setup&lang={lang}")
    assert page.locator(".guide-me button").inner_text().startswith("\u2611")  # a visitor's first game: ticked
    page.locator(".start button").click()
    lets_play(page)


def lets_play(page) -> None:
    """The engineers are introduced first; the guide waits for "Let's play"."""
    page.locator(".intro-play button").click()


def test_the_guide_walks_the_first_canal_du_midi_round_and_the_choices_stay_clickable(page, exhibit):
    page.set_viewport_size({"width": 1280, "height": 800})
    start_midi(page, exhibit)
    wait_step(page, "goal")
    next_to(page, "canal-strip")
    shot(page, "midi_goal_en")
    bubble(page).locator("button.guide-ok").click()
    wait_step(page, "bet")
    next_to(page, "choices")
    shot(page, "midi_bet_en")
    # following the hint: the bet is a real move on the real table
    before = page.locator(".choices button.choice").count()
    assert before > 0
    page.locator(".choices button.choice").first.click()
    page.wait_for_function("() => true")
    for _ in range(40):  # reinforcements, then round 2: each hint is followed or dismissed by a move
        s = step(page)
        if s == "done":
            break
        if s and bubble(page).locator("button.guide-ok").is_visible():
            bubble(page).locator("button.guide-ok").click()
        elif page.locator(".choices button.choice").count():
            page.locator(".choices button.choice").first.click()
        page.wait_for_timeout(400)
    wait_step(page, "done")
    shot(page, "midi_done_en")
    bubble(page).locator("button.guide-ok").click()
    page.wait_for_timeout(800)
    assert bubble(page).is_hidden()


def test_skip_removes_the_bubble_and_nothing_blocks_a_choice(page, exhibit):
    start_midi(page, exhibit, "fr")
    wait_step(page, "goal")
    # while the bubble is up, a choice is clicked at once (nothing modal)
    page.locator(".choices button.choice").first.click(timeout=3000)
    page.wait_for_timeout(500)
    if not bubble(page).is_hidden():
        bubble(page).locator("button.guide-skip").click()
    expect(bubble(page)).to_be_hidden(timeout=10_000)  # the server's answer, on a loaded machine too


def test_how_to_play_opens_over_the_game_and_goes_back_to_it(page, exhibit):
    page.set_viewport_size({"width": 1280, "height": 800})
    start_midi(page, exhibit, "oc")
    page.locator(".choices button.choice").first.wait_for()
    choices = page.locator(".choices button.choice").count()
    page.locator(".how-to-play button").click()
    page.locator(".how-midi").wait_for()
    assert page.locator(".how-midi .word").count() == 9
    shot(page, "midi_how_oc_table")
    page.wait_for_timeout(500)
    assert page.evaluate("() => document.activeElement && document.activeElement.shadowRoot && "
                         "document.activeElement.shadowRoot.activeElement !== null")
    page.locator(".how-close button").click()
    page.locator(".how-midi").wait_for(state="detached")
    assert page.locator(".choices button.choice").count() == choices  # the game is as it was
    page.wait_for_timeout(500)
    # the keyboard is back on "How to play"
    assert page.locator(".how-to-play button").evaluate("b => b.getRootNode().activeElement === b")


def test_the_arriala_guide_points_at_the_palette(page, arriala):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(arriala + "?page=arriala-setup&lang=fr")
    page.locator(".start button").click()
    assert bubble(page).is_hidden()  # while the engineers are introduced, the guide waits
    lets_play(page)
    wait_step(page, "goal")
    next_to(page, "arriala-map")
    shot(page, "arriala_goal_fr")
    bubble(page).locator("button.guide-ok").click()
    wait_step(page, "ap")
    next_to(page, "palette")
    shot(page, "arriala_ap_fr")
    bubble(page).locator("button.guide-ok").click()
    wait_step(page, "place")
    next_to(page, "pal-place")
    shot(page, "arriala_place_fr")
    page.locator(".palette button.pal-place").click()
    # the target buttons may sit under the side column's next pane at this size while the
    # layout is being reworked (issue 13, item 5): the click is sent to the button itself
    page.locator(".targets button.target").first.dispatch_event("click")
    page.wait_for_timeout(500)
    assert step(page) != "place"  # following the hint moved the guide on
    bubble(page).locator("button.guide-skip").click()
    page.wait_for_timeout(400)
    assert bubble(page).is_hidden()


#: The element with the keyboard's focus, down through Panel's shadow roots: its classes and text.
DEEP_FOCUS = """() => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  const host = (e) => {
    let n = e;
    while (n && !(n.classList && n.classList.contains('choice'))) n = n.parentNode || n.host;
    return n;
  };
  return a ? {tag: a.tagName, cls: a.className, choice: !!host(a),
              text: (a.textContent || '').trim().slice(0, 60)} : null;
}"""


def test_the_keyboard_follows_the_guide(page, exhibit):
    """Issue 26, item 6: "Got it" pressed from the keyboard gives the focus to what comes next
    (the next step's "Got it", or the choices it points at), never to the page's body."""
    page.set_viewport_size({"width": 1280, "height": 800})
    start_midi(page, exhibit)
    wait_step(page, "goal")
    bubble(page).locator("button.guide-ok").focus()
    page.keyboard.press("Enter")
    wait_step(page, "bet")
    page.wait_for_function(f"() => {{ const f = ({DEEP_FOCUS})(); return f && f.tag === 'BUTTON'; }}")
    focused = page.evaluate(DEEP_FOCUS)
    assert focused["choice"] or "guide" in focused["cls"], focused  # a bet to make, from the keyboard
    page.keyboard.press("Enter")  # Enter plays it (or says "Got it"): the keyboard alone goes on
    page.wait_for_timeout(600)
    assert page.evaluate(DEEP_FOCUS)["tag"] != "BODY"


def test_skipping_the_guide_from_the_keyboard_leaves_the_focus_on_the_choices(page, exhibit):
    start_midi(page, exhibit)
    wait_step(page, "goal")
    bubble(page).locator("button.guide-skip").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => {{ const f = ({DEEP_FOCUS})(); return f && f.choice; }}")
    assert bubble(page).is_hidden()


def test_how_to_play_over_the_table_keeps_the_keyboard_and_escape_closes_it(page, exhibit):
    """Issue 26, item 6: while "How to play" covers the table, Tab never reaches a move hidden
    behind it (the table is inert); Escape closes the sheet and the game is as it was."""
    page.set_viewport_size({"width": 1280, "height": 800})
    start_midi(page, exhibit)
    page.locator(".choices button.choice").first.wait_for()
    choices = page.locator(".choices button.choice").count()
    page.locator(".how-to-play button").click()
    page.locator(".how-midi").wait_for()
    page.wait_for_timeout(500)
    for _ in range(25):
        page.keyboard.press("Tab")
        inside = page.evaluate(f"() => {{ const f = ({DEEP_FOCUS})(); return f === null || !f.choice; }}")
        assert inside, "Tab reached a choice behind 'How to play'"
    assert page.locator(".how-to-play-panel[aria-modal='true']").count() == 1
    page.keyboard.press("Escape")
    page.locator(".how-midi").wait_for(state="detached")
    assert page.locator(".choices button.choice").count() == choices
    page.locator(".choices button.choice").first.click(timeout=3000)  # the table is live again
