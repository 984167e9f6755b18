"""The guided first round: which hint to show a new visitor now, read from
the match's observation and the visitor's legal actions, never from a rule of its own.

Pure Python, no Panel: :func:`guide_step` says which :class:`GuideStep` fits a position
(its id, its words, the CSS class of the real control it points at), as the game's match
says it (:meth:`~canal_heritage.matches.table.TableMatch.guide_step`: Canal du Midi's steps
are :func:`midi_step`, Arriala's :func:`arriala_step`), and :class:`GuideState` remembers
what the visitor has seen, so that following a hint (making the move it points at) or
pressing "Got it" brings the next one. Bubbles are drawn by
:mod:`canal_heritage.views.tables.guide_bubble`; they never block a choice.

A step is either a *move* step (``kind="act"``: it points at the controls of the move the
visitor must make now, and is done when the game moves on) or an *information* step
(``kind="info"``: a word of the game pointed out on the table, done with "Got it"). The guide
stops after the first round with "You're on your own now", or at any time with "Skip".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .. import games
from ..arriala import actions as arriala_actions
from ..i18n import Translator
from ..midi.data import load_midi_data

#: Where the bubbles point: the CSS classes of the tables' real controls.
MIDI_TARGETS = {"strip": "canal-strip", "choices": "choices", "players": "players"}
ARRIALA_TARGETS = {"map": "arriala-map", "palette": "palette", "place": "pal-place", "move": "pal-move",
                   "end": "pal-end_turn", "sections": "arriala-map"}


@dataclass(frozen=True)
class GuideStep:
    """One hint: ``id``, its words, and the CSS class of the control it points at.

    ``kind`` is ``"act"`` (make this move; done when the game moves on) or ``"info"`` (done
    with "Got it"); ``last`` marks the farewell ("You're on your own now")."""

    id: str
    title: str
    text: str
    target: str
    kind: Literal["act", "info"] = "info"
    last: bool = False


# ---------------------------------------------------------------------- Canal du Midi
def midi_step(obs: Any, legal: Sequence[int], seen: set[str] | frozenset[str], tr: Translator) -> GuideStep | None:
    """The Canal du Midi hint for the visitor's position (``obs``: their
    :class:`~canal_heritage.midi.observation.Observation`; ``legal``: their legal actions
    now, empty when it is not their turn), or None."""
    if not legal or obs is None:
        return None
    rules = load_midi_data().rules
    phase = str(obs.phase)
    steps: list[tuple[str, Callable[[], GuideStep]]] = []
    if "goal" not in seen:
        steps.append(("goal", lambda: GuideStep(
            "goal", tr.ui("guide.midi.goal.title", "The goal"),
            tr.ui("guide.midi.goal", "You build the Canal du Midi with Riquet's engineers. Here are its work sites, "
                                     "from Toulouse to the sea. Win sites: each is worth recognition points. "
                                     "After {rounds} rounds, the most points wins.", rounds=rules.rounds),
            MIDI_TARGETS["strip"])))
    if obs.round >= 2:
        if "result" not in seen:
            steps.append(("result", lambda: GuideStep(
                "result", tr.ui("guide.midi.result.title", "Who won the site"),
                tr.ui("guide.midi.result", "When the cards reach the total, the highest card wins the site: a "
                                           "pawn in the winner's colour and shape stands on it. When they do not, "
                                           "the site is delayed (an hourglass): at the end it goes to whoever holds "
                                           "the sites on both sides of it."),
                MIDI_TARGETS["strip"])))
        if "coins" not in seen:
            steps.append(("coins", lambda: GuideStep(
                "coins", tr.ui("guide.midi.coins.title", "Your R coins"),
                tr.ui_plural("guide.midi.coins", "You have {n} Riquet coin (R). Put your pawns on every site from "
                                                 "one town to the next to earn another. Each coin you keep is worth "
                                                 "{points} points at the end.",
                             "You have {n} Riquet coins (R). Put your pawns on every site from one town to the next "
                             "to earn another. Each coin you keep is worth {points} points at the end.",
                             obs.coins[obs.player], points=rules.points_per_unused_coin),
                MIDI_TARGETS["players"])))
    if phase == "bet":
        steps.append(("bet", lambda: GuideStep(
            "bet", tr.ui("guide.midi.bet.title", "Bet a worker card"),
            tr.ui("guide.midi.bet", "These are the worker cards in your hand. Bet one on the site: everybody's "
                                    "cards together must reach {threshold} worker points to build it, and the "
                                    "highest card wins it.", threshold=obs.threshold if obs.threshold else "?"),
            MIDI_TARGETS["choices"], "act")))
    if phase == "draw":
        steps.append(("draw", lambda: GuideStep(
            "draw", tr.ui("guide.midi.draw.title", "Take a card"),
            tr.ui("guide.midi.draw", "Your hand is short: take a card from in front of you. Face up, you know what "
                                     "you get; face down, it is a surprise."),
            MIDI_TARGETS["choices"], "act")))
    if phase in ("reinforce_start", "reinforce_join"):
        steps.append(("reinforce", lambda: GuideStep(
            "reinforce", tr.ui("guide.midi.reinforce.title", "Reinforcements?"),
            tr.ui("guide.midi.reinforce", "The bets are shown. You may spend one R coin for reinforcements: a "
                                          "random card from the discard pile is added to your bet. If the pile is "
                                          "empty, the coin is lost. You may also say no."),
            MIDI_TARGETS["choices"], "act")))
    if phase == "trade":
        steps.append(("trade", lambda: GuideStep(
            "trade", tr.ui("guide.midi.trade.title", "The tent trade"),
            tr.ui("guide.midi.trade", "You hold a second site with a tent: you may swap one of your cards with "
                                      "another player's. You may also pass."),
            MIDI_TARGETS["choices"], "act")))
    if obs.round >= 2 and (phase != "draw" or "draw" in seen or obs.round >= 3):
        steps.append(("done", lambda: _done(tr, MIDI_TARGETS["choices"])))
    for step_id, make in steps:
        if step_id not in seen:
            return make()
    return None


# ---------------------------------------------------------------------- Arriala
def arriala_step(obs: Any, legal: Sequence[int], seen: set[str] | frozenset[str], tr: Translator) -> GuideStep | None:
    """The Arriala hint for the visitor's position (``obs``: their
    :class:`~canal_heritage.arriala.observation.ArrialaObservation`; ``legal``: their legal
    actions now), or None."""
    if not legal or obs is None:
        return None
    game = obs.game
    rules = game.data.rules
    # the kinds of action on offer ("place", "move"… as the palette has them), read from the
    # engine's actions: Arriala's match names these steps, so importing it here would be a circle
    kinds = {arriala_actions.decode(a, game.effects).kind for a in legal}
    steps: list[tuple[str, Callable[[], GuideStep]]] = [
        ("goal", lambda: GuideStep(
            "goal", tr.ui("guide.arriala.goal.title", "The goal"),
            tr.ui("guide.arriala.goal", "You dig the Canal de Garonne. The map shows the canal cut into sections "
                                        "between towns and locks. Put your workers on it: when a section is full, "
                                        "the player with the most workers there scores it. The most points wins."),
            ARRIALA_TARGETS["map"])),
        ("ap", lambda: GuideStep(
            "ap", tr.ui("guide.arriala.ap.title", "Action points"),
            tr.ui_plural("guide.arriala.ap", "Each turn you have {n} action point (AP). Each action costs some: "
                                             "the cost is written on it. Points you do not spend are lost.",
                         "Each turn you have {n} action points (AP). Each action costs some: the cost is written "
                         "on it. Points you do not spend are lost.", rules.action_points),
            ARRIALA_TARGETS["palette"])),
    ]
    if "place" in kinds:
        steps.append(("place", lambda: GuideStep(
            "place", tr.ui("guide.arriala.place.title", "Put a worker on the canal"),
            tr.ui("guide.arriala.place", "Choose \u201cPlace a new worker\u201d ({cost} AP), then a free cell: a "
                                         "ring on the map or a button under it.", cost=rules.costs.place),
            ARRIALA_TARGETS["place"], "act")))
    if "move" in kinds and "place" in seen:
        steps.append(("move", lambda: GuideStep(
            "move", tr.ui("guide.arriala.move.title", "Move a worker"),
            tr.ui("guide.arriala.move", "A worker walks along the canal for {cost} AP a cell, yours or anybody's. "
                                        "Choose \u201cMove a worker\u201d, then the worker, then where it goes.",
                  cost=rules.costs.move_cell),
            ARRIALA_TARGETS["move"], "act")))
    if "place" in seen or "move" in seen:
        steps.append(("section", lambda: GuideStep(
            "section", tr.ui("guide.arriala.section.title", "Sections and majority"),
            tr.ui("guide.arriala.section", "A section is the row of cells between two towns or locks. When every "
                                           "cell holds a worker, the majority (the most workers) scores it at "
                                           "once. A lock ({lock} AP) earns {points} point and cuts a section "
                                           "shorter.", lock=rules.costs.lock, points=rules.points.lock),
            ARRIALA_TARGETS["sections"])))
        steps.append(("end", lambda: GuideStep(
            "end", tr.ui("guide.arriala.end.title", "End your turn"),
            tr.ui("guide.arriala.end", "Spend your other points as you like, then press \u201cEnd the turn\u201d: "
                                       "the other players move, then it is you again."),
            ARRIALA_TARGETS["end"], "act")))
    if obs.round >= 2 or "end" in seen:
        steps.append(("later", lambda: GuideStep(
            "later", tr.ui("guide.arriala.later.title", "Vineyards and great works"),
            tr.ui("guide.arriala.later", "Later: a worker sent to a vineyard ({vine} AP) counts at the end, when "
                                         "the majority in each vineyard scores. A river work earns {river} points; "
                                         "an engineering work, from a card, {engineering} points, for the player "
                                         "who is last.", vine=rules.costs.to_vineyard,
                  river=rules.points.river_work, engineering=rules.points.engineering_work),
            ARRIALA_TARGETS["palette"])))
        steps.append(("done", lambda: _done(tr, ARRIALA_TARGETS["palette"])))
    for step_id, make in steps:
        if step_id not in seen:
            return make()
    return None


#: Rounds in a row with no section scored (the observation's ``quiet``, A-R10) after which the
#: table says what would close one: a visitor who only places workers would
#: otherwise play on to the round cap without a section ever scoring.
NUDGE_QUIET_ROUNDS = 3


def arriala_nudge(obs: Any, sections: Sequence[tuple[int, int, bool]], tr: Translator) -> str | None:
    """What would close a section, when none has scored for :data:`NUDGE_QUIET_ROUNDS` rounds
    and it is the visitor's turn, else None: the open section with the fewest free cells, how
    many workers it still needs, and that a lock cuts a section shorter.

    ``sections``: every section as (first cell, last cell, scored?), in canal order (the
    match's :meth:`~canal_heritage.matches.arriala.ArrialaMatch.sections`); only public facts
    are read (where the workers stand)."""
    if obs is None or obs.terminal or obs.quiet < NUDGE_QUIET_ROUNDS or obs.to_move != obs.player:
        return None
    best: tuple[int, int] | None = None  # (free cells, section number)
    for number, (first, last, scored) in enumerate(sections, start=1):
        if scored:
            continue
        taken = sum(1 for c in obs.loc if first <= c <= last)
        free = last - first + 1 - taken
        if free > 0 and (best is None or free < best[0]):
            best = (free, number)
    if best is None:
        return None
    free, number = best
    rules = obs.game.data.rules
    return tr.ui_plural(
        "guide.arriala.nudge",
        "No section has scored for {rounds} rounds. Section S{number} needs only {n} more worker to be full and "
        "score: move or place one there. A lock ({lock} AP) also makes a section shorter.",
        "No section has scored for {rounds} rounds. Section S{number} needs only {n} more workers to be full and "
        "score: move or place them there. A lock ({lock} AP) also makes a section shorter.",
        free, rounds=obs.quiet, number=number, lock=rules.costs.lock)


def _done(tr: Translator, target: str) -> GuideStep:
    return GuideStep("done", tr.ui("guide.done.title", "You're on your own now"),
                     tr.ui("guide.done", "That was the first round. Play on as you like; \u201cHow to play\u201d "
                                         "at the top tells the whole game again."), target, last=True)


def guide_step(game: str, obs: Any, legal: Sequence[int], seen: set[str] | frozenset[str],
               tr: Translator) -> GuideStep | None:
    """The hint for the registered game named ``game`` at this position, as its match says it
    (:meth:`~canal_heritage.matches.table.TableMatch.guide_step`: :func:`midi_step`,
    :func:`arriala_step`), or None (nothing to say now: not the visitor's turn, or every step
    seen)."""
    step: GuideStep | None = games.kind(game).match_class.guide_step(obs, legal, seen, tr)
    return step


@dataclass
class GuideState:
    """The guide of one match: the steps seen, the step shown, and whether it is over.

    Kept on the match (:attr:`~canal_heritage.matches.table.TableMatch.guide`), so a table
    built again (a language, leaving and resuming) goes on where it was."""

    game: str  # the registered game's name (:mod:`canal_heritage.games`)
    seen: set[str] = field(default_factory=set)
    shown: GuideStep | None = None
    shown_at: Any = None  # the match position the shown step was shown at
    over: bool = False

    def update(self, obs: Any, legal: Sequence[int], position: Any, tr: Translator) -> GuideStep | None:
        """The step to show at ``position`` (a step shown at an earlier position is done: the
        visitor made the move it pointed at, or played on past it)."""
        if self.over:
            self.shown = None
            return None
        if self.shown is not None and position != self.shown_at:
            # the game moved on: a move step was followed, an information step is dismissed by
            # the visitor's move (nothing of the guide ever stands in the way of playing)
            self.seen.add(self.shown.id)
        step = guide_step(self.game, obs, legal, frozenset(self.seen), tr)
        if step is None or self.shown is None or step.id != self.shown.id:
            self.shown_at = position
        self.shown = step
        return step

    def got_it(self) -> None:
        """"Got it" on the shown step (the farewell ends the guide)."""
        if self.shown is not None:
            self.seen.add(self.shown.id)
            if self.shown.last:
                self.over = True
            self.shown = None

    def skip(self) -> None:
        """"Skip the guide": no more hints in this game."""
        self.over = True
        self.shown = None
