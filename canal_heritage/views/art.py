"""Card and board art for the Canal du Midi exhibit, as SVG strings.

Every function here is pure: it takes already-translated labels and returns one standalone
``<svg>`` element (with ``xmlns``, a ``viewBox``, ``role="img"`` and an ``aria-label``) that
can be inlined in HTML or saved as a file. The art is drawn from SVG primitives only: no
images, no web fonts, no ids (so any number of cards can share a page), and every text that
comes from outside is escaped.

The look is a printed card game: parchment cards, dark ink, canal-blue accents, and the
Okabe-Ito player colours for borders and pawns. Colour is never the only cue: each player has
a shape, each site status has its own mark, selection adds a check mark.

>>> svg = worker_card(4, "Terrassier", colour="#0072B2")
>>> svg.startswith("<svg") and 'aria-label="Terrassier (4)"' in svg
True
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence
from functools import lru_cache as _lru_cache
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from ..midi.state import SiteStatus  # a StrEnum: its members are the names "hidden", "in_play"...

__all__ = [
    "SHAPES",
    "Symbols",
    "coin",
    "engineer_badge",
    "pawn",
    "shape_svg",
    "site_card",
    "worker_card",
]

# ---------------------------------------------------------------------------- palette
PARCHMENT = "#F7F0DC"
PARCHMENT_DARK = "#EADFC3"
PARCHMENT_LINE = "#CDBD95"
INK = "#2A2118"
INK_SOFT = "#5A4A36"
CANAL = "#1F5F8B"
CANAL_DARK = "#163F5E"
WATER = "#3F80AD"
WATER_LIGHT = "#9CC8E2"
SKY = "#E3EEF0"
STONE = "#D6C39A"
STONE_DARK = "#A68D5F"
GRASS = "#86A95E"
GRASS_DARK = "#5B7D3B"
EARTH = "#9B7550"
WOOD = "#A8713D"
WOOD_DARK = "#6E4522"
STEEL = "#BAC4CB"
BRASS = "#C9A227"
GOLD = "#E7B416"
GOLD_DARK = "#7A5A00"
CITY_RED = "#C62D2D"
#: The "look here" colour (Okabe-Ito yellow: no player has it), always edged with ink.
HIGHLIGHT = "#F0E442"

FONT = "system-ui, sans-serif"

#: The pawn shapes, one per engineer (see ``data/midi/engineers.json``).
SHAPES = ("circle", "triangle", "square", "diamond")

CardState = Literal["face", "back"]


# ---------------------------------------------------------------------------- helpers
def _n(x: float) -> str:
    """A number for SVG: at most two decimals, no trailing zeros."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _attrs(attrs: dict[str, object]) -> str:
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = _n(value)
        out.append(f' {name}="{html.escape(str(value), quote=True)}"')
    return "".join(out)


def _el(tag: str, **attrs: object) -> str:
    """A self-closing SVG element; ``stroke_width`` becomes ``stroke-width``."""
    return f"<{tag}{_attrs(attrs)}/>"


def _g(children: Sequence[str] | str, **attrs: object) -> str:
    body = children if isinstance(children, str) else "".join(children)
    return f"<g{_attrs(attrs)}>{body}</g>"


def _pts(*xy: float) -> str:
    return " ".join(f"{_n(xy[i])},{_n(xy[i + 1])}" for i in range(0, len(xy), 2))


def _text(x: float, y: float, content: str, size: float, *, fill: str = INK, weight: int = 700,
          anchor: str = "middle", **attrs: object) -> str:
    at = _attrs(dict(x=float(x), y=float(y), font_size=float(size), font_weight=weight, fill=fill, text_anchor=anchor,
                     **attrs))
    return f"<text{at}>{html.escape(content, quote=True)}</text>"


def _svg(body: Sequence[str] | str, *, viewbox: tuple[float, float, float, float], width: float, height: float,
         label: str) -> str:
    inner = body if isinstance(body, str) else "".join(body)
    vb = " ".join(_n(v) for v in viewbox)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vb}" width="{_n(width)}" height="{_n(height)}" '
            f'role="img" aria-label="{html.escape(label, quote=True)}" font-family="{FONT}">{inner}</svg>')


def _char_em(c: str) -> float:
    """A rough advance width (in em) of a bold sans glyph, erring wide (DejaVu Sans Bold, the
    widest common fallback), so that fitted text never overflows."""
    if c in "iIl.,:;'’!|j":
        return 0.37
    if c in "ftr- ()":
        return 0.5
    if c in "mwMW":
        return 1.02
    if c.isupper() or c.isdigit():
        return 0.77
    return 0.69


def _text_em(s: str) -> float:
    return sum(_char_em(c) for c in s)


def _wrap(text: str, max_width: float, max_height: float, max_size: float, min_size: float,
          max_lines: int = 3) -> tuple[list[str], float]:
    """Lines and a font size so that ``text`` fits a ``max_width`` x ``max_height`` box:
    prefer one line, break between words only when that gives a clearly bigger font,
    never go below ``min_size`` (the text block then squeezes the glyphs)."""
    words = text.split()
    if not words:
        return [], max_size
    best: tuple[list[str], float] | None = None
    for n_lines in range(1, max_lines + 1):
        fit_height = max_height / (1.12 * n_lines - 0.12)
        for lines in _splits(words, n_lines):
            widest = max(_text_em(line) for line in lines)
            size = min(max_size, fit_height, max_width / widest)
            if best is None or size > best[1] + 0.75:  # one more line must earn a clearly bigger font
                best = (lines, size)
    assert best is not None
    return best[0], max(min_size, best[1])


def _splits(words: list[str], n: int) -> list[list[str]]:
    if n == 1:
        return [[" ".join(words)]]
    if len(words) < n:
        return []
    out = []
    for i in range(1, len(words) - n + 2):
        head = " ".join(words[:i])
        for rest in _splits(words[i:], n - 1):
            out.append([head, *rest])
    return out


def _text_block(lines: list[str], cx: float, cy: float, size: float, *, fill: str = INK, weight: int = 700,
                max_width: float | None = None) -> str:
    """Lines of text centred on (cx, cy). Squeezes (textLength) only if a line would overflow."""
    lead = size * 1.12
    top = cy - lead * (len(lines) - 1) / 2 + size * 0.35
    out = []
    for i, line in enumerate(lines):
        extra: dict[str, object] = {}
        if max_width is not None and _text_em(line) * size > max_width:
            extra = {"textLength": float(max_width), "lengthAdjust": "spacingAndGlyphs"}
        out.append(_text(cx, top + i * lead, line, size, fill=fill, weight=weight, anchor="middle", **extra))
    return "".join(out)


def _hatch(x0: float, y0: float, x1: float, y1: float, step: float, *, flip: bool = False, **stroke: object) -> str:
    """Diagonal hatching (45°, or -45° with ``flip``) clipped to a rectangle by computation
    (no clipPath, no id)."""
    def fx(x: float) -> float:
        return x0 + x1 - x if flip else x
    segs = []
    c = x0 + y0 + step / 2
    while c < x1 + y1:
        xa, xb = max(x0, c - y1), min(x1, c - y0)
        if xb > xa:
            segs.append(f"M{_n(fx(xa))} {_n(c - xa)}L{_n(fx(xb))} {_n(c - xb)}")
        c += step
    return _el("path", d="".join(segs), fill="none", **stroke)


