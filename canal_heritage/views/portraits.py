"""Portraits of the games' engineers, drawn by our code as SVG.

Nobody knows what most of these people looked like, and the exhibit does not pretend to:
each portrait is a stylised bust in the dress of its time, captioned "Drawn for the exhibit
— not a likeness". The Canal du Midi's engineers (``data/midi/engineers.json``) and Riquet
wear 17th-century cues (periwig, falling lace collar or bands, plumed hat, a cuirass for the
soldier Vauban); Arriala's master builders (the players of the Canal de Garonne board game,
built in the 19th century) wear a frock coat, a high collar, side whiskers, a top hat. Each
person's features come from a fixed table (:data:`LOOKS`) or, for anyone else, from a hash
of their key, so the same person is always drawn the same way.

Every portrait carries its seat's colour (the frame and a sash) AND its shape (a medallion
under the bust), so colour is never the only cue. Like :mod:`.art`, the functions are pure,
return one standalone ``<svg>`` (``role="img"``, an ``aria-label`` saying it is an
illustration), use no ids and escape every outside text.

>>> svg = portrait_svg("vauban", "#E69F00", "diamond", "Vauban — drawn for the exhibit")
>>> svg.startswith("<svg") and 'role="img"' in svg
True
"""

from __future__ import annotations

import html
import zlib
from dataclasses import dataclass
from typing import Literal

from ..i18n import translator
from ..look import arriala_seat
from .art import INK, PARCHMENT, _el, _g, _n, _shape, _svg

__all__ = ["LOOKS", "Look", "Portrait", "arriala_portrait", "engineer_portrait", "look_for", "not_a_likeness",
           "portrait_figure", "portrait_svg", "riquet_portrait"]

Era = Literal["17th", "19th"]

SKINS = ("#F1CFAE", "#E2B48C", "#CF9B72", "#B98158")
HAIRS = ("#3A2A1E", "#6B4A2E", "#8C8478", "#2A2420", "#A0703F", "#D9D2C4")
COATS = ("#3B3350", "#4A3626", "#2F4250", "#5A2F2F", "#37472F", "#2E2E36")
LACE = "#FBF8F0"
LACE_LINE = "#B9AE98"
STEEL = "#AEB8C0"
STEEL_DARK = "#6C7780"
GOLD = "#C9A227"
FRAME_BG = "#E3EEF0"
#: Riquet's frame (he is no player): the gold of the game's "Riquet coins".
RIQUET_COLOUR = "#B8860B"


@dataclass(frozen=True)
class Look:
    """What a portrait shows: the era's dress and the person's own features."""

    era: Era
    skin: str
    hair: Literal["periwig", "long", "curly", "short"]
    hair_colour: str
    hat: Literal["none", "plumed", "cocked", "top", "cap"]
    collar: Literal["falling", "bands", "cravat", "stock"]
    beard: Literal["none", "moustache", "goatee", "whiskers"]
    coat: str
    extra: Literal["none", "cuirass", "dividers", "plan", "chain"]


#: The people the games use, each drawn in their own way (the cues are of their time and
#: station, not of their face: nobody's likeness is claimed).
LOOKS: dict[str, Look] = {
    # the man of the canal: a great periwig, a lace cravat, a gold chain
    "riquet": Look("17th", SKINS[1], "periwig", HAIRS[0], "none", "cravat", "moustache", COATS[1], "chain"),
    # a chevalier of the 1660s, an engineer of fortresses: plumed hat, falling lace collar
    "clerville": Look("17th", SKINS[0], "curly", HAIRS[3], "plumed", "falling", "goatee", COATS[0], "plan"),
    # the surveyor and map-maker: his own long hair, plain bands, dividers in hand
    "andreossy": Look("17th", SKINS[2], "long", HAIRS[1], "none", "bands", "none", COATS[2], "dividers"),
    # the engineer on the building sites: a cocked hat over a light wig
    "la-feuille": Look("17th", SKINS[1], "long", HAIRS[4], "cocked", "cravat", "moustache", COATS[4], "none"),
    # the king's soldier-engineer: a long grey wig and a cuirass
    "vauban": Look("17th", SKINS[0], "periwig", HAIRS[2], "none", "cravat", "moustache", COATS[5], "cuirass"),
    # Arriala's master builders, one per seat (red, yellow, green, violet)
    "arriala-0": Look("19th", SKINS[0], "short", HAIRS[0], "top", "stock", "whiskers", COATS[5], "none"),
    "arriala-1": Look("19th", SKINS[2], "short", HAIRS[1], "cap", "stock", "moustache", COATS[2], "plan"),
    "arriala-2": Look("19th", SKINS[1], "curly", HAIRS[3], "none", "stock", "none", COATS[1], "dividers"),
    "arriala-3": Look("19th", SKINS[3], "short", HAIRS[2], "top", "stock", "goatee", COATS[0], "none"),
}


