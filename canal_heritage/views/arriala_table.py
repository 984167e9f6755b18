"""The Arriala table in the browser: a view of one :class:`~canal_heritage.matches.arriala.ArrialaMatch`.

The board is a Bokeh plot of the real Canal de Garonne between Grisolles and Valence d'Agen
(``data/heritage/geometry.json``, cells at the coordinates the engine gives them), drawn
from the project's data only: no tiles, nothing fetched. Workers are markers with a colour
and a shape per player (Okabe-Ito colours, never colour alone); the virtual player of a
2-player game (A-R8) is a grey hexagon.

A turn is chosen in three steps: an action from the palette (its cost on the button; an
action not possible now is greyed, and tapping it says why, in the engine's words), then a
worker if the action moves one, then where. Workers and targets that may be chosen are
highlighted on the map and numbered, and the same choices are listed as buttons (keyboard).
Every choice offered comes from the engine's ``legal_actions()``; a tap on a cell that is not
offered asks the engine, which says why not.

What a seat may not see is never in any component, hidden ones included: the hand shown is
the viewer's own (nothing behind the privacy screen), opponents' hands are counts, and the
card buttons are made for cards the viewer holds and dropped when the viewer changes.

One update per change of the match (see :meth:`ArrialaMatch.changing`), sent as one patch;
the components are built once and updated in place (a pane's markup, a button's label, a
data source's columns are assigned only when they differ).
"""

from __future__ import annotations

import math
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Callable

import panel as pn
import param
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, Range1d
from bokeh.plotting import figure

from ..arriala import actions as A
from ..arriala.narration import Narrator
from ..arriala.observation import ArrialaObservation
from ..arriala.scoring import majority
from ..arriala.sheet import KINDS
from ..arriala.state import BLUE, RESERVE, VINE
from ..heritage import load_heritage
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Translator, translator
from ..matches.arriala import NEEDS_WORKER, PALETTE, ArrialaMatch, counts_on, target_of, worker_of
from . import art
from .choices import ChoiceList
from .inplace import InPlace
from .theme import BUTTON_CSS, CANAL, INK, PAPER, button, html, text

#: Colour and shape of each seat (Okabe-Ito, colour-blind safe; the shape alone tells them
#: apart): the box's red, yellow, green and violet, then the virtual player (A-R8).
SEAT_STYLE: tuple[tuple[str, str], ...] = (("#D55E00", "triangle"), ("#F0E442", "diamond"),
                                           ("#009E73", "square"), ("#CC79A7", "circle"))
VIRTUAL_STYLE = ("#9A9A9A", "hex")
SHAPE_SYMBOL = {"triangle": "▲", "diamond": "◆", "square": "■", "circle": "●", "hex": "⬢"}
#: The plot's own size; the pane scales it to the page's width, keeping its shape.
MAP_WIDTH, MAP_HEIGHT = 960, 600
#: Map projection: kilometres east and north of this point (equirectangular, fine at this scale).
ORIGIN = (44.0, 1.1)
#: A tap chooses a highlighted target this far from its centre (plot pixels): a target of at
#: least 44 px across even when the plot is shown at 80 % of its own width.
TAP_RADIUS_PX = 28
#: Where a label goes beside its marker (x, y in plot pixels, y down; the text's anchor):
#: above by default, beside where two places are close.
LABEL_AT: dict[str, tuple[int, int, str]] = {
    "montech": (16, 0, "center_left"),
    "grisolles": (16, 0, "center_left"),
    "pente-d-eau-montech": (-16, 2, "center_right"),
    "moissac": (16, -4, "center_left"),
    "pont-canal-cacor": (-8, 16, "top_right"),
}
ABOVE = (0, -18, "bottom_center")
BELOW = (0, 18, "top_center")
#: The key of the "Back: choose another action" button among the choices.
BACK = "back"
SR_ONLY = ("position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
           "clip:rect(0 0 0 0);white-space:nowrap;border:0")
#: A seat's frame: outlined while it is that seat's turn.
SEAT_BOX = {"border-radius": "0.6em", "outline": "none"}
TURN_BOX = {**SEAT_BOX, "outline": "0.2em solid #f0b400"}
HIGHLIGHT_FILL = "#56B4E9"  # Okabe-Ito sky blue, always with an ink ring and a number
TOWN_FILL = "#D6C39A"
LOCK_FILL = "#6E4522"
CLOSED_FILL = "#8C8C8C"
VINE_FILL = "#86A95E"
BLUE_FILL = "#3F80AD"
WORK_FILL = "#E7B416"


def project(lat: float, lon: float) -> tuple[float, float]:
    """Kilometres east and north of :data:`ORIGIN`."""
    lat0, lon0 = ORIGIN
    return (lon - lon0) * 111.32 * math.cos(math.radians(lat0)), (lat - lat0) * 110.57


def seat_style(match: ArrialaMatch, owner: int) -> tuple[str, str]:
    return VIRTUAL_STYLE if owner >= match.game.players else SEAT_STYLE[owner]


def shape_svg(colour: str, shape: str, size: int = 22, label: str = "") -> str:
    """A player's shape as a small SVG (the pawns of :mod:`.art`, plus the virtual player's hexagon)."""
    if shape != "hex":
        return art.pawn(colour, shape, size, label=label)
    pts = " ".join(f"{50 + 40 * math.cos(math.radians(60 * i + 30)):.1f},"
                   f"{50 + 40 * math.sin(math.radians(60 * i + 30)):.1f}" for i in range(6))
    return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100' width='{size}' height='{size}' "
            f"role='img' aria-label='{text(label)}'><polygon points='{pts}' fill='{colour}' stroke='{INK}' "
            f"stroke-width='7'/></svg>")


@dataclass(frozen=True)
class Target:
    """One thing the visitor may choose now: a worker, or where an action ends."""

    key: str  # "w<worker>" or "a<action>"
    label: str
    x: float
    y: float
    worker: int | None = None
    action: int | None = None


