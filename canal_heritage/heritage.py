"""Heritage content: places, people, a timeline, a glossary and map geometry (``data/heritage/``).

The JSON files hold the facts (ids, coordinates, dates, sources) and the English source
texts; translations live in the gettext catalogs (:mod:`canal_heritage.i18n`, one domain
per file). :func:`load_heritage` validates everything once and caches it; a broken file
raises :class:`~canal_heritage.core.errors.DataError` naming the file, the record and the field.

Every text is read in a language with :meth:`Record.localized`, which follows the fallback chain
(Occitan → French → English) and says when it fell back.

Sources are written ``rulebook:000`` … ``rulebook:004`` (the seed documents),
``brief`` (the heritage brief) or ``general: <reference>`` (widely published facts).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from . import games
from .core.errors import DataError
from .datafiles import data_dir, load_model
from .i18n import LocalizedText, translator

#: The region every coordinate must fall in (south-west France, Bordeaux to Sète).
BBOX = {"lat": (42.9, 45.0), "lon": (-0.8, 4.0)}
SOURCE_PATTERN = re.compile(r"^(rulebook:00[0-4]( .+)?|brief|general: .+)$")
#: Word limits of the texts (English source; translations are checked with some slack).
LIMITS = {"caption": (1, 30), "story": (90, 170), "did_you_know": (1, 40), "text": (1, 60),
          "title": (1, 12), "definition": (1, 50), "role": (1, 12)}

PlaceKind = Literal["midi_site", "town", "vineyard", "engineering_work", "river_work"]


def words(text: str) -> int:
    return len(text.split())


class HistoricDate(BaseModel):
    """A date as precise as the sources allow.

    ``year`` is the date most sources give; ``other_years`` the years other sources give
    (shown as alternatives, "1604 or 1609", never hidden and never drawn as a span);
    ``circa`` marks an approximate year.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    year: int = Field(ge=1500, le=2100)
    month: int | None = Field(default=None, ge=1, le=12)
    day: int | None = Field(default=None, ge=1, le=31)
    other_years: tuple[int, ...] = ()
    circa: bool = False

    @property
    def years(self) -> tuple[int, int]:
        """The earliest and the latest of the years the sources give."""
        ys = (self.year, *self.other_years)
        return min(ys), max(ys)

    @property
    def alternatives(self) -> tuple[int, ...]:
        """Every year the sources give, in order (one year when they agree)."""
        return tuple(sorted({self.year, *self.other_years}))

    def label(self, lang: str = "fr") -> str:
        """The date as text: ``1676``, ``October 1666``, ``1 October 1680`` (French: ``1er octobre
        1680``), ``about 1650``;
        where the sources disagree, their years as alternatives (``1604 or 1609``,
        ``about 1604 or 1609``), never as a span that would read like a period."""
        import datetime as _dt

        from babel.dates import format_date, format_skeleton
        from babel.lists import format_list

        tr = translator(lang)
        if len(self.alternatives) > 1:
            either = format_list([str(y) for y in self.alternatives], style="or", locale=tr.lang)
            return tr.ui("date", "about {year}", year=either) if self.circa else either
        if self.circa:
            return tr.ui("date", "about {year}", year=self.year)
        if self.month and self.day:
            # English dates are written one way, day first as in the texts ("1 October 1680")
            locale = "en_GB" if tr.lang == "en" else tr.lang
            text = format_date(_dt.date(self.year, self.month, self.day), format="long", locale=locale)
            if tr.lang == "fr" and self.day == 1 and text.startswith("1 "):
                text = "1er" + text[1:]  # French writes the first of a month as an ordinal: 1er octobre
            return text
        if self.month:
            return format_skeleton("yMMMM", _dt.date(self.year, self.month, 1), locale=tr.lang)
        return str(self.year)


