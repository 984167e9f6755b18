"""Arriala bots: ``random``, ``heuristic`` and ``expert``.

Every bot decides from an :class:`~.observation.ArrialaObservation` only (A-R11) and
returns a :class:`~canal_heritage.core.bots.BotMove` whose explanation is a message key plus
arguments. A turn is several actions: a bot is asked once per action.

- ``heuristic`` is greedy: it plays the single action that most improves its evaluation
  of the board (:func:`evaluate`), until nothing helps, then ends its turn.
- ``expert`` plans the whole turn: a beam search over sequences of actions in a few
  determinizations (the unseen cards dealt at random, :func:`.observation.sample_state`),
  with an evaluation that also counts the sections the next player could complete and
  steal. It keeps its plan while the turn goes as planned, and plans again after a draw.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..core.bots import Bot, BotMove
from . import actions as A
from .observation import ArrialaObservation, sample_state
from .scoring import majority
from .state import RESERVE, VINE, ArrialaState

BOT_NAMES = ("random", "heuristic", "expert")
_W = A.W


# ---------------------------------------------------------------------- evaluation
def evaluate(s: ArrialaState, p: int, *, threat: bool = False) -> float:
    """How good the board is for ``p``: points ahead of the best opponent, plus what the
    open sections and vineyards promise, plus cards and workers in reserve. With
    ``threat``, sections the next player could complete and win count against ``p``."""
    g = s.game
    score = s.points
    others = [score[o] for o in range(g.owners) if o != p]
    value: float = score[p] - (max(others) if others else 0)
    if s.is_terminal():
        return value * 10.0 + (5.0 if s.winners == [p] else 0.0)
    occ = s.occ
    table = g.table
    owners = g.owners
    opp_weight = 1.0 if owners == 2 else 0.6
    for a, z in s.sections():
        if s.closed[a]:
            continue
        size = z - a + 1
        counts = [0] * owners
        k = 0
        for c in range(a, z + 1):
            w = occ[c]
            if w >= 0:
                counts[w // _W] += 1
                k += 1
        if not k:
            continue
        value += 0.15 * table[size] / size * counts[p]  # a foothold for later
        win, _ = majority(counts)
        if win is None:
            continue
        weight = table[size] * (k / size) * 0.5
        value += weight if win == p else -weight * opp_weight
    plain = s.board.plain
    closed, lock = s.closed, s.lock
    progress = sum(1 for c in plain if closed[c] or lock[c]) / len(plain)  # how much canal is done
    for v, spot in enumerate(s.board.vineyards):
        win, _ = majority(s.vine[v])
        if win is None:
            continue
        weight = spot.capacity * (0.15 + 0.65 * progress) ** 2
        value += weight if win == p else -weight * opp_weight
    value += 0.5 * min(sum(s.hand[p]), 3)  # a few cards are useful; a pile is not
    value += 0.2 * sum(1 for w in range(p * _W, p * _W + _W) if s.loc[w] == RESERVE) * (1 - progress)
    if threat:
        value -= 0.8 * _threat(s, p)
    return value


def _threat(s: ArrialaState, p: int) -> float:
    """Points the next player could take next turn by filling a nearly complete section
    with their own workers (a quick estimate: nearest workers, 5 AP, one placement)."""
    g = s.game
    q = (s.to_move + 1) % g.players if s.to_move == p else s.to_move
    if q == p:
        return 0.0
    occ, loc = s.occ, s.loc
    best = 0.0
    mine = [w for w in range(q * _W, q * _W + _W) if 0 <= loc[w] < VINE]
    reserve = any(loc[w] == RESERVE for w in range(q * _W, q * _W + _W))
    ap = g.rules.action_points
    for a, z in s.sections():
        if s.closed[a]:
            continue
        empty = [c for c in range(a, z + 1) if occ[c] < 0]
        if not empty or len(empty) > 2:
            continue
        counts = [0] * g.owners
        for c in range(a, z + 1):
            if occ[c] >= 0:
                counts[occ[c] // _W] += 1
        budget = ap
        used: set[int] = set()
        filled = 0
        for c in empty:
            dist = min((abs(loc[w] - c) for w in mine if w not in used and not (a <= loc[w] <= z)), default=99)
            if dist <= budget:
                budget -= dist
                filled += 1
                used.add(min((w for w in mine if w not in used and not (a <= loc[w] <= z)),
                             key=lambda w: abs(loc[w] - c)))
            elif reserve and budget >= g.costs.place:
                budget -= g.costs.place
                reserve = False
                filled += 1
        if filled < len(empty):
            continue
        counts[q] += len(empty)
        win, _ = majority(counts)
        if win == q:
            best = max(best, g.table[z - a + 1])
    return best


# ---------------------------------------------------------------------- explanations
def _explain(s: ArrialaState, action: int) -> tuple[str, dict[str, Any]]:
    """A message key + args saying what the action is for."""
    g = s.game
    d = A.decode(action, g.effects)
    p = s.to_move
    if d.kind == "end_turn":
        return "bot.arriala.end_turn", {"player": p, "ap": s.ap}
    after = s.clone(log=False)
    after._apply(action)
    gained = after.points[p] - s.points[p]
    if gained > 0:
        kinds = {"lock": "bot.arriala.lock", "river_work": "bot.arriala.river_work"}
        key = kinds.get(d.kind, "bot.arriala.scores")
        if d.kind == "card" and g.effects[d.card] == "engineering_work":
            key = "bot.arriala.engineering_work"
        return key, {"player": p, "points": gained}
    if d.kind == "draw":
        return "bot.arriala.draw", {"player": p}
    if d.kind == "place":
        return "bot.arriala.place", {"player": p, "cell": s.board.cell_id(d.cell)}
    if d.kind in ("to_vineyard",) or (d.kind == "card" and g.effects[d.card] == "to_vineyard"):
        return "bot.arriala.vineyard", {"player": p, "vineyard": s.board.vineyards[d.vineyard].id}
    if d.cell >= 0 and d.worker >= 0:
        sec = s.section_of(d.cell)
        if sec is not None:
            return "bot.arriala.majority", {"player": p, "first": s.board.cell_id(sec[0]),
                                            "last": s.board.cell_id(sec[1]), "mine": d.worker // _W == p}
    return "bot.arriala.position", {"player": p}


# ---------------------------------------------------------------------- bots
class RandomBot:
    """Plays a uniformly random legal action (ending the turn as likely as any other)."""

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, obs: ArrialaObservation) -> BotMove:
        action = self.rng.choice(obs.legal_actions)
        return BotMove(action, "bot.arriala.random", {"player": obs.player})


def _candidates(s: ArrialaState) -> list[int]:
    """Legal actions worth thinking about: every action except moves of other players'
    workers that neither enter nor leave a section (they change nothing that scores)."""
    out = []
    loc = s.loc
    p = s.to_move
    is_town = s.board.is_town
    g = s.game
    for a in s.legal_actions():
        if A.MOVE <= a < A.PLACE:
            w, c = divmod(a - A.MOVE, 64)
            if w // _W != p and is_town[c] and is_town[loc[w]]:
                continue
        elif a >= A.CARD:
            k, t = divmod(a - A.CARD, A.CARD_SPAN)
            if g.effects[k] == "move":
                w, c = divmod(t, 64)
                if w // _W != p and is_town[c] and is_town[loc[w]]:
                    continue
        out.append(a)
    return out


def greedy_action(s: ArrialaState, p: int, *, threat: bool = False, margin: float = 0.05) -> tuple[int, float]:
    """The single action that most improves :func:`evaluate` for ``p`` (END_TURN if none)."""
    base = evaluate(s, p, threat=threat)
    best, best_v = A.END_TURN, base + margin
    for a in _candidates(s):
        if a == A.END_TURN:
            continue
        t = s.clone(log=False)
        t._apply(a)
        v = evaluate(t, p, threat=threat)
        if v > best_v:
            best, best_v = a, v
    return best, best_v


class HeuristicBot:
    """Greedy, one action at a time (see the module docstring)."""

    name = "heuristic"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, obs: ArrialaObservation) -> BotMove:
        s = sample_state(obs, self.rng)  # hidden cards do not matter to a greedy choice
        action, _ = greedy_action(s, obs.player)
        if action not in obs.legal_actions:  # defensive: never play an illegal action
            action = A.END_TURN
        key, args = _explain(s, action)
        return BotMove(action, key, args)


class ExpertBot:
    """Plans a whole turn by beam search over determinizations (see the module docstring).

    Args:
        rng: the bot's own random generator.
        determinizations: how many ways to deal the unseen cards.
        beam: sequences kept at each step.
        replies: how many of the best plans are checked against the next player's greedy reply.
        budget: seconds per plan (``None``: no time limit, for reproducible simulations).
    """

    name = "expert"

    def __init__(self, rng: random.Random | None = None, *, determinizations: int = 2, beam: int = 5,
                 replies: int = 4, budget: float | None = None) -> None:
        self.rng = rng or random.Random()
        self.replies = replies
        self.determinizations = determinizations
        self.beam = beam
        self.budget = budget
        self._plan: list[int] = []
        self._expect: tuple[Any, ...] | None = None

    @staticmethod
    def _fingerprint(obs: ArrialaObservation) -> tuple[Any, ...]:
        return (obs.round, obs.to_move, obs.ap, obs.loc, obs.lock, obs.hand, obs.deck_size)

    def choose(self, obs: ArrialaObservation) -> BotMove:
        if self._plan and self._expect == self._fingerprint(obs) and self._plan[0] in obs.legal_actions:
            action = self._plan.pop(0)
        else:
            self._plan = self.plan(obs)
            action = self._plan.pop(0)
        s = sample_state(obs, self.rng)
        key, args = _explain(s, action)
        if action != A.END_TURN and action != A.DRAW and self._plan:
            t = s.clone(log=False)
            t._apply(action)
            self._expect = self._fingerprint(t.observation(obs.player)) if not t.is_terminal() else None
        else:
            self._plan = []
            self._expect = None
        return BotMove(action, key, args)

    def plan(self, obs: ArrialaObservation) -> list[int]:
        """The best sequence of actions for the rest of this turn (ends with END_TURN or
        the last AP spent)."""
        p = obs.player
        start = time.perf_counter()
        totals: dict[tuple[int, ...], float] = {}
        for _i in range(self.determinizations):
            root = sample_state(obs, self.rng)
            for seq, value in self._beam(root, p, start):
                totals[seq] = totals.get(seq, 0.0) + value
            if self.budget is not None and time.perf_counter() - start > self.budget:
                break
        if not totals:
            return [A.END_TURN]
        ranked = sorted(totals, key=lambda q: (totals[q], -len(q)), reverse=True)[: max(1, self.replies)]
        best = ranked[0]
        if len(ranked) > 1 and (self.budget is None or time.perf_counter() - start < self.budget):
            # check the best few plans against the next player's likely reply
            replies = {seq: 0.0 for seq in ranked}
            for _i in range(self.determinizations):
                root = sample_state(obs, self.rng)
                for seq in ranked:
                    replies[seq] += self._after_reply(root, seq, p)
            best = max(ranked, key=lambda q: (replies[q], totals[q]))
        plan = list(best)
        if not plan or plan[0] not in obs.legal_actions:
            return [A.END_TURN]
        return plan

    @staticmethod
    def _after_reply(root: ArrialaState, seq: tuple[int, ...], p: int) -> float:
        """Play ``seq`` then the next player's greedy turn; the value for ``p`` after it."""
        s = root.clone(log=False)
        for a in seq:
            if s.is_terminal() or s.to_move != p:
                break
            if a not in s.legal_actions():
                return float("-inf")
            s._apply(a)
        if not s.is_terminal() and s.to_move == p:
            s._apply(A.END_TURN)
        q = s.to_move
        for _ in range(8):
            if s.is_terminal() or s.to_move != q:
                break
            a, _ = greedy_action(s, q)
            s._apply(a)
        return evaluate(s, p)

    def _beam(self, root: ArrialaState, p: int, start: float) -> list[tuple[tuple[int, ...], float]]:
        """Beam search over this turn; returns (sequence, value) for the best few turns."""
        beam: list[tuple[tuple[int, ...], ArrialaState]] = [((), root)]
        finished: list[tuple[tuple[int, ...], float]] = []
        while beam:
            expanded: list[tuple[tuple[int, ...], ArrialaState]] = []
            for seq, s in beam:
                base = evaluate(s, p, threat=True)
                finished.append((seq + (A.END_TURN,), base))
                scored = []
                for a in _candidates(s):
                    if a == A.END_TURN:
                        continue
                    t = s.clone(log=False)
                    t._apply(a)
                    if t.is_terminal() or t.to_move != p:
                        finished.append((seq + (a,), evaluate(t, p, threat=True)))
                        continue
                    scored.append((evaluate(t, p, threat=False), a, t))
                scored.sort(key=lambda x: x[0], reverse=True)
                expanded.extend((seq + (a,), t) for _, a, t in scored[: self.beam])
            # keep the best few across the beam (by a full evaluation)
            ranked = sorted(expanded, key=lambda x: evaluate(x[1], p, threat=True), reverse=True)
            beam = ranked[: self.beam]
            if self.budget is not None and time.perf_counter() - start > self.budget:
                for seq, s in beam:
                    finished.append((seq + (A.END_TURN,), evaluate(s, p, threat=True)))
                break
        # a sequence's value: the best finished value with that exact sequence
        best: dict[tuple[int, ...], float] = {}
        for seq, v in finished:
            if v > best.get(seq, float("-inf")):
                best[seq] = v
        return sorted(best.items(), key=lambda x: x[1], reverse=True)[:10]


def make_bot(name: str, rng: random.Random, game: object = None, **options: object) -> Bot:
    """A bot by name (``random``, ``heuristic``, ``expert``)."""
    if name == "random":
        return RandomBot(rng)
    if name == "heuristic":
        return HeuristicBot(rng)
    if name == "expert":
        return ExpertBot(rng, **options)  # type: ignore[arg-type]
    raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")
