"""The Canal du Midi rules engine: a :class:`MidiGame` describes, a :class:`MidiState` evolves.

One round (``docs/rules/canal-du-midi.md``) runs as phases; at each decision point
``current_player()`` names who decides and ``legal_actions()`` lists the action ints
(:mod:`.actions`) they may play:

====================  =========================================================
phase                 who decides, in turn order from the lead (M-R3)
====================  =========================================================
``DRAW``              players with fewer than 3 cards in hand (step B, M-R2)
``BET``               everyone, face down (step C; bets stay hidden until all are in)
``REINFORCE_START``   coin holders, until one starts reinforcements (step E, M-R4)
``REINFORCE_JOIN``    every other coin holder, clockwise from the starter (M-R4)
``TRADE``             winners of a second tent site (step G, M-R7)
``END``               nobody: the game is over, :meth:`MidiState.score_sheet` is final
====================  =========================================================

Chance (shuffles, face-down draws, reinforcement draws, random hand trades) comes from the
state's own seeded generator, so a game is its seed plus its decisions (M-R10).

This module is the engine's face; the parts it stands on, from the bottom: :mod:`.rules`
(site statuses, phases, the game's description), :mod:`.table` (a position's fields),
:mod:`.moves` (the legal actions), and :mod:`.explain`, :mod:`.scoring`,
:mod:`.observation` and :mod:`.position_format` built on them.

Cards are ids ``colour * 9 + k``; ``game.card_value[id]`` is the value. Players are seat
indices ``0..n-1``; seat ``i`` plays engineer ``i`` of ``data/midi/engineers.json``.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.chance import shuffle
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.game import Outcome, Termination, check_seat
from . import actions as A
from .explain import why_illegal
from .moves import generate, trade_options
from .observation import Observation, observe
from .position_format import fill_position, position_game, state_to_dict
from .rules import (
    BET,
    BUILT,
    DELAYED,
    DRAW,
    END,
    HIDDEN,
    IN_PLAY,
    RJOIN,
    RSTART,
    TRADE,
    MidiRules,
    Phase,
    SiteStatus,
)
from .scoring import ScoreSheet, fast_totals, score_state
from .table import MidiPosition

__all__ = ["BUILT", "DELAYED", "HIDDEN", "IN_PLAY", "MidiGame", "MidiPosition", "MidiRules", "MidiState", "Phase",
           "SiteStatus"]


class MidiGame(MidiRules):
    """The description of a Canal du Midi game (:class:`~.rules.MidiRules`: player count, sites,
    cards, rules numbers), and where its games begin (:meth:`new_initial_state`). Its
    arguments are :class:`~.rules.MidiRules`'s."""

    def new_initial_state(self, seed: int = 0, *, first: int | None = None, log: bool = True,
                          rng: random.Random | None = None) -> MidiState:
        """Deal a new game from ``seed`` (set-up, M-R2/M-R3) and reveal the first site.

        Args:
            seed: drives every chance event of the game (M-R10).
            first: the first player, who leads round 1 (M-R3); ``None`` draws one at random
                from the seed.
            log: keep the event log (views and observations need it; search copies do not).
            rng: the game's chance instead of a generator seeded with ``seed`` (the OpenSpiel
                adapter turns each draw into a chance node this way).
        """
        return MidiState.new(self, seed, first=first, log=log, rng=rng)


