"""The stage of staged moments: the bids turned over together, the
winner's pawn placed on the site, a delayed site, a coin, a trade, an Arriala section's
cells lighting up with their counts, a worker moved, a place built with its story.

:class:`MomentStage` sits over the site (Canal du Midi) or the board (Arriala) only, never
over the choices, the hand or the undo button, and it is not modal: it plays the latest
moments briefly (about two seconds each), then goes away — or, when a place told its story,
settles into a small card with the story and a link to the explorer. A tap on it shows the
next moment (over the Arriala board, whose cells are choices, the tap goes through to the
board and ends the show), Escape or its "skip" button ends it, and any move of the visitor
elsewhere on the page ends it at once. Each moment is announced in a polite live region. Under
``prefers-reduced-motion`` nothing moves: each moment is shown as its final picture.

Cheap: the table calls :meth:`MomentStage.follow` in its one update per change; a change
that makes moments sends one small message (their pictures and words), any other sends
nothing. The moments come from :mod:`canal_heritage.matches.moments` (the engine's events as
the viewer sees them), so nothing hidden reaches the browser; behind the privacy screen the
stage is emptied.

This module knows no game: how a game's moments look (their titles and pictures), the story a
place tells when it is built, and whether taps go through to the board, the table says
(:class:`StagedTable`, answered by each game's stage module, :mod:`.midi_stage` and
:mod:`.arriala_stage`), drawing with the seat's mark and name made here (:func:`who`).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

import param
from panel.custom import JSComponent

from ...heritage import BuiltStory
from ...i18n import Translator, translator
from ...matches import moments as M
from .. import art
from ..theme import text
from .table_like import TableLike

#: How long each kind of moment plays (ms): long enough to see, short enough not to wait.
DURATION = {"bids": 3000, "site_won": 2800, "delayed": 2200, "coin": 2000, "trade": 2400,
            "delayed_awarded": 2200, "section": 2800, "worker_moved": 2200, "built": 2400}
#: At most this many moments are played for one change (a long bot turn: the latest ones).
MAX_ITEMS = 4


class StagedTable(TableLike, Protocol):
    """A game's table, as the stage asks it what only the game knows (each game's table is
    one: :class:`~.table_shell.TableShell` declares these, each game answers them)."""

    @property
    def moments_through(self) -> bool:
        """Whether a tap on the stage goes through to what lies under it (a board whose cells
        are choices): the tap then ends the show."""

    def moment_frame(self, moment: M.Moment, tr: Translator) -> tuple[str, str]:
        """A moment of the game: its title and its picture (trusted markup, every text escaped)."""

    def moment_story(self, moment: M.Moment, lang: str) -> BuiltStory | None:
        """The story of the place ``moment`` built (``heritage.built_story``), or None."""

STAGE_CSS = """
:host { display: block; position: relative; height: 0; overflow: visible; z-index: 20; }
.mstage {
  position: absolute; top: 0; left: 0; right: 0; box-sizing: border-box; overflow: hidden;
  background: #fbf6ea; color: #1d2b36; border: 0.15em solid #1f5f8b;
  border-radius: 0.8em; box-shadow: 0 0.4em 1.4em rgba(29, 43, 54, 0.3);
  padding: 0.6em 0.9em 0.7em; cursor: pointer; font-family: inherit;
}
.mstage[hidden] { display: none; }
.mstage .top { display: flex; align-items: flex-start; gap: 0.6em; }
.mstage h2 { flex: 1; margin: 0.15em 0 0.3em; font-size: 1.35em; line-height: 1.2; }
.mstage .skip {
  font: inherit; font-weight: 600; cursor: pointer; min-height: 2.75em; min-width: 2.75em;
  padding: 0.3em 0.8em; border-radius: 0.6em; background: #fffdf7; color: #1d2b36;
  border: 0.12em solid #1f5f8b;
}
.mstage .skip:focus-visible, .mstage .more:focus-visible {
  outline: 0.2em solid #1d2b36; outline-offset: 0.15em; }
.mstage .line { margin: 0.4em 0 0; font-size: 1em; line-height: 1.3; }
.mstage .frame { display: flex; justify-content: center; align-items: flex-end; gap: 0.8em;
  flex-wrap: wrap; min-height: 3em; }
.mstage .rule { margin: 0.3em 0 0; font-size: 0.9em; font-style: italic; color: #3d4b56; }
.mstage .rule[hidden] { display: none; }
.mstage.settled .rule { display: none; }
.mstage .dots { display: flex; gap: 0.3em; justify-content: center; margin-top: 0.4em; }
.mstage .dots span { width: 0.55em; height: 0.55em; border-radius: 50%; border: 0.1em solid #1f5f8b; }
.mstage .dots span.on { background: #1f5f8b; }
.mstage .story { margin-top: 0.5em; border-top: 0.1em solid #c9bfa8; padding-top: 0.4em; }
.mstage .story[hidden] { display: none; }
.mstage .story h3 { margin: 0 0 0.2em; font-size: 1.1em; }
.mstage .story p { margin: 0 0 0.4em; line-height: 1.35; }
.mstage .more[hidden] { display: none; }
.mstage .more {
  font: inherit; font-weight: 600; cursor: pointer; min-height: 2.75em; padding: 0.3em 0.9em;
  border-radius: 0.6em; background: #1f5f8b; color: #ffffff; border: 0.12em solid #123c59;
}
/* settled: only the story, compact, until the visitor moves on */
.mstage.settled .frame, .mstage.settled .dots, .mstage.settled .line { display: none; }
.mstage.settled h2 { font-size: 1.1em; }
.mstage.settled { cursor: default; }
/* over a board whose cells are choices (Arriala), a tap goes through to the board: the
   stage lets it pass, and the tap ends the show like any move of the visitor */
.mstage.through { pointer-events: none; }
.mstage.through button { pointer-events: auto; }

/* the pictures */
.m-seat { display: flex; flex-direction: column; align-items: center; gap: 0.2em; font-weight: 600; }
.m-seat .who { display: flex; align-items: center; gap: 0.3em; }
.m-card { position: relative; width: 80px; height: 110px; perspective: 600px; }
.m-flip { position: absolute; inset: 0; transform-style: preserve-3d;
  animation: m-flip 0.8s ease-in-out 0.5s both; }
.m-flip .face, .m-flip .back { position: absolute; inset: 0; backface-visibility: hidden; }
.m-flip .back { transform: rotateY(180deg); }
@keyframes m-flip { from { transform: rotateY(180deg); } to { transform: rotateY(0deg); } }
.m-sum { font-size: 1.15em; font-weight: 700; align-self: center; padding: 0 0.3em; }
.m-site { position: relative; display: flex; align-items: flex-end; gap: 0.8em; }
.m-site .pawn-in { position: absolute; left: 50%; top: 52%;
  animation: m-pawn 1.1s cubic-bezier(.3,1.4,.6,1) 0.3s both; }
@keyframes m-pawn { from { transform: translate(-50%, 160%) scale(1.8); opacity: 0; }
  to { transform: translate(-50%, 0) scale(1); opacity: 1; } }
.m-values { display: flex; flex-direction: column; gap: 0.25em; }
.m-value { display: flex; align-items: center; gap: 0.35em; font-weight: 600; }
.m-value b { font-size: 1.1em; min-width: 1.2em; text-align: center; }
.m-value.best { font-size: 1.2em; }
.m-value.best b { outline: 0.15em solid #1d2b36; border-radius: 0.3em; padding: 0 0.25em; }
.m-gauge { width: 12em; height: 1.1em; border: 0.12em solid #1d2b36; border-radius: 0.6em; background: #fffdf7;
  position: relative; overflow: hidden; }
.m-gauge .fill { position: absolute; inset: 0 auto 0 0; background: #1f5f8b;
  animation: m-fill 1.4s ease-out 0.3s both; transform-origin: left; }
.m-gauge .need { position: absolute; top: 0; bottom: 0; right: 0; border-left: 0.2em dashed #b5541c; }
@keyframes m-fill { from { transform: scaleX(0); } to { transform: scaleX(1); } }
.m-coin { animation: m-coin 1.2s ease-out 0.2s both; }
@keyframes m-coin { from { transform: translateY(-120%) rotateY(540deg); opacity: 0; }
  to { transform: none; opacity: 1; } }
.m-trade { display: flex; align-items: center; gap: 1em; }
.m-trade .left .m-card { animation: m-left 1.2s ease-in-out 0.4s both; }
.m-trade .right .m-card { animation: m-right 1.2s ease-in-out 0.4s both; }
.m-trade .arrows { font-size: 2em; }
@keyframes m-left { from { transform: translateX(calc(80px + 4em)); } to { transform: none; } }
@keyframes m-right { from { transform: translateX(calc(-80px - 4em)); } to { transform: none; } }
.m-cells { display: flex; gap: 0.25em; flex-wrap: wrap; justify-content: center; }
.m-cell { width: 2.6em; height: 2.6em; border: 0.12em solid #1d2b36; border-radius: 0.3em; background: #fffdf7;
  display: flex; align-items: center; justify-content: center;
  animation: m-light 0.5s ease-out calc(0.3s + var(--i) * 0.18s) both; }
@keyframes m-light { from { opacity: 0.15; transform: scale(0.7); } to { opacity: 1; transform: none; } }
.m-counts { display: flex; gap: 0.8em; flex-wrap: wrap; justify-content: center; font-weight: 600; }
.m-count { display: flex; align-items: center; gap: 0.3em; }
.m-count.win { outline: 0.15em solid #1d2b36; border-radius: 0.4em; padding: 0 0.3em; background: #fff3cd; }
.m-move { display: flex; align-items: center; gap: 0.5em; font-weight: 600; }
.m-move .track { position: relative; width: 9em; height: 2.2em; border-bottom: 0.15em dashed #1f5f8b; }
.m-move .walker { position: absolute; bottom: 0; left: 0; animation: m-walk 1.3s ease-in-out 0.3s both; }
@keyframes m-walk { from { left: 0; } to { left: calc(100% - 30px); } }
.m-built { animation: m-rise 0.9s ease-out 0.2s both; }
@keyframes m-rise { from { transform: translateY(40%); opacity: 0; } to { transform: none; opacity: 1; } }
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
/* still under reduced motion: every picture is shown as its final frame */
@media (prefers-reduced-motion: reduce) {
  .mstage *, .mstage { animation: none !important; transition: none !important; }
}
"""

_ESM = """
const PLAYED = new Map();  // stage uid -> the last batch number played (a view drawn again does not replay it)

export function render({ model }) {
  const root = document.createElement("div");
  const stage = document.createElement("section");
  stage.className = "mstage";
  stage.hidden = true;
  const top = document.createElement("div");
  top.className = "top";
  const title = document.createElement("h2");
  const skip = document.createElement("button");
  skip.type = "button";
  skip.className = "skip";
  top.append(title, skip);
  const frame = document.createElement("div");
  frame.className = "frame";
  frame.setAttribute("aria-hidden", "true");
  const line = document.createElement("p");
  line.className = "line";
  const rule = document.createElement("p");
  rule.className = "rule";
  const story = document.createElement("div");
  story.className = "story";
  story.hidden = true;
  const storyTitle = document.createElement("h3");
  const storyText = document.createElement("p");
  const more = document.createElement("button");
  more.type = "button";
  more.className = "more";
  story.append(storyTitle, storyText, more);
  const dots = document.createElement("div");
  dots.className = "dots";
  dots.setAttribute("aria-hidden", "true");
  stage.append(top, frame, line, rule, story, dots);
  const live = document.createElement("div");
  live.className = "sr-only moment-live";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  root.append(stage, live);

  let queue = [];
  let count = 0;
  let shown = 0;
  let current = null;
  let withStory = null;
  let timer = null;
  const labels = () => {
    skip.textContent = model.skip_label;
    skip.setAttribute("aria-label", model.skip_label);
    more.textContent = model.more_label;
    more.hidden = !model.more_label;  // no link where nobody plays (the classroom's projector)
    if (stage.classList.contains("settled")) {
      skip.textContent = model.close_label;
      skip.setAttribute("aria-label", model.close_label);
    }
    stage.setAttribute("aria-label", model.label);
  };
  const area = () => {
    const host = root.getRootNode().host;
    const parent = host && host.parentNode;
    return parent ? (parent.host || parent) : null;
  };
  const fit = () => {  // never taller than the site or board it stands over
    const a = area();
    if (a && a.getBoundingClientRect) {
      const h = a.getBoundingClientRect().height;
      if (h > 80) stage.style.maxHeight = Math.round(h) + "px";
    }
  };
  const close = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    queue = [];
    current = null;
    withStory = null;
    stage.hidden = true;
    stage.classList.remove("settled");
  };
  const settle = () => {
    timer = null;
    current = null;
    if (!withStory) { close(); return; }
    stage.className = "mstage settled" + (model.passthrough ? " through" : "");
    skip.textContent = model.close_label;
    skip.setAttribute("aria-label", model.close_label);
    title.textContent = withStory.story.heading;
    storyTitle.textContent = withStory.story.title;
    storyText.textContent = withStory.story.text;
    story.hidden = false;
    stage.hidden = false;
    // settled at the bottom of the area: the next site or the board's top stays in view
    const a = area();
    if (a && a.getBoundingClientRect) {
      const room = a.getBoundingClientRect().height - stage.offsetHeight;
      stage.style.top = Math.max(0, Math.round(room)) + "px";
    }
  };
  const show = (m) => {
    current = m;
    shown += 1;
    stage.style.top = "0px";
    stage.className = "mstage playing kind-" + m.kind + (model.passthrough ? " through" : "");
    labels();
    title.textContent = m.title;
    frame.innerHTML = m.markup;  // trusted: drawn by the server's own code, every text escaped
    line.textContent = m.line;
    rule.textContent = m.rule || "";
    rule.hidden = !m.rule;
    story.hidden = true;  // a story is told once the moments have played (settled)
    if (m.story) withStory = m;
    dots.replaceChildren(...Array.from({ length: count }, (_, i) => {
      const d = document.createElement("span");
      if (i < shown) d.className = "on";
      return d;
    }));
    stage.hidden = false;
    fit();
    live.textContent = m.say;
  };
  const next = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const m = queue.shift();
    if (!m) { settle(); return; }
    show(m);
    timer = setTimeout(next, m.ms);
  };
  const receive = () => {
    const batch = model.batch || {};
    const items = batch.items || [];
    if (!items.length) { close(); live.textContent = ""; return; }  // emptied (privacy, undo)
    if ((PLAYED.get(model.uid) || 0) >= batch.n) return;
    PLAYED.set(model.uid, batch.n);
    if (!current) { count = 0; shown = 0; withStory = null; }
    queue = queue.concat(items);
    count += items.length;
    if (!current) next();
  };
  stage.addEventListener("click", (ev) => {
    ev.stopPropagation();
    if (ev.composedPath().includes(more)) {
      const m = withStory;
      close();
      if (m && m.story) model.send_msg({ place: m.story.place });
      return;
    }
    if (ev.composedPath().includes(skip) || !current) { close(); return; }
    next();  // a tap: the next moment
  });
  // A move of the visitor anywhere else on the page (a choice, the hand, undo) ends the show.
  const elsewhere = (ev) => {
    if (stage.hidden) return;
    if (ev.composedPath().includes(stage)) return;
    if (ev.type === "keydown" && !["Enter", " ", "Escape"].includes(ev.key)) return;
    close();
  };
  const onKey = (ev) => {
    if (ev.key === "Escape" && !stage.hidden) { close(); return; }
    elsewhere(ev);
  };
  document.addEventListener("pointerdown", elsewhere, true);
  document.addEventListener("keydown", onKey, true);
  model.on("remove", () => {
    document.removeEventListener("pointerdown", elsewhere, true);
    document.removeEventListener("keydown", onKey, true);
    if (timer) clearTimeout(timer);
  });
  labels();
  model.on("skip_label", labels);
  model.on("more_label", labels);
  model.on("close_label", labels);
  model.on("label", labels);
  model.on("batch", receive);
  receive();
  return root;
}
"""


class MomentStage(JSComponent):
    """The stage over a table's site or board (see the module docstring).

    ``batch`` is ``{"n": number, "items": [...]}``: the moments of the latest change that
    made any, each ``{"kind", "title", "line", "say", "markup", "ms", "story"}`` (``markup``:
    trusted SVG/HTML drawn by :func:`stage_items`; ``story``: ``{"heading", "title", "text",
    "place"}`` or None). An empty ``items`` hides the stage at once. ``owner`` is the table
    the stage stands on, which draws its game's moments (:class:`StagedTable`).
    ``on_place(place_id)`` (or else the ``owner`` table's ``on_place``) is called when the
    visitor follows a story's link to the explorer.
    """

    batch = param.Dict(default={}, doc="The latest moments to play (see the class docstring).")
    uid = param.String(default="", doc="This stage's id (a view drawn again does not replay a batch).")
    label = param.String(default="", doc="The stage's accessible name.")
    skip_label = param.String(default="", doc="The skip button's words.")
    more_label = param.String(default="", doc="The story's link to the explorer (empty: no link, as on a "
                                              "table a class watches).")
    close_label = param.String(default="", doc="The close button's words once the story is told.")
    passthrough = param.Boolean(default=False, doc="Taps go through to what is below (a board of choices).")

    _esm = _ESM
    _stylesheets: ClassVar[list[str]] = [STAGE_CSS]

    def __init__(self, on_place: Callable[[str], Any] | None = None, *, owner: StagedTable,
                 **params: Any) -> None:
        params.setdefault("uid", uuid.uuid4().hex)
        params.setdefault("margin", 0)
        params.setdefault("sizing_mode", "stretch_width")
        params.setdefault("css_classes", ["moments"])
        params.setdefault("passthrough", owner.moments_through)
        super().__init__(**params)
        self.on_place = on_place
        self._owner = owner  # a table: its ``on_place`` (set by the exhibit) opens the explorer
        self._cursor = M.MomentCursor()
        self._n = 0
        #: the moments of the last batch sent (tests read them)
        self.last: list[M.Moment] = []

    def follow(self, match: Any) -> None:
        """Bring the stage up to the match (called in the table's one update per change): the
        moments its new events make, as the viewer may see them, are sent in one message, drawn
        by the table."""
        tr: Translator = match.translator() if hasattr(match, "translator") else _translator(match.lang)
        self._labels(tr)
        if match.privacy:  # nothing private stays here
            if self.batch.get("items"):
                self._send([], [])
            return
        found = self._cursor.advance(match, MAX_ITEMS)
        if match.over:  # the end screen tells the end (and the board lies under it)
            found = None
        if found is None:  # a decision taken back, or the game over: what plays is stale
            if self.batch.get("items"):
                self._send([], [])
        elif found:
            self._send(found, stage_items(found, self._owner, tr))

    def _labels(self, tr: Translator) -> None:
        more = tr.ui("moments.more", "Its story in the explorer")
        words = {"label": tr.ui("moments.label", "What just happened"),
                 "skip_label": tr.ui("moments.skip", "Skip"),
                 # a table a class watches keeps the story, not the link out of the game
                 "more_label": "" if getattr(self._owner, "watch_only", False) else more,
                 "close_label": tr.ui("moments.close", "Close")}
        changed = {k: v for k, v in words.items() if getattr(self, k) != v}
        if changed:
            self.param.update(**changed)

    def _send(self, found: list[M.Moment], items: list[dict[str, Any]]) -> None:
        self._n += 1
        self.last = found
        self.batch = {"n": self._n, "items": items}

    def _handle_msg(self, data: Any) -> None:
        place = data.get("place") if isinstance(data, dict) else None
        go = self.on_place or getattr(self._owner, "on_place", None)
        if isinstance(place, str) and go is not None:
            go(place)


def _translator(lang: str) -> Translator:
    return translator(lang)


# ---------------------------------------------------------------------- what every game's pictures use
def mark(colour: str, shape: str, size: int, label: str) -> str:
    """A seat's mark: its pawn, or for a seat drawn as a plain hexagon (shape ``"hex"``: a
    virtual player) that hexagon."""
    if shape == "hex":
        return art.shape_svg(colour, "hex", size, label=label)
    return art.pawn(colour, shape, size, label=label)


def who(colour: str, shape: str, name: str, size: int = 22) -> str:
    """A seat in a moment's picture: its mark (:func:`mark`) beside its name."""
    return f"<span class='who'>{mark(colour, shape, size, name)}<span>{text(name)}</span></span>"


def stage_items(found: Sequence[M.Moment], table: StagedTable, tr: Translator) -> list[dict[str, Any]]:
    """What the browser plays for ``found``: each moment's title, the engine's line, the
    words for the live region, the plain title of the ruling the narration cites (its code
    only in projector mode, as the table's translator says), its picture (trusted markup,
    texts escaped, drawn by ``table``: :meth:`StagedTable.moment_frame`), how long it plays
    and its story (:meth:`StagedTable.moment_story`)."""
    narrator = table.narrator
    items = []
    for m in found:
        title, markup = table.moment_frame(m, tr)
        rule = tr.ui("moments.rule", "The rule: {title}", title=narrator.ruling(m.ruling)[0]) if m.ruling else ""
        told = table.moment_story(m, tr.lang)
        story = None if told is None else {"heading": told.heading, "title": told.title, "text": told.text,
                                           "place": told.place_id}
        items.append({"kind": m.kind, "title": title, "line": m.line, "say": f"{title}. {m.line}", "rule": rule,
                      "markup": markup, "ms": DURATION.get(m.kind, 2400), "story": story})
    return items


__all__ = ["DURATION", "MomentStage", "StagedTable", "mark", "stage_items", "who"]
