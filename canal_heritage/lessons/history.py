"""The history lesson's pictures: a map drawn from ``data/heritage/geometry.json`` (lines)
and the places' coordinates (no tiles, nothing fetched), the timeline and the engineers.
Every text comes from the heritage catalogs, in the lesson's language."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..heritage import Coordinates, Heritage, Place, load_heritage, period_label
from ..i18n import translator
from ..theme import lon_lat_aspect
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


def canal_map(lang: str = "fr", *, width: float = 9.0) -> FigureView:
    """The two canals, the feeder channels, the nine sites of Canal du Midi (numbered I to
    IX) and the towns of Arriala, on longitude/latitude axes."""
    h = load_heritage()
    tr = translator(lang)
    fig = new_figure(width, width * 0.62)
    ax = fig.add_subplot()
    for line in h.lines:
        lat = [w.lat for w in line.waypoints]
        lon = [w.lon for w in line.waypoints]
        ax.plot(lon, lat, label=line.localized("name", lang).text, **LINE_STYLE[line.kind])
    sites = _located(h, "midi_site")
    ax.scatter([c.lon for _, c in sites], [c.lat for _, c in sites], marker="s", s=42,
               color="#c62828", zorder=3, label=tr.ui("lesson.map", "Canal du Midi sites (card number)"))
    for p, c in sites:
        ax.annotate(_midi_numeral(p), (c.lon, c.lat), xytext=(0, 7), textcoords="offset points",
                    ha="center", fontsize=9, fontweight="bold", color="#c62828")
    towns = _located(h, "town")
    town_label = tr.ui("lesson.map", "Towns of Arriala")
    ax.scatter([c.lon for _, c in towns], [c.lat for _, c in towns], marker="o", s=22,
               color="#6d4c2f", zorder=3, label=town_label)
    for p, c in towns:
        ax.annotate(p.localized("name", lang).text, (c.lon, c.lat), xytext=(-6, 0),
                    textcoords="offset points", ha="right", va="center", fontsize=8)
    works = _located(h, "engineering_work")
    ax.scatter([c.lon for _, c in works], [c.lat for _, c in works], marker="^", s=36,
               color="#f57c00", zorder=3, label=tr.ui("lesson.map", "Engineering works"))
    mid = sum(ax.get_ylim()) / 2
    ax.set_aspect(lon_lat_aspect(mid))  # as the exhibit's maps project (canal_heritage.theme)
    ax.set_xlabel(tr.ui("lesson.map", "longitude (°)"))
    ax.set_ylabel(tr.ui("lesson.map", "latitude (°)"))
    ax.set_title(tr.ui("lesson.map", "The canals of the two seas"))
    ax.grid(color="#eeeeee")
    ax.legend(loc="lower left", fontsize=8)
    return FigureView(fig, tr.ui("lesson.map", "The canals of the two seas"))


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
    return FigureView(fig, f"{len(events)} events")


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
