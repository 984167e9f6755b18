"""On-demand performance benchmark of the museum exhibit in a browser (not part of the tests).

Run from the project root:

    uv run python benchmarks/exhibit_bench.py [--sessions 30] [--json PATH]

The exhibit (``canal_heritage.serve.make_server``, ``threaded=True``) runs in a child
process of its own, so that neither the Playwright client nor the headless clients share its
interpreter lock and its RSS is the server's alone; the bot workers are that process's
children. Everything listens on and talks to 127.0.0.1. The browser is Debian's Chromium
with the flags of ``tests/browser/conftest.py``, driven by Playwright's async API.

Parts (select with ``--only``, comma-separated):

``first-render``
    ``--loads`` page loads, each in a fresh browser context (after one warm-up load, reported
    apart): the time from ``page.goto(url)`` to the home screen's ``.play-midi button`` being
    visible (Playwright's ``wait_for(state="visible")``, wall clock). Also measured inside the
    page: ``performance.now()`` (from navigation start) at the first animation frame in which
    the button has a non-empty box, and the navigation timing (HTML, load event).
``click``
    One visitor against one "Beginner" (random) bot: ``--clicks`` clicks, each 0.2 s after
    the choices are shown. Canal du Midi (``--click-game midi``, the default) clicks the
    first choice offered: the first ``button.choice`` that the table's ``ChoiceList``
    (``.choices``, :mod:`canal_heritage.views.choice_list`) draws; Arriala plays as described
    under ``--arriala-share``. Measured in the browser: a capturing ``click`` listener on the
    button stamps ``performance.now()`` when Playwright's real mouse click arrives, and
    MutationObservers on every shadow root above the button (and above the log,
    ``.log-panel ol``) stamp the first mutation that detaches the button (a ``ChoiceList``
    draws its buttons again whenever its items change, and the click's update changes them)
    or changes the log's text: the table's first re-render after the move. Also reported:
    the time until the next choices (or the end screen) are shown, which includes the bot's
    turn, and the server's CPU time per click (its thread's ``/proc`` counters).
``concurrent-browser``
    ``--sessions`` Chromium pages (one context each) brought to the table in batches of 5,
    the server's RSS read after each batch (after ``gc.collect()`` in the server), then all
    of them playing for ``--duration`` seconds, each waiting a think time drawn from
    ``--think`` (seconds, uniform) before each click, latencies measured as in ``click``.
    CPU use of the server thread, Chromium, the bot workers and the machine is sampled over
    the playing window: it tells whether the figure measures the server or the browser.
    ``--chromium-nice N`` (diagnostic) lowers Chromium's priority while the pages play;
    ``--reduced-motion`` (diagnostic) opens every page as a browser that asks for reduced
    motion, so the staged moments do not animate.
``concurrent-mixed``
    The same load with ``--browser-pages`` Chromium pages and ``--sessions`` minus that many
    headless protocol clients (in one child process of their own): each loads the page over
    HTTP like a browser, opens the Bokeh websocket with the session token, sends
    ``document_ready``, ``button_click`` (home, set-up, "Play again") and ``data_event``
    (a ``ChoiceList``'s click, naming the key of its choice) events as BokehJS does, and
    keeps the document's models from the JSON patches, but renders nothing. The choices on
    offer are the items of the table's ``ChoiceList`` (a choice's key names the position it
    was offered at, so the same choice offered again later has another key). A Canal du
    Midi client's latency ends when the patch that takes the clicked key off offer (or
    changes the log) has been received; an Arriala client's with the first patch after the
    click. The browser pages give the figure with a real browser under the same server load
    without 30 pages' rendering.
``profile``
    Not run by default: cProfile of the server thread over ``--profile-clicks`` clicks of
    one visitor (set up as in ``click``), top functions by cumulative and own time.

For the analysis, the server process also records its event loop's lag (a 20 ms timer,
how late it fires), the pauses of Python's garbage collector (``gc.callbacks``) in the
concurrent parts, and the time from a ``button_click`` frame being handled to the first
patch written back (``panel.io.document.dispatch_tornado`` and Bokeh's ``send_message``
are wrapped in the server process only, nothing in the project is changed).

Percentiles are nearest-rank. ``--json PATH`` writes every figure, the samples, the targets
and the machine description. Targets: first render <= 1.5 s (p95), one visitor's click p95
<= 100 ms, p95 with 30 sessions <= 250 ms, server memory <= 5 MB per session (RSS growth
from before the sessions to all of them at the table, divided by their number).
"""

from __future__ import annotations

import argparse
import array
import contextlib
import json
import os
import platform
import random
import shutil
import socket
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import ClassVar

# Only the standard library at module level: the server child and the bot workers are
# spawned processes that import this file again as ``__mp_main__``.
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PARTS = ("first-render", "click", "concurrent-browser", "concurrent-mixed", "profile")
DEFAULT_PARTS = ("first-render", "click", "concurrent-browser", "concurrent-mixed")

# Targets (see docs/performance.md, "The exhibit")
TARGET_FIRST_RENDER_S = 1.5
TARGET_CLICK_P95_MS = 100.0
TARGET_CONCURRENT_P95_MS = 250.0
TARGET_MB_PER_SESSION = 5.0

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# The launch flags of tests/browser/conftest.py
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
VIEWPORT = {"width": 1400, "height": 1000}
#: Extra options of every browser context (``--reduced-motion`` adds ``reduced_motion``).
CONTEXT_OPTIONS: dict = {}
CLK_TCK = os.sysconf("SC_CLK_TCK")


