"""Sections and the end of an Arriala game: a section scores for its majority as soon as it
is full (A-R6) and closes (A-R4); the game ends when no open section is left (A-R15) or it
stalls (A-R10), then the vineyards score and the players are ranked (A-R18)."""

from __future__ import annotations

from ..core.game import Ranking, Termination
from . import actions as A
from .rules import END
from .sampling import drop_targets
from .scoring import ScoreItem, majority, rank
from .table import ArrialaPosition

_W = A.W


def filled(s: ArrialaPosition, c: int) -> None:
    """A worker has just come onto the plain cell ``c``: A-R6, its section scores at once if
    that filled it (no other section can have changed)."""
    if s._sections is None:
        s.sections()
    a, z = s._spans[c]  # type: ignore[misc]  # a plain cell that is no lock is in a section
    if -1 in s.occ[a: z + 1]:
        return
    score_section(s, a, z)
    if not any(not s.closed[x] for x, _ in s._sections):  # type: ignore[union-attr]
        finish(s, Termination.LAST_SECTION)  # A-R15


def score_sections(s: ArrialaPosition) -> None:
    """A-R6: score every complete open section, in canal order; A-R15: the game ends
    when no open section is left."""
    occ, closed = s.occ, s.closed
    any_open = False
    for a, z in s.sections():
        if closed[a]:
            continue
        if -1 in occ[a: z + 1]:
            any_open = True
            continue
        score_section(s, a, z)
    if not any_open:
        finish(s, Termination.LAST_SECTION)


def score_section(s: ArrialaPosition, a: int, z: int) -> None:
    """A-R6: the full open section ``a…z`` scores for its majority, and closes (A-R4)."""
    occ, closed = s.occ, s.closed
    g = s.game
    counts = [0] * g.owners
    for c in range(a, z + 1):
        counts[occ[c] // _W] += 1
    size = z - a + 1
    winner, tie = majority(counts)
    points = g.table[size] if winner is not None else 0
    place = f"{s.board.cell_id(a)}…{s.board.cell_id(z)}"
    if winner is not None:
        s._gain(winner, ScoreItem("section", place, points,
                                     (("workers", size), ("counts", tuple(counts)), ("tie", tie))))
    for c in range(a, z + 1):
        closed[c] = True  # A-R4 (its cells were all taken: none was free)
    drop_targets(s, a, z, (a, z))
    s.scored_round = True
    s.quiet = 0
    if s.events is not None:
        s._log("arriala.section_scored", {
            "player": s.to_move, "first": s.board.cell_id(a), "last": s.board.cell_id(z),
            "workers": size, "counts": counts, "winner": winner, "points": points, "tie": tie,
            "ruling": "A-R6"})


def finish(s: ArrialaPosition, reason: Termination) -> None:
    """End of the game: vineyards score, then the ranking (A-R18)."""
    g = s.game
    s.phase = END
    s.termination = reason
    s._legal = None
    if reason != Termination.LAST_SECTION and s.events is not None:
        s._log("arriala.stalled", {"reason": reason, "round": s.round, "ruling": "A-R10"})
    for v, spot in enumerate(s.board.vineyards):
        counts = list(s.vine[v])
        winner, tie = majority(counts)
        if winner is not None:
            s._gain(winner, ScoreItem("vineyard", spot.id, spot.capacity,
                                         (("counts", tuple(counts)), ("tie", tie))))
        if s.events is not None:
            s._log("arriala.vineyard_scored", {"vineyard": spot.id, "counts": counts, "winner": winner,
                                                  "points": spot.capacity if winner is not None else 0,
                                                  "tie": tie})
    canal = [s.canal_workers(o) for o in range(g.owners)]
    s.winners, s.ranking = rank(s.points, canal, g.players)
    if s.events is not None:
        s._log("arriala.game_end", {"reason": reason, "scores": list(s.points), "canal": canal,
                                       "winners": list(s.winners), "ranking": s.ranking,
                                       "ruling": "A-R18" if s.ranking != Ranking.POINTS else None})
