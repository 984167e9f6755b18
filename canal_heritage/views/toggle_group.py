"""A choice of one among a few, whose chosen answer shows.

Bokeh's ``RadioButtonGroup`` marks the chosen button with a class only, and our button
style drew every button of a group alike (the set-up's two modes were both solid blue): the
visitor could not tell which was chosen, nor could a screen reader. :class:`ToggleGroup` is
a row of real buttons in a named group, as the welcome's language choice
(:class:`~.home.LanguageChoice`) is: the chosen one is paper on ink (as the language's is),
carries a check mark (✓) and ``aria-pressed="true"``, the others (outlined in canal blue on
the surface) ``aria-pressed="false"``. The check is ``aria-hidden``, so
a button's name stays its words ("Steady").

Its Python side reads like Panel's ``RadioButtonGroup``: ``options`` (label → value, or a
list of values shown as they are) and ``value``; a click in the browser sets ``value``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import param
from panel.custom import JSComponent

from .theme import CANAL, FOCUS, INK, PAPER, SURFACE, TOUCH

CHECK = "\u2713"

TOGGLE_CSS = f"""
:host {{ display: block; }}
.toggle-group {{ display: flex; flex-wrap: wrap; gap: 0.4em; margin: 0.15em 0; }}
button {{ font: inherit; font-size: 1em; font-weight: 600; line-height: 1.25; cursor: pointer;
  min-height: max({TOUCH}, 44px); min-width: max({TOUCH}, 44px); padding: 0.45em 0.9em; border-radius: 0.6em;
  border: 0.12em solid {CANAL}; background: {SURFACE}; color: {INK};
  display: inline-flex; align-items: center; justify-content: center; gap: 0.3em; text-align: left; }}
button:hover {{ background: #e4eef4; }}
button[aria-pressed="true"] {{ background: {INK}; border-color: {INK}; color: {PAPER}; font-weight: 700;
  padding-left: 0.7em; }}
button:focus-visible {{ outline: 0.2em solid {FOCUS}; outline-offset: 0.15em; }}
.check {{ font-weight: 800; flex: none; }}
.check:empty {{ display: none; }}
"""


class ToggleGroup(JSComponent):
    """One answer among ``options`` (see the module docstring); ``label`` names the group for
    screen readers (the question it answers)."""

    labels = param.List(default=[], doc="The buttons' words, in order (from ``options``).")
    active = param.Integer(default=-1, doc="The chosen button's index; -1: none.")
    label = param.String(default="", doc="The group's accessible name.")
    check = param.String(default=CHECK, doc="The mark on the chosen button.")
    options = param.ClassSelector(class_=(dict, list), default={}, precedence=-1,
                                  doc="label → value, or a list of values (their text is the label).")
    value = param.Parameter(default=None, precedence=-1, doc="The chosen value.")

    _esm = """
export function render({ model }) {
  const group = document.createElement("div");
  group.className = "toggle-group";
  group.setAttribute("role", "group");
  let buttons = [];
  const mark = () => {
    buttons.forEach((b, i) => {
      const on = i === model.active;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.querySelector(".check").textContent = on ? model.check : "";
    });
  };
  const draw = () => {
    if (model.label) group.setAttribute("aria-label", model.label); else group.removeAttribute("aria-label");
    buttons = model.labels.map((words, i) => {
      const b = document.createElement("button");
      b.type = "button";
      const check = document.createElement("span");
      check.className = "check";
      check.setAttribute("aria-hidden", "true");
      const span = document.createElement("span");
      span.className = "words";
      span.textContent = words;
      b.append(check, span);
      b.addEventListener("click", () => { if (model.active !== i) { model.active = i; mark(); } });
      return b;
    });
    group.replaceChildren(...buttons);
    mark();
  };
  model.on(["labels", "label"], draw);
  model.on(["active", "check"], mark);
  draw();
  return group;
}
"""
    _stylesheets: ClassVar[list[str]] = [TOGGLE_CSS]
    _rename: ClassVar[dict[str, str | None]] = {"options": None, "value": None}  # Python's side only

    def __init__(self, **params: Any) -> None:
        params.pop("stylesheets", None)  # its look is its own (the callers' Bokeh button styles do not apply)
        params.setdefault("margin", (5, 10))  # as Panel's widgets: in line with the questions' words
        super().__init__(**params)
        self._sync()
        self.param.watch(lambda *_: self._sync(), ["options", "value"])
        self.param.watch(self._chosen, ["active"])

    def _pairs(self) -> list[tuple[str, Any]]:
        if isinstance(self.options, dict):
            return [(str(k), v) for k, v in self.options.items()]
        return [(str(v), v) for v in self.options]

    def _sync(self) -> None:
        """``labels`` and ``active`` from ``options`` and ``value``."""
        pairs = self._pairs()
        values = [v for _, v in pairs]
        active = values.index(self.value) if self.value in values else -1
        labels = [k for k, _ in pairs]
        changes: dict[str, Any] = {}
        if labels != self.labels:
            changes["labels"] = labels
        if active != self.active:
            changes["active"] = active
        if changes:
            self.param.update(**changes)

    def _chosen(self, event: Any) -> None:
        """A click in the browser (or ``active`` set): the value follows."""
        pairs = self._pairs()
        if 0 <= event.new < len(pairs) and pairs[event.new][1] != self.value:
            self.value = pairs[event.new][1]
