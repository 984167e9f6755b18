"""Several writers on one database: a decision's number is written once, with no gaps, whoever
writes it (two Store objects, several threads); a write waits for another writer only up to
the busy timeout, and reading never waits."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from canal_heritage.store import SeatTaken, StaleDecision, Store, StoreError, hash_token


def new_room(store: Store, code: str = "TWO1") -> str:
    return store.create_room(code=code, game="midi", seed=11, first=0, lang="en", options={},
                             seats=[("student", None), ("student", None)]).id


def test_two_writers_on_one_database_cannot_both_write_a_decision(db_url: str) -> None:
    with Store(db_url) as first, Store(db_url) as second:
        room_id = new_room(first)
        first.append_decision(room_id, 0, 0, "bid 1")
        with pytest.raises(StaleDecision, match="already written"):
            second.append_decision(room_id, 0, 1, "bid 2")  # the other writer was first
        with pytest.raises(StaleDecision, match="not the next one"):
            second.append_decision(room_id, 2, 1, "bid 2")  # a gap
        second.append_decision(room_id, 1, 1, "bid 2")
        with pytest.raises(StaleDecision):
            first.append_decision(room_id, 1, 0, "bid 3")
        first.claim_seat(room_id, 0, token_hash=hash_token("one"), name="Ana")
        with pytest.raises(SeatTaken):
            second.claim_seat(room_id, 0, token_hash=hash_token("two"), name="Ben")
        room = first.room(room_id)
        assert room == second.room(room_id)
        assert room is not None and [(d.number, d.seat, d.action) for d in room.decisions] == [
            (0, 0, "bid 1"), (1, 1, "bid 2")]


def test_threads_racing_for_the_same_decisions_write_each_number_once(db_url: str) -> None:
    store = Store(db_url)
    rooms = [new_room(store, f"R{n}") for n in range(2)]
    decisions = 40
    written: list[tuple[str, int]] = []
    failures: list[BaseException] = []
    lock = threading.Lock()

    def play(thread: int) -> None:
        try:
            for number in range(decisions):
                for room_id in rooms:
                    try:
                        store.append_decision(room_id, number, thread % 2, f"by thread {thread}")
                    except StaleDecision:
                        continue
                    with lock:
                        written.append((room_id, number))
        except BaseException as exc:  # reported by the assertion below
            failures.append(exc)

    threads = [threading.Thread(target=play, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    assert sorted(written) == sorted((r, n) for r in rooms for n in range(decisions))  # each exactly once
    for room_id in rooms:
        room = store.room(room_id)
        assert room is not None and [d.number for d in room.decisions] == list(range(decisions))
    store.close()


def test_a_write_waits_for_another_writer_only_up_to_the_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    with Store(path, busy_timeout=0.2) as store:
        room_id = new_room(store)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        try:
            with pytest.raises(StoreError, match="is in use"):
                store.append_decision(room_id, 0, 0, "bid 1")
            room = store.room(room_id)  # reading goes on meanwhile
            assert room is not None and room.decisions == ()
        finally:
            other.execute("ROLLBACK")
            other.close()
        store.append_decision(room_id, 0, 0, "bid 1")  # and the write succeeds once it is free
        room = store.room(room_id)
        assert room is not None and [d.action for d in room.decisions] == ["bid 1"]


def test_a_server_starting_while_another_makes_the_tables_waits_longer_than_a_write(tmp_path: Path) -> None:
    """Making the tables of a new file can take longer than the busy timeout on a cold machine:
    a second server starting meanwhile waits for it (up to MIGRATION_WAIT), then finds them made,
    and afterwards its writes wait only the busy timeout again."""
    path = tmp_path / "new.db"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("PRAGMA journal_mode = WAL")
    other.execute("BEGIN IMMEDIATE")  # another server, making the tables
    releaser = threading.Timer(1.0, lambda: other.execute("ROLLBACK"))
    releaser.start()
    try:
        with Store(path, busy_timeout=0.2) as store:  # waits past 0.2 s, and opens
            room_id = new_room(store)
            other.execute("BEGIN IMMEDIATE")
            try:
                with pytest.raises(StoreError, match="is in use.*0.2 s"):
                    store.append_decision(room_id, 0, 0, "bid 1")
            finally:
                other.execute("ROLLBACK")
    finally:
        releaser.join()
        other.close()


def test_servers_starting_at_once_on_a_new_database_make_its_tables_once(db_url: str) -> None:
    """Several servers started together on a new database (behind a proxy): one makes the
    tables, the others wait for it and find them made; none stops with an error."""
    errors: list[BaseException] = []
    ready = threading.Barrier(3)

    def start() -> None:
        ready.wait()
        try:
            Store(db_url).close()
        except BaseException as exc:  # reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    with Store(db_url) as store:
        assert new_room(store)
