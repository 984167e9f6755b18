"""Issue 13, item 2: who you are and whose story it is — engineers' portraits, the
introduction at the start of a game, the story a place tells when it is built, and the end
screen's "your canal" (the views are tested without a browser here; tests/browser/
test_engineers.py plays them in Chromium)."""

from __future__ import annotations

import html

import pytest

from canal_heritage import games
from canal_heritage.arriala.data import load_arriala_data
from canal_heritage.heritage import BuiltStory, built_story, load_heritage
from canal_heritage.i18n import LANGUAGES
from canal_heritage.midi.data import load_midi_data


# ---------------------------------------------------------------------- built_story
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_canal_du_midi_site_tells_its_story(lang: str) -> None:
    sites = load_midi_data().sites
    assert len(sites) == 9
    for site in sites:
        story = built_story("midi", site.id, lang)
        assert isinstance(story, BuiltStory), site.id
        assert story.place_id == f"midi-{site.id}"
        assert load_heritage().place(story.place_id).kind == "midi_site"
        assert story.title and story.heading and all(s.strip() for s in story.sentences)
        assert len(story.sentences) == 2


def arriala_buildables() -> list[str]:
    b = load_arriala_data().board
    blue = [c.kind for c in b.blue_cells]  # a river work tells its kind's story
    return [v.id for v in b.vineyards] + [e.id for e in b.engineering_works] + blue


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_arriala_buildable_tells_its_story(lang: str) -> None:
    ids = arriala_buildables()
    assert len(set(ids)) >= 7
    for game_id in ids:
        story = built_story("arriala", game_id, lang)
        assert story is not None, game_id
        assert story.kind in ("vineyard", "engineering_work", "river_work")
        assert load_heritage().place(story.place_id).game == {"arriala": story.place_id}
        assert story.text.count(". ") + 1 >= 2 or len(story.sentences) == 2


def test_built_story_unknown_is_none_and_kinds_differ() -> None:
    assert built_story("midi", "XII", "fr") is None
    assert built_story("arriala", "nowhere", "en") is None
    with pytest.raises(ValueError, match="no game is named 'riquet'"):  # a game's name, checked in the registry
        built_story("riquet", "VIII", "en")
    headings = {built_story("arriala", i, "en").heading for i in arriala_buildables()}  # type: ignore[union-attr]
    assert len(headings) == 3


def test_built_story_never_mixes_languages() -> None:
    """When the second sentence has no translation, a pointer in the language replaces it."""
    for game_id in arriala_buildables():
        story = built_story("arriala", game_id, "oc")
        assert story is not None
        caption = load_heritage().place(story.place_id).localized("caption", "oc")
        extra = load_heritage().place(story.place_id).localized("did_you_know", "oc")
        if extra.fallback and not caption.fallback:
            assert story.sentences[1] != extra.text


# ---------------------------------------------------------------------- portraits
def test_every_engineer_of_both_games_has_a_portrait() -> None:
    from canal_heritage.look import arriala_seat
    from canal_heritage.views.portraits import arriala_portrait, engineer_portrait, riquet_portrait

    engineers = load_midi_data().engineers
    assert len(engineers) == 4
    svgs = []
    for e in engineers:
        p = engineer_portrait(e.id, "en")
        assert p.svg.startswith("<svg") and 'role="img"' in p.svg
        assert e.colour in p.svg  # the seat's colour…
        assert p.person_id == load_heritage().person_for_engineer(e.id).id
        svgs.append(p.svg)
    for players in (2, 3, 4):
        for seat in range(players):
            p = arriala_portrait(seat, players, "en")
            assert arriala_seat(seat, players)[0] in p.svg
            svgs.append(p.svg)
    svgs.append(riquet_portrait("en").svg)
    assert len(set(svgs[:4] + svgs[-5:])) == 9  # every person drawn differently


def test_portraits_show_the_seat_shape() -> None:
    """Colour is never the only cue: each engineer's shape is drawn under the bust."""
    from canal_heritage.views.portraits import portrait_svg

    tags = {shape: portrait_svg("x", "#0072B2", shape, "x").count("<polygon") for shape in
            ("circle", "triangle", "square", "diamond", "hex")}
    assert tags["triangle"] > tags["circle"] and tags["diamond"] > tags["circle"] and tags["hex"] > tags["circle"]
    assert portrait_svg("x", "#0072B2", "square", "x").count("<rect") > portrait_svg("x", "#0072B2", "circle",
                                                                                      "x").count("<rect")
    with pytest.raises(ValueError):
        portrait_svg("x", "#0072B2", "star", "x")


