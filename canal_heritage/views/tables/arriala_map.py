"""Arriala's board as a map: where things are drawn, drawing them, and what a tap hits.

The board is a Bokeh plot of the real Canal de Garonne between Grisolles and Valence d'Agen
(``data/heritage/geometry.json``, cells at the coordinates the engine gives them), drawn
from the project's data only: no tiles, nothing fetched. It stands on the base map of
:mod:`canal_heritage.basemap` (the Garonne, the Tarn, the towns) when that module is there.

It fills the box the table gives it (``stretch_both`` between :data:`MIN_HEIGHT` and
:data:`MAX_HEIGHT`) with equal kilometres on both axes (Bokeh's ``match_aspect``): a wide
box shows more land east and west, never a stretched canal.

- Each section of the canal (between towns and locks, A-R15) is a band of its own tint,
  with a badge: its number, cells taken out of its size, and the shape of whoever leads
  (read from the engine: :meth:`ArrialaMatch.sections`, :func:`counts_on`, :func:`majority`).
- Workers are markers of at least 24 px with a colour and a shape per player
  (:func:`canal_heritage.look.arriala_seat`, never colour alone); several workers on one
  place are spread around it (:func:`spread`, fixed offsets).
- Labels never overlap: :func:`place_labels` tries candidate positions around each
  place in order of importance and drops the least important labels when nothing fits,
  at the scale the browser shows the plot at (its size is synced back), before that at
  every scale it may be shown at (:data:`FRAMES`).
- The legend (:meth:`ArrialaMap.legend_html`) is HTML under the plot, in the page's language.
- The choices on offer are numbered rings under the worker or the place (:class:`Target`).
- Projector mode draws everything larger (:data:`PROJECTOR_SCALE`).

The plot is built once; each update assigns a data source's columns only when they differ.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import panel as pn
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, DataRange1d
from bokeh.plotting import figure

from ...arriala.narration import Narrator
from ...arriala.observation import ArrialaObservation
from ...arriala.scoring import majority
from ...arriala.state import ArrialaGame
from ...heritage import load_heritage
from ...i18n import Translator
from ...look import SHAPE_SYMBOL, arriala_seat, project
from ...matches.arriala import Choice, Where, counts_on, owner_of, where_of
from ..theme import CANAL, INK, PAPER, label_box, text

#: The map's projection: kilometres east and north of this point.
ORIGIN = (44.0, 1.1)
#: The board's height in the page (CSS px): it stretches to its box between these.
MIN_HEIGHT, MAX_HEIGHT = 240, 760
#: The legend's height under the plot (px, before the projector's scale): its 'Legend'
#: button; opened, it takes its rows from the plot.
LEGEND_PX = 48
#: Projector mode: every marker, label and the board's height this much larger (labels 24 px:
#: read from the back of a classroom).
PROJECTOR_SCALE = 1.6
#: Label text size (px, before the projector's scale).
FONT_PX = 15
#: A worker marker's size (px, before the projector's scale): never under 24 px.
WORKER_PX = 26
#: A tap chooses a highlighted target this far from its centre (screen pixels).
TAP_RADIUS_PX = 28
#: The plot frames the places in play with this margin (kilometres).
PAD_KM = 2.5
#: Screen sizes (CSS px) of the board's frame the label placement must hold at: from a
#: small landscape tablet to a large screen. Placement is checked at each scale they give.
FRAMES = ((640, 380), (760, 460), (900, 560), (1200, 720))
PROJECTOR_FRAMES = ((760, 420), (1000, 560), (1300, 760), (1800, 1000))
#: The plot stretches, the legend under it keeps its height.
BOARD_CSS = """
:host { display: flex !important; flex-direction: column !important; min-height: min-content; }
.map-plot { flex: 1 1 0 !important; }
.map-legend { flex: none !important; height: auto !important; }
"""
HIGHLIGHT_FILL = "#56B4E9"  # Okabe-Ito sky blue, always with an ink ring and a number
TOWN_FILL = "#D6C39A"
LOCK_FILL = "#6E4522"
CLOSED_FILL = "#8C8C8C"
VINE_FILL = "#86A95E"
BLUE_FILL = "#3F80AD"
WORK_FILL = "#E7B416"
#: Two tints that alternate along the canal, one section to the next; a scored section is grey.
SECTION_TINTS = ("#9fd3ef", "#f2c36b")
SECTION_SCORED = "#b9b9b9"
LAND_FILL = "#f4efe0"
RIVER_LINE = "#9cc3dc"


@dataclass(frozen=True)
class Target:
    """One thing the visitor may choose now: a worker, or a decision (where it ends)."""

    key: str  # "w<worker>" or "a<the choice's action>"
    label: str
    x: float
    y: float
    worker: int | None = None
    choice: Choice | None = None

    @property
    def action(self) -> int | None:
        """The decision's action int, kept for the match (None for a worker)."""
        return None if self.choice is None else self.choice.action


# ---------------------------------------------------------------------- label placement
@dataclass(frozen=True)
class Label:
    """A label to place: ``text`` near the point (x, y) (km), whose marker has radius
    ``clear`` (px); a lower ``rank`` is more important (kept first)."""

    key: str
    text: str
    x: float
    y: float
    rank: int
    clear: float


