"""Make ``data/heritage/basemap.json``: the base map under the exhibit's maps.

A developer's tool, never needed at run time (the JSON it writes is committed). Run it from
the repository root::

    uv run python scripts/make_basemap.py            # fetches world-atlas with `npm pack`
    uv run python scripts/make_basemap.py --atlas /tmp/package/land-10m.json

Layers and where they come from (every one public domain):

* ``land``: Natural Earth 1:10m land (version 4.1.0), as redistributed by the npm package
  ``world-atlas`` 2.0.2 (TopoJSON, ISC licence for the packaging, the data itself public
  domain). Decoded here, clipped to the region and lightly simplified.
* ``lagoons``: the Étang de Thau and the Étang de Bages-Sigean, which Natural Earth's 1:10m
  land does not cut out.
  Reconstructed: a polygon through well-known shore places (listed in the file).
* ``rivers``: the Garonne, Tarn, Aveyron, Aude, Orb and Hérault. No registry package carries river
  lines, so they are reconstructed: polylines through well-known places on each river
  (source area, towns, confluences, mouth), each point labelled with the place it stands for.
* ``towns``: well-known approximate positions of the region's towns, with their names in
  French, English and Occitan.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any

#: The region kept: (west, south, east, north) in degrees.
BBOX = (-0.5, 42.9, 4.2, 44.6)
ATLAS = "world-atlas@2.0.2"
OUT = Path(__file__).resolve().parent.parent / "data" / "heritage" / "basemap.json"
PUBLIC_DOMAIN = "public domain"

# --------------------------------------------------------------------- reconstructed layers
#: Étang de Thau, shore points (lat, lon, place), clockwise from the canal's mouth.
THAU: list[tuple[float, float, str]] = [
    (43.334, 3.552, "Les Onglous (the Canal du Midi enters the lagoon)"),
    (43.352, 3.536, "Marseillan, port"),
    (43.372, 3.545, "Pointe des Onglous to Pointe de Marseillan"),
    (43.398, 3.572, "west shore, south of Mèze"),
    (43.416, 3.600, "Mèze"),
    (43.431, 3.625, "Loupian shore"),
    (43.445, 3.655, "Bouzigues"),
    (43.458, 3.672, "Crique de l'Angle (Balaruc-le-Vieux)"),
    (43.447, 3.688, "Balaruc-les-Bains"),
    (43.428, 3.694, "Balaruc, toward the Sète canals"),
    (43.412, 3.686, "Sète, La Pointe Courte"),
    (43.400, 3.662, "Sète, Le Barrou"),
    (43.384, 3.620, "the lido, Sète side"),
    (43.360, 3.585, "the lido, toward Marseillan-Plage"),
    (43.340, 3.562, "the lido, near Marseillan-Plage"),
]

#: Étang de Bages-Sigean, south of Narbonne, shore points (lat, lon, place), clockwise.
BAGES_SIGEAN: list[tuple[float, float, str]] = [
    (43.145, 3.010, "La Nautique (north tip, toward Narbonne)"),
    (43.130, 3.030, "north-east shore"),
    (43.100, 3.035, "Île de l'Aute, north"),
    (43.070, 3.045, "east shore"),
    (43.040, 3.048, "Île Sainte-Lucie"),
    (43.025, 3.040, "Port-la-Nouvelle (the outlet to the sea)"),
    (43.030, 3.010, "south shore"),
    (43.045, 2.990, "Sigean shore"),
    (43.075, 2.970, "Peyriac-de-Mer"),
    (43.100, 2.975, "west shore"),
    (43.122, 2.990, "Bages"),
    (43.140, 2.995, "north-west shore"),
]

#: Each river from upstream to its mouth or the region's edge: (lat, lon, place).
RIVERS: dict[str, dict[str, Any]] = {
    "garonne": {
        "name": {"fr": "Garonne", "en": "Garonne", "oc": "Garona"},
        "points": [
            (42.915, 0.690, "Saint-Béat (coming down from the Val d'Aran)"),
            (43.030, 0.590, "Labroquère"),
            (43.085, 0.565, "Montréjeau"),
            (43.108, 0.725, "Saint-Gaudens"),
            (43.142, 0.930, "Saint-Martory"),
            (43.200, 1.010, "Martres-Tolosane"),
            (43.205, 1.085, "Cazères"),
            (43.300, 1.220, "Carbonne"),
            (43.380, 1.290, "Noé"),
            (43.460, 1.325, "Muret"),
            (43.525, 1.405, "Portet-sur-Garonne (the Ariège joins)"),
            (43.578, 1.443, "Toulouse, Empalot"),
            (43.599, 1.437, "Toulouse, Pont-Neuf"),
            (43.613, 1.415, "Toulouse, Ponts-Jumeaux"),
            (43.645, 1.393, "Blagnac"),
            (43.695, 1.358, "Seilh"),
            (43.772, 1.298, "Grenade"),
            (43.855, 1.235, "Verdun-sur-Garonne"),
            (43.943, 1.164, "Bourret"),
            (43.990, 1.100, "Cordes-Tolosannes (Belleperche)"),
            (44.040, 1.050, "Saint-Aignan"),
            (44.083, 1.012, "Boudou, the Tarn joins"),
            (44.078, 0.970, "Malause"),
            (44.095, 0.890, "Golfech, below Valence d'Agen"),
            (44.118, 0.826, "Lamagistère"),
            (44.140, 0.700, "Layrac (the Gers joins)"),
            (44.170, 0.640, "Boé"),
            (44.205, 0.607, "Agen, the canal bridge"),
            (44.240, 0.490, "Sérignac side"),
            (44.252, 0.393, "Port-Sainte-Marie"),
            (44.300, 0.330, "Aiguillon (the Lot joins)"),
            (44.390, 0.305, "Tonneins"),
            (44.420, 0.240, "Le Mas-d'Agenais"),
            (44.497, 0.165, "Marmande"),
            (44.515, 0.060, "Couthures"),
            (44.520, 0.030, "Meilhan-sur-Garonne"),
            (44.575, -0.035, "La Réole"),
            (44.560, -0.140, "Castets-en-Dorthe (the canal joins)"),
            (44.553, -0.249, "Langon"),
            (44.600, -0.310, "Barsac (on toward Bordeaux)"),
        ],
    },
    "tarn": {
        "name": {"fr": "Tarn", "en": "Tarn", "oc": "Tarn"},
        "points": [
            (44.420, 3.780, "Mont Lozère (source)"),
            (44.325, 3.595, "Florac"),
            (44.365, 3.410, "Sainte-Enimie"),
            (44.290, 3.300, "La Malène, Gorges du Tarn"),
            (44.190, 3.205, "Le Rozier (the Jonte joins)"),
            (44.098, 3.078, "Millau"),
            (44.050, 2.900, "Saint-Rome-de-Tarn"),
            (43.990, 2.620, "Brousse-le-Château"),
            (43.940, 2.490, "Trébas"),
            (43.945, 2.380, "Ambialet"),
            (43.930, 2.145, "Albi"),
            (43.900, 1.897, "Gaillac"),
            (43.822, 1.720, "Rabastens"),
            (43.775, 1.685, "Saint-Sulpice-la-Pointe (the Agout joins)"),
            (43.866, 1.503, "Villemur-sur-Tarn"),
            (43.920, 1.430, "Reyniès"),
            (43.970, 1.370, "Bressols"),
            (44.015, 1.352, "Montauban"),
            (44.050, 1.300, "Villemade"),
            (44.062, 1.265, "Barry-d'Islemade, the Aveyron joins"),
            (44.075, 1.230, "below Lafrançaise"),
            (44.090, 1.150, "Les Barthes"),
            (44.091, 1.102, "Moissac, Pont-canal du Cacor"),
            (44.100, 1.080, "Moissac"),
            (44.083, 1.012, "Boudou, into the Garonne"),
        ],
    },
    "aveyron": {
        "name": {"fr": "Aveyron", "en": "Aveyron", "oc": "Avairon"},
        "points": [
            (44.330, 3.090, "Sévérac-le-Château (source area)"),
            (44.383, 2.823, "Laissac"),
            (44.352, 2.575, "Rodez"),
            (44.388, 2.338, "Belcastel"),
            (44.352, 2.035, "Villefranche-de-Rouergue"),
            (44.218, 1.977, "Najac"),
            (44.147, 1.969, "Laguépie (the Viaur joins)"),
            (44.160, 1.890, "Varen"),
            (44.152, 1.756, "Saint-Antonin-Noble-Val"),
            (44.077, 1.727, "Penne"),
            (44.055, 1.665, "Bruniquel"),
            (44.077, 1.618, "Montricoux"),
            (44.074, 1.520, "Nègrepelisse"),
            (44.088, 1.449, "Albias"),
            (44.075, 1.380, "north of Montauban"),
            (44.062, 1.265, "Barry-d'Islemade, into the Tarn"),
        ],
    },
    "aude": {
        "name": {"fr": "Aude", "en": "Aude", "oc": "Aude"},
        "points": [
            (42.900, 2.190, "Quillan (coming down from the Pyrenees)"),
            (42.940, 2.250, "Couiza"),
            (43.055, 2.220, "Limoux"),
            (43.130, 2.280, "Pieusse"),
            (43.205, 2.355, "Carcassonne, below the Cité"),
            (43.220, 2.360, "Carcassonne, Pont-Vieux"),
            (43.208, 2.440, "Trèbes"),
            (43.195, 2.540, "Marseillette"),
            (43.218, 2.625, "Puichéric"),
            (43.240, 2.720, "Roubia"),
            (43.232, 2.850, "Canet"),
            (43.255, 2.940, "Sallèles-d'Aude"),
            (43.245, 2.995, "Cuxac-d'Aude"),
            (43.230, 3.060, "Coursan"),
            (43.237, 3.120, "Salles-d'Aude"),
            (43.213, 3.237, "Les Cabanes de Fleury (mouth)"),
        ],
    },
    "orb": {
        "name": {"fr": "Orb", "en": "Orb", "oc": "Òrb"},
        "points": [
            (43.820, 3.250, "Causse du Larzac (source)"),
            (43.760, 3.100, "Avène"),
            (43.615, 3.155, "Bédarieux"),
            (43.595, 3.080, "Lamalou-les-Bains"),
            (43.570, 3.050, "Le Poujol-sur-Orb"),
            (43.500, 3.025, "Roquebrun"),
            (43.450, 3.050, "Cessenon-sur-Orb"),
            (43.420, 3.130, "Murviel, below"),
            (43.380, 3.170, "Lignan-sur-Orb"),
            (43.337, 3.207, "Béziers, Pont-Vieux"),
            (43.300, 3.240, "Villeneuve-lès-Béziers"),
            (43.280, 3.280, "Sérignan"),
            (43.252, 3.298, "Valras-Plage (mouth)"),
        ],
    },
    "herault": {
        "name": {"fr": "Hérault", "en": "Hérault", "oc": "Erau"},
        "points": [
            (44.120, 3.580, "Mont Aigoual (source)"),
            (44.080, 3.640, "Valleraugue"),
            (43.990, 3.700, "Pont-d'Hérault"),
            (43.935, 3.710, "Ganges"),
            (43.890, 3.740, "Saint-Bauzille-de-Putois"),
            (43.800, 3.640, "Causse-de-la-Selle"),
            (43.710, 3.550, "Saint-Guilhem-le-Désert, Pont du Diable"),
            (43.650, 3.555, "Gignac"),
            (43.600, 3.490, "Canet"),
            (43.540, 3.460, "Paulhan"),
            (43.460, 3.440, "Pézenas"),
            (43.397, 3.418, "Saint-Thibéry"),
            (43.360, 3.425, "Bessan"),
            (43.310, 3.470, "Agde"),
            (43.287, 3.452, "Le Grau-d'Agde (mouth)"),
        ],
    },
}

#: Towns: id, names (fr, en, oc), lat, lon, rank (1 biggest; 3 smallest shown).
TOWNS: list[tuple[str, dict[str, str], float, float, int]] = [
    ("toulouse", {"fr": "Toulouse", "en": "Toulouse", "oc": "Tolosa"}, 43.6045, 1.4440, 1),
    ("montpellier", {"fr": "Montpellier", "en": "Montpellier", "oc": "Montpelhièr"}, 43.6108, 3.8767, 1),
    ("carcassonne", {"fr": "Carcassonne", "en": "Carcassonne", "oc": "Carcassona"}, 43.2130, 2.3491, 2),
    ("beziers", {"fr": "Béziers", "en": "Béziers", "oc": "Besièrs"}, 43.3442, 3.2158, 2),
    ("narbonne", {"fr": "Narbonne", "en": "Narbonne", "oc": "Narbona"}, 43.1839, 3.0044, 2),
    ("montauban", {"fr": "Montauban", "en": "Montauban", "oc": "Montalban"}, 44.0176, 1.3550, 2),
    ("agen", {"fr": "Agen", "en": "Agen", "oc": "Agen"}, 44.2033, 0.6163, 2),
    ("albi", {"fr": "Albi", "en": "Albi", "oc": "Albi"}, 43.9289, 2.1464, 2),
    ("sete", {"fr": "Sète", "en": "Sète", "oc": "Seta"}, 43.4028, 3.6930, 2),
    ("agde", {"fr": "Agde", "en": "Agde", "oc": "Agde"}, 43.3108, 3.4758, 3),
    ("castelnaudary", {"fr": "Castelnaudary", "en": "Castelnaudary", "oc": "Castèlnòu d'Arri"}, 43.3183, 1.9539, 3),
    ("moissac", {"fr": "Moissac", "en": "Moissac", "oc": "Moissac"}, 44.1050, 1.0847, 3),
    ("marmande", {"fr": "Marmande", "en": "Marmande", "oc": "Marmanda"}, 44.5003, 0.1653, 3),
    ("millau", {"fr": "Millau", "en": "Millau", "oc": "Milhau"}, 44.0983, 3.0780, 3),
    ("limoux", {"fr": "Limoux", "en": "Limoux", "oc": "Limós"}, 43.0547, 2.2186, 3),
]


# --------------------------------------------------------------------- Natural Earth land
def fetch_atlas(workdir: Path) -> Path:
    """``npm pack`` the world-atlas package into ``workdir``; the path of its 1:10m land."""
    subprocess.run(["npm", "pack", ATLAS], cwd=workdir, check=True, capture_output=True)
    tgz = next(workdir.glob("world-atlas-*.tgz"))
    with tarfile.open(tgz) as tar:
        tar.extractall(workdir, filter="data")
    return workdir / "package" / "land-10m.json"


def decode_topojson(path: Path) -> list[list[list[tuple[float, float]]]]:
    """The polygons (each a list of rings of (lon, lat)) of the ``land`` object."""
    topo = json.loads(path.read_text())
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs: list[list[tuple[float, float]]] = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(indices: list[int]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for i in indices:
            pts = arcs[i] if i >= 0 else arcs[~i][::-1]
            out += pts if not out else pts[1:]
        return out

    polygons = []
    for geom in topo["objects"]["land"]["geometries"]:
        polys = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        polygons += [[ring(r) for r in poly] for poly in polys]
    return polygons


def clip(ring: list[tuple[float, float]], bbox: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    """Sutherland–Hodgman clipping of a ring (lon, lat) to a rectangle."""
    west, south, east, north = bbox
    edges = [(0, west, True), (0, east, False), (1, south, True), (1, north, False)]
    out = ring
    for axis, value, keep_above in edges:
        if not out:
            break
        src, out = out, []

        def inside(p: tuple[float, float], axis: int = axis, value: float = value,
                   keep_above: bool = keep_above) -> bool:
            return p[axis] >= value if keep_above else p[axis] <= value

        for i, cur in enumerate(src):
            prev = src[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(_cross(prev, cur, axis, value))
                out.append(cur)
            elif inside(prev):
                out.append(_cross(prev, cur, axis, value))
    return out


def _cross(a: tuple[float, float], b: tuple[float, float], axis: int, value: float) -> tuple[float, float]:
    t = (value - a[axis]) / (b[axis] - a[axis])
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def drop_edge_spikes(ring: list[tuple[float, float]],
                     bbox: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    """Drop the points clipping leaves in the middle of a run along one side of the box."""
    west, south, east, north = bbox

    def sides(p: tuple[float, float]) -> set[str]:
        return {name for name, on in (("w", p[0] == west), ("e", p[0] == east), ("s", p[1] == south),
                                      ("n", p[1] == north)) if on}

    changed = True
    while changed and len(ring) > 3:
        changed = False
        for i, cur in enumerate(ring):
            prev, nxt = ring[i - 1], ring[(i + 1) % len(ring)]
            if sides(prev) & sides(cur) & sides(nxt):
                ring = ring[:i] + ring[i + 1:]
                changed = True
                break
    return ring


def simplify(pts: list[tuple[float, float]], tolerance: float) -> list[tuple[float, float]]:
    """Douglas–Peucker simplification (tolerance in degrees)."""
    if len(pts) < 3:
        return pts
    (x0, y0), (x1, y1) = pts[0], pts[-1]
    dx, dy = x1 - x0, y1 - y0
    norm = (dx * dx + dy * dy) ** 0.5 or 1e-12
    far, far_d = 0, -1.0
    for i, (x, y) in enumerate(pts[1:-1], start=1):
        d = abs(dy * (x - x0) - dx * (y - y0)) / norm
        if d > far_d:
            far, far_d = i, d
    if far_d <= tolerance:
        return [pts[0], pts[-1]]
    return simplify(pts[: far + 1], tolerance)[:-1] + simplify(pts[far:], tolerance)


def land_layer(atlas: Path) -> dict[str, Any]:
    """Natural Earth's land, clipped to :data:`BBOX`, as rings of [lat, lon]."""
    rings = []
    for poly in decode_topojson(atlas):
        for ring in poly:
            xs = [p[0] for p in ring]
            ys = [p[1] for p in ring]
            if max(xs) < BBOX[0] or min(xs) > BBOX[2] or max(ys) < BBOX[1] or min(ys) > BBOX[3]:
                continue
            cut = clip(ring, BBOX)
            cut = drop_edge_spikes(cut, BBOX)
            if len(cut) >= 3:
                half = len(cut) // 2  # a closed ring: simplify its two halves
                cut = simplify(cut[: half + 1], 0.002)[:-1] + simplify(cut[half:] + [cut[0]], 0.002)[:-1]
                rings.append([[round(lat, 4), round(lon, 4)] for lon, lat in cut])
    return {
        "provenance": {
            "source": "Natural Earth 1:10m physical vectors, land (version 4.1.0), as packaged in the "
                      f"npm package {ATLAS} (TopoJSON)",
            "licence": PUBLIC_DOMAIN,
            "done": f"decoded from TopoJSON, clipped to lon {BBOX[0]}..{BBOX[2]}, lat {BBOX[1]}..{BBOX[3]}, "
                    "simplified (Douglas-Peucker, 0.002 degrees), rounded to 4 decimals",
            "reconstructed": False,
        },
        "rings": rings,
    }


