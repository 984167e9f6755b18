"""The end of a game as a story: Riquet's story frames the end
screen, "your canal" shows what the visitor built, and "discover next" opens the explorer on
those places.

:func:`frame_end` puts the game's headline (how the viewer did) and "play again" / "home"
first, in view without scrolling, then the game's own breakdown (the
chart, the score sheet), then

- "your canal": the viewer's sites (Canal du Midi) or sections, locks, river works,
  engineering works and vineyards (Arriala), in canal order, each with its name and a small
  picture; in hot-seat one per human seat ("Ana's canal");
- "discover next": two or three buttons opening the explorer on the places built (on
  places worth seeing when nothing was built);
- a short band with Riquet's portrait and two sentences tying the game to the real canal
  (dates from the people and timeline records), with a link to his page in the explorer.

Everything comes from the score sheet, which is public in both games at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import panel as pn
from panel.custom import JSComponent

from ...heritage import HistoricDate, load_heritage
from ...look import arriala_seat
from ...matches.midi import MidiMatch
from ...midi.state import SiteStatus
from .. import art
from ..explorer.page import marker_svg
from ..portraits import portrait_figure, riquet_portrait
from ..theme import INK, button, html, text
from .arriala_map import BLUE_FILL, _icon
from .table_like import TableLike

__all__ = ["Built", "EndInView", "built_by", "discover_places", "frame_end"]

#: Places worth discovering when a seat built nothing (heritage place ids).
SUGGESTED = {"midi": ("midi-VIII", "midi-II", "midi-V"), "arriala": ("pont-canal-cacor", "pente-d-eau-montech",
                                                                      "moissac")}
#: How many "discover next" links.
DISCOVER = 3
WATER = "#3F80AD"


@dataclass(frozen=True)
class Built:
    """One thing a seat built: what (``site``, ``section``, ``lock``, ``river_work``,
    ``engineering_work``, ``vineyard``), the game's id, its name, its place along the canal
    (for the order), the heritage place to discover, and a small picture (SVG)."""

    kind: str
    game_id: str
    name: str
    order: float
    place_id: str | None
    picture: str


class EndInView(JSComponent):
    """Brings the end screen's top (its title, "play again" and "home") into view when the
    game ends, once. The end screen opens above the table's body, where
    the visitor made the last move: on a phone the page had scrolled down to the last
    choices, on a larger screen the table may have scrolled inside (and the browser keeps
    what was in view in place). Once shown it stays as the visitor scrolls it: a component
    drawn again later does not scroll back."""

    _esm = """
