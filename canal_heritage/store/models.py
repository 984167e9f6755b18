"""The store's tables as typed SQLAlchemy models.

The schema in a database always comes from the migrations (``migrations/versions/``), never
from ``create_all``; a test checks that these models and the migrated schema agree. Change a
model only together with a new migration.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

#: Stable constraint and index names, so that later migrations can name what they change.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_name)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: A JSON column whose Python ``None`` is SQL NULL (not the JSON text ``null``).
NullableJSON = JSON(none_as_null=True)

#: The condition of the partial unique index on room codes: a closed room's code may be reused.
LIVE_CODE_WHERE = text("status <> 'closed'")


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in time, always timezone-aware UTC in Python.

    PostgreSQL keeps it as ``timestamp with time zone``; SQLite, which has no time zones,
    keeps the UTC time without an offset and gets UTC back.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"a stored time must be timezone-aware, got {value!r}")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    """The models' common base, with the naming convention of constraints."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class ClassSession(Base):
    """A class's session with the games it played (e.g. "5e B", one morning)."""

    __tablename__ = "class_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    label: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)

    rooms: Mapped[list[Room]] = relationship(back_populates="class_session", passive_deletes=True)
    lesson_records: Mapped[list[LessonRecordRow]] = relationship(back_populates="class_session",
                                                                 passive_deletes=True)


class Room(Base):
    """A game table: a classroom room, a kiosk's game or one visitor's game."""

    __tablename__ = "rooms"
    __table_args__ = (
        # A room's code is unique among rooms not closed (checked in code too, for a clear error).
        Index("ix_rooms_live_code", "code", unique=True, sqlite_where=LIVE_CODE_WHERE,
              postgresql_where=LIVE_CODE_WHERE),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(8))
    class_session_id: Mapped[int | None] = mapped_column(
        ForeignKey("class_sessions.id", ondelete="CASCADE"), nullable=True, index=True)
    kind: Mapped[str] = mapped_column(String(8))
    game: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int] = mapped_column(BigInteger)
    first: Mapped[int | None] = mapped_column(Integer, nullable=True)
    lang: Mapped[str] = mapped_column(String(2))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(8), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(NullableJSON, nullable=True)

    class_session: Mapped[ClassSession | None] = relationship(back_populates="rooms")
    seats: Mapped[list[Seat]] = relationship(
        back_populates="room", order_by="Seat.index", cascade="all, delete-orphan", passive_deletes=True)
    decisions: Mapped[list[Decision]] = relationship(
        back_populates="room", order_by="Decision.number", cascade="all, delete-orphan", passive_deletes=True)


class Seat(Base):
    """A seat at a room's table: a student's (maybe with a bot standing in) or a bot's."""

    __tablename__ = "seats"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str | None] = mapped_column(String(24), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    standin: Mapped[bool] = mapped_column(Boolean, default=False)
    claimed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    last_seen: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)

    room: Mapped[Room] = relationship(back_populates="seats")


class Decision(Base):
    """One decision of a room's game, in order: replaying them all resumes the game."""

    __tablename__ = "decisions"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    explanation: Mapped[Any] = mapped_column(NullableJSON, nullable=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())

    room: Mapped[Room] = relationship(back_populates="decisions")


class Refusal(Base):
    """A refused message or join attempt, logged. ``client`` is a hashed client id, never an IP."""

    __tablename__ = "refusals"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    reason: Mapped[str] = mapped_column(String(200))
    client: Mapped[str] = mapped_column(String(64))


class LessonRecordRow(Base):
    """One thing a student (or a pair, by one nickname) did in a lesson notebook: an answer
    checked (``kind`` "answer", ``key`` the question, ``payload`` what was given and the
    verdict), a game against a bot ("game": the scores) or a simulation run ("simulation":
    the counts, so that a class's runs can be pooled)."""

    __tablename__ = "lesson_records"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_session_id: Mapped[int] = mapped_column(ForeignKey("class_sessions.id", ondelete="CASCADE"), index=True)
    nickname: Mapped[str] = mapped_column(String(24))
    lesson: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(12))
    key: Mapped[str] = mapped_column(String(80))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)

    class_session: Mapped[ClassSession] = relationship(back_populates="lesson_records")
