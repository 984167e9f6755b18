"""Arriala's board drawn as SVG (plain markup, no user-interface library): one row per
stretch, town to town; workers as coloured discs, locks as dark bars, closed cells grey, each
section underlined; vineyards, river works and scores beside. The lesson notebooks show it
(:mod:`canal_heritage.lessons.arriala`), and the game review shows the board as a seat saw it
at a turning point (:func:`board_seen`).

The board is public: everything drawn is what every player sees (A-R11); no hand is drawn.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence

from .arriala import ArrialaGame, ArrialaState
from .arriala.narration import Narrator
from .arriala.observation import ArrialaObservation, sample_state
from .look import arriala_seat

__all__ = ["CELL", "board_seen", "board_svg"]

CELL = 38  # cell size in the drawing, px


def _owner_colour(game: ArrialaGame, owner: int) -> str:
    """The owner's colour, as at the exhibit's table (the virtual player, A-R8, in grey)."""
    return arriala_seat(owner, game.players)[0]


def board_svg(state: ArrialaState, lang: str = "fr", *, names: Sequence[str] | None = None,
              highlight: Sequence[str] = ()) -> str:
    """The board of ``state`` as SVG: one row per stretch, town to town; workers as
    coloured discs, locks as dark bars, closed cells grey, each section underlined;
    vineyards, river works and scores beside. ``highlight`` lists cell ids to ring."""
    n = Narrator(lang, state.game, names=names)
    tr = n.tr
    g = state.game
    b = g.board
    d = state.to_dict()
    where: dict[str, list[int]] = {}
    for owner, places in enumerate(d["workers"]):
        for place in places:
            where.setdefault(place, []).append(owner)
    locks = set(d["locks"])
    closed = set(d["closed"])
    lock_word = html.escape(tr.ui("lesson.board", "lock"))
    scores_word = html.escape(tr.ui("lesson.board", "Scores"))
    rows = []
    width = 0
    x0 = 110
    parts: list[str] = []
    for si, st in enumerate(b.stretches):
        y = 40 + si * 78
        left = b.cells[st.first - 1]
        right = b.cells[st.last + 1]
        xs = [x0 + (k + 1) * (CELL + 4) for k in range(st.last - st.first + 1)]
        xr = xs[-1] + CELL + 30
        width = max(width, xr + 110)
        for town, x, anchor in ((left, x0, "end"), (right, xr, "start")):
            tid = b.cell_id(town.index)
            label = html.escape(n.place(tid))
            tx = x - 22 if anchor == "end" else x + 22
            parts.append(f'<circle cx="{x}" cy="{y}" r="16" fill="#fff8e7" stroke="#6d4c2f" stroke-width="2">'
                         f'<title>{label}</title></circle>')
            parts.append(f'<text x="{tx}" y="{y + 4}" text-anchor="{anchor}" font-size="12">{label}</text>')
            for j, owner in enumerate(sorted(where.get(tid, []))):
                parts.append(f'<circle cx="{x - 8 + 8 * (j % 3)}" cy="{y + 22 + 8 * (j // 3)}" r="4" '
                             f'fill="{_owner_colour(g, owner)}" stroke="#222" stroke-width="0.5"/>')
        parts.append(f'<line x1="{x0 + 16}" y1="{y}" x2="{xr - 16}" y2="{y}" stroke="#3f7fbf" stroke-width="6"/>')
        for k, x in enumerate(xs):
            c = st.first + k
            cid = b.cell_id(c)
            fill = "#cfcfcf" if cid in closed else "#eaf4fb"
            label = html.escape(n.cell(cid))
            ring = ' stroke="#e65100" stroke-width="3"' if cid in highlight else ' stroke="#3f7fbf" stroke-width="1"'
            parts.append(f'<rect x="{x - CELL // 2}" y="{y - CELL // 2}" width="{CELL}" height="{CELL}" rx="4" '
                         f'fill="{fill}"{ring}><title>{label}</title></rect>')
            parts.append(f'<text x="{x}" y="{y - CELL // 2 - 3}" text-anchor="middle" font-size="9" '
                         f'fill="#555">{k + 1}</text>')
            if cid in locks:
                parts.append(f'<rect x="{x - 5}" y="{y - CELL // 2 + 2}" width="10" height="{CELL - 4}" '
                             f'fill="#37474f"><title>{lock_word}</title></rect>')
            for owner in where.get(cid, []):
                parts.append(f'<circle cx="{x}" cy="{y}" r="11" fill="{_owner_colour(g, owner)}" '
                             f'stroke="#222" stroke-width="1"><title>{html.escape(n.owner(owner))}</title></circle>')
        rows.append(y)
    # sections: a bracket under each, from the engine's own list
    for a, z in state.sections():
        si = b.cells[a].stretch
        st = b.stretches[si]
        y = rows[si] + CELL // 2 + 6
        xa = x0 + (a - st.first + 1) * (CELL + 4) - CELL // 2 + 2
        xz = x0 + (z - st.first + 1) * (CELL + 4) + CELL // 2 - 2
        colour = "#999" if b.cell_id(a) in closed else "#e65100"
        parts.append(f'<path d="M{xa} {y - 3} V{y} H{xz} V{y - 3}" fill="none" stroke="{colour}" stroke-width="2"/>')
    # the side panel
    side = width
    y = 30
    side_lines: list[tuple[str, list[int]]] = []
    for v in b.vineyards:
        side_lines.append((tr.ui("lesson.board", "{vineyard} vineyard ({capacity} cells)", vineyard=n.place(v.id),
                                 capacity=v.capacity), sorted(where.get(v.id, []))))
    for blue in b.blue:
        side_lines.append((tr.ui("lesson.board", "River work: {kind}", kind=n.place(blue.kind)),
                           sorted(where.get(blue.id, []))))
    for work, seat in d["works"].items():
        side_lines.append((tr.ui("lesson.board", "{work}: built", work=n.place(work)), [seat]))
    for text, owners in side_lines:
        parts.append(f'<text x="{side}" y="{y}" font-size="12">{html.escape(text)}</text>')
        for j, owner in enumerate(owners):
            parts.append(f'<circle cx="{side + 8 + 12 * j}" cy="{y + 9}" r="5" fill="{_owner_colour(g, owner)}" '
                         f'stroke="#222" stroke-width="0.5"/>')
        y += 30
    y += 6
    parts.append(f'<text x="{side}" y="{y}" font-size="12" font-weight="bold">'
                 f'{scores_word}</text>')
    for owner, points in enumerate(d["scores"]):
        y += 17
        parts.append(f'<circle cx="{side + 6}" cy="{y - 4}" r="5" fill="{_owner_colour(g, owner)}"/>')
        label = html.escape(tr.ui("arriala.count", "{owner} {n}", owner=n.owner(owner), n=points))
        parts.append(f'<text x="{side + 16}" y="{y}" font-size="12">{label}</text>')
    height = max(rows[-1] + 60, y + 20)
    total_width = side + 260
    title = html.escape(tr.ui("lesson.board", "The Arriala board"))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_width}" height="{height}" '
            f'viewBox="0 0 {total_width} {height}" font-family="sans-serif" role="img" aria-label="{title}">'
            f'<title>{title}</title>{"".join(parts)}</svg>')


def board_seen(obs: ArrialaObservation, lang: str = "fr", *, names: Sequence[str] | None = None) -> str:
    """The board as the observing seat saw it (:func:`board_svg`): drawn from a world dealt
    from its observation, whose cards the drawing never shows (the board itself is public)."""
    return board_svg(sample_state(obs, random.Random(0)), lang, names=names)