def look_for(key: str, era: Era = "17th") -> Look:
    """The look of ``key`` (a person id, ``arriala-<seat>``): from :data:`LOOKS`, or drawn
    from a stable hash of the key (the same key, the same portrait, on every machine)."""
    if key in LOOKS:
        return LOOKS[key]
    h = zlib.crc32(key.encode("utf-8"))

    def pick(options: tuple[str, ...], k: int) -> str:
        return options[(h >> (3 * k)) % len(options)]

    if era == "19th":
        hair, hat, collar, beard = pick(("short", "curly"), 0), pick(("top", "cap", "none"), 1), "stock", \
            pick(("whiskers", "moustache", "none", "goatee"), 2)
    else:
        hair, hat, collar, beard = pick(("periwig", "long", "curly"), 0), pick(("none", "plumed", "cocked"), 1), \
            pick(("falling", "bands", "cravat"), 2), pick(("none", "moustache", "goatee"), 3)
    return Look(era, pick(SKINS, 4), hair, pick(HAIRS, 5), hat, collar, beard, pick(COATS, 6),  # type: ignore[arg-type]
                pick(("none", "plan", "dividers"), 7))  # type: ignore[arg-type]


# ---------------------------------------------------------------------- drawing
def _curls(cx: float, y0: float, y1: float, colour: str, r: float = 6.5) -> str:
    """A falling column of curls (a periwig's side), from ``y0`` down to ``y1``."""
    out, y, k = [], y0, 0
    while y <= y1:
        dx = (-1.6 if k % 2 else 1.6)
        out.append(_el("circle", cx=cx + dx, cy=y, r=r, fill=colour, stroke=INK, stroke_width=.8))
        y += r * 1.25
        k += 1
    return "".join(out)


def _hair_back(look: Look) -> str:
    """The hair behind the head and shoulders."""
    c = look.hair_colour
    if look.hair == "periwig":
        return (_el("ellipse", cx=60, cy=54, rx=24, ry=22, fill=c, stroke=INK, stroke_width=1)
                + _curls(39, 52, 104, c) + _curls(81, 52, 104, c))
    if look.hair == "long":
        return _el("path", d="M38 50Q36 80 40 100L50 98Q47 80 48 60ZM82 50Q84 80 80 100L70 98Q73 80 72 60Z",
                   fill=c, stroke=INK, stroke_width=1) + _el("ellipse", cx=60, cy=52, rx=22, ry=20, fill=c,
                                                              stroke=INK, stroke_width=1)
    if look.hair == "curly":
        back = _el("ellipse", cx=60, cy=53, rx=22, ry=20, fill=c, stroke=INK, stroke_width=1)
        if look.era == "17th":
            back += _curls(41, 56, 88, c, 5.5) + _curls(79, 56, 88, c, 5.5)
        return back
    return _el("ellipse", cx=60, cy=52, rx=18, ry=17, fill=c, stroke=INK, stroke_width=1)


