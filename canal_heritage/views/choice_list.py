"""A list of choices drawn in the browser from one parameter, each click naming its choice.

Why not one Panel button per choice: in the browser, every change of a Bokeh widget's
visibility, label or classes makes BokehJS lay out the whole page again, at once, for that
one change. A board with thirty choices on offer then costs thirty page layouts per click
(hundreds of milliseconds on a classroom laptop). :class:`ChoiceList` is one component whose
changes lay nothing out again: a new list of choices is one small patch, the buttons are
plain ``<button>`` elements (keyboard and screen-reader friendly), and a click sends the
*key* of its choice, so a click still in flight for a choice no longer on offer is
recognised and ignored.

A greyed choice (class ``unavailable``) is still a button: it is marked ``aria-disabled``
and a click on it is sent as any other, so that the table can say why it is not possible.
Its ``tip`` is the button's ``title`` (shown on hover, read by screen readers). An
``icon`` is trusted SVG markup built by the project's own code (a card's picture, see
:mod:`.art`), drawn before the label; every other text is set as text, never as markup.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import panel as pn
import param
from panel.custom import JSComponent

from ..matches.choices import Choice
from . import art
from .theme import button, html, text

#: As the table's other buttons (theme.BUTTON_CSS): ≥ 2.75 em touch targets, a visible focus.
CHOICE_CSS = """
:host { display: block; }
.choice-list { display: flex; flex-wrap: wrap; gap: 0.4em; }
.choice-list button {
  font: inherit; font-size: 1em; font-weight: 600; line-height: 1.25; cursor: pointer;
  min-height: max(2.75em, 44px); min-width: max(2.75em, 44px); padding: 0.45em 0.9em; border-radius: 0.6em;
  background: #fffdf7; color: #1d2b36; border: 0.12em solid #1f5f8b; white-space: normal;
}
.choice-list button:hover { background: #e8eef3; }
.choice-list button:focus-visible { outline: 0.2em solid #1d2b36; outline-offset: 0.15em; }
.choice-list button.unavailable { opacity: 0.5; border-style: dashed; background: #efeae0; color: #3d3d3d; }
.choice-list button.only-choice { font-size: 1.25em; min-height: 3em; padding: 0.5em 1.6em; }
.choice-list button.compact { width: max(2.75em, 44px); padding: 0.3em 0; text-align: center;
  font-variant-numeric: tabular-nums; }
.choice-list button.chosen { outline: 0.2em solid #f0b400; outline-offset: 0.1em; }
.choice-list button.has-icon { display: flex; align-items: center; gap: 0.6em; padding: 0.2em 0.9em 0.2em 0.2em;
  background: #efeae0; border-color: transparent; text-align: left; }
.choice-list button.has-icon:hover { border-color: #1f5f8b; }
.choice-list .icon, .choice-list .icon svg { display: block; flex: none; }
.choice-list button.has-icon.trade { width: auto; min-width: 9em; max-width: 13em; }
.choice-list button.has-icon.trade .icon svg { height: min(3.9em, 9vh); width: auto; }
.choice-list button.has-icon.trade .icon svg.arrow { height: 1.6em; }
.choice-list .trade-pic { display: flex; align-items: center; gap: 0.2em; }
"""


class ChoiceList(JSComponent):
    """Buttons for ``items``, each ``{"key", "label", "classes", "tip", "icon", "aria"}``
    (``classes``: the button's CSS classes, ``tip``: its hover text, ``icon``: trusted SVG
    markup shown before the label, ``aria``: the button's accessible name when the label is
    short and the picture says the rest; all optional); a click calls
    ``on_choose(key)`` if that key is still in ``items``."""

    items = param.List(default=[], item_type=dict, doc="The choices on offer, in order.")
    label = param.String(default="", doc="The accessible name of the group of buttons.")

    _esm = """
// after a move, the keyboard lands on the new choices. A click on a choice
// leaves a note; once the next decision is drawn, its first choice takes the focus, if the
// focus was lost with the old buttons (or the new choices are a following step in another
// list, as a place after an action). Focus the visitor moved elsewhere is never taken back.
const lists = new Set();
let pending = null;  // {box, at}: the list of the choice clicked, and when
const firstEnabled = (box) => [...box.children].find((b) => !b.classList.contains("unavailable")) || box.firstChild;
const settle = () => {
  if (pending === null) return;
  const active = document.activeElement;
  const lost = !active || active === document.body;
  const live = [...lists].filter((box) => box.isConnected && box.firstChild);
  const next = live.filter((box) => box !== pending.box && box.changedAt > pending.at).pop();
  const target = next || (lost ? live[0] : null);
  if (target) { firstEnabled(target).focus(); pending = null; }
  else if (!lost && live.length) pending = null;  // the visitor's focus is somewhere: leave it there
};
export function render({ model }) {
  const box = document.createElement("div");
  box.className = "choice-list";
  box.setAttribute("role", "group");
  box.changedAt = 0;
  lists.add(box);
  const draw = () => {
    const before = [...box.children].map((b) => b.dataset.key).join("|");
    const active = box.getRootNode().activeElement;
    const focused = box.contains(active) ? active.dataset.key : null;
    box.setAttribute("aria-label", model.label);
    box.replaceChildren(...model.items.map((item) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "choice " + (item.classes || "");
      if (item.icon) {  // trusted markup made by the server's own code (a card's picture)
        const icon = document.createElement("span");
        icon.className = "icon";
        icon.setAttribute("aria-hidden", "true");
        icon.innerHTML = item.icon;
        const words = document.createElement("span");
        words.textContent = item.label;
        b.replaceChildren(icon, words);
        b.classList.add("has-icon");
      } else {
        b.textContent = item.label;
      }
      b.dataset.key = item.key;
      if (item.aria) b.setAttribute("aria-label", item.aria);  // the whole choice in words
      if (item.tip) b.title = item.tip;
      if (b.classList.contains("unavailable")) b.setAttribute("aria-disabled", "true");
      b.addEventListener("click", () => {
        pending = { box, at: performance.now() };  // focus the next choices
        model.send_msg({ key: item.key });
      });
      return b;
    }));
    if (focused !== null && box.firstChild) {  // the keyboard stays on its choice, or in the list
      const same = [...box.children].find((b) => b.dataset.key === focused);
      (same || box.firstChild).focus();
    }
    if (model.items.map((item) => item.key).join("|") !== before && box.firstChild) box.changedAt = performance.now();
    setTimeout(settle, 0);  // once every list of this update is drawn
  };
  draw();
  model.on("items", draw);
  model.on("label", draw);
  return box;
}
"""
    _stylesheets: ClassVar[list[str]] = [CHOICE_CSS]

    def __init__(self, on_choose: Callable[[str], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_choose = on_choose

    def offer(self, items: Sequence[Mapping[str, str]], label: str | None = None) -> None:
        """Show ``items`` (sent only if they differ from what is shown)."""
        new = [dict(item) for item in items]
        changed: dict[str, Any] = {}
        if new != self.items:
            changed["items"] = new
        if label is not None and label != self.label:
            changed["label"] = label
        if changed:
            self.param.update(**changed)

    def keys(self) -> list[str]:
        return [item["key"] for item in self.items]

    def item(self, key: str) -> dict[str, str] | None:
        """The item of ``key`` on offer, if any."""
        return next((item for item in self.items if item["key"] == key), None)

    def choose(self, key: str) -> bool:
        """What a click on the button of ``key`` does: ``on_choose(key)`` if it is on offer."""
        if key not in self.keys() or self.on_choose is None:
            return False  # a choice no longer on offer (a double tap, a click still in flight)
        self.on_choose(key)
        return True

    def _handle_msg(self, data: Any) -> None:
        key = data.get("key") if isinstance(data, dict) else None
        if isinstance(key, str):
            self.choose(key)


#: The arrow between what a trade gives and what it takes (drawn, so it scales with the cards).
TRADE_ARROW = ("<svg class='arrow' viewBox='0 0 24 16' width='24' height='16' aria-hidden='true'>"
               "<path d='M1 8h17M13 2l8 6-8 6' fill='none' stroke='#1d2b36' stroke-width='2.6' "
               "stroke-linecap='round' stroke-linejoin='round'/></svg>")


def midi_trade_choice(narrator: Any, game: Any, player: int, choice: Choice, words: str) -> dict[str, str]:
    """A Canal du Midi tent trade (M-R7) as card pictures: your card, an
    arrow, then the opponent's face-up card in their colour, or for a hand trade the back of
    one of their cards ("a random card from …"). A short label under the pictures; the
    button's accessible name is the whole trade in ``words`` (``match.describe(choice)``)."""
    tr = narrator.tr
    seat = choice.partner or 0
    name = narrator.seat(seat)
    give = choice.value or 0

    def face(value: int, colour: str) -> str:
        role = narrator.worker(value).rsplit(" (", 1)[0]
        return str(art.cached_worker_card(value, role, colour=colour, width=54))

    mine = face(give, game.engineers[player].colour)
    their_colour = game.engineers[seat].colour
    if choice.how == "up":
        take = choice.take or 0
        theirs = face(take, their_colour)
        label = tr.ui("table.trade_up_short", "Your {give} → {name}'s {take}", give=give, name=name, take=take)
    else:
        theirs = str(art.cached_worker_card(0, "", colour=their_colour, state="back", width=54,
                                            back_label=tr.ui("table.hidden_card", "hidden card")))
        label = tr.ui("table.trade_hand_short", "Your {give} → a random card from {name}", give=give, name=name)
    return {"icon": f"<span class='trade-pic'>{mine}{TRADE_ARROW}{theirs}</span>", "label": label,
            "aria": words, "tip": words, "classes": f"trade trade-{choice.how} act-{choice.name}"}


class HintBox:
    """The table's optional hint: a "Hint" button and, once pressed, what
    the Steady bot would do in the visitor's place and why (:meth:`TableMatch.hint
    <canal_heritage.matches.table.TableMatch.hint>`, from the visitor's observation only).

    The hint plays nothing and goes when the game moves on. It follows the match itself (its
    ``version``, ``lang``, ``privacy`` and ``paused``), so a table only places
    :attr:`panel` among its components. The button is never greyed nor hidden (hiding lays the
    page out again, and a disabled button would stop the clicks of those who try every
    button) when it is not the visitor's turn to choose: it then says "on your turn"."""

    WATCHED = ("version", "lang", "privacy", "paused")

    def __init__(self, match: Any) -> None:
        self.match = match
        self._shown: Any = None  # the position the hint shown was computed for
        self.button = button("", self._toggle, name="hint-button")
        self.pane = html("", sizing_mode="stretch_width", css_classes=["hint-box"])
        self.panel = pn.Column(self.button, self.pane, sizing_mode="stretch_width", margin=0,
                               css_classes=["hint"])
        ref = weakref.ref(self)

        def follow(*_: Any) -> None:  # a table that is gone does not keep its hint box alive
            box = ref()
            if box is not None:
                box.refresh()

        self._watcher = match.param.watch(follow, list(self.WATCHED))
        self.refresh()

    def dispose(self) -> None:
        """Stop following the match."""
        self.match.param.unwatch(self._watcher)

    def available(self) -> bool:
        m = self.match
        return bool(m.is_viewer_turn() and not m.paused and not m.over)

    def _toggle(self, _event: Any = None) -> None:
        if self._shown is not None and self._shown == self.match.position:
            self._shown = None
        elif self.available():
            self._shown = self.match.position
        self.refresh()

    def refresh(self) -> None:
        """Bring the button and the hint up to date (a hint for an earlier position goes)."""
        m = self.match
        tr = m.translator()
        if not self.available() or self._shown != m.position:
            self._shown = None
        hint = m.hint() if self._shown is not None else None
        if hint is None:
            self._shown = None
            markup = ""
        else:
            markup = (f"<section class='hint-shown' role='status' aria-live='polite' style='border:0.12em dashed "
                      f"#1f5f8b;border-radius:0.6em;padding:0.4em 0.8em;margin:0.3em 0;background:#fffdf7'>"
                      f"<h3 style='margin:0.1em 0;font-size:1.05em'>{text(hint.title)}</h3>"
                      f"<p class='hint-choice' style='margin:0.2em 0;font-weight:600'>{text(hint.choice)}</p>"
                      f"<p class='hint-reason' style='margin:0.2em 0'>{text(hint.reason)}</p>"
                      f"<p class='hint-note' style='margin:0.2em 0;font-size:0.9em'>{text(hint.note)}</p></section>")
        if hint is not None:
            label = tr.ui("hint.hide", "Hide the hint")
        elif self.available():
            label = tr.ui("hint.button", "Hint: what would the Steady bot do?")
        else:  # still a button (a click does nothing): greying it would lay the page out again
            label = tr.ui("hint.later", "Hint (on your turn)")
        if self.button.label != label:
            self.button.label = label
        if self.pane.object != markup:
            self.pane.object = markup
