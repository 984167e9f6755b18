"""Canal du Midi bots: ``random``, ``heuristic`` and ``expert``.

Every bot is built with an injected :class:`random.Random`, decides from its player's
:class:`~.observation.Observation` only (M-R1), and returns a
:class:`~canal_heritage.core.bots.BotMove` whose explanation is a message key plus arguments.

* :class:`RandomBot` picks uniformly among the legal actions.
* :class:`HeuristicBot` follows rules of thumb a student could apply at the table: strong
  workers on valuable sites, weak ones on cheap sites; spend a coin only when it should
  win or build a valuable site; take strong face-up cards; trade up.
* :class:`ExpertBot` searches: it samples the hidden cards consistently with what it knows
  (:mod:`.belief`), plays each candidate move forward in many sampled worlds with a quick
  rule-of-thumb policy, and keeps the move that wins most often (determinized Monte Carlo).
"""

from __future__ import annotations

import random
import time
from statistics import mean

from ..core.bots import Bot, BotMove
from . import actions as A
from .belief import sample_state
from .observation import Observation
from .scoring import fast_totals, fast_winners
from .state import MidiGame, MidiState, Phase

BOT_NAMES = ("random", "heuristic", "expert")


class RandomBot:
    """Uniformly random among the legal actions."""

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, obs: Observation) -> BotMove:
        a = self.rng.choice(obs.legal_actions)
        return BotMove(a, "bot.midi.random", {"action": A.to_text(a)})


# --------------------------------------------------------------------------- heuristic
def _hand_guess(obs: Observation, seat: int) -> list[int]:
    """Values that may be in ``seat``'s hand, from ``obs`` only."""
    vals = list(obs.known_hand[seat])
    for v, where in obs.unseen:
        if (seat, "hand") in where:
            vals.append(v)
    return vals


def _site_value(obs: Observation, game: MidiGame) -> int:
    assert obs.current_site is not None
    return game.value[game.site_index(obs.current_site)]


