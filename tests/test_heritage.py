"""Heritage content: schemas, ids, coverage of every game place, sources, coordinates,
text lengths in every language, and clear errors for broken files."""

from __future__ import annotations

import json
import math
import shutil
from itertools import pairwise

import pytest

from canal_heritage.core.errors import DataError
from canal_heritage.datafiles import data_dir
from canal_heritage.heritage import BBOX, LIMITS, Place, load_heritage, words
from canal_heritage.i18n import LANGUAGES, translator
from canal_heritage.midi.data import load_midi_data

H = load_heritage()
ARRIALA = {
    "town": ["grisolles", "montech", "castelsarrasin", "moissac", "valence-d-agen"],
    "vineyard": ["frontonnais", "chasselas", "brulhois"],
    "engineering_work": ["pente-d-eau-montech", "pont-canal-cacor"],
    "river_work": ["reservoir", "mill", "dam"],
}


def test_every_canal_du_midi_site_has_its_story():
    for site in load_midi_data().sites:
        place = H.place_for_game("midi", site.id)
        assert place.kind == "midi_site"
        assert place.id == f"midi-{site.id}"


@pytest.mark.parametrize("kind, ids", ARRIALA.items())
def test_every_arriala_place_has_its_story(kind, ids):
    for pid in ids:
        place = H.place_for_game("arriala", pid)
        assert place.kind == kind


def test_riquet_and_every_engineer_have_a_portrait():
    assert H.person("riquet").born is not None
    for eng in load_midi_data().engineers:
        assert H.person_for_engineer(eng.id).engineer == eng.id


def test_ids_are_unique_across_all_content():
    ids = [r.id for group in (H.places, H.people, H.timeline, H.glossary, H.lines) for r in group]
    assert len(ids) == len(set(ids))


def test_every_record_names_its_sources():
    for group in (H.places, H.people, H.timeline, H.glossary, H.lines):
        for r in group:
            assert r.sources, r.id


def test_timeline_runs_from_riquets_birth_to_today_in_order():
    years = [e.date.year for e in H.timeline]
    assert years == sorted(years)
    assert len(H.timeline) >= 16
    assert H.timeline[0].date.years[0] <= 1609 and years[-1] >= 1996
    birth = [e for e in H.timeline if "riquet" in e.people and e.date.other_years]
    assert birth, "Riquet's birth year differs between sources: show the range"


@pytest.mark.parametrize("lang, either, between", [("en", "1604 or 1609", "between 1838 and 1856"),
                                                  ("fr", "1604 ou 1609", "entre 1838 et 1856"),
                                                  ("oc", "1604 o 1609", "entre 1838 e 1856")])
def test_disputed_dates_show_every_year_never_a_span(lang, either, between):
    """A birth year the sources disagree on reads as alternatives, not as a lifetime bar
    ("1604–1609"); a period whose start is disputed reads as the widest period the sources
    allow, not "1838–1839–1856"."""
    from canal_heritage.heritage import period_label

    born = H.person("riquet").born
    assert born is not None and born.date.years == (1604, 1609) and born.date.alternatives == (1604, 1609)
    assert born.date.label(lang) == either
    works = H.event("garonne-canal-works")
    assert period_label(works.date, works.end, lang) == between
    dam = H.event("saint-ferreol-dam")  # certain at both ends: the period as it was
    assert period_label(dam.date, dam.end, "en") == "from 1667 to 1672"
    assert period_label(born.date, None, lang) == either


@pytest.mark.parametrize("lang, month, about, first, day", [
    ("en", "October 1666", "about 1650", "1 October 1680", "29 July 1666"),
    ("fr", "octobre 1666", "vers 1650", "1er octobre 1680", "29 juillet 1666"),  # French: "1er"
    ("oc", "octòbre de 1666", "vèrs 1650", "1680", "1666")])
def test_dates_read_naturally_in_each_language(lang, month, about, first, day):
    from canal_heritage.heritage import HistoricDate

    assert HistoricDate(year=1666, month=10).label(lang) == month
    assert HistoricDate(year=1650, circa=True).label(lang) == about
    assert first in HistoricDate(year=1680, month=10, day=1).label(lang)
    assert day in HistoricDate(year=1666, month=7, day=29).label(lang)
    assert HistoricDate(year=2000, other_years=(2009,), circa=True).label(lang) == about.replace("1650", {
        "en": "2000 or 2009", "fr": "2000 ou 2009", "oc": "2000 o 2009"}[lang])


def test_glossary_has_at_least_twenty_terms():
    assert len(H.glossary) >= 20


def inside(lat, lon):
    return BBOX["lat"][0] <= lat <= BBOX["lat"][1] and BBOX["lon"][0] <= lon <= BBOX["lon"][1]


def test_every_coordinate_is_inside_the_region():
    for p in H.places:
        if p.coordinates:
            assert inside(p.coordinates.lat, p.coordinates.lon), p.id
    for line in H.lines:
        for lat, lon in line.points():
            assert inside(lat, lon), line.id


def km_to_line(lat, lon, points):
    """Distance (km) from a point to a polyline, on a local flat projection."""
    k = 111.0
    c = math.cos(math.radians(lat))
    px, py = lon * k * c, lat * k
    best = float("inf")
    for (a_lat, a_lon), (b_lat, b_lon) in pairwise(points):
        ax, ay, bx, by = a_lon * k * c, a_lat * k, b_lon * k * c, b_lat * k
        dx, dy = bx - ax, by - ay
        t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(px - (ax + t * dx), py - (ay + t * dy)))
    return best


