"""Canal du Midi's moments on the stage (:mod:`.moment_stage`), as the table draws them: the
bets turned over together, the winner's pawn placed on the site, a delayed site, a coin, a
trade, a delayed site awarded at the end; and the story a site tells when it is won."""

from __future__ import annotations

from collections.abc import Sequence

from ...heritage import BuiltStory, built_story
from ...i18n import Translator
from ...matches import moments as M
from ...midi.state import SiteStatus
from .. import art
from ..theme import text
from .moment_stage import who
from .table_like import MidiTableLike

__all__ = ["frame", "story"]


def _look(table: MidiTableLike, seat: int) -> tuple[str, str]:
    """A seat's (colour, shape): its engineer's."""
    eng = table.match.game.engineers[seat]
    return eng.colour, eng.shape


def _name(table: MidiTableLike, seat: int) -> str:
    return str(table.match.names[seat])


def _who(table: MidiTableLike, seat: int, size: int = 22) -> str:
    return who(*_look(table, seat), _name(table, seat), size)


def _card(table: MidiTableLike, seat: int, value: int | None, back_label: str) -> str:
    colour, _ = _look(table, seat)
    if value is None:
        return art.cached_worker_card(0, "", colour=colour, state="back", width=80, back_label=back_label)
    return art.cached_worker_card(value, table.narrator.worker(value).rsplit(" (", 1)[0], colour=colour, width=80)


def _site(table: MidiTableLike, site: str, status: SiteStatus, pawns: Sequence[int] = (), width: int = 110) -> str:
    g = table.match.game
    i = g.site_index(site)
    return art.cached_site_card(site, table.narrator.site_name(site), threshold=g.threshold[i], value=g.value[i],
                                city=g.sites[i].city, tent=g.sites[i].tent, status=status,
                                pawns=[_look(table, p) for p in pawns], width=width)


def frame(table: MidiTableLike, m: M.Moment, tr: Translator) -> tuple[str, str]:
    """A moment's (title, picture markup)."""
    if isinstance(m, M.BidsRevealed):
        hidden = tr.ui("table.hidden_card", "hidden card")
        seats = "".join(
            f"<div class='m-seat'><div class='m-card'><div class='m-flip'>"
            f"<div class='face'>{_card(table, p, v, '')}</div>"
            f"<div class='back'>{_card(table, p, None, hidden)}</div>"
            f"</div></div>{_who(table, p)}</div>" for p, v in enumerate(m.bets))
        need = tr.ui("moments.total", "Total {total} · needs {threshold}", total=m.total, threshold=m.threshold)
        return tr.ui("moments.bids", "The bets are turned over"), f"{seats}<div class='m-sum'>{text(need)}</div>"
    if isinstance(m, M.SiteWon):
        if not m.winners:
            title = tr.ui("moments.nobody", "Built, but nobody can take it")
        elif len(m.winners) == 1:
            title = tr.ui("moments.site_won", "{name} wins the site", name=_name(table, m.winners[0]))
        else:
            title = tr.ui("moments.site_shared", "{names} share the site",
                          names=tr.join([_name(table, w) for w in m.winners]))
        pawns = "".join(f"<span class='pawn-in' style='margin-left:{(k - (len(m.winners) - 1) / 2) * 30:.0f}px'>"
                        f"{art.pawn(*_look(table, w), 28, label=_name(table, w))}</span>"
                        for k, w in enumerate(m.winners))
        values = "".join(f"<div class='m-value{' best' if p in m.winners else ''}'>{_who(table, p, 20)}"
                         f"<b>{v}</b></div>" for p, v in enumerate(m.values))
        return title, (f"<div class='m-site'><div style='position:relative'>"
                       f"{_site(table, m.site, SiteStatus.BUILT, m.winners)}{pawns}</div>"
                       f"<div class='m-values'>{values}</div></div>")
    if isinstance(m, M.SiteDelayed):
        share = min(1.0, m.total / m.threshold) if m.threshold else 1.0
        gauge = (f"<div class='m-gauge' role='img' aria-label='{m.total}/{m.threshold}'>"
                 f"<div class='fill' style='width:{share * 100:.0f}%'></div><div class='need'></div></div>")
        short = tr.ui_plural("moments.short", "{n} point short", "{n} points short", m.missing)
        picture = (f"<div class='m-site'>{_site(table, m.site, SiteStatus.DELAYED)}"
                   f"<div class='m-values'><div class='m-value'><b>{m.total}</b> / {m.threshold}</div>{gauge}"
                   f"<div class='m-value'>{text(short)}</div></div></div>")
        return tr.ui("moments.delayed", "Site delayed"), picture
    if isinstance(m, M.CoinEarned):
        name = _name(table, m.player)
        title = (tr.ui("moments.coin", "{name} earns a Riquet coin", name=name) if m.earned
                 else tr.ui("moments.no_coin", "The bank has no coin left"))
        sites = "".join(_site(table, s, SiteStatus.BUILT, (m.player,), 64) for s in m.cities)
        coin = f"<span class='m-coin'>{art.coin(56)}</span>" if m.earned else ""
        return title, f"{sites}{coin}{_who(table, m.player, 28)}"
    if isinstance(m, M.TradeMade):
        title = tr.ui("moments.trade", "{name} trades with {other}", name=_name(table, m.player),
                      other=_name(table, m.seat))
        hidden = tr.ui("table.hidden_card", "hidden card")
        left = (f"<div class='m-seat left'><div class='m-card'>{_card(table, m.seat, m.took, hidden)}</div>"
                f"{_who(table, m.player)}</div>")
        right = (f"<div class='m-seat right'><div class='m-card'>{_card(table, m.player, m.gave, hidden)}"
                 f"</div>{_who(table, m.seat)}</div>")
        return title, f"<div class='m-trade'>{left}<span class='arrows'>⇄</span>{right}</div>"
    if isinstance(m, M.DelayedAwarded):
        title = tr.ui("moments.awarded", "A delayed site goes to {names}",
                      names=tr.join([_name(table, p) for p in m.players]))
        return title, _site(table, m.site, SiteStatus.DELAYED, m.players)
    return "", ""


def story(m: M.Moment, lang: str) -> BuiltStory | None:
    """The story of the site a moment shows won (``heritage.built_story``), or None."""
    if isinstance(m, M.SiteWon) and m.winners:
        return built_story("midi", m.site, lang)
    return None