def build(atlas: Path) -> dict[str, Any]:
    """The whole base map."""
    return {
        "_about": ("The base map under the exhibit's maps: land and sea of the Golfe du Lion, the Étang de "
                   "Thau, five rivers and the region's towns, as (lat, lon) in WGS84 degrees. Made by "
                   "scripts/make_basemap.py; every layer says where it comes from and what was done. "
                   "Drawn at regional scale: good enough to find one's way, not for navigation."),
        "bbox": {"west": BBOX[0], "south": BBOX[1], "east": BBOX[2], "north": BBOX[3]},
        "land": land_layer(atlas),
        "lagoons": {
            "provenance": {
                "source": "well-known approximate positions of places on the shore (each point's label)",
                "licence": PUBLIC_DOMAIN,
                "done": "reconstructed: a polygon drawn through the shore places, because Natural Earth's "
                        "1:10m land does not cut the lagoons out",
                "reconstructed": True,
            },
            "items": [{"id": "etang-de-thau", "reconstructed": True,
                       "name": {"fr": "Étang de Thau", "en": "Étang de Thau", "oc": "Estanh de Taur"},
                       "points": [{"label": label, "lat": lat, "lon": lon} for lat, lon, label in THAU]},
                      {"id": "etang-de-bages-sigean", "reconstructed": True,
                       "name": {"fr": "Étang de Bages-Sigean", "en": "Étang de Bages-Sigean",
                                "oc": "Estanh de Bages e Sijan"},
                       "points": [{"label": label, "lat": lat, "lon": lon} for lat, lon, label in BAGES_SIGEAN]}],
        },
        "rivers": {
            "provenance": {
                "source": "well-known approximate positions of the source area, towns, bridges, confluences "
                          "and mouth of each river (each point's label)",
                "licence": PUBLIC_DOMAIN,
                "done": "reconstructed: a polyline through those places in order downstream, because no "
                        "package registry carries river lines; the map smooths it when drawing",
                "reconstructed": True,
            },
            "items": [{"id": rid, "reconstructed": True, "name": spec["name"],
                       "points": [{"label": label, "lat": lat, "lon": lon} for lat, lon, label in spec["points"]]}
                      for rid, spec in RIVERS.items()],
        },
        "towns": {
            "provenance": {
                "source": "well-known approximate positions of the town centres; Occitan names as commonly "
                          "written in Languedocien and Gascon usage",
                "licence": PUBLIC_DOMAIN,
                "done": "typed in; rank 1 for regional capitals, 2 for main towns, 3 for smaller ones",
                "reconstructed": False,
            },
            "items": [{"id": tid, "name": names, "lat": lat, "lon": lon, "rank": rank}
                      for tid, names, lat, lon, rank in TOWNS],
        },
    }


def main() -> None:
    """Write :data:`OUT`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atlas", type=Path, help="world-atlas land-10m.json (default: npm pack it)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        atlas = args.atlas or fetch_atlas(Path(tmp))
        data = build(atlas)
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
