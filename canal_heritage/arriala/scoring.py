"""Arriala scoring: the majority rule with its lower-rank tie rule, score items and the
final ranking (``docs/rules/arriala.md``; A-R18 in ``docs/rulings.md``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..core.game import Ranking

Tie = Literal["none", "lower", "nobody"]


def majority(counts: Mapping[int, int] | Sequence[int]) -> tuple[int | None, Tie]:
    """Who scores a section or a vineyard, from each owner's worker count.

    The owner with most workers scores. If several share the most, none of them scores
    and the owner with the next lower count scores instead; if that count is shared too,
    or there is none, nobody scores (002 "Sur le canal" and "Dans les vignes").

    Returns:
        ``(owner, tie)``: ``tie`` is ``"none"`` (a clear majority), ``"lower"`` (the top
        was tied, the next rank scores) or ``"nobody"``.

    >>> majority({0: 2, 1: 2, 2: 1})   # the rulebook's example: green (2) scores
    (2, 'lower')
    """
    owners: list[int] | None = None  # None: owner i has values[i]
    values: Sequence[int]
    tie: Tie
    if isinstance(counts, (list, tuple)):  # the engine's case, checked first: it is the quicker test
        values = counts
    elif isinstance(counts, Mapping):
        owners, values = list(counts), list(counts.values())
    else:
        values = list(counts)
    top = max(values, default=0)
    if top <= 0:
        return None, "nobody"
    if values.count(top) == 1:
        i, tie = values.index(top), "none"
    else:  # the top is shared: the next lower count scores, if only one owner has it
        lower = max((c for c in values if c < top), default=0)
        if lower <= 0 or values.count(lower) != 1:
            return None, "nobody"
        i, tie = values.index(lower), "lower"
    return (owners[i] if owners is not None else i), tie


@dataclass(frozen=True)
class ScoreItem:
    """One line of a player's score sheet.

    ``kind`` is ``section``, ``lock``, ``river_work``, ``engineering_work`` or
    ``vineyard``; ``place`` names it (a section as ``first-last`` cell ids, a blue cell,
    a work or a vineyard id); ``detail`` holds the numbers behind it.
    """

    kind: str
    place: str
    points: int
    detail: tuple[tuple[str, object], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "place": self.place, "points": self.points, "detail": dict(self.detail)}


def rank(scores: Sequence[int], canal: Sequence[int], players: int) -> tuple[list[int], Ranking]:
    """The winners and how the ranking was settled (A-R18).

    Args:
        scores: points per owner (a 2-player game lists the virtual player last).
        canal: workers on the canal per owner (canal cells and towns).
        players: the number of real players.

    Returns:
        ``(winners, ranking)``: ``winners`` is one seat or empty; ``ranking`` is
        ``POINTS``, ``CANAL_WORKERS`` (tie on points broken), ``SHARED`` (still tied: no
        winner) or ``VIRTUAL`` (the virtual player came first or shared first: no winner).
    """
    owners = range(len(scores))
    best = max(owners, key=lambda o: (scores[o], canal[o]))
    top_points = [o for o in owners if scores[o] == scores[best]]
    top = [o for o in top_points if canal[o] == canal[best]]
    if any(o >= players for o in top):
        return [], Ranking.VIRTUAL
    if len(top) > 1:
        return [], Ranking.SHARED
    return [best], (Ranking.POINTS if len(top_points) == 1 else Ranking.CANAL_WORKERS)
