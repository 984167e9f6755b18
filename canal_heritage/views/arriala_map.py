"""Arriala's board as a map: where things are drawn, drawing them, and what a tap hits.

The board is a Bokeh plot of the real Canal de Garonne between Grisolles and Valence d'Agen
(``data/heritage/geometry.json``, cells at the coordinates the engine gives them), drawn
from the project's data only: no tiles, nothing fetched. Workers are markers with a colour
and a shape per player (:func:`canal_heritage.theme.arriala_seat`, never colour alone).
The choices on offer are numbered rings under the worker or the place (:class:`Target`).

The plot is built once; each update assigns a data source's columns only when they differ.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import panel as pn
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, Range1d
from bokeh.plotting import figure

from ..arriala import actions as A
from ..arriala.observation import ArrialaObservation
from ..arriala.state import BLUE, VINE, ArrialaGame
from ..heritage import load_heritage
from ..i18n import Translator
from ..theme import arriala_seat, project
from .theme import CANAL, INK, PAPER, label_box

#: The plot's own size; the pane scales it to the page's width, keeping its shape.
MAP_WIDTH, MAP_HEIGHT = 960, 600
#: The map's projection: kilometres east and north of this point.
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
HIGHLIGHT_FILL = "#56B4E9"  # Okabe-Ito sky blue, always with an ink ring and a number
TOWN_FILL = "#D6C39A"
LOCK_FILL = "#6E4522"
CLOSED_FILL = "#8C8C8C"
VINE_FILL = "#86A95E"
BLUE_FILL = "#3F80AD"
WORK_FILL = "#E7B416"


@dataclass(frozen=True)
class Target:
    """One thing the visitor may choose now: a worker, or where an action ends."""

    key: str  # "w<worker>" or "a<action>"
    label: str
    x: float
    y: float
    worker: int | None = None
    action: int | None = None


def _set_data(source: ColumnDataSource, data: dict[str, list[Any]]) -> None:
    if dict(source.data) != data:
        source.data = data


class ArrialaMap:
    """The board's plot: built once for ``game``, drawn from an observation by :meth:`draw`;
    a tap on it calls ``on_tap(x, y)`` (plot coordinates, kilometres)."""

    def __init__(self, game: ArrialaGame, *, projector: bool, on_tap: Callable[[float, float], None]) -> None:
        self.game = game
        self.scale = 1.35 if projector else 1.0
        b = game.board
        self.cell_xy = [project(c.lat, c.lon, ORIGIN) for c in b.cells]
        self.vine_xy = [project(v.lat, v.lon, ORIGIN) for v in b.vineyards]
        self.blue_xy = [project(x.lat, x.lon, ORIGIN) for x in b.blue]
        self.work_xy = [project(x.lat, x.lon, ORIGIN) for x in b.works]
        self._on_tap = on_tap
        self.figure = self._build()
        self.pane = pn.pane.Bokeh(self.figure, sizing_mode="scale_width", margin=(0, 0))

    @property
    def tap_radius(self) -> float:
        """How far from a target's centre a tap still chooses it (kilometres)."""
        return TAP_RADIUS_PX * self.scale * self.km_per_px

    def _build(self) -> Any:
        s = self.scale
        pts = self.cell_xy + self.vine_xy + self.blue_xy + self.work_xy
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
        self.km_per_px = (x1 - x0) / MAP_WIDTH
        fig = figure(width=MAP_WIDTH, height=MAP_HEIGHT, tools="", toolbar_location=None,
                     x_range=Range1d(start=x0, end=x1), y_range=Range1d(start=y0, end=y1), min_border=0,
                     outline_line_color=None,
                     background_fill_color="#e9f1f5", border_fill_color=PAPER, css_classes=["arriala-map"])
        fig.axis.visible = False
        fig.grid.visible = False
        # the canal: its whole course faint, the line in play thick, through the cells
        try:
            line = load_heritage().get("canal-de-garonne")
            cx, cy = zip(*(project(lat, lon, ORIGIN) for lat, lon in line.points()), strict=True)  # type: ignore[attr-defined]
            fig.line(list(cx), list(cy), line_width=3 * s, line_color="#8fb0c8", line_dash=[6, 4])
        except KeyError:  # pragma: no cover - the geometry ships with the project
            pass
        fig.line([p[0] for p in self.cell_xy], [p[1] for p in self.cell_xy], line_width=7 * s,
                 line_color=CANAL, line_cap="round", line_join="round")
        # vineyards, blue cells, engineering works (their counts and names come as labels)
        self.spots = ColumnDataSource(data={"x": [], "y": [], "marker": [], "size": [], "fill": [], "alpha": [],
                                            "line": []})
        fig.scatter("x", "y", source=self.spots, marker="marker", size="size", fill_color="fill",
                    fill_alpha="alpha", line_color="line", line_width=2)
        # cells: plain, closed, locks, towns
        self.cells = ColumnDataSource(data={"x": [], "y": [], "marker": [], "size": [], "fill": []})
        fig.scatter("x", "y", source=self.cells, marker="marker", size="size", fill_color="fill",
                    line_color=INK, line_width=1.5)
        # the targets offered now: a numbered ring under the worker or the place
        self.rings = ColumnDataSource(data={"x": [], "y": [], "number": []})
        fig.scatter("x", "y", source=self.rings, marker="circle", size=36 * s, fill_color=HIGHLIGHT_FILL,
                    fill_alpha=0.45, line_color=INK, line_width=3)
        # the chosen worker
        self.chosen = ColumnDataSource(data={"x": [], "y": []})
        fig.scatter("x", "y", source=self.chosen, marker="circle", size=38 * s, fill_color="#f0b400",
                    fill_alpha=0.8, line_color=INK, line_width=3)
        # workers
        self.workers = ColumnDataSource(data={"x": [], "y": [], "marker": [], "fill": []})
        fig.scatter("x", "y", source=self.workers, marker="marker", size=20 * s, fill_color="fill",
                    line_color=INK, line_width=2)
        fig.text("x", "y", text="number", source=self.rings, x_offset=13 * s, y_offset=-13 * s,
                 anchor="center", text_font_size=f"{round(13 * s)}px", text_font_style="bold",
                 text_color="#ffffff", **label_box(INK, 0.95, padding=2, radius=6))
        self.labels = ColumnDataSource(data={"x": [], "y": [], "text": [], "dx": [], "dy": [], "anchor": []})
        fig.text("x", "y", text="text", x_offset="dx", y_offset="dy", anchor="anchor", source=self.labels,
                 text_font_size=f"{round(13 * s)}px", text_color=INK,
                 **label_box("#fffdf7", 0.85, padding=2, radius=3))
        fig.on_event(Tap, self._tapped)
        return fig

    def _tapped(self, event: Any) -> None:
        if event.x is not None and event.y is not None:
            self._on_tap(event.x, event.y)

    # ------------------------------------------------------------------ where things are
    def spot_xy(self, kind: str, i: int) -> tuple[float, float] | None:
        """Where the place ``i`` of ``kind`` (``cell``, ``vineyard``, ``blue``, ``work``) is drawn."""
        spots = {"cell": self.cell_xy, "vineyard": self.vine_xy, "blue": self.blue_xy, "work": self.work_xy}
        return spots[kind][i] if kind in spots else None

    def worker_xy(self, obs: ArrialaObservation) -> dict[int, tuple[float, float]]:
        """Where each worker is drawn: on its cell (fanned out around a town or a spot)."""
        groups: dict[int, list[int]] = {}
        for w, where in enumerate(obs.loc):
            if where >= 0:
                groups.setdefault(where, []).append(w)
        out: dict[int, tuple[float, float]] = {}
        b = self.game.board
        r = 14 * self.km_per_px * self.scale
        for where, ws in groups.items():
            if where < VINE:
                cx, cy = self.cell_xy[where]
                fan = b.is_town[where]
            elif where < BLUE:
                cx, cy = self.vine_xy[where - VINE]
                fan = True
            else:
                cx, cy = self.blue_xy[where - BLUE]
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

    def nearest(self, targets: Sequence[Target], x: float, y: float) -> Target | None:
        """The target under a tap at (x, y) (plot coordinates), if any."""
        best, best_d = None, self.tap_radius
        for t in targets:
            d = math.hypot(t.x - x, t.y - y)
            if d <= best_d:
                best, best_d = t, d
        return best

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under a tap at (x, y), if any."""
        d, c = min((math.hypot(cx - x, cy - y), c) for c, (cx, cy) in enumerate(self.cell_xy))
        return c if d <= self.tap_radius else None

    # ------------------------------------------------------------------ drawing
    def draw(self, obs: ArrialaObservation, narrator: Any, tr: Translator, targets: Sequence[Target],
             chosen_worker: int | None) -> None:
        """Bring the plot up to date: cells, places and their labels, workers, the numbered
        rings of ``targets`` and the chosen worker."""
        g, n, s = self.game, narrator, self.scale
        b = g.board
        cells: dict[str, list[Any]] = {"x": [], "y": [], "marker": [], "size": [], "fill": []}
        for c, (x, y) in enumerate(self.cell_xy):
            if b.is_town[c]:
                marker, size, fill = "circle_dot", 30 * s, TOWN_FILL
            elif obs.lock[c]:
                marker, size, fill = "square_x", 20 * s, LOCK_FILL
            elif obs.closed[c]:
                marker, size, fill = "circle_x", 16 * s, CLOSED_FILL
            else:
                marker, size, fill = "circle", 15 * s, "#ffffff"
            for k, v in zip(cells, (x, y, marker, size, fill), strict=True):
                cells[k].append(v)
        _set_data(self.cells, cells)
        spots: dict[str, list[Any]] = {"x": [], "y": [], "marker": [], "size": [], "fill": [], "alpha": [], "line": []}

        def spot(xy: tuple[float, float], marker: str, size: float, fill: str, alpha: float) -> None:
            for k, v in zip(spots, (xy[0], xy[1], marker, size * s, fill, alpha, INK), strict=True):
                spots[k].append(v)

        for xy in self.vine_xy:
            spot(xy, "circle", 64, VINE_FILL, 0.45)
        for i, xy in enumerate(self.blue_xy):
            spot(xy, "circle", 34, BLUE_FILL, 0.85 if obs.blue[i] >= 0 else 0.35)
        for i, xy in enumerate(self.work_xy):
            spot(xy, "star", 34, WORK_FILL, 1.0 if obs.works[i] >= 0 else 0.25)
        _set_data(self.spots, spots)
        labels: dict[str, list[Any]] = {"x": [], "y": [], "text": [], "dx": [], "dy": [], "anchor": []}

        def label(xy: tuple[float, float], words: str, place: str, at: tuple[int, int, str]) -> None:
            dx, dy, anchor = LABEL_AT.get(place, at)
            for k, v in zip(labels, (xy[0], xy[1], words, dx * s, dy * s, anchor), strict=True):
                labels[k].append(v)

        for c in b.towns:
            town = b.cells[c].town or ""
            label(self.cell_xy[c], n.place(town), town, ABOVE)
        for v, spot_ in enumerate(b.vineyards):
            label(self.vine_xy[v], tr.ui("arriala.table.vineyard_label", "{name} {n}/{capacity}",
                                         name=n.place(spot_.id), n=sum(obs.vine[v]), capacity=spot_.capacity),
                  spot_.id, (0, -34, "bottom_center"))
        for i, river in enumerate(b.blue):
            label(self.blue_xy[i], n.blue(river.id), river.id, BELOW)
        for i, work in enumerate(b.works):
            label(self.work_xy[i], n.place(work.id), work.id, BELOW)
        _set_data(self.labels, labels)
        where = self.worker_xy(obs)
        workers: dict[str, list[Any]] = {"x": [], "y": [], "marker": [], "fill": []}
        for w, (x, y) in sorted(where.items()):
            colour, shape = arriala_seat(w // A.W, g.players)
            for k, v in zip(workers, (x, y, shape, colour), strict=True):
                workers[k].append(v)
        _set_data(self.workers, workers)
        _set_data(self.rings, {"x": [t.x for t in targets], "y": [t.y for t in targets],
                               "number": [str(i + 1) for i in range(len(targets))]})
        chosen = where.get(chosen_worker) if chosen_worker is not None else None
        _set_data(self.chosen, {"x": [chosen[0]] if chosen else [], "y": [chosen[1]] if chosen else []})
