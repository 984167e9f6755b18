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

Everything comes from the score sheet, which is public in both games at the end. This
module knows no game: what differs from game to game (what a seat built, the places worth a
visit, the band's words) the table says (:class:`StoryTable`, answered by each game's end
screen module, :mod:`.midi_end` and :mod:`.arriala_end`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import panel as pn
from panel.custom import JSComponent

from ...heritage import HistoricDate, load_heritage
from ...i18n import Translator
from ..portraits import portrait_figure, riquet_portrait
from ..theme import button, html, text
from .table_like import TableLike

__all__ = ["Built", "EndInView", "StoryTable", "built_by", "discover_places", "frame_end"]

#: How many "discover next" links.
DISCOVER = 3


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


class StoryTable(TableLike, Protocol):
    """A game's table, as the end story asks it what only the game knows (each game's table
    is one: :class:`~.table_shell.TableShell` declares these, each game answers them)."""

    @property
    def discover_anyway(self) -> tuple[str, ...]:
        """Heritage places worth discovering when the seats shown built nothing (place ids)."""

    def built(self, seat: int) -> list[Built]:
        """What ``seat`` built, in canal order (the score sheet is public at the end)."""

    def canal_order_words(self, tr: Translator) -> str:
        """The line under "Your canal": which way its canal order runs."""

    def riquet_words(self, tr: Translator, died: HistoricDate | None, opened: str) -> tuple[str, str, str]:
        """The title and the two sentences of Riquet's band, tying the game to the real canal:
        ``died`` is the date Riquet died (None: not known), ``opened`` the canal's opening, in
        words."""


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
  // once the mark is on the page, and for two seconds after (the rest of the end screen is
  // drawn, the browser's scroll anchoring may shift the page, a tap made on the last choices
  // may land late), its top is kept in view (the page from its top when that shows it: the
  // table's header stays in view above it), unless the visitor scrolls it themselves
  let frames = 0, since = 0, scrolled = false;
  const mine = () => { scrolled = true; };
  for (const kind of ["wheel", "touchmove", "keydown"]) {
    window.addEventListener(kind, mine, { once: true, passive: true });
  }
  const away = () => {
    const top = mark.getBoundingClientRect().top;
    return top < 0 || top > window.innerHeight * 0.4;
  };
  const look = () => {
    if (scrolled) done.add(view.model);
    if (done.has(view.model) || ++frames > 600) return;
    if (mark.isConnected && mark.getClientRects().length) {
      if (away()) {
        for (let n = mark.parentNode; n; n = n.parentNode || n.host) { if (n.scrollTop) n.scrollTop = 0; }
        window.scrollTo(0, 0);
        if (away()) mark.scrollIntoView({ block: "start", behavior: "auto" });
      }
      since = since || performance.now();
      if (performance.now() - since > 2000) { done.add(view.model); return; }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  return mark;
}
"""


# ---------------------------------------------------------------------- what each seat built
def built_by(table: StoryTable, seat: int) -> list[Built]:
    """What ``seat`` built, in canal order (west to east on the Canal du Midi, Grisolles to
    Valence d'Agen on Arriala's board), as the game says it (:meth:`StoryTable.built`)."""
    return table.built(seat)


# ---------------------------------------------------------------------- discover next
def discover_places(table: StoryTable, seats: list[int]) -> list[str]:
    """Two or three heritage places to discover next: those the ``seats`` built (the most
    notable first: engineering works, vineyards, river works, then the sites or sections' towns
    in canal order), completed with places worth seeing."""
    rank = {"engineering_work": 0, "vineyard": 1, "river_work": 2, "site": 3, "section": 4, "lock": 5}
    items = sorted((b for s in seats for b in built_by(table, s)), key=lambda b: (rank.get(b.kind, 9), b.order))
    out: list[str] = []
    for b in items:
        if b.place_id and b.place_id not in out:
            out.append(b.place_id)
    for pid in table.discover_anyway:
        if len(out) >= 2:
            break
        if pid not in out:
            out.append(pid)
    return out[:DISCOVER]


# ---------------------------------------------------------------------- the frame
def _riquet_band(table: StoryTable) -> pn.FlexBox:
    m, tr = table.match, table.tr
    h = load_heritage()
    riquet = h.person("riquet")
    opened = h.event("canal-opens").date.label(tr.lang)
    portrait = riquet_portrait(m.lang, size=74)
    title, one, two = table.riquet_words(tr, riquet.died.date if riquet.died else None, opened)
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


def _your_canals(table: StoryTable) -> tuple[list[Any], list[int]]:
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
            note = table.canal_order_words(tr)
        else:
            body = ""
            note = tr.ui("end.nothing_built", "Nothing built this time: the places below are worth a visit.")
        parts.append(html(f"<section class='your-canal' data-seat='{seat}'><h2 style='margin:0.2em 0;"
                          f"font-size:1.3em'>{text(title)}</h2><p style='margin:0'>{text(note)}</p>{body}</section>",
                          ))
    return parts, seats


def _discover(table: StoryTable, seats: list[int]) -> pn.Column:
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


def frame_end(table: StoryTable, parts: list[Any], actions: list[Any] | None = None) -> list[Any]:
    """The end screen's parts: the game's headline (how the viewer did,
    and why), the ``actions`` ("play again", "home") right under it so that they are in view
    without scrolling, then the breakdown: the rest of the game's parts (the chart, the
    score sheet: unchanged), "your canal", "discover next" and Riquet's band, and last, for a
    kept game, its replay code."""
    canals, seats = _your_canals(table)
    return [*parts[:1], *(actions or []), *parts[1:], *canals, _discover(table, seats), _riquet_band(table),
            *_replay_code(table)]
