"""The Arriala score sheet: every owner's points, line by line (sections, locks, river
works, engineering works, vineyards), and the final ranking (A-R18)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.game import Ranking, Termination
from .scoring import ScoreItem
from .table import ArrialaPosition

KINDS = ("section", "lock", "river_work", "engineering_work", "vineyard")


@dataclass(frozen=True)
class OwnerScore:
    """One owner's score: the lines and their total (``virtual`` for A-R8's third player)."""

    owner: int
    virtual: bool
    items: tuple[ScoreItem, ...]
    canal_workers: int

    @property
    def total(self) -> int:
        return sum(i.points for i in self.items)

    def by_kind(self) -> dict[str, int]:
        out = dict.fromkeys(KINDS, 0)
        for i in self.items:  # "earlier": a total from a sampled or hand-built position
            out[i.kind] = out.get(i.kind, 0) + i.points
        return out


@dataclass(frozen=True)
class ScoreSheet:
    owners: tuple[OwnerScore, ...]
    final: bool
    winners: tuple[int, ...]
    ranking: Ranking | None  # how first place was settled (None while playing)
    termination: Termination | None  # how the game ended (None while playing)

    @property
    def totals(self) -> list[int]:
        return [o.total for o in self.owners]

    def to_json(self) -> dict[str, Any]:
        return {"final": self.final, "winners": list(self.winners), "ranking": self.ranking,
                "termination": self.termination,
                "owners": [{"owner": o.owner, "virtual": o.virtual, "total": o.total, "canal_workers": o.canal_workers,
                            "by_kind": o.by_kind(), "items": [i.to_json() for i in o.items]} for o in self.owners]}


def score_sheet(s: ArrialaPosition) -> ScoreSheet:
    g = s.game
    owners = tuple(OwnerScore(o, o >= g.players, tuple(s.items[o]), s.canal_workers(o)) for o in range(g.owners))
    return ScoreSheet(owners, s.is_terminal(), tuple(s.winners or ()), s.ranking, s.termination)
