"""The look the exhibit and the notebooks share, as plain values (no Panel, no Bokeh): the
players' colours and shapes, the screen-reader-only style, and the map projection.

The exhibit's Panel helpers (buttons, sizes) are in :mod:`canal_heritage.views.theme`; the
notebooks' widgets (:mod:`canal_heritage.lessons`) import this module only, so a lesson
draws a player in the colour and shape the exhibit's table gives them.
"""

from __future__ import annotations

import math

#: Arriala's seats (Okabe-Ito, colour-blind safe; the shape alone tells them apart): the
#: box's red, yellow, green and violet, then the virtual player of a 2-player game (A-R8).
ARRIALA_SEATS: tuple[tuple[str, str], ...] = (("#D55E00", "triangle"), ("#F0E442", "diamond"),
                                              ("#009E73", "square"), ("#CC79A7", "circle"))
ARRIALA_VIRTUAL = ("#9A9A9A", "hex")
#: A shape as one character (charts, where a colour never stands alone).
SHAPE_SYMBOL = {"triangle": "▲", "diamond": "◆", "square": "■", "circle": "●", "hex": "⬢"}
#: Outlines where the seat in turn is shown.
TURN_OUTLINE = "#f0b400"

#: Visually hidden but read by screen readers.
SR_ONLY = ("position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
           "clip:rect(0 0 0 0);white-space:nowrap;border:0")

#: Kilometres in a degree of latitude, and of longitude at the equator.
KM_PER_DEGREE_LAT = 110.57
KM_PER_DEGREE_LON = 111.32


def arriala_seat(owner: int, players: int) -> tuple[str, str]:
    """The colour and shape of Arriala's ``owner`` (the virtual player's past ``players``)."""
    return ARRIALA_VIRTUAL if owner >= players else ARRIALA_SEATS[owner]


def project(lat: float, lon: float, origin: tuple[float, float]) -> tuple[float, float]:
    """Kilometres east and north of ``origin`` (lat, lon): the equirectangular projection
    every map of the project uses (fine at the scale of a region)."""
    lat0, lon0 = origin
    return (lon - lon0) * KM_PER_DEGREE_LON * math.cos(math.radians(lat0)), (lat - lat0) * KM_PER_DEGREE_LAT


def unproject(x: float, y: float, origin: tuple[float, float]) -> tuple[float, float]:
    """The (lat, lon) of the point ``x`` km east and ``y`` km north of ``origin``."""
    lat0, lon0 = origin
    return lat0 + y / KM_PER_DEGREE_LAT, lon0 + x / (KM_PER_DEGREE_LON * math.cos(math.radians(lat0)))


def lon_lat_aspect(lat: float) -> float:
    """The aspect (y unit over x unit) that draws longitude/latitude axes as :func:`project`
    would at latitude ``lat``."""
    return KM_PER_DEGREE_LAT / (KM_PER_DEGREE_LON * math.cos(math.radians(lat)))