@dataclass(frozen=True)
class Placed:
    """A placed label: its box's centre is (dx, dy) screen pixels from its point (y down),
    ``w`` × ``h`` pixels."""

    label: Label
    dx: float
    dy: float
    w: float
    h: float


#: Estimated advance of a character of the map's sans-serif font, in ems.
_WIDE = set("MWmw@%ÉÈÀÂ")


def text_size(words: str, font_px: float, padding: float) -> tuple[float, float]:
    """The box (width, height in px) of ``words`` drawn at ``font_px`` with a background
    ``padding``: an estimate on the generous side (the browser test measures the real one)."""
    em = 0.0
    for ch in words:
        if ch in _WIDE:
            em += 0.9
        elif ch.isupper() or ch.isdigit():
            em += 0.72
        elif ch in " '’.,:;|il":
            em += 0.36
        else:
            em += 0.62
    return em * font_px + 2 * padding + 4, 1.2 * font_px + 2 * padding + 2


def _candidates(w: float, h: float, r: float) -> list[tuple[float, float]]:
    """Box centre offsets around a marker of radius ``r``, in order of preference."""
    g = 4.0
    up, down = -(r + g + h / 2), r + g + h / 2
    right, left = r + g + w / 2, -(r + g + w / 2)
    d = r * 0.75 + g
    return [(0, up), (0, down), (right, 0), (left, 0),
            (d + w / 2, -(d + h / 2)), (-(d + w / 2), -(d + h / 2)), (d + w / 2, d + h / 2), (-(d + w / 2), d + h / 2),
            (0, up - h - g), (0, down + h + g), (right + g + 6, 0), (left - g - 6, 0)]


def place_labels(labels: Sequence[Label], obstacles: Sequence[tuple[float, float, float]],
                 extent: tuple[float, float, float, float], scales: Sequence[float], *,
                 font_px: float, padding: float = 2) -> list[Placed]:
    """Place ``labels`` so that no two boxes overlap at any of ``scales`` (px per km), inside
    ``extent`` (x0, x1, y0, y1 km), avoiding ``obstacles`` (x, y km, radius px; only labels
    of rank 0 or 1 may cover one when nothing else fits): greedy, most important first,
    each trying its candidate positions in order; a label that fits nowhere is dropped.
    Deterministic: the same labels give the same placement."""
    x0, x1, y0, y1 = extent
    placed: list[Placed] = []

    def box(lab: Label, dx: float, dy: float, w: float, h: float, s: float) -> tuple[float, float, float, float]:
        cx, cy = (lab.x - x0) * s + dx, (y1 - lab.y) * s + dy
        return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2

    def fits(lab: Label, dx: float, dy: float, w: float, h: float, strict: bool) -> bool:
        for s in scales:
            a = box(lab, dx, dy, w, h, s)
            if a[0] < 0 or a[1] < 0 or a[2] > (x1 - x0) * s or a[3] > (y1 - y0) * s:
                return False
            for p in placed:
                b = box(p.label, p.dx, p.dy, p.w, p.h, s)
                if a[0] < b[2] + 2 and b[0] < a[2] + 2 and a[1] < b[3] + 2 and b[1] < a[3] + 2:
                    return False
            if strict:
                for ox, oy, r in obstacles:
                    if ox == lab.x and oy == lab.y:
                        continue
                    px, py = (ox - x0) * s, (y1 - oy) * s
                    if a[0] < px + r and px - r < a[2] and a[1] < py + r and py - r < a[3]:
                        return False
        return True

    for lab in sorted(labels, key=lambda la: (la.rank, la.key)):
        w, h = text_size(lab.text, font_px, padding)
        cands = _candidates(w, h, lab.clear)
        spot = next((c for c in cands if fits(lab, c[0], c[1], w, h, True)), None)
        if spot is None and lab.rank <= 1:  # a town's name or a section's count may cover a marker
            spot = next((c for c in cands if fits(lab, c[0], c[1], w, h, False)), None)
        if spot is not None:
            placed.append(Placed(lab, spot[0], spot[1], w, h))
    return placed


def spread(k: int, radius_px: float) -> list[tuple[float, float]]:
    """Offsets (px, y up) of ``k`` markers of ``radius_px`` around one place, touching
    neither each other nor the place's centre: one above it, two side by side, more on a ring."""
    if k <= 0:
        return []
    if k == 1:
        return [(0.0, radius_px * 1.35)]
    ring = max(radius_px * 1.45, (radius_px + 2) / math.sin(math.pi / k))
    return [(ring * math.cos(math.pi / 2 + 2 * math.pi * i / k), ring * math.sin(math.pi / 2 + 2 * math.pi * i / k))
            for i in range(k)]


#: A choice ring's diameter (px, before the projector's scale), and the smallest it may shrink
#: to where the choices stand closer than that.
RING_PX, RING_MIN_PX = 42, 22


