"""The store's errors. Each carries a whole sentence for a teacher or an IT person in
``str(error)``: what is wrong and what to do."""

from __future__ import annotations

from canal_heritage.core.errors import CanalHeritageError


class StoreError(CanalHeritageError):
    """The database cannot be opened or written, or a write is refused; ``str(err)`` says why."""


class StaleDecision(StoreError):
    """A decision's number is already written (another writer was first) or would leave a gap."""


class SeatTaken(StoreError):
    """The seat is held by another device (another token), or is a bot's seat."""


class CodeInUse(StoreError):
    """Another room that is not closed already has this code."""


class RoomGone(StoreError):
    """The room is not in the database (forgotten with its class, or purged)."""
