"""An information-set tree search for Canal du Midi (issue 29, item 4): single-observer ISMCTS.

The expert bot (:class:`~.bots.ExpertBot`) plays every option out in many sampled worlds and
keeps the best average: a search one decision deep. This search grows a tree over the decisions
that follow, shared by every sampled world, so that with more time it looks further:

- each iteration deals a world consistent with what the searching seat knows
  (:func:`~.belief.sample_state`, M-R1), and walks down the tree choosing, at each decision,
  among the actions legal *in that world* by UCB (an action's statistics count only the
  iterations in which it was available);
- a decision the searching seat could not see — another seat's sealed bet — is not branched
  on (the seat's later decisions must not depend on it): it is played by the quick policy and
  the walk goes on through a single child. (One simplification, at 3 or 4 players: a hand trade
  between two other seats is branched on by the card given, which the searching seat would not
  know; the trades are rare and late.)
- at the first decision not yet in the tree, one child is added and the game is played to its
  end by the quick policy (:func:`~.bots.rollout_action`), and every decision on the way is
  credited with the result for the seat that took it (a win share and a little of the margin,
  :func:`~.bots.outcome`).

The move played is the root's most visited option.
"""

from __future__ import annotations

import math
import random
import time

from ..core.bots import BotMove
from . import actions as A
from .belief import sample_state
from .bots import outcome, rollout_action
from .observation import Observation
from .rules import BET, END
from .state import MidiGame, MidiState

#: UCB's exploration constant (rewards are win shares, 0 to 1)
EXPLORATION = 0.7
#: the quick policy's share of random bets and reinforcements (as the expert's simulations)
EXPLORE = 0.85
#: the key of a decision the searching seat cannot see (it is not branched on)
HIDDEN = -1


class _Child:
    __slots__ = ("avail", "node", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.node: dict[int, _Child] = {}


def _hidden_to(state: MidiState, seat: int) -> bool:
    """The decision now is another seat's sealed bet, which ``seat`` cannot see (M-R1)."""
    return state.phase == BET and state.queue[0] != seat


class InfoSetSearch:
    """Canal du Midi's search bot (see the module docstring).

    Args:
        rng: the generator for worlds and play-outs.
        time_limit: seconds per decision.
        iterations: at most this many iterations (``None``: until the time is up).
        game: the game described (default: the observation's player count).
    """

    name = "search"

    def __init__(self, rng: random.Random | None = None, *, time_limit: float | None = 0.1,
                 iterations: int | None = None, game: MidiGame | None = None) -> None:
        if time_limit is None and iterations is None:
            raise ValueError("give a time limit or a number of iterations")
        self.rng = rng or random.Random(0)
        self.time_limit = time_limit
        self.iterations = iterations
        self._game = game

    def game(self, obs: Observation) -> MidiGame:
        if self._game is None or self._game.players != obs.players:
            self._game = MidiGame(obs.players)
        return self._game

    def choose(self, obs: Observation) -> BotMove:
        legal = list(obs.legal_actions)
        if len(legal) == 1:
            return BotMove(legal[0], "bot.midi.only_move", {"action": A.to_text(legal[0])})
        game, rng, me = self.game(obs), self.rng, obs.player
        root: dict[int, _Child] = {}
        start = time.perf_counter()
        done = 0
        while True:
            self._iterate(sample_state(obs, rng, game), root, me, rng)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if self.time_limit is not None and done >= 2 and time.perf_counter() - start >= self.time_limit:
                break
        best = max(legal, key=lambda a: (root[a].visits, root[a].total) if a in root else (-1, 0.0))
        child = root.get(best)
        win = round(100 * child.total / child.visits) if child and child.visits else 0
        return BotMove(best, "bot.midi.expert", {"action": A.to_text(best), "win_percent": max(0, min(100, win)),
                                                 "worlds": done, "options": len(legal)})

    @staticmethod
    def _iterate(world: MidiState, root: dict[int, _Child], me: int, rng: random.Random) -> None:
        node = root
        path: list[tuple[_Child, int]] = []
        while world.phase != END:
            p = world.queue[0]
            legal = world.legal_actions()
            if len(legal) == 1 or _hidden_to(world, me):
                action = legal[0] if len(legal) == 1 else rollout_action(world, rng, EXPLORE)
                key = action if len(legal) == 1 else HIDDEN
                child = node.get(key)
                if child is None:
                    child = node[key] = _Child()
                child.avail += 1
                world._apply(action)
                path.append((child, p))
                node = child.node
                continue
            untried = [a for a in legal if a not in node]
            for a in legal:
                if a in node:
                    node[a].avail += 1
            if untried:
                action = rng.choice(untried)
                child = node[action] = _Child()
                child.avail = 1
                world._apply(action)
                path.append((child, p))
                break
            best_score, action = -1.0, legal[0]
            for a in legal:
                c = node[a]
                score = c.total / c.visits + EXPLORATION * math.sqrt(math.log(c.avail) / c.visits)
                if score > best_score:
                    best_score, action = score, a
            child = node[action]
            world._apply(action)
            path.append((child, p))
            node = child.node
        while world.phase != END:
            world._apply(rollout_action(world, rng, EXPLORE))
        rewards = [outcome(world, q) for q in range(world.n)]
        for child, p in path:
            child.visits += 1
            child.total += rewards[p]
