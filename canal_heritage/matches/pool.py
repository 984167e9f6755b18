"""The worker processes where bots think, shared by every session of the server (the Bokeh
server is single-threaded: a bot must never think on its event loop).

Both games use the same pool: a Canal du Midi bot decides one move
(:func:`canal_heritage.matches.midi.decide`), an Arriala bot the actions of its turn up to
the next draw (:func:`canal_heritage.matches.arriala.decide_turn`). Each match submits its
own picklable function, so the pool knows nothing of the games."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

_POOL: ProcessPoolExecutor | None = None


def _warm() -> int:
    # import once, so the first move of either game is quick
    import canal_heritage.arriala.bots
    import canal_heritage.matches.arriala
    import canal_heritage.midi.bots  # noqa: F401

    return 1


#: How often (seconds) a worker looks whether the server that started it is still there.
PARENT_CHECK = 0.5


def _worker_setup() -> None:
    """Run in each worker as it starts.

    Ctrl+C in a terminal reaches every process of the server; the server alone decides (it
    stops the workers through :func:`shutdown`), so a worker neither dies nor prints a
    traceback. And a worker ends when the server is gone, however it went (SIGKILL, a crash,
    the machine's out-of-memory killer): it watches its parent, and when it has been handed
    to another (the server died), it exits. With the workers gone, multiprocessing's resource
    tracker ends too (it waits for every process that holds its pipe)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    server = os.getppid()

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="canal-heritage-parent-watch", daemon=True).start()


def bot_pool(workers: int = 2) -> ProcessPoolExecutor:
    """The shared pool (created on first use, with fresh interpreter processes)."""
    global _POOL
    if _POOL is None:
        _POOL = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                                    initializer=_worker_setup)
        for _ in range(workers):
            _POOL.submit(_warm)
    return _POOL


def rebuild(_exc: BaseException | None = None) -> None:
    """Replace a broken pool (a worker died): the next bot move gets fresh workers."""
    global _POOL
    old, _POOL = _POOL, None
    if old is not None:
        old.shutdown(wait=False, cancel_futures=True)


def shutdown(timeout: float = 5.0) -> None:
    """Stop the workers, so that nothing of the pool outlives the server (``serve`` calls this
    when it is stopped by Ctrl+C or SIGTERM).

    A bot in the middle of a move gets ``timeout`` seconds to finish it; a worker still busy
    after that is terminated. Moves not started yet are cancelled."""
    global _POOL
    pool, _POOL = _POOL, None
    if pool is None:
        return
    workers = list((getattr(pool, "_processes", None) or {}).values())  # the pool keeps no public list
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + timeout
    for w in workers:
        w.join(max(0.0, deadline - time.monotonic()))
        if w.is_alive():
            w.terminate()
            w.join(5)
