"""The classroom's pages: a student's device (``/join``) and the teacher's (``/teacher``).

A student's page asks for the room's code (or takes it from the QR code's address), then a free
seat and a first name, and shows that seat's table: a replica of the room's match whose viewer
is the seat (:class:`~canal_heritage.rooms.room.Replica`), so the page only ever holds that
seat's hand. The seat's token is kept by the browser (:class:`SeatKeeper`, ``localStorage``),
never in the address, so a reload, a sleeping tablet or a lost connection comes back to the seat.

The teacher's page opens rooms (the game, the seats, the language, the pace) and shows one on
the projector: its code and the QR code of its join address; who is connected and whose turn
it is; the public table (a replica with no viewer: never a hand) with its narration; the pause
and step control; and for each seat "free the seat" and "a bot plays for them". While a seat is
free (the class joining, or a latecomer) the QR code and the code fill the screen's height, read
from the back row (at 1920×1080 the QR code 44 % of the height, the code's letters 14 %); once
every seat is taken they shrink to a band in the top corner, the code still readable, and the
table has the screen. The table is drawn for a class watching (``watch_only``): none of a
player's controls ("Let's play", "How to play", take back, the hint), only the teacher's.
Results of each class are listed with a CSV download and "forget this class".

Both pages only call the room (:class:`~canal_heritage.rooms.room.Room`) and the hub; the
rules stay in the engines.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import partial
from typing import Any, ClassVar

import panel as pn
import param
from panel.custom import JSComponent

from ... import games
from ...i18n import LANGUAGE_NAMES, LANGUAGES, translator
from ...rooms import codes
from ...rooms.hub import Hub, RoomPlan, SeatPlan, bot_levels
from ...rooms.overview import RoomEnd
from ...rooms.qr import join_qr_svg
from ...rooms.room import Refusal, Replica, Room, device
from ...store.lesson_stats import question_stats
from .. import screens
from ..theme import ACCENT, BUTTON_CSS, CANAL, INK, MUTED, PAPER, PLANE, SURFACE, button, html, root_styles, text
from .class_view import ClassView
from .lesson_end import lesson_end_page, slug
from .lesson_results import lesson_tables

log = logging.getLogger(__name__)

#: The student's name field: as long as the store keeps (a first name or a nickname).
NAME_MAX = 24

PAGE_CSS = f"""
:host {{ max-width: min(60em, 100%); min-width: 0; margin: 0 auto; padding: 0.6em 1em 2em; box-sizing: border-box; }}
h1 {{ font-size: 1.95em; margin: 0.3em 0 0.2em; line-height: 1.15; }}
h2 {{ font-size: 1.4em; margin: 0.6em 0 0.3em; }}
p {{ line-height: 1.45; }}
.hint {{ color: {MUTED}; }}
"""

#: The teacher's rooms and form: the whole width of a projector or a wide laptop (two or three
#: rooms' cards to a line beside the form), not a column of reading width.
WIDE_PAGE_CSS = ":host { max-width: min(110em, 100%); }"

STATUS_CSS = f"""
.note {{ margin: 0.3em 0; padding: 0.5em 0.9em; border-radius: 0.6em; font-size: 1.1em; line-height: 1.35; }}
.note.problem {{ background: #fff3cd; border: 0.12em solid {ACCENT}; color: {INK}; }}
.note.ok {{ background: #e6f2e3; border: 0.12em solid {PLANE}; color: {INK}; }}
"""

INPUT_CSS = """
input { font-size: 1.3em !important; min-height: max(2.4em, 44px) !important; height: auto !important;
  padding: 0.2em 0.5em !important; box-sizing: border-box; }
select { font-size: 1.1em !important; min-height: max(2.6em, 44px) !important; height: auto !important;
  box-sizing: border-box; }
label { font-size: 1.05em; font-weight: 600; white-space: normal; line-height: 1.25; }
"""

#: A form's field: as wide as the page allows, up to a comfortable line (a phone's 360 px
#: window included: fixed widths made the teacher's page scroll sideways).
FIELD: dict[str, Any] = {"sizing_mode": "stretch_width", "max_width": 460}

#: A button whose words wrap on a narrow window (a room's long label on a phone).
WRAP_CSS = BUTTON_CSS + ".bk-btn { white-space: normal; text-align: left; line-height: 1.25; }"

#: A form's last button, kept at the bottom of the window while the form is in view (the
#: teacher's "Open the room" under a long form on a laptop), on the page's paper.
STICKY_CSS = f"""
:host {{ position: sticky !important; bottom: 0; z-index: 20; background: {PAPER};
  padding: 0.4em 0; box-shadow: 0 -0.55em 0.6em -0.55em rgba(29, 43, 54, 0.35); }}
"""

CODE_INPUT_CSS = INPUT_CSS + """
input { font-size: 2em !important; letter-spacing: 0.25em; text-transform: uppercase;
  font-family: ui-monospace, "DejaVu Sans Mono", monospace; max-width: 9em; }
"""

#: The teacher's PIN: its digits large and spaced, and the field's show/hide eye beside them
#: (Bokeh stretches the eye over the whole widget, its label's lines too), with room left for it.
PIN_INPUT_CSS = INPUT_CSS + """
input { font-size: 1.5em !important; letter-spacing: 0.2em; padding-right: 2em !important;
  font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.bk-toggle { top: auto !important; bottom: 0; height: max(3.6em, 44px) !important; width: 2.8em !important;
  mask-size: 1.3em 1.3em !important; -webkit-mask-size: 1.3em 1.3em !important; }
"""


class PinInput(pn.widgets.PasswordInput):
    """A password field whose Enter submits, as the room code's field does: Panel's
    ``PasswordInput`` has no ``enter_pressed``, but Bokeh's field sends a ``value_submit``
    event on Enter, as its text field does."""

    enter_pressed = param.Event(doc="Enter was pressed in the field (its value is then up to date).")

    _rename: ClassVar[dict[str, str | None]] = {"enter_pressed": None}

    def _get_model(self, doc: Any, root: Any = None, parent: Any = None, comm: Any = None) -> Any:
        model = super()._get_model(doc, root, parent, comm)
        self._register_events("value_submit", model=model, doc=doc, comm=comm)
        return model

    def _process_event(self, event: Any) -> None:
        if getattr(event, "event_name", None) == "value_submit":
            typed = str(getattr(event, "value", "") or "")
            self.value_input = typed
            self.value = typed
            self.enter_pressed = True

SEAT_BUTTON_CSS = f"""
:host {{ --touch: 3.5em; }}
.bk-btn.bk-btn-default {{ min-height: 3.5em; font-size: 1.15em; font-weight: 600; border-radius: 0.6em;
  padding: 0.5em 1em; white-space: normal; line-height: 1.25; text-align: left; background: {SURFACE}; color: {INK};
  border: 0.15em solid {CANAL}; width: 100%; box-sizing: border-box; }}
.bk-btn.bk-btn-default:hover {{ background: #e8f0f6; }}
.bk-btn:focus-visible {{ outline: 0.2em solid {INK}; outline-offset: 0.15em; }}
.bk-btn.bk-btn-default:disabled {{ opacity: 1; color: {MUTED}; border-style: dashed; border-color: {MUTED};
  background: transparent; cursor: default; }}
"""

BAND_CSS = f"""
.room-band {{ display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em 1.2em; background: {SURFACE};
  border: 0.1em solid {CANAL}; border-radius: 0.6em; padding: 0.3em 0.8em; font-size: 1em; }}
.room-band .code {{ font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-weight: 700;
  letter-spacing: 0.15em; }}
.room-band .paused, .room-band .away {{ color: {ACCENT}; font-weight: 700; }}
"""

#: A room on the projector, read from the back row of a classroom (8 m from a 1920×1080 screen).
#: While the class joins (a seat still free) the QR code and the code take the screen's height: the
#: QR code's box 56 % of it (its modules 44 %, inside the white border of four modules the QR
#: standard asks for), the code in type 19 % of it (its capital letters about 14 %), QR code and
#: code side by side, stacked on a window taller than wide. Once every seat is taken the card is a
#: band in the top corner (``.compact``), beside the teacher's controls, the code still 2.8 em.
JOIN_QR = "min(56vh, 86vw)"
PROJECTOR_CSS = f"""
.join-card {{ display: flex; gap: 0.6em 2.5vw; align-items: center; background: #fff;
  border: 0.15em solid {CANAL}; border-radius: 0.8em; padding: 0.6em 1.2em; box-sizing: border-box; }}
.join-card p {{ margin: 0.1em 0; }}
.join-card .qr {{ width: {JOIN_QR}; height: {JOIN_QR}; flex: none; }}
.join-card .join-words {{ flex: 1 1 auto; min-width: 0; }}
.join-card .join-with, .join-card .scan {{ font-size: max(1.3em, 3.4vh); }}
.join-card .big-code {{ font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-weight: 800;
  font-size: min(19vh, calc((100vw - {JOIN_QR} - 8em) / 4.2)); letter-spacing: 0.2em; line-height: 1;
  white-space: nowrap; color: {INK}; margin: 0.04em 0 0.12em; }}
.join-card .address {{ font-size: max(1.2em, 3.2vh); overflow-wrap: anywhere; }}
.join-card .warning {{ color: {ACCENT}; font-weight: 600; }}
@media (orientation: portrait) {{
  .join-card:not(.compact) {{ flex-direction: column; text-align: center; }}
  .join-card:not(.compact) .join-words {{ width: 100%; }}
  .join-card:not(.compact) .big-code {{ font-size: min(19vh, 17vw); text-indent: 0.2em; }}  /* centred */
}}
.join-card.compact {{ padding: 0.25em 0.8em; gap: 0.8em; }}
.join-card.compact .qr {{ width: 5.5em; height: 5.5em; }}
.join-card.compact .join-words {{ max-width: 15em; }}
.join-card.compact .join-with {{ font-size: 1em; }}
.join-card.compact .big-code {{ font-size: 2.8em; }}
.join-card.compact p {{ margin: 0.05em 0; }}
.join-card.compact .address {{ font-size: 0.9em; }}
.join-card.compact .warning {{ display: none; }}  /* said while the class joined, when it mattered */
.seat-list {{ list-style: none; padding: 0; margin: 0.3em 0; display: grid; gap: 0.3em; }}
.seat-list li {{ display: flex; align-items: center; gap: 0.6em; font-size: 1.15em; }}
.seat-list .dot {{ font-size: 1.2em; width: 1.2em; text-align: center; }}
.room-paused {{ margin: 0.2em 0; font-size: 1.15em; font-weight: 700; color: {ACCENT}; }}
.results {{ border-collapse: collapse; font-size: 1em; }}
.results th, .results td {{ border: 0.06em solid {MUTED}; padding: 0.3em 0.6em; text-align: left; }}
/* on a phone each game is a card of four lines, each named, rather than a table wider than the screen */
@media (max-width: 40em) {{
  .results, .results tbody, .results tr, .results td {{ display: block; }}
  .results thead {{ position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }}
  .results tr {{ border: 0.06em solid {MUTED}; margin: 0 0 0.5em; padding: 0.2em 0; }}
  .results td {{ border: none; padding: 0.15em 0.6em; }}
  .results td::before {{ content: attr(data-label); display: block; font-size: 0.8em; font-weight: 600; }}
}}
"""

#: The join card's place in the projector's top row (its box): the whole width while the class
#: joins; once every seat is taken, the top right corner, after the teacher's controls.
JOINING_CARD = {"flex": "1 1 100%", "min-width": "0"}
CORNER_CARD = {"flex": "0 1 auto", "order": "1", "min-width": "0", "margin-left": "auto"}

#: A student's table fits the screen under the room's band (no scrolling while playing).
FIT_UNDER_BAND = ":host { height: calc(100vh - 2.6em) !important; height: calc(100dvh - 2.6em) !important; }"
#: The projector's public table under the room's card and controls: as tall as its content (the
#: page scrolls, never a region inside it), in large type for the back of the classroom.
NATURAL_HEIGHT = ":host { height: auto !important; } .table-body { flex: none !important; }"

#: The form's choices: the chosen one filled and ticked, the others outlined (never colour alone).
CHOICE_CSS = f"""
.bk-btn {{ font-size: 1.1em; min-height: 2.75em; min-width: 2.75em; padding: 0.3em 1em; font-weight: 600; }}
.bk-btn.bk-btn-primary:not(.bk-active) {{ background: {SURFACE} !important; color: {INK} !important;
  border: 0.12em solid {CANAL} !important; }}
.bk-btn.bk-btn-primary.bk-active {{ background: {CANAL} !important; color: #fff !important;
  border: 0.12em solid #123c59 !important; }}
.bk-btn.bk-active::before {{ content: "✓ " / ""; }}
.bk-btn:focus-visible {{ outline: 0.2em solid {INK}; outline-offset: 0.15em; z-index: 1; }}
"""

#: The bots' levels in words (the set-up pages' words).
LEVEL_WORDS = {"random": "Beginner", "heuristic": "Steady", "expert": "Expert"}


def level_words(tr: Any, level: str | None) -> str:
    """A bot level as the set-up pages name it (Beginner, Steady, Expert)."""
    return str(tr.ui("setup.level", LEVEL_WORDS.get(level or "", level or "")))


#: The projector's pace: seconds between two bot actions as the class sees them.
PACES = {"slow": 2.0, "normal": 1.0, "fast": 0.4}


def note(message: str, kind: str = "problem") -> str:
    """A message for the person at the device (escaped), as a live region."""
    if not message:
        return ""
    role = "alert" if kind == "problem" else "status"
    return f"<p class='note {kind}' role='{role}'>{text(message)}</p>"


def seat_mark(room: Room, seat: int) -> str:
    """A seat's shape and the game's name for it (an engineer, or a colour): never a colour alone."""
    return screens.seat_mark(room.match, seat)


# ---------------------------------------------------------------------- the browser's memory
class SeatKeeper(JSComponent):
    """The seats this browser holds, kept in its ``localStorage`` (never in the address).

    When the page opens it sends ``{"seats": {code: token, ...}}`` to the server (told to
    ``on_hello``); :meth:`keep` stores a new seat's token, :meth:`forget` drops one (a seat
    freed by the teacher, a closed room). ``address`` replaces the page's address (``?code=…``)
    without reloading."""

    store = param.Dict(default={}, doc="{'n': int, 'keep': {code: token}, 'forget': [code], 'address': str, "
                                             "'pass': str}")

    _esm = """
const KEY = "canal-heritage-seats";
const PASS = "canal-heritage-teacher-pass";
function load() {
  try { const s = JSON.parse(window.localStorage.getItem(KEY) || "{}"); return (s && typeof s === "object") ? s : {}; }
  catch (e) { return {}; }
}
export function render({ model }) {
  let done = 0;
  const apply = () => {
    const order = model.store || {};
    if (!order.n || order.n === done) return;
    done = order.n;
    const seats = load();
    for (const [code, token] of Object.entries(order.keep || {})) seats[code] = token;
    for (const code of order.forget || []) delete seats[code];
    try { window.localStorage.setItem(KEY, JSON.stringify(seats)); } catch (e) {}
    if (typeof order.pass === "string") {
      try { window.sessionStorage.setItem(PASS, order.pass); } catch (e) {}
    }
    if (typeof order.address === "string" && order.address !== window.location.search) {
      window.history.replaceState({}, "", window.location.pathname + order.address);
    }
  };
  model.on("store", apply);
  apply();
  let pass = null;
  try { pass = window.sessionStorage.getItem(PASS); } catch (e) {}
  model.send_msg({ seats: load(), pass: pass });
  const el = document.createElement("span");
  el.hidden = true;
  return el;
}
"""

    def __init__(self, on_hello: Callable[[dict[str, str]], Any] | None = None,
                 on_pass: Callable[[str], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_hello = on_hello
        self.on_pass = on_pass
        self._n = 0
        self._kept: dict[str, str] = {}
        self._forgot: set[str] = set()
        self._address: str | None = None
        self._pass: str | None = None

    def _send(self, **order: Any) -> None:
        """Send ``order`` with every order before it, folded: two orders in one tick reach the
        page as the last one only, and applying one again changes nothing."""
        self._n += 1
        for code, token in order.get("keep", {}).items():
            self._kept[code] = token
            self._forgot.discard(code)
        for code in order.get("forget", []):
            self._forgot.add(code)
            self._kept.pop(code, None)
        self._address = order.get("address", self._address)
        self._pass = order.get("pass", self._pass)
        folded: dict[str, Any] = {"n": self._n, "keep": dict(self._kept), "forget": sorted(self._forgot)}
        if self._address is not None:
            folded["address"] = self._address
        if self._pass is not None:
            folded["pass"] = self._pass
        self.store = folded

    def keep(self, code: str, token: str, address: str | None = None) -> None:
        self._send(keep={code: token}, **({"address": address} if address is not None else {}))

    def forget(self, code: str) -> None:
        self._send(forget=[code])

    def keep_pass(self, given: str) -> None:
        """Keep the teacher's pass (:func:`~canal_heritage.rooms.codes.teacher_pass`) in this
        tab's ``sessionStorage``: gone when the tab is closed."""
        self._send(**{"pass": given})

    def set_address(self, address: str) -> None:
        self._send(address=address)

    def _handle_msg(self, data: Any) -> None:
        given = data.get("pass") if isinstance(data, dict) else None
        if isinstance(given, str) and self.on_pass is not None:
            self.on_pass(given[:100])
        seats = data.get("seats") if isinstance(data, dict) else None
        if not isinstance(seats, dict) or self.on_hello is None:
            return
        clean = {str(k)[:8]: str(v)[:64] for k, v in list(seats.items())[:50]
                 if isinstance(k, str) and isinstance(v, str)}
        self.on_hello(clean)


def stop_following(room: Room | None, listener: Callable[[Room], None], replica: Replica | None,
                   table: Any) -> None:
    """A page stops following ``room`` (a student's device, the teacher's projector): its
    ``listener`` is removed, its ``replica`` of the room's match let go and its ``table``'s
    watchers disposed."""
    if room is not None:
        if listener in room.listeners:
            room.listeners.remove(listener)
        if replica is not None:
            room.leave(replica)
    if table is not None:
        table.dispose()


def page_dispatcher() -> Callable[[Callable[[], None]], None] | None:
    """How the room's changes reach this page: on its document's next tick, where its
    components (Panel's and the maps' Bokeh models) may be changed (None outside a server)."""
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None:
        return None

    def dispatch(change: Callable[[], None]) -> None:
        try:
            doc.add_next_tick_callback(change)
        except Exception:  # the page has closed meanwhile
            log.debug("a room's change for a closed page was dropped")

    return dispatch


class ScrollFocus(JSComponent):
    """Regions of a table that scroll inside (the players' column on a tablet under the room's
    band) take the keyboard's focus, so that they can be scrolled without a mouse (WCAG 2.1.1,
    axe-core's "scrollable-region-focusable"). Found through the page's shadow roots (looked
    for once a second), then checked whenever its size or its parts' sizes change; a region
    that no longer scrolls gives its place in the tab order back."""

    label = param.String(default="", doc="the regions' accessible name")

    _esm = """
const SELECTOR = ".players";
function regions(root, out) {
  for (const el of root.querySelectorAll("*")) {
    if (el.matches(SELECTOR)) out.push(el);
    if (el.shadowRoot) regions(el.shadowRoot, out);
  }
  return out;
}
export function render({ model }) {
  const check = () => {
    for (const el of regions(document, [])) {
      const scrolls = el.scrollHeight > el.clientHeight + 1;
      if (scrolls && !el.hasAttribute("tabindex")) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "region");
        el.setAttribute("aria-label", model.label);
        el.dataset.scrollFocus = "1";
      } else if (!scrolls && el.dataset.scrollFocus) {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
        delete el.dataset.scrollFocus;
      }
    }
  };
  // a region that starts (or stops) scrolling is seen at once: its size and its parts' sizes
  // are watched (a band drawn above it, a hand growing); the check each second finds new regions
  const watched = new WeakSet();
  const resized = new ResizeObserver(() => check());
  const watch = () => {
    for (const el of regions(document, [])) {
      for (const part of [el, ...el.children, ...(el.shadowRoot ? el.shadowRoot.children : [])]) {
        if (!watched.has(part)) { watched.add(part); resized.observe(part); }
      }
    }
    check();
  };
  const timer = setInterval(watch, 1000);
  model.on("remove", () => { clearInterval(timer); resized.disconnect(); });
  watch();
  const el = document.createElement("span");
  el.hidden = true;
  return el;
}
"""


# ---------------------------------------------------------------------- a student's device
class JoinPage(pn.viewable.Viewer):
    """A student's device: the code, then a seat and a name, then that seat's table.

    Args:
        hub: the server's rooms.
        code: the code in the address (``/join?code=…``), maybe empty.
        lang: the page's language.
        client: the device's id for logs and the join limit (a keyed hash, never the address).
    """

    def __init__(self, hub: Hub, *, code: str = "", lang: str = "fr", client: str = "") -> None:
        super().__init__()
        self.hub = hub
        self.lang = lang if lang in LANGUAGES else "fr"
        self.client = client
        self.typed = code
        self.room: Room | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.replica: Replica | None = None
        self.table: Any = None
        self.seats_kept: dict[str, str] | None = None
        self.stage = "waiting"  # waiting | code | seat | table
        self.keeper = SeatKeeper(on_hello=self._hello, styles={"position": "absolute", "width": "0"})
        self._note = html("", css_classes=["join-note"], stylesheets=[STATUS_CSS], sizing_mode="stretch_width",
                          margin=(0, 0))
        self._body = pn.Column(sizing_mode="stretch_width", margin=0)
        self._root = pn.Column(self._body, self.keeper, sizing_mode="stretch_width", styles=root_styles(False),
                               css_classes=["exhibit", "join-page"], margin=0)
        self._draw_waiting()

    def __panel__(self) -> pn.Column:
        return self._root

    @property
    def tr(self) -> Any:
        return translator(self.lang)

    # ------------------------------------------------------------------ arriving
    def _hello(self, seats: dict[str, str]) -> None:
        """The browser said which seats it holds: back to a seat of this room, or choose one."""
        self.seats_kept = seats
        self._open(self.typed, quiet=not self.typed)

    def _open(self, typed: str, *, quiet: bool = False) -> None:
        """Look ``typed`` up (:meth:`Hub.look_up`: limited per client, logged, and a code no room
        here holds asked of the store in its thread), then show the room's seats, this device's
        seat, or why not. In a server the answer comes on the page's next turn; outside one
        (tests), before this returns."""
        if self.stage == "table":
            return
        if quiet and codes.normalize_code(typed or "") is None:  # nothing typed yet: the code's field
            self._draw_code()
            return

        async def look_up() -> None:
            await self._look_up(typed, quiet=quiet)

        _later(look_up)

    async def _look_up(self, typed: str, *, quiet: bool = False) -> None:
        code = codes.normalize_code(typed or "")
        room, found = await self.hub.look_up(typed, client=self.client, lang=self.lang)
        if self.stage == "table":  # seated meanwhile (another look-up, sent before this one)
            return
        if room is None and code is not None and _navigating():
            self._draw_code()
            self._note.object = note(self.tr.ui("room.connecting", "Connecting…"), "ok")  # to the room's server
            return
        if room is None:
            self._draw_code("" if quiet else found.message)
            return
        self.room = room
        self.keeper.set_address("?" + _query(code=room.code, lang=self.lang))
        token = (self.seats_kept or {}).get(room.code)
        if token:
            _, back = self.hub.rejoin(room.code, token, client=self.client, lang=self.lang)
            if back.ok and back.seat is not None:
                self._sit(back.seat, token)
                return
            if back.refusal is Refusal.TOO_MANY_TRIES:  # the seat may still be this device's: kept
                self._draw_code(back.message)
                return
            self.keeper.forget(room.code)
            self._draw_seats(self.tr.ui("room.seat_lost", "This device no longer holds a seat in this room (the "
                                        "teacher may have freed it): choose a seat again."))
            return
        self._draw_seats("")

    # ------------------------------------------------------------------ screens
    def _frame(self, *parts: Any) -> None:
        self._body.objects = [pn.Column(*parts, sizing_mode="stretch_width", stylesheets=[PAGE_CSS], margin=0)]

    def _draw_waiting(self) -> None:
        self._frame(html("<h1>" + text(self.tr.ui("room.join_title", "Join your class’s game")) + "</h1>"
                         "<p class='hint'>" + text(self.tr.ui("room.connecting", "Connecting…")) + "</p>"))

    def _draw_code(self, message: str = "") -> None:
        shown = getattr(self, "_code_shown", None)
        if self.stage == "code" and shown is not None and shown == (self.lang, id(self._body.objects[0])):
            # the code's page is already there (a code refused): only what it says changes, the
            # field keeps what was typed and the focus (a new field would lose a code typed meanwhile)
            self._note.object = note(message)
            return
        self.stage = "code"
        tr = self.tr
        self._code_input = pn.widgets.TextInput(label=tr.ui("room.code_label", "The room's code, as on the projector"),
                                                placeholder="K4TXA", max_length=8, value=self.typed or "",
                                                # the field's "as typed" too: Enter on the code shown again,
                                                # not typed again, sends it (not an empty field)
                                                value_input=self.typed or "",
                                                stylesheets=[CODE_INPUT_CSS], css_classes=["room-code-input"],
                                                **FIELD)
        go = button(tr.ui("room.code_go", "Join"), self._code_typed, kind="primary", name="room-code-go")
        go.align = "end"  # level with the field, under its label (the row's own alignment does not reach it)
        self._code_input.param.watch(lambda e: self._code_typed(), "enter_pressed")
        self._note.object = note(message)
        self._frame(html("<h1>" + text(tr.ui("room.join_title", "Join your class’s game")) + "</h1>"
                         "<p>" + text(tr.ui("room.code_help", "Type the code shown on the projector.")) + "</p>"),
                    pn.Row(self._code_input, go, styles={"align-items": "flex-end", "flex-wrap": "wrap"}),
                    self._note, self._language_row())
        self._code_shown = (self.lang, id(self._body.objects[0]))

    def _code_typed(self, _event: Any = None) -> None:
        self.typed = self._code_input.value_input or self._code_input.value or ""
        self._open(self.typed)

    def _draw_seats(self, message: str = "") -> None:
        room = self.room
        assert room is not None
        self.stage = "seat"
        tr = self.tr
        self._name_input = pn.widgets.TextInput(
            label=tr.ui("room.name_label", "Your first name or a nickname"), max_length=NAME_MAX,
            placeholder=tr.ui("room.name_placeholder", "e.g. Léa"), stylesheets=[INPUT_CSS],
            css_classes=["student-name"], value=getattr(self, "_typed_name", ""), **FIELD)
        buttons = []
        for h in room.seats:
            mark = seat_mark(room, h.index)
            if h.kind != "student":
                label, free = tr.ui("room.seat_bot", "{seat}: a bot plays here", seat=mark), False
            elif not h.free:
                label, free = tr.ui("room.seat_held", "{seat}: {name} sits here", seat=mark, name=h.name or "?"), False
            else:
                label, free = tr.ui("room.seat_free", "{seat}: sit here", seat=mark), True
            b = button(label, self._choose(h.index), disabled=not free, name=f"seat-{h.index}",
                       stylesheets=[SEAT_BUTTON_CSS])
            buttons.append(b)
        game = games.kind(room.game).title_in(tr.ui)
        self._note.object = note(message)
        closed = "" if room.open else note(tr.ui("room.closed", "This room is closed."))
        helptext = text(tr.ui("room.seat_help", "Type your first name (or a nickname), then choose a free seat."))
        self._frame(html(f"<h1>{text(game)} · <span style='letter-spacing:0.15em'>{text(room.code)}</span></h1>"
                         f"<p>{helptext}</p>{closed}"),
                    self._name_input, self._note,
                    pn.Column(*buttons, sizing_mode="stretch_width", css_classes=["seat-choices"], margin=(8, 0)),
                    self._language_row())

    def _choose(self, seat: int) -> Callable[[Any], Any]:
        async def choose(_event: Any) -> None:
            await self.take_seat(seat, self._name_input.value_input or self._name_input.value or "")
        return choose

    async def take_seat(self, seat: int, name: str) -> bool:
        """Sit at ``seat`` under ``name`` (what the seat buttons do): True when seated."""
        room = self.room
        if room is None or self.stage != "seat":
            return False
        self._typed_name = name
        out = await self.hub.join(room.code, seat, name, client=self.client, lang=self.lang)
        if not out.ok or out.token is None or out.seat is None:
            if room.open and self.stage == "seat":
                self._draw_seats(out.message)  # the seats as they are now (one may just have been taken)
            return False
        self.keeper.keep(room.code, out.token)
        self._sit(out.seat, out.token)
        return True

    def _sit(self, seat: int, token: str) -> None:
        room = self.room
        assert room is not None
        self.stage, self.seat, self.token = "table", seat, token
        self.replica = room.replica(seat, lang=self.lang, token=token, client=self.client)
        device(self.replica).dispatch = self._dispatch = page_dispatcher()
        # the room's bot workers make the game's review at the end (the room plays its bots itself)
        self.table = screens.table_for(self.replica, on_language=self.set_language, executor=room.bots)
        self._band = html("", stylesheets=[BAND_CSS], sizing_mode="stretch_width", margin=(4, 8, 0, 8))
        room.listeners.append(self._listener)
        self._room_changed(room)
        self.table.__panel__().stylesheets = [*self.table.__panel__().stylesheets, FIT_UNDER_BAND]
        self._scroll_focus = ScrollFocus(label=self.tr.ui("room.players_region", "The players"),
                                         styles={"position": "absolute", "width": "0"})
        self._body.objects = [self._band, self.table, self._scroll_focus]
        if room.open:
            room.kick_bots()

    _dispatch: Callable[[Callable[[], None]], None] | None = None

    def _listener(self, room: Room) -> None:
        """Told by the room after each change: this page follows on its own turn."""
        change = partial(self._room_changed, room)
        change() if self._dispatch is None else self._dispatch(change)

    def _room_changed(self, room: Room) -> None:
        """The room changed (a seat, the pause, the end): the band follows, a lost seat says so."""
        if self.stage != "table" or self.seat is None:
            return
        closed = room.status == "closed"  # a finished game ("over") stays on screen with its end
        if closed or not room.check_token(self.token, self.seat):
            lost = not closed
            self.leave()
            if lost:
                self.keeper.forget(room.code)
                self.room = room
                self._draw_seats(self.tr.ui("room.seat_freed", "The teacher has freed your seat: choose a seat "
                                            "again."))
            else:
                self._draw_closed()
            return
        tr = self.tr
        h = room.seats[self.seat]
        you = tr.ui("room.band_you", "You: {name} ({seat})", name=h.name or "", seat=seat_mark(room, self.seat))
        where = tr.ui("room.band_room", "Room")
        parts = [f"<span>{text(where)} <span class='code'>{text(room.code)}</span></span>",
                 f"<span>{text(you)}</span>"]
        if h.standin:
            standin = tr.ui("room.band_standin", "A bot plays for you for now.")
            parts.append(f"<span class='paused'>{text(standin)}</span>")
        if room.paused:
            parts.append("<span class='paused'>" + text(tr.ui("room.paused", "The teacher has paused the game.")) + ""
                         "</span>")
        turn = room.match.to_move
        if room.open and not room.over and turn is not None and turn != self.seat and room.seats[turn].away:
            away = tr.ui("room.band_away", "{name} is away: the teacher decides whether to wait or let a bot play.",
                         name=room.seats[turn].name or seat_mark(room, turn))
            parts.append(f"<span class='away'>{text(away)}</span>")
        self._band.object = f"<div class='room-band' role='status'>{''.join(parts)}</div>"

    def _draw_closed(self) -> None:
        self.stage = "code"
        thanks = self.tr.ui("room.closed_help", "Thank you for playing. Your teacher has the results.")
        self._frame(html("<h1>" + text(self.tr.ui("room.closed", "This room is closed.")) + f"</h1>"
                         f"<p>{text(thanks)}</p>"))

    def _language_row(self) -> Any:
        buttons = [button(LANGUAGE_NAMES[code], (lambda c: lambda _e: self.set_language(c))(code),
                          kind="primary" if code == self.lang else "default", name=f"lang-{code}")
                   for code in LANGUAGES]
        return pn.Row(*buttons, margin=(12, 0), styles={"flex-wrap": "wrap"})

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            return
        self.lang = lang
        if self.room is not None:
            self.keeper.set_address("?" + _query(code=self.room.code, lang=lang))
        if self.stage == "table" and self.replica is not None:
            self.replica.set_language(lang)
            if self.room is not None:
                self._room_changed(self.room)
        elif self.stage == "seat":
            self._draw_seats()
        elif self.stage == "code":
            self._draw_code()

    def leave(self) -> None:
        """The device leaves its seat's table (the page closed, the seat freed, the room closed)."""
        stop_following(self.room, self._listener, self.replica, self.table)
        self.replica, self.table, self.seat, self.token = None, None, None, None
        self.stage = "code"


# ---------------------------------------------------------------------- the teacher
class RoomForm:
    """The teacher's form of a new room: the class's name (for the results), the game, the
    seats (a student, or a bot of a level, each), the room's language and the bots' pace.
    The seats' choices are made once and kept when the form is drawn again (after "All
    rooms"); the rest starts afresh.

    Args:
        lang: the page's language (the room's own language starts as it).
        on_create: what "Open the room" does.
    """

    def __init__(self, lang: str, *, on_create: Callable[[Any], Any]) -> None:
        self.lang = lang
        self.on_create = on_create
        self.seat_selects: list[pn.widgets.Select] = []

    @property
    def tr(self) -> Any:
        return translator(self.lang)

    def draw(self) -> pn.Column:
        """The form's widgets (new ones; the seats' selects are the same)."""
        tr = self.tr
        today = datetime.now().strftime("%Y-%m-%d")
        self.class_name = pn.widgets.TextInput(label=tr.ui("teacher.class_label", "Class (for the results)"),
                                               value=tr.ui("teacher.class_default", "Class of {day}", day=today),
                                               max_length=80, stylesheets=[INPUT_CSS], css_classes=["class-label"],
                                               **FIELD)
        self.game = pn.widgets.RadioButtonGroup(label=tr.ui("teacher.game", "Game"),
                                                options={k.title_in(tr.ui): k.name for k in games.kinds()},
                                                value=games.names()[0], color="primary",
                                                css_classes=["room-game"], stylesheets=[CHOICE_CSS])
        self.count = pn.widgets.RadioButtonGroup(label=tr.ui("teacher.seats", "Seats"), options=[2, 3, 4], value=3,
                                                 color="primary", css_classes=["room-seats"],
                                                 stylesheets=[CHOICE_CSS])
        self.room_lang = pn.widgets.Select(label=tr.ui("teacher.lang", "Language of the room"),
                                           options={LANGUAGE_NAMES[c]: c for c in LANGUAGES}, value=self.lang,
                                           stylesheets=[INPUT_CSS], css_classes=["room-lang"], width=280)
        self.pace = pn.widgets.Select(label=tr.ui("teacher.pace", "Bots’ pace on the projector"),
                                      options={tr.ui("teacher.pace_slow", "Slow"): "slow",
                                               tr.ui("teacher.pace_normal", "Normal"): "normal",
                                               tr.ui("teacher.pace_fast", "Fast"): "fast"},
                                      value="normal", stylesheets=[INPUT_CSS], css_classes=["room-pace"],
                                      width=280)
        self._seat_choices = pn.Column(margin=0, css_classes=["seat-plan"])
        self.game.param.watch(lambda *_: self.seat_rows(), "value")
        self.count.param.watch(lambda *_: self.seat_rows(), "value")
        self.seat_rows()
        create = button(tr.ui("teacher.create", "Open the room"), self.on_create, kind="primary", name="create-room")
        return pn.Column(self.class_name, html("<strong>" + text(tr.ui("teacher.game", "Game")) + "</strong>"),
                         self.game, html("<strong>" + text(tr.ui("teacher.seats", "Seats")) + "</strong>"),
                         self.count, self._seat_choices,
                         pn.FlexBox(self.room_lang, self.pace, flex_wrap="wrap", margin=0,
                                    sizing_mode="stretch_width"),
                         pn.FlexBox(create, sizing_mode="stretch_width", margin=0, stylesheets=[STICKY_CSS],
                                    css_classes=["create-bar"]),
                         sizing_mode="stretch_width", css_classes=["room-form"])

    def seat_rows(self) -> None:
        """The seats' choices: four selects made once, the first ``count`` shown; a new game
        changes their options (a choice still possible is kept)."""
        tr = self.tr
        levels = list(bot_levels(self.game.value))
        options = {tr.ui("teacher.seat_student", "A student"): "student"}
        for level in levels:
            options[tr.ui("teacher.seat_bot", "A bot: {level}", level=level_words(tr, level))] = f"bot:{level}"
        steady = "heuristic" if "heuristic" in levels else levels[0]
        if not self.seat_selects:
            self.seat_selects = [
                pn.widgets.Select(label=tr.ui("teacher.seat_n", "Seat {n}", n=i + 1), options=options,
                                  value="student" if i < 2 else f"bot:{steady}", stylesheets=[INPUT_CSS],
                                  css_classes=[f"seat-plan-{i}"], width=260)
                for i in range(4)]
        if not self._seat_choices.objects:  # a form drawn again (after "All rooms"): the same selects in it
            self._seat_choices.objects = [pn.FlexBox(*self.seat_selects, flex_wrap="wrap", margin=0,
                                                     sizing_mode="stretch_width")]
        for i, select in enumerate(self.seat_selects):
            value = select.value if select.value in options.values() else ("student" if i < 2 else f"bot:{steady}")
            select.param.update(options=options, value=value, visible=i < self.count.value,
                                name=tr.ui("teacher.seat_n", "Seat {n}", n=i + 1))

    def plan(self) -> RoomPlan:
        """The room the form describes."""
        seats = tuple(SeatPlan("student") if s.value == "student" else SeatPlan("bot", s.value.split(":", 1)[1])
                      for s in self.seat_selects[:self.count.value])
        return RoomPlan(self.game.value, seats, lang=self.room_lang.value, pace=PACES[self.pace.value])

    def class_label(self) -> str:
        """The class's name as typed (even before the field lost the focus)."""
        return self.class_name.value_input or self.class_name.value or ""


class ClassResults:
    """The results section of the teacher's page: for each class (the 20 newest) its finished
    games, the CSV of them and "Forget this class" (asked twice: it deletes the class's rooms
    and results for good).

    The section is made anew each time the page draws its rooms: the page tells by it whether
    the results it read in the store's thread are still the ones to show.

    Args:
        hub: the server's rooms and their store.
        lang: the page's language.
        on_forgotten: what follows a class forgotten, given what to say (the page draws its
            rooms again).
    """

    def __init__(self, hub: Hub, lang: str, *, on_forgotten: Callable[[str], Any]) -> None:
        self.hub = hub
        self.lang = lang
        self.on_forgotten = on_forgotten

    @property
    def tr(self) -> Any:
        return translator(self.lang)

    def draw(self) -> pn.Column:
        """A new section (``box``) saying "Loading…" until :meth:`show`."""
        tr = self.tr
        self.box = pn.Column(
            html("<h2>" + text(tr.ui("teacher.results", "Results")) + "</h2>"),
            html("<p class='hint'>" + text(tr.ui("teacher.loading", "Loading…")) + "</p>"),
            sizing_mode="stretch_width", margin=0, css_classes=["results-section"])
        return self.box

    def show(self, classes: list[tuple[int, str, list[Any]]] | None,
             lessons: dict[int, list[Any]] | None = None) -> None:
        """The results of ``classes`` (each with its finished rooms, read from the store) in the
        section, with what each class answered in the lessons (``lessons``: per class, the
        questions' results, :func:`canal_heritage.store.lesson_stats.question_stats`); None:
        the store could not be read."""
        if classes is None:
            self.box.objects = [html("<h2>" + text(self.tr.ui("teacher.results", "Results")) + "</h2>"),
                                note(self.tr.ui("room.store_down", "The results cannot be read now: "
                                                "try again in a moment."))]
            return
        self.box.objects = self._parts(classes, lessons or {})

    def _parts(self, classes: list[tuple[int, str, list[Any]]], lessons: dict[int, list[Any]]) -> list[Any]:
        """The section's parts for ``classes`` (each with its finished rooms, read from the store)."""
        tr = self.tr
        store = self.hub.store
        parts: list[Any] = [html("<h2>" + text(tr.ui("teacher.results", "Results")) + "</h2>")]
        if not classes:
            nothing = tr.ui("teacher.no_results", "No class has played yet.")
            parts.append(html(f"<p class='hint'>{text(nothing)}</p>"))
        heads = (tr.ui("teacher.col_room", "Room"), tr.ui("teacher.game", "Game"),
                 tr.ui("teacher.col_status", "State"), tr.ui("teacher.col_scores", "Scores (★ winner)"))
        for cid, label, rooms in classes:
            rows = []
            for r in rooms:
                result = r.result or {}
                names = result.get("names") or [s.name or "" for s in r.seats]
                totals = result.get("totals") or []
                winners = {int(w) for w in result.get("winners") or []}
                scores = ", ".join(f"{'★ ' if i in winners else ''}{n}: {t}" for i, (n, t) in
                                   enumerate(zip(names, totals, strict=False)))
                game = games.kind(r.game).title_in(tr.ui)
                status = tr.ui("teacher.finished", "finished") if r.status == "over" else tr.ui("teacher.closed",
                                                                                                 "closed early")
                cells = zip(heads, (r.code, game, status, scores), strict=True)
                rows.append("<tr>" + "".join(f"<td data-label='{text(h)}'>{text(v)}</td>" for h, v in cells)
                            + "</tr>")
            table = ("<table class='results'><thead><tr>" + "".join(f"<th>{text(h)}</th>" for h in heads)
                     + f"</tr></thead><tbody>{''.join(rows)}</tbody></table>") if rows else (
                "<p class='hint'>" + text(tr.ui("teacher.no_finished", "No finished game yet.")) + "</p>")
            table += lesson_tables(tr, lessons.get(cid, []))
            download = pn.widgets.FileDownload(
                callback=(lambda c: lambda: io.StringIO(store.export_csv(c)))(cid),
                filename=f"results-{slug(label)}.csv",
                label=tr.ui("teacher.download", "Download the results (CSV)"),
                color="primary", css_classes=[f"download-{cid}"],
                stylesheets=[".bk-btn { min-height: 2.75em; font-size: 1em; }"])
            forget = button(tr.ui("teacher.forget", "Forget this class"), self._forget(cid, label),
                            name=f"forget-{cid}")
            parts.append(pn.Column(html(f"<h3 style='margin:0.6em 0 0.2em'>{text(label)}</h3>{table}",
                                        stylesheets=[PROJECTOR_CSS]),
                                   pn.FlexBox(download, forget, flex_wrap="wrap", margin=0), margin=0,
                                   css_classes=["class-results"]))
        return parts

    def _forget(self, cid: int, label: str) -> Callable[[Any], Any]:
        asked = {"n": 0}

        async def forget(event: Any) -> None:
            tr = self.tr
            if asked["n"] == 0:
                asked["n"] = 1
                event.obj.label = tr.ui("teacher.forget_sure", "Delete {label} for good? (click again)", label=label)
                return
            for room in [r for r in self.hub.rooms.values() if r.class_session_id == cid]:
                if room.open:
                    await room.close()
                self.hub.rooms.pop(room.id, None)
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(self.hub.io, self.hub.store.forget_class, cid)
            self.on_forgotten(tr.ui("teacher.forgotten",
                                    "{label} is forgotten: its rooms and results are deleted.", label=label))
        return forget


class TeacherPage(pn.viewable.Viewer):
    """The teacher's page: open rooms, show one on the projector, the class's results.

    Args:
        hub: the server's rooms.
        lang: the page's language (a room's own language is chosen in its form).
        allowed: the page answers at once (the server machine itself); otherwise it asks for ``pin``.
        pin: the teacher's PIN printed by ``serve --lan`` (None: no other device may use the page).
        client: the device's id for the PIN's attempt limit.
        join_urls: the addresses students open (``serve --lan``); empty: this machine only.
        port: the server's port (the join address shown when there is no network address).
    """

    def __init__(self, hub: Hub, *, lang: str = "fr", allowed: bool = True, pin: str | None = None,
                 client: str = "", join_urls: tuple[str, ...] = (), port: int = 5006,
                 pin_limiter: codes.RateLimiter | None = None, code: str = "") -> None:
        super().__init__()
        self.hub = hub
        self.lang = lang if lang in LANGUAGES else "fr"
        self.allowed = allowed
        self.pin = pin
        self.client = client
        self.join_urls = join_urls
        self.port = port
        self.pin_limiter = pin_limiter if pin_limiter is not None else PIN_LIMITER
        self.room: Room | None = None
        self.replica: Replica | None = None
        self.table: Any = None
        #: the projector's view in large type (the teacher may switch)
        self.large = True
        #: the room the address named (shown once the page may open)
        self._code = code
        self.keeper = SeatKeeper(on_pass=self._check_pass, styles={"position": "absolute", "width": "0"})
        #: the form of a new room (its seats' choices kept while the page lives)
        self.form = RoomForm(self.lang, on_create=self._create)
        #: the classes' results, under the form
        self.results = ClassResults(hub, self.lang, on_forgotten=self._draw_rooms)
        #: every room at a glance (over the form), looked at every half second while shown
        self.class_view = ClassView(hub, self.lang, on_show=self.show_room, on_ended=self._lesson_ended)
        self._note = html("", stylesheets=[STATUS_CSS], sizing_mode="stretch_width", margin=0)
        self._body = pn.Column(sizing_mode="stretch_width", margin=0)
        self._root = pn.Column(self._body, self.keeper, sizing_mode="stretch_width", styles=root_styles(False),
                               css_classes=["exhibit", "teacher-page"], margin=0)
        if not allowed:
            self._draw_pin()
        else:
            self._open()

    def _open(self) -> None:
        """The page is allowed: the room the address named, or the rooms and the form."""
        room = self.hub.find(self._code) if self._code else None
        if room is not None:
            self.show_room(room)
        else:
            self._draw_rooms()

    def __panel__(self) -> pn.Column:
        return self._root

    @property
    def tr(self) -> Any:
        return translator(self.lang)

    def _frame(self, *parts: Any, wide: bool = False) -> None:
        sheets = [PAGE_CSS, WIDE_PAGE_CSS] if wide else [PAGE_CSS]
        self._body.objects = [pn.Column(*parts, sizing_mode="stretch_width", stylesheets=sheets, margin=0)]

    # ------------------------------------------------------------------ the PIN
    def _draw_pin(self, message: str = "") -> None:
        tr = self.tr
        if self.pin is None:
            self._frame(html("<h1>" + text(tr.ui("teacher.title", "The teacher’s page")) + "</h1>"
                             + note(tr.ui('teacher.local_only', 'This page opens only on the computer that runs '
                                          'the exhibit.'))))
            return
        self._pin_input = PinInput(label=tr.ui("teacher.pin_label", "The teacher’s PIN (printed where the server "
                                               "was started)"),
                                   max_length=12, stylesheets=[PIN_INPUT_CSS], css_classes=["teacher-pin"],
                                   min_width=260, **FIELD)

        def typed(_event: Any = None) -> None:
            self.try_pin(self._pin_input.value_input or self._pin_input.value or "")

        go = button(tr.ui("teacher.pin_go", "Open"), typed, kind="primary", name="teacher-pin-go")
        go.align = "end"  # level with the field, under its label
        self._pin_input.param.watch(typed, "enter_pressed")  # Enter in the field opens, as the button does
        self._note.object = note(message)
        # the field and its button side by side, the button level with the field (under its
        # label's lines), as the room code's row; on a phone the button goes under the field
        self._frame(html("<h1>" + text(tr.ui("teacher.title", "The teacher’s page")) + "</h1>"),
                    pn.Row(self._pin_input, go, styles={"align-items": "flex-end", "flex-wrap": "wrap"},
                           css_classes=["pin-row"], sizing_mode="stretch_width", margin=0),
                    self._note)

    def try_pin(self, typed: str) -> bool:
        """The teacher typed the PIN: the page opens, or says why not (attempts are limited)."""
        if self.allowed:
            return True
        if not self.pin_limiter.allow(self.client or "unknown"):
            self._draw_pin(self.tr.ui("room.slow_down", "Too many tries: wait a minute, then type the code again."))
            return False
        if self.pin is None or not codes.same_secret(typed.strip(), self.pin):
            self._log_refusal("wrong teacher PIN")
            self._draw_pin(self.tr.ui("teacher.pin_wrong", "That is not the PIN: look where the server was started."))
            return False
        self.allowed = True
        self.keeper.keep_pass(codes.teacher_pass(self.pin))  # not asked again in this tab
        self._open()
        return True

    def _check_pass(self, given: str) -> None:
        """The tab's pass, sent when the page opens: the PIN was typed in this tab before (a
        reload, or behind a proxy the room's page on the server that runs it)."""
        if not self.allowed and codes.valid_teacher_pass(self.pin, given):
            self.allowed = True
            self._open()

    def _log_refusal(self, reason: str) -> None:
        try:
            self.hub.io.submit(self.hub.store.log_refusal, reason, client=(self.client or "unknown")[:64])
        except Exception:
            log.exception("could not log a refusal")

    # ------------------------------------------------------------------ the rooms and the form
    def _draw_rooms(self, message: str = "") -> None:
        assert self.allowed
        self._leave_room()
        tr = self.tr
        self.keeper.set_address("?" + _query(lang=self.lang))
        self._note.object = note(message)
        self._open_rooms = pn.Column(margin=0, sizing_mode="stretch_width", css_classes=["open-rooms"])
        self._show_open_rooms([])
        self.class_view.refresh()
        # the class's rooms and "Open a new room" side by side on a laptop or a projector, both in
        # view without scrolling (the form's column as tall as its content); on a narrow window
        # the rooms first, the form under them (alone while no room runs)
        form = pn.Column(html("<h2 style='margin:0.3em 0'>" + text(tr.ui("teacher.new_room", "Open a new room"))
                              + "</h2>"), self.form.draw(), margin=0, css_classes=["new-room-form"],
                         styles={"flex": "1 1 22em", "min-width": "0", "max-width": "40em"})
        rooms = pn.Column(self.class_view.draw(), self._open_rooms, margin=0,
                          styles={"flex": "2 1 30em", "min-width": "0"})
        self._frame(html("<h1 style='margin:0.3em 0'>" + text(tr.ui("teacher.title", "The teacher’s page"))
                         + "</h1>"), self._note,
                    pn.FlexBox(rooms, form, flex_wrap="wrap", align_items="flex-start", gap="0.5em 1.5em",
                               margin=0, sizing_mode="stretch_width"),
                    self.results.draw(), wide=True)
        self.class_view.start_looking()
        # what the store holds is read in the store's thread (the server's event loop never waits
        # for the database), then shown; outside a server (tests), here and now
        if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            pn.state.execute(self._load_lists)
        else:
            self._show_lists(self._read_lists())

    async def _load_lists(self) -> None:
        box = self.results.box
        try:
            lists = await asyncio.get_running_loop().run_in_executor(self.hub.io, self._read_lists)
        except Exception:
            log.exception("could not read the results")
            lists = None
        if box is self.results.box:  # the page still shows these lists
            self._show_lists(lists)

    def _read_lists(self) -> tuple[list[tuple[int, str, list[Any]]], list[Any], dict[int, list[Any]]]:
        """In the store's thread: the classes with their finished rooms (the 20 newest), the
        rooms open in other servers on the same store (behind a proxy), and what each class
        answered in the lesson notebooks, question by question."""
        store = self.hub.store
        classes = [(cid, label, store.results(cid)) for cid, label, _created in store.classes()[:20]]
        others: list[Any] = []
        if self.hub.shared:
            here = {r.id for r in self.hub.rooms.values()}
            others = [r for r in store.live_rooms("room") if r.id not in here]
        lessons = {cid: question_stats(store.lesson_records(cid, kind="answer")) for cid, _label, _rooms in classes}
        return classes, others, {cid: stats for cid, stats in lessons.items() if stats}

    def _show_lists(self, lists: tuple[list[tuple[int, str, list[Any]]], list[Any], dict[int, list[Any]]] | None
                    ) -> None:
        if lists is None:
            self.results.show(None)
            return
        classes, others, lessons = lists
        self._show_open_rooms(others)
        self.results.show(classes, lessons)

    def _show_open_rooms(self, others: list[Any]) -> None:
        """Behind a proxy, "Rooms open now" on the other servers (this server's are in the class
        view): their button loads the room's address, which the proxy sends to its server."""
        tr = self.tr
        rows = []

        def label(code: str, game: str, seats: Any) -> str:
            game = games.kind(game).title_in(tr.ui)
            joined = sum(1 for h in seats if h.kind == "student" and (getattr(h, "token_hash", None) or
                                                                      not getattr(h, "free", True)))
            students = sum(1 for h in seats if h.kind == "student")
            return tr.ui("teacher.show_room", "Show {code} ({game}, {joined} of {students} students)",
                         code=code, game=game, joined=joined, students=students)

        for rec in others:  # this server's rooms are in the class view
            rows.append(button(label(rec.code, rec.game, rec.seats),
                               (lambda code: lambda _e: self._open_at_code(code))(rec.code), name=f"show-{rec.code}",
                               stylesheets=[WRAP_CSS]))
        self._open_rooms.objects = ([html("<h2>" + text(tr.ui("teacher.open_rooms", "Rooms open now")) + "</h2>"),
                                     *rows] if rows else [])

    def plan(self) -> RoomPlan:
        """The room the form describes."""
        return self.form.plan()

    async def _create(self, _event: Any = None) -> None:
        await self.create()

    async def create(self, plan: RoomPlan | None = None, label: str | None = None) -> Room | None:
        """Open a room (the form's, or ``plan``) in a class session named ``label`` and show it.

        Behind a proxy (a shared hub, ``serve --behind-proxy``), the room is only written to the
        store and this page loads its code's address (``?code=…``): the proxy sends that to the
        server the code is pinned to, which adopts the room, so that the room runs in one server
        only. None is returned then (the page is going), as for a refused plan."""
        plan = plan or self.plan()
        problem = self.hub.check_plan(plan)
        if problem:
            self._note.object = note(problem)
            return None
        label = (label if label is not None else self.form.class_label()).strip()[:80]
        label = label or self.tr.ui("teacher.class_default", "Class of {day}", day=datetime.now().strftime("%Y-%m-%d"))
        loop = asyncio.get_running_loop()
        class_id = await loop.run_in_executor(self.hub.io, self._class_id, label)
        if self.hub.shared:
            record = await loop.run_in_executor(self.hub.io,
                                                lambda: self.hub.write_room(plan, class_session_id=class_id))
            return self._open_at_code(record.code)
        room = await loop.run_in_executor(self.hub.io, lambda: self.hub.create(plan, class_session_id=class_id))
        self.show_room(room)
        return room

    def _open_at_code(self, code: str) -> Room | None:
        """Behind a proxy: this page loads room ``code``'s address (see :meth:`create`). Outside
        a server there is no page to load: the room is adopted and shown here."""
        from ..navigation import navigate

        if navigate("?" + _query(code=code, lang=self.lang)):
            self._note.object = note(self.tr.ui("room.connecting", "Connecting…"), "ok")
            return None
        room = self.hub.find(code)
        if room is not None:
            self.show_room(room)
        return room

    def _class_id(self, label: str) -> int:
        for cid, name, _ in self.hub.store.classes():
            if name == label:
                return int(cid)
        return int(self.hub.store.new_class(label))

    # ------------------------------------------------------------------ one room on the projector
    def _show_room_id(self, room_id: Any) -> None:
        """A "Show" button of the list: the room, or the list again if it closed meanwhile (a
        button keeps the room's id, not the room: a closed room is let go of)."""
        room = self.hub.rooms.get(room_id)
        if room is None or room.status == "closed":
            self._draw_rooms()
        else:
            self.show_room(room)

    def show_room(self, room: Room) -> None:
        """Show ``room`` on the projector: its code and QR code (the screen's height while a seat
        is free, then a band in the top corner: :meth:`_room_changed`), its seats and the
        teacher's controls, its public table drawn for a class watching (no player's control)."""
        self._leave_room()
        self.room = room
        self.keeper.set_address("?" + _query(code=room.code, lang=self.lang))
        self.replica = room.replica(None, lang=self.lang)
        device(self.replica).dispatch = self._dispatch = page_dispatcher()
        # the projector is nobody's seat, a class watches it: the table draws none of a player's
        # controls (take back, "How to play", the hint, "Let's play"...): only the teacher's below
        self.table = screens.table_for(self.replica, watch_only=True, executor=room.bots)
        self.table.__panel__().stylesheets = [*self.table.__panel__().stylesheets, NATURAL_HEIGHT]
        # the QR code and the code: the whole width while the class joins, a corner band beside
        # the teacher's controls once every seat is taken (_room_changed, JOINING_CARD, CORNER_CARD)
        self._join_card = html("", stylesheets=[PROJECTOR_CSS], margin=0, styles=dict(JOINING_CARD),
                               css_classes=["join-card-box"])
        self._joining: bool | None = None
        # who sits where, and beside it (below it on a narrow window) each seat's two buttons on
        # one line: the list as wide as its lines need, never squeezed to half the window
        self._seat_list = html("", stylesheets=[PROJECTOR_CSS], sizing_mode="stretch_width", margin=0,
                               styles={"flex": "1 1 max-content"})
        self._seat_controls = pn.Column(margin=0, styles={"flex": "1 1 auto", "min-width": "0"}, visible=False)
        self._controls_offer: Any = None
        tr = self.tr
        self._pause = button("", self._toggle_pause, kind="warning", name="room-pause")
        self._step = button(tr.ui("teacher.step", "One move"), self._step_once, name="room-step")
        self._close = button(tr.ui("teacher.close", "Close the room"), self._ask_close, name="room-close")
        self._back = button(tr.ui("teacher.all_rooms", "All rooms"), lambda _e: self._draw_rooms(), name="all-rooms")
        self._type = button("", self._toggle_type, name="room-type")
        self._set_type(self.large)
        self._download = pn.widgets.FileDownload(callback=self._csv, filename=f"results-{room.code}.csv",
                                                 label=tr.ui("teacher.download", "Download the results (CSV)"),
                                                 color="primary", css_classes=["download-results"],
                                                 stylesheets=[".bk-btn { min-height: 2.75em; font-size: 1em; }"])
        room.listeners.append(self._listener)
        self._room_changed(room)
        controls = pn.Row(self._pause, self._step, self._close, self._back, self._type, self._download,
                          styles={"flex-wrap": "wrap", "gap": "0.4em"}, css_classes=["room-controls"])
        teacher = pn.Column(pn.Row(self._seat_list, self._seat_controls, styles={"flex-wrap": "wrap"}),
                            controls, self._note, margin=0, css_classes=["room-teacher"],
                            styles={"flex": "1 1 26em", "min-width": "0"})
        self._body.objects = [pn.FlexBox(self._join_card, teacher, flex_wrap="wrap", align_items="flex-start",
                                         gap="0.3em 1em", sizing_mode="stretch_width", margin=(4, 10),
                                         css_classes=["projector-room"]),
                              self.table]

    def join_address(self, room: Room) -> str:
        """The address students open for ``room``."""
        from ...rooms.network import join_url

        if self.join_urls:
            from urllib.parse import urlsplit

            netloc = urlsplit(self.join_urls[0])
            return join_url(netloc.hostname or "localhost", netloc.port or self.port, room.code)
        return join_url("localhost", self.port, room.code)

    _dispatch: Callable[[Callable[[], None]], None] | None = None

    def _listener(self, room: Room) -> None:
        """Told by the room after each change: this page follows on its own turn."""
        change = partial(self._room_changed, room)
        change() if self._dispatch is None else self._dispatch(change)

    def _room_changed(self, room: Room) -> None:
        if room is not self.room:
            return
        tr = self.tr
        address = self.join_address(room)
        qr = join_qr_svg(address, title=tr.ui("teacher.qr_title", "QR code to join room {code}", code=room.code))
        warning = tr.ui("teacher.local_warning", "Students’ devices cannot reach this address: start the server "
                        "with canal-heritage serve --lan.")
        local = "" if self.join_urls else f"<p class='warning'>{text(warning)}</p>"
        state = (tr.ui("room.closed", "This room is closed.") if not room.open and room.status == "closed" else
                 tr.ui("teacher.over", "The game is over.") if room.over else "")
        # the screen's height while students are still to join (a seat free: at the start, or a
        # seat freed for a latecomer); a corner band beside the teacher's controls once every
        # seat is taken, or the game over: the table needs the screen
        joining = room.open and not room.over and any(h.free for h in room.seats)
        how = tr.ui("teacher.join_card", "How to join")
        join_with = tr.ui("teacher.join_with", "Join with")
        scan = tr.ui("teacher.scan", "Scan the QR code, or open this address:")
        self._join_card.object = (
            f"<section class='join-card{'' if joining else ' compact'}' aria-label='{text(how)}'>"
            f"<div class='qr'>{qr}</div><div class='join-words'><p class='join-with'>{text(join_with)}</p>"
            f"<p class='big-code' aria-label='{text(' '.join(room.code))}'>{text(room.code)}</p>"
            + (f"<p class='scan'>{text(scan)}</p>" if joining else "") +
            f"<p class='address'>{_breakable(address)}</p>{local}"
            f"{f'<p><strong>{text(state)}</strong></p>' if state else ''}</div></section>")
        if joining != self._joining:  # the card's place changes with the state only (not every move)
            self._joining = joining
            self._join_card.styles = dict(JOINING_CARD if joining else CORNER_CARD)
        items = []
        controls = []
        # the seat buttons are made again only when what they offer changes (new buttons are new
        # models for every browser: each move would otherwise rebuild them)
        offer = (self.lang, room.open, tuple((h.index, h.kind, h.free, h.standin) for h in room.seats))
        rebuild = offer != self._controls_offer
        self._controls_offer = offer
        for h in room.seats:
            mark = seat_mark(room, h.index)
            if h.kind == "bot":
                dot, words = "⚙", tr.ui("teacher.seat_is_bot", "a bot ({level})",
                                        level=level_words(tr, h.level))
            elif h.free:
                dot, words = "○", tr.ui("teacher.seat_free", "free: waiting for a student")
            elif h.standin:
                dot, words = "⚙", tr.ui("teacher.seat_standin", "{name}: a bot plays for them", name=h.name or "")
            elif h.devices:
                dot, words = "●", tr.ui("teacher.seat_here", "{name}: connected", name=h.name or "")
            else:
                dot, words = "◌", tr.ui("teacher.seat_away", "{name}: away", name=h.name or "")
            turn = room.open and not room.over and room.match.to_move == h.index
            turn_words = " — <strong>" + text(tr.ui("teacher.their_turn", "their turn")) + "</strong>" if turn else ""
            if turn and h.away and not h.free:  # a free seat has no one to stand in for
                decide = tr.ui("teacher.away_turn", "wait for them, or let a bot play for them")
                turn_words += f" ({text(decide)})"
            items.append(f"<li><span class='dot' aria-hidden='true'>{dot}</span><span>{text(mark)} · {text(words)}"
                         f"{turn_words}</span></li>")
            if rebuild and h.kind == "student" and not h.free and room.open:
                controls.append(pn.Row(
                    button(tr.ui("teacher.free", "Free {seat}", seat=mark), self._free(h.index),
                           name=f"free-{h.index}"),
                    button(tr.ui("teacher.give_back", "Give {seat} back", seat=mark) if h.standin else
                           tr.ui("teacher.standin", "A bot plays for {seat}", seat=mark),
                           self._standin(h.index, not h.standin), name=f"standin-{h.index}"),
                    margin=0, styles={"flex-wrap": "wrap"}))
        who = tr.ui("teacher.who", "Who is here")
        # a pause said to the class, as on each student's band (the table has no pause column here)
        paused = ""
        if room.paused and room.open and not room.over:
            paused = "<p class='room-paused' role='status'>" + text(tr.ui("room.paused", "The teacher has paused "
                                                                          "the game.")) + "</p>"
        self._seat_list.object = (f"<h2 style='margin:0.2em 0'>{text(who)}</h2>"
                                  f"<ul class='seat-list' aria-live='polite'>{''.join(items)}</ul>{paused}")
        if rebuild:
            self._seat_controls.objects = controls
            self._seat_controls.visible = bool(controls)
        self._pause.label = (tr.ui("teacher.go_on", "Go on") if room.paused else tr.ui("teacher.pause", "Pause"))
        self._pause.disabled = not room.open
        self._close.disabled = room.status == "closed"
        # "One move" while the game is paused, the results once it is over: the projector's
        # strip of buttons keeps to one line while the class plays
        self._step.visible = room.open and room.paused
        self._step.disabled = not (room.open and room.paused and room.match.is_bot_turn())
        self._download.visible = room.over
        self._download.disabled = not room.over

    def _free(self, seat: int) -> Callable[[Any], Any]:
        async def free(_event: Any) -> None:
            if self.room is not None:
                await self.room.free_seat(seat)
        return free

    def _standin(self, seat: int, on: bool) -> Callable[[Any], Any]:
        async def standin(_event: Any) -> None:
            if self.room is not None:
                await self.room.stand_in(seat, on, "heuristic")
        return standin

    def _set_type(self, large: bool) -> None:
        """Large type for the back of the classroom (the exhibit's projector size), or the usual size."""
        self.large = large
        self._root.styles = root_styles(large)
        self._type.label = (self.tr.ui("teacher.smaller", "Smaller type") if large else
                            self.tr.ui("teacher.larger", "Larger type for the projector"))

    def _toggle_type(self, _event: Any = None) -> None:
        self._set_type(not self.large)

    def _toggle_pause(self, _event: Any = None) -> None:
        if self.room is not None:
            self.room.set_paused(not self.room.paused)

    def _step_once(self, _event: Any = None) -> None:
        if self.room is not None:
            self.room.step()

    def _ask_close(self, _event: Any = None) -> None:
        tr = self.tr
        if getattr(self, "_closing", False):
            self._closing = False
            pn.state.execute(self._do_close)
            return
        self._closing = True
        self._close.label = tr.ui("teacher.close_sure", "Really close? (click again)")

    async def _do_close(self) -> None:
        if self.room is not None:
            await self.room.close()

    def _csv(self) -> io.StringIO:
        room = self.room
        return io.StringIO(self.hub.store.export_csv(room.class_session_id if room is not None else None))

    # ------------------------------------------------------------------ the lesson's end
    def _lesson_ended(self, ends: list[RoomEnd], classes: set[int]) -> None:
        """The teacher ended the lesson: the class's results (the store read in its thread, in a
        server), in large type for the projector."""
        if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            async def load() -> None:
                try:
                    facts = await asyncio.get_running_loop().run_in_executor(
                        self.hub.io, self.class_view.lesson_facts, classes)
                except Exception:
                    log.exception("could not read the lesson's facts")
                    facts = ("", [])
                self.show_lesson_end(ends, classes, *facts)
            pn.state.execute(load)
        else:
            self.show_lesson_end(ends, classes, *self.class_view.lesson_facts(classes))

    def show_lesson_end(self, ends: list[RoomEnd], classes: set[int], label: str, trips: list[str]) -> None:
        """The class's results on the projector (:func:`.lesson_end.lesson_end_page`)."""
        self._leave_room()
        self._root.styles = root_styles(True)
        self._body.objects = [lesson_end_page(self.tr, self.lang, self.hub.store, ends, classes, label, trips,
                                              on_back=lambda _e: self._draw_rooms())]

    def _leave_room(self) -> None:
        self.class_view.stop_looking()
        stop_following(self.room, self._listener, self.replica, self.table)
        self.room, self.replica, self.table = None, None, None
        self._closing = False
        self._root.styles = root_styles(False)

    def leave(self) -> None:
        """The page closed."""
        self._leave_room()


#: The teacher's PIN: attempts per client per minute.
PIN_LIMITER = codes.RateLimiter(5, 60.0)


def _later(job: Callable[[], Any]) -> None:
    """Run ``job`` (a coroutine function of a page) in turn with the page's other updates: in a
    server, on its document's next tick (the server's event loop goes on while ``job`` waits
    for the store's thread); outside one (tests, a notebook), here and now, to its end."""
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            asyncio.run(job())
            return
        # this thread's loop is busy (a browser driven from a test): a loop of its own, waited for
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, job()).result()
        return
    pn.state.execute(job)


def _navigating() -> bool:
    from ..navigation import navigating

    return navigating()


def _query(**values: str) -> str:
    from urllib.parse import urlencode

    return urlencode({k: v for k, v in values.items() if v})


def _breakable(address: str) -> str:
    """A join address (escaped) that a narrow window breaks before ``/join`` and ``?code=``
    rather than inside the room's code."""
    return text(address).replace("/join", "<wbr>/join").replace("?", "<wbr>?")


__all__ = ["JoinPage", "SeatKeeper", "TeacherPage"]