def ring_sizes(points: Sequence[tuple[float, float]], px_per_km: float, largest: float,
               smallest: float) -> list[float]:
    """Each choice ring's diameter (px): ``largest`` where it has room, else as large as
    keeps it from overlapping its nearest neighbouring ring at ``px_per_km``, never under
    ``smallest``. Rings at one place (half a pixel apart or less) are drawn as one and do not
    shrink each other: the buttons under the map tell them apart."""
    out = []
    for i, (x, y) in enumerate(points):
        gaps = [math.hypot(x - u, y - v) * px_per_km for j, (u, v) in enumerate(points) if j != i]
        near = min((g for g in gaps if g > 0.5), default=math.inf)
        out.append(round(max(smallest, min(largest, near - 2)), 1))
    return out


def _border(colour: str, width: float) -> dict[str, Any]:
    """A text box's border, as keyword arguments of Bokeh's ``figure.text``."""
    return {"border_line_color": colour, "border_line_width": width}


def _set_data(source: ColumnDataSource, data: dict[str, list[Any]]) -> None:
    if dict(source.data) != data:
        source.data = data


def _icon(shape: str, fill: str, size: int = 26, *, number: str = "", label: str = "") -> str:
    """A legend entry's picture: the marker as the map draws it, as a small SVG."""
    c, r = 50, 34
    stroke = f"stroke='{INK}' stroke-width='7'"
    if shape in ("circle", "circle_dot", "circle_x", "ring"):
        body = f"<circle cx='{c}' cy='{c}' r='{r}' fill='{fill}' {stroke}/>"
        if shape == "circle_dot":
            body += f"<circle cx='{c}' cy='{c}' r='8' fill='{INK}'/>"
        if shape == "circle_x":
            body += f"<path d='M26 26L74 74M74 26L26 74' {stroke}/>"
        if number:
            body += (f"<rect x='52' y='52' width='44' height='44' rx='10' fill='{INK}'/>"
                     f"<text x='74' y='86' font-size='36' font-weight='700' fill='#fff' text-anchor='middle'"
                     f" font-family='sans-serif'>{number}</text>")
    elif shape == "square_x":
        body = (f"<rect x='18' y='18' width='64' height='64' fill='{fill}' {stroke}/>"
                f"<path d='M18 18L82 82M82 18L18 82' stroke='#fff' stroke-width='6'/>")
    elif shape == "square":
        body = f"<rect x='18' y='18' width='64' height='64' fill='{fill}' {stroke}/>"
    elif shape == "triangle":
        body = f"<polygon points='50,10 90,84 10,84' fill='{fill}' {stroke}/>"
    elif shape == "diamond":
        body = f"<polygon points='50,6 90,50 50,94 10,50' fill='{fill}' {stroke}/>"
    elif shape == "hex":
        pts = " ".join(f"{50 + 40 * math.cos(math.radians(60 * i + 30)):.1f},"
                       f"{50 + 40 * math.sin(math.radians(60 * i + 30)):.1f}" for i in range(6))
        body = f"<polygon points='{pts}' fill='{fill}' {stroke}/>"
    elif shape == "star":
        pts = " ".join(f"{50 + (44 if i % 2 == 0 else 19) * math.cos(math.radians(-90 + 36 * i)):.1f},"
                       f"{54 + (44 if i % 2 == 0 else 19) * math.sin(math.radians(-90 + 36 * i)):.1f}"
                       for i in range(10))
        body = f"<polygon points='{pts}' fill='{fill}' {stroke}/>"
    elif shape == "band":
        body = (f"<path d='M4 50H46' stroke='{SECTION_TINTS[0]}' stroke-width='30'/>"
                f"<path d='M54 50H96' stroke='{SECTION_TINTS[1]}' stroke-width='30'/>"
                f"<path d='M4 50H96' stroke='{CANAL}' stroke-width='10'/>")
    else:  # pragma: no cover - every shape drawn is above
        body = ""
    aria = f"role='img' aria-label='{text(label)}'" if label else "aria-hidden='true'"
    return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100' width='{size}' height='{size}' "
            f"{aria} style='flex:none'>{body}</svg>")


