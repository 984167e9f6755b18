"""What one Arriala player may know (A-R11): everything on the board, their own hand, the
size of the other hands and of the deck, the discard pile, and their own share of the log.

:class:`ArrialaObservation` and :func:`observe` sit below the engine's facade
(:meth:`.state.ArrialaState.observation` calls :func:`observe`); :mod:`.observation` names
them with :func:`~.observation.sample_state`, which deals a full state from one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from ..core.events import Event
from ..core.game import check_seat
from . import actions as A
from .moves import legal_actions
from .rules import ArrialaRules
from .table import ArrialaPosition

#: The game an observation is of: :class:`~.state.ArrialaGame` for the engine's states (this
#: module is below the class that starts games, so it names the description they share).
GameT = TypeVar("GameT", bound=ArrialaRules)


@dataclass(frozen=True)
class ArrialaObservation(Generic[GameT]):
    """A player's view of the game. Board fields mirror :class:`~.table.ArrialaPosition`'s.
    (:mod:`.observation` names ``ArrialaObservation[ArrialaGame]``, what the engine hands out.)"""

    game: GameT
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


def observe(s: ArrialaPosition, player: int, game: GameT) -> ArrialaObservation[GameT]:
    """What ``player`` may know of ``s`` (A-R11), whose game is ``game``; legal actions only on
    their turn."""
    g = game
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
        discard=tuple(s.discard), legal_actions=tuple(legal_actions(s)) if mine else (),
        events=tuple(s.log(player)),
    )
