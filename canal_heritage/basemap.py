"""The base map under the exhibit's maps: land and sea of the Golfe du Lion, the Étang de
Thau and the Étang de Bages-Sigean, the rivers Garonne, Tarn, Aveyron, Aude, Orb and
Hérault, and the region's towns.

Pure data, no UI import. The file ``data/heritage/basemap.json`` is made once by
``scripts/make_basemap.py`` (Natural Earth land, public domain; the lagoon and the rivers are
reconstructed through well-known places, and say so) and is all that is read at run time.

Usage::

    from canal_heritage.basemap import load_basemap, project_line

    bm = load_basemap()
    bm.towns[0].name("oc")                      # 'Tolosa'
    bm.rivers["garonne"].smooth()               # [(lat, lon), ...] downstream, smoothed
    xs, ys = project_line(bm.coastline()[0], origin=(43.9, 1.75))   # km east / north

Every coordinate is (lat, lon) in WGS84 degrees.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from .datafiles import load_model
from .look import project

LatLon = tuple[float, float]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Provenance(_Model):
    """Where a layer comes from and what was done to it."""

    source: str
    licence: str
    done: str
    reconstructed: bool


class Names(_Model):
    """A name in the exhibit's three languages."""

    fr: str
    en: str
    oc: str

    def get(self, lang: str) -> str:
        """The name in ``lang`` (French when the language is unknown)."""
        return str(getattr(self, lang, self.fr))


class _Waypoint(_Model):
    label: str
    lat: float
    lon: float


class Line(_Model):
    """A river (polyline, downstream) or a lagoon (closed polygon), through labelled places."""

    id: str
    name_: Names = Field(alias="name")
    reconstructed: bool
    waypoints: tuple[_Waypoint, ...] = Field(alias="points")

    def name(self, lang: str) -> str:
        """The name in ``lang``."""
        return self.name_.get(lang)

    @property
    def points(self) -> list[LatLon]:
        """The (lat, lon) points, in order."""
        return [(w.lat, w.lon) for w in self.waypoints]

    def smooth(self, rounds: int = 2) -> list[LatLon]:
        """The points rounded off (Chaikin's corner cutting), ends kept: a river as it is drawn."""
        pts = self.points
        for _ in range(rounds):
            if len(pts) < 3:
                break
            out = [pts[0]]
            for (a0, b0), (a1, b1) in zip(pts, pts[1:], strict=False):
                out += [(0.75 * a0 + 0.25 * a1, 0.75 * b0 + 0.25 * b1), (0.25 * a0 + 0.75 * a1, 0.25 * b0 + 0.75 * b1)]
            out[1:2] = []
            out[-1:] = [pts[-1]]
            pts = out
        return pts


class Town(_Model):
    """A town of the region; ``rank`` 1 for the regional capitals, 2 main towns, 3 smaller."""

    id: str
    name_: Names = Field(alias="name")
    lat: float
    lon: float
    rank: int = Field(ge=1, le=3)

    def name(self, lang: str) -> str:
        """The name in ``lang``."""
        return self.name_.get(lang)


class _Land(_Model):
    provenance: Provenance
    rings: tuple[tuple[tuple[float, float], ...], ...]


class _Lines(_Model):
    provenance: Provenance
    items: tuple[Line, ...]


class _Towns(_Model):
    provenance: Provenance
    items: tuple[Town, ...]


class _BBox(_Model):
    west: float
    south: float
    east: float
    north: float


class _File(_Model):
    about: str = Field(alias="_about")
    bbox: _BBox
    land: _Land
    lagoons: _Lines
    rivers: _Lines
    towns: _Towns


class BaseMap:
    """The loaded base map (see the module's docstring).

    Attributes:
        land: rings of (lat, lon), each a land polygon clipped to the region (all else is sea).
        lagoons: the Étang de Thau and the Étang de Bages-Sigean (water drawn over the land), by id.
        rivers: rivers by id (``garonne``, ``tarn``, ``aveyron``, ``aude``, ``orb``, ``herault``),
            each from upstream to its mouth or the river it joins.
        towns: towns, biggest first.
        bbox: (west, south, east, north) in degrees: the region the data covers.
        provenance: each layer's :class:`Provenance` (``land``, ``lagoons``, ``rivers``, ``towns``).
    """

    def __init__(self, raw: _File) -> None:
        self.about = raw.about
        self.bbox = (raw.bbox.west, raw.bbox.south, raw.bbox.east, raw.bbox.north)
        self.land: list[list[LatLon]] = [[(lat, lon) for lat, lon in ring] for ring in raw.land.rings]
        self.lagoons: dict[str, Line] = {item.id: item for item in raw.lagoons.items}
        self.rivers: dict[str, Line] = {item.id: item for item in raw.rivers.items}
        self.towns: list[Town] = sorted(raw.towns.items, key=lambda t: t.rank)
        self.provenance: dict[str, Provenance] = {
            "land": raw.land.provenance, "lagoons": raw.lagoons.provenance,
            "rivers": raw.rivers.provenance, "towns": raw.towns.provenance}

    def town_named(self, name: str) -> Town | None:
        """The town called ``name`` in any of the three languages (accents and case as written),
        or ``None``: how a place written as text in the data (a person's birthplace) is named
        in the reader's language."""
        for t in self.towns:
            if name in {t.name(lang) for lang in ("fr", "en", "oc")}:
                return t
        return None

    def town(self, town_id: str) -> Town:
        """The town ``town_id`` (KeyError if unknown)."""
        for t in self.towns:
            if t.id == town_id:
                return t
        raise KeyError(town_id)

    def coastline(self) -> list[list[LatLon]]:
        """The sea shore: the land rings without their straight runs along the region's edges."""
        west, south, east, north = self.bbox

        def on_edge(a: LatLon, b: LatLon) -> bool:
            return ((a[0] == b[0] and a[0] in (south, north)) or (a[1] == b[1] and a[1] in (west, east)))

        lines: list[list[LatLon]] = []
        for ring in self.land:
            closed = ring + ring[:1]
            # start the walk on an edge run, so that no shore is cut in two
            start = next((i for i in range(len(ring)) if on_edge(closed[i], closed[i + 1])), 0)
            walk = closed[start:] + closed[1:start + 1]
            current: list[LatLon] = []
            for a, b in zip(walk, walk[1:], strict=False):
                if on_edge(a, b):
                    if len(current) > 1:
                        lines.append(current)
                    current = []
                    continue
                if not current:
                    current = [a]
                current.append(b)
            if len(current) > 1:
                lines.append(current)
        return lines


@lru_cache(maxsize=1)
def load_basemap() -> BaseMap:
    """The base map, read and validated once (``data/heritage/basemap.json``).

    Raises:
        DataError: naming the file and the first bad field.
    """
    return BaseMap(load_model("heritage/basemap.json", _File))


def project_line(points: Iterable[LatLon], origin: LatLon) -> tuple[list[float], list[float]]:
    """The points as (xs, ys): km east and north of ``origin``
    (:func:`canal_heritage.look.project`), ready for a Bokeh line or patch."""
    xs: list[float] = []
    ys: list[float] = []
    for lat, lon in points:
        x, y = project(lat, lon, origin)
        xs.append(x)
        ys.append(y)
    return xs, ys


def project_lines(lines: Sequence[Iterable[LatLon]], origin: LatLon) -> tuple[list[list[float]], list[list[float]]]:
    """Several lines at once, as Bokeh's ``multi_line``/``patches`` want them."""
    pairs = [project_line(line, origin) for line in lines]
    return [p[0] for p in pairs], [p[1] for p in pairs]
