"""The exhibit's components, headless: what they show from the match's state, and what
they never show."""

from __future__ import annotations

import panel as pn
import pytest

from canal_heritage import games
from canal_heritage.matches.midi import MidiMatch, Seat
from canal_heritage.views.choice_list import ChoiceList
from canal_heritage.views.explorer.page import CanalMap, GlossaryView, HeritageExplorer, PeopleGallery, TimelineView
from canal_heritage.views.home.kiosk import MIN_COUNTDOWN, AttractLoop, IdleGuard
from canal_heritage.views.home.welcome import Home, MidiSetup
from canal_heritage.views.tables.midi_table import MidiTable
from canal_heritage.views.theme import PROJECTOR_FONT

MIDI = games.kind("midi").name  # the page, record and plan name of Canal du Midi


def strings(view) -> list[str]:
    """Every text, markup and icon the component tree would send to a browser."""
    out = []
    for obj in view.__panel__().select():
        if isinstance(obj, pn.pane.HTML):
            out.append(str(obj.object))
        elif isinstance(obj, pn.widgets.Button):
            out.extend([obj.label, str(obj.icon or ""), str(obj.description or "")])
        elif isinstance(obj, ChoiceList):
            out.append(obj.label)
            out.extend(str(v) for item in obj.items for v in item.values())
    return out


def at_my_bet(seed=3, lang="en", **kw) -> MidiMatch:
    m = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=seed, lang=lang, **kw)
    while not (m.is_viewer_turn() and m.state.phase.name == "BET"):
        if m.is_bot_turn():
            m.step_bot()
        else:
            m.play(m.legal_actions()[0])
    return m


def test_the_choices_shown_are_the_engines_legal_actions():
    m = at_my_bet()
    table = MidiTable(m)
    [choices] = table.__panel__().select(ChoiceList)
    assert [int(item["key"].split(":")[1]) for item in choices.items] == list(m.legal_actions())
    assert all("act-bet-" in item["classes"] and "<svg" in item["icon"] for item in choices.items)


def test_no_choice_is_styled_as_the_recommended_one_in_any_phase():
    """Every move is the visitor's own: draws, bets, reinforcements and trades all look alike
    (issue 13: "Send reinforcements" used to stand out even when the coin would be lost)."""
    m = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "random")], seed=11, lang="en")
    table = MidiTable(m)
    [choices] = table.__panel__().select(ChoiceList)
    kinds = set()
    while not m.over:
        if m.is_bot_turn():
            m.step_bot()
            continue
        assert choices.items, "the viewer's turn shows choices"
        for item in choices.items:
            assert "primary" not in item["classes"].split(), item
            kinds.add(item["classes"].split("-")[1])
        m.play(m.legal_actions()[-1])
    assert {"bet", "reinforce"} <= kinds  # the test went through the phases it speaks of


def test_what_the_viewer_cannot_see_changes_nothing_on_screen():
    a = at_my_bet()
    b = at_my_bet()
    # swap the bot's hand with its face-down cards and reshuffle the site deck: hidden from seat 0
    b.state.hand[1], b.state.down[1] = b.state.down[1][:len(b.state.hand[1])], (
        b.state.hand[1] + b.state.down[1][len(b.state.hand[1]):])
    b.state.deck.reverse()
    if sorted(a.state.card_values(a.state.hand[1])) == sorted(b.state.card_values(b.state.hand[1])):
        pytest.skip("this seed's swap changed no value")  # pragma: no cover - seed chosen so it does
    assert a.observation() == b.observation()
    assert strings(MidiTable(a)) == strings(MidiTable(b))


def test_the_privacy_screen_shows_no_card_at_all():
    m = MidiMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=5, lang="en")
    if m.privacy:
        m.confirm_privacy()
    m.play(m.legal_actions()[0])
    assert m.privacy
    shown = "".join(strings(MidiTable(m)))
    assert "<svg" not in shown
    assert f"Pass the device to {m.names[m.to_move]}" in shown