class MidiState(MidiPosition):
    """A position of a Canal du Midi game, and how it evolves.

    Use :meth:`legal_actions`, :meth:`apply_action` and :meth:`current_player`; read what
    a player may know with :meth:`observation`, the score with :meth:`score_sheet` and the
    end with :meth:`outcome`. What it holds is listed on :class:`MidiPosition`.
    """

    __slots__ = ()

    game: MidiGame

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, game: MidiGame, seed: int, *, first: int | None = None, log: bool = True,
            rng: random.Random | None = None) -> MidiState:
        if first is not None:
            check_seat(first, game.players, "first")
        rng = rng if rng is not None else random.Random(seed)
        s = cls.blank(game, rng)
        s.seed = seed
        s.dealt = True
        r = game.rules
        k = game.cards_per_player
        val = game.card_value
        for p in range(s.n):
            cards = list(range(p * k, (p + 1) * k))
            shuffle(cards, rng)  # set-up: 3 face up, 3 face down, 3 in hand
            s.up[p] = cards[: r.face_up]
            s.down[p] = cards[r.face_up: r.face_up + r.face_down]
            s.hand[p] = cards[r.face_up + r.face_down:]
            s.coins[p] = r.coins_per_player
        s.bank = r.coins_total - r.coins_per_player * s.n
        deck = list(range(game.num_sites))
        shuffle(deck, rng)
        s.deck = deck  # the next site to reveal is deck[-1]
        drawn = rng.randrange(s.n)  # always drawn, so chance does not depend on the lead choice
        s.lead = s.first = drawn if first is None else first  # M-R3
        if log:
            s.events = []
            s.events.append(Event(
                "midi.dealt",
                {"players": s.n, "lead": s.lead,
                 "face_up": [sorted(val[c] for c in s.up[p]) for p in range(s.n)],
                 "hidden_pools": [sorted(val[c] for c in s.hand[p] + s.down[p]) for p in range(s.n)]},
                {p: {"hand": sorted(val[c] for c in s.hand[p])} for p in range(s.n)},
            ))
        s._start_round()
        return s

    # ------------------------------------------------------------------ choosing
    def legal_actions(self) -> list[int]:
        """Every action the current player may take (empty when the game is over).

        Computed once per decision point; each call returns a fresh list.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = generate(self)
        return list(legal)  # a list of their own: callers may keep or change it safely

    def sample_action(self, rng: random.Random) -> int:
        """One legal action drawn at random, each with the same chance (random playouts; the
        name Arriala's engine uses too). Canal du Midi's lists are short: this picks from
        :meth:`legal_actions` with one ``rng.random()`` (``rng.choice`` draws the same way in
        distribution, more slowly).

        Raises:
            ValueError: the game is over.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = generate(self)
        if not legal:
            raise ValueError("the game is over: no action to draw")
        return legal[int(rng.random() * len(legal))]  # uniform: random() < 1, lists are short

    # ------------------------------------------------------------------ acting
    def apply_action(self, action: int) -> None:
        """Play ``action`` for the current player.

        Raises:
            IllegalActionError: with a readable reason; the state is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = generate(self)
        if action not in legal or type(action) is not int:
            raise self.why_illegal(action)
        self._apply(action)

    def why_illegal(self, action: Any) -> IllegalActionError:
        """The error explaining why ``action`` is not legal now (used by apply_action)."""
        return why_illegal(self, action)

    def _take(self, cards: list[int], value: int) -> int:
        """Remove and return the first card of ``value`` from ``cards``."""
        val = self.game.card_value
        for c in cards:
            if val[c] == value:
                cards.remove(c)  # card ids are unique: this is the card found
                return c
        raise AssertionError("card not found")  # apply_action checked legality

    def _apply(self, action: int) -> None:
        """Apply a legal action (no check)."""
        self._legal = None
        self.history.append(action)
        ph = self.phase
        p = self.queue.pop(0)
        val = self.game.card_value
        if ph == BET:
            c = self._take(self.hand[p], action - A.BET)
            self.played[p] = c
            if self.events is not None:
                self._log("midi.bet_placed", {"player": p}, {p: {"value": val[c]}})
            if not self.queue:
                self._reveal_bets()
        elif ph == DRAW:
            rng = self.rng
            down = self.down[p]
            if action == A.DRAW_DOWN:  # M-R2: a random face-down card
                c = down.pop(rng.randrange(len(down)))
                self.hand[p].append(c)
                if self.events is not None:
                    self._log("midi.drew_face_down", {"player": p}, {p: {"value": val[c]}})
            else:  # M-R2: face up, then a random face-down card is turned up
                c = self._take(self.up[p], action - A.DRAW_UP)
                self.hand[p].append(c)
                turned = None
                if down:
                    t = down.pop(rng.randrange(len(down)))
                    self.up[p].append(t)
                    turned = val[t]
                if self.events is not None:
                    self._log("midi.drew_face_up", {"player": p, "value": val[c], "turned": turned})
            if not self.queue:
                self._start_bets()
        elif ph == RSTART:
            if action == A.REINFORCE:
                self._spend_coin(p)
                if self.events is not None:
                    self._log("midi.reinforcement_started", {"player": p, "ruling": "M-R4"})
                # M-R4: every other coin holder answers once, clockwise from the starter.
                self.queue = [q for q in ((p + i) % self.n for i in range(1, self.n)) if self.coins[q] > 0]
                if self.queue:
                    self.phase = RJOIN
                else:
                    self._resolve()
            else:
                if self.events is not None:
                    self._log("midi.reinforcement_declined", {"player": p})
                if not self.queue:
                    self._resolve()
        elif ph == RJOIN:
            if self.events is not None:
                if action == A.REINFORCE:
                    self._log("midi.reinforcement_joined", {"player": p, "ruling": "M-R4"})
                else:
                    self._log("midi.reinforcement_declined", {"player": p})
            if action == A.REINFORCE:
                self._spend_coin(p)
            if not self.queue:
                self._resolve()
        elif ph == TRADE:
            self._trade(p, action)
            if not self.queue:
                self._end_round()

    def _spend_coin(self, p: int) -> None:
        # M-R5: a spent coin leaves the game. M-R4: at most one per round (asked once).
        self.coins[p] -= 1
        self.spent += 1
        self.reinforcers.append(p)

    # ------------------------------------------------------------------ steps
    def _start_round(self) -> None:
        """Step A (reveal) and the start of step B (who must draw)."""
        site = self.deck.pop()
        self.site = site
        self.revealed.append(site)
        self.status[site] = IN_PLAY
        self.last_bets = None
        if self.events is not None:
            self._log("midi.site_revealed", {"round": self.round, "site": self.game.site_ids[site],
                                             "threshold": self.game.threshold[site], "lead": self.lead})
        hs = self.game.rules.hand_size
        order = self.game.orders[self.lead]  # turn order (M-R3)
        # Step B, M-R12: those who must draw decide one after the other, in turn order.
        self.queue = [p for p in order if len(self.hand[p]) < hs and (self.up[p] or self.down[p])]
        if self.queue:
            self.phase = DRAW
        else:
            self._start_bets()

    def _start_bets(self) -> None:
        # Step C, M-R12: bets are chosen in turn order and stay hidden until all are in (M-R1).
        self.phase = BET
        self.queue = [p for p in self.game.orders[self.lead] if self.hand[p]]

    def _reveal_bets(self) -> None:
        """Step D begins: bets are shown; then the reinforcement window (M-R4)."""
        val = self.game.card_value
        bets = [val[c] for c in self.played]
        self.last_bets = bets
        if self.events is not None:
            self._log("midi.bets_revealed", {"bets": bets, "total": sum(bets)})
        # M-R4, M-R12: only coin holders are asked, in turn order, whether to start.
        self.queue = [p for p in self.game.orders[self.lead] if self.coins[p] > 0]
        if self.queue:
            self.phase = RSTART
        else:
            self._resolve()

    def _resolve(self) -> None:
        """Steps E (draws), D (count and award), F (coins) and the start of G (trades)."""
        game = self.game
        val = game.card_value
        n = self.n
        best = [val[c] for c in self.played]  # each player's bet, and below their reinforcement
        # Step E, M-R4: draws in the order coins were spent; an empty discard gives nothing.
        for p in self.reinforcers:
            if self.discard:
                c = self.discard.pop(self.rng.randrange(len(self.discard)))
                self.reinf[p] = c
                best[p] += val[c]
                if self.events is not None:
                    self._log("midi.reinforcement_drawn", {"player": p, "value": val[c]})
            elif self.events is not None:
                self._log("midi.reinforcement_empty", {"player": p, "ruling": "M-R4"})
        total = sum(best)
        site = self.site
        sid = game.site_ids[site]
        threshold = game.threshold[site]
        winners: list[int] = []
        if total >= threshold:
            self.status[site] = BUILT
            # M-R11: a player with no pawn left cannot take another site.
            able = [p for p in range(n) if self.pawns_left[p] > 0]
            if able:
                top = max([best[p] for p in able])
                winners = [p for p in able if best[p] == top]
                if self.events is not None:
                    for p in range(n):
                        if self.pawns_left[p] == 0 and best[p] >= top:
                            self._log("midi.no_pawn_left", {"player": p, "site": sid, "ruling": "M-R11"})
                for p in winners:
                    self.pawns_left[p] -= 1
                    self.pawns[site] |= 1 << p
                    self.held[p] |= 1 << site
            if self.events is not None:
                self._log("midi.site_built", {"site": sid, "total": total, "threshold": threshold,
                                              "values": best, "winners": winners,
                                              "tie": len(winners) > 1})
        else:
            self.status[site] = DELAYED
            if self.events is not None:
                self._log("midi.site_delayed", {"site": sid, "total": total, "threshold": threshold,
                                                "missing": threshold - total})
        # The played cards go to the discard pile (step D); reinforcements wait (M-R4).
        self.discard.extend(self.played)
        self.played = [-1] * n
        # Step F, M-R6: connecting two consecutive cities earns one coin, once per pair. Only
        # this round's winners hold a new site, so only they can have joined a pair, and only
        # a pair this site belongs to.
        order = self.game.orders[self.lead]
        for p in order:
            if p not in winners:
                continue
            held = self.held[p]
            for k in game.pairs_of_site[site]:
                mask = game.pair_masks[k]
                if held & mask == mask and not self.paired[p] >> k & 1:
                    self.paired[p] |= 1 << k
                    a, b = game.city_pairs[k]
                    cities = [game.site_ids[a], game.site_ids[b]]
                    if self.bank > 0:  # M-R5: an empty bank gives none
                        self.bank -= 1
                        self.coins[p] += 1
                        self._log("midi.coin_earned", {"player": p, "cities": cities, "ruling": "M-R6"})
                    else:
                        self._log("midi.coin_bank_empty", {"player": p, "cities": cities, "ruling": "M-R5"})
        # Step G, M-R7: a second (or later) tent site grants one optional trade.
        self.queue = []
        if winners and game.tent[site]:
            others = game.tent_mask & ~(1 << site)
            for p in order:
                if p in winners and self.held[p] & others:
                    if trade_options(self, p):  # M-R12: nothing to trade, not asked
                        self.queue.append(p)
                    else:  # M-R15: only swaps of equal values, which change nothing
                        same = bool(self.up[p]) and any(self.up[o] for o in range(self.n) if o != p)
                        self._log("midi.trade_unavailable", {"player": p, "ruling": "M-R15" if same else "M-R7"})
        if self.queue:
            self.phase = TRADE
            if self.events is not None:
                for p in self.queue:
                    self._log("midi.trade_offered", {"player": p, "site": sid, "ruling": "M-R7"})
        else:
            self._end_round()

    def _trade(self, p: int, action: int) -> None:
        val = self.game.card_value
        if action == A.TRADE_PASS:
            if self.events is not None:
                self._log("midi.trade_passed", {"player": p})
            return
        if action < A.TRADE_HAND:  # a face-up swap
            o, give, take = A.trade_up_parts(action)
            mine = self._take(self.up[p], give)
            theirs = self._take(self.up[o], take)
            self.up[p].append(theirs)
            self.up[o].append(mine)
            if self.events is not None:
                self._log("midi.trade_face_up", {"player": p, "seat": o, "gave": val[mine], "took": val[theirs],
                                                 "ruling": "M-R7"})
        else:  # a hand card of your choice against a random one of the opponent's
            o, give = A.trade_hand_parts(action)
            mine = self._take(self.hand[p], give)
            theirs = self.hand[o].pop(self.rng.randrange(len(self.hand[o])))  # random (M-R7)
            self.hand[p].append(theirs)
            self.hand[o].append(mine)
            if self.events is not None:
                self._log("midi.trade_hand", {"player": p, "seat": o, "ruling": "M-R7"},
                          {p: {"given": val[mine], "received": val[theirs]},
                           o: {"given": val[theirs], "received": val[mine]}})

    def _end_round(self) -> None:
        # M-R4: drawn reinforcement cards go back to the discard pile at the end of the round.
        if self.reinforcers:
            for p in range(self.n):  # in seat order
                if self.reinf[p] >= 0:
                    self.discard.append(self.reinf[p])
                    self.reinf[p] = -1
            self.reinforcers = []
        self.round += 1
        self.lead = (self.lead + 1) % self.n  # M-R3: the lead passes clockwise
        if self.round > self.game.rules.rounds:
            self._finish()
        else:
            self._start_round()

    def _finish(self) -> None:
        """After round 9: delayed sites go to holders of both neighbours (M-R8); final score."""
        self.phase = END
        self.queue = []
        self.site = -1
        self.last_bets = None
        self.round = self.game.rules.rounds
        game = self.game
        last = game.num_sites - 1
        for s in range(game.num_sites):
            if self.status[s] == DELAYED and 0 < s < last:
                holders = self.pawns[s - 1] & self.pawns[s + 1]  # a delayed neighbour holds no pawn
                self.adjacency[s] = holders
                if holders and self.events is not None:
                    self._log("midi.delayed_awarded", {"site": game.site_ids[s],
                                                       "players": [p for p in range(self.n) if holders >> p & 1],
                                                       "ruling": "M-R8"})
        if self.events is not None:
            sheet = self.score_sheet()
            self._log("midi.game_over", {"totals": [ps.total for ps in sheet.players],
                                         "winners": list(sheet.winners), "ranking": sheet.ranking,
                                         "ruling": "M-R9"})

    # ------------------------------------------------------------------ results
    def outcome(self) -> Outcome | None:
        """How the game ended, who won and the final totals (``None`` while it goes on)."""
        if self.phase != END:
            return None
        sheet = self.score_sheet()
        return Outcome(Termination.ROUNDS_PLAYED, sheet.winners, tuple(sheet.totals), sheet.ranking)

    def score_sheet(self) -> ScoreSheet:
        """The score with its full breakdown (M-R9). Provisional until the game ends:
        delayed sites are only awarded at the end (M-R8)."""
        return score_state(self)

    def totals(self) -> list[int]:
        """Each seat's recognition points (fast; no breakdown)."""
        return fast_totals(self)

    def observation(self, player: int) -> Observation:
        """What ``player`` may know (M-R1). Bots and views use this, never the state."""
        return observe(self, player)

    # ------------------------------------------------------------------ as plain data
    def to_dict(self) -> dict[str, Any]:
        """The position as plain data (see :mod:`.position`)."""
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, game: MidiGame | None = None, seed: int = 0,
                  log: bool = True) -> MidiState:
        """Build a legal position from plain data (see :mod:`.position`). Chance from
        here on is driven by ``seed``; ``log`` starts an event log with the position's event.

        Raises:
            PositionError: the data is malformed or the position could not arise in play.
        """
        players = position_game(data, game)
        s = cls.blank(game if game is not None else MidiGame(players))
        fill_position(s, data, seed=seed, log=log)
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MidiState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<MidiState players={self.n} round={self.round} phase={self.phase} to_move={self.current_player()}>"
