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

Cards are ids ``colour * 9 + k``; ``game.card_value[id]`` is the value. Players are seat
indices ``0..n-1``; seat ``i`` plays engineer ``i`` of ``data/midi/engineers.json``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Self

from ..core.chance import copy_of, shuffle
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.game import Outcome, Termination, check_seat
from . import actions as A
from .data import MidiData, load_midi_data

if TYPE_CHECKING:
    from .observation import Observation
    from .scoring import ScoreSheet

class SiteStatus(StrEnum):
    """Where a work site stands."""

    HIDDEN = "hidden"  # still in the site deck
    IN_PLAY = "in_play"  # revealed this round (step A)
    BUILT = "built"  # its threshold was reached (step D)
    DELAYED = "delayed"  # its threshold was missed; awarded at the end by M-R8


class Phase(StrEnum):
    """Where the round stands (see the module docstring)."""

    DRAW = "draw"
    BET = "bet"
    REINFORCE_START = "reinforce_start"
    REINFORCE_JOIN = "reinforce_join"
    TRADE = "trade"
    END = "end"


# Module-level aliases: faster than attribute lookups in the hot paths.
HIDDEN, IN_PLAY, BUILT, DELAYED = SiteStatus.HIDDEN, SiteStatus.IN_PLAY, SiteStatus.BUILT, SiteStatus.DELAYED
_DRAW, _BET, _RSTART, _RJOIN, _TRADE, _END = (
    Phase.DRAW, Phase.BET, Phase.REINFORCE_START, Phase.REINFORCE_JOIN, Phase.TRADE, Phase.END)
_REINFORCE_CHOICES = (A.DECLINE, A.REINFORCE)  # M-R4: asked once, yes or no


def _values(card_bit: Sequence[int], cards: list[int]) -> int:
    """The distinct values of ``cards`` as a bit mask (bit v: a card worth v)."""
    mask = 0
    for c in cards:
        mask |= card_bit[c]
    return mask


