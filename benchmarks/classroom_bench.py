"""On-demand load benchmark of the classroom (issue 14, item 7): rooms of students on their
own devices and a projector each, on one server (not part of the tests).

Run from the project root:

    uv run python benchmarks/classroom_bench.py [--rooms 8] [--duration 600] [--json PATH]

The load. ``--rooms`` rooms (default 8) of Canal du Midi, each with ``--students`` student
devices (default 4) and one projector: 8 x (4 + 1) = 40 Bokeh sessions. Every room is opened
the way a teacher opens it: the projector loads ``/teacher``, fills the room form (Canal du
Midi, the seats, "Fast" bots, English) and presses "Open the room"; the code is read from
the projector's join card. Each student device loads ``/join?code=...``, answers the page's
``SeatKeeper`` with the seats its browser holds (none), types a first name and presses its
seat's button. Students then play: when their choices are shown they think for a time drawn
from ``--think`` (default 2-6 s) and click the first choice. When a game ends, the teacher
closes the room ("Close the room", twice), goes back to "All rooms", opens a new room from
the form, and the students join it from new pages (new sessions), as a class starting
another game would. ``--bot-seats K`` gives each room K bot seats (the form's "A bot:
Steady"; their decisions are thought in the server's worker processes) and so K fewer
student devices.

The join rush (issue 28, item 1): ``--rush S`` changes how the rooms arrive. The teacher
first opens every room (the projectors load ``/teacher`` and open their rooms; nobody joins);
then every student device loads ``/join?code=...`` and takes its seat at a moment drawn
uniformly within S seconds (``--seed``; all 32 within 60 s for ``--rush 60``: a class scanning
the QR code together), and the class then plays for ``--duration`` as below. Measured for each
student: page request -> seated, from just before the HTTP request of /join (Chromium: before
``page.goto``) to the arrival of the first patch after which the document holds the seat's
table (a model of CSS class ``midi-table``; Chromium: the room band ``.room-band`` attached),
with the phases in between (headless: the /join response received whole, the websocket's ACK,
the PULL-DOC-REPLY, the patch with the seat buttons after the SeatKeeper's answer, the seat's
click sent; Chromium: the navigation's time to first byte, the load event, the name field
filled, the seat's button clicked), and over the rush the server's event-loop lag, its full
collections and its CPU. Target: p95 <= 2 s (every student seated).

The devices. ``--browser-rooms`` rooms (default 1) are real Chromium pages (Debian's
Chromium, the flags of ``tests/browser/conftest.py``, Playwright), one browser context per
device; the other rooms are headless protocol clients, all in one child process: each loads
the page over HTTP, opens the Bokeh websocket with the session token, sends the events
BokehJS sends (``button_click``, a ``data_event`` for the ``SeatKeeper``'s message and for a
``ChoiceList``'s click, ``ModelChanged`` for the name and the form's fields) and keeps the
document's models from the JSON patches, reading its websocket all the time. Each headless
device connects from its own loopback address (127.0.R.D: the server sees one address per
device, as in a classroom, so the join limit per device applies as it would); every
connection goes to 127.0.0.1.

What is measured (times are taken on arrival of the websocket message for headless devices,
by MutationObservers in the page for Chromium pages):

* click -> own update: from sending the click (Chromium: the click event reaching the
  button) to the first patch that takes the clicked choice off offer on the clicking device
  (Chromium: the button drawn again or the log changed, as ``exhibit_bench.py``).
* click -> the other devices' update: for each other device of the room (the other students
  and the projector), from the click to the first change of that device's log (the "What
  happened" sheet: the ``LogSheet`` model's ``lines`` in a patch; in Chromium the text of
  ``.log-panel ol``) after the click. Every decision of Canal du Midi adds a line to every
  device's log, and a device plays the room's decisions in order, so the first change of its
  log after the click is the first moment it shows that decision. Changes are consumed in
  order per device: a click is matched with the first change after both the click and the
  device's match for the room's previous click. A device with no change within 10 s is
  counted as unmatched (reported).
* server memory: RSS after ``gc.collect()`` in the server before the rooms (after a warm-up
  room, its sessions discarded) and once every room is joined; the growth divided by the
  rooms. Then the RSS (without a collection) every ``--sample-every`` seconds while the class
  plays, its linear trend (MB per hour), the rooms the hub keeps and the live sessions;
  finally the RSS after a collection at the end, and once every session is closed (and 20 s
  more, so that Panel's clean-up of the closed pages has run).
* CPU: the server process, its Bokeh event-loop thread, the bot workers, the headless
  clients, Chromium and the whole machine over the playing window (``/proc``); the server's
  event-loop lag and the garbage collector's pauses (the server child of ``exhibit_bench.py``).

Percentiles are nearest-rank. Targets (issue 14): p95 click -> own update <= 250 ms,
p95 click -> the other devices' update <= 400 ms, <= 10 MB per room, memory flat over an hour
of play (judged here as an RSS trend <= 10 MB per hour, one room's budget, over the playing
window after its first quarter hour: by then the first games have ended and their pages been
replaced by the next rooms', the working set's one peak, with the old pages and the new alive
at once; a run of an hour or more is judged; the trend over the whole window is shown too).
``--json PATH`` writes every figure and sample.
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import html as html_lib
import os
import random
import re
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

# Only the standard library at module level (and exhibit_bench, which keeps to it too): the
# server and the headless clients are spawned processes that import this file again.
ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
for _p in (str(ROOT), str(HERE)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from exhibit_bench import (  # noqa: E402  (the exhibit benchmark's machinery, shared)
    ARM_JS,
    CANCEL_JS,
    CHROMIUM,
    WAIT_JS,
    CpuWindow,
    ProtocolClient,
    Server,
    free_port,
    gc_summary,
    launch_browser,
    machine_info,
    new_page,
    print_cpu,
    rss_bytes,
    summary_ms,
    tree_fingerprint,
)

# Targets (issue 14, item 7; docs/performance.md, "Classroom rooms (issue 14)")
TARGET_OWN_P95_MS = 250.0
TARGET_OTHERS_P95_MS = 400.0
TARGET_MB_PER_ROOM = 10.0
TARGET_MB_PER_HOUR = 10.0
#: Issue 28, item 1: page request -> seated, p95, while the class joins within a minute (``--rush``)
TARGET_JOIN_P95_MS = 2000.0
#: The memory trend is judged from this time on: the first games have ended and their pages have
#: been replaced (the working set's one peak), decided before the hour of 2026-11-27 was run again.
SETTLED_S = 900.0

#: A device whose log has not changed this long after a click is counted as unmatched.
MATCH_WINDOW_S = 10.0
#: A student waiting this long for choices while its log does not change: the room is stuck.
STUCK_S = 120.0
#: The teacher's form: the pace words and the bots' levels as the form offers them.
PACE_WORDS = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}
LEVEL_WORDS = {"random": "Beginner", "heuristic": "Steady", "expert": "Expert"}


# --------------------------------------------------------------------------- the server (child process)
def _classroom_server_child(conn, port: int, seed: int, bot_workers: int, db_path: str) -> None:
    """The exhibit benchmark's server child (same instrumentation), with the classroom's store
    in a file of this run and a few questions of this benchmark (the rooms the hub keeps)."""
    os.environ["CANAL_HERITAGE_DB"] = db_path  # never the user's real store
    from exhibit_bench import _server_child

    _server_child(_RoomQuestions(conn), port, seed, bot_workers)


class _RoomQuestions:
    """The server child's end of the pipe: answers ``hub-stats`` itself and hands every other
    command to exhibit_bench's loop."""

    def __init__(self, conn) -> None:
        self.conn = conn

    def send(self, obj) -> None:
        self.conn.send(obj)

    def recv(self):
        while True:
            cmd, arg = self.conn.recv()
            if cmd not in ("hub-stats", "heap"):
                return cmd, arg
            try:
                self.conn.send(_on_server_loop(_hub_stats if cmd == "hub-stats" else _heap))
            except Exception as err:
                self.conn.send({"error": repr(err)})


def _on_server_loop(fn):
    import panel as pn
    from exhibit_bench import run_on_loop

    server = next(iter(pn.state._servers.values()))[0]
    return run_on_loop(server.io_loop.asyncio_loop, fn, timeout=600)


def _hub_stats() -> dict:
    import panel as pn

    from canal_heritage.rooms.service import classroom

    rooms = list(classroom().hub.rooms.values())
    sessions = [s for entry in pn.state._servers.values() for s in entry[0].get_sessions()]
    models = [len(s.document.models) for s in sessions]
    return {"rooms_kept": len(rooms), "open": sum(r.status == "open" for r in rooms),
            "over": sum(r.status == "over" for r in rooms), "closed": sum(r.status == "closed" for r in rooms),
            "replicas": sum(len(r._replicas) for r in rooms), "listeners": sum(len(r.listeners) for r in rooms),
            "decisions": sum(r.decisions for r in rooms), "sessions": len(sessions),
            "doc_models": sum(models), "doc_models_max": max(models, default=0),
            "allocated_blocks": sys.getallocatedblocks()}


def _heap(top: int = 30) -> dict:
    """The live objects the garbage collector tracks (not the frozen ones), by type: the most
    numerous, with the counts of a few types of interest (a walk of the heap: not while playing)."""
    import collections
    import gc

    counts: collections.Counter = collections.Counter()
    for o in gc.get_objects():
        t = type(o)
        counts[f"{t.__module__}.{t.__qualname__}"] += 1
    keys = ("canal_heritage", "Replica", "Room", "Document", "ServerSession")
    return {"tracked": sum(counts.values()), "allocated_blocks": sys.getallocatedblocks(),
            "top": counts.most_common(top),
            "of_interest": {k: v for k, v in counts.items() if any(x in k for x in keys)},
            "held": _held_rooms()}


