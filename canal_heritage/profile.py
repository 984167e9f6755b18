"""The Canal du Midi's long profile as numbers: the canal's water seen from the side, from
Toulouse up to the Naurouze summit and down to the Étang de Thau, with its locks as steps.

Pure data, no UI import: the welcome screen draws it (:mod:`canal_heritage.views.home.long_profile`)
and so does lesson 1 (:func:`canal_heritage.lessons.history.long_profile`). The heights and
distances are well-known approximate figures, not surveyed data (the project's data has none);
both pictures say "simplified".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .i18n import Translator

__all__ = ["PROFILE", "SITE_KM", "SUMMIT", "Waypoint", "place_names", "water_line"]


@dataclass(frozen=True)
class Waypoint:
    """A point of the canal: kilometres from Toulouse and the water's height (metres above
    sea level), both approximate; ``steps``: locks drawn as steps on the way here from the
    previous point (a schematic count, not every lock)."""

    name: str
    km: float
    height: float
    steps: int = 0
    label: bool = True


#: The canal's line, Toulouse to the Étang de Thau (approximate, "simplified" in the caption).
PROFILE: tuple[Waypoint, ...] = (
    Waypoint("Toulouse", 0, 132),
    Waypoint("Naurouze", 52, 190, steps=9),
    Waypoint("Castelnaudary", 65, 163, steps=5),
    Waypoint("Carcassonne", 105, 108, steps=8),
    Waypoint("Argens", 150, 32, steps=10, label=False),
    Waypoint("Béziers", 205, 32, label=False),  # the long pound: 54 km without a lock
    Waypoint("Fonseranes", 207, 11, steps=8),  # the staircase: eight basins
    Waypoint("Agde", 230, 3, steps=2, label=False),
    Waypoint("Sète", 240, 0, steps=1),
)
SUMMIT = PROFILE[1]

#: Kilometres from Toulouse of the game's site cards (by numeral; approximate).
SITE_KM: dict[str, float] = {"I": 0, "II": 52, "III": 65, "IV": 101, "V": 144, "VI": 154, "VII": 196,
                             "VIII": 207, "IX": 231}

def water_line() -> list[tuple[float, float]]:
    """The canal's water as a stepped line of (km, metres): level between locks, a step at
    each lock (the steps of a stretch evenly spread over its second half)."""
    points = [(PROFILE[0].km, PROFILE[0].height)]
    for before, here in zip(PROFILE, PROFILE[1:], strict=False):
        if here.steps == 0:
            points.append((here.km, here.height))
            continue
        start = before.km if here.steps >= 8 and here.km - before.km < 5 else before.km + (here.km - before.km) * 0.15
        span = here.km - start
        rise = (here.height - before.height) / here.steps
        for i in range(here.steps):
            km = start + span * (i + 1) / (here.steps + 0.5)
            points.append((km, before.height + rise * i))
            points.append((km, before.height + rise * (i + 1)))
        points.append((here.km, here.height))
    return points


def place_names(tr: Translator) -> dict[str, str]:
    """The named waypoints in the reader's language (Occitan has its own: Tolosa, Naurosa…)."""
    return {"Toulouse": tr.ui("profile.place", "Toulouse"), "Naurouze": tr.ui("profile.place", "Naurouze"),
            "Castelnaudary": tr.ui("profile.place", "Castelnaudary"),
            "Carcassonne": tr.ui("profile.place", "Carcassonne"),
            "Fonseranes": tr.ui("profile.place", "Béziers · Fonseranes"), "Sète": tr.ui("profile.place", "Sète")}
