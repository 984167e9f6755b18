"""Opening the store's database: where it is, the checks that refuse a file that is not ours
(never overwriting it), the engine with its SQLite settings, and the migrations to the
newest schema.

A database is named by a path (an SQLite file) or a SQLAlchemy URL
(``postgresql+psycopg://user@127.0.0.1/db``); without one, by the ``CANAL_HERITAGE_DB``
environment variable, else ``canal-heritage.db`` in the user's data folder.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
from sqlalchemy import URL, Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from .errors import StoreError

if TYPE_CHECKING:  # Alembic is imported when a schema is checked or made (half a second)
    from alembic.config import Config

#: Marks an SQLite file as Canal Heritage's (``PRAGMA application_id``): "CHER".
APPLICATION_ID = 0x43484552
#: The environment variable that names another database (a path or a URL).
DB_ENV = "CANAL_HERITAGE_DB"
#: The default database's file name, in the user's data folder.
DB_FILENAME = "canal-heritage.db"
#: How long a write waits for another writer before giving up, in seconds.
BUSY_TIMEOUT = 5.0
#: How long a server starting on a database waits, at most, while another one is creating or
#: upgrading its tables (a first start, e.g. several servers behind a proxy on one new file).
MIGRATION_WAIT = 60.0
#: The execution option that makes an SQLite transaction take the write lock at once.
WRITE_OPTION = "canal_heritage_write"

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
SQLITE_MAGIC = b"SQLite format 3\x00"
OUR_TABLES = frozenset({"class_sessions", "rooms", "seats", "decisions", "refusals"})
LEFT_UNTOUCHED = "this one was left untouched"


@dataclass(frozen=True)
class Target:
    """A resolved database: its URL, its SQLite file (``None`` for a server or memory) and a
    name to show (the path, or the URL with its password hidden)."""

    url: URL
    path: Path | None
    shown: str
    default_location: bool

    @property
    def sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    @property
    def memory(self) -> bool:
        return self.sqlite and self.path is None


def default_url() -> str:
    """The database to use when none is named: ``CANAL_HERITAGE_DB`` (a path or a URL) if
    set, else the SQLite file ``canal-heritage.db`` in the user's data folder."""
    return resolve(None).url.render_as_string(hide_password=False)


def default_path() -> Path:
    """The default SQLite file in the user's data folder (which may not exist yet)."""
    return Path(platformdirs.user_data_dir("canal-heritage")) / DB_FILENAME


def resolve(url: str | os.PathLike[str] | None) -> Target:
    """The database named by ``url`` (a path or a SQLAlchemy URL), or the default one.

    Raises:
        StoreError: the URL cannot be read, or names a database other than SQLite or PostgreSQL.
    """
    default_location = False
    if url is None:
        url = os.environ.get(DB_ENV) or None
    if url is None:
        url = default_path()
        default_location = True
    if isinstance(url, os.PathLike) or "://" not in url:
        path = Path(os.fspath(url)).expanduser().resolve()
        default_location = default_location or path == default_path().resolve()
        return Target(URL.create("sqlite", database=str(path)), path, str(path), default_location)
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(f"{url!r} is neither a file path nor a database URL such as "
                         "postgresql+psycopg://user@127.0.0.1/canal_heritage.") from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        database = parsed.database
        if not database or database == ":memory:":
            return Target(parsed, None, "an in-memory database", False)
        path = Path(database).expanduser().resolve()
        return Target(parsed.set(database=str(path)), path, str(path), path == default_path().resolve())
    if backend == "postgresql":
        if parsed.drivername == "postgresql":  # the libpq spelling: use psycopg 3
            parsed = parsed.set(drivername="postgresql+psycopg")
        return Target(parsed, None, parsed.render_as_string(hide_password=True), False)
    raise StoreError(f"Canal Heritage keeps its data in SQLite or PostgreSQL, not {backend!r} "
                     f"({parsed.render_as_string(hide_password=True)}).")