def period_label(start: HistoricDate, end: HistoricDate | None, lang: str = "fr") -> str:
    """A date or a period as text: ``1676`` (no end), ``from 1667 to 1672``; when the sources
    disagree about either end, the widest period they allow, ``between 1838 and 1856`` (never
    ``1838–1839–1856``)."""
    if end is None:
        return start.label(lang)
    tr = translator(lang)
    if len(start.alternatives) > 1 or len(end.alternatives) > 1:
        return tr.ui("date", "between {start} and {end}", start=start.years[0], end=end.years[1])
    return tr.ui("explorer.period", "from {start} to {end}", start=start.label(lang), end=end.label(lang))


class Coordinates(BaseModel):
    """WGS84, approximate: for drawing maps only."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    lat: float
    lon: float

    @model_validator(mode="after")
    def _in_region(self) -> Coordinates:
        (la0, la1), (lo0, lo1) = BBOX["lat"], BBOX["lon"]
        if not (la0 <= self.lat <= la1 and lo0 <= self.lon <= lo1):
            raise ValueError(f"({self.lat}, {self.lon}) is outside the region of the canals")
        return self


class Record(BaseModel):
    """Fields shared by every content record."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$|^midi-[IVX]+$")
    sources: tuple[str, ...] = Field(min_length=1)

    #: the gettext domain of this kind of record
    _domain: str = ""

    @field_validator("sources")
    @classmethod
    def _sources_named(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for s in v:
            if not SOURCE_PATTERN.match(s):
                raise ValueError(f"source {s!r} must be 'rulebook:000'..'rulebook:004', 'brief' or 'general: …'")
        return v

    def localized(self, field: str, lang: str) -> LocalizedText:
        """``field`` in ``lang``, through the catalogs and the fallback chain."""
        source = getattr(self, field)
        if not isinstance(source, str):
            raise KeyError(f"{field} is not a text field of {type(self).__name__}")
        return translator(lang).lookup(self._domain, f"{self.id}.{field}", source)


class DatedWhat(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    what: Literal["works", "built", "opened", "diverted", "listed", "closed", "founded", "enlarged"]
    start: HistoricDate
    end: HistoricDate | None = None


def registered_game(name: str) -> str:
    """``name`` if a game is registered by it (:mod:`canal_heritage.games`): a place stands in
    the games the project plays, and a third one needs no edit here.

    Raises:
        ValueError: no game has that name (the message lists those that do).
    """
    return games.kind(name).name


class Place(Record):
    """A place of either game: a Canal du Midi site, a town, a vineyard, an engineering
    work, or a kind of river work (which has no single place, so no coordinates)."""

    kind: PlaceKind
    #: its site, cell or river work in each game it stands in, by the game's registered name
    #: (``{"midi": "VIII"}``, :mod:`canal_heritage.games`)
    game: dict[str, str] | None = None
    name: str
    caption: str
    story: str
    did_you_know: str
    coordinates: Coordinates | None
    dates: tuple[DatedWhat, ...] = ()
    _domain = "places"

    @field_validator("game")
    @classmethod
    def _registered_games(cls, v: dict[str, str] | None) -> dict[str, str] | None:
        for name in v or {}:
            registered_game(name)
        return v

    @model_validator(mode="after")
    def _placed(self) -> Place:
        if self.coordinates is None and self.kind != "river_work":
            raise ValueError("coordinates are required (only kinds of river works have none)")
        return self


class LifeEvent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    date: HistoricDate
    place: str | None = None


class Person(Record):
    """Riquet, the engineers of the game's colours, and others where the facts are certain."""

    name: str
    role: str
    engineer: str | None = None  # id in data/midi/engineers.json
    born: LifeEvent | None = None
    died: LifeEvent | None = None
    caption: str
    story: str
    did_you_know: str
    _domain = "people"


class TimelineEvent(Record):
    date: HistoricDate
    end: HistoricDate | None = None
    title: str
    text: str
    places: tuple[str, ...] = ()
    people: tuple[str, ...] = ()
    _domain = "timeline"


class Term(Record):
    term: str
    definition: str
    _domain = "glossary"


class Waypoint(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    label: str  # for the record's provenance, not shown
    lat: float
    lon: float

    @model_validator(mode="after")
    def _in_region(self) -> Waypoint:
        Coordinates(lat=self.lat, lon=self.lon)
        return self


class Line(Record):
    """A polyline for maps (a canal, a feeder channel), through real waypoints."""

    kind: Literal["canal", "feeder", "river", "coast"]
    name: str
    waypoints: tuple[Waypoint, ...] = Field(min_length=2)
    _domain = "geometry"

    def points(self) -> list[tuple[float, float]]:
        return [(w.lat, w.lon) for w in self.waypoints]


class _PlacesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str | None = Field(default=None, alias="_about")
    places: tuple[Place, ...]


class _PeopleFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str | None = Field(default=None, alias="_about")
    people: tuple[Person, ...]


class _TimelineFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str | None = Field(default=None, alias="_about")
    events: tuple[TimelineEvent, ...]


class _GlossaryFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str | None = Field(default=None, alias="_about")
    terms: tuple[Term, ...]


class _GeometryFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str | None = Field(default=None, alias="_about")
    lines: tuple[Line, ...]


class Heritage:
    """All heritage content, validated, with lookups by id."""

    def __init__(self, places: tuple[Place, ...], people: tuple[Person, ...], events: tuple[TimelineEvent, ...],
                 terms: tuple[Term, ...], lines: tuple[Line, ...]) -> None:
        self.places = places
        self.people = people
        self.timeline = tuple(sorted(events, key=lambda e: (e.date.year, e.date.month or 0, e.date.day or 0)))
        self.glossary = terms
        self.lines = lines
        self._by_id: dict[str, Record] = {}
        for group in (places, people, events, terms, lines):
            for r in group:
                self._by_id[r.id] = r

    def get(self, record_id: str) -> Record:
        try:
            return self._by_id[record_id]
        except KeyError:
            raise KeyError(f"no heritage record {record_id!r}") from None

    def place(self, place_id: str) -> Place:
        r = self.get(place_id)
        if not isinstance(r, Place):
            raise KeyError(f"{place_id!r} is not a place")
        return r

    def person(self, person_id: str) -> Person:
        r = self.get(person_id)
        if not isinstance(r, Person):
            raise KeyError(f"{person_id!r} is not a person")
        return r

    def event(self, event_id: str) -> TimelineEvent:
        r = self.get(event_id)
        if not isinstance(r, TimelineEvent):
            raise KeyError(f"{event_id!r} is not a timeline event")
        return r

    def place_for_game(self, game: str, game_id: str) -> Place:
        """The place behind a game's site or board place (``("midi", "VIII")``); ``game`` is a
        registered game's name.

        Raises:
            KeyError: no place stands for ``game_id`` in ``game``.
            ValueError: no game is registered as ``game``.
        """
        registered_game(game)
        for p in self.places:
            if p.game and p.game.get(game) == game_id:
                return p
        raise KeyError(f"no heritage place for {game} {game_id!r}")

    def person_for_engineer(self, engineer_id: str) -> Person:
        for p in self.people:
            if p.engineer == engineer_id:
                return p
        raise KeyError(f"no person for engineer {engineer_id!r}")


def _check(h: Heritage, base: Path) -> None:
    seen: dict[str, str] = {}
    for group, name in ((h.places, "places"), (h.people, "people"), (h.timeline, "timeline"),
                        (h.glossary, "glossary"), (h.lines, "geometry")):
        for r in group:
            if r.id in seen:
                raise DataError(f"heritage/{name}.json", f"record {r.id!r}, field id",
                                f"duplicate id (also in heritage/{seen[r.id]}.json)")
            seen[r.id] = name
    for e in h.timeline:
        for pid in e.places:
            if not isinstance(h._by_id.get(pid), Place):
                raise DataError("heritage/timeline.json", f"record {e.id!r}, field places", f"no place {pid!r}")
        for pid in e.people:
            if not isinstance(h._by_id.get(pid), Person):
                raise DataError("heritage/timeline.json", f"record {e.id!r}, field people", f"no person {pid!r}")


def load_heritage(base: Path | None = None) -> Heritage:
    """Load and validate ``data/heritage/`` (cached when ``base`` is None)."""
    if base is None:
        return _cached()
    return _load_all(base)


@lru_cache(maxsize=1)
def _cached() -> Heritage:
    return _load_all(data_dir())


def _load_all(base: Path) -> Heritage:
    places = load_model("heritage/places.json", _PlacesFile, base=base).places
    people = load_model("heritage/people.json", _PeopleFile, base=base).people
    events = load_model("heritage/timeline.json", _TimelineFile, base=base).events
    terms = load_model("heritage/glossary.json", _GlossaryFile, base=base).terms
    lines = load_model("heritage/geometry.json", _GeometryFile, base=base).lines
    h = Heritage(places, people, events, terms, lines)
    _check(h, base)
    return h


# ---------------------------------------------------------------------- a place tells its story
@dataclass(frozen=True)
class BuiltStory:
    """What a place says when it is built in a game: a Canal du Midi site won, an Arriala
    vineyard worked, river work or engineering work built.

    Attributes:
        place_id: the heritage place (``midi-VIII``), for the explorer's link.
        kind: the place's kind (``midi_site``, ``vineyard``, ``engineering_work``…).
        heading: what happened, in plain words ("Site won", "Engineering work built").
        title: the place's name.
        sentences: two sentences of the place's record, in our own words: its caption and
            its "did you know?" (or, when only that one is missing in the language, a pointer
            to the explorer, so a paragraph never mixes two languages).
        lang: the language of the texts (a record's text may have fallen back, see
            :attr:`fallback`).
        fallback: whether a text came from a fallback language.
    """

    place_id: str
    kind: PlaceKind
    heading: str
    title: str
    sentences: tuple[str, str]
    lang: str
    fallback: bool = False

    @property
    def text(self) -> str:
        """The two sentences as one paragraph."""
        return " ".join(self.sentences)


def built_heading(kind: PlaceKind, lang: str) -> str:
    """What building a place of this kind is called at the table, in ``lang``."""
    tr = translator(lang)
    if kind == "midi_site":
        return tr.ui("built.heading", "Site won")
    if kind == "vineyard":
        return tr.ui("built.heading", "Vineyard worked")
    if kind == "engineering_work":
        return tr.ui("built.heading", "Engineering work built")
    if kind == "river_work":
        return tr.ui("built.heading", "River work built")
    return tr.ui("built.heading", "Section built")


def built_story(game: str, game_id: str, lang: str) -> BuiltStory | None:
    """The story a place tells when it is built in ``game`` (a registered game's name, else
    ValueError): a Canal du Midi site (its card numeral, ``"VIII"``), an Arriala vineyard,
    river work or engineering work (its board id, ``"chasselas"``, ``"mill"``, or a river
    work's kind, ``"pont-canal-cacor"``). None when the heritage records have no place for it.
    Texts come from :meth:`Heritage.place_for_game`'s record (its caption and "did you
    know?"), in ``lang`` through the catalogs."""
    try:
        place = load_heritage().place_for_game(game, game_id)
    except KeyError:
        return None
    name, caption, extra = (place.localized(f, lang) for f in ("name", "caption", "did_you_know"))
    second = extra.text
    if extra.fallback and not caption.fallback:  # never two languages in one paragraph
        second = translator(lang).ui("built.more", "Its full story is on the heritage map.")
    return BuiltStory(place_id=place.id, kind=place.kind, heading=built_heading(place.kind, lang), title=name.text,
                      sentences=(caption.text, second), lang=translator(lang).lang,
                      fallback=name.fallback or caption.fallback)
