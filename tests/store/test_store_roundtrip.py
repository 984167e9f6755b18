"""The store keeps everything a classroom writes, and a room resumes from it after the Store
(or the whole process) stops: on SQLite, and on PostgreSQL when one is available."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from datetime import timedelta
from pathlib import Path

import pytest
from store_helpers import START, Clock

import canal_heritage
from canal_heritage.store import (
    CodeInUse,
    DecisionRecord,
    RoomRecord,
    SeatRecord,
    SeatTaken,
    StaleDecision,
    Store,
    StoreError,
    hash_token,
)

ROOT = Path(canal_heritage.__file__).resolve().parent.parent
TOKEN = hash_token("a token of at least 128 random bits")
OTHER = hash_token("another device's token")
ARRIALA_OPTIONS = {"pace": "step", "bots": ["expert"], "arriala": {"cells": 24, "lock_max": 3}}


def make_room(store: Store, **changes: object) -> RoomRecord:
    args: dict[str, object] = dict(code="K7PM", game="arriala", seed=2**63 - 1, first=1, lang="oc",
                                   options=ARRIALA_OPTIONS,
                                   seats=[("student", None), ("student", None), ("bot", "expert")])
    args.update(changes)
    return store.create_room(**args)  # type: ignore[arg-type]


def test_everything_written_comes_back_and_a_room_resumes_after_a_restart(db_url: str, clock: Clock) -> None:
    store = Store(db_url, clock=clock)
    class_id = store.new_class("5e B")
    assert store.classes() == [(class_id, "5e B", START)]

    clock.advance(minutes=1)
    room = make_room(store, class_session_id=class_id)
    assert len(room.id) == 32 and room.code == "K7PM" and room.status == "open"
    assert (room.game, room.seed, room.first, room.lang) == ("arriala", 2**63 - 1, 1, "oc")
    assert room.options == ARRIALA_OPTIONS
    assert room.class_session_id == class_id and room.kind == "room"
    assert room.created_at == room.updated_at == START + timedelta(minutes=1)
    assert room.ended_at is None and room.result is None and room.decisions == ()
    assert [(s.index, s.kind, s.level, s.name, s.token_hash, s.standin) for s in room.seats] == [
        (0, "student", None, None, None, False), (1, "student", None, None, None, False),
        (2, "bot", "expert", None, None, False)]

    clock.advance(minutes=1)
    store.claim_seat(room.id, 0, token_hash=TOKEN, name="Zoé")
    store.claim_seat(room.id, 1, token_hash=OTHER, name="Ònha")
    with pytest.raises(SeatTaken):
        store.claim_seat(room.id, 0, token_hash=OTHER, name="Intruder")
    with pytest.raises(SeatTaken):
        store.claim_seat(room.id, 2, token_hash=TOKEN, name="Zoé")
    store.claim_seat(room.id, 0, token_hash=TOKEN, name="Zoé L.")  # the same device again: a new name
    with pytest.raises(ValueError, match="never the token itself"):
        store.claim_seat(room.id, 1, token_hash="the-raw-token", name="Zoé")

    store.append_decision(room.id, 0, 1, "move 3 12")
    clock.advance(seconds=30)
    store.append_decision(room.id, 1, 2, "dig 12", by_bot=True, explanation={"reason": "majority", "gain": [2, 1]})
    store.append_decision(room.id, 2, 0, "end")
    store.truncate_decisions(room.id, 2)  # the teacher's undo
    store.append_decision(room.id, 2, 0, "pass")
    clock.advance(seconds=10)
    store.touch_seat(room.id, 1)
    store.set_standin(room.id, 1, True, level="heuristic")
    store.log_refusal("seat 0's token is forged", room_id=room.id, client="c-1f3a")

    before = store.room(room.id)
    assert before is not None
    assert before.seats[0] == SeatRecord(0, "student", None, "Zoé L.", TOKEN, False, START + timedelta(minutes=2))
    assert before.seats[1] == SeatRecord(1, "student", "heuristic", "Ònha", OTHER, True,
                                         START + timedelta(minutes=2, seconds=40))
    assert before.decisions == (
        DecisionRecord(0, 1, "move 3 12", False, None, START + timedelta(minutes=2)),
        DecisionRecord(1, 2, "dig 12", True, {"reason": "majority", "gain": [2, 1]},
                       START + timedelta(minutes=2, seconds=30)),
        DecisionRecord(2, 0, "pass", False, None, START + timedelta(minutes=2, seconds=30)),
    )
    assert before.updated_at == START + timedelta(minutes=2, seconds=40)
    assert all(d.at.tzinfo is not None and d.at.utcoffset() == timedelta(0) for d in before.decisions)
    assert store.room_by_code("K7PM") == before
    assert store.live_rooms() == [before] == store.live_rooms("room")
    assert store.live_rooms("kiosk") == []
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.room(room.id)

    again = Store(db_url, clock=clock)  # a restart: the room resumes where it was
    assert again.live_rooms() == [before]
    assert again.classes() == [(class_id, "5e B", START)]
    assert again.refusals(room.id) == [(START + timedelta(minutes=2, seconds=40), "seat 0's token is forged", "c-1f3a")]
    again.append_decision(room.id, 3, 1, "end")  # the game goes on from decision 3
    with pytest.raises(StaleDecision):
        again.append_decision(room.id, 3, 1, "end")

    again.set_standin(room.id, 1, False)
    again.free_seat(room.id, 0)
    seats = again.room(room.id).seats  # type: ignore[union-attr]
    assert (seats[0].name, seats[0].token_hash, seats[0].last_seen) == (None, None, None)
    assert (seats[1].standin, seats[1].level, seats[1].name) == (False, None, "Ònha")
    again.claim_seat(room.id, 0, token_hash=OTHER, name="Théo")  # a freed seat can be taken by another device

    clock.advance(minutes=20)
    result = {"totals": [31, 27, 40], "winners": [2],
              "breakdown": [{"sections": 31}, {"sections": 27}, {"sections": 40}],
              "built": [["Grisolles"], [], ["Valence d'Agen", "Moissac"]]}
    again.finish_room(room.id, result)
    over = again.room(room.id)
    assert over is not None and over.status == "over" and over.result == result
    assert over.ended_at == START + timedelta(minutes=22, seconds=40)
    assert again.live_rooms() == [] and again.room_by_code("K7PM") is None
    with pytest.raises(StoreError, match="no more decisions"):
        again.append_decision(room.id, 4, 0, "end")
    assert again.results(class_id) == [over] == again.results()
    again.close()


def test_room_codes_are_unique_among_rooms_not_closed(db_url: str, clock: Clock) -> None:
    with Store(db_url, clock=clock) as store:
        first = make_room(store)
        with pytest.raises(CodeInUse):
            make_room(store)
        store.finish_room(first.id, {"totals": [1, 2, 3], "winners": [2]})
        with pytest.raises(CodeInUse):  # a room that is over keeps its code until it is closed
            make_room(store)
        store.set_status(first.id, "closed")
        closed = store.room(first.id)
        assert closed is not None and closed.status == "closed" and closed.ended_at is not None
        second = make_room(store, game="midi", seats=[("student", None), ("bot", "random")], first=None)
        assert store.room_by_code("K7PM") == second
        with pytest.raises(CodeInUse):  # the closed room cannot take its code back
            store.set_status(first.id, "open")
        with pytest.raises(StoreError, match="already exists"):
            make_room(store, code="OTHR", room_id=second.id)
        with pytest.raises(StoreError, match="no class session 99"):
            make_room(store, code="NEW1", class_session_id=99)


def test_room_kinds_and_reopening(db_url: str, clock: Clock) -> None:
    with Store(db_url, clock=clock) as store:
        kiosk = make_room(store, code="KIOSK1", kind="kiosk")
        visitor = make_room(store, code="VIS1", kind="visitor", seats=[("student", None), ("bot", "expert")], first=0)
        assert [r.id for r in store.live_rooms("kiosk")] == [kiosk.id]
        assert [r.id for r in store.live_rooms("visitor")] == [visitor.id]
        store.finish_room(visitor.id, {"totals": [3, 5], "winners": [1]})
        assert store.results() == []  # kiosk and visitor games are not a class's results
        store.set_status(visitor.id, "open")  # e.g. an undo after the end
        reopened = store.room(visitor.id)
        assert reopened is not None and (reopened.status, reopened.ended_at, reopened.result) == ("open", None, None)


def test_arguments_out_of_range_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    with Store(tmp_path / "c.db") as store:
        with pytest.raises(ValueError, match="64 signed bits"):
            make_room(store, seed=2**64 - 1)
        with pytest.raises(ValueError, match="game"):
            make_room(store, game="chess")
        with pytest.raises(ValueError, match="first"):
            make_room(store, first=3)
        with pytest.raises(ValueError, match="JSON"):
            make_room(store, options={"when": object()})
        with pytest.raises(ValueError, match="label"):
            store.new_class("x" * 81)
        room = make_room(store)
        with pytest.raises(ValueError, match="24"):
            store.claim_seat(room.id, 0, token_hash=TOKEN, name="A" * 25)
        with pytest.raises(StoreError, match="no seat 7"):
            store.touch_seat(room.id, 7)
        with pytest.raises(StoreError, match="no room"):
            store.append_decision("nope", 0, 0, "end")
        assert store.live_rooms() == [room] and store.classes() == []


def test_an_ip_address_is_never_stored_and_long_reasons_are_cut(tmp_path: Path) -> None:
    with Store(tmp_path / "c.db") as store:
        store.log_refusal("join attempts over the limit", client="192.168.1.23")
        store.log_refusal("x" * 500, room_id="forged-" * 10, client="2001:db8::1")
        store.log_refusal("stale token", client="127.0.0.1:50312")
        store.log_refusal("stale token", client="ws://[2001:db8::7]:5006/room")
        store.log_refusal("stale token", client="c-9f2e")
        (_, reason1, client1), (_, reason2, client2), *others = store.refusals()
    assert reason1 == "join attempts over the limit" and len(reason2) == 200
    assert "192.168" not in client1 and client1.startswith("ip-")
    assert "2001" not in client2 and client2 != client1
    assert [c.startswith("ip-") for _, _, c in others] == [True, True, False]
    raw = (tmp_path / "c.db").read_bytes()  # closed: everything is in the file
    assert all(ip not in raw for ip in [b"192.168.1.23", b"2001:db8", b"127.0.0.1"]) and b"c-9f2e" in raw


def test_an_in_memory_database_works_for_quick_tests() -> None:
    with Store("sqlite://") as store:
        room = make_room(store)
        store.append_decision(room.id, 0, 1, "end")
        assert [d.action for d in store.live_rooms()[0].decisions] == ["end"]
        assert store.path is None


KILLED_WRITER = """
import os, signal, sys
from canal_heritage.store import Store, hash_token
store = Store(sys.argv[1])
room = store.create_room(code="KILL", game="midi", seed=7, first=0, lang="fr", options={},
                         seats=[("student", None), ("student", None)])
store.claim_seat(room.id, 0, token_hash=hash_token("tablet"), name="Léa")
for n in range(25):
    store.append_decision(room.id, n, n % 2, f"bid {n}")
print(room.id, flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # no close, no clean-up: as if the server were killed
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_killed_process_loses_nothing_it_wrote(tmp_path: Path) -> None:
    db = tmp_path / "classroom.db"
    run = subprocess.run([sys.executable, "-c", textwrap.dedent(KILLED_WRITER), str(db)], capture_output=True,
                         text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == -signal.SIGKILL, run.stderr
    assert Path(f"{db}-wal").exists()  # killed before the log was folded back into the file
    room_id = run.stdout.strip()
    with Store(db) as store:
        (room,) = store.live_rooms()
        assert room.id == room_id
        assert [d.action for d in room.decisions] == [f"bid {n}" for n in range(25)]
        assert (room.seats[0].name, room.seats[0].token_hash) == ("Léa", hash_token("tablet"))
        store.append_decision(room_id, 25, 1, "bid 25")