class HeuristicBot:
    """Rules of thumb a student could follow (see the module docstring)."""

    name = "heuristic"
    #: sites worth at least this get your strongest worker
    HIGH = 7
    #: sites worth at most this get your weakest worker
    LOW = 4

    def __init__(self, rng: random.Random | None = None, game: MidiGame | None = None) -> None:
        self.rng = rng or random.Random(0)
        self._game = game

    def game(self, obs: Observation) -> MidiGame:
        if self._game is None or self._game.players != obs.players:
            self._game = MidiGame(obs.players)
        return self._game

    def choose(self, obs: Observation) -> BotMove:
        legal = obs.legal_actions
        if obs.phase == "draw":
            return self._draw(obs, legal)
        if obs.phase == "bet":
            return self._bet(obs, legal)
        if obs.phase in ("reinforce_start", "reinforce_join"):
            return self._reinforce(obs)
        return self._trade(obs, legal)

    def _draw(self, obs: Observation, legal: tuple[int, ...]) -> BotMove:
        ups = [a - A.DRAW_UP for a in legal if a != A.DRAW_DOWN]
        mine_down = [v for v, where in obs.unseen if (obs.player, "face_down") in where]
        if ups and (A.DRAW_DOWN not in legal or not mine_down or max(ups) >= mean(mine_down)):
            return BotMove(A.draw_up(max(ups)), "bot.midi.draw_best_face_up", {"value": max(ups)})
        return BotMove(A.DRAW_DOWN, "bot.midi.draw_face_down",
                       {"average": round(mean(mine_down), 1) if mine_down else None})

    def _bet(self, obs: Observation, legal: tuple[int, ...]) -> BotMove:
        hand = sorted(a - A.BET for a in legal)
        value = _site_value(obs, self.game(obs))
        if len(hand) == 1:
            return BotMove(A.bet(hand[0]), "bot.midi.bet_last", {"value": hand[0]})
        if value >= self.HIGH:
            return BotMove(A.bet(hand[-1]), "bot.midi.bet_high", {"value": hand[-1], "site_value": value})
        if value <= self.LOW:
            return BotMove(A.bet(hand[0]), "bot.midi.bet_low", {"value": hand[0], "site_value": value})
        mid = hand[len(hand) // 2]
        return BotMove(A.bet(mid), "bot.midi.bet_middle", {"value": mid, "site_value": value})

    def _reinforce(self, obs: Observation) -> BotMove:
        game = self.game(obs)
        me = obs.player
        value = _site_value(obs, game)
        bets = list(obs.bets or ())
        threshold = obs.threshold or 0
        expected = mean(obs.discard) if obs.discard else 0.0
        best_other = max(b for p, b in enumerate(bets) if p != me)
        mine = bets[me]
        total = sum(bets)
        # A coin is worth 2 points at the end: spend it only for a clear gain.
        if obs.discard and value >= 6 and expected >= 2.5:
            if mine == best_other and total >= threshold:
                return BotMove(A.REINFORCE, "bot.midi.reinforce_break_tie", {"site_value": value})
            if mine > best_other and total < threshold <= total + expected + 1:
                return BotMove(A.REINFORCE, "bot.midi.reinforce_build", {"missing": threshold - total})
            if 0 < best_other - mine <= expected - 1 and total + expected >= threshold:
                return BotMove(A.REINFORCE, "bot.midi.reinforce_overtake", {"behind": best_other - mine})
        return BotMove(A.DECLINE, "bot.midi.keep_coin", {"points": game.rules.points_per_unused_coin})

    def _trade(self, obs: Observation, legal: tuple[int, ...]) -> BotMove:
        best: tuple[float, int] = (0.0, A.TRADE_PASS)
        for a in legal:
            d = A.decode(a)
            if d.trade == "up":
                gain = float((d.take or 0) - (d.value or 0))
            elif d.trade == "hand":
                theirs = _hand_guess(obs, d.seat or 0)
                gain = (mean(theirs) if theirs else 0.0) - (d.value or 0)
            else:
                continue
            if gain > best[0] + 1e-9:
                best = (gain, a)
        if best[1] == A.TRADE_PASS:
            return BotMove(A.TRADE_PASS, "bot.midi.trade_pass", {})
        d = A.decode(best[1])
        return BotMove(best[1], "bot.midi.trade_up" if d.trade == "up" else "bot.midi.trade_hand",
                       {"give": d.value, "take": d.take, "seat": d.seat})


# --------------------------------------------------------------------------- expert
def rollout_action(state: MidiState, rng: random.Random, explore: float = 0.25) -> int:
    """The quick policy used inside the expert's simulations (full-state, cheap): rules of
    thumb, with a random bet ``explore`` of the time and random reinforcement answers as
    often, so the simulated players cover careful and erratic opponents alike."""
    ph = state.phase
    game = state.game
    val = game.card_value
    p = state.queue[0]
    if ph == Phase.BET:
        hand = state.hand[p]
        if len(hand) == 1:
            return A.BET + val[hand[0]]
        values = sorted(val[c] for c in hand)
        v = game.value[state.site]
        if rng.random() < explore:
            return A.BET + rng.choice(values)
        if v >= 7:
            return A.BET + values[-1]
        if v <= 4:
            return A.BET + values[0]
        return A.BET + values[len(values) // 2]
    if ph == Phase.DRAW:
        up = state.up[p]
        if up:
            best = max(val[c] for c in up)
            if best >= 4 or not state.down[p]:
                return A.DRAW_UP + best
        return A.DRAW_DOWN
    if ph == Phase.TRADE:
        return A.TRADE_PASS
    # reinforcements: now and then at random, else only when it can matter
    if rng.random() < explore * 0.5:
        return A.REINFORCE if rng.random() < 0.5 else A.DECLINE
    if state.discard and rng.random() < 0.15 and game.value[state.site] >= 6:
        return A.REINFORCE
    return A.DECLINE


def playout(state: MidiState, rng: random.Random, explore: float = 0.25) -> None:
    """Play ``state`` to the end with :func:`rollout_action` (no checks, no log)."""
    while state.phase != Phase.END:
        state._apply(rollout_action(state, rng, explore))


def outcome(state: MidiState, player: int) -> float:
    """Win share for ``player`` (1, 1/k for a k-way shared win, 0) plus a small margin term."""
    winners = fast_winners(state)
    totals = fast_totals(state)
    other = max(t for p, t in enumerate(totals) if p != player)
    win = 1.0 / len(winners) if player in winners else 0.0
    return win + 0.01 * (totals[player] - other)


class ExpertBot:
    """Determinized Monte Carlo search over sampled hidden cards.

    Args:
        rng: the generator for sampling and simulations.
        iterations: sampled worlds per decision (each plays every candidate move out).
        time_limit: optional cap in seconds; the search stops at whichever comes first.
            Leave it ``None`` for reproducible games.
        explore: how often the simulated players bet or answer at random instead of by
            rule of thumb. A broad model of opponents (0.85) did best against careful and
            erratic players together in our trials (docs/performance.md).
        max_playouts: at most this many games played out per decision: a decision with many
            options (a trade among 28) samples fewer worlds, so that it stays within time
            (never over 250 ms at 4 players); ``None``: ``iterations`` worlds always.
            The default leaves every decision of 12 options or fewer as it was.
    """

    name = "expert"

    def __init__(self, rng: random.Random | None = None, *, iterations: int = 60,
                 time_limit: float | None = None, game: MidiGame | None = None,
                 explore: float = 0.85, max_playouts: int | None = 720) -> None:
        self.rng = rng or random.Random(0)
        self.iterations = iterations
        self.max_playouts = max_playouts
        self.explore = explore
        self.time_limit = time_limit
        self._game = game

    def game(self, obs: Observation) -> MidiGame:
        if self._game is None or self._game.players != obs.players:
            self._game = MidiGame(obs.players)
        return self._game

    def choose(self, obs: Observation) -> BotMove:
        legal = list(obs.legal_actions)
        if len(legal) == 1:
            return BotMove(legal[0], "bot.midi.only_move", {"action": A.to_text(legal[0])})
        game = self.game(obs)
        rng = self.rng
        start = time.perf_counter()
        sums = [0.0] * len(legal)
        wins = [0.0] * len(legal)
        done = 0
        worlds = self.iterations
        if self.max_playouts is not None:
            worlds = max(1, min(worlds, self.max_playouts // len(legal)))
        for _ in range(worlds):
            world = sample_state(obs, rng, game)
            for i, a in enumerate(legal):
                s = world.clone(log=False)
                s._apply(a)
                playout(s, rng, self.explore)
                v = outcome(s, obs.player)
                sums[i] += v
                wins[i] += v >= 0.5
            done += 1
            if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                break
        i = max(range(len(legal)), key=lambda k: (sums[k], -k))
        win_rate = round(100 * wins[i] / done)
        return BotMove(legal[i], "bot.midi.expert", {"action": A.to_text(legal[i]), "win_percent": win_rate,
                                                      "worlds": done, "options": len(legal)})


def make_bot(name: str, rng: random.Random, game: MidiGame | None = None, **options: object) -> Bot:
    """A bot by name: ``random``, ``heuristic`` or ``expert``."""
    if name == "random":
        return RandomBot(rng)
    if name == "heuristic":
        return HeuristicBot(rng, game)
    if name == "expert":
        return ExpertBot(rng, game=game, **options)  # type: ignore[arg-type]
    raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")