class MidiGame:
    """The description of a Canal du Midi game: player count, sites, cards, rules numbers.

    Args:
        players: 2, 3 or 4.
        data: content to use (default: ``data/midi/``).
        thresholds: optional override of every site's threshold for this player count,
            in canal order (the balance lab and the threshold study use it). Scoring values
            stay the 2-player thresholds (M-R9) unless ``values`` is given too.
        values: optional override of the scoring values, in canal order.
    """

    def __init__(
        self,
        players: int = 2,
        *,
        data: MidiData | None = None,
        thresholds: Sequence[int] | None = None,
        values: Sequence[int] | None = None,
    ) -> None:
        data = data or load_midi_data()
        r = data.rules
        if not isinstance(players, int) or not (r.min_players <= players <= r.max_players):
            raise ValueError(f"Canal du Midi is played by {r.min_players} to {r.max_players} players, not {players!r}")
        self.data = data
        self.players = players
        self.rules = r
        self.sites = data.sites
        self.site_ids: tuple[str, ...] = tuple(s.id for s in data.sites)
        self.num_sites = len(self.sites)
        self.threshold: tuple[int, ...] = tuple(thresholds) if thresholds is not None else tuple(
            s.threshold(players) for s in data.sites)
        self.value: tuple[int, ...] = tuple(values) if values is not None else tuple(s.value for s in data.sites)
        for name, seq in (("thresholds", self.threshold), ("values", self.value)):
            if len(seq) != self.num_sites or any(not isinstance(x, int) or x < 0 for x in seq):
                raise ValueError(f"{name} must be {self.num_sites} whole numbers ≥ 0, got {list(seq)}")
        self.city: tuple[bool, ...] = tuple(s.city for s in data.sites)
        self.tent: tuple[bool, ...] = tuple(s.tent for s in data.sites)
        cities = [i for i, c in enumerate(self.city) if c]
        #: M-R6: consecutive city sites along the canal, as (first, last) site indices.
        self.city_pairs: tuple[tuple[int, int], ...] = tuple(zip(cities, cities[1:], strict=False))
        #: M-R6: the sites each city pair covers, as a bitmask over site indices.
        self.pair_masks = tuple(sum(1 << s for s in range(a, b + 1)) for a, b in self.city_pairs)
        colour_values = data.card_values
        self.cards_per_player = len(colour_values)
        #: value of every card id (colour * cards_per_player + k)
        self.card_value: tuple[int, ...] = tuple(v for _ in range(players) for v in colour_values)
        self.engineers = data.engineers[:players]
        #: seats clockwise from each possible lead (M-R3)
        self.orders: tuple[tuple[int, ...], ...] = tuple(
            tuple((lead + i) % players for i in range(players)) for lead in range(players))
        self.tent_mask = sum(1 << s for s, t in enumerate(self.tent) if t)
        #: M-R6: per site, the city pairs it belongs to (only a newly won site can join a pair)
        self.pairs_of_site: tuple[tuple[int, ...], ...] = tuple(
            tuple(k for k, mask in enumerate(self.pair_masks) if mask >> s & 1) for s in range(self.num_sites))
        # M-R14: cards are named by value, so a hand's choices are its distinct values. A set of
        # values is a bit mask (bit v: a card worth v); these tables give each mask's actions.
        #: per card id, its value as a bit
        self.card_bit: tuple[int, ...] = tuple(1 << v for v in self.card_value)
        values = range(max(colour_values) + 1)
        #: per mask, its values, lowest first
        self.values_in: tuple[tuple[int, ...], ...] = tuple(
            tuple(v for v in values if m >> v & 1) for m in range(1 << len(values)))
        #: per mask of values, the bets, lowest first
        self.bets_for: tuple[tuple[int, ...], ...] = tuple(
            tuple(A.BET + v for v in vs) for vs in self.values_in)
        #: per mask of values, the face-up draws, lowest first
        self.draws_up_for: tuple[tuple[int, ...], ...] = tuple(
            tuple(A.DRAW_UP + v for v in vs) for vs in self.values_in)
        #: the same with a face-down card left to draw: that draw first, then the face-up draws
        self.draws_for: tuple[tuple[int, ...], ...] = tuple((A.DRAW_DOWN, *up) for up in self.draws_up_for)

    def site_index(self, site_id: str) -> int:
        try:
            return self.site_ids.index(site_id)
        except ValueError:
            raise KeyError(f"no site {site_id!r}; sites are {', '.join(self.site_ids)}") from None

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

    def action_to_text(self, action: int) -> str:
        """The text form of an action (``"bet 6"``, :mod:`.actions`)."""
        return A.to_text(action)

    def action_from_text(self, text: str) -> int:
        """The action a text names; :class:`IllegalActionError` if it names none."""
        return A.from_text(text)

    def __repr__(self) -> str:
        return f"MidiGame(players={self.players})"


class MidiPosition:
    """What lies on the table in a game of Canal du Midi: every field of a position (below, with its
    meaning), an empty one (:meth:`blank`) and copies (:meth:`clone`). The rules that change it
    are :class:`MidiState`'s."""

    __slots__ = (
        "game", "n", "rng", "seed", "round", "lead", "phase", "queue",
        "deck", "revealed", "site", "status", "pawns", "adjacency",
        "hand", "up", "down", "played", "reinf", "discard", "last_bets",
        "coins", "bank", "spent", "pawns_left", "paired", "reinforcers",
        "events", "history", "held", "_legal", "dealt", "first",
    )

    game: MidiGame
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
    def blank(cls, game: MidiGame, rng: random.Random | None = None) -> Self:
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
        s.phase = _DRAW
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


