"""One modal question for the whole exhibit: a veil over the whole screen
with a card on it, as an ``alertdialog``.

While it is open, everything else on the page is ``inert`` (not clickable, not focusable,
hidden from screen readers), the keyboard focus goes to its first answer and stays in it (Tab
and Shift+Tab cycle through its answers, and whatever takes the focus away gives it back), a
live region announces it, and Escape gives the ``dismiss`` answer. With ``tap_anywhere`` a tap
or click anywhere on the veil gives that answer too. When it closes, the focus returns where
it was and the page is live again.

The kiosk's "Still there?" (:class:`~.kiosk.StillThere`) and the "Leave this game?" question
(:class:`~.navigation.LeaveDialog`) are both this component. The card is ink on paper
(≈ 13:1) and the main answer white on canal blue (≈ 6.8:1), above WCAG's 4.5:1; sizes are in
``em`` so the projector mode enlarges it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import param
from panel.custom import JSComponent

from .theme import CANAL, FOCUS, INK, PAPER, RADIUS, SURFACE, TOUCH, TYPE_SCALE, WATER_DEEP

MODAL_CSS = f"""
:host {{ display: block; width: 0; height: 0; overflow: visible; }}
.modal-veil {{
  position: fixed; inset: 0; width: 100vw; height: 100vh; z-index: 10000; box-sizing: border-box;
  display: flex; align-items: center; justify-content: center; padding: 1em; pointer-events: auto;
  background: rgba(20, 30, 40, 0.85); font-family: system-ui, sans-serif;
}}
.modal-veil.tap-anywhere {{ cursor: pointer; }}
.modal-veil[hidden] {{ display: none; }}
.modal-card {{
  background: {PAPER}; color: {INK}; border-radius: 0.8em; padding: 1.4em 1.8em; max-width: 36em; width: 100%;
  box-sizing: border-box; box-shadow: 0 0.5em 2em rgba(0, 0, 0, 0.4); border-top: 0.4em solid {CANAL};
  font-size: 1.2em; cursor: default;
}}
.modal-veil.tap-anywhere .modal-card {{ cursor: pointer; text-align: center; }}
.modal-card h1, .modal-card h2 {{ font-size: {TYPE_SCALE['h2']}; margin: 0 0 0.4em; color: {INK}; line-height: 1.2; }}
.modal-card .message {{ margin: 0 0 1.2em; line-height: 1.4; color: {INK}; font-variant-numeric: tabular-nums; }}
.modal-answers {{ display: flex; flex-wrap: wrap; gap: 0.8em; justify-content: center; }}
.modal-answers button {{
  font: inherit; font-weight: 600; cursor: pointer; line-height: 1.25; min-height: {TOUCH}; min-width: 8em;
  padding: 0.5em 1.2em; border-radius: {RADIUS}; flex: 1 1 12em;
  background: {SURFACE}; color: {INK}; border: 0.12em solid {CANAL};
}}
.modal-answers button.primary {{ background: {CANAL}; color: #ffffff; border-color: {WATER_DEEP}; }}
.modal-answers button:focus-visible, .modal-answers button:focus {{
  outline: 0.25em solid {FOCUS}; outline-offset: 0.2em; box-shadow: 0 0 0 0.45em #f0b400;
}}
.sr-only {{ position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }}
"""


#: Makes everything outside ``el`` inert, up through every shadow root to ``<body>``; returns
#: what it made inert (to make live again). Shared by the modal question and the sheets.
INERT_JS = """
function inertAround(el) {
  const made = [];
  while (el && el !== document.body && el !== document.documentElement) {
    const parent = el.parentNode;
    if (!parent) break;
    for (const sib of parent.children) {
      if (sib !== el && !sib.inert && !["SCRIPT", "STYLE", "LINK"].includes(sib.tagName)) {
        sib.inert = true;
        made.push(sib);
      }
    }
    el = parent instanceof ShadowRoot ? parent.host : parent;
  }
  return made;
}
"""


class Modal(JSComponent):
    """A modal question: shown while ``open``; ``on_answer(answer_id)`` is told the answer.

    ``answers`` are ``[id, label, classes]`` triples (the first one gets the focus, and
    ``primary`` among its classes draws it as the main answer); ``prefix`` names the parts
    for styles and tests (``<prefix>-veil``, ``<prefix>-card``, ``<prefix>-title``,
    ``<prefix>-message``, ``<prefix>-live``)."""

    open = param.Boolean(default=False, doc="Shown (and keeping the focus) while true.")
    title = param.String(default="", doc="The question.")
    message = param.String(default="", doc="What it means (a countdown may update it).")
    answers = param.List(default=[], doc="[id, label, classes] of each answer button, the focused one first.")
    announcement = param.String(default="", doc="Said by screen readers (live region) while open.")
    dismiss = param.String(default="", doc="The answer Escape gives (and a tap anywhere, with tap_anywhere).")
    tap_anywhere = param.Boolean(default=False, doc="A tap anywhere on the veil gives the dismiss answer.")
    prefix = param.String(default="modal", doc="Class and id prefix of its parts.")
    level = param.Integer(default=2, bounds=(1, 2), doc="The title's heading level.")
    message_class = param.String(default="", doc="A class more for the message (``countdown``).")

    _esm = INERT_JS + """
export function render({ model }) {
  const p = model.prefix;
  const veil = document.createElement("div");
  veil.className = `modal-veil ${p}-veil`;
  veil.setAttribute("role", "alertdialog");
  veil.setAttribute("aria-modal", "true");
  veil.setAttribute("aria-labelledby", `${p}-title`);
  veil.setAttribute("aria-describedby", `${p}-message`);
  veil.tabIndex = -1;
  const card = document.createElement("div");
  card.className = `modal-card ${p}-card`;
  const h = document.createElement(model.level === 1 ? "h1" : "h2");
  h.id = `${p}-title`;
  const msg = document.createElement("p");
  msg.id = `${p}-message`;
  msg.className = ("message " + (model.message_class || "")).trim();
  const row = document.createElement("div");
  row.className = "modal-answers";
  card.append(h, msg, row);
  veil.append(card);
  const live = document.createElement("div");
  live.className = `sr-only ${p}-live`;
  live.setAttribute("aria-live", "assertive");
  live.setAttribute("role", "alert");
  const root = document.createElement("div");
  root.append(veil, live);

  let buttons = [];
  let made_inert = [];
  let before = null;
  let open = false;
  // Everything outside the question, up through every shadow root to <body>, becomes inert.
  const isolate = () => { made_inert.push(...inertAround(root.getRootNode().host || null)); };
  const release = () => {
    for (const el of made_inert) el.inert = false;
    made_inert = [];
  };
  const deepActive = () => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  };
  const focusFirst = () => { if (open && buttons.length) buttons[0].focus({ preventScroll: true }); };
  const show = (on) => {
    if (on === open) return;
    open = on;
    veil.hidden = !on;
    if (on) {
      before = deepActive();
      isolate();
      focusFirst();
      requestAnimationFrame(focusFirst);
    } else {
      release();
      live.textContent = "";
      if (before && before.isConnected && typeof before.focus === "function") before.focus({ preventScroll: true });
      before = null;
    }
  };
  const answer = (id, ev) => {
    if (ev) { ev.preventDefault(); ev.stopPropagation(); }
    if (!open || !id) return;
    show(false);  // at once: the page is live again before the server's reply
    model.send_msg({ answer: id });
  };
  veil.addEventListener("click", (ev) => {
    const b = ev.target.closest ? ev.target.closest("button[data-answer]") : null;
    if (b) answer(b.dataset.answer, ev);
    else if (model.tap_anywhere) answer(model.dismiss, ev);
  });
  veil.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      answer(model.dismiss, ev);
    } else if (ev.key === "Tab" && buttons.length) {  // the focus cycles through the answers
      ev.preventDefault();
      const i = buttons.indexOf(veil.getRootNode().activeElement);
      const next = (i < 0 ? 0 : i + (ev.shiftKey ? buttons.length - 1 : 1)) % buttons.length;
      buttons[next].focus({ preventScroll: true });
    }
  });
  // Whatever takes the focus away while the question is asked, it comes back.
  veil.addEventListener("focusout", (ev) => {
    if (open && !veil.contains(ev.relatedTarget)) {
      setTimeout(() => { if (open && !veil.contains(veil.getRootNode().activeElement)) focusFirst(); }, 0);
    }
  });
  const draw = () => {
    h.textContent = model.title;
    msg.textContent = model.message;
    msg.hidden = !model.message;
    veil.classList.toggle("tap-anywhere", !!model.tap_anywhere);
  };
  const drawAnswers = () => {
    const focused = buttons.indexOf(veil.getRootNode().activeElement);
    buttons = (model.answers || []).map(([id, label, classes]) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.answer = id;
      b.className = classes || "";
      b.textContent = label;
      return b;
    });
    row.replaceChildren(...buttons);
    if (open && focused >= 0 && buttons[focused]) buttons[focused].focus({ preventScroll: true });
  };
  const announce = () => { live.textContent = open ? model.announcement : ""; };
  draw();
  drawAnswers();
  veil.hidden = true;
  show(model.open);
  announce();
  model.on(["title", "message", "tap_anywhere"], draw);
  model.on("answers", drawAnswers);
  model.on("open", () => { show(model.open); announce(); });
  model.on("announcement", announce);
  model.on("remove", release);
  return root;
}
"""
    _stylesheets: ClassVar[list[str]] = [MODAL_CSS]

    def __init__(self, on_answer: Callable[[str], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_answer = on_answer

    def give(self, answer: str) -> None:
        """An answer from the visitor: told to ``on_answer`` while the question is open
        (a late click, after it closed, does nothing)."""
        if self.open and self.on_answer is not None and answer in self.answer_ids():
            self.on_answer(answer)

    def answer_ids(self) -> list[str]:
        return [a[0] for a in self.answers]

    def _handle_msg(self, data: Any) -> None:
        if not isinstance(data, dict):
            return
        answer = data.get("answer")
        if answer is True:  # "an answer", whichever: the dismiss one
            answer = self.dismiss
        if isinstance(answer, str):
            self.give(answer)


class KeepFocusIn(JSComponent):
    """Put inside a sheet shown over the page (the table's "How to play"):
    while it is on the page, everything outside the sheet (the nearest ancestor with the class
    ``container``) is ``inert``, so Tab never reaches a move hidden behind it; the sheet is a
    modal dialog for screen readers, and Escape presses its ``close`` button. Taken off the
    page, it makes the page live again."""

    container = param.String(default="", doc="the CSS class of the sheet that keeps the focus")
    close = param.String(default="", doc="the CSS class of the sheet's close button (Escape presses it)")
    label = param.String(default="", doc="the sheet's name, as a screen reader says it")

    _esm = INERT_JS + """
export function render({ model }) {
  const mark = document.createElement("span");
  mark.hidden = true;
  let made_inert = [], sheet = null, tries = 0;
  const up = (el) => el.parentNode instanceof ShadowRoot ? el.parentNode.host : el.parentNode;
  const find = () => {
    for (let el = mark.getRootNode().host || null; el; el = up(el)) {
      if (el.classList && el.classList.contains(model.container)) return el;
    }
    return null;
  };
  const isolate = () => { made_inert.push(...inertAround(sheet)); };
  const release = () => { for (const el of made_inert) el.inert = false; made_inert = []; };
  const onKey = (ev) => {
    if (ev.key !== "Escape" || !sheet) return;
    const holder = sheet.shadowRoot ? sheet.shadowRoot.querySelector("." + CSS.escape(model.close)) : null;
    const b = holder && (holder.shadowRoot || holder).querySelector("button");
    if (b) { ev.preventDefault(); b.click(); }
  };
  const start = () => {
    if (sheet) return;
    sheet = find();
    if (!sheet) { if (++tries < 60) requestAnimationFrame(start); return; }
    sheet.setAttribute("role", "dialog");
    sheet.setAttribute("aria-modal", "true");
    if (model.label) sheet.setAttribute("aria-label", model.label);
    isolate();
    document.addEventListener("keydown", onKey, true);
  };
  requestAnimationFrame(start);
  model.on("remove", () => { release(); document.removeEventListener("keydown", onKey, true); });
  return mark;
}
"""

    def __init__(self, **params: Any) -> None:
        params.setdefault("width", 0)
        params.setdefault("height", 0)
        params.setdefault("margin", 0)
        super().__init__(**params)
