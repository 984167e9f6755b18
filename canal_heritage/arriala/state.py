"""The Arriala rules engine: an :class:`ArrialaGame` describes, an :class:`ArrialaState` evolves.

Players take turns of 5 action points (AP). At each decision ``current_player()`` names
who acts and ``legal_actions()`` lists the action ints (:mod:`.actions`) they may play,
each within their remaining AP; ``END_TURN`` is always among them. A turn also ends by
itself when no AP is left (A-R17), unless the table holds it for its player (T-R2,
:meth:`ArrialaState.hold_last_action`).

After every action the engine scores each complete section in canal order (A-R6),
closes it (A-R4), and ends the game at once when no open section remains (A-R15); then
vineyards score. A stalled game ends by A-R10, announced in the log.

Chance (the shuffle, the first player) comes from a generator seeded with the game's seed and
used once, at set-up: after it the deck's order is all the chance there is, so a game is its
seed plus its decisions (A-R12).

This module is the engine's face; the parts it stands on, from the bottom: :mod:`.rules`
(place codes, phases, editions, the game's description), :mod:`.table` (a position's fields
and the facts read from them), :mod:`.moves` (the legal actions), :mod:`.sampling` (one
drawn at random), :mod:`.sections` (scoring sections, the end of the game), and the views
:mod:`.explain`, :mod:`.sheet`, :mod:`.knowledge` and :mod:`.position_format`.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any

from ..core.chance import shuffle
from ..core.errors import IllegalActionError
from ..core.game import Outcome, Termination, check_seat
from . import actions as A
from .explain import why_illegal
from .knowledge import ArrialaObservation, observe
from .moves import generate
from .position_format import bad_game, fill_position, position_game, state_to_dict
from .rules import BLUE, EDITION, EDITIONS, END, GONE, PLAY, RESERVE, VINE, ArrialaRules, Phase
from .sampling import drop_targets, sample_action
from .scoring import ScoreItem
from .sections import filled, finish, score_sections
from .sheet import ScoreSheet, score_sheet
from .table import ArrialaPosition

__all__ = ["BLUE", "EDITION", "EDITIONS", "END", "GONE", "PLAY", "RESERVE", "VINE", "ArrialaGame", "ArrialaPosition",
           "ArrialaRules", "ArrialaState", "Phase", "make_game"]

_W = A.W


class ArrialaGame(ArrialaRules):
    """The description of an Arriala game (:class:`~.rules.ArrialaRules`: player count, board,
    deck and rules numbers), and where its games begin (:meth:`new_initial_state`). Its
    arguments are :class:`~.rules.ArrialaRules`'s."""

    def new_initial_state(self, seed: int = 0, *, first: int | None = None, log: bool = True) -> ArrialaState:
        """Set up a game from ``seed``.

        Args:
            seed: drives the shuffle and, if ``first`` is None, the first player (A-R9, A-R12).
            first: the first player's seat (the app asks the table, A-R9).
            log: keep the event log (views and observations need it; search copies do not).
        """
        return ArrialaState.new(self, seed, first=first, log=log)


def make_game(players: int, overrides: dict[str, Any]) -> ArrialaGame:
    """``ArrialaGame(players, **overrides)``; a bad override raises ``ValueError`` naming it.
    ``edition`` None is the current edition (A-R19)."""
    given = {k: v for k, v in overrides.items() if v is not None}
    return ArrialaGame(players, cells=given.get("cells"), lock_max=given.get("lock_max"), table=given.get("table"),
                       deck=given.get("deck"), edition=given.get("edition", EDITION))


