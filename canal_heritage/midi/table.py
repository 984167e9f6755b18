"""What lies on the table in a game of Canal du Midi (:class:`MidiPosition`): the fields of a
position, copies, and the facts read from them (who decides, the turn order). The rules
that change a position are :class:`~.state.MidiState`'s."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Self

from ..core.chance import copy_of
from ..core.events import Event
from .rules import DRAW, END, HIDDEN, MidiRules, Phase, SiteStatus


class MidiPosition:
    """What lies on the table in a game of Canal du Midi: every field of a position (below, with its
    meaning), an empty one (:meth:`blank`) and copies (:meth:`clone`). The rules that change it
    are :class:`~.state.MidiState`'s."""

    __slots__ = (
        "game", "n", "rng", "seed", "round", "lead", "phase", "queue",
        "deck", "revealed", "site", "status", "pawns", "adjacency",
        "hand", "up", "down", "played", "reinf", "discard", "last_bets",
        "coins", "bank", "spent", "pawns_left", "paired", "reinforcers",
        "events", "history", "held", "_legal", "dealt", "first",
    )

    game: MidiRules
    n: int  #: players
    rng: random.Random  #: the state's own chance (M-R10)
    seed: int | None  #: the seed it was dealt from (None: built from a position)
    round: int  #: 1..9
    lead: int  #: this round's lead player (M-R3)
    phase: Phase
    queue: list[int]  #: who decides next, in order (queue[0] is to move)
    deck: list[int]  #: sites still to reveal (the next is deck[-1])
    revealed: list[int]  #: sites revealed so far, in order
    site: int  #: the site in play (-1 when the game is over)
    status: list[SiteStatus]  #: per site
    pawns: list[int]  #: per site, a bit mask of the seats with a pawn on it
    adjacency: list[int]  #: per delayed site, a bit mask of the seats awarded it by M-R8
    hand: list[list[int]]  #: per seat, card ids
    up: list[list[int]]  #: per seat, face-up card ids
    down: list[list[int]]  #: per seat, face-down card ids
    played: list[int]  #: per seat, this round's bet (card id, -1: none)
    reinf: list[int]  #: per seat, this round's reinforcement card (-1: none)
    discard: list[int]  #: the discard pile (card ids)
    last_bets: list[int] | None  #: the bets revealed this round (values)
    coins: list[int]  #: per seat
    bank: int  #: coins left in the bank (M-R5)
    spent: int  #: coins spent on reinforcements so far (they leave the game, M-R5)
    pawns_left: list[int]  #: per seat (M-R11)
    paired: list[int]  #: per seat, a bit mask of the city pairs already paid (M-R6)
    reinforcers: list[int]  #: who spent a coin this round, in order (M-R4)
    events: list[Event] | None  #: the event log (None: a search copy keeps none)
    history: list[int]  #: every action played, in order
    held: list[int]  #: per seat, a bit mask of the sites won
    _legal: tuple[int, ...] | None  #: the legal actions once listed (a tuple: copies share it safely)
    dealt: bool  #: dealt from a seed (a record can replay it)
    first: int  #: the first lead player (M-R3)

    @classmethod
    def blank(cls, game: MidiRules, rng: random.Random | None = None) -> Self:
        """An empty shell to be filled (positions and determinizations use it), with ``rng``
        as its chance (a generator seeded with 0 if none is given)."""
        s = cls.__new__(cls)
        n = game.players
        s.game = game
        s.n = n
        s.rng = rng if rng is not None else random.Random(0)
        s.seed = None
        s.round = 1
        s.lead = 0
        s.phase = DRAW
        s.queue = []
        s.deck = []
        s.revealed = []
        s.site = -1
        s.status = [HIDDEN] * game.num_sites
        s.pawns = [0] * game.num_sites
        s.adjacency = [0] * game.num_sites
        s.hand = [[] for _ in range(n)]
        s.up = [[] for _ in range(n)]
        s.down = [[] for _ in range(n)]
        s.played = [-1] * n
        s.reinf = [-1] * n
        s.discard = []
        s.last_bets = None
        s.coins = [0] * n
        s.bank = 0
        s.spent = 0
        s.pawns_left = [game.rules.pawns_per_player] * n
        s.paired = [0] * n
        s.reinforcers = []
        s.events = None
        s.history = []
        s.held = [0] * n
        s._legal = None
        s.dealt = False  # True when dealt from a seed (a record can replay it)
        s.first = 0
        return s

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy(state)`` is :meth:`clone`: the game description is shared, not copied
        (OpenSpiel copies states this way)."""
        return self.clone()

    def clone(self, *, log: bool | None = None) -> Self:
        """An independent copy (with its own generator). ``log=False`` drops the event log
        (search copies)."""
        s = type(self).__new__(type(self))
        s.game = self.game
        s.n = self.n
        s.rng = copy_of(self.rng)
        s.seed = self.seed
        s.round = self.round
        s.lead = self.lead
        s.phase = self.phase
        s.queue = self.queue[:]
        s.deck = self.deck[:]
        s.revealed = self.revealed[:]
        s.site = self.site
        s.status = self.status[:]
        s.pawns = self.pawns[:]
        s.adjacency = self.adjacency[:]
        s.hand = [h[:] for h in self.hand]
        s.up = [h[:] for h in self.up]
        s.down = [h[:] for h in self.down]
        s.played = self.played[:]
        s.reinf = self.reinf[:]
        s.discard = self.discard[:]
        s.last_bets = self.last_bets[:] if self.last_bets is not None else None
        s.coins = self.coins[:]
        s.bank = self.bank
        s.spent = self.spent
        s.pawns_left = self.pawns_left[:]
        s.paired = self.paired[:]
        s.reinforcers = self.reinforcers[:]
        keep = self.events is not None if log is None else log
        s.events = (self.events[:] if self.events is not None else []) if keep else None
        s.history = self.history[:]
        s.held = self.held[:]
        s._legal = self._legal
        s.dealt = self.dealt
        s.first = self.first
        return s

    def card_values(self, cards: Iterable[int]) -> list[int]:
        val = self.game.card_value
        return sorted(val[c] for c in cards)

    def log(self, player: int | None = None) -> list[Event]:
        """The event log as ``player`` sees it (``None``: everything, open hands)."""
        if self.events is None:
            return []
        return [e.seen_by(player) for e in self.events]

    # ------------------------------------------------------------------ what the position says
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        return self.queue[0] if self.phase != END else None

    def is_terminal(self) -> bool:
        return self.phase == END

    def turn_order(self) -> tuple[int, ...]:
        """Seats clockwise from the lead (M-R3)."""
        return self.game.orders[self.lead]

    def _log(self, key: str, args: dict[str, Any], private: dict[int, dict[str, Any]] | None = None) -> None:
        if self.events is not None:
            self.events.append(Event(key, args, private))
