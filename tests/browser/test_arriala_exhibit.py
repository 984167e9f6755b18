"""Arriala in a real browser: a whole game against a bot by clicks, the map answering taps,
the language switched mid-game, the hot-seat privacy screen, and no opponent's card in the
page or in anything the server sends.

The server (fixture ``arriala``) deals short games (two cells a stretch, a balance-study
override) and replays bots' turns at once (pace 0), so a whole game takes seconds."""

from __future__ import annotations

import re
import time

import pytest
from deep_dom import page_html
from playwright.sync_api import expect

from canal_heritage.arriala import ArrialaGame
from canal_heritage.arriala.narration import Narrator

pytestmark = pytest.mark.browser

#: What the fixture's server deals (see conftest.py): a game of seed 7, the visitor first.
SHORT = {"cells": [2, 2, 2, 2]}


def start(page, url, *, lang="en", first="Me", hot_seat: tuple[str, ...] = (), level="Steady") -> None:
    page.goto(url + f"?lang={lang}")
    page.locator(".play-arriala button").click()
    page.locator(".arriala-setup").wait_for()
    if hot_seat:
        page.get_by_role("button", name="Several people on this screen").click()
        for i, name in enumerate(hot_seat):
            field = page.get_by_placeholder(f"Name of player {i + 1}")
            field.fill(name)
            field.press("Tab")  # the name is sent when the field is left
    else:
        page.get_by_role("button", name=level).click()
    page.locator(".first-player").get_by_role("button", name=first, exact=True).click()
    page.locator(".start button").click()


def act(page, cell_word: str = "cell") -> bool:
    """One step of a simple visitor, once it is their turn: place a worker on the first plain
    cell offered (``cell_word``: how the page's language says "cell"), else end the turn;
    then wait for the table to say what changed. False once the game is over."""
    page.locator("button.pal-end_turn, .end-screen").first.wait_for(timeout=10_000)
    if page.locator(".end-screen").count():
        return False
    status = page.locator(".status")
    before = status.inner_text()
    if page.locator("button.pal-place:not(.unavailable)").count():
        page.locator("button.pal-place").click()
        targets = page.locator("button.target-place")
        targets.first.wait_for()
        cells = targets.filter(has_text=cell_word)  # a plain cell (not a town) fills a section
        (cells if cells.count() else targets).first.click()
    else:
        page.locator("button.pal-end_turn").click()
    expect(status).not_to_have_text(before, timeout=10_000)
    return True


def test_a_whole_game_against_a_bot_by_clicks(page, arriala):
    start(page, arriala)
    deadline = time.time() + 45
    while time.time() < deadline and act(page):
        pass
    end = page.locator(".end-screen")
    end.wait_for(timeout=5000)
    # filled in place: wait for it; the title speaks to the visitor (issue 26, item 4)
    expect(end.locator(".winner")).to_have_text(re.compile(r"^You (won|share|shared|came|tied)"))
    # the ruling's plain title; its code (A-R18) only in the teacher's projector mode (issue 13)
    expect(end.locator(".why")).to_contain_text("Ties and the virtual player")
    assert "A-R18" not in end.locator(".why").inner_text()
    score = end.locator("table.score").inner_text()
    for words in ("Sections", "Locks", "River works", "Engineering works", "Vineyards", "Total"):
        assert words in score
    page.locator(".again button").click()
    page.locator("button.pal-end_turn").wait_for()


def test_a_tap_on_the_map_chooses_the_ringed_target(page, arriala):
    start(page, arriala)
    page.locator("button.pal-place").click()
    page.locator("button.target-place").first.wait_for()
    # where Bokeh draws the second ring (the first is Montech, a town)
    point = page.evaluate("""() => {
        const plot = Bokeh.index.query_one(v => v.model.type == 'Figure' || v.model.type == 'Plot');
        const ring = plot.model.renderers.find(r => r.data_source && 'number' in r.data_source.data);
        const data = ring.data_source.data;
        const box = plot.el.getBoundingClientRect();
        return [box.left + plot.frame.x_scale.compute(data.x[1]), box.top + plot.frame.y_scale.compute(data.y[1]),
                data.x.length];
    }""")
    page.mouse.click(point[0], point[1])
    # in the "What happened" sheet, closed: in the page, not on screen
    page.get_by_text("Red places a new worker on Montech–Castelsarrasin, cell 1.").first.wait_for(state="attached")
    page.locator("button.target-place").first.wait_for(state="detached")


