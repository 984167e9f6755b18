"""Arriala in words: the event log, bot explanations, errors and actions, in French,
English or Occitan.

Like :mod:`canal_heritage.midi.narration`, the engine's message keys plus arguments become
sentences through the ``ui`` catalog (context = key); towns, vineyards, river works and
engineering works take their names from the heritage ``places`` catalog.

>>> from canal_heritage.arriala import ArrialaGame
>>> state = ArrialaGame(2).new_initial_state(seed=1, first=0)
>>> Narrator("en", state.game).event(state.log(0)[0])  # doctest: +ELLIPSIS
'A game for 2 players with the virtual player (A-R8)...'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.bots import BotMove
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.game import Ranking, Termination
from ..core.narration import BaseNarrator
from ..heritage import load_heritage
from ..i18n import Translator
from . import actions as A
from .state import ArrialaGame


class Narrator(BaseNarrator):
    """Says what happens in one language.

    Args:
        lang: ``"fr"``, ``"en"`` or ``"oc"``.
        game: the game (board and card names); default 2 players.
        names: display names per seat (default: colours).
    """

    def __init__(self, lang: str | Translator, game: ArrialaGame | None = None, names: Sequence[str] | None = None) -> None:
        game = game or ArrialaGame(2)
        super().__init__(lang, game, names if names is not None else [])
        self.game: ArrialaGame
        if names is None:
            self.names = [self.colour(i) for i in range(game.players)]

    # ------------------------------------------------------------------ names
    def colour(self, seat: int) -> str:
        tr = self.tr
        return (tr.ui("arriala.colour", "Red"), tr.ui("arriala.colour", "Yellow"),
                tr.ui("arriala.colour", "Green"), tr.ui("arriala.colour", "Violet"))[seat]

    def owner(self, owner: int | None) -> str:
        """A seat's name, or the virtual player (A-R8)."""
        if owner is None:
            return self.tr.ui("arriala.nobody", "nobody")
        if owner >= self.game.players:
            return self.tr.ui("arriala.virtual", "the virtual player")
        return self.names[owner]

    def place(self, place_id: str) -> str:
        """A town, vineyard, river-work kind or engineering work, named from the heritage
        content (``data/heritage/places.json``, ``game.arriala`` ids)."""
        try:
            return load_heritage().place_for_game("arriala", place_id).localized("name", self.lang).text
        except KeyError:
            return place_id

    def cell(self, cell_id: str) -> str:
        """``Montech`` or ``Montech–Castelsarrasin, cell 3``."""
        if ":" not in cell_id:
            return self.place(cell_id)
        stretch, _, k = cell_id.rpartition(":")
        for s in self.game.data.board.stretches:
            if s.id == stretch:
                return self.tr.ui("arriala.cell", "{a}–{b}, cell {k}", a=self.place(s.from_), b=self.place(s.to), k=k)
        return cell_id

    def blue(self, blue_id: str) -> str:
        for b in self.game.data.board.blue_cells:
            if b.id == blue_id:
                return self.place(b.kind)
        return blue_id

    def worker(self, w: int) -> str:
        return self.tr.ui("arriala.worker", "a worker of {owner}", owner=self.owner(w // A.W))

    def card(self, card_id: str | None) -> str:
        """A card kind's name: ``Move 3``, ``Jump``, ``To the vineyard (any worker)``…"""
        tr = self.tr
        if card_id is None:
            return ""
        k = self.game.card_ids.index(card_id)
        eff, value, anyw = self.game.effects[k], self.game.card_value[k], self.game.card_any[k]
        if eff == "move":
            return tr.ui("arriala.card", "Move {value}", value=value)
        if eff == "jump":
            return tr.ui("arriala.card", "Jump")
        if eff == "lock":
            return tr.ui("arriala.card", "Lock")
        if eff == "engineering_work":
            return tr.ui("arriala.card", "Engineering work")
        if eff == "to_vineyard":
            return (tr.ui("arriala.card", "To the vineyard (any worker)") if anyw
                    else tr.ui("arriala.card", "To the vineyard"))
        return (tr.ui("arriala.card", "Back to the canal (any worker)") if anyw
                else tr.ui("arriala.card", "Back to the canal"))

    def _card_note(self, a: dict[str, Any]) -> str:
        c = a.get("card")
        return self.tr.ui("arriala.with_card", " (card: {card})", card=self.card(c)) if c else ""

    # ------------------------------------------------------------------ actions
    def action(self, action: int, state: Any = None) -> str:
        """An action as a short label (a button, a log line). ``state`` gives costs."""
        tr = self.tr
        g = self.game
        d = A.decode(action, g.effects)
        b = g.board
        if d.kind == "end_turn":
            return tr.ui("arriala.action", "End the turn")
        if d.kind == "draw":
            return tr.ui("arriala.action", "Draw a card")
        if d.kind == "move":
            return tr.ui("arriala.action", "Move {worker} to {cell}", worker=self.worker(d.worker),
                         cell=self.cell(b.cell_id(d.cell)))
        if d.kind == "place":
            return tr.ui("arriala.action", "Place a new worker on {cell}", cell=self.cell(b.cell_id(d.cell)))
        if d.kind == "lock":
            return tr.ui("arriala.action", "Build a lock on {cell}", cell=self.cell(b.cell_id(d.cell)))
        if d.kind == "to_vineyard":
            return tr.ui("arriala.action", "Send {worker} to the {vineyard} vineyard", worker=self.worker(d.worker),
                         vineyard=self.place(b.vineyards[d.vineyard].id))
        if d.kind == "river_work":
            return tr.ui("arriala.action", "Build a river work ({kind}) with {worker}", kind=self.place(b.blue[d.blue].kind),
                         worker=self.worker(d.worker))
        if d.kind == "from_vineyard":
            return tr.ui("arriala.action", "Bring {worker} back to {cell}", worker=self.worker(d.worker),
                         cell=self.cell(b.cell_id(d.cell)))
        card = self.card(g.card_ids[d.card])
        eff = g.effects[d.card]
        if eff in ("move", "jump", "to_canal"):
            target = tr.ui("arriala.target", "{worker} to {cell}", worker=self.worker(d.worker),
                           cell=self.cell(b.cell_id(d.cell)))
        elif eff == "lock":
            target = self.cell(b.cell_id(d.cell))
        elif eff == "engineering_work":
            target = self.place(b.works[d.work].id)
        else:
            target = tr.ui("arriala.target", "{worker} to {vineyard}", worker=self.worker(d.worker),
                           vineyard=self.place(b.vineyards[d.vineyard].id))
        return tr.ui("arriala.action", "Play {card}: {target}", card=card, target=target)

    # ------------------------------------------------------------------ events
    def event(self, event: Event) -> str:
        """One line of the log. Give events as the viewer sees them (``state.log(viewer)``)."""
        tr = self.tr
        k = event.key
        a: dict[str, Any] = event.args
        p = self.owner(a["player"]) if "player" in a and a["player"] is not None else ""
        if k == "arriala.setup":
            if a.get("virtual"):
                return tr.ui("arriala.setup_virtual", "A game for 2 players with the virtual player (A-R8). "
                                                      "{first} starts.", first=self.owner(a["first"]))
            return tr.ui("arriala.setup", "A game for {players} players. {first} starts.", players=a["players"],
                         first=self.owner(a["first"]))
        if k == "arriala.turn_start":
            return tr.ui("arriala.turn_start", "Round {round}: {player}'s turn, {ap} action points.", round=a["round"],
                         player=p, ap=a["ap"])
        if k == "arriala.turn_end":
            return tr.ui_plural("arriala.turn_end", "{player} ends the turn ({n} point unused).",
                                "{player} ends the turn ({n} points unused).", a["ap_left"], player=p)
        if k == "arriala.round_end":
            return tr.ui("arriala.round_end", "End of round {round}.", round=a["round"])
        if k == "arriala.draw":
            if "card" in a:
                return tr.ui("arriala.draw_own", "{player} draws a card: {card}.", player=p, card=self.card(a["card"]))
            return tr.ui("arriala.draw", "{player} draws a card.", player=p)
        if k == "arriala.move":
            return tr.ui("arriala.move", "{player} moves {worker} from {src} to {dest}{card}.", player=p,
                         worker=self.worker(a["worker"]), src=self.cell(a["from"]), dest=self.cell(a["to"]),
                         card=self._card_note(a))
        if k == "arriala.place":
            return tr.ui("arriala.place", "{player} places a new worker on {cell}.", player=p, cell=self.cell(a["to"]))
        if k == "arriala.lock":
            return tr.ui("arriala.lock", "{player} builds a lock on {cell}{card}: +{points}.", player=p,
                         cell=self.cell(a["cell"]), points=a["points"], card=self._card_note(a))
        if k == "arriala.to_vineyard":
            return tr.ui("arriala.to_vineyard", "{player} sends {worker} to the {vineyard} vineyard{card}.", player=p,
                         worker=self.worker(a["worker"]), vineyard=self.place(a["vineyard"]), card=self._card_note(a))
        if k == "arriala.from_vineyard":
            return tr.ui("arriala.from_vineyard", "{player} brings {worker} from the {vineyard} vineyard to {cell}{card}.",
                         player=p, worker=self.worker(a["worker"]), vineyard=self.place(a["vineyard"]),
                         cell=self.cell(a["to"]), card=self._card_note(a))
        if k == "arriala.river_work":
            return tr.ui("arriala.river_work", "{player} builds a river work ({kind}): +{points}; the worker stays "
                                               "there for the rest of the game.", player=p, kind=self.place(a["kind"]),
                         points=a["points"])
        if k == "arriala.engineering_work":
            return tr.ui("arriala.engineering_work", "{player}, last on the score track, builds the {work}: +{points} "
                                                     "(A-R7).", player=p, work=self.place(a["work"]), points=a["points"])
        if k == "arriala.section_scored":
            return self.section(a)
        if k == "arriala.vineyard_scored":
            return self.vineyard(a)
        if k == "arriala.stalled":
            if a["reason"] == Termination.STALLED_ROUNDS:
                return tr.ui("arriala.stalled", "The game stops after round {round} (A-R10): it is scored as if the "
                                                "canal were finished.", round=a["round"])
            return tr.ui("arriala.stalled", "The deck is empty and no section has scored for three rounds: the game "
                                            "stops (A-R10) and is scored as if the canal were finished.")
        if k == "arriala.game_end":
            how = a["ranking"]
            if how == Ranking.VIRTUAL:
                return tr.ui("arriala.game_end", "The virtual player comes first: nobody wins (A-R18).")
            if how == Ranking.SHARED:
                return tr.ui("arriala.game_end", "Tied on points and on workers on the canal: nobody wins. Play again!")
            winner = self.owner(a["winners"][0])
            if how == Ranking.CANAL_WORKERS:
                return tr.ui("arriala.game_end", "{winner} wins: tied on points, but with more workers on the canal "
                                                 "(A-R18).", winner=winner)
            return tr.ui("arriala.game_end", "{winner} wins with {points} points.", winner=winner,
                         points=a["scores"][a["winners"][0]])
        return k

    def _counts(self, counts: Sequence[int]) -> str:
        parts = [self.tr.ui("arriala.count", "{owner} {n}", owner=self.owner(o), n=c) for o, c in enumerate(counts) if c]
        return self.tr.join(parts)

    def section(self, a: dict[str, Any]) -> str:
        """A scored section, with the tie rule in words when it applied."""
        tr = self.tr
        if a["first"] == a["last"]:
            where = self.cell(a["first"])
        else:
            where = tr.ui("arriala.section", "{first} to {last}", first=self.cell(a["first"]), last=self.cell(a["last"]))
        counts = self._counts(a["counts"])
        if a["tie"] == "none":
            return tr.ui("arriala.section_scored", "Section {where} is complete ({counts}): {winner} has the most "
                                                   "workers and scores {points}.", where=where, counts=counts,
                         winner=self.owner(a["winner"]), points=a["points"])
        if a["tie"] == "lower":
            return tr.ui("arriala.section_scored", "Section {where} is complete ({counts}): the leaders are tied and "
                                                   "score nothing, so {winner}, next in line, scores {points}.",
                         where=where, counts=counts, winner=self.owner(a["winner"]), points=a["points"])
        return tr.ui("arriala.section_scored", "Section {where} is complete ({counts}): ties at the top and at the "
                                               "next rank, so nobody scores.", where=where, counts=counts)

    def vineyard(self, a: dict[str, Any]) -> str:
        tr = self.tr
        name = self.place(a["vineyard"])
        counts = self._counts(a["counts"])
        if a["winner"] is None:
            if not any(a["counts"]):
                return tr.ui("arriala.vineyard_scored", "Nobody works in the {vineyard} vineyard.", vineyard=name)
            return tr.ui("arriala.vineyard_scored", "{vineyard} vineyard ({counts}): ties, nobody scores.",
                         vineyard=name, counts=counts)
        if a["tie"] == "lower":
            return tr.ui("arriala.vineyard_scored", "{vineyard} vineyard ({counts}): the leaders are tied, so "
                                                    "{winner} scores {points}.", vineyard=name, counts=counts,
                         winner=self.owner(a["winner"]), points=a["points"])
        return tr.ui("arriala.vineyard_scored", "{vineyard} vineyard ({counts}): {winner} scores {points}.",
                     vineyard=name, counts=counts, winner=self.owner(a["winner"]), points=a["points"])

    # ------------------------------------------------------------------ bots
    def bot_move(self, move: BotMove) -> str:
        """A bot's explanation of its action."""
        tr = self.tr
        k = move.key
        a = move.args
        p = self.owner(a.get("player"))
        if k == "bot.arriala.end_turn":
            return tr.ui("bot.arriala.end_turn", "{player}: nothing more worth doing this turn.", player=p)
        if k == "bot.arriala.random":
            return tr.ui("bot.arriala.random", "{player} picks an action at random.", player=p)
        if k == "bot.arriala.lock":
            return tr.ui("bot.arriala.lock", "{player}: a lock is worth a point and shortens a section.", player=p)
        if k == "bot.arriala.river_work":
            return tr.ui("bot.arriala.river_work", "{player}: three sure points for a river work.", player=p)
        if k == "bot.arriala.engineering_work":
            return tr.ui("bot.arriala.engineering_work", "{player}: last on the track, so the engineering work is "
                                                         "allowed: five points.", player=p)
        if k == "bot.arriala.scores":
            return tr.ui("bot.arriala.scores", "{player}: this completes a section and scores {points}.", player=p,
                         points=a.get("points", 0))
        if k == "bot.arriala.draw":
            return tr.ui("bot.arriala.draw", "{player}: a card now may be a free move later.", player=p)
        if k == "bot.arriala.place":
            return tr.ui("bot.arriala.place", "{player}: another worker on the canal, at {cell}.", player=p,
                         cell=self.cell(a["cell"]))
        if k == "bot.arriala.vineyard":
            return tr.ui("bot.arriala.vineyard", "{player}: the {vineyard} vineyard will count at the end.", player=p,
                         vineyard=self.place(a["vineyard"]))
        if k == "bot.arriala.majority":
            return tr.ui("bot.arriala.majority", "{player}: playing for the majority from {first} to {last}.",
                         player=p, first=self.cell(a["first"]), last=self.cell(a["last"]))
        return tr.ui("bot.arriala.position", "{player}: improving the position.", player=p)

    # ------------------------------------------------------------------ errors
    def error(self, err: IllegalActionError) -> str:
        """An illegal action's reason, in this language."""
        tr = self.tr
        k = err.key
        a = err.args_
        texts = {
            "arriala.error.no_cell": lambda: tr.ui("arriala.error.no_cell", "Choose a cell of the canal in play."),
            "arriala.error.lock_there": lambda: tr.ui("arriala.error.lock_there", "A lock stands on that cell."),
            "arriala.error.closed": lambda: tr.ui("arriala.error.closed", "That section has scored and is closed: "
                                                                          "nothing may stop there (A-R4)."),
            "arriala.error.cell_taken": lambda: tr.ui("arriala.error.cell_taken", "Another worker is already on that cell."),
            "arriala.error.no_worker": lambda: tr.ui("arriala.error.no_worker", "There is no such worker."),
            "arriala.error.not_yours": lambda: tr.ui("arriala.error.not_yours", "Only one of your own workers can do that."),
            "arriala.error.stuck": lambda: tr.ui("arriala.error.stuck", "That worker built a river work and stays "
                                                                        "there for the game."),
            "arriala.error.not_on_canal": lambda: tr.ui("arriala.error.not_on_canal", "That worker is not on the canal."),
            "arriala.error.not_in_vineyard": lambda: tr.ui("arriala.error.not_in_vineyard", "That worker is not in a vineyard."),
            "arriala.error.moved_twice": lambda: tr.ui("arriala.error.moved_twice", "That worker has already moved "
                                                                                    "this turn (A-R2)."),
            "arriala.error.undo_previous": lambda: tr.ui("arriala.error.undo_previous", "The previous player just moved "
                                                         "that worker: you may not put it back where it was (A-R3)."),
            "arriala.error.no_vineyard": lambda: tr.ui("arriala.error.no_vineyard", "That vineyard is not in play."),
            "arriala.error.vineyard_full": lambda: tr.ui("arriala.error.vineyard_full", "That vineyard is full."),
            "arriala.error.no_lock_left": lambda: tr.ui("arriala.error.no_lock_left", "All 8 locks are built."),
            "arriala.error.lock_on_town": lambda: tr.ui("arriala.error.lock_on_town", "A lock goes on a canal cell, "
                                                                                      "not on a town."),
            "arriala.error.lock_closed": lambda: tr.ui("arriala.error.lock_closed", "No lock can be built in a section "
                                                                                    "that has scored (A-R4)."),
            "arriala.error.lock_not_free": lambda: tr.ui("arriala.error.lock_not_free", "A lock needs a free cell."),
            "arriala.error.stretch_full": lambda: tr.ui("arriala.error.stretch_full", "This stretch already has as "
                                                        "many locks as the board allows ({max}) (A-R5).", max=a.get("max", 0)),
            "arriala.error.no_ap": lambda: tr.ui_plural("arriala.error.no_ap", "That costs {need} AP and only {n} "
                                                        "is left.", "That costs {need} AP and only {n} are left.", a.get("have", 0), need=a.get("need", 0)),
            "arriala.error.deck_empty": lambda: tr.ui("arriala.error.deck_empty", "The deck is empty."),
            "arriala.error.no_reserve": lambda: tr.ui("arriala.error.no_reserve", "All five of your workers are "
                                                                                  "already out."),
            "arriala.error.no_blue": lambda: tr.ui("arriala.error.no_blue", "That blue cell is not in play."),
            "arriala.error.blue_taken": lambda: tr.ui("arriala.error.blue_taken", "A river work is already built there."),
            "arriala.error.no_card": lambda: tr.ui("arriala.error.no_card", "You do not hold that card."),
            "arriala.error.no_work": lambda: tr.ui("arriala.error.no_work", "There is no such engineering work."),
            "arriala.error.work_built": lambda: tr.ui("arriala.error.work_built", "That engineering work is already "
                                                                                  "built (A-R7)."),
            "arriala.error.not_last": lambda: tr.ui("arriala.error.not_last", "Only the player last on the score "
                                                                              "track may build an engineering work (A-R7)."),
            "arriala.error.all_tied": lambda: tr.ui("arriala.error.all_tied", "Nobody is last yet: every player has "
                                                                              "the same points, so the engineering work "
                                                                              "waits until someone falls behind (A-R7)."),
            "arriala.error.card_target": lambda: tr.ui("arriala.error.card_target", "That card cannot be played like "
                                                                                    "that now (A-R16)."),
        }
        make = texts.get(k)
        if make:
            return make()
        return self.common_error(err) or self.illegal()
