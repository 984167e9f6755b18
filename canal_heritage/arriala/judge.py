"""How the game review (:mod:`canal_heritage.review`) weighs an Arriala decision.

A decision (one action) is judged from the seat's observation only (A-R11): each sampled world
(:func:`~.observation.sample_state`) deals the cards the seat could not see, the option is
played in it, the seat finishes its turn as the heuristic bot would (the best single action
until nothing helps), every other player then plays its next turn the same way (with the cards
the world dealt it), and the board is valued as the expert values it (:func:`~.bots.evaluate`,
with the threat of the next turn): the seat's lead in points plus what the open sections and
vineyards promise. An Arriala game is too long to play out to its end thousands of times in
a few seconds; this is a round deep, judged as the expert judges.

The options weighed are the six that look best one action deep, and the one played.
"""

from __future__ import annotations

import random
from typing import Any

from . import actions as A
from .bots import _candidates, evaluate, greedy_action
from .narration import Narrator
from .observation import ArrialaObservation, sample_state
from .state import ArrialaState

#: options weighed at a decision besides the one played (the best one action deep)
OPTIONS = 6
#: at most this many actions to finish the seat's turn after the option
TURN_STEPS = 8
#: worlds of the review's two rounds: the cards the seat cannot see change little of a turn's
#: value, so fewer worlds than Canal du Midi's full games need
PICK_WORLDS = 4
WEIGH_WORLDS = 16


def options(obs: ArrialaObservation) -> list[int]:
    """The options worth weighing: the :data:`OPTIONS` best one action deep, in one world."""
    s = sample_state(obs, random.Random(0))
    p = obs.player
    scored = []
    for a in _candidates(s):
        t = s.clone(log=False)
        t._apply(a)
        scored.append((evaluate(t, p, threat=True), a))
    scored.sort(key=lambda x: x[0], reverse=True)
    return [a for _, a in scored[:OPTIONS]]


def world(obs: ArrialaObservation, rng: random.Random) -> ArrialaState:
    """A full position consistent with everything ``obs`` knows, the rest dealt by ``rng``."""
    return sample_state(obs, rng)


def play_out(state: ArrialaState, option: int, seat: int, rng: random.Random) -> tuple[float, bool, dict[str, Any]]:
    """Play ``option`` in ``state`` (changed in place), finish the seat's turn greedily and value
    the board.

    Returns:
        the expert's value of the board for the seat (its lead in points and promises), whether
        the seat is then ahead, and ``points`` (what the option scored at once).
    """
    before = state.points[seat]
    state._apply(option)
    facts: dict[str, Any] = {"points": float(state.points[seat] - before)}
    _finish_turn(state, seat)
    # then every other player's next turn, as the heuristic bot plays it (their cards are the
    # world's: dealt at random from what the seat could not see)
    for _ in range(state.game.players - 1):
        if state.is_terminal():
            break
        _finish_turn(state, state.to_move)
    if state.is_terminal():  # the game's end: the lead in points, and who won (A-R18)
        points = state.points
        lead = points[seat] - max(points[o] for o in range(len(points)) if o != seat)
        return float(lead), seat in (state.winners or ()), facts
    value = evaluate(state, seat, threat=True)
    return value, value > 0, facts


def _finish_turn(state: ArrialaState, player: int) -> None:
    """``player`` plays the best single action until nothing helps (at most :data:`TURN_STEPS`)."""
    for _ in range(TURN_STEPS):
        if state.is_terminal() or state.to_move != player:
            return
        action, _ = greedy_action(state, player)
        state._apply(action)
        if action == A.END_TURN:
            return


def say_option(narrator: Narrator, option: int) -> str:
    """An option as the table's buttons say it ("Move Ana's worker 2 to Agen")."""
    return narrator.action(option)


def say_why(narrator: Narrator, option: int, facts: dict[str, float]) -> str:
    """What the option did at once, in plain words ("scores 3 points at once"), or nothing."""
    points = round(facts.get("points", 0.0))
    if points <= 0:
        return ""
    return narrator.tr.ui_plural("review.arriala.scores", "scores {n} point at once", "scores {n} points at once",
                                 points)


def replay(data: dict[str, Any]) -> tuple[ArrialaState, ArrialaState]:
    """A saved game (parsed): its opening position and its end (the record checked, A-R12)."""
    from .record import load_record, parse_record

    final = load_record(data)
    record = parse_record(data)
    return record.game().new_initial_state(record.seed, first=record.first), final


def say_measure(tr: Any) -> str:
    """What a review's points are, for Arriala."""
    return tr.ui("review.arriala.measure", "Points: your lead over the best other player once everyone has "
                 "played one more turn, with what the open sections and vineyards promise, as the expert bot "
                 "values the board.")