def _check(cx: float, cy: float, r: float, *, fill: str = INK, rim: str = HIGHLIGHT) -> str:
    """A round badge with a check mark (by default an ink disc, yellow rim, white tick)."""
    d = (f"M{_n(cx - r * .45)} {_n(cy + r * .02)}L{_n(cx - r * .12)} {_n(cy + r * .36)}"
         f"L{_n(cx + r * .5)} {_n(cy - r * .36)}")
    return (_el("circle", cx=float(cx), cy=float(cy), r=float(r), fill=fill, stroke=rim, stroke_width=float(r * .22))
            + _el("path", d=d, fill="none", stroke="#FFFFFF", stroke_width=float(r * .3), stroke_linecap="round",
                  stroke_linejoin="round"))


def _halo(x: float, y: float, w: float, h: float, rx: float, width: float) -> str:
    """A thick yellow outline, edged with ink on both sides so it reads on any background."""
    return (_el("rect", x=float(x), y=float(y), width=float(w), height=float(h), rx=float(rx), fill="none", stroke=INK,
                stroke_width=float(width + 2.4))
            + _el("rect", x=float(x), y=float(y), width=float(w), height=float(h), rx=float(rx), fill="none",
                  stroke=HIGHLIGHT, stroke_width=float(width)))


def _shape(shape: str, colour: str, cx: float, cy: float, r: float, outline: float = .17) -> str:
    """A player shape of "radius" ``r`` (about half its width), with a light halo under a dark
    outline ``outline * r`` wide. Besides :data:`SHAPES`, "hex" is the hexagon of Arriala's
    virtual player (its portrait's badge)."""
    geo: dict[str, object]
    if shape == "circle":
        tag, geo = "circle", {"cx": float(cx), "cy": float(cy), "r": float(r)}
    elif shape == "triangle":
        tag, geo = "polygon", {"points": _pts(cx, cy - r * 1.12, cx + r * 1.1, cy + r * .8, cx - r * 1.1, cy + r * .8)}
    elif shape == "square":
        s = r * .88
        tag, geo = "rect", {"x": float(cx - s), "y": float(cy - s), "width": float(2 * s), "height": float(2 * s),
                            "rx": float(r * .12)}
    elif shape == "diamond":
        s = r * 1.18
        tag, geo = "polygon", {"points": _pts(cx, cy - s, cx + s, cy, cx, cy + s, cx - s, cy)}
    elif shape == "hex":
        corners: list[float] = []
        for k in range(6):
            a = math.radians(60 * k + 30)
            corners += [cx + r * math.cos(a), cy + r * math.sin(a)]
        tag, geo = "polygon", {"points": _pts(*corners)}
    else:
        raise ValueError(f"unknown shape {shape!r}: expected one of {', '.join(SHAPES)}")
    return (_el(tag, **geo, fill=PARCHMENT, stroke=PARCHMENT, stroke_width=float(r * .5), stroke_linejoin="round")
            + _el(tag, **geo, fill=colour, stroke=INK, stroke_width=float(r * outline), stroke_linejoin="round"))


# ---------------------------------------------------------------------------- pawn, coin, badge
def pawn(colour: str, shape: str, size: int = 22, *, label: str | None = None) -> str:
    """A player's pawn: ``shape`` (circle, triangle, square or diamond) filled with
    ``colour``, with a dark outline over a light halo so it reads on any background.

    Args:
        colour: the player's colour (any CSS colour).
        shape: one of :data:`SHAPES`.
        size: width and height in pixels.
        label: the accessible name (e.g. the translated player name); defaults to ``shape``.

    Raises:
        ValueError: for an unknown shape.
    """
    body = _shape(shape, colour, 50, 52 if shape == "triangle" else 50, 36)
    return _svg(body, viewbox=(0, 0, 100, 100), width=size, height=size, label=shape if label is None else label)


def shape_svg(colour: str, shape: str, size: int = 22, label: str = "") -> str:
    """A seat's mark at the tables: its :func:`pawn`, or for Arriala's virtual player (shape
    ``"hex"``) a plain hexagon, without the pawns' halo.

    Args:
        colour: the seat's colour (any CSS colour).
        shape: one of :data:`SHAPES`, or ``"hex"``.
        size: width and height in pixels.
        label: the accessible name (the seat's name, already translated).
    """
    if shape != "hex":
        return pawn(colour, shape, size, label=label)
    pts = " ".join(f"{50 + 40 * math.cos(math.radians(60 * i + 30)):.1f},"
                   f"{50 + 40 * math.sin(math.radians(60 * i + 30)):.1f}" for i in range(6))
    return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100' width='{size}' height='{size}' "
            f"role='img' aria-label='{html.escape(label, quote=True)}'><polygon points='{pts}' fill='{colour}' "
            f"stroke='{INK}' stroke-width='7'/></svg>")


@_lru_cache(maxsize=64)
def coin(size: int = 28, *, label: str = "Riquet") -> str:
    """A Riquet coin: a gold disc with a milled edge and a big "R".

    Args:
        size: width and height in pixels.
        label: the accessible name (a proper name by default, the same in every language).
    """
    ticks = []
    for i in range(40):
        a = 2 * math.pi * i / 40
        ticks.append(f"M{_n(50 + 41 * math.cos(a))} {_n(50 + 41 * math.sin(a))}"
                     f"L{_n(50 + 46 * math.cos(a))} {_n(50 + 46 * math.sin(a))}")
    body = [
        _el("circle", cx=50, cy=50, r=47, fill="#C8960E", stroke=GOLD_DARK, stroke_width=3),
        _el("path", d="".join(ticks), stroke="#F3D36B", stroke_width=2.2),
        _el("circle", cx=50, cy=50, r=38, fill=GOLD, stroke=GOLD_DARK, stroke_width=2.5),
        _el("circle", cx=50, cy=50, r=32.5, fill="none", stroke=GOLD_DARK, stroke_width=1.2, stroke_dasharray="2 3"),
        _el("path", d="M24 38A28 28 0 0 1 56 21", fill="none", stroke="#FFF6C8", stroke_width=3.5,
            stroke_linecap="round", opacity=.7),
        _text(50, 68, "R", 50, fill="#4E3A00", weight=800),
    ]
    return _svg(body, viewbox=(0, 0, 100, 100), width=size, height=size, label=label)


@_lru_cache(maxsize=1024)
def engineer_badge(colour: str, shape: str, label: str, size: int = 28) -> str:
    """An engineer's (player's) badge: their shape in their colour on a parchment medallion
    ringed with the same colour. ``label`` (the engineer's or player's name) is the
    accessible name and the hover title.

    Raises:
        ValueError: for an unknown shape.
    """
    body = [
        f"<title>{html.escape(label, quote=True)}</title>",
        _el("circle", cx=50, cy=50, r=45, fill=PARCHMENT, stroke=INK, stroke_width=3),
        _el("circle", cx=50, cy=50, r=38.5, fill="none", stroke=colour, stroke_width=9),
        _el("circle", cx=50, cy=50, r=33.5, fill="none", stroke=INK, stroke_width=1.2),
        _shape(shape, colour, 50, 53 if shape == "triangle" else 50, 19),
    ]
    return _svg(body, viewbox=(0, 0, 100, 100), width=size, height=size, label=label)


# ---------------------------------------------------------------------------- worker pictograms
# Each draws inside the vignette of the worker card: x 12..88, y 50..104.
def _pict_engineer() -> str:
    """Dividers over a plan of the canal."""
    return "".join([
        _el("rect", x=18, y=63, width=64, height=36, rx=2, fill="#FBF7EA", stroke=INK_SOFT, stroke_width=1.2),
        _el("path", d="M22 88C34 76 44 92 56 80S74 74 78 72", fill="none", stroke=WATER, stroke_width=3,
            stroke_linecap="round"),
        _el("path", d="M24 70H46M24 75H40", stroke=PARCHMENT_LINE, stroke_width=1.5),
        _el("path", d="M36 90A33 33 0 0 0 64 90", fill="none", stroke=INK, stroke_width=2),
        _el("path", d="M50 57L36 101M50 57L64 101", stroke=INK, stroke_width=6, stroke_linecap="round"),
        _el("path", d="M50 57L36.6 99M50 57L63.4 99", stroke=STEEL, stroke_width=3, stroke_linecap="round"),
        _el("rect", x=47.5, y=48, width=5, height=7, rx=1.5, fill=BRASS, stroke=INK, stroke_width=1.3),
        _el("circle", cx=50, cy=57, r=4.5, fill=BRASS, stroke=INK, stroke_width=1.5),
    ])


