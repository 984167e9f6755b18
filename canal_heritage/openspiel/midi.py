"""Canal du Midi as an OpenSpiel game: ``pyspiel.load_game("canal_heritage_midi", {"players": n})``.

Our engine draws its chance from the state's generator (M-R10): the set-up's shuffles and the
lead (M-R3), a face-down card drawn or turned up (M-R2), a reinforcement drawn from the discard
(M-R4), a card taken at random in a hand trade (M-R7). The adapter makes each of those draws an
explicit chance node, without touching a rule: before an action (or the set-up) it plays it once
on a copy whose generator only notes the range of every draw, then asks chance for each draw in
turn (every number in the range alike, as the engine's generator would), then plays it for real
with a generator that answers exactly those numbers (and fails loudly on any draw it did not
expect). Chance outcomes are numbers below the draw's range (at most 36, the discard with four
players).

Actions are the engine's action ints (:mod:`canal_heritage.midi.actions`). Returns: each winner
gets ``1 / number of winners``, the others 0. What a player sees comes from
``state.observation(player)`` only: the observation string and tensor from the position, the
information-state string from the position and the event log as that player saw it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from ..core.events import Event
from ..midi import actions as A
from ..midi.belief import sample_state
from ..midi.observation import Observation
from ..midi.position import position_event
from ..midi.state import MidiGame, MidiState, Phase, SiteStatus
from .common import MAX_PLAYERS, game_type, shared_win

SHORT_NAME = "canal_heritage_midi"
MAX_CHANCE_OUTCOMES = 9 * MAX_PLAYERS  # the largest draw: a card from a full discard

MIDI_GAME_TYPE = game_type(SHORT_NAME, "Canal du Midi (Canal Heritage)")


class _Noting(random.Random):
    """A generator that answers every draw with 0 and notes its range."""

    def __init__(self) -> None:
        super().__init__(0)
        self.ranges: list[int] = []

    def _randbelow(self, n: int) -> int:
        self.ranges.append(n)
        return 0

    def __reduce__(self) -> tuple[Any, ...]:  # copies (OpenSpiel clones states by copying them)
        return _noting, (list(self.ranges),)


class _Answering(random.Random):
    """A generator that answers the draws chance decided, in order; any other draw is an error."""

    def __init__(self, ranges: list[int], answers: list[int]) -> None:
        super().__init__(0)
        self.ranges = ranges
        self.answers = answers
        self.at = 0

    def _randbelow(self, n: int) -> int:
        if self.at >= len(self.answers) or self.ranges[self.at] != n:
            raise pyspiel.SpielError(f"the engine drew chance the adapter did not foresee (range {n})")
        self.at += 1
        return self.answers[self.at - 1]

    def __reduce__(self) -> tuple[Any, ...]:  # copies (OpenSpiel clones states by copying them)
        return _answering, (list(self.ranges), list(self.answers), self.at)


def _noting(ranges: list[int]) -> _Noting:
    r = _Noting()
    r.ranges = ranges
    return r


def _answering(ranges: list[int], answers: list[int], at: int) -> _Answering:
    r = _Answering(ranges, answers)
    r.at = at
    return r


class MidiSpielGame(pyspiel.Game):
    """The OpenSpiel description of a Canal du Midi game for ``players`` players."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2))
        self.engine = MidiGame(players)
        info = pyspiel.GameInfo(
            num_distinct_actions=A.TRADE_HAND + MAX_PLAYERS * 8,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            # 9 rounds of draws, bets, reinforcements and trades, each draw with its chance
            max_game_length=60 + self.engine.rules.rounds * players * 12,
        )
        super().__init__(MIDI_GAME_TYPE, info, {"players": players})

    def new_initial_state(self) -> MidiSpielState:
        return MidiSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MidiObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return MidiObserver(self.engine, perfect_recall)