class ArrialaTable(InPlace, pn.viewable.Viewer):
    """The game at the table: the board, the palette, the hand, the sections, the log."""

    match = param.ClassSelector(class_=ArrialaMatch)

    def __init__(self, match: ArrialaMatch, *, executor: Executor | Callable[[], Executor] | None = None,
                 on_home: Callable[[], None] | None = None, on_again: Callable[[], None] | None = None,
                 on_touch: Callable[[], None] | None = None, on_language: Callable[[str], None] | None = None,
                 **params: Any) -> None:
        super().__init__(match=match, **params)
        self._executor = executor
        self._on_home = on_home
        self._on_again = on_again
        self._on_touch = on_touch
        self._on_language = on_language
        #: "read the story" opens the heritage explorer on a place (set by the exhibit), else
        #: the story opens here
        self.on_place: Callable[[str], Any] | None = None
        self._story_open = False
        self._kind: str | None = None  # the palette entry chosen
        self._worker: int | None = None  # the worker chosen
        self._position: tuple[int, int] = (-1, -1)
        #: how many times the table has been brought up to date (tests check: one per change)
        self.renders = 0
        self._n: Narrator | None = None
        self._panel = pn.Column(sizing_mode="stretch_width", css_classes=["arriala-table"])
        self._slots: dict[str, tuple[Any, Any]] = {}
        self._panes: dict[str, pn.pane.HTML] = {}
        self._targets: list[Target] = []
        self._reason_words: dict[str, str] = {}
        self._build()
        self._watcher = self.match.param.watch(lambda *_: self._render(), ["version", "lang", "privacy", "paused"])
        self._watchdog: Any = None
        self._render()
        self._kick_bots()
        if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            self._watchdog = pn.state.add_periodic_callback(self._kick_bots, period=1500)

    def dispose(self) -> None:
        """Stop following the match (the view is being replaced)."""
        self.match.param.unwatch(self._watcher)
        if self._watchdog is not None:
            self._watchdog.stop()
            self._watchdog = None

    # ------------------------------------------------------------------ plumbing
    def __panel__(self) -> pn.Column:
        return self._panel

    @property
    def tr(self) -> Translator:
        return translator(self.match.lang)

    @property
    def narrator(self) -> Narrator:
        if self._n is None:
            self._n = self.match.narrator()
        return self._n

    def _touch(self) -> None:
        if self._on_touch:
            self._on_touch()

    def _kick_bots(self) -> None:
        """Let bots play off the event loop (inside a server session)."""
        m = self.match
        if not (m.is_bot_turn() and not m.paused and not m.busy and not m.running and not m.closed):
            return
        if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            pn.state.execute(self._run_bots)
        else:  # no server (tests, notebooks): play them here, at once
            while m.is_bot_turn() and not m.paused:
                m.step_bot()

    async def _run_bots(self) -> None:
        executor = self._executor() if callable(self._executor) else self._executor
        await self.match.run_bots(executor)

    @staticmethod
    def _data(source: ColumnDataSource, data: dict[str, list[Any]]) -> None:
        if dict(source.data) != data:
            source.data = data

    # ------------------------------------------------------------------ the components, built once
    def _build(self) -> None:
        self._undo_button = button("", self._undo, name="undo")
        self._home_button = button("", lambda *_: self._on_home(), name="go-home") if self._on_home else None  # type: ignore[misc]
        self._lang_buttons = []
        if self._on_language is not None:
            for code in LANGUAGES:
                self._lang_buttons.append(button(LANGUAGE_NAMES[code], self._language(code), name=f"lang-{code}"))
        self._hands_toggle = None
        if self.match.projector:  # the teacher may show every hand (as at the Canal du Midi table)
            self._hands_toggle = pn.widgets.Toggle(label="", value=self.match.open_hands, color="warning",
                                                   css_classes=["open-hands"], stylesheets=[BUTTON_CSS])
            self._hands_toggle.param.watch(self._open_hands, "value")
        widgets = [*self._lang_buttons, *([self._hands_toggle] if self._hands_toggle else []), self._undo_button,
                   *([self._home_button] if self._home_button else [])]
        self._header = pn.Row(self._pane("title", sizing_mode=None), *widgets, sizing_mode="stretch_width",
                              styles={"align-items": "center", "gap": "0.6em", "flex-wrap": "wrap"})
        # the board
        self._figure = self._build_map()
        self._map = pn.pane.Bokeh(self._figure, sizing_mode="scale_width", margin=(0, 0))
        self._board = pn.Column(self._pane("map-name"), self._map, self._pane("players"),
                                sizing_mode="stretch_width", styles={"flex": "3 1 36em", "min-width": "0"})
        # the prompt: palette, hand, targets
        # The palette, the hand and the choices are ChoiceLists: what changes in them as the
        # game goes on (greyed, chosen, shown or not) lays nothing out again in the browser.
        # The palette and the hand are empty when they cannot be used.
        self._palette = ChoiceList(on_choose=self._choose, css_classes=["palette"], sizing_mode="stretch_width")
        # the viewer's cards, in deck order
        self._hand = ChoiceList(on_choose=self._choose, css_classes=["hand"], sizing_mode="stretch_width")
        # the choices (workers, then places): one component, a click names its choice
        self._choices = ChoiceList(on_choose=self._target_chosen, css_classes=["targets"],
                                   sizing_mode="stretch_width")
        self._prompt = pn.Column(self._pane("prompt"), self._palette, self._pane("hand-title"), self._hand,
                                 self._pane("target-title"), self._choices,
                                 sizing_mode="stretch_width", css_classes=["prompt"],
                                 styles={"flex": "2 1 20em", "min-width": "0"})
        self._main = pn.FlexBox(self._board, self._prompt, gap="1em", sizing_mode="stretch_width",
                                flex_wrap="wrap", align_items="flex-start")
        # sections, vineyards and works, heritage
        self._story_button = button("", self._read_story, name="read-story")
        self._heritage = pn.Column(self._pane("heritage"), self._pane("story"), self._story_button,
                                   sizing_mode="stretch_width", css_classes=["heritage-pairing"],
                                   styles={"flex": "1 1 20em"})
        self._info = pn.FlexBox(self._pane("sections", styles={"flex": "2 1 26em"}),
                                self._pane("spots", styles={"flex": "1 1 18em"}), self._heritage,
                                gap="1em", sizing_mode="stretch_width")
        self._bottom = pn.FlexBox(self._pane("log", styles={"flex": "2 1 26em"}),
                                  self._pane("explains", styles={"flex": "1 1 18em"}), gap="1em",
                                  sizing_mode="stretch_width")

    def _build_map(self) -> Any:
        g = self.match.game
        b = g.board
        scale = 1.35 if self.match.projector else 1.0
        self._scale = scale
        self._cell_xy = [project(c.lat, c.lon) for c in b.cells]
        self._vine_xy = [project(v.lat, v.lon) for v in b.vineyards]
        self._blue_xy = [project(x.lat, x.lon) for x in b.blue]
        self._work_xy = [project(x.lat, x.lon) for x in b.works]
        pts = self._cell_xy + self._vine_xy + self._blue_xy + self._work_xy
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        pad = 3.5
        x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
        aspect = MAP_WIDTH / MAP_HEIGHT
        if (x1 - x0) / (y1 - y0) > aspect:
            grow = ((x1 - x0) / aspect - (y1 - y0)) / 2
            y0, y1 = y0 - grow, y1 + grow
        else:
            grow = ((y1 - y0) * aspect - (x1 - x0)) / 2
            x0, x1 = x0 - grow, x1 + grow
        self._km_per_px = (x1 - x0) / MAP_WIDTH
        fig = figure(width=MAP_WIDTH, height=MAP_HEIGHT, tools="", toolbar_location=None,
                     x_range=Range1d(x0, x1), y_range=Range1d(y0, y1), min_border=0, outline_line_color=None,
                     background_fill_color="#e9f1f5", border_fill_color=PAPER, css_classes=["arriala-map"])
        fig.axis.visible = False
        fig.grid.visible = False
        # the canal: its whole course faint, the line in play thick, through the cells
        try:
            line = load_heritage().get("canal-de-garonne")
            cx, cy = zip(*(project(lat, lon) for lat, lon in line.points()))  # type: ignore[attr-defined]
            fig.line(list(cx), list(cy), line_width=3 * scale, line_color="#8fb0c8", line_dash=[6, 4])
        except KeyError:  # pragma: no cover - the geometry ships with the project
            pass
        fig.line([p[0] for p in self._cell_xy], [p[1] for p in self._cell_xy], line_width=7 * scale,
                 line_color=CANAL, line_cap="round", line_join="round")
        # vineyards, blue cells, engineering works (their counts and names come as labels)
        self._spots = ColumnDataSource(data={"x": [], "y": [], "marker": [], "size": [], "fill": [], "alpha": [],
                                             "line": []})
        fig.scatter("x", "y", source=self._spots, marker="marker", size="size", fill_color="fill",
                    fill_alpha="alpha", line_color="line", line_width=2)
        # cells: plain, closed, locks, towns
        self._cells = ColumnDataSource(data={"x": [], "y": [], "marker": [], "size": [], "fill": []})
        fig.scatter("x", "y", source=self._cells, marker="marker", size="size", fill_color="fill",
                    line_color=INK, line_width=1.5)
        # the targets offered now: a numbered ring under the worker or the place
        self._rings = ColumnDataSource(data={"x": [], "y": [], "number": []})
        fig.scatter("x", "y", source=self._rings, marker="circle", size=36 * scale, fill_color=HIGHLIGHT_FILL,
                    fill_alpha=0.45, line_color=INK, line_width=3)
        # the chosen worker
        self._chosen = ColumnDataSource(data={"x": [], "y": []})
        fig.scatter("x", "y", source=self._chosen, marker="circle", size=38 * scale, fill_color="#f0b400",
                    fill_alpha=0.8, line_color=INK, line_width=3)
        # workers
        self._workers = ColumnDataSource(data={"x": [], "y": [], "marker": [], "fill": []})
        fig.scatter("x", "y", source=self._workers, marker="marker", size=20 * scale, fill_color="fill",
                    line_color=INK, line_width=2)
        fig.text("x", "y", text="number", source=self._rings, x_offset=13 * scale, y_offset=-13 * scale,
                 anchor="center", text_font_size=f"{round(13 * scale)}px", text_font_style="bold",
                 text_color="#ffffff", background_fill_color=INK, background_fill_alpha=0.95, padding=2,
                 border_radius=6)
        self._labels = ColumnDataSource(data={"x": [], "y": [], "text": [], "dx": [], "dy": [], "anchor": []})
        fig.text("x", "y", text="text", x_offset="dx", y_offset="dy", anchor="anchor", source=self._labels,
                 text_font_size=f"{round(13 * scale)}px", text_color=INK, background_fill_color="#fffdf7",
                 background_fill_alpha=0.85, padding=2, border_radius=3)
        fig.on_event(Tap, self._tapped)
        return fig

    # ------------------------------------------------------------------ where things are drawn
    def _worker_xy(self, obs: ArrialaObservation) -> dict[int, tuple[float, float]]:
        """Where each worker is drawn: on its cell (fanned out around a town or a spot)."""
        groups: dict[int, list[int]] = {}
        for w, where in enumerate(obs.loc):
            if where >= 0:
                groups.setdefault(where, []).append(w)
        out: dict[int, tuple[float, float]] = {}
        b = self.match.game.board
        r = 14 * self._km_per_px * self._scale
        for where, ws in groups.items():
            if where < VINE:
                cx, cy = self._cell_xy[where]
                fan = b.is_town[where]
            elif where < BLUE:
                cx, cy = self._vine_xy[where - VINE]
                fan = True
            else:
                cx, cy = self._blue_xy[where - BLUE]
                fan = False
            if not fan or len(ws) == 1 and where < VINE:
                for w in ws:
                    out[w] = (cx, cy)
                continue
            k = len(ws)
            for i, w in enumerate(ws):
                a = math.pi / 2 + 2 * math.pi * i / k
                out[w] = (cx + r * math.cos(a), cy + r * math.sin(a))
        return out

    # ------------------------------------------------------------------ choosing
    def _reset_choice(self) -> None:
        self._kind = None
        self._worker = None

    def _legal(self) -> tuple[int, ...]:
        return () if self.match.over else self.match.legal_actions()

    def _choose_kind(self, kind: str) -> Callable[[Any], None]:
        def go(_event: Any = None) -> None:
            self._touch()
            m = self.match
            err = m.blocked(kind) if (not m.is_viewer_turn() or m.paused) else m.reasons().get(kind)
            if err is not None:
                m.say(self.why(kind, err))  # greyed: the tap says why
                return
            if kind in ("draw", "end_turn"):
                self._reset_choice()
                opts = m.options(kind)
                if opts and m.play(opts[0]):
                    self._kick_bots()
                return
            self._kind = None if self._kind == kind else kind
            self._worker = None
            if self._kind is not None and self._needs_worker(kind):
                workers = m.workers_for(kind)
                if len(workers) == 1:
                    self._worker = workers[0]
            if m.message:
                m.say("")  # one update: the message goes, the choice shows
            else:
                self._render()
        return go

    def _needs_worker(self, kind: str) -> bool:
        if kind in NEEDS_WORKER:
            return True
        if kind.startswith("card:"):
            g = self.match.game
            return g.effects[g.card_ids.index(kind[5:])] in ("move", "jump", "to_vineyard", "to_canal")
        return False

    def _cancel_choice(self, _event: Any = None) -> None:
        self._touch()
        if self._worker is not None and self._kind is not None and len(self.match.workers_for(self._kind)) > 1:
            self._worker = None
        else:
            self._reset_choice()
        self._render()

    def _undo(self, _event: Any = None) -> None:
        if self._undo_button.disabled:
            return
        self._touch()
        self._reset_choice()
        self.match.undo()

    def _language(self, code: str) -> Callable[[Any], None]:
        def go(_event: Any = None) -> None:
            self._touch()
            if self._on_language is not None:
                self._on_language(code)
        return go

    def _read_story(self, _event: Any = None) -> None:
        self._touch()
        place = self._heritage_place()
        if place is not None and self.on_place is not None:
            self.on_place(place)
            return
        self._story_open = not self._story_open
        self._render()

    def targets(self) -> list[Target]:
        """What the visitor may choose now, in order (highlighted and numbered on the map,
        listed as buttons). All from the engine's legal actions."""
        m, g = self.match, self.match.game
        if self._kind is None:
            return []
        opts = m.options(self._kind)
        if not opts:
            return []
        obs = m.view()
        n = self.narrator
        tr = self.tr
        if self._needs_worker(self._kind) and self._worker is None:
            where = self._worker_xy(obs)
            out = []
            for w in sorted({worker_of(g, a) for a in opts}):  # type: ignore[type-var]
                assert w is not None
                label = tr.ui("arriala.table.worker", "{owner}: worker at {place}", owner=n.owner(w // A.W),
                              place=self._place_name(obs.loc[w]))
                out.append(Target(f"w{w}", label, *where[w], worker=w))
            return out
        out = []
        opts = [a for a in opts if self._worker is None or worker_of(g, a) == self._worker]
        costs = {m.state.action_cost(a) for a in opts}
        for a in opts:
            kind, i = target_of(g, a)
            if kind == "cell":
                xy, place = self._cell_xy[i], n.cell(g.board.cell_id(i))
            elif kind == "vineyard":
                xy, place = self._vine_xy[i], n.place(g.board.vineyards[i].id)
            elif kind == "blue":
                xy, place = self._blue_xy[i], n.blue(g.board.blue[i].id)
            elif kind == "work":
                xy, place = self._work_xy[i], n.place(g.board.works[i].id)
            else:
                continue
            label = place
            if len(costs) > 1:  # moves: the cost depends on the distance
                label = tr.ui("arriala.table.target", "{place} · {n} AP", place=place, n=m.state.action_cost(a))
            out.append(Target(f"a{a}", label, *xy, action=a))
        return out

    def _place_name(self, where: int) -> str:
        g, n = self.match.game, self.narrator
        if where == RESERVE:
            return self.tr.ui("arriala.table.reserve", "in reserve")
        if where < VINE:
            return n.cell(g.board.cell_id(where))
        if where < BLUE:
            return n.place(g.board.vineyards[where - VINE].id)
        return n.blue(g.board.blue[where - BLUE].id)

    def choose(self, target: Target) -> None:
        """The visitor chose ``target`` (a button or a tap)."""
        self._touch()
        if target.worker is not None:
            self._worker = target.worker
            self._render()
            return
        if target.action is not None:
            self._reset_choice()
            if self.match.play(target.action):  # refused: the message is the update
                self._kick_bots()

    def _target_chosen(self, key: str) -> None:
        """A choice button was clicked (:class:`ChoiceList` checked that ``key`` is on offer)."""
        if key == BACK:
            self._cancel_choice()
            return
        target = next((t for t in self._targets if t.key == key), None)
        if target is not None:
            self.choose(target)

    def nearest(self, x: float, y: float) -> Target | None:
        """The highlighted target under a tap at (x, y) (plot coordinates), if any."""
        best, best_d = None, TAP_RADIUS_PX * self._scale * self._km_per_px
        for t in self._targets:
            d = math.hypot(t.x - x, t.y - y)
            if d <= best_d:
                best, best_d = t, d
        return best

    def tap(self, x: float, y: float) -> None:
        """A tap on the map at (x, y): a highlighted target is chosen; a cell that is not
        offered is tried, so the engine says why it is not possible."""
        t = self.nearest(x, y)
        if t is not None:
            self.choose(t)
            return
        m = self.match
        if self._kind is None or not m.is_viewer_turn():
            return
        radius = TAP_RADIUS_PX * self._scale * self._km_per_px
        cells = [(math.hypot(cx - x, cy - y), c) for c, (cx, cy) in enumerate(self._cell_xy)]
        d, c = min(cells)
        if d > radius:
            return
        action = self._action_for_cell(c)
        if action is not None:
            self._touch()
            m.play(action)  # refused: the engine's reason is the message

    def _action_for_cell(self, c: int) -> int | None:
        """The action the current choice would be on cell ``c`` (to ask the engine why not)."""
        kind, w = self._kind, self._worker
        g = self.match.game
        if kind == "place":
            return A.place(c)
        if kind == "lock":
            return A.lock(c)
        if w is None:
            return None
        if kind == "move":
            return A.move(w, c)
        if kind == "from_vineyard":
            return A.from_vine(w, c)
        if kind and kind.startswith("card:"):
            k = g.card_ids.index(kind[5:])
            if g.effects[k] in ("move", "jump", "to_canal"):
                return A.card(k, w * 64 + c)
        return None

    def _tapped(self, event: Any) -> None:
        if event.x is None or event.y is None:
            return
        self.tap(event.x, event.y)

    # ------------------------------------------------------------------ render
    def _render(self) -> None:
        self.renders += 1
        self._n = None
        with pn.io.hold():  # one patch (not frozen: Bokeh would then walk every model at the end)
            self._render_all()

    def _render_all(self) -> None:
        m = self.match
        position = m.position
        if position != self._position:  # the game moved on: a choice in progress no longer applies
            self._reset_choice()
            self._position = position
        if self._kind is not None and not m.options(self._kind):
            self._reset_choice()
        self._render_header()
        parts: list[Any] = [self._header]
        if m.privacy:  # nothing private stays in any component, hidden ones included
            self._targets = []
            self._choices.offer([])
            self._palette.offer([])
            self._hand.offer([])
            parts.append(self._slot("privacy", (m.lang, m.to_move), self._privacy_screen))
        else:
            if m.over:
                parts.append(self._slot("end", (m.lang,), self._end_screen))
            if m.paused:
                lines = tuple(line.text for line in m.new_lines())
                parts.append(self._slot("step", (m.lang, lines), self._projector_step))
            obs = m.view()
            self._targets = self.targets()
            self._render_map(obs)
            self._render_players(obs)
            self._render_prompt(obs)
            self._render_sections(obs)
            self._render_spots(obs)
            self._render_heritage()
            self._render_log()
            self._render_explanations()
            parts += [self._main, self._info, self._bottom]
        self._set(self._panel, parts)

    def _open_hands(self, event: Any) -> None:
        if bool(event.new) != self.match.open_hands:
            self.match.show_open_hands(event.new)

    def _render_header(self) -> None:
        m, tr = self.match, self.tr
        st = m.state
        title = tr.ui("arriala.table.title", "Arriala · Canal de Garonne")
        if m.over:
            status = tr.ui("arriala.table.over", "The game is over.")
        else:
            p = m.to_move
            name = m.names[p] if p is not None else ""
            status = tr.ui_plural("arriala.table.status", "Round {round} · {name}'s turn · {n} action point left",
                                  "Round {round} · {name}'s turn · {n} action points left", st.ap,
                                  round=st.round, name=name)
        self._pane("title", f"<h1 style='margin:0;font-size:1.6em'>{text(title)}</h1>"
                            f"<div class='status' style='font-size:1.1em'>{text(status)}</div>")
        for code, b in zip(LANGUAGES, self._lang_buttons):
            self._update(b, color="primary" if code == m.lang else "default")
        # disabled, not hidden: showing or hiding a widget lays the whole page out again
        self._update(self._undo_button, label=tr.ui("arriala.table.undo", "Take back my last action"),
                     disabled=not m.can_undo())
        if self._home_button is not None:
            self._update(self._home_button, label=tr.ui("table.home", "Home"))
        if self._hands_toggle is not None:
            self._update(self._hands_toggle, label=tr.ui("table.open_hands", "Show every hand"), value=m.open_hands)

    def _privacy_screen(self) -> pn.Column:
        m, tr = self.match, self.tr
        p = m.to_move
        name = m.names[p] if p is not None else ""
        msg = tr.ui("table.pass_device", "Pass the device to {name}. Nobody else should look at the screen.",
                    name=name)
        return pn.Column(
            html(f"<div role='alert' style='font-size:1.5em;padding:1em 0'>{text(msg)}</div>"),
            button(tr.ui("table.i_am", "I am {name}: show my cards", name=name),
                         lambda *_: (self._touch(), m.confirm_privacy()), kind="primary", name="privacy-ok"),
            styles={"padding": "2em", "background": "#e8eef3", "border-radius": "1em"},
            css_classes=["privacy-screen"],
        )

    def _projector_step(self) -> pn.Column:
        m, tr = self.match, self.tr
        lines = m.new_lines()
        heading = tr.ui("table.step", "What just happened")
        items = "".join(f"<li>{text(line.text)}{self._ruling_badge(line.ruling)}</li>" for line in lines)

        def go_on(_event: Any = None) -> None:
            if m.paused:
                self._touch()
                m.resume()
                self._kick_bots()

        return pn.Column(
            html(f"<h2 style='margin:0'>{text(heading)}</h2><ul style='font-size:1.2em'>{items}</ul>"),
            button(tr.ui("table.continue", "Continue"), go_on, kind="primary", name="continue"),
            styles={"background": "#fff3cd", "padding": "1em", "border-radius": "0.8em"},
            css_classes=["projector-step"],
        )

    def _ruling_badge(self, ruling: str | None) -> str:
        if not ruling:
            return ""
        title, body = self.narrator.ruling(ruling)
        return (f" <span class='ruling' title='{text(body)}' style='font-size:0.8em;background:#dfe9f1;"
                f"border-radius:0.4em;padding:0 0.3em'>{text(ruling)} · {text(title)}</span>")

    # -- the board
    def _render_map(self, obs: ArrialaObservation) -> None:
        m, g, n, tr = self.match, self.match.game, self.narrator, self.tr
        b = g.board
        s = self._scale
        name = tr.ui("arriala.table.map", "The board: the Canal de Garonne from {first} to {last}",
                     first=n.place(b.cells[0].town or ""), last=n.place(b.cells[-1].town or ""))
        self._pane("map-name", f"<h2 class='map-name' style='font-size:1.1em;margin:0.2em 0'>{text(name)}</h2>")
        cells: dict[str, list[Any]] = {"x": [], "y": [], "marker": [], "size": [], "fill": []}
        for c, (x, y) in enumerate(self._cell_xy):
            if b.is_town[c]:
                marker, size, fill = "circle_dot", 30 * s, TOWN_FILL
            elif obs.lock[c]:
                marker, size, fill = "square_x", 20 * s, LOCK_FILL
            elif obs.closed[c]:
                marker, size, fill = "circle_x", 16 * s, CLOSED_FILL
            else:
                marker, size, fill = "circle", 15 * s, "#ffffff"
            for k, v in zip(cells, (x, y, marker, size, fill)):
                cells[k].append(v)
        self._data(self._cells, cells)
        spots: dict[str, list[Any]] = {"x": [], "y": [], "marker": [], "size": [], "fill": [], "alpha": [], "line": []}

        def spot(xy: tuple[float, float], marker: str, size: float, fill: str, alpha: float) -> None:
            for k, v in zip(spots, (xy[0], xy[1], marker, size * s, fill, alpha, INK)):
                spots[k].append(v)

        for xy in self._vine_xy:
            spot(xy, "circle", 64, VINE_FILL, 0.45)
        for i, xy in enumerate(self._blue_xy):
            spot(xy, "circle", 34, BLUE_FILL, 0.85 if obs.blue[i] >= 0 else 0.35)
        for i, xy in enumerate(self._work_xy):
            spot(xy, "star", 34, WORK_FILL, 1.0 if obs.works[i] >= 0 else 0.25)
        self._data(self._spots, spots)
        labels: dict[str, list[Any]] = {"x": [], "y": [], "text": [], "dx": [], "dy": [], "anchor": []}

        def label(xy: tuple[float, float], words: str, place: str, at: tuple[int, int, str]) -> None:
            dx, dy, anchor = LABEL_AT.get(place, at)
            for k, v in zip(labels, (xy[0], xy[1], words, dx * s, dy * s, anchor)):
                labels[k].append(v)

        for c in b.towns:
            town = b.cells[c].town or ""
            label(self._cell_xy[c], n.place(town), town, ABOVE)
        for v, spot_ in enumerate(b.vineyards):
            label(self._vine_xy[v], tr.ui("arriala.table.vineyard_label", "{name} {n}/{capacity}",
                                          name=n.place(spot_.id), n=sum(obs.vine[v]), capacity=spot_.capacity),
                  spot_.id, (0, -34, "bottom_center"))
        for i, x in enumerate(b.blue):
            label(self._blue_xy[i], n.blue(x.id), x.id, BELOW)
        for i, x in enumerate(b.works):
            label(self._work_xy[i], n.place(x.id), x.id, BELOW)
        self._data(self._labels, labels)
        where = self._worker_xy(obs)
        workers: dict[str, list[Any]] = {"x": [], "y": [], "marker": [], "fill": []}
        for w, (x, y) in sorted(where.items()):
            colour, shape = seat_style(m, w // A.W)
            for k, v in zip(workers, (x, y, shape, colour)):
                workers[k].append(v)
        self._data(self._workers, workers)
        self._data(self._rings, {"x": [t.x for t in self._targets], "y": [t.y for t in self._targets],
                                 "number": [str(i + 1) for i in range(len(self._targets))]})
        chosen = where.get(self._worker) if self._worker is not None else None  # type: ignore[arg-type]
        self._data(self._chosen, {"x": [chosen[0]] if chosen else [], "y": [chosen[1]] if chosen else []})

    def _render_players(self, obs: ArrialaObservation) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        g = m.game
        top = max(30, max(obs.points) + 5)
        open_hands = m.open_hands_view()
        rows = []
        for o in range(g.owners):
            colour, shape = seat_style(m, o)
            name = n.owner(o)
            virtual = o >= g.players
            you = o == obs.player and m.observation() is not None
            label = name + (" · " + tr.ui("table.you", "you") if you else "")
            if virtual:
                facts = tr.ui("arriala.table.virtual_facts", "moved by everyone, scores by the normal rules (A-R8)")
            else:
                reserve = sum(1 for w in range(o * A.W, o * A.W + A.W) if obs.loc[w] == RESERVE)
                cards = tr.ui_plural("arriala.table.cards", "{n} card", "{n} cards", obs.hand_sizes[o])
                workers = tr.ui_plural("arriala.table.in_reserve", "{n} worker in reserve", "{n} workers in reserve",
                                       reserve)
                facts = cards + " · " + workers
                if open_hands is not None and open_hands[o]:  # projector, the teacher's choice
                    facts += " · " + n.tr.join([n.card(c) for c in open_hands[o]])
            turn = "outline:0.2em solid #f0b400;" if m.to_move == o and not m.over else ""
            width = 100 * obs.points[o] / top
            rows.append(
                f"<li class='seat seat-{o}' style='display:flex;align-items:center;gap:0.5em;padding:0.15em 0.3em;"
                f"border-radius:0.4em;{turn}'>{shape_svg(colour, shape, 24, label)}"
                f"<span style='min-width:9em;font-weight:700'>{text(label)}</span>"
                f"<span style='flex:1;position:relative;height:1.1em;background:#efe6cf;border-radius:0.3em'>"
                f"<span style='position:absolute;left:0;top:0;bottom:0;width:{width:.1f}%;background:{colour};"
                f"border:0.06em solid {INK};border-radius:0.3em'></span></span>"
                f"<strong style='min-width:2.5em;text-align:right'>{obs.points[o]}</strong>"
                f"<small style='min-width:14em'>{text(facts)}</small></li>")
        deck = tr.ui_plural("arriala.table.deck", "{n} card left in the deck", "{n} cards left in the deck",
                            obs.deck_size)
        title = tr.ui("arriala.table.track", "Score track")
        self._pane("players", f"<section class='players' aria-label='{text(title)}'>"
                              f"<h2 style='font-size:1.1em;margin:0.3em 0'>{text(title)}</h2>"
                              f"<ul style='list-style:none;padding:0;margin:0'>{''.join(rows)}</ul>"
                              f"<p style='margin:0.3em 0'>{text(deck)}</p></section>")

    # -- the prompt
    def _render_prompt(self, obs: ArrialaObservation) -> None:
        m, tr = self.match, self.tr
        legal = self._legal()
        message = ""
        if m.message:
            message = (f"<div role='alert' class='message' style='color:#8a1c1c;font-weight:600'>"
                       f"{text(m.message)}</div>")
        if m.over:
            heading = ""
        elif not legal:
            p = m.to_move
            who = m.names[p] if p is not None else ""
            wait = (tr.ui("table.thinking", "{name} is thinking…", name=who) if m.thinking
                    else tr.ui("table.waiting", "{name} is playing.", name=who))
            heading = f"<p class='waiting' style='font-size:1.2em'>{text(wait)}</p>"
        elif self._kind is None:
            pips = "●" * obs.ap + "○" * max(0, m.game.rules.action_points - obs.ap)
            words = tr.ui_plural("arriala.table.your_turn", "Your turn: {n} action point left. Choose an action.",
                                 "Your turn: {n} action points left. Choose an action.", obs.ap)
            heading = (f"<h2 style='margin:0.2em 0;font-size:1.3em'><span aria-hidden='true'>{pips}</span> "
                       f"{text(words)}</h2>")
        else:
            if self._needs_worker(self._kind) and self._worker is None:
                ask = tr.ui("arriala.table.pick_worker", "Choose a worker: a numbered ring on the map, or a button "
                                                         "below.")
            else:
                costs = {m.state.action_cost(t.action) for t in self._targets if t.action is not None}
                if len(costs) == 1:
                    ask = tr.ui_plural("arriala.table.pick_target", "Choose where ({n} action point): a numbered ring "
                                       "on the map, or a button below.", "Choose where ({n} action points): a "
                                       "numbered ring on the map, or a button below.", costs.pop())
                else:
                    ask = tr.ui("arriala.table.pick_target", "Choose where: a numbered ring on the map, or a button "
                                                             "below.")
            heading = f"<h2 style='margin:0.2em 0;font-size:1.3em'>{text(ask)}</h2>"
        self._pane("prompt", message + heading)
        mine = bool(legal)
        self._render_palette(mine)
        self._render_hand(obs, mine)
        self._render_targets()

    def _kind_label(self, kind: str) -> str:
        tr, c = self.tr, self.match.game.costs
        labels = {
            "move": lambda: tr.ui("arriala.table.palette", "Move a worker · {n} AP a cell", n=c.move_cell),
            "place": lambda: tr.ui("arriala.table.palette", "Place a new worker · {n} AP", n=c.place),
            "to_vineyard": lambda: tr.ui("arriala.table.palette", "Send a worker to a vineyard · {n} AP", n=c.to_vineyard),
            "from_vineyard": lambda: tr.ui("arriala.table.palette", "Bring a worker back from a vineyard · {n} AP",
                                           n=c.from_vineyard),
            "river_work": lambda: tr.ui("arriala.table.palette", "Build a river work · {n} AP, +{points}",
                                        n=c.river_work, points=self.match.game.points.river_work),
            "lock": lambda: tr.ui("arriala.table.palette", "Build a lock · {n} AP, +{points}", n=c.lock,
                                  points=self.match.game.points.lock),
            "draw": lambda: tr.ui("arriala.table.palette", "Draw a card · {n} AP", n=c.draw),
            "end_turn": lambda: tr.ui("arriala.table.palette", "End the turn"),
        }
        return labels[kind]()

    def _any_worker(self, kind: str) -> bool:
        """Whether ``kind`` may use another player's worker (a move, an Occitan-cross card)."""
        if kind == "move":
            return True
        if kind.startswith("card:"):
            g = self.match.game
            k = g.card_ids.index(kind[5:])
            return g.effects[k] == "move" or g.card_any[k]
        return False

    def why(self, kind: str, err: Any) -> str:
        """Why ``kind`` is not possible now, in words: the engine's reason, said of every way
        of doing it when it is about workers (the palette is not about one worker)."""
        tr, k = self.tr, err.key
        anyw = self._any_worker(kind)
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

    def _reasons(self) -> dict[str, str]:
        return {kind: self.why(kind, err) for kind, err in self.match.reasons().items()}

    def _choose(self, key: str) -> None:
        """A palette entry or a card was clicked (its key is its palette kind)."""
        self._choose_kind(key)()

    def _render_palette(self, mine: bool) -> None:
        if not mine:
            self._reason_words = {}
            self._palette.offer([])
            return
        reasons = self._reasons()
        self._palette.offer([
            {"key": kind, "label": self._kind_label(kind), "tip": reasons.get(kind, ""),
             "classes": " ".join([f"pal-{kind}"] + (["unavailable"] if kind in reasons else [])
                                 + (["chosen"] if kind == self._kind else []) + (["primary"] if kind == "end_turn" else []))}
            for kind in PALETTE], label=self.tr.ui("arriala.table.actions", "Actions"))
        self._reason_words = reasons

    def _render_hand(self, obs: ArrialaObservation, mine: bool) -> None:
        """The viewer's cards, in deck order: greyed with the engine's reason when they cannot
        be played now (on others' turns: because it is not the viewer's turn)."""
        m, tr, n = self.match, self.tr, self.narrator
        if m.observation() is None or m.over:
            self._pane("hand-title", "")
            self._hand.offer([])
            return
        g = m.game
        held = [(k, cid) for k, cid in enumerate(g.card_ids) if obs.hand[k]]
        title = tr.ui("arriala.table.hand", "Your cards (1 AP to play, then discarded)") if held else \
            tr.ui("arriala.table.no_cards", "You hold no card.")
        self._pane("hand-title", f"<h3 style='margin:0.4em 0 0.1em;font-size:1.05em'>{text(title)}</h3>")
        wait = tr.ui("table.not_your_turn", "Please wait: it is not your turn.")
        items = []
        for k, cid in held:
            kind = f"card:{cid}"
            reason = self._reason_words.get(kind) if mine else wait
            count = obs.hand[k]
            items.append({"key": kind, "label": n.card(cid) + (f" ×{count}" if count > 1 else ""), "tip": reason or "",
                          "classes": " ".join(["card", f"card-{cid}"] + (["unavailable"] if reason else [])
                                              + (["chosen"] if kind == self._kind else []))})
        self._hand.offer(items, label=title)

    def _render_targets(self) -> None:
        """The choices as numbered buttons, in the order of the numbered rings on the map."""
        tr = self.tr
        targets = self._targets
        title = tr.ui("arriala.table.choices", "Choices") if targets else ""
        self._pane("target-title", f"<h3 style='margin:0.4em 0 0.1em;font-size:1.05em'>{text(title)}</h3>"
                   if title else "")
        items = [{"key": t.key, "label": f"{i + 1} · {t.label}",
                  "classes": "target target-worker" if t.worker is not None else "target target-place"}
                 for i, t in enumerate(targets)]
        if self._kind is not None and self._legal():  # a way back, at the end of the choices
            items.append({"key": BACK, "label": tr.ui("arriala.table.cancel", "Back: choose another action"),
                          "classes": "cancel"})
        self._choices.offer(items, label=title)

    # -- sections, vineyards, works
    def _section_name(self, first: int, last: int) -> str:
        """``Montech–Castelsarrasin, cells 2–4`` (or ``…, cell 3``)."""
        n, b, tr = self.narrator, self.match.game.board, self.tr
        st = b.stretches[b.stretch_of[first]]
        ends = next((x for x in self.match.game.data.board.stretches if x.id == st.id), None)
        if ends is None or b.stretch_of[last] != b.stretch_of[first]:  # pragma: no cover - sections never span towns
            return tr.ui("arriala.section", "{first} to {last}", first=n.cell(b.cell_id(first)),
                         last=n.cell(b.cell_id(last)))
        if first == last:
            return n.cell(b.cell_id(first))
        return tr.ui("arriala.table.section_name", "{a}–{b}, cells {k}–{l}", a=n.place(ends.from_), b=n.place(ends.to),
                     k=first - st.first + 1, l=last - st.first + 1)

    def _counts_html(self, counts: list[int]) -> str:
        m, n = self.match, self.narrator
        parts = []
        for o, c in enumerate(counts):
            if c:
                colour, shape = seat_style(m, o)
                parts.append(f"<span style='white-space:nowrap'>{shape_svg(colour, shape, 16, n.owner(o))} "
                             f"{text(n.owner(o))} {c}</span>")
        return " · ".join(parts)

    def _render_sections(self, obs: ArrialaObservation) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        g = m.game
        scored = {(a["first"], a["last"]): a for a in m.scored()}
        items = []
        for first, last, closed in m.sections():
            size = last - first + 1
            name = self._section_name(first, last)
            if closed:
                a = scored.get((g.board.cell_id(first), g.board.cell_id(last)))
                words = n.section(a) if a else tr.ui("arriala.table.section_closed", "Scored and closed (A-R4).")
                items.append(f"<li class='section scored' style='margin:0.25em 0;color:#3d3d3d'>{text(words)}</li>")
                continue
            counts = counts_on(g, obs.loc, first, last)
            filled = sum(counts)
            fill = tr.ui("arriala.table.filled", "{filled} of {size} cells taken · worth {points} when complete",
                         filled=filled, size=size, points=g.table[size])
            winner, tie = majority(counts)
            if not filled:
                lead = tr.ui("arriala.table.empty", "nobody yet")
            elif winner is None:
                lead = tr.ui("arriala.table.lead_nobody", "tied at the top and below: nobody would score now")
            elif tie == "lower":
                lead = tr.ui("arriala.table.lead_lower", "the leaders are tied, so {name}, next in line, would "
                                                         "score {points}", name=n.owner(winner), points=g.table[size])
            else:
                lead = tr.ui("arriala.table.lead", "{name} leads and would score {points}", name=n.owner(winner),
                             points=g.table[size])
            counts_html = self._counts_html(counts)
            items.append(f"<li class='section open' style='margin:0.25em 0'><strong>{text(name)}</strong> · "
                         f"{text(fill)}<br>{counts_html}{' — ' if counts_html else ''}{text(lead)}</li>")
        title = tr.ui("arriala.table.sections", "Sections")
        rule = tr.ui("arriala.table.sections_rule", "A section scores as soon as every cell holds a worker: most "
                                                    "workers wins; tied leaders score nothing and the next in line "
                                                    "scores (A-R6).")
        self._pane("sections", f"<section class='sections'><h2 style='font-size:1.1em;margin:0.3em 0'>{text(title)}"
                               f"</h2><p style='margin:0.2em 0;font-size:0.9em'>{text(rule)}</p>"
                               f"<ul style='padding-left:1.2em;margin:0'>{''.join(items)}</ul></section>")

    def _render_spots(self, obs: ArrialaObservation) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        b = m.game.board
        vines = []
        scored = {e.args["vineyard"]: e.args for e in m.state.events or () if e.key == "arriala.vineyard_scored"}
        for v, spot in enumerate(b.vineyards):
            counts = list(obs.vine[v])
            winner, tie = majority(counts)
            if spot.id in scored:  # the game is over: what it scored, and why
                lead = n.vineyard(scored[spot.id])
            elif winner is None:
                lead = (tr.ui("arriala.table.empty", "nobody yet") if not any(counts)
                        else tr.ui("arriala.table.lead_nobody", "tied at the top and below: nobody would score now"))
            else:
                lead = tr.ui("arriala.table.vine_lead", "{name} would score {points} at the end", name=n.owner(winner),
                             points=spot.capacity)
            head = tr.ui("arriala.table.vine", "{name}: {n} of {capacity} places", name=n.place(spot.id),
                         n=sum(counts), capacity=spot.capacity)
            counts_html = self._counts_html(counts)
            vines.append(f"<li class='vineyard'><strong>{text(head)}</strong><br>{counts_html}"
                         f"{' — ' if counts_html else ''}{text(lead)}</li>")
        works = []
        for i, spot in enumerate(b.blue):
            owner = obs.blue[i]
            state = (tr.ui("arriala.table.built_by", "built by {name}", name=n.owner(owner // A.W)) if owner >= 0
                     else tr.ui("arriala.table.free", "free"))
            works.append(f"<li class='river-work'>{text(n.blue(spot.id))}: {text(state)}</li>")
        for i, spot in enumerate(b.works):
            owner = obs.works[i]
            state = (tr.ui("arriala.table.built_by", "built by {name}", name=n.owner(owner)) if owner >= 0
                     else tr.ui("arriala.table.not_built", "not built yet"))
            works.append(f"<li class='engineering-work'>{text(n.place(spot.id))}: {text(state)}</li>")
        t1 = tr.ui("arriala.table.vineyards", "Vineyards (scored at the end)")
        t2 = tr.ui("arriala.table.works", "River works and engineering works")
        locks = tr.ui_plural("arriala.table.locks", "{n} lock left to build", "{n} locks left to build",
                             obs.locks_left)
        self._pane("spots", f"<section class='spots'><h2 style='font-size:1.1em;margin:0.3em 0'>{text(t1)}</h2>"
                            f"<ul style='padding-left:1.2em;margin:0'>{''.join(vines)}</ul>"
                            f"<h2 style='font-size:1.1em;margin:0.5em 0 0.3em'>{text(t2)}</h2>"
                            f"<ul style='padding-left:1.2em;margin:0'>{''.join(works)}</ul>"
                            f"<p style='margin:0.3em 0'>{text(locks)}</p></section>")

    # -- heritage
    def _heritage_place(self) -> str | None:
        """The heritage place of the latest action that involved a town, a vineyard, a river
        work or an engineering work (``data/heritage/places.json`` ids)."""
        m = self.match
        events = m.state.events or []
        keys = ("to", "from", "vineyard", "kind", "work", "cell")
        h = load_heritage()
        for e in reversed(events[-40:]):
            if e.key not in ("arriala.move", "arriala.place", "arriala.to_vineyard", "arriala.from_vineyard",
                             "arriala.river_work", "arriala.engineering_work"):
                continue
            for k in keys:
                game_id = e.args.get(k)
                if isinstance(game_id, str) and ":" not in game_id:
                    try:
                        return h.place_for_game("arriala", game_id).id
                    except KeyError:
                        continue
        return None

    def _render_heritage(self) -> None:
        tr = self.tr
        pid = self._heritage_place()
        if pid is None:
            self._update(self._heritage, visible=False)
            return
        place = load_heritage().place(pid)
        name = place.localized("name", tr.lang).text
        caption = place.localized("caption", tr.lang)
        note = tr.fallback_note(caption)
        mark = f" <em>({text(note)})</em>" if note else ""
        head = tr.ui("arriala.table.heritage", "On the real canal")
        self._pane("heritage", f"<section class='heritage'><h2 style='font-size:1.1em;margin:0.3em 0'>{text(head)}"
                               f"</h2><p style='margin:0.2em 0'><strong>{text(name)}</strong></p>"
                               f"<p style='margin:0.2em 0'>{text(caption.text)}{mark}</p></section>")
        opened = self._story_open and self.on_place is None
        story = ""
        if opened:
            told = place.localized("story", tr.lang)
            note = tr.fallback_note(told)
            mark = f" <em>({text(note)})</em>" if note else ""
            story = f"<p class='story' style='max-width:40em'>{text(told.text)}{mark}</p>"
        self._pane("story", story)
        self._update(self._panes["story"], visible=opened)
        label = (tr.ui("arriala.table.hide_story", "Hide the story") if opened
                 else tr.ui("arriala.table.read_story", "Read the story"))
        self._update(self._story_button, label=label)
        self._update(self._heritage, visible=True)

    # -- log and bots
    def _render_log(self) -> None:
        tr = self.tr
        lines = [line for line in self.match.log() if line.key != "arriala.turn_end"][-16:][::-1]
        items = "".join(f"<li>{text(line.text)}{self._ruling_badge(line.ruling)}</li>" for line in lines)
        title = text(tr.ui("table.log", "What happened"))
        self._pane("log", f"<section class='log' aria-live='polite'><h2 style='font-size:1.1em'>{title}</h2>"
                          f"<ol reversed style='padding-left:1.2em'>{items}</ol></section>")

    def _render_explanations(self) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        if not m.bot_moves or m.privacy:
            self._pane("explains", "")
            return
        p = m.bot_moves[-1][0]
        recent = []
        for seat, move in reversed(m.bot_moves):
            if seat != p or len(recent) >= 6:
                break
            recent.append(move)
        items = "".join(f"<li>{text(n.bot_move(move))}</li>" for move in reversed(recent))
        title = text(tr.ui("table.bot_says", "{name} explains", name=m.names[p]))
        self._pane("explains", f"<section class='bot-explains'><h2 style='font-size:1.1em'>{title}</h2>"
                               f"<ol style='padding-left:1.2em'>{items}</ol></section>")

    # -- the end
    def _end_screen(self) -> pn.Column:
        m, tr, n = self.match, self.tr, self.narrator
        sheet = m.score_sheet()
        how = sheet.ranking
        if how in ("points", "canal_workers") and sheet.winners:
            headline = tr.ui("table.winner", "{name} wins!", name=n.owner(sheet.winners[0]))
        else:
            headline = tr.ui("arriala.table.nobody_wins", "Nobody wins this time!")
        why = {
            "points": lambda: tr.ui("arriala.table.why_points", "Most points (A-R18)."),
            "canal_workers": lambda: tr.ui("arriala.table.why_canal", "Tied on points, but with more workers on the "
                                                                      "canal: canal cells and towns (A-R18)."),
            "shared": lambda: tr.ui("arriala.table.why_shared", "Tied on points and on workers on the canal: no "
                                                                "winner (A-R18)."),
            "virtual": lambda: tr.ui("arriala.table.why_virtual", "The virtual player came first or shared first "
                                                                  "place: nobody has beaten it (A-R8, A-R18)."),
        }.get(how or "points", lambda: "")()
        end_words = ""
        for line in m.log():
            if line.key == "arriala.stalled":
                end_words = line.text
        kind_names = {
            "section": tr.ui("arriala.table.kind", "Sections"),
            "lock": tr.ui("arriala.table.kind", "Locks"),
            "river_work": tr.ui("arriala.table.kind", "River works"),
            "engineering_work": tr.ui("arriala.table.kind", "Engineering works"),
            "vineyard": tr.ui("arriala.table.kind", "Vineyards"),
            "earlier": tr.ui("arriala.table.kind", "Earlier points"),
        }
        head = "".join(f"<th scope='col'>{text(n.owner(o.owner))}</th>" for o in sheet.owners)
        kinds = list(KINDS) + (["earlier"] if any(i.kind == "earlier" for o in sheet.owners for i in o.items) else [])
        rows = []
        for kind in kinds:
            cells = "".join(f"<td>{o.by_kind().get(kind, 0)}</td>" for o in sheet.owners)
            rows.append(f"<tr><th scope='row'>{text(kind_names[kind])}</th>{cells}</tr>")
        total = tr.ui("table.total", "Total")
        totals = "".join(f"<td><strong>{o.total}</strong></td>" for o in sheet.owners)
        canal = tr.ui("arriala.table.canal_workers", "Workers on the canal (first tie-break)")
        canal_cells = "".join(f"<td>{o.canal_workers}</td>" for o in sheet.owners)
        table = (f"<table class='score' style='border-collapse:collapse' border='1' cellpadding='6'>"
                 f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}"
                 f"<tr><th scope='row'>{text(total)}</th>{totals}</tr>"
                 f"<tr><th scope='row'>{text(canal)}</th>{canal_cells}</tr></tbody></table>")
        details = []
        for o in sheet.owners:
            lines = "".join(f"<li>{text(self._item_words(i))}</li>" for i in o.items)
            details.append(f"<li><strong>{text(n.owner(o.owner))}</strong><ul>{lines}</ul></li>")
        detail_title = tr.ui("arriala.table.details", "Every point, line by line")
        top = max(1, max(o.total for o in sheet.owners))
        bars = []
        for o in sheet.owners:
            colour, shape = seat_style(m, o.owner)
            bars.append(f"<div style='display:flex;align-items:center;gap:0.5em;margin:0.2em 0'>"
                        f"<span style='width:10em'>{text(n.owner(o.owner))}</span>"
                        f"<span style='display:inline-block;height:1.2em;width:{14 * o.total / top:.2f}em;"
                        f"background:{colour};border:0.06em solid {INK}'></span>"
                        f"<span>{SHAPE_SYMBOL[shape]} {o.total}</span></div>")
        chart_label = text(tr.ui("table.chart", "Points of each player"))
        parts: list[Any] = [
            html(f"<h2 class='winner' style='font-size:1.8em;margin:0.2em 0'>{text(headline)}</h2>"
                 f"<p class='why'>{text(why)}{self._ruling_badge('A-R18')}</p>"
                 + (f"<p>{text(end_words)}</p>" if end_words else "")),
            html(f"<figure class='chart' aria-label='{chart_label}' style='margin:0'>{''.join(bars)}</figure>"),
            html(table),
            html(f"<details><summary style='min-height:2.75em;cursor:pointer'>{text(detail_title)}</summary>"
                 f"<ul>{''.join(details)}</ul></details>"),
        ]
        buttons = []
        if self._on_again:
            buttons.append(button(tr.ui("table.again", "Play again"), lambda *_: self._on_again(),  # type: ignore[misc]
                                        kind="primary", name="again"))
        if self._on_home:
            buttons.append(button(tr.ui("table.home", "Home"), lambda *_: self._on_home(), name="end-home"))  # type: ignore[misc]
        if buttons:
            parts.append(pn.Row(*buttons))
        return pn.Column(*parts, css_classes=["end-screen"],
                         styles={"background": "#eef5e9", "padding": "1em", "border-radius": "1em"})

    def _item_words(self, item: Any) -> str:
        """One line of the score sheet in words."""
        tr, n = self.tr, self.narrator
        detail = dict(item.detail)
        if item.kind == "section":
            first, _, last = item.place.partition("…")
            where = n.cell(first) if first == last else tr.ui("arriala.section", "{first} to {last}",
                                                             first=n.cell(first), last=n.cell(last))
            return tr.ui_plural("arriala.table.item_section", "Section {where} ({n} worker): {points}",
                                "Section {where} ({n} workers): {points}", int(detail.get("workers", 0)),  # type: ignore[call-overload]
                                where=where, points=item.points)
        if item.kind == "lock":
            return tr.ui("arriala.table.item_lock", "Lock on {where}: {points}", where=n.cell(item.place),
                         points=item.points)
        if item.kind == "river_work":
            return tr.ui("arriala.table.item_river", "River work ({kind}): {points}", kind=n.blue(item.place),
                         points=item.points)
        if item.kind == "engineering_work":
            return tr.ui("arriala.table.item_work", "{work}: {points}", work=n.place(item.place), points=item.points)
        if item.kind == "vineyard":
            return tr.ui("arriala.table.item_vine", "{vineyard} vineyard: {points}", vineyard=n.place(item.place),
                         points=item.points)
        return tr.ui("arriala.table.item_earlier", "Earlier points: {points}", points=item.points)