def _pict_surveyor() -> str:
    """A level on its tripod sighting a graduated staff."""
    bands = "".join(_el("rect", x=70, y=float(54 + 8 * i), width=9, height=4, fill=CITY_RED) for i in range(6))
    return "".join([
        _el("path", d="M52 63H70", stroke=CANAL, stroke_width=1.6, stroke_dasharray="3 2"),
        _el("path", d="M38 68L26 102M38 68L38 103M38 68L50 102", stroke=WOOD_DARK, stroke_width=4.5,
            stroke_linecap="round"),
        _el("path", d="M38 68L26 102M38 68L38 103M38 68L50 102", stroke=WOOD, stroke_width=2.5, stroke_linecap="round"),
        _el("rect", x=24, y=58, width=29, height=9, rx=2.5, fill=BRASS, stroke=INK, stroke_width=1.5),
        _el("rect", x=20, y=59.5, width=5, height=6, rx=1, fill=INK),
        _el("rect", x=33, y=54, width=10, height=4, rx=1.5, fill="#DFF1E0", stroke=INK, stroke_width=1.2),
        _el("rect", x=70, y=52, width=9, height=50, fill="#FFFFFF", stroke="none"),
        bands,
        _el("rect", x=70, y=52, width=9, height=50, fill="none", stroke=INK, stroke_width=1.5),
    ])


def _pict_stonecutter() -> str:
    """A dressed stone block and a chisel."""
    return "".join([
        _el("polygon", points=_pts(22, 76, 32, 68, 70, 68, 60, 76), fill="#E6D7B3", stroke=INK, stroke_width=1.5,
            stroke_linejoin="round"),
        _el("polygon", points=_pts(60, 76, 70, 68, 70, 94, 60, 102), fill=STONE_DARK, stroke=INK, stroke_width=1.5,
            stroke_linejoin="round"),
        _el("rect", x=22, y=76, width=38, height=26, fill=STONE, stroke=INK, stroke_width=1.5),
        _el("path", d="M27 82l4 3M35 86l4 3M28 93l4 3M44 81l4 3M47 92l4 3", stroke=STONE_DARK, stroke_width=1.5,
            stroke_linecap="round"),
        _el("path", d="M56 66L67 56", stroke=INK, stroke_width=6, stroke_linecap="round"),
        _el("path", d="M56 66L67 56", stroke=STEEL, stroke_width=3.5, stroke_linecap="round"),
        _el("path", d="M67 56L80 44", stroke=INK, stroke_width=9, stroke_linecap="round"),
        _el("path", d="M67 56L80 44", stroke=WOOD, stroke_width=6, stroke_linecap="round"),
        _el("path", d="M48 62l-4-4M52 58l-2-6M45 67l-6-1", stroke=INK_SOFT, stroke_width=1.6, stroke_linecap="round"),
    ])


def _pict_carrier() -> str:
    """A wicker basket of earth, with its shoulder straps."""
    weave = "".join(
        f"M{_n(31 + 2.2 * k)} {_n(y)}H{_n(69 - 2.2 * k)}" for k, y in enumerate((80, 87, 94)))
    return "".join([
        _el("path", d="M32 75C18 72 18 94 36 95M68 75C82 72 82 94 64 95", fill="none", stroke=WOOD_DARK, stroke_width=3,
            stroke_linecap="round"),
        _el("path", d="M31 71Q40 52 50 58Q60 50 69 71Z", fill=EARTH, stroke=INK, stroke_width=1.5,
            stroke_linejoin="round"),
        _el("circle", cx=44, cy=63, r=2.2, fill=STONE_DARK),
        _el("circle", cx=57, cy=62, r=1.8, fill=STONE_DARK),
        _el("polygon", points=_pts(29, 73, 71, 73, 64, 103, 36, 103), fill="#CFA264", stroke=INK, stroke_width=1.5,
            stroke_linejoin="round"),
        _el("path", d=weave + "M41 74L43 103M50 74V103M59 74L57 103", stroke=WOOD_DARK, stroke_width=1.4),
        _el("rect", x=26, y=69, width=48, height=6, rx=3, fill=WOOD, stroke=INK, stroke_width=1.5),
    ])


def _pict_digger() -> str:
    """A pickaxe over a mound of earth."""
    head = "M43 50Q72 42 82 76Q68 56 43 50Z"
    return "".join([
        _el("path", d="M14 104Q34 86 56 94T86 104Z", fill=EARTH, stroke=INK, stroke_width=1.5, stroke_linejoin="round"),
        _el("path", d="M34 101L64 60", stroke=INK, stroke_width=8, stroke_linecap="round"),
        _el("path", d="M34 101L64 60", stroke=WOOD, stroke_width=5, stroke_linecap="round"),
        _el("path", d=head, fill=STEEL, stroke=INK, stroke_width=2, stroke_linejoin="round"),
        _el("rect", x=59, y=54, width=10, height=9, rx=2, fill="#8E9AA3", stroke=INK, stroke_width=1.5,
            transform="rotate(36 64 58.5)"),
    ])


def _pict_carpenter() -> str:
    """A hand saw cutting into an oak beam."""
    teeth = "".join(f"L{_n(x + 2)} {_n(84)}L{_n(x + 4)} {_n(80)}" for x in range(20, 64, 4))
    return "".join([
        _el("polygon", points=_pts(14, 86, 76, 86, 84, 80, 22, 80), fill="#C98F55", stroke=INK, stroke_width=1.5,
            stroke_linejoin="round"),
        _el("rect", x=14, y=86, width=62, height=14, fill=WOOD, stroke=INK, stroke_width=1.5),
        _el("polygon", points=_pts(76, 86, 84, 80, 84, 94, 76, 100), fill=WOOD_DARK, stroke=INK, stroke_width=1.5,
            stroke_linejoin="round"),
        _el("path", d="M18 91H46M30 96H70M52 90H72", stroke=WOOD_DARK, stroke_width=1.2),
        _el("path", d=f"M20 80L20 72L66 60L66 80{teeth}Z", fill=STEEL, stroke=INK, stroke_width=1.5,
            stroke_linejoin="round"),
        _el("path", d="M64 58H82Q88 58 88 66V76Q88 84 80 84H64Z", fill=WOOD, stroke=INK, stroke_width=1.5,
            stroke_linejoin="round"),
        _el("rect", x=70, y=64, width=11, height=12, rx=4, fill="#EADFC2", stroke=INK, stroke_width=1.3),
    ])


def _star(cx: float, cy: float, r_out: float, r_in: float, n: int) -> str:
    pts: list[float] = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi * i / n - math.pi / 2
        pts += [cx + r * math.cos(a), cy + r * math.sin(a)]
    return _pts(*pts)


