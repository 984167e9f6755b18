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
from .theme import BUTTON_CSS, button, html, text

ROW = "display:flex;align-items:center;gap:0.3em;flex-wrap:wrap;margin:0.2em 0"
LABEL = "min-width:6.5em;font-weight:600"
ENGINEER_STYLE = {"circle": "●", "triangle": "▲", "square": "■", "diamond": "◆"}


class MidiTable(pn.viewable.Viewer):
    """The game at the table: canal strip, players, the viewer's hand and choices, the log."""

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
        self._panel = pn.Column(sizing_mode="stretch_width", css_classes=["midi-table"])
        # Components are kept and updated in place (only what changed goes to the browser).
        self._slots: dict[str, tuple[Any, Any]] = {}
        self._panes: dict[str, pn.pane.HTML] = {}
        self._middle = pn.Row(sizing_mode="stretch_width")
        self._bottom = pn.Row(sizing_mode="stretch_width")
        #: how many times the table has been brought up to date (tests check: one per change)
        self.renders = 0
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

    def _act(self, action: int) -> Callable[[Any], None]:
        def go(_event: Any = None) -> None:
            self._touch()
            if self.match.play(action):
                self._kick_bots()
        return go

    # ------------------------------------------------------------------ render
    def _slot(self, name: str, key: Any, build: Callable[[], Any]) -> Any:
        """The component of ``name``, rebuilt only when ``key`` changes."""
        cached = self._slots.get(name)
        if cached is not None and cached[0] == key:
            return cached[1]
        component = build()
        self._slots[name] = (key, component)
        return component

    def _pane(self, name: str, markup: str) -> pn.pane.HTML:
        """One HTML pane per place, its markup updated in place."""
        pane = self._panes.get(name)
        if pane is None:
            pane = self._panes[name] = html(markup, sizing_mode="stretch_width")
        elif pane.object != markup:
            pane.object = markup
        return pane

    @staticmethod
    def _set(container: Any, parts: list[Any]) -> None:
        if [id(x) for x in container.objects] != [id(x) for x in parts]:
            container.objects = parts

    def _render(self) -> None:
        self.renders += 1
        m = self.match
        lang = m.lang
        header_key = (lang, m.state.round, m.can_undo(), m.projector, m.open_hands)
        parts: list[Any] = [self._slot("header", header_key, self._header)]
        if m.privacy:
            parts.append(self._slot("privacy", (lang, m.to_move), self._privacy_screen))
        else:
            if m.over:
                parts.append(self._slot("end", (lang,), self._end_screen))
            if m.paused:
                lines = tuple(line.text for line in m.new_lines())
                parts.append(self._slot("step", (lang, lines), self._projector_step))
            parts.append(self._strip())
            obs = m.observation() or m.public_observation()
            site_key = (lang, obs.current_site, self._story_open)
            prompt_key = (lang, m.legal_actions(), m.message, m.thinking, m.to_move, m.over, obs.phase, obs.player)
            self._set(self._middle, [self._slot("site", site_key, lambda: self._current_site(obs)),
                                     self._slot("prompt", prompt_key, lambda: self._prompt(obs))])
            parts.append(self._middle)
            parts.append(self._players(obs))
            self._set(self._bottom, [self._log_view(), self._explanations()])
            parts.append(self._bottom)
        self._set(self._panel, parts)

    def _header(self) -> pn.Row:
        m, tr = self.match, self.tr
        obs = m.state
        title = tr.ui("table.title", "Canal du Midi")
        round_text = tr.ui("table.round", "Round {round} of {rounds}", round=obs.round, rounds=obs.game.rules.rounds)
        items: list[Any] = [html(f"<h1 style='margin:0;font-size:1.6em'>{text(title)}</h1>"
                                 f"<div style='font-size:1.1em'>{text(round_text)}</div>")]
        if m.projector:
            items.append(pn.widgets.Toggle(label=tr.ui("table.open_hands", "Show every hand"), value=m.open_hands,
                                           color="warning", stylesheets=[BUTTON_CSS]))
            items[-1].link(m, value="open_hands")
        if m.can_undo():
            items.append(button(tr.ui("table.undo", "Take back my move"), lambda *_: (self._touch(), m.undo()),
                                name="undo"))
        if self._on_home:
            items.append(button(tr.ui("table.home", "Home"), lambda *_: self._on_home(), name="go-home"))  # type: ignore[misc]
        return pn.Row(*items, sizing_mode="stretch_width", styles={"align-items": "center", "gap": "1em"})

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
        return pn.Column(
            html(f"<h2 style='margin:0'>{text(heading)}</h2>"
                 f"<ul style='font-size:1.2em'>{items}</ul>"),
            button(tr.ui("table.continue", "Continue"), lambda *_: (self._touch(), m.resume(), self._kick_bots()),
                   kind="primary", name="continue"),
            styles={"background": "#fff3cd", "padding": "1em", "border-radius": "0.8em"},
            css_classes=["projector-step"],
        )

    def _ruling_badge(self, ruling: str | None) -> str:
        if not ruling:
            return ""
        title, body = self.narrator.ruling(ruling)
        return (f" <span class='ruling' title='{text(body)}' style='font-size:0.8em;background:#dfe9f1;"
                f"border-radius:0.4em;padding:0 0.3em'>{text(ruling)} · {text(title)}</span>")

    def _strip(self) -> pn.pane.HTML:
        m = self.match
        g = m.game
        n = self.narrator
        cards = []
        for i, sid in enumerate(g.site_ids):
            status = ("hidden", "in_play", "built", "delayed")[m.state.status[i]]
            pawns = [(g.engineers[p].colour, g.engineers[p].shape) for p in range(m.state.n)
                     if m.state.pawns[i] >> p & 1 or m.state.adjacency[i] >> p & 1]
            site = g.sites[i]
            cards.append(art.cached_site_card(sid, n.site_name(sid), threshold=g.threshold[i] if status != "hidden" else None,
                                       value=g.value[i], city=site.city, tent=site.tent, status=status,
                                       pawns=pawns, width=118))
        label = text(self.tr.ui("table.canal", "The canal from Toulouse to Agde"))
        return self._pane("strip", f"<section aria-label='{label}' class='canal-strip' style='display:flex;gap:0.4em;"
                                   f"overflow-x:auto;padding:0.4em 0'>{''.join(cards)}</section>")

    def _current_site(self, obs: Observation) -> pn.Column:
        tr = self.tr
        if obs.current_site is None:
            return pn.Column()
        g = self.match.game
        i = g.site_index(obs.current_site)
        place = load_heritage().place_for_game("midi", obs.current_site)
        caption = place.localized("caption", tr.lang)
        story = place.localized("story", tr.lang)
        card = art.cached_site_card(obs.current_site, self.narrator.site_name(obs.current_site), threshold=obs.threshold,
                             value=g.value[i], city=g.sites[i].city, tent=g.sites[i].tent, status="in_play",
                             width=210)
        need = tr.ui("table.needs", "Needs {threshold} worker points · worth {value} points",
                     threshold=obs.threshold, value=g.value[i])
        body = [html(f"<div style='display:flex;gap:1em;align-items:flex-start'><div style='flex:none'>{card}</div><div>"
                     f"<p style='font-weight:600'>{text(need)}</p><p>{text(caption.text)}</p></div></div>")]
        if self._story_open:
            note = tr.fallback_note(story)
            mark = f" <em>({text(note)})</em>" if note else ""
            body.append(html(f"<p class='story' style='max-width:40em'>{text(story.text)}{mark}</p>"))

        def toggle(_e: Any) -> None:
            self._touch()
            self._story_open = not self._story_open
            self._render()

        body.append(button(tr.ui("table.read_more", "Read the story of this site") if not self._story_open
                           else tr.ui("table.read_less", "Hide the story"), toggle, name="story"))
        return pn.Column(*body, sizing_mode="stretch_width")

    def _prompt(self, obs: Observation) -> pn.Column:
        m, tr, n = self.match, self.tr, self.narrator
        if m.over:
            return pn.Column()
        p = m.to_move
        legal = m.legal_actions()
        items: list[Any] = []
        if m.message:
            items.append(html(f"<div role='alert' class='message' style='color:#8a1c1c;font-weight:600'>"
                              f"{text(m.message)}</div>"))
        if not legal:
            who = m.names[p] if p is not None else ""
            wait = (tr.ui("table.thinking", "{name} is thinking…", name=who) if m.thinking
                    else tr.ui("table.waiting", "{name} is playing.", name=who))
            items.append(html(f"<p class='waiting' style='font-size:1.2em'>{text(wait)}</p>"))
            return pn.Column(*items, sizing_mode="stretch_width")
        items.append(html(f"<h2 style='margin:0.2em 0'>{text(n.phase(obs.phase))}</h2>"))
        colour = m.game.engineers[obs.player].colour
        row: list[Any] = []
        for a in legal:
            d = A.decode(a)
            if d.kind in ("bet", "draw") and d.value is not None:
                label = n.worker(d.value)
                svg = art.cached_worker_card(d.value, n.worker(d.value).rsplit(" (", 1)[0], colour=colour, width=90)
                row.append(button(n.action(a), self._act(a), icon=svg, icon_size="5.5em", card=True,
                                  name=f"act-{d.kind}-{d.value}", description=label))
            else:
                kind = "primary" if (d.kind == "reinforce" and d.yes) or d.kind == "draw" else "default"
                row.append(button(n.action(a), self._act(a), kind=kind, name=f"act-{A.to_text(a).replace(' ', '-')}"))
        items.append(pn.FlexBox(*row, gap="0.5em"))
        return pn.Column(*items, sizing_mode="stretch_width", css_classes=["prompt"])

    def _players(self, obs: Observation) -> pn.pane.HTML:
        m, tr, n = self.match, self.tr, self.narrator
        g = m.game
        open_hands = m.open_hands_view()
        face_up_label = tr.ui("table.face_up", "Face up")
        hand_label = tr.ui("table.hand", "Hand")
        face_down_label = tr.ui("table.face_down", "Face down")
        blocks = []
        for p in range(m.state.n):
            eng = g.engineers[p]
            you = p == obs.player and not m.privacy and m.viewer is not None
            name = m.names[p] + (" · " + tr.ui("table.you", "you") if you else "")
            badge = (f"<span style='display:inline-flex;align-items:center;gap:0.4em;font-weight:700;"
                     f"font-size:1.15em'>{art.engineer_badge(eng.colour, eng.shape, name)}{text(name)}</span>")
            face_up = "".join(art.cached_worker_card(v, n.worker(v).rsplit(" (", 1)[0], colour=eng.colour, width=54)
                              for v in obs.face_up[p])
            back = art.cached_worker_card(0, "", colour=eng.colour, state="back", width=40,
                                   back_label=tr.ui("table.hidden_card", "hidden card"))
            if open_hands is not None:
                hand = "".join(art.cached_worker_card(v, n.worker(v).rsplit(" (", 1)[0], colour=eng.colour, width=54)
                               for v in open_hands[p])
            elif you:
                hand = "".join(art.cached_worker_card(v, n.worker(v).rsplit(" (", 1)[0], colour=eng.colour, width=54)
                               for v in obs.hand)
            else:
                hand = back * obs.hand_count[p]
            bet = ""
            if obs.bets is not None:
                bet = text(tr.ui("table.bet_shown", "bet: {value}", value=obs.bets[p]))
            elif obs.has_bet[p]:
                bet = text(tr.ui("table.bet_hidden", "has bet"))
            coins = art.coin(24) * obs.coins[p]
            facts = text(tr.ui("table.counts", "{coins} coins · {pawns} pawns left · {down} face down",
                               coins=obs.coins[p], pawns=obs.pawns_left[p], down=obs.face_down_count[p]))
            turn = " style='outline:0.2em solid #f0b400;border-radius:0.6em'" if m.to_move == p else ""
            blocks.append(
                f"<div class='seat seat-{p}'{turn} aria-label='{text(name)}'><div style='padding:0.4em'>{badge}"
                f"<div>{facts} {coins}</div><div>{text(bet)}</div>"
                f"<div class='face-up' style='{ROW}'><span style='{LABEL}'>{text(face_up_label)}</span>{face_up}</div>"
                f"<div class='face-down' style='{ROW}'><span style='{LABEL}'>{text(face_down_label)}</span>"
                f"{back * obs.face_down_count[p]}</div>"
                f"<div class='hand' style='{ROW}'><span style='{LABEL}'>{text(hand_label)}</span>{hand}</div></div></div>")
        return self._pane("players", f"<div class='players' style='display:grid;"
                                     f"grid-template-columns:repeat(auto-fit,minmax(18em,1fr));"
                                     f"gap:0.6em'>{''.join(blocks)}</div>")

    def _log_view(self) -> pn.pane.HTML:
        tr = self.tr
        lines = self.match.log()[-14:][::-1]
        items = "".join(f"<li>{text(line.text)}{self._ruling_badge(line.ruling)}</li>" for line in lines)
        title = text(tr.ui("table.log", "What happened"))
        return self._pane("log", f"<section class='log' aria-live='polite'><h2 style='font-size:1.1em'>{title}</h2>"
                                 f"<ol reversed style='padding-left:1.2em'>{items}</ol></section>")

    def _explanations(self) -> pn.pane.HTML:
        m, tr, n = self.match, self.tr, self.narrator
        moves = m.visible_bot_moves()
        if not moves or m.privacy:
            return self._pane("explains", "")
        p, move = moves[-1]
        why = text(n.bot_move(move))
        title = text(tr.ui("table.bot_says", "{name} explains", name=m.names[p]))
        return self._pane("explains", f"<section class='bot-explains'><h2 style='font-size:1.1em'>{title}</h2>"
                                      f"<p>{why}</p></section>")

    def _end_screen(self) -> pn.Column:
        m, tr, n = self.match, self.tr, self.narrator
        sheet = m.score()
        g = m.game
        winners = n.seats(list(sheet.winners))
        if sheet.tie_break == "shared":
            headline = tr.ui("table.shared", "Shared victory: {names}!", names=winners)
            why = tr.ui("table.why_shared", "Same points and as many sites: the victory is shared (M-R9).")
        elif sheet.tie_break == "sites":
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