# --- the alembic scripts -------------------------------------------------------------------


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration built in code, pointing at the migrations in this package
    (no ``alembic.ini`` is read, so it works from an installed wheel too)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    config.set_main_option("path_separator", "os")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@cache
def revisions() -> tuple[str, frozenset[str]]:
    """The newest schema revision this program knows, and every revision it knows."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    head = script.get_current_head()
    assert head is not None
    return head, frozenset(s.revision for s in script.walk_revisions())


# --- the checks ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """What an existing database holds: ``new`` when it is empty (ours to set up), else the
    schema revision it is at (``None`` when it has none yet)."""

    new: bool
    revision: str | None = None


def locked_message(shown: str, busy_timeout: float) -> str:
    return (f"{shown} is in use: another program has kept it locked for more than {busy_timeout:g} s "
            "(is another Canal Heritage server running on it?). Stop that program and start again; "
            "nothing was changed.")


def not_ours_message(shown: str) -> str:
    return (f"{shown} is not a Canal Heritage database (it belongs to another program). "
            f"Choose another file with --db; {LEFT_UNTOUCHED}.")


def damaged_message(shown: str, detail: str) -> str:
    return (f"{shown} is a damaged database ({detail}). Restore it from a backup, or choose another "
            f"file with --db; {LEFT_UNTOUCHED}.")


def newer_message(shown: str, revision: str) -> str:
    head, _ = revisions()
    return (f"{shown} was written by a newer version of Canal Heritage (its database revision is "
            f"{revision!r}; this version knows up to {head!r}). Install the newer version again, or "
            f"choose another file with --db; {LEFT_UNTOUCHED}.")


def is_locked(exc: BaseException) -> bool:
    """Whether an SQLite error says the database is busy or locked by another connection."""
    orig = getattr(exc, "orig", exc)
    name = getattr(orig, "sqlite_errorname", "")
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in str(orig)


def first_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", exc)
    return (str(orig).strip().splitlines() or [type(orig).__name__])[0]


def store_error(exc: BaseException, target: Target, busy_timeout: float) -> StoreError:
    """A database error said as a :class:`StoreError` (locked, read-only, full, unreachable...)."""
    detail = first_line(exc)
    if target.sqlite:
        if is_locked(exc):
            return StoreError(locked_message(target.shown, busy_timeout))
        if "readonly" in detail or "read-only" in detail:
            return StoreError(f"{target.shown} cannot be written (the file or its folder is read-only). "
                              "Give Canal Heritage write access, or choose another file with --db.")
        if "disk is full" in detail:
            return StoreError(f"{target.shown} cannot be written: the disk is full. Free some space and "
                              "start again.")
        if "malformed" in detail or "not a database" in detail:
            return StoreError(damaged_message(target.shown, detail))
    return StoreError(f"The database {target.shown} failed: {detail}.")


def check_sqlite_file(target: Target, busy_timeout: float) -> Found:
    """Look at an SQLite file without changing it: refuse it unless it is missing, empty or ours.

    The file is opened read-only. Refused: a folder, an unreadable file, a file that is not
    SQLite, a damaged one (``PRAGMA quick_check``), another program's (tables without our
    ``application_id``), one written by a newer version (an unknown revision), and one locked
    by another connection for longer than ``busy_timeout`` seconds.

    Raises:
        StoreError: saying which, and that the file was left untouched.
    """
    path = target.path
    assert path is not None
    shown = target.shown
    if not path.exists():
        if not path.parent.is_dir() and not target.default_location:
            raise StoreError(f"The folder {path.parent} does not exist. Create it first, or choose another "
                             "file with --db.")
        if path.parent.is_dir() and not os.access(path.parent, os.W_OK):
            raise StoreError(f"{shown} cannot be made: the folder {path.parent} is read-only. Give Canal Heritage "
                             "write access to it, or choose another file with --db.")
        return Found(new=True)
    if path.is_dir():
        raise StoreError(f"{shown} is a folder, not a database file. Choose a file with --db.")
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise StoreError(f"{shown} cannot be read ({exc.strerror}). Choose another file with --db, "
                         "or give Canal Heritage access to it.") from None
    if not head:
        return Found(new=True)  # an empty file is an empty SQLite database
    if head != SQLITE_MAGIC:
        raise StoreError(f"{shown} is not a database file (it is not SQLite). Choose another file with --db; "
                         f"{LEFT_UNTOUCHED}.")
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        # the file, or the folder where SQLite keeps its journal beside it, cannot be written: said
        # as such (opening it would fail as "unable to open", which is no sign of damage)
        raise StoreError(f"{shown} cannot be written (the file or its folder is read-only). Give Canal Heritage "
                         f"write access, or choose another file with --db; {LEFT_UNTOUCHED}.")
    try:
        con = sqlite3.connect(path.as_uri() + "?mode=ro", uri=True, timeout=busy_timeout)
    except sqlite3.Error as exc:
        raise StoreError(f"{shown} cannot be opened ({first_line(exc)}). Choose another file with --db; "
                         f"{LEFT_UNTOUCHED}.") from None
    try:
        check = [row[0] for row in con.execute("PRAGMA quick_check")]
        if check != ["ok"]:
            raise StoreError(damaged_message(shown, f"its integrity check found: {check[0]}"))
        application_id = con.execute("PRAGMA application_id").fetchone()[0]
        tables = {row[0] for row in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
        revision = None
        if "alembic_version" in tables:
            row = con.execute("SELECT version_num FROM alembic_version").fetchone()
            revision = row[0] if row else None
    except sqlite3.Error as exc:
        if is_locked(exc):
            raise StoreError(locked_message(shown, busy_timeout)) from None
        raise StoreError(damaged_message(shown, first_line(exc))) from None
    finally:
        con.close()
    if application_id == APPLICATION_ID:
        return checked_revision(shown, revision)
    if application_id == 0 and not tables:
        return Found(new=True)  # an empty SQLite database
    raise StoreError(not_ours_message(shown))


def checked_revision(shown: str, revision: str | None) -> Found:
    """A database of ours at ``revision``, refused if a newer version of the program wrote it."""
    _, known = revisions()
    if revision is not None and revision not in known:
        raise StoreError(newer_message(shown, revision))
    return Found(new=False, revision=revision)


def check_server(engine: Engine, target: Target) -> Found:
    """Look at a server's database (PostgreSQL): empty, ours, or refused like a file."""
    with engine.connect() as conn:
        tables = set(inspect(conn).get_table_names())
        revision = None
        if "alembic_version" in tables:
            revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    if not tables:
        return Found(new=True)
    if "alembic_version" not in tables or not tables & OUR_TABLES:
        raise StoreError(not_ours_message(target.shown))
    return checked_revision(target.shown, revision)