class ArrialaMap:
    """The board's plot: built once for ``game``, drawn from an observation by :meth:`draw`;
    a tap on it calls ``on_tap(x, y)`` (plot coordinates, kilometres).

    ``pane`` is the plot with its legend under it; the plot stretches to its box (between
    :data:`MIN_HEIGHT` and :data:`MAX_HEIGHT`, larger in projector mode)."""

    def __init__(self, game: ArrialaGame, *, projector: bool, on_tap: Callable[[float, float], None]) -> None:
        self.game = game
        self.scale = PROJECTOR_SCALE if projector else 1.0
        self.font_px = round(FONT_PX * self.scale)
        b = game.board
        self.cell_xy = [project(c.lat, c.lon, ORIGIN) for c in b.cells]
        self.vine_xy = [project(v.lat, v.lon, ORIGIN) for v in b.vineyards]
        self.blue_xy = [project(x.lat, x.lon, ORIGIN) for x in b.blue]
        self.work_xy = [project(x.lat, x.lon, ORIGIN) for x in b.works]
        pts = self.cell_xy + self.vine_xy + self.blue_xy + self.work_xy
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        #: the part of the map always shown (km): the places in play and a margin
        self.extent = (min(xs) - PAD_KM, max(xs) + PAD_KM, min(ys) - PAD_KM, max(ys) + PAD_KM)
        ew, eh = self.extent[1] - self.extent[0], self.extent[3] - self.extent[2]
        frames = PROJECTOR_FRAMES if projector else FRAMES
        #: the px per km the board may be shown at (the label placement holds at each)
        self.scales = sorted({round(min(w / ew, h / eh), 3) for w, h in frames})
        self.min_height = round(MIN_HEIGHT * self.scale)
        self.max_height = round(MAX_HEIGHT * self.scale)
        self._on_tap = on_tap
        self._placed: dict[Any, list[Placed]] = {}
        self._placed_scale: float | None = None
        self._to_place: tuple[tuple[Label, ...], tuple[tuple[float, float, float], ...], dict[str, str]] | None = None
        self.placed: list[Placed] = []
        self._ring_xy: list[tuple[float, float]] = []  # the choices shown now (km)
        self.figure = self._build()
        # the browser says the plot's size (Bokeh syncs it back): labels fit that size
        self.figure.on_change("inner_width", self._resized)
        self.figure.on_change("inner_height", self._resized)
        self.plot = pn.pane.Bokeh(self.figure, sizing_mode="stretch_both", min_height=self.min_height,
                                  max_height=self.max_height, margin=(0, 0), css_classes=["map-plot"])
        self.legend = pn.pane.HTML("", sizing_mode="stretch_width", margin=(4, 0, 0, 0), css_classes=["map-legend"])
        # the plot takes the height the legend leaves; the legend keeps its own
        self.pane = pn.Column(self.plot, self.legend, sizing_mode="stretch_both", margin=(0, 0),
                              min_height=self.min_height + round(LEGEND_PX * self.scale),
                              css_classes=["arriala-board"], stylesheets=[BOARD_CSS])

    @property
    def km_per_px(self) -> float:
        """Kilometres per screen pixel: as the browser shows the plot once it has said its
        size, else a middle one of the scales the board is drawn for."""
        fig = self.figure
        try:
            width, x0, x1 = fig.inner_width, fig.x_range.start, fig.x_range.end
        except Exception:
            width = x0 = x1 = None
        if width and width > 50 and isinstance(x0, int | float) and isinstance(x1, int | float) \
                and math.isfinite(x0) and math.isfinite(x1) and x1 > x0:
            return (x1 - x0) / width
        return 1 / self.scales[len(self.scales) // 2]

    @property
    def tap_radius(self) -> float:
        """How far from a target's centre a tap still chooses it (kilometres)."""
        return TAP_RADIUS_PX * self.scale * self.km_per_px

    def _build(self) -> Any:
        s = self.scale
        x0, x1, y0, y1 = self.extent
        xr, yr = DataRange1d(range_padding=0), DataRange1d(range_padding=0)
        fig = figure(sizing_mode="stretch_both", min_height=self.min_height, max_height=self.max_height,
                     min_width=280, tools="", toolbar_location=None, x_range=xr, y_range=yr, match_aspect=True,
                     min_border=0, outline_line_color=None, background_fill_color=LAND_FILL,
                     border_fill_color=PAPER, css_classes=["arriala-map"])
        fig.axis.visible = False
        fig.grid.visible = False
        # the frame: the ranges always hold the places in play; match_aspect widens one of them
        frame = fig.scatter([x0, x1, x0, x1], [y0, y0, y1, y1], size=1, alpha=0)
        xr.renderers = [frame]
        yr.renderers = [frame]
        self._draw_basemap(fig)
        # the canal: its whole course faint, the line in play thick, through the cells
        try:
            line = load_heritage().get("canal-de-garonne")
            cx, cy = zip(*(project(lat, lon, ORIGIN) for lat, lon in line.points()), strict=True)  # type: ignore[attr-defined]
            fig.line(list(cx), list(cy), line_width=3 * s, line_color="#8fb0c8", line_dash=[6, 4])
        except KeyError:  # pragma: no cover - the geometry ships with the project
            pass
        # the sections: a band of its own tint each, cut at the towns and locks between them
        self.sections = ColumnDataSource(data={"xs": [], "ys": [], "colour": []})
        fig.multi_line("xs", "ys", source=self.sections, line_color="colour", line_width=20 * s, line_alpha=0.9,
                       line_cap="butt", line_join="round")
        fig.line([p[0] for p in self.cell_xy], [p[1] for p in self.cell_xy], line_width=6 * s,
                 line_color=CANAL, line_cap="round", line_join="round")
        # vineyards, blue cells, engineering works (their counts and names come as labels)
        self.spots = ColumnDataSource(data={"x": [], "y": [], "marker": [], "size": [], "fill": [], "alpha": [],
                                            "line": []})
        fig.scatter("x", "y", source=self.spots, marker="marker", size="size", fill_color="fill",
                    fill_alpha="alpha", line_color="line", line_width=2)
        # cells: plain, closed, locks, towns
        self.cells = ColumnDataSource(data={"x": [], "y": [], "marker": [], "size": [], "fill": []})
        fig.scatter("x", "y", source=self.cells, marker="marker", size="size", fill_color="fill",
                    line_color=INK, line_width=2)
        # the targets offered now: a numbered ring under the worker or the place
        self.rings = ColumnDataSource(data={"x": [], "y": [], "number": [], "size": [], "nx": [], "ny": []})
        fig.scatter("x", "y", source=self.rings, marker="circle", size="size", fill_color=HIGHLIGHT_FILL,
                    fill_alpha=0.45, line_color=INK, line_width=3)
        # the chosen worker
        self.chosen = ColumnDataSource(data={"x": [], "y": []})
        fig.scatter("x", "y", source=self.chosen, marker="circle", size=44 * s, fill_color="#f0b400",
                    fill_alpha=0.8, line_color=INK, line_width=3)
        # workers
        self.workers = ColumnDataSource(data={"x": [], "y": [], "marker": [], "fill": []})
        fig.scatter("x", "y", source=self.workers, marker="marker", size=WORKER_PX * s, fill_color="fill",
                    line_color=INK, line_width=2.5)
        fig.text("x", "y", text="number", source=self.rings, x_offset="nx", y_offset="ny",
                 anchor="center", text_font_size=f"{self.font_px}px", text_font_style="bold",
                 text_color="#ffffff", **label_box(INK, 0.95, padding=2, radius=6))
        self.labels = ColumnDataSource(data={"x": [], "y": [], "text": [], "dx": [], "dy": [], "w": [], "h": [],
                                             "border": [], "weight": []})
        fig.text("x", "y", text="text", x_offset="dx", y_offset="dy", anchor="center", source=self.labels,
                 text_font_size=f"{self.font_px}px", text_color=INK, text_font_style="weight",
                 **_border("border", 2),
                 **label_box("#fffdf7", 0.92, padding=2, radius=3))
        self._draw_scale_and_north(fig)
        fig.on_event(Tap, self._tapped)
        return fig

    def _draw_scale_and_north(self, fig: Any) -> None:
        """A 10 km scale bar in the lower left corner and a north arrow in the upper right
        one (the km are equal on both axes, so one bar serves both)."""
        s = self.scale
        x0, x1, y0, y1 = self.extent
        bx, by = x0 + 0.6, y0 + 0.7
        fig.line([bx, bx + 10], [by, by], line_color=INK, line_width=3 * s)
        fig.scatter([bx, bx + 10], [by, by], marker="dash", angle=math.pi / 2, size=10 * s, line_color=INK,
                    line_width=2 * s)
        fig.text([bx + 5], [by], text=["10 km"], anchor="bottom_center", y_offset=-4 * s,
                 text_font_size=f"{round(13 * s)}px", text_color=INK)
        nx, ny = x1 - 1.2, y1 - 1.2
        fig.scatter([nx], [ny], marker="triangle", size=20 * s, fill_color=INK, line_color=INK)
        fig.text([nx], [ny], text=["N"], anchor="top_center", y_offset=12 * s, text_font_size=f"{round(14 * s)}px",
                 text_font_style="bold", text_color=INK)
        #: where labels must not go: the scale bar and the arrow (x, y km, radius px)
        self.furniture = [(bx + k, by, 14 * s) for k in range(0, 11, 2)] + [(nx, ny, 22 * s)]

    def _draw_basemap(self, fig: Any) -> None:
        """The Garonne, the Tarn and the towns around, faint, under the board
        (:mod:`canal_heritage.basemap`); their names are labels of the lowest rank."""
        #: (kind, id, x, y) of the base map's names worth a label: towns, rivers
        self.base_names: list[tuple[str, str, float, float]] = []
        try:
            from ...basemap import load_basemap, project_lines

            base = load_basemap()
        except Exception:  # pragma: no cover - the base map ships with the project
            return
        x0, x1, y0, y1 = self.extent
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        far = 3 * max(x1 - x0, y1 - y0)
        rivers = [r for r in base.rivers.values() if r.id in ("garonne", "tarn", "aveyron")]
        xs, ys = project_lines([r.smooth() for r in rivers], ORIGIN)
        fig.multi_line(xs, ys, line_color=RIVER_LINE, line_width=5 * self.scale, line_alpha=0.9,
                       line_cap="round", line_join="round")
        for r, rx, ry in zip(rivers, xs, ys, strict=True):
            inside = [(x, y) for x, y in zip(rx, ry, strict=True) if x0 + 4 < x < x1 - 4 and y0 + 3 < y < y1 - 3]
            if inside:  # its name where it runs farthest from the canal
                x, y = max(inside, key=lambda p: min(math.hypot(p[0] - a, p[1] - b) for a, b in self.cell_xy))
                self.base_names.append(("river", r.id, x, y))
        game_towns = [self.cell_xy[c] for c in self.game.board.towns]
        tx, ty = [], []
        for t in base.towns:
            x, y = project(t.lat, t.lon, ORIGIN)
            if math.hypot(x - cx, y - cy) > far or min(math.hypot(x - a, y - b) for a, b in game_towns) < 2.5:
                continue
            tx.append(x)
            ty.append(y)
            if x0 < x < x1 and y0 < y < y1:
                self.base_names.append(("town", t.id, x, y))
        fig.scatter(tx, ty, marker="square", size=9 * self.scale, fill_color="#b7a98a", line_color="#7d705a")

    def _tapped(self, event: Any) -> None:
        if event.x is not None and event.y is not None:
            self._on_tap(event.x, event.y)

    # ------------------------------------------------------------------ where things are
    def spot_xy(self, kind: str, i: int) -> tuple[float, float] | None:
        """Where the place ``i`` of ``kind`` (``cell``, ``vineyard``, ``blue``, ``work``) is drawn."""
        spots = {"cell": self.cell_xy, "vineyard": self.vine_xy, "blue": self.blue_xy, "work": self.work_xy}
        return spots[kind][i] if kind in spots else None

    def where_xy(self, where: Where) -> tuple[float, float] | None:
        """Where a place is drawn (None for one off the board: the reserve, nowhere)."""
        return self.spot_xy(where.kind, where.index) if where.on_board else None

    def worker_xy(self, obs: ArrialaObservation) -> dict[int, tuple[float, float]]:
        """Where each worker is drawn: on its cell; around a town or a vineyard, spread so
        that none hides another (:func:`spread`, at the smallest scale the board is shown at)."""
        groups: dict[Where, list[int]] = {}
        for w, loc in enumerate(obs.loc):
            where = where_of(loc)
            if where.on_board:
                groups.setdefault(where, []).append(w)
        out: dict[int, tuple[float, float]] = {}
        b = self.game.board
        km = 1 / self.scales[0]
        radius = WORKER_PX * self.scale / 2
        for where, ws in groups.items():
            i = where.index
            if where.kind == "cell":
                cx, cy = self.cell_xy[i]
                fan = b.is_town[i] or len(ws) > 1
                r = radius + 15 * self.scale if b.is_town[i] else radius
            elif where.kind == "vineyard":
                cx, cy = self.vine_xy[i]
                fan, r = True, radius
            else:
                cx, cy = self.blue_xy[i]
                fan, r = len(ws) > 1, radius
            if not fan:
                for w in ws:
                    out[w] = (cx, cy)
                continue
            offsets = spread(len(ws), radius) if len(ws) > 1 else [(0.0, r + 2)]
            for w, (dx, dy) in zip(ws, offsets, strict=True):
                out[w] = (cx + dx * km, cy + dy * km)
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

    def place_at(self, x: float, y: float) -> Where | None:
        """The place (a cell) under a tap at (x, y), if any."""
        c = self.cell_at(x, y)
        return None if c is None else Where("cell", c)

    # ------------------------------------------------------------------ drawing
    def draw(self, obs: ArrialaObservation, narrator: Narrator, tr: Translator, targets: Sequence[Target],
             chosen_worker: int | None, sections: Sequence[tuple[int, int, bool]] = ()) -> None:
        """Bring the plot up to date: sections (``(first, last, scored)`` as
        :meth:`ArrialaMatch.sections` gives them), cells, places and their labels, workers,
        the numbered rings of ``targets``, the chosen worker, and the legend."""
        g, n, s = self.game, narrator, self.scale
        b = g.board
        cells: dict[str, list[Any]] = {"x": [], "y": [], "marker": [], "size": [], "fill": []}
        obstacles: list[tuple[float, float, float]] = []
        for c, (x, y) in enumerate(self.cell_xy):
            if b.is_town[c]:
                marker, size, fill = "circle_dot", 30 * s, TOWN_FILL
            elif obs.lock[c]:
                marker, size, fill = "square_x", 22 * s, LOCK_FILL
            elif obs.closed[c]:
                marker, size, fill = "circle_x", 18 * s, CLOSED_FILL
            else:
                marker, size, fill = "circle", 18 * s, "#ffffff"
            for k, v in zip(cells, (x, y, marker, size, fill), strict=True):
                cells[k].append(v)
            obstacles.append((x, y, size / 2))
        _set_data(self.cells, cells)
        spots: dict[str, list[Any]] = {"x": [], "y": [], "marker": [], "size": [], "fill": [], "alpha": [], "line": []}

        def spot(xy: tuple[float, float], marker: str, size: float, fill: str, alpha: float) -> None:
            for k, v in zip(spots, (xy[0], xy[1], marker, size * s, fill, alpha, INK), strict=True):
                spots[k].append(v)
            obstacles.append((xy[0], xy[1], size * s / 2))

        for xy in self.vine_xy:
            spot(xy, "circle", 64, VINE_FILL, 0.45)
        for i, xy in enumerate(self.blue_xy):
            spot(xy, "circle", 34, BLUE_FILL, 0.85 if obs.blue[i] >= 0 else 0.35)
        for i, xy in enumerate(self.work_xy):
            spot(xy, "star", 34, WORK_FILL, 1.0 if obs.works[i] >= 0 else 0.3)
        _set_data(self.spots, spots)
        # workers
        where = self.worker_xy(obs)
        workers: dict[str, list[Any]] = {"x": [], "y": [], "marker": [], "fill": []}
        for w, (x, y) in sorted(where.items()):
            colour, shape = arriala_seat(owner_of(w), g.players)
            for k, v in zip(workers, (x, y, shape, colour), strict=True):
                workers[k].append(v)
            obstacles.append((x, y, WORKER_PX * s / 2))
        _set_data(self.workers, workers)
        # sections and their badges
        labels: list[Label] = []
        bands: dict[str, list[Any]] = {"xs": [], "ys": [], "colour": []}
        borders: dict[str, str] = {}
        for number, (first, last, scored) in enumerate(sections, start=1):
            pts = [self.cell_xy[c] for c in range(first, last + 1)]
            if first > 0:
                (ax, ay), (bx, by) = self.cell_xy[first - 1], self.cell_xy[first]
                pts.insert(0, (ax + (bx - ax) * 0.55, ay + (by - ay) * 0.55))
            if last < b.size - 1:
                (ax, ay), (bx, by) = self.cell_xy[last], self.cell_xy[last + 1]
                pts.append((ax + (bx - ax) * 0.45, ay + (by - ay) * 0.45))
            bands["xs"].append([p[0] for p in pts])
            bands["ys"].append([p[1] for p in pts])
            bands["colour"].append(SECTION_SCORED if scored else SECTION_TINTS[number % 2])
            mid = self.cell_xy[(first + last) // 2] if (last - first) % 2 == 0 else (
                (self.cell_xy[(first + last) // 2][0] + self.cell_xy[(first + last) // 2 + 1][0]) / 2,
                (self.cell_xy[(first + last) // 2][1] + self.cell_xy[(first + last) // 2 + 1][1]) / 2)
            if scored:
                words = tr.ui("arriala.map.section_scored", "S{number} scored", number=number)
            else:
                counts = counts_on(g, obs.loc, first, last)
                winner, _tie = majority(counts)
                taken = int(sum(counts))
                words = tr.ui("arriala.map.section", "S{number} {taken}/{size}", number=number, taken=taken,
                              size=last - first + 1)
                if winner is not None and taken:
                    words += " " + SHAPE_SYMBOL[arriala_seat(winner, g.players)[1]]
                    borders[f"s{number}"] = arriala_seat(winner, g.players)[0]
            labels.append(Label(f"s{number}", words, mid[0], mid[1], 1, 12 * s))
        _set_data(self.sections, bands)
        # names and counts
        for c in b.towns:
            town = b.cells[c].town or ""
            labels.append(Label(f"t{c}", n.place(town), *self.cell_xy[c], 0, 15 * s))
        for v, spot_ in enumerate(b.vineyards):
            words = tr.ui("arriala.table.vineyard_label", "{name} {n}/{capacity}",
                          name=n.place(spot_.id), n=sum(obs.vine[v]), capacity=spot_.capacity)
            labels.append(Label(f"v{v}", words, *self.vine_xy[v], 2, 32 * s))
        for i, work in enumerate(b.works):
            labels.append(Label(f"e{i}", n.place(work.id), *self.work_xy[i], 3, 17 * s))
        for i, river in enumerate(b.blue):
            labels.append(Label(f"b{i}", n.blue(river.id), *self.blue_xy[i], 4, 17 * s))
        if self.base_names:
            from ...basemap import load_basemap

            base = load_basemap()
            for kind, bid, x, y in self.base_names:
                name = base.rivers[bid].name(tr.lang) if kind == "river" else base.town(bid).name(tr.lang)
                labels.append(Label(f"m{bid}", name, x, y, 5, 5 * s))
        # the choices' rings too: a name stands beside them, not over them
        obstacles += [(t.x, t.y, RING_PX * s / 2) for t in targets]
        self._to_place = (tuple(labels), tuple(obstacles + self.furniture), borders)
        self._place_labels()
        self._ring_xy = [(t.x, t.y) for t in targets]
        self._set_rings()
        chosen = where.get(chosen_worker) if chosen_worker is not None else None
        _set_data(self.chosen, {"x": [chosen[0]] if chosen else [], "y": [chosen[1]] if chosen else []})
        legend = self.legend_html(n, tr)
        if self.legend.object != legend:
            self.legend.object = legend

    def _set_rings(self) -> None:
        """The numbered rings of the choices, each as large as its neighbours leave room for
        at the scale shown (the smallest the board may be shown at, before the browser says),
        its number at its upper right."""
        scale = self.shown_scale() or self.scales[0]
        sizes = ring_sizes(self._ring_xy, scale, RING_PX * self.scale, RING_MIN_PX * self.scale)
        _set_data(self.rings, {"x": [p[0] for p in self._ring_xy], "y": [p[1] for p in self._ring_xy],
                               "number": [str(i + 1) for i in range(len(self._ring_xy))], "size": sizes,
                               "nx": [round(z * 0.38, 1) for z in sizes], "ny": [round(-z * 0.38, 1) for z in sizes]})

    def shown_scale(self) -> float | None:
        """The px per km the browser shows the plot at, once it has said its size
        (``match_aspect`` fits the whole extent in the frame), else ``None``."""
        try:
            width, height = self.figure.inner_width, self.figure.inner_height
        except Exception:
            return None
        if not width or not height or width < 50 or height < 50:
            return None
        x0, x1, y0, y1 = self.extent
        return round(min(width / (x1 - x0), height / (y1 - y0)), 3)

    def _place_labels(self) -> None:
        """Place the latest labels (:func:`place_labels`) at the scale the browser shows the
        plot at, or, before it has said, at every scale it may be shown at; assign the labels'
        columns when they change."""
        if self._to_place is None:
            return
        labels, obstacles, borders = self._to_place
        shown = self.shown_scale()
        scales = [shown] if shown is not None else self.scales
        key = (labels, obstacles, tuple(scales))
        placed = self._placed.get(key)
        if placed is None:
            placed = place_labels(labels, obstacles, self.extent, scales, font_px=self.font_px)
            self._placed = {key: placed}  # keep the latest only
        self.placed = placed
        _set_data(self.labels, {
            "x": [p.label.x for p in placed], "y": [p.label.y for p in placed], "text": [p.label.text for p in placed],
            "dx": [round(p.dx, 1) for p in placed], "dy": [round(p.dy, 1) for p in placed],
            "w": [round(p.w, 1) for p in placed], "h": [round(p.h, 1) for p in placed],
            "border": [borders.get(p.label.key, INK if p.label.rank == 0 else "#fffdf7") for p in placed],
            "weight": ["bold" if p.label.rank <= 1 else "italic" if p.label.rank == 5 else "normal"
                       for p in placed]})

    def _resized(self, _attr: str, _old: Any, _new: Any) -> None:
        """The browser shows the plot at a new size: the labels are placed again for it."""
        if self.shown_scale() != self._placed_scale:
            self._placed_scale = self.shown_scale()
            self._place_labels()
            self._set_rings()

    def legend_html(self, narrator: Narrator, tr: Translator) -> str:
        """What each mark on the board means, with its picture, in the page's language."""
        g, n = self.game, narrator
        size = round(22 * self.scale)
        items = [
            (_icon("circle", "#ffffff", size), tr.ui("arriala.map.legend_cell", "cell: one worker")),
            (_icon("circle_dot", TOWN_FILL, size), tr.ui("arriala.map.legend_town", "town: any number")),
            (_icon("square_x", LOCK_FILL, size), tr.ui("arriala.map.legend_lock", "lock: ends a section")),
            (_icon("band", "", size), tr.ui("arriala.map.legend_section", "S2 1/3 ▲: section 2, 1 of 3 cells taken, "
                                                                         "▲ leads")),
            (_icon("circle_x", CLOSED_FILL, size), tr.ui("arriala.map.legend_closed", "scored section, closed")),
            (_icon("circle", VINE_FILL, size), tr.ui("arriala.map.legend_vineyard", "vineyard: places taken/places")),
            (_icon("circle", BLUE_FILL, size), tr.ui("arriala.map.legend_river", "river work: one worker")),
            (_icon("star", WORK_FILL, size), tr.ui("arriala.map.legend_work", "engineering work (bright when built)")),
            (_icon("circle", HIGHLIGHT_FILL, size, number="1"),
             tr.ui("arriala.map.legend_target", "a choice: tap it or its button")),
        ]
        pawns = "".join(
            f"<span style='display:inline-flex;align-items:center;gap:0.2em;margin-right:0.6em'>"
            f"{_icon(arriala_seat(o, g.players)[1], arriala_seat(o, g.players)[0], size, label=n.owner(o))}"
            f"{text(n.owner(o))}</span>" for o in range(g.owners))
        title = tr.ui("arriala.map.legend", "Legend")
        workers = tr.ui("arriala.map.legend_workers", "Workers:")
        lis = "".join(f"<li style='display:flex;align-items:center;gap:0.3em'>{icon}<span>{text(words)}</span></li>"
                      for icon, words in items)
        lis += (f"<li class='legend-workers' style='grid-column:1/-1;display:flex;flex-wrap:wrap;align-items:center;"
                f"gap:0.3em'><span>{text(workers)}</span>{pawns}</li>")
        # a button that opens the legend (a triangle says it opens): the board keeps its height,
        # on the projector too
        return (f"<style>.legend summary::before {{ content: '▸'; font-size: 1.1em; }} "
                f".legend[open] summary::before {{ content: '▾'; }}</style>"
                f"<details class='legend' aria-label='{text(title)}' style='font-size:0.82em;"
                f"line-height:1.15'>"
                f"<summary style='min-height:44px;display:flex;align-items:center;gap:0.4em;cursor:pointer;"
                f"font-weight:600;font-size:1.1em'>{text(title)}</summary>"
                f"<ul style='list-style:none;margin:0;padding:0;display:grid;gap:0.15em 0.8em;"
                f"grid-template-columns:repeat(auto-fill,minmax(13em,1fr))'>"
                f"{lis}</ul></details>")