def _pict_blaster() -> str:
    """A black-powder charge, its fuse lit."""
    return "".join([
        _el("path", d="M20 104L26 96L34 100L44 93L58 98L70 92L82 104Z", fill=STONE_DARK, stroke=INK, stroke_width=1.5,
            stroke_linejoin="round"),
        _el("circle", cx=44, cy=80, r=16, fill="#3B3A38", stroke=INK, stroke_width=2),
        _el("ellipse", cx=38, cy=74, rx=5, ry=3.5, fill="#FFFFFF", opacity=.35, transform="rotate(-35 38 74)"),
        _el("rect", x=51, y=61, width=9, height=8, rx=1.5, fill="#6B6A66", stroke=INK, stroke_width=1.5,
            transform="rotate(40 55.5 65)"),
        _el("path", d="M58 61Q62 52 68 56", fill="none", stroke=WOOD_DARK, stroke_width=2.2, stroke_linecap="round"),
        _el("polygon", points=_star(70, 54, 11, 4.5, 8), fill="#F6C02B", stroke="#D55E00", stroke_width=1.5,
            stroke_linejoin="round"),
        _el("circle", cx=70, cy=54, r=3, fill="#FFF7C2"),
    ])


_PICTOGRAMS = {0: _pict_engineer, 1: _pict_surveyor, 2: _pict_stonecutter, 3: _pict_carrier,
               4: _pict_digger, 5: _pict_carpenter, 6: _pict_blaster}


# ---------------------------------------------------------------------------- worker card
_CARD_W, _CARD_H, _CARD_M = 100, 140, 6  # card drawing box and margin (room for the selection outline)


def _worker_back(colour: str) -> list[str]:
    """The back of a worker card: the holder's colour border, a lattice on canal blue and a
    medallion with a humpback bridge. Depends on the colour only."""
    lattice = dict(stroke=WATER_LIGHT, stroke_width=.8, opacity=.35)
    waves = "".join(f"M{x} {y}q3-2.5 6 0t6 0" for x, y in ((32, 84), (54, 84), (41, 91)))
    return [
        _el("rect", x=0, y=0, width=100, height=140, rx=9, fill=colour, stroke=INK, stroke_width=1.6),
        _el("rect", x=6, y=6, width=88, height=128, rx=5, fill=CANAL, stroke=INK, stroke_width=1),
        _hatch(11, 11, 89, 129, 10, flip=False, **lattice),
        _hatch(11, 11, 89, 129, 10, flip=True, **lattice),
        _el("rect", x=11, y=11, width=78, height=118, rx=3, fill="none", stroke=PARCHMENT, stroke_width=1.4),
        # the medallion: a humpback bridge over the canal, under the sun
        _el("circle", cx=50, cy=70, r=33, fill=CANAL, stroke=colour, stroke_width=5),
        _el("circle", cx=50, cy=70, r=35.5, fill="none", stroke=INK, stroke_width=1),
        _el("circle", cx=50, cy=70, r=29, fill=PARCHMENT, stroke=INK, stroke_width=1.2),
        _el("circle", cx=62, cy=55, r=4.5, fill=GOLD, stroke=GOLD_DARK, stroke_width=1),
        _el("path", d="M21.07 74A29 29 0 0 0 78.93 74Z", fill=WATER),
        _el("path", d="M40 74A10 9 0 0 0 60 74", fill="none", stroke=WATER_LIGHT, stroke_width=1.5,
            stroke_dasharray="3 2"),
        _el("path", d="M22 74Q50 48 78 74H60A10 10 0 0 0 40 74Z", fill=STONE, stroke=INK, stroke_width=1.3,
            stroke_linejoin="round"),
        _el("path", d="M27 70Q50 50 73 70", fill="none", stroke=STONE_DARK, stroke_width=1.2),
        _el("path", d=waves, fill="none", stroke=WATER_LIGHT, stroke_width=1.4, stroke_linecap="round"),
        _el("circle", cx=50, cy=70, r=29, fill="none", stroke=INK, stroke_width=1.2),
        _el("polygon", points=_pts(50, 16, 55, 22, 50, 28, 45, 22), fill=PARCHMENT, stroke=INK, stroke_width=.8),
        _el("polygon", points=_pts(50, 112, 55, 118, 50, 124, 45, 118), fill=PARCHMENT, stroke=INK, stroke_width=.8),
    ]


def _value_pips(value: int, colour: str) -> str:
    """Worker points as dots beside the numeral (rows of three), a second cue for the value."""
    out = []
    for i in range(max(0, min(value, 9))):
        row, col = divmod(i, 3)
        out.append(_el("circle", cx=float(50 + 11 * col), cy=float(20 + 11 * row), r=4.2, fill=colour, stroke=INK,
                       stroke_width=1.3))
    return "".join(out)


def worker_card(value: int, label: str, *, colour: str = "#555", state: CardState = "face",
                selected: bool = False, width: int = 96, back_label: str = "") -> str:
    """A worker card, face or back.

    Face: the value as a big numeral with as many dots, a pictogram of the trade (0 dividers,
    1 level and staff, 2 stone and chisel, 3 basket, 4 pickaxe, 5 saw and beam, 6 charge),
    the role ``label`` (already translated) and a border in the holder's ``colour``.

    Back: the holder's colour border around a canal and humpback bridge. The markup of a back
    depends on ``colour``, ``selected``, ``width`` and ``back_label`` only: neither ``value`` nor
    ``label`` appear anywhere in it, so a hidden card can be sent to any browser.

    Args:
        value: the worker points (0-6; other values get no pictogram).
        label: the role's name, e.g. ``"Terrassier"``.
        colour: the holder's colour (border of face and back).
        state: ``"face"`` or ``"back"``.
        selected: draw a thick yellow outline and a check mark.
        width: width in pixels; the height is about 1.36 times it.
        back_label: the accessible name of a back (e.g. a translated "face-down card").

    Returns:
        An ``<svg>`` element, ``role="img"``; its ``aria-label`` is ``"label (value)"`` on a face.
    """
    m = _CARD_M
    vb = (-m, -m, _CARD_W + 2 * m, _CARD_H + 2 * m)
    height = round(width * vb[3] / vb[2])
    if state == "back":
        body = _worker_back(colour)
        aria = back_label
    elif state == "face":
        aria = f"{label} ({value})"
        lines, size = _wrap(label, 82, 27, 14, 9)
        pict = _PICTOGRAMS.get(value)
        body = [
            _el("rect", x=0, y=0, width=100, height=140, rx=9, fill=colour, stroke=INK, stroke_width=1.6),
            _el("rect", x=6, y=6, width=88, height=128, rx=5, fill=PARCHMENT, stroke=INK, stroke_width=1),
            _el("rect", x=12, y=50, width=76, height=52, rx=4, fill=PARCHMENT_DARK, stroke=PARCHMENT_LINE,
                stroke_width=1),
            _g(pict(), transform="translate(50 76) scale(.9) translate(-50 -77)") if pict else "",
            _text(25, 45, str(value), 48, weight=800, stroke=PARCHMENT, stroke_width=3, paint_order="stroke"),
            _value_pips(value, colour),
            _text_block(lines, 50, 118.5, size, max_width=84),
        ]
    else:
        raise ValueError(f"unknown card state {state!r}: expected 'face' or 'back'")
    if selected:
        body += [_halo(-2.6, -2.6, 105.2, 145.2, 11, 4.2), _check(91, 9, 10)]
    return _svg(body, viewbox=vb, width=width, height=height, label=aria)


# ---------------------------------------------------------------------------- site drawings
# Each draws in local coordinates 0..126 x 0..70 (the picture window of a site card).
def _waves(points: Sequence[tuple[float, float]], colour: str = WATER_LIGHT, w: float = 1.5) -> str:
    d = "".join(f"M{_n(x)} {_n(y)}q3-2.5 6 0t6 0" for x, y in points)
    return _el("path", d=d, fill="none", stroke=colour, stroke_width=w, stroke_linecap="round")