def test_portraits_are_deterministic() -> None:
    from canal_heritage.views.portraits import engineer_portrait, look_for, portrait_svg

    assert engineer_portrait("vauban", "fr").svg == engineer_portrait("vauban", "fr").svg
    assert look_for("someone-else") == look_for("someone-else")
    assert portrait_svg("someone-else", "#000000", "circle", "a") == portrait_svg("someone-else", "#000000", "circle",
                                                                                  "a")
    assert look_for("vauban").extra == "cuirass" and look_for("arriala-0").era == "19th"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_portraits_say_they_are_not_a_likeness(lang: str) -> None:
    from canal_heritage.views.portraits import engineer_portrait, not_a_likeness, portrait_figure

    p = engineer_portrait("andreossy", lang)
    assert p.name in p.alt and f'aria-label="{p.alt}"' in p.svg.replace("&#x27;", "'")
    figure = portrait_figure(p)
    assert "<figcaption" in figure and not_a_likeness(lang).replace("'", "&#x27;") in figure
    if lang == "en":
        assert "not a likeness" in p.alt and p.note == "Drawn for the exhibit — not a likeness"


# ---------------------------------------------------------------------- who you are (the introduction)
def _band(table):
    import panel as pn

    return [c for c in table.__panel__().objects if isinstance(c, pn.Column) and "intro-band" in c.css_classes]


def _intro(table):
    return table.__dict__["_seat_intro"]


def test_the_canal_du_midi_introduction_names_every_seat_and_goes_at_the_first_move() -> None:
    from canal_heritage.matches.midi import MidiMatch, Seat
    from canal_heritage.views.tables.intro import link_people
    from canal_heritage.views.tables.midi_table import MidiTable

    m = MidiMatch([Seat("human", ""), Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=3, lang="en")
    table = MidiTable(m)
    [band] = _band(table)
    objects = table.__panel__().objects
    assert objects.index(band) == 1  # right under the header, above the canal and the choices
    intro = _intro(table)
    cards = [intro.cards.markup(p) for p in range(len(m.seats))]
    for p, eng in enumerate(m.game.engineers):
        person = load_heritage().person_for_engineer(eng.id)
        assert all(html.escape(t, quote=True) in cards[p] for t in (person.name, person.role))
        assert (html.escape(person.caption, quote=True) in cards[p]) == (p == 0)  # two lines for "you"
        assert "<svg" in cards[p] and "not a likeness" in cards[p]
    assert "You are" in cards[0] and "Played by the computer" in cards[1]
    # without an explorer on the page (a classroom device) the links open it in a new tab
    assert not any(c["about"] for c in intro.cards.cards)  # no button: a link in the card
    assert "href='/?page=explorer&amp;section=people&amp;person=" in cards[0] and "target='_blank'" in cards[0]
    # the exhibit's links open each engineer's page in its explorer
    opened: list[str] = []
    link_people(table, opened.append)
    assert all(c["about"].startswith("About ") for c in intro.cards.cards)
    assert "intro-about" not in intro.cards.markup(0)
    for p in range(len(m.seats)):
        intro.cards._handle_msg({"seat": p})  # the card's button, as the browser sends it
    intro.cards._handle_msg({"seat": "0"})  # a forged message: ignored
    assert opened == [load_heritage().person_for_engineer(e.id).id for e in m.game.engineers]
    assert all(load_heritage().person(pid) for pid in opened)
    # the choices are on offer at once, below it: the visitor's move makes it go
    assert m.is_viewer_turn() and m.legal_actions()
    renders = table.renders
    table._play(m.legal_actions()[0])
    assert not _band(table)
    assert table.renders >= renders + 1
    # undo brings the position back, not the band
    if m.can_undo():
        table._undo()
        assert not _band(table)


def test_lets_play_dismisses_it_and_a_new_table_for_the_same_game_does_not_bring_it_back() -> None:
    from canal_heritage.matches.midi import MidiMatch, Seat
    from canal_heritage.views.tables.midi_table import MidiTable

    m = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "random")], seed=4, lang="en")
    table = MidiTable(m)
    assert _band(table)
    assert "Ana plays this engineer" in _intro(table).cards.markup(0)
    _intro(table)._play.clicks += 1
    assert not _band(table)
    assert not _band(MidiTable(m))


