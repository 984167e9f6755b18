"""The guide's bubble and the table's "How to play".

:class:`GuidePointer` shows the step :mod:`canal_heritage.matches.guide` chose, next to the
real control it names by CSS class (found in the page, through Bokeh's shadow roots), with
that control outlined. It is NOT modal: it never takes the focus, never covers its control,
and takes clicks only on itself; its words are in a live region (screen readers say them),
in large type. "Got it" ends an information step, "Skip the guide" ends the guide; a move
step ends when the visitor makes the move.

:func:`with_guide` is what a game table adds (one commented edit in its ``_render_game``):
the "How to play" button in the header, the panel when it is open (over the table, which
stays as it is underneath), and the bubble. This module knows no game: the table says which
of its controls the bubble leaves in view (:class:`GuidedTable`), its match which game's "How to
play" page is shown (its ``game_name``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol

import param
from panel.custom import JSComponent

from ...matches.guide import GuideState, GuideStep
from ..home.how_to_play import HowToPlay
from ..theme import LAPTOP_MAX, PHONE_MEDIA, button, phone_symbol_css
from .table_like import TableLike

BUBBLE_CSS = """
:host { display: block; height: 0; }
.guide-bubble { position: fixed; z-index: 800; max-width: min(22em, calc(100vw - 1.2em)); box-sizing: border-box;
  background: #fffdf2; color: #1d2b36; border: 0.18em solid #b5541c; border-radius: 0.9em;
  box-shadow: 0 0.3em 1.2em rgba(0,0,0,0.25); padding: 0.7em 0.9em; font-size: 1.15em; line-height: 1.35;
  pointer-events: none; }
