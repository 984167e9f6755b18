"""Canal du Midi scoring (M-R8, M-R9), with a breakdown that explains every point.

A site is worth its 2-player threshold. Held by several players: each scores half,
rounded down, whatever their number. Won by adjacency (a delayed site whose two
neighbours you hold, M-R8): half, rounded down. Both: halved twice. +2 per unused coin.
Most points wins; tie: most sites held (sites won by adjacency count, M-R13); still tied:
shared victory.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..core.game import Ranking
from .rules import Phase
from .table import MidiPosition

Halving = Literal["shared", "adjacency"]


@dataclass(frozen=True)
class SiteScore:
    """One site in one player's score.

    Attributes:
        site: site id (``"VIII"``).
        value: the site's worth (its 2-player threshold, M-R9).
        how: ``"won"`` (a pawn on it) or ``"adjacency"`` (awarded at the end, M-R8).
        holders: how many players hold this site.
        halvings: why it was halved, in order (``"shared"``, ``"adjacency"``).
        points: what the player scores for it.
    """

    site: str
    value: int
    how: Literal["won", "adjacency"]
    holders: int
    halvings: tuple[Halving, ...]
    points: int


@dataclass(frozen=True)
class PlayerScore:
    """One player's score and its breakdown. ``total == sum(site points) + coin_points``."""

    player: int
    sites: tuple[SiteScore, ...]
    coins: int
    coin_points: int
    total: int

    @property
    def sites_held(self) -> int:
        return len(self.sites)

    @property
    def site_points(self) -> int:
        return sum(s.points for s in self.sites)


@dataclass(frozen=True)
class ScoreSheet:
    """Everyone's score, the ranking and how the winner was decided.

    Attributes:
        players: one :class:`PlayerScore` per seat.
        final: True once the game is over (before that, delayed sites are not awarded).
        winners: the seats that win (several: a shared victory).
        ranking: how first place was settled: ``POINTS`` (clear winner on points),
            ``SITES`` (decided by most sites held) or ``SHARED`` (still tied: shared victory).
    """

    players: tuple[PlayerScore, ...]
    final: bool
    winners: tuple[int, ...]
    ranking: Ranking

    @property
    def totals(self) -> list[int]:
        """Every seat's total, by seat."""
        return [ps.total for ps in self.players]

    def to_json(self) -> dict[str, Any]:
        return {
            "final": self.final,
            "winners": list(self.winners),
            "ranking": self.ranking,
            "players": [
                {"player": ps.player, "total": ps.total, "coins": ps.coins, "coin_points": ps.coin_points,
                 "sites": [{"site": s.site, "value": s.value, "how": s.how, "holders": s.holders,
                            "halvings": list(s.halvings), "points": s.points} for s in ps.sites]}
                for ps in self.players
            ],
        }


def site_points(value: int, holders: int, adjacency: bool) -> tuple[int, tuple[Halving, ...]]:
    """Points one holder scores for a site, and why it was halved (M-R9)."""
    points = value
    why: list[Halving] = []
    if holders > 1:
        points //= 2
        why.append("shared")
    if adjacency:
        points //= 2
        why.append("adjacency")
    return points, tuple(why)


def score_state(state: MidiPosition) -> ScoreSheet:
    """The score sheet of ``state`` (provisional until the game ends)."""

    game = state.game
    n = state.n
    per_coin = game.rules.points_per_unused_coin
    players = []
    for p in range(n):
        sites = []
        for s in range(game.num_sites):
            won = state.pawns[s] >> p & 1
            adj = state.adjacency[s] >> p & 1
            if not (won or adj):
                continue
            holders = bin(state.pawns[s] | state.adjacency[s]).count("1")
            pts, why = site_points(game.value[s], holders, bool(adj))
            sites.append(SiteScore(game.site_ids[s], game.value[s], "adjacency" if adj else "won", holders, why, pts))
        coin_points = state.coins[p] * per_coin
        total = sum(x.points for x in sites) + coin_points
        players.append(PlayerScore(p, tuple(sites), state.coins[p], coin_points, total))
    winners, ranking = rank(players)
    return ScoreSheet(tuple(players), state.phase == Phase.END, winners, ranking)


def rank(players: list[PlayerScore] | tuple[PlayerScore, ...]) -> tuple[tuple[int, ...], Ranking]:
    """Winners by M-R9: most points; tie: most sites held (adjacency included, M-R13);
    still tied: shared victory."""
    top = max(ps.total for ps in players)
    tied = [ps for ps in players if ps.total == top]
    if len(tied) == 1:
        return (tied[0].player,), Ranking.POINTS
    most = max(ps.sites_held for ps in tied)
    still = tuple(ps.player for ps in tied if ps.sites_held == most)
    return still, (Ranking.SITES if len(still) == 1 else Ranking.SHARED)


def fast_totals(state: MidiPosition) -> list[int]:
    """Totals only, for search (same arithmetic as :func:`score_state`)."""
    game = state.game
    per_coin = game.rules.points_per_unused_coin
    totals = [c * per_coin for c in state.coins]
    for s in range(game.num_sites):
        won = state.pawns[s]
        adj = state.adjacency[s]
        held = won | adj
        if not held:
            continue
        pts = game.value[s]
        if held & (held - 1):
            pts //= 2
        if adj:
            pts //= 2
        for p in range(state.n):
            if held >> p & 1:
                totals[p] += pts
    return totals


def fast_winners(state: MidiPosition) -> list[int]:
    """Winners for search, by M-R9's tie-break."""
    totals = fast_totals(state)
    top = max(totals)
    tied = [p for p in range(state.n) if totals[p] == top]
    if len(tied) == 1:
        return tied
    held = [sum(1 for s in range(state.game.num_sites) if (state.pawns[s] | state.adjacency[s]) >> p & 1) for p in tied]
    most = max(held)
    return [p for p, h in zip(tied, held, strict=True) if h == most]
