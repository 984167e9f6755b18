"""How the game review (:mod:`canal_heritage.review`) weighs a Canal du Midi decision.

A decision is judged from the seat's :class:`~.observation.Observation` only (M-R1): each
sampled world (:func:`~.belief.sample_state`) deals the cards the seat could not see, the
option is played in it, and the game is played out to its end by the expert's quick policy
(:func:`~.bots.rollout_action`). The value of an option in a world is the seat's final lead:
its points minus the best other seat's points. The world also says what the option did to
the site in play (won alone, shared, lost), which the review turns into words.
"""

from __future__ import annotations

import random
from typing import Any

from . import actions as A
from .belief import sample_state
from .bots import rollout_action
from .narration import Narrator
from .observation import Observation
from .rules import BET, RJOIN, RSTART, Phase
from .scoring import fast_totals, fast_winners
from .state import MidiGame, MidiState

#: how often the played-out players bet or answer reinforcements at random (the expert's
#: simulations use the same policy, less erratic: a review judges against sensible play)
EXPLORE = 0.2

_GAMES: dict[int, MidiGame] = {}


def _game(players: int) -> MidiGame:
    if players not in _GAMES:
        _GAMES[players] = MidiGame(players)
    return _GAMES[players]


def options(obs: Observation) -> list[int]:
    """Every legal option (a Canal du Midi decision has at most a few dozen)."""
    return list(obs.legal_actions)


def world(obs: Observation, rng: random.Random) -> MidiState:
    """A full position consistent with everything ``obs`` knows, the rest dealt by ``rng``."""
    return sample_state(obs, rng, _game(obs.players))


def play_out(state: MidiState, option: int, seat: int, rng: random.Random) -> tuple[float, bool, dict[str, Any]]:
    """Play ``option`` in ``state`` (a sampled world, changed in place) and the game to its end.

    Returns:
        the seat's final lead (points minus the best other's), whether it won (alone or
        shared), and what the option did: for a bet or a reinforcement, ``site`` (the site in
        play) and ``won_site`` (1.0 when the seat had a pawn on it at the end, else 0.0).
    """
    site = state.site
    phase = state.phase
    state._apply(option)
    while state.phase != Phase.END:
        state._apply(rollout_action(state, rng, EXPLORE))
    facts: dict[str, Any] = {}
    if phase in (BET, RSTART, RJOIN) and site >= 0:
        facts = {"site": state.game.site_ids[site], "won_site": float(state.pawns[site] >> seat & 1)}
    totals = fast_totals(state)
    lead = totals[seat] - max(t for p, t in enumerate(totals) if p != seat)
    return float(lead), seat in fast_winners(state), facts


def say_option(narrator: Narrator, option: int) -> str:
    """An option as the table's buttons say it ("Bet a Digger (4)")."""
    return narrator.action(option)


def say_why(narrator: Narrator, option: int, facts: dict[str, float]) -> str:
    """What the option did in the worlds played out, in plain words: for a bet or a
    reinforcement, how often the seat won the site in play ("wins Écluses de Fonseranes (VIII)
    7 times in 10"), and that reinforcements spend a coin; otherwise nothing (the
    points say it)."""
    tr = narrator.tr
    site = facts.get("site")
    a = A.decode(option)
    if site is None or a.kind not in ("bet", "reinforce"):
        return ""
    share = round(10 * facts.get("won_site", 0.0))
    won = tr.ui("review.midi.won_site", "wins {site} {n} times in 10", site=narrator.site(str(site)), n=share)
    if a.kind == "reinforce":
        coin = (tr.ui("review.midi.spends_coin", "spends a coin") if a.yes
                else tr.ui_plural("review.midi.keeps_coin", "keeps the coin ({n} point at the end if it stays unused)",
                                  "keeps the coin ({n} points at the end if it stays unused)",
                                  narrator.game.rules.points_per_unused_coin))
        return tr.join([coin, won])
    return won


def replay(data: dict[str, Any]) -> tuple[MidiState, MidiState]:
    """A saved game (parsed): its opening position and its end (the record checked, M-R10)."""
    from .record import load_record, parse_record

    final = load_record(data)
    record = parse_record(data)
    return record.game().new_initial_state(record.seed, first=record.first), final


def say_measure(tr: Any) -> str:
    """What a review's points are, for Canal du Midi."""
    return tr.ui("review.midi.measure", "Points: your lead over the best other player at the end of the game, "
                 "on average over the games played out from each decision.")
