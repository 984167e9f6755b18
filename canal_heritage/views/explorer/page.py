"""The heritage explorer: a map of both canals with the places of the two games, each
place's story, a timeline from Riquet's birth to today, the people, and a glossary in
French, English and Occitan.

Everything is drawn from the project's own data (``data/heritage/``): the map is a Bokeh
plot of the canal lines of ``geometry.json`` and the coordinates of ``places.json`` over the
base map of ``basemap.json`` (sea, lagoons, rivers, towns: :mod:`canal_heritage.basemap`),
with no tiles and nothing fetched from elsewhere, so the exhibit works offline. Kilometres
are equal across and up; a scale bar and a north arrow are drawn; labels are placed so that
none covers another (:mod:`.maplabels`), again for the width the page draws the map at.

Markers differ by shape and by label, not by colour alone: the nine Canal du Midi work
sites are circles numbered I–IX as on the cards, towns are squares, vineyards triangles,
engineering works diamonds. A place is chosen by tapping its marker (the tap area is at
least 44 px across), or with the list of places next to the map (keyboard), or from code
with :meth:`HeritageExplorer.show_place`.

Components (each a :class:`panel.viewable.Viewer` over ``param`` state):

* :class:`CanalMap`: the map; its ``place`` is the chosen place's id.
* :class:`PlaceStory`: the chosen place's caption, story, "did you know?", dates, sources.
* :class:`TimelineView`, :class:`PeopleGallery`, :class:`GlossaryView`.
* :class:`HeritageExplorer`: all of them, with a section switcher.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Callable, Iterable
from typing import Any, Literal

import panel as pn
import param
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, Range1d
from bokeh.plotting import figure

from ...basemap import Town, load_basemap, project_line, project_lines
from ...heritage import DatedWhat, Place, load_heritage, period_label
from ...i18n import LANGUAGE_NAMES, LANGUAGES, LocalizedText, Translator, translator
from ...look import SR_ONLY
from ...look import project as project_from
from ..theme import ACCENT, BUTTON_CSS, CANAL, INK, MUTED, PAPER, SURFACE, WATER_LIGHT, button, html, text
from .maplabels import Box, Candidate, Label, Placed, along, around, beside, place_labels, text_size

#: The colours a menu button takes here: the chosen entry is "primary".
ButtonColor = Literal["default", "primary"]
#: The sections of the explorer, in menu order.
SECTIONS: tuple[str, ...] = ("map", "timeline", "people", "glossary")
#: Marker shape and colour of each kind of place (Okabe–Ito colours, safe for colour-blind
#: visitors; the shape and the label carry the meaning on their own).
KIND_STYLE: dict[str, tuple[str, str]] = {
    "midi_site": ("circle", "#0072B2"),
    "town": ("square", "#D55E00"),
    "vineyard": ("triangle", "#CC79A7"),
    "engineering_work": ("diamond", "#009E73"),
}
#: The plot's own size: it scales with the page's width and keeps this shape, so the
#: map is never stretched.
MAP_WIDTH, MAP_HEIGHT = 1000, 560
#: Map projection: kilometres east and north of this point (equirectangular, fine at this scale).
ORIGIN = (43.9, 1.75)
#: A marker answers a tap this far from its centre, in screen pixels: a 48 px target.
TAP_RADIUS_PX = 24
#: Regions the map can show (the buttons above it), by the places and lines they frame.
REGIONS: dict[str, dict[str, Any]] = {
    "both": {"lines": ("canal-du-midi", "canal-de-garonne"), "places": (), "pad": 12},
    "midi": {"lines": ("canal-du-midi", "rigole-de-la-montagne", "rigole-de-la-plaine"), "places": (), "pad": 8},
    "garonne": {"lines": (), "places": ("grisolles", "montech", "castelsarrasin", "moissac", "valence-d-agen",
                                        "frontonnais", "chasselas", "brulhois", "pente-d-eau-montech",
                                        "pont-canal-cacor"), "pad": 6},
}
#: Place names written before the others where they crowd (Moissac: the Arriala game's town
#: and the Tarn's crossing; then the towns from the Garonne downstream).
PLACE_NAME_PRIORITY = {"moissac": 1.9, "valence-d-agen": 1.95, "castelsarrasin": 1.96}
#: Which places are labelled when the whole of both canals is shown (others are too close
#: together to read; their shape still says their kind, and the other views name them).
WIDE_LABELS = ("midi_site", "town")

EXPLORER_CSS = BUTTON_CSS + """
.bk-input { font-size: 1em; min-height: 2.75em; }
select.bk-input { min-height: 2.75em; }
"""

#: The explorer's texts (every HTML pane has its own shadow root, so each gets this sheet).
TEXT_CSS = """
.explorer-text { max-width: 44em; line-height: 1.45; }
.explorer-text h2 { margin: 0.2em 0 0.3em; font-size: 1.5em; }
.explorer-text h3 { margin: 0.8em 0 0.2em; font-size: 1.1em; }
.explorer-text p { margin: 0.35em 0; }
.explorer-text .kind { margin: 0; font-style: italic; }
.explorer-text .fallback { font-style: italic; color: #5a4a2a; }
.explorer-text summary { min-height: 2.75em; display: flex; align-items: center; cursor: pointer;
  font-weight: 600; color: #1f5f8b; }
.explorer-text summary::before { content: "▸"; margin-right: 0.4em; }
.explorer-text details[open] > summary::before { content: "▾"; }
.explorer-text summary:focus-visible { outline: 0.2em solid #1d2b36; outline-offset: 0.15em; }
.explorer-text ul.sources { font-size: 0.85em; padding-left: 1.2em; }
.event { border-left: 0.25em solid #1f5f8b; padding: 0.1em 0 0.1em 1em; }
.event time { display: block; font-weight: 700; color: #1f5f8b; font-size: 1.05em; }
.event h3 { margin: 0.1em 0; }
.event .where { margin: 0.3em 0 0; font-weight: 600; font-size: 0.9em; }
.people-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(18em, 1fr)); gap: 1em;
  align-items: start; }
.people-grid article { background: #fffdf7; border: 0.1em solid #d9cfb8; border-radius: 0.6em; padding: 0.6em 0.9em; }
.people-grid h3 { margin: 0.1em 0; }
.people-grid .life { margin: 0.1em 0; font-size: 0.9em; }
table.glossary { border-collapse: collapse; width: 100%; }
table.glossary th, table.glossary td { text-align: left; vertical-align: top; padding: 0.45em 0.6em;
  border-bottom: 0.06em solid #d9cfb8; }
table.glossary .current { background: #eef4f8; font-weight: 700; }
.map-legend { display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; align-items: center; margin: 0.3em 0; padding: 0;
  list-style: none; }
.map-legend li { display: flex; align-items: center; gap: 0.35em; }
"""


def xhtml(markup: str = "", **kw: Any) -> pn.pane.HTML:
    """An HTML pane of the explorer (our markup, every text in it escaped), with its style sheet."""
    kw.setdefault("sizing_mode", "stretch_width")
    return html(markup, stylesheets=[TEXT_CSS], **kw)


# ---------------------------------------------------------------------------- words
def kind_label(tr: Translator, place: Place) -> str:
    """What kind of place this is, in words (shown under its name and in the legend)."""
    if place.kind == "midi_site":
        return tr.ui("explorer.kind", "Canal du Midi work site, card {numeral}",
                     numeral=place.game.get("midi", "") if place.game else "")
    if place.kind == "town":
        return tr.ui("explorer.kind", "Town on the Canal de Garonne (Arriala board)")
    if place.kind == "vineyard":
        return tr.ui("explorer.kind", "Vineyard along the Canal de Garonne (Arriala board)")
    if place.kind == "engineering_work":
        return tr.ui("explorer.kind", "Engineering work of the Canal de Garonne (Arriala board)")
    return tr.ui("explorer.kind", "A kind of river work on the Arriala board: it has no single place on the map")


def legend_items(tr: Translator) -> list[tuple[str, str]]:
    """(kind, words) of the map's legend."""
    return [("midi_site", tr.ui("explorer.legend", "Canal du Midi work site (numbered as on the cards)")),
            ("town", tr.ui("explorer.legend", "Town")),
            ("vineyard", tr.ui("explorer.legend", "Vineyard")),
            ("engineering_work", tr.ui("explorer.legend", "Engineering work")),
            ("canal", tr.ui("explorer.legend", "Canal")),
            ("feeder", tr.ui("explorer.legend", "Feeder channel bringing water to the canal")),
            ("river", tr.ui("explorer.legend", "River")),
            ("basemap_town", tr.ui("explorer.legend", "Other town, to find your way"))]


def what_label(tr: Translator, what: str) -> str:
    words = {
        "works": tr.ui("explorer.dates", "Works"),
        "built": tr.ui("explorer.dates", "Built"),
        "opened": tr.ui("explorer.dates", "Opened"),
        "diverted": tr.ui("explorer.dates", "Canal diverted"),
        "listed": tr.ui("explorer.dates", "Listed as heritage"),
        "closed": tr.ui("explorer.dates", "Out of service"),
        "founded": tr.ui("explorer.dates", "Founded"),
        "enlarged": tr.ui("explorer.dates", "Enlarged"),
    }
    return words.get(what, what)


def section_label(tr: Translator, section: str) -> str:
    return {"map": tr.ui("explorer.section", "Map and places"),
            "timeline": tr.ui("explorer.section", "Timeline"),
            "people": tr.ui("explorer.section", "People"),
            "glossary": tr.ui("explorer.section", "Glossary")}[section]


def region_label(tr: Translator, region: str) -> str:
    return {"both": tr.ui("explorer.region", "Both canals"),
            "midi": tr.ui("explorer.region", "Canal du Midi"),
            "garonne": tr.ui("explorer.region", "Canal de Garonne (Arriala)")}[region]


def source_label(tr: Translator, source: str) -> str:
    """A source reference in words (``rulebook:001 appendix, card I`` → the book, then the place in it)."""
    books = {
        "rulebook:000": tr.ui("explorer.source", "Canal du Midi card game rulebook (French edition, 2018)"),
        "rulebook:001": tr.ui("explorer.source", "Canal du Midi card game rulebook (English edition)"),
        "rulebook:002": tr.ui("explorer.source", "Arriala board game rulebook (French)"),
        "rulebook:003": tr.ui("explorer.source", "Arriala board game rulebook (Occitan)"),
        "rulebook:004": tr.ui("explorer.source", "A retailer's summary of Arriala"),
    }
    if source == "brief":
        return tr.ui("explorer.source", "The exhibition's heritage brief")
    if source.startswith("general: "):
        return tr.ui("explorer.source", "Widely published reference: {what}", what=source[len("general: "):])
    book, _, where = source.partition(" ")
    name = books.get(book, book)
    return f"{name}, {where}" if where else name


def localized_html(tr: Translator, t: LocalizedText, tag: str = "p", cls: str = "", style: str = "") -> str:
    """A text in markup, escaped, with its language and the visible fallback note."""
    note = tr.fallback_note(t)
    lang = f" lang='{text(t.lang)}'" if t.fallback else ""
    klass = f" class='{cls}'" if cls else ""
    css = f" style='{style}'" if style else ""
    mark = f" <span class='fallback'>({text(note)})</span>" if note else ""
    return f"<{tag}{klass}{css}{lang}>{text(t.text)}{mark}</{tag}>"


def place_title(place: Place, lang: str) -> str:
    """``VIII · Écluses de Fonseranes``; other places by their name."""
    name = place.localized("name", lang).text
    numeral = place.game.get("midi") if place.game else None
    return f"{numeral} · {name}" if numeral else name


def resolve_place(value: str | None) -> str | None:
    """The id of the place ``value`` names: its id in any case (``midi-viii``), or a Canal du
    Midi card numeral (``VIII``); None when it names none."""
    if not value:
        return None
    value = str(value).strip()
    h = load_heritage()
    for p in h.places:
        if p.id.lower() == value.lower():
            return p.id
        if p.game and p.game.get("midi", "").upper() == value.upper():
            return p.id
    return None


def project(lat: float, lon: float) -> tuple[float, float]:
    """Kilometres east and north of :data:`ORIGIN` (:func:`canal_heritage.look.project`)."""
    return project_from(lat, lon, ORIGIN)


def marker_svg(kind: str, size: int = 22) -> str:
    """The legend's drawing of a marker or a line (decorative: the words say it)."""
    s = size
    if kind == "canal":
        body = f"<line x1='1' y1='{s / 2}' x2='{s - 1}' y2='{s / 2}' stroke='{CANAL}' stroke-width='4'/>"
    elif kind == "river":
        body = (f"<path d='M1 {s * 0.6} Q {s * 0.3} {s * 0.2} {s / 2} {s / 2} T {s - 1} {s * 0.4}' fill='none' "
                f"stroke='{RIVER}' stroke-width='2'/>")
    elif kind == "basemap_town":
        body = f"<circle cx='{s / 2}' cy='{s / 2}' r='{s / 6}' fill='{TOWN_DOT}' stroke='#ffffff' stroke-width='1'/>"
    elif kind == "feeder":
        body = (f"<line x1='1' y1='{s / 2}' x2='{s - 1}' y2='{s / 2}' stroke='{CANAL}' stroke-width='2.5' "
                f"stroke-dasharray='4 3'/>")
    else:
        shape, colour = KIND_STYLE[kind]
        r = s / 2 - 2
        c = s / 2
        common = f"fill='{colour}' stroke='{INK}' stroke-width='1.5'"
        if shape == "circle":
            body = f"<circle cx='{c}' cy='{c}' r='{r}' {common}/>"
        elif shape == "square":
            body = f"<rect x='{c - r * 0.8}' y='{c - r * 0.8}' width='{r * 1.6}' height='{r * 1.6}' {common}/>"
        elif shape == "triangle":
            body = f"<polygon points='{c},{c - r} {c + r},{c + r * 0.8} {c - r},{c + r * 0.8}' {common}/>"
        else:
            body = f"<polygon points='{c},{c - r} {c + r},{c} {c},{c + r} {c - r},{c}' {common}/>"
    return f"<svg width='{s}' height='{s}' viewBox='0 0 {s} {s}' aria-hidden='true' focusable='false'>{body}</svg>"


# ---------------------------------------------------------------------------- the map
#: The base map's colours: sea and lagoon, land, shore, rivers, town dots, their labels.
SEA, LAND, SHORE, RIVER, RIVER_TEXT = WATER_LIGHT, "#f2ead5", "#7fa7bf", "#4f94c4", "#1d5f8a"
TOWN_DOT = MUTED
#: Label columns of every label source of the map.
LABEL_COLUMNS = ("x", "y", "text", "dx", "dy", "anchor", "angle", "size", "style", "color", "fill", "alpha")
#: Scale bar lengths to choose from (km): the longest that fits a fifth of the map.
SCALE_STEPS = (5, 10, 20, 25, 50, 100)
#: The width (px) labels are placed for at first: the map is drawn at the page's width and its
#: texts keep their size, so labels start placed for a narrow map (a 1280 px screen leaves it
#: about 735 px; the projector gives it the whole width), then for the width the page reports.
LABEL_WIDTH, PROJECTOR_LABEL_WIDTH = 720, 1000
#: ... until the page says how wide it draws the map; never placed for less than this.
MIN_LABEL_WIDTH = 480
#: The map's texts grow with its drawn width past this many pixels (the projector's: 30 % more).
TEXT_GROWS_FROM = 860
#: Open-sea spots (lat, lon) where the sea's name may be written, best first.
GULF_SPOTS = ((43.08, 3.70), (43.18, 3.62), (43.0, 3.45), (43.25, 3.85), (43.15, 3.95), (43.05, 3.3))
#: A basemap town closer than this to a place's marker has no dot of its own (km).
TOWN_MERGE_KM = 4.0


def _push_out(ring: list[tuple[float, float]], bbox: tuple[float, float, float, float],
              by: float = 2.0) -> list[tuple[float, float]]:
    """A land ring with the points on the data's edges pushed ``by`` degrees outwards, so the
    land goes on past the data's edge wherever a frame shows a little more."""
    west, south, east, north = bbox
    out = []
    for lat, lon in ring:
        lat = lat - by if lat == south else lat + by if lat == north else lat
        lon = lon - by if lon == west else lon + by if lon == east else lon
        out.append((lat, lon))
    return out


class CanalMap(pn.viewable.Viewer):
    """Both canals and the places of the two games on a base map of the region (sea, the
    Étang de Thau, rivers, towns), drawn with Bokeh from the project's data.

    ``place`` is the chosen place (None: none). A tap near a marker chooses it; ``region``
    frames both canals, the Canal du Midi or the Arriala stretch of the Canal de Garonne.
    Kilometres are equal on both axes; a scale bar and a north arrow are drawn; labels are
    placed so that none overlaps another (:mod:`.maplabels`; ``placed`` holds their boxes)."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    place = param.String(default=None, allow_None=True)
    region: param.Selector[str] = param.Selector(default="both", objects=list(REGIONS))

    def __init__(self, *, projector: bool = False, on_touch: Callable[[], None] | None = None,
                 **params: Any) -> None:
        super().__init__(**params)
        self.projector = projector
        self._on_touch = on_touch
        h = load_heritage()
        self.basemap = load_basemap()
        self.places = [p for p in h.places if p.coordinates is not None and p.kind in KIND_STYLE]
        self._xy = {p.id: project(p.coordinates.lat, p.coordinates.lon) for p in self.places}  # type: ignore[union-attr]
        self._lines = {line.id: line for line in h.lines}
        self._rivers = {rid: project_line(r.smooth(), ORIGIN) for rid, r in self.basemap.rivers.items()}
        self.scale = scale = 1.35 if projector else 1.0
        self._w = PROJECTOR_LABEL_WIDTH if projector else LABEL_WIDTH
        self._h = self._w * MAP_HEIGHT / MAP_WIDTH
        self._font = f"{round(15 * scale)}px"
        self._small_font = f"{round(13 * scale)}px"
        #: Every label drawn, by key, with its screen box (tests check none overlaps).
        self.placed: dict[str, Placed] = {}
        self.figure = self._build(scale)
        self.pane = pn.pane.Bokeh(self.figure, sizing_mode="scale_width", margin=(0, 0))
        self.param.watch(lambda *_: self._highlight(), ["place", "lang"])
        self.param.watch(lambda *_: self._reframe(), ["region"])
        self._frame()
        self._highlight()

    def __panel__(self) -> pn.pane.Bokeh:
        return self.pane

    def _reframe(self) -> None:
        self._frame()
        self._relabel()

    # -- building
    def _text_layer(self, fig: Any, name: str) -> ColumnDataSource:
        source = ColumnDataSource(data={k: [] for k in LABEL_COLUMNS}, name=name)
        fig.text("x", "y", text="text", x_offset="dx", y_offset="dy", anchor="anchor", angle="angle", source=source,
                 text_font_size="size", text_font_style="style", text_color="color",
                 background_fill_color="fill", background_fill_alpha="alpha", padding=2, border_radius=3)
        return source

    def _build(self, scale: float) -> Any:
        fig = figure(width=MAP_WIDTH, height=MAP_HEIGHT, tools="pan", toolbar_location=None,
                     x_range=Range1d(start=0, end=1), y_range=Range1d(start=0, end=1), min_border=0,
                     outline_line_color="#b8ab8c", outline_line_width=1,
                     background_fill_color=SEA, border_fill_color=PAPER, match_aspect=False,
                     sizing_mode="scale_width", aspect_ratio=MAP_WIDTH / MAP_HEIGHT, css_classes=["canal-map"])
        fig.axis.visible = False
        fig.grid.visible = False
        bm = self.basemap
        # the base map: land over the sea, the shore, the lagoon, rivers, towns
        land_xs, land_ys = project_lines([_push_out(r, bm.bbox) for r in bm.land], ORIGIN)
        fig.patches(land_xs, land_ys, fill_color=LAND, line_color=None)
        shore_xs, shore_ys = project_lines(bm.coastline(), ORIGIN)
        fig.multi_line(shore_xs, shore_ys, line_color=SHORE, line_width=1.3 * scale)
        lagoon_xs, lagoon_ys = project_lines([w.points for w in bm.lagoons.values()], ORIGIN)
        fig.patches(lagoon_xs, lagoon_ys, fill_color=SEA, line_color=SHORE, line_width=1.2 * scale)
        fig.multi_line([xy[0] for xy in self._rivers.values()], [xy[1] for xy in self._rivers.values()],
                       line_color=RIVER, line_width=1.8 * scale, line_cap="round", line_join="round")
        self.towns = ColumnDataSource(data={"id": [], "x": [], "y": []}, name="map-towns")
        fig.scatter("x", "y", source=self.towns, marker="circle", size=7 * scale, fill_color=TOWN_DOT,
                    line_color="#ffffff", line_width=1)
        # the scale bar and the north arrow (set for each frame)
        self.scale_bar = ColumnDataSource(data={"xs": [], "ys": []})
        fig.multi_line("xs", "ys", source=self.scale_bar, line_color=INK, line_width=2.5 * scale)
        self.north = ColumnDataSource(data={"x": [], "y": []})
        fig.scatter("x", "y", source=self.north, marker="triangle", size=16 * scale, fill_color=INK, line_color=INK)
        # the lines: canals thick, feeder channels dashed
        for line in self._lines.values():
            line_xs, line_ys = zip(*(project(lat, lon) for lat, lon in line.points()), strict=True)
            if line.kind == "canal":
                fig.line(list(line_xs), list(line_ys), line_width=5 * scale, line_color=CANAL, line_cap="round",
                         line_join="round")
            else:
                fig.line(list(line_xs), list(line_ys), line_width=2.5 * scale, line_color=CANAL, line_dash=[6, 4])
        # the places
        ids = [p.id for p in self.places]
        xs = [self._xy[i][0] for i in ids]
        ys = [self._xy[i][1] for i in ids]
        self.markers = ColumnDataSource(data={
            "id": ids, "x": xs, "y": ys,
            "marker": [KIND_STYLE[p.kind][0] for p in self.places],
            "color": [KIND_STYLE[p.kind][1] for p in self.places],
            "size": [(26 if p.kind == "midi_site" else 20) * scale for p in self.places]})
        # the chosen place: a ring (seen without colour) under its marker
        self.ring = ColumnDataSource(data={"x": [], "y": []})
        fig.scatter("x", "y", source=self.ring, marker="circle", size=46 * scale, fill_color="#f0b400",
                    fill_alpha=0.55, line_color=INK, line_width=3)
        fig.scatter("x", "y", source=self.markers, marker="marker", size="size", fill_color="color",
                    line_color=INK, line_width=1.5)
        # the labels: the base map's, the canals', the places', the chosen place's title
        self.base_labels = self._text_layer(fig, "map-labels-base")
        self.line_names = self._text_layer(fig, "map-labels-lines")
        self.labels = self._text_layer(fig, "map-labels-places")
        self.title = self._text_layer(fig, "map-labels-title")
        fig.on_event(Tap, self._tapped)
        fig.on_change("inner_width", self._resized)
        return fig

    def _resized(self, _attr: str, _old: Any, new: Any) -> None:
        """The page tells the width it draws the map at: labels are placed again for it
        (texts keep their size in pixels, so a wider map has room for more names)."""
        if not new or abs(int(new) - self._w) < 16:
            return
        self._w = max(int(new), MIN_LABEL_WIDTH)
        self._h = self._w * MAP_HEIGHT / MAP_WIDTH
        self._frame()
        self._relabel()

    # -- state to drawing
    def _px(self) -> tuple[float, float, float]:
        """Pixels per km where labels are placed, and the frame's left and top edges (km)."""
        xr, yr = self.figure.x_range, self.figure.y_range
        return self._w / (xr.end - xr.start), xr.start, yr.end

    def _to_screen(self, x: float, y: float) -> tuple[float, float]:
        ppk, left, top = self._px()
        return (x - left) * ppk, (top - y) * ppk

    def _to_km(self, sx: float, sy: float) -> tuple[float, float]:
        ppk, left, top = self._px()
        return left + sx / ppk, top - sy / ppk

    def _visible_towns(self) -> list[tuple[Town, tuple[float, float], str | None]]:
        """The base map's towns in the frame: (town, where its label hangs, the place whose
        marker stands there instead of a dot, if any). A town that is itself a place is left
        to the place's own label."""
        out: list[tuple[Town, tuple[float, float], str | None]] = []
        place_ids = {p.id for p in self.places}
        for town in self.basemap.towns:
            if town.id in place_ids:
                continue
            xy = project(town.lat, town.lon)
            if not self._shows(*xy):
                continue
            near = min(self._xy, key=lambda pid: math.dist(self._xy[pid], xy))
            if math.dist(self._xy[near], xy) < TOWN_MERGE_KM:
                out.append((town, self._xy[near], near))
            else:
                out.append((town, xy, None))
        return out

    def _relabel(self) -> None:
        """Place every label of the frame (greedy, most important first, none overlapping)."""
        tr = translator(self.lang)
        # texts grow a little on a wide map (at most a quarter), to stay readable from a step back
        s = self.scale * min(1.25, max(1.0, self._w / (TEXT_GROWS_FROM * (1.3 if self.projector else 1.0))))
        wide = self.region == "both"
        small, font = 13 * s, 15 * s
        labels: list[tuple[Label, dict[str, Any]]] = []
        obstacles: list[Box] = []
        marker_size = dict(zip(self.markers.data["id"], self.markers.data["size"], strict=True))

        def add(layer: str, key: str, text: str, at: tuple[float, float], size: float, priority: float,
                candidates: list[Candidate], *, style: str = "normal", color: str = INK, fill: str = SURFACE,
                alpha: float = 0.85, required: bool = False, short: str | None = None,
                fallback: list[Candidate] | None = None, edges_ok: bool = False) -> None:
            sx, sy = self._to_screen(*at)
            lab = Label(key, text, sx, sy, size, priority, candidates, bold="bold" in style, short=short,
                        required=required, fallback=fallback or [], edges_ok=edges_ok)
            labels.append((lab, {"layer": layer, "size": size, "style": style, "color": color, "fill": fill,
                                 "alpha": alpha}))

        # the markers, the town dots, the scale bar and the north arrow are not to be covered
        for pid, (x, y) in self._xy.items():
            if self._shows(x, y):
                sx, sy = self._to_screen(x, y)
                r = marker_size[pid] / 2 + 1
                obstacles.append((sx - r, sy - r, sx + r, sy + r))
        obstacles += self._furniture_boxes
        towns = self._visible_towns()
        for _town, xy, near in towns:
            if near is None:
                sx, sy = self._to_screen(*xy)
                obstacles.append((sx - 4 * s, sy - 4 * s, sx + 4 * s, sy + 4 * s))
        # the chosen place's title
        if self.place is not None and self.place in self._xy and self._shows(*self._xy[self.place]):
            place = load_heritage().place(self.place)
            gap = 25 * s
            add("title", "title", place_title(place, self.lang), self._xy[self.place], font, 0,
                [Candidate(0, -gap, "bottom_center"), Candidate(0, gap, "top_center"), Candidate(gap, 0, "center_left"),
                 Candidate(-gap, 0, "center_right")], style="bold", color="#ffffff", fill=INK, alpha=0.92,
                required=True)
        # the places
        for p in self.places:
            if (wide and p.kind not in WIDE_LABELS) or not self._shows(*self._xy[p.id]):
                continue
            numeral = p.game.get("midi") if p.game else None
            gap = marker_size[p.id] / 2 + 3 * s
            add("places", f"place:{p.id}", numeral or p.localized("name", tr.lang).text, self._xy[p.id], small,
                1 if numeral else PLACE_NAME_PRIORITY.get(p.id, 2), around(gap, prefer="above" if numeral else "right"),
                style="bold" if numeral else "normal", required=bool(numeral) or not wide, edges_ok=True,
                fallback=[*around(gap + 10 * s, prefer="above" if numeral else "right"), *around(gap + 22 * s),
                          *around(gap + 36 * s)])
        # the canals' names, along them
        for lid, where in (("canal-du-midi", ("both", "midi")), ("canal-de-garonne", ("both", "garonne"))):
            line = self._lines.get(lid)
            if line is None or self.region not in where:
                continue
            name = line.localized("name", tr.lang).text
            path = [self._to_screen(*project(lat, lon)) for lat, lon in line.points()]
            w, _h = text_size(name, small)
            add("lines", f"line:{lid}", name, (0, 0), small, 0.8, along(path, w, offsets=(14 * s, 26 * s, 38 * s)),
                style="italic", color=CANAL, fill=PAPER, alpha=0.8)
        # where the canals lead
        midi = self._lines.get("canal-du-midi")
        garonne = self._lines.get("canal-de-garonne")
        if midi is not None and self.region in ("both", "midi"):
            gap = 12 * s
            add("lines", "to:sea", tr.ui("explorer.map", "Mediterranean →"), project(*midi.points()[-1]), small, 5,
                [Candidate(gap, gap, "top_left"), Candidate(0, gap * 2, "top_center"),
                 Candidate(-gap, gap, "top_right"), Candidate(gap, 0, "center_left")],
                style="italic", color=CANAL, fill=PAPER, alpha=0.8)
        if garonne is not None and self.region in ("both", "garonne"):
            atlantic = tr.ui("explorer.map", "← to Bordeaux and the Atlantic")
            end = project(*garonne.points()[-1])
            if not self._shows(*end):  # the canal leaves the frame at the top left
                end = self._to_km(4 * s, 4 * s)
                cands = [Candidate(0, 0, "top_left")]
            else:
                gap = 8 * s
                cands = [Candidate(gap, -gap, "bottom_left"), Candidate(gap, gap, "top_left"),
                         Candidate(0, gap * 2, "top_center")]
            add("lines", "to:atlantic", atlantic, end, small, 5, cands, style="italic", color=CANAL, fill=PAPER,
                alpha=0.8)
        # the towns of the base map (one standing at a place is written next to the place's label)
        next_to: dict[str, str] = {}
        for town, xy, near in towns:
            gap = (marker_size[near] / 2 + 3 * s) if near else 5 * s
            add("base", f"town:{town.id}", town.name(tr.lang), xy, (14 if town.rank == 1 else 12.5) * s,
                3 + town.rank * 0.5, around(gap), style="bold" if town.rank == 1 else "normal", color=INK,
                fill=LAND, alpha=0.75)
            if near is not None:
                next_to[f"town:{town.id}"] = f"place:{near}"
        # the rivers, along them
        for rid, (rxs, rys) in self._rivers.items():
            path = [self._to_screen(x, y) for x, y in zip(rxs, rys, strict=True) if self._shows(x, y)]
            name = self.basemap.rivers[rid].name(tr.lang)
            w, _h = text_size(name, 12.5 * s)
            add("base", f"river:{rid}", name, (0, 0), 12.5 * s, 4.5, along(path, w, offsets=(9 * s, 16 * s)),
                style="italic", color=RIVER_TEXT, fill=LAND, alpha=0)
        # the lagoon and the sea
        for wid, water in self.basemap.lagoons.items():
            xs, ys = project_line(water.points, ORIGIN)
            centre = (sum(xs) / len(xs), sum(ys) / len(ys))
            if self._shows(*centre):
                add("base", f"water:{wid}", water.name(tr.lang), centre, 12 * s, 6,
                    [Candidate(0, 10 * s, "top_right"), Candidate(6 * s, 12 * s, "top_center"),
                     Candidate(-14 * s, -4 * s, "bottom_right"), *around(16 * s, prefer="below")],
                    style="italic", color=RIVER_TEXT, fill=SEA, alpha=0.6)
        # the sea's name, at the first of a few open-sea spots that the frame shows and that is free
        spots = [self._to_screen(*project(lat, lon)) for lat, lon in GULF_SPOTS if self._shows(*project(lat, lon))]
        if spots:
            add("base", "water:golfe-du-lion", tr.ui("explorer.map", "Gulf of Lion"), (0, 0), 15 * s, 5.5,
                [Candidate(0, 0, "center", at=at) for at in spots], style="italic", color=RIVER_TEXT, fill=SEA,
                alpha=0)
        # the scale bar's and the north arrow's words
        for key, (words, at, anchor) in self._furniture_words(tr).items():
            add("base", key, words, at, small, 0.5, [Candidate(0, 0, anchor)], style="bold", fill=PAPER, alpha=0,
                required=True)
        # first the title, the places and the canals; then the rest, towns next to their places
        first = place_labels([lab for lab, _ in labels if lab.priority < 3], width=self._w, height=self._h,
                             obstacles=obstacles)
        rest = [lab for lab, _ in labels if lab.priority >= 3]
        for lab in rest:
            if lab.key in next_to and next_to[lab.key] in first:
                lab.candidates = [*beside(first[next_to[lab.key]].box), *lab.candidates]
        self.placed = place_labels(rest, width=self._w, height=self._h, obstacles=obstacles, placed=first)
        rows: dict[str, dict[str, list[Any]]] = {k: {c: [] for c in LABEL_COLUMNS}
                                                 for k in ("base", "lines", "places", "title")}
        for lab, look in labels:
            done = self.placed.get(lab.key)
            if done is None:
                continue
            x, y = self._to_km(done.x, done.y)
            c = done.candidate
            row = rows[look["layer"]]
            for col, value in (("x", x), ("y", y), ("text", done.text), ("dx", c.dx), ("dy", c.dy),
                               ("anchor", c.anchor), ("angle", c.angle), ("size", f"{look['size']:.1f}px"),
                               ("style", look["style"]), ("color", look["color"]), ("fill", look["fill"]),
                               ("alpha", look["alpha"])):
                row[col].append(value)
        # a town's dot only where its name could be written
        dots = [(t.id, xy) for t, xy, near in towns if near is None and f"town:{t.id}" in self.placed]
        self.towns.data = {"id": [d[0] for d in dots], "x": [d[1][0] for d in dots], "y": [d[1][1] for d in dots]}
        self.base_labels.data = rows["base"]
        self.line_names.data = rows["lines"]
        self.labels.data = rows["places"]
        self.title.data = rows["title"]

    def _furniture_words(self, tr: Translator) -> dict[str, tuple[str, tuple[float, float], str]]:
        """The scale bar's length and the north arrow's letter, where they are written."""
        return {"scale": (tr.ui("explorer.map", "{km} km", km=self._scale_km), self._scale_text_at, "bottom_center"),
                "north": (tr.ui("explorer.map", "N"), self._north_text_at, "bottom_center")}

    def _highlight(self) -> None:
        if self.place is None or self.place not in self._xy:
            self.ring.data = {"x": [], "y": []}
        else:
            x, y = self._xy[self.place]
            self.ring.data = {"x": [x], "y": [y]}
            if not self._shows(x, y):
                self.region = "both"  # reframes and relabels
                return
        self._relabel()

    def _frame(self) -> None:
        """Set the ranges to show the region at the plot's shape (nothing stretched: a km is
        as long across as up), and put the scale bar and the north arrow in its corners."""
        spec = REGIONS[self.region]
        pts: list[tuple[float, float]] = []
        for lid in spec["lines"]:
            if lid in self._lines:
                pts += [project(lat, lon) for lat, lon in self._lines[lid].points()]
        pts += [self._xy[pid] for pid in spec["places"] if pid in self._xy]
        if not pts:
            pts = list(self._xy.values())
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        pad = spec["pad"]
        x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
        aspect = MAP_WIDTH / MAP_HEIGHT
        if (x1 - x0) / (y1 - y0) > aspect:  # too wide: grow the height
            grow = ((x1 - x0) / aspect - (y1 - y0)) / 2
            y0, y1 = y0 - grow, y1 + grow
        else:
            grow = ((y1 - y0) * aspect - (x1 - x0)) / 2
            x0, x1 = x0 - grow, x1 + grow
        fig = self.figure
        fig.x_range.update(start=x0, end=x1)
        fig.y_range.update(start=y0, end=y1)
        # the scale bar, bottom left: the longest round length within a fifth of the width
        s = self.scale
        km = max([k for k in SCALE_STEPS if k <= (x1 - x0) / 6] or [SCALE_STEPS[0]])
        self._scale_km = km
        w, h = self._w, self._h
        left, base = self._to_km(18 * s, h - 16 * s)
        tick = 6 * s * (x1 - x0) / w
        self.scale_bar.data = {"xs": [[left, left + km], [left, left], [left + km, left + km]],
                               "ys": [[base, base], [base, base + tick], [base, base + tick]]}
        self._scale_text_at = (left + km / 2, base + tick)
        # the north arrow, top right
        nsx, nsy = w - 22 * s, 40 * s
        self.north.data = {"x": [self._to_km(nsx, nsy)[0]], "y": [self._to_km(nsx, nsy)[1]]}
        self._north_text_at = self._to_km(nsx, nsy - 10 * s)
        bar_px = km * w / (x1 - x0)
        self._furniture_boxes: list[Box] = [
            (18 * s - 4, h - 16 * s - 8 * s, 18 * s + bar_px + 4, h - 16 * s + 4),
            (nsx - 10 * s, nsy - 9 * s, nsx + 10 * s, nsy + 10 * s)]

    def _shows(self, x: float, y: float) -> bool:
        xr, yr = self.figure.x_range, self.figure.y_range
        return xr.start <= x <= xr.end and yr.start <= y <= yr.end

    # -- a tap
    def nearest(self, x: float, y: float, sx: float | None = None) -> str | None:
        """The place whose marker is under a tap at (x, y) (plot coordinates), if any.

        ``sx``, the tap's distance from the plot's left edge in screen pixels, gives the
        scale the plot is drawn at (it follows the page's width); without it, the plot's own
        size is assumed."""
        start, end = self.figure.x_range.start, self.figure.x_range.end
        km_per_px = (end - start) / MAP_WIDTH
        if sx is not None and sx > 20 and x - start > 0:
            km_per_px = (x - start) / sx
        best, best_d = None, TAP_RADIUS_PX * km_per_px
        for pid, (px, py) in self._xy.items():
            d = math.hypot(px - x, py - y)
            if d <= best_d:
                best, best_d = pid, d
        return best

    def _tapped(self, event: Any) -> None:
        if event.x is None or event.y is None:
            return
        pid = self.nearest(event.x, event.y, getattr(event, "sx", None))
        if pid is not None:
            if self._on_touch:
                self._on_touch()
            self.place = pid

    def label_of(self, place_id: str) -> str | None:
        """The label drawn next to a place's marker (tests: the numerals of the sites)."""
        done = self.placed.get(f"place:{place_id}")
        return done.text if done is not None else None


# ---------------------------------------------------------------------------- a place's story
class PlaceStory(pn.viewable.Viewer):
    """The story of one place: its name, kind, caption, story (with the fallback note when
    Occitan falls back to French), "did you know?", dates, timeline events and sources."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    place = param.String(default=None, allow_None=True)

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.pane = xhtml(css_classes=["place-story"])
        self.param.watch(lambda *_: self._render(), ["lang", "place"])
        self._render()

    def __panel__(self) -> pn.pane.HTML:
        return self.pane

    def markup(self) -> str:
        tr = translator(self.lang)
        if self.place is None:
            choose = tr.ui("explorer.choose", "Choose a place on the map or in the list.")
            return f"<div class='explorer-text' aria-live='polite'><p>{text(choose)}</p></div>"
        h = load_heritage()
        p = h.place(self.place)
        lang = tr.lang
        parts = [f"<article class='explorer-text' aria-live='polite' id='story-{text(p.id)}'>",
                 f"<h2>{text(place_title(p, lang))}</h2>",
                 f"<p class='kind'>{text(kind_label(tr, p))}</p>",
                 localized_html(tr, p.localized("caption", lang), cls="caption", style="font-weight:600"),
                 localized_html(tr, p.localized("story", lang), cls="story")]
        dyk = tr.ui("heritage.did_you_know", "Did you know?")
        parts.append(f"<h3>{text(dyk)}</h3>")
        parts.append(localized_html(tr, p.localized("did_you_know", lang), cls="did-you-know"))
        if p.dates:
            heading = tr.ui("explorer.dates_title", "Dates")
            parts.append(f"<h3>{text(heading)}</h3><ul class='dates'>")
            for d in p.dates:
                parts.append(f"<li>{text(self._dated(tr, d))}</li>")
            parts.append("</ul>")
        events = [e for e in h.timeline if p.id in e.places]
        if events:
            heading = tr.ui("explorer.on_timeline", "On the timeline")
            parts.append(f"<h3>{text(heading)}</h3><ul class='events'>")
            for e in events:
                parts.append(f"<li><strong>{text(period_label(e.date, e.end, tr.lang))}</strong> · "
                             f"{text(e.localized('title', lang).text)}</li>")
            parts.append("</ul>")
        sources = tr.ui("explorer.sources", "Sources")
        parts.append(f"<details class='sources'><summary>{text(sources)}</summary><ul class='sources'>")
        for s in p.sources:
            parts.append(f"<li>{text(source_label(tr, s))}</li>")
        parts.append("</ul></details></article>")
        return "".join(parts)

    @staticmethod
    def _dated(tr: Translator, d: DatedWhat) -> str:
        return tr.ui("explorer.dated", "{what}: {when}", what=what_label(tr, d.what),
                     when=period_label(d.start, d.end, tr.lang))

    def _render(self) -> None:
        markup = self.markup()
        if self.pane.object != markup:
            self.pane.object = markup


# ---------------------------------------------------------------------------- timeline, people, glossary
class TimelineView(pn.viewable.Viewer):
    """The dated events from Riquet's birth to today: a time line drawn to scale, then each
    event with its date (ranges where the sources disagree), title, text and places."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))

    def __init__(self, *, on_place: Callable[[str], None] | None = None, today: int | None = None,
                 **params: Any) -> None:
        super().__init__(**params)
        self._on_place = on_place
        self.today = today or _dt.date.today().year
        self.view = pn.Column(sizing_mode="stretch_width", css_classes=["timeline"])
        self.param.watch(lambda *_: self._render(), ["lang"])
        self._render()

    def __panel__(self) -> pn.Column:
        return self.view

    def _axis(self, tr: Translator) -> str:
        h = load_heritage()
        start = h.timeline[0].date.years[0] - 10
        end = self.today
        w, hgt = 1000, 84

        def x(year: float) -> float:
            return 20 + (year - start) / (end - start) * (w - 40)

        ticks = []
        for year in range((start // 50 + 1) * 50, end + 1, 50):
            ticks.append(f"<line x1='{x(year):.1f}' y1='40' x2='{x(year):.1f}' y2='50' stroke='{INK}'/>"
                         f"<text x='{x(year):.1f}' y='68' text-anchor='middle' font-size='14' fill='{INK}'>"
                         f"{year}</text>")
        dots = []
        for e in h.timeline:
            title = text(f"{period_label(e.date, e.end, tr.lang)} · {e.localized('title', tr.lang).text}")
            if e.end is not None:  # a period: a bar from its start to its end
                lo, hi = e.date.years[0], e.end.years[1]
                dots.append(f"<rect x='{x(lo):.1f}' y='36' width='{max(x(hi) - x(lo), 4):.1f}' height='8' "
                            f"fill='{ACCENT}'><title>{title}</title></rect>")
            else:  # a date: a dot for each year the sources give (two dots, never a bar, when they disagree)
                for year in e.date.alternatives:
                    dots.append(f"<circle cx='{x(year):.1f}' cy='40' r='6' fill='{ACCENT}' stroke='{INK}'>"
                                f"<title>{title}</title></circle>")
        today = text(tr.ui("explorer.today", "today"))
        return (f"<svg viewBox='0 0 {w} {hgt}' width='100%' role='img' aria-hidden='true' focusable='false' "
                f"style='max-width:60em;display:block'>"
                f"<line x1='20' y1='40' x2='{w - 20}' y2='40' stroke='{CANAL}' stroke-width='4'/>"
                f"{''.join(ticks)}{''.join(dots)}"
                f"<text x='{w - 20}' y='24' text-anchor='end' font-size='14' font-weight='700' fill='{CANAL}'>"
                f"{today} ({end}) →</text></svg>")

    def _render(self) -> None:
        tr = translator(self.lang)
        h = load_heritage()
        lang = tr.lang
        title = tr.ui("explorer.timeline_title", "From Riquet's birth to today")
        on_map = tr.ui("explorer.on_map", "On the map:")
        rows: list[Any] = [xhtml(f"<div class='explorer-text'><h2>{text(title)}</h2></div>{self._axis(tr)}")]
        for e in h.timeline:
            people = [h.person(pid).localized("name", lang).text for pid in e.people]
            with_ = tr.ui("explorer.with", "With: {people}", people=tr.join(people)) if people else ""
            who = f"<p style='font-size:0.9em'>{text(with_)}</p>" if people else ""
            where = f"<p class='where'>{text(on_map)}</p>" if e.places and self._on_place else ""
            rows.append(xhtml(f"<div class='explorer-text event' id='event-{text(e.id)}'>"
                              f"<time>{text(period_label(e.date, e.end, tr.lang))}</time>"
                              f"<h3>{text(e.localized('title', lang).text)}</h3>"
                              f"{localized_html(tr, e.localized('text', lang))}{who}{where}</div>",
                              margin=(8, 10, 0, 10)))
            if e.places and self._on_place is not None:
                rows.append(pn.Row(*[self._place_button(tr, pid) for pid in e.places],
                                   styles={"flex-wrap": "wrap", "gap": "0.3em", "margin-left": "1.4em"},
                                   sizing_mode="stretch_width"))
        self.view.objects = rows

    def _place_button(self, tr: Translator, place_id: str) -> pn.widgets.Button:
        place = load_heritage().place(place_id)
        return button(place_title(place, tr.lang), lambda *_: self._on_place(place_id) if self._on_place else None,
                      name=f"timeline-place-{place_id}")


def portrait_of(person: Any, lang: str) -> str:
    """The portrait the tables draw of Riquet or an engineer (engineers), floated
    beside the name; nothing for the others."""
    from ..portraits import engineer_portrait, riquet_portrait

    if person.engineer:
        p = engineer_portrait(person.engineer, lang, size=64)
    elif person.id == "riquet":
        p = riquet_portrait(lang, size=64)
    else:
        return ""
    svg = p.svg.replace(' xmlns="http://www.w3.org/2000/svg"', "", 1)  # inline: no namespace (no address at all)
    return f"<div class='person-portrait' style='float:right;margin:0 0 0.3em 0.5em'>{svg}</div>"


class PeopleGallery(pn.viewable.Viewer):
    """Riquet, the engineers and the others: name, role, life dates, caption, story. A
    chosen ``person`` (a deep link: the table's introduction) comes first, marked,
    with its story open."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    person = param.String(default=None, allow_None=True, doc="the chosen person's id (shown first)")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.pane = xhtml(css_classes=["people"])
        self.param.watch(lambda *_: self._render(), ["lang", "person"])
        self._render()

    def __panel__(self) -> pn.pane.HTML:
        return self.pane

    def _render(self) -> None:
        tr = translator(self.lang)
        lang = tr.lang
        read = tr.ui("explorer.read_story", "Read the story")
        dyk = tr.ui("heritage.did_you_know", "Did you know?")
        cards = []
        people = sorted(load_heritage().people, key=lambda p: p.id != self.person)  # the chosen one first
        for p in people:
            chosen = p.id == self.person
            life = []
            if p.born is not None:
                when = p.born.date.label(lang)
                life.append(tr.ui("explorer.born", "Born {date} in {place}", date=when,
                                  place=_local_place(p.born.place, lang))
                            if p.born.place else tr.ui("explorer.born", "Born {date}", date=when))
            if p.died is not None:
                when = p.died.date.label(lang)
                life.append(tr.ui("explorer.died", "Died {date} in {place}", date=when,
                                  place=_local_place(p.died.place, lang))
                            if p.died.place else tr.ui("explorer.died", "Died {date}", date=when))
            life_html = "".join(f"<p class='life'>{text(x)}</p>" for x in life)
            cards.append(
                f"<article id='person-{text(p.id)}'"
                + (" class='chosen' aria-current='true' style='outline:0.2em solid #1f5f8b'" if chosen else "")
                + f">{portrait_of(p, lang)}<h3>{text(p.localized('name', lang).text)}</h3>"
                f"{localized_html(tr, p.localized('role', lang), cls='kind')}{life_html}"
                f"{localized_html(tr, p.localized('caption', lang))}"
                f"<details{' open' if chosen else ''}><summary>{text(read)}</summary>"
                f"{localized_html(tr, p.localized('story', lang))}"
                f"<p><strong>{text(dyk)}</strong></p>"
                f"{localized_html(tr, p.localized('did_you_know', lang))}</details></article>")
        title = tr.ui("explorer.people_title", "The people of the canals")
        markup = (f"<div class='explorer-text' style='max-width:none'><h2>{text(title)}</h2>"
                  f"<div class='people-grid'>{''.join(cards)}</div></div>")
        if self.pane.object != markup:
            self.pane.object = markup


class GlossaryView(pn.viewable.Viewer):
    """Every term in French, English and Occitan side by side (the chosen language first),
    with its definition in the chosen language."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.pane = xhtml(css_classes=["glossary"])
        self.param.watch(lambda *_: self._render(), ["lang"])
        self._render()

    def __panel__(self) -> pn.pane.HTML:
        return self.pane

    def columns(self) -> list[str]:
        return [self.lang] + [code for code in LANGUAGES if code != self.lang]

    def _render(self) -> None:
        tr = translator(self.lang)
        cols = self.columns()
        head = "".join(f"<th scope='col' lang='{c}' class='{'current' if c == self.lang else ''}'>"
                       f"{text(LANGUAGE_NAMES[c])}</th>" for c in cols)
        definition = tr.ui("explorer.definition", "Definition")
        rows = []
        terms = sorted(load_heritage().glossary, key=lambda t: t.localized("term", tr.lang).text.lower())
        for t in terms:
            cells = []
            for c in cols:
                word = t.localized("term", c)
                tag = "th scope='row'" if c == self.lang else "td"
                close = "th" if c == self.lang else "td"
                note = text(translator(c).fallback_note(word)) if word.fallback else ""
                mark = f" <span class='fallback'>({note})</span>" if word.fallback else ""
                cells.append(f"<{tag} lang='{text(word.lang)}' class='{'current' if c == self.lang else ''}'>"
                             f"{text(word.text)}{mark}</{close}>")
            cells.append(f"<td>{localized_html(tr, t.localized('definition', tr.lang), tag='span')}</td>")
            rows.append(f"<tr id='term-{text(t.id)}'>{''.join(cells)}</tr>")
        title = tr.ui("explorer.glossary_title", "Glossary: the words of the canals in three languages")
        markup = (f"<div class='explorer-text' style='max-width:none'><h2>{text(title)}</h2>"
                  # a phone slides the table sideways inside its box, never the page
                  f"<div class='table-scroll' tabindex='0' role='region' aria-label='{text(title)}' "
                  f"style='overflow-x:auto'>"
                  f"<table class='glossary'><thead><tr>{head}<th scope='col'>{text(definition)}</th></tr></thead>"
                  f"<tbody>{''.join(rows)}</tbody></table></div></div>")
        if self.pane.object != markup:
            self.pane.object = markup


# ---------------------------------------------------------------------------- the explorer
class HeritageExplorer(pn.viewable.Viewer):
    """The heritage of both canals: the map with each place's story, the timeline, the
    people and the glossary. ``show_place(place_id)`` opens the map on a place."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    place = param.String(default=None, allow_None=True, doc="the chosen place's id")
    section: param.Selector[str] = param.Selector(default="map", objects=list(SECTIONS))
    person = param.String(default=None, allow_None=True, doc="the person shown first in 'people' (a deep link)")
    game_in_progress = param.Boolean(default=False, doc="show the 'back to the game' button")

    def __init__(self, *, place: str | None = "midi-I", on_home: Callable[[], None] | None = None,
                 on_game: Callable[[], None] | None = None, on_touch: Callable[[], None] | None = None,
                 on_language: Callable[[str], None] | None = None, projector: bool = False,
                 **params: Any) -> None:
        super().__init__(place=resolve_place(place), **params)
        self._on_language = on_language
        self._on_touch = on_touch
        self.projector = projector
        self._places = list(load_heritage().places)
        self.map = CanalMap(lang=self.lang, place=self.place, projector=projector, on_touch=on_touch)
        self.story = PlaceStory(lang=self.lang, place=self.place)
        self._views: dict[str, Any] = {}  # timeline, people, glossary: built when first shown
        # widgets, built once and relabelled on a language change
        # the title wants 14em before it shares its line with Home (on a phone, Home goes under it)
        self._title = xhtml(styles={"flex": "1 1 14em", "min-width": "0"})
        self._home = button("", lambda *_: on_home(), name="go-home") if on_home else None
        self._game = button("", lambda *_: on_game(), name="back-to-game") if on_game else None
        self._lang_buttons = {code: button(LANGUAGE_NAMES[code], lambda *_, c=code: self._choose_language(c),
                                           name=f"lang-{code}") for code in LANGUAGES}
        self._section_buttons = {s: button("", lambda *_, s=s: self._choose_section(s), name=f"section-{s}")
                                 for s in SECTIONS}
        self._region_buttons = {r: button("", lambda *_, r=r: self._choose_region(r), name=f"region-{r}")
                                for r in REGIONS}
        self.select = pn.widgets.Select(options=[], stylesheets=[EXPLORER_CSS],
                                        css_classes=["place-select"], sizing_mode="stretch_width")
        self._previous = button("", lambda *_: self.step(-1), name="previous-place")
        self._next = button("", lambda *_: self.step(1), name="next-place")
        self._map_heading = xhtml()
        self._legend = xhtml()
        # shown by the list itself (its ``name``), so it is the list's accessible name
        self._select_label = xhtml(margin=(10, 10, 0, 10), visible=False)
        self._map_view = pn.FlexBox(
            pn.Column(self._map_heading, pn.Row(*self._region_buttons.values(), styles={"flex-wrap": "wrap"}),
                      self.map, self._legend, styles={"flex": "3 1 30em", "min-width": "18em"},
                      sizing_mode="stretch_width", css_classes=["map-column"]),
            pn.Column(self._select_label, self.select,
                      pn.Row(self._previous, self._next, styles={"flex-wrap": "wrap"}), self.story,
                      styles={"flex": "2 1 22em", "min-width": "16em"}, sizing_mode="stretch_width",
                      css_classes=["story-column"]),
            flex_wrap="wrap", gap="1em", sizing_mode="stretch_width")
        self._body = pn.Column(sizing_mode="stretch_width")
        header = [w for w in (self._home, self._game) if w is not None]
        self._root = pn.Column(
            pn.Row(self._title, *header, sizing_mode="stretch_width",
                   styles={"align-items": "center", "flex-wrap": "wrap"}),
            pn.Row(*self._lang_buttons.values(), styles={"gap": "0.4em", "flex-wrap": "wrap"},
                   css_classes=["languages"]),
            pn.Row(*self._section_buttons.values(), styles={"flex-wrap": "wrap", "gap": "0.4em"},
                   css_classes=["sections"]),
            self._body, sizing_mode="stretch_width", css_classes=["explorer"])
        self.select.param.watch(self._selected, "value")
        self.map.param.watch(lambda e: self._choose(e.new), "place")
        self.map.param.watch(lambda *_: self._relabel_regions(), "region")
        self.param.watch(lambda *_: self._relabel(), ["lang"])
        self.param.watch(lambda *_: self._show_section(), ["section"])
        self.param.watch(lambda *_: self._sync_place(), ["place"])
        self.param.watch(lambda e: setattr(self._views["people"], "person", e.new) if "people" in self._views
                         else None, ["person"])
        if self._game is not None:
            self._game.visible = self.game_in_progress
            self.param.watch(lambda e: setattr(self._game, "visible", e.new), ["game_in_progress"])
        self._relabel()
        self._show_section()

    def __panel__(self) -> pn.Column:
        return self._root

    # -- entry points
    def show_place(self, place_id: str) -> bool:
        """Open the map on a place (its id, or a Canal du Midi card numeral); False when no
        such place exists (nothing changes then)."""
        pid = resolve_place(place_id)
        if pid is None:
            return False
        place = load_heritage().place(pid)
        if place.coordinates is not None:
            self.map.region = "midi" if place.kind == "midi_site" else "garonne"
        self.section = "map"
        self.place = pid
        return True

    def show_person(self, person_id: str) -> bool:
        """Open the people of the canals on one person (shown first, story open;
        the table's introduction links here); False when no such person exists (nothing
        changes then)."""
        try:
            load_heritage().person(person_id)
        except KeyError:
            return False
        self.person = person_id
        self.section = "people"
        return True

    def step(self, by: int) -> None:
        """The previous (-1) or next (+1) place of the list."""
        self._touch()
        ids = [p.id for p in self._places]
        i = ids.index(self.place) if self.place in ids else -1
        self.place = ids[(i + by) % len(ids)]

    # -- events
    def _touch(self) -> None:
        if self._on_touch:
            self._on_touch()

    def _choose(self, place_id: str | None) -> None:
        if place_id is not None and place_id != self.place:
            self.place = place_id

    def _selected(self, event: Any) -> None:
        if event.new and event.new != self.place:
            self._touch()
            self.place = event.new

    def _choose_language(self, lang: str) -> None:
        self._touch()
        if self._on_language is not None:
            self._on_language(lang)  # the app changes every component's language
        else:
            self.lang = lang

    def _choose_section(self, section: str) -> None:
        self._touch()
        self.section = section

    def _choose_region(self, region: str) -> None:
        self._touch()
        self.map.region = region

    # -- state to screen
    def _sync_place(self) -> None:
        with pn.io.hold():
            if self.map.place != self.place:
                self.map.place = self.place
            self.story.place = self.place
            if self.place and self.select.value != self.place:
                self.select.value = self.place
            self._relabel_regions()

    def _options(self, tr: Translator) -> dict[str, dict[str, str]]:
        groups: dict[str, dict[str, str]] = {
            tr.ui("explorer.group", "Canal du Midi: the nine work sites"): {},
            tr.ui("explorer.group", "Canal de Garonne: towns, vineyards and works"): {},
            tr.ui("explorer.group", "River works (no single place)"): {}}
        names = list(groups)
        for p in self._places:
            group = names[0] if p.kind == "midi_site" else names[2] if p.coordinates is None else names[1]
            groups[group][place_title(p, tr.lang)] = p.id
        return groups

    def _relabel_regions(self) -> None:
        for r, b in self._region_buttons.items():
            kind: ButtonColor = "primary" if r == self.map.region else "default"
            if b.color != kind:
                b.color = kind

    def _relabel(self) -> None:
        tr = translator(self.lang)
        with pn.io.hold():
            self.map.lang = self.lang
            self.story.lang = self.lang
            for view in self._views.values():
                view.lang = self.lang
            title = tr.ui("home.heritage", "Discover the heritage")
            self._title.object = f"<h1 style='margin:0.3em 0'>{text(title)}</h1>"
            if self._home is not None:
                self._home.label = tr.ui("table.home", "Home")
            if self._game is not None:
                self._game.label = tr.ui("explorer.back_to_game", "Back to the game")
            for s, b in self._section_buttons.items():
                b.label = section_label(tr, s)
            for code, b in self._lang_buttons.items():
                kind: ButtonColor = "primary" if code == self.lang else "default"
                if b.color != kind:
                    b.color = kind
            for r, b in self._region_buttons.items():
                b.label = region_label(tr, r)
            self._relabel_regions()
            self._previous.label = tr.ui("explorer.previous", "← Previous place")
            self._next.label = tr.ui("explorer.next", "Next place →")
            heading = tr.ui("explorer.map_title", "Map of the two canals")
            note = tr.ui("explorer.map_note", "Positions are approximate. Tap a marker, or choose a place in the list.")
            self._map_heading.object = (f"<div class='explorer-text' style='max-width:none'>"
                                        f"<h2>{text(heading)}</h2><p style='margin:0'>{text(note)}</p></div>")
            items = "".join(f"<li>{marker_svg(kind)}<span>{text(words)}</span></li>"
                            for kind, words in legend_items(tr))
            legend = tr.ui("explorer.legend_title", "Legend")
            self._legend.object = (f"<h3 style='{SR_ONLY}'>{text(legend)}</h3>"
                                   f"<ul class='map-legend' aria-label='{text(legend)}'>{items}</ul>")
            choose = tr.ui("explorer.choose_place", "Choose a place")
            self._select_label.object = f"<label style='font-weight:600'>{text(choose)}</label>"
            self.select.name = choose  # the list's own label, which names it (axe: select-name)
            self.select.groups = self._options(tr)
            if self.place and self.select.value != self.place:
                self.select.value = self.place

    def _view(self, section: str) -> Any:
        if section == "map":
            return self._map_view
        view = self._views.get(section)
        if view is None:
            if section == "timeline":
                view = TimelineView(lang=self.lang, on_place=self._from_elsewhere)
            elif section == "people":
                view = PeopleGallery(lang=self.lang, person=self.person)
            else:
                view = GlossaryView(lang=self.lang)
            self._views[section] = view
        return view

    def _from_elsewhere(self, place_id: str) -> None:
        self._touch()
        self.show_place(place_id)

    def _show_section(self) -> None:
        with pn.io.hold():
            for s, b in self._section_buttons.items():
                kind: ButtonColor = "primary" if s == self.section else "default"
                if b.color != kind:
                    b.color = kind
            self._body.objects = [self._view(self.section)]

    # -- for tests and the app
    def texts(self) -> Iterable[str]:
        """Every text of the shown section (HTML and button labels)."""
        for obj in self._root.select():
            if isinstance(obj, pn.pane.HTML):
                yield str(obj.object)
            elif isinstance(obj, pn.widgets.Button):
                yield obj.label


def _local_place(name: str | None, lang: str) -> str:
    """A place written as text in the data, in the reader's language when it is one of the base
    map's towns (Béziers is Besièrs in Occitan); otherwise as written."""
    from ...basemap import load_basemap

    if not name:
        return ""
    town = load_basemap().town_named(name)
    return town.name(lang) if town is not None else name
