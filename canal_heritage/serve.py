"""``canal-heritage serve``: the exhibit on this machine, with everything it needs embedded.

The server's settings (:class:`ServeSettings`, :func:`configure`, :func:`settings`,
:func:`public_address`) live in :mod:`canal_heritage.settings`, which the classroom's pages
read too; they are named here as well, where the server's callers have always found them.
"""

from __future__ import annotations

import errno
import signal
import socket
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlsplit

from .settings import ServeSettings, configure, public_address, settings

__all__ = [
    "ServeSettings", "configure", "make_server", "mend_bokeh_new_models", "mend_panel_write_queue", "port_problem",
    "public_address", "quiet_known_references", "routed_here", "serve_until_stopped", "settings",
    "skip_busy_accounting", "tune_garbage_collector", "websocket_origins",
]


def websocket_origins(current: ServeSettings) -> list[str]:
    """The pages' origins (``host:port``) the server accepts websockets from: this machine's
    names, with ``lan`` the network addresses students join at, and behind a proxy the proxy's
    public addresses (Bokeh refuses any other, so that no other web site can drive a session)."""
    port = current.port
    return [f"127.0.0.1:{port}", f"localhost:{port}"] + [urlsplit(url).netloc for url in current.join_urls]


def routed_here(code: str) -> bool:
    """Behind a proxy: whether this server is the one that serves room ``code``.

    The proxy sends a page to the server its ``?code=`` is pinned to (docs/deployment.md), so a
    page loaded at an address naming exactly that code was routed here by it: this server may
    adopt the room (:meth:`~.rooms.hub.Hub.adopt`). A page that names it otherwise (a code typed
    on the page, or written in lower case) is sent to the address with the code as it should be
    (a real page load, which the proxy routes), and this server leaves the room alone: a room
    never runs in two servers. Outside a page (a script, a test), True."""
    from urllib.parse import urlencode

    import panel as pn

    doc = pn.state.curdoc
    request = getattr(doc.session_context, "request", None) if doc is not None and doc.session_context else None
    if request is None:
        return True
    arguments = {k: [v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v) for v in values]
                 for k, values in (getattr(request, "arguments", None) or {}).items()}
    if arguments.get("code") == [code]:
        return True
    from .views.navigation import navigate

    arguments["code"] = [code]
    navigate("?" + urlencode(arguments, doseq=True))
    return False


def quiet_known_references() -> None:
    """Ignore Bokeh's "reference already known" warning, which every click on a new button gives.

    BokehJS treats each model it receives in a server update as new until it next sends a
    patch of its own, and sends such a model in full (not as a reference) in that patch: a
    click on a button added since the visitor's last click. The server already has the model,
    warns and uses its own, so nothing is wrong. The tables build their components once and
    update them in place (:class:`~canal_heritage.views.inplace.InPlace`), so this is rare now:
    a rare screen rebuilt when its key changes (privacy screen, projector step, end screen:
    ``InPlace._slot``) or a choice button added when a decision offers more choices than
    any before it."""
    import warnings

    from bokeh.util.warnings import BokehUserWarning

    warnings.filterwarnings("ignore", message="reference already known", category=BokehUserWarning)


def skip_busy_accounting() -> None:
    """Stop Panel counting every page's events in its global "busy" state (Panel 1.9.4).

    For loading indicators (which the exhibit does not use: no template, no ``pn.state.busy``
    watcher), Panel notes the start and the end of every event and periodic callback of every
    page in ``pn.state``: each note sets a read-only parameter through ``edit_readonly``, which
    unlocks and locks again every parameter of the state, about 0.35 ms a note. With forty
    classroom pages (a connection check each second, a watchdog every 1.5 s, the clicks'
    updates) that was over a quarter of the server's event-loop time (``classroom_bench.py
    --profile``, docs/performance.md). ``pn.state.busy`` stays False."""
    from panel.io.state import state

    def unnoted(event_id: str) -> None:
        return None

    state._add_busy_event = unnoted  # type: ignore[method-assign]
    state._remove_busy_event = unnoted  # type: ignore[method-assign]


def mend_panel_write_queue() -> None:
    """Make sure no update is left unsent by Panel's queue of delayed writes (Panel 1.9.4).

    When a session's websocket is busy, Panel queues an update's message
    (``panel.io.document.schedule_write_events``: the message goes to ``_WRITE_MSGS``, the
    document is marked in ``_WRITE_BLOCK`` and a ``_dispatch_msgs`` task is started). A task
    that finishes writing earlier messages removes the mark even when new messages were
    queued meanwhile, and the new task, finding no mark, returns without sending them. The
    visitor then waits for an update that only comes with the next change. The table sends
    one update per change, so after a bot's move there may be no next change (the visitor
    is waiting for that very update): seen with 5 visitors starting games at once. This
    wrapper sends any message left queued without its mark."""
    import panel.io.document as document

    original = getattr(document, "_dispatch_msgs", None)
    if original is None or getattr(original, "mended", False):
        return
    if not all(hasattr(document, n) for n in ("_WRITE_MSGS", "_WRITE_BLOCK", "_dispatch_write_task")):
        return  # another Panel: its queue is not this one

    async def _dispatch_msgs(doc: Any) -> None:
        await original(doc)
        if document._WRITE_MSGS.get(doc) and doc not in document._WRITE_BLOCK:  # left behind
            document._WRITE_BLOCK[doc] = True
            document._dispatch_write_task(doc, document._dispatch_msgs, doc)

    _dispatch_msgs.mended = True  # type: ignore[attr-defined]
    document._dispatch_msgs = _dispatch_msgs


