"""A server killed in the middle of a game (issue 14): the room comes back from the store.

A child Python process plays a room as a server would (an SQLite file in ``tmp_path``, two
students and, for Canal du Midi, a random bot), one random legal decision after another. Once
it has written some decisions, the test kills it with SIGKILL: no ``finally``, no
``Store.close``, the write-ahead log left as it was. A new store on the same file must then
open without complaint, and :meth:`Hub.resume` must bring the room back with the same code,
at the decision the database holds, in the state a fresh replay of those decisions gives;
the students' tokens must find their seats again, and the game must play on to its result.

Every decision is committed before it is played, so a decision cut off by the kill is either
wholly in the database or not in it at all: the decisions are numbered without gaps and each
one is legal where it stands.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from canal_heritage.arriala import ArrialaGame
from canal_heritage.midi import MidiGame
from canal_heritage.rooms.hub import Hub
from canal_heritage.rooms.room import Refusal, Room
from canal_heritage.store import Store

#: Decisions the child must have written before it is killed (a game has many more).
KILL_AFTER = 12
#: Seconds to wait for the child to start, join and play that far.
START_TIMEOUT = 30.0

#: A few decisions past ``KILL_AFTER``, the child starts waiting this long between its
#: students' decisions: the kill usually comes while it plays at full speed (writing), and a
#: slow machine still cannot let it reach the end of the game first.
PACE_FROM, PACE = KILL_AFTER + 4, 0.05

#: The child: a server's room, played until it is killed. It reports what it has played in a
#: progress file, replaced whole after each decision (never half written).
CHILD = r'''
import asyncio, json, os, random, sys

from canal_heritage.rooms.hub import Hub, RoomPlan, SeatPlan
from canal_heritage.store import Store

db, game, seed, info_path, progress_path, pace_from, pace = sys.argv[1:8]
SEATS = {"midi": (SeatPlan("student"), SeatPlan("student"), SeatPlan("bot", "random")),
         "arriala": (SeatPlan("student"), SeatPlan("student"))}


def write(path, data):
    with open(path + ".part", "w", encoding="utf-8") as f:
        json.dump(data, f)
    os.replace(path + ".part", path)


async def settle(room):
    while True:
        task = room._bot_task
        if task is not None and not task.done():
            await asyncio.sleep(0.001)
            continue
        m = room.match
        if m.over or not m.is_bot_turn():
            return
        room.kick_bots()
        await asyncio.sleep(0)


async def main():
    store = Store(db)
    hub = Hub(store)
    room = hub.create(RoomPlan(game, SEATS[game], lang="en", pace=0, seed=int(seed), first=0))
    tokens = {}
    for seat, name in ((0, "Ana"), (1, "Bo")):
        out = await hub.join(room.code, seat, name, client=f"device-{seat}")
        assert out.ok, out
        tokens[seat] = out.token
    write(info_path, {"id": room.id, "code": room.code, "tokens": tokens})
    rng = random.Random(int(seed))
    while True:
        await settle(room)
        m = room.match
        if m.over:
            write(progress_path, {"decisions": room.decisions, "history": list(m.state.history), "over": True})
            await asyncio.sleep(3600)  # the test kills it (and fails: the game should not be over)
        seat = m.to_move
        out = await room.submit(tokens[seat], seat, rng.choice(m.state.legal_actions()), room.decisions)
        assert out.ok, out
        write(progress_path, {"decisions": room.decisions, "history": list(m.state.history), "over": False})
        if room.decisions >= int(pace_from):
            await asyncio.sleep(float(pace))


asyncio.run(main())
'''

GAMES: dict[str, Callable[[], Any]] = {"midi": lambda: MidiGame(3), "arriala": lambda: ArrialaGame(2)}


def read_json(path: Path) -> dict[str, Any] | None:
    """A file the child replaces whole, or None while it does not exist yet."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None


def child_failed(proc: subprocess.Popen[bytes], log: Path, what: str) -> AssertionError:
    return AssertionError(f"{what} (child exit code {proc.poll()}); its output:\n"
                          + log.read_text(encoding="utf-8", errors="replace")[-3000:])


