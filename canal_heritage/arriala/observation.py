"""What one Arriala player may know (A-R11): everything on the board, their own hand, the
size of the other hands and of the deck, the discard pile, and their own share of the log.

Bots decide from an :class:`ArrialaObservation` only (:mod:`.knowledge`); the expert bot turns
one into full states by dealing the unseen cards at random (:func:`sample_state`).
"""

from __future__ import annotations

import random
from typing import TypeAlias

from . import knowledge
from .rules import END, VINE
from .scoring import ScoreItem
from .state import ArrialaGame, ArrialaState

#: A player's view of a game (:class:`.knowledge.ArrialaObservation`).
ArrialaObservation: TypeAlias = knowledge.ArrialaObservation[ArrialaGame]


def observe(s: ArrialaState, player: int) -> ArrialaObservation:
    """What ``player`` may know (A-R11): ``s.observation(player)``."""
    return s.observation(player)

__all__ = ["ArrialaObservation", "observe", "sample_state"]


def sample_state(obs: ArrialaObservation, rng: random.Random) -> ArrialaState:
    """A full state consistent with ``obs``: the unseen cards dealt at random into the
    other hands (by their sizes) and the deck. Used for search; it has no event log, and
    its score lines are rebuilt as totals only."""
    g = obs.game
    s = ArrialaState.blank(g)
    s.seed = None
    s.loc = list(obs.loc)
    b = g.board
    s.occ = [-1] * b.size
    for w, where in enumerate(obs.loc):
        if 0 <= where < VINE and not b.is_town[where]:
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
        s.phase = END
    return s
