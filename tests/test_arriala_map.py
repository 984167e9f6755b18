"""The Arriala board as a map (issue 13, item 7): workers spread on a shared place, large
markers, labels that never overlap on real game positions, a legend in three languages,
everything larger in projector mode."""

from __future__ import annotations

import itertools
import random

import pytest

from canal_heritage.arriala import ArrialaGame
from canal_heritage.arriala.narration import Narrator
from canal_heritage.arriala.observation import observe
from canal_heritage.i18n import Translator
from canal_heritage.views.tables import arriala_map as M
from canal_heritage.views.tables.arriala_map import ArrialaMap, place_labels, spread


def board(players: int = 4, *, projector: bool = False) -> ArrialaMap:
    return ArrialaMap(ArrialaGame(players), projector=projector, on_tap=lambda x, y: None)


def play(players: int, seed: int, steps: int):
    """A random game's state after ``steps`` actions (seeded)."""
    g = ArrialaGame(players)
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    return g, s


def draw(m: ArrialaMap, g: ArrialaGame, s, lang: str = "en") -> None:
    obs = observe(s, 0)
    m.draw(obs, Narrator(lang, g), Translator(lang), [], None,
           sections=[(a, z, s.closed[a]) for a, z in s.sections()])


def boxes(m: ArrialaMap, scale: float) -> list[tuple[float, float, float, float]]:
    x0, _x1, _y0, y1 = m.extent
    out = []
    for p in m.placed:
        cx, cy = (p.label.x - x0) * scale + p.dx, (y1 - p.label.y) * scale + p.dy
        out.append((cx - p.w / 2, cy - p.h / 2, cx + p.w / 2, cy + p.h / 2))
    return out


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_workers_on_one_place_are_spread_and_never_piled():
    for k in range(1, 9):
        offs = spread(k, M.WORKER_PX / 2)
        assert len(set(offs)) == k
        for (ax, ay), (bx, by) in itertools.combinations(offs, 2):
            assert ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 >= M.WORKER_PX  # markers do not overlap
    # on a real board: every worker in reserve placed on the first town
    g, s = play(4, 3, 0)
    m = board()
    obs = observe(s, 0)
    town = g.board.towns[0]
    loc = tuple(town for _ in obs.loc)
    where = m.worker_xy(type(obs)(**{**obs.__dict__, "loc": loc}))
    km = 1 / m.scales[0]
    pts = list(where.values())
    assert len(set(pts)) == len(pts)
    for (ax, ay), (bx, by) in itertools.combinations(pts, 2):
        assert ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 / km >= M.WORKER_PX - 0.01


def test_markers_are_at_least_24_px_and_larger_on_the_projector():
    assert M.WORKER_PX >= 24
    small, big = board(), board(projector=True)
    assert big.scale > small.scale and big.font_px > small.font_px >= 14
    assert big.min_height > small.min_height and big.max_height > small.max_height
    g, s = play(4, 1, 30)
    draw(small, g, s)
    draw(big, g, s)
    assert min(big.cells.data["size"]) > min(small.cells.data["size"])
    worker = next(r for r in small.figure.renderers if getattr(r, "data_source", None) is small.workers)
    assert worker.glyph.size >= 24


@pytest.mark.parametrize("players,seed,steps", [(2, 1, 20), (3, 2, 60), (4, 3, 120), (4, 5, 250), (2, 8, 400)])
def test_labels_never_overlap_on_real_positions(players, seed, steps):
    g, s = play(players, seed, steps)
    for projector in (False, True):
        m = board(players, projector=projector)
        for lang in ("fr", "oc"):
            draw(m, g, s, lang)
            assert len(m.placed) >= len(g.board.towns)  # every town at least keeps its name
            assert {f"t{c}" for c in g.board.towns} <= {p.label.key for p in m.placed}
            for scale in m.scales:
                for a, b in itertools.combinations(boxes(m, scale), 2):
                    assert not overlap(a, b), (scale, a, b)
            assert m.labels.data["text"] == [p.label.text for p in m.placed]


def test_placement_is_deterministic_and_drops_the_least_important():
    labels = [M.Label(f"k{i}", "A long name here", 0.0, 0.0, i, 5) for i in range(30)]
    first = place_labels(labels, [], (-5, 5, -5, 5), [20], font_px=15)
    assert first == place_labels(labels, [], (-5, 5, -5, 5), [20], font_px=15)
    kept = [p.label.rank for p in first]
    assert kept == sorted(kept) and len(kept) < 30 and kept[0] == 0


def test_sections_are_drawn_with_their_counts():
    g, s = play(4, 3, 120)
    m = board()
    draw(m, g, s)
    assert len(m.sections.data["xs"]) == len(s.sections())
    badges = [p.label.text for p in m.placed if p.label.key.startswith("s")]
    assert badges and all(t.startswith("S") for t in badges)


@pytest.mark.parametrize("lang", ["fr", "en", "oc"])
def test_the_legend_is_there_in_each_language(lang):
    g, s = play(3, 2, 10)
    m = board(3)
    draw(m, g, s, lang)
    html = m.legend.object
    assert "class='legend'" in html and html.count("<li") >= 10
    for o in range(g.owners):
        assert Narrator(lang, g).owner(o) in html  # each seat's shape with its name
    assert html.count("<svg") >= 10


def test_the_base_map_is_under_the_board():
    m = board(4)
    assert any(kind == "river" for kind, *_ in m.base_names)


def test_choice_rings_shrink_so_neighbours_never_overlap():
    """Issue 26, item 5: the numbered rings of the choices along the canal are as large as
    their neighbours leave room for, never overlapping, and keep their full size where alone."""
    from canal_heritage.views.tables.arriala_map import RING_MIN_PX, RING_PX, ring_sizes

    points = [(0.0, 0.0), (0.8, 0.0), (1.6, 0.0), (10.0, 10.0)]  # km: three neighbours and one apart
    sizes = ring_sizes(points, 40.0, RING_PX, RING_MIN_PX)  # 40 px per km: 32 px between neighbours
    assert sizes[3] == RING_PX
    for i, (x, y) in enumerate(points):
        for j, (u, v) in enumerate(points[i + 1:], start=i + 1):
            gap = ((x - u) ** 2 + (y - v) ** 2) ** 0.5 * 40.0
            assert (sizes[i] + sizes[j]) / 2 <= gap, (i, j, sizes)
    assert all(RING_MIN_PX <= z <= RING_PX for z in sizes)
    assert ring_sizes([(0.0, 0.0)], 40.0, RING_PX, RING_MIN_PX) == [RING_PX]