def test_hot_seat_each_human_sees_their_own_introduction() -> None:
    from canal_heritage.matches.midi import MidiMatch, Seat
    from canal_heritage.views.tables.midi_table import MidiTable

    m = MidiMatch([Seat("human", "Ana"), Seat("human", "Ben"), Seat("bot", "", "random")], seed=5, lang="en")
    table = MidiTable(m)
    seen = []
    for _ in range(200):
        if m.over or len(seen) == 2:
            break
        if m.privacy:
            assert not _band(table)  # nothing behind the privacy screen
            m.confirm_privacy()
            continue
        if m.is_viewer_turn():
            if _band(table):
                first = _intro(table).cards.cards[0]
                seen.append(m.viewer)
                assert first["seat"] == m.viewer and first["you"]  # "You are…" first
                assert "You are" in _intro(table).cards.markup(m.viewer)
            table._play(m.legal_actions()[0])
        else:
            m.step_bot()
    assert sorted(seen) == [0, 1]


def test_the_arriala_introduction_shows_the_master_builders_and_never_the_virtual_player() -> None:
    from canal_heritage.matches.arriala import ArrialaMatch, Seat
    from canal_heritage.views.tables.arriala_table import ARRIALA_PLACE, ArrialaTable

    m = ArrialaMatch([Seat("human", ""), Seat("bot", "", "heuristic")], seed=2, first=0, pace=0, lang="en")
    table = ArrialaTable(m)
    [band] = _band(table)
    intro = _intro(table)
    assert len(intro.cards.cards) == 2 and not any(c["about"] for c in intro.cards.cards)
    assert "master builder in red" in intro.cards.markup(0) and "You are" in intro.cards.markup(0)
    assert "Played by the computer" in intro.cards.markup(1)
    assert "19th century" in intro.cards.markup(0) and "19th century" not in intro.cards.markup(1)
    assert "not likenesses" in intro._head.object
    assert load_heritage().place(ARRIALA_PLACE).kind == "town"
    opened: list[str] = []
    table.on_place = opened.append
    intro._place_link.clicks += 1
    assert opened == [ARRIALA_PLACE]
    # the first action makes it go (an Arriala turn is several actions: the first is enough)
    table._play(m.legal_actions()[0])
    assert not _band(table)


def test_the_exhibit_opens_a_person_from_the_table_and_by_address() -> None:
    import canal_heritage.exhibit as module
    from canal_heritage.matches.midi import Seat

    app = module.ExhibitApp(seed=1, lang="en")
    app.start("midi", [Seat("human", "Ana"), Seat("bot", "", "random")])
    intro = app.table_of("midi").__dict__["_seat_intro"]
    intro.cards._handle_msg({"seat": 1})
    assert app.page == "explorer" and app.match_of("midi") is not None  # the game is kept
    assert "section=people" in app.url() and "person=andreossy" in app.url()
    people = app.explorer()._views["people"]
    assert people.pane.object.index("person-andreossy") < people.pane.object.index("person-riquet")
    assert "class='chosen'" in people.pane.object
    # the same address opened afresh
    other = module.ExhibitApp(seed=1, lang="en")
    module.open_url(other, {"page": "explorer", "section": "people", "person": "vauban"})
    assert other.page == "explorer" and "person=vauban" in other.url()
    unknown = module.ExhibitApp(seed=1, lang="en")
    module.open_url(unknown, {"page": "explorer", "section": "people", "person": "nobody"})
    assert unknown.page == "explorer" and unknown.explorer().section == "people"


# ---------------------------------------------------------------------- the end screen
def _finish(m, pick=0):
    while not m.over:
        if m.privacy:
            m.confirm_privacy()
        elif m.is_bot_turn():
            m.step_bot()
        else:
            legal = m.legal_actions()
            m.play(legal[min(pick, len(legal) - 1)])
    return m


def _end_texts(table):
    import panel as pn

    end = table._slots["end"][1]
    return end, [str(o.object) for o in end.select(pn.pane.HTML)], end.select(pn.widgets.Button)


