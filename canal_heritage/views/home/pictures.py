"""The pictures of the home screen's three choices, drawn by our code as SVG.

They are decoration: the card's words name the choice, so each picture is ``aria-hidden``.
Players are drawn with the Okabe-Ito colours and a shape each, as at the tables.
"""

from __future__ import annotations

from ..theme import CANAL, INK, PAPER, PLANE, SKY, STONE, STONE_DARK, SURFACE, VINE, WATER_LIGHT

_OPEN = ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 180 100' aria-hidden='true' focusable='false' "
         "class='choice-picture'>")


def _pawn(shape: str, colour: str, x: float, y: float, r: float = 9) -> str:
    """A player's pawn: its colour and its shape (never the colour alone)."""
    stroke = f"fill='{colour}' stroke='{INK}' stroke-width='2' stroke-linejoin='round'"
    if shape == "circle":
        return f"<circle cx='{x}' cy='{y}' r='{r}' {stroke}/>"
    if shape == "square":
        return f"<rect x='{x - r * .85}' y='{y - r * .85}' width='{r * 1.7}' height='{r * 1.7}' {stroke}/>"
    if shape == "diamond":
        return f"<path d='M {x} {y - r * 1.15} L {x + r} {y} L {x} {y + r * 1.15} L {x - r} {y} Z' {stroke}/>"
    return f"<path d='M {x} {y - r * 1.1} L {x + r * 1.05} {y + r * .8} L {x - r * 1.05} {y + r * .8} Z' {stroke}/>"


def midi_picture() -> str:
    """The Canal du Midi game: locks as steps, a boat, and three engineers' pawns."""
    steps = []
    for i, (x, y) in enumerate(((0, 40), (60, 58), (120, 76))):
        steps.append(f"<rect x='{x}' y='{y}' width='60' height='{100 - y}' fill='{STONE}' stroke='{STONE_DARK}' "
                     f"stroke-width='1.5'/>")
        steps.append(f"<rect x='{x}' y='{y - 8}' width='60' height='8' fill='{WATER_LIGHT}'/>"
                     f"<line x1='{x}' y1='{y - 8}' x2='{x + 60}' y2='{y - 8}' stroke='{CANAL}' stroke-width='3'/>")
        if i:
            steps.append(f"<rect x='{x - 3}' y='{y - 26}' width='6' height='26' fill='{STONE_DARK}'/>")  # a gate
    boat = (f"<path d='M 18 30 L 52 30 L 48 38 L 22 38 Z' fill='{VINE}' stroke='{INK}' stroke-width='1.5'/>"
            f"<rect x='28' y='23' width='14' height='7' fill='{SURFACE}' stroke='{INK}' stroke-width='1.2'/>")
    # three of the Canal du Midi's engineers, in their seats' colours and shapes (engineers.json)
    pawns = (_pawn("circle", "#0072B2", 82, 38) + _pawn("square", "#009E73", 104, 38)
             + _pawn("triangle", "#D55E00", 150, 56))
    sky = f"<rect width='180' height='100' fill='{SKY}'/>"
    return _OPEN + sky + "".join(steps) + boat + pawns + "</svg>"


def arriala_picture() -> str:
    """Arriala: the Canal de Garonne running between rows of vines, workers on its banks."""
    parts = ["<rect width='180' height='100' fill='#eef1df'/>",
             f"<rect x='0' y='44' width='180' height='18' fill='{WATER_LIGHT}'/>",
             f"<line x1='0' y1='44' x2='180' y2='44' stroke='{CANAL}' stroke-width='3'/>",
             f"<line x1='0' y1='62' x2='180' y2='62' stroke='{CANAL}' stroke-width='3'/>"]
    for row_y in (14, 80):
        parts.append(f"<line x1='6' y1='{row_y + 8}' x2='174' y2='{row_y + 8}' stroke='{STONE_DARK}' "
                     f"stroke-width='1.5'/>")
        for x in range(14, 176, 26):
            parts.append(f"<line x1='{x}' y1='{row_y - 6}' x2='{x}' y2='{row_y + 12}' stroke='{STONE_DARK}' "
                         f"stroke-width='2'/>"
                         f"<circle cx='{x - 6}' cy='{row_y}' r='6' fill='{PLANE}'/>"
                         f"<circle cx='{x + 6}' cy='{row_y - 2}' r='6' fill='{PLANE}'/>"
                         f"<circle cx='{x + 2}' cy='{row_y + 6}' r='3.2' fill='{VINE}'/>"
                         f"<circle cx='{x + 6}' cy='{row_y + 9}' r='3.2' fill='{VINE}'/>")
    parts.append(_pawn("triangle", "#D55E00", 40, 53, 8) + _pawn("diamond", "#F0E442", 92, 53, 8)
                 + _pawn("square", "#009E73", 140, 53, 7.5))
    return _OPEN + "".join(parts) + "</svg>"


def explorer_picture() -> str:
    """The heritage explorer: a map with the canal, places pinned on it, and a magnifier."""
    pin = ("<path d='M {x} {y} c -7 -9 -9 -12 -9 -16 a 9 9 0 0 1 18 0 c 0 4 -2 7 -9 16 z' fill='{c}' "
           f"stroke='{INK}' stroke-width='1.5'/><circle cx='{{x}}' cy='{{cy}}' r='3' fill='{PAPER}'/>")
    parts = [f"<rect width='180' height='100' fill='{SKY}'/>",
             (f"<path d='M 20 10 L 70 18 L 120 8 L 166 16 L 166 92 L 120 84 L 70 94 L 20 86 Z' fill='{PAPER}' "
             f"stroke='{STONE_DARK}' stroke-width='2'/>"),
             f"<path d='M 70 18 L 70 94 M 120 8 L 120 84' stroke='{STONE}' stroke-width='2'/>",
             (f"<path d='M 26 70 C 50 40, 80 76, 104 50 S 140 30, 160 44' fill='none' stroke='{CANAL}' "
             "stroke-width='5' stroke-linecap='round'/>"),
             pin.format(x=54, y=58, cy=42, c="#b5541c"), pin.format(x=110, y=46, cy=30, c=VINE),
             (f"<circle cx='140' cy='66' r='14' fill='{WATER_LIGHT}' fill-opacity='0.5' stroke='{INK}' "
             "stroke-width='4'/>"),
             f"<line x1='150' y1='76' x2='164' y2='90' stroke='{INK}' stroke-width='6' stroke-linecap='round'/>"]
    return _OPEN + "".join(parts) + "</svg>"