def test_open_hands_only_when_the_teacher_turns_them_on():
    m = at_my_bet(projector=True)
    m.paused = False
    closed = "".join(strings(MidiTable(m)))
    m.open_hands = True
    opened = "".join(strings(MidiTable(m)))
    assert opened.count("hidden card") < closed.count("hidden card")  # the bot's hand is face up


def test_a_typed_name_is_escaped_everywhere():
    m = MidiMatch([Seat("human", "<script>alert(1)</script>"), Seat("bot", "", "random")], seed=1, lang="en")
    shown = "".join(strings(MidiTable(m)))
    assert "<script>" not in shown and "&lt;script&gt;" in shown


def test_the_end_screen_explains_the_result():
    m = MidiMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=2, lang="en")
    while not m.over:
        m.step_bot()
    shown = "".join(strings(MidiTable(m, on_again=lambda: None)))
    assert "wins!" in shown or "Shared victory" in shown
    assert "Total" in shown and "Play again" in shown
    # the rule code only in the teacher's projector mode (issue 13); the plain words always
    assert "M-R9" not in shown and "points" in shown


def test_where_is_this_shows_only_when_the_exhibit_can_open_the_map():
    table = MidiTable(at_my_bet())
    [where] = [b for b in table.__panel__().select(pn.widgets.Button) if "where" in b.css_classes]
    assert not where.visible  # a table on its own has no explorer to open
    opened = []
    table.on_place = opened.append
    assert where.visible
    where.clicks += 1
    assert opened == [table.match.public_observation().current_site]


def test_home_offers_the_three_languages_and_reports_the_choice():
    chosen = []
    home = Home(lang="fr", on_language=chosen.append, on_play=lambda _game: None, on_heritage=lambda: None)
    home.__panel__()
    # the language is its own control (issue 13, item 1), not buttons among the choices
    assert set(home.languages.names.values()) == {"Français", "English", "Occitan"}
    assert home.languages.lang == "fr"
    home.languages._handle_msg({"lang": "oc"})
    assert chosen == ["oc"]


def test_setup_builds_the_seats_from_the_choices():
    started = []
    setup = MidiSetup(lang="en", on_start=started.append, on_back=lambda: None)
    setup.opponents.value = 3
    setup.level.value = "expert"
    setup.your_name.value = "Zoé"
    seats = setup.seats()
    assert [s.kind for s in seats] == ["human", "bot", "bot", "bot"]
    assert seats[0].name == "Zoé" and all(s.level == "expert" for s in seats[1:])
    setup.mode.value = "hotseat"
    setup.players.value = 3
    for w, name in zip(setup.names, ["A", "B", "C"], strict=False):
        w.value = name
    assert [s.name for s in setup.seats()] == ["A", "B", "C"]


def test_idle_guard_asks_then_times_out_and_a_touch_cancels():
    now = [0.0]
    timeouts = []
    guard = IdleGuard(idle_after=60, countdown=MIN_COUNTDOWN, on_timeout=lambda: timeouts.append(now[0]),
                      clock=lambda: now[0], lang="en")
    now[0] = 59
    guard.tick()
    assert not guard.asking
    now[0] = 61
    guard.tick()
    assert guard.asking and guard.remaining == MIN_COUNTDOWN
    screen = guard.__panel__()
    assert screen.asking and screen.title == "Still there?" and screen.label == "I am still here"
    assert screen.message == f"The game will close in {MIN_COUNTDOWN} seconds."
    assert screen.announcement == f"Still there? The game will close in {MIN_COUNTDOWN} seconds."
    now[0] = 65
    guard.tick()
    assert guard.asking and 0 < guard.remaining < MIN_COUNTDOWN
    assert screen.message == f"The game will close in {guard.remaining} seconds."
    # screen readers hear it when it appears and once more ten seconds before the end, not every second
    assert screen.announcement == f"Still there? The game will close in {MIN_COUNTDOWN} seconds."
    now[0] = 60 + MIN_COUNTDOWN - 9
    guard.tick()
    assert guard.remaining == 9 and screen.announcement == "Still there? The game will close in 10 seconds."
    screen.answer()  # a tap anywhere on the screen
    assert not guard.asking and not screen.asking and screen.announcement == ""
    now[0] = 72 + 60 + MIN_COUNTDOWN + 1
    guard.tick()  # asks
    guard.tick()  # and the time is up
    assert timeouts and not guard.asking