def _tree(x: float, y: float, r: float = 7) -> str:
    return (_el("rect", x=float(x - 1.2), y=float(y), width=2.4, height=float(r * 1.2), fill=WOOD_DARK)
            + _el("circle", cx=float(x), cy=float(y - r * .35), r=float(r), fill=GRASS_DARK, stroke=INK,
                  stroke_width=1))


def _barge(x: float, y: float, s: float = 1.0) -> str:
    """A canal barge (hull, cabin, mast) with its waterline at y."""
    def p(*xy: float) -> str:
        return _pts(*[x + v * s if i % 2 == 0 else y + v * s for i, v in enumerate(xy)])
    return "".join([
        _el("polygon", points=p(8, -14, 12, -14, 12, -6, 8, -6), fill=PARCHMENT, stroke=INK, stroke_width=1),
        _el("path", d=f"M{_n(x + 30 * s)} {_n(y - 4 * s)}V{_n(y - 26 * s)}", stroke=WOOD_DARK, stroke_width=1.6),
        _el("polygon", points=p(30, -24, 42, -9, 30, -9), fill=PARCHMENT, stroke=INK, stroke_width=1),
        _el("polygon", points=p(0, -6, 46, -6, 40, 2, 5, 2), fill=WOOD_DARK, stroke=INK, stroke_width=1.2,
            stroke_linejoin="round"),
        _el("path", d=f"M{_n(x + 2 * s)} {_n(y - 3 * s)}H{_n(x + 44 * s)}", stroke=WOOD, stroke_width=1.2),
    ])


def _site_port_quay() -> str:
    """I — a port basin: warehouse quay, moored barge."""
    blocks = "".join(f"M{x} 30V38" for x in range(8, 126, 12))
    return "".join([
        _el("path", d="M0 30H126V70H0Z", fill=WATER),
        _el("rect", x=0, y=26, width=126, height=12, fill=STONE, stroke=INK, stroke_width=1.2),
        _el("path", d="M0 32H126" + blocks, stroke=STONE_DARK, stroke_width=1),
        _el("rect", x=12, y=8, width=34, height=18, fill="#E9D9B4", stroke=INK, stroke_width=1.2),
        _el("polygon", points=_pts(9, 9, 29, 0, 49, 9), fill=CITY_RED, stroke=INK, stroke_width=1.2,
            stroke_linejoin="round"),
        _el("rect", x=25, y=14, width=8, height=12, fill=WOOD_DARK),
        _el("rect", x=84, y=14, width=18, height=12, fill="#E9D9B4", stroke=INK, stroke_width=1.2),
        _el("polygon", points=_pts(82, 15, 93, 7, 104, 15), fill=CITY_RED, stroke=INK, stroke_width=1.2,
            stroke_linejoin="round"),
        _el("rect", x=60, y=20, width=5, height=6, rx=1.5, fill=INK),
        _barge(58, 52, 1.15),
        _waves([(8, 46), (20, 60), (104, 48), (100, 62), (12, 66)]),
    ])


def _site_summit() -> str:
    """II — the summit level at Naurouze: the basin, Riquet's obelisk, water parting both ways."""
    return "".join([
        _el("path", d="M0 34Q30 18 63 24T126 30V70H0Z", fill=GRASS, stroke=INK, stroke_width=1),
        _el("path", d="M0 58Q20 50 38 52L50 46M126 58Q106 50 88 52L76 46", fill="none", stroke=WATER, stroke_width=4,
            stroke_linecap="round"),
        _el("polygon", points=_pts(44, 36, 52, 32, 74, 32, 82, 36, 82, 42, 74, 47, 52, 47, 44, 42), fill=WATER,
            stroke=INK, stroke_width=1.5, stroke_linejoin="round"),
        _waves([(54, 38), (64, 42)]),
        _el("path", d="M8 64l6-4M118 64l-6-4", stroke=WATER_LIGHT, stroke_width=1.5, stroke_linecap="round"),
        _el("polygon", points=_pts(96, 30, 99, 6, 101, 3, 103, 6, 106, 30), fill=STONE, stroke=INK, stroke_width=1.2,
            stroke_linejoin="round"),
        _el("rect", x=92, y=29, width=18, height=5, fill=STONE_DARK, stroke=INK, stroke_width=1.2),
        _tree(20, 24, 6), _tree(32, 22, 6.5),
    ])


def _site_port_town() -> str:
    """III — the great basin of Castelnaudary below its town and church tower."""
    houses = "".join(_el("rect", x=float(x), y=float(y), width=float(w), height=float(40 - y), fill=f, stroke=INK,
                         stroke_width=1)
                     for x, y, w, f in ((8, 22, 14, PARCHMENT), (22, 18, 12, "#E9D9B4"), (34, 20, 14, PARCHMENT),
                                        (70, 22, 14, "#E9D9B4"), (84, 19, 12, PARCHMENT), (96, 23, 16, "#E9D9B4")))
    roofs = "".join(_el("polygon", points=_pts(x - 1, y, x + w / 2, y - 6, x + w + 1, y), fill=CITY_RED, stroke=INK,
                        stroke_width=1, stroke_linejoin="round")
                    for x, y, w in ((8, 22, 14), (22, 18, 12), (34, 20, 14), (70, 22, 14), (84, 19, 12), (96, 23, 16)))
    return "".join([
        _el("path", d="M0 30Q63 8 126 30V40H0Z", fill=GRASS),
        houses, roofs,
        _el("rect", x=52, y=6, width=12, height=34, fill=STONE, stroke=INK, stroke_width=1.2),
        _el("polygon", points=_pts(51, 6, 58, -4, 65, 6), fill=STONE_DARK, stroke=INK, stroke_width=1.2,
            stroke_linejoin="round"),
        _el("rect", x=56, y=14, width=4, height=7, rx=2, fill=INK),
        _el("rect", x=0, y=38, width=126, height=5, fill=STONE, stroke=INK, stroke_width=1),
        _el("rect", x=0, y=43, width=126, height=27, fill=WATER),
        _el("ellipse", cx=34, cy=56, rx=17, ry=5, fill=GRASS, stroke=INK, stroke_width=1),
        _tree(34, 50, 5),
        _barge(70, 60, .8),
        _waves([(8, 48), (100, 50), (110, 64), (56, 48)]),
    ])


def _site_spillway() -> str:
    """IV — a spillway: the canal spilling through the arches of its wall."""
    arches = "".join(f"M{x} 44V36A6 6 0 0 1 {x + 12} 36V44Z" for x in (14, 40, 66, 92))
    falls = "".join(f"M{x + 3} 44V62M{x + 6} 44V64M{x + 9} 44V62" for x in (14, 40, 66, 92))
    return "".join([
        _el("rect", x=0, y=0, width=126, height=22, fill=WATER),
        _waves([(12, 10), (46, 14), (84, 8), (104, 16)]),
        _el("rect", x=0, y=22, width=126, height=24, fill=STONE, stroke=INK, stroke_width=1.2),
        _el("path", d="M0 28H126", stroke=STONE_DARK, stroke_width=1),
        _el("path", d=arches, fill=CANAL_DARK, stroke=INK, stroke_width=1.2),
        _el("rect", x=0, y=46, width=126, height=24, fill=WATER_LIGHT),
        _el("path", d=falls, stroke="#FFFFFF", stroke_width=1.8, stroke_linecap="round"),
        _el("path", d="M12 64q6-4 12 0t12 0M38 66q6-4 12 0t12 0M64 64q6-4 12 0t12 0M90 66q6-4 12 0t12 0", fill="none",
            stroke="#FFFFFF", stroke_width=1.4),
    ])