def _bust(look: Look, colour: str) -> str:
    """Shoulders and coat, the seat's sash, the collar and the extra (cuirass, chain…)."""
    coat = look.coat
    parts = [_el("path", d="M14 146Q16 108 40 100Q50 96 60 97Q70 96 80 100Q104 108 106 146Z", fill=coat,
                 stroke=INK, stroke_width=1.4)]
    if look.era == "19th":  # frock coat lapels over a waistcoat
        parts.append(_el("path", d="M48 99L60 128L72 99L66 98L60 112L54 98Z", fill="#6E6250", stroke=INK,
                         stroke_width=1))
        parts.append(_el("path", d="M44 100L58 140M76 100L62 140", stroke=INK, stroke_width=1.2, fill="none"))
    if look.extra == "cuirass":  # a soldier's breastplate
        parts.append(_el("path", d="M36 108Q60 100 84 108L82 146H38Z", fill=STEEL, stroke=STEEL_DARK,
                         stroke_width=1.6))
        parts.append(_el("path", d="M60 104V146M44 118Q60 112 76 118", stroke=STEEL_DARK, stroke_width=1.2,
                         fill="none"))
    # the seat's sash, shoulder to hip: its colour on the person
    parts.append(_el("path", d="M30 108L40 103L92 146H76Z", fill=colour, stroke=INK, stroke_width=1.2))
    if look.collar == "falling":  # a wide lace collar over the shoulders (1640s–60s)
        parts.append(_el("path", d="M34 100Q60 92 86 100Q84 116 60 118Q36 116 34 100Z", fill=LACE, stroke=LACE_LINE,
                         stroke_width=1.2))
        parts.append(_el("path", d="M40 106Q60 113 80 106", stroke=LACE_LINE, stroke_width=1, fill="none",
                         stroke_dasharray="2 2"))
    elif look.collar == "bands":  # two plain white bands at the throat
        parts.append(_el("path", d="M52 96H68L66 116H61L60 104L59 116H54Z", fill=LACE, stroke=LACE_LINE,
                         stroke_width=1.2))
    elif look.collar == "cravat":  # a knotted lace cravat (1670s on)
        parts.append(_el("path", d="M54 96Q60 100 66 96L64 103Q60 106 56 103Z", fill=LACE, stroke=LACE_LINE,
                         stroke_width=1.1))
        parts.append(_el("path", d="M55 103Q60 101 65 103L68 120Q60 124 52 120Z", fill=LACE, stroke=LACE_LINE,
                         stroke_width=1.1))
        parts.append(_el("path", d="M54 110Q60 113 66 110M53 116Q60 119 67 116", stroke=LACE_LINE, stroke_width=.9,
                         fill="none"))
    else:  # 19th century: a high white collar and a black stock
        parts.append(_el("path", d="M51 92L55 101H65L69 92L64 96H56Z", fill=LACE, stroke=LACE_LINE, stroke_width=1))
        parts.append(_el("path", d="M53 99H67L64 106H56Z", fill="#1E1E24", stroke=INK, stroke_width=.8))
    if look.extra == "chain":  # a gold chain of office
        parts.append(_el("path", d="M40 110Q60 134 80 110", stroke=GOLD, stroke_width=2.6, fill="none",
                         stroke_dasharray="3 1.5"))
        parts.append(_el("circle", cx=60, cy=126, r=4, fill=GOLD, stroke=INK, stroke_width=.8))
    elif look.extra == "dividers":  # a surveyor's dividers, held up
        parts.append(_el("path", d="M88 146L95 112L102 146M95 112V106", stroke="#5A4A36", stroke_width=2.2,
                         fill="none", stroke_linecap="round"))
        parts.append(_el("circle", cx=95, cy=112, r=2.4, fill=GOLD, stroke=INK, stroke_width=.6))
    elif look.extra == "plan":  # a rolled plan under the arm
        parts.append(_el("rect", x=18, y=120, width=30, height=9, rx=4.5, fill="#F3E6C4", stroke="#8C7A55",
                         stroke_width=1.2, transform="rotate(-18 33 124)"))
        parts.append(_el("ellipse", cx=19, cy=129, rx=2.4, ry=4.5, fill="#E4D3A8", stroke="#8C7A55",
                         stroke_width=1, transform="rotate(-18 19 129)"))
    return "".join(parts)