def test_still_there_is_said_in_every_language_and_follows_a_language_change():
    now = [0.0]
    guard = IdleGuard(idle_after=1, countdown=MIN_COUNTDOWN, on_timeout=lambda: None, clock=lambda: now[0], lang="fr")
    now[0] = 2
    guard.tick()
    screen = guard.__panel__()
    assert screen.title == "Toujours là\u00a0?" and screen.label == "Je suis toujours là"
    assert screen.message == f"La partie se fermera dans {MIN_COUNTDOWN} secondes."
    guard.lang = "oc"
    assert screen.title == "Totjorn aquí ?"
    assert screen.message == f"La partida se barrarà dins {MIN_COUNTDOWN} segondas."
    guard.lang = "en"
    guard.remaining = 1
    assert screen.message == "The game will close in 1 second."


def test_a_tap_on_the_still_there_screen_answers_only_while_it_asks():
    now = [0.0]
    guard = IdleGuard(idle_after=5, countdown=MIN_COUNTDOWN, on_timeout=lambda: None, clock=lambda: now[0])
    screen = guard.__panel__()
    screen._handle_msg({"answer": True})  # a late tap after it closed: nothing happens
    assert not guard.asking
    now[0] = 6
    guard.tick()
    assert guard.asking
    screen._handle_msg({"other": 1})
    assert guard.asking
    screen._handle_msg({"answer": True})
    assert not guard.asking and guard._last == 6


def test_idle_guard_sleeps_when_disabled():
    now = [0.0]
    guard = IdleGuard(idle_after=5, countdown=MIN_COUNTDOWN, on_timeout=lambda: None, clock=lambda: now[0])
    guard.enabled = False
    now[0] = 100
    guard.tick()
    assert not guard.asking


def test_the_attract_loop_plays_and_captions_a_game():
    loop = AttractLoop(lang="fr", seed=4)
    before = loop.match.state.to_dict()
    for _ in range(12):
        loop.step()
    assert loop.match.state.to_dict() != before
    assert "caption" in loop.__panel__().object


def test_the_app_navigates_and_discards_the_game_on_reset():
    import canal_heritage.exhibit as module

    app = module.ExhibitApp(kiosk=True, seed=1, lang="fr")
    app.go("midi-setup")
    app.start("midi", [Seat("human", "Ana"), Seat("bot", "", "random")])
    assert app.page == MIDI and app.match_of("midi") is not None
    app.set_language("oc")
    assert app.match_of("midi").lang == "oc" and app.guard.lang == "oc"
    app.reset()
    assert app.page == "home" and app.match_of("midi") is None


def test_the_teacher_turns_projector_mode_on_from_home_but_a_kiosk_cannot():
    import canal_heritage.exhibit as module

    app = module.ExhibitApp(seed=1, lang="en")
    buttons = [b for b in app.__panel__().select(pn.widgets.Button) if "projector" in b.css_classes]
    assert len(buttons) == 1
    buttons[0].clicks += 1
    assert app.projector and app.__panel__().styles["--bokeh-font-size"] == PROJECTOR_FONT
    app.start("midi", [Seat("human", "Ana"), Seat("bot", "", "random")])
    assert app.match_of("midi").projector
    kiosk = module.ExhibitApp(kiosk=True, seed=1, lang="en")
    assert not [b for b in kiosk.__panel__().select(pn.widgets.Button) if "projector" in b.css_classes]


# ---------------------------------------------------------------------------- the heritage explorer
def load_app():
    import canal_heritage.exhibit as module

    return module


def story(explorer) -> str:
    return str(explorer.story.pane.object)


