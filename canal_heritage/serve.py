"""``canal-heritage serve``: the exhibit on this machine, with everything it needs embedded."""

from __future__ import annotations

from typing import Any


def quiet_known_references() -> None:
    """Ignore Bokeh's "reference already known" warning, which every click on a new button gives.

    BokehJS treats each model it receives in a server update as new until it next sends a
    patch of its own, and sends such a model in full (not as a reference) in that patch: a
    click on a button added since the visitor's last click. The server already has the model,
    warns and uses its own, so nothing is wrong. The table adds a new button for each decision
    (a button serves one decision only, see ``MidiTable``), hence about one warning per click."""
    import warnings

    from bokeh.util.warnings import BokehUserWarning

    warnings.filterwarnings("ignore", message="reference already known", category=BokehUserWarning)


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


def make_server(*, port: int = 5006, address: str = "127.0.0.1", kiosk: bool = False, idle_after: float = 90,
                countdown: int = 20, threaded: bool = False, seed: int | None = None,
                expert_iterations: int | None = None, bot_workers: int = 2, show: bool = False,
                arriala_pace: float | None = None, arriala_overrides: dict[str, Any] | None = None) -> Any:
    """Start the Panel server (``threaded=True`` returns a stoppable server thread, for tests).

    ``arriala_pace`` (seconds between a bot's actions) and ``arriala_overrides`` (balance-study
    options: short games) are for tests only; the exhibit uses the defaults."""
    import panel as pn

    from .exhibit import create_app
    from .matches import arriala as arriala_match
    from .matches import midi as midi_match
    from .matches.pool import bot_pool, rebuild

    pn.extension(notifications=False)
    quiet_known_references()
    mend_panel_write_queue()
    bot_pool(bot_workers)  # start the workers now, so the first bot move is quick
    tune_garbage_collector()  # what exists now lives as long as the server
    midi_match.on_worker_failure = rebuild
    arriala_match.on_worker_failure = rebuild

    def executor() -> Any:  # the current pool (a broken one is rebuilt)
        return bot_pool(bot_workers)
    def factory() -> Any:  # a plain function: Panel calls it once per browser session
        return create_app(kiosk=kiosk, idle_after=idle_after, countdown=countdown,
                          executor=executor, seed=seed, expert_iterations=expert_iterations,
                          arriala_pace=arriala_pace, arriala_overrides=arriala_overrides)

    return pn.serve({"/": factory}, port=port, address=address, show=show, threaded=threaded,
                    title="Canal Heritage", websocket_origin=[f"{address}:{port}", f"localhost:{port}"],
                    verbose=False)