.guide-bubble button { pointer-events: auto; }
.guide-bubble[hidden] { display: none; }
.guide-bubble .guide-kicker { font-size: 0.8em; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em;
  color: #8a3f12; }
.guide-bubble h2 { font-size: 1.15em; margin: 0.1em 0 0.3em; }
.guide-bubble p { margin: 0 0 0.5em; }
.guide-bubble .guide-buttons { display: flex; flex-wrap: wrap; gap: 0.5em; }
.guide-bubble button { font: inherit; font-size: 0.9em; font-weight: 600; min-height: max(2.75em, 44px);
  padding: 0.3em 0.9em; border-radius: 0.6em; cursor: pointer; border: 0.12em solid #1f5f8b; background: #fffdf7;
  color: #1d2b36; }
.guide-bubble button.guide-ok { background: #1f5f8b; color: #fff; }
.guide-bubble button:focus-visible { outline: 0.2em solid #1d2b36; outline-offset: 0.15em; }
@media (prefers-reduced-motion: no-preference) { .guide-bubble { transition: top 0.2s, left 0.2s; } }
.guide-bubble.docked { top: auto !important; bottom: 0; left: 0 !important; right: 0; width: 100%; max-width: none;
  border-radius: 0.9em 0.9em 0 0; border-width: 0.18em 0 0; font-size: 1em; padding: 0.45em 0.8em 0.55em;
  max-height: 45dvh; overflow-y: auto; }
.guide-bubble.docked h2 { font-size: 1.05em; margin: 0 0 0.2em; }
.guide-bubble.docked p { margin: 0 0 0.35em; }
/* docked on a wide screen: the words on the left, the buttons beside them (two lines less) */
@media (min-width: 700px) {
  .guide-bubble.docked:not([hidden]) { display: grid; grid-template-columns: minmax(0, 1fr) auto; column-gap: 1.2em;
    align-items: center; padding-left: max(0.8em, calc(50vw - 36em)); padding-right: max(0.8em, calc(50vw - 36em)); }
  .guide-bubble.docked .guide-buttons { flex-direction: column; }
  .guide-bubble.docked p { margin: 0; }
}
/* a phone held sideways: a smaller bar, the game keeps most of the short window */
@media (orientation: landscape) and (max-height: 480px) {
  .guide-bubble.docked { font-size: 0.85em; max-height: 38dvh; }
}
"""


class GuidedTable(TableLike, Protocol):
    """A game's table, as the guide's bubble and "How to play" ask it what only the game knows
    (each game's table is one: :class:`~.table_shell.TableShell` declares it, each game answers)."""

    @property
    def guide_avoid(self) -> tuple[str, ...]:
        """The CSS classes of the controls the bubble should not hide (the visitor's choices;
        its own target excepted), in order: after "Got it" or "Skip" with no control to show,
        the keyboard's focus goes to the first of them on the page."""

    def _slot(self, name: str, key: Any, build: Callable[[], Any]) -> Any:
        """The component of ``name``, rebuilt only when ``key`` changes."""


class GuidePointer(JSComponent):  # its container in the page is "guide-pointer"
    """The guide's bubble: the shown step's words next to the control of CSS class
    ``target``; a click on its buttons calls ``on_action("got_it" | "skip")``."""

    step_id = param.String(default="", doc="the step shown ('': none)")
    kicker = param.String(default="", doc="the small heading: 'Guide'")
    title = param.String(default="")
    text = param.String(default="")
    target = param.String(default="", doc="the CSS class of the control the step points at")
    kind = param.String(default="info", doc="'act': make the move; 'info': 'Got it'")
    ok_label = param.String(default="Got it")
    skip_label = param.String(default="Skip the guide")
    avoid = param.List(default=[], item_type=str, doc="CSS classes of the controls the bubble should not hide")
    focus_class = param.String(default="", doc="the control that takes the keyboard focus at focus_seq's change")
    focus_seq = param.Integer(default=0)

    _esm = """
function findDeep(root, cls, depth) {
  if (!cls || depth > 12) return null;
  const hit = root.querySelector("." + CSS.escape(cls));
  if (hit) return hit;
  for (const el of root.querySelectorAll("*")) {
    if (el.shadowRoot) {
      const found = findDeep(el.shadowRoot, cls, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

const PHONE = "PHONE_MEDIA_QUERY";  // views.theme.PHONE_MEDIA: a phone, upright or sideways

export function render({ model }) {
  const box = document.createElement("div");
  box.className = "guide-bubble";
  box.setAttribute("role", "region");
  const live = document.createElement("div");
  live.setAttribute("aria-live", "polite");
  const kicker = document.createElement("div");
  kicker.className = "guide-kicker";
  const title = document.createElement("h2");
  const words = document.createElement("p");
  live.replaceChildren(kicker, title, words);
  const ok = document.createElement("button");
  ok.type = "button"; ok.className = "guide-ok";
  // after "Got it" or "Skip", the keyboard's focus follows the guide: to
  // the next step's "Got it", or to the control it shows, or (the guide done) to the choices
  let following = null;
  ok.addEventListener("click", () => { following = model.step_id; model.send_msg({ do: "got_it" }); });
  const skip = document.createElement("button");
  skip.type = "button"; skip.className = "guide-skip";
  skip.addEventListener("click", () => { following = model.step_id; model.send_msg({ do: "skip" }); });
  const buttons = document.createElement("div");
  buttons.className = "guide-buttons";
  buttons.replaceChildren(ok, skip);
  box.replaceChildren(live, buttons);
  const anchor = document.createElement("div");  // Panel wraps what render returns: the bubble sits inside
  anchor.className = "guide-anchor";
  anchor.appendChild(box);

  let target = null, marked = null, scrolledFor = null, started = false;
  // where no spot beside its control leaves the visitor's choices and the header free, the
  // bubble docks along the bottom for the rest of its step, and the table makes room above it
  let dockedFor = null, dockedAt = null;
  const avoidCache = {};
  const unmark = () => {
    if (marked) { marked.style.outline = marked.dataset.guideOutline || ""; marked.style.outlineOffset = "";
                  delete marked.dataset.guideOutline; marked.classList.remove("guide-target"); }
    marked = null;
  };
  const mark = (el) => {
    if (marked === el) return;
    unmark();
    el.dataset.guideOutline = el.style.outline || "";
    el.style.outline = "0.25em dashed #b5541c";
    el.style.outlineOffset = "0.2em";
    el.classList.add("guide-target");
    marked = el;
  };
  const place = () => {
    if (started && !anchor.isConnected) { clearInterval(timer); unmark(); return; }
    if (anchor.isConnected) started = true;
    const root = document.documentElement;
    if (!model.step_id) {
      box.hidden = true; unmark(); target = null; root.style.removeProperty("--guide-dock"); return;
    }
    box.hidden = false;
    // on a phone the bubble is a bar along the bottom, never over the page's middle; the page
    // (and the choices that stay at the bottom) make room above it through --guide-dock
    const size = window.innerWidth + "x" + window.innerHeight;
    if (dockedFor !== model.step_id || (dockedAt !== null && dockedAt !== size)) { dockedFor = null; dockedAt = null; }
    const docked = window.matchMedia(PHONE).matches || dockedFor === model.step_id;
    box.classList.toggle("docked", docked);
    if (docked) {
      box.style.left = ""; box.style.top = "";
      root.style.setProperty("--guide-dock", box.offsetHeight + "px");
    } else {
      root.style.removeProperty("--guide-dock");
    }
    if (!target || !target.isConnected || !target.classList.contains(model.target)) {
      target = findDeep(document, model.target, 0);
    }
    const vw = window.innerWidth, vh = window.innerHeight, gap = 14;
    const bw = box.offsetWidth, bh = box.offsetHeight;
    if (docked) {
      if (target) { mark(target); if (scrolledFor !== model.step_id) { scrolledFor = model.step_id;
        target.scrollIntoView({ block: "center", behavior: "auto" }); } } else unmark();
      return;
    }
    if (!target) {  // the control is not on screen: a corner, out of the way
      box.style.left = Math.max(8, vw - bw - 12) + "px"; box.style.top = Math.max(8, vh - bh - 12) + "px";
      unmark(); return;
    }
    mark(target);
    if (scrolledFor !== model.step_id) {  // a new step: its control comes into view
      scrolledFor = model.step_id;
      target.scrollIntoView({ block: "nearest", behavior: "auto" });
    }
    const r = target.getBoundingClientRect();
    // where the bubble may stand: beside its control, else in a corner; the one that hides
    // the least of the visitor's choices wins (its own control is never covered)
    const avoid = [];
    for (const cls of model.avoid) {  // the visitor's choices, which the bubble should not hide
      if (cls === model.target) continue;
      let el = avoidCache[cls];
      if (!el || !el.isConnected) el = avoidCache[cls] = findDeep(document, cls, 0);
      if (el) avoid.push(el.getBoundingClientRect());
    }
    // a moment playing over the site or board (views/moment_stage.py) is not covered either, if
    // the bubble has anywhere else to stand: the visitor is watching it
    let stage = avoidCache["mstage"];
    if (!stage || !stage.isConnected) stage = avoidCache["mstage"] = findDeep(document, "mstage", 0);
    const playing = stage && !stage.hidden ? stage.getBoundingClientRect() : null;
    const clampX = (x) => Math.min(Math.max(8, x), Math.max(8, vw - bw - 8));
    const clampY = (y) => Math.min(Math.max(8, y), Math.max(8, vh - bh - 8));
    const spots = [
      [clampX(r.left), r.bottom + gap], [clampX(r.right - bw), r.bottom + gap],
      [clampX(r.left), r.top - gap - bh], [clampX(r.right - bw), r.top - gap - bh],
      [r.right + gap, clampY(r.top)], [r.left - gap - bw, clampY(r.top)],
      [vw - bw - 8, vh - bh - 8], [8, vh - bh - 8], [vw - bw - 8, 8], [8, 8],
    ];
    const area = (x, y, q) => Math.max(0, Math.min(x + bw, q.right) - Math.max(x, q.left)) *
                              Math.max(0, Math.min(y + bh, q.bottom) - Math.max(y, q.top));
    let best = null, bestCost = Infinity, bestHides = 0;
    for (const [i, [x, y]] of spots.entries()) {
      if (x < 0 || y < 0 || x + bw > vw + 1 || y + bh > vh + 1) continue;
      let hides = area(x, y, r) * 100;
      for (const q of avoid) hides += area(x, y, q);
      if (playing) hides += area(x, y, playing) * 20;
      const cost = hides + (i >= 6 ? bw * bh * 0.1 : 0);  // a corner, far from the control: last
      if (cost < bestCost) { best = [x, y]; bestCost = cost; bestHides = hides; }
      if (cost === 0) break;
    }
    if (bestHides > 0 && target) {  // every spot hides something: dock instead (see dockedFor)
      dockedFor = model.step_id; dockedAt = size;
      box.classList.add("docked"); box.style.left = ""; box.style.top = "";
      root.style.setProperty("--guide-dock", box.offsetHeight + "px");
      return;
    }
    const [left, top] = best || [clampX(vw - bw - 8), clampY(vh - bh - 8)];
    box.style.left = left + "px"; box.style.top = top + "px";
  };
  const draw = () => {
    box.dataset.step = model.step_id;
    box.setAttribute("aria-label", model.kicker);
    kicker.textContent = model.kicker;
    title.textContent = model.title;
    words.textContent = model.text;
    ok.textContent = model.ok_label;
    ok.hidden = model.kind === "act";
    skip.textContent = model.skip_label;
    skip.hidden = model.step_id === "done";
    place();
    if (following !== null && following !== model.step_id) {
      following = null;
      setTimeout(follow, 60);
    }
  };
  const firstControl = (el) => {
    if (!el) return null;
    if (el.matches("button, a[href], input") && !el.disabled) return el;
    for (const r of [el.shadowRoot, el]) {
      if (!r) continue;
      for (const c of r.querySelectorAll("*")) {
        if (c.matches("button, a[href], input") && !c.disabled && c.getClientRects().length) return c;
        if (c.shadowRoot) { const found = firstControl(c); if (found && found !== c) return found; }
      }
    }
    return null;
  };
  const follow = () => {
    if (model.step_id && !ok.hidden && !box.hidden) { ok.focus({ preventScroll: true }); return; }
    let el = model.step_id && model.target ? findDeep(document, model.target, 0) : null;
    for (const cls of model.avoid) { if (el) break; el = findDeep(document, cls, 0); }
    const c = firstControl(el);
    if (c) c.focus({ preventScroll: true });
  };
  model.on("focus_seq", () => setTimeout(() => {  // "How to play" opened or closed: the focus follows
    const el = findDeep(document, model.focus_class, 0);
    if (!el) return;
    const b = el.matches("button") ? el : ((el.shadowRoot && el.shadowRoot.querySelector("button")) ||
                                           el.querySelector("button"));
    if (b) b.focus();
  }, 200));
  const timer = setInterval(place, 300);
  window.addEventListener("resize", place);
  window.addEventListener("scroll", place, true);
  for (const name of ["step_id", "title", "text", "target", "kind", "ok_label", "skip_label", "kicker"]) {
    model.on(name, draw);
  }
  draw();
  return anchor;
}
"""
    _esm = _esm.replace("PHONE_MEDIA_QUERY", PHONE_MEDIA)
    _stylesheets: ClassVar[list[str]] = [BUBBLE_CSS]

    def __init__(self, on_action: Callable[[str], Any] | None = None, **params: Any) -> None:
        params.setdefault("css_classes", ["guide"])
        params.setdefault("sizing_mode", "stretch_width")
        params.setdefault("height", 0)
        params.setdefault("margin", 0)
        super().__init__(**params)
        self.on_action = on_action

    def present(self, step: GuideStep | None, *, kicker: str, ok: str, skip: str) -> None:
        """Show ``step`` (None: hide the bubble); only what differs is sent."""
        values: dict[str, Any] = {"step_id": "", "title": "", "text": "", "target": "", "kind": "info"}
        if step is not None:
            values = {"step_id": step.id, "title": step.title, "text": step.text, "target": step.target,
                      "kind": step.kind, "kicker": kicker, "ok_label": ok, "skip_label": skip}
        changed = {k: v for k, v in values.items() if getattr(self, k) != v}
        if changed:
            self.param.update(**changed)

    def act(self, what: str) -> None:
        """What a click on the bubble's buttons does."""
        if what in ("got_it", "skip") and self.on_action is not None:
            self.on_action(what)

    def _handle_msg(self, data: Any) -> None:
        what = data.get("do") if isinstance(data, dict) else None
        if isinstance(what, str):
            self.act(what)


class TableLearning:
    """What a game table gets for learning: the "How to play" button and panel, and the
    guide's bubble (shown when the match has a :class:`GuideState`)."""

    def __init__(self, table: GuidedTable) -> None:
        self.table = table
        self.game = table.match.game_name  # its "How to play" page (how_to_play.PAGES)
        self.open = False
        self.button = button("", self.toggle, name="how-to-play")
        # "?" up to a laptop's width: the header then keeps to one line
        self.button.stylesheets = [*self.button.stylesheets, phone_symbol_css("?", max_width=LAPTOP_MAX)]
        self.bubble = GuidePointer(on_action=self._act, avoid=list(table.guide_avoid))
        header = getattr(table, "_header", None)
        if header is not None:  # the header's buttons, before "take back my move"
            undo = getattr(table, "_undo_button", None)
            objects = list(header.objects)
            objects.insert(objects.index(undo) if undo in objects else len(objects), self.button)
            header.objects = objects

    @property
    def state(self) -> GuideState | None:
        return getattr(self.table.match, "guide", None)

    def toggle(self, _event: Any = None) -> None:
        """Open or close "How to play" (the game underneath stays as it is); the keyboard focus
        goes to its "Back to the game" button, then back to "How to play"."""
        self.open = not self.open
        self.table._render()
        self.bubble.param.update(focus_class="how-close" if self.open else "how-to-play",
                                 focus_seq=self.bubble.focus_seq + 1)

    def _act(self, what: str) -> None:
        state = self.state
        if state is None:
            return
        if what == "skip":
            state.skip()
        else:
            state.got_it()
        self.update()

    def update(self) -> None:
        """Bring the bubble up to date with the match (no new render of the table)."""
        m, tr = self.table.match, self.table.tr
        state = self.state
        step = None
        # it waits while "How to play" is open, and while the engineers are introduced (the
        # introduction's "Let's play" or the visitor's first move starts it)
        intro = self.table.__dict__.get("_seat_intro")
        introducing = intro is not None and intro.shown()
        if state is not None and not m.privacy and not m.over and not self.open and not introducing:
            step = state.update(m.observation(), m.legal_actions(), m.position, tr)
        if step is not None and getattr(getattr(self.table, "choice", None), "kind", None):
            # an action chosen, its place still to choose (Arriala): the table's prompt says what
            # is left, and the bubble waits so that every place stays in view;
            # it comes back once the action is played or unchosen
            step = None
        self.bubble.present(step, kicker=tr.ui("guide.kicker", "Guide"), ok=tr.ui("guide.got_it", "Got it"),
                         skip=tr.ui("guide.skip", "Skip the guide"))

    def parts(self, parts: list[Any]) -> list[Any]:
        """The table's ``parts`` with "How to play" above them when open, and the bubble."""
        m, tr = self.table.match, self.table.tr
        words = tr.ui("how.back", "Back to the game") if self.open else tr.ui("how.open", "How to play")
        self.table._update(self.button, label=words, description=words)  # the tooltip where it shows "?"
        self.update()
        if not self.open:
            return [*parts, self.bubble]
        panel = self.table._slot("how-to-play", (m.lang,), lambda: HowToPlay(
            self.game, m.lang, on_close=self.toggle, overlay=True))
        return [*parts, self.bubble, panel]


def with_guide(table: GuidedTable, parts: list[Any]) -> list[Any]:
    """A game table's components with what teaches the game: "How to play" (a header button
    and its panel) and the guided first round's bubble; neither where nobody plays (a table
    a class watches, ``watch_only``: the classroom's projector)."""
    if table.watch_only:
        return parts
    learning: TableLearning | None = table.__dict__.get("_learning")
    if learning is None:
        learning = table.__dict__["_learning"] = TableLearning(table)
    return learning.parts(parts)
