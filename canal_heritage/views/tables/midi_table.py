"""The Canal du Midi table in the browser: a view of one :class:`~canal_heritage.matches.midi.MidiMatch`.

Everything shown comes from the viewer's observation (M-R1); opponents' hands and every
face-down card are drawn as backs, whose markup carries no value. The only exception is
the teacher's "open hands" switch in projector mode.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from ...core.bots import BotMove
from ...heritage import BuiltStory, HistoricDate, load_heritage
from ...i18n import Translator
from ...look import SR_ONLY, TURN_OUTLINE
from ...matches.midi import Choice, MidiMatch
from ...matches.moments import Moment
from ...midi.narration import Narrator
from ...midi.observation import Observation
from ...midi.scoring import ScoreSheet
from ...midi.state import MidiGame, MidiState, SiteStatus
from .. import art
from ..choice_list import ChoiceList, HintBox, midi_trade_choice
from ..portraits import engineer_portrait
from ..theme import button, phone_css, text
from . import midi_end, midi_stage
from .end_story import Built
from .guide_bubble import with_guide  # guide (learn by playing)
from .intro import BandWords, SeatCard, intro_parts  # engineers (who you are)
from .table_shell import NO_SQUEEZE_CSS, SCROLL_INSIDE, TableShell

#: A seat's frame: outlined while it is that seat's turn (every key always set, so a change is one style).
SEAT_STYLE = {"flex": "1 1 18em", "border-radius": "0.6em", "outline": "none"}
TURN_STYLE = {**SEAT_STYLE, "outline": f"0.2em solid {TURN_OUTLINE}"}

#: The table's body fits the window. Landscape: the canal across the top,
#: then three columns: the site in play, the visitor's choices (the bots' latest reason
#: below them), the players (the visitor's hand first). Portrait: the canal, the site beside
#: the players, then the choices across. Each area scrolls inside if it must; the page never.
BODY_CSS = phone_css("""
:host { display: grid !important; gap: 0.4em 1em;
  grid-template-columns: minmax(0, 0.9fr) minmax(0, 1.1fr) minmax(0, 1.35fr);
  grid-template-rows: auto minmax(0, 1fr) auto;
  grid-template-areas: "strip strip strip" "site prompt players" "site explains players"; }
.scroll-button { display: none !important; }
.canal-strip { grid-area: strip; }
.site-panel { grid-area: site; }
.prompt { grid-area: prompt; }
.players { grid-area: players; }
.explains { grid-area: explains; }
/* a small landscape screen (a tablet held sideways): the choices' column wider, so the cards
   sit in one row and the last is not below the fold */
@media (orientation: landscape) and (max-width: 1100px) {
  :host { grid-template-columns: minmax(0, 0.8fr) minmax(0, 1.3fr) minmax(0, 1.2fr); }
}
@media (orientation: portrait) {
  :host { grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr);
    grid-template-rows: auto minmax(11em, 1fr) minmax(0, auto) auto;
    grid-template-areas: "strip strip" "site players" "prompt prompt" "explains explains"; }
}
@media phone {
  :host { grid-template-columns: minmax(0, 1fr); grid-template-rows: none; grid-auto-rows: auto;
    grid-template-areas: "strip" "site" "prompt" "players" "explains"; }
  .site-panel, .players, .explains { overflow: visible !important; }
  .prompt { position: sticky; bottom: var(--guide-dock, 0px); z-index: 5; max-height: 50dvh; background: #fbf6ea;
    box-shadow: 0 -0.4em 0.6em -0.3em rgba(29, 43, 54, 0.25); padding-bottom: 0.2em; }
}
@media (orientation: landscape) and (max-height: 480px) { .prompt { max-height: 42dvh; } }
""")

#: The canal's cards shrink with the window (a card keeps its shape).
STRIP_CARD_CSS = """
svg { display: block; width: auto;
  height: min(8.5em, (100vh - var(--guide-dock, 0px)) * 0.15, (100vw - 5em) / 9 * 1.36); }
