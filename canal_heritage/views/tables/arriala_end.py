"""The end of an Arriala game at the table: how the viewer did, who won
and why (A-R18), a chart of the points, the score sheet by kind, and every point line by line;
and what the end story (:mod:`.end_story`) asks of the game: what each seat built, the places
worth a visit, and the words tying the game to Riquet's canal."""

from __future__ import annotations

from typing import Any

from ...arriala.narration import Narrator
from ...arriala.scoring import ScoreItem
from ...arriala.sheet import KINDS
from ...boards import board_seen
from ...heritage import HistoricDate, load_heritage
from ...i18n import Translator
from ...look import arriala_seat
from .. import art
from ..explorer.page import marker_svg
from ..theme import INK, html, text
from .arriala_map import BLUE_FILL, _icon
from .end_story import Built
from .end_title import TITLE_STYLE, WHY_STYLE
from .moment_stage import who
from .table_like import ArrialaTableLike
from .table_shell import points_chart, score_table

__all__ = ["DISCOVER_ANYWAY", "built", "canal_order_words", "end_parts", "item_words", "riquet_words",
           "section_workers", "table_then"]

#: Places worth discovering when a seat built nothing (heritage place ids).
DISCOVER_ANYWAY = ("pont-canal-cacor", "pente-d-eau-montech", "moissac")
#: The canal's water in the pictures of what was built.
WATER = "#3F80AD"


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


def item_words(tr: Translator, n: Narrator, item: ScoreItem) -> str:
    """One line of the score sheet in words."""
    if item.kind == "section":
        first, _, last = item.place.partition("…")
        where = n.cell(first) if first == last else tr.ui("arriala.section", "{first} to {last}",
                                                         first=n.cell(first), last=n.cell(last))
        return tr.ui_plural("arriala.table.item_section", "Section {where} ({n} worker): {points}",
                            "Section {where} ({n} workers): {points}", section_workers(item),
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


def section_workers(item: ScoreItem) -> int:
    """How many workers stood on a scored section (its line's ``workers`` detail; 0: not said)."""
    workers = dict(item.detail).get("workers")
    return workers if isinstance(workers, int) else 0


# ---------------------------------------------------------------------- what the end story asks
def built(table: ArrialaTableLike, seat: int) -> list[Built]:
    """What ``seat`` scored with: sections, locks, river works, engineering works and
    vineyards, Grisolles to Valence d'Agen, each with a small picture."""
    m, n, tr = table.match, table.narrator, table.tr
    g = m.game
    b = g.board
    data = g.data.board
    colour, shape = arriala_seat(seat, g.players)
    sheet = m.score_sheet()
    h = load_heritage()

    def nearest(lat: float, lon: float) -> float:
        return min(b.cells, key=lambda c: (c.lat - lat) ** 2 + (c.lon - lon) ** 2).index

    def place_of(game_id: str) -> str | None:
        try:
            return h.place_for_game("arriala", game_id).id
        except KeyError:
            return None

    spots = {s.id: s for s in (*b.blue, *b.works, *b.vineyards)}
    stretch_from = {s.id: s.from_ for s in data.stretches}
    out = []
    for item in sheet.owners[seat].items:
        if item.kind in ("section", "lock"):
            first, _, last = item.place.partition("…")
            last = last or first
            order = float(b.cell_index(first))
            town = stretch_from.get(first.rpartition(":")[0]) if ":" in first else first
            if item.kind == "section":
                where = n.cell(first) if first == last else tr.ui("arriala.section", "{first} to {last}",
                                                                 first=n.cell(first), last=n.cell(last))
                name = tr.ui("end.section", "Section {where}", where=where)
                picture = _section_picture(colour, shape, section_workers(item) or 3)
            else:
                name = tr.ui("end.lock", "Lock at {where}", where=n.cell(first))
                picture = _lock_picture()
            out.append(Built(item.kind, item.place, name, order, place_of(town) if town else None, picture))
        elif item.place in spots:
            spot = spots[item.place]
            game_id = spot.kind if item.kind == "river_work" else spot.id
            name = n.blue(spot.id) if item.kind == "river_work" else n.place(spot.id)
            out.append(Built(item.kind, item.place, name, nearest(spot.lat, spot.lon) + 0.5, place_of(game_id),
                             _spot_picture(item.kind)))
    return sorted(out, key=lambda x: (x.order, x.kind))


def _section_picture(colour: str, shape: str, workers: int) -> str:
    """A stretch of canal with the seat's workers on it."""
    k = max(1, min(workers, 5))
    w = 20 + 22 * k
    pawns = "".join(art.pawn(colour, shape, 20).replace("<svg ", f"<svg x='{10 + 22 * i}' y='8' ", 1)
                    for i in range(k))
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='36' viewBox='0 0 {w} 36' "
            f"aria-hidden='true' focusable='false'><rect x='1' y='6' width='{w - 2}' height='24' rx='4' "
            f"fill='{WATER}' stroke='{INK}' stroke-width='1.2'/>{pawns}</svg>")


