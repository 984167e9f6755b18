"""Map labels that never collide: a simple, deterministic greedy placement.

Pure Python (no Panel, no Bokeh). Labels are given in screen pixels (x to the right, y
downwards, as Bokeh's ``x_offset``/``y_offset`` are) with a priority and candidate
positions; :func:`place_labels` takes them most important first and gives each the first
candidate whose box overlaps no box already placed, no obstacle (markers, the scale bar...)
and stays inside the plot; a label with no room left tries its short text, then is dropped.

Text sizes are estimated from character classes (Helvetica/Arial-like metrics, slightly
generous), so the boxes are a little larger than what the browser draws.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

#: A box in screen pixels: (left, top, right, bottom).
Box = tuple[float, float, float, float]

_NARROW = set("iljtfrI.,;:'’·!|()[] -")
_WIDE = set("mwMWœŒæÆ—%@")


def text_size(text: str, font_px: float, *, bold: bool = False, padding: float = 2) -> tuple[float, float]:
    """The estimated (width, height) in pixels of ``text`` drawn at ``font_px`` with its box."""
    em = 0.0
    for ch in text:
        if ch in _NARROW:
            em += 0.32
        elif ch in _WIDE:
            em += 0.86
        elif ch.isupper() or ch.isdigit():
            em += 0.70
        else:
            em += 0.57
    width = em * font_px * (1.08 if bold else 1.0) + 2 * padding + 2
    return width, font_px * 1.25 + 2 * padding


#: Where the anchor point sits on the text's box: (fraction of width, fraction of height).
ANCHORS: dict[str, tuple[float, float]] = {
    "top_left": (0, 0), "top_center": (0.5, 0), "top_right": (1, 0),
    "center_left": (0, 0.5), "center": (0.5, 0.5), "center_right": (1, 0.5),
    "bottom_left": (0, 1), "bottom_center": (0.5, 1), "bottom_right": (1, 1),
}


def box_of(x: float, y: float, w: float, h: float, dx: float, dy: float, anchor: str, angle: float = 0) -> Box:
    """The screen box of a ``w`` × ``h`` text anchored at (x + dx, y + dy); rotated texts
    (``angle`` in radians, counter-clockwise, about the anchor) get the box around them."""
    pts = corners_of(x, y, w, h, dx, dy, anchor, angle)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


Quad = tuple[tuple[float, float], ...]


def corners_of(x: float, y: float, w: float, h: float, dx: float, dy: float, anchor: str,
               angle: float = 0) -> Quad:
    """The four corners (screen pixels, in order around) of a text's box, rotated as drawn."""
    fx, fy = ANCHORS[anchor]
    ax, ay = x + dx, y + dy
    corners = [(-fx * w, -fy * h), ((1 - fx) * w, -fy * h), ((1 - fx) * w, (1 - fy) * h), (-fx * w, (1 - fy) * h)]
    if angle:
        c, s = math.cos(angle), math.sin(angle)
        corners = [(cx * c + cy * s, -cx * s + cy * c) for cx, cy in corners]  # y down: clockwise maths
    return tuple((ax + cx, ay + cy) for cx, cy in corners)


def quad(b: Box) -> Quad:
    """A box's corners."""
    return ((b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3]))


