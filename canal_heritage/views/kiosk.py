"""Kiosk mode: the "still there?" countdown after inactivity, and the attract loop that
replays a bot game with captions on the home screen."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import panel as pn
import param

from ..i18n import LANGUAGES, translator
from ..matches.midi import MidiMatch, Seat
from . import art
from .theme import button, html, text

#: WCAG 2.2.1 (timing adjustable): a visitor gets at least this long to say "still here".
MIN_COUNTDOWN = 20


class IdleGuard(pn.viewable.Viewer):
    """After ``idle_after`` seconds without a touch, ask "still there?" for ``countdown``
    seconds; then call ``on_timeout`` (the exhibit goes home and discards the game)."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    asking = param.Boolean(default=False)
    remaining = param.Integer(default=0)

    def __init__(self, *, idle_after: float, countdown: int, on_timeout: Callable[[], None],
                 clock: Callable[[], float] = time.monotonic, **params: Any) -> None:
        super().__init__(**params)
        self.idle_after = idle_after
        self.countdown = countdown
        self._on_timeout = on_timeout
        self._clock = clock
        self._last = clock()
        self.enabled = True
        self._view = pn.Column(visible=False, css_classes=["idle-guard"],
                               styles={"position": "fixed", "inset": "0", "z-index": "1000",
                                       "background": "rgba(20,30,40,0.85)", "color": "white",
                                       "padding": "15vh 10vw", "font-size": "1.6em"})
        self.param.watch(lambda *_: self._render(), ["asking", "remaining", "lang"])

    def __panel__(self) -> pn.Column:
        return self._view

    def touch(self) -> None:
        """Someone is here."""
        self._last = self._clock()
        if self.asking:
            self.asking = False

    def tick(self) -> None:
        """Called every second by a periodic callback."""
        if not self.enabled:
            self._last = self._clock()
            return
        idle = self._clock() - self._last
        if not self.asking:
            if idle >= self.idle_after:
                self.remaining = self.countdown
                self.asking = True
            return
        left = int(round(self.idle_after + self.countdown - idle))
        if left <= 0:
            self.asking = False
            self._last = self._clock()
            self._on_timeout()
        else:
            self.remaining = left

    def _render(self) -> None:
        tr = translator(self.lang)
        self._view.visible = self.asking
        if not self.asking:
            self._view.objects = []
            return
        msg = tr.ui("kiosk.still_there", "Still there?")
        left = tr.ui_plural("kiosk.remaining", "The game will close in {n} second.",
                            "The game will close in {n} seconds.", self.remaining)
        self._view.objects = [
            html(f"<div role='alertdialog' aria-live='assertive'><h1>{text(msg)}</h1>"
                 f"<p class='countdown'>{text(left)}</p></div>"),
            button(tr.ui("kiosk.continue", "I am still here"), lambda *_: self.touch(), kind="primary",
                   name="still-here"),
        ]


class AttractLoop(pn.viewable.Viewer):
    """A bot game replayed step by step on the home screen, with captions."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))

    def __init__(self, *, period_ms: int = 2500, seed: int = 1, **params: Any) -> None:
        super().__init__(**params)
        self.period_ms = period_ms
        self.seed = seed
        self.match = self._new_match()
        self._pane = html("", sizing_mode="stretch_width")
        self._cb: Any = None
        self._render()

    def _new_match(self) -> MidiMatch:
        return MidiMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "heuristic"), Seat("bot", "", "random")],
                         seed=self.seed, lang=self.lang)

    def __panel__(self) -> pn.pane.HTML:
        return self._pane

    def start(self) -> None:
        if self._cb is None and pn.state.curdoc is not None:
            self._cb = pn.state.add_periodic_callback(self.step, period=self.period_ms)

    def stop(self) -> None:
        if self._cb is not None:
            self._cb.stop()
            self._cb = None

    def step(self) -> None:
        if self.match.over:
            self.seed += 1
            self.match = self._new_match()
        else:
            self.match.step_bot()  # heuristic and random bots decide in microseconds
        self._render()

    def _render(self) -> None:
        m = self.match
        m.set_language(self.lang)
        tr = translator(self.lang)
        g = m.game
        n = m.narrator()
        cards = []
        obs = m.public_observation()
        for i, sid in enumerate(g.site_ids):
            status = obs.site_status[i]
            pawns = [(g.engineers[p].colour, g.engineers[p].shape) for p in obs.site_pawns[i]]
            threshold = g.threshold[i] if status != "hidden" else None
            cards.append(art.cached_site_card(sid, n.site_name(sid), threshold=threshold, value=g.value[i],
                                              city=g.sites[i].city, tent=g.sites[i].tent, status=status,
                                              pawns=pawns, width=96))
        lines = [line for line in m.log() if line.key not in ("midi.bet_placed", "midi.reinforcement_declined")]
        caption = lines[-1].text if lines else ""
        title = tr.ui("kiosk.attract", "Watch a game: three engineers build the canal")
        self._pane.object = (
            f"<section class='attract' aria-label='{text(title)}'><h2>{text(title)}</h2>"
            f"<div style='display:flex;gap:0.3em;overflow-x:auto'>{''.join(cards)}</div>"
            f"<p class='caption' style='font-size:1.3em;min-height:3em'>{text(caption)}</p></section>")