def tap(explorer, place_id):
    """A tap a few pixels off the marker of ``place_id``."""
    x, y = explorer.map._xy[place_id]
    km_per_px = (explorer.map.figure.x_range.end - explorer.map.figure.x_range.start) / 1000
    event = type("Tap", (), {"x": x + 5 * km_per_px, "y": y - 5 * km_per_px, "sx": None})()
    explorer.map._tapped(event)


def test_choosing_a_place_on_the_map_or_in_the_list_tells_its_story():
    from canal_heritage.heritage import load_heritage

    h = load_heritage()
    explorer = HeritageExplorer(lang="en")
    tap(explorer, "midi-VIII")
    fonserannes = h.place("midi-VIII")
    assert explorer.place == "midi-VIII" and explorer.select.value == "midi-VIII"
    shown = story(explorer)
    assert "VIII · Écluses de Fonseranes" in shown
    for field in ("caption", "story", "did_you_know"):
        assert text_of(getattr(fonserannes, field)) in shown
    assert "Listed as heritage: 1996" in shown and "Sources" in shown and "rulebook" in shown
    assert explorer.map.ring.data["x"] == [explorer.map._xy["midi-VIII"][0]]  # the chosen marker is ringed
    explorer.select.value = "moissac"
    assert explorer.place == "moissac" and explorer.map.place == "moissac"
    assert "Town on the Canal de Garonne" in story(explorer)
    tap(explorer, "brulhois")
    assert explorer.place == "brulhois"
    before = explorer.place
    explorer.map._tapped(type("Tap", (), {"x": 500.0, "y": 500.0, "sx": None})())  # far from every marker
    assert explorer.place == before
    explorer.step(1)
    assert explorer.place != before


def text_of(s: str) -> str:
    from canal_heritage.views.theme import text

    return text(s)


def test_a_tap_finds_the_nearest_marker_at_the_drawn_scale():
    m = CanalMap(region="garonne")
    x, y = m._xy["montech"]
    slope = m._xy["pente-d-eau-montech"]
    assert m.nearest(x, y) == "montech" and m.nearest(*slope) == "pente-d-eau-montech"
    # 20 screen pixels off a marker still hits it (a 44 px target), wherever the page draws the map
    start = m.figure.x_range.start
    for width in (500, 1000, 1600):
        km_per_px = (m.figure.x_range.end - start) / width
        bx, by = m._xy["brulhois"]
        hit = (bx + 20 * km_per_px, by)
        assert m.nearest(*hit, sx=(hit[0] - start) / km_per_px) == "brulhois"
        miss = (bx, by - 60 * km_per_px)  # south of it: nothing there
        assert m.nearest(*miss, sx=(miss[0] - start) / km_per_px) is None


def test_the_nine_sites_carry_their_numerals_on_the_map_in_the_list_and_in_their_story():
    numerals = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
    explorer = HeritageExplorer(lang="oc")
    assert [explorer.map.label_of(f"midi-{n}") for n in numerals] == numerals
    sites = list(explorer.select.groups.values())[0]
    assert [label.split(" · ")[0] for label in sites] == numerals
    assert list(sites.values()) == [f"midi-{n}" for n in numerals]
    markers = explorer.map.markers.data
    shapes = {m for pid, m in zip(markers["id"], markers["marker"], strict=True) if pid.startswith("midi-")}
    assert shapes == {"circle"} and len(set(markers["marker"])) == 4  # a shape per kind, not colour alone
    for n in numerals:
        explorer.show_place(n)
        assert f"<h2>{n} · " in story(explorer)


