"""Arriala bot-versus-bot simulations: win rates, first-player advantage, how games end
(A-R10 should be rare) and how scores spread — the figures of the balance study
(``docs/arriala-balance.md``).

The seating and the worker processes are :mod:`canal_heritage.core.simulate`'s; this module
plays one game and summarises. Results depend only on the arguments (per-game seeds come from
``seed``; bots get their own seeded generators and no time limit), whatever ``jobs`` is.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..core.simulate import check_seats, play_games
from .bots import BOT_NAMES, make_bot
from .record import record_of
from .state import ArrialaGame


@dataclass(frozen=True)
class Overrides:
    """Reconstructed data to try instead of ``data/arriala/`` (the balance study)."""

    cells: tuple[int, ...] | None = None
    lock_max: tuple[int, ...] | None = None
    table: tuple[int, ...] | None = None
    deck: tuple[int, ...] | None = None

    def game(self, players: int) -> ArrialaGame:
        return ArrialaGame(players, cells=self.cells, lock_max=self.lock_max, table=self.table, deck=self.deck)


@dataclass
class ArrialaResult:
    """One simulated game, reduced to what the summary needs."""

    seats: list[str]
    scores: list[int]  # per owner (the virtual player last in a 2-player game)
    winners: list[int]
    how: str
    end_reason: str
    first: int
    rounds: int
    sections_scored: int
    by_kind: list[dict[str, int]]
    record: dict[str, Any] | None = None  #: the game's record (A-R12), when asked to keep it


@dataclass
class ArrialaSummary:
    """Figures over all games (see :meth:`to_json`)."""

    players: int
    games: int
    seed: int
    bots: list[str]
    overrides: dict[str, list[int] | None]
    per_bot: dict[str, dict[str, float]] = field(default_factory=dict)
    by_turn_position: list[dict[str, float]] = field(default_factory=list)
    end_reasons: dict[str, float] = field(default_factory=dict)
    outcomes: dict[str, int] = field(default_factory=dict)
    mean_rounds: float = 0.0
    sections_per_game: float = 0.0
    mean_winner_score: float = 0.0
    mean_margin: float = 0.0
    margin_error: float = 0.0  # twice the standard error of mean_margin: chance could move it about that far
    score_stdev: float = 0.0
    points_by_kind: dict[str, float] = field(default_factory=dict)
    virtual_mean_score: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in (
            "players", "games", "seed", "bots", "overrides", "per_bot", "by_turn_position", "end_reasons",
            "outcomes", "mean_rounds", "sections_per_game", "mean_winner_score", "mean_margin", "margin_error",
            "score_stdev",
            "points_by_kind", "virtual_mean_score")}


def play_arriala_game(players: int, bots: Sequence[str], seed: int,
                      overrides: Overrides = Overrides(), keep_record: bool = False) -> ArrialaResult:
    """Play one game between bots (seat ``i`` is ``bots[i]``), with its record when ``keep_record``."""
    game = overrides.game(players)
    state = game.new_initial_state(seed, log=False)
    agents = [make_bot(name, random.Random(seed * 31 + i * 7 + 1)) for i, name in enumerate(bots)]
    while not state.is_terminal():
        p = state.current_player()
        assert p is not None
        state.apply_action(agents[p].choose(state.observation(p)).action)
    sheet = state.score_sheet()
    return ArrialaResult(
        seats=list(bots), scores=sheet.totals, winners=list(state.winners or []), how=str(state.ranking or ""),
        end_reason=str(state.termination or ""), first=state.first, rounds=state.round,
        sections_scored=sum(1 for o in sheet.owners for i in o.items if i.kind == "section"),
        by_kind=[o.by_kind() for o in sheet.owners],
        record=record_of(state, seats=list(bots)).to_json() if keep_record else None,
    )


def simulate_arriala(players: int, bots: Sequence[str], games: int, seed: int = 0, *,
                     overrides: Overrides = Overrides(), jobs: int = 1,
                     progress: Callable[[int], None] | None = None,
                     records: list[dict[str, Any]] | None = None) -> ArrialaSummary:
    """Play ``games`` bot games and summarise them (bots rotate seats; the first player is
    drawn from each game's seed, A-R9); ``records``, a list, receives every game's record."""
    seats = check_seats("Arriala", players, bots, games, BOT_NAMES)
    overrides.game(players)  # validates the overrides
    play = partial(play_arriala_game, overrides=overrides, keep_record=records is not None)
    results = play_games(play, players, seats, games, seed, jobs=jobs, progress=progress, max_chunk=8)
    if records is not None:
        records.extend(r.record for r in results if r.record is not None)
    return summarise(results, players, seats, seed, overrides)


def summarise(results: list[ArrialaResult], players: int, bots: list[str], seed: int,
              overrides: Overrides) -> ArrialaSummary:
    """The figures over ``results`` (seat ``p`` of game ``k`` is ``results[k].seats[p]``)."""
    g = len(results)
    s = ArrialaSummary(players, g, seed, bots, {k: list(v) if v else None for k, v in vars(overrides).items()})
    for name in sorted(set(bots), key=bots.index):
        seats = wins = score = 0.0
        for r in results:
            for p, b in enumerate(r.seats):
                if b == name:
                    seats += 1
                    score += r.scores[p]
                    wins += p in r.winners
        s.per_bot[name] = {"seats_played": seats, "win_rate": round(wins / seats, 4),
                           "mean_score": round(score / seats, 3)}
    for pos in range(players):  # 0 = the first player (A-R9)
        seat_of = [(r.first + pos) % players for r in results]
        s.by_turn_position.append({
            "position": pos + 1,
            "win_rate": round(sum(sp in r.winners for sp, r in zip(seat_of, results, strict=True)) / g, 4),
            "mean_score": round(sum(r.scores[sp] for sp, r in zip(seat_of, results, strict=True)) / g, 3)})
    for r in results:
        s.end_reasons[r.end_reason] = s.end_reasons.get(r.end_reason, 0) + 1
        s.outcomes[r.how] = s.outcomes.get(r.how, 0) + 1
    s.end_reasons = {k: round(v / g, 4) for k, v in sorted(s.end_reasons.items())}
    s.mean_rounds = round(sum(r.rounds for r in results) / g, 2)
    s.sections_per_game = round(sum(r.sections_scored for r in results) / g, 2)
    real = [sorted(r.scores[:players], reverse=True) for r in results]
    s.mean_winner_score = round(sum(x[0] for x in real) / g, 2)
    leads = [x[0] - x[1] for x in real]
    s.mean_margin = round(sum(leads) / g, 2)
    s.margin_error = round(2 * statistics.stdev(leads) / g ** 0.5, 2) if g > 1 else 0.0
    s.score_stdev = round(statistics.pstdev([v for x in real for v in x]), 2)
    kinds: dict[str, float] = {}
    for r in results:
        for p in range(players):
            for k, v in r.by_kind[p].items():
                kinds[k] = kinds.get(k, 0.0) + v
    s.points_by_kind = {k: round(v / (g * players), 2) for k, v in kinds.items()}
    if players == 2:
        s.virtual_mean_score = round(sum(r.scores[2] for r in results) / g, 2)
    return s
