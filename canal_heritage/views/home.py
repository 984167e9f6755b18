"""The exhibit's home screen and the Canal du Midi set-up (the heritage explorer is
:mod:`canal_heritage.views.explorer`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from ..i18n import LANGUAGE_NAMES, LANGUAGES, translator
from ..matches.table import MAX_NAME, Seat
from .theme import button, html, text


class Home(pn.viewable.Viewer):
    """Choose a language, then play or discover; resume a game in progress (``in_progress``:
    ``midi``, ``arriala``; ``on_resume(game)`` goes back to it)."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))

    projector = param.Boolean(default=False, doc="teacher mode: large type, pauses, open hands")

    def __init__(self, *, on_language: Callable[[str], None], on_play_midi: Callable[[], None],
                 on_heritage: Callable[[], None], on_projector: Callable[[bool], None] | None = None,
                 attract: Any = None, on_play_arriala: Callable[[], None] | None = None,
                 in_progress: list[str] | None = None, on_resume: Callable[[str], None] | None = None,
                 **params: Any) -> None:
        super().__init__(**params)
        self._in_progress = list(in_progress or []) if on_resume is not None else []
        self._on_resume = on_resume
        self._on_play_arriala = on_play_arriala
        self._on_projector = on_projector
        self._on_language = on_language
        self._on_play_midi = on_play_midi
        self._on_heritage = on_heritage
        self._attract = attract

    def __panel__(self) -> pn.Column:
        tr = translator(self.lang)
        langs = pn.Row(*[
            button(LANGUAGE_NAMES[code], (lambda c: lambda *_: self._on_language(c))(code),
                   kind="primary" if code == self.lang else "default", name=f"lang-{code}")
            for code in LANGUAGES], styles={"gap": "0.5em"})
        title = tr.ui("home.title", "The canals of the two seas")
        language = tr.ui("home.language", "Language")
        lead = tr.ui("home.lead", "Build the Canal du Midi with Pierre-Paul Riquet's engineers, and discover "
                                  "the history of its sites.")
        tiles = pn.FlexBox(
            button(tr.ui("home.play_midi", "Play Canal du Midi"), lambda *_: self._on_play_midi(), kind="primary",
                   name="play-midi"),
            *([button(tr.ui("home.play_arriala", "Play Arriala (Canal de Garonne)"),
                      lambda *_: self._on_play_arriala(), kind="primary", name="play-arriala")]  # type: ignore[misc]
              if self._on_play_arriala is not None else []),
            button(tr.ui("home.heritage", "Discover the heritage"), lambda *_: self._on_heritage(), name="heritage"),
            gap="1em")
        parts: list[Any] = [
            html(f"<h1 style='font-size:2.2em;margin:0.3em 0'>{text(title)}</h1><p style='font-size:1.2em'>"
                 f"{text(lead)}</p>"),
            *self._resume(tr),
            html(f"<p style='margin-bottom:0.2em'>{text(language)}</p>"),
            langs, tiles]
        if self._on_projector is not None:
            label = (tr.ui("home.projector_off", "Leave the teacher's projector mode") if self.projector
                     else tr.ui("home.projector_on", "Teacher's projector mode: large type, a pause after each step"))
            parts.append(button(label, lambda *_: self._on_projector(not self.projector), name="projector"))  # type: ignore[misc]
        if self._attract is not None:
            parts.append(self._attract)
        return pn.Column(*parts, sizing_mode="stretch_width", css_classes=["home-screen"])


    def _resume(self, tr: Any) -> list[Any]:
        """The offer to resume the games in progress (issue 13, item 8), above everything else."""
        if not self._in_progress:
            return []
        labels = {"midi": tr.ui("home.resume", "Resume your game of Canal du Midi"),
                  "arriala": tr.ui("home.resume", "Resume your game of Arriala")}
        heading = tr.ui("home.in_progress", "A game is in progress")
        buttons = [button(labels[g], self._resumer(g), kind="primary", name=f"resume-{g}")
                   for g in self._in_progress if g in labels]
        return [pn.Column(html(f"<h2 style='margin:0.2em 0;font-size:1.3em'>{text(heading)}</h2>"),
                          pn.Row(*buttons, styles={"gap": "0.6em", "flex-wrap": "wrap"}),
                          css_classes=["resume-game"], sizing_mode="stretch_width",
                          styles={"background": "#e6f0f6", "border-radius": "1em", "padding": "0.4em 1em",
                                  "border": "0.12em solid #1f5f8b"})]


    def _resumer(self, game: str) -> Callable[[Any], None]:
        def resume(_event: Any = None) -> None:
            if self._on_resume is not None:
                self._on_resume(game)
        return resume


