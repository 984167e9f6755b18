"""What the store hands out: its rows as plain, frozen records (a room with its seats and
decisions, a lesson's record), detached from any database session.

Their own module, under both :mod:`.store` (which makes them from the rows it reads) and
:mod:`.export` (which writes them as the teacher's CSV), so that neither of those imports the
other to reach them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

__all__ = ["DecisionRecord", "LessonRecord", "RoomRecord", "SeatRecord"]


@dataclass(frozen=True)
class SeatRecord:
    """A seat as stored. ``token_hash`` is the sha256 of the seat's token (never the token)."""

    index: int
    kind: str
    level: str | None
    name: str | None
    token_hash: str | None
    standin: bool
    last_seen: datetime | None


@dataclass(frozen=True)
class DecisionRecord:
    """One decision: its number (0-based, no gaps), the seat, the action's text form, whether a
    bot took it, and the bot's reason (JSON data) if any."""

    number: int
    seat: int
    action: str
    by_bot: bool
    explanation: Any
    at: datetime


@dataclass(frozen=True)
class RoomRecord:
    """A room as stored, with its seats and decisions in order. Times are UTC."""

    id: str
    code: str
    class_session_id: int | None
    kind: str
    game: str
    seed: int
    first: int | None
    lang: str
    options: dict[str, Any]
    status: str
    created_at: datetime
    updated_at: datetime
    ended_at: datetime | None
    result: dict[str, Any] | None
    seats: tuple[SeatRecord, ...]
    decisions: tuple[DecisionRecord, ...]


@dataclass(frozen=True)
class LessonRecord:
    """Something a student did in a lesson notebook (see :meth:`Store.record_lesson`)."""

    id: int
    class_session_id: int
    nickname: str
    lesson: int
    kind: str
    key: str
    payload: dict[str, Any]
    at: datetime
