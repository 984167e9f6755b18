"""The Arriala board for one player count: the line of cells, towns, stretches, blue cells
and vineyards actually in play (A-R1, A-R8, A-R13).

Cells are numbered ``0..len(cells)-1`` along the canal from upstream (Grisolles, or
Montech with two players) to Valence d'Agen. A town is a cell (A-R1). Parts of the board
out of play at this player count are simply not on the line, so no move can reach them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from .data import ArrialaData


@dataclass(frozen=True)
class Cell:
    """One cell of the line. ``town`` is the town id for a town cell, else ``None``;
    ``stretch`` is the index (in :attr:`Board.stretches`) of the stretch a plain cell
    belongs to (``-1`` for towns)."""

    index: int
    town: str | None
    stretch: int
    lat: float
    lon: float


@dataclass(frozen=True)
class StretchInPlay:
    id: str
    first: int  # first plain cell index
    last: int  # last plain cell index
    lock_max: int


@dataclass(frozen=True)
class Spot:
    """A blue cell, a vineyard or an engineering work in play."""

    id: str
    kind: str
    capacity: int
    lat: float
    lon: float


class Board:
    """What is in play for ``players`` players, with optional balance-study overrides.

    Args:
        data: the content.
        players: 2, 3 or 4.
        cells: cells per stretch (all four stretches, in canal order) instead of the data's.
        lock_max: lock maximum per stretch instead of the data's.
    """

    def __init__(self, data: ArrialaData, players: int, *, cells: Sequence[int] | None = None,
                 lock_max: Sequence[int] | None = None) -> None:
        b = data.board
        oop = b.out_of_play[str(players)]  # type: ignore[index]
        n_str = len(b.stretches)
        cells = list(cells) if cells is not None else [s.cells for s in b.stretches]
        lock_max = list(lock_max) if lock_max is not None else [s.lock_max for s in b.stretches]
        if len(cells) != n_str or any(not isinstance(c, int) or not 1 <= c <= 10 for c in cells):
            raise ValueError(f"cells must be {n_str} whole numbers from 1 to 10, got {cells}")
        if len(lock_max) != n_str or any(not isinstance(c, int) or c < 0 for c in lock_max):
            raise ValueError(f"lock_max must be {n_str} whole numbers ≥ 0, got {lock_max}")
        town_pos = {t.id: (t.lat, t.lon) for t in b.towns}
        line: list[Cell] = []
        stretches: list[StretchInPlay] = []
        for ti, town in enumerate(b.towns):
            if town.id in oop.towns:
                continue
            line.append(Cell(len(line), town.id, -1, town.lat, town.lon))
            if ti == len(b.stretches):
                break
            st = b.stretches[ti]
            if st.id in oop.stretches:
                continue
            a = town_pos[st.from_]
            z = town_pos[st.to]
            path = [a] + [(w.lat, w.lon) for w in st.course] + [z]
            k = cells[ti]
            first = len(line)
            for lat, lon in _spaced(path, k):
                line.append(Cell(len(line), None, len(stretches), lat, lon))
            stretches.append(StretchInPlay(st.id, first, len(line) - 1, lock_max[ti]))
        self.cells: tuple[Cell, ...] = tuple(line)
        self.stretches: tuple[StretchInPlay, ...] = tuple(stretches)
        self.size = len(line)
        self.is_town: tuple[bool, ...] = tuple(c.town is not None for c in line)
        self.stretch_of: tuple[int, ...] = tuple(c.stretch for c in line)
        self.towns: tuple[int, ...] = tuple(c.index for c in line if c.town is not None)
        self.plain: tuple[int, ...] = tuple(c.index for c in line if c.town is None)
        self.town_index = {c.town: c.index for c in line if c.town is not None}
        #: per cell, its readable id (:meth:`cell_id`)
        self.cell_ids: tuple[str, ...] = tuple(
            c.town if c.town is not None else f"{stretches[c.stretch].id}:{c.index - stretches[c.stretch].first + 1}"
            for c in line)
        self.blue: tuple[Spot, ...] = tuple(
            Spot(x.id, x.kind, 1, x.lat, x.lon) for x in b.blue_cells if x.id not in oop.blue_cells)
        self.vineyards: tuple[Spot, ...] = tuple(
            Spot(v.id, "vineyard", v.capacity, v.lat, v.lon) for v in b.vineyards if v.id not in oop.vineyards)
        self.works: tuple[Spot, ...] = tuple(
            Spot(e.id, "engineering_work", 1, e.lat, e.lon) for e in b.engineering_works)

    def cell_id(self, index: int) -> str:
        """A readable cell id: the town id, or ``<stretch>:<k>`` (k from 1 along the stretch)."""
        return self.cell_ids[index]

    def cell_index(self, cell_id: str) -> int:
        """Inverse of :meth:`cell_id` (also accepts a plain index as text)."""
        if cell_id in self.town_index:
            return self.town_index[cell_id]
        if cell_id.isdigit() and int(cell_id) < self.size:
            return int(cell_id)
        name, _, k = cell_id.rpartition(":")
        for st in self.stretches:
            if st.id == name and k.isdigit() and 1 <= int(k) <= st.last - st.first + 1:
                return st.first + int(k) - 1
        raise KeyError(f"no cell {cell_id!r} in play")


def _spaced(path: list[tuple[float, float]], k: int) -> list[tuple[float, float]]:
    """``k`` points evenly spaced strictly between the ends of a polyline."""
    segments = list(pairwise(path))
    seg = [math.dist(p, q) for p, q in segments]
    total = sum(seg) or 1.0
    out = []
    for j in range(1, k + 1):
        target = total * j / (k + 1)
        acc = 0.0
        for (p, q), length in zip(segments, seg, strict=True):
            if acc + length >= target or (p, q) == (path[-2], path[-1]):
                t = 0.0 if length == 0 else min(1.0, (target - acc) / length)
                out.append((round(p[0] + (q[0] - p[0]) * t, 5), round(p[1] + (q[1] - p[1]) * t, 5)))
                break
            acc += length
    return out