class MidiSetup(pn.viewable.Viewer):
    """Who plays: one person against bots, or several people on one screen."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))

    def __init__(self, *, on_start: Callable[[list[Seat]], None], on_back: Callable[[], None],
                 **params: Any) -> None:
        super().__init__(**params)
        tr = translator(self.lang)
        self._on_start = on_start
        self._on_back = on_back
        self.mode = pn.widgets.RadioButtonGroup(
            options={tr.ui("setup.mode", "Against the computer"): "bots",
                     tr.ui("setup.mode", "Several people on this screen"): "hotseat"},
            value="bots", color="primary", stylesheets=[_css()])
        self.opponents = pn.widgets.RadioButtonGroup(options={"1": 1, "2": 2, "3": 3}, value=1,
                                                     stylesheets=[_css()])
        self.level = pn.widgets.RadioButtonGroup(
            options={tr.ui("setup.level", "Beginner"): "random", tr.ui("setup.level", "Steady"): "heuristic",
                     tr.ui("setup.level", "Expert"): "expert"}, value="heuristic", stylesheets=[_css()])
        self.players = pn.widgets.RadioButtonGroup(options={"2": 2, "3": 3, "4": 4}, value=2, stylesheets=[_css()])
        self.names = [pn.widgets.TextInput(placeholder=tr.ui("setup.name", "Name of player {n}", n=i + 1),
                                           max_length=MAX_NAME, stylesheets=[_css()]) for i in range(4)]
        self.your_name = pn.widgets.TextInput(placeholder=tr.ui("setup.your_name", "Your name (optional)"),
                                              max_length=MAX_NAME, stylesheets=[_css()])
        self._body = pn.Column()
        self.mode.param.watch(lambda *_: self._refresh(), "value")
        self.players.param.watch(lambda *_: self._refresh(), "value")
        self._refresh()

    def _rows(self) -> list[Any]:
        """The rows under the mode: how many opponents and how strong, or how many players
        and their names."""
        tr = translator(self.lang)
        if self.mode.value == "bots":
            return [html(text(tr.ui("setup.how_many", "How many opponents?"))), self.opponents,
                    html(text(tr.ui("setup.how_strong", "How strong?"))), self.level, self.your_name]
        return [html(text(tr.ui("setup.how_many_players", "How many players?"))), self.players,
                *self.names[: self.players.value]]

    def _refresh(self) -> None:
        self._body.objects = self._rows()

    def seats(self) -> list[Seat]:
        if self.mode.value == "bots":
            return [Seat("human", self.your_name.value or "")] + [
                Seat("bot", "", self.level.value) for _ in range(self.opponents.value)]
        return [Seat("human", w.value or "") for w in self.names[: self.players.value]]

    def __panel__(self) -> pn.Column:
        tr = translator(self.lang)
        title = tr.ui("setup.title", "A game of Canal du Midi")
        return pn.Column(
            html(f"<h1>{text(title)}</h1>"),
            self.mode, self._body,
            pn.Row(button(tr.ui("setup.start", "Start the game"), lambda *_: self._on_start(self.seats()),
                          kind="primary", name="start"),
                   button(tr.ui("table.home", "Home"), lambda *_: self._on_back(), name="go-home")),
            css_classes=["midi-setup"], sizing_mode="stretch_width")


def _css() -> str:
    from .theme import BUTTON_CSS

    return BUTTON_CSS + """
.bk-input { font-size: 1em; min-height: 2.75em; }
"""
