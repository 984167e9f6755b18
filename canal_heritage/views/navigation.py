"""Never lost: the address follows the page, and leaving a game asks first (issue 13, item 8).

:class:`History` keeps the browser's address in step with the exhibit's page: each page
change pushes an entry (so the browser's Back and Forward buttons work), a change that is
not a new page (the language, another place in the explorer) replaces it, and the page is
scrolled to the top when a new page opens. When the visitor presses Back or Forward the
browser's new address is sent to the server, which shows that page.

:class:`LeaveDialog` is the "Leave this game?" question: a modal veil over the whole screen
with two large buttons; it takes the keyboard's focus and keeps it, and Escape answers
"stay".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import param
from panel.custom import JSComponent


class History(JSComponent):
    """The browser's address and history, driven by ``nav``: ``{"url": "?page=…", "replace":
    bool, "top": bool, "n": int}`` (``n`` counts the changes so that the same address can be
    sent again). ``on_pop(search)`` is told the address the browser went Back or Forward to."""

    nav = param.Dict(default={}, doc="The address to show, and how.")

    _esm = """
export function render({ model }) {
  const apply = () => {
    const nav = model.nav || {};
    if (typeof nav.url !== "string") return;
    if (nav.url !== window.location.search) {
      const url = window.location.pathname + nav.url;
      if (nav.replace) window.history.replaceState({ exhibit: nav.n }, "", url);
      else window.history.pushState({ exhibit: nav.n }, "", url);
    }
    if (nav.top) {  // a new page opens at its top (once the new page is drawn, too)
      window.scrollTo(0, 0);
      requestAnimationFrame(() => requestAnimationFrame(() => window.scrollTo(0, 0)));
    }
  };
  const popped = () => model.send_msg({ search: window.location.search });
  window.addEventListener("popstate", popped);
  model.on("remove", () => window.removeEventListener("popstate", popped));
  model.on("nav", apply);
  apply();
  const el = document.createElement("span");
  el.hidden = true;
  return el;
}
"""

    def __init__(self, on_pop: Callable[[str], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_pop = on_pop
        self._n = 0

    @property
    def url(self) -> str:
        """The address shown (its query, ``?…``)."""
        return str(self.nav.get("url", ""))

    def set_address(self, url: str, *, replace: bool = False, top: bool = False, force: bool = False) -> None:
        """Show ``url`` (a query, ``?page=…``): a new history entry, or in place of the
        current one; ``top``: scroll the page to its top; ``force``: even if it is the
        address last shown (the browser has gone elsewhere since)."""
        if url == self.url and not (top or force):
            return
        self._n += 1
        self.nav = {"url": url, "replace": replace, "top": top, "n": self._n}

    def _handle_msg(self, data: Any) -> None:
        search = data.get("search") if isinstance(data, dict) else None
        if isinstance(search, str) and self.on_pop is not None:
            self.on_pop(search)


DIALOG_CSS = """
:host { display: contents; }
.veil { position: fixed; inset: 0; z-index: 1000; pointer-events: auto; display: flex; align-items: center;
  justify-content: center; background: rgba(20, 30, 40, 0.72); padding: 1em; }
.veil[hidden] { display: none; }
.box { background: #fbf6ea; color: #1d2b36; max-width: 36em; width: 100%; border-radius: 1em;
  padding: 1.4em 1.6em; box-shadow: 0 0.5em 2em rgba(0, 0, 0, 0.4); font-size: 1.2em; }
.box h2 { margin: 0 0 0.4em 0; font-size: 1.5em; }
.box p { margin: 0 0 1.2em 0; line-height: 1.4; }
.answers { display: flex; flex-wrap: wrap; gap: 0.8em; }
.answers button { font: inherit; font-weight: 600; cursor: pointer; min-height: 3.2em; min-width: 8em;
  padding: 0.5em 1.2em; border-radius: 0.6em; flex: 1 1 12em; }
.answers .stay { background: #1f5f8b; color: #ffffff; border: 0.12em solid #123c59; }
.answers .leave { background: #fffdf7; color: #1d2b36; border: 0.12em solid #1f5f8b; }
.answers button:focus-visible { outline: 0.25em solid #1d2b36; outline-offset: 0.2em;
  box-shadow: 0 0 0 0.45em #f0b400; }
"""


class LeaveDialog(JSComponent):
    """"Leave this game?": shown while ``open``; ``on_answer(True)`` to leave, ``(False)`` to
    stay (the Stay button has the focus; Escape stays)."""

    open = param.Boolean(default=False)
    title = param.String(default="")
    message = param.String(default="")
    leave_label = param.String(default="")
    stay_label = param.String(default="")

    _esm = """
export function render({ model }) {
  const veil = document.createElement("div");
  veil.className = "veil leave-veil";
  const box = document.createElement("div");
  box.className = "box";
  box.setAttribute("role", "alertdialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-labelledby", "leave-title");
  box.setAttribute("aria-describedby", "leave-message");
  const h = document.createElement("h2");
  h.id = "leave-title";
  const p = document.createElement("p");
  p.id = "leave-message";
  const stay = document.createElement("button");
  stay.type = "button";
  stay.className = "stay";
  const leave = document.createElement("button");
  leave.type = "button";
  leave.className = "leave";
  const answers = document.createElement("div");
  answers.className = "answers";
  answers.append(stay, leave);
  box.append(h, p, answers);
  veil.append(box);
  const answer = (yes) => model.send_msg({ leave: yes });
  stay.addEventListener("click", () => answer(false));
  leave.addEventListener("click", () => answer(true));
  veil.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); answer(false); }
    else if (e.key === "Tab") {  // the focus stays in the question
      e.preventDefault();
      const active = veil.getRootNode().activeElement;
      (active === stay ? leave : stay).focus();
    }
  });
  let before = null;  // what had the focus before the question: it gets it back after
  const focused = () => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el;
  };
  const draw = () => {
    h.textContent = model.title;
    p.textContent = model.message;
    stay.textContent = model.stay_label;
    leave.textContent = model.leave_label;
    const opening = model.open && veil.hidden;
    if (opening) before = focused();
    if (!model.open && !veil.hidden && before && before.isConnected) before.focus();
    veil.hidden = !model.open;
    if (opening) requestAnimationFrame(() => stay.focus());
  };
  veil.hidden = true;
  model.on(["open", "title", "message", "leave_label", "stay_label"], draw);
  draw();
  return veil;
}
"""
    _stylesheets: ClassVar[list[str]] = [DIALOG_CSS]

    def __init__(self, on_answer: Callable[[bool], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_answer = on_answer

    def answer(self, leave: bool) -> None:
        """What a click does: told to ``on_answer`` while the question is open."""
        if self.open and self.on_answer is not None:
            self.on_answer(leave)

    def _handle_msg(self, data: Any) -> None:
        if isinstance(data, dict) and isinstance(data.get("leave"), bool):
            self.answer(data["leave"])
