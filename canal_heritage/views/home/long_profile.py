"""The Canal du Midi's long profile, drawn by our code as SVG for the welcome screen:
from Toulouse up to the Naurouze summit, the watershed fed by the Montagne Noire, and
down through Castelnaudary, Carcassonne and the Fonseranes staircase at Béziers to the Étang de
Thau at Sète. Locks are drawn as steps.

The heights and distances (:mod:`canal_heritage.profile`, shared with the lessons) are
well-known approximate figures, not surveyed data: the picture says so in its caption
("simplified"). The nine sites of the Canal du Midi game (``data/midi/sites.json``) are marked
on it by their card numerals.
"""

from __future__ import annotations

import json
from functools import lru_cache
from html import escape

from ...datafiles import data_dir
from ...i18n import Translator
from ...profile import PROFILE, SITE_KM, SUMMIT, place_names, water_line
from ..theme import CANAL, INK, MUTED, PAPER, PLANE, SKY, STONE, STONE_DARK, WATER_LIGHT

# the drawing: a 900 × 330 box; the canal from x0 to x1, heights from 0 m (y_sea) to 200 m (y_top)
WIDTH, HEIGHT = 900, 330
X0, X1 = 150, 850
Y_SEA, Y_TOP = 288, 118
KM_MAX, M_MAX = 240, 200


def _x(km: float) -> float:
    return X0 + (X1 - X0) * km / KM_MAX


def _y(m: float) -> float:
    return Y_SEA - (Y_SEA - Y_TOP) * m / M_MAX


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


@lru_cache(maxsize=1)
def _sites() -> tuple[tuple[str, str], ...]:
    """The game's sites (numeral, name) from ``data/midi/sites.json``."""
    raw = json.loads((data_dir() / "midi" / "sites.json").read_text(encoding="utf-8"))
    return tuple((s["id"], s["name"]) for s in raw["sites"])