def _site_aqueduct() -> str:
    """V — the aqueduct: the canal carried on stone arches over a river."""
    arches = "".join(f"M{x} 62V46A12 12 0 0 1 {x + 24} 46V62Z" for x in (14, 51, 88))
    return "".join([
        _el("path", d="M0 40Q20 30 40 38T90 34T126 38V70H0Z", fill=GRASS),
        _el("path", d="M0 60Q63 54 126 60V70H0Z", fill=WATER),
        _waves([(24, 64), (62, 63), (98, 65)], "#FFFFFF", 1.2),
        _el("rect", x=4, y=26, width=118, height=12, fill=STONE, stroke=INK, stroke_width=1.2),
        _el("rect", x=4, y=22, width=118, height=5, fill=WATER, stroke=INK, stroke_width=1),
        _el("rect", x=4, y=38, width=118, height=24, fill=STONE, stroke=INK, stroke_width=1.2),
        _el("path", d=arches, fill=WATER_LIGHT, stroke=INK, stroke_width=1.2),
        _el("path", d="M4 44H14M38 44H51M75 44H88M112 44H122M26 38V34M63 38V34M100 38V34", stroke=STONE_DARK,
            stroke_width=1),
        _barge(40, 24, .5),
    ])


def _site_bridge() -> str:
    """VI — Le Somail: a humpback bridge, its reflection closing the circle; the chapel beside."""
    return "".join([
        _el("path", d="M0 36H126V70H0Z", fill=WATER),
        _el("path", d="M38 44A17 15 0 0 0 72 44", fill="none", stroke=WATER_LIGHT, stroke_width=2,
            stroke_dasharray="4 3"),
        _el("path", d="M0 30Q55 0 110 30V44H72A17 17 0 0 0 38 44H0Z", fill=STONE, stroke=INK, stroke_width=1.4,
            stroke_linejoin="round"),
        _el("path", d="M0 26Q55 -4 110 26", fill="none", stroke=STONE_DARK, stroke_width=2),
        _el("path", d="M38 44A17 17 0 0 1 72 44", fill="none", stroke=STONE_DARK, stroke_width=3),
        _el("rect", x=106, y=12, width=18, height=24, fill=PARCHMENT, stroke=INK, stroke_width=1.2),
        _el("polygon", points=_pts(104, 13, 115, 3, 126, 13), fill=CITY_RED, stroke=INK, stroke_width=1.2,
            stroke_linejoin="round"),
        _el("path", d="M115 3V-2M113 0H117", stroke=INK, stroke_width=1.2),
        _el("rect", x=112, y=24, width=6, height=12, rx=3, fill=WOOD_DARK),
        _waves([(10, 54), (86, 50), (96, 62), (20, 64)]),
    ])


def _site_tunnel() -> str:
    """VII — Malpas: the canal entering the tunnel mouth under the hill."""
    return "".join([
        _el("path", d="M0 22Q40 2 80 12T126 16V70H0Z", fill=GRASS, stroke=INK, stroke_width=1),
        _tree(18, 14, 5.5), _tree(100, 10, 6), _tree(112, 13, 5),
        _el("path", d="M30 52V36A20 20 0 0 1 96 36V52", fill=STONE, stroke=INK, stroke_width=1.2),
        _el("path", d="M40 52V38A23 20 0 0 1 86 38V52Z", fill=INK),
        _el("path", d="M40 38A23 20 0 0 1 86 38", fill="none", stroke=STONE_DARK, stroke_width=2.5,
            stroke_dasharray="4 2"),
        _el("polygon", points=_pts(40, 52, 86, 52, 120, 70, 6, 70), fill=WATER, stroke=INK, stroke_width=1),
        _el("path", d="M30 52L6 70M96 52L120 70", stroke=STONE_DARK, stroke_width=3),
        _waves([(48, 60), (66, 64), (36, 66)]),
    ])


def _site_staircase() -> str:
    """VIII — Fonseranes: a staircase of lock chambers stepping down the hill, gates between."""
    out = [_el("path", d="M0 30Q63 14 126 40V70H0Z", fill=GRASS)]
    n = 5
    for i in range(n):
        x, top = 4 + i * 24, 10 + i * 10
        out.append(_el("rect", x=float(x), y=float(top), width=24, height=float(70 - top), fill=STONE, stroke=INK,
                       stroke_width=1.2))
        out.append(_el("rect", x=float(x + 2), y=float(top + 3), width=20, height=7, fill=WATER, stroke=INK,
                       stroke_width=.8))
        if i:
            out.append(_el("path", d=f"M{x - 1} {top + 1}L{x + 3} {top + 6.5}L{x - 1} {top + 12}", fill="none",
                           stroke=INK, stroke_width=2.2, stroke_linejoin="round"))
    out.append(_el("path", d="M0 66H126", stroke=STONE_DARK, stroke_width=1))
    return "".join(out)


def _site_round_lock() -> str:
    """IX — Agde: the round lock from above, three channels leaving it."""
    return "".join([
        _el("rect", x=0, y=0, width=126, height=70, fill=GRASS),
        _el("rect", x=0, y=30, width=126, height=14, fill=STONE, stroke=INK, stroke_width=1),
        _el("rect", x=0, y=33, width=126, height=8, fill=WATER),
        _el("rect", x=55, y=40, width=16, height=30, fill=STONE, stroke=INK, stroke_width=1),
        _el("rect", x=58, y=40, width=10, height=30, fill=WATER),
        _el("ellipse", cx=63, cy=37, rx=30, ry=24, fill=STONE, stroke=INK, stroke_width=1.4),
        _el("ellipse", cx=63, cy=37, rx=24, ry=19, fill=WATER, stroke=INK, stroke_width=1.2),
        _el("path", d="M39 33V41M87 33V41M58 56H68", stroke=INK, stroke_width=2.5),
        _waves([(52, 32), (62, 40), (10, 37), (104, 37)]),
    ])


def _site_generic() -> str:
    return "".join([_el("rect", x=0, y=30, width=126, height=40, fill=WATER), _waves([(20, 44), (60, 52), (96, 46)])])


_SITE_DRAWINGS = {"I": _site_port_quay, "II": _site_summit, "III": _site_port_town, "IV": _site_spillway,
                  "V": _site_aqueduct, "VI": _site_bridge, "VII": _site_tunnel, "VIII": _site_staircase,
                  "IX": _site_round_lock}


# ---------------------------------------------------------------------------- site card pieces
_SITE_W, _SITE_H, _SITE_M = 150, 210, 8
_PIC = (12.0, 82.0, 126.0, 70.0)  # picture window: x, y, width, height


def _small_pick(x: float, y: float) -> str:
    """A small pickaxe icon (worker points needed) in a 24-unit box at (x, y)."""
    return _g([
        _el("path", d="M5 22L17 6", stroke=INK, stroke_width=4.5, stroke_linecap="round"),
        _el("path", d="M5 22L17 6", stroke=WOOD, stroke_width=2.4, stroke_linecap="round"),
        _el("path", d="M6 4Q20 -1 24 16Q18 6 6 4Z", fill=STEEL, stroke=INK, stroke_width=1.4, stroke_linejoin="round"),
    ], transform=f"translate({_n(x)} {_n(y)})")


def _city_marker(cx: float, cy: float, r: float) -> str:
    """A red disc with a white crenellated tower: a city (shape cue: the tower)."""
    s = r / 12
    tower = (f"M{_n(cx - 6 * s)} {_n(cy + 7 * s)}V{_n(cy - 6 * s)}h{_n(3 * s)}v{_n(3 * s)}h{_n(1.5 * s)}v{_n(-3 * s)}"
             f"h{_n(3 * s)}v{_n(3 * s)}h{_n(1.5 * s)}v{_n(-3 * s)}h{_n(3 * s)}V{_n(cy + 7 * s)}Z")
    return (_el("circle", cx=float(cx), cy=float(cy), r=float(r), fill=CITY_RED, stroke=INK, stroke_width=1.6)
            + _el("path", d=tower, fill="#FFFFFF", stroke=INK, stroke_width=.8)
            + _el("rect", x=float(cx - 1.6 * s), y=float(cy + 1.5 * s), width=float(3.2 * s), height=float(5.5 * s),
                  rx=float(1.6 * s), fill=INK))


