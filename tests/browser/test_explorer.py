"""The heritage explorer in a real browser: a tap on the map, the keyboard, deep links,
languages, and nothing fetched from outside."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from canal_heritage.heritage import load_heritage
from canal_heritage.views.explorer.page import CanalMap

pytestmark = pytest.mark.browser


def story(page):
    return page.locator(".place-story h2")


def tap_marker(page, place_id, region="midi"):
    """Tap 6 pixels off a marker, where the map of ``region`` draws it at the page's size."""
    drawn = CanalMap(region=region)
    xr, yr = drawn.figure.x_range, drawn.figure.y_range
    x, y = drawn._xy[place_id]
    box = page.locator(".canal-map canvas").first.bounding_box()
    px = box["x"] + (x - xr.start) / (xr.end - xr.start) * box["width"]
    py = box["y"] + (yr.end - y) / (yr.end - yr.start) * box["height"]
    page.mouse.click(px + 6, py - 3)


def test_the_explorer_by_clicks_from_home_to_a_marker_and_the_timeline(page, exhibit):
    page.goto(exhibit + "?lang=en")
    page.locator(".heritage button").click()
    page.get_by_role("heading", name="Map of the two canals").wait_for()
    tap_marker(page, "midi-IX", region="both")  # the map opens on both canals
    page.get_by_role("heading", name="IX · Écluse ronde d'Agde").wait_for()
    expect(page.locator(".place-story article")).to_contain_text("Did you know?")
    page.locator(".section-timeline button").click()
    page.get_by_role("heading", name="From Riquet's birth to today").wait_for()
    expect(page.locator(".timeline .event").first).to_contain_text("1604 or 1609")
    page.locator(".timeline-place-midi-V button").first.click()
    page.get_by_role("heading", name="V · Pont-canal du Répudre").wait_for()
    page.locator(".go-home button").click()
    page.locator(".home-screen").wait_for()


def test_the_explorer_by_keyboard(page, exhibit):
    page.goto(exhibit + "?lang=en&page=explorer&place=I")
    page.get_by_role("heading", name="I · Port de l'Embouchure").wait_for()
    page.locator(".region-garonne button").focus()
    page.keyboard.press("Enter")  # the region buttons work from the keyboard
    # the map has moved to the Garonne once its button shows it chosen (however loaded the machine)
    expect(page.locator(".region-garonne button")).to_have_class(re.compile("bk-btn-primary"))
    page.wait_for_timeout(200)
    select = page.locator(".place-select select")
    # Tab reaches the list of places, past the map (from the region button, or from the top of
    # the page when the map's redraw has taken the focus with it)
    for _ in range(30):
        page.keyboard.press("Tab")
        if select.evaluate("el => el.getRootNode().activeElement === el"):
            break
    else:
        raise AssertionError("the list of places is not reachable with Tab")
    page.keyboard.press("ArrowDown")
    page.get_by_role("heading", name="II · Seuil de Naurouze").wait_for()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # past "previous", to "next place"
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="III · Port de Castelnaudary").wait_for()
    page.locator(".section-glossary button").focus()
    page.keyboard.press("Enter")
    page.locator("table.glossary").wait_for()


def test_a_deep_link_opens_a_place_told_in_occitan(page, exhibit):
    page.goto(exhibit + "?lang=oc&page=explorer&place=midi-VIII")
    page.get_by_role("heading", name="VIII · Enclusas de Fontseranas").wait_for()
    told = page.locator(".place-story .story")
    expect(told).to_contain_text("A Fontseranas")
    expect(told).not_to_contain_text("(en francés)")
    page.goto(exhibit + "?lang=en&page=explorer&section=people")
    page.get_by_role("heading", name="The people of the canals").wait_for()
    expect(page.locator(".people article")).to_have_count(len(load_heritage().people))  # one card each


def test_the_language_switches_in_the_explorer_and_it_keeps_its_place(page, exhibit):
    page.goto(exhibit + "?lang=en&page=explorer&place=moissac")
    page.get_by_role("heading", name="Map of the two canals").wait_for()
    page.get_by_role("heading", name="Moissac").wait_for()
    page.locator(".lang-fr button").click()
    page.get_by_role("heading", name="Carte des deux canaux").wait_for()
    expect(page.locator(".place-story article")).to_contain_text("Ville sur le canal de Garonne")
    page.locator(".lang-oc button").click()
    page.get_by_role("heading", name="Mapa dels dos canals").wait_for()
    page.get_by_role("heading", name="Moissac").wait_for()
    expect(page.locator(".place-story article")).to_contain_text("Vila sul Canal de Garona")
    page.locator(".section-glossary button").click()
    expect(page.locator("table.glossary thead th")).to_have_text(["Occitan", "Français", "English", "Definicion"])


def test_the_explorer_works_with_the_network_blocked_and_its_targets_are_large(page, exhibit):
    outside: list[str] = []

    def guard(route):
        host = route.request.url.split("/")[2].split(":")[0]
        if host in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", guard)
    page.goto(exhibit + "?lang=en&page=explorer&place=VIII")
    page.get_by_role("heading", name="VIII · Écluses de Fonseranes").wait_for()
    page.locator(".canal-map canvas").first.wait_for()
    for name in ("timeline", "people", "glossary", "map"):
        page.locator(f".section-{name} button").click()
        page.wait_for_timeout(200)
    page.get_by_role("heading", name="Map of the two canals").wait_for()
    for target in (".section-map button", ".next-place button", ".region-both button", ".place-select select"):
        box = page.locator(target).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, target
    assert outside == [], f"the page tried to reach {outside}"