@pytest.mark.parametrize("seed", [2, 5, 8])
def test_the_canal_du_midi_end_shows_exactly_the_viewers_sites_and_where_to_go_next(seed: int) -> None:
    import re

    from canal_heritage.matches.midi import MidiMatch, Seat
    from canal_heritage.views.tables.midi_table import MidiTable

    m = _finish(MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic"), Seat("bot", "", "random")],
                          seed=seed, lang="en"))
    table = MidiTable(m, on_again=lambda: None)
    opened: list[str] = []
    table.on_place = opened.append
    end, texts, buttons = _end_texts(table)
    joined = "".join(texts)
    assert "class='winner'" in joined and "table class='score'" in joined  # kept as they were
    assert "riquet-frame" in joined and "1681" in joined and "1680" in joined
    [canal] = [t for t in texts if "your-canal" in t]
    ids = re.findall(r"data-id='([IVX]+)'", canal)
    mine = [s.site for s in m.score_sheet().players[0].sites]
    assert sorted(ids, key=m.game.site_ids.index) == ids  # canal order
    assert set(ids) == set(mine) and len(ids) == len(mine)
    discover = [b for b in buttons if any(c.startswith("discover-") for c in b.css_classes)]
    assert 2 <= len(discover) <= 3
    for b in discover:
        b.clicks += 1
    assert all(load_heritage().place(pid) for pid in opened) and len(set(opened)) == len(opened)
    assert set(opened) & {f"midi-{i}" for i in ids} or not ids


def test_the_arriala_end_shows_the_viewers_canal_in_order() -> None:
    import re

    from canal_heritage.matches.arriala import ArrialaMatch, Seat
    from canal_heritage.views.tables.arriala_table import ArrialaTable
    from canal_heritage.views.tables.end_story import built_by

    m = ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic"), Seat("bot", "", "heuristic")], seed=3,
                     first=0, pace=0, lang="en", overrides={"cells": [2, 2, 2, 2]})
    rng = __import__("random").Random(3)
    while not m.over:
        if m.is_bot_turn():
            m.step_bot()
        else:
            m.play(rng.choice(m.legal_actions()))
    table = ArrialaTable(m)
    end, texts, buttons = _end_texts(table)
    [canal] = [t for t in texts if "your-canal" in t]
    items = m.score_sheet().owners[0].items
    built = built_by(table, 0)
    assert len(built) == len(items) == len(re.findall(r"<li class='built", canal))
    assert [b.order for b in built] == sorted(b.order for b in built)
    for b in built:
        assert b.place_id is None or load_heritage().place(b.place_id)
    discover = [b for b in buttons if any(c.startswith("discover-") for c in b.css_classes)]
    assert 2 <= len(discover) <= 3


def test_hot_seat_shows_each_humans_canal() -> None:
    from canal_heritage.matches.midi import MidiMatch, Seat
    from canal_heritage.views.tables.midi_table import MidiTable

    m = _finish(MidiMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=6, lang="en"))
    _, texts, _ = _end_texts(MidiTable(m))
    canals = [t for t in texts if "your-canal" in t]
    assert len(canals) == 2 and "Ana&#x27;s canal" in canals[0] and "Ben&#x27;s canal" in canals[1]


