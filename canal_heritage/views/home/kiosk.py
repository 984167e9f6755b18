"""Kiosk mode: the "still there?" countdown after inactivity (a modal alert dialog over the
whole screen, see :class:`StillThere`), and the attract loop that replays a bot game with
captions on the home screen."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import panel as pn
import param

from ... import games
from ...i18n import LANGUAGES, translator
from ...look import arriala_seat
from ...matches.arriala import ArrialaMatch, owner_of, where_of
from ...matches.midi import MidiMatch
from ...matches.table import Seat, TableMatch
from .. import art
from ..modal import Modal
from ..theme import BRICK, CANAL, INK, SKY, STONE, STONE_DARK, TYPE_SCALE, WATER_LIGHT, every, html, text

#: The games the attract loop alternates.
GAMES = games.names()

#: WCAG 2.2.1 (timing adjustable): a visitor gets at least this long to say "still here".
MIN_COUNTDOWN = 20


class StillThere(Modal):
    """The "still there?" screen in the browser: the exhibit's modal question
    (:class:`~.modal.Modal`) over the whole viewport, with one answer, "I am still here".

    While ``asking``, the page behind is inert, the focus is on the answer and stays there,
    and a live region announces the question. A tap or click anywhere on it, Enter, Space
    or Escape answers: ``on_answer()`` is called. When it closes, the focus returns where it
    was and the page is live again."""

    asking = param.Boolean(default=False, doc="Shown (and keeping the focus) when true.")
    label = param.String(default="", doc="The answer button's label.")

    def __init__(self, on_answer: Callable[[], Any] | None = None, **params: Any) -> None:
        params.setdefault("prefix", "still-there")
        params.setdefault("level", 1)
        params.setdefault("tap_anywhere", True)
        params.setdefault("dismiss", "still-here")
        params.setdefault("message_class", "countdown")
        super().__init__(on_answer=None, **params)
        self._on_here = on_answer
        self.on_answer = lambda _answer: self._on_here() if self._on_here is not None else None
        self._sync()
        self.param.watch(lambda *_: self._sync(), ["asking", "label"])

    def _sync(self) -> None:
        self.param.update(open=self.asking, answers=[["still-here", self.label, "still-here primary"]])

    def answer(self) -> None:
        """What a tap on the screen does: "I am still here"."""
        self.give("still-here")


class IdleGuard(pn.viewable.Viewer):
    """After ``idle_after`` seconds without a touch, ask "still there?" for ``countdown``
    seconds; then call ``on_timeout`` (the exhibit goes home and discards the game).

    The exhibit asks for :data:`MIN_COUNTDOWN` seconds (WCAG 2.2.1, timing adjustable: at
    least 20 s to answer); tests shorten it.
    The question covers the whole screen and keeps the focus (see :class:`StillThere`); a
    tap anywhere on it answers."""

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
        self._view = StillThere(on_answer=self.touch, css_classes=["idle-guard"], margin=0)
        self.param.watch(lambda *_: self._render(), ["asking", "remaining", "lang"])
        self._render()

    def __panel__(self) -> StillThere:
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

    def texts(self) -> dict[str, str]:
        """What the screen says now: ``title``, ``message`` (the countdown), ``label`` (the
        button) and ``announcement`` (for screen readers: said when the question appears
        and again ten seconds before the end, not every second)."""
        tr = translator(self.lang)
        title = tr.ui("kiosk.still_there", "Still there?")
        message = tr.ui_plural("kiosk.remaining", "The game will close in {n} second.",
                               "The game will close in {n} seconds.", self.remaining)
        # constant while it should not be said again: the full countdown, then "10 seconds" once
        said = self.countdown if self.remaining > 10 else min(10, self.countdown)
        countdown = tr.ui_plural("kiosk.remaining", "The game will close in {n} second.",
                                 "The game will close in {n} seconds.", said)
        announcement = f"{title} {countdown}"
        if not self.asking:
            announcement = ""
        return {"title": title, "message": message, "label": tr.ui("kiosk.continue", "I am still here"),
                "announcement": announcement}

    def _render(self) -> None:
        texts = self.texts()
        changed: dict[str, Any] = {k: v for k, v in texts.items() if getattr(self._view, k) != v}
        if self._view.asking != self.asking:
            changed["asking"] = self.asking
        if changed:
            self._view.param.update(**changed)


class AttractLoop(pn.viewable.Viewer):
    """Bot games replayed step by step on the kiosk's home screen, with captions: a game of
    Canal du Midi, then a game of Arriala (Canal de Garonne), and so on.

    Cheap enough for every kiosk session: the bots are the Beginner and Steady ones (they
    decide in microseconds), one step per ``period_ms``, and one HTML pane is redrawn per
    step. Only what anyone watching may see is drawn: each match's public observation (site
    cards face down until revealed, no hand at all) and its public log."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    kind: param.Selector[str] = param.Selector(default="midi", objects=list(GAMES), doc="The game shown.")

    #: steps the end of a game stays on screen before the other game starts
    HOLD_END = 3

    def __init__(self, *, period_ms: int = 2500, seed: int = 1,
                 match_options: dict[str, dict[str, Any]] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.period_ms = period_ms
        self.seed = seed
        #: each game's extra match options, by name (tests: short Arriala games)
        self.match_options = dict(match_options or {})
        self.match: TableMatch = self._new_match()
        self._held = 0
        self._pane = html("", sizing_mode="stretch_width", css_classes=["attract-loop"])
        self._cb: Any = None
        self._render()

    def _new_match(self) -> TableMatch:
        levels, _title, _draw = ATTRACT[self.kind]
        cls = games.kind(self.kind).match_class
        return cls([Seat("bot", "", level) for level in levels], seed=self.seed, lang=self.lang, pace=0,
                   **self.match_options.get(self.kind, {}))

    def __panel__(self) -> pn.pane.HTML:
        return self._pane

    def start(self) -> None:
        if self._cb is None and pn.state.curdoc is not None:
            self._cb = every(self.step, self.period_ms)

    def stop(self) -> None:
        if self._cb is not None:
            self._cb.stop()
            self._cb = None

    def step(self) -> None:
        """One bot action; at a game's end, a short hold, then the other game."""
        if self.match.over:
            self._held += 1
            if self._held >= self.HOLD_END:
                self._held = 0
                self.seed += 1
                self.match.close()
                self.kind = GAMES[(GAMES.index(self.kind) + 1) % len(GAMES)]
                self.match = self._new_match()
        else:
            self.match.step_bot()  # heuristic and random bots decide in microseconds
        self._render()

    def _caption(self, skip: tuple[str, ...] = ()) -> str:
        lines = [line for line in self.match.log() if line.key not in skip]
        return lines[-1].text if lines else ""

    def _render(self) -> None:
        m = self.match
        m.set_language(self.lang)
        tr = translator(self.lang)
        _levels, title_of, draw = ATTRACT[self.kind]
        title = title_of(tr)
        body, quiet = draw(m, tr)
        caption = self._caption(quiet)
        self._pane.object = (
            f"<section class='attract' data-game='{self.kind}' aria-label='{text(title)}' "
            f"style='border-top:0.15em solid {STONE};padding-top:0.4em'>"
            f"<h2 style='font-size:{TYPE_SCALE['body']};margin:0.1em 0'>{text(title)}</h2>{body}"
            f"<p class='caption' style='font-size:{TYPE_SCALE['body']};min-height:2.6em;margin:0.2em 0'>"
            f"{text(caption)}</p></section>")


def midi_cards(m: MidiMatch, hidden: str) -> str:
    """The Canal du Midi's nine site cards as anyone watching sees them (face down until
    revealed: no threshold is drawn for a hidden card, named ``hidden``), with the pawns on
    them."""
    g = m.game
    n = m.narrator()
    obs = m.public_observation()
    cards = []
    for i, sid in enumerate(g.site_ids):
        status = obs.site_status[i]
        pawns = [(g.engineers[p].colour, g.engineers[p].shape) for p in obs.site_pawns[i]]
        threshold = g.threshold[i] if status != "hidden" else None
        cards.append(art.cached_site_card(sid, n.site_name(sid), threshold=threshold, value=g.value[i],
                                          city=g.sites[i].city, tent=g.sites[i].tent, status=status,
                                          pawns=pawns, width=64, back_label=hidden))
    return f"<div class='attract-cards' style='display:flex;gap:0.3em;overflow-x:auto'>{''.join(cards)}</div>"


def arriala_strip(m: ArrialaMatch, tr: Any) -> str:
    """Arriala's canal as a strip of cells, Grisolles to Valence d'Agen: towns named, locks
    marked, finished sections shaded, each team's workers in its colour and shape, and the
    scores. Drawn from the public observation only (no hand)."""
    obs = m.public_observation()
    board = m.game.board
    n = m.narrator()
    size = board.size
    cell_w = 860 / size
    parts = [f"<rect x='0' y='0' width='900' height='132' rx='10' fill='{SKY}'/>",
             f"<rect x='20' y='52' width='860' height='26' fill='{WATER_LIGHT}' stroke='{CANAL}' stroke-width='2'/>"]
    for c in range(size):
        x = 20 + c * cell_w
        if obs.closed[c]:
            parts.append(f"<rect x='{x:.1f}' y='52' width='{cell_w:.1f}' height='26' fill='{CANAL}' opacity='0.35'/>")
        parts.append(f"<line x1='{x:.1f}' y1='52' x2='{x:.1f}' y2='78' stroke='{CANAL}' stroke-width='1'/>")
        if obs.lock[c]:
            parts.append(f"<rect x='{x + cell_w / 2 - 3:.1f}' y='46' width='6' height='38' fill='{STONE_DARK}'/>")
    for k, c in enumerate(board.towns):
        x = 20 + (c + 0.5) * cell_w
        name = n.place(board.cells[c].town or "")
        anchor = "start" if k == 0 else "end" if k == len(board.towns) - 1 else "middle"
        tx = x - cell_w / 2 if anchor == "start" else x + cell_w / 2 if anchor == "end" else x
        parts.append(f"<rect x='{x - cell_w / 2:.1f}' y='48' width='{cell_w:.1f}' height='34' fill='{BRICK}' "
                     f"stroke='{INK}' stroke-width='1.5'/>"
                     f"<text x='{tx:.1f}' y='34' font-size='17' font-weight='700' text-anchor='{anchor}' "
                     f"fill='{INK}'>{text(name)}</text>")
    per_cell: dict[int, list[int]] = {}
    for w, loc in enumerate(obs.loc):
        where = where_of(loc)
        if where.kind == "cell" and where.index < size:
            per_cell.setdefault(where.index, []).append(owner_of(w))
    for c, owners in per_cell.items():
        for j, owner in enumerate(owners[:3]):
            colour, shape = arriala_seat(owner, m.game.players)
            parts.append(_shape_svg(shape, colour, 20 + (c + 0.5) * cell_w, 98 + j * 15, 7))
    scores = " · ".join(f"{text(n.owner(o))} {obs.points[o]}" for o in range(m.game.players))
    points = tr.ui("kiosk.arriala_points", "Points")
    name = tr.ui("kiosk.arriala_strip", "The Canal de Garonne from Grisolles to Valence d'Agen, with each team's "
                                        "workers")
    return (f"<svg viewBox='0 0 900 132' role='img' aria-label='{text(name)}' style='width:100%;max-height:5em;"
            f"display:block' font-family='system-ui, sans-serif'>{''.join(parts)}</svg>"
            f"<p class='attract-scores' style='margin:0.2em 0'>{text(points)}: {scores}</p>")


def _shape_svg(shape: str, colour: str, x: float, y: float, r: float) -> str:
    """A team's worker: its colour and its shape (never the colour alone)."""
    stroke = f"fill='{colour}' stroke='{INK}' stroke-width='1.5'"
    if shape == "circle":
        return f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{r}' {stroke}/>"
    if shape == "square":
        return f"<rect x='{x - r:.1f}' y='{y - r:.1f}' width='{2 * r}' height='{2 * r}' {stroke}/>"
    if shape == "diamond":
        h = r * 1.2
        return f"<path d='M {x:.1f} {y - h:.1f} l {r} {h:.1f} l {-r} {h:.1f} l {-r} {-h:.1f} z' {stroke}/>"
    if shape == "triangle":
        return f"<path d='M {x:.1f} {y - r:.1f} l {r} {r * 1.8:.1f} l {-2 * r} 0 z' {stroke}/>"
    return f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{r}' {stroke} stroke-dasharray='3 2'/>"


def _midi_attract(m: Any, tr: Any) -> tuple[str, tuple[str, ...]]:
    # bets and declined reinforcements are quiet steps: the caption keeps the last thing that showed
    return midi_cards(m, tr.ui("table.hidden_site", "work site not yet revealed")), ("midi.bet_placed",
                                                                                      "midi.reinforcement_declined")


def _arriala_attract(m: Any, tr: Any) -> tuple[str, tuple[str, ...]]:
    return arriala_strip(m, tr), ()


#: each game in the attract loop, by its registered name: its bots' levels, the title, and the
#: drawing of the table with the log lines the caption skips
ATTRACT: dict[str, tuple[tuple[str, ...], Callable[[Any], str], Callable[[Any, Any], tuple[str, tuple[str, ...]]]]] = {
    "midi": (("heuristic", "heuristic", "random"),
             lambda tr: tr.ui("kiosk.attract", "Watch a game: three engineers build the canal"), _midi_attract),
    "arriala": (("heuristic", "random", "heuristic"),
                lambda tr: tr.ui("kiosk.attract_arriala", "Watch a game of Arriala: three teams build the Canal de "
                                                          "Garonne"), _arriala_attract),
}