const done = new WeakSet();
export function render({ model, view }) {
  const mark = document.createElement("span");
  mark.className = "end-in-view";
  mark.style.display = "block";
  mark.style.height = "0";
  // once the mark is on the page, and for a moment after (the rest of the end screen is drawn,
  // and the browser's scroll anchoring may shift the page), its top is kept in view
  // (the page from its top when that shows it: the table's header stays in view above it)
  let frames = 0, shown = 0;
  const away = () => {
    const top = mark.getBoundingClientRect().top;
    return top < 0 || top > window.innerHeight * 0.4;
  };
  const look = () => {
    if (done.has(view.model) || ++frames > 300) return;
    if (mark.isConnected && mark.getClientRects().length) {
      if (away()) {
        for (let n = mark.parentNode; n; n = n.parentNode || n.host) { if (n.scrollTop) n.scrollTop = 0; }
        window.scrollTo(0, 0);
        if (away()) mark.scrollIntoView({ block: "start", behavior: "auto" });
      }
      if (++shown > 40) { done.add(view.model); return; }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  return mark;
}
"""


# ---------------------------------------------------------------------- what each seat built
def built_by(table: TableLike, seat: int) -> list[Built]:
    """What ``seat`` built, in canal order (west to east on the Canal du Midi, Grisolles to
    Valence d'Agen on Arriala's board)."""
    if isinstance(table.match, MidiMatch):
        return _midi_built(table, seat)
    return _arriala_built(table, seat)


def _midi_built(table: TableLike, seat: int) -> list[Built]:
    m, n = table.match, table.narrator
    assert isinstance(m, MidiMatch)
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
                                       tent=site.tent, status=art_status("built"), pawns=[(eng.colour, eng.shape)],
                                       width=84)
        out.append(Built("site", sid, n.site_name(sid), i, f"midi-{sid}", picture))
    return out


def art_status(name: str) -> SiteStatus:
    """A site status for :func:`.art.site_card` (its enum, by name)."""
    return SiteStatus(name)


def _arriala_built(table: TableLike, seat: int) -> list[Built]:
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
                picture = _section_picture(colour, shape, int(dict(item.detail).get("workers", 3) or 3))
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


# ---------------------------------------------------------------------- discover next
def discover_places(table: TableLike, seats: list[int]) -> list[str]:
    """Two or three heritage places to discover next: those the ``seats`` built (the most
    notable first: engineering works, vineyards, river works, then the sites or sections' towns
    in canal order), completed with places worth seeing."""
    rank = {"engineering_work": 0, "vineyard": 1, "river_work": 2, "site": 3, "section": 4, "lock": 5}
    items = sorted((b for s in seats for b in built_by(table, s)), key=lambda b: (rank.get(b.kind, 9), b.order))
    out: list[str] = []
    for b in items:
        if b.place_id and b.place_id not in out:
            out.append(b.place_id)
    game = "midi" if isinstance(table.match, MidiMatch) else "arriala"
    for pid in SUGGESTED[game]:
        if len(out) >= 2:
            break
        if pid not in out:
            out.append(pid)
    return out[:DISCOVER]


# ---------------------------------------------------------------------- the frame
def _riquet_band(table: TableLike) -> pn.FlexBox:
    m, tr = table.match, table.tr
    h = load_heritage()
    riquet = h.person("riquet")
    # the month and year (a day would need the ordinal "1er" in French): "October 1680"
    died = (HistoricDate(year=riquet.died.date.year, month=riquet.died.date.month).label(tr.lang)
            if riquet.died else "")
    opened = h.event("canal-opens").date.label(tr.lang)
    portrait = riquet_portrait(m.lang, size=74)
    if isinstance(m, MidiMatch):
        title = tr.ui("end.riquet.title.midi", "Riquet's canal")
        one = tr.ui("end.riquet.midi1", "Pierre-Paul Riquet never saw his canal finished: he died in {died}, and "
                                        "the canal opened in {opened}, a few months later.", died=died, opened=opened)
        two = tr.ui("end.riquet.midi2", "The sites of this game are real places along it: you can still visit them "
                                        "today.")
    else:
        title = tr.ui("end.riquet.title.arriala", "Riquet's heirs")
        one = tr.ui("end.riquet.arriala1", "Riquet died in {died}, before his canal opened in {opened}; in the 19th "
                                           "century the Canal de Garonne carried his water road on towards Bordeaux.",
                    died=riquet.died.date.year if riquet.died else "", opened=opened)
        two = tr.ui("end.riquet.arriala2", "The towns, vineyards and works of this game are real places between "
                                           "Grisolles and Valence d'Agen.")
    card = html(f"<div class='riquet-frame' style='display:flex;gap:0.8em;align-items:center'>"
                f"{portrait_figure(portrait)}<div><h2 style='margin:0 0 0.2em;font-size:1.25em'>{text(title)}</h2>"
                f"<p style='margin:0.1em 0'>{text(one)}</p><p style='margin:0.1em 0'>{text(two)}</p></div></div>",
                sizing_mode=None, margin=0, styles={"flex": "1 1 24em", "min-width": "14em"})

    def open_riquet(_event: Any = None) -> None:
        table._touch()
        on_person = table.__dict__.get("on_person")
        if callable(on_person):
            on_person("riquet")

    link = button(tr.ui("end.riquet.link", "Riquet's story"), open_riquet, name="end-riquet")
    return pn.FlexBox(card, link, css_classes=["end-riquet"], sizing_mode="stretch_width", margin=(0, 0, 8, 0),
                      flex_wrap="wrap", align_items="center", gap="0.3em 1em",
                      styles={"background": "#f3ead3", "border": "0.08em solid #c9b88f", "border-radius": "0.8em",
                              "padding": "0.3em 0.8em"})


def _your_canals(table: TableLike) -> tuple[list[Any], list[int]]:
    """The "your canal" parts (one per human seat in hot-seat), and the seats shown."""
    m, tr = table.match, table.tr
    humans = list(m.humans)
    seats = [m.viewer] if m.viewer is not None and not m.hot_seat else humans
    if not seats:
        return [], []
    parts = []
    for seat in seats:
        items = built_by(table, seat)
        title = (tr.ui("end.your_canal", "Your canal") if len(seats) == 1
                 else tr.ui("end.their_canal", "{name}'s canal", name=m.names[seat]))
        if items:
            lis = "".join(f"<li class='built built-{text(b.kind)}' data-id='{text(b.game_id)}' style='display:flex;"
                          f"flex-direction:column;align-items:center;gap:0.2em;max-width:8.5em;text-align:center'>"
                          f"{b.picture}<span style='font-size:0.9em'>{text(b.name)}</span></li>" for b in items)
            body = (f"<ol class='your-canal-list' style='list-style:none;display:flex;flex-wrap:wrap;gap:0.6em;"
                    f"padding:0;margin:0.3em 0;align-items:flex-start'>{lis}</ol>")
            note = (tr.ui("end.canal_order.midi", "What you built, in canal order from Toulouse to the Mediterranean.")
                    if isinstance(m, MidiMatch) else
                    tr.ui("end.canal_order.arriala", "What you built, in canal order from Grisolles to Valence "
                                                     "d'Agen."))
        else:
            body = ""
            note = tr.ui("end.nothing_built", "Nothing built this time: the places below are worth a visit.")
        parts.append(html(f"<section class='your-canal' data-seat='{seat}'><h2 style='margin:0.2em 0;"
                          f"font-size:1.3em'>{text(title)}</h2><p style='margin:0'>{text(note)}</p>{body}</section>",
                          ))
    return parts, seats


def _discover(table: TableLike, seats: list[int]) -> pn.Column:
    tr = table.tr
    h = load_heritage()

    def opener(place_id: str) -> Any:
        def go(_event: Any = None) -> None:
            table._touch()
            on_place = getattr(table, "on_place", None)
            if callable(on_place):
                on_place(place_id)
        return go

    buttons = [button(tr.ui("end.discover_place", "Discover {name}", name=h.place(pid).localized("name",
                                                                                              tr.lang).text),
                      opener(pid), name=f"discover-{pid}") for pid in discover_places(table, seats)]
    title = tr.ui("end.discover", "Discover next")  # outside the f-string: the catalog extractor sees it
    head = html(f"<h2 style='margin:0.4em 0 0.2em;font-size:1.3em'>{text(title)}</h2>", margin=0)
    row = pn.FlexBox(*buttons, flex_wrap="wrap", gap="0.2em 0.4em", sizing_mode="stretch_width", margin=0)
    return pn.Column(head, row, css_classes=["discover-next"], sizing_mode="stretch_width", margin=0)


def _replay_code(table: TableLike) -> list[Any]:
    """A small line for a visiting class's teacher: the code that replays this game, move by
    move, in the lesson notebooks (only for a game the server keeps; nothing otherwise)."""
    journal = getattr(table.match, "journal", None)
    code = getattr(journal, "replay_code", None)
    if not code or getattr(journal, "broken", False):
        return []
    line = table.tr.ui("end.replay_code", "For teachers: this game's code is {code}. In the lesson notebook "
                                          "“For the teacher”, it replays the game move by move.", code=code)
    return [html(f"<p class='replay-code' style='margin:0.3em 0;color:#444;font-size:0.95em'>{text(line)}</p>",
                 margin=0, sizing_mode="stretch_width")]


def frame_end(table: TableLike, parts: list[Any], actions: list[Any] | None = None) -> list[Any]:
    """The end screen's parts: the game's headline (how the viewer did,
    and why), the ``actions`` ("play again", "home") right under it so that they are in view
    without scrolling, then the breakdown: the rest of the game's parts (the chart, the
    score sheet: unchanged), "your canal", "discover next" and Riquet's band, and last, for a
    kept game, its replay code."""
    canals, seats = _your_canals(table)
    return [*parts[:1], *(actions or []), *parts[1:], *canals, _discover(table, seats), _riquet_band(table),
            *_replay_code(table)]
