"""The Arriala rules engine: an :class:`ArrialaGame` describes, an :class:`ArrialaState` evolves.

Players take turns of 5 action points (AP). At each decision ``current_player()`` names
who acts and ``legal_actions()`` lists the action ints (:mod:`.actions`) they may play,
each within their remaining AP; ``END_TURN`` is always among them. A turn also ends by
itself when no AP is left (A-R17).

After every action the engine scores each complete section in canal order (A-R6),
closes it (A-R4), and ends the game at once when no open section remains (A-R15); then
vineyards score. A stalled game ends by A-R10, announced in the log.

Chance (the shuffle, the first player) comes from a generator seeded with the game's seed and
used once, at set-up: after it the deck's order is all the chance there is, so a game is its
seed plus its decisions (A-R12).

Owners are seats ``0..n-1``; with two players the virtual player is owner ``2`` (A-R8).
Worker ``w`` belongs to owner ``w // 5``. A worker's place is :data:`RESERVE`, a cell
index, :data:`VINE` ``+ v`` (vineyard ``v`` in play) or :data:`BLUE` ``+ b``.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right, insort
from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Self

from ..core.chance import shuffle
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.game import Outcome, Ranking, Termination, check_seat
from . import actions as A
from .board import Board
from .data import ArrialaData, load_arriala_data
from .scoring import ScoreItem, majority, rank

if TYPE_CHECKING:
    from .observation import ArrialaObservation
    from .sheet import ScoreSheet

RESERVE = -1
GONE = -2  # an unused worker slot (the virtual player has one worker per town)
VINE = 100
BLUE = 200


class Phase(StrEnum):
    """Where the game stands: in play, or over."""

    PLAY = "play"
    END = "end"


# Module-level aliases: faster than Phase.X attribute lookups in the hot paths.
PLAY, END = Phase.PLAY, Phase.END

_W = A.W

# The kinds of candidate block :meth:`ArrialaState.sample_action` draws from.
_END, _DRAW, _MOVE, _PLACE, _LOCK, _TO_VINE, _RIVER, _FROM_VINE, _JUMP, _WORK = range(10)
_NONE: list[int] = []  # a block of targets only (never changed)
_END_BLOCK = (_END, A.END_TURN, _NONE, 1, _NONE)  # the same at every decision
_DRAW_BLOCK = (_DRAW, A.DRAW, _NONE, 1, _NONE)


def _without(cells: list[int], a: int, z: int) -> list[int]:
    """The sorted ``cells`` without those from ``a`` to ``z``."""
    return cells[:bisect_left(cells, a)] + cells[bisect_right(cells, z):]


#: The edition of the project's rulings new games are played under. Edition 2 refined A-R7
#: (2026-11): when every player is tied, nobody is last. A game begun under edition 1 (where a
#: tie of every player counted as last, so an engineering work could be built on the first
#: turn) finishes under it: its record or stored room says so (ruling A-R19).
EDITION = 2
EDITIONS = (1, 2)


class ArrialaGame:
    """The description of an Arriala game: player count, board, deck and rules numbers.

    Args:
        players: 2, 3 or 4.
        data: content to use (default: ``data/arriala/``).
        cells: cells per stretch, all four stretches in canal order (balance study).
        lock_max: lock maximum per stretch (balance study).
        table: points for a complete section of 1..10 workers (balance study).
        deck: how many cards of each kind, in ``deck.json`` order (balance study).
        edition: the edition of the rulings (:data:`EDITION`; 1 only to finish or replay a game
            begun before A-R7 was refined, A-R19).
    """

    def __init__(self, players: int = 2, *, data: ArrialaData | None = None,
                 cells: Sequence[int] | None = None, lock_max: Sequence[int] | None = None,
                 table: Sequence[int] | None = None, deck: Sequence[int] | None = None,
                 edition: int = EDITION) -> None:
        data = data or load_arriala_data()
        r = data.rules
        if not isinstance(players, int) or isinstance(players, bool) or not (r.min_players <= players <= r.max_players):
            raise ValueError(f"Arriala is played by {r.min_players} to {r.max_players} players, not {players!r}")
        if edition not in EDITIONS or isinstance(edition, bool):
            raise ValueError(f"edition must be one of {EDITIONS}, got {edition!r}")
        self.data = data
        self.rules = r
        #: the edition of the rulings this game is played under (A-R19)
        self.edition: int = edition
        self.players = players
        self.virtual = players == 2  # A-R8
        self.owners = players + (1 if self.virtual else 0)
        self.board = Board(data, players, cells=cells, lock_max=lock_max)
        tab = list(table) if table is not None else [data.board.scoring_table[str(k)] for k in range(1, 11)]
        if len(tab) != 10 or any(not isinstance(x, int) or x < 0 for x in tab):
            raise ValueError(f"table must be 10 whole numbers ≥ 0, got {tab}")
        #: points for a complete section of k workers: ``table[k]`` (index 0 unused)
        self.table: tuple[int, ...] = (0, *tab)
        self.card_kinds = data.deck.cards
        counts = list(deck) if deck is not None else [c.count for c in self.card_kinds]
        if len(counts) != len(self.card_kinds) or any(not isinstance(x, int) or x < 0 for x in counts):
            raise ValueError(f"deck must be {len(self.card_kinds)} whole numbers ≥ 0, got {counts}")
        if not sum(counts):  # a balance study may thin the deck, but Arriala is not played without cards
            raise ValueError("deck must hold at least one card: every count is 0")
        self.deck_counts: tuple[int, ...] = tuple(counts)
        self.card_ids: tuple[str, ...] = tuple(c.id for c in self.card_kinds)
        self.effects: tuple[str, ...] = tuple(c.effect for c in self.card_kinds)
        self.card_value: tuple[int, ...] = tuple(c.value for c in self.card_kinds)
        self.card_any: tuple[bool, ...] = tuple(c.any_worker for c in self.card_kinds)
        self.costs = r.costs
        self.points = r.points
        self.workers = _W * self.owners
        self.n_vineyards = len(self.board.vineyards)
        c = r.costs
        #: the AP costs in the order ``ArrialaState._blocks`` reads them
        self.ap_costs: tuple[int, ...] = (c.move_cell, c.draw, c.to_vineyard, c.river_work, c.place,
                                          c.from_vineyard, c.lock, c.play_card)
        kinds = {"move": _MOVE, "jump": _JUMP, "lock": _LOCK, "engineering_work": _WORK, "to_vineyard": _TO_VINE,
                 "to_canal": _FROM_VINE}
        #: per card kind: (kind index, its effect as a candidate-block kind, its first action int,
        #: its value, whether it moves any player's worker) — for ``ArrialaState.sample_action``
        self.card_plan: tuple[tuple[int, int, int, int, bool], ...] = tuple(
            (k, kinds[e], A.CARD + k * A.CARD_SPAN, v, anyw)
            for k, (e, v, anyw) in enumerate(zip(self.effects, self.card_value, self.card_any, strict=True)))

    def new_initial_state(self, seed: int = 0, *, first: int | None = None, log: bool = True) -> ArrialaState:
        """Set up a game from ``seed``.

        Args:
            seed: drives the shuffle and, if ``first`` is None, the first player (A-R9, A-R12).
            first: the first player's seat (the app asks the table, A-R9).
            log: keep the event log (views and observations need it; search copies do not).
        """
        return ArrialaState.new(self, seed, first=first, log=log)

    def action_to_text(self, action: int) -> str:
        """The text form of an action (``"move w7 montech-castelsarrasin:3"``, :mod:`.actions`)."""
        return A.to_text(self, action)

    def action_from_text(self, text: str) -> int:
        """The action a text names; :class:`IllegalActionError` if it names none of this game."""
        return A.from_text(self, text)

    def __repr__(self) -> str:
        if self.edition != EDITION:
            return f"ArrialaGame(players={self.players}, edition={self.edition})"
        return f"ArrialaGame(players={self.players})"


class ArrialaPosition:
    """What lies on the table in a game of Arriala: every field of a position (below, with its
    meaning), an empty board (:meth:`blank`) and copies (:meth:`clone`). The rules that change it
    are :class:`ArrialaState`'s."""

    __slots__ = (
        "game", "board", "n", "seed", "deck", "hand", "discard", "loc", "occ", "lock", "closed",
        "locks_left", "stretch_locks", "vine", "blue", "works", "points", "items", "to_move", "ap",
        "moved", "turn_start", "prev_start", "round", "first", "quiet", "scored_round", "phase",
        "termination", "events", "history", "_legal", "_sections", "winners", "ranking", "dealt", "turns",
        "_spans", "_free", "_movable_cache", "_checked", "_targets", "_where", "_held_cache",
    )

    game: ArrialaGame
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
    _free: list[bool] | None  #: per cell, :meth:`ArrialaState.free` (None: not worked out yet)
    _movable_cache: list[list[int]] | None  #: this turn's movable workers (``ArrialaState._movable``)
    #: the workers on the canal, and in vineyards, in order; per seat, how many are in reserve
    #: (None: not listed)
    _where: list[list[int]] | None
    #: per seat, ``ArrialaState._held`` (None: not listed; an entry is replaced, never changed)
    _held_cache: list[list[tuple[int, int, int, bool]] | None] | None
    _targets: tuple[list[int], list[int]] | None  #: ``ArrialaState._target_cells`` (None: not worked out)
    _checked: int | None  #: the action :meth:`ArrialaState.sample_action` drew for this decision
    winners: list[int] | None
    ranking: Ranking | None
    dealt: bool  #: dealt from a seed (a record can replay it)
    turns: int  #: turns played

    @classmethod
    def blank(cls, game: ArrialaGame) -> Self:
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
        return s


