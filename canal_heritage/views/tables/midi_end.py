"""The end of a Canal du Midi game at the table: how the viewer did, who won and why (M-R9),
a chart of the points and the score sheet site by site; and what the end story
(:mod:`.end_story`) asks of the game: the sites each seat built, the places worth a visit,
and the words tying the game to Riquet's canal."""

from __future__ import annotations

from typing import Any

from ...heritage import HistoricDate
from ...i18n import Translator
from ...midi.state import SiteStatus
from .. import art
from ..theme import html, text
from .end_story import Built
from .end_title import TITLE_STYLE, WHY_STYLE
from .table_like import MidiTableLike
from .table_shell import points_chart, score_table

__all__ = ["DISCOVER_ANYWAY", "built", "canal_order_words", "end_parts", "riquet_words", "table_then"]

#: Places worth discovering when a seat built nothing (heritage place ids).
DISCOVER_ANYWAY = ("midi-VIII", "midi-II", "midi-V")


def end_parts(table: MidiTableLike) -> list[Any]:
    """The end screen's components (the table's shell adds "play again" and "home")."""
    m, tr, n = table.match, table.tr, table.narrator
    sheet = m.score_sheet()
    g = m.game
    winners = n.seats(list(sheet.winners))
    if sheet.ranking == "shared":
        headline = tr.ui("table.shared", "Shared victory: {names}!", names=winners)
        why = tr.ui("table.why_shared", "Same points and as many sites: the victory is shared (M-R9).")
    elif sheet.ranking == "sites":
        headline = tr.ui("table.winner", "{name} wins!", name=winners)
        why = tr.ui("table.why_sites", "Tied on points, but holding more sites (M-R9).")
    else:
        headline = tr.ui("table.winner", "{name} wins!", name=winners)
        why = tr.ui("table.why_points", "Most recognition points (M-R9).")
    rows = []
    for sid in g.site_ids:
        cells = []
        for ps in sheet.players:
            cell = next((s for s in ps.sites if s.site == sid), None)
            if cell is None:
                cells.append("–")
                continue
            why_half = []
            if "shared" in cell.halvings:
                why_half.append(tr.ui("table.halved_shared", "shared: half"))
            if "adjacency" in cell.halvings:
                why_half.append(tr.ui("table.halved_adjacency", "by adjacency: half"))
            detail = f" <small>({text(', '.join(why_half))})</small>" if why_half else ""
            cells.append(f"{cell.points}{detail}")
        rows.append((n.site(sid), cells))
    rows.append((tr.ui("table.unused_coins", "Unused coins (2 points each)"),
                 [str(ps.coin_points) for ps in sheet.players]))
    names = [m.names[ps.player] for ps in sheet.players]
    sheet_html = score_table(names, rows, [ps.total for ps in sheet.players], tr.ui("table.total", "Total"))
    chart = points_chart(tr.ui("table.chart", "Points of each player"),
                         [(name, ps.total, g.engineers[ps.player].colour, g.engineers[ps.player].shape)
                          for name, ps in zip(names, sheet.players, strict=True)])
    # the title speaks to the viewer ("You came 2nd of 3"), who won under it
    title, who_won = table._end_headline(headline, [ps.sites_held for ps in sheet.players])
    line = f"<strong class='who-won'>{text(who_won)}</strong> " if who_won else ""
    return [html(f"<h2 class='winner' style='{TITLE_STYLE}'>{text(title)}</h2>"
                 f"<p class='why' style='{WHY_STYLE}'>{line}{text(why)}</p>", margin=(0, 5)),
            html(chart), html(sheet_html)]


# ---------------------------------------------------------------------- what the end story asks
def built(table: MidiTableLike, seat: int) -> list[Built]:
    """The sites ``seat`` holds at the end (won, shared or awarded), west to east, each as
    its card with the seat's pawn on it."""
    m, n = table.match, table.narrator
    g = m.game
    sheet = m.score_sheet()
    mine = {s.site: s for s in sheet.players[seat].sites}
    eng = g.engineers[seat]
    out = []
    for i, sid in enumerate(g.site_ids):
        if sid not in mine:
            continue
        site = g.sites[i]
        picture = art.cached_site_card(sid, n.site_name(sid), threshold=None, value=g.value[i], city=site.city,
                                       tent=site.tent, status=SiteStatus.BUILT, pawns=[(eng.colour, eng.shape)],
                                       width=84)
        out.append(Built("site", sid, n.site_name(sid), i, f"midi-{sid}", picture))
    return out


def canal_order_words(tr: Translator) -> str:
    """The line under "Your canal": the sites run from Toulouse to the sea."""
    return tr.ui("end.canal_order.midi", "What you built, in canal order from Toulouse to the Mediterranean.")


def riquet_words(tr: Translator, died: HistoricDate | None, opened: str) -> tuple[str, str, str]:
    """Riquet's band: he died months before his canal opened, and the game's sites are real
    places along it."""
    # the month and year (a day would need the ordinal "1er" in French): "October 1680"
    when = HistoricDate(year=died.year, month=died.month).label(tr.lang) if died else ""
    title = tr.ui("end.riquet.title.midi", "Riquet's canal")
    one = tr.ui("end.riquet.midi1", "Pierre-Paul Riquet never saw his canal finished: he died in {died}, and "
                                    "the canal opened in {opened}, a few months later.", died=when, opened=opened)
    two = tr.ui("end.riquet.midi2", "The sites of this game are real places along it: you can still visit them "
                                    "today.")
    return title, one, two


def table_then(table: MidiTableLike, obs: Any) -> str:
    """The table as the reviewed seat saw it at one of its decisions (a turning point of the
    game's review): the nine sites, the one in play marked, with the pawns on them; the seat's
    hand and coins. Drawn from that seat's observation only (M-R1)."""
    g, n, tr = table.match.game, table.narrator, table.tr
    sites = []
    for i, sid in enumerate(g.site_ids):
        status = obs.site_status[i]
        pawns = [(g.engineers[p].colour, g.engineers[p].shape) for p in obs.site_pawns[i] + obs.site_adjacency[i]]
        card = art.cached_site_card(sid, n.site_name(sid), threshold=g.threshold[i] if status != "hidden" else None,
                                    value=g.value[i], city=g.sites[i].city, tent=g.sites[i].tent, status=status,
                                    pawns=pawns, width=62,
                                    back_label=tr.ui("table.hidden_site", "work site not yet revealed"))
        now = " now" if sid == obs.current_site else ""
        sites.append(f"<span class='site{now}'>{card}</span>")
    colour = g.engineers[obs.player].colour
    hand = "".join(art.cached_worker_card(v, n.worker(v).rsplit(" (", 1)[0], colour=colour, width=40)
                   for v in obs.hand)
    hand_words = text(tr.ui("table.hand", "Hand"))
    coins = text(tr.ui_plural("review.coins", "{n} coin", "{n} coins", obs.coins[obs.player]))
    return (f"<div class='then midi'><div class='sites'>{''.join(sites)}</div>"
            f"<div class='hand'><span class='label'>{hand_words}</span>{hand}<span class='coins'>{coins}</span>"
            f"</div></div>")
