"""The classroom's durable store: class sessions, rooms, seats, decisions, refusals, results,
and what students answer and play in the lesson notebooks.

A room is a seeded game plus its ordered decisions (each an action's text form), so a room
resumes by replaying its decisions. Every write method commits before it returns (the
caller shows a move only after that: write-ahead), in one short transaction. The methods
are synchronous and safe to call from several threads: one engine, one session per call.
"""

from __future__ import annotations

import json
import os
import re
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

from sqlalchemy import CursorResult, Engine, delete, func, or_, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session, selectinload, sessionmaker

from .. import games
from .database import BUSY_TIMEOUT, open_engine, resolve, store_error, writer
from .errors import CodeInUse, RoomGone, SeatTaken, StaleDecision, StoreError
from .export import results_csv
from .models import ClassSession, Decision, LessonRecordRow, Refusal, Room, Seat
from .records import DecisionRecord, LessonRecord, RoomRecord, SeatRecord  # what the methods hand out
from .refusals import (  # the log of refusals, and what the rest of the store shares with it
    RefusalLog,
    check_text,
)

#: How long results are kept by default, in days (see :meth:`Store.purge` and docs/store.md).
RETENTION_DAYS = 365
#: The environment variable that changes the retention, in days.
RETENTION_ENV = "CANAL_HERITAGE_RETENTION_DAYS"

GAMES = games.names()  # the games a room may hold (canal_heritage/games.py)
ROOM_KINDS = ("room", "kiosk", "visitor")
SEAT_KINDS = ("student", "bot")
STATUSES = ("open", "over", "closed")
LABEL_MAX = 80
NAME_MAX = 24
CODE_MAX = 8
LEVEL_MAX = 16
SEED_BITS = 64
TOKEN_HASH = re.compile(r"[0-9a-f]{64}")


LESSON_KINDS = ("answer", "game", "simulation")
KEY_MAX = 80
PAYLOAD_MAX = 4000


def retention_days() -> int:
    """The retention in days: ``CANAL_HERITAGE_RETENTION_DAYS`` if set, else :data:`RETENTION_DAYS`.

    Raises:
        StoreError: the variable is not a whole number of days (0 or more).
    """
    value = os.environ.get(RETENTION_ENV, "").strip()
    if not value:
        return RETENTION_DAYS
    if not value.isdigit():
        raise StoreError(f"{RETENTION_ENV} must be a whole number of days, such as 365; it is {value!r}.")
    return int(value)


def seat_record(seat: Seat) -> SeatRecord:
    return SeatRecord(index=seat.index, kind=seat.kind, level=seat.level, name=seat.name,
                      token_hash=seat.token_hash, standin=seat.standin, last_seen=seat.last_seen)


def decision_record(decision: Decision) -> DecisionRecord:
    return DecisionRecord(number=decision.number, seat=decision.seat, action=decision.action,
                          by_bot=decision.by_bot, explanation=decision.explanation, at=decision.at)


def room_record(room: Room) -> RoomRecord:
    return RoomRecord(
        id=room.id, code=room.code, class_session_id=room.class_session_id, kind=room.kind, game=room.game,
        seed=room.seed, first=room.first, lang=room.lang, options=dict(room.options), status=room.status,
        created_at=room.created_at, updated_at=room.updated_at, ended_at=room.ended_at,
        result=None if room.result is None else dict(room.result),
        seats=tuple(seat_record(s) for s in room.seats),
        decisions=tuple(decision_record(d) for d in room.decisions))


def check_choice(what: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(choices)}; got {value!r}")


def check_json(what: str, value: Any) -> None:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} must be JSON data (texts, numbers, lists, dicts): {exc}") from None


#: Bulk deletes and updates: nothing to synchronise, a session lives for one call.
NOSYNC = {"synchronize_session": False}
WITH_ALL = (selectinload(Room.seats), selectinload(Room.decisions))


