"""Kiosk mode: the "still there?" countdown after inactivity (a modal alert dialog over the
whole screen, see :class:`StillThere`), and the attract loop that replays a bot game with
captions on the home screen."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar

import panel as pn
import param
from panel.custom import JSComponent

from ..arriala.actions import W as WORKERS_PER_OWNER
from ..i18n import LANGUAGES, translator
from ..matches.arriala import ArrialaMatch
from ..matches.midi import MidiMatch, Seat
from ..theme import arriala_seat
from . import art
from .theme import BRICK, CANAL, INK, SKY, STONE, STONE_DARK, TYPE_SCALE, WATER_LIGHT, html, text

#: The games the attract loop alternates.
GAMES = ("midi", "arriala")

#: WCAG 2.2.1 (timing adjustable): a visitor gets at least this long to say "still here".
MIN_COUNTDOWN = 20


#: The "still there?" screen. The veil covers the whole viewport; the question stands on an
#: opaque paper card (ink on paper ≈ 13:1, the button white on canal blue ≈ 6.6:1: both above
#: the 4.5:1 of WCAG 1.4.3), sized in ``em`` so the projector mode enlarges it too.
STILL_THERE_CSS = """
:host { display: block; width: 0; height: 0; overflow: visible; }
.still-there-veil {
  position: fixed; inset: 0; width: 100vw; height: 100vh; z-index: 10000; box-sizing: border-box;
  display: flex; align-items: center; justify-content: center; padding: 1em;
  background: rgba(20, 30, 40, 0.88); cursor: pointer; font-family: system-ui, sans-serif;
}
.still-there-veil[hidden] { display: none; }
.still-there-card {
  background: #fbf6ea; color: #1d2b36; border-radius: 0.8em; padding: 1.5em 2em; max-width: 36em;
  text-align: center; box-shadow: 0 0.5em 2em rgba(0, 0, 0, 0.4); border-top: 0.4em solid #1f5f8b;
}
.still-there-card h1 { font-size: 2em; margin: 0 0 0.4em; color: #1d2b36; }
.still-there-card .countdown { font-size: 1.3em; margin: 0 0 1em; color: #1d2b36; font-variant-numeric: tabular-nums; }
.still-there-card button {
  font: inherit; font-size: 1.3em; font-weight: 600; cursor: pointer; line-height: 1.25;
  min-height: 2.75em; min-width: 2.75em; padding: 0.5em 1.2em; border-radius: 0.6em;
  background: #1f5f8b; color: #ffffff; border: 0.12em solid #123c59;
}
.still-there-card button:focus-visible, .still-there-card button:focus {
  outline: 0.2em solid #b5541c; outline-offset: 0.2em;
}
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
"""


class StillThere(JSComponent):
    """The "still there?" screen in the browser: a modal alert dialog over the whole viewport.

    While ``asking``, everything else on the page is made ``inert`` (not clickable, not
    focusable, hidden from screen readers), the keyboard focus goes to the answer button and
    stays in the dialog (Tab and Shift+Tab cycle inside it), and a live region announces the
    question. A tap or click anywhere on it, Enter, Space or Escape answers: ``on_answer`` is
    called. When it closes, focus returns where it was and the page is live again.
    """

    asking = param.Boolean(default=False, doc="Shown (and trapping focus) when true.")
    title = param.String(default="", doc="The question.")
    message = param.String(default="", doc="The countdown, updated every second.")
    label = param.String(default="", doc="The answer button's label.")
    announcement = param.String(default="", doc="Said by screen readers (live region) when it changes.")

    _esm = """
export function render({ model }) {
  const veil = document.createElement("div");
  veil.className = "still-there-veil";
  veil.setAttribute("role", "alertdialog");
  veil.setAttribute("aria-modal", "true");
  veil.setAttribute("aria-labelledby", "still-there-title");
  veil.setAttribute("aria-describedby", "still-there-countdown");
  veil.tabIndex = -1;
  const card = document.createElement("div");
  card.className = "still-there-card";
  const h1 = document.createElement("h1");
  h1.id = "still-there-title";
  const p = document.createElement("p");
  p.id = "still-there-countdown";
  p.className = "countdown";
  const b = document.createElement("button");
  b.type = "button";
  b.className = "still-here";
  card.append(h1, p, b);
  veil.append(card);
  const live = document.createElement("div");
  live.className = "sr-only still-there-live";
  live.setAttribute("aria-live", "assertive");
  live.setAttribute("role", "alert");
  const root = document.createElement("div");
  root.append(veil, live);

  let made_inert = [];
  let before = null;
  let open = false;
  // Everything outside the dialog, up through every shadow root to <body>, becomes inert.
  const isolate = () => {
    let el = root.getRootNode().host || null;
    while (el && el !== document.body && el !== document.documentElement) {
      const parent = el.parentNode;
      if (!parent) break;
      for (const sib of parent.children) {
        if (sib !== el && !sib.inert && !["SCRIPT", "STYLE", "LINK"].includes(sib.tagName)) {
          sib.inert = true;
          made_inert.push(sib);
        }
      }
      el = parent instanceof ShadowRoot ? parent.host : parent;
    }
  };
  const release = () => {
    for (const el of made_inert) el.inert = false;
    made_inert = [];
  };
  const deepActive = () => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  };
  const show = (on) => {
    if (on === open) return;
    open = on;
    veil.hidden = !on;
    if (on) {
      before = deepActive();
      isolate();
      b.focus({ preventScroll: true });
    } else {
      release();
      live.textContent = "";
      if (before && before.isConnected && typeof before.focus === "function") before.focus({ preventScroll: true });
      before = null;
    }
  };
  const answer = (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    if (!open) return;
    show(false);  // at once: the page is live again before the server's reply
    model.send_msg({ answer: true });
  };
  veil.addEventListener("click", answer);
  veil.addEventListener("keydown", (ev) => {
    if (ev.key === "Tab") {  // the only control: focus stays on it
      ev.preventDefault();
      b.focus({ preventScroll: true });
    } else if (ev.key === "Escape") {
      answer(ev);
    }
  });
  // Whatever takes the focus away while the question is asked, it comes back.
  veil.addEventListener("focusout", (ev) => {
    if (open && !veil.contains(ev.relatedTarget)) setTimeout(() => { if (open) b.focus({ preventScroll: true }); }, 0);
  });
  const draw = () => {
    h1.textContent = model.title;
    p.textContent = model.message;
    b.textContent = model.label;
  };
  const announce = () => { live.textContent = open ? model.announcement : ""; };
  draw();
  veil.hidden = true;
  show(model.asking);
  announce();
  model.on("title", draw);
  model.on("message", draw);
  model.on("label", draw);
  model.on("asking", () => { show(model.asking); announce(); });
  model.on("announcement", announce);
  model.on("remove", release);
  return root;
}
"""
    _stylesheets: ClassVar[list[str]] = [STILL_THERE_CSS]

    def __init__(self, on_answer: Callable[[], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_answer = on_answer

    def answer(self) -> None:
        """What a tap on the screen does: "I am still here"."""
        if self.asking and self.on_answer is not None:
            self.on_answer()

    def _handle_msg(self, data: Any) -> None:
        if isinstance(data, dict) and data.get("answer"):
            self.answer()


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
    """Bot games replayed step by step on the kiosk's home screen, with captions (issue 13,
    item 1): a game of Canal du Midi, then a game of Arriala (Canal de Garonne), and so on.

    Cheap enough for every kiosk session: the bots are the Beginner and Steady ones (they
    decide in microseconds), one step per ``period_ms``, and one HTML pane is redrawn per
    step. Only what anyone watching may see is drawn: each match's public observation (site
    cards face down until revealed, no hand at all) and its public log."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    kind: param.Selector[str] = param.Selector(default="midi", objects=list(GAMES), doc="The game shown.")

    #: steps the end of a game stays on screen before the other game starts
    HOLD_END = 3

    def __init__(self, *, period_ms: int = 2500, seed: int = 1,
                 arriala_overrides: dict[str, Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.period_ms = period_ms
        self.seed = seed
        self.arriala_overrides = arriala_overrides
        self.match: MidiMatch | ArrialaMatch = self._new_match()
        self._held = 0
        self._pane = html("", sizing_mode="stretch_width", css_classes=["attract-loop"])
        self._cb: Any = None
        self._render()

    def _new_match(self) -> MidiMatch | ArrialaMatch:
        if self.kind == "arriala":
            return ArrialaMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random"),
                                 Seat("bot", "", "heuristic")], seed=self.seed, lang=self.lang, pace=0,
                                overrides=self.arriala_overrides)
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
        """One bot action; at a game's end, a short hold, then the other game."""
        if self.match.over:
            self._held += 1
            if self._held >= self.HOLD_END:
                self._held = 0
                self.seed += 1
                if isinstance(self.match, ArrialaMatch):
                    self.match.close()
                self.kind = "arriala" if self.kind == "midi" else "midi"
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
        if isinstance(m, ArrialaMatch):
            title = tr.ui("kiosk.attract_arriala", "Watch a game of Arriala: three teams build the Canal de Garonne")
            body = arriala_strip(m, tr)
            caption = self._caption()
        else:
            title = tr.ui("kiosk.attract", "Watch a game: three engineers build the canal")
            body = midi_cards(m)
            caption = self._caption(("midi.bet_placed", "midi.reinforcement_declined"))
        self._pane.object = (
            f"<section class='attract' data-game='{self.kind}' aria-label='{text(title)}' "
            f"style='border-top:0.15em solid {STONE};padding-top:0.4em'>"
            f"<h2 style='font-size:{TYPE_SCALE['body']};margin:0.1em 0'>{text(title)}</h2>{body}"
            f"<p class='caption' style='font-size:{TYPE_SCALE['body']};min-height:2.6em;margin:0.2em 0'>"
            f"{text(caption)}</p></section>")


def midi_cards(m: MidiMatch) -> str:
    """The Canal du Midi's nine site cards as anyone watching sees them (face down until
    revealed: no threshold is drawn for a hidden card), with the pawns on them."""
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
                                          pawns=pawns, width=64))
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
    for w, where in enumerate(obs.loc):
        if 0 <= where < size:
            per_cell.setdefault(where, []).append(w // WORKERS_PER_OWNER)
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