class ArrialaState(ArrialaPosition):
    """A position of an Arriala game, and how it evolves.

    Use :meth:`legal_actions`, :meth:`apply_action`, :meth:`current_player`; read what a
    player may know with :meth:`observation`, the score with :meth:`score_sheet` and the end
    with :meth:`outcome`. What it holds is listed on :class:`ArrialaPosition`.
    """

    __slots__ = ()

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, game: ArrialaGame, seed: int, *, first: int | None = None, log: bool = True) -> ArrialaState:
        if first is not None:
            check_seat(first, game.players, "first")
        s = cls.blank(game)
        s.seed = seed
        s.dealt = True
        rng = random.Random(seed)  # A-R12: the set-up's chance; the deck's order holds it afterwards
        deck = [k for k, c in enumerate(game.deck_counts) for _ in range(c)]
        shuffle(deck, rng)  # random.shuffle's own draws (a record replays from its seed)
        drawn = rng.randrange(game.players)  # always drawn: chance does not depend on ``first``
        s.first = s.to_move = drawn if first is None else first  # A-R9
        for p in range(game.players):  # dealt by seat: the hands do not depend on who starts
            for _ in range(game.rules.starting_hand):
                if deck:
                    s.hand[p][deck.pop()] += 1
        s.deck = deck  # the top card is deck[-1]
        if log:
            s.events = []
            s._log("arriala.setup", {"players": game.players, "first": s.first, "virtual": game.virtual,
                                     "ruling": "A-R8" if game.virtual else None},
                   {p: {"hand": s.hand_list(p)} for p in range(game.players)})
            s._log("arriala.turn_start", {"player": s.to_move, "round": 1, "ap": s.ap})
        return s

    # ------------------------------------------------------------------ queries
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

    def legal_actions(self) -> list[int]:
        """Every action the current player may take (empty when the game is over).

        Computed once per decision; each call returns a fresh list.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal[:]

    def _generate(self) -> list[int]:
        if self.phase is END:
            return []
        g = self.game
        cost = g.costs
        p = self.to_move
        ap = self.ap
        b = self.board
        size = b.size
        loc = self.loc
        prev = self.prev_start
        free = self._free_map()  # A-R1/A-R4: where a move or placement may end
        free_cells = [c for c in range(size) if free[c]]
        out = [A.END_TURN]
        on_canal, own_canal, in_vine, own_vine = self._movable()
        vine_free = [v for v, row in enumerate(self.vine) if sum(row) < b.vineyards[v].capacity]

        def moves(base: int, reach: int) -> None:
            # every free cell within ``reach`` of each movable worker (A-R1, A-R2, A-R3)
            for w in on_canal:
                c0 = loc[w]
                f = prev.get(w, GONE)
                wb = base + w * 64
                out.extend(wb + c for c in range(max(0, c0 - reach), min(size, c0 + reach + 1))
                           if free[c] and c != c0 and c != f)

        if ap >= cost.move_cell:
            moves(A.MOVE, ap // cost.move_cell)
        if ap >= cost.draw and self.deck:
            out.append(A.DRAW)
        if ap >= cost.to_vineyard:
            for w in own_canal:
                out.extend(A.to_vine(w, v) for v in vine_free if prev.get(w) != VINE + v)
        if ap >= cost.place and RESERVE in self.loc[p * _W: p * _W + _W]:
            out.extend(A.PLACE + c for c in free_cells)
        if ap >= cost.river_work:
            blues = [i for i, x in enumerate(self.blue) if x < 0]
            if blues:
                for w in own_canal:
                    out.extend(A.river(w, i) for i in blues)
        if ap >= cost.from_vineyard:
            for w in own_vine:
                f = prev.get(w, GONE)
                out.extend(A.FROM_VINE + w * 64 + c for c in free_cells if c != f)
        lock_cells = self._lock_cells() if self.locks_left > 0 else []
        if ap >= cost.lock:
            out.extend(A.LOCK + c for c in lock_cells)
        if ap >= cost.play_card:
            hand = self.hand[p]
            for k, count in enumerate(hand):
                if not count:
                    continue
                eff = g.effects[k]
                anyw = g.card_any[k]
                base = A.CARD + k * A.CARD_SPAN
                if eff == "move":  # A-R16: up to N free, each further cell 1 AP
                    moves(base, g.card_value[k] + (ap - cost.play_card) // cost.move_cell)
                elif eff == "jump":
                    for w in own_canal:
                        f = prev.get(w, GONE)
                        c0 = loc[w]
                        out.extend(base + w * 64 + c for c in free_cells if c != c0 and c != f)
                elif eff == "lock":
                    out.extend(base + c for c in lock_cells)
                elif eff == "engineering_work":
                    if self.is_last(p):
                        out.extend(base + e for e, x in enumerate(self.works) if x < 0)
                elif eff == "to_vineyard":
                    for w in (on_canal if anyw else own_canal):
                        out.extend(base + w * 4 + v for v in vine_free if prev.get(w) != VINE + v)
                elif eff == "to_canal":
                    for w in (in_vine if anyw else own_vine):
                        f = prev.get(w, GONE)
                        out.extend(base + w * 64 + c for c in free_cells if c != f)
        return out

    def _movable(self) -> list[list[int]]:
        """The workers that may still move this turn (A-R2): on the canal (any owner's, then
        the current player's own), in a vineyard (any, own). Kept up to date within a turn."""
        mov = self._movable_cache
        if mov is None:
            where = self._where
            if where is None:
                where = self._where = [[w for w, x in enumerate(self.loc) if 0 <= x < VINE],
                                       [w for w, x in enumerate(self.loc) if VINE <= x < BLUE],
                                       [self.loc[p * _W: p * _W + _W].count(RESERVE) for p in range(self.n)]]
            moved = self.moved
            if moved:
                canal = [w for w in where[0] if w not in moved]
                vine = [w for w in where[1] if w not in moved]
            else:
                canal, vine = where[0][:], where[1][:]
            lo = self.to_move * _W
            hi = lo + _W
            mov = self._movable_cache = [canal, canal[bisect_left(canal, lo): bisect_left(canal, hi)],
                                         vine, vine[bisect_left(vine, lo): bisect_left(vine, hi)]]
        return mov

    def _lock_cells(self) -> list[int]:
        """A-R4/A-R5: free plain cells of open sections, within the stretch maximum."""
        b = self.board
        free, town, of, built = self._free_map(), b.is_town, b.stretch_of, self.stretch_locks
        stretches = b.stretches
        return [c for c in range(b.size) if free[c] and not town[c] and built[of[c]] < stretches[of[c]].lock_max]

    # ------------------------------------------------------------------ drawing one action
    def sample_action(self, rng: random.Random) -> int:
        """One legal action drawn at random, each with the same chance: the distribution of
        ``rng.choice(state.legal_actions())``, without listing them all (random playouts).

        How: every kind of action the player may afford is a block of candidates —
        a movable worker and a distance, a cell, a worker and a vineyard… — that holds each
        legal action exactly once, with some that are not legal (a cell taken, a full
        vineyard). A candidate drawn uniformly from all the blocks is kept if it is legal and
        drawn again if not, so every legal action is equally likely. The tests list every
        candidate of many positions and check that the legal ones are exactly
        ``legal_actions()``. :meth:`apply_action` then accepts the drawn action without listing.

        Raises:
            ValueError: the game is over.
        """
        if self.phase is END:
            raise ValueError("the game is over: no action to draw")
        action = -1
        if self._legal is not None:  # already listed for this decision
            action = rng.choice(self._legal)
        else:
            ends, blocks = self._blocks()
            total = ends[-1]
            bits = total.bit_length()
            draw = rng.getrandbits
            candidate = self._candidate
            while True:
                i = draw(bits)  # uniform on 0 … 2**bits - 1; past the last candidate: draw again
                if i < total:
                    k = bisect_right(ends, i) - 1
                    action = candidate(blocks[k], i - ends[k])
                    if action >= 0:
                        break
        self._checked = action
        return action

    def _blocks(self) -> tuple[list[int], list[tuple[int, int, list[int], int, list[int]]]]:
        """The candidate blocks of this decision (:meth:`sample_action`): where each block
        ends when they are counted in a row, after a 0 (block ``k`` holds candidates ``ends[k]``
        to ``ends[k + 1] - 1``), and each block as ``(kind, base action, workers, span, cells)``:
        its ``i``-th candidate is worker ``workers[i // span]`` (if the block has workers) with
        target ``i % span`` — a distance, a vineyard, a blue cell, a work or ``cells[i % span]``.
        Kinds the player cannot afford, or with nothing to act on, have no block."""
        g = self.game
        c_move, c_draw, c_to_vine, c_river, c_place, c_from_vine, c_lock, c_card = g.ap_costs
        ap = self.ap
        p = self.to_move
        on_canal, own_canal, in_vine, own_vine = self._movable_cache or self._movable()
        in_reserve = self._where[2][p]  # type: ignore[index]  # listed with the movable workers
        cells, lockable = self._targets or self._target_cells()
        if self._free is None:
            self._free_map()
        n_cells = len(cells)
        nv = g.n_vineyards
        blocks: list[tuple[int, int, list[int], int, list[int]]] = [_END_BLOCK]
        ends = [0, 1]
        n = 1
        if ap >= c_draw and self.deck:
            n += 1
            ends.append(n)
            blocks.append(_DRAW_BLOCK)
        if on_canal and ap >= c_move:
            r = 2 * (ap // c_move)  # a distance: -reach … -1, 1 … reach
            n += len(on_canal) * r
            ends.append(n)
            blocks.append((_MOVE, A.MOVE, on_canal, r, _NONE))
        if own_canal:
            if ap >= c_to_vine:
                n += len(own_canal) * nv
                ends.append(n)
                blocks.append((_TO_VINE, A.TO_VINE, own_canal, nv, _NONE))
            if ap >= c_river:
                nb = len(self.blue)
                n += len(own_canal) * nb
                ends.append(n)
                blocks.append((_RIVER, A.RIVER, own_canal, nb, _NONE))
        if ap >= c_place and in_reserve:
            n += n_cells
            ends.append(n)
            blocks.append((_PLACE, A.PLACE, _NONE, n_cells, cells))
        if own_vine and ap >= c_from_vine:
            n += len(own_vine) * n_cells
            ends.append(n)
            blocks.append((_FROM_VINE, A.FROM_VINE, own_vine, n_cells, cells))
        if lockable and ap >= c_lock and self.locks_left > 0:
            n += len(lockable)
            ends.append(n)
            blocks.append((_LOCK, A.LOCK, _NONE, len(lockable), lockable))
        if ap >= c_card:
            held = self._held_cache[p] if self._held_cache is not None else None
            for eff, base, value, anyw in (self._held() if held is None else held):
                if eff == _MOVE:
                    if on_canal:
                        r = 2 * (value + (ap - c_card) // c_move)
                        n += len(on_canal) * r
                        ends.append(n)
                        blocks.append((_MOVE, base, on_canal, r, _NONE))
                elif eff == _JUMP:
                    if own_canal:
                        n += len(own_canal) * n_cells
                        ends.append(n)
                        blocks.append((_JUMP, base, own_canal, n_cells, cells))
                elif eff == _LOCK:
                    if lockable and self.locks_left > 0:
                        n += len(lockable)
                        ends.append(n)
                        blocks.append((_LOCK, base, _NONE, len(lockable), lockable))
                elif eff == _WORK:
                    if self.is_last(p):
                        n += len(self.works)
                        ends.append(n)
                        blocks.append((_WORK, base, _NONE, len(self.works), _NONE))
                elif eff == _TO_VINE:
                    ws = on_canal if anyw else own_canal
                    if ws:
                        n += len(ws) * nv
                        ends.append(n)
                        blocks.append((_TO_VINE, base, ws, nv, _NONE))
                else:  # to the canal: as from a vineyard
                    ws = in_vine if anyw else own_vine
                    if ws:
                        n += len(ws) * n_cells
                        ends.append(n)
                        blocks.append((_FROM_VINE, base, ws, n_cells, cells))
        return ends, blocks

    def _held(self) -> list[tuple[int, int, int, bool]]:
        """The current player's card kinds, as :attr:`ArrialaGame.card_plan` entries (kept per
        seat until that seat draws a kind it did not hold or plays its last card of a kind)."""
        cache = self._held_cache
        if cache is None:
            cache = self._held_cache = [None] * self.game.players
        p = self.to_move
        held = cache[p]
        if held is None:
            hand = self.hand[p]
            held = cache[p] = [plan[1:] for plan in self.game.card_plan if hand[plan[0]]]
        return held

    def _target_cells(self) -> tuple[list[int], list[int]]:
        """The cells a worker may ever come to again — towns, and cells neither locked nor
        closed — and of those, the plain cells of stretches that may take another lock (A-R5).
        Both change only when a lock is built or a section scores."""
        t = self._targets
        if t is None:
            b = self.board
            lock, closed, town, of, built = self.lock, self.closed, b.is_town, b.stretch_of, self.stretch_locks
            cells = [c for c in range(b.size) if town[c] or not (lock[c] or closed[c])]
            lockable = [c for c in cells if not town[c] and built[of[c]] < b.stretches[of[c]].lock_max]
            t = self._targets = (cells, lockable)
        return t

    def _drop_targets(self, a: int, z: int, unlockable: tuple[int, int]) -> None:
        """Keep :meth:`_target_cells` up to date when a lock is built or a section closes: cells
        ``a…z`` are no target any more, and the cells from ``unlockable[0]`` to ``unlockable[1]``
        (``a…z`` among them) no lockable one. New lists, as copies share them."""
        t = self._targets
        if t is not None:
            self._targets = (_without(t[0], a, z), _without(t[1], *unlockable))

    def _candidate(self, block: tuple[int, int, list[int], int, list[int]], i: int) -> int:
        """Candidate ``i`` of ``block`` (:meth:`_blocks`, which works out the free cells): its
        action if legal now, else -1."""
        kind, base, workers, span, cells = block
        free: list[bool] = self._free  # type: ignore[assignment]
        if kind == _MOVE:  # most candidates: a worker and a distance (A-R1, A-R3)
            w = workers[i // span]
            d = i % span - (span >> 1)  # -reach … -1 back; 0 … reach - 1 forward, one cell further
            c = self.loc[w] + (d if d < 0 else d + 1)
            if 0 <= c < self.board.size and free[c] and c != self.prev_start.get(w, GONE):
                return base + w * 64 + c
            return -1
        if kind <= _DRAW:
            return base
        if workers:
            w = workers[i // span]
            t = i % span
        else:
            w, t = -1, i
        if kind in (_PLACE, _LOCK):
            c = cells[t]
            if free[c]:
                return base + c
        elif kind == _TO_VINE:
            if sum(self.vine[t]) < self.board.vineyards[t].capacity and self.prev_start.get(w) != VINE + t:
                return base + w * 4 + t
        elif kind == _RIVER:
            if self.blue[t] < 0:
                return base + w * 4 + t
        elif kind == _FROM_VINE:
            c = cells[t]
            if free[c] and c != self.prev_start.get(w, GONE):
                return base + w * 64 + c
        elif kind == _JUMP:
            c = cells[t]
            if free[c] and c != self.loc[w] and c != self.prev_start.get(w, GONE):
                return base + w * 64 + c
        elif kind == _WORK and self.works[t] < 0:
            return base + t
        return -1

    def _all_candidates(self) -> list[int]:
        """Every candidate of every block in order, -1 for those not legal (for the tests)."""
        ends, blocks = self._blocks()
        return [self._candidate(blk, i) for k, blk in enumerate(blocks) for i in range(ends[k + 1] - ends[k])]

    # ------------------------------------------------------------------ acting
    def apply_action(self, action: int) -> None:
        """Play ``action`` for the current player.

        Raises:
            IllegalActionError: with a readable reason; the state is unchanged.
        """
        if action == self._checked and type(action) is int:  # drawn by sample_action
            self._apply(action)
            return
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if type(action) is not int or action not in legal:
            raise self.why_illegal(action)
        self._apply(action)

    def action_cost(self, action: int) -> int:
        """The AP ``action`` costs now (0 for END_TURN)."""
        return A.cost(self.game, self.loc, action)

    def why_illegal(self, action: Any) -> IllegalActionError:
        """The error explaining why ``action`` is not legal now (used by apply_action)."""
        from .explain import why_illegal
        return why_illegal(self, action)

    def _log(self, key: str, args: dict[str, Any], private: dict[int, dict[str, Any]] | None = None) -> None:
        if self.events is not None:
            self.events.append(Event(key, args, private))

    def _move_worker(self, w: int, dest: int) -> int:
        """Move ``w`` to ``dest`` (a cell, VINE+v or BLUE+b); A-R2/A-R14 bookkeeping."""
        src = self.loc[w]
        o = w // _W
        town = self.board.is_town
        fr = self._free
        from_canal = 0 <= src < VINE
        if from_canal:
            if not town[src]:
                self.occ[src] = -1
                if fr is not None:
                    fr[src] = not self.closed[src]  # a closed cell stays closed (A-R4)
        elif VINE <= src < BLUE:
            self.vine[src - VINE][o] -= 1
        if 0 <= dest < VINE:
            if not town[dest]:
                self.occ[dest] = w
                if fr is not None:
                    fr[dest] = False
        elif VINE <= dest < BLUE:
            self.vine[dest - VINE][o] += 1
        else:
            self.blue[dest - BLUE] = w
        self.loc[w] = dest
        self.moved.add(w)
        self.turn_start[w] = src  # its first move this turn: a worker moves once a turn (A-R2)
        where = self._where
        if where is not None and not (from_canal and dest < VINE):  # along the canal: still on it
            if from_canal:
                where[0].remove(w)
            elif VINE <= src < BLUE:
                where[1].remove(w)
            if dest < VINE:
                insort(where[0], w)
            elif dest < BLUE:
                insort(where[1], w)
        mov = self._movable_cache
        if mov is not None:  # moved once: it may not move again this turn (A-R2)
            canal, own_canal, vine, own_vine = mov  # it was among them, as it could move
            ws, own = (canal, own_canal) if from_canal else (vine, own_vine)
            ws.remove(w)
            if o == self.to_move:
                own.remove(w)
        return src

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

    def _apply(self, action: int) -> None:
        """Apply a legal action (no check). The action int's range says its kind
        (:mod:`.actions`); a card is the effect it has, paid for at the card's cost."""
        g = self.game
        cost = g.costs
        self._legal = None
        self._checked = None
        self.history.append(action)
        if action == A.END_TURN:
            self._end_turn()
            return
        if action == A.DRAW:
            self._draw(cost.draw)
        elif action < A.PLACE:
            w, c = divmod(action - A.MOVE, 64)
            self._move(w, c, abs(c - self.loc[w]) * cost.move_cell, None)
        elif action < A.LOCK:
            self._place(action - A.PLACE, cost.place)
        elif action < A.TO_VINE:
            self._build_lock(action - A.LOCK, cost.lock, None)
        elif action < A.RIVER:
            w, v = divmod(action - A.TO_VINE, 4)
            self._to_vineyard(w, v, cost.to_vineyard, None)
        elif action < A.FROM_VINE:
            w, i = divmod(action - A.RIVER, 4)
            self._river_work(w, i, cost.river_work)
        elif action < A.CARD:
            w, c = divmod(action - A.FROM_VINE, 64)
            self._from_vineyard(w, c, cost.from_vineyard, None)
        else:
            k, t = divmod(action - A.CARD, A.CARD_SPAN)
            p = self.to_move
            self.hand[p][k] -= 1
            self.discard[k] += 1
            if not self.hand[p][k] and self._held_cache is not None:  # the last card of its kind
                self._held_cache[p] = None
            card = g.card_ids[k]
            eff = g.effects[k]
            if eff == "move":  # A-R16: the card's cells are free, each further one costs
                w, c = divmod(t, 64)
                extra = max(0, abs(c - self.loc[w]) - g.card_value[k]) * cost.move_cell
                self._move(w, c, cost.play_card + extra, card)
            elif eff == "jump":
                w, c = divmod(t, 64)
                self._move(w, c, cost.play_card, card)
            elif eff == "lock":
                self._build_lock(t, cost.play_card, card)
            elif eff == "engineering_work":
                self._engineering_work(t, card, cost.play_card)
            elif eff == "to_vineyard":
                w, v = divmod(t, 4)
                self._to_vineyard(w, v, cost.play_card, card)
            else:  # to_canal
                w, c = divmod(t, 64)
                self._from_vineyard(w, c, cost.play_card, card)
        if self.phase is END:
            return
        if self.ap <= 0:
            self._end_turn()  # A-R17

    def _draw(self, cost: int) -> None:
        p = self.to_move
        self.ap -= cost
        k = self.deck.pop()
        self.hand[p][k] += 1
        if self.hand[p][k] == 1 and self._held_cache is not None:  # a kind the player did not hold
            self._held_cache[p] = None
        if self.events is not None:
            self._log("arriala.draw", {"player": p, "cost": cost, "deck": len(self.deck)},
                      {p: {"card": self.game.card_ids[k]}})

    def _move(self, w: int, c: int, cost: int, card: str | None) -> None:
        """A move along the canal, by AP or by a move or jump card (A-R1)."""
        self.ap -= cost
        src = self._move_worker(w, c)
        if self.events is not None:
            self._log("arriala.move", {"player": self.to_move, "worker": w, "owner": w // _W,
                                       "from": self.board.cell_id(src), "to": self.board.cell_id(c),
                                       "cells": abs(c - src), "cost": cost, "card": card, "ruling": "A-R1"})
        if not self.board.is_town[c]:
            self._filled(c)

    def _place(self, c: int, cost: int) -> None:
        p = self.to_move
        self.ap -= cost
        w = self.loc.index(RESERVE, p * _W, p * _W + _W)
        self.loc[w] = c
        if not self.board.is_town[c]:
            self.occ[c] = w
            if self._free is not None:
                self._free[c] = False
        if self._where is not None:
            insort(self._where[0], w)
            self._where[2][p] -= 1
        mov = self._movable_cache
        if mov is not None:  # placing is not a move: the new worker may move this turn (A-R14)
            insort(mov[0], w)  # in worker order, as listed afresh
            insort(mov[1], w)
        if self.events is not None:
            self._log("arriala.place", {"player": p, "worker": w, "to": self.board.cell_id(c), "cost": cost})
        if not self.board.is_town[c]:
            self._filled(c)

    def _build_lock(self, c: int, cost: int, card: str | None) -> None:
        p = self.to_move
        self.ap -= cost
        self.lock[c] = True
        if self._free is not None:
            self._free[c] = False
        self.locks_left -= 1
        k = self.board.stretch_of[c]
        self.stretch_locks[k] += 1
        self._sections = None
        st = self.board.stretches[k]
        full = self.stretch_locks[k] >= st.lock_max  # A-R5: no further lock on this stretch
        self._drop_targets(c, c, (st.first, st.last) if full else (c, c))
        item = ScoreItem("lock", self.board.cell_id(c), self.game.points.lock)
        self._gain(p, item)
        if self.events is not None:
            self._log("arriala.lock", {"player": p, "cell": self.board.cell_id(c), "points": item.points,
                                       "cost": cost, "card": card, "locks_left": self.locks_left,
                                       "ruling": "A-R5"})
        self._score_sections()  # a lock splits a section: either part may be full, or none left

    def _to_vineyard(self, w: int, v: int, cost: int, card: str | None) -> None:
        self.ap -= cost
        src = self._move_worker(w, VINE + v)
        if self.events is not None:
            self._log("arriala.to_vineyard", {"player": self.to_move, "worker": w, "owner": w // _W,
                                              "from": self.board.cell_id(src),
                                              "vineyard": self.board.vineyards[v].id, "cost": cost, "card": card})

    def _from_vineyard(self, w: int, c: int, cost: int, card: str | None) -> None:
        self.ap -= cost
        src = self._move_worker(w, c)
        if self.events is not None:
            self._log("arriala.from_vineyard", {"player": self.to_move, "worker": w, "owner": w // _W,
                                                "vineyard": self.board.vineyards[src - VINE].id,
                                                "to": self.board.cell_id(c), "cost": cost, "card": card})
        if not self.board.is_town[c]:
            self._filled(c)

    def _river_work(self, w: int, i: int, cost: int) -> None:
        p = self.to_move
        self.ap -= cost
        src = self._move_worker(w, BLUE + i)
        spot = self.board.blue[i]
        item = ScoreItem("river_work", spot.id, self.game.points.river_work, (("kind", spot.kind),))
        self._gain(p, item)
        if self.events is not None:
            self._log("arriala.river_work", {"player": p, "worker": w, "from": self.board.cell_id(src),
                                             "blue": spot.id, "kind": spot.kind, "points": item.points,
                                             "cost": cost})

    def _engineering_work(self, e: int, card: str, cost: int) -> None:
        p = self.to_move
        self.ap -= cost
        self.works[e] = p
        spot = self.board.works[e]
        item = ScoreItem("engineering_work", spot.id, self.game.points.engineering_work)
        self._gain(p, item)
        if self.events is not None:
            self._log("arriala.engineering_work", {"player": p, "work": spot.id, "points": item.points,
                                                   "card": card, "ruling": "A-R7"})

    def _filled(self, c: int) -> None:
        """A worker has just come onto the plain cell ``c``: A-R6, its section scores at once if
        that filled it (no other section can have changed)."""
        if self._sections is None:
            self.sections()
        a, z = self._spans[c]  # type: ignore[misc]  # a plain cell that is no lock is in a section
        if -1 in self.occ[a: z + 1]:
            return
        self._score_section(a, z)
        if not any(not self.closed[x] for x, _ in self._sections):  # type: ignore[union-attr]
            self._finish(Termination.LAST_SECTION)  # A-R15

    def _score_sections(self) -> None:
        """A-R6: score every complete open section, in canal order; A-R15: the game ends
        when no open section is left."""
        occ, closed = self.occ, self.closed
        any_open = False
        for a, z in self.sections():
            if closed[a]:
                continue
            if -1 in occ[a: z + 1]:
                any_open = True
                continue
            self._score_section(a, z)
        if not any_open:
            self._finish(Termination.LAST_SECTION)

    def _score_section(self, a: int, z: int) -> None:
        """A-R6: the full open section ``a…z`` scores for its majority, and closes (A-R4)."""
        occ, closed = self.occ, self.closed
        g = self.game
        counts = [0] * g.owners
        for c in range(a, z + 1):
            counts[occ[c] // _W] += 1
        size = z - a + 1
        winner, tie = majority(counts)
        points = g.table[size] if winner is not None else 0
        place = f"{self.board.cell_id(a)}…{self.board.cell_id(z)}"
        if winner is not None:
            self._gain(winner, ScoreItem("section", place, points,
                                         (("workers", size), ("counts", tuple(counts)), ("tie", tie))))
        for c in range(a, z + 1):
            closed[c] = True  # A-R4 (its cells were all taken: none was free)
        self._drop_targets(a, z, (a, z))
        self.scored_round = True
        self.quiet = 0
        if self.events is not None:
            self._log("arriala.section_scored", {
                "player": self.to_move, "first": self.board.cell_id(a), "last": self.board.cell_id(z),
                "workers": size, "counts": counts, "winner": winner, "points": points, "tie": tie,
                "ruling": "A-R6"})

    def _end_turn(self) -> None:
        g = self.game
        if self.events is not None:
            self._log("arriala.turn_end", {"player": self.to_move, "ap_left": self.ap})
        self.prev_start = self.turn_start  # A-R3: what the next player may not undo
        self.turn_start = {}
        self.moved = set()
        self._movable_cache = None
        self.turns += 1
        self.to_move = (self.to_move + 1) % g.players
        self.ap = g.rules.action_points
        self._legal = None
        if self.to_move == self.first:  # A-R17: a round is over
            if not self.scored_round:
                self.quiet += 1
            self.scored_round = False
            if self.events is not None:
                self._log("arriala.round_end", {"round": self.round, "quiet": self.quiet})
            if self.quiet >= g.rules.stall_quiet_rounds and not self.deck:
                self._finish(Termination.STALLED_QUIET)  # A-R10
                return
            if self.round >= g.rules.stall_max_rounds:
                self._finish(Termination.STALLED_ROUNDS)  # A-R10
                return
            self.round += 1
        if self.events is not None:
            self._log("arriala.turn_start", {"player": self.to_move, "round": self.round, "ap": self.ap})

    def _finish(self, reason: Termination) -> None:
        """End of the game: vineyards score, then the ranking (A-R18)."""
        g = self.game
        self.phase = END
        self.termination = reason
        self._legal = None
        if reason != Termination.LAST_SECTION and self.events is not None:
            self._log("arriala.stalled", {"reason": reason, "round": self.round, "ruling": "A-R10"})
        for v, spot in enumerate(self.board.vineyards):
            counts = list(self.vine[v])
            winner, tie = majority(counts)
            if winner is not None:
                self._gain(winner, ScoreItem("vineyard", spot.id, spot.capacity,
                                             (("counts", tuple(counts)), ("tie", tie))))
            if self.events is not None:
                self._log("arriala.vineyard_scored", {"vineyard": spot.id, "counts": counts, "winner": winner,
                                                      "points": spot.capacity if winner is not None else 0,
                                                      "tie": tie})
        canal = [self.canal_workers(o) for o in range(g.owners)]
        self.winners, self.ranking = rank(self.points, canal, g.players)
        if self.events is not None:
            self._log("arriala.game_end", {"reason": reason, "scores": list(self.points), "canal": canal,
                                           "winners": list(self.winners), "ranking": self.ranking,
                                           "ruling": "A-R18" if self.ranking != Ranking.POINTS else None})

    # ------------------------------------------------------------------ views
    def outcome(self) -> Outcome | None:
        """How the game ended, who won and the final points (``None`` while it goes on)."""
        if self.phase != END:
            return None
        assert self.termination is not None and self.ranking is not None
        return Outcome(self.termination, tuple(self.winners or ()), tuple(self.points), self.ranking)

    def totals(self) -> list[int]:
        """Every owner's points so far (with two players, the virtual player is third)."""
        return list(self.points)

    def score_sheet(self) -> ScoreSheet:
        """Every owner's points line by line (the total equals the sum of its lines)."""
        from .sheet import score_sheet
        return score_sheet(self)

    def observation(self, player: int) -> ArrialaObservation:
        """What ``player`` may know (A-R11)."""
        from .observation import observe
        return observe(self, player)

    def to_dict(self) -> dict[str, Any]:
        """The position as plain data (see :mod:`.position`)."""
        from .position import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, game: ArrialaGame | None = None, seed: int = 0) -> ArrialaState:
        """Build a legal position from plain data (see :mod:`.position`); raises
        :class:`~canal_heritage.core.errors.PositionError` naming the problem otherwise."""
        from .position import state_from_dict

        return state_from_dict(data, game=game, seed=seed)

    def __repr__(self) -> str:
        if self.phase == END:
            return f"<ArrialaState over ({self.termination}) scores={self.points}>"
        return f"<ArrialaState round {self.round} player {self.to_move} ap {self.ap} scores={self.points}>"