class MidiSpielState(pyspiel.State):
    """A position: our engine's state (``None`` until the set-up's chance is drawn), and the
    draws chance still owes the action being played."""

    def __init__(self, game: MidiSpielGame) -> None:
        super().__init__(game)
        self.engine: MidiGame = game.engine
        self.s: MidiState | None = None
        noting = _Noting()
        self.engine.new_initial_state(0, log=False, rng=noting)
        self.pending: int | None = None  # the action waiting for its chance (None: the set-up)
        self.ranges: list[int] = noting.ranges
        self.answers: list[int] = []
        #: in a resampled state: each other player's log up to the resampling (then the state's own)
        self.views: dict[int, list[Event]] = {}
        self.views_from = 0

    def _state(self) -> MidiState:
        if self.s is None:
            raise pyspiel.SpielError("the game is being dealt")
        return self.s

    # ------------------------------------------------------------------ who acts
    def current_player(self) -> int:
        if self.s is not None and self.s.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.s is None or self.ranges:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.s.current_player())  # type: ignore[arg-type]

    def is_terminal(self) -> bool:
        return self.s is not None and self.s.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._state().legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.ranges[len(self.answers)]
        return [(i, 1.0 / n) for i in range(n)]

    # ------------------------------------------------------------------ acting
    def _apply_action(self, action: int) -> None:
        if self.ranges:  # a chance outcome
            self.answers.append(action)
            if len(self.answers) == len(self.ranges):
                self._play(_Answering(self.ranges, self.answers))
            return
        s = self._state()
        probe = s.clone(log=False)
        probe.rng = noting = _Noting()
        probe.apply_action(action)  # refused with a readable reason if not legal
        self.pending = action
        if noting.ranges:
            self.ranges, self.answers = noting.ranges, []
        else:
            self._play(_Answering([], []))

    def _play(self, rng: _Answering) -> None:
        """Play the set-up or the pending action with chance's answers."""
        if self.pending is None:
            self.s = self.engine.new_initial_state(0, rng=rng)
        else:
            s = self._state()
            s.rng = rng
            s.apply_action(self.pending)
        self.pending = None
        self.ranges, self.answers = [], []

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action} of {self.ranges[len(self.answers)]}" if self.ranges else f"chance {action}"
        return self.engine.action_to_text(action)

    def returns(self) -> list[float]:
        outcome = self.s.outcome() if self.s is not None else None
        return shared_win(outcome.winners if outcome is not None else None, self.engine.players)

    # ------------------------------------------------------------------ information
    def observation(self, player: int) -> Observation:
        """What ``player`` may know now (our engine's observation). In a resampled state the
        other players see the sampled position from its start (:meth:`resampled`)."""
        s = self._state()
        if player not in self.views:
            return s.observation(player)
        real = s.events
        s.events = self.views[player] + (real or [])[self.views_from:]
        try:
            return s.observation(player)
        finally:
            s.events = real

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MidiSpielState:
        seed = probability_sampler() if callable(probability_sampler) else None  # a number in [0, 1)
        return self.resampled(player_id, random.Random(seed))

    def resampled(self, player: int, rng: random.Random) -> MidiSpielState:
        """A state ``player`` cannot tell from this one: the cards they cannot see dealt again at
        random (:func:`canal_heritage.midi.belief.sample_state`), with the event log keeping only
        that player's private parts — so no other player's secret survives in the copy. The
        other players' views start from the sampled position (their sampled hands)."""
        new = self.clone()
        if self.s is None or self.ranges or self.is_terminal():
            return new
        s = sample_state(self.s.observation(player), rng, self.engine)
        s.events = [Event(e.key, e.args, {player: e.private[player]} if e.private and player in e.private else None)
                    for e in self.s.events or []]  # the others' private parts left out
        new.s = s
        # the others know the sampled world from here on: their own sampled cards, and what
        # happens next
        start = [position_event(s)]
        new.views = {q: start for q in range(self.engine.players) if q != player}
        new.views_from = len(s.events)
        return new

    def __str__(self) -> str:
        if self.s is None:
            return "dealing"
        p = self.s.current_player()
        return observation_string(self.s.observation(p if p is not None else 0))