# ---------------------------------------------------------------------- parts that know no game
def test_the_shared_parts_of_a_table_name_no_game() -> None:
    """The introduction band, the end story, the staged moments, the guide's bubble and the
    shell ask the table what differs from game to game (a third game brings its own answers,
    in its own table):
    none of them imports a game's match or engine or anything named after a game, writes a
    game's name, asks a match or a table whether it is a game's class, or tells the games
    apart by what their game has (``hasattr(match.game, "engineers")``)."""
    import ast
    from pathlib import Path

    import canal_heritage.views.tables as tables

    games = ("midi", "arriala")
    for name in ("intro.py", "end_story.py", "moment_stage.py", "guide_bubble.py", "table_shell.py"):
        tree = ast.parse((Path(tables.__file__).parent / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom | ast.Import):
                modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                modules += [a.name for a in node.names]
                assert not any(g in m.lower().split(".") for m in modules for g in games), f"{name} imports {modules}"
                assert not any(a.name.lower().startswith(games) for a in node.names), f"{name} imports {modules}"
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value not in games, f"{name} names the game {node.value!r}"
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                def names_in(args: list[ast.expr]) -> list[str]:
                    return [n.id if isinstance(n, ast.Name) else n.attr for a in args for n in ast.walk(a)
                            if isinstance(n, ast.Name | ast.Attribute)]

                if node.func.id in ("isinstance", "issubclass"):
                    classes = names_in(node.args[1:])
                    assert not any(c.lower().startswith(games) for c in classes), f"{name}: {ast.unparse(node)}"
                elif node.func.id == "hasattr":
                    assert "game" not in names_in(node.args[:1]), f"{name} tells the games apart: {ast.unparse(node)}"


@pytest.mark.parametrize("game", games.names())
def test_each_game_answers_what_the_shared_parts_ask(game: str) -> None:
    """Each registered game's table says what the end story, the introduction band, the
    staged moments and the guide's bubble ask of it, and a finished game's "your canal" is
    what the table says the viewer built."""
    import random
    import re

    import panel as pn

    from canal_heritage.matches.moments import moments
    from canal_heritage.matches.table import Seat
    from canal_heritage.views.screens import screens
    from canal_heritage.views.tables.intro import BandWords, SeatCard
    from canal_heritage.views.tables.moment_stage import stage_items
    from canal_heritage.views.tables.table_shell import TableShell

    m = games.kind(game).match_class([Seat("human", ""), Seat("bot", "", "random")], seed=1, lang="en", pace=0)
    table = screens(game).table(m)
    # the guide's bubble leaves the game's own controls in view, then the shell's; "How to
    # play" opens the game's own page
    learning = table._learning
    assert learning.bubble.avoid == list(table.guide_avoid) and learning.game == game
    assert set(table.guide_avoid) > set(TableShell.guide_avoid)
    assert table.guide_avoid[0] not in TableShell.guide_avoid
    assert table.discover_anyway and all(load_heritage().place(pid) for pid in table.discover_anyway)
    title, one, two = table.riquet_words(table.tr, load_heritage().person("riquet").died.date, "1681")
    assert title and "1681" in one and two
    mine = table.intro_card(table.tr, 0, you=True, size=62)
    assert isinstance(mine, SeatCard) and "<svg" in mine.portrait.svg and mine.caption and mine.typed
    assert table.intro_card(table.tr, 1, you=False, size=48).caption is None
    band = table.intro_words(table.tr)
    assert isinstance(band, BandWords) and band.title
    assert band.place is None or (load_heritage().place(band.place) and band.place_words)
    assert table.canal_order_words(table.tr)
    rng = random.Random(1)
    while not m.over:
        if m.is_bot_turn():
            m.step_bot()
        else:
            m.play(rng.choice(m.legal_actions()))
    table._render()
    [canal] = [str(o.object) for o in table._slots["end"][1].select(pn.pane.HTML) if "your-canal" in str(o.object)]
    built = table.built(0)
    assert re.findall(r"data-id='([^']*)'", canal) == [b.game_id for b in built]
    assert all(b.place_id is None or load_heritage().place(b.place_id) for b in built)
    # the staged moments: the table draws every moment its match found in the game
    found = moments(m, 0)
    items = stage_items(found, table, table.tr)
    assert found and all(i["title"] and i["markup"] for i in items)
    assert all(i["story"] is None or load_heritage().place(i["story"]["place"]) for i in items)


def test_the_games_answers_are_their_own() -> None:
    """A Canal du Midi card links its engineer's page; Arriala's band links its canal's first
    town instead."""
    from canal_heritage.matches.arriala import ArrialaMatch
    from canal_heritage.matches.midi import MidiMatch, Seat
    from canal_heritage.views.tables.arriala_table import ARRIALA_PLACE, ArrialaTable
    from canal_heritage.views.tables.midi_table import MidiTable

    midi = MidiTable(MidiMatch([Seat("human", ""), Seat("bot", "", "random")], seed=1, lang="en"))
    arriala = ArrialaTable(ArrialaMatch([Seat("human", ""), Seat("bot", "", "random")], seed=1, first=0, pace=0,
                                        lang="en"))
    engineer = midi.match.game.engineers[0].id
    assert midi.intro_card(midi.tr, 0, you=True, size=62).person == load_heritage().person_for_engineer(engineer).id
    assert midi.intro_words(midi.tr).place is None
    assert arriala.intro_card(arriala.tr, 0, you=True, size=62).person is None
    assert arriala.intro_words(arriala.tr).place == ARRIALA_PLACE
