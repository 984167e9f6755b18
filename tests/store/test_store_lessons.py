"""The lessons' class results in the store (issue 15): answers, games and simulations kept per
class and nickname, gone with "forget this class" and after the retention period, and kept
through the upgrade that added them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine
from store_helpers import Clock

from canal_heritage.store import Store, StoreError
from canal_heritage.store.database import alembic_config


def test_answers_games_and_simulations_are_kept_per_class(db_url: str, clock: Clock) -> None:
    with Store(db_url, clock=clock) as store:
        a = store.class_by_label("5e B")
        assert store.class_by_label("  5E   b ") == a  # the same class however the name is typed
        b = store.class_by_label("5e C")
        assert store.class_by_label("4e A", create=False) is None
        store.record_lesson(a, "Léa & Tom", 1, "answer", "order_events", {"given": "B D E A C", "status": "right"})
        clock.advance(minutes=1)
        store.record_lesson(a, "Zoé", 6, "game", "arriala", {"score": 31, "bot": 28, "won": True})
        store.record_lesson(b, "Max", 7, "simulation", "A-D", {"games": 20, "built": 116, "sites": 180})
        got = store.lesson_records(a)
        assert [(r.nickname, r.lesson, r.kind, r.key) for r in got] == [
            ("Léa & Tom", 1, "answer", "order_events"), ("Zoé", 6, "game", "arriala")]
        assert got[0].payload == {"given": "B D E A C", "status": "right"} and got[0].at < got[1].at
        assert [r.key for r in store.lesson_records(a, lesson=6)] == ["arriala"]
        assert [r.nickname for r in store.lesson_records(b, kind="simulation")] == ["Max"]


@pytest.mark.parametrize("nickname, lesson, kind, key, payload, message", [
    ("", 1, "answer", "q", {}, "nickname"),
    ("x" * 25, 1, "answer", "q", {}, "nickname"),
    ("Léa", 100, "answer", "q", {}, "a lesson is a number"),
    ("Léa", 1, "essay", "q", {}, "kind"),
    ("Léa", 1, "answer", "", {}, "key"),
    ("Léa", 1, "answer", "q", {"x": float("nan")}, "JSON"),
    ("Léa", 1, "answer", "q", {"x": "y" * 5000}, "at most"),
])
def test_a_bad_record_is_refused_and_nothing_is_written(tmp_path: Path, nickname: str, lesson: int, kind: str,
                                                        key: str, payload: dict, message: str) -> None:
    with Store(tmp_path / "c.db") as store:
        cid = store.new_class("5e B")
        with pytest.raises(ValueError, match=message):
            store.record_lesson(cid, nickname, lesson, kind, key, payload)
        with pytest.raises(StoreError, match="no class session"):
            store.record_lesson(cid + 1, "Léa", 1, "answer", "q", {})
        assert store.lesson_records(cid) == []


def test_forgetting_a_class_and_the_retention_take_its_lesson_records(tmp_path: Path, clock: Clock) -> None:
    with Store(tmp_path / "c.db", clock=clock) as store:
        a, b = store.new_class("5e B"), store.new_class("5e C")
        store.record_lesson(a, "Léa", 1, "answer", "q1", {"status": "right"})
        store.record_lesson(b, "Max", 1, "answer", "q1", {"status": "wrong"})
        assert store.forget_class(a) == 0  # no rooms, but its lesson records go
        assert store.lesson_records(a) == [] and len(store.lesson_records(b)) == 1
        clock.advance(days=200)
        store.record_lesson(b, "Max", 2, "answer", "q2", {"status": "right"})
        clock.advance(days=200)  # the first record is 400 days old, the second 200
        store.purge(older_than_days=365)
        assert [r.key for r in store.lesson_records(b)] == ["q2"]
        assert b in {cid for cid, _, _ in store.classes()}  # a class with records is kept
        clock.advance(days=400)
        store.purge(older_than_days=365)
        assert store.lesson_records(b) == [] and store.classes() == []


def test_the_upgrade_that_adds_lesson_records_keeps_a_class(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    with Store(path) as store:
        cid = store.new_class("5e B")
        room = store.create_room(code="K7QX", game="midi", seed=3, first=0, lang="fr", options={},
                                 seats=[("student", None), ("bot", "expert")], class_session_id=cid)
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), "0001")  # as the database was before this issue
    finally:
        engine.dispose()
    con = sqlite3.connect(path)
    try:
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [("0001",)]
        assert "lesson_records" not in {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
    finally:
        con.close()
    with Store(path) as store:  # opening it upgrades it, and the class and its room are still there
        assert [label for _, label, _ in store.classes()] == ["5e B"]
        assert store.room(room.id) is not None
        store.record_lesson(cid, "Léa", 1, "answer", "q", {"status": "right"})
        assert len(store.lesson_records(cid)) == 1