# ---------------------------------------------------------------------- observing
def observation_string(o: Observation, *, with_log: bool = False) -> str:
    """A player's observation as one line of text (no hidden card); ``with_log``: and the event
    log as they saw it (their information state)."""
    text = (f"p{o.player} round {o.round} {o.phase} to_move {o.to_move} queue {list(o.queue)} lead {o.lead} "
            f"site {o.current_site} threshold {o.threshold} | status {[str(x) for x in o.site_status]} "
            f"pawns {[list(x) for x in o.site_pawns]} | hand {list(o.hand)} up {[list(x) for x in o.face_up]} "
            f"hands {list(o.hand_count)} down {list(o.face_down_count)} coins {list(o.coins)} "
            f"pawns_left {list(o.pawns_left)} | bet {o.my_bet} placed {list(o.has_bet)} bets {o.bets} "
            f"reinforcers {list(o.reinforcers)} reinforcements {list(o.reinforcements)} | discard {list(o.discard)} "
            f"bank {o.bank} spent {o.spent} paired {[list(x) for x in o.paired]} "
            f"known {[list(x) for x in o.known_hand]}")
    if with_log:
        log = ";".join(json.dumps([e.key, e.args], sort_keys=True, default=str) for e in o.events)
        text += " | log " + log
    return text


class MidiObserver:
    """OpenSpiel's observer for Canal du Midi: a flat tensor (with named views) and a string,
    both from the player's observation."""

    def __init__(self, game: MidiGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        n = game.players
        sites = game.num_sites
        values = max(game.card_value) + 1
        phases = len(Phase)
        statuses = len(SiteStatus)
        pieces = [
            ("player", n), ("to_move", n), ("lead", n), ("phase", phases), ("round", 1),
            ("site", sites), ("threshold", 1), ("status", sites * statuses), ("pawns", sites * n),
            ("hand", values), ("face_up", n * values), ("hand_count", n), ("face_down_count", n),
            ("coins", n), ("pawns_left", n), ("has_bet", n), ("my_bet", values), ("bets", n * values),
            ("reinforcers", n), ("reinforcements", n * values), ("discard", values), ("bank", 1),
            ("known", n * values),
        ]
        self.tensor = np.zeros(sum(k for _, k in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, k in pieces:
            self.dict[name] = self.tensor[at: at + k]
            at += k
        self._game = game
        self._values = values

    def set_from(self, state: MidiSpielState, player: int) -> None:
        self.tensor.fill(0)
        if state.s is None:
            return
        o = state.observation(player)
        d = self.dict
        g = self._game
        nv = self._values
        d["player"][player] = 1
        if o.to_move is not None:
            d["to_move"][o.to_move] = 1
        d["lead"][o.lead] = 1
        d["phase"][list(Phase).index(o.phase)] = 1
        d["round"][0] = o.round
        if o.current_site is not None:
            d["site"][g.site_ids.index(o.current_site)] = 1
        d["threshold"][0] = o.threshold or 0
        statuses = list(SiteStatus)
        for i, st in enumerate(o.site_status):
            d["status"][i * len(statuses) + statuses.index(st)] = 1
        for i, seats in enumerate(o.site_pawns):
            for p in seats:
                d["pawns"][i * o.players + p] = 1
        for v in o.hand:
            d["hand"][v] += 1
        for p, cards in enumerate(o.face_up):
            for v in cards:
                d["face_up"][p * nv + v] += 1
        d["hand_count"][:] = o.hand_count
        d["face_down_count"][:] = o.face_down_count
        d["coins"][:] = o.coins
        d["pawns_left"][:] = o.pawns_left
        d["has_bet"][:] = o.has_bet
        if o.my_bet is not None:
            d["my_bet"][o.my_bet] = 1
        for p, v in enumerate(o.bets or ()):
            if v is not None and v >= 0:
                d["bets"][p * nv + v] = 1
        for p in o.reinforcers:
            d["reinforcers"][p] = 1
        for p, r in enumerate(o.reinforcements):
            if r is not None:
                d["reinforcements"][p * nv + r] = 1
        for v in o.discard:
            d["discard"][v] += 1
        d["bank"][0] = o.bank
        for p, cards in enumerate(o.known_hand):
            for v in cards:
                d["known"][p * nv + v] += 1

    def string_from(self, state: MidiSpielState, player: int) -> str:
        if state.s is None:
            return f"p{player} dealing"
        return observation_string(state.observation(player), with_log=self.perfect_recall)


pyspiel.register_game(MIDI_GAME_TYPE, MidiSpielGame)
