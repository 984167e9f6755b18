"""Arriala scoring: the majority rule with its lower-rank tie rule, score items and the
final ranking (``../shared/rules/arriala.md``, A-R18).
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
    if isinstance(counts, (list, tuple)):  # the common case, counted without a dictionary
        top = max(counts, default=0)
        if top <= 0:
            return None, "nobody"
        if counts.count(top) == 1:
            return counts.index(top), "none"
        lower = max((c for c in counts if c < top), default=0)
        if lower > 0 and counts.count(lower) == 1:
            return counts.index(lower), "lower"
        return None, "nobody"
    items = counts.items() if isinstance(counts, Mapping) else enumerate(counts)
    by_count: dict[int, list[int]] = {}
    for owner, c in items:
        if c > 0:
            by_count.setdefault(c, []).append(owner)
    if not by_count:
        return None, "nobody"
    ranks = sorted(by_count, reverse=True)
    top = by_count[ranks[0]]
    if len(top) == 1:
        return top[0], "none"
    if len(ranks) > 1 and len(by_count[ranks[1]]) == 1:
        return by_count[ranks[1]][0], "lower"
    return None, "nobody"


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