def _held_rooms(limit: int = 200_000) -> dict:
    """Rooms alive though the hub no longer keeps them (a closed room should be freed once no
    page shows it), and for the first one, what keeps it: the shortest chain of referrers from
    it to a session's document, a page, or a module (a walk of the heap: not while playing)."""
    import collections
    import gc
    import types

    from canal_heritage.rooms.room import Room
    from canal_heritage.rooms.service import classroom

    gc.collect()
    kept = {id(r) for r in classroom().hub.rooms.values()}
    held = [o for o in gc.get_objects() if isinstance(o, Room) and id(o) not in kept]
    out: dict = {"count": len(held), "codes": sorted(getattr(r, "code", "?") for r in held)[:20]}
    if not held:
        return out
    anchors = ("Document", "ServerSession", "TeacherPage", "JoinPage", "module")
    start = held[0]
    del held
    # who refers to whom, once for the whole heap (gc.get_referrers per object would be far slower)
    objects = gc.get_objects()
    referrers: dict[int, list] = collections.defaultdict(list)
    for o in objects:
        if isinstance(o, types.FrameType):
            continue
        for r in gc.get_referents(o):
            referrers[id(r)].append(o)
    ignore = {id(objects), id(referrers)}
    parent: dict[int, tuple[object, object]] = {id(start): (None, start)}
    queue = collections.deque([start])
    found = None
    while queue and len(parent) < limit and found is None:
        o = queue.popleft()
        for r in referrers.get(id(o), ()):
            if id(r) in parent or id(r) in ignore:
                continue
            parent[id(r)] = (o, r)
            if type(r).__name__ in anchors or isinstance(r, types.ModuleType):
                found = r
                break
            queue.append(r)
    del objects

    def describe(o: object) -> str:
        d = f"{type(o).__module__}.{type(o).__qualname__}"
        if isinstance(o, dict):
            d += " keys=" + ",".join(map(str, list(o.keys())[:6]))
        elif isinstance(o, types.MethodType):
            d += " " + o.__func__.__qualname__
        elif isinstance(o, types.FunctionType):
            d += " " + o.__qualname__
        elif isinstance(o, (list, tuple, set)):
            d += f" len={len(o)}"
        return d

    chain = []
    node = found
    while node is not None and node is not start:
        chain.append(describe(node))
        node = parent[id(node)][0]  # the object this one refers to, one step nearer the room
    chain.append(describe(start))
    out["visited"] = len(parent)
    out["chain_from_anchor"] = chain if found is not None else None
    if found is None:  # the objects of the walk that nothing tracked refers to: the roots
        roots = []
        for _, obj in parent.values():
            if not any(id(r) not in ignore for r in referrers.get(id(obj), ())):
                path = []
                node: object = obj
                while node is not None and len(path) < 40:
                    path.append(describe(node))
                    node = parent[id(node)][0]
                roots.append(path)
        out["roots"] = roots[:10]
        out["root_count"] = len(roots)
    return out


class ClassroomServer(Server):
    """The server in a child process (spawn), as ``exhibit_bench.Server``, with its own store."""

    def __init__(self, seed: int, bot_workers: int, db_path: str) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self._conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_classroom_server_child, args=(child, self.port, seed, bot_workers, db_path),
                                name="classroom-server")
        self.proc.start()
        if not self._conn.poll(180):
            raise RuntimeError("the classroom's server did not start")
        hello = self._conn.recv()
        self.pid, self.tid = hello["pid"], hello["tid"]


# --------------------------------------------------------------------------- headless devices
def device_ip(room: int, device: int) -> str:
    """The loopback address a headless device connects from: room R's device D is 127.0.R+1.D+10
    (device 0 is the projector)."""
    return f"127.0.{room + 1}.{device + 10}"


class Device(ProtocolClient):
    """A headless device (see the module docstring): ``path`` is ``join`` or ``teacher``.

    Its websocket is read all the time by a task of its own (so arrival times are true);
    :meth:`wait` resolves on the patch that makes a condition true, with that patch's arrival
    time. Every patch that changes the table's log (the ``LogSheet`` model's ``lines``) is
    noted in :attr:`log_changes`."""

    def __init__(self, base: str, path: str, source_ip: str, label: str) -> None:
        super().__init__(base + path + "/", game="midi")
        self.page_url = base + path
        self.ws_url = base.replace("http://", "ws://") + path + "/ws"
        self.source_ip = source_ip
        self.label = label
        self.log_changes: list[float] = []
        self.waiters: list = []
        self.reader = None
        self.error: str | None = None
        self._since_prune = 0

    async def open(self, query: str) -> None:
        import asyncio

        from tornado.httpclient import AsyncHTTPClient, HTTPRequest
        from tornado.websocket import websocket_connect

        page = await AsyncHTTPClient().fetch(HTTPRequest(self.page_url + query, request_timeout=120,
                                                         network_interface=self.source_ip))
        self.t_page = time.perf_counter()  # the whole page received (the HTTP response's body)
        token = re.search(r'"token":\s*"([^"]+)"', page.body.decode()).group(1)
        self.ws = await websocket_connect(HTTPRequest(self.ws_url, connect_timeout=120, request_timeout=120,
                                                      network_interface=self.source_ip),
                                          subprotocols=["bokeh", token], max_message_size=256 * 2**20)
        h, _ = await self.recv()
        assert h["msgtype"] == "ACK", h
        self.t_ack = self.received_at  # the websocket open (the server's ACK)
        await self.send("PULL-DOC-REQ", {})
        while True:
            h, content = await self.recv()
            if h["msgtype"] == "PULL-DOC-REPLY":
                break
        self.t_doc = self.received_at  # the document pulled
        self.roots = [self.register(r) for r in content["doc"]["roots"]]
        await self.event("document_ready", [])
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            while True:
                h, content = await self.recv()
                if h["msgtype"] != "PATCH-DOC":
                    continue
                self.apply(content)
                for pred, fut in list(self.waiters):
                    if fut.done():
                        continue
                    try:
                        if pred():
                            fut.set_result(self.received_at)
                    except Exception as err:
                        fut.set_exception(err)
                self._since_prune += 1
                if self._since_prune >= 200 and not self.waiters:  # replaced models are dropped now and then
                    self.prune()
                    self._since_prune = 0
        except Exception as err:  # the websocket closed (or the device was closed)
            self.error = repr(err)
            for _, fut in self.waiters:
                if not fut.done():
                    fut.set_exception(ConnectionError(f"{self.label}: {self.error}"))

    def apply(self, content: dict) -> None:
        log = False
        for ev in content.get("events", []):
            if ev.get("kind") == "ModelChanged" and ev.get("attr") == "lines":
                m = self.models.get(ev.get("model", {}).get("id"))
                log = log or (m is not None and m.get("name", "").startswith("LogSheet"))
        super().apply(content)
        if log:
            self.log_changes.append(self.received_at)

    async def wait(self, pred, timeout: float) -> float:
        """Until ``pred()``: the arrival time of the patch that made it true (now if it already is)."""
        import asyncio

        if pred():
            return time.perf_counter()
        fut = asyncio.get_running_loop().create_future()
        entry = (pred, fut)
        self.waiters.append(entry)
        try:
            return await asyncio.wait_for(fut, max(0.01, timeout))
        finally:
            self.waiters.remove(entry)

    def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        with contextlib.suppress(Exception):
            self.ws.close()

    # -- what the pages show
    def with_name(self, css: str) -> str | None:
        found = self.with_class(css)
        return found[0] if found else None

    def markup(self) -> str:
        """The text of every HTML pane of the document (unescaped)."""
        out = []
        for i in self.reachable():
            t = self.models[i].get("attributes", {}).get("text")
            if isinstance(t, str) and self.models[i]["name"].endswith("HTML"):
                out.append(html_lib.unescape(t))
        return "\n".join(out)

    def room_code(self) -> str | None:
        """The code on the projector's join card."""
        m = re.search(r"class='big-code'[^>]*>([^<]+)<", self.markup())
        return m.group(1).strip() if m else None

    def button_label(self, css: str) -> str:
        b = self.first_button(css)
        return (self.models.get(b, {}).get("attributes", {}).get("label") or "") if b else ""


async def teacher_form(proj: Device, students: int, bot_seats: int, level: str, pace: str, notes: list[str]) -> str:
    """Fill the teacher's form and press "Open the room": the new room's code."""
    await proj.wait(lambda: bool(proj.with_class("room-form")), 60)
    seats = students + bot_seats
    await proj.set_value(proj.with_name("room-game"), "active", 0)  # Canal du Midi
    await proj.set_value(proj.with_name("room-seats"), "active", [2, 3, 4].index(seats))
    for i in range(seats):
        select = proj.with_name(f"seat-plan-{i}")
        if select is None:  # see the report: the form drawn again lacks the seat selects
            note = "the teacher's form drawn again has no seat selects (the previous choices are kept)"
            if note not in notes:
                notes.append(note)
            continue
        await proj.set_value(select, "value", "student" if i < students else f"bot:{level}")
    await proj.set_value(proj.with_name("room-pace"), "value", pace)
    await proj.set_value(proj.with_name("room-lang"), "value", "en")
    before = proj.room_code()
    await proj.click(proj.first_button("create-room"))
    await proj.wait(lambda: proj.room_code() not in (None, before) and bool(proj.with_class("midi-table")), 60)
    proj.prune()
    return proj.room_code() or ""


async def teacher_next_room(proj: Device, students: int, bot_seats: int, level: str, pace: str,
                            notes: list[str]) -> str:
    """The game is over: close the room (two clicks), "All rooms", open a new room."""
    close = proj.first_button("room-close")
    if close is not None:
        await proj.click(close)
        await proj.wait(lambda: "?" in proj.button_label("room-close"), 20)  # "Really close? (click again)"
        await proj.click(proj.first_button("room-close"))
        await proj.wait(lambda: "This room is closed." in proj.markup(), 20)
    await proj.click(proj.first_button("all-rooms"))
    return await teacher_form(proj, students, bot_seats, level, pace, notes)


