"""What lies on the table in a game of Arriala (:class:`ArrialaPosition`): the fields of a
position, copies, and the facts read from them (free cells, sections, who is last). The
rules that change a position are :class:`~.state.ArrialaState`'s."""

from __future__ import annotations

from typing import Any, Self

from ..core.events import Event
from ..core.game import Ranking, Termination
from . import actions as A
from .board import Board
from .rules import BLUE, END, GONE, PLAY, RESERVE, VINE, ArrialaRules, Phase
from .scoring import ScoreItem

_W = A.W


class ArrialaPosition:
    """What lies on the table in a game of Arriala: every field of a position (below, with its
    meaning), an empty board (:meth:`blank`) and copies (:meth:`clone`). The rules that change it
    are :class:`~.state.ArrialaState`'s."""

    __slots__ = (
        "game", "board", "n", "seed", "deck", "hand", "discard", "loc", "occ", "lock", "closed",
        "locks_left", "stretch_locks", "vine", "blue", "works", "points", "items", "to_move", "ap",
        "moved", "turn_start", "prev_start", "round", "first", "quiet", "scored_round", "phase",
        "termination", "events", "history", "_legal", "_sections", "winners", "ranking", "dealt", "turns",
        "_spans", "_free", "_movable_cache", "_checked", "_targets", "_where", "_held_cache", "turn_held",
    )

    game: ArrialaRules
    board: Board
    n: int  #: players (the virtual player not counted)
    seed: int | None  #: the seed it was dealt from (None: built from a position)
    deck: list[int]  #: card kinds; the top card is deck[-1]
    hand: list[list[int]]  #: per seat, how many cards of each kind
    discard: list[int]  #: how many cards of each kind were played
    loc: list[int]  #: per worker: RESERVE, GONE, a cell, VINE + v or BLUE + b
    occ: list[int]  #: per cell, the worker on it (-1: none; towns hold several)
    lock: list[bool]  #: per cell
    closed: list[bool]  #: per cell: its section has scored (A-R4)
    locks_left: int
    stretch_locks: list[int]  #: locks built per stretch
    vine: list[list[int]]  #: per vineyard, workers of each owner
    blue: list[int]  #: per blue cell, the owner of its river work (-1: none)
    works: list[int]  #: per engineering work, its builder (-1: none)
    points: list[int]  #: per owner (with two players the virtual player is third)
    items: list[list[ScoreItem]]  #: per owner, the score lines
    to_move: int  #: the seat whose turn it is
    ap: int  #: action points left this turn
    moved: set[int]  #: workers moved this turn (A-R2)
    turn_start: dict[int, int]  #: where each worker moved this turn started (A-R3)
    prev_start: dict[int, int]  #: the same for the previous player's turn (A-R3)
    round: int
    first: int  #: the first player (A-R9)
    quiet: int  #: rounds in a row with no section scored (A-R10)
    scored_round: bool  #: a section has scored in this round
    phase: Phase
    termination: Termination | None
    events: list[Event] | None  #: the event log (None: a search copy keeps none)
    history: list[int]  #: every action played, in order
    _legal: list[int] | None
    _sections: list[tuple[int, int]] | None
    _spans: list[tuple[int, int] | None]  #: per cell, its section (with ``_sections``)
    _free: list[bool] | None  #: per cell, :meth:`free` (None: not worked out yet)
    _movable_cache: list[list[int]] | None  #: this turn's movable workers (:func:`.moves.movable`)
    #: the workers on the canal, and in vineyards, in order; per seat, how many are in reserve
    #: (None: not listed)
    _where: list[list[int]] | None
    #: per seat, :func:`.sampling.held` (None: not listed; an entry is replaced, never changed)
    _held_cache: list[list[tuple[int, int, int, bool]] | None] | None
    _targets: tuple[list[int], list[int]] | None  #: :func:`.sampling.target_cells` (None: not worked out)
    _checked: int | None  #: the action :func:`.sampling.sample_action` drew for this decision
    winners: list[int] | None
    ranking: Ranking | None
    dealt: bool  #: dealt from a seed (a record can replay it)
    turns: int  #: turns played
    #: the current player has spent their last AP and the turn waits for their END_TURN
    #: (T-R2, :meth:`.state.ArrialaState.hold_last_action`)
    turn_held: bool

    @classmethod
    def blank(cls, game: ArrialaRules) -> Self:
        """An empty board with every worker in reserve (positions and samplers fill it)."""
        s = cls.__new__(cls)
        b = game.board
        s.game = game
        s.board = b
        s.n = game.players
        s.seed = None
        s.deck = []
        k = len(game.card_kinds)
        s.hand = [[0] * k for _ in range(game.players)]
        s.discard = [0] * k
        s.loc = [RESERVE] * game.workers
        s.occ = [-1] * b.size
        s.lock = [False] * b.size
        s.closed = [False] * b.size
        s.locks_left = game.rules.locks
        s.stretch_locks = [0] * len(b.stretches)
        s.vine = [[0] * game.owners for _ in b.vineyards]
        s.blue = [-1] * len(b.blue)
        s.works = [-1] * len(b.works)
        s.points = [0] * game.owners
        s.items = [[] for _ in range(game.owners)]
        s.to_move = 0
        s.ap = game.rules.action_points
        s.moved = set()
        s.turn_start = {}
        s.prev_start = {}
        s.round = 1
        s.first = 0
        s.quiet = 0
        s.scored_round = False
        s.phase = PLAY
        s.termination = None
        s.events = None
        s.history = []
        s._legal = None
        s._sections = None
        s._spans = []
        s._free = None
        s._movable_cache = None
        s._checked = None
        s._targets = None
        s._where = None
        s._held_cache = None
        s.winners = None
        s.ranking = None
        s.dealt = False
        s.turns = 0
        s.turn_held = False
        if game.virtual:  # A-R8/A-R13: one virtual worker on each town in play
            v = game.players
            for i in range(_W):
                w = v * _W + i
                s.loc[w] = b.towns[i] if i < len(b.towns) else GONE
        return s

    def _forget_derived(self) -> None:
        """Drop every fact worked out from the fields (free cells, sections, the legal actions…),
        for a builder that has set the fields by hand."""
        self._legal = None
        self._sections = None
        self._free = None
        self._targets = None
        self._movable_cache = None
        self._checked = None
        self._where = None
        self._held_cache = None

    def hand_list(self, p: int) -> list[str]:
        """Seat ``p``'s hand as card-kind ids, sorted."""
        ids = self.game.card_ids
        return [ids[k] for k, c in enumerate(self.hand[p]) for _ in range(c)]

    def log(self, player: int | None = None) -> list[Event]:
        """The event log as ``player`` sees it (``None``: everything, private parts included)."""
        if self.events is None:
            return []
        return [e.seen_by(player) for e in self.events]

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy(state)`` is :meth:`clone`: the game description is shared, not copied
        (OpenSpiel copies states this way)."""
        return self.clone()

    def clone(self, *, log: bool | None = None) -> Self:
        """An independent copy (``log=False`` drops the event log, for search)."""
        s = type(self).__new__(type(self))
        s.game = self.game
        s.board = self.board
        s.n = self.n
        s.seed = self.seed
        s.deck = self.deck[:]
        s.hand = [h[:] for h in self.hand]
        s.discard = self.discard[:]
        s.loc = self.loc[:]
        s.occ = self.occ[:]
        s.lock = self.lock[:]
        s.closed = self.closed[:]
        s.locks_left = self.locks_left
        s.stretch_locks = self.stretch_locks[:]
        s.vine = [r[:] for r in self.vine]
        s.blue = self.blue[:]
        s.works = self.works[:]
        s.points = self.points[:]
        s.items = [i[:] for i in self.items]
        s.to_move = self.to_move
        s.ap = self.ap
        s.moved = set(self.moved)
        s.turn_start = dict(self.turn_start)
        s.prev_start = dict(self.prev_start)
        s.round = self.round
        s.first = self.first
        s.quiet = self.quiet
        s.scored_round = self.scored_round
        s.phase = self.phase
        s.termination = self.termination
        keep = (self.events is not None) if log is None else log
        s.events = list(self.events) if keep and self.events is not None else ([] if keep else None)
        s.history = self.history[:]
        s._legal = self._legal
        s._sections = self._sections
        s._spans = self._spans
        s._free = self._free[:] if self._free is not None else None
        s._movable_cache = None
        s._checked = None
        s._targets = self._targets
        s._where = None
        s._held_cache = self._held_cache[:] if self._held_cache is not None else None
        s.winners = list(self.winners) if self.winners is not None else None
        s.ranking = self.ranking
        s.dealt = self.dealt
        s.turns = self.turns
        s.turn_held = self.turn_held
        return s

    # ------------------------------------------------------------------ what the position says
    def current_player(self) -> int | None:
        """The seat that acts now, or ``None`` when the game is over."""
        return None if self.phase is END else self.to_move

    def is_terminal(self) -> bool:
        return self.phase is END

    def free(self, c: int) -> bool:
        """A-R1/A-R4: a move or placement may end on ``c``."""
        return self._free_map()[c]

    def _free_map(self) -> list[bool]:
        """Per cell, :meth:`free`: worked out once, then kept up to date by every action
        (a position built field by field starts without it)."""
        fr = self._free
        if fr is None:
            town, occ, lock, closed = self.board.is_town, self.occ, self.lock, self.closed
            fr = self._free = [town[c] or (occ[c] < 0 and not lock[c] and not closed[c])
                               for c in range(self.board.size)]
        return fr

    def sections(self) -> list[tuple[int, int]]:
        """Every section as (first, last) cell indices, in canal order (A-R15: gaps with no
        cell are no section)."""
        sec = self._sections
        if sec is None:
            sec = []
            start = -1
            town, lock = self.board.is_town, self.lock
            for c in range(self.board.size):
                if town[c] or lock[c]:
                    if start >= 0:
                        sec.append((start, c - 1))
                        start = -1
                elif start < 0:
                    start = c
            if start >= 0:
                sec.append((start, self.board.size - 1))
            spans: list[tuple[int, int] | None] = [None] * self.board.size
            for a, z in sec:
                for c in range(a, z + 1):
                    spans[c] = (a, z)
            self._sections = sec
            self._spans = spans  # per cell, its section (None: a town or a lock)
        return sec

    def open_sections(self) -> list[tuple[int, int]]:
        return [s for s in self.sections() if not self.closed[s[0]]]

    def section_of(self, c: int) -> tuple[int, int] | None:
        self.sections()
        return self._spans[c] if 0 <= c < self.board.size else None

    def canal_workers(self, owner: int) -> int:
        """Workers of ``owner`` on canal cells and towns (A-R18)."""
        lo = owner * _W
        return sum(1 for w in range(lo, lo + _W) if 0 <= self.loc[w] < VINE)

    def is_last(self, p: int) -> bool:
        """A-R7: ``p`` is last on the score track among the real players: nobody has fewer
        points and somebody has more. A tie for last counts as last; when every player is tied
        (as at the start) nobody is last, and an engineering-work card waits. The virtual
        player of a two-player game is not counted. (Edition 1 games, A-R19: a tie of every
        player counted as last.)"""
        pts = self.points[: self.n]
        low = min(pts)
        return self.points[p] == low and (max(pts) > low or self.game.edition == 1)

    def all_tied(self) -> bool:
        """Every real player has the same points (A-R7: then nobody is last)."""
        pts = self.points[: self.n]
        return min(pts) == max(pts)

    def _place_name(self, where: int) -> str:
        b = self.board
        if 0 <= where < VINE:
            return b.cell_id(where)
        if VINE <= where < BLUE:
            return b.vineyards[where - VINE].id
        if where >= BLUE:
            return b.blue[where - BLUE].id
        return "reserve"

    def _gain(self, o: int, item: ScoreItem) -> None:
        self.points[o] += item.points
        self.items[o].append(item)

    def _log(self, key: str, args: dict[str, Any], private: dict[int, dict[str, Any]] | None = None) -> None:
        if self.events is not None:
            self.events.append(Event(key, args, private))
