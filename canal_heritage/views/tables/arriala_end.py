"""The end of an Arriala game at the table: how the viewer did, who won
and why (A-R18), a chart of the points, the score sheet by kind, and every point line by line."""

from __future__ import annotations

from typing import Any

from ...arriala.narration import Narrator
from ...arriala.sheet import KINDS
from ...i18n import Translator
from ...look import arriala_seat
from ..theme import html, text
from .end_title import TITLE_STYLE, WHY_STYLE
from .table_like import ArrialaTableLike
from .table_shell import points_chart, score_table


def end_parts(table: ArrialaTableLike) -> list[Any]:
    """The end screen's components (the table's shell adds "play again" and "home")."""
    m, tr, n = table.match, table.tr, table.narrator
    sheet = m.score_sheet()
    how = sheet.ranking
    if how in ("points", "canal_workers") and sheet.winners:
        headline = tr.ui("table.winner", "{name} wins!", name=n.owner(sheet.winners[0]))
    else:
        headline = tr.ui("arriala.table.nobody_wins", "Nobody wins this time!")
    why = {
        "points": lambda: tr.ui("arriala.table.why_points", "Most points (A-R18)."),
        "canal_workers": lambda: tr.ui("arriala.table.why_canal", "Tied on points, but with more workers on the "
                                                                  "canal: canal cells and towns (A-R18)."),
        "shared": lambda: tr.ui("arriala.table.why_shared", "Tied on points and on workers on the canal: no "
                                                            "winner (A-R18)."),
        "virtual": lambda: tr.ui("arriala.table.why_virtual", "The virtual player came first or shared first "
                                                              "place: nobody has beaten it (A-R8, A-R18)."),
    }.get(how or "points", lambda: "")()
    end_words = ""
    for line in m.log():
        if line.key == "arriala.stalled":
            end_words = line.text
    kind_names = {
        "section": tr.ui("arriala.table.kind", "Sections"),
        "lock": tr.ui("arriala.table.kind", "Locks"),
        "river_work": tr.ui("arriala.table.kind", "River works"),
        "engineering_work": tr.ui("arriala.table.kind", "Engineering works"),
        "vineyard": tr.ui("arriala.table.kind", "Vineyards"),
        "earlier": tr.ui("arriala.table.kind", "Earlier points"),
    }
    kinds = list(KINDS) + (["earlier"] if any(i.kind == "earlier" for o in sheet.owners for i in o.items) else [])
    names = [n.owner(o.owner) for o in sheet.owners]
    rows = [(kind_names[kind], [str(o.by_kind().get(kind, 0)) for o in sheet.owners]) for kind in kinds]
    canal = tr.ui("arriala.table.canal_workers", "Workers on the canal (first tie-break)")
    table_html = score_table(names, rows, [o.total for o in sheet.owners], tr.ui("table.total", "Total"),
                             after=[(canal, [str(o.canal_workers) for o in sheet.owners])])
    details = []
    for o in sheet.owners:
        lines = "".join(f"<li>{text(item_words(tr, n, i))}</li>" for i in o.items)
        details.append(f"<li><strong>{text(n.owner(o.owner))}</strong><ul>{lines}</ul></li>")
    detail_title = tr.ui("arriala.table.details", "Every point, line by line")
    chart = points_chart(tr.ui("table.chart", "Points of each player"),
                         [(name, o.total, *arriala_seat(o.owner, m.game.players))
                          for name, o in zip(names, sheet.owners, strict=True)])
    # the title speaks to the viewer ("You came 2nd of 3"), who won under it
    title, who_won = table._end_headline(headline, [o.canal_workers for o in sheet.owners])
    who = f"<strong class='who-won'>{text(who_won)}</strong> " if who_won else ""
    return [
        html(f"<h2 class='winner' style='{TITLE_STYLE}'>{text(title)}</h2>"
             f"<p class='why' style='{WHY_STYLE}'>{who}{text(why)}{table._ruling_badge('A-R18')}</p>"
             + (f"<p style='{WHY_STYLE}'>{text(end_words)}</p>" if end_words else ""), margin=(0, 5)),
        html(chart),
        html(table_html),
        html(f"<details><summary style='min-height:2.75em;cursor:pointer'>{text(detail_title)}</summary>"
             f"<ul>{''.join(details)}</ul></details>"),
    ]


def item_words(tr: Translator, n: Narrator, item: Any) -> str:
    """One line of the score sheet in words."""
    detail = dict(item.detail)
    if item.kind == "section":
        first, _, last = item.place.partition("…")
        where = n.cell(first) if first == last else tr.ui("arriala.section", "{first} to {last}",
                                                         first=n.cell(first), last=n.cell(last))
        return tr.ui_plural("arriala.table.item_section", "Section {where} ({n} worker): {points}",
                            "Section {where} ({n} workers): {points}", int(detail.get("workers", 0)),
                            where=where, points=item.points)
    if item.kind == "lock":
        return tr.ui("arriala.table.item_lock", "Lock on {where}: {points}", where=n.cell(item.place),
                     points=item.points)
    if item.kind == "river_work":
        return tr.ui("arriala.table.item_river", "River work ({kind}): {points}", kind=n.blue(item.place),
                     points=item.points)
    if item.kind == "engineering_work":
        return tr.ui("arriala.table.item_work", "{work}: {points}", work=n.place(item.place), points=item.points)
    if item.kind == "vineyard":
        return tr.ui("arriala.table.item_vine", "{vineyard} vineyard: {points}", vineyard=n.place(item.place),
                     points=item.points)
    return tr.ui("arriala.table.item_earlier", "Earlier points: {points}", points=item.points)