async def student_join(dev: Device, code: str, seat: int, name: str, phases: list | None = None) -> float:
    """Load ``/join?code=``, answer the SeatKeeper (no seat held), type the name, press the seat:
    the seconds from the page's request to its table (the arrival of the first patch after which
    the document holds the table, a model of CSS class ``midi-table``). With ``phases``, the
    moments of the join are appended to it (seconds from the request): ``page`` (the HTTP
    response of /join received whole), ``ws_open`` (the websocket's ACK), ``doc`` (the
    PULL-DOC-REPLY), ``seat_choices`` (the patch showing the seat buttons, after the
    SeatKeeper's answer), ``click`` (the seat's click sent, the name typed), ``seated``."""
    t0 = time.perf_counter()
    await dev.open(f"?code={code}&lang=en")
    keeper = next(i for i, m in dev.models.items() if m.get("attributes", {}).get("class_name") == "SeatKeeper")
    await dev.event("data_event", [["model", {"id": keeper}], ["data", {"seats": {}}]])
    t_choices = await dev.wait(lambda: bool(dev.with_class("seat-choices")), 60)
    name_input = dev.with_name("student-name")
    await dev.set_value(name_input, "value_input", name)
    await dev.set_value(name_input, "value", name)
    t_click = time.perf_counter()
    await dev.click(dev.first_button(f"seat-{seat}"))
    t_seated = await dev.wait(lambda: bool(dev.with_class("midi-table")), 60)
    dev.prune()
    if phases is not None:
        phases.append({"kind": "headless", "device": dev.label, "page": dev.t_page - t0, "ws_open": dev.t_ack - t0,
                       "doc": dev.t_doc - t0, "seat_choices": t_choices - t0, "click": t_click - t0,
                       "seated": t_seated - t0})
    return t_seated - t0


class HeadlessRoom:
    """One headless room: its projector, its students, its games."""

    def __init__(self, index: int, base: str, cfg: dict) -> None:
        self.index, self.base, self.cfg = index, base, cfg
        self.proj: Device | None = None
        self.students: list[Device] = []
        self.games: list[dict] = []  # {"code", "devices": [...], "clicks": [...], "started", "ended"}
        self.joins: list[float] = []
        self.join_phases: list[dict] = []  # the rush's joins (``--rush``), phase by phase
        self.failures: list[dict] = []
        self.notes: list[str] = []
        self.pending_code: str | None = None

    @property
    def game(self) -> dict:
        return self.games[-1]

    async def open(self, first: bool = True) -> None:
        await self.join(await self.teacher_open(first))

    async def teacher_open(self, first: bool = True) -> str:
        """The teacher opens the room (the first: loads /teacher; then closes the last one): its code."""
        cfg = self.cfg
        if first:
            self.proj = Device(self.base, "teacher", device_ip(self.index, 0), f"room {self.index} projector")
            await self.proj.open("?lang=en")
            code = await teacher_form(self.proj, cfg["students"], cfg["bot_seats"], cfg["bot_level"], cfg["pace"],
                                      self.notes)
        else:
            code = await teacher_next_room(self.proj, cfg["students"], cfg["bot_seats"], cfg["bot_level"],
                                           cfg["pace"], self.notes)
        self.pending_code = code
        return code

    async def join(self, code: str, offsets: list[float] | None = None, t_zero: float | None = None) -> None:
        """The students join (at once; or, for the rush, each at ``t_zero`` + its offset, with its phases noted)."""
        import asyncio

        cfg = self.cfg
        n = len(self.games) + 1
        self.students = [Device(self.base, "join", device_ip(self.index, s + 1), f"room {self.index} seat {s}")
                         for s in range(cfg["students"])]

        async def one(s: int, d: Device) -> float:
            if offsets is None:
                return await student_join(d, code, s, f"R{self.index}S{s}G{n}")
            await asyncio.sleep(max(0.0, t_zero + offsets[s] - time.perf_counter()))
            return await student_join(d, code, s, f"R{self.index}S{s}G{n}", self.join_phases)

        joined = await asyncio.gather(*(one(s, d) for s, d in enumerate(self.students)),
                                      return_exceptions=offsets is not None)
        for s, j in enumerate(joined):
            if isinstance(j, BaseException):
                self.failures.append({"room": self.index, "seat": s, "why": f"rush join failed: {j!r}"})
        self.joins.extend(j for j in joined if not isinstance(j, BaseException))
        self.games.append({"code": code, "devices": [self.proj, *self.students], "clicks": [],
                           "started": time.perf_counter(), "ended": None})

    async def play(self, until: float, think: tuple[float, float], rng: random.Random) -> None:
        import asyncio

        while time.perf_counter() < until:
            ends = await asyncio.gather(*(self._student(s, d, until, think, rng) for s, d in enumerate(self.students)),
                                        return_exceptions=True)
            for e in ends:
                if isinstance(e, BaseException):
                    self.failures.append({"room": self.index, "why": repr(e)})
            if time.perf_counter() >= until:
                return
            self.game["ended"] = time.perf_counter()
            try:
                await self.proj.wait(lambda: bool(self.proj.with_class("end-screen")), 30)
            except Exception as err:
                self.failures.append({"room": self.index, "why": f"projector without the end: {err!r}"})
            for d in self.students:
                d.close()
            try:
                await self.open(first=False)
            except Exception as err:
                self.failures.append({"room": self.index, "why": f"no new room: {err!r}"})
                return

    async def _student(self, seat: int, dev: Device, until: float, think: tuple[float, float],
                       rng: random.Random) -> str:
        import asyncio

        game = self.game
        while True:
            left = until - time.perf_counter()
            if left <= 0:
                return "time"
            try:
                await dev.wait(lambda: bool(dev.choices("choices") or dev.with_class("end-screen")), min(left, STUCK_S))
            except TimeoutError:
                if time.perf_counter() >= until:
                    return "time"
                last = max(dev.log_changes[-1:] or [game["started"]])
                if time.perf_counter() - last >= STUCK_S:
                    self.failures.append({"room": self.index, "seat": seat, "why": "stuck: no choices, log unchanged",
                                          "table": dev.markup()[-600:]})
                    return "stuck"
                continue
            if dev.with_class("end-screen"):
                return "over"
            await asyncio.sleep(rng.uniform(*think))
            if time.perf_counter() >= until:
                return "time"
            offered = dev.choices("choices")
            if not offered:
                continue
            chosen = offered[0]
            t0 = time.perf_counter()
            await dev.click(chosen)
            try:
                t1 = await dev.wait(lambda chosen=chosen: chosen not in dev.choices("choices"), 30)
                game["clicks"].append({"seat": seat, "t0": t0, "own_s": t1 - t0})
            except TimeoutError:
                game["clicks"].append({"seat": seat, "t0": t0, "own_s": None})
                self.failures.append({"room": self.index, "seat": seat, "why": "no update of the choices in 30 s"})
            dev.prune()


def match_others(games: list[dict], t_start: float) -> list[dict]:
    """Each click with, for every other device of its game, the time to that device's first
    log change after the click (and after that device's match for the previous click)."""
    out = []
    for game in games:
        devices = game["devices"]  # [projector, student 0, student 1, ...]
        last = [float("-inf")] * len(devices)
        for click in sorted(game["clicks"], key=lambda c: c["t0"]):
            others = []
            for k, dev in enumerate(devices):
                if k == click["seat"] + 1:
                    continue
                after = max(click["t0"], last[k])
                changes = dev.log_changes if isinstance(dev, Device) else dev
                j = bisect.bisect_right(changes, after)
                t = changes[j] if j < len(changes) else None
                if t is None or t - click["t0"] > MATCH_WINDOW_S:
                    others.append({"device": "projector" if k == 0 else f"seat {k - 1}", "s": None})
                    continue
                last[k] = t
                others.append({"device": "projector" if k == 0 else f"seat {k - 1}", "s": t - click["t0"]})
            out.append({**click, "at": click["t0"] - t_start, "others": others})
    return out


def _clients_child(conn, base: str, rooms: list[int], cfg: dict, think: tuple[float, float], seed: int) -> None:
    """The headless rooms, in a spawned process on one asyncio loop. Talks with the main process:
    "warm-up" -> done; "batch" (rooms to open) -> {"rooms": n}; duration -> results; "close"."""
    import asyncio

    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=100)

    async def main():
        loop = asyncio.get_running_loop()
        ask = lambda: loop.run_in_executor(None, conn.recv)  # noqa: E731
        opened: list[HeadlessRoom] = []
        while True:
            cmd, arg = await ask()
            if cmd == "warm-up":  # one room through the whole cycle, then closed, to load what is loaded once
                room = HeadlessRoom(249, base, cfg)
                try:
                    await room.open()
                    until = time.perf_counter() + arg
                    await room.play(until, (0.05, 0.1), random.Random(seed))
                    await teacher_next_room(room.proj, cfg["students"], cfg["bot_seats"], cfg["bot_level"], cfg["pace"],
                                            room.notes)
                    clicks = len(room.game["clicks"])
                except Exception as err:
                    clicks = f"failed: {err!r}"
                for d in [room.proj, *room.students]:
                    if d is not None:
                        d.close()
                conn.send({"warm_up_clicks": clicks, "notes": room.notes, "failures": room.failures})
            elif cmd == "batch":
                t0 = time.perf_counter()
                new = [HeadlessRoom(i, base, cfg) for i in arg]
                res = await asyncio.gather(*(r.open() for r in new), return_exceptions=True)
                bad = [repr(e) for e in res if isinstance(e, BaseException)]
                opened.extend(new)
                conn.send({"rooms": len(opened), "seconds": time.perf_counter() - t0, "errors": bad})
            elif cmd == "open-rooms":  # the rush: the teacher opens every room, nobody joins yet
                t0 = time.perf_counter()
                new = [HeadlessRoom(i, base, cfg) for i in arg]
                res = await asyncio.gather(*(r.teacher_open() for r in new), return_exceptions=True)
                bad = [repr(e) for e in res if isinstance(e, BaseException)]
                opened.extend(r for r, x in zip(new, res, strict=True) if not isinstance(x, BaseException))
                conn.send({"rooms": len(opened), "seconds": time.perf_counter() - t0, "errors": bad})
            elif cmd == "rush":  # every student at t_zero + its offset (perf_counter: one clock per machine)
                t0 = time.perf_counter()
                res = await asyncio.gather(*(r.join(r.pending_code, arg["offsets"][r.index], arg["t_zero"])
                                             for r in opened), return_exceptions=True)
                bad = [repr(e) for e in res if isinstance(e, BaseException)]
                conn.send({"rooms": len(opened), "seconds": time.perf_counter() - t0, "errors": bad,
                           "phases": [p for r in opened for p in r.join_phases]})
            elif cmd == "play":
                duration = arg
                t_start = time.perf_counter()
                until = t_start + duration
                await asyncio.gather(*(r.play(until, think, random.Random(seed + r.index)) for r in opened),
                                     return_exceptions=True)
                await asyncio.sleep(3.0)  # the last clicks' updates still on their way
                clicks = []
                for r in opened:
                    for c in match_others(r.games, t_start):
                        clicks.append({**c, "room": r.index})
                conn.send({"clicks": clicks, "joins_s": [j for r in opened for j in r.joins],
                           "games": {r.index: len(r.games) for r in opened},
                           "games_finished": sum(1 for r in opened for g in r.games if g["ended"]),
                           "failures": [f for r in opened for f in r.failures],
                           "notes": sorted({n for r in opened for n in r.notes})})
            elif cmd == "close":
                for r in opened:
                    for d in [r.proj, *r.students]:
                        if d is not None:
                            d.close()
                conn.send(True)
                return

    asyncio.run(main())


