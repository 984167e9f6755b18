"""Canal du Midi bot-versus-bot simulations: win rates, scores and site figures over many
games (the threshold study, ``docs/midi-thresholds.md``).

The seating and the worker processes are :mod:`canal_heritage.core.simulate`'s; this module
plays one game and summarises. Results depend only on the arguments (per-game seeds come from
``seed``; bots get their own seeded generators and, for reproducibility, no time limit),
whatever ``jobs`` is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..core.simulate import check_seats, play_games
from .bots import BOT_NAMES, make_bot
from .record import record_of
from .state import BUILT, MidiGame


@dataclass
class GameResult:
    """One simulated game, reduced to what the summary needs."""

    seats: list[str]
    totals: list[int]
    winners: list[int]
    built: list[bool]  # per site, in canal order
    revealed_built: int
    coins_spent: list[int]  # per seat
    adjacency_awards: int
    tie_break: str
    first: int
    record: dict[str, Any] | None = None  #: the game's record (M-R10), when asked to keep it


@dataclass
class Summary:
    """Figures over all games (see :meth:`to_json`)."""

    game: str
    players: int
    games: int
    seed: int
    bots: list[str]
    thresholds: list[int]
    per_bot: dict[str, dict[str, float]] = field(default_factory=dict)
    per_seat: list[dict[str, float]] = field(default_factory=list)
    sites_built_share: float = 0.0
    per_site_built: dict[str, float] = field(default_factory=dict)
    reinforcements_per_game: float = 0.0
    adjacency_awards_per_game: float = 0.0
    tie_breaks: dict[str, int] = field(default_factory=dict)
    shared_victories: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "games": self.games, "seed": self.seed,
            "bots": self.bots, "thresholds": self.thresholds,
            "per_bot": self.per_bot, "per_seat": self.per_seat,
            "sites_built_share": self.sites_built_share, "per_site_built": self.per_site_built,
            "reinforcements_per_game": self.reinforcements_per_game,
            "adjacency_awards_per_game": self.adjacency_awards_per_game,
            "tie_breaks": self.tie_breaks, "shared_victories": self.shared_victories,
        }


def play_midi_game(players: int, bots: Sequence[str], seed: int, thresholds: Sequence[int] | None = None,
                   expert_iterations: int | None = None, keep_record: bool = False) -> GameResult:
    """Play one Canal du Midi game between bots and reduce it to a :class:`GameResult` (with
    the game's record when ``keep_record``)."""
    game = MidiGame(players, thresholds=thresholds)
    state = game.new_initial_state(seed)
    first = state.lead
    opts = {} if expert_iterations is None else {"iterations": expert_iterations}
    agents = [make_bot(name, random.Random(seed * 31 + i * 7 + 1), game, **(opts if name == "expert" else {}))
              for i, name in enumerate(bots)]
    spent = [0] * players
    while not state.is_terminal():
        p = state.current_player()
        assert p is not None
        move = agents[p].choose(state.observation(p))
        if state.phase.name.startswith("REINFORCE") and move.action == 21:
            spent[p] += 1
        state.apply_action(move.action)
    sheet = state.score_sheet()
    return GameResult(
        seats=list(bots), totals=[ps.total for ps in sheet.players], winners=list(sheet.winners),
        built=[x == BUILT for x in state.status], revealed_built=sum(x == BUILT for x in state.status),
        coins_spent=spent, adjacency_awards=sum(1 for m in state.adjacency if m),
        tie_break=str(sheet.ranking), first=first,
        record=record_of(state, seats=list(bots)).to_json() if keep_record else None,
    )


def simulate_midi(players: int, bots: Sequence[str], games: int, seed: int = 0, *,
                  thresholds: Sequence[int] | None = None, jobs: int = 1,
                  expert_iterations: int | None = None,
                  progress: Callable[[int], None] | None = None,
                  records: list[dict[str, Any]] | None = None) -> Summary:
    """Play ``games`` bot games and summarise them.

    Args:
        bots: one bot name per seat, or a single name for every seat. Seats rotate from
            game to game so each bot plays every seat equally often.
        thresholds: optional site thresholds (9 numbers, canal order) instead of the data's.
        jobs: worker processes (results do not depend on it).
        progress: called with the number of games finished so far.
        records: a list to receive every game's record, in order (``None``: none kept).

    Raises:
        ValueError: an argument is wrong (checked before any game is played).
    """
    seats = check_seats("Canal du Midi", players, bots, games, BOT_NAMES)
    game = MidiGame(players, thresholds=thresholds)  # validates the thresholds
    play = partial(play_midi_game, thresholds=thresholds, expert_iterations=expert_iterations,
                   keep_record=records is not None)
    results = play_games(play, players, seats, games, seed, jobs=jobs, progress=progress, max_chunk=16)
    if records is not None:
        records.extend(r.record for r in results if r.record is not None)
    return summarise(results, game, seats, seed)


def summarise(results: list[GameResult], game: MidiGame, bots: list[str], seed: int) -> Summary:
    """The figures over ``results`` (seat ``p`` of game ``k`` is ``results[k].seats[p]``)."""
    n = game.players
    g = len(results)
    s = Summary("midi", n, g, seed, bots, list(game.threshold))
    names = sorted(set(bots), key=bots.index)
    for name in names:
        seats_played = wins = score = spent = 0.0
        for r in results:
            for p, b in enumerate(r.seats):
                if b != name:
                    continue
                seats_played += 1
                score += r.totals[p]
                spent += r.coins_spent[p]
                if p in r.winners:
                    wins += 1 / len(r.winners)
        s.per_bot[name] = {"seats_played": seats_played, "win_rate": round(wins / seats_played, 4),
                           "mean_score": round(score / seats_played, 3),
                           "reinforcements_per_game": round(spent / seats_played, 3)}
    for p in range(n):
        wins = sum(1 / len(r.winners) for r in results if p in r.winners)
        leads = sum(1 for r in results if r.first == p)
        s.per_seat.append({"seat": p, "win_rate": round(wins / g, 4),
                           "mean_score": round(sum(r.totals[p] for r in results) / g, 3),
                           "first_lead_games": leads})
    s.sites_built_share = round(sum(r.revealed_built for r in results) / (g * game.num_sites), 4)
    s.per_site_built = {sid: round(sum(r.built[i] for r in results) / g, 4) for i, sid in enumerate(game.site_ids)}
    s.reinforcements_per_game = round(sum(sum(r.coins_spent) for r in results) / g, 3)
    s.adjacency_awards_per_game = round(sum(r.adjacency_awards for r in results) / g, 3)
    for r in results:
        s.tie_breaks[r.tie_break] = s.tie_breaks.get(r.tie_break, 0) + 1
    s.shared_victories = s.tie_breaks.get("shared", 0)
    return s