def _face(look: Look) -> str:
    """Neck, face, eyes, nose, mouth, facial hair and the hair's front."""
    s, c = look.skin, look.hair_colour
    parts = [
        _el("path", d="M53 82H67V98Q60 102 53 98Z", fill=s, stroke=INK, stroke_width=1),
        _el("ellipse", cx=60, cy=66, rx=15, ry=19, fill=s, stroke=INK, stroke_width=1.3),
        _el("ellipse", cx=54, cy=64, rx=1.7, ry=1.4, fill=INK), _el("ellipse", cx=66, cy=64, rx=1.7, ry=1.4, fill=INK),
        _el("path", d="M50.5 60Q54 58 57 60M63 60Q66 58 69.5 60", stroke=INK, stroke_width=1.1, fill="none",
            stroke_linecap="round"),
        _el("path", d="M60 65L58 72Q60 73.5 62 72", stroke=INK, stroke_width=1, fill="none", stroke_linecap="round"),
        _el("path", d="M56 77.5Q60 79.5 64 77.5", stroke="#8A4A3A", stroke_width=1.3, fill="none",
            stroke_linecap="round"),
    ]
    if look.beard in ("moustache", "goatee"):
        parts.append(_el("path", d="M54 75.5Q57 73 60 74.5Q63 73 66 75.5Q63 75 60 76Q57 75 54 75.5Z", fill=c,
                         stroke=c, stroke_width=.8))
    if look.beard == "goatee":
        parts.append(_el("path", d="M58.5 80.5Q60 86 61.5 80.5Z", fill=c, stroke=c, stroke_width=.8))
    if look.beard == "whiskers":
        parts.append(_el("path", d="M45 62Q45 78 52 82L53 76Q48 72 48 62ZM75 62Q75 78 68 82L67 76Q72 72 72 62Z",
                         fill=c, stroke=INK, stroke_width=.7))
    # the hair's front, over the forehead
    if look.hair == "short":
        parts.append(_el("path", d="M45 60Q46 44 60 44Q74 44 75 60Q70 50 60 51Q50 50 45 60Z", fill=c, stroke=INK,
                         stroke_width=1))
    elif look.hair == "periwig":
        parts.append(_el("path", d="M44 64Q42 42 60 40Q78 42 76 64Q72 50 60 50Q48 50 44 64Z", fill=c, stroke=INK,
                         stroke_width=1))
        parts.append(_el("path", d="M52 46Q56 50 60 46Q64 50 68 46", stroke=INK, stroke_width=.7, fill="none"))
    else:
        parts.append(_el("path", d="M45 62Q44 44 60 43Q76 44 75 62Q68 49 60 52Q52 49 45 62Z", fill=c, stroke=INK,
                         stroke_width=1))
    return "".join(parts)


def _hat(look: Look, colour: str) -> str:
    if look.hat == "plumed":  # a wide brim with an ostrich plume in the seat's colour
        return (_el("path", d="M82 42Q96 26 100 40Q92 34 84 46Z", fill=colour, stroke=INK, stroke_width=1)
                + _el("ellipse", cx=60, cy=46, rx=32, ry=6.5, fill="#2A2420", stroke=INK, stroke_width=1)
                + _el("path", d="M44 46Q44 28 60 27Q76 28 76 46Z", fill="#2A2420", stroke=INK, stroke_width=1)
                + _el("path", d="M45 42H75", stroke=GOLD, stroke_width=2.2))
    if look.hat == "cocked":  # a brim turned up at the sides
        return (_el("path", d="M32 44Q46 36 60 40Q74 36 88 44Q80 28 60 26Q40 28 32 44Z", fill="#2A2420", stroke=INK,
                    stroke_width=1)
                + _el("path", d="M36 43Q60 32 84 43", stroke=GOLD, stroke_width=1.6, fill="none"))
    if look.hat == "top":
        return (_el("ellipse", cx=60, cy=45, rx=22, ry=4.5, fill="#1E1E24", stroke=INK, stroke_width=1)
                + _el("path", d="M46 45L47 18H73L74 45Z", fill="#1E1E24", stroke=INK, stroke_width=1)
                + _el("path", d="M46.6 38H73.4", stroke=colour, stroke_width=3.2))
    if look.hat == "cap":  # a worker's flat cap of the building site
        return (_el("path", d="M43 50Q42 36 60 35Q78 36 77 50Z", fill="#5A4A3A", stroke=INK, stroke_width=1)
                + _el("path", d="M43 50Q34 52 36 47Q40 46 46 46Z", fill="#4A3A2A", stroke=INK, stroke_width=1))
    return ""


