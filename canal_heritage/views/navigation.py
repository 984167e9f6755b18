"""Never lost: the address follows the page, and leaving a game asks first.

:class:`History` keeps the browser's address in step with the exhibit's page: each page
change pushes an entry (so the browser's Back and Forward buttons work), a change that is
not a new page (the language, another place in the explorer) replaces it, and the page is
scrolled to the top when a new page opens. When the visitor presses Back or Forward the
browser's new address is sent to the server, which shows that page.

:class:`LeaveDialog` is the "Leave this game?" question: the exhibit's modal question
(:mod:`.modal`, shared with the kiosk's "Still there?") with two large buttons; it takes the
keyboard's focus and keeps it, and Escape answers "stay".

:class:`VisitorKeeper` keeps the browser's visitor token: the exhibit keeps a game in progress
in the store under it, and offers to resume it after the server restarts.
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
      focusHeading(headings());
    }
  };
  // the keyboard's focus goes to the new page's heading (a screen reader
  // reads it; the next Tab is the page's first control), not to the page's body
  const headings = () => {
    const found = [];
    const walk = (root, depth) => {
      if (depth > 12) return;
      for (const h of root.querySelectorAll("h1")) found.push(h);
      for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot, depth + 1);
    };
    walk(document, 0);
    return found;
  };
  let asked = 0;
  const deep = (r) => (r.activeElement && r.activeElement.shadowRoot)
    ? deep(r.activeElement.shadowRoot) : r.activeElement;
  const focusHeading = (old) => {
    const mine = ++asked;
    const was = deep(document);  // the control that opened the page (it may linger a moment)
    let frames = 0, held = 0;
    const look = () => {
      // a newer page, or nothing came (2 s), or the focus stayed put a while (Panel may draw a
      // page's parts again just after it is shown: the focus would drop to the body)
      if (mine !== asked || ++frames > 120 || held > 20) return;
      // the new page's heading; after a few frames, any heading in sight (the new page may
      // have been drawn before the address came)
      const shown = headings().filter((e) => e.getClientRects().length);
      const h = shown.find((e) => !old.includes(e)) || (frames > 6 ? shown[0] : undefined);
      const active = deep(document);
      if (h && active === h) { held++; requestAnimationFrame(look); return; }
      if (h && (!active || active === document.body || active === was)) {
        h.setAttribute("tabindex", "-1");
        h.style.outline = h.style.outline || "none";  // a heading, not a control: no ring
        h.focus({ preventScroll: true });
        held = 0;
      } else if (h) return;  // the visitor (or a question that asks, a dialog) has the focus elsewhere
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
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


class VisitorKeeper(JSComponent):
    """This browser's visitor token, kept in its ``localStorage`` (never in the address): the
    key to the games the exhibit keeps for it (:mod:`canal_heritage.rooms.visitor`).

    When the page opens it sends ``{"visitor": token or null}`` (told to ``on_hello``);
    :meth:`keep` stores a token the server made for a browser that had none."""

    order = param.Dict(default={}, doc="{'n': int, 'keep': token}")

    _esm = """
const KEY = "canal-heritage-visitor";
export function render({ model }) {
  let done = 0;
  const apply = () => {
    const order = model.order || {};
    if (!order.n || order.n === done) return;
    done = order.n;
    try { if (typeof order.keep === "string") window.localStorage.setItem(KEY, order.keep); } catch (e) {}
  };
  model.on("order", apply);
  apply();
  let token = null;
  try { token = window.localStorage.getItem(KEY); } catch (e) {}
  model.send_msg({ visitor: token });
  const el = document.createElement("span");
  el.hidden = true;
  return el;
}
"""

    def __init__(self, on_hello: Callable[[str | None], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_hello = on_hello
        self._n = 0

    def keep(self, token: str) -> None:
        """Store ``token`` in the browser."""
        self._n += 1
        self.order = {"n": self._n, "keep": token}

    def _handle_msg(self, data: Any) -> None:
        if not isinstance(data, dict) or "visitor" not in data or self.on_hello is None:
            return
        token = data.get("visitor")
        self.on_hello(token if isinstance(token, str) else None)


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


# ---------------------------------------------------------------------- to another address
def navigate(search: str) -> bool:
    """Load this page again at its path with ``search`` (``?code=K4TXA&lang=fr``): a real page
    load, which a proxy routes by the new address. Done once the page has loaded, if it has not
    yet. False outside a server's page (nothing to navigate)."""
    import panel as pn

    doc = pn.state.curdoc
    if doc is None or doc.session_context is None:
        return False

    def go() -> None:
        location = pn.state.location
        if location is None:
            return
        location.search = search  # the address first (the history only) ...
        location.reload = True  # ... then the page loads it

    _NAVIGATING.add(id(doc))
    doc.on_session_destroyed(lambda _context: _NAVIGATING.discard(id(doc)))
    pn.state.onload(go)
    return True


#: the documents (by id) of the pages this server is sending to another address (:func:`navigate`)
_NAVIGATING: set[int] = set()


def navigating() -> bool:
    """Whether this page is being loaded again at another address (:func:`navigate`): it
    says "Connecting…" rather than what it would say of a room it does not hold."""
    import panel as pn

    doc = pn.state.curdoc
    return doc is not None and id(doc) in _NAVIGATING
