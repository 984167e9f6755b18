"""What one Arriala player may know (A-R11): everything on the board, their own hand, the
size of the other hands and of the deck, the discard pile, and their own share of the log.

Bots decide from an :class:`ArrialaObservation` only; the expert bot turns one into full
states by dealing the unseen cards at random (:func:`sample_state`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.events import Event
from ..core.game import check_seat
from . import actions as A

if TYPE_CHECKING:
    from .state import ArrialaGame, ArrialaState


@dataclass(frozen=True)
class ArrialaObservation:
    """A player's view of the game. Board fields mirror :class:`ArrialaState`'s."""

    game: ArrialaGame
    player: int
    to_move: int | None
    terminal: bool
    round: int
    first: int
    ap: int
    loc: tuple[int, ...]
    lock: tuple[bool, ...]
    closed: tuple[bool, ...]
    locks_left: int
    stretch_locks: tuple[int, ...]
    vine: tuple[tuple[int, ...], ...]
    blue: tuple[int, ...]
    works: tuple[int, ...]
    points: tuple[int, ...]
    moved: frozenset[int]
    turn_start: tuple[tuple[int, int], ...]
    prev_start: tuple[tuple[int, int], ...]
    quiet: int
    scored_round: bool
    hand: tuple[int, ...]  # own hand: count per card kind
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    legal_actions: tuple[int, ...]
    events: tuple[Event, ...]

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.player and not self.terminal

    @property
    def players(self) -> int:
        """How many players sit at the table (the virtual player not counted, A-R8)."""
        return self.game.players

    def action_cost(self, action: int) -> int:
        """The AP ``action`` costs now, as the state would say (:func:`.actions.cost`)."""
        return A.cost(self.game, self.loc, action)

    @property
    def unseen(self) -> tuple[int, ...]:
        """Card kinds this player cannot place: the deck and the other hands, as one pool."""
        pool: list[int] = []
        for k, total in enumerate(self.game.deck_counts):
            left = total - self.hand[k] - self.discard[k]
            pool.extend([k] * left)
        return tuple(pool)


def observe(s: ArrialaState, player: int) -> ArrialaObservation:
    g = s.game
    check_seat(player, g.players)
    mine = s.to_move == player and not s.is_terminal()
    return ArrialaObservation(
        game=g, player=player, to_move=s.current_player(), terminal=s.is_terminal(), round=s.round,
        first=s.first, ap=s.ap, loc=tuple(s.loc), lock=tuple(s.lock), closed=tuple(s.closed),
        locks_left=s.locks_left, stretch_locks=tuple(s.stretch_locks), vine=tuple(tuple(r) for r in s.vine),
        blue=tuple(s.blue), works=tuple(s.works), points=tuple(s.points), moved=frozenset(s.moved),
        turn_start=tuple(sorted(s.turn_start.items())), prev_start=tuple(sorted(s.prev_start.items())),
        quiet=s.quiet, scored_round=s.scored_round,
        hand=tuple(s.hand[player]), hand_sizes=tuple(sum(h) for h in s.hand), deck_size=len(s.deck),
        discard=tuple(s.discard), legal_actions=tuple(s.legal_actions()) if mine else (),
        events=tuple(s.log(player)),
    )


def sample_state(obs: ArrialaObservation, rng: random.Random) -> ArrialaState:
    """A full state consistent with ``obs``: the unseen cards dealt at random into the
    other hands (by their sizes) and the deck. Used for search; it has no event log, and
    its score lines are rebuilt as totals only."""
    from .scoring import ScoreItem
    from .state import ArrialaState

    g = obs.game
    s = ArrialaState.blank(g)
    s.seed = None
    s.loc = list(obs.loc)
    b = g.board
    s.occ = [-1] * b.size
    for w, where in enumerate(obs.loc):
        if 0 <= where < 100 and not b.is_town[where]:
            s.occ[where] = w
    s.lock = list(obs.lock)
    s.closed = list(obs.closed)
    s.locks_left = obs.locks_left
    s.stretch_locks = list(obs.stretch_locks)
    s.vine = [list(r) for r in obs.vine]
    s.blue = list(obs.blue)
    s.works = list(obs.works)
    s.points = list(obs.points)
    s.items = [[ScoreItem("earlier", "", pts)] if pts else [] for pts in obs.points]
    s.to_move = obs.to_move if obs.to_move is not None else 0
    s.ap = obs.ap
    s.moved = set(obs.moved)
    s.turn_start = dict(obs.turn_start)
    s.prev_start = dict(obs.prev_start)
    s.round = obs.round
    s.first = obs.first
    s.quiet = obs.quiet
    s.scored_round = obs.scored_round
    s.discard = list(obs.discard)
    pool = list(obs.unseen)
    rng.shuffle(pool)
    k = len(g.card_kinds)
    s.hand = [[0] * k for _ in range(g.players)]
    s.hand[obs.player] = list(obs.hand)
    for p in range(g.players):
        if p == obs.player:
            continue
        for _ in range(obs.hand_sizes[p]):
            s.hand[p][pool.pop()] += 1
    s.deck = pool[: obs.deck_size]
    if obs.terminal:
        from .state import END
        s.phase = END
    return s
