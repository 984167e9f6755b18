"""Issue 13, item 2: who you are and whose story it is — engineers' portraits, the
introduction at the start of a game, the story a place tells when it is built, and the end
screen's "your canal" (the views are tested without a browser here; tests/browser/
test_engineers.py plays them in Chromium)."""

from __future__ import annotations

import pytest

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
    blue = [c.id for c in b.blue_cells] + [c.kind for c in b.blue_cells]  # a blue cell, or its kind
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
    from canal_heritage.theme import arriala_seat
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
