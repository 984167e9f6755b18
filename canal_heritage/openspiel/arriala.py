"""Arriala as an OpenSpiel game: ``pyspiel.load_game("canal_heritage_arriala", {"players": n})``.

Chance is explicit, as OpenSpiel wants it, where our engine deals from a seed:

1. **the deal**: one chance node per card dealt, seat by seat (A-R12's set-up), each outcome a
   card kind with the chance of its copies among the cards not dealt yet;
2. **the first player** (A-R9): a chance node, every seat alike;
3. **each card drawn** (the player's DRAW action): a chance node right after it, each card kind
   with the chance of its copies in the deck as the drawing player knows it. The engine's deck
   is then ordered so that its top card is the outcome, and the engine plays the draw.

Actions are the engine's action ints (:mod:`canal_heritage.arriala.actions`), so
``num_distinct_actions`` is large and sparse; chance outcomes are card kinds and seats. Returns:
each winner gets ``1 / number of winners``, the others 0 (nobody wins when the virtual player
of a two-player game comes first, A-R18).

Information: a player's information-state string is what they saw happen, step by step (their
own cards dealt and drawn, the others' as ``?``, every action), then their observation of the
position now; observation strings and tensors come from ``state.observation(player)`` only.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ..arriala import actions as A
from ..arriala.observation import ArrialaObservation, sample_state
from ..arriala.state import BLUE, GONE, RESERVE, VINE, ArrialaGame, ArrialaState
from .common import game_type, shared_win

SHORT_NAME = "canal_heritage_arriala"
#: chance outcomes are card kinds (10) or seats (≤ 4)
MAX_CHANCE_OUTCOMES = 10

ARRIALA_GAME_TYPE = game_type(SHORT_NAME, "Arriala (Canal Heritage)")

# the kinds of step a state remembers: (kind, who, value)
_DEAL, _FIRST, _ACT, _DRAW = "deal", "first", "act", "draw"


class ArrialaSpielGame(pyspiel.Game):
    """The OpenSpiel description of an Arriala game for ``players`` players (default rules)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2))
        self.engine = ArrialaGame(players)
        r = self.engine.rules
        hands = players * r.starting_hand
        info = pyspiel.GameInfo(
            num_distinct_actions=A.CARD + len(self.engine.card_kinds) * A.CARD_SPAN,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            # every turn: at most 5 actions of 1 AP and the end, or draws (2 AP) each with its chance
            max_game_length=hands + 1 + r.stall_max_rounds * players * (r.action_points + 3),
        )
        super().__init__(ARRIALA_GAME_TYPE, info, {"players": players})

    def new_initial_state(self) -> ArrialaSpielState:
        return ArrialaSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ArrialaObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ArrialaObserver(self.engine, perfect_recall)