def mend_bokeh_new_models() -> None:
    """Let a document forget the models that left it before its browser ever saw them (Bokeh 3.9).

    A document remembers which of its models its browser does not know yet
    (``DocumentModelManager._new_models``): they are sent in full in the next update, then
    forgotten. A model added and taken out again before any update was sent (a screen built
    and replaced within one tick) is never sent, so it was never forgotten: it stayed in
    that set, and through its callbacks its Panel component, the component's table, the
    table's match and game, for as long as the page stayed open. A projector shows room after
    room for a whole lesson: the classroom benchmark's hour grew by about 190 MB
    (docs/performance.md). Each time the document works out its models again, this wrapper
    keeps in the set only the models still in the document."""
    from bokeh.document.models import DocumentModelManager

    original = DocumentModelManager.recompute
    if getattr(original, "mended", False):
        return

    def recompute(self: DocumentModelManager) -> None:
        original(self)
        new = self._new_models
        if new:
            live = self._models
            self._new_models = {m for m in new if live.get(m.id) is m}

    recompute.mended = True  # type: ignore[attr-defined]
    DocumentModelManager.recompute = recompute  # type: ignore[method-assign]


def tune_garbage_collector() -> None:
    """Keep Python's garbage collector from pausing the server for long.

    With 30 sessions the server holds many long-lived objects (every session's Panel
    components and Bokeh models). With the default thresholds the collector walked them all
    six times a minute, each time stopping every session for about 0.3 s (up to 0.4 s): the
    bursts of slow clicks in the exhibit benchmark. Objects that exist once the server is ready
    (modules, data, caches) are frozen out of collections, and younger objects are examined
    less often, so that full collections become rare (none in a minute of 30 sessions
    playing). Reference counting still frees almost everything as soon as it is unused; the
    collector is only for cycles, such as a closed session's models."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 100)


def port_problem(port: int, address: str = "127.0.0.1") -> str | None:
    """Why the exhibit could not listen on ``port`` (in words), or None when it can.

    Checked the way the server will listen (``SO_REUSEADDR``, as Tornado does), before anything
    is started; the server still reports a port taken in between (:class:`OSError`)."""
    if not 1 <= port <= 65535:
        return f"port {port} does not exist: choose a number from 1024 to 65535"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((address, port))
        except PermissionError:
            return f"port {port} is reserved for the system administrator: choose one from 1024 to 65535"
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return (f"port {port} is already in use (another server runs there): "
                        "stop it, or choose another with --port")
            return f"cannot listen on port {port}: {exc.strerror or exc}"
    return None


def make_server(*, port: int = 5006, address: str = "127.0.0.1", kiosk: bool = False, idle_after: float = 90,
                countdown: int = 20, threaded: bool = False, seed: int | None = None,
                bot_workers: int = 2, show: bool = False, match_options: dict[str, dict[str, Any]] | None = None,
                lan: bool = False, teacher_pin: str | None = None, db_url: str | None = None,
                behind_proxy: bool = False, public_addresses: Sequence[str] = (),
                ready: Callable[[], None] | None = None) -> Any:
    """Start the Panel server.

    ``ready`` is called once the classroom's store is open and the port is taken, just before
    the server answers: ``serve`` prints its banner then, so that a database that cannot be
    used is refused before any "Canal Heritage: http://…" line.

    Without ``threaded``, serve until Ctrl+C or SIGTERM, then stop cleanly: sessions closed, bot
    workers stopped (nothing is left running), and return the stopped server. ``threaded=True``
    returns a stoppable server thread at once (for tests; stop the bot pool with
    :func:`canal_heritage.matches.pool.shutdown`).

    ``match_options`` (each registered game's extra match options, by its name: for example
    ``{"arriala": {"pace": 0, "overrides": {"cells": [2, 2, 2, 2]}}}`` for short Arriala games
    whose bots play at once, ``{"midi": {"expert_iterations": 4}}`` for a quick expert) are for
    tests and benchmarks only; the exhibit uses the defaults.

    ``lan`` listens on every interface (``0.0.0.0``, instead of ``address``) and accepts pages
    from the machine's network addresses; ``teacher_pin`` (made when None) and ``db_url`` are
    kept, with the join addresses, in :func:`settings` (see :func:`configure`). ``show`` opens
    ``http://localhost:PORT/`` (with ``threaded`` and ``lan``, no browser is opened).

    The classroom's store is opened first (:func:`~.rooms.service.open_classroom`) and its open
    rooms resumed; the pages are the exhibit (``/``), a student's room (``/join``) and the
    teacher's (``/teacher``).

    ``behind_proxy``: one of several servers behind a reverse proxy on this machine
    (docs/deployment.md). The server listens on ``127.0.0.1`` only; it takes a page's client
    address from the proxy's ``X-Real-IP`` / ``X-Forwarded-For`` headers (Bokeh's
    ``use_xheaders``), so that the teacher's page asks every other device for the PIN; it accepts
    pages from ``public_addresses`` (the proxy's ``host:port``); and its rooms are shared
    through the store: none is resumed at start, each is adopted by the server its code is
    pinned to (:func:`routed_here`).

    Raises:
        OSError: the port cannot be listened on (see :func:`port_problem`); nothing is left running.
        StoreError: the store's database cannot be used (the message says why); nothing is started.
    """
    import panel as pn

    from .classroom_app import create_join_page, create_teacher_page
    from .exhibit import create_app
    from .matches.pool import bot_pool, rebuild, shutdown
    from .rooms.hub import share_rooms
    from .rooms.service import close_classroom, open_classroom
    from .views import load_components

    pn.extension(notifications=False)
    load_components()  # every page learns every component's type (see load_components)
    quiet_known_references()
    skip_busy_accounting()
    mend_panel_write_queue()
    mend_bokeh_new_models()

    def executor() -> Any:  # the current pool (a broken one is rebuilt)
        return bot_pool(bot_workers)
    def factory() -> Any:  # a plain function: Panel calls it once per browser session
        return create_app(kiosk=kiosk, idle_after=idle_after, countdown=countdown,
                          executor=executor, on_worker_failure=rebuild, seed=seed,
                          match_options=match_options, classroom=room_service)

    current = configure(lan=lan, port=port, teacher_pin=teacher_pin, db_url=db_url, behind_proxy=behind_proxy,
                        public_addresses=public_addresses)
    share_rooms(behind_proxy)  # behind a proxy, rooms are adopted one by one, never all resumed
    # the classroom's store first: a database that cannot be used stops the server before it listens
    room_service = open_classroom(db_url, bots=executor)
    room_service.hub.shared = behind_proxy
    room_service.hub.may_adopt = routed_here if behind_proxy else None
    # each page reaches this server's classroom (another server in this process, as in the
    # tests, has its own)
    pages = {"/": factory, "/join": lambda: create_join_page(room_service),
             "/teacher": lambda: create_teacher_page(room_service)}
    if lan:
        address = "0.0.0.0"  # every interface (IPv4), the loopback included
        origins = websocket_origins(current)
    elif behind_proxy:
        address = "127.0.0.1"  # only the proxy, on this machine, may reach a server that trusts its headers
        origins = websocket_origins(current)
        _log_rooms_adopted()
    else:
        origins = [f"{address}:{port}", f"localhost:{port}"]
    # with lan, Bokeh would open http://0.0.0.0:PORT/, an origin it refuses: this machine's name is opened instead
    options: dict[str, Any] = dict(port=port, address=address, show=show and not lan and not behind_proxy,
                                   title="Canal Heritage", verbose=False, websocket_origin=origins)
    if behind_proxy:
        options["use_xheaders"] = True  # the client's address from the proxy's X-Real-IP / X-Forwarded-For
    if threaded:
        bot_pool(bot_workers)  # start the workers now, so the first bot move is quick
        tune_garbage_collector()
        thread = pn.serve(pages, threaded=True, **options)
        if ready is not None:
            ready()
        return thread
    try:
        bot_pool(bot_workers)
        tune_garbage_collector()  # what exists now lives as long as the server
        server = pn.serve(pages, start=False, **options)  # listens on the port now
        if ready is not None:
            ready()
        if show and lan:
            from bokeh.util.browser import view

            server.io_loop.add_callback(view, f"http://localhost:{port}/")
        serve_until_stopped(server)
    finally:
        close_classroom(room_service)  # every decision is already written: the rooms resume at the next start
        shutdown()  # the bot workers end (and with them the resource tracker), even on an error
    return server


def _log_rooms_adopted() -> None:
    """Behind a proxy, say on the standard error which rooms this server adopts (one line each,
    "room K4TXA adopted from the store at decision 12"): which server serves which room."""
    import logging

    logger = logging.getLogger("canal_heritage.rooms.hub")
    if not any(getattr(h, "canal_heritage_rooms", False) for h in logger.handlers):
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        handler.canal_heritage_rooms = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)


def serve_until_stopped(server: Any) -> None:
    """Run ``server`` (a Bokeh server, not started) until Ctrl+C or SIGTERM, then stop it.

    Both signals are handled alike (a terminal sends SIGINT, a service manager or ``kill``
    SIGTERM): the event loop stops, then the server closes its sessions and its port."""
    loop = server.io_loop
    stopping = False

    def stop(signum: int, frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for sig in (signal.SIGINT, signal.SIGTERM):  # once stopping, a second signal changes nothing:
            signal.signal(sig, signal.SIG_IGN)  # the sessions close and the process exits as it would
        loop.asyncio_loop.call_soon_threadsafe(loop.stop)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.start()
        loop.start()
    finally:
        if not stopping:  # stopped by an error, not a signal: the caller's handlers are back
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        server.stop()
