"""Arriala's moments on the stage (:mod:`.moment_stage`), as the table draws them: a
section's cells lighting up with their counts, the viewer's worker moved by another seat, a
place built; and the story a place tells when it is built."""

from __future__ import annotations

from ...heritage import BuiltStory, built_story
from ...i18n import Translator
from ...look import arriala_seat
from ...matches import moments as M
from .. import art
from ..theme import text
from .moment_stage import mark, who
from .table_like import ArrialaTableLike

__all__ = ["frame", "story"]


def _look(table: ArrialaTableLike, owner: int) -> tuple[str, str]:
    """An owner's (colour, shape), the virtual player's (A-R8) too."""
    return arriala_seat(owner, table.match.game.players)


def _name(table: ArrialaTableLike, owner: int | None) -> str:
    if owner is None:
        return ""
    names = table.match.names
    if owner < len(names):
        return str(names[owner])
    return str(table.narrator.owner(owner))  # the virtual player (A-R8)


def _who(table: ArrialaTableLike, owner: int, size: int = 22) -> str:
    return who(*_look(table, owner), _name(table, owner), size)


def frame(table: ArrialaTableLike, m: M.Moment, tr: Translator) -> tuple[str, str]:
    """A moment's (title, picture markup)."""
    n = table.narrator
    if isinstance(m, M.SectionScored):
        return _section(table, m, tr)
    if isinstance(m, M.WorkerMoved):
        title = tr.ui("moments.moved", "{name} moved your worker", name=_name(table, m.player))
        colour, shape = _look(table, m.owner)
        walker = art.pawn(colour, shape, 30, label=_name(table, m.owner))
        src = n.place(m.frm) if m.how == "from_vineyard" else n.cell(m.frm)
        dest = n.place(m.to) if m.how == "to_vineyard" else n.cell(m.to)
        return title, (f"<div class='m-move'><span>{text(src)}</span><span class='track'>"
                       f"<span class='walker'>{walker}</span></span><span>{text(dest)}</span></div>")
    if isinstance(m, M.WorkBuilt):
        name = _name(table, m.player)
        place = n.blue(m.place) if m.what == "river_work" else n.place(m.place)
        title = tr.ui("moments.built", "{name} builds: {place}", name=name, place=place)
        if m.what == "vineyard":
            title = tr.ui("moments.vineyard", "{name} works the {place} vineyard", name=name, place=place)
        points = f"<span class='m-sum'>+{m.points}</span>" if m.points else ""
        return title, f"<div class='m-built'>{_who(table, m.player, 40)}</div>{points}"
    return "", ""


def _section(table: ArrialaTableLike, m: M.SectionScored, tr: Translator) -> tuple[str, str]:
    """A section's cells lighting up one by one, each with its worker's shape, then the counts."""
    cells = []
    for owner, count in enumerate(m.counts):
        colour, shape = _look(table, owner)
        cells += [mark(colour, shape, 26, "")] * count
    row = "".join(f"<span class='m-cell' style='--i:{i}'>{c}</span>" for i, c in enumerate(cells))
    counts = "".join(
        f"<span class='m-count{' win' if o == m.winner else ''}'>{_who(table, o, 20)} × {count}</span>"
        for o, count in enumerate(m.counts) if count)
    if m.winner is None:
        title = tr.ui("moments.section_none", "Section complete: nobody scores")
    else:
        title = tr.ui_plural("moments.section", "Section complete: {name} scores {n} point",
                             "Section complete: {name} scores {n} points", m.points,
                             name=_name(table, m.winner))
    return title, f"<div class='m-cells'>{row}</div><div class='m-counts'>{counts}</div>"


def story(m: M.Moment, lang: str) -> BuiltStory | None:
    """The story of the place a moment shows built (``heritage.built_story``: a river work's
    is its kind's), or None."""
    if isinstance(m, M.WorkBuilt):
        return built_story("arriala", m.story or m.place, lang)
    return None