def _lock_picture() -> str:
    """A lock: a chamber between two gates."""
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='60' height='36' viewBox='0 0 60 36' aria-hidden='true' "
            f"focusable='false'><rect x='1' y='6' width='58' height='24' rx='4' fill='{WATER}' stroke='{INK}' "
            f"stroke-width='1.2'/><rect x='16' y='2' width='6' height='32' fill='#6E4522' stroke='{INK}'/>"
            f"<rect x='38' y='2' width='6' height='32' fill='#6E4522' stroke='{INK}'/></svg>")


def _spot_picture(kind: str) -> str:
    """A built place's marker, drawn as the map draws it (a river work: the map's blue cell)."""
    if kind == "river_work":
        return _icon("circle", BLUE_FILL, 36)
    return marker_svg(kind, 36)


def canal_order_words(tr: Translator) -> str:
    """The line under "Your canal": the board runs from Grisolles to Valence d'Agen."""
    return tr.ui("end.canal_order.arriala", "What you built, in canal order from Grisolles to Valence d'Agen.")


def riquet_words(tr: Translator, died: HistoricDate | None, opened: str) -> tuple[str, str, str]:
    """Riquet's band: the Canal de Garonne carried his canal's water road on, and the game's
    towns, vineyards and works are real places."""
    title = tr.ui("end.riquet.title.arriala", "Riquet's heirs")
    one = tr.ui("end.riquet.arriala1", "Riquet died in {died}, before his canal opened in {opened}; in the 19th "
                                       "century the Canal de Garonne carried his water road on towards Bordeaux.",
                died=died.year if died else "", opened=opened)
    two = tr.ui("end.riquet.arriala2", "The towns, vineyards and works of this game are real places between "
                                       "Grisolles and Valence d'Agen.")
    return title, one, two


def table_then(table: ArrialaTableLike, obs: Any) -> str:
    """The table as the reviewed seat saw it at one of its decisions (a turning point of the
    game's review): the board (:func:`~canal_heritage.boards.board_seen`: public, no hand
    drawn), every owner's points then (the virtual player's too, A-R8), the seat's action points
    left and its cards in hand. Drawn from that seat's observation only."""
    n, tr = table.narrator, table.tr
    players = table.match.game.players

    def owner(o: int, points: int) -> str:
        said = tr.ui_plural("review.points", "{n} point", "{n} points", points)
        return f"<span class='owner'>{who(*arriala_seat(o, players), n.owner(o), 20)}<b>{text(said)}</b></span>"

    owners = "".join(owner(o, points) for o, points in enumerate(obs.points))
    ap = tr.ui_plural("review.arriala.ap", "{n} action point left", "{n} action points left", obs.ap)
    cards = tr.ui_plural("review.arriala.cards", "{n} card in hand", "{n} cards in hand", sum(obs.hand))
    board = board_seen(obs, tr.lang, names=table.match.names)
    return (f"<div class='then arriala'><div class='board'>{board}</div><div class='owners'>{owners}</div>"
            f"<p class='small'>{text(ap)} · {text(cards)}</p></div>")
