"""The history lesson's pictures: a map drawn from ``data/heritage/geometry.json`` (lines)
and the places' coordinates (no tiles, nothing fetched), the timeline and the engineers.
Every text comes from the heritage catalogs, in the lesson's language."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..heritage import Coordinates, Heritage, Place, load_heritage, period_label
from ..i18n import translator
from ..look import lon_lat_aspect
from .common import HTMLBlock, table_html
from .plots import FigureView, new_figure

LINE_STYLE = {"canal": {"color": "#1f5fa8", "linewidth": 2.6, "linestyle": "-"},
              "feeder": {"color": "#2a9d8f", "linewidth": 1.6, "linestyle": "--"},
              "river": {"color": "#7fb3d5", "linewidth": 1.2, "linestyle": "-"},
              "coast": {"color": "#8d6e63", "linewidth": 1.0, "linestyle": ":"}}


def _located(h: Heritage, kind: str) -> list[tuple[Place, Coordinates]]:
    """The places of ``kind`` that have coordinates, with them."""
    return [(p, p.coordinates) for p in h.places if p.kind == kind and p.coordinates is not None]


def _midi_numeral(place: Place) -> str:
    """The card number (I to IX) of a Canal du Midi site."""
    return place.game.get("midi", "") if place.game else ""


#: The base map's colours, as the exhibit's maps draw it (sea, land, lagoons, rivers, towns).
BASE_STYLE = {"sea": "#dcebf5", "land": "#f6f3ea", "coast": "#9fb8c8", "lagoon": "#c6dff0", "river": "#8fbfdf",
              "town": "#6b6b6b"}
#: The region's towns named on the lesson's map (the others would crowd it).
MAP_TOWNS = ("toulouse", "carcassonne", "beziers", "narbonne", "sete", "agen", "montauban", "albi")


def _base_map(ax: Any, lang: str) -> None:
    """Land and sea, the lagoons, the rivers and a few towns under the canals: the exhibit's
    base map (``data/heritage/basemap.json``, offline)."""
    from ..basemap import load_basemap

    bm = load_basemap()
    ax.set_facecolor(BASE_STYLE["sea"])
    for ring in bm.land:
        ax.fill([lon for _, lon in ring], [lat for lat, _ in ring], color=BASE_STYLE["land"],
                zorder=0, linewidth=0)
    for line in bm.coastline():
        ax.plot([lon for _, lon in line], [lat for lat, _ in line], color=BASE_STYLE["coast"],
                linewidth=0.8, zorder=0.5)
    for lagoon in bm.lagoons.values():
        pts = lagoon.smooth()
        ax.fill([lon for _, lon in pts], [lat for lat, _ in pts], color=BASE_STYLE["lagoon"], zorder=0.6,
                linewidth=0)
    for river in bm.rivers.values():
        pts = river.smooth()
        ax.plot([lon for _, lon in pts], [lat for lat, _ in pts], color=BASE_STYLE["river"], linewidth=1.0,
                zorder=0.7)
    for town_id in MAP_TOWNS:
        t = bm.town(town_id)
        ax.plot([t.lon], [t.lat], marker="o", markersize=3, color=BASE_STYLE["town"], zorder=1)
        ax.annotate(t.name(lang), (t.lon, t.lat), xytext=(4, -9), textcoords="offset points", fontsize=7,
                    color=BASE_STYLE["town"], fontstyle="italic", zorder=1)


def canal_map(lang: str = "fr", *, width: float = 9.0, base: bool = True) -> FigureView:
    """The two canals, the feeder channels, the nine sites of Canal du Midi (numbered I to
    IX) and the towns of Arriala, on longitude/latitude axes; on the exhibit's base map
    (land, sea, lagoons, rivers, towns) unless ``base`` is false."""
    h = load_heritage()
    tr = translator(lang)
    fig = new_figure(width, width * 0.62)
    ax = fig.add_subplot()
    if base:
        _base_map(ax, lang)
    for line in h.lines:
        lat = [w.lat for w in line.waypoints]
        lon = [w.lon for w in line.waypoints]
        ax.plot(lon, lat, label=line.localized("name", lang).text, **LINE_STYLE[line.kind])
    sites = _located(h, "midi_site")
    ax.scatter([c.lon for _, c in sites], [c.lat for _, c in sites], marker="s", s=42,
               color="#c62828", zorder=3, label=tr.ui("lesson.map", "Canal du Midi sites (card number)"))
    for p, c in sites:
        # two sites less than 0.1° apart (VII and VIII near Béziers): the western one is numbered
        # on its left, the eastern one on its right, so that neither number covers the other
        neighbour_east = any(0 < o.lon - c.lon < 0.1 and abs(o.lat - c.lat) < 0.1 for _, o in sites)
        neighbour_west = any(0 < c.lon - o.lon < 0.1 and abs(o.lat - c.lat) < 0.1 for _, o in sites)
        offset, align = (((-5, 6), "right") if neighbour_east else ((5, 6), "left") if neighbour_west
                         else ((0, 7), "center"))
        ax.annotate(_midi_numeral(p), (c.lon, c.lat), xytext=offset, textcoords="offset points",
                    ha=align, fontsize=9, fontweight="bold", color="#c62828")
    towns = _located(h, "town")
    town_label = tr.ui("lesson.map", "Towns of Arriala")
    ax.scatter([c.lon for _, c in towns], [c.lat for _, c in towns], marker="o", s=22,
               color="#6d4c2f", zorder=3, label=town_label)
    for p, c in towns:
        # a town with a neighbour just west of it (Moissac beside Valence d'Agen) is named on its right
        crowded = any(0 < c.lon - o.lon < 0.3 and abs(c.lat - o.lat) < 0.05 for _, o in towns)
        ax.annotate(p.localized("name", lang).text, (c.lon, c.lat), xytext=(6, 3) if crowded else (-6, 0),
                    textcoords="offset points", ha="left" if crowded else "right", va="center", fontsize=8)
    works = _located(h, "engineering_work")
    ax.scatter([c.lon for _, c in works], [c.lat for _, c in works], marker="^", s=36,
               color="#f57c00", zorder=3, label=tr.ui("lesson.map", "Engineering works"))
    lons = [w.lon for line in h.lines for w in line.waypoints]
    lats = [w.lat for line in h.lines for w in line.waypoints]
    west, south, east, north = (-180.0, -90.0, 180.0, 90.0)
    if base:
        from ..basemap import load_basemap

        west, south, east, north = load_basemap().bbox  # no empty "sea" beyond what the base map covers
    ax.set_xlim(max(west, min(lons) - 0.25), min(east, max(lons) + 0.25))  # the canals, not the whole base map
    ax.set_ylim(max(south, min(lats) - 0.2), min(north, max(lats) + 0.12))
    mid = sum(ax.get_ylim()) / 2
    ax.set_aspect(lon_lat_aspect(mid))  # as the exhibit's maps project (canal_heritage.look)
    ax.set_xlabel(tr.ui("lesson.map", "longitude (°)"))
    ax.set_ylabel(tr.ui("lesson.map", "latitude (°)"))
    ax.set_title(tr.ui("lesson.map", "The canals of the two seas"))
    ax.grid(color="#eeeeee")
    ax.legend(loc="lower left", fontsize=8)
    return FigureView(fig, tr.ui("lesson.map", "The canals of the two seas"), lang=lang)


def long_profile(lang: str = "fr") -> FigureView:
    """The Canal du Midi seen from the side, Toulouse to the Étang de Thau: the water's height
    along the canal, each lock a step, the summit at Naurouze and the nine sites of the game by
    their card numbers (the exhibit's profile, :mod:`canal_heritage.profile`: approximate
    figures, said in the title)."""
    from ..profile import PROFILE, SITE_KM, SUMMIT, place_names, water_line

    tr = translator(lang)
    line = water_line()
    fig = new_figure(9, 3.8)
    ax = fig.add_subplot()
    kms, heights = [k for k, _ in line], [m for _, m in line]
    ax.fill_between(kms, heights, -12, step=None, color="#d9cbb3", zorder=1)
    ax.plot(kms, heights, color="#1f5fa8", linewidth=2.4, zorder=2)
    names = place_names(tr)
    # where each name sits beside its point (points of offset, alignment), clear of the stepped line
    beside = {"Toulouse": ((-2, 10), "left"), "Naurouze": ((0, 10), "center"), "Castelnaudary": ((14, 12), "left"),
              "Carcassonne": ((14, 10), "left"), "Fonseranes": ((-8, 8), "right"), "Sète": ((2, 10), "right")}
    for w in PROFILE:
        if w.label and w.name in names:
            offset, align = beside.get(w.name, ((0, 10), "center"))
            ax.annotate(names[w.name], (w.km, w.height), xytext=offset, textcoords="offset points", ha=align,
                        fontsize=8, zorder=3, bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none",
                                                    "alpha": 0.85})
    summit = tr.ui("profile.summit", "the summit, about {m} m", m=int(SUMMIT.height))
    ax.annotate(summit, (SUMMIT.km, SUMMIT.height), xytext=(0, 22), textcoords="offset points", ha="center",
                fontsize=8, color="#555555")
    for numeral, km in SITE_KM.items():
        ax.annotate(numeral, (km, -6), ha="center", va="center", fontsize=8, fontweight="bold", color="#c62828",
                    zorder=3)
    ax.set_xlim(-8, 248)
    ax.set_ylim(-12, 230)
    ax.set_xlabel(tr.ui("lesson.map", "kilometres from Toulouse"))
    ax.set_ylabel(tr.ui("lesson.map", "height above the sea (m)"))
    ax.set_title(tr.ui("lesson.map", "The Canal du Midi seen from the side (simplified: approximate heights; "
                                     "the steps stand for its locks)"), fontsize=10)
    ax.grid(color="#eeeeee")
    return FigureView(fig, tr.ui("lesson.map", "long profile"), lang=lang)


def sites_table(lang: str = "fr") -> HTMLBlock:
    """The nine sites: number, name, place and what the heritage caption says."""
    h = load_heritage()
    tr = translator(lang)
    rows = []
    for p in h.places:
        if p.kind == "midi_site":
            rows.append([_midi_numeral(p), p.localized("name", lang).text, p.localized("caption", lang).text])
    return HTMLBlock(table_html([tr.ui("lesson.map", "Card"), tr.ui("lesson.map", "Site"),
                                 tr.ui("lesson.map", "In short")], rows), f"{len(rows)} sites")


def timeline(lang: str = "fr", *, until: int | None = None) -> HTMLBlock:
    """The dated events, oldest first (``until``: only those up to that year)."""
    h = load_heritage()
    tr = translator(lang)
    rows = []
    for e in h.timeline:
        if until is not None and e.date.year > until:
            continue
        when = period_label(e.date, e.end, lang)
        text = e.localized("text", lang)
        note = tr.fallback_note(text)
        rows.append([when, e.localized("title", lang).text, text.text + (f" ({note})" if note else "")])
    return HTMLBlock(table_html([tr.ui("lesson.map", "When"), tr.ui("lesson.map", "What"),
                                 tr.ui("lesson.map", "More")], rows), f"{len(rows)} events")


def timeline_figure(lang: str = "fr", *, start: int = 1600, end: int = 1700) -> FigureView:
    """The events between ``start`` and ``end`` on a line, labels staggered."""
    h = load_heritage()
    tr = translator(lang)
    events = [e for e in h.timeline if start <= e.date.year <= end]
    fig = new_figure(9, 0.5 + 0.42 * len(events))
    ax = fig.add_subplot()
    for i, e in enumerate(events):
        y = len(events) - i
        if e.end is not None:  # a period: a bar from its start to its end
            hi = e.end.years[1]
            ax.plot([e.date.years[0], hi], [y, y], color="#1f5fa8", linewidth=6, solid_capstyle="butt")
        else:  # a date: a dot for each year the sources give (never a bar, which would read as a period)
            years = e.date.alternatives
            hi = years[-1]
            ax.plot(years, [y] * len(years), color="#1f5fa8", linestyle="none", marker="o", markersize=6)
        ax.annotate(f"{period_label(e.date, e.end, lang)} · {e.localized('title', lang).text}", (hi, y),
                    xytext=(6, 0), textcoords="offset points", va="center", fontsize=8)
    ax.set_xlim(start, end + (end - start) * 0.9)
    ax.set_ylim(0.3, len(events) + 0.7)
    ax.set_yticks([])
    ax.set_title(tr.ui("lesson.map", "From {start} to {end}", start=start, end=end))
    for side in ("left", "right", "top"):
        ax.spines[side].set_visible(False)
    return FigureView(fig, f"{len(events)} events", lang=lang)


def people(lang: str = "fr", ids: Sequence[str] | None = None) -> HTMLBlock:
    """Riquet and the engineers (or the people ``ids``): name, dates, role and caption."""
    h = load_heritage()
    tr = translator(lang)
    chosen = [h.person(i) for i in ids] if ids else [p for p in h.people if p.engineer or p.id == "riquet"]
    cards = []
    for p in chosen:
        born = p.born.date.label(lang) if p.born else "?"
        died = p.died.date.label(lang) if p.died else "?"
        life = tr.ui("lesson.people", "{born} – {died}", born=born, died=died)
        cards.append(
            f'<div style="border-left:4px solid #1f4e96;padding:4px 10px;margin:6px 0">'
            f'<b>{html.escape(p.localized("name", lang).text)}</b> ({html.escape(life)})<br>'
            f'<i>{html.escape(p.localized("role", lang).text)}</i><br>{html.escape(p.localized("caption", lang).text)}'
            f"</div>")
    return HTMLBlock("".join(cards), ", ".join(p.name for p in chosen))


def sources(lang: str, record_id: str) -> HTMLBlock:
    """Where a record's facts come from: its ``sources``, as the project noted them. The
    notes themselves are kept in English (the language the project checks them in); the
    kind of each source is said in the lesson's language."""
    h = load_heritage()
    tr = translator(lang)
    record = h.get(record_id)
    rows = []
    for note in record.sources:
        kind, _, detail = note.partition(":")
        if kind == "brief":
            rows.append([tr.ui("lesson.sources", "the project's heritage brief"), ""])
        elif kind == "rulebook":
            rows.append([tr.ui("lesson.sources", "the game's rulebook"), detail.strip()])
        else:
            rows.append([tr.ui("lesson.sources", "books and websites"), detail.strip() or note])
    title = record.localized("title" if hasattr(record, "title") else "name", lang).text
    caption = tr.ui("lesson.sources", "Sources of “{record}”", record=title)
    in_english = tr.ui("lesson.sources", "The project writes its notes on sources in English.")
    note = "" if tr.lang == "en" else (
        f'<p style="color:#555;font-style:italic;margin:2px 0">{html.escape(in_english)}</p>')
    markup = table_html([tr.ui("lesson.sources", "Kind"), tr.ui("lesson.sources", "What it says")], rows,
                        caption=caption) + note
    return HTMLBlock(markup, f"{len(rows)} sources")