def _tent_marker(cx: float, cy: float, r: float) -> str:
    """A workers' tent: canvas triangle with its door and pennant."""
    s = r / 12
    return "".join([
        _el("path", d=f"M{_n(cx)} {_n(cy - 11 * s)}V{_n(cy - 16 * s)}l{_n(6 * s)} {_n(2 * s)}l{_n(-6 * s)} {_n(2 * s)}",
            fill=CITY_RED, stroke=INK, stroke_width=1),
        _el("polygon", points=_pts(cx, cy - 11 * s, cx + 13 * s, cy + 9 * s, cx - 13 * s, cy + 9 * s), fill="#EFE3C2",
            stroke=INK, stroke_width=1.6, stroke_linejoin="round"),
        _el("polygon", points=_pts(cx, cy - 2 * s, cx + 4.5 * s, cy + 9 * s, cx - 4.5 * s, cy + 9 * s), fill=INK),
    ])


def _points_rosette(cx: float, cy: float, r: float, value: int) -> str:
    """The site's value in points: a gold rosette with the number."""
    text = str(value)
    size = min(21.0, 22 / _text_em(text))
    return (_el("polygon", points=_star(cx, cy, r, r * .84, 14), fill=GOLD, stroke=GOLD_DARK, stroke_width=1.4,
                stroke_linejoin="round")
            + _el("circle", cx=float(cx), cy=float(cy), r=float(r * .68), fill=PARCHMENT, stroke=GOLD_DARK,
                  stroke_width=1.2)
            + _text(cx, cy + size * .36, text, size, weight=800))


def _hourglass(cx: float, cy: float, r: float) -> str:
    s = r / 14
    def p(*xy: float) -> str:
        return _pts(*[cx + v * s if i % 2 == 0 else cy + v * s for i, v in enumerate(xy)])
    return "".join([
        _el("circle", cx=float(cx), cy=float(cy), r=float(r), fill=PARCHMENT, stroke=INK, stroke_width=2),
        _el("polygon", points=p(-6, -8, 6, -8, 0, 0, 6, 8, -6, 8, 0, 0), fill="#FFFFFF", stroke=INK, stroke_width=1.4,
            stroke_linejoin="round"),
        _el("polygon", points=p(-3.5, -5, 3.5, -5, 0, -1), fill=EARTH),
        _el("polygon", points=p(0, 3, 5, 8, -5, 8), fill=EARTH),
        _el("path", d=f"M{_n(cx - 8 * s)} {_n(cy - 9 * s)}h{_n(16 * s)}M{_n(cx - 8 * s)} {_n(cy + 9 * s)}h{_n(16 * s)}",
            stroke=INK, stroke_width=2.4, stroke_linecap="round"),
    ])


def _flag(cx: float, cy: float, r: float) -> str:
    """'In play now': a work-site flag in a yellow disc."""
    s = r / 14
    return (_el("circle", cx=float(cx), cy=float(cy), r=float(r), fill=HIGHLIGHT, stroke=INK, stroke_width=2)
            + _el("path", d=f"M{_n(cx - 5 * s)} {_n(cy + 9 * s)}V{_n(cy - 9 * s)}", stroke=INK, stroke_width=2.2,
                  stroke_linecap="round")
            + _el("polygon", points=_pts(cx - 4 * s, cy - 9 * s, cx + 8 * s, cy - 5 * s, cx - 4 * s, cy - 1 * s),
                  fill=CITY_RED, stroke=INK, stroke_width=1.2, stroke_linejoin="round"))


def _site_back() -> list[str]:
    """The back of every site card: a canal winding through the country, lock gates at its heart."""
    return [
        _el("rect", x=0, y=0, width=150, height=210, rx=10, fill=CANAL, stroke=INK, stroke_width=2),
        _hatch(12, 12, 138, 198, 12, stroke=WATER_LIGHT, stroke_width=.8, opacity=.3),
        _hatch(12, 12, 138, 198, 12, flip=True, stroke=WATER_LIGHT, stroke_width=.8, opacity=.3),
        _el("rect", x=7, y=7, width=136, height=196, rx=6, fill="none", stroke=PARCHMENT, stroke_width=1.6),
        _el("rect", x=12, y=12, width=126, height=186, rx=4, fill="none", stroke=PARCHMENT, stroke_width=.8,
            opacity=.6),
        _el("path", d="M20 190C40 150 110 160 110 125S40 85 40 60S95 30 130 22", fill="none", stroke=WATER_LIGHT,
            stroke_width=9, stroke_linecap="round", opacity=.8),
        _el("path", d="M20 190C40 150 110 160 110 125S40 85 40 60S95 30 130 22", fill="none", stroke=PARCHMENT,
            stroke_width=1.2, stroke_dasharray="2 5", stroke_linecap="round"),
        _el("circle", cx=75, cy=105, r=30, fill=PARCHMENT, stroke=INK, stroke_width=1.6),
        _el("circle", cx=75, cy=105, r=25, fill=WATER, stroke=INK, stroke_width=1),
        _el("rect", x=63, y=83, width=24, height=44, fill=STONE, stroke=INK, stroke_width=1),
        _el("rect", x=67.5, y=83, width=15, height=44, fill=WATER_LIGHT, stroke=INK, stroke_width=.8),
        _el("path", d="M67.5 91L75 97L82.5 91M67.5 113L75 119L82.5 113", fill="none", stroke=WOOD_DARK,
            stroke_width=2.6, stroke_linejoin="round"),
        _el("path", d="M70 103q2.5-2 5 0t5 0", fill="none", stroke=WATER, stroke_width=1.3, stroke_linecap="round"),
        _el("polygon", points=_pts(75, 16, 80, 21, 75, 26, 70, 21), fill=PARCHMENT),
        _el("polygon", points=_pts(75, 184, 80, 189, 75, 194, 70, 189), fill=PARCHMENT),
    ]


