"""The Canal du Midi table in the browser: a view of one :class:`~canal_heritage.matches.midi.MidiMatch`.

Everything shown comes from the viewer's observation (M-R1); opponents' hands and every
face-down card are drawn as backs, whose markup carries no value. The only exception is
the teacher's "open hands" switch in projector mode.
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import Any, Callable

import panel as pn
import param

from ..heritage import load_heritage
from ..i18n import Translator, translator
from ..matches.midi import MidiMatch
from ..midi import actions as A
from ..midi.narration import Narrator
from ..midi.observation import Observation
from . import art
from .choices import ChoiceList
from .inplace import InPlace
from .theme import BUTTON_CSS, button, html, text

ROW = "display:flex;align-items:center;gap:0.3em;flex-wrap:wrap;margin:0.2em 0"
LABEL = "min-width:6.5em;font-weight:600"
ENGINEER_STYLE = {"circle": "●", "triangle": "▲", "square": "■", "diamond": "◆"}
#: Visually hidden but read by screen readers (the strip's name).
SR_ONLY = ("position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
           "clip:rect(0 0 0 0);white-space:nowrap;border:0")
#: A seat's frame: outlined while it is that seat's turn (every key always set, so a change is one style).
SEAT_STYLE = {"flex": "1 1 18em", "border-radius": "0.6em", "outline": "none"}
TURN_STYLE = {**SEAT_STYLE, "outline": "0.2em solid #f0b400"}


def action_of(key: str) -> int:
    """The action of a choice's key (``"<generation>.<moves>:<action>"``)."""
    return int(key.rsplit(":", 1)[1])


