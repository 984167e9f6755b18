"""Never lost: the address follows the page, and leaving a game asks first (issue 13, item 8).

:class:`History` keeps the browser's address in step with the exhibit's page: each page
change pushes an entry (so the browser's Back and Forward buttons work), a change that is
not a new page (the language, another place in the explorer) replaces it, and the page is
scrolled to the top when a new page opens. When the visitor presses Back or Forward the
browser's new address is sent to the server, which shows that page.

:class:`LeaveDialog` is the "Leave this game?" question: the exhibit's modal question
(:mod:`.modal`, shared with the kiosk's "Still there?") with two large buttons; it takes the
keyboard's focus and keeps it, and Escape answers "stay".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import param
from panel.custom import JSComponent

from .modal import Modal


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


class LeaveDialog(Modal):
    """"Leave this game?": the exhibit's modal question (:class:`~.modal.Modal`), shown while
    ``open``; ``on_answer(True)`` to leave, ``(False)`` to stay. The Stay button has the
    focus; Tab goes from one answer to the other; Escape stays."""

    leave_label = param.String(default="")
    stay_label = param.String(default="")

    def __init__(self, on_answer: Callable[[bool], Any] | None = None, **params: Any) -> None:
        params.setdefault("prefix", "leave")
        params.setdefault("dismiss", "stay")
        super().__init__(on_answer=None, **params)
        self._on_leave = on_answer
        self.on_answer = lambda answer: self._on_leave(answer == "leave") if self._on_leave is not None else None
        self._sync()
        self.param.watch(lambda *_: self._sync(), ["leave_label", "stay_label"])

    def _sync(self) -> None:
        self.answers = [["stay", self.stay_label, "stay primary"], ["leave", self.leave_label, "leave"]]

    def answer(self, leave: bool) -> None:
        """What a click does: told to ``on_answer`` while the question is open."""
        self.give("leave" if leave else "stay")
