"""The greedy label placement of the maps (issue 13, item 7): boxes, rotation, overlap,
priorities, dropping, and labels that follow a line."""

from __future__ import annotations

import math

from canal_heritage.views.explorer.maplabels import (
    Candidate,
    Label,
    along,
    around,
    beside,
    box_of,
    corners_of,
    place_labels,
    quads_overlap,
    text_size,
)


def test_text_size_grows_with_text_font_and_bold() -> None:
    w1, h1 = text_size("Toulouse", 13)
    assert text_size("Toulouse", 26)[0] > 1.9 * w1 - 10 and h1 > 13
    assert text_size("Toulouse", 13, bold=True)[0] > w1
    assert text_size("WWW", 13)[0] > text_size("iii", 13)[0]


def test_boxes_follow_the_anchor_and_the_angle() -> None:
    assert box_of(100, 100, 40, 10, 5, 0, "center_left") == (105, 95, 145, 105)
    assert box_of(100, 100, 40, 10, 0, -5, "bottom_center") == (80, 85, 120, 95)
    # a quarter turn counter-clockwise about the centre: tall and thin
    x0, y0, x1, y1 = box_of(0, 0, 40, 10, 0, 0, "center", math.pi / 2)
    assert math.isclose(x1 - x0, 10) and math.isclose(y1 - y0, 40)


def test_rotated_boxes_overlap_only_where_they_do() -> None:
    a = corners_of(0, 0, 100, 10, 0, 0, "center", math.radians(45))
    b = corners_of(40, 40, 20, 10, 0, 0, "center")  # inside the rotated box's bounds, beside the text
    c = corners_of(30, -30, 20, 10, 0, 0, "center")  # on the text itself (it rises to the upper right)
    assert not quads_overlap(a, b) and quads_overlap(a, c)


def test_placement_is_greedy_by_priority_and_drops_what_does_not_fit() -> None:
    big = Label("big", "Toulouse", 50, 50, 14, 1, around(6))
    small = Label("small", "Blagnac", 52, 62, 12, 2, around(6))  # its first choice would cover "big"
    never = Label("never", "Nowhere at all", 5, 5, 12, 3, [Candidate(0, 0, "top_right")])  # off the plot
    out = place_labels([small, never, big], width=300, height=200)
    assert set(out) == {"big", "small"}
    assert out["big"].candidate == around(6)[0]  # first choice kept by the more important label
    assert not quads_overlap(out["big"].corners, out["small"].corners)
    assert out["small"].candidate != around(6)[0]
    again = place_labels([small, never, big], width=300, height=200)
    assert {k: p.box for k, p in again.items()} == {k: p.box for k, p in out.items()}  # deterministic


def test_obstacles_and_required_labels() -> None:
    marker = (40, 40, 60, 60)
    lab = Label("n", "IX", 50, 50, 13, 1, [Candidate(0, 0, "center")], required=True)
    out = place_labels([lab], width=200, height=200, obstacles=[marker])
    assert out["n"].forced  # nothing else to try: placed anyway, and said so
    free = Label("f", "IX", 50, 50, 13, 1, [Candidate(0, 0, "center"), *around(14)])
    assert not place_labels([free], width=200, height=200, obstacles=[marker])["f"].forced


def test_along_a_line_and_beside_a_label() -> None:
    path = [(0.0, 100.0), (300.0, 100.0)]
    cands = along(path, 60, offsets=(8,))
    assert cands and cands[0].at == (150.0, 100.0) and cands[0].angle == 0 and cands[0].dy == -8
    steep = along([(0.0, 0.0), (0.0, 300.0)], 60, offsets=(8,))
    assert steep and all(c.angle == 0 and c.anchor in ("center_left", "center_right") for c in steep)
    assert along([(0.0, 0.0), (10.0, 0.0)], 60) == []
    right = beside((10, 10, 30, 20))[0]
    assert right.at == (33, 15) and right.anchor == "center_left"