class MidiTable(InPlace, pn.viewable.Viewer):
    """The game at the table: canal strip, players, the viewer's hand and choices, the log.

    One update per change of the match (see :meth:`MidiMatch.changing`), sent as one patch.
    The components are built once and updated in place: a pane's markup is assigned only when
    it differs, the canal strip has one pane per site and the players' area one per seat, and
    the choices are one :class:`~.choices.ChoiceList` (a click names its choice, so nothing is
    shown, hidden or laid out again in the browser). A choice's key holds the position it was
    offered at, so a click still in flight from an earlier position (a double tap) is ignored.
    What a seat may not see is never in any component: the choices are the viewer's legal
    actions only, and none are on offer behind the privacy screen."""

    match = param.ClassSelector(class_=MidiMatch)

    def __init__(self, match: MidiMatch, *, executor: Executor | Callable[[], Executor] | None = None,
                 on_home: Callable[[], None] | None = None, on_again: Callable[[], None] | None = None,
                 on_touch: Callable[[], None] | None = None, **params: Any) -> None:
        super().__init__(match=match, **params)
        self._executor = executor
        self._on_home = on_home
        self._on_again = on_again
        self._on_touch = on_touch
        self._story_open = False
        self._on_place: Callable[[str], Any] | None = None
        #: how many times the table has been brought up to date (tests check: one per change)
        self.renders = 0
        self._panel = pn.Column(sizing_mode="stretch_width", css_classes=["midi-table"])
        # Rare screens (privacy, projector step, end) are rebuilt when their key changes, so a
        # click in flight on an earlier one is dropped with it.
        self._slots: dict[str, tuple[Any, Any]] = {}
        self._panes: dict[str, pn.pane.HTML] = {}
        self._build()
        # One call per change: MidiMatch groups each change's parameters (MidiMatch.changing).
        self._watcher = self.match.param.watch(lambda *_: self._render(), ["version", "lang", "privacy", "paused",
                                                                           "open_hands"])
        self._watchdog: Any = None
        self._render()
        self._kick_bots()
        if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            # a bot turn that did not start (or was lost) is started again
            self._watchdog = pn.state.add_periodic_callback(self._kick_bots, period=1500)

    def dispose(self) -> None:
        """Stop following the match (the view is being replaced)."""
        self.match.param.unwatch(self._watcher)
        if self._watchdog is not None:
            self._watchdog.stop()
            self._watchdog = None

    # ------------------------------------------------------------------ plumbing
    def __panel__(self) -> pn.Column:
        return self._panel

    @property
    def tr(self) -> Translator:
        return translator(self.match.lang)

    @property
    def narrator(self) -> Narrator:
        return self.match.narrator()

    def _touch(self) -> None:
        if self._on_touch:
            self._on_touch()

    def _kick_bots(self) -> None:
        """Let bots play off the event loop (inside a server session)."""
        m = self.match
        if not (m.is_bot_turn() and not m.paused and not m.busy):
            return
        if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            pn.state.execute(self._run_bots)
        else:  # no server (tests, notebooks): play them here
            while m.is_bot_turn() and not m.paused:
                m.step_bot()

    async def _run_bots(self) -> None:
        executor = self._executor() if callable(self._executor) else self._executor
        await self.match.run_bots(executor)

    # ------------------------------------------------------------------ the components, built once
    def _build(self) -> None:
        m, g = self.match, self.match.game
        # header
        self._undo_button = button("", self._undo, name="undo")
        self._home_button = button("", lambda *_: self._on_home(), name="go-home") if self._on_home else None  # type: ignore[misc]
        self._hands_toggle = None
        if m.projector:
            self._hands_toggle = pn.widgets.Toggle(label="", value=m.open_hands, color="warning",
                                                   stylesheets=[BUTTON_CSS])
            self._hands_toggle.param.watch(self._open_hands, "value")
        widgets = [w for w in (self._hands_toggle, self._undo_button, self._home_button) if w is not None]
        self._header = pn.Row(self._pane("title", sizing_mode=None), *widgets, sizing_mode="stretch_width",
                              styles={"align-items": "center", "gap": "1em"})
        # the canal: one pane per site
        self._strip = pn.Row(self._pane("strip-name", sizing_mode="fixed", margin=0),
                             *[self._pane(f"site-{sid}", sizing_mode="fixed", margin=(0, 3)) for sid in g.site_ids],
                             css_classes=["canal-strip"], scroll="x-auto", sizing_mode="stretch_width",
                             margin=(0, 7), styles={"padding": "0.4em 0"})
        # the site being built, and the viewer's choices
        self._story_button = button("", self._toggle_story, name="story")
        self._where_button = button("", self._where, name="where")
        self._site = pn.Column(self._pane("site"), self._pane("story"),
                               pn.Row(self._story_button, self._where_button, margin=0),
                               sizing_mode="stretch_width")
        self._choices = ChoiceList(on_choose=self._choose, css_classes=["choices"], sizing_mode="stretch_width")
        self._prompt = pn.Column(self._pane("prompt"), self._choices, sizing_mode="stretch_width",
                                 css_classes=["prompt"])
        self._middle = pn.Row(self._site, self._prompt, sizing_mode="stretch_width")
        # the players: one pane per seat
        self._players = pn.Row(*[self._pane(f"seat-{p}", sizing_mode="stretch_width", margin=(5, 5),
                                            styles=SEAT_STYLE) for p in range(m.state.n)],
                               css_classes=["players"], sizing_mode="stretch_width", margin=(0, 5),
                               styles={"flex-wrap": "wrap", "gap": "0.6em"})
        self._bottom = pn.Row(self._pane("log"), self._pane("explains"), sizing_mode="stretch_width")

    # ------------------------------------------------------------------ actions
    def _choose(self, key: str) -> None:
        """A choice was clicked (:class:`ChoiceList` checked that ``key`` is on offer now, so a
        key from an earlier position never gets here)."""
        self._touch()
        if self.match.play(action_of(key)):
            self._kick_bots()

    def _undo(self, _event: Any = None) -> None:
        if self._undo_button.disabled:
            return  # clicked again while the first undo was on its way
        self._touch()
        self.match.undo()

    def _open_hands(self, event: Any) -> None:
        if bool(event.new) != self.match.open_hands:
            self._touch()
            self.match.show_open_hands(event.new)

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
        """Open the heritage explorer on the site in play (issue 6: "where is this?")."""
        self._touch()
        site = self.match.public_observation().current_site
        if site is not None and self._on_place is not None:
            self._on_place(site)

    def _toggle_story(self, _event: Any = None) -> None:
        self._touch()
        self._story_open = not self._story_open
        self._render()

    # ------------------------------------------------------------------ render
    def _render(self) -> None:
        self.renders += 1
        with pn.io.hold():  # every change of this update in one patch
            self._render_all()

    def _render_all(self) -> None:
        m = self.match
        self._render_header()
        parts: list[Any] = [self._header]
        if m.privacy:
            self._choices.offer([])  # nothing is on offer behind the privacy screen
            parts.append(self._slot("privacy", (m.lang, m.to_move), self._privacy_screen))
        else:
            # contents first, then the layout: a component shown again is sent as it is now
            if m.over:
                parts.append(self._slot("end", (m.lang,), self._end_screen))
            if m.paused:
                lines = tuple(line.text for line in m.new_lines())
                parts.append(self._slot("step", (m.lang, lines), self._projector_step))
            obs = m.observation() or m.public_observation()
            self._render_strip()
            self._render_site(obs)
            self._render_prompt(obs)
            self._render_players(obs)
            self._render_log()
            self._render_explanations()
            parts += [self._strip, self._middle, self._players, self._bottom]
        self._set(self._panel, parts)

    def _render_header(self) -> None:
        m, tr = self.match, self.tr
        st = m.state
        title = tr.ui("table.title", "Canal du Midi")
        round_text = tr.ui("table.round", "Round {round} of {rounds}", round=st.round, rounds=st.game.rules.rounds)
        self._pane("title", f"<h1 style='margin:0;font-size:1.6em'>{text(title)}</h1>"
                            f"<div style='font-size:1.1em'>{text(round_text)}</div>")
        if self._hands_toggle is not None:
            self._update(self._hands_toggle, label=tr.ui("table.open_hands", "Show every hand"), value=m.open_hands)
        # disabled, not hidden: showing or hiding a widget lays the whole page out again
        self._update(self._undo_button, label=tr.ui("table.undo", "Take back my move"), disabled=not m.can_undo())
        if self._home_button is not None:
            self._update(self._home_button, label=tr.ui("table.home", "Home"))

    def _privacy_screen(self) -> pn.Column:
        m, tr = self.match, self.tr
        p = m.to_move
        name = m.names[p] if p is not None else ""
        msg = tr.ui("table.pass_device", "Pass the device to {name}. Nobody else should look at the screen.",
                    name=name)
        return pn.Column(
            html(f"<div role='alert' style='font-size:1.5em;padding:1em 0'>{text(msg)}</div>"),
            button(tr.ui("table.i_am", "I am {name}: show my cards", name=name),
                   lambda *_: (self._touch(), m.confirm_privacy()), kind="primary", name="privacy-ok"),
            styles={"padding": "2em", "background": "#e8eef3", "border-radius": "1em"},
            css_classes=["privacy-screen"],
        )

    def _projector_step(self) -> pn.Column:
        m, tr = self.match, self.tr
        lines = m.new_lines()
        heading = tr.ui("table.step", "What just happened")
        items = "".join(f"<li>{text(line.text)}{self._ruling_badge(line.ruling)}</li>" for line in lines)

        def go_on(_event: Any = None) -> None:
            if m.paused:
                self._touch()
                m.resume()
                self._kick_bots()

        return pn.Column(
            html(f"<h2 style='margin:0'>{text(heading)}</h2>"
                 f"<ul style='font-size:1.2em'>{items}</ul>"),
            button(tr.ui("table.continue", "Continue"), go_on, kind="primary", name="continue"),
            styles={"background": "#fff3cd", "padding": "1em", "border-radius": "0.8em"},
            css_classes=["projector-step"],
        )

    def _ruling_badge(self, ruling: str | None) -> str:
        if not ruling:
            return ""
        title, body = self.narrator.ruling(ruling)
        return (f" <span class='ruling' title='{text(body)}' style='font-size:0.8em;background:#dfe9f1;"
                f"border-radius:0.4em;padding:0 0.3em'>{text(ruling)} · {text(title)}</span>")

    def _render_strip(self) -> None:
        m = self.match
        g = m.game
        n = self.narrator
        label = text(self.tr.ui("table.canal", "The canal from Toulouse to Agde"))
        self._pane("strip-name", f"<h2 style='{SR_ONLY}'>{label}</h2>")
        obs = m.view()
        for i, sid in enumerate(g.site_ids):
            status = obs.site_status[i]
            pawns = [(g.engineers[p].colour, g.engineers[p].shape) for p in obs.site_pawns[i] + obs.site_adjacency[i]]
            site = g.sites[i]
            self._pane(f"site-{sid}", art.cached_site_card(
                sid, n.site_name(sid), threshold=g.threshold[i] if status != "hidden" else None, value=g.value[i],
                city=site.city, tent=site.tent, status=status, pawns=pawns, width=118))

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
                                    tent=g.sites[i].tent, status="in_play", width=210)
        need = tr.ui("table.needs", "Needs {threshold} worker points · worth {value} points",
                     threshold=obs.threshold, value=g.value[i])
        self._pane("site", f"<div style='display:flex;gap:1em;align-items:flex-start'><div style='flex:none'>{card}"
                           f"</div><div><p style='font-weight:600'>{text(need)}</p><p>{text(caption.text)}</p></div></div>")
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
        m, tr, n = self.match, self.tr, self.narrator
        legal = () if m.over else m.legal_actions()
        message = ""
        if m.message:
            message = (f"<div role='alert' class='message' style='color:#8a1c1c;font-weight:600'>"
                       f"{text(m.message)}</div>")
        if m.over:
            heading = ""
        elif not legal:
            p = m.to_move
            who = m.names[p] if p is not None else ""
            wait = (tr.ui("table.thinking", "{name} is thinking…", name=who) if m.thinking
                    else tr.ui("table.waiting", "{name} is playing.", name=who))
            heading = f"<p class='waiting' style='font-size:1.2em'>{text(wait)}</p>"
        else:
            heading = f"<h2 style='margin:0.2em 0'>{text(n.phase(obs.phase))}</h2>"
        self._pane("prompt", message + heading)
        self._render_choices(legal, obs)

    def _render_choices(self, legal: tuple[int, ...], obs: Observation) -> None:
        """The choices of ``legal``, in the engine's order; a card's picture on its choice."""
        m, n = self.match, self.narrator
        colour = m.game.engineers[obs.player].colour
        at = "{}.{}".format(*m.position)
        items = []
        for a in legal:
            d = A.decode(a)
            item = {"key": f"{at}:{a}", "label": n.action(a)}
            if d.kind in ("bet", "draw") and d.value is not None:  # a card: its picture on the button
                worker = n.worker(d.value)
                item["icon"] = art.cached_worker_card(d.value, worker.rsplit(" (", 1)[0], colour=colour, width=90)
                item["tip"] = worker
                item["classes"] = f"card act-{d.kind}-{d.value}"
            else:
                primary = (d.kind == "reinforce" and d.yes) or d.kind == "draw"
                item["classes"] = f"act-{A.to_text(a).replace(' ', '-')}" + (" primary" if primary else "")
            items.append(item)
        self._choices.offer(items, label=n.phase(obs.phase) if legal else "")

    def _render_players(self, obs: Observation) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        g = m.game
        open_hands = m.open_hands_view()
        face_up_label = tr.ui("table.face_up", "Face up")
        hand_label = tr.ui("table.hand", "Hand")
        face_down_label = tr.ui("table.face_down", "Face down")
        for p in range(m.state.n):
            eng = g.engineers[p]
            sym = art.Symbols(f"p{p}-")  # each drawing once per seat: backs and coins repeat
            you = p == obs.player and not m.privacy and m.viewer is not None
            name = m.names[p] + (" · " + tr.ui("table.you", "you") if you else "")
            badge = (f"<span style='display:inline-flex;align-items:center;gap:0.4em;font-weight:700;"
                     f"font-size:1.15em'>{art.engineer_badge(eng.colour, eng.shape, name)}{text(name)}</span>")

            def faces(values: Any, colour: str = eng.colour) -> str:
                return "".join(sym.use(art.cached_worker_card(v, n.worker(v).rsplit(" (", 1)[0], colour=colour,
                                                              width=54)) for v in values)

            back = sym.use(art.cached_worker_card(0, "", colour=eng.colour, state="back", width=40,
                                                  back_label=tr.ui("table.hidden_card", "hidden card")))
            face_up = faces(obs.face_up[p])
            if open_hands is not None:
                hand = faces(open_hands[p])
            elif you:
                hand = faces(obs.hand)
            else:
                hand = back * obs.hand_count[p]
            face_down = back * obs.face_down_count[p]
            bet = ""
            if obs.bets is not None:
                bet = text(tr.ui("table.bet_shown", "bet: {value}", value=obs.bets[p]))
            elif obs.has_bet[p]:
                bet = text(tr.ui("table.bet_hidden", "has bet"))
            coins = sym.use(art.coin(24)) * obs.coins[p]
            facts = text(tr.ui("table.counts", "{coins} coins · {pawns} pawns left · {down} face down",
                               coins=obs.coins[p], pawns=obs.pawns_left[p], down=obs.face_down_count[p]))
            pane = self._pane(f"seat-{p}", (
                f"<div class='seat seat-{p}' aria-label='{text(name)}'>{sym.defs()}<div style='padding:0.4em'>{badge}"
                f"<div>{facts} {coins}</div><div>{text(bet)}</div>"
                f"<div class='face-up' style='{ROW}'><span style='{LABEL}'>{text(face_up_label)}</span>{face_up}</div>"
                f"<div class='face-down' style='{ROW}'><span style='{LABEL}'>{text(face_down_label)}</span>"
                f"{face_down}</div>"
                f"<div class='hand' style='{ROW}'><span style='{LABEL}'>{text(hand_label)}</span>{hand}</div>"
                f"</div></div>"))
            # whose turn it is: a style of the seat's pane, so the seat's markup is not sent again
            self._update(pane, styles=TURN_STYLE if m.to_move == p else SEAT_STYLE)

    def _render_log(self) -> None:
        tr = self.tr
        lines = self.match.log()[-14:][::-1]
        items = "".join(f"<li>{text(line.text)}{self._ruling_badge(line.ruling)}</li>" for line in lines)
        title = text(tr.ui("table.log", "What happened"))
        self._pane("log", f"<section class='log' aria-live='polite'><h2 style='font-size:1.1em'>{title}</h2>"
                          f"<ol reversed style='padding-left:1.2em'>{items}</ol></section>")

    def _render_explanations(self) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        moves = m.visible_bot_moves()
        if not moves or m.privacy:
            self._pane("explains", "")
            return
        p, move = moves[-1]
        why = text(n.bot_move(move))
        title = text(tr.ui("table.bot_says", "{name} explains", name=m.names[p]))
        self._pane("explains", f"<section class='bot-explains'><h2 style='font-size:1.1em'>{title}</h2>"
                               f"<p>{why}</p></section>")

    def _end_screen(self) -> pn.Column:
        m, tr, n = self.match, self.tr, self.narrator
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
        head = "".join(f"<th scope='col'>{text(m.names[ps.player])}</th>" for ps in sheet.players)
        rows = []
        for sid in g.site_ids:
            cells = []
            for ps in sheet.players:
                cell = next((s for s in ps.sites if s.site == sid), None)
                if cell is None:
                    cells.append("<td>–</td>")
                    continue
                why_half = []
                if "shared" in cell.halvings:
                    why_half.append(tr.ui("table.halved_shared", "shared: half"))
                if "adjacency" in cell.halvings:
                    why_half.append(tr.ui("table.halved_adjacency", "by adjacency: half"))
                detail = f" <small>({text(', '.join(why_half))})</small>" if why_half else ""
                cells.append(f"<td>{cell.points}{detail}</td>")
            rows.append(f"<tr><th scope='row'>{text(n.site(sid))}</th>{''.join(cells)}</tr>")
        coins = "".join(f"<td>{ps.coin_points}</td>" for ps in sheet.players)
        unused = tr.ui("table.unused_coins", "Unused coins (2 points each)")
        total = tr.ui("table.total", "Total")
        totals = "".join(f"<td><strong>{ps.total}</strong></td>" for ps in sheet.players)
        table = (f"<table class='score' style='border-collapse:collapse' border='1' cellpadding='6'>"
                 f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}"
                 f"<tr><th scope='row'>{text(unused)}</th>{coins}</tr>"
                 f"<tr><th scope='row'>{text(total)}</th>{totals}</tr></tbody></table>")
        top = max(1, max(ps.total for ps in sheet.players))
        bars = "".join(
            f"<div style='display:flex;align-items:center;gap:0.5em'>"
            f"<span style='width:8em'>{text(m.names[ps.player])}</span>"
            f"<span style='display:inline-block;height:1.2em;width:{12 * ps.total / top:.2f}em;"
            f"background:{g.engineers[ps.player].colour}'></span>"
            f"<span>{ENGINEER_STYLE.get(g.engineers[ps.player].shape, '')} {ps.total}</span></div>"
            for ps in sheet.players)
        chart_label = text(tr.ui("table.chart", "Points of each player"))
        parts: list[Any] = [
            html(f"<h2 class='winner' style='font-size:1.8em;margin:0.2em 0'>{text(headline)}</h2><p>{text(why)}</p>"),
            html(f"<figure aria-label='{chart_label}' style='margin:0'>{bars}</figure>"),
            html(table),
        ]
        if self._on_again:
            parts.append(button(tr.ui("table.again", "Play again"), lambda *_: self._on_again(), kind="primary",  # type: ignore[misc]
                                name="again"))
        return pn.Column(*parts, css_classes=["end-screen"],
                         styles={"background": "#eef5e9", "padding": "1em", "border-radius": "1em"})