class Store(RefusalLog):
    """The classroom's durable store on SQLite (the default) or PostgreSQL.

    Args:
        url: a path (an SQLite file) or a SQLAlchemy URL; ``None`` for :func:`default_url`.
        migrate: bring the schema to the newest revision (else refuse a database that needs it).
        busy_timeout: how long, in seconds, to wait for another writer before saying the
            database is locked.
        clock: the current UTC time (for tests); ``datetime.now(UTC)`` by default.

    Raises:
        StoreError: the database is refused (not a database, damaged, another program's,
            written by a newer version, locked) or cannot be reached; nothing was changed.

    Attributes:
        url: the database's URL, its password hidden.
        path: the SQLite file, or ``None`` (a server, or memory).
    """

    url: str
    path: Path | None

    def __init__(self, url: str | os.PathLike[str] | None = None, *, migrate: bool = True,
                 busy_timeout: float = BUSY_TIMEOUT, clock: Callable[[], datetime] | None = None) -> None:
        self._target = resolve(url)
        self.url = self._target.url.render_as_string(hide_password=True)
        self.path = self._target.path
        self._busy_timeout = busy_timeout
        self._clock = clock or (lambda: datetime.now(UTC))
        self._engine: Engine = open_engine(self._target, migrate=migrate, busy_timeout=busy_timeout)
        self._reader = sessionmaker(self._engine, expire_on_commit=False)
        self._writer = sessionmaker(writer(self._engine), expire_on_commit=False)
        # An in-memory SQLite database is one shared connection: one call at a time.
        self._lock = threading.Lock() if self._target.memory else None
        self._closed = False

    def __repr__(self) -> str:
        return f"Store({self.url!r})"

    __str__ = __repr__

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close every connection (an SQLite file's write-ahead log is folded back into it)."""
        if not self._closed:
            self._closed = True
            self._engine.dispose()

    # --- sessions --------------------------------------------------------------------------

    def _now(self) -> datetime:
        now = self._clock()
        if now.tzinfo is None:
            raise ValueError("the store's clock must give timezone-aware times")
        return now.astimezone(UTC)

    @contextmanager
    def _session(self, factory: sessionmaker[Session]) -> Iterator[Session]:
        if self._closed:
            raise StoreError(f"The store {self._target.shown} is closed.")
        with self._lock or nullcontext():
            try:
                with factory() as session, session.begin():
                    yield session
            except DBAPIError as exc:
                raise store_error(exc, self._target, self._busy_timeout) from None

    def _reading(self) -> AbstractContextManager[Session]:
        """A read transaction."""
        return self._session(self._reader)

    def _writing(self) -> AbstractContextManager[Session]:
        """A write transaction (on SQLite it takes the write lock at once), committed on exit."""
        return self._session(self._writer)

    @staticmethod
    def _room(session: Session, room_id: str) -> Room:
        room = session.get(Room, room_id)
        if room is None:
            raise RoomGone(f"There is no room {room_id!r} (it may have been forgotten or purged).")
        return room

    @staticmethod
    def _seat(session: Session, room_id: str, index: int) -> Seat:
        seat = session.get(Seat, (room_id, index))
        if seat is None:
            raise StoreError(f"There is no seat {index} in room {room_id!r}.")
        return seat

    # --- class sessions --------------------------------------------------------------------

    def new_class(self, label: str) -> int:
        """Start a class session named ``label`` (1 to 80 characters, e.g. "5e B"); its id."""
        check_text("a class's label", label, LABEL_MAX)
        with self._writing() as session:
            class_session = ClassSession(label=label, created_at=self._now())
            session.add(class_session)
            session.flush()
            return class_session.id

    def classes(self) -> list[tuple[int, str, datetime]]:
        """Every class session as (id, label, created_at), newest first."""
        with self._reading() as session:
            rows = session.execute(select(ClassSession.id, ClassSession.label, ClassSession.created_at)
                                   .order_by(ClassSession.created_at.desc(), ClassSession.id.desc()))
            return [(row.id, row.label, row.created_at) for row in rows]

    # --- rooms -----------------------------------------------------------------------------

    def create_room(self, *, code: str, game: str, seed: int, first: int | None, lang: str,
                    options: dict[str, Any], seats: list[tuple[str, str | None]], kind: str = "room",
                    class_session_id: int | None = None, room_id: str | None = None) -> RoomRecord:
        """Create an open room with its seats, each ``(kind, level)`` ("student" or "bot", the
        bot's level or ``None``), numbered from 0.

        Raises:
            CodeInUse: another room that is not closed has ``code``.
            StoreError: the class session does not exist, or a room has this ``room_id``.
            ValueError: an argument is out of range (a programming mistake).
        """
        check_text("a room's code", code, CODE_MAX)
        check_choice("game", game, GAMES)
        check_choice("kind", kind, ROOM_KINDS)
        check_text("lang", lang, 2)
        if isinstance(seed, bool) or not isinstance(seed, int) or not -(2 ** (SEED_BITS - 1)) <= seed < 2 ** (
                SEED_BITS - 1):
            raise ValueError(f"seed must be a whole number that fits in {SEED_BITS} signed bits; got {seed!r}")
        if not seats:
            raise ValueError("a room needs at least one seat")
        for seat_kind, level in seats:
            check_choice("a seat's kind", seat_kind, SEAT_KINDS)
            if level is not None:
                check_text("a bot's level", level, LEVEL_MAX)
        if first is not None and not 0 <= first < len(seats):
            raise ValueError(f"first must be a seat from 0 to {len(seats) - 1} or None; got {first!r}")
        if not isinstance(options, dict):
            raise ValueError(f"options must be a dict; got {options!r}")
        check_json("options", options)
        room_id = room_id or uuid.uuid4().hex
        check_text("a room's id", room_id, 32)
        with self._writing() as session:
            if class_session_id is not None and session.get(ClassSession, class_session_id) is None:
                raise StoreError(f"There is no class session {class_session_id} (it may have been forgotten).")
            self._check_code_free(session, code)
            now = self._now()
            room = Room(id=room_id, code=code, class_session_id=class_session_id, kind=kind, game=game, seed=seed,
                        first=first, lang=lang, options=options, status="open", created_at=now, updated_at=now,
                        ended_at=None, result=None)
            room.seats = [Seat(index=i, kind=k, level=level, standin=False) for i, (k, level) in enumerate(seats)]
            room.decisions = []
            if session.get(Room, room_id) is not None:
                raise StoreError(f"A room with the id {room_id!r} already exists.")
            session.add(room)
            try:
                session.flush()
            except IntegrityError as exc:  # another writer was first (PostgreSQL)
                if "pk_rooms" in str(exc.orig):
                    raise StoreError(f"A room with the id {room_id!r} already exists.") from None
                raise CodeInUse(f"The room code {code} is in use by another room.") from None
            return room_record(room)

    @staticmethod
    def _check_code_free(session: Session, code: str, but: str | None = None) -> None:
        query = select(Room.id).where(Room.code == code, Room.status != "closed")
        if but is not None:
            query = query.where(Room.id != but)
        if session.scalar(query.limit(1)) is not None:
            raise CodeInUse(f"The room code {code} is in use by another room.")

    def room(self, room_id: str) -> RoomRecord | None:
        """The room with its seats and decisions, or ``None``."""
        with self._reading() as session:
            room = session.get(Room, room_id, options=WITH_ALL)
            return None if room is None else room_record(room)

    def room_by_code(self, code: str) -> RoomRecord | None:
        """The open room with this code (codes are compared as given), or ``None``."""
        with self._reading() as session:
            room = session.scalar(select(Room).options(*WITH_ALL).where(Room.code == code, Room.status == "open"))
            return None if room is None else room_record(room)

    def game_by_code(self, code: str) -> RoomRecord | None:
        """The newest room with this code, open, over or closed (a finished room's code may have
        been given again to a later room: the later one is found), or ``None``. How a lesson
        notebook reopens a classroom game to replay it."""
        with self._reading() as session:
            room = session.scalar(select(Room).options(*WITH_ALL).where(Room.code == code)
                                  .order_by(Room.created_at.desc(), Room.id.desc()).limit(1))
            return None if room is None else room_record(room)

    def code_status(self, code: str, *, kind: str = "room") -> tuple[str, str] | None:
        """The id and status (``open``, ``over`` or ``closed``) of the newest room of ``kind``
        with this code (codes are compared as given), or ``None``: how a code that no open room
        of the server holds is told apart, a finished or closed room's ("this room has closed")
        from one never given. A code given again to a later room names the later one."""
        check_choice("kind", kind, ROOM_KINDS)
        with self._reading() as session:
            row = session.execute(select(Room.id, Room.status).where(Room.code == code, Room.kind == kind)
                                  .order_by(Room.created_at.desc(), Room.id.desc()).limit(1)).first()
            return None if row is None else (str(row.id), str(row.status))

    def live_rooms(self, kind: str | None = None) -> list[RoomRecord]:
        """Every open room (of this kind, if given), oldest first, with seats and decisions:
        what to resume after a restart."""
        if kind is not None:
            check_choice("kind", kind, ROOM_KINDS)
        query = select(Room).options(*WITH_ALL).where(Room.status == "open")
        if kind is not None:
            query = query.where(Room.kind == kind)
        with self._reading() as session:
            rooms = session.scalars(query.order_by(Room.created_at, Room.id))
            return [room_record(r) for r in rooms]

    def kept_games(self, token_hash: str) -> list[RoomRecord]:
        """The open kiosk and visitor games (kinds "kiosk", "visitor") one of whose seats is
        held by the browser whose token hashes to ``token_hash``, newest first, with seats
        and decisions: what that browser may resume."""
        if not isinstance(token_hash, str) or not TOKEN_HASH.fullmatch(token_hash):
            raise ValueError("token_hash must be the sha256 hex digest of the token (see hash_token)")
        held = select(Seat.room_id).where(Seat.token_hash == token_hash)
        query = (select(Room).options(*WITH_ALL)
                 .where(Room.status == "open", Room.kind.in_(("kiosk", "visitor")), Room.id.in_(held))
                 .order_by(Room.updated_at.desc(), Room.id))
        with self._reading() as session:
            return [room_record(r) for r in session.scalars(query)]

    # --- decisions -------------------------------------------------------------------------

    def append_decision(self, room_id: str, number: int, seat: int, action: str, *, by_bot: bool = False,
                        explanation: Any = None) -> None:
        """Write decision ``number`` of an open room (committed on return).

        Raises:
            StaleDecision: ``number`` is already written (another writer was first) or is not
                the next one (no gaps).
            StoreError: no such room, or the room is not open.
        """
        if not isinstance(action, str) or not action:
            raise ValueError(f"an action must be a non-empty text; got {action!r}")
        check_json("a decision's explanation", explanation)
        with self._writing() as session:
            room = self._room(session, room_id)
            code = room.code
            if room.status != "open":
                raise StoreError(f"Room {code} is {room.status}: it takes no more decisions.")
            count = session.scalar(select(func.count()).select_from(Decision).where(Decision.room_id == room_id))
            if number != count:
                written = "already written" if number < (count or 0) else "not the next one"
                raise StaleDecision(f"Decision {number} of room {code} is {written} ({count} are written).")
            now = self._now()
            session.add(Decision(room_id=room_id, number=number, seat=seat, action=action, by_bot=by_bot,
                                 explanation=explanation, at=now))
            room.updated_at = now
            try:
                session.flush()
            except IntegrityError:
                raise StaleDecision(f"Decision {number} of room {code} is already written.") from None

    def truncate_decisions(self, room_id: str, keep: int) -> None:
        """Undo: delete the decisions numbered ``keep`` and after (the first ``keep`` remain)."""
        if keep < 0:
            raise ValueError(f"keep must be 0 or more; got {keep}")
        with self._writing() as session:
            room = self._room(session, room_id)
            session.execute(delete(Decision).where(Decision.room_id == room_id, Decision.number >= keep),
                            execution_options=NOSYNC)
            room.updated_at = self._now()

    # --- seats -----------------------------------------------------------------------------

    def claim_seat(self, room_id: str, index: int, *, token_hash: str, name: str) -> None:
        """Give a free student's seat of an open room to the device whose token hashes to
        ``token_hash`` (see :func:`hash_token`), under ``name`` (1 to 24 characters, kept as
        given). The same token may claim its seat again (a new name).

        Raises:
            SeatTaken: another token holds the seat, or it is a bot's seat.
            StoreError: no such room or seat, or the room is not open.
        """
        check_text("a student's name", name, NAME_MAX)
        if not isinstance(token_hash, str) or not TOKEN_HASH.fullmatch(token_hash):
            raise ValueError("token_hash must be the sha256 hex digest of the token (see hash_token), "
                             "never the token itself")
        with self._writing() as session:
            room = self._room(session, room_id)
            if room.status != "open":
                raise StoreError(f"Room {room.code} is {room.status}: its seats cannot be taken.")
            now = self._now()
            claimed = cast(CursorResult[Any], session.execute(
                update(Seat)
                .where(Seat.room_id == room_id, Seat.index == index, Seat.kind == "student",
                       or_(Seat.token_hash.is_(None), Seat.token_hash == token_hash))
                .values(token_hash=token_hash, name=name, last_seen=now,
                        claimed_at=func.coalesce(Seat.claimed_at, now))
                .execution_options(synchronize_session=False)))
            if claimed.rowcount != 1:
                seat = self._seat(session, room_id, index)
                raise SeatTaken(f"Seat {index} of room {room.code} is "
                                + ("a bot's seat." if seat.kind == "bot" else "taken by another device."))
            room.updated_at = now

    def free_seat(self, room_id: str, index: int) -> None:
        """Free a seat (the teacher's decision): its token and name are cleared."""
        with self._writing() as session:
            seat = self._seat(session, room_id, index)
            seat.token_hash = seat.name = seat.claimed_at = seat.last_seen = None
            self._room(session, room_id).updated_at = self._now()

    def set_standin(self, room_id: str, index: int, standin: bool, level: str | None = None) -> None:
        """Put a bot in an absent student's seat (``standin=True``) or give the seat back.
        ``level`` becomes the seat's level: the stand-in bot's (``None``: none, or the default)."""
        if level is not None:
            check_text("a bot's level", level, LEVEL_MAX)
        with self._writing() as session:
            seat = self._seat(session, room_id, index)
            if seat.kind != "student":
                raise ValueError(f"seat {index} of room {room_id!r} is a bot's seat: no stand-in")
            seat.standin = standin
            seat.level = level
            self._room(session, room_id).updated_at = self._now()

    def touch_seat(self, room_id: str, index: int) -> None:
        """Note that the seat's device was seen now (``last_seen``)."""
        with self._writing() as session:
            self._seat(session, room_id, index).last_seen = self._now()

    # --- a room's end ----------------------------------------------------------------------

    def set_status(self, room_id: str, status: str) -> None:
        """Set a room "open", "over" or "closed". Closing or ending sets ``ended_at`` (if not yet
        set); opening again clears ``ended_at`` and the result.

        Raises:
            CodeInUse: reopening a closed room whose code another room now uses.
        """
        check_choice("status", status, STATUSES)
        with self._writing() as session:
            room = self._room(session, room_id)
            code = room.code
            now = self._now()
            if status != "closed" and room.status == "closed":
                self._check_code_free(session, code, but=room_id)
            if status == "open":
                room.ended_at = None
                room.result = None
            elif room.ended_at is None:
                room.ended_at = now
            room.status = status
            room.updated_at = now
            try:
                session.flush()
            except IntegrityError:
                raise CodeInUse(f"The room code {code} is in use by another room.") from None

    def finish_room(self, room_id: str, result: dict[str, Any]) -> None:
        """The game is over: status "over", ``ended_at`` now, and its ``result`` (JSON data):
        ``totals`` and ``winners`` by seat, ``breakdown[seat]`` (name → points) and
        ``built[seat]`` (the sites built or sections scored), as :meth:`export_csv` reads them.

        Raises:
            StoreError: no such room, or it is closed.
        """
        if not isinstance(result, dict):
            raise ValueError(f"a result must be a dict; got {result!r}")
        check_json("a result", result)
        with self._writing() as session:
            room = self._room(session, room_id)
            if room.status == "closed":
                raise StoreError(f"Room {room.code} is closed: its result cannot change.")
            now = self._now()
            room.status = "over"
            room.ended_at = now
            room.updated_at = now
            room.result = result

    def class_by_label(self, label: str, *, create: bool = True) -> int | None:
        """The newest class session named ``label`` (compared without case or extra spaces),
        created when there is none and ``create`` is true (else ``None``): how a lesson
        notebook finds its class from the name the teacher gave it."""
        check_text("a class's label", label, LABEL_MAX)
        wanted = " ".join(label.split()).casefold()
        for cid, name, _ in self.classes():
            if " ".join(name.split()).casefold() == wanted:
                return cid
        return self.new_class(" ".join(label.split())) if create else None

    # --- lessons ---------------------------------------------------------

    def record_lesson(self, class_session_id: int, nickname: str, lesson: int, kind: str, key: str,
                      payload: dict[str, Any]) -> int:
        """Keep something a student did in lesson ``lesson``: an answer checked, a game against
        a bot, a simulation run (``kind``), about ``key`` (the question, the game), with its
        ``payload`` (JSON data, 4000 characters at most). Returns the record's id."""
        check_text("a student's nickname", nickname, NAME_MAX)
        check_choice("a lesson record's kind", kind, LESSON_KINDS)
        check_text("a lesson record's key", key, KEY_MAX)
        check_json("a lesson record's payload", payload)
        if not isinstance(lesson, int) or isinstance(lesson, bool) or not 0 <= lesson <= 99:
            raise ValueError(f"a lesson is a number from 0 to 99, not {lesson!r}")
        if len(json.dumps(payload)) > PAYLOAD_MAX:
            raise ValueError(f"a lesson record's payload is at most {PAYLOAD_MAX} characters of JSON")
        with self._writing() as session:
            if session.get(ClassSession, class_session_id) is None:
                raise StoreError(f"There is no class session {class_session_id}.")
            row = LessonRecordRow(class_session_id=class_session_id, nickname=nickname, lesson=lesson, kind=kind,
                                  key=key, payload=payload, at=self._now())
            session.add(row)
            session.flush()
            return row.id

    def lesson_records(self, class_session_id: int, *, lesson: int | None = None,
                       kind: str | None = None) -> list[LessonRecord]:
        """A class's lesson records, oldest first (of one lesson, of one kind)."""
        query = select(LessonRecordRow).where(LessonRecordRow.class_session_id == class_session_id)
        if lesson is not None:
            query = query.where(LessonRecordRow.lesson == lesson)
        if kind is not None:
            query = query.where(LessonRecordRow.kind == kind)
        with self._reading() as session:
            return [LessonRecord(r.id, r.class_session_id, r.nickname, r.lesson, r.kind, r.key, dict(r.payload), r.at)
                    for r in session.scalars(query.order_by(LessonRecordRow.at, LessonRecordRow.id))]

    # --- results --------------------------------------------------------

    def results(self, class_session_id: int | None = None) -> list[RoomRecord]:
        """The classroom rooms (kind "room") that are over or closed, of one class session or
        of all, newest first."""
        query = select(Room).options(*WITH_ALL).where(Room.kind == "room", Room.status.in_(("over", "closed")))
        if class_session_id is not None:
            query = query.where(Room.class_session_id == class_session_id)
        with self._reading() as session:
            return [room_record(r) for r in session.scalars(query.order_by(Room.created_at.desc(), Room.id.desc()))]

    def export_csv(self, class_session_id: int | None = None) -> str:
        """The results as CSV text, one row per seat per room (see
        :func:`canal_heritage.store.export.results_csv` for the columns). Times are in this
        computer's time zone. Send it encoded as ``utf-8-sig`` for a spreadsheet to read the
        accents."""
        rooms = self.results(class_session_id)
        labels = {cid: label for cid, label, _ in self.classes()}
        return results_csv(rooms, labels)

    def forget_class(self, class_session_id: int) -> int:
        """Delete a class session, its rooms and everything in them (seats, decisions, the
        rooms' refusals), and its lesson records. Returns how many rooms were deleted (0 for
        an unknown class)."""
        with self._writing() as session:
            rooms = select(Room.id).where(Room.class_session_id == class_session_id)
            count = session.scalar(select(func.count()).select_from(rooms.subquery())) or 0
            session.execute(delete(Refusal).where(Refusal.room_id.in_(rooms)), execution_options=NOSYNC)
            session.execute(delete(Room).where(Room.class_session_id == class_session_id), execution_options=NOSYNC)
            session.execute(delete(LessonRecordRow).where(LessonRecordRow.class_session_id == class_session_id),
                            execution_options=NOSYNC)
            session.execute(delete(ClassSession).where(ClassSession.id == class_session_id), execution_options=NOSYNC)
            return count

    def purge(self, *, older_than_days: int | None = None) -> int:
        """Delete the rooms that ended, or were last updated, more than ``older_than_days``
        days ago (by default :func:`retention_days`: 365 unless ``CANAL_HERITAGE_RETENTION_DAYS``
        says otherwise), with everything in them, the lesson records older than that, then the
        class sessions left without rooms or lesson records and older than that, and the
        refusals older than that. Returns how many rooms were
        deleted."""
        days = retention_days() if older_than_days is None else older_than_days
        if days < 0:
            raise ValueError(f"older_than_days must be 0 or more; got {days}")
        cutoff = self._now() - timedelta(days=days)
        with self._writing() as session:
            old = select(Room.id).where(or_(Room.ended_at < cutoff, Room.updated_at < cutoff))
            count = session.scalar(select(func.count()).select_from(old.subquery())) or 0
            session.execute(delete(Refusal).where(or_(Refusal.room_id.in_(old), Refusal.at < cutoff)),
                            execution_options=NOSYNC)
            session.execute(delete(Room).where(Room.id.in_(old)), execution_options=NOSYNC)
            session.execute(delete(LessonRecordRow).where(LessonRecordRow.at < cutoff), execution_options=NOSYNC)
            session.execute(delete(ClassSession).where(
                ~select(Room.id).where(Room.class_session_id == ClassSession.id).exists(),
                ~select(LessonRecordRow.id).where(LessonRecordRow.class_session_id == ClassSession.id).exists(),
                func.coalesce(ClassSession.ended_at, ClassSession.created_at) < cutoff), execution_options=NOSYNC)
            return count
