"""The Arriala table in the browser: a view of one :class:`~canal_heritage.matches.arriala.ArrialaMatch`.

The table assembles its parts: the board (:mod:`.arriala_map`), the choice of a turn in
three steps (:mod:`.arriala_choice`), the score track, the sections, vineyards and works,
the heritage place of the latest action, and the end screen (:mod:`.arriala_end`); the
header, privacy screen, projector pause, log and bots come from :class:`.TableShell`.

What a seat may not see is never in any component, hidden ones included: the hand shown is
the viewer's own (nothing behind the privacy screen), opponents' hands are counts. Views
read observations only (the viewer's, or the public one behind the privacy screen).

One update per change of the match (see :meth:`ArrialaMatch.changing`), sent as one patch;
the components are built once and updated in place (a pane's markup, a button's label, a
data source's columns are assigned only when they differ).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from ...arriala.narration import Narrator
from ...arriala.observation import ArrialaObservation
from ...arriala.scoring import majority
from ...arriala.sheet import ScoreSheet
from ...arriala.state import ArrialaGame, ArrialaState
from ...heritage import BuiltStory, HistoricDate, load_heritage
from ...i18n import Translator
from ...look import TURN_OUTLINE, arriala_seat
from ...matches.arriala import ArrialaMatch, counts_on, owner_of, where_of, workers_of
from ...matches.moments import Moment
from ...matches.table import LogLine
from ..art import shape_svg
from ..portraits import arriala_portrait
from ..theme import INK, button, phone_css, text
from . import arriala_end, arriala_stage
from .arriala_choice import BACK, ArrialaChoice
from .arriala_map import ArrialaMap
from .end_story import Built
from .guide_bubble import with_guide  # guide (learn by playing)
from .intro import BandWords, SeatCard, intro_parts  # engineers (who you are)
from .table_shell import NO_SQUEEZE_CSS, SCROLL_INSIDE, TableShell

__all__ = ["ARRIALA_PLACE", "BACK", "ArrialaTable"]

#: Where the introduction band's link opens the explorer: the first town of the board.
ARRIALA_PLACE = "grisolles"

#: Events that name the place of an action (its heritage place is shown beside the board).
PLACE_EVENTS = ("arriala.move", "arriala.place", "arriala.to_vineyard", "arriala.from_vineyard",
                "arriala.river_work", "arriala.engineering_work")


#: The table's body fits the window. Landscape: the board (the map, its
#: legend, the score track) on the left, filling the height; on the right the visitor's
#: choices (prompt, actions, cards, targets), the bots' latest reasons, then the sections,
#: vineyards and works, scrolling inside. Portrait: the board on top, the choices below.
BODY_CSS = phone_css("""
:host { display: grid !important; gap: 0.5em 1em;
  grid-template-columns: minmax(0, 1.45fr) minmax(19em, 1fr); grid-template-rows: minmax(0, 1fr);
  grid-template-areas: "board side"; }
.scroll-button { display: none !important; }
.board-area { grid-area: board; display: flex !important; flex-direction: column !important; min-height: 0;
  overflow-y: auto; overflow-x: hidden; }
.side-area { grid-area: side; min-height: 0; height: auto;
  display: flex !important; flex-direction: column !important; }
@media (orientation: portrait) {
  :host { grid-template-columns: minmax(0, 1fr); grid-template-rows: minmax(14em, 1.1fr) minmax(0, 0.9fr);
    grid-template-areas: "board" "side"; }
}
@media phone {
  :host { display: flex !important; flex-direction: column !important; height: auto !important; }
  .board-area, .side-area { flex: none !important; overflow: visible !important; height: auto !important; }
}
""")

#: The side: the score track on top, the rest in a box that scrolls inside.
SIDE_CSS = phone_css("""
.track { flex: none !important; }
.side-scroll { flex: 1 1 0 !important; min-height: 0; }
@media phone { .side-scroll { flex: none !important; overflow: visible !important; } }
""")

#: Inside the board area: the map takes what the title and the score track leave.
BOARD_CSS = phone_css("""
.moments, .map-name, .track { flex: none !important; }
.arriala-board, .map-box { flex: 1 1 0 !important; }
@media phone { .arriala-board, .map-box { flex: none !important; height: auto !important; } }
""")

#: The actions as a compact grid of buttons (two or three a row), the cards and targets wrap.
PALETTE_CSS = """
[role=group].choice-list { display: grid !important; width: 100%; gap: 0.35em;
  grid-template-columns: repeat(auto-fill, minmax(9.5em, 1fr)); }
