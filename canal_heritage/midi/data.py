"""Canal du Midi content: rules numbers, worker cards, sites and engineers (``data/midi/``).

Loaded and validated once (:func:`load_midi_data` is cached). A bad file raises
:class:`~canal_heritage.core.errors.DataError` naming the file and the field.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..core.errors import DataError
from ..datafiles import SourcedRecord as _Record
from ..datafiles import load_model

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")


class RulesNumbers(_Record):
    """Every number of the rulebook the engine uses."""

    about: str | None = Field(default=None, alias="_about")
    min_players: int = Field(ge=2)
    max_players: int = Field(le=4)
    rounds: int = Field(ge=1)
    hand_size: int = Field(ge=1)
    face_up: int = Field(ge=0)
    face_down: int = Field(ge=0)
    pawns_per_player: int = Field(ge=1)
    coins_total: int = Field(ge=0)
    coins_per_player: int = Field(ge=0)
    points_per_unused_coin: int = Field(ge=0)
    _sourced = ("min_players", "max_players", "rounds", "hand_size", "face_up", "face_down",
                "pawns_per_player", "coins_total", "coins_per_player", "points_per_unused_coin")


class WorkerKind(_Record):
    """A kind of worker card (Digger, value 4, two per colour)."""

    id: str
    name: str
    value: int = Field(ge=0, le=9)
    count: int = Field(ge=1)
    _sourced = ("name", "value", "count")


class Site(_Record):
    """A work-site card. ``thresholds[n]`` is the worker points needed with n players;
    the 2-player value is also what the site scores (M-R9)."""

    id: str
    order: int = Field(ge=1, le=9)
    name: str
    place: str
    thresholds: dict[Literal["2", "3", "4"], int]
    city: bool
    tent: bool
    _sourced = ("name", "place", "thresholds", "city", "tent")

    @model_validator(mode="after")
    def _thresholds_rise(self) -> Site:
        if set(self.thresholds) != {"2", "3", "4"}:
            raise ValueError("thresholds need the keys '2', '3' and '4'")
        t = [self.thresholds[k] for k in ("2", "3", "4")]
        if t[0] < 1 or not (t[0] < t[1] < t[2]):
            raise ValueError(f"thresholds must be positive and rise with the player count, got {t}")
        return self

    def threshold(self, players: int) -> int:
        return self.thresholds[str(players)]  # type: ignore[index]

    @property
    def value(self) -> int:
        """Recognition points: always the 2-player threshold (M-R9)."""
        return self.thresholds["2"]


class Engineer(_Record):
    """A player colour: one of Riquet's engineers, with a colour-blind-safe colour and a shape."""

    id: str
    name: str
    short_name: str
    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    colour_name: str
    shape: Literal["circle", "triangle", "square", "diamond"]
    _sourced = ("name", "colour", "shape")


class Ruling(BaseModel):
    """A ruling as shown to players (``data/midi/rulings.json``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    id: str = Field(pattern=r"^M-R[0-9]+$")
    title: str
    text: str


class _RulingsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str | None = Field(default=None, alias="_about")
    rulings: list[Ruling]


class _WorkersFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str | None = Field(default=None, alias="_about")
    workers: list[WorkerKind]


class _SitesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str | None = Field(default=None, alias="_about")
    sites: list[Site]


class _EngineersFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str | None = Field(default=None, alias="_about")
    engineers: list[Engineer]


class MidiData(BaseModel):
    """All Canal du Midi content, validated as a whole."""

    model_config = ConfigDict(frozen=True)
    rules: RulesNumbers
    workers: tuple[WorkerKind, ...]
    sites: tuple[Site, ...]
    engineers: tuple[Engineer, ...]
    rulings: tuple[Ruling, ...] = ()

    @property
    def card_values(self) -> tuple[int, ...]:
        """One colour's worker values, sorted (0, 1, 2, 3, 3, 4, 4, 5, 6)."""
        return tuple(sorted(w.value for w in self.workers for _ in range(w.count)))

    def ruling(self, ruling_id: str) -> Ruling:
        for r in self.rulings:
            if r.id == ruling_id:
                return r
        raise KeyError(ruling_id)

    def site(self, site_id: str) -> Site:
        for s in self.sites:
            if s.id == site_id:
                return s
        raise KeyError(site_id)


def _check_whole(data: MidiData) -> None:
    """Cross-record rules the rules page sets for the reconstructed data."""
    r = data.rules
    n_cards = len(data.card_values)
    if n_cards != r.hand_size + r.face_up + r.face_down:
        raise DataError("midi/workers.json", "workers",
                        f"{n_cards} cards per colour, but hand + face up + face down = "
                        f"{r.hand_size + r.face_up + r.face_down}")
    if n_cards != r.rounds:
        raise DataError("midi/workers.json", "workers", f"{n_cards} cards per colour but {r.rounds} rounds")
    ids = [s.id for s in data.sites]
    if ids != list(ROMAN[: len(ids)]) or len(ids) != r.rounds:
        raise DataError("midi/sites.json", "sites", f"expected sites I to IX in canal order, got {ids}")
    for i, s in enumerate(data.sites):
        if s.order != i + 1:
            raise DataError("midi/sites.json", f"sites[{i}].order", f"site {s.id} should have order {i + 1}")
    if not any(s.threshold(2) == 9 for s in data.sites):
        raise DataError("midi/sites.json", "sites", "one site must need exactly 9 with 2 players (rulebook example)")
    if not (data.sites[0].city and data.sites[2].city):
        raise DataError("midi/sites.json", "sites", "sites I and III are cities (rulebook example)")
    if sum(s.tent for s in data.sites) < 3:
        raise DataError("midi/sites.json", "sites", "at least three sites must show a tent (M-R7)")
    if len(data.engineers) != r.max_players:
        raise DataError("midi/engineers.json", "engineers", f"need {r.max_players} engineers")
    if len({e.id for e in data.engineers}) != len(data.engineers):
        raise DataError("midi/engineers.json", "engineers", "duplicate engineer id")
    ids = [x.id for x in data.rulings]
    if ids != [f"M-R{i}" for i in range(1, len(ids) + 1)]:
        raise DataError("midi/rulings.json", "rulings", f"expected M-R1, M-R2, ... in order, got {ids}")
    if r.coins_per_player * r.max_players > r.coins_total:
        raise DataError("midi/rules.json", "coins_per_player", "not enough coins for four players")


def load_midi_data(base: Path | None = None) -> MidiData:
    """Load and validate ``data/midi/`` (or ``base/midi/``). Cached when ``base`` is None."""
    if base is None:
        return _cached()
    return _load(base)


@lru_cache(maxsize=1)
def _cached() -> MidiData:
    return _load(None)


def _load(base: Path | None) -> MidiData:
    rules = load_model("midi/rules.json", RulesNumbers, base=base)
    workers = load_model("midi/workers.json", _WorkersFile, base=base).workers
    sites = load_model("midi/sites.json", _SitesFile, base=base).sites
    engineers = load_model("midi/engineers.json", _EngineersFile, base=base).engineers
    rulings = load_model("midi/rulings.json", _RulingsFile, base=base).rulings
    data = MidiData(rules=rules, workers=tuple(workers), sites=tuple(sites), engineers=tuple(engineers),
                    rulings=tuple(rulings))
    _check_whole(data)
    return data