def overlaps(a: Box, b: Box, gap: float = 1.0) -> bool:
    """Whether two boxes overlap (or come closer than ``gap`` pixels)."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def quads_overlap(a: Quad, b: Quad, gap: float = 1.0) -> bool:
    """Whether two convex quadrilaterals overlap (or come closer than ``gap`` pixels along
    one of their sides' normals): the separating axis test."""
    for poly in (a, b):
        for i in range(len(poly)):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y0 - y1, x1 - x0
            norm = math.hypot(nx, ny) or 1.0
            nx, ny = nx / norm, ny / norm
            pa = [px * nx + py * ny for px, py in a]
            pb = [px * nx + py * ny for px, py in b]
            if max(pa) + gap <= min(pb) or max(pb) + gap <= min(pa):
                return False
    return True


@dataclass(frozen=True)
class Candidate:
    """One position for a label: offset from its point, anchor, angle (radians)."""

    dx: float
    dy: float
    anchor: str
    angle: float = 0.0
    #: Another point to anchor at (rivers: a point further along), screen pixels.
    at: tuple[float, float] | None = None


@dataclass
class Label:
    """A label to place: its point in screen pixels, text, size, priority (lower first)."""

    key: str
    text: str
    x: float
    y: float
    font_px: float
    priority: float
    candidates: Sequence[Candidate]
    bold: bool = False
    padding: float = 2
    short: str | None = None
    #: Placed even when nothing fits: over the edge of a marker if it must, else at its first
    #: candidate (the game's numerals and places).
    required: bool = False
    #: May cover the edge of a marker (never its middle) when there is no free room.
    edges_ok: bool = False
    #: Farther positions a required label tries when its own candidates have no room.
    fallback: Sequence[Candidate] = ()


@dataclass
class Placed:
    """Where a label went."""

    label: Label
    text: str
    x: float
    y: float
    candidate: Candidate
    box: Box
    corners: Quad
    forced: bool = False
    extra: dict[str, object] = field(default_factory=dict)


def place_labels(labels: Iterable[Label], *, width: float, height: float,
                 obstacles: Iterable[Box] = (), margin: float = 2,
                 placed: dict[str, Placed] | None = None) -> dict[str, Placed]:
    """Place ``labels`` most important first (then in the given order); the result by key.

    A label's box may not overlap another placed label (``placed``: labels placed before,
    kept and returned too), an obstacle, or leave the plot (``width`` × ``height`` pixels,
    less ``margin``). Deterministic for the same input."""
    out: dict[str, Placed] = dict(placed or {})
    taken: list[Quad] = [p.corners for p in out.values()]
    obstacles = list(obstacles)
    blocked = [quad(o) for o in obstacles]
    # a required label with no free room may cover the edge of a marker, never its middle
    cores = [quad(((o[0] + o[2]) / 2 - 4, (o[1] + o[3]) / 2 - 4, (o[0] + o[2]) / 2 + 4, (o[1] + o[3]) / 2 + 4))
             for o in obstacles]
    ordered = sorted(enumerate(labels), key=lambda il: (il[1].priority, il[0]))

    def fits(b: Box, q: Quad, *, strict: bool) -> bool:
        if b[0] < margin or b[1] < margin or b[2] > width - margin or b[3] > height - margin:
            return False
        if any(quads_overlap(q, t) for t in taken):
            return False
        return not any(quads_overlap(q, o, gap=0) for o in (blocked if strict else cores))

    for _, lab in ordered:
        done = None
        tries = [(lab.candidates, True)]
        if lab.required or lab.edges_ok:  # near, over a marker's edge
            tries.append((lab.candidates, False))
        if lab.required:  # then farther out, free, then over an edge
            tries += [(lab.fallback, True), (lab.fallback, False)]
        for candidates, strict in tries:
            for text in (lab.text, lab.short) if lab.short else (lab.text,):
                w, h = text_size(text, lab.font_px, bold=lab.bold, padding=lab.padding)
                for cand in candidates:
                    x, y = cand.at or (lab.x, lab.y)
                    q = corners_of(x, y, w, h, cand.dx, cand.dy, cand.anchor, cand.angle)
                    b = box_of(x, y, w, h, cand.dx, cand.dy, cand.anchor, cand.angle)
                    if fits(b, q, strict=strict):
                        done = Placed(lab, text, x, y, cand, b, q)
                        break
                if done:
                    break
            if done:
                break
        if done is None and lab.required and lab.candidates:
            w, h = text_size(lab.text, lab.font_px, bold=lab.bold, padding=lab.padding)
            cand = lab.candidates[0]
            x, y = cand.at or (lab.x, lab.y)
            done = Placed(lab, lab.text, x, y, cand, box_of(x, y, w, h, cand.dx, cand.dy, cand.anchor, cand.angle),
                          corners_of(x, y, w, h, cand.dx, cand.dy, cand.anchor, cand.angle), forced=True)
        if done is not None:
            taken.append(done.corners)
            out[lab.key] = done
    return out


def beside(box: Box, gap: float = 3) -> list[Candidate]:
    """Positions right against a placed label's box (right, below, left, above): a second
    name read with the first ("IV Carcassonne")."""
    left, top, right, bottom = box
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    return [Candidate(0, 0, "center_left", at=(right + gap, mid_y)),
            Candidate(0, 0, "top_center", at=(mid_x, bottom + gap / 2)),
            Candidate(0, 0, "center_right", at=(left - gap, mid_y)),
            Candidate(0, 0, "bottom_center", at=(mid_x, top - gap / 2))]


def around(gap: float, *, prefer: str = "right") -> list[Candidate]:
    """The eight positions around a point ``gap`` pixels away, ``prefer`` first."""
    d = gap * 0.72
    right = Candidate(gap, 0, "center_left")
    left = Candidate(-gap, 0, "center_right")
    above = Candidate(0, -gap, "bottom_center")
    below = Candidate(0, gap, "top_center")
    diagonals = [Candidate(d, -d, "bottom_left"), Candidate(d, d, "top_left"), Candidate(-d, -d, "bottom_right"),
                 Candidate(-d, d, "top_right")]
    first = {"right": [right, left, above, below], "left": [left, right, above, below],
             "above": [above, below, right, left], "below": [below, above, right, left]}[prefer]
    return first + diagonals


def along(path: Sequence[tuple[float, float]], text_width: float, *, offsets: Sequence[float] = (0,),
          steps: int = 15, max_angle: float = math.radians(35)) -> list[Candidate]:
    """Positions along a line (screen pixels) for a label following it: the middle of the
    drawn part first, then outwards; the label sits each of ``offsets`` pixels above, then
    below the line."""
    if len(path) < 2:
        return []
    cum = [0.0]
    for (x0, y0), (x1, y1) in zip(path, path[1:], strict=False):
        cum.append(cum[-1] + math.hypot(x1 - x0, y1 - y0))
    total = cum[-1]
    if total < min(text_width * 1.1, 60):
        return []
    text_width = min(text_width, total)

    def at(s: float) -> tuple[float, float]:
        s = min(max(s, 0.0), total)
        for i in range(1, len(cum)):
            if cum[i] >= s:
                t = (s - cum[i - 1]) / ((cum[i] - cum[i - 1]) or 1)
                (x0, y0), (x1, y1) = path[i - 1], path[i]
                return x0 + t * (x1 - x0), y0 + t * (y1 - y0)
        return path[-1]

    half = text_width / 2
    fractions = [0.5]
    for k in range(1, steps // 2 + 1):
        step = k / (steps + 1)
        fractions += [0.5 + step, 0.5 - step]
    out = []
    for f in fractions:
        s = half + f * (total - text_width)
        (ax, ay), (bx, by) = at(s - half), at(s + half)
        angle = math.atan2(-(by - ay), bx - ax)  # screen y is down; the angle is counter-clockwise
        if angle > math.pi / 2:
            angle -= math.pi
        elif angle < -math.pi / 2:
            angle += math.pi
        cx, cy = at(s)
        if abs(angle) > max_angle:  # too steep to follow: written level, beside the line
            out += [Candidate(offsets[0], 0, "center_left", at=(cx, cy)),
                    Candidate(-offsets[0], 0, "center_right", at=(cx, cy))]
            continue
        nx, ny = -math.sin(angle), -math.cos(angle)  # the upward normal, in screen pixels
        for offset in offsets:
            for side in (1, -1):
                out.append(Candidate(nx * offset * side, ny * offset * side, "center", angle, at=(cx, cy)))
    return out