def test_the_sites_lie_on_the_canals_drawn_on_the_map():
    midi = next(line for line in H.lines if line.id == "canal-du-midi").points()
    garonne = next(line for line in H.lines if line.id == "canal-de-garonne").points()
    assert len(midi) >= 15 and len(garonne) >= 12
    for p in H.places:
        if p.kind == "midi_site":
            assert km_to_line(p.coordinates.lat, p.coordinates.lon, midi) < 8, p.id
        if p.kind in ("town", "engineering_work"):
            assert km_to_line(p.coordinates.lat, p.coordinates.lon, garonne) < 8, p.id


def test_feeders_reach_the_summit():
    feeders = [line for line in H.lines if line.kind == "feeder"]
    assert feeders
    naurouze = H.place("midi-II").coordinates
    assert min(km_to_line(naurouze.lat, naurouze.lon, f.points()) for f in feeders) < 8


FIELDS = {"places": ("caption", "story", "did_you_know"), "people": ("role", "caption", "story", "did_you_know"),
          "timeline": ("title", "text"), "glossary": ("definition",)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_texts_keep_within_their_lengths_in_every_language(lang):
    groups = {"places": H.places, "people": H.people, "timeline": H.timeline, "glossary": H.glossary}
    for name, records in groups.items():
        for r in records:
            for field in FIELDS[name]:
                text = r.localized(field, lang)
                if text.fallback and lang == "oc":
                    continue  # shown in French, checked there
                lo, hi = LIMITS[field]
                slack = 1.0 if lang == "en" else 1.2  # translations run a little longer
                n = words(text.text)
                assert lo * (0.8 if lang != "en" else 1) <= n <= hi * slack, (lang, r.id, field, n)


def test_occitan_long_texts_fall_back_to_french_visibly():
    place = H.place("midi-VIII")
    story = place.localized("story", "oc")
    caption = place.localized("caption", "oc")
    assert caption.lang == "oc" and not caption.fallback
    if story.fallback:
        assert story.lang == "fr"
        assert translator("oc").fallback_note(story) == "en francés"
    assert place.localized("story", "fr").lang == "fr"
    assert place.localized("story", "en").text == place.story


def test_texts_are_translated_not_copied():
    for p in H.places:
        assert p.localized("caption", "fr").text != p.caption, p.id
        assert p.localized("story", "fr").text != p.story, p.id


@pytest.fixture
def tmp_data(tmp_path):
    shutil.copytree(data_dir() / "heritage", tmp_path / "heritage")
    return tmp_path


def edit(path, change):
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")


def test_copy_loads(tmp_data):
    assert len(load_heritage(tmp_data).places) == len(H.places)


def test_bad_field_is_reported_with_file_record_and_field(tmp_data):
    edit(tmp_data / "heritage" / "places.json",
         lambda raw: raw["places"][2]["coordinates"].update(lat="north"))
    with pytest.raises(DataError) as exc:
        load_heritage(tmp_data)
    msg = str(exc.value)
    assert "heritage/places.json" in msg and H.places[2].id in msg and "coordinates" in msg


def test_coordinates_outside_the_region_are_refused(tmp_data):
    edit(tmp_data / "heritage" / "places.json", lambda raw: raw["places"][0]["coordinates"].update(lat=48.85))
    with pytest.raises(DataError, match="outside the region"):
        load_heritage(tmp_data)


def test_a_record_without_sources_is_refused(tmp_data):
    edit(tmp_data / "heritage" / "timeline.json", lambda raw: raw["events"][0].update(sources=[]))
    with pytest.raises(DataError, match="timeline.json"):
        load_heritage(tmp_data)


def test_an_unknown_kind_of_source_is_refused(tmp_data):
    edit(tmp_data / "heritage" / "people.json", lambda raw: raw["people"][0].update(sources=["wikipedia"]))
    with pytest.raises(DataError, match="source"):
        load_heritage(tmp_data)


def test_duplicate_ids_are_refused(tmp_data):
    def dup(raw):
        raw["terms"].append(dict(raw["terms"][0]))
    edit(tmp_data / "heritage" / "glossary.json", dup)
    with pytest.raises(DataError, match="duplicate id"):
        load_heritage(tmp_data)


def test_a_timeline_event_must_point_to_real_places(tmp_data):
    edit(tmp_data / "heritage" / "timeline.json", lambda raw: raw["events"][0].update(places=["atlantis"]))
    with pytest.raises(DataError, match="atlantis"):
        load_heritage(tmp_data)


def test_a_place_stands_only_in_registered_games(tmp_data):
    """A place's games are the registered ones (canal_heritage.games), in the data as in a lookup."""
    edit(tmp_data / "heritage" / "places.json", lambda raw: raw["places"][0].update(game={"riquet": "I"}))
    with pytest.raises(DataError, match="no game is named 'riquet'"):
        load_heritage(tmp_data)
    with pytest.raises(ValueError, match="no game is named 'riquet'"):
        H.place_for_game("riquet", "I")


def test_invalid_json_is_reported_with_its_line(tmp_data):
    (tmp_data / "heritage" / "glossary.json").write_text('{"terms": [\n  {"id": }\n]}', encoding="utf-8")
    with pytest.raises(DataError, match=r"glossary.json: line 2"):
        load_heritage(tmp_data)


def test_places_are_typed_records():
    assert all(isinstance(p, Place) for p in H.places)
    with pytest.raises(KeyError):
        H.place("riquet")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_site_has_the_same_name_on_its_card_and_in_its_story(lang):
    from canal_heritage.midi import MidiGame
    from canal_heritage.midi.narration import Narrator

    game = MidiGame(2)
    narrator = Narrator(lang, game)
    for sid in game.site_ids:
        assert H.place_for_game("midi", sid).localized("name", lang).text == narrator.site_name(sid)
