"""Canal du Midi in words: the event log, bot explanations, errors and actions, in French,
English or Occitan.

The engine stores message keys plus arguments (:class:`~canal_heritage.core.events.Event`); this
module turns them into sentences through the ``ui`` gettext catalog. Every sentence's
context is its key, so translators see where it is used.

>>> from canal_heritage.midi import MidiGame
>>> state = MidiGame(2).new_initial_state(seed=1)
>>> narrator = Narrator("en", state.game)
>>> narrator.event(state.log(0)[1])  # doctest: +ELLIPSIS
'Round 1: site ...'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.bots import BotMove
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.narration import BaseNarrator
from ..i18n import Translator
from . import actions as A
from .data import MidiData
from .state import MidiGame


class Narrator(BaseNarrator):
    """Says what happens in one language.

    Args:
        lang: ``"fr"``, ``"en"`` or ``"oc"``.
        game: the game (for site and seat names); default 2 players.
        names: display names per seat (default: the engineers' short names).
        viewer: the seat reading (private details are told as that seat saw them).
    """

    def __init__(self, lang: str | Translator, game: MidiGame | None = None, names: Sequence[str] | None = None,
                 viewer: int | None = None) -> None:
        game = game or MidiGame(2)
        super().__init__(lang, game, names if names is not None else [e.short_name for e in game.engineers])
        self.game: MidiGame
        self.data: MidiData = game.data
        self.viewer = viewer

    # ------------------------------------------------------------------ names
    def site_name(self, site_id: str) -> str:
        """The site's name in this language, from the catalog (``midi.site.<id>.name``)."""
        site = self.data.site(site_id)
        return self.tr.lookup("ui", f"midi.site.{site_id}.name", site.name).text

    def site(self, site_id: str) -> str:
        """``Écluses de Fonseranes (VIII)``: name and numeral."""
        return self.tr.ui("midi.site", "{name} ({numeral})", numeral=site_id, name=self.site_name(site_id))

    def worker(self, value: int) -> str:
        """The worker card of a value, named: ``a Digger (4)``."""
        for w in self.data.workers:
            if w.value == value:
                name = self.tr.lookup("ui", f"midi.worker.{w.id}.name", w.name).text
                return self.tr.ui("midi.card", "{worker} ({value})", worker=name, value=value)
        return str(value)

    def phase(self, phase: str) -> str:
        tr = self.tr
        if phase == "draw":
            return tr.ui("midi.phase", "Draw a card")
        if phase == "bet":
            return tr.ui("midi.phase", "Bet a worker")
        if phase == "reinforce_start":
            return tr.ui("midi.phase", "Start reinforcements?")
        if phase == "reinforce_join":
            return tr.ui("midi.phase", "Join the reinforcements?")
        if phase == "trade":
            return tr.ui("midi.phase", "Tent trade")
        return tr.ui("midi.phase", "Game over")

    # ------------------------------------------------------------------ actions
    def action(self, action: int) -> str:
        """An action as a short imperative label (a button, a log line)."""
        tr = self.tr
        a = A.decode(action)
        if a.kind == "draw":
            if a.face_up:
                return tr.ui("midi.action.draw_up", "Take the face-up {card}", card=self.worker(a.value or 0))
            return tr.ui("midi.action.draw_down", "Take a face-down card")
        if a.kind == "bet":
            return tr.ui("midi.action.bet", "Bet {card}", card=self.worker(a.value or 0))
        if a.kind == "reinforce":
            if a.yes:
                return tr.ui("midi.action.reinforce", "Send reinforcements (spend a coin)")
            return tr.ui("midi.action.decline", "No reinforcements")
        if a.trade == "pass":
            return tr.ui("midi.action.trade_pass", "No trade")
        if a.trade == "up":
            return tr.ui("midi.action.trade_up", "Swap your face-up {give} for {seat}'s face-up {take}",
                         give=self.worker(a.value or 0), seat=self.seat(a.seat or 0), take=self.worker(a.take or 0))
        return tr.ui("midi.action.trade_hand", "Give {give} from your hand to {seat} for a random card",
                     give=self.worker(a.value or 0), seat=self.seat(a.seat or 0))

    # ------------------------------------------------------------------ events
    def event(self, event: Event) -> str:
        """One line of the log. Give events as the viewer sees them (``state.log(viewer)``)."""
        tr = self.tr
        k = event.key
        a: dict[str, Any] = event.args
        p = self.seat(a["player"]) if "player" in a else ""
        if k == "midi.dealt":
            return tr.ui("midi.dealt", "The workers are dealt. {lead} leads the first round.", lead=self.seat(a["lead"]))
        if k == "midi.position":
            return tr.ui("midi.position", "The game continues from a prepared position, in round {round}.", round=a["round"])
        if k == "midi.site_revealed":
            return tr.ui("midi.site_revealed", "Round {round}: site {site} is revealed. It needs {threshold} worker points.",
                         round=a["round"], site=self.site(a["site"]), threshold=a["threshold"])
        if k == "midi.drew_face_up":
            if a.get("turned") is not None:
                return tr.ui("midi.drew_face_up", "{player} takes the face-up {card} and turns up a face-down card: {turned}.",
                             player=p, card=self.worker(a["value"]), turned=self.worker(a["turned"]))
            return tr.ui("midi.drew_face_up", "{player} takes the face-up {card}.", player=p, card=self.worker(a["value"]))
        if k == "midi.drew_face_down":
            if "value" in a:
                return tr.ui("midi.drew_face_down", "{player} takes a face-down card: {card}.", player=p, card=self.worker(a["value"]))
            return tr.ui("midi.drew_face_down", "{player} takes a face-down card.", player=p)
        if k == "midi.bet_placed":
            if "value" in a:
                return tr.ui("midi.bet_placed", "{player} bets {card}, face down.", player=p, card=self.worker(a["value"]))
            return tr.ui("midi.bet_placed", "{player} places a bet, face down.", player=p)
        if k == "midi.bets_revealed":
            bets = [tr.ui("midi.bet_of", "{player} {value}", player=self.seat(s), value=v)
                    for s, v in enumerate(a["bets"])]
            return tr.ui("midi.bets_revealed", "The bets are revealed: {bets}. Total: {total}.", bets=tr.join(bets), total=a["total"])
        if k == "midi.reinforcement_started":
            return tr.ui("midi.reinforcement_started", "{player} spends a coin and calls for reinforcements.", player=p)
        if k == "midi.reinforcement_joined":
            return tr.ui("midi.reinforcement_joined", "{player} also spends a coin for reinforcements.", player=p)
        if k == "midi.reinforcement_declined":
            return tr.ui("midi.reinforcement_declined", "{player} sends no reinforcements.", player=p)
        if k == "midi.reinforcement_drawn":
            return tr.ui("midi.reinforcement_drawn", "{player}'s reinforcement from the discard pile: {card}.", player=p,
                         card=self.worker(a["value"]))
        if k == "midi.reinforcement_empty":
            return tr.ui("midi.reinforcement_empty", "The discard pile is empty: {player}'s coin is spent for nothing.", player=p)
        if k == "midi.site_built":
            site = self.site(a["site"])
            winners = a["winners"]
            if not winners:
                return tr.ui("midi.site_built", "Site {site} is built ({total} for {threshold} needed), but nobody has a pawn left "
                                "to take it.", site=site, total=a["total"], threshold=a["threshold"])
            best = max(a["values"][w] for w in winners)
            if len(winners) == 1:
                return tr.ui("midi.site_built", "Site {site} is built ({total} for {threshold} needed). {winner} wins it with "
                                "{best} and places a pawn.", site=site, total=a["total"],
                             threshold=a["threshold"], winner=self.seat(winners[0]), best=best)
            return tr.ui("midi.site_built", "Site {site} is built ({total} for {threshold} needed). {winners} tie with {best}: "
                            "each places a pawn.", site=site, total=a["total"], threshold=a["threshold"],
                         winners=self.seats(winners), best=best)
        if k == "midi.site_delayed":
            return tr.ui_plural("midi.site_delayed", "Site {site} is delayed: {total} for {threshold} needed, {n} point short.",
                                "Site {site} is delayed: {total} for {threshold} needed, {n} points short.",
                                a["missing"], site=self.site(a["site"]), total=a["total"], threshold=a["threshold"])
        if k == "midi.no_pawn_left":
            return tr.ui("midi.no_pawn_left", "{player} has no pawn left and cannot take site {site}.", player=p,
                         site=self.site(a["site"]))
        if k == "midi.coin_earned":
            return tr.ui("midi.coin_earned", "{player} links the city sites {first} and {second} and earns a Riquet coin.",
                         player=p, first=a["cities"][0], second=a["cities"][1])
        if k == "midi.coin_bank_empty":
            return tr.ui("midi.coin_bank_empty", "{player} links the city sites {first} and {second}, but the bank has no "
                                                 "coin left.", player=p, first=a["cities"][0], second=a["cities"][1])
        if k == "midi.trade_offered":
            return tr.ui("midi.trade_offered", "{player} now holds a second tent site and may trade a card.", player=p)
        if k == "midi.trade_unavailable":
            if a.get("ruling") == "M-R15":
                return tr.ui("midi.trade_unavailable", "{player} may trade, but every face-up swap would be two cards "
                                                       "of the same value: nothing would change.", player=p)
            return tr.ui("midi.trade_unavailable", "{player} may trade but has no card that can be traded.", player=p)
        if k == "midi.trade_passed":
            return tr.ui("midi.trade_passed", "{player} does not trade.", player=p)
        if k == "midi.trade_face_up":
            return tr.ui("midi.trade_face_up", "{player} swaps a face-up {gave} for the face-up {took} of {seat}.", player=p,
                         gave=self.worker(a["gave"]), took=self.worker(a["took"]), seat=self.seat(a["seat"]))
        if k == "midi.trade_hand":
            if "given" in a and self.viewer == a["player"]:
                return tr.ui("midi.trade_hand", "You give {given} to {seat} and draw {received} from their hand.",
                             given=self.worker(a["given"]), received=self.worker(a["received"]),
                             seat=self.seat(a["seat"]))
            if "given" in a and self.viewer == a["seat"]:
                return tr.ui("midi.trade_hand", "{player} gives you {received} and draws {given} from your hand.", player=p,
                             given=self.worker(a["given"]), received=self.worker(a["received"]))
            return tr.ui("midi.trade_hand", "{player} swaps a hand card for a random hand card of {seat}.", player=p,
                         seat=self.seat(a["seat"]))
        if k == "midi.delayed_awarded":
            return tr.ui_plural("midi.delayed_awarded",
                                "At the end, site {site} goes to {players}, who holds both neighbouring sites.",
                                "At the end, site {site} goes to {players}, who hold both neighbouring sites.",
                                len(a["players"]), site=self.site(a["site"]), players=self.seats(a["players"]))
        if k == "midi.game_over":
            winners = a["winners"]
            points = a["totals"][winners[0]]
            if a["ranking"] == "shared":
                return tr.ui("midi.game_over", "The canal is finished. Shared victory for {winners}, with {points} points each.",
                             winners=self.seats(winners), points=points)
            if a["ranking"] == "sites":
                return tr.ui("midi.game_over", "The canal is finished. {winner} wins with {points} points, ahead on sites held "
                                "after a tie on points.", winner=self.seat(winners[0]), points=points)
            return tr.ui("midi.game_over", "The canal is finished. {winner} wins with {points} points.",
                         winner=self.seat(winners[0]), points=points)
        return tr.ui("midi.unknown_event", "Something happened ({key}).", key=k)

    # ------------------------------------------------------------------ bots
    def bot_move(self, move: BotMove) -> str:
        """A bot's explanation of its move."""
        tr = self.tr
        k = move.key
        a = move.args
        if k == "bot.midi.random":
            return tr.ui("bot.midi.random", "I pick at random: {action}.", action=self.action(move.action))
        if k == "bot.midi.only_move":
            return tr.ui("bot.midi.only_move", "There is only one thing I can do: {action}.", action=self.action(move.action))
        if k == "bot.midi.draw_best_face_up":
            return tr.ui("bot.midi.draw_best_face_up", "I take my strongest face-up worker, {card}.", card=self.worker(a["value"]))
        if k == "bot.midi.draw_face_down":
            return tr.ui("bot.midi.draw_face_down", "My face-up workers are weak: I try my luck with a face-down card.")
        if k == "bot.midi.bet_high":
            return tr.ui("bot.midi.bet_high", "This site is worth {site_value} points: I send my strongest worker, {card}.",
                         site_value=a["site_value"], card=self.worker(a["value"]))
        if k == "bot.midi.bet_low":
            return tr.ui("bot.midi.bet_low", "This site is worth only {site_value} points: I keep my good workers and play {card}.",
                         site_value=a["site_value"], card=self.worker(a["value"]))
        if k == "bot.midi.bet_middle":
            return tr.ui("bot.midi.bet_middle", "A middling site ({site_value} points): I play a middling worker, {card}.",
                         site_value=a["site_value"], card=self.worker(a["value"]))
        if k == "bot.midi.bet_last":
            return tr.ui("bot.midi.bet_last", "My last card: {card}.", card=self.worker(a["value"]))
        if k == "bot.midi.reinforce_break_tie":
            return tr.ui("bot.midi.reinforce_break_tie", "I am tied for the best bid on a site worth {site_value}: a coin may break the tie.",
                         site_value=a["site_value"])
        if k == "bot.midi.reinforce_build":
            return tr.ui_plural("bot.midi.reinforce_build", "I lead but the site is {n} point short: a reinforcement may get it built.",
                                "I lead but the site is {n} points short: a reinforcement may get it built.",
                                a["missing"])
        if k == "bot.midi.reinforce_overtake":
            return tr.ui_plural("bot.midi.reinforce_overtake", "I am {n} point behind the best bid: a reinforcement may put me ahead.",
                                "I am {n} points behind the best bid: a reinforcement may put me ahead.",
                                a["behind"])
        if k == "bot.midi.keep_coin":
            return tr.ui("bot.midi.keep_coin", "I keep my coin: unused, it is worth {points} points at the end.", points=a["points"])
        if k == "bot.midi.trade_pass":
            return tr.ui("bot.midi.trade_pass", "No trade would help me.")
        if k == "bot.midi.trade_up":
            return tr.ui("bot.midi.trade_up", "I swap my face-up {give} for the face-up {take} of {seat}.",
                         give=self.worker(a["give"]), take=self.worker(a["take"]), seat=self.seat(a["seat"]))
        if k == "bot.midi.trade_hand":
            return tr.ui("bot.midi.trade_hand", "I give away {give} from my hand: any card of {seat} is likely to be better.",
                         give=self.worker(a["give"]), seat=self.seat(a["seat"]))
        if k == "bot.midi.expert":
            return tr.ui("bot.midi.expert", "I imagined {worlds} ways the hidden cards could lie and played each of my {options} "
                            "choices to the end: {action} won {win_percent}% of those games, the best.",
                         worlds=a["worlds"], options=a["options"], action=self.action(move.action),
                         win_percent=a["win_percent"])
        return tr.ui("bot.midi.unknown", "({key})", key=k)

    # ------------------------------------------------------------------ errors
    def error(self, err: IllegalActionError) -> str:
        """An illegal action, explained."""
        tr = self.tr
        k = err.key
        a = err.args_
        common = self.common_error(err)
        if common is not None:
            return common
        if k == "error.wrong_phase":
            return tr.ui("error.wrong_phase", "Not now: {phase}.", phase=self.phase_of_kind(a.get("expected", "")))
        if k == "error.not_in_hand":
            return tr.ui("error.not_in_hand", "You have no {card} in your hand.", card=self.worker(a["value"]))
        if k == "error.no_face_down":
            return tr.ui("error.no_face_down", "You have no face-down card left.")
        if k == "error.not_face_up":
            return tr.ui("error.not_face_up", "There is no face-up {card} in front of you.", card=self.worker(a["value"]))
        if k == "error.bad_opponent":
            return tr.ui("error.bad_opponent", "Choose an opponent at the table.")
        if k == "error.must_trade_face_up":
            return tr.ui("error.must_trade_face_up", "While you and an opponent have face-up cards, the trade is between face-up cards.")
        if k == "error.no_face_up_trade":
            return tr.ui("error.no_face_up_trade", "A face-up swap needs a face-up card in front of you and in front of an opponent.")
        if k == "error.trade_changes_nothing":
            return tr.ui("error.trade_changes_nothing", "Swapping two cards of the same value would change nothing.")
        if k == "error.trade_card_missing":
            return tr.ui("error.trade_card_missing", "That card is not there to trade.")
        return self.illegal()

    def phase_of_kind(self, kind: str) -> str:
        """What the player should do, from an action kind (``bet``, ``draw``...)."""
        return self.phase({"draw": "draw", "bet": "bet", "reinforce": "reinforce_start",
                           "trade": "trade"}.get(kind, "end"))

