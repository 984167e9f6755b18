"""The base map under the exhibit's maps (issue 13, item 7): the data loads, says where it
comes from, has what the maps need, stays in the region and stays small."""

from __future__ import annotations

from canal_heritage.basemap import load_basemap, project_line
from canal_heritage.datafiles import data_dir

RIVERS = ("garonne", "tarn", "aude", "orb", "herault")


def test_loads_with_provenance_for_every_layer() -> None:
    bm = load_basemap()
    assert set(bm.provenance) == {"land", "lagoons", "rivers", "towns"}
    for prov in bm.provenance.values():
        assert prov.licence == "public domain"
        assert prov.source and prov.done
    assert "Natural Earth" in bm.provenance["land"].source
    # what is drawn through known places says so
    assert bm.provenance["rivers"].reconstructed and bm.provenance["lagoons"].reconstructed
    assert all(r.reconstructed for r in bm.rivers.values())
    assert all(w.label for r in bm.rivers.values() for w in r.waypoints)


def test_has_toulouse_thau_and_the_five_rivers() -> None:
    bm = load_basemap()
    assert bm.town("toulouse").name("oc") == "Tolosa"
    for town in ("carcassonne", "beziers", "sete", "agde", "castelnaudary", "montauban", "moissac", "agen",
                 "narbonne"):
        assert bm.town(town).name("fr")
    assert "etang-de-thau" in bm.lagoons
    assert set(RIVERS) <= set(bm.rivers)
    assert bm.rivers["garonne"].name("oc") == "Garona"
    assert all(len(bm.rivers[r].points) >= 8 for r in RIVERS)


def test_coordinates_in_the_region() -> None:
    bm = load_basemap()
    west, south, east, north = bm.bbox
    pts = [p for ring in bm.land for p in ring]
    pts += [p for line in (*bm.rivers.values(), *bm.lagoons.values()) for p in line.points]
    pts += [(t.lat, t.lon) for t in bm.towns]
    for lat, lon in pts:
        assert south <= lat <= north and west <= lon <= east, (lat, lon)


def test_sea_is_where_it_should_be() -> None:
    """Toulouse and Carcassonne are inland; the coast runs east of Narbonne and Béziers."""
    bm = load_basemap()
    coast = bm.coastline()
    assert coast and all(len(line) > 5 for line in coast)
    shore = [p for line in coast for p in line]
    for town in ("narbonne", "beziers", "agde", "sete"):
        t = bm.town(town)
        nearest = min(shore, key=lambda p: (p[0] - t.lat) ** 2 + (p[1] - t.lon) ** 2)
        assert abs(nearest[0] - t.lat) < 0.2 and abs(nearest[1] - t.lon) < 0.2, town
    assert min(lon for _lat, lon in shore) > 2.9  # no sea west of the Corbières


def test_rivers_reach_the_sea_or_the_garonne() -> None:
    bm = load_basemap()
    assert bm.rivers["tarn"].points[-1] in bm.rivers["garonne"].points
    assert bm.rivers["aveyron"].points[-1] in bm.rivers["tarn"].points
    for rid in ("aude", "orb", "herault"):
        lat, lon = bm.rivers[rid].points[-1]
        shore = [p for line in bm.coastline() for p in line]
        assert min(((p[0] - lat) ** 2 + (p[1] - lon) ** 2) ** 0.5 for p in shore) < 0.05, rid
    smooth = bm.rivers["garonne"].smooth()
    assert smooth[0] == bm.rivers["garonne"].points[0] and smooth[-1] == bm.rivers["garonne"].points[-1]


def test_projection_and_file_size() -> None:
    xs, ys = project_line([(43.9, 1.75), (44.0, 1.75)], origin=(43.9, 1.75))
    assert xs == [0.0, 0.0] and abs(ys[1] - 11.1) < 0.2
    assert (data_dir() / "heritage" / "basemap.json").stat().st_size < 150_000


def test_the_explorer_map_places_its_labels_without_overlap() -> None:
    """Every region, language and mode: labels inside the map, none over another, the nine
    numerals and the canals' names always there (the boxes the placement computed)."""
    from canal_heritage.views.explorer.maplabels import quads_overlap
    from canal_heritage.views.explorer.page import CanalMap

    for region in ("both", "midi", "garonne"):
        for lang in ("fr", "en", "oc"):
            for projector in (False, True):
                m = CanalMap(lang=lang, region=region, projector=projector)
                for width in (None, 1120, 1280):  # as built, then as the page reports its width
                    if width:
                        m._resized("inner_width", None, width)
                    placed = list(m.placed.values())
                    assert not any(p.forced for p in placed)
                    for i, a in enumerate(placed):
                        for b in placed[i + 1:]:
                            assert not quads_overlap(a.corners, b.corners, gap=0), (a.text, b.text)
                if region != "garonne":
                    assert all(m.label_of(f"midi-{n}") == n for n in ("I", "V", "IX"))
                assert any(k.startswith("line:") for k in m.placed) and "scale" in m.placed


def test_the_explorer_map_keeps_kilometres_square_with_a_true_scale_bar() -> None:
    from canal_heritage.views.explorer.page import MAP_HEIGHT, MAP_WIDTH, CanalMap

    m = CanalMap(lang="fr")
    for region in ("both", "midi", "garonne"):
        m.region = region
        xr, yr = m.figure.x_range, m.figure.y_range
        assert abs((xr.end - xr.start) / (yr.end - yr.start) - MAP_WIDTH / MAP_HEIGHT) < 1e-9
        (bx0, bx1), _ = m.scale_bar.data["xs"][0], m.scale_bar.data["ys"][0]
        km = round(bx1 - bx0)
        assert f"{km} km" in m.base_labels.data["text"] and (xr.end - xr.start) / 8 <= km <= (xr.end - xr.start) / 3
        assert m.north.data["x"] and xr.start < m.north.data["x"][0] < xr.end
    # the base map is drawn under the canals: the sea, the lagoons, the rivers, the towns' dots
    assert m.towns.data["id"] and len(m.basemap.lagoons) == 2


def test_a_town_written_in_any_language_is_found() -> None:
    bm = load_basemap()
    assert bm.town_named("Béziers") is bm.town("beziers") is bm.town_named("Besièrs")
    assert bm.town_named("Toulouse").name("oc") == "Tolosa"
    assert bm.town_named("Reims") is None and bm.town_named("béziers") is None  # as written, no guessing