"""
STRIP_CSS = """
:host { flex-wrap: nowrap !important; gap: 0.25em; justify-content: flex-start; }
"""

#: The site in play: its card beside its words, smaller on a short window.
SITE_CSS = """
.site-now { display: flex; gap: 0.8em; align-items: flex-start; flex-wrap: wrap; }
.site-now svg { display: block; width: auto; height: min(15em, (100vh - var(--guide-dock, 0px)) * 0.3); }
.site-now p { margin: 0.2em 0 0.4em; }
.site-words { flex: 1 1 10em; min-width: 0; }
/* a tablet held upright (not a kiosk totem): the site shares its row with the players, so its
   card is smaller and its words and first button keep their place under it */
@media (orientation: portrait) and (min-width: 600px) and (max-height: 1200px) {
  .site-now svg { height: min(11em, (100vh - var(--guide-dock, 0px)) * 0.2); }
}
"""

#: A card's picture above its words, as a row of tiles (the bet's and draw's choices).
CHOICE_TILES_CSS = phone_css("""
.choice-list button.has-icon { flex-direction: column; align-items: center; text-align: center;
  width: 6.3em; font-size: 0.92em; padding: 0.3em 0.2em 0.4em; gap: 0.2em; hyphens: auto; }
.choice-list .icon svg { width: auto; height: min(6em, 11vh); }
@media (orientation: portrait) { .choice-list button.has-icon { width: 8.6em; } }
@media phone {  /* a phone: the cards in one row that slides sideways, like a hand held */
  .choice-list { flex-wrap: nowrap !important; overflow-x: auto; padding-bottom: 0.2em; }
  .choice-list button.has-icon { width: 6.6em; flex: none; font-size: 0.8em; }
  .choice-list .icon svg { height: 4.4em; }
}
""")

#: The players: the visitor's seat first and largest, the others as a compact summary.
SEAT_CSS = """
.seat { padding: 0.3em 0.4em; }
.seat .who { display: flex; align-items: center; gap: 0.4em; font-weight: 700; font-size: 1.05em; }
.seat .facts { font-size: 0.95em; }
.seat .row { display: flex; align-items: center; gap: 0.25em; flex-wrap: wrap; margin: 0.15em 0; }
.seat .row .label { min-width: 5.5em; font-weight: 600; font-size: 0.9em; }
.seat .row svg { display: block; }
.seat .groups { display: flex; flex-wrap: wrap; gap: 0 0.9em; }
.seat.other { display: flex; flex-wrap: wrap; align-items: center; column-gap: 0.6em; }
.seat.other .facts { font-size: 0.85em; }
.seat.other .who { font-size: 1em; }
.seat.other .groups { flex: 1 1 100%; }
.seat .groups .label { min-width: 0; }
/* the others' hidden cards overlap like a held fan: a whole seat fits on one line (four players
   at 1280×800 all in view) */
