"""A database the store must not use is refused with a sentence saying what is wrong and what
to do, and its file is left exactly as it was: not a database, damaged, another program's,
written by a newer version, locked; and the mistakes in naming one."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from store_helpers import files

from canal_heritage.store import Store, StoreError

UNTOUCHED = "this one was left untouched"


def our_database(path: Path, decisions: int = 3) -> None:
    """A Canal Heritage database with a room and some decisions, closed."""
    with Store(path) as store:
        room = store.create_room(code="ABCD", game="midi", seed=1, first=0, lang="fr", options={},
                                 seats=[("student", None), ("bot", "expert")])
        for n in range(decisions):
            store.append_decision(room.id, n, n % 2, f"bid {n}", explanation={"why": "é" * 150})


def refused(path: Path, **kwargs: float) -> str:
    """The message of the StoreError that refuses ``path``, checking that no file changed."""
    before = files(path.parent)
    with pytest.raises(StoreError) as err:
        Store(path, **kwargs)  # type: ignore[arg-type]
    after = files(path.parent)
    assert after[path.name] == before[path.name], "the refused file was changed"
    return str(err.value)


@pytest.mark.parametrize("content", [
    "Classe de 5e B : Zoé, Théo, Léa\n".encode(),
    b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8,
])
def test_a_file_that_is_not_a_database(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "eleves.txt"
    path.write_bytes(content)
    message = refused(path)
    assert "is not a database file" in message and "--db" in message and UNTOUCHED in message
    assert str(path) in message
    assert [p.name for p in tmp_path.iterdir()] == ["eleves.txt"]  # no journal or WAL files left beside it


def test_a_damaged_database(tmp_path: Path) -> None:
    path = tmp_path / "classroom.db"
    our_database(path, decisions=300)
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    pages = len(data) // page_size
    assert pages >= 10
    middle = pages // 2 * page_size
    data[middle:middle + page_size] = bytes([0xA5]) * page_size  # one page in the middle scrambled
    path.write_bytes(bytes(data))
    message = refused(path)
    assert "is a damaged database" in message and "backup" in message and UNTOUCHED in message


def test_a_database_with_a_damaged_header_page(tmp_path: Path) -> None:
    path = tmp_path / "classroom.db"
    our_database(path)
    data = bytearray(path.read_bytes())
    data[16:100] = bytes([0xFF]) * 84  # the page size and the rest of the header
    path.write_bytes(bytes(data))
    message = refused(path)
    assert "is a damaged database" in message and UNTOUCHED in message


@pytest.mark.parametrize("application_id", [0, 0x12345678])
def test_another_programs_database(tmp_path: Path, application_id: int) -> None:
    path = tmp_path / "notes.sqlite"
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA application_id = {application_id}")
    if application_id == 0:
        con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        con.execute("INSERT INTO notes (text) VALUES ('ne pas effacer')")
    con.commit()
    con.close()
    message = refused(path)
    assert "is not a Canal Heritage database (it belongs to another program)" in message
    assert "Choose another file with --db" in message and UNTOUCHED in message
    assert [p.name for p in tmp_path.iterdir()] == ["notes.sqlite"]


def test_a_database_written_by_a_newer_version(tmp_path: Path) -> None:
    path = tmp_path / "classroom.db"
    our_database(path)
    con = sqlite3.connect(path)
    con.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
    con.commit()
    con.close()
    message = refused(path)
    assert "newer version of Canal Heritage" in message and "'0099_from_the_future'" in message
    assert UNTOUCHED in message


@pytest.mark.parametrize("journal_mode", ["wal", "delete"])
def test_a_database_locked_by_another_program(tmp_path: Path, journal_mode: str) -> None:
    path = tmp_path / "classroom.db"
    our_database(path)
    con = sqlite3.connect(path, isolation_level=None)
    assert con.execute(f"PRAGMA journal_mode = {journal_mode}").fetchone() == (journal_mode,)
    con.close()
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        message = refused(path, busy_timeout=0.2)
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert "is in use" in message and "0.2 s" in message and "nothing was changed" in message
    with Store(path) as store:  # once the other program lets go, it opens
        assert [r.code for r in store.live_rooms()] == ["ABCD"]


def test_a_folder_or_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder, not a database file"):
        Store(tmp_path)
    with pytest.raises(StoreError, match="does not exist"):
        Store(tmp_path / "nowhere" / "classroom.db")
    assert not (tmp_path / "nowhere").exists()


def test_opening_without_migrations_refuses_a_new_file(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no Canal Heritage data yet"):
        Store(tmp_path / "new.db", migrate=False)
    assert not (tmp_path / "new.db").exists()
    our_database(tmp_path / "ours.db")
    with Store(tmp_path / "ours.db", migrate=False) as store:
        assert len(store.live_rooms()) == 1


@pytest.mark.parametrize(("url", "says"), [
    ("mysql://teacher@127.0.0.1/classes", "SQLite or PostgreSQL, not 'mysql'"),
    ("postgresql+psycopg://teacher:s3cret-pw@127.0.0.1:1/classes", "Check that the server is running"),
])
def test_a_url_that_cannot_be_used(url: str, says: str) -> None:
    with pytest.raises(StoreError) as err:
        Store(url)
    assert says in str(err.value)
    assert "s3cret-pw" not in str(err.value)  # a password is never shown


def _read_only(monkeypatch, *read_only: Path) -> None:
    """These paths cannot be written, as on a read-only share (root writes anywhere, so the test
    says it to the store through ``os.access``)."""
    import os

    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: (False if mode & os.W_OK and Path(p) in read_only
                                                            else real(p, mode, **kw)))


@pytest.mark.parametrize("where", ["file", "folder"])
def test_a_healthy_database_that_cannot_be_written_is_called_read_only_not_damaged(tmp_path, monkeypatch, where):
    path = tmp_path / "classroom.db"
    our_database(path)
    _read_only(monkeypatch, path if where == "file" else tmp_path)
    message = refused(path)
    assert "read-only" in message and "damaged" not in message and "backup" not in message
    assert "--db" in message and UNTOUCHED in message


def test_a_new_database_in_a_read_only_folder_says_so(tmp_path, monkeypatch):
    folder = tmp_path / "share"
    folder.mkdir()
    _read_only(monkeypatch, folder)
    with pytest.raises(StoreError) as err:
        Store(folder / "classroom.db")
    assert f"the folder {folder} is read-only" in str(err.value) and "unable to open" not in str(err.value)
    assert list(folder.iterdir()) == []


def test_a_postgresql_address_without_its_driver_says_how_to_add_it(monkeypatch):
    """The driver is an extra (``canal-heritage[postgresql]``): without it, the message says
    how to add it, and nothing is tried."""
    import sys

    monkeypatch.setitem(sys.modules, "psycopg", None)  # as in an install without the extra
    with pytest.raises(StoreError) as err:
        Store("postgresql+psycopg://teacher@127.0.0.1:1/canal")
    assert "driver is not installed" in str(err.value) and "--extra postgresql" in str(err.value)
