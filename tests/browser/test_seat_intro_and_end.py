"""Who you are, in a real browser (issue 13, item 2): the introduction band at the start of a
game (never over the choices, gone at the visitor's first move), its link to the engineer's
page in the explorer, and the end screen's "your canal" after a whole game."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.test_arriala_exhibit import act
from tests.browser.test_arriala_exhibit import start as start_arriala
from tests.browser.test_exhibit import click_any_action, start_vs_bot

pytestmark = pytest.mark.browser


def words(locator) -> str:
    """Every text inside (Panel draws its panes in shadow roots, which inner_text skips)."""
    return " ".join(locator.locator("h1, h2, h3, p, li, span, figcaption, td, th").all_inner_texts())


def overlaps(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def choices_are_free(page, selector: str) -> None:
    """The band covers no choice: no overlap, and the point at each choice's centre is the
    choice itself (nothing drawn over it)."""
    band = page.locator(".intro-band").bounding_box()
    buttons = page.locator(selector)
    assert buttons.count() > 0
    for i in range(min(buttons.count(), 6)):
        box = buttons.nth(i).bounding_box()
        if box is None:
            continue
        assert not overlaps(band, box)
    ok = buttons.first.evaluate("""b => {
        b.scrollIntoView({block: 'center'});
        const r = b.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
        let e = document.elementFromPoint(x, y);
        while (e && e.shadowRoot) {  // Panel draws in shadow roots: go down to the element itself
            const inner = e.shadowRoot.elementFromPoint(x, y);
            if (!inner || inner === e) break;
            e = inner;
        }
        for (let n = e; n; n = n.parentNode || n.host) { if (n === b) return true; }
        return false;
    }""")
    assert ok, "something covers the first choice"


def test_the_introduction_shows_who_you_are_and_goes_at_the_first_move(page, exhibit):
    start_vs_bot(page, exhibit)
    band = page.locator(".intro-band")
    band.wait_for()
    cards = band.locator(".intro-card")
    assert cards.count() == 2
    text = words(band)
    assert "you are" in text.lower() and "played by the computer" in text.lower()  # kickers in capitals (CSS)
    assert band.locator("svg[role=img]").count() == 2
    assert "not a likeness" in band.locator("svg[role=img]").first.get_attribute("aria-label")
    assert "not likenesses" in text
    page.locator(".prompt button").first.wait_for()
    choices_are_free(page, ".prompt button")
    assert page.locator("[role=dialog]:visible, [aria-modal=true]:visible").count() == 0  # nothing modal shown
    click_any_action(page)
    expect(band).to_have_count(0, timeout=10_000)


def test_the_introduction_links_to_the_engineer_in_the_explorer(page, exhibit):
    start_vs_bot(page, exhibit)
    link = page.locator(".intro-link-0 button")
    link.wait_for()
    link.click()
    chosen = page.locator("article.chosen")
    chosen.wait_for()
    assert "section=people" in page.url and "person=" in page.url
    assert chosen.locator("details[open]").count() == 1
    page.locator(".back-to-game button").click()  # the game is still there, the band too
    page.locator(".intro-band").wait_for()


def test_lets_play_dismisses_the_band(page, exhibit):
    start_vs_bot(page, exhibit)
    page.locator(".intro-play button").click()
    expect(page.locator(".intro-band")).to_have_count(0)
    page.locator(".prompt button").first.wait_for()


def test_a_whole_canal_du_midi_game_ends_with_your_canal(page, exhibit):
    start_vs_bot(page, exhibit)
    deadline = time.time() + 240
    while time.time() < deadline and not page.locator(".end-screen").count():
        if not click_any_action(page):
            page.wait_for_timeout(150)
    end = page.locator(".end-screen")
    end.wait_for()
    assert end.locator(".winner").count() == 1 and end.locator("table.score").count() == 1  # kept as they were
    assert end.locator(".riquet-frame svg[role=img]").count() == 1
    # the end screen holds all it shows (nothing spills under the table below it)
    assert end.evaluate("e => e.scrollHeight <= e.getBoundingClientRect().height + 1")
    assert "1681" in words(end.locator(".riquet-frame"))
    canal = end.locator(".your-canal")
    assert canal.count() == 1 and "Your canal" in words(canal)
    # the sites listed are the viewer's in the score sheet (a number in the visitor's column)
    ids = [li.get_attribute("data-id") for li in canal.locator("li.built").all()]
    order = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
    assert ids == sorted(ids, key=order.index)
    rows = end.locator("table.score tbody tr")
    mine = set()
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        if cells.count() and cells.first.inner_text().strip() not in ("–", "") and i < 9:
            mine.add(order[i])
    assert set(ids) == mine
    links = end.locator(".discover-next button")
    assert 2 <= links.count() <= 3
    page.set_viewport_size({"width": 768, "height": 1024})  # a tablet: the links wrap, none leaves the screen
    page.wait_for_timeout(400)
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 768, box
    links.first.click()
    page.locator(".explorer").wait_for()
    assert "place=" in page.url


def test_an_arriala_game_introduces_the_master_builders_and_ends_with_your_canal(page, arriala):
    start_arriala(page, arriala)
    band = page.locator(".intro-band")
    band.wait_for()
    assert "master builder" in words(band)
    page.locator("button.pal-end_turn").wait_for()
    choices_are_free(page, "button.pal-end_turn, button.pal-place")
    act(page)
    expect(band).to_have_count(0, timeout=10_000)
    deadline = time.time() + 60
    while time.time() < deadline and act(page):
        pass
    end = page.locator(".end-screen")
    end.wait_for(timeout=5000)
    assert end.locator(".riquet-frame").count() == 1
    assert end.locator(".your-canal").count() == 1
    assert 2 <= end.locator(".discover-next button").count() <= 3