.seat .pile { display: inline-flex; }
.seat .pile .back + .back { margin-left: var(--overlap); }
.seat .pile .back svg { filter: drop-shadow(-1px 0 0 rgba(29, 43, 54, 0.35)); }
"""


def choice_key(position: tuple[int, int], choice: Choice) -> str:
    """A choice's key among the buttons (``"<generation>.<moves>:<action>"``, the action an
    id, never read): unique at a position, and never the same for a choice of an earlier one."""
    return "{}.{}:{}".format(*position, choice.action)


class MidiTable(TableShell[MidiGame, MidiState, Observation, ScoreSheet, Narrator]):
    """The game at the table: canal strip, players, the viewer's hand and choices, the log.

    One update per change of the match (see :meth:`MidiMatch.changing`), sent as one patch.
    The components are built once and updated in place: a pane's markup is assigned only when
    it differs, the canal strip has one pane per site and the players' area one per seat, and
    the choices are one :class:`~.choices.ChoiceList` (a click names its choice, so nothing is
    shown, hidden or laid out again in the browser). A choice's key holds the position it was
    offered at, so a click still in flight from an earlier position (a double tap) is ignored.
    What a seat may not see is never in any component: the choices are the viewer's legal
    actions only, and none are on offer behind the privacy screen."""

    match: MidiMatch
    CSS_CLASS = "midi-table"

    # ------------------------------------------------------------------ the components, built once
    def _build_game(self) -> None:
        g = self.match.game
        self._story_open = False
        self._on_place: Callable[[str], Any] | None = None
        # the canal: one pane per site
        self._strip = pn.Row(self._pane("strip-name", sizing_mode="fixed", margin=0),
                             *[self._pane(f"site-{sid}", sizing_mode="fixed", margin=(0, 1),
                                          stylesheets=[STRIP_CARD_CSS]) for sid in g.site_ids],
                             css_classes=["canal-strip"], sizing_mode="stretch_width",
                             margin=0, stylesheets=[STRIP_CSS], styles={"padding": "0.15em 0"})
        # the site being built, and the viewer's choices
        self._story_button = button("", self._toggle_story, name="story")
        self._where_button = button("", self._where, name="where")
        # moments — the staged moments stand over the site (never over the choices or hand)
        self._site = pn.Column(self.moments, self._pane("site", stylesheets=[SITE_CSS], margin=(0, 0)),
                               self._pane("story"),
                               pn.Row(self._story_button, self._where_button, margin=0,
                                      styles={"flex-wrap": "wrap"}),
                               sizing_mode="stretch_width", css_classes=["site-panel"], margin=0,
                               styles=SCROLL_INSIDE, stylesheets=[NO_SQUEEZE_CSS])
        self._offered: dict[str, Choice] = {}  # the choices on offer, by their buttons' keys
        self._choices = ChoiceList(on_choose=self._clicked, css_classes=["choices"], sizing_mode="stretch_width",
                                   stylesheets=[CHOICE_TILES_CSS])
        self._prompt = pn.Column(self._pane("prompt"), self._choices, sizing_mode="stretch_width",
                                 css_classes=["prompt"], margin=0, styles=SCROLL_INSIDE, stylesheets=[NO_SQUEEZE_CSS])
        # choices — the Steady bot's hint, under the choices (it follows the match itself)
        self._hint = HintBox(self.match)
        if not self.watch_only:  # a hint is for the player at the table, not for a class watching
            self._prompt.append(self._hint.panel)
        # the players: one pane per seat, the visitor's first
        self._players = pn.Column(*[self._pane(f"seat-{p}", sizing_mode="stretch_width", margin=(2, 2),
                                               styles=SEAT_STYLE, stylesheets=[SEAT_CSS]) for p in self._seat_order()],
                                  css_classes=["players"], sizing_mode="stretch_width", margin=0,
                                  styles={**SCROLL_INSIDE, "gap": "0.3em"}, stylesheets=[NO_SQUEEZE_CSS])
        explains = self._pane("explains")
        explains.css_classes = ["explains"]
        # layout — one body, laid out by BODY_CSS's grid (landscape and portrait)
        self._body = pn.Column(self._strip, self._site, self._prompt, self._players, explains,
                               sizing_mode="stretch_width", css_classes=["table-body", "midi-body"], margin=0,
                               stylesheets=[BODY_CSS])

    def _seat_order(self) -> list[int]:
        """The seats in the players' area: the visitor's first (hot-seat: in order)."""
        m = self.match
        seats = list(range(m.game.players))
        if m.viewer is not None and not m.hot_seat:
            seats.remove(m.viewer)
            seats.insert(0, m.viewer)
        return seats

    # ------------------------------------------------------------------ actions
    def _clicked(self, key: str) -> None:
        """A choice was clicked (:class:`ChoiceList` checked that ``key`` is on offer now, so a
        key from an earlier position never gets here)."""
        choice = self.choice_for(key)
        if choice is not None:
            self._choose(choice)

    def choice_for(self, key: str) -> Choice | None:
        """The choice a button's key names, if it is on offer now."""
        return self._offered.get(key)

    @property
    def on_place(self) -> Callable[[str], Any] | None:
        """"Where is this?": set by the exhibit to open the heritage explorer on a place
        (the button shows only when it is set)."""
        return self._on_place

    @on_place.setter
    def on_place(self, fn: Callable[[str], Any] | None) -> None:
        self._on_place = fn
        self._update(self._where_button, visible=fn is not None)

    def _where(self, _event: Any = None) -> None:
        """Open the heritage explorer on the site in play ("where is this?")."""
        self._touch()
        site = self.match.public_observation().current_site
        if site is not None and self._on_place is not None:
            self._on_place(site)

    def _toggle_story(self, _event: Any = None) -> None:
        self._touch()
        self._story_open = not self._story_open
        self._render()

    # ------------------------------------------------------------------ render
    def _render_game(self) -> list[Any]:
        obs = self._view()
        self._render_strip(obs)
        self._render_site(obs)
        self._render_prompt(obs)
        self._render_players(obs)
        self._render_log()
        self._render_explanations()
        # engineers — the introduction band on top, until the visitor's first move
        # guide — "How to play" and the guided first round's bubble
        return with_guide(self, [*intro_parts(self), self._body])

    def _hide_private(self) -> None:
        self._choices.offer([])  # nothing is on offer behind the privacy screen

    def _title(self) -> tuple[str, str]:
        tr, obs = self.tr, self._view()
        return (tr.ui("table.title", "Canal du Midi"),
                tr.ui("table.round", "Round {round} of {rounds}", round=obs.round, rounds=obs.rounds))

    def _explained(self) -> list[tuple[int, BotMove]]:
        return self.match.visible_bot_moves()

    def _render_strip(self, obs: Observation) -> None:
        g = self.match.game
        n = self.narrator
        label = text(self.tr.ui("table.canal", "The canal from Toulouse to Agde"))
        self._pane("strip-name", f"<h2 style='{SR_ONLY}'>{label}</h2>")
        for i, sid in enumerate(g.site_ids):
            status = obs.site_status[i]
            pawns = [(g.engineers[p].colour, g.engineers[p].shape) for p in obs.site_pawns[i] + obs.site_adjacency[i]]
            site = g.sites[i]
            self._pane(f"site-{sid}", art.cached_site_card(
                sid, n.site_name(sid), threshold=g.threshold[i] if status != "hidden" else None, value=g.value[i],
                city=site.city, tent=site.tent, status=status, pawns=pawns, width=118,
                back_label=self.tr.ui("table.hidden_site", "work site not yet revealed")))

    def _render_site(self, obs: Observation) -> None:
        tr = self.tr
        if obs.current_site is None:
            self._update(self._site, visible=False)
            return
        g = self.match.game
        i = g.site_index(obs.current_site)
        place = load_heritage().place_for_game("midi", obs.current_site)
        caption = place.localized("caption", tr.lang)
        card = art.cached_site_card(obs.current_site, self.narrator.site_name(obs.current_site),
                                    threshold=obs.threshold, value=g.value[i], city=g.sites[i].city,
                                    tent=g.sites[i].tent, status=SiteStatus.IN_PLAY, width=210)
        need = tr.ui("table.needs", "Needs {threshold} worker points · worth {value} points",
                     threshold=obs.threshold, value=g.value[i])
        self._pane("site", f"<div class='site-now'><div style='flex:none'>{card}</div><div class='site-words'>"
                           f"<p style='font-weight:600'>{text(need)}</p><p>{text(caption.text)}</p></div></div>")
        story = ""
        if self._story_open:
            told = place.localized("story", tr.lang)
            note = tr.fallback_note(told)
            mark = f" <em>({text(note)})</em>" if note else ""
            story = f"<p class='story' style='max-width:40em'>{text(told.text)}{mark}</p>"
        self._update(self._panes["story"], visible=self._story_open)
        self._pane("story", story)
        self._update(self._story_button, label=tr.ui("table.read_more", "Read the story of this site")
                     if not self._story_open else tr.ui("table.read_less", "Hide the story"))
        self._update(self._where_button, label=tr.ui("table.where", "Where is this? (the map)"),
                     visible=self._on_place is not None)
        self._update(self._site, visible=True)

    def _render_prompt(self, obs: Observation) -> None:
        m, n = self.match, self.narrator
        legal = () if m.over else m.choices()
        if m.over:
            heading = ""
        elif not legal:
            heading = self._waiting_markup()
        else:
            size = "clamp(1.1em, 4.5vw, 1.56em)"  # smaller on a phone, where the choices stay at the bottom
            heading = f"<h2 class='phase' style='margin:0.2em 0;font-size:{size}'>{text(n.phase(obs.phase))}</h2>"
        self._pane("prompt", self._message_markup() + heading)
        self._render_choices(legal, obs)

    def _render_choices(self, legal: tuple[Choice, ...], obs: Observation) -> None:
        """The choices of ``legal``, in the engine's order; a card's picture on its choice."""
        m, n = self.match, self.narrator
        colour = m.game.engineers[obs.player].colour
        items = []
        offered: dict[str, Choice] = {}
        for c in legal:
            key = choice_key(m.position, c)
            offered[key] = c
            words = m.describe(c, n)
            item = {"key": key, "label": words}
            if c.kind in ("bet", "draw") and c.value is not None:  # a card: its picture on the button
                worker = n.worker(c.value)
                item["icon"] = art.cached_worker_card(c.value, worker.rsplit(" (", 1)[0], colour=colour, width=90)
                item["tip"] = worker
                item["classes"] = f"act-{c.kind}-{c.value}"
            elif c.kind == "trade" and c.how != "pass":  # choices — a trade as card pictures
                item.update(midi_trade_choice(n, m.game, obs.player, c, words))
            else:
                # no move looks like the recommended one: each choice is the visitor's
                item["classes"] = f"act-{c.name}"
            items.append(item)
        self._offered = offered
        self._choices.offer(items, label=n.phase(obs.phase) if legal else "")

    def _render_players(self, obs: Observation) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        g = m.game
        open_hands = m.open_hands_view()
        face_up_label = tr.ui("table.face_up", "Face up")
        hand_label = tr.ui("table.hand", "Hand")
        face_down_label = tr.ui("table.face_down", "Face down")
        k = 1.4 if m.projector else 1.0  # the cards' scale (projector mode: larger type, larger cards)
        for p in range(g.players):
            eng = g.engineers[p]
            sym = art.Symbols(f"p{p}-")  # each drawing once per seat: backs and coins repeat
            you = p == obs.player and not m.privacy and m.viewer is not None
            name = m.names[p] + (" · " + tr.ui("table.you", "you") if you else "")
            badge = f"<div class='who'>{art.engineer_badge(eng.colour, eng.shape, name)}{text(name)}</div>"

            # the visitor's cards large, the others' smaller (symbols: sized here, not by CSS),
            # larger still in projector mode (its type is larger)
            big = you or open_hands is not None

            def faces(values: Any, colour: str = eng.colour, sym: art.Symbols = sym, width: int = 54) -> str:
                return "".join(sym.use(art.cached_worker_card(v, n.worker(v).rsplit(" (", 1)[0], colour=colour,
                                                              width=round(width * k))) for v in values)

            back = "<span class='back'>" + sym.use(art.cached_worker_card(
                0, "", colour=eng.colour, state="back", width=round((24 if not big else 36) * k),
                back_label=tr.ui("table.hidden_card", "hidden card"))) + "</span>"
            face_up = faces(obs.face_up[p], width=44 if big else 30)

            def pile(n: int, back: str = back) -> str:  # the others' hidden cards: a fanned pile
                return "" if not n else (f"<span class='pile' style='--overlap:-{round(13 * k)}px'>"
                                         f"{back * n}</span>")

            if open_hands is not None:
                hand = faces(open_hands[p])
            elif you:
                hand = faces(obs.hand)
            else:
                hand = pile(obs.hand_count[p])
            face_down = back * obs.face_down_count[p] if big else pile(obs.face_down_count[p])
            bet = ""
            if obs.bets is not None:
                bet = text(tr.ui("table.bet_shown", "bet: {value}", value=obs.bets[p]))
            elif obs.has_bet[p]:
                bet = text(tr.ui("table.bet_hidden", "has bet"))
            coins = sym.use(art.coin(20)) * obs.coins[p]
            facts = text(" · ".join((
                tr.ui_plural("table.counts", "{n} coin", "{n} coins", obs.coins[p]),
                tr.ui_plural("table.counts", "{n} pawn left", "{n} pawns left", obs.pawns_left[p]),
                tr.ui_plural("table.counts", "{n} face down", "{n} face down", obs.face_down_count[p]))))
            # the visitor's seat: their hand first and large; the others: a compact summary
            mine = "mine" if big else "other"
            rows = [("hand", hand_label, hand), ("face-up", face_up_label, face_up),
                    ("face-down", face_down_label, face_down)]
            body = "".join(f"<div class='row {cls}'><span class='label'>{text(words)}</span>"
                           f"<span class='row' style='margin:0'>{cards}</span></div>"
                           for cls, words, cards in rows if cards or cls == "hand")
            def groups(parts: Any) -> str:  # each group after the other, wrapping as needed
                return "<div class='groups'>" + "".join(
                    f"<div class='row {cls}'><span class='label'>{text(words)}</span>{cards}</div>"
                    for cls, words, cards in parts if cards) + "</div>"

            if mine == "other":  # a compact summary
                body = groups((rows[1], rows[2], rows[0]))
            else:  # the hand on its own row, then what lies on the table
                body = (f"<div class='row hand'><span class='label'>{text(hand_label)}</span>"
                        f"<span class='row' style='margin:0'>{hand}</span></div>" + groups(rows[1:]))
            pane = self._pane(f"seat-{p}", (
                f"<div class='seat seat-{p} {mine}' aria-label='{text(name)}'>{sym.defs()}{badge}"
                f"<div class='facts'>{facts} {coins} {text(bet)}</div>{body}</div>"))
            # whose turn it is: a style of the seat's pane, so the seat's markup is not sent again
            self._update(pane, styles=TURN_STYLE if m.to_move == p else SEAT_STYLE)

    # ------------------------------------------------------------------ the end (midi_end)
    def _end_parts(self) -> list[Any]:
        return midi_end.end_parts(self)

    def table_then(self, obs: Any) -> str:
        return midi_end.table_then(self, obs)

    discover_anyway = midi_end.DISCOVER_ANYWAY

    def built(self, seat: int) -> list[Built]:
        return midi_end.built(self, seat)

    def canal_order_words(self, tr: Translator) -> str:
        return midi_end.canal_order_words(tr)

    def riquet_words(self, tr: Translator, died: HistoricDate | None, opened: str) -> tuple[str, str, str]:
        return midi_end.riquet_words(tr, died, opened)

    # ------------------------------------------------------------------ the staged moments (midi_stage)
    def moment_frame(self, moment: Moment, tr: Translator) -> tuple[str, str]:
        return midi_stage.frame(self, moment, tr)

    def moment_story(self, moment: Moment, lang: str) -> BuiltStory | None:
        return midi_stage.story(moment, lang)

    # ------------------------------------------------------------------ the guide's bubble (guide_bubble)
    #: the bubble leaves the choices and the site's two buttons (its story, where it is) in view, then the
    #: shell's controls
    guide_avoid = ("choices", "story", "where", *TableShell.guide_avoid)

    # ------------------------------------------------------------------ the introduction band (intro)
    def intro_card(self, tr: Translator, seat: int, *, you: bool, size: int) -> SeatCard:
        """A seat is one of Riquet's engineers: their portrait, their part in the works from
        the people records (two lines for the viewer's own), and a link to their page."""
        m = self.match
        eng = m.game.engineers[seat]
        person = load_heritage().person_for_engineer(eng.id)
        # the viewer's engineer in two lines; the others' in one (their page has more)
        return SeatCard(engineer_portrait(eng.id, m.lang, size=size), (person.localized("role", m.lang).text,),
                        caption=person.localized("caption", m.lang).text if you else None, person=person.id,
                        typed=tr.ui("intro.midi.typed", "{name} plays this engineer", name=m.names[seat]))

    def intro_words(self, tr: Translator) -> BandWords:
        """Who is who at the table: Riquet's engineers, who really worked on the canal."""
        lead = tr.ui("intro.lead.midi", "Each player is one of the engineers who really worked on the canal.")
        if self.match.viewer is None:  # the classroom's projector is nobody's seat
            return BandWords(tr.ui("intro.title.midi_all", "Who is who: Riquet's engineers at the table"), lead)
        return BandWords(tr.ui("intro.title.midi", "Who you are: Riquet's engineers at the table"), lead)
