"""The Arriala rules engine: an :class:`ArrialaGame` describes, an :class:`ArrialaState` evolves.

Players take turns of 5 action points (AP). At each decision ``current_player()`` names
who acts and ``legal_actions()`` lists the action ints (:mod:`.actions`) they may play,
each within their remaining AP; ``END_TURN`` is always among them. A turn also ends by
itself when no AP is left (A-R17).

After every action the engine scores each complete section in canal order (A-R6),
closes it (A-R4), and ends the game at once when no open section remains (A-R15); then
vineyards score. A stalled game ends by A-R10, announced in the log.

Chance (the shuffle, the first player) comes from the state's own seeded generator, so a
game is its seed plus its decisions (A-R12).

Owners are seats ``0..n-1``; with two players the virtual player is owner ``2`` (A-R8).
Worker ``w`` belongs to owner ``w // 5``. A worker's place is :data:`RESERVE`, a cell
index, :data:`VINE` ``+ v`` (vineyard ``v`` in play) or :data:`BLUE` ``+ b``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Self

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
        self.deck_counts: tuple[int, ...] = tuple(counts)
        self.card_ids: tuple[str, ...] = tuple(c.id for c in self.card_kinds)
        self.effects: tuple[str, ...] = tuple(c.effect for c in self.card_kinds)
        self.card_value: tuple[int, ...] = tuple(c.value for c in self.card_kinds)
        self.card_any: tuple[bool, ...] = tuple(c.any_worker for c in self.card_kinds)
        self.costs = r.costs
        self.points = r.points
        self.workers = _W * self.owners

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
        "game", "board", "n", "rng", "seed", "deck", "hand", "discard", "loc", "occ", "lock", "closed",
        "locks_left", "stretch_locks", "vine", "blue", "works", "points", "items", "to_move", "ap",
        "moved", "turn_start", "prev_start", "round", "first", "quiet", "scored_round", "phase",
        "termination", "events", "history", "_legal", "_sections", "winners", "ranking", "dealt", "turns",
    )

    game: ArrialaGame
    board: Board
    n: int  #: players (the virtual player not counted)
    rng: random.Random  #: the state's own chance (A-R12)
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
        s.rng = random.Random(0)
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

    def hand_list(self, p: int) -> list[str]:
        """Seat ``p``'s hand as card-kind ids, sorted."""
        ids = self.game.card_ids
        return [ids[k] for k, c in enumerate(self.hand[p]) for _ in range(c)]

    def log(self, player: int | None = None) -> list[Event]:
        """The event log as ``player`` sees it (``None``: everything, private parts included)."""
        if self.events is None:
            return []
        return [e.seen_by(player) for e in self.events]

    def clone(self, *, log: bool | None = None) -> Self:
        """An independent copy (``log=False`` drops the event log, for search)."""
        s = type(self).__new__(type(self))
        s.game = self.game
        s.board = self.board
        s.n = self.n
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
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
        s.rng = rng = random.Random(seed)
        deck = [k for k, c in enumerate(game.deck_counts) for _ in range(c)]
        rng.shuffle(deck)
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
        return None if self.phase == END else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == END

    def free(self, c: int) -> bool:
        """A-R1/A-R4: a move or placement may end on ``c``."""
        return self.board.is_town[c] or (self.occ[c] < 0 and not self.lock[c] and not self.closed[c])

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
            self._sections = sec
        return sec

    def open_sections(self) -> list[tuple[int, int]]:
        return [s for s in self.sections() if not self.closed[s[0]]]

    def section_of(self, c: int) -> tuple[int, int] | None:
        for a, z in self.sections():
            if a <= c <= z:
                return a, z
        return None

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
        if self.phase == END:
            return []
        g = self.game
        cost = g.costs
        p = self.to_move
        ap = self.ap
        b = self.board
        size = b.size
        loc = self.loc
        moved = self.moved
        prev = self.prev_start
        town, occ, lock, closed = b.is_town, self.occ, self.lock, self.closed
        # A-R1/A-R4: where a move or placement may end
        free = [town[c] or (occ[c] < 0 and not lock[c] and not closed[c]) for c in range(size)]
        free_cells = [c for c in range(size) if free[c]]
        out = [A.END_TURN]
        lo_own = p * _W
        hi_own = lo_own + _W
        on_canal = [w for w in range(g.workers) if 0 <= loc[w] < VINE and w not in moved]
        in_vine = [w for w in range(g.workers) if VINE <= loc[w] < BLUE and w not in moved]
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
            for w in on_canal:
                if lo_own <= w < hi_own:
                    out.extend(A.to_vine(w, v) for v in vine_free if prev.get(w) != VINE + v)
        if ap >= cost.place and any(loc[w] == RESERVE for w in range(lo_own, hi_own)):
            out.extend(A.PLACE + c for c in free_cells)
        if ap >= cost.river_work:
            blues = [i for i, x in enumerate(self.blue) if x < 0]
            if blues:
                for w in on_canal:
                    if lo_own <= w < hi_own:
                        out.extend(A.river(w, i) for i in blues)
        if ap >= cost.from_vineyard:
            for w in in_vine:
                if lo_own <= w < hi_own:
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
                    for w in on_canal:
                        if lo_own <= w < hi_own:
                            f = prev.get(w, GONE)
                            c0 = loc[w]
                            out.extend(base + w * 64 + c for c in free_cells if c != c0 and c != f)
                elif eff == "lock":
                    out.extend(base + c for c in lock_cells)
                elif eff == "engineering_work":
                    if self.is_last(p):
                        out.extend(base + e for e, x in enumerate(self.works) if x < 0)
                elif eff == "to_vineyard":
                    for w in on_canal:
                        if anyw or lo_own <= w < hi_own:
                            out.extend(base + w * 4 + v for v in vine_free if prev.get(w) != VINE + v)
                elif eff == "to_canal":
                    for w in in_vine:
                        if anyw or lo_own <= w < hi_own:
                            f = prev.get(w, GONE)
                            out.extend(base + w * 64 + c for c in free_cells if c != f)
        return out

    def _lock_cells(self) -> list[int]:
        """A-R4/A-R5: free plain cells of open sections, within the stretch maximum."""
        b = self.board
        out = []
        for c in range(b.size):
            if b.is_town[c] or self.lock[c] or self.closed[c] or self.occ[c] >= 0:
                continue
            st = b.stretch_of[c]
            if self.stretch_locks[st] < b.stretches[st].lock_max:
                out.append(c)
        return out

    # ------------------------------------------------------------------ acting
    def apply_action(self, action: int) -> None:
        """Play ``action`` for the current player.

        Raises:
            IllegalActionError: with a readable reason; the state is unchanged.
        """
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
        if 0 <= src < VINE:
            if not self.board.is_town[src]:
                self.occ[src] = -1
        elif VINE <= src < BLUE:
            self.vine[src - VINE][o] -= 1
        if 0 <= dest < VINE:
            if not self.board.is_town[dest]:
                self.occ[dest] = w
        elif VINE <= dest < BLUE:
            self.vine[dest - VINE][o] += 1
        elif dest >= BLUE:
            self.blue[dest - BLUE] = w
        self.loc[w] = dest
        self.moved.add(w)
        self.turn_start.setdefault(w, src)
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
        """Apply a legal action (no check)."""
        g = self.game
        self._legal = None
        self.history.append(action)
        p = self.to_move
        cost = self.action_cost(action)
        d = A.decode(action, g.effects)
        self.ap -= cost
        logging = self.events is not None
        kind = d.kind
        if kind == "end_turn":
            self._end_turn()
            return
        card = None
        if kind == "card":
            k = d.card
            card = g.card_ids[k]
            self.hand[p][k] -= 1
            self.discard[k] += 1
            kind = {"move": "move", "jump": "move", "lock": "lock", "engineering_work": "engineering_work",
                    "to_vineyard": "to_vineyard", "to_canal": "from_vineyard"}[g.effects[k]]
        if kind == "draw":
            k = self.deck.pop()
            self.hand[p][k] += 1
            if logging:
                self._log("arriala.draw", {"player": p, "cost": cost, "deck": len(self.deck)},
                          {p: {"card": g.card_ids[k]}})
        elif kind == "move":
            src = self._move_worker(d.worker, d.cell)
            if logging:
                self._log("arriala.move", {"player": p, "worker": d.worker, "owner": d.worker // _W,
                                           "from": self.board.cell_id(src), "to": self.board.cell_id(d.cell),
                                           "cells": abs(d.cell - src), "cost": cost, "card": card,
                                           "ruling": "A-R1"})
        elif kind == "place":
            w = next(x for x in range(p * _W, p * _W + _W) if self.loc[x] == RESERVE)
            self.loc[w] = d.cell
            if not self.board.is_town[d.cell]:
                self.occ[d.cell] = w
            if logging:
                self._log("arriala.place", {"player": p, "worker": w, "to": self.board.cell_id(d.cell), "cost": cost})
        elif kind == "lock":
            c = d.cell
            self.lock[c] = True
            self.locks_left -= 1
            self.stretch_locks[self.board.stretch_of[c]] += 1
            self._sections = None
            item = ScoreItem("lock", self.board.cell_id(c), g.points.lock)
            self._gain(p, item)
            if logging:
                self._log("arriala.lock", {"player": p, "cell": self.board.cell_id(c), "points": item.points,
                                           "cost": cost, "card": card, "locks_left": self.locks_left,
                                           "ruling": "A-R5"})
        elif kind == "to_vineyard":
            src = self._move_worker(d.worker, VINE + d.vineyard)
            if logging:
                self._log("arriala.to_vineyard", {"player": p, "worker": d.worker, "owner": d.worker // _W,
                                                  "from": self.board.cell_id(src),
                                                  "vineyard": self.board.vineyards[d.vineyard].id,
                                                  "cost": cost, "card": card})
        elif kind == "from_vineyard":
            src = self._move_worker(d.worker, d.cell)
            if logging:
                self._log("arriala.from_vineyard", {"player": p, "worker": d.worker, "owner": d.worker // _W,
                                                    "vineyard": self.board.vineyards[src - VINE].id,
                                                    "to": self.board.cell_id(d.cell), "cost": cost, "card": card})
        elif kind == "river_work":
            src = self._move_worker(d.worker, BLUE + d.blue)
            spot = self.board.blue[d.blue]
            item = ScoreItem("river_work", spot.id, g.points.river_work, (("kind", spot.kind),))
            self._gain(p, item)
            if logging:
                self._log("arriala.river_work", {"player": p, "worker": d.worker, "from": self.board.cell_id(src),
                                                 "blue": spot.id, "kind": spot.kind, "points": item.points,
                                                 "cost": cost})
        elif kind == "engineering_work":
            self.works[d.work] = p
            spot = self.board.works[d.work]
            item = ScoreItem("engineering_work", spot.id, g.points.engineering_work)
            self._gain(p, item)
            if logging:
                self._log("arriala.engineering_work", {"player": p, "work": spot.id, "points": item.points,
                                                       "card": card, "ruling": "A-R7"})
        self._score_sections()  # A-R6
        if self.phase == END:
            return
        if self.ap <= 0:
            self._end_turn()  # A-R17

    def _score_sections(self) -> None:
        """A-R6: score every complete open section, in canal order; A-R15: the game ends
        when no open section is left."""
        occ, closed = self.occ, self.closed
        g = self.game
        any_open = False
        for a, z in self.sections():
            if closed[a]:
                continue
            if any(occ[c] < 0 for c in range(a, z + 1)):
                any_open = True
                continue
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
                closed[c] = True  # A-R4
            self.scored_round = True
            self.quiet = 0
            if self.events is not None:
                self._log("arriala.section_scored", {
                    "player": self.to_move, "first": self.board.cell_id(a), "last": self.board.cell_id(z),
                    "workers": size, "counts": counts, "winner": winner, "points": points, "tie": tie,
                    "ruling": "A-R6"})
        if not any_open:
            self._finish(Termination.LAST_SECTION)

    def _end_turn(self) -> None:
        g = self.game
        if self.events is not None:
            self._log("arriala.turn_end", {"player": self.to_move, "ap_left": self.ap})
        self.prev_start = self.turn_start  # A-R3: what the next player may not undo
        self.turn_start = {}
        self.moved = set()
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
