"""Choosing a turn at the Arriala table, in three steps: an action kind, a worker, a target.

An action kind is chosen from the palette (its cost on the button; a kind not possible now
is greyed, and tapping it says why, in the engine's words) or from the hand (a card), then
a worker if the action moves one, then where. Workers and targets that may be chosen are
highlighted on the map and numbered (:class:`~.arriala_map.Target`), and the same choices
are listed as buttons (keyboard). Every choice offered comes from the engine's legal
actions; a tap on a cell that is not offered asks the engine, which says why not.

The palette, the hand and the choices are :class:`~.choices.ChoiceList` components: what
changes in them as the game goes on (greyed, chosen, shown or not) lays nothing out again
in the browser. The hand is the viewer's own (nothing behind the privacy screen).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from ...arriala.narration import Narrator
from ...arriala.observation import ArrialaObservation
from ...core.errors import IllegalActionError
from ...i18n import Translator
from ...matches.arriala import NEEDS_WORKER, PALETTE, ArrialaMatch, Choice, Where, owner_of, where_of
from ...matches.guide import arriala_nudge
from ..choice_list import ChoiceList, HintBox
from ..inplace import InPlace
from ..theme import text
from .arriala_map import ArrialaMap, Target
from .table_like import ArrialaTableLike

#: The key of the "Back: choose another action" button among the choices.
BACK = "back"
#: Card effects that move a worker (the card then needs a worker, and a cell).
MOVING_CARDS = ("move", "jump", "to_vineyard", "to_canal")

#: Up to this many choices, each button says its place in words; more, and the buttons show
#: the ring's number only (the words are their accessible name and hover text).
COMPACT_AFTER = 6


class ArrialaChoice(InPlace):
    """The choice in progress (:attr:`kind`, :attr:`worker`), what may be chosen next
    (:attr:`targets`), and the prompt that shows it: the palette, the hand, the choices.

    ``table`` is the :class:`~.arriala_table.ArrialaTable` it belongs to: its match, words
    and map, and how a decision is played (``table._play``) or shown (``table._render``)."""

    def __init__(self, table: ArrialaTableLike) -> None:
        self.table = table
        self.kind: str | None = None  # the palette entry (or card) chosen
        self.worker: int | None = None  # the worker chosen
        self.targets: list[Target] = []
        self._position: tuple[int, int] = (-1, -1)
        self._reason_words: dict[str, str] = {}
        self._panes: dict[str, pn.pane.HTML] = {}
        self._slots: dict[str, tuple[Any, Any]] = {}
        self.palette = ChoiceList(on_choose=self._choose, css_classes=["palette"], sizing_mode="stretch_width")
        # the viewer's cards, in deck order
        self.hand = ChoiceList(on_choose=self._choose, css_classes=["hand"], sizing_mode="stretch_width")
        # the choices (workers, then places): one component, a click names its choice
        self.choices = ChoiceList(on_choose=self._target_chosen, css_classes=["targets"],
                                  sizing_mode="stretch_width")
        # the Steady bot's hint, under the choices (it follows the match itself)
        self.hint = HintBox(table.match)
        # a hint is for the player at the table, not for a class watching (the classroom's projector)
        hint = [] if table.watch_only else [self.hint.panel]
        self.column = pn.Column(self._pane("prompt"), self.palette, self._pane("hand-title"), self.hand,
                                self._pane("target-title"), self.choices, *hint,
                                sizing_mode="stretch_width", css_classes=["prompt"],
                                styles={"flex": "2 1 20em", "min-width": "0"})

    @property
    def match(self) -> ArrialaMatch:
        return self.table.match

    @property
    def map(self) -> ArrialaMap:
        return self.table.map

    @property
    def tr(self) -> Translator:
        return self.table.tr

    @property
    def narrator(self) -> Narrator:
        return self.table.narrator

    # ------------------------------------------------------------------ the choice in progress
    def reset(self) -> None:
        self.kind = None
        self.worker = None

    def follow(self, obs: ArrialaObservation) -> None:
        """Before an update: a choice the game has moved past is dropped; the targets are found."""
        m = self.match
        if m.position != self._position:  # the game moved on: a choice in progress no longer applies
            self.reset()
            self._position = m.position
        if self.kind is not None and not m.choices(self.kind):
            self.reset()
        self.targets = self.find_targets(obs)

    def hide(self) -> None:
        """Nothing on offer (the privacy screen is up): no card, no target in any component."""
        self.targets = []
        self.choices.offer([])
        self.palette.offer([])
        self.hand.offer([])

    def _legal(self) -> tuple[Choice, ...]:
        return () if self.match.over else self.match.choices()

    def needs_worker(self, kind: str) -> bool:
        if kind in NEEDS_WORKER:
            return True
        if kind.startswith("card:"):
            g = self.match.game
            return g.effects[g.card_ids.index(kind[5:])] in MOVING_CARDS
        return False

    def any_worker(self, kind: str) -> bool:
        """Whether ``kind`` may use another player's worker (a move, an Occitan-cross card)."""
        if kind == "move":
            return True
        if kind.startswith("card:"):
            g = self.match.game
            k = g.card_ids.index(kind[5:])
            return g.effects[k] == "move" or g.card_any[k]
        return False

    def choose_kind(self, kind: str) -> None:
        """A palette entry or a card was tapped: greyed, it says why; else it is chosen (or
        played at once, for a draw and the end of the turn)."""
        table, m = self.table, self.match
        table._touch()
        err = m.blocked(kind) if (not m.is_viewer_turn() or m.paused) else m.reasons().get(kind)
        if err is not None:
            m.refuse_choice(err, self.why(kind, err))  # greyed: the tap says why (a room counts the rule)
            return
        if kind in ("draw", "end_turn"):
            self.reset()
            opts = m.choices(kind)
            if opts:
                self.play(opts[0])
            return
        self.kind = None if self.kind == kind else kind
        self.worker = None
        if self.kind is not None and self.needs_worker(kind):
            workers = m.workers_for(kind)
            if len(workers) == 1:
                self.worker = workers[0]
        if m.message:
            m.say("")  # one update: the message goes, the choice shows
        else:
            table._render()

    def _choose(self, key: str) -> None:
        """A palette entry or a card was clicked (its key is its palette kind)."""
        self.choose_kind(key)

    def cancel(self) -> None:
        """"Back": the worker chosen goes (if another could be chosen), else the kind."""
        self.table._touch()
        if self.worker is not None and self.kind is not None and len(self.match.workers_for(self.kind)) > 1:
            self.worker = None
        else:
            self.reset()
        self.table._render()

    def choose(self, target: Target) -> None:
        """The visitor chose ``target`` (a button or a tap)."""
        self.table._touch()
        if target.worker is not None:
            self.worker = target.worker
            self.table._render()
            return
        if target.choice is not None:
            self.reset()
            self.play(target.choice)  # refused: the message is the update

    def play(self, choice: Choice) -> None:
        """Play ``choice`` as the table plays a decision (a kept game writes it first, then the
        bots play); the match takes it back as its action."""
        self.table._choose(choice)

    def _target_chosen(self, key: str) -> None:
        """A choice button was clicked (:class:`ChoiceList` checked that ``key`` is on offer)."""
        if key == BACK:
            self.cancel()
            return
        target = next((t for t in self.targets if t.key == key), None)
        if target is not None:
            self.choose(target)

    def tap(self, x: float, y: float) -> None:
        """A tap on the map at (x, y): a highlighted target is chosen; a cell that is not
        offered is tried, so the engine says why it is not possible."""
        t = self.map.nearest(self.targets, x, y)
        if t is not None:
            self.choose(t)
            return
        if self.kind is None or not self.match.is_viewer_turn():
            return
        where = self.map.place_at(x, y)
        choice = None if where is None else self.match.choice_at(self.kind, self.worker, where)
        if choice is not None:
            self.play(choice)  # refused: the engine's reason is the message

    # ------------------------------------------------------------------ what may be chosen
    def find_targets(self, obs: ArrialaObservation) -> list[Target]:
        """What the visitor may choose now, in order (highlighted and numbered on the map,
        listed as buttons). All from the engine's legal actions."""
        m, g, n, tr = self.match, self.match.game, self.narrator, self.tr
        if self.kind is None:
            return []
        opts = m.choices(self.kind)
        if not opts:
            return []
        if self.needs_worker(self.kind) and self.worker is None:
            where = self.map.worker_xy(obs)
            workers = sorted({c.worker for c in opts if c.worker is not None})
            targets = []
            for w in workers:
                label = tr.ui("arriala.table.worker", "{owner}: worker at {place}", owner=n.owner(owner_of(w)),
                              place=self.place_name(where_of(obs.loc[w])))
                targets.append(Target(f"w{w}", label, *where[w], worker=w))
            return targets
        out = []
        if self.worker is not None:
            opts = m.choices(self.kind, self.worker)
        costs = {c.cost for c in opts}
        names: dict[str, Callable[[int], str]] = {
            "cell": lambda i: n.cell(g.board.cell_id(i)),
            "vineyard": lambda i: n.place(g.board.vineyards[i].id),
            "blue": lambda i: n.blue(g.board.blue[i].id),
            "work": lambda i: n.place(g.board.works[i].id),
        }
        for c in opts:
            xy = self.map.where_xy(c.where)
            if xy is None:
                continue
            label = place = names[c.where.kind](c.where.index)
            if len(costs) > 1:  # moves: the cost depends on the distance
                label = tr.ui("arriala.table.target", "{place} · {n} AP", place=place, n=c.cost)
            out.append(Target(f"a{c.action}", label, *xy, choice=c))
        return out

    def place_name(self, where: Where) -> str:
        """A worker's place in words (a cell, a vineyard, a blue cell, the reserve)."""
        g, n = self.match.game, self.narrator
        if where.kind == "cell":
            return n.cell(g.board.cell_id(where.index))
        if where.kind == "vineyard":
            return n.place(g.board.vineyards[where.index].id)
        if where.kind == "blue":
            return n.blue(g.board.blue[where.index].id)
        return self.tr.ui("arriala.table.reserve", "in reserve")

    # ------------------------------------------------------------------ words
    def kind_label(self, kind: str) -> str:
        tr, g = self.tr, self.match.game
        c = g.costs
        labels = {
            "move": lambda: tr.ui("arriala.table.palette", "Move a worker · {n} AP a cell", n=c.move_cell),
            "place": lambda: tr.ui("arriala.table.palette", "Place a new worker · {n} AP", n=c.place),
            "to_vineyard": lambda: tr.ui("arriala.table.palette", "Send a worker to a vineyard · {n} AP",
                                         n=c.to_vineyard),
            "from_vineyard": lambda: tr.ui("arriala.table.palette", "Bring a worker back from a vineyard · {n} AP",
                                           n=c.from_vineyard),
            "river_work": lambda: tr.ui("arriala.table.palette", "Build a river work · {n} AP, +{points}",
                                        n=c.river_work, points=g.points.river_work),
            "lock": lambda: tr.ui("arriala.table.palette", "Build a lock · {n} AP, +{points}", n=c.lock,
                                  points=g.points.lock),
            "draw": lambda: tr.ui("arriala.table.palette", "Draw a card · {n} AP", n=c.draw),
            "end_turn": lambda: tr.ui("arriala.table.palette", "End the turn"),
        }
        return labels[kind]()

    def why(self, kind: str, err: IllegalActionError) -> str:
        """Why ``kind`` is not possible now, in words: the engine's reason, said of every way
        of doing it when it is about workers (the palette is not about one worker)."""
        tr, k = self.tr, err.key
        anyw = self.any_worker(kind)
        if k == "table.not_your_turn":
            return tr.ui("table.not_your_turn", "Please wait: it is not your turn.")
        if k == "arriala.error.not_on_canal":
            return (tr.ui("arriala.table.why", "No worker that could do this is on the canal.") if anyw
                    else tr.ui("arriala.table.why", "None of your workers is on the canal."))
        if k == "arriala.error.not_in_vineyard":
            return (tr.ui("arriala.table.why", "No worker is in a vineyard.") if anyw
                    else tr.ui("arriala.table.why", "None of your workers is in a vineyard."))
        if k == "arriala.error.moved_twice":
            return tr.ui("arriala.table.why", "The workers that could do this have already moved this turn (A-R2).")
        return self.narrator.error(err)

    # ------------------------------------------------------------------ render
    def render(self, obs: ArrialaObservation) -> None:
        """The prompt: the message, what to do now, the palette, the hand and the choices."""
        m, tr = self.match, self.tr
        legal = self._legal()
        if m.over:
            heading = ""
        elif not legal:
            heading = self.table._waiting_markup()
        elif m.only_end_turn():  # the last AP spent: the result shows, the turn waits
            words = (tr.ui("arriala.table.last_ap", "No action point left. Look at what your action did, then end "
                                                    "your turn. You can still take it back.") if m.can_undo() else
                     tr.ui("arriala.table.no_ap_left", "No action point left: end your turn."))
            heading = f"<h2 style='margin:0.2em 0;font-size:1.3em'>{text(words)}</h2>"
        elif self.kind is None:
            pips = "●" * obs.ap + "○" * max(0, m.game.rules.action_points - obs.ap)
            words = tr.ui_plural("arriala.table.your_turn", "Your turn: {n} action point left. Choose an action.",
                                 "Your turn: {n} action points left. Choose an action.", obs.ap)
            heading = (f"<h2 style='margin:0.2em 0;font-size:1.3em'><span aria-hidden='true'>{pips}</span> "
                       f"{text(words)}</h2>")
            nudge = arriala_nudge(obs, m.sections(), tr)  # no section scores: say what closes one
            if nudge:
                heading += (f"<p class='nudge' style='margin:0.1em 0 0.3em;padding:0.25em 0.5em;"
                            f"background:#fff3cd;border-left:0.25em solid #b5541c;border-radius:0.3em'>"
                            f"{text(nudge)}</p>")
        else:
            if self.needs_worker(self.kind) and self.worker is None:
                ask = tr.ui("arriala.table.pick_worker", "Choose a worker: a numbered ring on the map, or a button "
                                                         "below.")
            else:
                costs = {t.choice.cost for t in self.targets if t.choice is not None and t.choice.cost is not None}
                if len(costs) == 1:
                    ask = tr.ui_plural("arriala.table.pick_target", "Choose where ({n} action point): a numbered ring "
                                       "on the map, or a button below.", "Choose where ({n} action points): a "
                                       "numbered ring on the map, or a button below.", costs.pop())
                else:
                    ask = tr.ui("arriala.table.pick_target", "Choose where: a numbered ring on the map, or a button "
                                                             "below.")
            heading = f"<h2 style='margin:0.2em 0;font-size:1.3em'>{text(ask)}</h2>"
        self._pane("prompt", self.table._message_markup() + heading)
        mine = bool(legal)
        self._render_palette(mine)
        self._render_hand(obs, mine)
        self._render_targets(bool(legal))

    def _render_palette(self, mine: bool) -> None:
        if not mine:
            self._reason_words = {}
            self.palette.offer([])
            return
        reasons = {kind: self.why(kind, err) for kind, err in self.match.reasons().items()}
        if self.match.only_end_turn():
            # ending the turn is the only choice: one clear button, styled as any
            # choice (not as a recommended one), larger; why the others are not possible
            # stays on the cards in hand
            self.palette.offer([{"key": "end_turn", "label": self.tr.ui("arriala.table.end_my_turn", "End my turn"),
                                 "classes": "pal-end_turn only-choice"}],
                               label=self.tr.ui("arriala.table.actions", "Actions"))
            self._reason_words = reasons
            return
        # once an action is chosen, the palette shows it alone (pressed again,
        # or "Back", it is unchosen): the choices of where stay in view beside the map
        kinds = [self.kind] if self.kind in PALETTE else [] if self.kind is not None else list(PALETTE)
        self.palette.offer([
            {"key": kind, "label": self.kind_label(kind), "tip": reasons.get(kind, ""),
             "classes": " ".join([f"pal-{kind}"] + (["unavailable"] if kind in reasons else [])
                                 + (["chosen"] if kind == self.kind else []))}
            for kind in kinds], label=self.tr.ui("arriala.table.actions", "Actions"))
        self._reason_words = reasons

    def _render_hand(self, obs: ArrialaObservation, mine: bool) -> None:
        """The viewer's cards, in deck order: greyed with the engine's reason when they cannot
        be played now (on others' turns: because it is not the viewer's turn)."""
        m, tr, n = self.match, self.tr, self.narrator
        if m.observation() is None or m.over:
            self._pane("hand-title", "")
            self.hand.offer([])
            return
        g = m.game
        held = [(k, cid) for k, cid in enumerate(g.card_ids) if obs.hand[k]]
        title = tr.ui("arriala.table.hand", "Your cards (1 AP to play, then discarded)") if held else \
            tr.ui("arriala.table.no_cards", "You hold no card.")
        self._pane("hand-title", f"<h3 style='margin:0.4em 0 0.1em;font-size:1.05em'>{text(title)}</h3>")
        wait = tr.ui("table.not_your_turn", "Please wait: it is not your turn.")
        items = []
        if self.kind is not None and mine:  # an action chosen: its card alone, or no card
            held = [(k, cid) for k, cid in held if f"card:{cid}" == self.kind]
            if not held:
                self._pane("hand-title", "")
                self.hand.offer([])
                return
        for k, cid in held:
            kind = f"card:{cid}"
            reason = self._reason_words.get(kind) if mine else wait
            count = obs.hand[k]
            items.append({"key": kind, "label": n.card(cid) + (f" ×{count}" if count > 1 else ""), "tip": reason or "",
                          "classes": " ".join(["card", f"card-{cid}"] + (["unavailable"] if reason else [])
                                              + (["chosen"] if kind == self.kind else []))})
        self.hand.offer(items, label=title)

    def _render_targets(self, mine: bool) -> None:
        """The choices as numbered buttons, in the order of the numbered rings on the map."""
        tr = self.tr
        targets = self.targets
        title = tr.ui("arriala.table.choices", "Choices") if targets else ""
        self._pane("target-title", f"<h3 style='margin:0.4em 0 0.1em;font-size:1.05em'>{text(title)}</h3>"
                   if title else "")
        # many choices (a new worker may go to any of ~20 cells): the ring's number alone, as
        # on the map, in a grid of squares that stays in view beside the map;
        # the words are the button's name for a screen reader and its hover text
        compact = len(targets) > COMPACT_AFTER
        items = [{"key": t.key, "label": str(i + 1) if compact else f"{i + 1} · {t.label}",
                  "aria": f"{i + 1} · {t.label}", "tip": t.label,
                  "classes": ("target target-worker" if t.worker is not None else "target target-place")
                  + (" compact" if compact else "")}
                 for i, t in enumerate(targets)]
        if self.kind is not None and mine:  # a way back, at the end of the choices
            items.append({"key": BACK, "label": tr.ui("arriala.table.cancel", "Back: choose another action"),
                          "classes": "cancel"})
        self.choices.offer(items, label=title)