def site_card(numeral: str, name: str, *, threshold: int | None, value: int, city: bool, tent: bool,
              status: SiteStatus, pawns: Sequence[tuple[str, str]] = (), width: int = 150,
              aria_label: str | None = None, back_label: str = "") -> str:
    """A work-site card.

    Shows the ``numeral`` (I..IX) in a canal-blue cartouche, the ``name`` (already
    translated), a picture of the work (I port quay, II summit basin and obelisk, III great
    basin and town, IV spillway, V aqueduct, VI humpback bridge, VII tunnel mouth, VIII
    staircase locks, IX round lock), the ``threshold`` of worker points to reach (a pickaxe
    and the number, omitted when ``None``), the ``value`` in points (a gold rosette), a red
    disc with a tower for a ``city`` and a tent for a ``tent``, and the ``pawns`` on it.

    Status: ``"in_play"`` a thick yellow outline and a flag; ``"built"`` a solid dark frame
    and a check seal; ``"delayed"`` a dashed frame, a hatched picture and an hourglass;
    ``"hidden"`` the generic back only — the markup of a hidden card is the same whatever the
    site (only ``width`` and ``back_label`` change it).

    Args:
        pawns: ``(colour, shape)`` of each pawn on the site, in order.
        width: width in pixels; the height is about 1.36 times it.
        aria_label: the accessible name of a face (default: numeral and name); pass a
            translated sentence to also speak the threshold, value and status.
        back_label: the accessible name of a hidden card.

    Raises:
        ValueError: for an unknown status or pawn shape.
    """
    m = _SITE_M
    vb = (-m, -m, _SITE_W + 2 * m, _SITE_H + 2 * m)
    height = round(width * vb[3] / vb[2])
    if status == "hidden":
        return _svg(_site_back(), viewbox=vb, width=width, height=height, label=back_label)
    if status not in ("in_play", "built", "delayed"):
        raise ValueError(f"unknown site status {status!r}")
    px, py, pw, ph = _PIC
    body: list[str] = [
        _el("rect", x=0, y=0, width=150, height=210, rx=10, fill=PARCHMENT, stroke=INK,
            stroke_width=5 if status == "built" else 2, stroke_dasharray="10 6" if status == "delayed" else None),
        _el("rect", x=7, y=7, width=136, height=196, rx=6, fill="none", stroke=PARCHMENT_LINE, stroke_width=1.2),
    ]
    # header: numeral cartouche and status mark
    num_size = 22.0 if _text_em(numeral) * 22 <= 62 else 62 / _text_em(numeral)
    cart_w = max(36.0, _text_em(numeral) * num_size + 16)
    body += [
        _el("rect", x=12, y=12, width=cart_w, height=30, rx=6, fill=CANAL, stroke=INK, stroke_width=1.4),
        _text(12 + cart_w / 2, 12 + 15 + num_size * .36, numeral, num_size, fill=PARCHMENT, weight=800),
    ]
    if status == "built":
        body.append(_check(122, 27, 15, fill=CANAL, rim=INK))
    elif status == "delayed":
        body.append(_hourglass(122, 27, 15))
    else:
        body.append(_flag(122, 27, 15))
    # name
    lines, size = _wrap(name, 126, 34, 17, 10)
    body.append(_text_block(lines, 75, 62, size, max_width=126))
    # picture
    drawing = _SITE_DRAWINGS.get(numeral, _site_generic)()
    body += [
        _el("rect", x=px, y=py, width=pw, height=ph, fill=SKY),
        _g(drawing, transform=f"translate({_n(px)} {_n(py)})"),
    ]
    if status == "delayed":
        body += [_el("rect", x=px, y=py, width=pw, height=ph, fill=PARCHMENT, opacity=.35),
                 _hatch(px, py, px + pw, py + ph, 9, stroke=INK, stroke_width=2.2, opacity=.55)]
    body.append(_el("rect", x=px, y=py, width=pw, height=ph, rx=2, fill="none", stroke=INK, stroke_width=1.6))
    # pawns, sitting on the bottom edge of the picture
    if pawns:
        step = 27.0 if len(pawns) <= 4 else 108 / len(pawns)
        x0 = 75 - step * (len(pawns) - 1) / 2
        r = min(10.5, step * .42)
        body += [_shape(shape, colour, x0 + i * step, py + ph - 2 + (1 if shape == "triangle" else 0), r)
                 for i, (colour, shape) in enumerate(pawns)]
    # bottom strip: threshold, markers, points
    if threshold is not None:
        t = str(threshold)
        tw = 38 + _text_em(t) * 24
        body += [
            _el("rect", x=12, y=166, width=tw, height=32, rx=6, fill=PARCHMENT_DARK, stroke=INK, stroke_width=1.4),
            _small_pick(16, 170),
            _text(40, 191, t, 24, weight=800, anchor="start"),
        ]
    markers = ([_city_marker] if city else []) + ([_tent_marker] if tent else [])
    if len(markers) == 1:
        body.append(markers[0](86, 182, 13))
    elif len(markers) == 2:
        body += [markers[0](74, 182, 10), markers[1](95, 182, 10)]
    body.append(_points_rosette(124, 181, 19, value))
    if status == "in_play":
        body.append(_halo(-4, -4, 158, 218, 13, 5))
    return _svg(body, viewbox=vb, width=width, height=height,
                label=aria_label if aria_label is not None else f"{numeral} {name}")



# ---------------------------------------------------------------------------- caching
# The exhibit redraws the same cards on every update: keep the strings (they are pure
# functions of their arguments).


@_lru_cache(maxsize=4096)
def _cached_worker(value: int, label: str, colour: str, state: CardState, selected: bool, width: int,
                   back_label: str) -> str:
    return worker_card(value, label, colour=colour, state=state, selected=selected, width=width,
                       back_label=back_label)


@_lru_cache(maxsize=4096)
def _cached_site(numeral: str, name: str, threshold: int | None, value: int, city: bool, tent: bool, status: SiteStatus,
                 pawns: tuple[tuple[str, str], ...], width: int, back_label: str) -> str:
    return site_card(numeral, name, threshold=threshold, value=value, city=city, tent=tent,
                     status=status, pawns=pawns, width=width, back_label=back_label)


def cached_worker_card(value: int, label: str, *, colour: str = "#555", state: CardState = "face",
                       selected: bool = False, width: int = 96, back_label: str = "") -> str:
    """:func:`worker_card`, remembered."""
    return _cached_worker(value, label, colour, state, selected, width, back_label)


def cached_site_card(numeral: str, name: str, *, threshold: int | None, value: int, city: bool, tent: bool,
                     status: SiteStatus, pawns: Sequence[tuple[str, str]] = (), width: int = 150,
                     back_label: str = "") -> str:
    """:func:`site_card`, remembered."""
    return _cached_site(numeral, name, threshold, value, city, tent, status, tuple(pawns), width, back_label)


# ---------------------------------------------------------------------------- shared drawings
_STANDALONE = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" viewBox="([^"]*)" width="([^"]*)" '
                         r'height="([^"]*)" role="img" aria-label="([^"]*)" font-family="([^"]*)">(.*)</svg>\Z', re.S)


@_lru_cache(maxsize=4096)
def _parts(svg: str) -> tuple[str, ...] | None:
    m = _STANDALONE.match(svg)
    return m.groups() if m else None


class Symbols:
    """Drawings shown several times in one piece of markup, each sent once.

    :meth:`use` takes a drawing made here and returns a small ``<svg>`` of the same size and
    accessible name that shows it through ``<use>``; :meth:`defs` returns the hidden
    ``<svg>`` holding one ``<symbol>`` per distinct drawing. Both must go into the same
    markup: ``<use>`` finds ids only in its own document or shadow root. The ids are numbered
    in order of first use after ``prefix``, so they say nothing about the drawings, and only
    drawings that are used are defined: a hidden card is a back here as everywhere.

    >>> sym = Symbols("c")
    >>> back = worker_card(0, "", colour="#0072B2", state="back", width=40, back_label="hidden card")
    >>> a, b = sym.use(back), sym.use(back)
    >>> a == b and '<use href="#c0"' in a and sym.defs().count("<symbol") == 1
    True
    """

    def __init__(self, prefix: str = "s") -> None:
        self.prefix = prefix
        self._ids: dict[tuple[str, str, str], str] = {}
        self._defs: list[str] = []

    def use(self, svg: str) -> str:
        parts = _parts(svg)
        if parts is None:  # not one of ours: left as it is
            return svg
        viewbox, width, height, label, font, body = parts
        key = (viewbox, font, body)
        sid = self._ids.get(key)
        if sid is None:
            sid = self._ids[key] = f"{self.prefix}{len(self._ids)}"
            self._defs.append(f'<symbol id="{sid}" viewBox="{viewbox}" font-family="{font}">{body}</symbol>')
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
                f'aria-label="{label}"><use href="#{sid}" width="{width}" height="{height}"/></svg>')

    def defs(self) -> str:
        if not self._defs:
            return ""
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
                'style="position:absolute;overflow:hidden">' + "".join(self._defs) + "</svg>")
