"""Arriala content: rules numbers, the board, the deck and the rulings (``data/arriala/``).

Loaded and validated once (:func:`load_arriala_data` is cached). A bad file raises
:class:`~canal_heritage.core.errors.DataError` naming the file and the field. Values the
rulebook does not print (cells per stretch, lock maxima, scoring table, deck make-up) are
labelled ``reconstructed`` with a reason; ``docs/arriala-balance.md`` is the study.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..core.errors import DataError
from ..datafiles import SourcedRecord, load_model

Effect = Literal["move", "jump", "lock", "engineering_work", "to_vineyard", "to_canal"]


class Costs(BaseModel):
    """Action points per action (002 Tour de jeu)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    move_cell: int = Field(ge=1)
    play_card: int = Field(ge=1)
    to_vineyard: int = Field(ge=1)
    draw: int = Field(ge=1)
    place: int = Field(ge=1)
    river_work: int = Field(ge=1)
    from_vineyard: int = Field(ge=1)
    lock: int = Field(ge=1)


class Points(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    lock: int = Field(ge=0)
    river_work: int = Field(ge=0)
    engineering_work: int = Field(ge=0)


class RulesNumbers(SourcedRecord):
    """Every number of the rulebook (and of A-R10) the engine uses."""

    about: str | None = Field(default=None, alias="_about")
    min_players: int = Field(ge=2)
    max_players: int = Field(le=4)
    action_points: int = Field(ge=1)
    workers_per_player: int = Field(ge=1, le=8)
    starting_hand: int = Field(ge=0)
    locks: int = Field(ge=0)
    construction_markers: int = Field(ge=0)
    costs: Costs
    points: Points
    stall_quiet_rounds: int = Field(ge=1)
    stall_max_rounds: int = Field(ge=1)
    _sourced = ("min_players", "max_players", "action_points", "workers_per_player", "starting_hand",
                "locks", "construction_markers", "costs", "points", "stall_quiet_rounds", "stall_max_rounds")


class Waypoint(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    lat: float
    lon: float
    label: str | None = None


class Town(SourcedRecord):
    id: str
    name: str
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    _sourced = ("name", "lat")


class Stretch(SourcedRecord):
    """The canal between two neighbouring towns."""

    id: str
    from_: str = Field(alias="from")
    to: str
    cells: int = Field(ge=4, le=10)  # a published review: 4 to 10 cells per stretch
    lock_max: int = Field(ge=0)
    course: tuple[Waypoint, ...]
    _sourced = ("cells", "lock_max", "course")


class BlueCell(SourcedRecord):
    """A place for a river work (002: réservoir, moulin, barrage)."""

    id: str
    kind: Literal["reservoir", "mill", "dam"]
    stretch: str
    lat: float
    lon: float
    _sourced = ("kind", "stretch", "lat")


class Vineyard(SourcedRecord):
    id: str
    name: str
    capacity: int = Field(ge=1)
    lat: float
    lon: float
    _sourced = ("name", "capacity", "lat")


class EngineeringWork(SourcedRecord):
    id: str
    name: str
    near: str
    lat: float
    lon: float
    _sourced = ("name", "near", "lat")


class OutOfPlay(BaseModel):
    """Parts of the board not used at one player count (A-R8, A-R13)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    towns: tuple[str, ...] = ()
    stretches: tuple[str, ...] = ()
    blue_cells: tuple[str, ...] = ()
    vineyards: tuple[str, ...] = ()


class BoardData(SourcedRecord):
    about: str | None = Field(default=None, alias="_about")
    towns: tuple[Town, ...]
    stretches: tuple[Stretch, ...]
    blue_cells: tuple[BlueCell, ...]
    vineyards: tuple[Vineyard, ...]
    engineering_works: tuple[EngineeringWork, ...]
    scoring_table: dict[str, int]
    out_of_play: dict[Literal["2", "3", "4"], OutOfPlay]
    _sourced = ("scoring_table", "out_of_play")


class CardKind(SourcedRecord):
    """A kind of card (``move-3``: move any worker up to 3 cells) and how many the deck holds."""

    id: str
    effect: Effect
    value: int = Field(ge=0, le=10)
    any_worker: bool  # the Occitan cross: any colour, not only yours
    count: int = Field(ge=1)
    _sourced = ("effect", "value", "count")


class DeckData(SourcedRecord):
    about: str | None = Field(default=None, alias="_about")
    size: int
    cards: tuple[CardKind, ...]
    _sourced = ("size",)


class Ruling(BaseModel):
    """A ruling as shown to players (``data/arriala/rulings.json``)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    id: str = Field(pattern=r"^A-R[0-9]+$")
    title: str
    text: str


class _RulingsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str | None = Field(default=None, alias="_about")
    rulings: tuple[Ruling, ...]


class ArrialaData(BaseModel):
    """All Arriala content, validated as a whole."""

    model_config = ConfigDict(frozen=True)
    rules: RulesNumbers
    board: BoardData
    deck: DeckData
    rulings: tuple[Ruling, ...] = ()

    def ruling(self, ruling_id: str) -> Ruling:
        for r in self.rulings:
            if r.id == ruling_id:
                return r
        raise KeyError(ruling_id)

    def card_kind(self, kind_id: str) -> CardKind:
        for c in self.deck.cards:
            if c.id == kind_id:
                return c
        raise KeyError(kind_id)


def check_whole(data: ArrialaData, file: str = "arriala/board.json") -> None:
    """Cross-record rules ``docs/rules/arriala.md`` sets for the reconstructed data."""
    b = data.board
    town_ids = [t.id for t in b.towns]
    if len(set(town_ids)) != len(town_ids) or len(town_ids) < 2:
        raise DataError(file, "towns", "need two or more towns with distinct ids")
    if town_ids[0] != "grisolles" or town_ids[1] != "montech" or town_ids[-1] != "valence-d-agen":
        raise DataError(file, "towns", "the board runs Grisolles, Montech, ... Valence d'Agen")
    if len(b.stretches) != len(town_ids) - 1:
        raise DataError(file, "stretches", f"{len(town_ids)} towns need {len(town_ids) - 1} stretches")
    for i, s in enumerate(b.stretches):
        if (s.from_, s.to) != (town_ids[i], town_ids[i + 1]):
            raise DataError(file, f"stretches[{i}]", f"stretch {s.id} must join {town_ids[i]} and {town_ids[i + 1]}",
                            record=s.id)
    if sum(s.lock_max for s in b.stretches) > data.rules.locks:
        raise DataError(file, "stretches", f"lock maxima total more than the {data.rules.locks} lock pawns")
    stretch_ids = {s.id for s in b.stretches}
    if len(b.blue_cells) != 4:
        raise DataError(file, "blue_cells", "the rulebook has 4 blue cells")
    for i, c in enumerate(b.blue_cells):
        if c.stretch not in stretch_ids:
            raise DataError(file, f"blue_cells[{i}].stretch", f"no stretch {c.stretch!r}", record=c.id)
    if not any(c.stretch == "grisolles-montech" for c in b.blue_cells):
        raise DataError(file, "blue_cells", "one blue cell is by Grisolles-Montech (002, 2-player set-up)")
    caps = {v.id: v.capacity for v in b.vineyards}
    if caps != {"frontonnais": 8, "chasselas": 4, "brulhois": 6}:
        raise DataError(file, "vineyards",
                        f"the rulebook's vineyards are Frontonnais 8, Chasselas 4, Brulhois 6, got {caps}")
    if len(b.engineering_works) != 2:
        raise DataError(file, "engineering_works", "the rulebook has two engineering works")
    table = b.scoring_table
    if set(table) != {str(k) for k in range(1, 11)}:
        raise DataError(file, "scoring_table", "need points for sections of 1 to 10 workers")
    if table["5"] != 8:
        raise DataError(file, "scoring_table.5", "a 5-worker section is worth 8 (002 example)")
    values = [table[str(k)] for k in range(1, 11)]
    if any(b2 < a for a, b2 in pairwise(values)):
        raise DataError(file, "scoring_table", "points must not fall as sections grow")
    counts: tuple[Literal["2", "3", "4"], ...] = ("2", "3", "4")
    for n in counts:
        oop = b.out_of_play.get(n)
        if oop is None:
            raise DataError(file, f"out_of_play.{n}", "missing")
        for t in oop.towns:
            if t not in town_ids:
                raise DataError(file, f"out_of_play.{n}.towns", f"no town {t!r}")
        for sid in oop.stretches:
            if sid not in stretch_ids:
                raise DataError(file, f"out_of_play.{n}.stretches", f"no stretch {sid!r}")
        for cid in oop.blue_cells:
            if cid not in {x.id for x in b.blue_cells}:
                raise DataError(file, f"out_of_play.{n}.blue_cells", f"no blue cell {cid!r}")
        for vid in oop.vineyards:
            if vid not in caps:
                raise DataError(file, f"out_of_play.{n}.vineyards", f"no vineyard {vid!r}")
    d = data.deck
    total = sum(c.count for c in d.cards)
    if total != d.size or d.size != 55:
        raise DataError("arriala/deck.json", "cards", f"the deck has 55 cards, these kinds add up to {total}")
    if len({c.id for c in d.cards}) != len(d.cards):
        raise DataError("arriala/deck.json", "cards", "duplicate card kind id")
    for i, kind in enumerate(d.cards):
        if (kind.effect == "move") != (kind.value > 0):
            raise DataError("arriala/deck.json", f"cards[{i}].value", "move cards, and only they, carry a value",
                            record=kind.id)
    ids = [x.id for x in data.rulings]
    if ids != [f"A-R{i}" for i in range(1, len(ids) + 1)] or len(ids) < 12:
        raise DataError("arriala/rulings.json", "rulings", f"expected A-R1, A-R2, ... in order, got {ids}")


def load_arriala_data(base: Path | None = None) -> ArrialaData:
    """Load and validate ``data/arriala/`` (or ``base/arriala/``). Cached when ``base`` is None."""
    if base is None:
        return _cached()
    return _load(base)


@lru_cache(maxsize=1)
def _cached() -> ArrialaData:
    return _load(None)


def _load(base: Path | None) -> ArrialaData:
    rules = load_model("arriala/rules.json", RulesNumbers, base=base)
    board = load_model("arriala/board.json", BoardData, base=base)
    deck = load_model("arriala/deck.json", DeckData, base=base)
    rulings = load_model("arriala/rulings.json", _RulingsFile, base=base).rulings
    data = ArrialaData(rules=rules, board=board, deck=deck, rulings=rulings)
    check_whole(data)
    return data
