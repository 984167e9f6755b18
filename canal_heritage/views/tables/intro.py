"""Who you are: at the start of a game, each seat's engineer is introduced.

A band at the top of the table, never a dialog: it takes no focus and covers nothing, so
the choices below it can be clicked at once. It shows the viewer's engineer first ("You
are…": a portrait drawn by our code, the name, two lines of their part in the works from
the people records, a link to their page in the explorer) and then who they play against,
bots included (portrait, name, role and link). It goes when the visitor presses "Let's play" or makes their first move;
in hot-seat each human seat sees its own introduction once, when the device comes to them.
On a table a class watches (``watch_only``: the classroom's projector) it says who is who and
nothing more, no "Let's play" and no link, until the game's next action.

Who sits at each seat is the game's to say (:class:`IntroducedTable`: a :class:`SeatCard`
per seat, the band's :class:`BandWords`). Canal du Midi seats are Riquet's engineers
(``data/midi/engineers.json`` and the people records,
:meth:`~canal_heritage.heritage.Heritage.person_for_engineer`), each card linking to its
engineer's page. Arriala's players are master builders of the Canal de Garonne (the rulebook
names no one): they are drawn in 19th-century dress, and the band says in two lines what that
canal was, with a link to it on the explorer's map.

A table adds the band with one call, :func:`intro_parts`, at the top of what it shows. What
the band remembers (who has been introduced, who has moved) is kept with the match, so a
table built again for the same game (after the explorer, or leaving and resuming) does not
introduce anyone twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol
from urllib.parse import urlencode

import panel as pn
import param
from panel.custom import JSComponent

from ...i18n import Translator
from ...matches.table import TableMatch
from ..portraits import Portrait
from ..theme import INK, button, html, text
from .table_like import TableLike

__all__ = ["BandWords", "IntroCards", "IntroducedTable", "SeatCard", "SeatIntro", "gone_for_good", "intro_parts",
           "link_people"]
#: The band's look: a light strip across the table, in the page's flow (nothing is covered).
BAND_STYLE = {"background": "#f3ead3", "border": "0.08em solid #c9b88f", "border-radius": "0.8em",
              "padding": "0.25em 0.6em", "margin": "0 5px"}
CARD_STYLE = {"background": "#fffdf7", "border-radius": "0.6em", "padding": "0.25em 0.5em", "flex": "1 1 17em",
              "min-width": "0", "border": "0.08em solid #d9c9a8"}
YOU_STYLE = {**CARD_STYLE, "flex": "1.6 1 22em", "border": f"0.14em solid {INK}"}
#: On a laptop or a tablet the band keeps to a few lines, so the table below keeps its room:
#: the viewer's second line waits for a large screen (its "About" link tells the rest).
CARD_CSS = "@media (max-height: 920px), (max-width: 900px) { .intro-caption { display: none; } }"


@dataclass(frozen=True)
class SeatCard:
    """What the band says of one seat, as its game says it (every text already translated).

    Attributes:
        portrait: the seat's portrait, drawn by our code.
        lines: the lines under the name (the seat's part in the works).
        caption: the viewer's second line, after ``lines``, left out on a small screen
            (``CARD_CSS``); None: no such line.
        person: the people record of a real person at the seat, whose page the card's "About"
            link opens; None: no link.
        typed: the card's first line when a name was typed for the seat ("Ana plays this
            engineer").
    """

    portrait: Portrait
    lines: tuple[str, ...] = ()
    caption: str | None = None
    person: str | None = None
    typed: str = ""


@dataclass(frozen=True)
class BandWords:
    """What the band says above the cards, as the game says it (already translated).

    Attributes:
        title: who is who at the table.
        lead: a line under it ("" none).
        place: a heritage place the band links to (the game's canal on the explorer's map);
            None: no such link, the cards link their people instead.
        place_words: that link's words.
    """

    title: str
    lead: str = ""
    place: str | None = None
    place_words: str = ""


class IntroducedTable(TableLike, Protocol):
    """A game's table, as the band asks it who sits where (:class:`~.midi_table.MidiTable`
    and :class:`~.arriala_table.ArrialaTable` are ones)."""

    def intro_card(self, tr: Translator, seat: int, *, you: bool, size: int) -> SeatCard:
        """Who sits at ``seat`` (``you``: the viewer's own card), with a portrait ``size``
        pixels wide."""

    def intro_words(self, tr: Translator) -> BandWords:
        """What the band says above the cards: to the viewer, or to everyone when the screen
        is nobody's (the classroom's projector: the match has no viewer)."""


class _Memory:
    """What the band remembers about one match: who has been introduced and dismissed, and
    the history's length when each seat's first turn began (a longer history: they moved)."""

    def __init__(self) -> None:
        self.gone: set[int | None] = set()
        self.awaiting: dict[int | None, int] = {}  # None: the screen where nobody plays


def _memory(match: TableMatch) -> _Memory:
    mem = match.__dict__.get("_intro_memory")
    if mem is None:
        mem = match.__dict__["_intro_memory"] = _Memory()
    return mem


def _css(style: dict[str, str]) -> str:
    return "; ".join(f"{k}: {v}" for k, v in style.items())


#: The cards' look, in the component's own shadow root (CARD_STYLE and YOU_STYLE as classes;
#: the "About" button as the table's other buttons, theme.BUTTON_CSS).
CARDS_CSS = f"""
:host {{ display: block; width: 100%; }}
.intro-cards {{ display: flex; flex-wrap: wrap; align-items: stretch; }}
.intro-card {{ {_css(CARD_STYLE)}; margin: 3px; display: flex; flex-wrap: wrap; align-items: center;
  gap: 0.2em 0.5em; box-sizing: border-box; }}