class ArrialaState(ArrialaPosition):
    """A position of an Arriala game, and how it evolves.

    Use :meth:`legal_actions`, :meth:`apply_action`, :meth:`current_player`; read what a
    player may know with :meth:`observation`, the score with :meth:`score_sheet` and the end
    with :meth:`outcome`. What it holds is listed on :class:`~.table.ArrialaPosition`.
    """

    __slots__ = ()

    game: ArrialaGame

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

    # ------------------------------------------------------------------ choosing
    def legal_actions(self) -> list[int]:
        """Every action the current player may take (empty when the game is over).

        Computed once per decision (:mod:`.moves`); each call returns a fresh list.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = generate(self)
        return legal[:]

    def sample_action(self, rng: random.Random) -> int:
        """One legal action drawn at random, each with the same chance: the distribution of
        ``rng.choice(state.legal_actions())``, without listing them all (random playouts;
        how: :func:`.sampling.sample_action`). :meth:`apply_action` then accepts it without
        listing.

        Raises:
            ValueError: the game is over.
        """
        return sample_action(self, rng)

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
            legal = self._legal = generate(self)
        if type(action) is not int or action not in legal:
            raise self.why_illegal(action)
        self._apply(action)

    def action_cost(self, action: int) -> int:
        """The AP ``action`` costs now (0 for END_TURN)."""
        return A.cost(self.game, self.loc, action)

    def why_illegal(self, action: Any) -> IllegalActionError:
        """The error explaining why ``action`` is not legal now (used by apply_action)."""
        return why_illegal(self, action)

    def hold_last_action(self, action: int) -> ArrialaState:
        """A copy with ``action`` played that keeps the turn if it spends the last AP (T-R2).

        A-R17 ends a turn when no AP is left; at a table the player who spends their last AP
        sees the result and ends the turn themselves, and may take the action back until
        then (T-R2). On the copy, when ``action`` leaves no AP and does not end the game,
        :attr:`turn_held` is true and the turn has not passed: its only legal action is
        ``END_TURN``, and playing it ends the turn as the engine would have (it is not a
        decision of its own: the history holds ``action`` alone, as on this state after
        ``apply_action(action)``). Otherwise the copy is this state after ``action``.
        This state is not changed.

        Raises:
            IllegalActionError: ``action`` is not legal now (this state is unchanged).
        """
        held = self.clone()
        if action != A.END_TURN:
            held.turn_held = True  # read by _apply: with no AP left, the turn waits for its player
        held.apply_action(action)
        held.turn_held = held.turn_held and held.ap <= 0 and held.phase is not END
        return held

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

    def _apply(self, action: int) -> None:
        """Apply a legal action (no check). The action int's range says its kind
        (:mod:`.actions`); a card is the effect it has, paid for at the card's cost."""
        g = self.game
        cost = g.costs
        self._legal = None
        self._checked = None
        if action == A.END_TURN:
            if self.turn_held:  # T-R2: the end of turn A-R17 made, held back: no decision of its own
                self.turn_held = False
            else:
                self.history.append(action)
            self._end_turn()
            return
        self.history.append(action)
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
            if self.turn_held:  # T-R2: the player ends it (hold_last_action)
                return
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
            filled(self, c)

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
            filled(self, c)

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
        drop_targets(self, c, c, (st.first, st.last) if full else (c, c))
        item = ScoreItem("lock", self.board.cell_id(c), self.game.points.lock)
        self._gain(p, item)
        if self.events is not None:
            self._log("arriala.lock", {"player": p, "cell": self.board.cell_id(c), "points": item.points,
                                       "cost": cost, "card": card, "locks_left": self.locks_left,
                                       "ruling": "A-R5"})
        score_sections(self)  # a lock splits a section: either part may be full, or none left

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
            filled(self, c)

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
                finish(self, Termination.STALLED_QUIET)  # A-R10
                return
            if self.round >= g.rules.stall_max_rounds:
                finish(self, Termination.STALLED_ROUNDS)  # A-R10
                return
            self.round += 1
        if self.events is not None:
            self._log("arriala.turn_start", {"player": self.to_move, "round": self.round, "ap": self.ap})

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
        return score_sheet(self)

    def observation(self, player: int) -> ArrialaObservation[ArrialaGame]:
        """What ``player`` may know (A-R11)."""
        return observe(self, player, self.game)

    def to_dict(self) -> dict[str, Any]:
        """The position as plain data (see :mod:`.position`)."""
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, game: ArrialaGame | None = None, seed: int = 0,
                  log: bool = True) -> ArrialaState:
        """Build a legal position from plain data (see :mod:`.position`); raises
        :class:`~canal_heritage.core.errors.PositionError` naming the problem otherwise.

        ``seed`` is not used (the rules draw no chance after set-up); ``log`` starts an event
        log with an ``arriala.position`` event (hands private)."""
        players, overrides = position_game(data, game)
        if game is None:
            try:
                game = make_game(players, overrides)
            except ValueError as exc:
                raise bad_game(exc) from None
        s = cls.blank(game)
        fill_position(s, data, log=log)
        return s

    def __repr__(self) -> str:
        if self.phase == END:
            return f"<ArrialaState over ({self.termination}) scores={self.points}>"
        return f"<ArrialaState round {self.round} player {self.to_move} ap {self.ap} scores={self.points}>"
