""""What happened": the game's log as a sheet the visitor opens, instead of a growing list.

A button in the table's header says how many lines are new since the visitor last looked
(``What happened · 3 new``); it opens a side sheet (a bottom sheet on a narrow portrait
screen) holding the latest lines, numbered, newest first. The sheet closes with the same
button, its own close button or Esc, and gives the focus back to the button. Opening and
closing happen in the browser only: nothing is sent to the server, nothing is laid out
again, and the page never grows with the log.

The sheet is modal: on most screens it lies over part of the table, the choices
included, so while it is open the rest of the page is dimmed and ``inert`` (Tab never reaches
a move hidden under it) and a tap on the dimmed part closes it, as Esc does. The button
carries ``aria-expanded`` and ``aria-controls``; the sheet is a labelled modal dialog. Lines
are set as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import param
from panel.custom import JSComponent

from ..modal import INERT_JS
from ..theme import phone_css

LOG_SHEET_CSS = phone_css("""
:host { display: inline-block; }
.log-open {
  font: inherit; font-size: 1em; font-weight: 600; line-height: 1.25; cursor: pointer;
  min-height: 2.75em; min-width: 2.75em; padding: 0.45em 0.7em; border-radius: 0.6em;
  background: #fffdf7; color: #1d2b36; border: 0.12em solid #1f5f8b; margin: 2px 3px;
  display: inline-flex; align-items: center; gap: 0.5em;
}
.log-open:hover { background: #e8eef3; }
.log-open:focus-visible, .log-close:focus-visible { outline: 0.2em solid #1d2b36; outline-offset: 0.15em; }
.log-open[aria-expanded="true"] { background: #1f5f8b; color: #ffffff; }
.log-open .new {
  background: #b5541c; color: #ffffff; border-radius: 1em; padding: 0 0.5em; font-size: 0.85em;
}
.log-open .new[hidden] { display: none; }
.log-open svg { display: block; flex: none; }
@media (max-width: 1100px) { .log-open .words { display: none; } }
@media phone {
  .log-open { padding: 0 6px; margin: 1px 2px; min-height: 44px; min-width: 44px; gap: 4px; }
}
.log-panel {
  position: fixed; z-index: 40; top: 0; right: 0; bottom: 0; width: min(30em, 92vw);
  background: #fffdf7; color: #1d2b36; border-left: 0.15em solid #1f5f8b;
  box-shadow: -0.4em 0 1.2em rgba(29, 43, 54, 0.25); display: flex; flex-direction: column;
}
.log-panel[hidden], .log-veil[hidden] { display: none; }
.log-veil { position: fixed; z-index: 39; inset: 0; background: rgba(29, 43, 54, 0.3); }
.log-panel header {
  display: flex; align-items: center; justify-content: space-between; gap: 0.5em;
  padding: 0.5em 0.8em; border-bottom: 0.08em solid #c9bfa8;
}
.log-panel h2 { font-size: 1.2em; margin: 0; }
.log-close {
  font: inherit; font-weight: 600; cursor: pointer; min-height: 2.75em; min-width: 2.75em;
  padding: 0.45em 0.9em; border-radius: 0.6em; background: #fffdf7; color: #1d2b36;
  border: 0.12em solid #1f5f8b;
}
.log-panel ol {
  overflow-y: auto; flex: 1 1 auto; margin: 0; padding: 0.6em 1em 1em 3.2em; line-height: 1.4;
}
.log-panel li { margin: 0.35em 0; }
.log-panel ol:focus-visible { outline: 0.2em solid #1d2b36; outline-offset: -0.2em; }
.log-panel li.fresh { font-weight: 600; }
.log-panel li::marker { color: #3d3d3d; font-variant-numeric: tabular-nums; }
.log-panel .ruling { font-size: 0.8em; background: #dfe9f1; border-radius: 0.4em; padding: 0 0.3em;
  margin-left: 0.3em; font-weight: 400; }
@media (orientation: portrait) and (max-width: 900px) {
  .log-panel { top: auto; left: 0; width: auto; height: 55vh; border-left: none;
    border-top: 0.15em solid #1f5f8b; box-shadow: 0 -0.4em 1.2em rgba(29, 43, 54, 0.25); }
}
""")


class LogSheet(JSComponent):
    """The header's "What happened" button and the sheet it opens.

    ``lines`` are the latest log lines, oldest first, each ``{"text", "ruling", "about"}``
    (the ruling's plain title and its explanation, both optional); ``total`` is how many
    lines the log holds in all (the count of new lines is ``total`` minus what the visitor
    had when they last closed the sheet)."""

    lines = param.List(default=[], item_type=dict, doc="The latest lines, oldest first.")
    total = param.Integer(default=0, doc="How many lines the log holds in all.")
    label = param.String(default="What happened", doc="The button's and the sheet's title.")
    new_words = param.String(default="{n} new", doc="The count of new lines ({n}).")
    close_label = param.String(default="Close", doc="The sheet's close button.")

    _esm = INERT_JS + """
let counter = 0;
export function render({ model }) {
  const id = "log-sheet-" + (++counter);
  const box = document.createElement("div");
  box.className = "log-box";
  const open = document.createElement("button");
  open.type = "button";
  open.className = "log-open";
  open.setAttribute("aria-expanded", "false");
  open.setAttribute("aria-controls", id);
  const words = document.createElement("span");
  words.className = "words";
  const badge = document.createElement("span");
  badge.className = "new";
  // a drawn list, so a narrow screen can show the button without its words
  open.innerHTML = "<svg viewBox='0 0 20 20' width='20' height='20' aria-hidden='true'>" +
    "<path d='M3 5h14M3 10h14M3 15h9' stroke='currentColor' stroke-width='2.4' stroke-linecap='round' " +
    "fill='none'/></svg>";
  open.append(words, badge);
  const sheet = document.createElement("section");
  sheet.className = "log-panel";
  sheet.id = id;
  sheet.hidden = true;
  sheet.tabIndex = -1;
  const head = document.createElement("header");
  const title = document.createElement("h2");
  title.id = id + "-title";
  sheet.setAttribute("aria-labelledby", title.id);
  sheet.setAttribute("role", "dialog");
  sheet.setAttribute("aria-modal", "true");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "log-close";
  head.append(title, close);
  const list = document.createElement("ol");
  list.reversed = true;
  // the list scrolls inside the sheet: the keyboard reaches it (arrows and Page Down scroll it)
  list.tabIndex = 0;
  list.setAttribute("aria-labelledby", title.id);
  sheet.append(head, list);
  // the dimmed page under the sheet: a tap there closes it
  const veil = document.createElement("div");
  veil.className = "log-veil";
  veil.hidden = true;
  const layer = document.createElement("div");
  layer.className = "log-layer";
  layer.append(veil, sheet);
  box.append(open, layer);
  let madeInert = [];
  let seen = model.total;  // what the visitor had seen when they last looked
  const isOpen = () => !sheet.hidden;
  const draw = () => {
    if (isOpen()) seen = model.total;
    const fresh = Math.max(0, model.total - seen);
    words.textContent = model.label;
    badge.textContent = model.new_words.replace("{n}", String(fresh));
    badge.hidden = fresh === 0;
    open.setAttribute("aria-label", fresh ? model.label + " (" + badge.textContent + ")" : model.label);
    title.textContent = model.label;
    close.textContent = model.close_label;
    const lines = model.lines;
    list.start = model.total;
    list.replaceChildren(...lines.slice().reverse().map((line, i) => {
      const li = document.createElement("li");
      li.textContent = line.text;
      if (line.ruling) {
        const r = document.createElement("span");
        r.className = "ruling";
        r.textContent = line.ruling;
        if (line.about) r.title = line.about;
        li.append(" ", r);
      }
      if (i < model.total - lineSeenAtOpen) li.classList.add("fresh");
      return li;
    }));
  };
  let lineSeenAtOpen = seen;
  const show = (on) => {
    if (on === isOpen()) return;
    if (on) lineSeenAtOpen = seen;
    sheet.hidden = veil.hidden = !on;
    open.setAttribute("aria-expanded", on ? "true" : "false");
    if (on) madeInert = inertAround(layer);
    else { for (const el of madeInert) el.inert = false; madeInert = []; }
    if (!on) seen = model.total;
    draw();
    if (on) sheet.focus();
    else open.focus();
  };
  open.addEventListener("click", () => show(!isOpen()));
  close.addEventListener("click", () => show(false));
  veil.addEventListener("click", () => show(false));
  sheet.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); show(false); } });
  open.addEventListener("keydown", (e) => { if (e.key === "Escape" && isOpen()) show(false); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && isOpen()) show(false); });
  draw();
  for (const name of ["lines", "total", "label", "new_words", "close_label"]) model.on(name, draw);
  model.on("remove", () => { for (const el of madeInert) el.inert = false; madeInert = []; });
  return box;
}
"""
    _stylesheets: ClassVar[list[str]] = [LOG_SHEET_CSS]

    def present(self, lines: Sequence[dict[str, str]], total: int, *, label: str, new_words: str,
             close_label: str) -> None:
        """Show ``lines`` (the latest, oldest first) of a log of ``total`` lines; only what
        differs is sent."""
        values: dict[str, Any] = {"lines": [dict(x) for x in lines], "total": total, "label": label,
                                  "new_words": new_words, "close_label": close_label}
        changed = {k: v for k, v in values.items() if getattr(self, k) != v}
        if changed:
            self.param.update(**changed)
