"""What both game tables share: the header, the privacy screen, the projector's pause, the
log, the bots' explanations, bots played off the event loop, and clean disposal.

A game's table (:class:`~.midi_table.MidiTable`, :class:`~.arriala_table.ArrialaTable`)
subclasses :class:`TableShell`, named with its game's types (``TableShell[MidiGame,
MidiState, Observation, ScoreSheet, Narrator]``, so that what it reads of its match, its
observation and its narrator is checked), and only says what differs: how its components are
built (:meth:`TableShell._build_game`), how the game is drawn
(:meth:`TableShell._render_game`), what the header says, its end screen, what the end
story asks of the game (:meth:`TableShell.built` and the others under it), how its staged
moments look (:meth:`TableShell.moment_frame` and the others under it) and which of its
controls the guide's bubble leaves in view (:attr:`TableShell.guide_avoid`); a table that adds
the introduction band says who sits where too (:class:`.intro.IntroducedTable`).

One update per change of the match (:meth:`~canal_heritage.matches.table.TableMatch.changing`),
sent as one patch; the components are built once and updated in place (:class:`.InPlace`).
What a seat may not see is never in any component: behind the privacy screen the table
empties what is private (:meth:`TableShell._hide_private`) before anything else is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from functools import partial
from typing import Any, Generic

import panel as pn

from ...core.bots import BotMove
from ...heritage import BuiltStory, HistoricDate
from ...i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from ...look import SHAPE_SYMBOL
from ...matches.choices import Choice
from ...matches.moments import Moment
from ...matches.table import GameT, LogLine, NarratorT, ObsT, SheetT, StateT, TableMatch
from ..inplace import InPlace
from ..theme import BUTTON_CSS, INK, LAPTOP_MAX, button, every, html, phone_css, phone_symbol_css, text
from .end_story import Built, EndInView, frame_end  # engineers — Riquet's story, "your canal"
from .end_title import end_headline
from .game_review import GameReview, Kept, review_seats
from .log_sheet import LogSheet
from .moment_stage import MomentStage

#: The table fills the screen and never scrolls while a game is played: a
#: column as tall as the window, the header on top, the game's body (``.table-body``, laid
#: out by each table's own grid) taking the rest. Rare screens (privacy, the projector's
#: step, the end) come between the two; the end screen may make the table scroll, inside.
TABLE_CSS = phone_css("""
:host { height: 100vh; height: 100dvh; box-sizing: border-box;
  padding: 0.25em 0.6em calc(0.4em + var(--guide-dock, 0px));
  display: flex !important; flex-direction: column !important; gap: 0.35em;
  overflow-x: hidden; overflow-y: auto; }
.table-header { flex: none !important; }
.table-body { flex: 1 1 0 !important; min-height: 12em; }
.privacy-screen, .projector-step, .end-screen { flex: none !important; }
.end-screen ~ .table-body { flex: none !important; height: auto !important; }
/* the projector's pause: a column along the right edge, the table beside it (nothing pushed
   down, nothing cut) */
.projector-step { position: fixed !important; z-index: 30; top: 0; right: 0; bottom: 0;
  width: min(30em, 34vw) !important; overflow-y: auto; box-sizing: border-box;
  border-radius: 0.8em 0 0 0.8em !important; box-shadow: -0.3em 0 1em rgba(29, 43, 54, 0.2); }
.projector-step ~ *, :has(~ .projector-step) { margin-right: min(30em, 34vw) !important; }
.intro-band { flex: none !important; max-height: 30%; overflow-y: auto; }
@media (max-width: 900px) { .intro-band { max-height: 24%; } }
@media phone {
  :host { height: auto; min-height: 100dvh; overflow: visible;
    padding: 0.2em 0.4em calc(0.4em + var(--guide-dock, 0px)); }
  .table-body { flex: none !important; min-height: 0; height: auto !important; }
  .intro-band { max-height: none; overflow: visible; }
}
""")

#: The header: the title and status, then the buttons, on one line when there is room.
HEADER_CSS = phone_css("""
:host { gap: 0.3em 0.35em !important; }
@media (max-width: 1100px) { .table-title { max-width: 18em; } }
@media phone { :host { gap: 0.2em 4px !important; } }
@media (max-width: 599px) { .table-title { flex: 1 1 100% !important; max-width: none; } }
""")

#: The title and status: smaller on a narrow screen, so the header takes fewer lines.
TITLE_CSS = phone_css("""
@media (max-width: 1100px) { h1 { font-size: 1.2em !important; } .status { font-size: 0.92em !important; } }
@media phone { h1 { font-size: 1.05em !important; } .status { font-size: 0.85em !important; } }
""")

#: The bots' latest reasons: always in view, compact (a box that scrolls inside when long).
EXPLAINS_CSS = """
.bot-explains { background: #eef3f7; border-left: 0.3em solid #1f5f8b; border-radius: 0.4em;
  padding: 0.3em 0.6em; }
