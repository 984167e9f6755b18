"""The classroom of the server this process runs: its store and its rooms.

``canal-heritage serve`` opens it before it listens (:func:`open_classroom`): the store is
checked first (a damaged, locked or foreign database stops the server with a plain sentence,
and is left untouched), then every room that was open when the server last stopped is
resumed at its last decision. Every browser session of the server reaches the same rooms:
the server hands its pages the classroom it opened (:func:`classroom` is the one opened last,
for a page made outside a server's own).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from .hub import Hub

log = logging.getLogger(__name__)


@dataclass
class Classroom:
    """The store and the rooms of this server."""

    store: Any
    hub: Hub
    db_url: str | None = None


_current: Classroom | None = None


def open_classroom(db_url: str | None = None, *, bots: Executor | Callable[[], Executor] | None = None) -> Classroom:
    """Open the store (``db_url``: a file or a SQLAlchemy URL; None: the default, see
    :func:`canal_heritage.store.default_url`), delete what is older than the retention period
    (:meth:`~canal_heritage.store.Store.purge`) and resume its open rooms; kept for :func:`classroom`.

    Raises:
        StoreError: the database cannot be used (the message says why and what to do).
    """
    from ..store import Store

    global _current
    if _current is not None and _current.db_url == db_url:
        return _current  # another server in this process (tests): the same classroom
    # another store (a second server in this process, as in tests): the first server keeps its
    # own classroom, which it closes when it stops
    store = Store(db_url)
    try:  # the retention period (docs/store.md): what is older goes before anything resumes
        purged = store.purge()
        if purged:
            log.info("deleted %d room(s) older than the retention period", purged)
    except Exception:  # a clear-out that fails must not keep the classroom closed
        log.exception("the clear-out of old rooms failed")
    hub = Hub(store, bots=bots)
    rooms = hub.resume()
    if rooms:
        log.info("resumed %d room(s): %s", len(rooms), ", ".join(r.code for r in rooms))
    _current = Classroom(store, hub, db_url)
    return _current


def classroom() -> Classroom | None:
    """The classroom of this server (None before :func:`open_classroom`: a page outside a server)."""
    return _current


def close_classroom(current: Classroom | None = None) -> None:
    """Close ``current`` (default: the classroom opened last): its bots stop and its store
    closes (the server stops; its rooms stay open in the store and resume next time)."""
    global _current
    current = current or _current
    if current is _current:
        _current = None
    if current is not None:
        for room in current.hub.rooms.values():
            room.stop_bots()
        current.hub.io.shutdown(wait=True)
        current.store.close()