def test_occitan_tells_the_story_in_occitan_and_the_language_switch_changes_every_text():
    explorer = HeritageExplorer(lang="oc", place="midi-VIII")
    explorer.section = "map"
    oc = "".join(explorer.texts())
    assert "Enclusas de Fontseranas" in oc and "A Fontseranas" in oc
    assert "en francés)" not in oc and "lang='fr'" not in oc  # no French fallback left (issue 26, item 9)
    assert "Mapa dels dos canals" in oc and "Cronologia" in oc
    explorer.lang = "fr"
    fr = "".join(explorer.texts())
    assert "Écluses de Fonseranes" in fr and "Carte des deux canaux" in fr and "en francés" not in fr
    assert "Canal du Midi" in explorer.map.line_names.data["text"]
    explorer.lang = "en"
    en = "".join(explorer.texts())
    assert "Map of the two canals" in en and "Listed as heritage" in en
    assert "Choose a place" in en and any("Canal du Midi" in g for g in explorer.select.groups)
    for view, french, english in ((TimelineView, "De la naissance de Riquet", "From Riquet&#x27;s birth"),
                                  (PeopleGallery, "Les personnages des canaux", "The people of the canals"),
                                  (GlossaryView, "Glossaire", "Glossary")):
        v = view(lang="fr")
        page = "".join(str(o.object) for o in v.__panel__().select(pn.pane.HTML))
        assert french in page
        v.lang = "en"
        page = "".join(str(o.object) for o in v.__panel__().select(pn.pane.HTML))
        assert english in page and french not in page


def test_the_timeline_people_and_glossary_tell_their_facts():
    explorer = HeritageExplorer(lang="en")
    explorer.section = "timeline"
    timeline = "".join(explorer.texts())
    assert "1604 or 1609" in timeline and "between 1838 and 1856" in timeline and "1604–1609" not in timeline
    assert "The Montech water slope stops for good" in timeline and "about 2000" not in timeline
    # a birth year the sources disagree on is two dots on the time line, never a bar like a period
    born = "<title>1604 or 1609 · Pierre-Paul Riquet is born in Béziers</title>"
    assert timeline.count(born + "</circle>") == 2 and born + "</rect>" not in timeline
    assert "today (" in timeline
    buttons = [b for b in explorer.__panel__().select(pn.widgets.Button) if "timeline-place-midi-V" in b.css_classes]
    buttons[0].clicks += 1  # "on the map": back to the map, on that place
    assert explorer.section == "map" and explorer.place == "midi-V"
    explorer.section = "people"
    people = "".join(explorer.texts())
    assert people.count("<article") == 9 and "Pierre-Paul Riquet" in people and "Born 1604 or 1609 in Béziers" in people
    assert "Jean-Mathias Riquet" in people and "Born 1638" in people
    explorer.lang = "oc"
    people = "".join(explorer.texts())
    assert "a Besièrs" in people and "a Tolosa" in people and "Béziers" not in people.split("Naissença")[1][:60]
    assert "Reims" in people  # a place the base map does not name stays as written
    explorer.section = "glossary"
    glossary = "".join(explorer.texts())
    assert glossary.count("<tr id='term-") == 38
    assert "Enclusa" in glossary and "Écluse" in glossary and "Lock" in glossary  # the three side by side
    assert glossary.index("<th scope='col' lang='oc'") < glossary.index("<th scope='col' lang='fr'")


def test_a_deep_link_opens_the_explorer_on_its_place_or_section():
    module = load_app()
    for query, place in (({"page": "explorer", "place": "midi-VIII"}, "midi-VIII"), ({"place": "viii"}, "midi-VIII"),
                         ({"page": "explorer", "place": "moissac"}, "moissac")):
        app = module.ExhibitApp(lang="en")
        module.open_url(app, query)
        assert app.page == "explorer" and app.explorer().place == place
        assert app.explorer().__panel__() in app.__panel__().objects
    app = module.ExhibitApp(lang="en")
    module.open_url(app, {"page": "explorer", "section": "glossary"})
    assert app.page == "explorer" and app.explorer().section == "glossary"
    app = module.ExhibitApp(lang="en")
    module.open_url(app, {"page": "explorer", "place": "atlantis"})
    assert app.page == "explorer" and app.explorer().place == "midi-I"
    app = module.ExhibitApp(lang="en")
    module.open_url(app, {})
    assert app.page == "home"