class ArrialaSpielState(pyspiel.State):
    """A position: our engine's state, plus the chance still to come (the deal, the first
    player, a card being drawn) and the steps each player saw."""

    def __init__(self, game: ArrialaSpielGame) -> None:
        super().__init__(game)
        engine = game.engine
        s = engine.new_initial_state(0, first=0, log=False)
        s.hand = [[0] * len(engine.card_kinds) for _ in range(engine.players)]
        s.deck = [k for k, c in enumerate(engine.deck_counts) for _ in range(c)]  # order: chance's
        s._forget_derived()
        self.s: ArrialaState = s
        self.dealt = 0  # cards dealt so far
        self.to_deal = engine.players * engine.rules.starting_hand
        self.first_drawn = False
        self.drawing = False  # a DRAW was played: the card is chance's next outcome
        self.steps: list[tuple[str, int, int | None]] = []

    # ------------------------------------------------------------------ who acts
    def current_player(self) -> int:
        if self.s.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.dealt < self.to_deal or not self.first_drawn or self.drawing:
            return int(pyspiel.PlayerId.CHANCE)
        return self.s.to_move

    def is_terminal(self) -> bool:
        return self.s.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.s.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealt < self.to_deal or self.drawing:  # a card, as likely as its copies left
            deck = self.s.deck
            counts = [0] * len(self.s.game.card_kinds)
            for k in deck:
                counts[k] += 1
            return [(k, c / len(deck)) for k, c in enumerate(counts) if c]
        n = self.s.game.players
        return [(p, 1.0 / n) for p in range(n)]  # the first player (A-R9)

    # ------------------------------------------------------------------ acting
    def _apply_action(self, action: int) -> None:
        s = self.s
        if self.dealt < self.to_deal:
            seat = self.dealt // s.game.rules.starting_hand  # dealt by seat (A-R12)
            s.deck.remove(action)
            s.hand[seat][action] += 1
            s._forget_derived()
            self.dealt += 1
            self.steps.append((_DEAL, seat, action))
        elif not self.first_drawn:
            s.first = s.to_move = action
            s._forget_derived()
            self.first_drawn = True
            self.steps.append((_FIRST, action, action))
        elif self.drawing:
            s.deck.remove(action)
            s.deck.append(action)  # the drawn card on top: the engine draws it
            drawer = s.to_move
            s.apply_action(A.DRAW)
            self.drawing = False
            self.steps.append((_DRAW, drawer, action))
        elif action == A.DRAW:
            if action not in s.legal_actions():
                raise pyspiel.SpielError(f"illegal action {action}")
            self.drawing = True
            self.steps.append((_ACT, s.to_move, action))
        else:
            player = s.to_move
            s.apply_action(action)  # refused with a readable reason if not legal
            self.steps.append((_ACT, player, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealt < self.to_deal:
                return f"deal {self.s.game.card_ids[action]}"
            if not self.first_drawn:
                return f"first player {action}"
            return f"draw {self.s.game.card_ids[action]}"
        return self.s.game.action_to_text(action)

    def returns(self) -> list[float]:
        return shared_win(self.s.winners if self.s.is_terminal() else None, self.s.game.players)

    # ------------------------------------------------------------------ information
    def observation(self, player: int) -> ArrialaObservation:
        """What ``player`` may know now (our engine's observation)."""
        return self.s.observation(player)

    def seen(self, player: int) -> list[str]:
        """The steps as ``player`` saw them: their own cards named, the others' as ``?``."""
        ids = self.s.game.card_ids
        out = []
        for kind, who, value in self.steps:
            if kind == _ACT:
                out.append(f"{who}:{value}")
            elif kind == _FIRST:
                out.append(f"first:{who}")
            else:
                out.append(f"{kind}{who}:{ids[value] if who == player and value is not None else '?'}")
        return out

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ArrialaSpielState:
        """A state ``player_id`` cannot tell from this one: the cards they cannot see dealt
        again at random (into the other hands and the deck, by their sizes). The other
        players' past cards are forgotten (shown ``?`` to everyone) in the new state."""
        seed = probability_sampler() if callable(probability_sampler) else None  # a number in [0, 1)
        return self.resampled(player_id, random.Random(seed))

    def resampled(self, player: int, rng: random.Random) -> ArrialaSpielState:
        """:meth:`resample_from_infostate` with our own random generator."""
        new = self.clone()
        if self.current_player() == pyspiel.PlayerId.CHANCE or self.is_terminal():
            return new
        new.s = sample_state(self.s.observation(player), rng)
        new.steps = [(k, w, v if k in (_ACT, _FIRST) or w == player else None) for k, w, v in self.steps]
        return new

    def __str__(self) -> str:
        return observation_string(self.s.observation(self.s.to_move), history=False)


# ---------------------------------------------------------------------- observing
def observation_string(o: ArrialaObservation, *, history: bool = False) -> str:
    """A player's observation as one line of text (no hidden card)."""
    g = o.game
    places = " ".join(_place(g, x) for x in o.loc)
    return (f"p{o.player} to_move {o.to_move} round {o.round} ap {o.ap} points {list(o.points)} | "
            f"workers {places} | locks {''.join('L' if x else '.' for x in o.lock)} "
            f"closed {''.join('x' if x else '.' for x in o.closed)} | vine {[list(r) for r in o.vine]} "
            f"blue {list(o.blue)} works {list(o.works)} | moved {sorted(o.moved)} "
            f"started {list(o.turn_start)} before {list(o.prev_start)} | hand {list(o.hand)} "
            f"sizes {list(o.hand_sizes)} deck {o.deck_size} discard {list(o.discard)} quiet {o.quiet}")


def _place(g: ArrialaGame, x: int) -> str:
    if x == RESERVE:
        return "r"
    if x == GONE:
        return "-"
    if x >= BLUE:
        return f"b{x - BLUE}"
    if x >= VINE:
        return f"v{x - VINE}"
    return str(x)


class ArrialaObserver:
    """OpenSpiel's observer for Arriala: a flat tensor (with named views) and a string, both
    from the player's observation. With ``perfect_recall`` the string also lists the steps the
    player saw (their information state)."""

    def __init__(self, game: ArrialaGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        b = game.board
        places = 1 + b.size + len(b.vineyards) + len(b.blue)  # reserve, cells, vineyards, blue cells
        owners = game.owners
        pieces = [
            ("player", game.players), ("to_move", game.players),
            ("workers", game.workers * places), ("moved", game.workers), ("before", game.workers * places),
            ("lock", b.size), ("closed", b.size), ("locks_left", 1), ("stretch_locks", len(b.stretches)),
            ("vine", len(b.vineyards) * owners), ("blue", len(b.blue) * owners), ("works", len(b.works) * owners),
            ("points", owners), ("turn", 4), ("hand", len(game.card_kinds)), ("hand_sizes", game.players),
            ("deck", 1), ("discard", len(game.card_kinds)),
        ]
        self.tensor = np.zeros(sum(n for _, n in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, n in pieces:
            self.dict[name] = self.tensor[at: at + n]
            at += n
        self._game = game
        self._places = places

    def _index(self, x: int) -> int:
        """A worker's place as an index of the one-hot (-1: a slot not in use)."""
        b = self._game.board
        if x == GONE:
            return -1
        if x == RESERVE:
            return 0
        if x >= BLUE:
            return 1 + b.size + len(b.vineyards) + (x - BLUE)
        if x >= VINE:
            return 1 + b.size + (x - VINE)
        return 1 + x

    def set_from(self, state: ArrialaSpielState, player: int) -> None:
        o = state.observation(player)
        d = self.dict
        self.tensor.fill(0)
        places = self._places
        d["player"][player] = 1
        if o.to_move is not None and not o.terminal:
            d["to_move"][o.to_move] = 1
        before = dict(o.prev_start)
        for w, x in enumerate(o.loc):
            i = self._index(x)
            if i >= 0:
                d["workers"][w * places + i] = 1
            if w in o.moved:
                d["moved"][w] = 1
            if w in before:
                j = self._index(before[w])
                if j >= 0:
                    d["before"][w * places + j] = 1
        d["lock"][:] = o.lock
        d["closed"][:] = o.closed
        d["locks_left"][0] = o.locks_left
        d["stretch_locks"][:] = o.stretch_locks
        owners = self._game.owners
        for v, row in enumerate(o.vine):
            d["vine"][v * owners: (v + 1) * owners] = row
        for i, w in enumerate(o.blue):
            if w >= 0:
                d["blue"][i * owners + w // A.W] = 1
        for i, p in enumerate(o.works):
            if p >= 0:
                d["works"][i * owners + p] = 1
        d["points"][:] = o.points
        d["turn"][:] = (o.ap, o.round, o.quiet, o.scored_round)
        d["hand"][:] = o.hand
        d["hand_sizes"][:] = o.hand_sizes
        d["deck"][0] = o.deck_size
        d["discard"][:] = o.discard

    def string_from(self, state: ArrialaSpielState, player: int) -> str:
        text = observation_string(state.observation(player))
        if self.perfect_recall:
            return f"p{player} saw {' '.join(state.seen(player))} | {text}"
        return text


pyspiel.register_game(ARRIALA_GAME_TYPE, ArrialaSpielGame)
