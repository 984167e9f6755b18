"""The classroom's durable store: class sessions, rooms, seats, decisions, refusals
and results, in SQLite by default or PostgreSQL by URL, through SQLAlchemy, with the schema
from the Alembic migrations shipped in ``migrations/`` (never ``create_all``).

:class:`Store` opens (and checks, and migrates) a database; every write commits before it
returns. A database that is not ours, damaged, locked or from a newer version is refused with
a :class:`StoreError` and left untouched. See docs/store.md.
"""

from .database import APPLICATION_ID, default_url
from .errors import CodeInUse, RoomGone, SeatTaken, StaleDecision, StoreError
from .refusals import hash_token
from .store import (
    RETENTION_DAYS,
    DecisionRecord,
    LessonRecord,
    RoomRecord,
    SeatRecord,
    Store,
    retention_days,
)

__all__ = [
    "APPLICATION_ID", "RETENTION_DAYS", "CodeInUse", "DecisionRecord", "LessonRecord", "RoomGone", "RoomRecord",
    "SeatRecord", "SeatTaken",
    "StaleDecision", "Store", "StoreError", "default_url", "hash_token", "retention_days",
]