.intro-card.you {{ {_css({k: v for k, v in YOU_STYLE.items() if k not in CARD_STYLE or CARD_STYLE[k] != v})}; }}
.intro-body {{ flex: 1 1 11em; min-width: 11em; }}
.intro-card button {{ font: inherit; font-size: 1em; font-weight: 600; line-height: 1.25; cursor: pointer;
  min-height: 2.75em; min-width: 2.75em; padding: 0.45em 0.9em; border-radius: 0.6em; white-space: normal;
  background: #fffdf7; color: #1d2b36; border: 0.12em solid #1f5f8b; }}
.intro-card button:hover {{ background: #e8eef3; }}
.intro-card button:focus-visible {{ outline: 0.2em solid #1d2b36; outline-offset: 0.15em; }}
{CARD_CSS}
"""


class IntroCards(JSComponent):
    """The band's cards, one per seat, in one component (memory per room: a card
    per seat as Panel components cost a classroom device ~0.4 MB on the server).

    ``cards``: ``{"seat", "markup", "you", "about"}`` in the order shown; ``markup`` is trusted
    markup built by :class:`SeatIntro` (every name in it escaped); ``about`` is the label of
    the card's "About …" button, shown only when the page has an explorer to open (the
    exhibit); a click sends the card's seat."""

    cards = param.List(default=[], item_type=dict, doc="The cards shown, in order.")

    _esm = """
export function render({ model }) {
  const box = document.createElement("div");
  box.className = "intro-cards";
  const draw = () => {
    box.replaceChildren(...model.cards.map((card) => {
      const el = document.createElement("div");
      el.className = `intro-card intro-seat-${card.seat}` + (card.you ? " you" : "");
      const body = document.createElement("div");
      body.className = "intro-body";
      body.innerHTML = card.markup;  // trusted markup made by the server's own code
      el.append(body);
      if (card.about) {
        const wrap = document.createElement("span");
        wrap.className = `intro-link-${card.seat}`;
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = card.about;
        b.addEventListener("click", () => model.send_msg({ seat: card.seat }));
        wrap.append(b);
        el.append(wrap);
      }
      return el;
    }));
  };
  draw();
  model.on("cards", draw);
  return box;
}
"""
    _stylesheets: ClassVar[list[str]] = [CARDS_CSS]

    def __init__(self, on_about: Callable[[int], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_about = on_about

    def markup(self, seat: int) -> str:
        """The markup of ``seat``'s card ("" if it has none)."""
        return next((c["markup"] for c in self.cards if c["seat"] == seat), "")

    def about(self, seat: int) -> bool:
        """What a click on the "About …" button of ``seat``'s card does (False: none shown)."""
        card = next((c for c in self.cards if c["seat"] == seat), None)
        if card is None or not card.get("about") or self.on_about is None:
            return False
        self.on_about(seat)
        return True

    def _handle_msg(self, data: Any) -> None:
        seat = data.get("seat") if isinstance(data, dict) else None
        if isinstance(seat, int):
            self.about(seat)


class SeatIntro:
    """The introduction band of one table (see the module docstring). Built once; its
    components are updated in place."""

    def __init__(self, table: IntroducedTable) -> None:
        self.table = table
        self.match = table.match
        #: the heritage place the band links to (the game's own: the same in every language)
        self.place = table.intro_words(table.tr).place
        self._persons: dict[int, str] = {}  # the people the cards drawn link to, by seat
        # compact: the title and "Let's play" on one line, then a card per seat (portrait, name,
        # two lines, the explorer's link beside them), so the band stays short at 1280x800
        # (no stretch_width inside a FlexBox: a pane as wide as its box would push its button below it)
        self._head = html("", sizing_mode=None, margin=0, styles={"flex": "1 1 20em", "min-width": "12em"})
        self.cards = IntroCards(on_about=self._about, sizing_mode="stretch_width", margin=0)
        self._place_link = button("", self._open_place, name="intro-place")
        self._play = button("", self.dismiss, kind="primary", name="intro-play")
        # where nobody plays (a class watching the projector) the band only says who is who: no
        # "Let's play" (it goes at the game's first action), no link out of the game
        tail = [] if table.watch_only else [*([self._place_link] if self.place is not None else []), self._play]
        self._top = pn.FlexBox(self._head, *tail, flex_wrap="wrap", align_items="center",
                               gap="0.2em 0.6em", sizing_mode="stretch_width", margin=0)
        self.band = pn.Column(self._top, self.cards, sizing_mode="stretch_width", css_classes=["intro-band"],
                              styles=BAND_STYLE)
        self._key: Any = None

    # ------------------------------------------------------------------ showing or not
    def shown(self) -> bool:
        """Whether the band is shown now: the game is on, the screen is the viewer's, and
        the viewer has neither moved nor said "Let's play". A screen where nobody plays (a
        classroom's projector, a game of bots watched) shows it until the game's next action:
        nobody there would press "Let's play", and the class needs the table."""
        m = self.match
        if m.over or m.privacy:
            return False
        mem = _memory(m)
        history = m.position[1]  # how many actions have been played
        for seat, at in list(mem.awaiting.items()):
            if history > at:  # it was that seat's turn at ``at``: the next action was theirs
                mem.gone.add(seat)
        viewer = m.viewer
        if viewer is not None and viewer not in mem.gone and viewer not in mem.awaiting and m.is_viewer_turn():
            mem.awaiting[viewer] = history
        elif viewer is None and None not in mem.gone and None not in mem.awaiting:
            mem.awaiting[None] = history  # gone at the game's next action (the loop above)
        return viewer not in mem.gone

    def dismiss(self, _event: Any = None) -> None:
        """"Let's play": the band goes for this seat (the table is drawn again)."""
        _memory(self.match).gone.add(self.match.viewer)
        self.table._touch()
        self.table._render()

    def _about(self, seat: int) -> None:
        """A card's "About …": the exhibit's explorer opens on that seat's person."""
        self.table._touch()
        person = self.person_of(seat)
        on_person = self.table.__dict__.get("on_person")
        if person is not None and callable(on_person):
            on_person(person)

    def _open_place(self, _event: Any = None) -> None:
        self.table._touch()
        on_place = getattr(self.table, "on_place", None)
        if callable(on_place) and self.place is not None:
            on_place(self.place)

    def person_of(self, seat: int) -> str | None:
        """The people record the card of ``seat`` links to (a Canal du Midi engineer), as the
        band last drew it; None: no link."""
        return self._persons.get(seat)

    # ------------------------------------------------------------------ drawing
    def parts(self) -> list[Any]:
        """The band, up to date, in a list (empty when it is not shown)."""
        if not self.shown():
            return []
        m = self.match
        key = (m.lang, m.viewer, tuple(m.names), self._linked())
        if key != self._key:
            self._key = key
            self._draw()
        return [self.band]

    def _linked(self) -> bool:
        """Whether the page has an explorer to open (the exhibit): the band's place, where it
        has one, opens by the table's ``on_place``, the cards' people by ``on_person``. A
        classroom device has neither: its links then open the exhibit's explorer in a new
        tab, the game staying open."""
        if self.place is not None:
            return callable(getattr(self.table, "on_place", None))
        return callable(self.table.__dict__.get("on_person"))

    def _who(self, tr: Translator, seat: int) -> str:
        """Who sits at a seat, as the kicker above the engineer's name."""
        m = self.match
        s = m.seats[seat]
        if seat == m.viewer:
            return tr.ui("intro.you", "You are")
        if s.kind == "bot":
            return tr.ui("intro.bot", "Played by the computer")
        return tr.ui("intro.player", "Played by {name}", name=m.names[seat])

    def _draw(self) -> None:
        m, tr = self.match, self.table.tr
        linked = self._linked()
        viewer = m.viewer
        order = ([viewer] if viewer is not None else []) + [p for p in range(len(m.seats)) if p != viewer]
        cards: list[dict[str, Any]] = []
        persons: dict[int, str] = {}
        for p in order:
            you = p == viewer
            card = self.table.intro_card(tr, p, you=you, size=62 if you else 48)
            lines = [*card.lines, *([card.caption] if card.caption is not None else [])]
            about = shown_about = ""
            if card.person is not None:
                persons[p] = card.person
            if card.person is not None and not self.table.watch_only:
                words = tr.ui("intro.read_about", "About {name}", name=m.default_name(p))
                if linked:  # the exhibit: the card's button opens its explorer
                    shown_about = words
                else:  # a classroom device: the explorer in a new tab
                    about = _new_tab_link(words, page="explorer", section="people", person=card.person, lang=m.lang)
            if m.names[p] != m.default_name(p):  # a typed name: say whose seat it is
                lines = [card.typed, *lines]
            body = "".join(f"<p class='intro-line{' intro-caption' if x == card.caption else ''}' "
                           f"style='margin:0.05em 0;font-size:{0.9 if you else 0.8}em;line-height:1.25'>{text(x)}</p>"
                           for x in lines)
            portrait = card.portrait
            # the caption "not a likeness" is said once in the band's title line; each portrait's
            # accessible name says it too (Portrait.alt)
            markup = (
                f"<div class='intro-person' data-seat='{p}' style='display:flex;gap:0.5em;align-items:flex-start'>"
                f"<div style='flex:none'>{portrait.svg}</div><div><p class='kicker' style='margin:0;font-size:0.75em;"
                f"text-transform:uppercase;letter-spacing:0.04em;color:#4f5d68'>{text(self._who(tr, p))}</p>"
                f"<h3 class='intro-name' style='margin:0 0 0.1em;font-size:{1.15 if you else 1}em'>"
                f"{text(portrait.name)}</h3>{body}{about}</div></div>")
            cards.append({"seat": p, "markup": markup, "you": you, "about": shown_about})
        self._persons = persons
        if cards != self.cards.cards:
            self.cards.cards = cards
        band = self.table.intro_words(tr)
        place_link = ""
        if band.place is not None and not self.table.watch_only:  # the game's canal in the explorer
            words = band.place_words
            self.table._update(self._place_link, label=words, visible=linked)
            if not linked:  # a classroom device: the explorer in a new tab
                place_link = _new_tab_link(words, page="explorer", place=band.place, lang=m.lang)
        note = tr.ui("portrait.note_all", "Portraits drawn for the exhibit — not likenesses.")
        self._head.object = (f"<h2 class='intro-title' style='margin:0;font-size:1.1em'>{text(band.title)}</h2>"
                             f"<p style='margin:0;font-size:0.85em'>"
                             f"{text(' '.join(x for x in (band.lead, note) if x))}</p>{place_link}")
        self.table._update(self._play, label=tr.ui("intro.play", "Let's play"))


def _new_tab_link(words: str, **query: str) -> str:
    """A link to the exhibit's page ``query`` (the explorer), opened in a new tab: ``words``
    and a mark that says so; as tall as a button, for a finger."""
    return (f"<a class='intro-about' href='/?{text(urlencode(query))}' target='_blank' rel='noopener' "
            f"style='display:inline-block;min-height:44px;line-height:44px;padding:0 0.4em;color:#14506e;"
            f"font-weight:600'>{text(words)} <span aria-hidden='true'>↗</span></a>")


def link_people(table: TableLike, on_person: Callable[[str], Any] | None) -> None:
    """What the introduction's links call with a person's id (``vauban``): the exhibit opens
    its explorer on that person (none: the links open the explorer in a new tab, as on a
    classroom device). The band is drawn again if it is already drawn."""
    table.__dict__["on_person"] = on_person
    intro = table.__dict__.get("_seat_intro")
    if intro is not None and intro._key is not None:
        intro._key = None
        intro.parts()


def intro_parts(table: IntroducedTable) -> list[Any]:
    """The introduction band for ``table``'s parts, at the top (an empty list once it is
    gone). The band is made on the first call and kept by the table."""
    intro = table.__dict__.get("_seat_intro")
    if intro is None:
        if gone_for_good(table.match):
            return []
        intro = table.__dict__["_seat_intro"] = SeatIntro(table)
    parts: list[Any] = intro.parts()
    if not parts and gone_for_good(table.match):
        # memory per room: a band that will not come back is let go, with its ~20
        # components (a classroom device keeps its table for the whole game)
        del table.__dict__["_seat_intro"]
    return parts


def gone_for_good(match: TableMatch) -> bool:
    """Whether the band will never be shown again on a table of ``match``: the game is over,
    or the viewer has moved or said "Let's play", or, where nobody plays (a projector), the
    game has moved on."""
    return bool(match.over) or match.viewer in _memory(match).gone