.choice-list button { font-size: 0.88em; padding: 0.25em 0.55em; text-align: left; min-height: max(2.6em, 44px); }
@media (max-width: 1100px) { .choice-list button { font-size: 0.82em; } }
"""
#: The prompt's and the lists' titles: a little smaller beside the board, smaller still on a narrow screen.
WORDS_CSS = """
h2 { font-size: 1.1em !important; }
@media (max-width: 1100px) { h2 { font-size: 1em !important; } h3 { font-size: 0.95em !important; } }
"""
COMPACT_CSS = """
.choice-list button { font-size: 0.95em; padding: 0.3em 0.7em; }
"""


class ArrialaTable(TableShell[ArrialaGame, ArrialaState, ArrialaObservation, ScoreSheet, Narrator]):
    """The game at the table: the board, the palette, the hand, the sections, the log."""

    match: ArrialaMatch
    CSS_CLASS = "arriala-table"
    EXPLAINED_MOVES = 6
    #: the board's cells are choices: a tap on the staged moments goes through to the board
    moments_through = True

    def undo_words(self, tr: Translator) -> str:
        """Undo goes back one action at a time within the turn."""
        return tr.ui("arriala.table.undo", "Take back my last action")

    def __init__(self, match: ArrialaMatch, **kw: Any) -> None:
        #: "read the story" opens the heritage explorer on a place (set by the exhibit), else
        #: the story opens here
        self.on_place: Callable[[str], Any] | None = None
        self._story_open = False
        super().__init__(match, **kw)

    # ------------------------------------------------------------------ the components, built once
    def _build_game(self) -> None:
        self.map = ArrialaMap(self.match.game, projector=self.match.projector, on_tap=self.tap)
        self.choice = ArrialaChoice(self)
        # moments — the staged moments stand over the board (never over the choices or hand)
        self._board = pn.Column(self.moments, self._pane("map-name", css_classes=["map-name"]), self.map.pane,
                                sizing_mode="stretch_width", css_classes=["board-area"], margin=0,
                                stylesheets=[BOARD_CSS])
        if "arriala-board" not in self.map.pane.css_classes:  # the box the map fills
            self.map.pane.css_classes = [*self.map.pane.css_classes, "map-box"]
        self.choice.palette.stylesheets = [*self.choice.palette.stylesheets, PALETTE_CSS]
        self.choice.hand.stylesheets = [*self.choice.hand.stylesheets, COMPACT_CSS]
        self.choice.choices.stylesheets = [*self.choice.choices.stylesheets, COMPACT_CSS]
        self.choice.column.margin = 0
        self.choice.column.stylesheets = [*self.choice.column.stylesheets, NO_SQUEEZE_CSS]
        for name in ("prompt", "hand-title", "target-title"):  # the step's words: smaller, so the choices fit
            words = self.choice._panes[name]
            words.stylesheets = [*words.stylesheets, WORDS_CSS]
            words.margin = (2, 5)
        # sections, vineyards and works, heritage
        self._story_button = button("", self._read_story, name="read-story")
        self._heritage = pn.Column(self._pane("heritage"), self._pane("story"), self._story_button,
                                   sizing_mode="stretch_width", css_classes=["heritage-pairing"], margin=0)
        # the side: the choices first, the bots' latest reasons, then the sections, vineyards,
        # works and the heritage place, scrolling inside (layout)
        self._scroll = pn.Column(self.choice.column, self._pane("explains"), self._pane("sections"),
                                 self._pane("spots"), self._heritage, sizing_mode="stretch_width",
                                 css_classes=["side-scroll"], margin=0, styles={**SCROLL_INSIDE, "gap": "0.4em"},
                                 stylesheets=[NO_SQUEEZE_CSS])
        # the score track stays in view above what scrolls (the others' summary)
        self._side = pn.Column(self._pane("players", css_classes=["track"]), self._scroll,
                               sizing_mode="stretch_width", css_classes=["side-area"], margin=0,
                               stylesheets=[SIDE_CSS])
        self._body = pn.Column(self._board, self._side, sizing_mode="stretch_width",
                               css_classes=["table-body", "arriala-body"], margin=0, stylesheets=[BODY_CSS])

    # ------------------------------------------------------------------ the visitor's taps
    def tap(self, x: float, y: float) -> None:
        """A tap on the map at (x, y) (see :meth:`ArrialaChoice.tap`)."""
        self.choice.tap(x, y)

    def _forget_choice(self) -> None:
        self.choice.reset()

    def _read_story(self, _event: Any = None) -> None:
        self._touch()
        place = self._heritage_place(self.match.view())
        if place is not None and self.on_place is not None:
            self.on_place(place)
            return
        self._story_open = not self._story_open
        self._render()

    # ------------------------------------------------------------------ render
    def _render_game(self) -> list[Any]:
        obs = self._view()
        self.choice.follow(obs)
        self._render_map(obs)
        self._render_players(obs)
        self.choice.render(obs)
        self._render_sections(obs)
        self._render_spots(obs)
        self._render_heritage(obs)
        self._render_log()
        self._render_explanations()
        # engineers — the introduction band on top, until the visitor's first move
        # guide — "How to play" and the guided first round's bubble
        return with_guide(self, [*intro_parts(self), self._body])

    def _hide_private(self) -> None:
        self.choice.hide()

    def _title(self) -> tuple[str, str]:
        m, tr = self.match, self.tr
        title = tr.ui("arriala.table.title", "Arriala · Canal de Garonne")
        if m.over:
            return title, tr.ui("arriala.table.over", "The game is over.")
        obs = self._view()
        p = m.to_move
        name = m.names[p] if p is not None else ""
        return title, tr.ui_plural("arriala.table.status", "Round {round} · {name}'s turn · {n} action point left",
                                   "Round {round} · {name}'s turn · {n} action points left", obs.ap,
                                   round=obs.round, name=name)

    def _in_log(self, line: LogLine) -> bool:
        return line.key != "arriala.turn_end"

    # ------------------------------------------------------------------ the end (arriala_end)
    def _end_parts(self) -> list[Any]:
        return arriala_end.end_parts(self)

    def table_then(self, obs: Any) -> str:
        return arriala_end.table_then(self, obs)

    discover_anyway = arriala_end.DISCOVER_ANYWAY

    def built(self, seat: int) -> list[Built]:
        return arriala_end.built(self, seat)

    def canal_order_words(self, tr: Translator) -> str:
        return arriala_end.canal_order_words(tr)

    def riquet_words(self, tr: Translator, died: HistoricDate | None, opened: str) -> tuple[str, str, str]:
        return arriala_end.riquet_words(tr, died, opened)

    # ------------------------------------------------------------------ the staged moments (arriala_stage)
    def moment_frame(self, moment: Moment, tr: Translator) -> tuple[str, str]:
        return arriala_stage.frame(self, moment, tr)

    def moment_story(self, moment: Moment, lang: str) -> BuiltStory | None:
        return arriala_stage.story(moment, lang)

    # ------------------------------------------------------------------ the guide's bubble (guide_bubble)
    #: the bubble leaves the palette, the targets, the hand and the board in view, and the
    #: shell's controls; in this order the focus looks for one (the header's undo, always there,
    #: comes before the board)
    guide_avoid = ("palette", "targets", "hand", "undo", "how-to-play", "arriala-map", "go-home", "what-happened",
                   "lang-fr", "lang-en", "lang-oc", "privacy-ok", "continue")

    # ------------------------------------------------------------------ the introduction band (intro)
    def intro_card(self, tr: Translator, seat: int, *, you: bool, size: int) -> SeatCard:
        """A seat is a master builder of the Canal de Garonne, drawn in 19th-century dress;
        the viewer's card says in two lines what that canal was."""
        m = self.match
        portrait = arriala_portrait(seat, m.game.players, m.lang, size=size)
        typed = tr.ui("intro.arriala.typed", "{name} plays this colour", name=m.names[seat])
        if not you:
            return SeatCard(portrait, typed=typed)
        # a master builder's part in the works: the canal they dig
        lead = tr.ui("intro.lead.arriala", "The Canal de Garonne was dug in the 19th century, to carry "
                                           "Riquet's water road on from Toulouse towards Bordeaux.")
        caption = tr.ui("intro.lead2.arriala", "Like each player here, you lead a team of workers, section by "
                                               "section, from Grisolles to Valence d'Agen.")
        return SeatCard(portrait, (lead,), caption=caption, typed=typed)

    def intro_words(self, tr: Translator) -> BandWords:
        """Who is who: the master builders of the Canal de Garonne, with a link to its first
        town on the explorer's map."""
        place = tr.ui("intro.place", "The Canal de Garonne on the map")
        if self.match.viewer is None:  # the classroom's projector is nobody's seat
            return BandWords(tr.ui("intro.title.arriala_all", "Who is who: the master builders of the Canal de "
                                                              "Garonne"), place=ARRIALA_PLACE, place_words=place)
        return BandWords(tr.ui("intro.title.arriala", "Who you are: the master builders of the Canal de Garonne"),
                         place=ARRIALA_PLACE, place_words=place)

    # -- the board
    def _render_map(self, obs: ArrialaObservation) -> None:
        n, tr = self.narrator, self.tr
        b = self.match.game.board
        name = tr.ui("arriala.table.map", "The board: the Canal de Garonne from {first} to {last}",
                     first=n.place(b.cells[0].town or ""), last=n.place(b.cells[-1].town or ""))
        self._pane("map-name", f"<h2 class='map-name' style='font-size:1em;margin:0.1em 0'>{text(name)}</h2>")
        self.map.draw(obs, n, tr, self.choice.targets, self.choice.worker,
                      sections=self.match.sections())  # board (sections drawn on the map)

    def _render_players(self, obs: ArrialaObservation) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        g = m.game
        top = max(30, max(obs.points) + 5)
        open_hands = m.open_hands_view()
        rows = []
        for o in range(g.owners):
            colour, shape = arriala_seat(o, g.players)
            name = n.owner(o)
            virtual = o >= g.players
            you = o == obs.player and m.observation() is not None
            label = name + (" · " + tr.ui("table.you", "you") if you else "")
            if virtual:
                facts = tr.ui("arriala.table.virtual_facts", "moved by everyone, scores by the normal rules (A-R8)")
            else:
                reserve = sum(1 for w in workers_of(o) if where_of(obs.loc[w]).kind == "reserve")
                cards = tr.ui_plural("arriala.table.cards", "{n} card", "{n} cards", obs.hand_sizes[o])
                workers = tr.ui_plural("arriala.table.in_reserve", "{n} worker in reserve", "{n} workers in reserve",
                                       reserve)
                facts = cards + " · " + workers
                if open_hands is not None and open_hands[o]:  # projector, the teacher's choice
                    facts += " · " + n.tr.join([n.card(c) for c in open_hands[o]])
            turn = f"outline:0.2em solid {TURN_OUTLINE};" if m.to_move == o and not m.over else ""
            width = 100 * obs.points[o] / top
            rows.append(
                f"<li class='seat seat-{o}' style='display:flex;flex-wrap:wrap;align-items:center;gap:0 0.5em;"
                f"padding:0.1em 0.3em;"
                f"border-radius:0.4em;{turn}'>{shape_svg(colour, shape, 24, label)}"
                f"<span style='min-width:7em;font-weight:700'>{text(label)}</span>"
                f"<span style='flex:1 1 3em;position:relative;height:0.9em;background:#efe6cf;border-radius:0.3em'>"
                f"<span style='position:absolute;left:0;top:0;bottom:0;width:{width:.1f}%;background:{colour};"
                f"border:0.06em solid {INK};border-radius:0.3em'></span></span>"
                f"<strong style='min-width:2.5em;text-align:right'>{obs.points[o]}</strong>"
                f"<small style='flex:1 1 13em;padding-left:2.2em;font-size:0.82em;line-height:1.2'>{text(facts)}"
                f"</small></li>")
        deck = tr.ui_plural("arriala.table.deck", "{n} card left in the deck", "{n} cards left in the deck",
                            obs.deck_size)
        title = tr.ui("arriala.table.track", "Score track")
        self._pane("players", f"<section class='players' aria-label='{text(title)}'>"
                              f"<h2 style='font-size:1em;margin:0 0 0.15em'>{text(title)} "
                              f"<small style='font-weight:400'>· {text(deck)}</small></h2>"
                              f"<ul style='list-style:none;padding:0;margin:0'>{''.join(rows)}</ul></section>")

    # -- sections, vineyards, works
    def _section_name(self, first: int, last: int) -> str:
        """``Montech–Castelsarrasin, cells 2–4`` (or ``…, cell 3``)."""
        n, b, tr = self.narrator, self.match.game.board, self.tr
        st = b.stretches[b.stretch_of[first]]
        ends = next((x for x in self.match.game.data.board.stretches if x.id == st.id), None)
        if ends is None or b.stretch_of[last] != b.stretch_of[first]:  # pragma: no cover - sections never span towns
            return tr.ui("arriala.section", "{first} to {last}", first=n.cell(b.cell_id(first)),
                         last=n.cell(b.cell_id(last)))
        if first == last:
            return n.cell(b.cell_id(first))
        return tr.ui("arriala.table.section_name", "{a}–{b}, cells {k}–{l}", a=n.place(ends.from_), b=n.place(ends.to),
                     k=first - st.first + 1, l=last - st.first + 1)

    def _counts_html(self, counts: list[int]) -> str:
        m, n = self.match, self.narrator
        parts = []
        for o, c in enumerate(counts):
            if c:
                colour, shape = arriala_seat(o, m.game.players)
                parts.append(f"<span style='white-space:nowrap'>{shape_svg(colour, shape, 16, n.owner(o))} "
                             f"{text(n.owner(o))} {c}</span>")
        return " · ".join(parts)

    def _render_sections(self, obs: ArrialaObservation) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        g = m.game
        scored = {(a["first"], a["last"]): a for a in m.scored()}
        items = []
        for first, last, closed in m.sections():
            size = last - first + 1
            name = self._section_name(first, last)
            if closed:
                a = scored.get((g.board.cell_id(first), g.board.cell_id(last)))
                words = n.section(a) if a else tr.ui("arriala.table.section_closed", "Scored and closed (A-R4).")
                items.append(f"<li class='section scored' style='margin:0.25em 0;color:#3d3d3d'>{text(words)}</li>")
                continue
            counts = counts_on(g, obs.loc, first, last)
            filled = sum(counts)
            fill = tr.ui_plural("arriala.table.filled", "{filled} of {n} cell taken · worth {points} when complete",
                                "{filled} of {n} cells taken · worth {points} when complete", size,
                                filled=filled, points=g.table[size])
            winner, tie = majority(counts)
            if not filled:
                lead = tr.ui("arriala.table.empty", "nobody yet")
            elif winner is None:
                lead = tr.ui("arriala.table.lead_nobody", "tied at the top and below: nobody would score now")
            elif tie == "lower":
                lead = tr.ui("arriala.table.lead_lower", "the leaders are tied, so {name}, next in line, would "
                                                         "score {points}", name=n.owner(winner), points=g.table[size])
            else:
                lead = tr.ui("arriala.table.lead", "{name} leads and would score {points}", name=n.owner(winner),
                             points=g.table[size])
            counts_html = self._counts_html(counts)
            items.append(f"<li class='section open' style='margin:0.25em 0'><strong>{text(name)}</strong> · "
                         f"{text(fill)}<br>{counts_html}{' — ' if counts_html else ''}{text(lead)}</li>")
        title = tr.ui("arriala.table.sections", "Sections")
        rule = tr.ui("arriala.table.sections_rule", "A section scores as soon as every cell holds a worker: most "
                                                    "workers wins; tied leaders score nothing and the next in line "
                                                    "scores (A-R6).")
        self._pane("sections", f"<section class='sections'><h2 style='font-size:1.1em;margin:0.3em 0'>{text(title)}"
                               f"</h2><p style='margin:0.2em 0;font-size:0.9em'>{text(rule)}</p>"
                               f"<ul style='padding-left:1.2em;margin:0'>{''.join(items)}</ul></section>")

    def _render_spots(self, obs: ArrialaObservation) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        b = m.game.board
        vines = []
        scored = {e.args["vineyard"]: e.args for e in obs.events if e.key == "arriala.vineyard_scored"}
        for v, spot in enumerate(b.vineyards):
            counts = list(obs.vine[v])
            winner, tie = majority(counts)
            if spot.id in scored:  # the game is over: what it scored, and why
                lead = n.vineyard(scored[spot.id])
            elif winner is None:
                lead = (tr.ui("arriala.table.empty", "nobody yet") if not any(counts)
                        else tr.ui("arriala.table.lead_nobody", "tied at the top and below: nobody would score now"))
            else:
                lead = tr.ui("arriala.table.vine_lead", "{name} would score {points} at the end", name=n.owner(winner),
                             points=spot.capacity)
            head = tr.ui_plural("arriala.table.vine", "{name}: {taken} of {n} place", "{name}: {taken} of {n} places",
                                spot.capacity, name=n.place(spot.id), taken=sum(counts))
            counts_html = self._counts_html(counts)
            vines.append(f"<li class='vineyard'><strong>{text(head)}</strong><br>{counts_html}"
                         f"{' — ' if counts_html else ''}{text(lead)}</li>")
        works = []
        for i, spot in enumerate(b.blue):
            worker = obs.blue[i]  # the worker who built it, -1: nobody yet
            state = (tr.ui("arriala.table.built_by", "built by {name}", name=n.owner(owner_of(worker))) if worker >= 0
                     else tr.ui("arriala.table.free", "free"))
            works.append(f"<li class='river-work'>{text(n.blue(spot.id))}: {text(state)}</li>")
        for i, spot in enumerate(b.works):
            owner = obs.works[i]
            state = (tr.ui("arriala.table.built_by", "built by {name}", name=n.owner(owner)) if owner >= 0
                     else tr.ui("arriala.table.not_built", "not built yet"))
            works.append(f"<li class='engineering-work'>{text(n.place(spot.id))}: {text(state)}</li>")
        t1 = tr.ui("arriala.table.vineyards", "Vineyards (scored at the end)")
        t2 = tr.ui("arriala.table.works", "River works and engineering works")
        locks = tr.ui_plural("arriala.table.locks", "{n} lock left to build", "{n} locks left to build",
                             obs.locks_left)
        self._pane("spots", f"<section class='spots'><h2 style='font-size:1.1em;margin:0.3em 0'>{text(t1)}</h2>"
                            f"<ul style='padding-left:1.2em;margin:0'>{''.join(vines)}</ul>"
                            f"<h2 style='font-size:1.1em;margin:0.5em 0 0.3em'>{text(t2)}</h2>"
                            f"<ul style='padding-left:1.2em;margin:0'>{''.join(works)}</ul>"
                            f"<p style='margin:0.3em 0'>{text(locks)}</p></section>")

    # -- heritage
    @staticmethod
    def _heritage_place(obs: ArrialaObservation) -> str | None:
        """The heritage place of the latest action that involved a town, a vineyard, a river
        work or an engineering work (``data/heritage/places.json`` ids)."""
        keys = ("to", "from", "vineyard", "kind", "work", "cell")
        h = load_heritage()
        for e in reversed(obs.events[-40:]):
            if e.key not in PLACE_EVENTS:
                continue
            for k in keys:
                game_id = e.args.get(k)
                if isinstance(game_id, str) and ":" not in game_id:
                    try:
                        return h.place_for_game("arriala", game_id).id
                    except KeyError:
                        continue
        return None

    def _render_heritage(self, obs: ArrialaObservation) -> None:
        tr = self.tr
        pid = self._heritage_place(obs)
        if pid is None:
            self._update(self._heritage, visible=False)
            return
        place = load_heritage().place(pid)
        name = place.localized("name", tr.lang).text
        caption = place.localized("caption", tr.lang)
        note = tr.fallback_note(caption)
        mark = f" <em>({text(note)})</em>" if note else ""
        head = tr.ui("arriala.table.heritage", "On the real canal")
        self._pane("heritage", f"<section class='heritage'><h2 style='font-size:1.1em;margin:0.3em 0'>{text(head)}"
                               f"</h2><p style='margin:0.2em 0'><strong>{text(name)}</strong></p>"
                               f"<p style='margin:0.2em 0'>{text(caption.text)}{mark}</p></section>")
        opened = self._story_open and self.on_place is None
        story = ""
        if opened:
            told = place.localized("story", tr.lang)
            note = tr.fallback_note(told)
            mark = f" <em>({text(note)})</em>" if note else ""
            story = f"<p class='story' style='max-width:40em'>{text(told.text)}{mark}</p>"
        self._pane("story", story)
        self._update(self._panes["story"], visible=opened)
        label = (tr.ui("arriala.table.hide_story", "Hide the story") if opened
                 else tr.ui("arriala.table.read_story", "Read the story"))
        self._update(self._story_button, label=label)
        self._update(self._heritage, visible=True)

    # -- log and bots
