"""The worker processes where bots think, shared by every session of the server (the Bokeh
server is single-threaded: a bot must never think on its event loop).

Both games use the same pool: a Canal du Midi bot decides one move
(:func:`canal_heritage.matches.midi.decide`), an Arriala bot the actions of its turn up to
the next draw (:func:`canal_heritage.matches.arriala.decide_turn`). Each match submits its
own picklable function, so the pool knows nothing of the games."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

_POOL: ProcessPoolExecutor | None = None


def _warm() -> int:
    # import once, so the first move of either game is quick
    import canal_heritage.arriala.bots  # noqa: F401
    import canal_heritage.matches.arriala  # noqa: F401
    import canal_heritage.midi.bots  # noqa: F401

    return 1


def bot_pool(workers: int = 2) -> ProcessPoolExecutor:
    """The shared pool (created on first use, with fresh interpreter processes)."""
    global _POOL
    if _POOL is None:
        _POOL = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
        for _ in range(workers):
            _POOL.submit(_warm)
    return _POOL


def rebuild(_exc: BaseException | None = None) -> None:
    """Replace a broken pool (a worker died): the next bot move gets fresh workers."""
    global _POOL
    old, _POOL = _POOL, None
    if old is not None:
        old.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    global _POOL
    if _POOL is not None:
        _POOL.shutdown(cancel_futures=True)
        _POOL = None