def play_and_kill(tmp_path: Path, db: Path, game: str, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Run the child until it has written ``KILL_AFTER`` decisions, then SIGKILL it in the
    middle of play. Returns the room it made (id, code, tokens) and its last progress report."""
    script, info, progress, log = (tmp_path / n for n in ("child.py", "room.json", "progress.json", "child.log"))
    script.write_text(CHILD, encoding="utf-8")
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, str(script), str(db), game, str(seed), str(info), str(progress),
                                 str(PACE_FROM), str(PACE)],
                                stdout=out, stderr=subprocess.STDOUT, cwd=Path(__file__).resolve().parents[2])
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            report = read_json(progress)
            if report is not None and report["decisions"] >= KILL_AFTER:
                break
            if proc.poll() is not None:
                raise child_failed(proc, log, "the child stopped before it was killed")
            if time.monotonic() > deadline:
                raise child_failed(proc, log, f"the child did not write {KILL_AFTER} decisions in {START_TIMEOUT:g} s")
            time.sleep(0.005)
        assert proc.poll() is None, "the child must still be playing when it is killed"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL, f"the child ended with {proc.returncode}, not by SIGKILL"
    room, last = read_json(info), read_json(progress)
    assert room is not None and last is not None
    assert not last["over"], "the game ended before the kill: the test did not cut a game in progress"
    return room, last


async def settle(room: Room) -> None:
    """Let the room's bots play until a student must act (or the game ends)."""
    for _ in range(5000):
        task = room._bot_task
        if task is not None and not task.done():
            await asyncio.sleep(0.002)
            continue
        m = room.match
        if m.over or not m.is_bot_turn():
            return
        room.kick_bots()
        await asyncio.sleep(0)
    raise AssertionError("the bots did not finish their turn")


async def play_to_the_end(room: Room, tokens: dict[int, str], rng: random.Random, limit: int = 3000) -> None:
    for _ in range(limit):
        await settle(room)
        m = room.match
        if m.over:
            return
        seat = m.to_move
        out = await room.submit(tokens[seat], seat, rng.choice(m.state.legal_actions()), room.decisions)
        assert out.ok, out
    raise AssertionError(f"the game did not end within {limit} decisions")


@pytest.mark.parametrize("game,seed", [("midi", 4), ("arriala", 9)])
def test_a_room_killed_mid_game_resumes_at_the_decision_the_database_holds(tmp_path: Path, game: str,
                                                                           seed: int) -> None:
    db = tmp_path / "class.db"
    made, last = play_and_kill(tmp_path, db, game, seed)
    tokens = {int(seat): token for seat, token in made["tokens"].items()}

    # the file was left as the kill left it: it opens, and SQLite finds nothing damaged
    store = Store(db)  # a damaged or half-written file would raise StoreError here
    try:
        with closing(sqlite3.connect(db)) as con:
            assert [row[0] for row in con.execute("PRAGMA integrity_check")] == ["ok"]
        record = store.room(made["id"])
        assert record is not None and record.status == "open" and record.code == made["code"]
        held = len(record.decisions)
        # numbered without gaps: a decision cut off by the kill is not there at all
        assert [d.number for d in record.decisions] == list(range(held))
        # everything the child reported as played was written before it was played
        assert held >= last["decisions"] >= KILL_AFTER

        # a fresh replay of the stored decisions: each one legal where it stands
        engine = GAMES[game]()
        state = engine.new_initial_state(record.seed, first=record.first)
        for d in record.decisions:
            action = engine.action_from_text(d.action)
            assert d.seat == state.current_player(), f"decision {d.number} is not the seat to move's"
            assert action in state.legal_actions(), f"decision {d.number} ({d.action}) is not legal there"
            state.apply_action(action)
        assert state.history[:len(last["history"])] == last["history"]  # what the child had shown

        # the room comes back: same code, the decisions the database holds, the replayed state
        hub = Hub(store)
        [back] = hub.resume()
        assert back.id == made["id"] and back.code == made["code"]
        again = store.room(back.id)  # resuming wrote nothing: the database still holds the same decisions
        assert again is not None and back.decisions == held == len(again.decisions)
        assert back.match.state.history == state.history
        assert hub.find(made["code"].lower()) is back  # the code still finds it

        # the students' devices come back with the tokens they kept; another token does not
        assert back.rejoin(tokens[0]).seat == 0 and back.rejoin(tokens[1]).seat == 1
        found, out = hub.rejoin(made["code"], tokens[1], client="device-1")
        assert found is back and out.ok and out.seat == 1
        wrong = tokens[0][:-1] + ("B" if tokens[0].endswith("A") else "A")  # one character off
        assert back.rejoin(wrong).refusal is Refusal.BAD_TOKEN and back.rejoin(wrong).seat is None
        assert back.rejoin(None).refusal is Refusal.BAD_TOKEN

        # and the game goes on to its end, with its result written
        # a loop of its own, in a thread: Playwright's sync API may hold this thread's loop
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, play_to_the_end(back, tokens, random.Random(seed + 1))).result()
        final = store.room(back.id)
        assert final is not None and final.result is not None
        assert back.match.over and final.status == "over" and final.ended_at is not None
        assert len(final.decisions) == back.decisions > held
        sheet = back.match.score_sheet()
        assert final.result["totals"] == list(sheet.totals)
        assert final.result["winners"] == list(sheet.winners) and final.result["winners"]
        assert [s.name for s in final.seats][:2] == ["Ana", "Bo"]
        hub.io.shutdown(wait=True)
    finally:
        store.close()

    # the store kept each token's hash, never the token itself
    kept = b"".join(p.read_bytes() for p in tmp_path.glob("class.db*"))
    assert all(token.encode() not in kept for token in tokens.values())