# --- the engine ----------------------------------------------------------------------------


def create(target: Target, busy_timeout: float) -> Engine:
    """The engine for ``target``; for SQLite, every connection gets WAL, foreign keys, a busy
    timeout and synchronous commits, and SQLAlchemy (not the driver) emits ``BEGIN``: a plain
    ``BEGIN`` to read, ``BEGIN IMMEDIATE`` (the write lock at once) for a write transaction."""
    if not target.sqlite:
        try:
            return create_engine(target.url, pool_pre_ping=True)
        except (ImportError, NoSuchModuleError) as exc:
            raise StoreError(f"Cannot use {target.shown}: its database driver is not installed ({exc}). "
                             "For PostgreSQL, add the driver: uv run --extra postgresql canal-heritage serve ... "
                             "(or pip install 'canal-heritage[postgresql]').") from None
    connect_args: dict[str, Any] = {"timeout": busy_timeout, "check_same_thread": False}
    if target.memory:
        engine = create_engine(target.url, connect_args=connect_args, poolclass=StaticPool)
    else:
        engine = create_engine(target.url, connect_args=connect_args)
    wal = not target.memory

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {round(busy_timeout * 1000)}")
            cursor.execute("PRAGMA foreign_keys = ON")
            if wal:
                to_wal(cursor, busy_timeout)
            cursor.execute("PRAGMA synchronous = FULL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE_OPTION) else "BEGIN")

    return engine


def to_wal(cursor: Any, wait: float) -> None:
    """Put the file in WAL mode, trying again for up to ``wait`` seconds while it is locked.

    SQLite's busy timeout does not cover this pragma: on a new file that another server is
    switching to WAL at the same moment, it answers "locked" at once.
    """
    deadline = time.monotonic() + wait
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if not is_locked(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


def writer(engine: Engine) -> Engine:
    """The same engine (one pool), whose transactions are write transactions."""
    return engine.execution_options(**{WRITE_OPTION: True})


def open_engine(target: Target, *, migrate: bool = True, busy_timeout: float = BUSY_TIMEOUT) -> Engine:
    """Check the database, then open it and bring its schema to the newest revision.

    Nothing is written to a database that is refused. A new SQLite file is created (with its
    folder when it is the default location), marked as ours and migrated in one transaction.

    Raises:
        StoreError: the database is refused or cannot be reached; the message says why.
    """
    found = Found(new=True)
    if target.path is not None:
        found = check_sqlite_file(target, busy_timeout)
        if found.new and not migrate:
            raise StoreError(f"{target.shown} has no Canal Heritage data yet (it is opened without "
                             "migrations).")
        if target.default_location:
            target.path.parent.mkdir(parents=True, exist_ok=True)
    engine = create(target, busy_timeout)
    try:
        if not target.sqlite:
            found = check_server(engine, target)
        head, _ = revisions()
        if found.new or found.revision != head:
            if not migrate:
                raise StoreError(f"{target.shown} was written by an older version of Canal Heritage and "
                                 "must be upgraded first (open it with migrations).")
            upgrade(engine, target, new=found.new, wait=max(busy_timeout, MIGRATION_WAIT),
                    busy_timeout=busy_timeout)
        elif target.sqlite and not target.memory:
            with writer(engine).begin():
                pass  # the write lock is free (else: locked), and nothing is written
    except StoreError:
        engine.dispose()
        raise
    except (DBAPIError, SQLAlchemyError) as exc:
        engine.dispose()
        if not target.sqlite and isinstance(exc, DBAPIError):
            raise StoreError(f"Cannot use the database {target.shown}: {first_line(exc)}. Check that the "
                             "server is running and that the URL is right.") from None
        raise store_error(exc, target, busy_timeout) from None
    return engine


def upgrade(engine: Engine, target: Target, *, new: bool, wait: float = MIGRATION_WAIT,
            busy_timeout: float = BUSY_TIMEOUT) -> None:
    """Migrate the schema to the newest revision in one transaction (marking a new SQLite file
    as ours in the same transaction; on PostgreSQL, one server process migrates at a time).

    On SQLite, the write lock is awaited for up to ``wait`` seconds, longer than an ordinary
    write (``busy_timeout``, restored afterwards): another server starting on the same new file
    may be creating the tables, and once it has, this one finds them made and changes nothing.

    Raises:
        StoreError: the lock was not free within ``wait`` seconds (said so).
    """
    with writer(engine).connect() as conn:
        if target.sqlite:
            set_busy_timeout(conn, wait)
        try:
            with conn.begin():
                if target.sqlite and new:
                    conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
                if target.url.get_backend_name() == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": APPLICATION_ID})
                from alembic import command

                command.upgrade(alembic_config(conn), "head")
        except (DBAPIError, SQLAlchemyError) as exc:
            if target.sqlite and is_locked(exc):
                raise StoreError(locked_message(target.shown, wait)) from None
            raise
        finally:
            if target.sqlite and not conn.closed:
                set_busy_timeout(conn, busy_timeout)


def set_busy_timeout(conn: Connection, seconds: float) -> None:
    """Set how long this SQLite connection waits for a lock, outside any transaction (so
    without making SQLAlchemy begin one)."""
    dbapi = conn.connection.dbapi_connection
    assert dbapi is not None
    dbapi.execute(f"PRAGMA busy_timeout = {round(seconds * 1000)}")