def long_profile_svg(tr: Translator, *, ident: str = "profile") -> str:
    """The picture (an ``<svg role="img">`` with a title and a text description, in the
    visitor's language). ``ident`` prefixes the ids the title and description use."""
    title = tr.ui("profile.title", "The Canal du Midi from Toulouse to the sea, seen from the side")
    desc = tr.ui("profile.desc", "From Toulouse, at about 130 m, the canal climbs lock after lock to the "
                                 "Naurouze summit, about 190 m high, where water brought from the Montagne Noire "
                                 "feeds it. From there it steps down past Castelnaudary and Carcassonne, runs level "
                                 "for 54 km, drops through the Fonseranes staircase at Béziers and reaches the Étang "
                                 "de Thau at Sète, at sea level. Numbered marks show the nine sites of the game.")
    summit = tr.ui("profile.summit", "the summit, about {m} m", m=int(SUMMIT.height))
    feed = tr.ui("profile.feed", "Montagne Noire: its water feeds the summit")
    garonne = tr.ui("profile.garonne", "Canal de Garonne, to Bordeaux")
    staircase = tr.ui("profile.staircase", "a staircase of 8 lock chambers")

    body: list[str] = [
        f"<title id='{ident}-title'>{escape(title)}</title><desc id='{ident}-desc'>{escape(desc)}</desc>",
        f"<rect x='0' y='0' width='{WIDTH}' height='{HEIGHT}' rx='14' fill='{SKY}'/>",
    ]
    # the Montagne Noire north-east of the summit, its water running down to Naurouze
    mx, my = _x(SUMMIT.km), _y(SUMMIT.height)
    body.append(f"<path d='M {_f(mx + 70)} 100 C {_f(mx + 110)} 30, {_f(mx + 170)} 14, {_f(mx + 240)} 22 "
                f"S {_f(mx + 330)} 60, {_f(mx + 360)} 100 Z' fill='{PLANE}' opacity='0.3'/>")
    body.append(f"<ellipse cx='{_f(mx + 150)}' cy='58' rx='24' ry='8' fill='{WATER_LIGHT}' stroke='{CANAL}' "
                f"stroke-width='2'/>")  # the Saint-Ferréol reservoir
    body.append(f"<path d='M {_f(mx + 128)} 62 C {_f(mx + 80)} 80, {_f(mx + 40)} {_f(my - 40)}, {_f(mx + 10)} "
                f"{_f(my - 14)}' fill='none' stroke='{CANAL}' stroke-width='4' stroke-dasharray='9 6' "
                f"stroke-linecap='round'/>")
    body.append(f"<path d='M {_f(mx + 3)} {_f(my - 8)} l 4 -15 l 11 9 z' fill='{CANAL}'/>")
    body.append(_label(WIDTH - 12, 98, feed, 16, anchor="end", fill=INK, weight=600))
    # the watershed: water leaves the summit both ways
    for side in (-1, 1):
        body.append(f"<path d='M {_f(mx + side * 8)} {_f(my - 12)} q {side * 14} -4 {side * 22} 8' fill='none' "
                    f"stroke='{CANAL}' stroke-width='2.5'/>"
                    f"<path d='M {_f(mx + side * 32)} {_f(my - 2)} l {side * -9} -2 l {side * 4} -7 z' "
                    f"fill='{CANAL}'/>")

    # the ground under the water, then the water itself, step by step
    line = water_line()
    ground = " ".join(f"L {_f(_x(km))} {_f(_y(m))}" for km, m in line)
    body.append(f"<path d='M {_f(_x(0))} {Y_SEA + 30} {ground} L {_f(_x(KM_MAX))} {Y_SEA + 30} Z' "
                f"fill='{STONE}' stroke='{STONE_DARK}' stroke-width='1.5'/>")
    body.append(f"<polyline points='{' '.join(f'{_f(_x(km))},{_f(_y(m) - 3)}' for km, m in line)}' fill='none' "
                f"stroke='{CANAL}' stroke-width='6' stroke-linejoin='miter'/>")
    # the sea (Étang de Thau) and the Garonne at Toulouse
    body.append(f"<rect x='{_f(_x(236))}' y='{Y_SEA - 4}' width='{_f(WIDTH - _x(236) - 10)}' height='24' "
                f"fill='{WATER_LIGHT}' stroke='{CANAL}' stroke-width='2'/>")
    body.append(f"<path d='M 20 {_f(_y(120))} L {_f(_x(0))} {_f(_y(129))}' stroke='{CANAL}' stroke-width='5' "
                f"stroke-dasharray='10 7' fill='none'/>")
    body.append(_label(20, _y(120) + 26, garonne, 15, anchor="start", fill=MUTED, weight=600))

    # places: (label x, label y, anchor) by name
    places = {
        "Toulouse": (_x(0), _y(132) - 34, "start"),
        "Naurouze": (mx - 12, my - 58, "end"),
        "Castelnaudary": (_x(65) + 16, _y(163) - 14, "start"),
        "Carcassonne": (_x(105), _y(108) + 34, "middle"),
        "Fonseranes": (_x(207) + 6, _y(32) - 46, "end"),
        "Sète": (WIDTH - 12, _y(0) - 36, "end"),
    }
    names = place_names(tr)  # in the visitor's language
    for w in PROFILE:
        if w.name not in places:
            continue
        x, ly, anchor = places[w.name]
        px, py = _x(w.km), _y(w.height)
        if w.name == "Castelnaudary":
            body.append(f"<line x1='{_f(px)}' y1='{_f(py - 8)}' x2='{_f(x - 2)}' y2='{_f(ly - 6)}' stroke='{INK}' "
                        f"stroke-width='1.5'/>")
        elif w.name == "Carcassonne":
            body.append(f"<line x1='{_f(px)}' y1='{_f(py + 4)}' x2='{_f(px)}' y2='{_f(ly - 18)}' stroke='{INK}' "
                        f"stroke-width='1.5'/>")
        elif w.name != "Sète":
            body.append(f"<line x1='{_f(px)}' y1='{_f(ly + 6)}' x2='{_f(px)}' y2='{_f(py - 8)}' stroke='{INK}' "
                        f"stroke-width='1.5'/>")
        body.append(_label(x, ly, names.get(w.name, w.name), 20, anchor=anchor))
    body.append(_label(mx - 12, my - 38, summit, 15, anchor="end", fill=MUTED, weight=600))
    thau = tr.ui("profile.place", "Étang de Thau")
    body.append(_label(WIDTH - 12, _y(0) - 16, thau, 15, anchor="end", fill=MUTED, weight=600))
    body.append(_label(_x(207) - 8, _y(32) + 20, staircase, 15, anchor="end", fill=INK, weight=600))

    # the game's nine sites, by card numeral, on the canal's floor
    for numeral, _name in _sites():
        km = SITE_KM.get(numeral)
        if km is None:
            continue
        x = _x(km)
        body.append(f"<g aria-hidden='true'><circle cx='{_f(x)}' cy='{Y_SEA + 18}' r='12' fill='{PAPER}' "
                    f"stroke='{INK}' stroke-width='1.5'/>"
                    f"<text x='{_f(x)}' y='{Y_SEA + 22}' font-size='{10 if len(numeral) > 3 else 12}' "
                    f"text-anchor='middle' font-weight='700' fill='{INK}'>{numeral}</text></g>")
    return (f"<svg class='long-profile' role='img' aria-labelledby='{ident}-title {ident}-desc' "
            f"viewBox='0 0 {WIDTH} {HEIGHT}' preserveAspectRatio='xMidYMid meet' "
            f"style='width:100%;height:100%;display:block' font-family='system-ui, sans-serif' "
            f"xmlns='http://www.w3.org/2000/svg'>{''.join(body)}</svg>")


def _label(x: float, y: float, content: str, size: float, *, anchor: str = "middle", fill: str = INK,
           weight: int = 700) -> str:
    """A text with a paper halo, readable over the picture."""
    return (f"<text x='{_f(x)}' y='{_f(y)}' font-size='{_f(size)}' font-weight='{weight}' fill='{fill}' "
            f"text-anchor='{anchor}' paint-order='stroke' stroke='{SKY}' stroke-width='4' "
            f"stroke-linejoin='round'>{escape(content)}</text>")


def caption(tr: Translator) -> str:
    """The picture's caption: what it shows, and that it is simplified."""
    return tr.ui("profile.caption", "Simplified long profile: heights are approximate and exaggerated, and each "
                                    "step stands for one or more locks. Numbers mark the game's sites.")
