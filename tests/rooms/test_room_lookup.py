"""Finding a room by its code (issue 28, item 2): every look-up of a code by a device is
limited per client and logged with the client's id; only failed guesses count, so a class
behind one school address is never refused; a closed or finished room's code says so; a
code given again to a new open room finds the new room.

Each test runs on a loop of its own with a real store (SQLite in ``tmp_path``), and the hub
writes its log in one thread, so that a task sent after the refusals finds them written."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from canal_heritage.rooms import codes
from canal_heritage.rooms import room as room_module
from canal_heritage.rooms.hub import JOIN_LIMIT, Hub, RoomPlan, SeatPlan
from canal_heritage.rooms.room import Refusal
from canal_heritage.store import Store

FOUR_STUDENTS = tuple(SeatPlan("student") for _ in range(4))
TWO = (SeatPlan("student"), SeatPlan("bot", "random"))


@pytest.fixture
def store(tmp_path):
    s = Store(str(tmp_path / "class.db"))
    yield s
    s.close()


@pytest.fixture
def io():
    pool = ThreadPoolExecutor(1, thread_name_prefix="test-store")
    yield pool
    pool.shutdown(wait=True)


def run(coro):
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def plan(seats=TWO, lang="en") -> RoomPlan:
    return RoomPlan("midi", seats, lang=lang, pace=0, seed=5, first=0)


def logged(hub: Hub) -> list[tuple[str, str]]:
    """The refusals written so far, as (reason, client): the hub's one store thread has written
    every refusal sent before this no-op once the no-op is done."""
    hub.io.submit(lambda: None).result()
    return [(reason, client) for _, reason, client in hub.store.refusals()]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def a_code_no_room_has(hub: Hub, k: int) -> str:
    """The ``k``-th well-formed code that no room of the store has ever had."""
    out = []
    for a in codes.ALPHABET:
        for b in codes.ALPHABET:
            code = "KK" + a + b + "K"
            if hub.store.code_status(code) is None and all(r.code != code for r in hub.rooms.values()):
                out.append(code)
                if len(out) > k:
                    return out[k]
    raise AssertionError("no free code")


def test_wrong_codes_are_limited_per_client_and_logged_with_its_id(store, io):
    async def go():
        clock = Clock()
        hub = Hub(store, io=io, join_limit=5, join_window=60)
        hub.joins = codes.RateLimiter(5, 60, clock=clock)
        room = hub.create(plan())
        outs = [await hub.look_up(a_code_no_room_has(hub, k), client="guesser") for k in range(5)]
        assert all(r is None and o.refusal is Refusal.NO_SUCH_ROOM for r, o in outs)
        assert "No open room has that code" in outs[0][1].message
        # the limit is reached: every look-up of that client is refused, the right code too
        # (otherwise the answer would still tell a hit from a miss)
        for typed in (a_code_no_room_has(hub, 6), room.code):
            found, out = await hub.look_up(typed, client="guesser", lang="fr")
            assert found is None and out.refusal is Refusal.TOO_MANY_TRIES
            assert out.message.startswith("Trop d")
        assert (await hub.join(room.code, 0, "Ana", client="guesser")).refusal is Refusal.TOO_MANY_TRIES
        # another client is not held back
        found, out = await hub.look_up(room.code.lower(), client="someone-else")
        assert found is room and out.ok
        # each refusal is logged with the client's id
        rows = logged(hub)
        assert rows.count(("no such room", "guesser")) == 5
        assert rows.count(("too many join attempts", "guesser")) == 3
        assert all(client for _, client in rows)
        # a minute later the client may try again
        clock.now += 61
        found, out = await hub.look_up(room.code, client="guesser")
        assert found is room and out.ok

    run(go())


def test_text_that_is_not_a_code_is_answered_kindly_and_not_counted(store, io):
    async def go():
        hub = Hub(store, io=io, join_limit=2)
        room = hub.create(plan())
        for typed in ("O0O0O", "", "abc", "K4TXA-EXTRA"):
            found, out = await hub.look_up(typed, client="c1")
            assert found is None and out.refusal is Refusal.NOT_A_CODE
        found, out = await hub.look_up(room.code, client="c1")
        assert found is room and out.ok
        assert logged(hub) == []

    run(go())


def test_a_class_of_32_behind_one_address_is_never_refused(store, io):
    """Eight rooms of four, the whole class behind one school router (one client id): each
    student looks the code up, sits, reloads (comes back with the token); a few mistype the code
    first, and all of them type the code of a room the teacher has just closed."""
    async def go():
        hub = Hub(store, io=io)  # the server's own limit (JOIN_LIMIT a minute)
        school = hub.client("203.0.113.7")
        rooms = [hub.create(plan(FOUR_STUDENTS)) for _ in range(8)]
        old = hub.create(plan())
        await hub.close(old.id)
        tokens = {}
        for n in range(32):
            room = rooms[n // 4]
            if n % 4 == 0:  # one student a table mistypes the code first: 8 misses in all
                typo = a_code_no_room_has(hub, n)
                assert (await hub.look_up(typo, client=school))[1].refusal is Refusal.NO_SUCH_ROOM
            closed = await hub.look_up(old.code, client=school)  # the code still on the board
            assert closed[1].refusal is Refusal.ROOM_CLOSED
            found, out = await hub.look_up(room.code.lower(), client=school)
            assert found is room and out.ok, out.message
            joined = await hub.join(room.code, n % 4, f"Student {n}", client=school)
            assert joined.ok, joined.message
            tokens[n] = joined.token
        for n, token in tokens.items():  # every tablet reloads
            found, back = hub.rejoin(rooms[n // 4].code, token, client=school)
            assert found is rooms[n // 4] and back.ok and back.seat == n % 4
        assert JOIN_LIMIT > 8  # the misses above stay under the limit, the rest never count
        assert not any(r == "too many join attempts" for r, _ in logged(hub))

    run(go())


def test_a_closed_or_finished_rooms_code_says_so(store, io):
    async def go():
        hub = Hub(store, io=io, join_limit=3)
        room = hub.create(plan())
        await hub.close(room.id)
        assert hub.rooms == {}  # a closed room is let go of: the store answers for its code
        for _ in range(5):  # not a guess: never counted toward the limit
            found, out = await hub.look_up(room.code, client="late")
            assert found is None and out.refusal is Refusal.ROOM_CLOSED
        assert out.message == "This room has closed — ask your teacher for the new code."
        fr = await hub.look_up(room.code, client="late", lang="fr")
        assert "demandez le nouveau code" in fr[1].message
        assert (await hub.join(room.code, 0, "Ana", client="late")).refusal is Refusal.ROOM_CLOSED
        assert ("code of a closed room", "late") in logged(hub)
        assert store.refusals(room.id) and all(c == "late" for _, _, c in store.refusals(room.id))
        # a finished game the server no longer holds (after a restart: only open rooms resume)
        over = hub.create(plan())
        store.set_status(over.id, "over")
        again = Hub(store, io=io)
        again.resume()
        found, out = await again.look_up(over.code, client="c2")
        assert found is None and out.refusal is Refusal.ROOM_CLOSED and "has closed" in out.message
        # while the server still holds a finished game, its code shows its end
        held = hub.create(plan())
        held.status = "over"
        found, out = await hub.look_up(held.code, client="c2")
        assert found is held and out.ok

    run(go())


def test_a_code_given_again_to_a_new_open_room_finds_the_new_room(store, io, monkeypatch):
    async def go():
        hub = Hub(store, io=io)
        first = hub.create(plan())
        await hub.close(first.id)
        monkeypatch.setattr(codes, "new_code", lambda taken: first.code)  # the same code drawn again
        second = hub.create(plan())
        assert second.code == first.code and second.id != first.id
        found, out = await hub.look_up(first.code, client="c1")
        assert found is second and out.ok
        assert store.code_status(first.code) == (second.id, "open")
        # another server on the same store (a restart): the store's newest room with the code wins
        after = Hub(store, io=io)
        after.resume()
        found, out = await after.look_up(first.code, client="c1")
        assert found is not None and found.id == second.id
        await after.close(found.id)
        found, out = await after.look_up(first.code, client="c1")
        assert found is None and out.refusal is Refusal.ROOM_CLOSED

    run(go())


def test_a_room_open_in_the_store_but_run_elsewhere_is_not_a_guess(store, io):
    """Behind a proxy, a room open in the store is run by the server its code is pinned to:
    another server that is asked for it (and sends the page on) counts no miss."""
    async def go():
        writer = Hub(store, io=io)
        record = writer.write_room(plan())
        other = Hub(store, io=io, join_limit=1, shared=True, may_adopt=lambda code: False)
        for _ in range(3):
            found, out = await other.look_up(record.code, client="c1")
            assert found is None and out.refusal is Refusal.NO_SUCH_ROOM
        assert logged(other) == []

    run(go())


def test_a_token_that_holds_no_seat_counts_and_is_logged(store, io):
    async def go():
        hub = Hub(store, io=io, join_limit=2)
        room = hub.create(plan())
        ok = await hub.join(room.code, 0, "Ana", client="c1")
        for _ in range(2):
            found, out = hub.rejoin(room.code, "forged-token-000000000000000000000000000", client="forger")
            assert found is room and out.refusal is Refusal.BAD_TOKEN
        found, out = hub.rejoin(room.code, ok.token, client="forger")  # the limit is reached
        assert found is None and out.refusal is Refusal.TOO_MANY_TRIES
        found, out = hub.rejoin(room.code, ok.token, client="c1")
        assert found is room and out.seat == 0
        rows = logged(hub)
        assert rows.count(("unknown token", "forger")) == 2 and ("too many join attempts", "forger") in rows

    run(go())


def test_a_devices_refused_moves_are_logged_with_its_client_id(store, io):
    async def go():
        hub = Hub(store, io=io)
        room = hub.create(RoomPlan("midi", (SeatPlan("student"), SeatPlan("student")), lang="en", pace=0, seed=5,
                                   first=0))
        a = await hub.join(room.code, 0, "Ana", client="tablet-a")
        b = await hub.join(room.code, 1, "Bo", client="tablet-b")
        replica = room.replica(1, token=b.token, client="tablet-b")
        assert room.match.to_move == 0
        before = set(room_module._TASKS)
        room.send(replica, room.match.state.legal_actions()[0])  # Bo's move, out of turn
        await asyncio.gather(*(set(room_module._TASKS) - before))
        room.leave(replica)
        assert a.ok
        rows = logged(hub)  # the room logs in the same store thread
        assert ("not_your_turn seat 1", "tablet-b") in rows
        assert all(client for _, client in rows)

    run(go())


def test_the_limiter_says_when_it_is_full_without_counting():
    clock = Clock()
    limiter = codes.RateLimiter(2, 60, clock=clock)
    assert not limiter.full("a") and not limiter.full("a")  # asking counts nothing
    assert limiter.allow("a") and not limiter.full("a") and limiter.allow("a")
    assert limiter.full("a") and not limiter.full("b")
    clock.now += 61
    assert not limiter.full("a")