def test_the_language_switches_mid_game(page, arriala):
    start(page, arriala)
    page.locator("button.pal-draw").wait_for()
    assert "Draw a card" in page.locator("button.pal-draw").inner_text()
    page.locator(".lang-oc button").click()
    page.locator("button.pal-draw").get_by_text(re.compile("Tirar|carta")).wait_for()
    page.locator(".lang-fr button").click()
    page.locator("button.pal-draw").get_by_text(re.compile("Piocher")).wait_for()
    page.locator("button.pal-draw").click()  # the game goes on in French
    page.get_by_text(re.compile("pioche une carte")).first.wait_for(state="attached")  # in the "What happened" sheet


def test_hot_seat_shows_the_privacy_screen_before_any_hand(page, arriala):
    start(page, arriala, hot_seat=("Ana", "Ben <b>"), first="Ana")
    screen = page.locator(".privacy-screen")
    screen.wait_for()
    expect(screen.locator("[role=alert]")).to_contain_text("Pass the device to Ana")
    assert page.locator("button.card").count() == 0 and page.locator("button.pal-end_turn").count() == 0
    page.locator(".privacy-ok button").click()
    page.locator("button.card").first.wait_for()
    page.locator("button.pal-end_turn").click()
    alert = screen.locator("[role=alert]").filter(has_text="Ben")  # the screen is re-filled in place
    alert.wait_for()
    text = alert.inner_text()
    assert "Pass the device to Ben <b>" in text  # a typed name is shown as text, never markup
    assert page.locator(".privacy-screen b").count() == 0
    assert page.locator("button.card").count() == 0
    page.locator(".privacy-ok button").click()
    page.locator("button.card").first.wait_for()


def test_no_opponent_card_is_in_the_page_or_sent_to_the_browser(page, arriala):
    game = ArrialaGame(2, **SHORT)
    state = game.new_initial_state(7, first=0)
    mine, theirs = set(state.hand_list(0)), set(state.hand_list(1))
    hidden = sorted(theirs - mine)
    assert hidden, "pick a seed where the bot holds a card the visitor does not"
    names = [Narrator("en", game).card(c) for c in hidden]
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    start(page, arriala)
    page.locator("button.card").first.wait_for()
    assert {c.split("card-")[1] for c in page.locator(".card").evaluate_all(
        "els => els.map(e => [...e.classList].find(c => c.startsWith('card-')))")} == mine
    dom = page_html(page)
    assert all(f"card-{c}" in dom for c in mine)  # the visitor's own cards are read (shadow roots too)
    for cid, name in zip(hidden, names, strict=True):
        assert f"card-{cid}" not in dom and name not in dom, f"{name} is hidden but appears in the page"
        assert not any(f"card-{cid}" in f or f'"{name}"' in f for f in frames), f"{name} was sent to the browser"
    assert frames, "the websocket traffic was not captured"


def test_arriala_works_with_the_network_blocked(page, arriala):
    outside: list[str] = []

    def guard(route):
        host = route.request.url.split("/")[2].split(":")[0]
        if host in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", guard)
    start(page, arriala)
    page.locator(".arriala-map canvas").first.wait_for()
    page.locator("button.pal-move").click()
    page.locator("button.target-worker").first.wait_for()
    assert outside == [], f"the page tried to reach {outside}"


def test_a_greyed_action_says_why_on_hover_and_to_a_screen_reader(page, arriala):
    start(page, arriala)
    greyed = page.locator("button.pal-to_vineyard.unavailable")
    greyed.wait_for()
    assert greyed.get_attribute("title") == "None of your workers is on the canal."
    assert greyed.get_attribute("aria-disabled") == "true"
    open_ = page.locator("button.pal-place")
    assert open_.get_attribute("title") is None and open_.get_attribute("aria-disabled") is None
    greyed.click(force=True)  # still a button (Playwright counts aria-disabled as disabled): the tap says why
    expect(page.locator(".prompt [role=alert]")).to_contain_text("None of your workers is on the canal.")


def test_the_choices_are_large_and_reachable_by_keyboard(page, arriala):
    start(page, arriala)
    page.locator("button.pal-place").focus()
    page.keyboard.press("Enter")
    first = page.locator("button.target-place").first
    first.wait_for()
    box = first.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    first.focus()
    page.keyboard.press("Enter")
    page.get_by_text(re.compile("places a new worker")).first.wait_for(state="attached")  # in the "What happened" sheet