class MidiState(MidiPosition):
    """A position of a Canal du Midi game, and how it evolves.

    Use :meth:`legal_actions`, :meth:`apply_action` and :meth:`current_player`; read what
    a player may know with :meth:`observation`, the score with :meth:`score_sheet` and the
    end with :meth:`outcome`. What it holds is listed on :class:`MidiPosition`.
    """

    __slots__ = ()

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

    # ------------------------------------------------------------------ queries
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        return self.queue[0] if self.phase != _END else None

    def is_terminal(self) -> bool:
        return self.phase == _END

    def turn_order(self) -> tuple[int, ...]:
        """Seats clockwise from the lead (M-R3)."""
        return self.game.orders[self.lead]

    def legal_actions(self) -> list[int]:
        """Every action the current player may take (empty when the game is over).

        Computed once per decision point; each call returns a fresh list.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
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
            legal = self._legal = self._generate()
        if not legal:
            raise ValueError("the game is over: no action to draw")
        return legal[int(rng.random() * len(legal))]  # uniform: random() < 1, lists are short

    def _generate(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == _END:
            return ()
        p = self.queue[0]
        g = self.game
        if ph == _BET:  # a bet of each value in hand (M-R14)
            return g.bets_for[_values(g.card_bit, self.hand[p])]
        if ph == _DRAW:  # a random face-down card, or a face-up card of each value (M-R2)
            draws = g.draws_for if self.down[p] else g.draws_up_for
            return draws[_values(g.card_bit, self.up[p])]
        if ph == _TRADE:
            return (A.TRADE_PASS, *self._trade_options(p))
        return _REINFORCE_CHOICES

    def _trade_options(self, p: int) -> list[int]:
        """M-R7: face-up swap if you and an opponent have face-up cards; otherwise a hand
        card of your choice against a random hand card of an opponent of your choice.
        M-R15: a face-up swap of two equal values changes nothing, so it is not offered."""
        g = self.game
        n = self.n
        opp_up = [o for o in range(n) if o != p and self.up[o]]
        out: list[int] = []
        if self.up[p] and opp_up:
            mine = g.values_in[_values(g.card_bit, self.up[p])]  # distinct values, lowest first
            for o in opp_up:
                theirs = g.values_in[_values(g.card_bit, self.up[o])]
                out.extend(A.trade_up(v, o, t) for v in mine for t in theirs if v != t)  # M-R15
        elif self.hand[p]:
            mine = g.values_in[_values(g.card_bit, self.hand[p])]
            for o in range(n):
                if o != p and self.hand[o]:
                    out.extend(A.trade_hand(v, o) for v in mine)
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
        if action not in legal or type(action) is not int:
            raise self.why_illegal(action)
        self._apply(action)

    def why_illegal(self, action: Any) -> IllegalActionError:
        """The error explaining why ``action`` is not legal now (used by apply_action)."""
        if self.phase == _END:
            return IllegalActionError("The game is over: no more actions.", "error.game_over")
        try:
            a = A.decode(action)
        except IllegalActionError as exc:
            return exc
        p = self.queue[0]
        expected = {_DRAW: "draw", _BET: "bet", _RSTART: "reinforce",
                    _RJOIN: "reinforce", _TRADE: "trade"}[self.phase]
        if a.kind != expected:
            return IllegalActionError(
                f"It is time to {expected}, not to {a.kind}.", "error.wrong_phase",
                expected=expected, got=a.kind, player=p)
        if a.kind == "bet":
            return IllegalActionError(
                f"You have no card worth {a.value} in your hand.", "error.not_in_hand", value=a.value, player=p)
        if a.kind == "draw":
            if not a.face_up:
                return IllegalActionError("You have no face-down card left.", "error.no_face_down", player=p)
            return IllegalActionError(
                f"There is no face-up card worth {a.value} in front of you.", "error.not_face_up",
                value=a.value, player=p)
        if a.kind == "trade":
            if a.seat is not None and (a.seat == p or a.seat >= self.n):
                return IllegalActionError("Trade with an opponent at the table.", "error.bad_opponent", player=p)
            if a.trade == "hand" and self.up[p] and any(self.up[o] for o in range(self.n) if o != p):
                return IllegalActionError(
                    "You must swap face-up cards while you and an opponent have some (M-R7).",
                    "error.must_trade_face_up", player=p, ruling="M-R7")
            if a.trade == "up" and not (self.up[p] and any(self.up[o] for o in range(self.n) if o != p)):
                return IllegalActionError(
                    "A face-up swap needs a face-up card in front of you and of an opponent (M-R7).",
                    "error.no_face_up_trade", player=p, ruling="M-R7")
            if a.trade == "up" and a.value == a.take:
                return IllegalActionError(
                    "Swapping two cards of the same value would change nothing (M-R15).",
                    "error.trade_changes_nothing", player=p, ruling="M-R15")
            return IllegalActionError("That card is not there to trade.", "error.trade_card_missing", player=p)
        return IllegalActionError("That action is not possible now.", "error.illegal", player=p)

    def _log(self, key: str, args: dict[str, Any], private: dict[int, dict[str, Any]] | None = None) -> None:
        if self.events is not None:
            self.events.append(Event(key, args, private))

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
        if ph == _BET:
            c = self._take(self.hand[p], action - A.BET)
            self.played[p] = c
            if self.events is not None:
                self._log("midi.bet_placed", {"player": p}, {p: {"value": val[c]}})
            if not self.queue:
                self._reveal_bets()
        elif ph == _DRAW:
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
        elif ph == _RSTART:
            if action == A.REINFORCE:
                self._spend_coin(p)
                if self.events is not None:
                    self._log("midi.reinforcement_started", {"player": p, "ruling": "M-R4"})
                # M-R4: every other coin holder answers once, clockwise from the starter.
                self.queue = [q for q in ((p + i) % self.n for i in range(1, self.n)) if self.coins[q] > 0]
                if self.queue:
                    self.phase = _RJOIN
                else:
                    self._resolve()
            else:
                if self.events is not None:
                    self._log("midi.reinforcement_declined", {"player": p})
                if not self.queue:
                    self._resolve()
        elif ph == _RJOIN:
            if self.events is not None:
                if action == A.REINFORCE:
                    self._log("midi.reinforcement_joined", {"player": p, "ruling": "M-R4"})
                else:
                    self._log("midi.reinforcement_declined", {"player": p})
            if action == A.REINFORCE:
                self._spend_coin(p)
            if not self.queue:
                self._resolve()
        elif ph == _TRADE:
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
            self.phase = _DRAW
        else:
            self._start_bets()

    def _start_bets(self) -> None:
        # Step C, M-R12: bets are chosen in turn order and stay hidden until all are in (M-R1).
        self.phase = _BET
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
            self.phase = _RSTART
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
                    if self._trade_options(p):  # M-R12: nothing to trade, not asked
                        self.queue.append(p)
                    else:  # M-R15: only swaps of equal values, which change nothing
                        same = bool(self.up[p]) and any(self.up[o] for o in range(self.n) if o != p)
                        self._log("midi.trade_unavailable", {"player": p, "ruling": "M-R15" if same else "M-R7"})
        if self.queue:
            self.phase = _TRADE
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
        self.phase = _END
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
        if self.phase != _END:
            return None
        sheet = self.score_sheet()
        return Outcome(Termination.ROUNDS_PLAYED, sheet.winners, tuple(sheet.totals), sheet.ranking)

    def score_sheet(self) -> ScoreSheet:
        """The score with its full breakdown (M-R9). Provisional until the game ends:
        delayed sites are only awarded at the end (M-R8)."""
        from .scoring import score_state

        return score_state(self)

    def totals(self) -> list[int]:
        """Each seat's recognition points (fast; no breakdown)."""
        from .scoring import fast_totals

        return fast_totals(self)

    def observation(self, player: int) -> Observation:
        """What ``player`` may know (M-R1). Bots and views use this, never the state."""
        from .observation import observe

        return observe(self, player)

    # ------------------------------------------------------------------ as plain data
    def to_dict(self) -> dict[str, Any]:
        """The position as plain data (see :mod:`.position`)."""
        from .position import state_to_dict

        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, game: MidiGame | None = None, seed: int = 0) -> MidiState:
        """Build a legal position from plain data (see :mod:`.position`). Chance from
        here on is driven by ``seed``."""
        from .position import state_from_dict

        return state_from_dict(data, game=game, seed=seed)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MidiState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<MidiState players={self.n} round={self.round} phase={self.phase} to_move={self.current_player()}>"