.bot-explains h2 { font-size: 1em; margin: 0 0 0.15em; }
.bot-explains p, .bot-explains ol { margin: 0; }
.bot-explains ol { padding-left: 2em; }
"""

#: What a body area does when its content is taller than its place: it scrolls inside.
SCROLL_INSIDE = {"min-height": "0", "overflow-y": "auto", "overflow-x": "hidden"}
#: A column that scrolls inside keeps its parts at their own height (none is squeezed under another).
NO_SQUEEZE_CSS = """
* { flex: none !important; max-height: none !important; }
"""


#: The score sheet's cells (in the sheet's own markup: the end screen's panes have shadow roots).
SCORE_CSS = ("<style>.score th, .score td { padding: 0.4em 0.55em; }"
             " .score th { overflow-wrap: break-word; hyphens: auto; }"
             " .score th[scope=row] { text-align: left; min-width: 6em; max-width: 11em; }"
             " .score td { text-align: center; }"
             " @media (max-width: 480px) { .score { font-size: 0.8em; }"
             " .score th, .score td { padding: 0.3em 0.25em; } .score th[scope=row] { min-width: 5em; max-width: 9em; }"
             " }</style>")


def score_table(players: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]], totals: Sequence[int],
                total_words: str, after: Sequence[tuple[str, Sequence[str]]] = ()) -> str:
    """The end screen's score sheet: a column per player, a row per ``(heading, cells)`` (cell
    markup made by the caller), the totals, then the ``after`` rows (tie-breaks)."""
    def row(heading: str, cells: Sequence[str]) -> str:
        return f"<tr><th scope='row'>{text(heading)}</th>{''.join(f'<td>{c}</td>' for c in cells)}</tr>"

    head = "".join(f"<th scope='col'>{text(name)}</th>" for name in players)
    body = [row(h, c) for h, c in rows] + [row(total_words, [f"<strong>{t}</strong>" for t in totals])]
    body += [row(h, c) for h, c in after]
    # the row headings wrap, and a phone gets tighter cells, so that four columns fit 390 px; a
    # sheet still too wide scrolls sideways inside its box, never the page
    return (f"<div class='score-box' style='overflow-x:auto;max-width:calc(100vw - 4.5em)'>{SCORE_CSS}"
            f"<table class='score' style='border-collapse:collapse' border='1'>"
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>")


def points_chart(label: str, bars: Sequence[tuple[str, int, str, str]]) -> str:
    """A bar per ``(name, points, colour, shape)``: the shape's symbol with the points, so a
    colour never stands alone."""
    top = max(1, *(points for _, points, _, _ in bars))
    # the name and the bar's track shrink on a narrow screen (a phone), the bars keeping their proportions
    rows = "".join(f"<div style='display:flex;align-items:center;gap:0.5em;margin:0.2em 0'>"
                   f"<span style='flex:0 0 min(10em, 34%);overflow-wrap:anywhere'>{text(name)}</span>"
                   f"<span style='flex:0 1 14em;min-width:0;display:flex'>"
                   f"<span style='display:inline-block;height:1.2em;width:{100 * points / top:.1f}%;"
                   f"background:{colour};border:0.06em solid {INK}'></span></span>"
                   f"<span style='flex:none;white-space:nowrap'>{SHAPE_SYMBOL.get(shape, '')} {points}</span></div>"
                   for name, points, colour, shape in bars)
    return (f"<figure class='chart' aria-label='{text(label)}' style='margin:0;width:min(28em, calc(100vw - 4.5em))'>"
            f"{rows}</figure>")


#: How often (ms) a server session checks that a bot's turn is under way (one that did not
#: start, or was lost, is started again).
WATCHDOG_MS = 1500


class TableShell(InPlace, pn.viewable.Viewer, Generic[GameT, StateT, ObsT, SheetT, NarratorT]):
    """A game's table: header, privacy screen, projector step, log, explanations and bots.

    Subclasses name their game's types (as its match does), set :attr:`CSS_CLASS`, build
    their components in :meth:`_build_game`, draw them in :meth:`_render_game` and say what
    the header and the end screen show."""

    #: the match shown (a subclass narrows it to its game's match class)
    match: TableMatch[GameT, StateT, ObsT, SheetT, NarratorT]
    #: opens a place of the game in the heritage explorer (the exhibit sets it); None: the
    #: table tells the place's story itself
    on_place: Callable[[str], Any] | None = None

    #: the root's CSS class (browser tests and the benchmark find the table by it)
    CSS_CLASS = "game-table"
    #: the match's parameters whose change brings the table up to date
    WATCHED: tuple[str, ...] = ("version", "lang", "privacy", "paused", "open_hands")
    #: how many of the latest log lines the "What happened" sheet holds
    LOG_LINES = 40
    #: how many of the latest bot's recent moves are explained
    EXPLAINED_MOVES = 1

    def __init__(self, match: TableMatch[GameT, StateT, ObsT, SheetT, NarratorT], *,
                 executor: Executor | Callable[[], Executor] | None = None,
                 on_home: Callable[[], None] | None = None, on_again: Callable[[], None] | None = None,
                 on_touch: Callable[[], None] | None = None, on_language: Callable[[str], None] | None = None,
                 watch_only: bool = False, **params: Any) -> None:
        super().__init__(**params)
        self.match = match
        #: a table nobody plays at, that a class watches (the classroom's projector): none of a
        #: player's controls is drawn (take back, "How to play" and the guide, the hint, "Let's
        #: play", the links out of the game), only the game and what explains it ("What
        #: happened"); a pause is the room's, said and ended on the teacher's page, not the
        #: projector mode's column of what just happened with its "Continue"
        self.watch_only = watch_only
        self._executor = executor
        self._on_home = on_home
        self._on_again = on_again
        self._on_touch = on_touch
        self._on_language = on_language
        #: how many times the table has been brought up to date (tests check: one per change)
        self.renders = 0
        self._n: NarratorT | None = None
        self._obs: ObsT | None = None
        self._panel = pn.Column(sizing_mode="stretch_width", css_classes=[self.CSS_CLASS, "table-fit"],
                                stylesheets=[TABLE_CSS], margin=0)
        # Rare screens (privacy, projector step, end) are rebuilt when their key changes, so a
        # click in flight on an earlier one is dropped with it.
        self._slots: dict[str, tuple[Any, Any]] = {}
        self._panes: dict[str, pn.pane.HTML] = {}
        #: the finished game's reviews, kept while the end screen is rebuilt (its actions, the reviews)
        self._reviews: tuple[tuple[int, ...], Kept] | None = None
        #: the end screen's review part ("Where did the game turn?"), once the game is over
        self.review_part: GameReview | None = None
        # moments — the staged moments (views/moment_stage.py); each game's table places it
        # over its site or board, and every update below brings it up to the match (_render_all);
        # the table draws its game's moments (moment_frame), and its on_place opens a story's link
        self.moments = MomentStage(owner=self)
        self._build_header()
        self._pane("explains", "", stylesheets=[EXPLAINS_CSS])  # the bots' latest reasons, compact
        self._build_game()
        # One call per change: the match groups each change's parameters (TableMatch.changing).
        self._watcher = self.match.param.watch(lambda *_: self._render(), list(self.WATCHED))
        self._watchdog: Any = None
        self._render()
        self._kick_bots()
        if self._in_server():
            self._watchdog = every(self._kick_bots, WATCHDOG_MS)

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
        return self.match.translator()  # rule codes only in projector mode

    @property
    def narrator(self) -> NarratorT:
        """The match's narrator, made once per update."""
        if self._n is None:
            self._n = self.match.narrator()
        return self._n

    def _view(self) -> ObsT:
        """What the screen shows now (:meth:`~canal_heritage.matches.table.TableMatch.view`:
        the viewer's observation, or the public one), made once per update."""
        if self._obs is None:
            self._obs = self.match.view()
        return self._obs

    def _touch(self) -> None:
        if self._on_touch:
            self._on_touch()

    @staticmethod
    def _in_server() -> bool:
        return pn.state.curdoc is not None and pn.state.curdoc.session_context is not None

    def _kick_bots(self) -> None:
        """Let bots play off the event loop (inside a server session)."""
        m = self.match
        if not (m.is_bot_turn() and not m.paused and not m.busy and not m.running and not m.closed):
            return
        if self._in_server():
            pn.state.execute(self._run_bots)
        else:  # no server (tests, notebooks): play them here, at once
            while m.is_bot_turn() and not m.paused:
                if not m.step_bot():  # a classroom device's match: the room plays its bots
                    break

    async def _run_bots(self) -> None:
        executor = self._executor() if callable(self._executor) else self._executor
        await self.match.run_bots(executor)

    def _choose(self, choice: Choice) -> None:
        """The visitor's decision, as the match handed it out: played, then the bots' turn
        (refused: the message is the update). A kept game writes it first: the screen changes
        once it is written."""
        self._decide(partial(self.match.choose, choice))

    def _play(self, action: int) -> None:
        """The same for a legal action's number (tests play the engine's legal actions)."""
        self._decide(partial(self.match.play, action))

    def _decide(self, decide: Callable[[], bool]) -> None:
        self._touch()
        if self.match.journal is not None and self._in_server():
            pn.state.execute(partial(self._decide_kept, decide))
        elif decide():
            self._kick_bots()

    async def _decide_kept(self, decide: Callable[[], bool]) -> None:
        if await self.match.kept(decide):
            self._kick_bots()

    # ------------------------------------------------------------------ the header, built once
    def _build_header(self) -> None:
        m = self.match
        self._undo_button = button("", self._undo, name="undo")
        self._home_button = button("", self._go_home, name="go-home") if self._on_home else None
        self._lang_buttons = []
        if self._on_language is not None:
            self._lang_buttons = [button(LANGUAGE_NAMES[code], self._language(code), name=f"lang-{code}")
                                  for code in LANGUAGES]
        self._hands_toggle = None
        if m.projector:  # the teacher may show every hand
            self._hands_toggle = pn.widgets.Toggle(label="", value=m.open_hands, color="warning",
                                                   css_classes=["open-hands"], stylesheets=[BUTTON_CSS])
            self._hands_toggle.param.watch(self._open_hands, "value")
        # the log: a sheet the visitor opens from the header
        self._log_sheet = LogSheet(css_classes=["what-happened"], margin=(0, 0))
        # compact: the header stays on one line where it can; "FR", "↶", "⌂" up to a laptop's width
        # (each button says its words in its tooltip and to a screen reader)
        # on the projector, always (its type is large: the table keeps the screen)
        always = m.projector
        for lang in self._lang_buttons:
            code = lang.css_classes[0].removeprefix("lang-").upper()
            lang.stylesheets = [*lang.stylesheets, ".bk-btn { padding: 0.3em 0.55em; font-size: 0.9em; }",
                                phone_symbol_css(code, size="24px" if always else "15px", max_width=LAPTOP_MAX,
                                                 always=always)]
        for other, symbol in ((self._undo_button, "↶"), (self._home_button, "⌂")):
            if other is not None:
                other.stylesheets = [*other.stylesheets, ".bk-btn { padding: 0.35em 0.7em; }",
                                    phone_symbol_css(symbol, size="32px" if always else "22px", max_width=LAPTOP_MAX,
                                                     always=always)]
        widget: Any
        for widget in (*self._lang_buttons, self._undo_button, self._home_button, self._hands_toggle):
            if widget is not None:
                widget.margin = (2, 3)
        widgets = [*self._lang_buttons, *([self._hands_toggle] if self._hands_toggle else []), self._log_sheet,
                   *([] if self.watch_only else [self._undo_button]),
                   *([self._home_button] if self._home_button else [])]
        self._header = pn.Row(self._pane("title", sizing_mode=None, margin=(0, 8, 0, 0), stylesheets=[TITLE_CSS],
                                         css_classes=["table-title"]),
                              *widgets,
                              sizing_mode="stretch_width", css_classes=["table-header"], margin=0,
                              stylesheets=[HEADER_CSS],
                              styles={"align-items": "center", "gap": "0.6em", "flex-wrap": "wrap"})

    def _build_game(self) -> None:
        """Build the game's components (once)."""
        raise NotImplementedError

    def _go_home(self, _event: Any = None) -> None:
        if self._on_home is not None:
            self._on_home()

    def _again(self, _event: Any = None) -> None:
        if self._on_again is not None:
            self._on_again()

    def _undo(self, _event: Any = None) -> None:
        if self._undo_button.disabled:
            return  # clicked again while the first undo was on its way
        self._touch()
        self._forget_choice()
        if self.match.journal is not None and self._in_server():
            pn.state.execute(self._undo_kept)
        else:
            self.match.undo()

    async def _undo_kept(self) -> None:
        await self.match.kept(self.match.undo)

    def _forget_choice(self) -> None:
        """Drop a choice in progress (a table that chooses in steps overrides this)."""

    def _language(self, code: str) -> Callable[[Any], None]:
        def go(_event: Any = None) -> None:
            self._touch()
            if self._on_language is not None:
                self._on_language(code)
        return go

    def _open_hands(self, event: Any) -> None:
        if bool(event.new) != self.match.open_hands:
            self._touch()
            self.match.show_open_hands(event.new)

    # ------------------------------------------------------------------ render
    def _render(self) -> None:
        self.renders += 1
        self._n = self._obs = None
        with pn.io.hold():  # one patch (not frozen: Bokeh would then walk every model at the end)
            self._render_all()

    def _render_all(self) -> None:
        m = self.match
        self._render_header()
        parts: list[Any] = [self._header]
        if m.privacy:  # nothing private stays in any component, hidden ones included
            self._hide_private()
            parts.append(self._slot("privacy", (m.lang, m.to_move), self._privacy_screen))
        else:
            # contents first, then the layout: a component shown again is sent as it is now
            if m.over:
                parts.append(self._slot("end", (m.lang,), self._end_screen))
            # the exhibit's projector mode waits after each step for the class to talk it over; a
            # classroom device paused by the teacher says so in its room's band, with nothing to press
            if m.paused and m.projector and not self.watch_only:
                lines = tuple(line.text for line in m.new_lines())
                parts.append(self._slot("step", (m.lang, lines), self._projector_step))
            parts += self._render_game()
        self._set(self._panel, parts)
        self.moments.follow(m)  # moments — in the same patch as the table

    def _render_game(self) -> list[Any]:
        """Bring the game's components up to date; the components to show, in order."""
        raise NotImplementedError

    def _hide_private(self) -> None:
        """Empty every component that holds what only the viewer may see (the privacy screen is up)."""
        raise NotImplementedError

    def _title(self) -> tuple[str, str]:
        """The header's title and status line (already translated)."""
        raise NotImplementedError

    def undo_words(self, tr: Translator) -> str:
        """The undo button's words (a table whose undo differs says so)."""
        return tr.ui("table.undo", "Take back my move")

    def _render_header(self) -> None:
        m, tr = self.match, self.tr
        title, status = self._title()
        self._pane("title", f"<h1 style='margin:0;font-size:1.45em;line-height:1.15'>{text(title)}</h1>"
                            f"<div class='status' style='font-size:1.05em'>{text(status)}</div>")
        for code, b in zip(LANGUAGES, self._lang_buttons, strict=False):
            self._update(b, color="primary" if code == m.lang else "default")
        # disabled, not hidden: showing or hiding a widget lays the whole page out again
        undo = self.undo_words(tr)  # the words are the tooltip too, where the button shows "↶"
        self._update(self._undo_button, label=undo, description=undo, disabled=not m.can_undo())
        if self._home_button is not None:
            home = tr.ui("table.home", "Home")
            self._update(self._home_button, label=home, description=home)
        if self._hands_toggle is not None:
            self._update(self._hands_toggle, label=tr.ui("table.open_hands", "Show every hand"), value=m.open_hands)

    def _privacy_screen(self) -> pn.Column:
        m, tr = self.match, self.tr
        p = m.to_move
        name = m.names[p] if p is not None else ""
        msg = tr.ui("table.pass_device", "Pass the device to {name}. Nobody else should look at the screen.",
                    name=name)

        def ready(_event: Any = None) -> None:
            self._touch()
            m.confirm_privacy()

        return pn.Column(
            html(f"<div role='alert' style='font-size:1.5em;padding:1em 0'>{text(msg)}</div>"),
            button(tr.ui("table.i_am", "I am {name}: show my cards", name=name), ready, kind="primary",
                   name="privacy-ok"),
            styles={"padding": "2em", "background": "#e8eef3", "border-radius": "1em"},
            css_classes=["privacy-screen"],
        )

    def _projector_step(self) -> pn.Column:
        m, tr = self.match, self.tr
        heading = tr.ui("table.step", "What just happened")
        items = "".join(f"<li>{text(line.text)}{self._ruling_badge(line.ruling)}</li>" for line in m.new_lines())

        def go_on(_event: Any = None) -> None:
            if m.paused:
                self._touch()
                m.resume()
                self._kick_bots()

        return pn.Column(
            html(f"<h2 style='margin:0'>{text(heading)}</h2><ul style='font-size:1.2em'>{items}</ul>"),
            button(tr.ui("table.continue", "Continue"), go_on, kind="primary", name="continue"),
            styles={"background": "#fff3cd", "padding": "1em", "border-radius": "0.8em"},
            css_classes=["projector-step"],
        )

    def _ruling_badge(self, ruling: str | None) -> str:
        if not ruling:
            return ""
        title, body = self.narrator.ruling(ruling)
        # the ruling's plain title; its code only for the teacher (projector mode)
        shown = f"{text(ruling)} · {text(title)}" if self.match.projector else text(title)
        return (f" <span class='ruling' title='{text(body)}' style='font-size:0.8em;background:#dfe9f1;"
                f"border-radius:0.4em;padding:0 0.3em'>{shown}</span>")

    # ------------------------------------------------------------------ the prompt's words
    def _message_markup(self) -> str:
        """The match's message (a refusal, a reason), or nothing."""
        if not self.match.message:
            return ""
        return (f"<div role='alert' class='message' style='color:#8a1c1c;font-weight:600'>"
                f"{text(self.match.message)}</div>")

    def _waiting_markup(self) -> str:
        """Whose turn it is, when it is not the viewer's (a bot "thinking" when it is slow)."""
        m, tr = self.match, self.tr
        p = m.to_move
        who = m.names[p] if p is not None else ""
        wait = (tr.ui("table.thinking", "{name} is thinking…", name=who) if m.thinking
                else tr.ui("table.waiting", "{name} is playing.", name=who))
        return f"<p class='waiting' style='font-size:1.2em'>{text(wait)}</p>"

    # ------------------------------------------------------------------ log and explanations
    def _in_log(self, line: LogLine) -> bool:
        """Whether ``line`` is shown in the log (all by default)."""
        return True

    def _render_log(self) -> None:
        """The log's latest lines, in the sheet the header's "What happened" opens (the page
        never grows with the log)."""
        tr = self.tr
        shown = [line for line in self.match.log() if self._in_log(line)]
        lines = []
        for line in shown[-self.LOG_LINES:]:
            ruling, about = "", ""
            if line.ruling:
                title, body = self.narrator.ruling(line.ruling)
                # the code only for the teacher (projector mode), as the badges elsewhere
                ruling = f"{line.ruling} · {title}" if self.match.projector else title
                about = body
            lines.append({"text": line.text, "ruling": ruling, "about": about})
        self._log_sheet.present(lines, len(shown), label=tr.ui("table.log", "What happened"), new_words="+{n}",
                             close_label=tr.ui("table.log_close", "Close"))

    def _explained(self) -> list[tuple[int, BotMove]]:
        """The bots' moves (seat, move) whose reasons the viewer may read."""
        return list(self.match.bot_moves)

    def _render_explanations(self) -> None:
        m, tr, n = self.match, self.tr, self.narrator
        moves = [] if m.privacy else self._explained()
        if not moves:
            self._pane("explains", "", stylesheets=[EXPLAINS_CSS])
            return
        p = moves[-1][0]
        recent: list[BotMove] = []
        for seat, move in reversed(moves):
            if seat != p or len(recent) >= self.EXPLAINED_MOVES:
                break
            recent.append(move)
        reasons = [text(n.bot_move(move)) for move in reversed(recent)]
        body = (f"<p>{reasons[0]}</p>" if len(reasons) == 1 else
                "<ol>" + "".join(f"<li>{r}</li>" for r in reasons) + "</ol>")
        title = text(tr.ui("table.bot_says", "{name} explains", name=m.names[p]))
        self._pane("explains", f"<section class='bot-explains' aria-live='polite'><h2>{title}</h2>{body}</section>",
                   stylesheets=[EXPLAINS_CSS])

    # ------------------------------------------------------------------ the end
    def _end_screen(self) -> pn.Column:
        """The end screen: the title that tells the viewer how they did and
        why, "play again" and "home" right under it (in view without scrolling), then the
        breakdown: the game's chart and score sheet, "your canal", "discover next", Riquet's
        story (:func:`.end_story.frame_end`)."""
        tr = self.tr
        buttons = []
        if self._on_again:
            buttons.append(button(tr.ui("table.again", "Play again"), self._again, kind="primary", name="again"))
        if self._on_home:
            buttons.append(button(tr.ui("table.home", "Home"), self._go_home, name="end-home"))
        actions = [pn.FlexBox(*buttons, css_classes=["end-actions"], flex_wrap="wrap", gap="0.4em 0.8em",
                              sizing_mode="stretch_width", margin=(0, 0, 8, 0))] if buttons else []
        game_parts = self._end_parts()
        played = self.match.played()
        if played is not None:  # "where did the game turn?" under the score sheet (issue 29)
            if self._reviews is None or self._reviews[0] != played:
                self._reviews = (played, Kept())
            review = GameReview(self.match, played, review_seats(self.match, self._end_viewer()), tr,
                                executor=self._executor, names=self.match.names, kept=self._reviews[1],
                                picture=self.table_then)
            game_parts.append(review)
            self.review_part = review
        parts = frame_end(self, game_parts, actions)
        # engineers — as tall as what it holds (a Column is at most its box's height by default)
        return pn.Column(EndInView(margin=0, height=0), *parts, css_classes=["end-screen"],
                         styles={"background": "#eef5e9", "padding": "0.6em 1em 1em", "border-radius": "1em",
                                 "max-height": "none"})

    def _end_viewer(self) -> int | None:
        """The one viewer the end screen speaks to: the seat whose screen
        it is, against bots or on a student's own device; None in hot-seat (several people at
        one screen) and where nobody plays (the teacher's projector, bots only)."""
        m = self.match
        return m.viewer if m.viewer is not None and not m.hot_seat else None

    def _end_headline(self, winner_words: str, tiebreak: Sequence[int]) -> tuple[str, str]:
        """The end screen's title and the line about the winner under it
        (:func:`.end_title.end_headline`), from the engine's outcome; ``tiebreak`` is each
        owner's tie-break value, ``winner_words`` who won ("Clerville wins!")."""
        return end_headline(self.tr, self.match.outcome(), self._end_viewer(), tiebreak, winner_words)

    def _end_parts(self) -> list[Any]:
        """Who won and why, the score sheet: the end screen's components."""
        raise NotImplementedError

    def table_then(self, obs: ObsT) -> str:
        """The table as a seat saw it then (``obs``: its observation at one of its decisions),
        drawn small: a turning point's picture in the game's review."""
        raise NotImplementedError

    # ------------------------------------------------------------------ what the end story asks of the game
    #: heritage places worth discovering when the seats shown built nothing (place ids)
    discover_anyway: tuple[str, ...] = ()

    def built(self, seat: int) -> list[Built]:
        """What ``seat`` built, in canal order: "your canal" and "discover next" on the end
        screen (:mod:`.end_story`)."""
        raise NotImplementedError

    def canal_order_words(self, tr: Translator) -> str:
        """The line under "Your canal": which way its canal order runs."""
        raise NotImplementedError

    def riquet_words(self, tr: Translator, died: HistoricDate | None, opened: str) -> tuple[str, str, str]:
        """The title and the two sentences of the end's band about Riquet, tying the game to
        the real canal (``died``: the date he died; ``opened``: the canal's opening, in words)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ what the staged moments ask of the game
    #: a tap on the staged moments goes through to what lies under them (a board whose cells are
    #: choices) and ends the show; otherwise a tap shows the next moment
    moments_through = False

    def moment_frame(self, moment: Moment, tr: Translator) -> tuple[str, str]:
        """A moment of the game (one its match found, :mod:`~canal_heritage.matches.moments`):
        its title and its picture, trusted markup with every text escaped (:mod:`.moment_stage`)."""
        raise NotImplementedError

    def moment_story(self, moment: Moment, lang: str) -> BuiltStory | None:
        """The story of the place ``moment`` built, told when the moments have played
        (``heritage.built_story``), or None (by default: no place tells one)."""
        return None

    # ------------------------------------------------------------------ what the guide's bubble asks of the game
    #: the CSS classes of the controls the guide's bubble should not hide, in the order the
    #: keyboard's focus looks for one after the guide (:class:`.guide_bubble.GuidedTable`); by
    #: default the shell's own, and a game puts its choices first
    guide_avoid: tuple[str, ...] = ("undo", "how-to-play", "go-home", "what-happened", "lang-fr", "lang-en", "lang-oc",
                                    "privacy-ok", "continue")