def portrait_svg(key: str, colour: str | None, shape: str | None, label: str, *, size: int = 120,
                 era: Era = "17th") -> str:
    """A portrait of ``key`` (a person id, ``arriala-<seat>``): a bust in an arched frame in
    the seat's ``colour``, the seat's ``shape`` on a medallion below it, ``label`` as its
    accessible name and tooltip (say it is an illustration). ``colour``/``shape`` None: no
    seat (Riquet: a gold frame, no medallion).

    Raises:
        ValueError: for an unknown shape.
    """
    look = look_for(key, era)
    ring = colour or RIQUET_COLOUR
    frame = "M10 150V62A50 50 0 0 1 110 62V150Z"
    body = [
        f"<title>{html.escape(label, quote=True)}</title>",
        _el("path", d=frame, fill=FRAME_BG),
        _el("path", d="M10 118Q60 108 110 118V150H10Z", fill="#D9E3D0"),  # a hint of landscape behind
        _g([_hair_back(look), _bust(look, ring), _face(look), _hat(look, ring)]),
        _el("path", d=frame, fill="none", stroke=ring, stroke_width=7),
        _el("path", d="M5.5 150V62A54.5 54.5 0 0 1 114.5 62V150", fill="none", stroke=INK, stroke_width=1.6),
        _el("path", d="M14 150V62A46 46 0 0 1 106 62V150", fill="none", stroke=INK, stroke_width=.8),
    ]
    if shape is not None and colour is not None:
        body.append(_el("circle", cx=60, cy=150, r=15, fill=PARCHMENT, stroke=INK, stroke_width=1.6))
        body.append(_shape(shape, colour, 60, 151 if shape == "triangle" else 150, 8.5, outline=.2))
    height = size * 168 / 120
    return _svg(body, viewbox=(0, 0, 120, 168), width=size, height=float(_n(height)), label=label)


# ---------------------------------------------------------------------- the games' people
@dataclass(frozen=True)
class Portrait:
    """A portrait ready for a page: the SVG, the person's name and the words around it."""

    key: str
    name: str
    svg: str
    alt: str
    note: str
    person_id: str | None


def not_a_likeness(lang: str) -> str:
    """The caption every portrait carries."""
    return translator(lang).ui("portrait.note", "Drawn for the exhibit — not a likeness")


def _alt(lang: str, name: str) -> str:
    return translator(lang).ui("portrait.alt", "{name}: an illustration drawn for the exhibit, not a likeness",
                               name=name)


def engineer_portrait(engineer_id: str, lang: str, *, size: int = 120) -> Portrait:
    """The portrait of a Canal du Midi engineer (an id of ``data/midi/engineers.json``), in
    their seat's colour and shape, named from the people records."""
    from ..heritage import load_heritage
    from ..midi.data import load_midi_data

    eng = next(e for e in load_midi_data().engineers if e.id == engineer_id)
    person = load_heritage().person_for_engineer(engineer_id)
    name = person.localized("name", lang).text
    alt = _alt(lang, name)
    return Portrait(engineer_id, name, portrait_svg(person.id, eng.colour, eng.shape, alt, size=size), alt,
                    not_a_likeness(lang), person.id)


def riquet_portrait(lang: str, *, size: int = 120) -> Portrait:
    """Pierre-Paul Riquet's portrait (no seat: a gold frame)."""
    from ..heritage import load_heritage

    person = load_heritage().person("riquet")
    name = person.localized("name", lang).text
    alt = _alt(lang, name)
    return Portrait("riquet", name, portrait_svg("riquet", None, None, alt, size=size), alt, not_a_likeness(lang),
                    "riquet")


def arriala_builder_name(seat: int, lang: str) -> str:
    """What an Arriala seat's player is: "The master builder in red"."""
    tr = translator(lang)
    return (tr.ui("intro.arriala.builder", "The master builder in red"),
            tr.ui("intro.arriala.builder", "The master builder in yellow"),
            tr.ui("intro.arriala.builder", "The master builder in green"),
            tr.ui("intro.arriala.builder", "The master builder in violet"))[seat]


def arriala_portrait(seat: int, players: int, lang: str, *, size: int = 120) -> Portrait:
    """An Arriala master builder's portrait (a player of the Canal de Garonne board game, in
    19th-century dress), in the seat's colour and shape (:func:`~canal_heritage.look.arriala_seat`)."""
    colour, shape = arriala_seat(seat, players)
    name = arriala_builder_name(seat, lang)
    alt = _alt(lang, name)
    key = f"arriala-{seat}"
    return Portrait(key, name, portrait_svg(key, colour, shape, alt, size=size, era="19th"), alt,
                    not_a_likeness(lang), None)


def portrait_figure(p: Portrait, *, css_class: str = "portrait") -> str:
    """A ``<figure>`` with the portrait and its caption (the caption says it is not a likeness)."""
    return (f"<figure class='{html.escape(css_class, quote=True)}' data-portrait='{html.escape(p.key, quote=True)}'"
            f" style='margin:0;display:flex;flex-direction:column;align-items:center;gap:.15em'>{p.svg}"
            f"<figcaption style='font-size:.75em;font-style:italic;color:#5A4A36;text-align:center;"
            f"max-width:11em;line-height:1.2'>{html.escape(p.note)}</figcaption></figure>")