# --------------------------------------------------------------------------- Chromium rooms
#: Notes the time (ms since the epoch: comparable between pages) of every change of the text
#: of the log sheet's list (``.log-panel ol``), found through the shadow roots; observers on
#: every root from the list up to the document. A list replaced (a new table) is found again
#: without counting as a change.
#: A join's moments as the page itself sees them: from the document's start, a watcher looks at every
#: animation frame (through the shadow roots) for the seat page's name field and the room band, and
#: notes the epoch time (ms) of the first frame that holds each. Playwright's own ``wait_for`` polls
#: at growing intervals (0, 20, 50, 100, 100, 500 ms…): it reports a band drawn at 0.36 s as seated
#: at 0.9 s, which is the test's wait, not the student's.
SEEN_JS = """
(() => {
  const deep = (root, sel) => {
    const f = root.querySelector(sel);
    if (f) return f;
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { const g = deep(el.shadowRoot, sel); if (g) return g; }
    }
    return null;
  };
  const seen = window.__seen = {};
  const wanted = {seat_page: '.student-name input', seated: '.room-band'};
  const look = () => {
    const now = performance.timeOrigin + performance.now();
    for (const [k, sel] of Object.entries(wanted)) {
      if (!(k in seen) && document.body && deep(document, sel)) seen[k] = now;
    }
    if (Object.keys(seen).length < Object.keys(wanted).length) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""


RECORDER_JS = """
() => {
  if (window.__logRecorder) return window.__logRecorder.attach();
  const deep = (root, sel) => {
    const f = root.querySelector(sel);
    if (f) return f;
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { const g = deep(el.shadowRoot, sel); if (g) return g; }
    }
    return null;
  };
  const rec = {changes: [], ol: null, text: null, observers: []};
  const check = () => {
    const now = performance.timeOrigin + performance.now();
    if (!rec.ol || !rec.ol.isConnected) { rec.attach(); return; }
    if (rec.ol.textContent !== rec.text) { rec.text = rec.ol.textContent; rec.changes.push(now); }
  };
  rec.attach = () => {
    for (const o of rec.observers) o.disconnect();
    rec.observers = [];
    rec.ol = deep(document, '.log-panel ol');
    rec.text = rec.ol ? rec.ol.textContent : null;
    let node = rec.ol || document.body;
    while (node) {
      const root = node.getRootNode();
      const o = new MutationObserver(check);
      o.observe(root, {childList: true, subtree: true, characterData: true});
      rec.observers.push(o);
      node = root.host || null;
    }
    return !!rec.ol;
  };
  window.__logRecorder = rec;
  return rec.attach();
}
"""


class BrowserRoom:
    """One room of real Chromium pages: the projector (the teacher's page) and the students."""

    def __init__(self, index: int, base: str, cfg: dict) -> None:
        self.index, self.base, self.cfg = index, base, cfg
        self.contexts: list = []
        self.teacher = None
        self.students: list = []
        self.games: list[dict] = []
        self.joins: list[float] = []
        self.join_phases: list[dict] = []  # the rush's joins (``--rush``), phase by phase
        self.failures: list[dict] = []
        self.notes: list[str] = []
        self.pending_code: str | None = None

    async def _form(self) -> str:
        t, cfg = self.teacher, self.cfg
        seats = cfg["students"] + cfg["bot_seats"]
        await t.locator(".room-form").wait_for()
        await t.locator(".room-game").get_by_role("button", name="Canal du Midi").click()
        await t.locator(".room-seats").get_by_role("button", name=str(seats), exact=True).click()
        for i in range(seats):
            label = "A student" if i < cfg["students"] else f"A bot: {LEVEL_WORDS[cfg['bot_level']]}"
            select = t.locator(f".seat-plan-{i} select")
            try:
                await select.wait_for(state="visible", timeout=3_000)
            except Exception:
                note = "the teacher's form drawn again has no seat selects (the previous choices are kept)"
                if note not in self.notes:
                    self.notes.append(note)
                continue
            await select.select_option(label=label)
        await t.locator(".room-pace select").select_option(label=PACE_WORDS[cfg["pace"]])
        before = (await t.locator(".big-code").inner_text()).strip() if await t.locator(".big-code").count() else None
        await t.locator(".create-room button").click()
        for _ in range(600):
            if await t.locator(".big-code").count():
                code = (await t.locator(".big-code").inner_text()).strip()
                if code and code != before:
                    return code
            await self.teacher.wait_for_timeout(100)
        raise RuntimeError("the teacher's page did not show the new room")

    async def open(self, browser, first: bool = True) -> None:
        await self.join(browser, await self.teacher_open(browser, first))

    async def teacher_open(self, browser, first: bool = True) -> str:
        """The teacher opens the room (the first: loads /teacher; then closes the last one): its code."""
        if first:
            ctx, self.teacher = await new_page(browser)
            self.contexts.append(ctx)
            await self.teacher.goto(self.base + "teacher?lang=en")
            code = await self._form()
        else:
            await self._collect()
            # For 2 s after a game ends the end screen keeps its top in view (EndInView): a click
            # on "Close the room", scrolled out of view above it, can land where the page has just
            # moved. A teacher scrolls up first (which stops it); the benchmark clicks again.
            sure = self.teacher.get_by_role("button", name="Really close? (click again)")
            for attempt in range(5):
                await self.teacher.locator(".room-close button").click()
                try:
                    await sure.wait_for(timeout=3_000)
                    break
                except Exception:
                    if attempt == 4:
                        raise
            if attempt:
                self.notes.append(f"room {self.index}: 'Close the room' clicked {attempt + 1} times (the end screen "
                                  "kept its top in view meanwhile)")
            await sure.click()
            await self.teacher.get_by_text("This room is closed.").first.wait_for()
            await self.teacher.locator(".all-rooms button").click()
            code = await self._form()
        await self.teacher.locator(".log-panel ol").first.wait_for(state="attached")
        await self.teacher.evaluate(RECORDER_JS)  # (again: the new room's table has a new list)
        self.pending_code = code
        return code

    async def join(self, browser, code: str, offsets: list[float] | None = None, t_zero: float | None = None) -> None:
        """The students join (at once; or, for the rush, each at ``t_zero`` + its offset, with its
        phases noted: seconds from the request to ``ttfb`` (the navigation's responseStart),
        ``loaded`` (``page.goto`` returned: the load event), ``seat_page`` (the first frame
        holding the name field: the seat page drawn), ``click`` (the seat's button clicked),
        ``seated`` (the first frame holding the room band: the seat's table, as ``SEEN_JS``
        notes it) and ``seated_polled`` (when Playwright's ``wait_for`` saw the band))."""
        import asyncio

        n = len(self.games) + 1
        if not self.students:
            for _ in range(self.cfg["students"]):
                ctx, page = await new_page(browser)
                await ctx.add_init_script(SEEN_JS)
                self.contexts.append(ctx)
                self.students.append(page)

        async def join(seat: int, page) -> float:
            if offsets is not None:
                await asyncio.sleep(max(0.0, t_zero + offsets[seat] - time.perf_counter()))
            t0, t0_epoch = time.perf_counter(), time.time()
            await page.goto(f"{self.base}join?code={code}&lang=en")
            t_loaded = time.perf_counter()
            await page.locator(".student-name input").fill(f"B{self.index}S{seat}G{n}")
            t_seat_page = time.perf_counter()
            await page.locator(f".seat-{seat} button").click()
            t_click = time.perf_counter()
            await page.locator(".room-band").wait_for()
            t_seated = t_polled = time.perf_counter()
            seen = await page.evaluate("() => window.__seen || {}")
            if "seated" in seen:  # the page's own frame, not Playwright's next poll (SEEN_JS)
                t_seated = t0 + (seen["seated"] / 1e3 - t0_epoch)
            if offsets is not None:
                nav = await page.evaluate("() => { const n = performance.getEntriesByType('navigation')[0];"
                                          " return n ? n.responseStart - n.startTime : null; }")
                if "seat_page" in seen:
                    t_seat_page = t0 + (seen["seat_page"] / 1e3 - t0_epoch)
                self.join_phases.append({"kind": "chromium", "device": f"room {self.index} seat {seat}",
                                         "ttfb": nav / 1e3 if nav is not None else None,
                                         "loaded": t_loaded - t0, "seat_page": t_seat_page - t0,
                                         "click": t_click - t0, "seated": t_seated - t0,
                                         "seated_polled": t_polled - t0})
            await page.locator(".log-panel ol").first.wait_for(state="attached")
            await page.evaluate(RECORDER_JS)
            return t_seated - t0

        joined = await asyncio.gather(*(join(s, p) for s, p in enumerate(self.students)),
                                      return_exceptions=offsets is not None)
        for s, j in enumerate(joined):
            if isinstance(j, BaseException):
                self.failures.append({"room": self.index, "seat": s, "why": f"rush join failed: {j!r}"})
        self.joins.extend(j for j in joined if not isinstance(j, BaseException))
        self.games.append({"code": code, "clicks": [], "changes": None, "started": time.time() * 1e3, "ended": None})

    async def _collect(self) -> None:
        """The log changes each page noted for the current game so far, added to those already
        collected (every half minute while it plays, and before its pages go: a page that fails
        later loses nothing already noted); a page that cannot be read is a failure, said."""
        game = self.games[-1]
        got = game["changes"] or [[] for _ in range(1 + len(self.students))]
        for k, page in enumerate([self.teacher, *self.students]):
            try:
                got[k].extend(await page.evaluate(
                    "() => window.__logRecorder ? window.__logRecorder.changes.splice(0) : []"))
            except Exception as err:
                self.failures.append({"room": self.index, "device": "projector" if k == 0 else f"seat {k - 1}",
                                      "why": f"log changes not read: {str(err).splitlines()[0]}"})
        game["changes"] = got

    async def _collect_often(self, until: float) -> None:
        import asyncio

        while time.perf_counter() < until:
            await asyncio.sleep(30)
            if self.games and self.games[-1]["ended"] is None:
                await self._collect()

    async def play(self, browser, until: float, think: tuple[float, float], rng: random.Random) -> None:
        import asyncio

        collecting = asyncio.ensure_future(self._collect_often(until))
        while time.perf_counter() < until:
            ends = await asyncio.gather(*(self._student(s, p, until, think, rng) for s, p in enumerate(self.students)),
                                        return_exceptions=True)
            for e in ends:
                if isinstance(e, BaseException):
                    self.failures.append({"room": self.index, "why": repr(e)})
            if time.perf_counter() >= until:
                break
            self.games[-1]["ended"] = time.time() * 1e3
            try:
                await self.teacher.locator(".end-screen").first.wait_for(timeout=30_000)
                await self.open(browser, first=False)
            except Exception as err:
                # which wait ran out (Playwright's call log names the locator), and the teacher's page then
                waited = [line.strip() for line in str(err).splitlines() if "waiting for" in line][:1]
                shot = Path(tempfile.gettempdir()) / f"classroom-bench-room{self.index}-no-new-room.png"
                try:
                    await self.teacher.screenshot(path=str(shot), full_page=True)
                except Exception:
                    shot = None
                self.failures.append({"room": self.index, "why": f"no new room: {str(err).splitlines()[0]}"
                                      + (f" ({waited[0]})" if waited else ""),
                                      "game": len(self.games), "screenshot": str(shot) if shot else None})
                break
        await asyncio.sleep(3.0)  # the last clicks' updates still on their way
        collecting.cancel()
        await self._collect()

    async def _student(self, seat: int, page, until: float, think: tuple[float, float], rng: random.Random) -> str:
        import asyncio

        from playwright.async_api import Error as PlaywrightError

        game = self.games[-1]
        while True:
            left = until - time.perf_counter()
            if left <= 0:
                return "time"
            try:
                await page.locator(".choices button.choice, .end-screen").first.wait_for(
                    timeout=max(100, min(left, STUCK_S) * 1e3))
            except PlaywrightError:
                if time.perf_counter() >= until:
                    return "time"
                continue
            if await page.locator(".end-screen").count():
                return "over"
            await asyncio.sleep(rng.uniform(*think))
            if time.perf_counter() >= until:
                return "time"
            try:
                handle = await page.locator(".choices button.choice").first.element_handle(timeout=5_000)
                log = await page.locator(".log-panel ol").first.element_handle(timeout=5_000)
                await page.evaluate(ARM_JS, [handle, log])
                await handle.click(timeout=15_000)
            except PlaywrightError as err:
                await page.evaluate(CANCEL_JS)
                self.failures.append({"room": self.index, "seat": seat, "why": str(err).splitlines()[0]})
                continue
            r = await page.evaluate(WAIT_JS, 30_000)
            origin = await page.evaluate("() => performance.timeOrigin")
            if r["t0"] is None or r["t1"] is None or r["detachedBeforeClick"]:
                self.failures.append({"room": self.index, "seat": seat, "why": "no update seen"})
                continue
            game["clicks"].append({"seat": seat, "t0": (origin + r["t0"]) / 1e3, "own_s": (r["t1"] - r["t0"]) / 1e3,
                                   "signal": r["signal"]})

    def results(self, t_start_epoch: float) -> list[dict]:
        games = [{"devices": [[c / 1e3 for c in ch] for ch in (g["changes"] or [])], "clicks": g["clicks"]}
                 for g in self.games if g["changes"] is not None]
        return [{**c, "room": self.index} for c in match_others(games, t_start_epoch)]

    async def close(self) -> None:
        for ctx in self.contexts:
            with contextlib.suppress(Exception):
                await ctx.close()


# --------------------------------------------------------------------------- the run
def slope_mb_per_hour(points: list[tuple[float, float]]) -> float | None:
    """Least-squares slope of (seconds, bytes) points, in MB per hour."""
    if len(points) < 3:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    if den == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / den * 3600 / 1e6


def latency_figures(clicks: list[dict], duration: float) -> dict:
    own = [c["own_s"] for c in clicks if c.get("own_s") is not None]
    others = [o["s"] for c in clicks for o in c["others"] if o["s"] is not None]
    students = [o["s"] for c in clicks for o in c["others"] if o["s"] is not None and o["device"] != "projector"]
    projector = [o["s"] for c in clicks for o in c["others"] if o["s"] is not None and o["device"] == "projector"]
    unmatched = sum(1 for c in clicks for o in c["others"] if o["s"] is None)
    # the whole room: the last of the other devices to show the decision (clicks fully matched)
    last = [max(o["s"] for o in c["others"]) for c in clicks
            if c["others"] and all(o["s"] is not None for o in c["others"])]
    by_minute = []
    for k in range(max(1, int(-(-duration // 60)))):
        sel = [c for c in clicks if k * 60 <= c["at"] < (k + 1) * 60]
        by_minute.append({"minute": k + 1, "own": summary_ms([c["own_s"] for c in sel if c.get("own_s") is not None]),
                          "others": summary_ms([o["s"] for c in sel for o in c["others"] if o["s"] is not None])})
    return {"clicks": len(clicks), "own": summary_ms(own), "others": summary_ms(others),
            "others_students": summary_ms(students), "others_projector": summary_ms(projector),
            "others_last": summary_ms(last),
            "others_unmatched": unmatched, "own_missing": sum(1 for c in clicks if c.get("own_s") is None),
            "by_minute": by_minute}


async def rush(args, server: ClassroomServer, browser, browser_rooms: list, headless_rooms: list[int], ask_clients,
               ask_server, points: list[dict], results: dict, clients_pid: int) -> None:
    """``--rush S``: the teacher opens every room first (the Chromium rooms, then the headless
    ones, at once); then every student device loads /join and takes its seat at a moment drawn
    uniformly within S seconds (the same draw for a seed), as a class scanning the code together.
    Notes each join's phases, the server's event-loop lag and CPU over the rush."""
    import asyncio

    loop = asyncio.get_running_loop()
    t0 = time.perf_counter()
    for r in browser_rooms:
        await r.teacher_open(browser)
    got = await ask_clients("open-rooms", headless_rooms)
    opened_s = time.perf_counter() - t0
    points.append({"rooms": 0, "rooms_opened": len(browser_rooms) + got["rooms"],
                   "rss_raw_bytes": rss_bytes(server.pid) or 0,
                   "rss_bytes": await loop.run_in_executor(None, server.rss), "hub": await ask_server("hub-stats"),
                   "seconds": opened_s})
    print(f"  the teacher opened {points[-1]['rooms_opened']} rooms in {opened_s:.1f} s (nobody joined), server RSS "
          f"{points[-1]['rss_bytes'] / 2**20:.1f} MiB, {points[-1]['hub']['sessions']} sessions"
          + (f"; errors: {got['errors']}" if got["errors"] else ""))
    rng = random.Random(args.seed + 28)
    offsets = {r: [rng.uniform(0, args.rush) for _ in range(args.students)] for r in range(args.rooms)}
    print(f"  the rush: {args.rooms * args.students} students join within {args.rush:g} s...")
    await ask_server("loop-lag")  # (clears the samples)
    await ask_server("gc-pauses")
    cpu = CpuWindow(server.pid, server.tid, clients_pid)
    a = cpu.sample()
    t_zero = time.perf_counter() + 1.0
    headless = asyncio.ensure_future(ask_clients("rush", {"t_zero": t_zero, "offsets": offsets}))
    await asyncio.gather(*(r.join(browser, r.pending_code, offsets[r.index], t_zero) for r in browser_rooms))
    got = await headless
    b = cpu.sample()
    lag = await ask_server("loop-lag")
    gc_pauses = gc_summary(await ask_server("gc-pauses"))
    window = CpuWindow.between(a, b)
    phases = got["phases"] + [ph for r in browser_rooms for ph in r.join_phases]
    errors = got["errors"] + [f for r in browser_rooms for f in r.failures]
    raw = rss_bytes(server.pid) or 0
    points.append({"rooms": len(browser_rooms) + got["rooms"], "rss_raw_bytes": raw,
                   "rss_bytes": await loop.run_in_executor(None, server.rss), "hub": await ask_server("hub-stats"),
                   "seconds": time.perf_counter() - t_zero})

    def steps(kind: str, names: list[str]) -> dict:
        sel = [ph for ph in phases if ph["kind"] == kind]
        out = {}
        prev = None
        for name in names:
            xs = [ph[name] - (ph[prev] if prev else 0.0) for ph in sel
                  if ph.get(name) is not None and (prev is None or ph.get(prev) is not None)]
            out[f"{prev or 'request'} -> {name}"] = summary_ms(xs)
            prev = name
        return out

    by_half = {}
    for tag, lo, hi in (("first half of the rush", 0, args.rush / 2), ("second half", args.rush / 2, args.rush + 1)):
        starts = {(r, s): o for r, offs in offsets.items() for s, o in enumerate(offs)}
        sel = [ph["seated"] for ph in phases
               if lo <= starts[tuple(int(x) for x in re.findall(r"\d+", ph["device"]))] < hi]
        by_half[tag] = summary_ms(sel)
    results["rush"] = {
        "window_s": args.rush, "students": args.rooms * args.students, "seated": len(phases), "errors": errors,
        "rooms_opened_s": opened_s, "rush_s": time.perf_counter() - t_zero,
        "join": summary_ms([ph["seated"] for ph in phases]),
        "join_headless": summary_ms([ph["seated"] for ph in phases if ph["kind"] == "headless"]),
        "join_chromium": summary_ms([ph["seated"] for ph in phases if ph["kind"] == "chromium"]),
        "by_half": by_half,
        "steps_headless": steps("headless", ["page", "ws_open", "doc", "seat_choices", "click", "seated"]),
        "steps_chromium": steps("chromium", ["loaded", "seat_page", "click", "seated"]),
        "ttfb_chromium": summary_ms([ph["ttfb"] for ph in phases
                                     if ph["kind"] == "chromium" and ph["ttfb"] is not None]),
        "loop_lag": summary_ms(lag), "gc_pauses": gc_pauses, "cpu": window, "phases": phases, "offsets": offsets,
    }
    j = results["rush"]["join"]
    print(f"  rush over: {len(phases)}/{args.rooms * args.students} seated; page request -> seated "
          f"p50 {j.get('median_ms', float('nan')):.0f} / p95 {j.get('p95_ms', float('nan')):.0f} / "
          f"max {j.get('max_ms', float('nan')):.0f} ms; server RSS {points[-1]['rss_bytes'] / 2**20:.1f} MiB"
          + (f"; errors: {errors}" if errors else ""))


async def run(args, server: ClassroomServer, think: tuple[float, float], results: dict) -> None:
    import asyncio
    import multiprocessing as mp

    loop = asyncio.get_running_loop()
    cfg = {"students": args.students, "bot_seats": args.bot_seats, "bot_level": args.bot_level, "pace": args.pace}
    n_browser = args.browser_rooms
    headless_rooms = list(range(n_browser, args.rooms))
    ctx = mp.get_context("spawn")
    conn, child = ctx.Pipe()
    proc = ctx.Process(target=_clients_child, args=(child, server.url, headless_rooms, cfg, think, args.seed),
                       name="classroom-clients")
    proc.start()

    async def ask_clients(cmd, arg=None, timeout: float = 900):
        conn.send((cmd, arg))
        ok = await loop.run_in_executor(None, conn.poll, timeout)
        if not ok:
            raise RuntimeError(f"the headless clients did not answer {cmd!r}")
        return conn.recv()

    async def ask_server(cmd, arg=None):
        return await loop.run_in_executor(None, server.ask, cmd, arg)

    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await launch_browser(pw) if n_browser else None
        # 1. warm-up: one room through a whole cycle (opened, joined, a few decisions, closed)
        print(f"  warm-up room ({args.warm_up:g} s of quick clicks)...")
        w = await ask_clients("warm-up", args.warm_up)
        results["warm_up"] = w
        left = await loop.run_in_executor(None, server.wait_sessions, 0, 120)
        rss0_raw = rss_bytes(server.pid) or 0
        rss0 = await loop.run_in_executor(None, server.rss)
        stats0 = await ask_server("hub-stats")
        print(f"  warm-up: {w['warm_up_clicks']} clicks; {left} live sessions left; server RSS before the rooms "
              f"{rss0 / 2**20:.1f} MiB (after gc; {rss0_raw / 2**20:.1f} before it)")
        points = [{"rooms": 0, "rss_bytes": rss0, "rss_raw_bytes": rss0_raw, "hub": stats0}]
        # 2. the rooms arrive, a batch at a time: the browser room(s), then the headless ones
        t_ramp = time.perf_counter()
        browser_rooms = [BrowserRoom(i, server.url, cfg) for i in range(n_browser)]
        for r in browser_rooms if not args.rush else []:
            await r.open(browser)
        if browser_rooms and not args.rush:
            points.append({"rooms": n_browser, "rss_raw_bytes": rss_bytes(server.pid) or 0,
                           "rss_bytes": await loop.run_in_executor(None, server.rss),
                           "hub": await ask_server("hub-stats")})
            print(f"  {n_browser} Chromium room(s) joined, server RSS {points[-1]['rss_bytes'] / 2**20:.1f} MiB")
        batch_errors = []
        if args.rush:
            await rush(args, server, browser, browser_rooms, headless_rooms, ask_clients, ask_server, points, results,
                       proc.pid)
            batch_errors += results["rush"]["errors"]
        for start in range(0, len(headless_rooms) if not args.rush else 0, args.ramp_batch):
            batch = headless_rooms[start:start + args.ramp_batch]
            got = await ask_clients("batch", batch)
            batch_errors += got["errors"]
            raw = rss_bytes(server.pid) or 0
            points.append({"rooms": n_browser + got["rooms"], "rss_raw_bytes": raw,
                           "rss_bytes": await loop.run_in_executor(None, server.rss),
                           "hub": await ask_server("hub-stats"), "seconds": got["seconds"]})
            print(f"  {points[-1]['rooms']:>2} rooms joined ({got['seconds']:.1f} s for this batch), server RSS "
                  f"{points[-1]['rss_bytes'] / 2**20:.1f} MiB, {points[-1]['hub']['sessions']} sessions"
                  + (f"; errors: {got['errors']}" if got["errors"] else ""))
        ramp_s = time.perf_counter() - t_ramp
        last = points[-1]
        memory = {"baseline_rss_bytes": rss0, "baseline_rss_raw_bytes": rss0_raw, "rss_bytes": last["rss_bytes"],
                  "rss_raw_bytes": last["rss_raw_bytes"], "rooms": last["rooms"],
                  "per_room_mb": (last["rss_bytes"] - rss0) / max(1, last["rooms"]) / 1e6,
                  "per_room_raw_mb": (last["rss_raw_bytes"] - rss0_raw) / max(1, last["rooms"]) / 1e6,
                  "sessions": last["hub"]["sessions"], "points": points, "ramp_s": ramp_s,
                  "warm_up_sessions_left": left, "batch_errors": batch_errors}
        half = [p for p in points if p["rooms"] >= last["rooms"] / 2]
        if len(half) >= 2 and half[-1]["rooms"] > half[0]["rooms"]:
            memory["marginal_per_room_mb"] = ((half[-1]["rss_bytes"] - half[0]["rss_bytes"])
                                              / (half[-1]["rooms"] - half[0]["rooms"]) / 1e6)
            memory["marginal_from_rooms"] = half[0]["rooms"]
        memory["heap_joined"] = await ask_server("heap")
        results["memory"] = memory
        print(f"  all {last['rooms']} rooms joined after {ramp_s:.0f} s: {last['hub']['sessions']} sessions; "
              f"{memory['per_room_mb']:.2f} MB per room (after gc; {memory['per_room_raw_mb']:.2f} without)")
        if args.duration <= 0:
            await ask_clients("close")
            for r in browser_rooms:
                await r.close()
            if browser:
                await browser.close()
            proc.join(30)
            return

        # 3. the class plays
        print(f"  playing for {args.duration:.0f} s (think {think[0]:g}-{think[1]:g} s)...")
        results["load_average"]["play_start"] = [round(x, 2) for x in os.getloadavg()]
        cpu = CpuWindow(server.pid, server.tid, proc.pid)
        for cmd in ("server-latency", "loop-lag", "gc-pauses"):
            await ask_server(cmd)
        if args.profile:
            await ask_server("profile-start")
        a = cpu.sample()
        t_start = time.perf_counter()
        t_start_epoch = time.time()
        until = t_start + args.duration
        conn.send(("play", args.duration))
        timeline: list[dict] = []

        async def sampler():
            prev = cpu.sample()
            while True:
                now = time.perf_counter()
                hub = await ask_server("hub-stats")
                s = cpu.sample()
                w = CpuWindow.between(prev, s)
                prev = s
                timeline.append({"t": now - t_start, "rss_bytes": rss_bytes(server.pid) or 0, "hub": hub,
                                 "server_process_cores": w["server process"]["cores"],
                                 "server_thread_cores": w["server thread (Bokeh event loop)"]["cores"],
                                 "machine_cores": w["machine"]["cores"], "load1": os.getloadavg()[0]})
                if now >= until:
                    return
                await asyncio.sleep(min(args.sample_every, max(0.0, until - time.perf_counter())))

        sampling = asyncio.ensure_future(sampler())
        browser_play = [asyncio.ensure_future(r.play(browser, until, think, random.Random(args.seed + 500 + r.index)))
                        for r in browser_rooms]
        await sampling  # its last sample is taken at the end of the window (the pipe is then free)
        b = cpu.sample()
        lag = await ask_server("loop-lag")
        gc_pauses = gc_summary(await ask_server("gc-pauses"))
        server_side = await ask_server("server-latency")
        profile = await ask_server("profile-stop", 40) if args.profile else None
        headless = await loop.run_in_executor(None, lambda: conn.poll(300) and conn.recv())
        await asyncio.gather(*browser_play, return_exceptions=True)
        results["load_average"]["play_end"] = [round(x, 2) for x in os.getloadavg()]
        # 4. memory at the end, the sessions still open; then every session closed
        rss_end_raw = rss_bytes(server.pid) or 0
        rss_end = await loop.run_in_executor(None, server.rss)
        hub_end = await ask_server("hub-stats")
        heap_end = await ask_server("heap")
        await ask_clients("close")
        for r in browser_rooms:
            await r.close()
        if browser:
            await browser.close()
    proc.join(60)
    if proc.is_alive():
        proc.terminate()
    left = await loop.run_in_executor(None, server.wait_sessions, 0, 120)
    # Bokeh drops a session from its list before its destruction callbacks have run (Panel's
    # clean-up of the page): give them time, so that what is left is what is kept
    await asyncio.sleep(20)
    rss_closed = await loop.run_in_executor(None, server.rss)
    hub_closed = await ask_server("hub-stats")
    heap_closed = await ask_server("heap")

    window = CpuWindow.between(a, b)
    print_cpu(window)
    h_clicks = (headless or {}).get("clicks", [])
    b_clicks = [c for r in browser_rooms for c in r.results(t_start_epoch)]
    for c in b_clicks:
        c["at"] = c["t0"] - t_start_epoch
    xs = [(p["t"], p["rss_bytes"]) for p in timeline]
    second_half = [(t, y) for t, y in xs if t >= args.duration / 2]
    settled = [(t, y) for t, y in xs if t >= SETTLED_S]
    results["play"] = {
        "duration_s": args.duration, "think_s": list(think),
        "headless": latency_figures(h_clicks, args.duration), "browser": latency_figures(b_clicks, args.duration),
        "all": latency_figures(h_clicks + b_clicks, args.duration),
        "joins": summary_ms((headless or {}).get("joins_s", []) + [j for r in browser_rooms for j in r.joins]),
        "games_started": {**(headless or {}).get("games", {}), **{r.index: len(r.games) for r in browser_rooms}},
        "games_finished": (headless or {}).get("games_finished", 0)
        + sum(1 for r in browser_rooms for g in r.games if g["ended"]),
        "failures": (headless or {}).get("failures", []) + [f for r in browser_rooms for f in r.failures],
        "notes": sorted(set((headless or {}).get("notes", [])) | {n for r in browser_rooms for n in r.notes}
                        | set(results.get("warm_up", {}).get("notes", []))),
        "server_side": summary_ms(server_side), "loop_lag": summary_ms(lag), "gc_pauses": gc_pauses,
        "cpu": window,
        "server_cpu_per_click_ms": window["server process"]["cpu_s"] / max(1, len(h_clicks) + len(b_clicks)) * 1e3,
        "timeline": timeline,
        "rss_trend_mb_per_hour": slope_mb_per_hour(xs),
        "rss_trend_second_half_mb_per_hour": slope_mb_per_hour(second_half),
        "rss_trend_settled_mb_per_hour": slope_mb_per_hour(settled) if len(settled) > 2 else None,
        "rss_end_bytes": rss_end, "rss_end_raw_bytes": rss_end_raw, "hub_end": hub_end,
        "rss_all_closed_bytes": rss_closed, "sessions_left_after_close": left, "hub_after_close": hub_closed,
        "heap_end": heap_end, "heap_after_close": heap_closed,
        "samples": {"headless": h_clicks, "browser": b_clicks},
    }
    if profile:
        results["play"]["profile"] = profile


# --------------------------------------------------------------------------- report
def verdicts(res: dict) -> list[dict]:
    rows: list[dict] = []

    def add(name, value, fmt, target_text="-", ok=None):
        rows.append({"figure": name, "value": value, "shown": fmt(value) if value is not None else "n/a",
                     "target": target_text, "pass": ok})

    ms = lambda v: f"{v:.0f} ms"  # noqa: E731
    mb = lambda v: f"{v:.2f} MB"  # noqa: E731
    m = res.get("memory")
    if m:
        add(f"server memory per room (RSS growth after gc / {m['rooms']} rooms, {m['sessions']} sessions)",
            m["per_room_mb"], mb, f"<= {TARGET_MB_PER_ROOM:.0f} MB", m["per_room_mb"] <= TARGET_MB_PER_ROOM)
        add("  same, without gc", m["per_room_raw_mb"], mb)
        if "marginal_per_room_mb" in m:
            add(f"  marginal (rooms {m['marginal_from_rooms']}-{m['rooms']})", m["marginal_per_room_mb"], mb)
        add("  server RSS with every room joined", m["rss_bytes"] / 1e6, lambda v: f"{v:.0f} MB")
    r = res.get("rush")
    if r:
        j = r["join"]
        add(f"rush: page request -> seated, p95 ({j.get('n', 0)} of {r['students']} students "
            f"within {r['window_s']:g} s)",
            j.get("p95_ms"), ms, f"<= {TARGET_JOIN_P95_MS:.0f} ms",
            (j["p95_ms"] <= TARGET_JOIN_P95_MS and j["n"] == r["students"]) if j.get("n") else False)
        add("  median / max", j.get("median_ms"), lambda v: f"{v:.0f} / {j['max_ms']:.0f} ms")
        for tag, key in (("headless", "join_headless"), ("Chromium", "join_chromium")):
            if r[key].get("n"):
                add(f"  {tag} devices ({r[key]['n']}), median / p95 / max", r[key]["median_ms"],
                    lambda v, f=r[key]: f"{v:.0f} / {f['p95_ms']:.0f} / {f['max_ms']:.0f} ms")
        for tag, f in r["by_half"].items():
            if f.get("n"):
                add(f"  students starting in the {tag} ({f['n']}), median / p95", f["median_ms"],
                    lambda v, f=f: f"{v:.0f} / {f['p95_ms']:.0f} ms")
        for kind in ("steps_headless", "steps_chromium"):
            for step, f in r[kind].items():
                if f.get("n"):
                    add(f"  {kind[6:]}: {step}, median / p95 / max", f["median_ms"],
                        lambda v, f=f: f"{v:.0f} / {f['p95_ms']:.0f} / {f['max_ms']:.0f} ms")
        if r["ttfb_chromium"].get("n"):
            f = r["ttfb_chromium"]
            add("  chromium: time to first byte of /join, median / p95", f["median_ms"],
                lambda v, f=f: f"{v:.0f} / {f['p95_ms']:.0f} ms")
        add("  server event-loop lag during the rush, median / p95 / max", r["loop_lag"].get("median_ms"),
            lambda v: f"{v:.0f} / {r['loop_lag'].get('p95_ms', float('nan')):.0f} / "
                      f"{r['loop_lag'].get('max_ms', float('nan')):.0f} ms")
        g2 = r["gc_pauses"].get("gen2")
        if g2:
            add("  full garbage collections during the rush, count / longest", g2["n"],
                lambda v, g2=g2: f"{v} / {g2['max_ms']:.0f} ms")
        add("  server process / its event-loop thread during the rush (cores)", r["cpu"]["server process"]["cores"],
            lambda v: f"{v:.2f} / {r['cpu']['server thread (Bokeh event loop)']['cores']:.2f}")
        add("  the teacher opening every room first (s)", r["rooms_opened_s"], lambda v: f"{v:.1f} s")
    p = res.get("play")
    if p:
        for who in ("all", "headless", "browser"):
            f = p[who]
            if not f["clicks"]:
                continue
            tag = {"all": "all devices", "headless": "headless devices", "browser": "Chromium pages"}[who]
            if f["own"].get("n"):
                add(f"click -> own update, {tag}, p95 ({f['own']['n']} clicks)", f["own"]["p95_ms"], ms,
                    f"<= {TARGET_OWN_P95_MS:.0f} ms", f["own"]["p95_ms"] <= TARGET_OWN_P95_MS)
                add("  median / max", f["own"]["median_ms"], lambda v, f=f: f"{v:.0f} / {f['own']['max_ms']:.0f} ms")
            if f["others"].get("n"):
                add(f"click -> other devices' update, {tag}, p95 ({f['others']['n']} updates)",
                    f["others"]["p95_ms"], ms, f"<= {TARGET_OTHERS_P95_MS:.0f} ms",
                    f["others"]["p95_ms"] <= TARGET_OTHERS_P95_MS)
                add("  median / max", f["others"]["median_ms"],
                    lambda v, f=f: f"{v:.0f} / {f['others']['max_ms']:.0f} ms")
                add("  other students / projector, p95", f["others_students"].get("p95_ms"),
                    lambda v, f=f: f"{v:.0f} / {f['others_projector'].get('p95_ms', float('nan')):.0f} ms")
                add("  the last device of the room, median / p95", f["others_last"].get("median_ms"),
                    lambda v, f=f: f"{v:.0f} / {f['others_last'].get('p95_ms', float('nan')):.0f} ms")
                add("  updates not matched (no log change within 10 s)", f["others_unmatched"], lambda v: f"{v}")
        add("clicks per second, all rooms", p["all"]["clicks"] / p["duration_s"], lambda v: f"{v:.2f}")
        add("games started / finished", sum(p["games_started"].values()),
            lambda v: f"{v} / {p['games_finished']}")
        add("join: page request -> seated at the table, median / p95", p["joins"].get("median_ms"),
            lambda v: f"{v:.0f} / {p['joins'].get('p95_ms', float('nan')):.0f} ms")
        add("server: click handled -> first patch written, median / p95", p["server_side"].get("median_ms"),
            lambda v: f"{v:.0f} / {p['server_side'].get('p95_ms', float('nan')):.0f} ms")
        add("server event-loop lag, median / p95", p["loop_lag"].get("median_ms"),
            lambda v: f"{v:.0f} / {p['loop_lag'].get('p95_ms', float('nan')):.0f} ms")
        g2 = p["gc_pauses"].get("gen2")
        if g2:
            add("server: full garbage collections, count / longest", g2["n"], lambda v: f"{v} / {g2['max_ms']:.0f} ms")
        cpu = p["cpu"]
        add("server process CPU while playing (cores)", cpu["server process"]["cores"], lambda v: f"{v:.2f}")
        add("  of which its event-loop thread", cpu["server thread (Bokeh event loop)"]["cores"], lambda v: f"{v:.2f}")
        add("  server CPU per click (all threads)", p["server_cpu_per_click_ms"], ms)
        add("bot workers / headless clients / Chromium (cores)", cpu["bot workers"]["cores"],
            lambda v: f"{v:.2f} / {cpu.get('headless clients', {}).get('cores', 0):.2f} / "
                      f"{cpu['chromium']['cores']:.2f}")
        add("whole machine / other processes (cores)", cpu["machine"]["cores"],
            lambda v: f"{v:.2f} / {cpu.get('other processes (not this benchmark)', {}).get('cores', 0):.2f}")
        trend = p["rss_trend_mb_per_hour"]
        settled = p.get("rss_trend_settled_mb_per_hour")
        hours = p["duration_s"] / 3600
        if settled is not None:
            add(f"server RSS trend from minute {SETTLED_S / 60:.0f} to {p['duration_s'] / 60:.0f} (MB per hour)",
                settled, lambda v: f"{v:+.1f} MB/h", f"<= {TARGET_MB_PER_HOUR:.0f} MB/h over 1 h",
                (settled <= TARGET_MB_PER_HOUR) if hours >= 1 else None)
        if trend is not None:
            add(f"  over all {p['duration_s'] / 60:.0f} min of play (the first games' end included)", trend,
                lambda v: f"{v:+.1f} MB/h")
            if p["rss_trend_second_half_mb_per_hour"] is not None:
                add("  second half of the window", p["rss_trend_second_half_mb_per_hour"], lambda v: f"{v:+.1f} MB/h")
        if m:
            add("server RSS: joined / end of play / every session closed (after gc)", m["rss_bytes"] / 1e6,
                lambda v: f"{v:.0f} / {p['rss_end_bytes'] / 1e6:.0f} / {p['rss_all_closed_bytes'] / 1e6:.0f} MB")
        if m and "heap_joined" in m and "tracked" in m["heap_joined"]:
            j, e, c = m["heap_joined"], p["heap_end"], p["heap_after_close"]
            add("server: objects tracked by gc, joined / end of play / all closed", j["tracked"],
                lambda v: f"{v / 1e6:.2f} / {e.get('tracked', 0) / 1e6:.2f} / {c.get('tracked', 0) / 1e6:.2f} M")
            add("server: Bokeh models in the sessions' documents, joined / end of play",
                m["points"][-1]["hub"].get("doc_models"), lambda v: f"{v} / {p['hub_end'].get('doc_models')}")
        add("rooms the hub keeps at the end (open / over / closed)", p["hub_end"]["rooms_kept"],
            lambda v: f"{v} ({p['hub_end']['open']} / {p['hub_end']['over']} / {p['hub_end']['closed']})")
    return rows


# --------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    import asyncio

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="Method, figures and targets: docs/performance.md, "
                                        "\"Classroom rooms (issue 14)\".",
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rooms", type=int, default=8, help="rooms playing at once (default 8)")
    ap.add_argument("--students", type=int, default=4,
                    help="student devices per room, each holding a seat (default 4); each room also has a projector")
    ap.add_argument("--bot-seats", type=int, default=0,
                    help="bot seats per room, besides the students' (default 0; students + bot seats <= 4)")
    ap.add_argument("--bot-level", choices=tuple(LEVEL_WORDS), default="heuristic",
                    help="the bots' level (default heuristic, the form's \"Steady\")")
    ap.add_argument("--pace", choices=tuple(PACE_WORDS), default="fast",
                    help="the bots' pace chosen in the form (default fast: 0.4 s between two bot actions)")
    ap.add_argument("--browser-rooms", type=int, default=1,
                    help="rooms whose devices are real Chromium pages (default 1); the others are headless")
    ap.add_argument("--duration", type=float, default=300.0,
                    help="seconds the class plays (default 300; 3600 for the issue's hour; 0: memory only)")
    ap.add_argument("--think", default="2,6",
                    help="a student's think time before each click, MIN,MAX seconds, uniform (default 2,6)")
    ap.add_argument("--ramp-batch", type=int, default=2, help="headless rooms opened and joined at once (default 2)")
    ap.add_argument("--warm-up", type=float, default=15.0,
                    help="seconds of quick play in the warm-up room before the memory baseline (default 15)")
    ap.add_argument("--sample-every", type=float, default=15.0,
                    help="seconds between two samples of the server's RSS while playing (default 15)")
    ap.add_argument("--bot-workers", type=int, default=2, help="the server's bot worker processes (default 2)")
    ap.add_argument("--profile", action="store_true",
                    help="cProfile the server's event-loop thread over the playing window (slows it down)")
    ap.add_argument("--rush", type=float, default=0.0, metavar="S",
                    help="the join rush (issue 28): the teacher opens every room first, then each student joins "
                         "at a random moment within S seconds (default 0: rooms opened and joined in batches)")
    ap.add_argument("--seed", type=int, default=20261125, help="seed of the think times (default 20261125)")
    ap.add_argument("--json", metavar="PATH", help="write every figure and sample to this JSON file")
    args = ap.parse_args(argv)

    think = tuple(float(x) for x in args.think.split(","))
    if len(think) != 2 or not 0 <= think[0] <= think[1]:
        ap.error("--think takes MIN,MAX")
    if args.students < 1 or args.students + args.bot_seats > 4 or args.students + args.bot_seats < 2:
        ap.error("a room has 2 to 4 seats, at least one a student's (--students + --bot-seats)")
    if not 0 <= args.browser_rooms <= args.rooms or args.rooms < 1:
        ap.error("--browser-rooms takes 0 to --rooms")
    if args.ramp_batch < 1:
        ap.error("--ramp-batch takes at least 1")
    if args.browser_rooms and not os.path.exists(CHROMIUM):
        print(f"Chromium is missing ({CHROMIUM}): sudo apt-get install chromium, or --browser-rooms 0",
              file=sys.stderr)
        return 2

    info = machine_info()
    print(f"machine: {info['cores']} cores, {info['cpu_model']}, {info.get('mem_total_gib')} GiB, "
          f"Python {info['python']}, Panel {info.get('panel')}, Bokeh {info.get('bokeh')}, {info.get('chromium')}")
    print(f"code: {tree_fingerprint()}, commit {info.get('git_commit')}"
          + (f" (uncommitted: {', '.join(info['uncommitted_changes'])})" if info.get("uncommitted_changes") else ""))
    sessions = args.rooms * (args.students + 1)
    print(f"load: {args.rooms} rooms x ({args.students} students + 1 projector) = {sessions} sessions"
          + (f", {args.bot_seats} bot seat(s) per room ({args.bot_level}, {args.pace})" if args.bot_seats else "")
          + f"; {args.browser_rooms} room(s) in Chromium; load average {os.getloadavg()[0]:.2f}")
    results: dict = {"machine": info, "argv": sys.argv, "seed": args.seed,
                     "config": {"rooms": args.rooms, "students": args.students, "bot_seats": args.bot_seats,
                                "bot_level": args.bot_level, "pace": args.pace, "browser_rooms": args.browser_rooms,
                                "sessions": sessions, "duration_s": args.duration, "think_s": list(think),
                                "rush_s": args.rush},
                     "started": datetime.now(UTC).isoformat(timespec="seconds"),
                     "load_average": {"start": [round(x, 2) for x in os.getloadavg()]},
                     "code_fingerprint_at_start": tree_fingerprint()}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="classroom-bench-") as tmp:
        server = ClassroomServer(args.seed, args.bot_workers, str(Path(tmp) / "classroom.db"))
        results["server"] = {"pid": server.pid, "url": server.url, "bot_workers": args.bot_workers}
        print(f"server: pid {server.pid} at {server.url}, RSS {rss_bytes(server.pid) / 2**20:.0f} MiB, "
              f"{len(server.workers())} bot workers, store in a temporary folder")
        try:
            asyncio.run(run(args, server, think, results))
        finally:
            results["server"]["warnings"] = server.stop()
    if results["server"]["warnings"]:
        print("warnings in the server: " + "; ".join(f"{k} ({v})" for k, v in results["server"]["warnings"].items()))
    p = results.get("play")
    if p:
        for f in p["failures"][:5]:
            print(f"  not counted: {f}")
        if len(p["failures"]) > 5:
            print(f"  ... {len(p['failures']) - 5} more")
        for n in p["notes"]:
            print(f"  note: {n}")
        print("  p95 by minute (own / others): " + ", ".join(
            f"{m['own'].get('p95_ms', float('nan')):.0f}/{m['others'].get('p95_ms', float('nan')):.0f}"
            for m in p["all"]["by_minute"]) + " ms")
        print("  server RSS while playing (MiB, every sample): " + " ".join(
            f"{x['rss_bytes'] / 2**20:.0f}" for x in p["timeline"]))
        if p.get("profile"):
            print(p["profile"]["cumulative"])
    results["total_wall_s"] = round(time.perf_counter() - t0, 1)
    results["code_fingerprint_at_end"] = tree_fingerprint()
    if results["code_fingerprint_at_end"] != results["code_fingerprint_at_start"]:
        print(f"WARNING: the code changed during the run ({results['code_fingerprint_at_start']} -> "
              f"{results['code_fingerprint_at_end']}); the server ran the version it imported at start")
    results["load_average"]["end"] = [round(x, 2) for x in os.getloadavg()]
    print(f"load average at the end: {results['load_average']['end']}")
    from midi_bench import finish_report  # the shared report ending (same folder)

    finish_report(results, verdicts(results),
                  {"join_p95_ms": TARGET_JOIN_P95_MS, "own_p95_ms": TARGET_OWN_P95_MS,
                   "others_p95_ms": TARGET_OTHERS_P95_MS,
                   "mb_per_room": TARGET_MB_PER_ROOM, "mb_per_hour": TARGET_MB_PER_HOUR}, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