def test_home_leads_to_the_explorer_which_keeps_its_place_across_languages_and_the_table_opens_it():
    module = load_app()
    app = module.ExhibitApp(kiosk=True, seed=1, lang="en")
    [heritage] = [b for b in app.__panel__().select(pn.widgets.Button) if "heritage" in b.css_classes]
    heritage.clicks += 1
    explorer = app.explorer()
    assert app.page == "explorer" and explorer.__panel__() in app.__panel__().objects
    assert app.open_place("midi-III") and explorer.place == "midi-III"
    [oc] = [b for b in explorer.__panel__().select(pn.widgets.Button) if "lang-oc" in b.css_classes]
    oc.clicks += 1
    assert app.lang == "oc" and app.explorer() is explorer and explorer.lang == "oc" and explorer.place == "midi-III"
    assert not app.open_place("atlantis")
    # the table's "where is this?": the site in play, on the map
    app.start("midi", [Seat("human", "Ana"), Seat("bot", "", "random")])
    site = app.match_of("midi").public_observation().current_site
    [where] = [b for b in app.table_of("midi").__panel__().select(pn.widgets.Button) if "where" in b.css_classes]
    assert where.visible and where.label == "Ont es aquò ? (la mapa)"  # the app speaks Occitan now
    where.clicks += 1  # the visitor's tap
    assert app.page == "explorer" and app.explorer().place == f"midi-{site}"
    [back] = [b for b in app.explorer().__panel__().select(pn.widgets.Button) if "back-to-game" in b.css_classes]
    assert back.visible
    back.clicks += 1
    assert app.page == MIDI
    app.reset()  # the kiosk forgets the visitor's place
    assert app.explorer().place == "midi-I"


def test_the_explorer_follows_projector_mode():
    module = load_app()
    app = module.ExhibitApp(seed=1, lang="en")
    app.go("explorer")
    small = app.explorer().map._font
    app.set_projector(True)
    app.go("explorer")
    assert app.explorer().projector and app.explorer().map._font > small
    assert app.__panel__().styles["--bokeh-font-size"] == PROJECTOR_FONT


def test_the_explorer_needs_no_network_and_escapes_every_text(monkeypatch):
    import json
    import re

    from bokeh.embed import json_item
    from bokeh.models import ImageURL, TileRenderer

    import canal_heritage.views.explorer.page as explorer_module
    from canal_heritage.heritage import load_heritage

    explorer = HeritageExplorer(lang="en")
    for section in ("map", "timeline", "people", "glossary"):
        explorer.section = section
        for markup in explorer.texts():
            assert not re.search(r"https?:|//[a-z]|src=|href=|url\(|@import|<script|<img|<link", markup), markup[:200]
    fig = explorer.map.figure
    assert not fig.select({"type": TileRenderer}) and not fig.select({"type": ImageURL})
    # json_item copies the settings of Bokeh's current document: servers that other tests run in
    # threads (the browser tests') put theirs on Bokeh's process-wide stack of current documents
    # while their callbacks run, and one may be a session being destroyed: a new one here
    import bokeh.io
    from bokeh.document import Document

    monkeypatch.setattr(bokeh.io, "curdoc", Document)
    assert "http" not in json.dumps(json_item(fig))
    # a text with markup in it is shown as text
    h = load_heritage()
    bad = h.place("midi-II").model_copy(update={"caption": "<script>alert(1)</script> & <b>bold</b>"})
    monkeypatch.setattr(h, "places", tuple(bad if p.id == "midi-II" else p for p in h.places))
    monkeypatch.setitem(h._by_id, "midi-II", bad)
    shown = explorer_module.PlaceStory(lang="en", place="midi-II").markup()
    assert "<script>" not in shown and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;" in shown
    assert "Port de l&#x27;Embouchure" in explorer_module.PlaceStory(lang="en", place="midi-I").markup()


def test_views_read_observations_not_the_engines_state():
    """A view shows what an observation says (M-R1, A-R11), never the engine's own fields."""
    from pathlib import Path

    import canal_heritage.views

    for path in Path(canal_heritage.views.__file__).parent.rglob("*.py"):
        source = path.read_text(encoding="utf-8").replace("pn.state.", "")
        assert ".state." not in source and "._generation" not in source, f"{path.name} reads the engine's state"