# --------------------------------------------------------------------------- statistics
def percentile(xs: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    xs = sorted(xs)
    if not xs:
        return float("nan")
    rank = max(1, -(-len(xs) * q // 100))
    return xs[int(rank) - 1]


def summary_ms(xs_s: list[float]) -> dict:
    """Median, p95, max and mean in milliseconds of durations given in seconds."""
    if not xs_s:
        return {"n": 0}
    return {"n": len(xs_s), "median_ms": statistics.median(xs_s) * 1e3, "p95_ms": percentile(xs_s, 95) * 1e3,
            "max_ms": max(xs_s) * 1e3, "mean_ms": statistics.fmean(xs_s) * 1e3, "min_ms": min(xs_s) * 1e3}


# --------------------------------------------------------------------------- /proc
def _stat_fields(path: str) -> list[str] | None:
    try:
        with open(path, encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pid: int, tid: int | None = None, reaped: bool = False) -> float | None:
    """User + system CPU time of a process (or one of its threads); with ``reaped``, plus
    that of its children that have exited and been waited for (Chromium's renderers
    close with their browser context, and their time goes to the browser process)."""
    f = _stat_fields(f"/proc/{pid}/task/{tid}/stat" if tid else f"/proc/{pid}/stat")
    if f is None:
        return None
    ticks = int(f[11]) + int(f[12]) + ((int(f[13]) + int(f[14])) if reaped else 0)
    return ticks / CLK_TCK


def rss_bytes(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def descendants(pid: int) -> list[int]:
    """Every live descendant of ``pid`` (read from /proc)."""
    parent: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            f = _stat_fields(f"/proc/{name}/stat")
            if f is not None:
                parent[int(name)] = int(f[1])
    out, frontier = [], [pid]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out.extend(kids)
        frontier.extend(kids)
    return out


def machine_cpu() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine since boot."""
    with open("/proc/stat", encoding="ascii") as f:
        vals = [int(x) for x in f.readline().split()[1:]]
    idle = vals[3] + (vals[4] if len(vals) > 4 else 0)
    total = sum(vals[:8])
    return total - idle, total


class CpuWindow:
    """CPU seconds used by groups of processes (and the server thread) over a window."""

    def __init__(self, server_pid: int, server_tid: int, clients_pid: int | None = None) -> None:
        self.server_pid, self.server_tid, self.clients_pid = server_pid, server_tid, clients_pid

    def _groups(self) -> dict[str, list[int]]:
        me = os.getpid()
        server_kids = descendants(self.server_pid)
        workers = [p for p in server_kids if "resource_tracker" not in cmdline(p)]
        chromium, driver = [], []
        for p in descendants(me):
            c = cmdline(p)
            if "chrom" in c:
                chromium.append(p)
            elif "node" in c or "playwright" in c:
                driver.append(p)
        groups = {"server process": [self.server_pid], "bot workers": workers, "chromium": chromium,
                  "playwright driver": driver, "benchmark (Python side of Playwright)": [me]}
        if self.clients_pid:
            groups["headless clients"] = [self.clients_pid]
        return groups

    def sample(self) -> dict:
        groups = self._groups()
        ticks = {pid: cpu_seconds(pid, reaped=True) for pids in groups.values() for pid in pids}
        return {"t": time.perf_counter(), "groups": groups, "ticks": ticks,
                "server_thread": cpu_seconds(self.server_pid, self.server_tid), "machine": machine_cpu()}

    @staticmethod
    def between(a: dict, b: dict) -> dict:
        wall = b["t"] - a["t"]
        out: dict = {"wall_s": wall}
        for name, pids in b["groups"].items():
            used = sum((b["ticks"].get(p) or 0) - (a["ticks"].get(p) or 0) for p in pids
                       if a["ticks"].get(p) is not None and b["ticks"].get(p) is not None)
            out[name] = {"cpu_s": used, "cores": used / wall if wall else None}
        st = (b["server_thread"] or 0) - (a["server_thread"] or 0)
        out["server thread (Bokeh event loop)"] = {"cpu_s": st, "cores": st / wall if wall else None}
        busy = b["machine"][0] - a["machine"][0]
        total = b["machine"][1] - a["machine"][1]
        cores = os.cpu_count() or 1
        out["machine"] = {"busy_fraction": busy / total if total else None,
                          "cores": cores * busy / total if total else None}
        ours = sum(v["cores"] or 0 for k, v in out.items() if k not in ("wall_s", "machine")
                   and not k.startswith("server thread"))
        if out["machine"]["cores"] is not None:
            out["other processes (not this benchmark)"] = {"cores": max(0.0, out["machine"]["cores"] - ours),
                                                           "cpu_s": max(0.0, out["machine"]["cores"] - ours) * wall}
        return out


def print_cpu(window: dict) -> None:
    print(f"  CPU over {window['wall_s']:.1f} s (cores busy, of {os.cpu_count()}):")
    for name, v in window.items():
        if name in ("wall_s",):
            continue
        if name == "machine":
            print(f"    {'whole machine':<42} {v['cores']:.2f}")
        elif name.startswith("other"):
            print(f"    {name:<42} {v['cores']:.2f}")
        else:
            print(f"    {name:<42} {v['cores']:.2f}  ({v['cpu_s']:.1f} s)")


# --------------------------------------------------------------------------- machine
def machine_info() -> dict:
    cpu = None
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info: dict = {"cores": os.cpu_count(), "cpu_model": cpu or platform.processor() or "unknown",
                  "python": platform.python_version(), "platform": platform.platform()}
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            info["mem_total_gib"] = round(int(f.readline().split()[1]) / 2**20, 1)
    except OSError:
        pass
    try:
        import importlib.metadata as md

        for pkg in ("panel", "bokeh", "tornado", "playwright"):
            info[pkg] = md.version(pkg)
    except Exception:
        pass
    try:
        out = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=20)
        info["chromium"] = out.stdout.strip()
    except Exception:
        info["chromium"] = None
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "canal_heritage", "apps"], cwd=ROOT,
                               capture_output=True, text=True, check=True)
        info["git_commit"] = head.stdout.strip()
        info["uncommitted_changes"] = [line[3:] for line in dirty.stdout.splitlines()]
    except Exception:
        info["git_commit"] = None
    return info


def tree_fingerprint() -> str | None:
    """HEAD plus a hash of the uncommitted changes to the code the server runs: the run warns
    when it changed while the benchmark ran (the server imports it once, at start)."""
    import hashlib

    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True)
        diff = subprocess.run(["git", "diff", "HEAD", "--", "canal_heritage", "apps"], cwd=ROOT,
                              capture_output=True, check=True)
    except Exception:
        return None
    return f"{head.stdout.strip()[:12]}+{hashlib.sha1(diff.stdout).hexdigest()[:12]}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --------------------------------------------------------------------------- the server (child process)
def run_on_loop(loop, fn, timeout: float = 60):
    """Run ``fn`` on ``loop`` (a server's event loop, in another thread) and wait for its result."""
    import threading

    box: dict = {}
    done = threading.Event()

    def run():
        try:
            box["v"] = fn()
        except Exception as err:
            box["e"] = repr(err)
        done.set()

    loop.call_soon_threadsafe(run)
    done.wait(timeout)
    if "e" in box:
        raise RuntimeError(box["e"])
    return box.get("v")


def taken(samples: array.array) -> list[float]:
    """The samples as a list, leaving ``samples`` empty."""
    out = samples.tolist()
    del samples[:]
    return out


def _server_child(conn, port: int, seed: int, bot_workers: int) -> None:
    """Runs in a spawned process: the exhibit's server thread, and this loop answering the
    benchmark (live sessions, gc, profiling of the server thread)."""
    import gc
    import urllib.request
    import warnings

    import panel as pn

    from canal_heritage.matches.pool import shutdown
    from canal_heritage.serve import make_server

    seen_warnings: dict[str, int] = {}

    def count_warning(message, category, *_args, **_kw):  # counted, not printed
        key = f"{category.__name__}: {str(message).split(chr(39))[0].strip()}"
        seen_warnings[key] = seen_warnings.get(key, 0) + 1

    warnings.showwarning = count_warning

    # Server-side timing, for the analysis: from the websocket frame that carries a
    # ``button_click`` to the first PATCH-DOC header written back on that connection (the
    # patch is serialised by then; Panel writes its frames straight to the socket in
    # ``panel.io.document.dispatch_tornado``, Bokeh through ``send_message``). This
    # covers queueing on the event loop, the app's callbacks and the serialisation, not the
    # network nor the browser.
    import panel.io.document as pn_document
    from bokeh.server.views.ws import WSHandler

    # samples as 8-byte doubles: over an hour a list of floats would grow the server's memory
    # by several MB, which the classroom benchmark would count against the server
    server_latency = array.array("d")
    pending: dict[int, float] = {}
    orig_on_message, orig_send = WSHandler.on_message, WSHandler.send_message
    orig_dispatch = pn_document.dispatch_tornado

    def patch_sent(socket) -> None:
        now = time.perf_counter()
        if id(socket) in pending:
            server_latency.append(now - pending.pop(id(socket)))

    async def on_message(self, fragment):
        # a button's click, or a ChoiceList's
        if isinstance(fragment, str) and ('"button_click"' in fragment or '"data_event"' in fragment):
            pending[id(self)] = time.perf_counter()
        return await orig_on_message(self, fragment)

    async def send_message(self, message):
        if message.header.get("msgtype") == "PATCH-DOC":
            patch_sent(self)
        return await orig_send(self, message)

    def dispatch_tornado(conn, events=None, msg=None):
        futures = orig_dispatch(conn, events, msg)
        if futures and (msg is None or msg.header.get("msgtype") == "PATCH-DOC"):
            patch_sent(conn._socket)
        return futures

    WSHandler.on_message, WSHandler.send_message = on_message, send_message
    pn_document.dispatch_tornado = dispatch_tornado
    srv = make_server(port=port, threaded=True, seed=seed, bot_workers=bot_workers)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
            break
        except Exception:
            time.sleep(0.1)
    bokeh_server = pn.state._servers[srv.server_id][0]
    loop = srv.asyncio_loop

    def in_loop(fn):
        """Run ``fn`` on the server's event loop and wait for its result."""
        return run_on_loop(loop, fn)

    # Event-loop lag: a callback due every 20 ms notes how late it runs. Whatever arrives
    # (a click's websocket frame included) waits about that long before it is even read.
    import asyncio

    lags = array.array("d")  # (8 bytes a sample: 1.4 MB an hour, where a list took 5.8)

    async def lag_monitor():
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.02)
            if len(lags) < 1_000_000:
                lags.append(time.perf_counter() - t - 0.02)

    loop.call_soon_threadsafe(lambda: loop.create_task(lag_monitor()))

    # Pauses of Python's cyclic garbage collector (any thread; the server thread allocates
    # nearly everything): (generation, seconds), for the analysis of latency bursts.
    gc_pauses: list[tuple[int, float]] = []
    gc_started: list[float] = [0.0]

    def on_gc(phase, info):
        if phase == "start":
            gc_started[0] = time.perf_counter()
        elif len(gc_pauses) < 1_000_000:
            gc_pauses.append((info["generation"], time.perf_counter() - gc_started[0]))

    gc.callbacks.append(on_gc)

    profiler = None
    conn.send({"pid": os.getpid(), "tid": srv.native_id})
    while True:
        cmd, arg = conn.recv()
        if cmd == "stop":
            break
        if cmd == "sessions":
            conn.send(in_loop(lambda: len(bokeh_server.get_sessions())))
        elif cmd == "gc":
            conn.send(gc.collect())
        elif cmd == "warnings":
            conn.send(dict(seen_warnings))
        elif cmd == "gc-pauses":  # returns and clears the samples
            conn.send(in_loop(lambda: [gc_pauses.copy(), gc_pauses.clear()][0]))
        elif cmd == "loop-lag":  # returns and clears the samples
            conn.send(in_loop(lambda: taken(lags)))
        elif cmd == "server-latency":  # returns and clears the samples
            conn.send(in_loop(lambda: taken(server_latency)))
        elif cmd == "profile-start":
            import cProfile

            profiler = cProfile.Profile()
            in_loop(profiler.enable)  # profiles the thread that enables it: the server's
            conn.send(True)
        elif cmd == "profile-stop":
            import io
            import pstats

            in_loop(profiler.disable)
            out = {}
            for key in ("cumulative", "tottime"):
                buf = io.StringIO()
                pstats.Stats(profiler, stream=buf).strip_dirs().sort_stats(key).print_stats(arg or 30)
                out[key] = buf.getvalue()
            st = pstats.Stats(profiler)
            rows = []
            for (file, line, fn), (_cc, nc, tt, ct, _callers) in st.stats.items():  # type: ignore[attr-defined]
                rows.append({"function": fn, "file": os.path.relpath(file, ROOT) if file.startswith(str(ROOT))
                             else file.split("site-packages/")[-1], "line": line, "calls": nc,
                             "own_s": tt, "cumulative_s": ct})
            rows.sort(key=lambda r: -r["cumulative_s"])
            out["rows"] = rows[:200]
            out["total_s"] = st.total_tt  # type: ignore[attr-defined]
            conn.send(out)
        else:
            conn.send(None)
    try:
        srv.stop()
    finally:
        shutdown()
    conn.send(dict(seen_warnings))


class Server:
    """The exhibit in a child process (spawn), and the benchmark's handle on it."""

    def __init__(self, seed: int, bot_workers: int) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self._conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_server_child, args=(child, self.port, seed, bot_workers),
                                name="exhibit-server")
        self.proc.start()
        if not self._conn.poll(180):
            raise RuntimeError("the exhibit's server did not start")
        hello = self._conn.recv()
        self.pid, self.tid = hello["pid"], hello["tid"]

    def ask(self, cmd: str, arg=None, timeout: float = 120):
        self._conn.send((cmd, arg))
        if not self._conn.poll(timeout):
            raise RuntimeError(f"the server did not answer {cmd!r}")
        return self._conn.recv()

    def rss(self, collect: bool = True) -> int:
        if collect:
            self.ask("gc")
        return rss_bytes(self.pid) or 0

    def workers(self) -> list[dict]:
        return [{"pid": p, "rss_bytes": rss_bytes(p)} for p in descendants(self.pid)
                if "resource_tracker" not in cmdline(p)]

    def cpu(self) -> float:
        return cpu_seconds(self.pid, self.tid) or 0.0

    def wait_sessions(self, at_most: int = 0, timeout: float = 90) -> int:
        """Wait for the server to discard closed sessions (Bokeh does it 15-32 s after)."""
        end = time.monotonic() + timeout
        n = self.ask("sessions")
        while n > at_most and time.monotonic() < end:
            time.sleep(1)
            n = self.ask("sessions")
        return n

    def stop(self) -> dict:
        """Stop the server; returns the warnings it counted."""
        seen: dict = {}
        try:
            self._conn.send(("stop", None))
            if self._conn.poll(30):
                seen = self._conn.recv()
        except (OSError, EOFError):
            pass
        self.proc.join(30)
        if self.proc.is_alive():  # our own child, by its handle
            self.proc.terminate()
            self.proc.join(10)
        return seen


# --------------------------------------------------------------------------- in-page JavaScript
# Init script for the first-render figure: performance.now() (ms since navigation start) at
# the first animation frame in which the home screen's button has a box. Panel renders into
# shadow roots, so the search walks them.
FIRST_RENDER_JS = """
(() => {
  function visible(root) {
    for (const el of root.querySelectorAll('*')) {
      if (el.classList.contains('play-midi')) {
        const b = (el.shadowRoot || el).querySelector('button');
        if (b) {
          const r = b.getBoundingClientRect();
          if (r.width > 0 && r.height > 0 && getComputedStyle(b).visibility !== 'hidden') return true;
        }
      }
      if (el.shadowRoot && visible(el.shadowRoot)) return true;
    }
    return false;
  }
  function tick() {
    if (document.documentElement && visible(document)) { window.__firstRenderMs = performance.now(); return; }
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})();
"""

# Arm one click measurement on a button (an ElementHandle found by Playwright's piercing
# locator) and on the log (the "What happened" sheet's list, ``.log-panel ol``): t0 when
# the click event reaches the button;
# the update is the first DOM mutation that detaches the button (a ChoiceList draws its
# buttons again when its items change, as the click's update does) or changes the log's
# text, whichever comes first. MutationObservers watch every shadow
# root from each element up to the document (subtree observation stops at shadow
# boundaries, so each root is observed on its own).
ARM_JS = """
([btn, log]) => {
  const rec = {t0: null, t1: null, signal: null, detachedBeforeClick: false};
  const before = log ? log.textContent : null;
  const observers = [];
  rec.done = new Promise((resolve) => {
    rec.resolve = resolve;
    btn.addEventListener('click', () => { if (rec.t0 === null) rec.t0 = performance.now(); }, {capture: true});
    const check = () => {
      if (rec.t1 !== null) return;
      let signal = null;
      if (!btn.isConnected) signal = 'prompt';
      else if (log && (!log.isConnected || log.textContent !== before)) signal = 'log';
      if (signal === null) return;
      rec.t1 = performance.now();
      rec.signal = signal;
      if (rec.t0 === null) rec.detachedBeforeClick = true;
      for (const o of observers) o.disconnect();
      resolve();
    };
    const watch = (el) => {
      let node = el;
      while (node) {
        const root = node.getRootNode();
        const o = new MutationObserver(check);
        o.observe(root, {childList: true, subtree: true, characterData: true});
        observers.push(o);
        node = root.host || null;
      }
    };
    watch(btn);
    if (log) watch(log);
  });
  rec.cancel = () => { for (const o of observers) o.disconnect(); rec.resolve(); };
  window.__bench = rec;
}
"""

WAIT_JS = """
async (timeoutMs) => {
  const rec = window.__bench;
  const timer = setTimeout(rec.cancel, timeoutMs);
  await rec.done;
  clearTimeout(timer);
  return {t0: rec.t0, t1: rec.t1, signal: rec.signal, detachedBeforeClick: rec.detachedBeforeClick};
}
"""

CANCEL_JS = "() => { const r = window.__bench; if (r) r.cancel(); }"


# --------------------------------------------------------------------------- browser driving
async def launch_browser(pw):
    return await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


async def new_page(browser, timeout_ms: int = 60_000):
    context = await browser.new_context(viewport=VIEWPORT, **CONTEXT_OPTIONS)
    page = await context.new_page()
    page.set_default_timeout(timeout_ms)
    return context, page


async def to_table(page, url: str, game: str = "midi") -> None:
    """Home → set-up → a two-player game of ``game`` against one "Beginner" (random) bot."""
    await page.goto(url + "?lang=en")
    await page.locator(f".play-{game} button").click()
    await page.get_by_role("button", name="Beginner").click()
    guide = page.locator(".guide-me button")  # a first game is guided: a returning player's is not
    if (await guide.inner_text()).startswith("\u2611"):
        await guide.click()
    await page.locator(".start button").click()
    await page.locator(f".{game}-table").first.wait_for()
    play = page.locator(".intro-play button")  # the engineers' introduction: "Let's play"
    try:
        await play.wait_for(timeout=10_000)
        await play.click()
        await play.wait_for(state="detached")
    except Exception:  # already gone (a bot moved first): nothing to dismiss
        pass


#: Canal du Midi's choices in a page: the buttons its table's ChoiceList (``.choices``)
#: draws, one per legal action of the visitor, none while it is another seat's turn.
MIDI_CHOICE = ".choices button.choice"
#: What shows that the visitor may click (or that the game is over), by game. Arriala's
#: palette is shown only on the visitor's turn.
READY = {"midi": f"{MIDI_CHOICE}, .end-screen", "arriala": ".palette button.pal-end_turn, .end-screen"}


async def next_turn(page, settle: float = 0.0, game: str = "midi") -> int:
    """Wait for choices; at the end of a game start another one ("Play again"). Returns
    how many games were started."""
    import asyncio

    started = 0
    while True:
        await page.locator(READY[game]).first.wait_for(timeout=120_000)
        if await page.locator(".end-screen").count():
            await page.locator(".again button").click()
            await page.locator(READY[game]).first.wait_for(timeout=120_000)
            await asyncio.sleep(settle)
            started += 1
            continue
        return started


async def arriala_choice(page, rng: random.Random):
    """Arriala's visitor in a page, as the headless one (:meth:`ProtocolClient.pick`): a target
    at random when targets are shown, else place / move / draw / end the turn (weighted,
    among those not greyed). Returns (the button, what it is)."""
    targets = page.locator(".targets button.target")  # plain buttons drawn by the table's ChoiceList
    n = await targets.count()
    if n:
        i = rng.randrange(n)
        what = "target-worker" if await page.locator(".targets button.target-worker").count() else "target-place"
        return targets.nth(i), what
    weights = ArrialaHands.WEIGHTS
    kinds = [k for k in sorted(weights) if await page.locator(f".palette button.pal-{k}:not(.unavailable)").count()]
    kind = rng.choices(kinds, [weights[k] for k in kinds])[0] if kinds else "end_turn"
    return page.locator(f".palette button.pal-{kind}"), f"pal-{kind}"


async def midi_choice(page, rng: random.Random) -> tuple:
    """Canal du Midi's visitor clicks the first choice offered."""
    return page.locator(MIDI_CHOICE).first, "choice"


#: what a browser visitor clicks in each game, and what changes when the click is answered: the
#: log (Canal du Midi) or the prompt's heading (Arriala: targets shown or action points spent)
CLICKED = {"midi": midi_choice, "arriala": arriala_choice}
WATCHED = {"midi": ".log-panel ol", "arriala": ".prompt h2, .prompt .waiting"}


async def measured_click(page, game: str = "midi", rng: random.Random | None = None) -> dict:
    """Click a choice: Canal du Midi the first one offered, Arriala as :func:`arriala_choice`.
    The latency is measured in the page (see ARM_JS): until the clicked button is gone or
    the log changes (Canal du Midi), or the prompt's heading changes (Arriala: every click
    changes it, targets shown or action points spent)."""
    from playwright.async_api import Error as PlaywrightError

    what = "choice"
    try:
        button, what = await CLICKED[game](page, rng or random.Random())
        handle = await button.element_handle(timeout=30_000)
        log = await page.locator(WATCHED[game]).first.element_handle(timeout=30_000)
        label = (await handle.inner_text()).strip()
        await page.evaluate(ARM_JS, [handle, log])
    except PlaywrightError as err:
        return {"ok": False, "why": f"no button: {str(err).splitlines()[0]}"}
    t_py = time.perf_counter()
    try:
        await handle.click(timeout=15_000)
    except PlaywrightError as err:
        await page.evaluate(CANCEL_JS)
        return {"ok": False, "why": f"click failed: {str(err).splitlines()[0]}"}
    r = await page.evaluate(WAIT_JS, 30_000)
    t_click_done = time.perf_counter()
    if r["t1"] is None or r["t0"] is None or r["detachedBeforeClick"]:
        return {"ok": False, "why": "no update seen" if r["t1"] is None else "replaced before the click",
                "label": label}
    try:
        await page.locator(READY[game]).first.wait_for(timeout=120_000)
        t_next = time.perf_counter()
    except PlaywrightError:
        t_next = None
    return {"ok": True, "latency_s": (r["t1"] - r["t0"]) / 1e3, "label": label, "signal": r["signal"],
            "game": game, "what": what,
            "wall_click_to_update_s": t_click_done - t_py,
            "next_choices_s": None if t_next is None else t_next - t_py, "at": t_py}


# --------------------------------------------------------------------------- part 1: first render
async def run_first_render(server: Server, loads: int) -> dict:
    from playwright.async_api import async_playwright

    url = server.url
    samples = []
    cpu = CpuWindow(server.pid, server.tid)
    async with async_playwright() as pw:
        browser = await launch_browser(pw)
        for i in range(loads + 1):
            if i == 1:
                a = cpu.sample()
            context, page = await new_page(browser)
            await context.add_init_script(FIRST_RENDER_JS)
            t0 = time.perf_counter()
            await page.goto(url + "?lang=en")
            await page.locator(".play-midi button").wait_for(state="visible")
            wall = time.perf_counter() - t0
            await page.wait_for_function("() => window.__firstRenderMs !== undefined", timeout=10_000)
            nav = await page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
                return {response_end: n.responseEnd, dom_content_loaded: n.domContentLoadedEventEnd,
                        load: n.loadEventEnd, in_page: window.__firstRenderMs}; }""")
            samples.append({"warm_up": i == 0, "wall_s": wall, "in_page_s": nav["in_page"] / 1e3,
                            "html_response_s": nav["response_end"] / 1e3,
                            "dom_content_loaded_s": nav["dom_content_loaded"] / 1e3,
                            "load_event_s": nav["load"] / 1e3})
            print(f"  load {i}{' (warm-up)' if i == 0 else ''}: {wall * 1e3:.0f} ms to visible "
                  f"(in page {nav['in_page']:.0f} ms; html {nav['response_end']:.0f} ms, "
                  f"load event {nav['load']:.0f} ms)")
            await context.close()
        b = cpu.sample()
        await browser.close()
    window = CpuWindow.between(a, b)
    print_cpu(window)
    timed = [s for s in samples if not s["warm_up"]]
    med = {k: statistics.median(s[k] for s in timed) for k in
           ("html_response_s", "dom_content_loaded_s", "load_event_s", "in_page_s")}
    return {"loads": len(timed), "wall": summary_ms([s["wall_s"] for s in timed]),
            "in_page": summary_ms([s["in_page_s"] for s in timed]), "medians_s": med,
            "warm_up_wall_s": samples[0]["wall_s"], "cpu": window, "samples": samples}


# --------------------------------------------------------------------------- part 2: one visitor
async def table_text(page, game: str = "midi") -> str:
    """The words of the table (what a stuck session showed), for the report."""
    try:
        return " ".join((await page.locator(f".{game}-table").first.inner_text(timeout=5_000)).split())[:600]
    except Exception as err:
        return f"(no table: {str(err).splitlines()[0]})"


async def play_clicks(page, url: str, clicks: int, settle: float = 0.5, pause: float = 0.2,
                      game: str = "midi") -> list[dict]:
    """``clicks`` timed clicks, each ``pause`` s after the choices are shown (so that no
    update still on its way is taken for the click's). A table that stops offering choices
    is reported and replaced by a new game in a new session."""
    import asyncio

    out: list[dict] = []
    game_no = 1
    rng = random.Random(1)
    await asyncio.sleep(settle)
    while sum(1 for r in out if r["ok"]) < clicks:
        try:
            game_no += await next_turn(page, settle, game)
        except Exception as err:
            out.append({"ok": False, "why": f"stuck: {str(err).splitlines()[0]}",
                        "table": await table_text(page, game)})
            print(f"  a table stopped offering choices: {out[-1]['table'][:200]}")
            await to_table(page, url, game)
            game_no = 1
            continue
        await asyncio.sleep(pause)
        out.append(dict(await measured_click(page, game, rng), game_no=game_no))
        if len(out) > clicks * 3:
            break
    return out


async def run_click(server: Server, clicks: int, game: str = "midi") -> dict:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await launch_browser(pw)
        context, page = await new_page(browser)
        await to_table(page, server.url, game)
        server.ask("server-latency")
        server.ask("loop-lag")
        cpu = CpuWindow(server.pid, server.tid)
        a = cpu.sample()
        cpu0, t0 = server.cpu(), time.perf_counter()
        res = await play_clicks(page, server.url, clicks, game=game)
        cpu1, t1 = server.cpu(), time.perf_counter()
        b = cpu.sample()
        server_side = server.ask("server-latency")
        lag = server.ask("loop-lag")
        await context.close()
        await browser.close()
    ok = [r for r in res if r["ok"]]
    return {"game": game, "clicks": len(ok), "failed": [r for r in res if not r["ok"]],
            "latency": summary_ms([r["latency_s"] for r in ok]),
            "next_choices": summary_ms([r["next_choices_s"] for r in ok if r["next_choices_s"] is not None]),
            "signals": {k: sum(1 for r in ok if r.get("signal") == k) for k in ("prompt", "log")},
            "first_game": summary_ms([r["latency_s"] for r in ok if r["game_no"] == 1]),
            "later_games": summary_ms([r["latency_s"] for r in ok if r["game_no"] > 1]),
            "server_side": summary_ms(server_side), "loop_lag": summary_ms(lag),
            "server_cpu_per_click_ms": (cpu1 - cpu0) / max(1, len(ok)) * 1e3,
            "server_thread_busy": (cpu1 - cpu0) / (t1 - t0), "cpu": CpuWindow.between(a, b), "samples": res}


async def run_profile(server: Server, clicks: int, top: int) -> dict:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await launch_browser(pw)
        context, page = await new_page(browser)
        await to_table(page, server.url)
        server.ask("profile-start")
        res = await play_clicks(page, server.url, clicks)
        prof = server.ask("profile-stop", top)
        await context.close()
        await browser.close()
    prof["clicks"] = sum(1 for r in res if r["ok"])
    return prof


# --------------------------------------------------------------------------- part 3: concurrency
async def ramp_pages(browser, url: str, n: int, server: Server, batch: int = 5, rss_points: list | None = None,
                     games: list[str] | None = None):
    """Open ``n`` pages and bring each to the table (of ``games[i]``, else Canal du Midi), ``batch`` at a time."""
    import asyncio

    pages = []
    for start in range(0, n, batch):
        group = [await new_page(browser) for _ in range(min(batch, n - start))]
        await asyncio.gather(*(to_table(p, url, games[start + i] if games else "midi")
                               for i, (_, p) in enumerate(group)))
        pages.extend(group)
        if rss_points is not None:
            rss_points.append({"sessions": len(pages), "rss_bytes": server.rss(),
                               "live_sessions": server.ask("sessions")})
            print(f"  {len(pages):>3} pages at the table, server RSS {rss_points[-1]['rss_bytes'] / 2**20:.1f} MiB")
    return pages


async def play_page(page, until: float, think: tuple[float, float], rng: random.Random,
                    game: str = "midi") -> list[dict]:
    import asyncio

    out: list[dict] = []
    while time.perf_counter() < until:
        try:
            await next_turn(page, 0.5, game)
        except Exception as err:
            out.append({"ok": False, "why": f"stuck: {str(err).splitlines()[0]}",
                        "table": await table_text(page, game)})
            break
        await asyncio.sleep(rng.uniform(*think))
        if time.perf_counter() >= until:
            break
        out.append(await measured_click(page, game, rng))
    return out


def memory_figures(points: list[dict], workers: list[dict]) -> dict:
    base = points[0]["rss_bytes"]
    last = points[-1]
    n = last["sessions"]
    growth = last["rss_bytes"] - base
    out = {"baseline_rss_bytes": base, "rss_bytes": last["rss_bytes"], "sessions": n,
           "per_session_mb": growth / n / 1e6, "points": points, "workers": workers}
    half = [p for p in points if p["sessions"] >= n / 2]
    if len(half) >= 2:  # marginal cost over the second half, after any freed memory is reused
        a, b = half[0], half[-1]
        out["marginal_per_session_mb"] = (b["rss_bytes"] - a["rss_bytes"]) / (b["sessions"] - a["sessions"]) / 1e6
        out["marginal_from_sessions"] = a["sessions"]
    return out


async def run_concurrent_browser(server: Server, sessions: int, duration: float, think: tuple[float, float],
                                 seed: int, chromium_nice: int = 0) -> dict:
    import asyncio

    from playwright.async_api import async_playwright

    left = server.wait_sessions(0)
    points = [{"sessions": 0, "rss_bytes": server.rss(), "live_sessions": left}]
    print(f"  server RSS before: {points[0]['rss_bytes'] / 2**20:.1f} MiB ({left} live sessions left)")
    async with async_playwright() as pw:
        browser = await launch_browser(pw)
        t_ramp = time.perf_counter()
        pages = await ramp_pages(browser, server.url, sessions, server, rss_points=points)
        ramp_s = time.perf_counter() - t_ramp
        memory = memory_figures(points, server.workers())
        print(f"  all {sessions} at the table after {ramp_s:.0f} s; playing for {duration:.0f} s")
        if chromium_nice:  # diagnostic: does the browser starve the server of CPU?
            for pid in descendants(os.getpid()):
                if "chrom" in cmdline(pid):
                    for tid in os.listdir(f"/proc/{pid}/task"):  # nice is per thread on Linux
                        with contextlib.suppress(OSError):
                            os.setpriority(os.PRIO_PROCESS, int(tid), chromium_nice)
            print(f"  Chromium's processes run at nice {chromium_nice}")
        cpu = CpuWindow(server.pid, server.tid)
        server.ask("server-latency")
        server.ask("loop-lag")
        server.ask("gc-pauses")
        a = cpu.sample()
        until = time.perf_counter() + duration
        t_start = time.perf_counter()
        window_end = asyncio.ensure_future(_at_window_end(until, cpu, server))
        results = await asyncio.gather(*(play_page(p, until, think, random.Random(seed + i))
                                         for i, (_, p) in enumerate(pages)))
        b, lag, gc_pauses = await window_end
        server_side = server.ask("server-latency")
        for context, _ in pages:
            await context.close()
        await browser.close()
    window = CpuWindow.between(a, b)
    print_cpu(window)
    flat = [dict(r, session=i) for i, rs in enumerate(results) for r in rs]
    ok = [r for r in flat if r["ok"]]
    for r in ok:
        r["at"] -= t_start
    return {"sessions": sessions, "duration_s": duration, "think_s": list(think), "ramp_s": ramp_s,
            "chromium_nice": chromium_nice, "clicks": len(ok), "failed": [r for r in flat if not r["ok"]],
            "latency": summary_ms([r["latency_s"] for r in ok]),
            "next_choices": summary_ms([r["next_choices_s"] for r in ok if r["next_choices_s"] is not None]),
            "by_third": _by_third(ok, duration), "server_side": summary_ms(server_side),
            "loop_lag": summary_ms(lag), "gc_pauses": gc_pauses,
            "server_cpu_per_click_ms": window["server thread (Bokeh event loop)"]["cpu_s"] / max(1, len(ok)) * 1e3,
            "cpu": window, "memory": memory, "samples": ok}


async def _at_window_end(until: float, cpu: CpuWindow, server: Server) -> tuple[dict, list[float], dict]:
    """CPU sample, the server's event-loop lag and its garbage-collector pauses at the end of
    the playing window (the last clicks' cycles still finishing after it are not counted in
    the CPU figures)."""
    import asyncio

    await asyncio.sleep(max(0.0, until - time.perf_counter()))
    return cpu.sample(), server.ask("loop-lag"), gc_summary(server.ask("gc-pauses"))


def gc_summary(pauses: list[tuple[int, float]]) -> dict:
    """Count, total and longest pause of the garbage collector, per generation."""
    out = {}
    for gen in (0, 1, 2):
        xs = [t for g, t in pauses if g == gen]
        out[f"gen{gen}"] = {"n": len(xs), "total_ms": sum(xs) * 1e3, "max_ms": max(xs, default=0.0) * 1e3}
    return out


def _by_third(ok: list[dict], duration: float) -> list[dict]:
    """Latency in each third of the playing window: does the queue grow?"""
    out = []
    for k in range(3):
        xs = [r["latency_s"] for r in ok if k * duration / 3 <= r["at"] < (k + 1) * duration / 3]
        out.append(summary_ms(xs))
    return out


# --------------------------------------------------------------------------- headless protocol clients
class ProtocolClient:
    """A headless Bokeh client: what BokehJS sends, none of its rendering.

    It loads the page over HTTP (the server creates the session and puts its token in the
    page), opens the websocket with that token, pulls the document and sends
    ``document_ready`` (Panel holds its updates until then), then keeps every model it is
    sent (the JSON of the document and of each PATCH-DOC) to find the choices on offer (the
    items of the table's ``ChoiceList`` models) and to see when the clicked one is no longer
    offered.

    ``game`` is the game it plays against a Beginner bot: ``"midi"`` (Canal du Midi: the
    first choice offered) or ``"arriala"`` (see :meth:`pick`)."""

    def __init__(self, url: str, game: str = "midi") -> None:
        self.url = url
        self.game = game
        self.models: dict[str, dict] = {}
        self.roots: list[str] = []
        self.patches = 0  # PATCH-DOC messages applied

    async def connect(self, query: str = "?lang=en") -> None:
        import re

        from tornado.httpclient import AsyncHTTPClient
        from tornado.websocket import websocket_connect

        page = await AsyncHTTPClient().fetch(self.url + query, request_timeout=120)
        token = re.search(r'"token":\s*"([^"]+)"', page.body.decode()).group(1)
        self.ws = await websocket_connect(self.url.replace("http://", "ws://") + "ws", subprotocols=["bokeh", token],
                                          max_message_size=256 * 2**20, connect_timeout=120)
        h, _ = await self.recv()
        assert h["msgtype"] == "ACK", h
        await self.send("PULL-DOC-REQ", {})
        while True:
            h, content = await self.recv()
            if h["msgtype"] == "PULL-DOC-REPLY":
                break
        self.roots = [self.register(r) for r in content["doc"]["roots"]]
        await self.event("document_ready", [])

    # -- protocol
    async def recv(self) -> tuple[dict, dict]:
        frames = []
        for _ in range(3):
            msg = await self.ws.read_message()
            if msg is None:
                raise ConnectionError("websocket closed")
            frames.append(msg)
        header = json.loads(frames[0])
        for _ in range(2 * header.get("num_buffers", 0)):
            await self.ws.read_message()
        self.received_at = time.perf_counter()
        return header, json.loads(frames[2])

    async def send(self, msgtype: str, content: dict) -> None:
        import uuid

        await self.ws.write_message(json.dumps({"msgid": uuid.uuid4().hex, "msgtype": msgtype}))
        await self.ws.write_message("{}")
        await self.ws.write_message(json.dumps(content))

    async def event(self, name: str, entries: list) -> None:
        msg = {"kind": "MessageSent", "msg_type": "bokeh_event",
               "msg_data": {"type": "event", "name": name, "values": {"type": "map", "entries": entries}}}
        await self.send("PATCH-DOC", {"events": [msg]})

    async def click(self, model_id: str) -> None:
        if model_id.startswith("choice|"):  # a button of a ChoiceList: its message names the choice
            _, host, key, _kind = model_id.split("|")
            await self.event("data_event", [["model", {"id": host}], ["data", {"key": key}]])
            return
        await self.event("button_click", [["model", {"id": model_id}]])

    async def set_value(self, model_id: str, attr: str, value) -> None:
        await self.send("PATCH-DOC", {"events": [{"kind": "ModelChanged", "model": {"id": model_id},
                                                  "attr": attr, "new": value}]})

    # -- the document
    def register(self, obj):
        if isinstance(obj, dict):
            if obj.get("type") == "object" and "id" in obj:
                self.models[obj["id"]] = obj
                for v in obj.get("attributes", {}).values():
                    self.register(v)
                return obj["id"]
            for v in obj.values():
                self.register(v)
        elif isinstance(obj, list):
            for v in obj:
                self.register(v)
        return None

    def apply(self, content: dict) -> None:
        self.patches += 1
        for ev in content.get("events", []):
            kind = ev.get("kind")
            if kind == "ModelChanged":
                self.register(ev["new"])
                m = self.models.get(ev["model"]["id"])
                if m is not None:
                    m.setdefault("attributes", {})[ev["attr"]] = ev["new"]
            elif kind == "RootAdded":
                self.roots.append(self.register(ev["model"]))
            elif kind == "RootRemoved":
                self.roots = [r for r in self.roots if r != ev["model"]["id"]]
            else:
                self.register(ev)

    @staticmethod
    def refs(v):
        if isinstance(v, dict):
            if "id" in v and (len(v) == 1 or v.get("type") == "object"):
                yield v["id"]
            else:
                for x in v.values():
                    yield from ProtocolClient.refs(x)
        elif isinstance(v, list):
            for x in v:
                yield from ProtocolClient.refs(x)

    def reachable(self) -> set[str]:
        seen: set[str] = set()
        stack = list(self.roots)
        while stack:
            i = stack.pop()
            if i in seen or i not in self.models:
                continue
            seen.add(i)
            for v in self.models[i].get("attributes", {}).values():
                stack.extend(self.refs(v))
        return seen

    def prune(self) -> None:
        live = self.reachable()
        self.models = {i: m for i, m in self.models.items() if i in live}

    def with_class(self, css: str) -> list[str]:
        return [i for i in self.reachable() if css in (self.models[i].get("attributes", {}).get("css_classes") or [])]

    def buttons_under(self, mid: str) -> list[str]:
        """The Bokeh buttons a visitor can see under ``mid`` (a hidden model hides everything
        under it), the last in the document first: the home screen's, the set-up's and the
        end screen's buttons (a table's choices are ``ChoiceList`` items, see :meth:`choices`)."""
        out, stack, seen = [], [mid], set()
        while stack:
            i = stack.pop()
            if i in seen or i not in self.models:
                continue
            seen.add(i)
            m = self.models[i]
            if m.get("attributes", {}).get("visible") is False:
                continue
            if i != mid and m["name"].endswith("Button"):
                out.append(i)
            for key in ("children", "objects"):
                stack.extend(self.refs(m.get("attributes", {}).get(key)))
        return out

    def first_button(self, css: str) -> str | None:
        for host in self.with_class(css):
            if self.models[host]["name"].endswith("Button"):
                return host
            found = self.buttons_under(host)
            if found:
                return found[0]
        return None

    def log_text(self) -> tuple[str | None, str | None]:
        """The log pane (an HTML model whose markup holds ``section class='log'``) and its text."""
        for i in self.reachable():
            m = self.models[i]
            t = m.get("attributes", {}).get("text")
            if m["name"].endswith("HTML") and isinstance(t, str) and "log&#x27;" in t and "section" in t:
                return i, t
        return None, None

    def classes(self, mid: str) -> list[str]:
        if mid.startswith("choice|"):
            return mid.split("|")[3].split()
        return self.models[mid].get("attributes", {}).get("css_classes") or []

    def choices(self, css: str = "targets") -> list[str]:
        """The buttons a ChoiceList draws in the page from its items: Arriala's ``.targets``
        (workers or places, not the "Back" button) or ``.palette``, Canal du Midi's
        ``.choices``; one ``choice|host|key|classes`` per button."""
        for host in self.with_class(css):
            data = list(self.refs(self.models[host].get("attributes", {}).get("data")))
            items = self.models.get(data[0], {}).get("attributes", {}).get("items") if data else None
            items = [dict(x["entries"]) if x.get("type") == "map" else x for x in items or []]  # Bokeh's JSON of a dict
            return [f"choice|{host}|{item['key']}|{item.get('classes', '')}" for item in items
                    if css != "targets" or "target" in item.get("classes", "").split()]
        return []

    def offered(self) -> list[str]:
        """What a visitor may click now (:data:`HANDS`: each game's own controls)."""
        return HANDS[self.game].offered(self)

    def pick(self, offered: list[str], rng: random.Random) -> str:
        """What the visitor clicks among ``offered`` (:data:`HANDS`)."""
        return HANDS[self.game].pick(self, offered, rng)

    def ready(self) -> bool:
        return bool(self.offered() or self.with_class("end-screen"))

    async def until(self, pred, timeout: float = 120) -> float:
        """Apply incoming patches until ``pred()``; the time the deciding message arrived."""
        import asyncio

        end = time.perf_counter() + timeout
        if pred():
            return time.perf_counter()
        while True:
            h, content = await asyncio.wait_for(self.recv(), max(0.01, end - time.perf_counter()))
            if h["msgtype"] == "PATCH-DOC":
                self.apply(content)
                if pred():
                    return self.received_at

    # -- the exhibit
    async def to_table(self) -> None:
        await self.connect()
        await self.click(self.first_button(f"play-{self.game}"))
        await self.until(lambda: bool(self.with_class(f"{self.game}-setup")))
        level = next(i for i in self.reachable() if self.models[i]["name"].endswith("RadioButtonGroup")
                     and "Beginner" in (self.models[i].get("attributes", {}).get("labels") or []))
        labels = self.models[level]["attributes"]["labels"]
        await self.set_value(level, "active", labels.index("Beginner"))
        await self.click(self.first_button("start"))
        await self.until(lambda: HANDS[self.game].at_table(self))
        self.prune()

    async def play(self, until: float, think: tuple[float, float], rng: random.Random) -> list[dict]:
        """Play until ``until``. The latency of a click ends with the first patch it causes:
        Canal du Midi, the patch that takes the clicked choice off offer or changes the log;
        Arriala, the first patch after the click (the targets shown, the action played, the
        turn ended; nothing else is sent while the visitor has the turn and thinks)."""
        out: list[dict] = []
        try:
            while time.perf_counter() < until:
                await self.until(self.ready)
                if self.with_class("end-screen"):
                    await self.click(self.first_button("again"))
                    await self.until(lambda: bool(self.offered()))
                    await self._drain(0.5)
                    continue
                await self._drain(rng.uniform(*think))
                if time.perf_counter() >= until:
                    break
                offered = self.offered()
                if not offered:
                    continue
                b = self.pick(offered, rng)
                log_before, patches = self.log_text(), self.patches
                what = next((c for c in self.classes(b) if c.startswith(("pal-", "target-"))), "choice")
                t0 = time.perf_counter()
                await self.click(b)
                t1 = await self.until(partial(HANDS[self.game].answered, self, b, log_before, patches))
                t2 = await self.until(self.ready)
                self.prune()
                out.append({"ok": True, "latency_s": t1 - t0, "next_choices_s": t2 - t0, "at": t0, "game": self.game,
                            "what": what})
        except Exception as err:
            out.append({"ok": False, "why": repr(err), "game": self.game})
        return out

    async def _drain(self, seconds: float) -> None:
        """Think for ``seconds`` while still applying what the server sends."""
        import asyncio

        end = time.perf_counter() + seconds
        while (left := end - time.perf_counter()) > 0:
            try:
                h, content = await asyncio.wait_for(self.recv(), left)
            except TimeoutError:
                return
            if h["msgtype"] == "PATCH-DOC":
                self.apply(content)


class MidiHands:
    """How a headless visitor plays Canal du Midi: the first choice offered; a click is
    answered by the patch that takes it off offer or changes the log."""

    @staticmethod
    def offered(v: ProtocolClient) -> list[str]:
        return v.choices("choices")

    @staticmethod
    def pick(v: ProtocolClient, offered: list[str], rng: random.Random) -> str:
        return offered[0]

    @staticmethod
    def at_table(v: ProtocolClient) -> bool:
        return bool(v.choices("choices"))

    @staticmethod
    def answered(v: ProtocolClient, clicked: str, log_before, patches: int) -> bool:
        return clicked not in v.choices("choices") or v.log_text() != log_before


class ArrialaHands:
    """How a headless visitor plays Arriala: the targets if some are shown (a worker, then a
    place), else the palette's actions that are not greyed (the palette is empty when it is
    not the visitor's turn); a click is answered by the first patch after it (the targets
    shown, the action played, the turn ended: nothing else is sent while the visitor thinks)."""

    #: how often each palette action is chosen when it is not greyed
    WEIGHTS: ClassVar[dict[str, int]] = {"place": 5, "move": 2, "draw": 1, "end_turn": 2}

    @staticmethod
    def offered(v: ProtocolClient) -> list[str]:
        targets = v.choices()
        if targets:
            return targets
        return [b for b in v.choices("palette") if "unavailable" not in v.classes(b)]

    @classmethod
    def pick(cls, v: ProtocolClient, offered: list[str], rng: random.Random) -> str:
        """A target at random when targets are shown, else place / move / draw / end the turn
        (weighted, among those not greyed)."""
        if "target" in v.classes(offered[0]):
            return rng.choice(offered)
        kinds = {c[4:]: b for b in offered for c in v.classes(b) if c[4:] in cls.WEIGHTS}
        if not kinds:
            return v.first_button("pal-end_turn") or offered[0]
        names = sorted(kinds)
        return kinds[rng.choices(names, [cls.WEIGHTS[k] for k in names])[0]]

    @staticmethod
    def at_table(v: ProtocolClient) -> bool:
        return bool(v.with_class("arriala-table"))

    @staticmethod
    def answered(v: ProtocolClient, clicked: str, log_before, patches: int) -> bool:
        return v.patches > patches


#: each game's hands, by its registered name (a third game adds its own)
HANDS = {"midi": MidiHands, "arriala": ArrialaHands}


def _clients_child(conn, url: str, games: list[str], think: tuple[float, float], seed: int) -> None:
    """Runs in a spawned process: one protocol client per entry of ``games`` on one asyncio loop."""
    import asyncio

    async def main():
        clients = [ProtocolClient(url, game) for game in games]
        n = len(clients)
        for start in range(0, n, 5):
            await asyncio.gather(*(c.to_table() for c in clients[start:start + 5]))
        loop = asyncio.get_running_loop()
        conn.send({"ready": n})
        duration = await loop.run_in_executor(None, conn.recv)
        until = time.perf_counter() + duration
        t_start = time.perf_counter()
        res = await asyncio.gather(*(c.play(until, think, random.Random(seed + i)) for i, c in enumerate(clients)),
                                   return_exceptions=True)
        flat = []
        for i, r in enumerate(res):
            if isinstance(r, BaseException):
                flat.append({"ok": False, "why": repr(r), "session": i, "game": clients[i].game})
                continue
            for x in r:
                if "at" in x:  # a failure (a session stuck) has no time
                    x["at"] -= t_start
                x["session"] = i
                flat.append(x)
        conn.send(flat)
        for c in clients:
            c.ws.close()

    asyncio.run(main())


def arriala_sessions(sessions: int, browser_pages: int, share: float) -> tuple[int, int]:
    """How many browser pages and how many headless clients play Arriala: ``share`` of all
    the sessions, and the same share of the browser pages (rounded)."""
    n = round(share * sessions)
    pages = min(n, round(share * browser_pages))
    if n - pages > sessions - browser_pages:
        raise ValueError(f"{n - pages} Arriala sessions do not fit in {sessions - browser_pages} headless clients: "
                         "lower --browser-pages")
    return pages, n - pages


async def run_concurrent_mixed(server: Server, sessions: int, browser_pages: int, duration: float,
                               think: tuple[float, float], seed: int, arriala: tuple[int, int] = (0, 0)) -> dict:
    """``arriala``: how many browser pages and how many headless clients play Arriala (the
    others play Canal du Midi)."""
    import asyncio
    import multiprocessing as mp

    from playwright.async_api import async_playwright

    left = server.wait_sessions(0)
    rss0 = server.rss()
    headless = sessions - browser_pages
    page_games = ["arriala"] * arriala[0] + ["midi"] * (browser_pages - arriala[0])
    games = ["arriala"] * arriala[1] + ["midi"] * (headless - arriala[1])
    ctx = mp.get_context("spawn")
    conn, child = ctx.Pipe()
    proc = ctx.Process(target=_clients_child, args=(child, server.url, games, think, seed + 1000),
                       name="headless-clients")
    proc.start()
    loop = asyncio.get_running_loop()
    t_ramp = time.perf_counter()
    async with async_playwright() as pw:
        browser = await launch_browser(pw)
        pages_task = asyncio.ensure_future(ramp_pages(browser, server.url, browser_pages, server, games=page_games))
        ready = await loop.run_in_executor(None, lambda: conn.poll(600) and conn.recv())
        pages = await pages_task
        if not ready:
            raise RuntimeError("the headless clients did not reach the table")
        ramp_s = time.perf_counter() - t_ramp
        rss1 = server.rss()
        live = server.ask("sessions")
        print(f"  {browser_pages} pages and {headless} headless clients at the table after {ramp_s:.0f} s "
              f"({live} live sessions), server RSS {rss0 / 2**20:.1f} -> {rss1 / 2**20:.1f} MiB; "
              f"playing for {duration:.0f} s")
        cpu = CpuWindow(server.pid, server.tid, proc.pid)
        server.ask("server-latency")
        server.ask("loop-lag")
        server.ask("gc-pauses")
        a = cpu.sample()
        until = time.perf_counter() + duration
        t_start = time.perf_counter()
        conn.send(duration)
        window_end = asyncio.ensure_future(_at_window_end(until, cpu, server))
        results = await asyncio.gather(*(play_page(p, until, think, random.Random(seed + i), page_games[i])
                                         for i, (_, p) in enumerate(pages)))
        b, lag, gc_pauses = await window_end
        headless_res = await loop.run_in_executor(None, lambda: conn.poll(600) and conn.recv())
        server_side = server.ask("server-latency")
        for context, _ in pages:
            await context.close()
        await browser.close()
    proc.join(60)
    if proc.is_alive():
        proc.terminate()
    window = CpuWindow.between(a, b)
    print_cpu(window)
    flat = [dict(r, session=i) for i, rs in enumerate(results) for r in rs]
    ok_b = [r for r in flat if r["ok"]]
    for r in ok_b:
        r["at"] -= t_start
    ok_h = [r for r in (headless_res or []) if r["ok"]]

    def by_game(ok: list[dict], played: list[str]) -> dict:
        out = {}
        from canal_heritage import games

        for game in games.names():
            xs = [r for r in ok if r.get("game") == game]
            if xs:
                out[game] = {"sessions": played.count(game), "clicks": len(xs),
                             "latency": summary_ms([r["latency_s"] for r in xs]),
                             "next_choices": summary_ms([r["next_choices_s"] for r in xs if r["next_choices_s"]]),
                             "by_third": _by_third(xs, duration),
                             "by_action": {w: summary_ms([r["latency_s"] for r in xs if r["what"] == w])
                                           for w in sorted({r["what"] for r in xs})}}
        return out

    return {"sessions": sessions, "browser_pages": browser_pages, "headless_clients": headless,
            "arriala_sessions": sum(arriala), "arriala_pages": arriala[0],
            "headless_by_game": by_game(ok_h, games), "browser_by_game": by_game(ok_b, page_games),
            "duration_s": duration, "think_s": list(think), "ramp_s": ramp_s,
            "browser": {"clicks": len(ok_b), "latency": summary_ms([r["latency_s"] for r in ok_b]),
                        "next_choices": summary_ms([r["next_choices_s"] for r in ok_b if r["next_choices_s"]]),
                        "by_third": _by_third(ok_b, duration), "failed": [r for r in flat if not r["ok"]],
                        "samples": ok_b},
            "headless": {"clicks": len(ok_h), "latency": summary_ms([r["latency_s"] for r in ok_h]),
                         "next_choices": summary_ms([r["next_choices_s"] for r in ok_h]),
                         "by_third": _by_third(ok_h, duration),
                         "failed": [r for r in (headless_res or []) if not r["ok"]], "samples": ok_h},
            "server_side": summary_ms(server_side), "loop_lag": summary_ms(lag), "gc_pauses": gc_pauses,
            "server_cpu_per_click_ms": window["server thread (Bokeh event loop)"]["cpu_s"]
            / max(1, len(ok_b) + len(ok_h)) * 1e3,
            "memory": {"baseline_rss_bytes": rss0, "rss_bytes": rss1, "live_sessions_before": left,
                       "live_sessions": live, "per_session_mb": (rss1 - rss0) / sessions / 1e6},
            "cpu": window}


# --------------------------------------------------------------------------- report
def verdicts(res: dict) -> list[dict]:
    rows: list[dict] = []

    def add(name, value, fmt, target_text="-", ok=None):
        rows.append({"figure": name, "value": value, "shown": fmt(value) if value is not None else "n/a",
                     "target": target_text, "pass": ok})

    ms = lambda v: f"{v:.0f} ms"  # noqa: E731
    fr = res.get("first-render")
    if fr:
        add(f"first render, median ({fr['loads']} fresh contexts)", fr["wall"]["median_ms"] / 1e3,
            lambda v: f"{v:.2f} s")
        p95 = fr["wall"]["p95_ms"] / 1e3
        add("first render, p95", p95, lambda v: f"{v:.2f} s", f"<= {TARGET_FIRST_RENDER_S} s",
            p95 <= TARGET_FIRST_RENDER_S)
        add("first render in page (navigation start -> visible), median", fr["in_page"]["median_ms"], ms)
    ck = res.get("click")
    if ck and ck["latency"].get("n"):
        add(f"click -> update, 1 visitor ({ck.get('game', 'midi')}), median ({ck['clicks']} clicks)",
            ck["latency"]["median_ms"], ms)
        add("click -> update, 1 visitor, p95", ck["latency"]["p95_ms"], ms, f"<= {TARGET_CLICK_P95_MS:.0f} ms",
            ck["latency"]["p95_ms"] <= TARGET_CLICK_P95_MS)
        add("click -> next choices (bot's turn included), 1 visitor, median", ck["next_choices"]["median_ms"], ms)
        add("  first game / later games, median", ck["first_game"].get("median_ms"),
            lambda v: f"{v:.0f} / {ck['later_games'].get('median_ms', float('nan')):.0f} ms")
        add("  server: click handled -> first patch written, p95", ck["server_side"].get("p95_ms"), ms)
        add("  server event-loop lag, p95", ck["loop_lag"].get("p95_ms"), ms)
        add("server CPU per click (whole cycle incl. bot's turn)", ck["server_cpu_per_click_ms"], ms)
        add("  so one server thread saturates at (clicks/s, all sessions)", 1e3 / ck["server_cpu_per_click_ms"],
            lambda v: f"{v:.1f}")
    cb = res.get("concurrent-browser")
    if cb and cb["latency"].get("n"):
        n = cb["sessions"]
        add(f"click -> update, {n} browser pages, think {cb['think_s'][0]:g}-{cb['think_s'][1]:g} s, median "
            f"({cb['clicks']} clicks)", cb["latency"]["median_ms"], ms)
        add(f"click -> update, {n} browser pages, p95", cb["latency"]["p95_ms"], ms,
            f"<= {TARGET_CONCURRENT_P95_MS:.0f} ms", cb["latency"]["p95_ms"] <= TARGET_CONCURRENT_P95_MS)
        add("  server: click handled -> first patch written, median / p95", cb["server_side"].get("median_ms"),
            lambda v: f"{v:.0f} / {cb['server_side'].get('p95_ms', float('nan')):.0f} ms")
        add("  server event-loop lag, median / p95", cb["loop_lag"].get("median_ms"),
            lambda v: f"{v:.0f} / {cb['loop_lag'].get('p95_ms', float('nan')):.0f} ms")
        add("  clicks per second, all sessions", cb["clicks"] / cb["duration_s"], lambda v: f"{v:.1f}")
        g2 = cb.get("gc_pauses", {}).get("gen2")
        if g2:
            add("  server: full garbage collections, count / longest", g2["n"],
                lambda v: f"{v} / {g2['max_ms']:.0f} ms")
        m = cb["memory"]
        add(f"server memory per session (RSS growth / {m['sessions']})", m["per_session_mb"],
            lambda v: f"{v:.2f} MB", f"<= {TARGET_MB_PER_SESSION:.0f} MB", m["per_session_mb"] <= TARGET_MB_PER_SESSION)
        if "marginal_per_session_mb" in m:
            add(f"server memory per session, marginal (sessions {m['marginal_from_sessions']}-{m['sessions']})",
                m["marginal_per_session_mb"], lambda v: f"{v:.2f} MB")
        add("server RSS with all sessions at the table", m["rss_bytes"] / 1e6, lambda v: f"{v:.0f} MB")
        for i, w in enumerate(m["workers"]):
            add(f"bot worker {i + 1} RSS", (w["rss_bytes"] or 0) / 1e6, lambda v: f"{v:.0f} MB")
        add("server thread CPU while playing (cores)", cb["cpu"]["server thread (Bokeh event loop)"]["cores"],
            lambda v: f"{v:.2f}")
        add("Chromium CPU while playing (cores)", cb["cpu"]["chromium"]["cores"], lambda v: f"{v:.2f}")
        add("whole machine CPU while playing (cores)", cb["cpu"]["machine"]["cores"], lambda v: f"{v:.2f}")
    cm = res.get("concurrent-mixed")
    if cm:
        n, k = cm["sessions"], cm["browser_pages"]
        b, h = cm["browser"], cm["headless"]
        if b["latency"].get("n"):
            add(f"click -> update, {k} pages + {n - k} headless, think {cm['think_s'][0]:g}-{cm['think_s'][1]:g} s, "
                f"browser p95 ({b['clicks']} clicks)",
                b["latency"]["p95_ms"], ms, f"<= {TARGET_CONCURRENT_P95_MS:.0f} ms",
                b["latency"]["p95_ms"] <= TARGET_CONCURRENT_P95_MS)
            add("  same, browser median", b["latency"]["median_ms"], ms)
        if h["latency"].get("n"):
            add(f"  same, headless clients p95 ({h['clicks']} clicks)", h["latency"]["p95_ms"], ms,
                f"<= {TARGET_CONCURRENT_P95_MS:.0f} ms", h["latency"]["p95_ms"] <= TARGET_CONCURRENT_P95_MS)
            add("  same, headless clients median", h["latency"]["median_ms"], ms)
        for who in ("browser", "headless"):
            for game, g in cm.get(f"{who}_by_game", {}).items():
                if cm.get("arriala_sessions"):
                    kind = "pages" if who == "browser" else "headless sessions"
                    add(f"  {game}: {g['sessions']} {kind}, p95 ({g['clicks']} clicks)",
                        g["latency"]["p95_ms"], ms, f"<= {TARGET_CONCURRENT_P95_MS:.0f} ms",
                        g["latency"]["p95_ms"] <= TARGET_CONCURRENT_P95_MS)
                    add(f"  {game}: median / next choices median", g["latency"]["median_ms"],
                        lambda v, g=g: f"{v:.0f} / {g['next_choices'].get('median_ms', float('nan')):.0f} ms")
        add("  server: click handled -> first patch written, median / p95", cm["server_side"].get("median_ms"),
            lambda v: f"{v:.0f} / {cm['server_side'].get('p95_ms', float('nan')):.0f} ms")
        add("  server event-loop lag, median / p95", cm["loop_lag"].get("median_ms"),
            lambda v: f"{v:.0f} / {cm['loop_lag'].get('p95_ms', float('nan')):.0f} ms")
        add("  clicks per second, all sessions", (b["clicks"] + h["clicks"]) / cm["duration_s"], lambda v: f"{v:.1f}")
        g2 = cm.get("gc_pauses", {}).get("gen2")
        if g2:
            add("  server: full garbage collections, count / longest", g2["n"],
                lambda v: f"{v} / {g2['max_ms']:.0f} ms")
        add("  server thread CPU while playing (cores)", cm["cpu"]["server thread (Bokeh event loop)"]["cores"],
            lambda v: f"{v:.2f}")
        per = cm["memory"]["per_session_mb"]
        if cm.get("arriala_sessions"):  # no concurrent-browser part measures Arriala's memory: judged here
            add(f"  server memory per session (RSS growth / {n})", per, lambda v: f"{v:.2f} MB",
                f"<= {TARGET_MB_PER_SESSION:.0f} MB", per <= TARGET_MB_PER_SESSION)
        else:
            add(f"  server memory per session (RSS growth / {n}, memory reused)", per, lambda v: f"{v:.2f} MB")
    return rows


def print_table(rows: list[dict]) -> None:
    if not rows:
        return
    w = max(len(r["figure"]) for r in rows)
    wv = max(len(r["shown"]) for r in rows)
    wt = max(6, max(len(r["target"]) for r in rows))
    print()
    print(f"{'figure':<{w}}  {'value':>{wv}}  {'target':<{wt}}  result")
    print(f"{'-' * w}  {'-' * wv}  {'-' * wt}  ------")
    for r in rows:
        res = {True: "PASS", False: "FAIL", None: "info"}[r["pass"]]
        print(f"{r['figure']:<{w}}  {r['shown']:>{wv}}  {r['target']:<{wt}}  {res}")


def print_profile(prof: dict, top: int) -> None:
    print(f"  {prof['clicks']} clicks, {prof['total_s']:.2f} s in the server thread under cProfile")
    print(f"  {'function':<32} {'file':<44} {'calls':>8} {'own s':>8} {'cum s':>8}")
    for r in prof["rows"][:top]:
        where = f"{r['file']}:{r['line']}"
        print(f"  {r['function'][:32]:<32} {where[-44:]:<44} {r['calls']:>8} {r['own_s']:>8.3f} "
              f"{r['cumulative_s']:>8.3f}")


# --------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    import asyncio

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default=",".join(DEFAULT_PARTS),
                    help=f"comma-separated parts, from {', '.join(PARTS)} (default: {','.join(DEFAULT_PARTS)})")
    ap.add_argument("--sessions", type=int, default=30, help="concurrent sessions (default 30)")
    ap.add_argument("--loads", type=int, default=10, help="timed page loads for the first render (default 10)")
    ap.add_argument("--clicks", type=int, default=100, help="timed clicks of the single visitor (default 100)")
    ap.add_argument("--click-game", choices=("midi", "arriala"), default="midi",
                    help="click: the game the single visitor plays (default midi)")
    ap.add_argument("--duration", type=float, default=60.0,
                    help="seconds the concurrent sessions play (default 60)")
    ap.add_argument("--think", default="1,3",
                    help="think time before each click in the concurrent parts, MIN,MAX seconds (default 1,3)")
    ap.add_argument("--browser-pages", type=int, default=3,
                    help="browser pages in concurrent-mixed, the other sessions are headless (default 3)")
    ap.add_argument("--arriala-share", type=float, default=0.0,
                    help="concurrent-mixed: the share of the sessions that play Arriala against a Beginner bot, "
                         "the same share of the browser pages among them (default 0: all Canal du Midi)")
    ap.add_argument("--chromium-nice", type=int, default=0,
                    help="diagnostic: nice value given to Chromium while the concurrent-browser pages play (default 0)")
    ap.add_argument("--reduced-motion", action="store_true",
                    help="diagnostic: every page asks for reduced motion (the staged moments do not animate)")
    ap.add_argument("--bot-workers", type=int, default=2, help="the server's bot worker processes (default 2)")
    ap.add_argument("--profile-clicks", type=int, default=40, help="clicks under the profiler (default 40)")
    ap.add_argument("--seed", type=int, default=20261121, help="the games' seed (default 20261121)")
    ap.add_argument("--json", metavar="PATH", help="write every figure to this JSON file")
    args = ap.parse_args(argv)
    if args.reduced_motion:
        CONTEXT_OPTIONS["reduced_motion"] = "reduce"

    parts = [p.strip() for p in args.only.split(",") if p.strip()]
    bad = [p for p in parts if p not in PARTS]
    if bad:
        ap.error(f"unknown part(s) {', '.join(bad)}; choose from {', '.join(PARTS)}")
    think = tuple(float(x) for x in args.think.split(","))
    if len(think) != 2 or think[0] > think[1]:
        ap.error("--think takes MIN,MAX")
    if not 0 <= args.arriala_share <= 1:
        ap.error("--arriala-share takes a fraction from 0 to 1")
    arriala = (0, 0)
    if "concurrent-mixed" in parts:  # the browser pages are part of the sessions
        if not 0 <= args.browser_pages <= args.sessions:
            ap.error(f"--browser-pages takes 0 to --sessions ({args.sessions}), got {args.browser_pages}")
        try:
            arriala = arriala_sessions(args.sessions, args.browser_pages, args.arriala_share)
        except ValueError as err:
            ap.error(str(err))
    if not os.path.exists(CHROMIUM):
        print(f"Chromium is missing ({CHROMIUM}): sudo apt-get install chromium", file=sys.stderr)
        return 2

    info = machine_info()
    print(f"machine: {info['cores']} cores, {info['cpu_model']}, {info.get('mem_total_gib')} GiB, "
          f"Python {info['python']}, Panel {info.get('panel')}, Bokeh {info.get('bokeh')}, {info.get('chromium')}")
    print(f"code: {tree_fingerprint()}, commit {info.get('git_commit')}"
          + (f" (uncommitted: {', '.join(info['uncommitted_changes'])})" if info.get("uncommitted_changes") else ""))
    results: dict = {"machine": info, "argv": sys.argv, "parts": parts, "seed": args.seed,
                     "started": datetime.now(UTC).isoformat(timespec="seconds"), "load_average": {}}

    def load_note(part: str) -> None:
        la = os.getloadavg()
        results["load_average"][part] = [round(x, 2) for x in la]
        print(f"  (1-minute load average {la[0]:.2f})")

    t0 = time.perf_counter()
    results["code_fingerprint_at_start"] = tree_fingerprint()
    server = Server(args.seed, args.bot_workers)
    results["server"] = {"pid": server.pid, "url": server.url, "bot_workers": args.bot_workers,
                         "rss_at_start_bytes": rss_bytes(server.pid)}
    print(f"server: pid {server.pid} at {server.url}, RSS {rss_bytes(server.pid) / 2**20:.0f} MiB, "
          f"{len(server.workers())} bot workers")
    try:
        if "first-render" in parts:
            print(f"\n[first-render] 1 warm-up + {args.loads} loads, each in a fresh browser context")
            load_note("first-render")
            results["first-render"] = asyncio.run(run_first_render(server, args.loads))
        if "click" in parts:
            print(f"\n[click] one visitor playing {args.click_game} against a Beginner bot, {args.clicks} clicks")
            load_note("click")
            r = asyncio.run(run_click(server, args.clicks, args.click_game))
            results["click"] = r
            print_cpu(r["cpu"])
            print(f"  click -> update: median {r['latency']['median_ms']:.1f} ms, p95 {r['latency']['p95_ms']:.1f} ms, "
                  f"max {r['latency']['max_ms']:.1f} ms; next choices median {r['next_choices']['median_ms']:.0f} ms; "
                  f"server CPU {r['server_cpu_per_click_ms']:.0f} ms per click; {len(r['failed'])} clicks not counted; "
                  "server side (click in -> patch out) median "
                  f"{r['server_side'].get('median_ms', float('nan')):.1f} ms")
        if "concurrent-browser" in parts:
            print(f"\n[concurrent-browser] {args.sessions} Chromium pages, think time {think[0]:g}-{think[1]:g} s")
            load_note("concurrent-browser")
            r = asyncio.run(run_concurrent_browser(server, args.sessions, args.duration, think, args.seed,
                                                   args.chromium_nice))
            results["concurrent-browser"] = r
            print(f"  {r['clicks']} clicks: median {r['latency'].get('median_ms', float('nan')):.0f} ms, "
                  f"p95 {r['latency'].get('p95_ms', float('nan')):.0f} ms; by thirds of the window (p95): "
                  + ", ".join(f"{t.get('p95_ms', float('nan')):.0f}" for t in r["by_third"])
                  + f" ms; {len(r['failed'])} not counted")
            after = server.wait_sessions(0)
            results["concurrent-browser"]["memory"]["rss_after_discard_bytes"] = server.rss()
            results["concurrent-browser"]["memory"]["live_sessions_after_discard"] = after
        if "concurrent-mixed" in parts:
            print(f"\n[concurrent-mixed] {args.browser_pages} Chromium pages + "
                  f"{args.sessions - args.browser_pages} headless clients (Arriala: {arriala[0]} pages, "
                  f"{arriala[1]} headless), "
                  f"think time {think[0]:g}-{think[1]:g} s")
            load_note("concurrent-mixed")
            r = asyncio.run(run_concurrent_mixed(server, args.sessions, args.browser_pages, args.duration, think,
                                                 args.seed, arriala))
            results["concurrent-mixed"] = r
            for who in ("browser", "headless"):
                lat = r[who]["latency"]
                if lat.get("n"):
                    print(f"  {who}: {lat['n']} clicks, median {lat['median_ms']:.0f} ms, p95 {lat['p95_ms']:.0f} ms, "
                          "by thirds (p95): " + ", ".join(f"{t.get('p95_ms', float('nan')):.0f}"
                                                          for t in r[who]["by_third"]) + " ms")
            for who in ("browser", "headless"):
                for game, g in r[f"{who}_by_game"].items():
                    print(f"  {who} {game}: {g['clicks']} clicks, median {g['latency']['median_ms']:.0f} ms, "
                          f"p95 {g['latency']['p95_ms']:.0f} ms; by action (n, p95): "
                          + ", ".join(f"{w} {x['n']}, {x.get('p95_ms', float('nan')):.0f}"
                                      for w, x in g["by_action"].items()))
            failed = r["headless"]["failed"] + r["browser"]["failed"]
            if failed:
                print(f"  {len(failed)} sessions or clicks not counted: {failed[0].get('why')}")
        if "profile" in parts:
            print(f"\n[profile] cProfile of the server thread, one visitor, {args.profile_clicks} clicks")
            server.wait_sessions(0)
            prof = asyncio.run(run_profile(server, args.profile_clicks, 40))
            results["profile"] = prof
            print_profile(prof, 30)
    finally:
        results["server"]["warnings"] = server.stop()
    if results["server"]["warnings"]:
        print("warnings in the server: " + "; ".join(f"{k} ({v})" for k, v in results["server"]["warnings"].items()))
    results["total_wall_s"] = round(time.perf_counter() - t0, 1)
    results["code_fingerprint_at_end"] = tree_fingerprint()
    if results["code_fingerprint_at_end"] != results["code_fingerprint_at_start"]:
        print(f"WARNING: the code changed during the run ({results['code_fingerprint_at_start']} -> "
              f"{results['code_fingerprint_at_end']}); the server ran the version it imported at start")
    load_note("end")
    from midi_bench import finish_report  # the shared report ending (same folder)

    finish_report(results, verdicts(results),
                  {"first_render_p95_s": TARGET_FIRST_RENDER_S, "click_p95_ms": TARGET_CLICK_P95_MS,
                   "concurrent_p95_ms": TARGET_CONCURRENT_P95_MS, "mb_per_session": TARGET_MB_PER_SESSION},
                  args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
