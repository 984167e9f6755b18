"""The room protocol, headless (issue 14): create, join, come back with a token, free a seat,
a bot standing in and giving the seat back, forged and stale messages, pause, the rate limit,
close — and a room resumed from the store at the same decision.

Each test runs its room on its own event loop with a real store (SQLite in ``tmp_path``);
bots think in a thread (the server uses its worker processes)."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest

from canal_heritage.rooms.hub import Hub, RoomPlan, SeatPlan
from canal_heritage.rooms.room import Refusal, Room, device
from canal_heritage.store import Store

STUDENTS2_BOT = (SeatPlan("student"), SeatPlan("student"), SeatPlan("bot", "random"))


@pytest.fixture
def store(tmp_path):
    s = Store(str(tmp_path / "class.db"))
    yield s
    s.close()


def without_game(observation):
    """An observation without its game description (Arriala's: rebuilt on resume, equal in content)."""
    return replace(observation, game=None) if hasattr(observation, "game") else observation


def run(coro):
    # a loop of its own, in a thread: Playwright's sync API may hold this thread's loop (browser tests)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def new_room(store, game="midi", seats=STUDENTS2_BOT, seed=11, **kw) -> tuple[Hub, Room]:
    hub = Hub(store, **kw)
    room = hub.create(RoomPlan(game, seats, lang="en", pace=0, seed=seed, first=0))
    return hub, room


async def settle(room: Room) -> None:
    """Let the room's bots play until a student must act (or the game ends)."""
    for _ in range(2000):
        task = room._bot_task
        if task is not None and not task.done():
            await asyncio.sleep(0.01)
            continue
        m = room.match
        if m.over or not m.is_bot_turn() or room.paused or not room.open:
            return
        room.kick_bots()
        await asyncio.sleep(0)
    raise AssertionError("the bots did not finish their turn")


async def join_two(hub: Hub, room: Room) -> tuple[str, str]:
    a = await hub.join(room.code, 0, "Ana", client="c1")
    b = await hub.join(room.code.lower(), 1, "  Bo  ", client="c2")  # typed in lower case, spaces around the name
    assert a.ok and b.ok and a.token and b.token and a.token != b.token
    return a.token, b.token


def test_students_join_free_seats_and_get_a_secret_token(store):
    async def go():
        hub, room = new_room(store)
        ta, tb = await join_two(hub, room)
        assert len(ta) >= 22  # at least 128 random bits, URL-safe
        assert [h.name for h in room.seats] == ["Ana", "Bo", None]
        taken = await hub.join(room.code, 0, "Cy", client="c3")
        assert taken.refusal is Refusal.SEAT_TAKEN and "another seat" in taken.message
        bot = await hub.join(room.code, 2, "Cy", client="c3")
        assert bot.refusal is Refusal.NOT_A_STUDENT_SEAT
        nameless = await hub.join(room.code, 0, "   ", client="c3")
        assert nameless.refusal is Refusal.BAD_NAME
        nowhere = await hub.join("ZZZZZ", 0, "Cy", client="c3")
        assert nowhere.refusal in (Refusal.NO_SUCH_ROOM, Refusal.NOT_A_CODE)
        # the store keeps the names and only a hash of each token
        rec = store.room(room.id)
        assert [s.name for s in rec.seats][:2] == ["Ana", "Bo"]
        assert all(ta not in (s.token_hash or "") for s in rec.seats)
        # a device that comes back with its token gets its seat again; another token does not
        back_room, back = hub.rejoin(room.code, tb, client="c2")
        assert back_room is room and back.ok and back.seat == 1
        _, forged = hub.rejoin(room.code, tb[:-2] + "xx", client="c9")
        assert forged.refusal is Refusal.BAD_TOKEN

    run(go())


def test_a_decision_is_written_before_every_device_shows_it(store):
    async def go():
        hub, room = new_room(store)
        ta, tb = await join_two(hub, room)
        mine, theirs, projector = room.replica(0, token=ta), room.replica(1, token=tb), room.replica(None)
        await settle(room)
        seat = room.match.to_move
        token = ta if seat == 0 else tb
        action = room.match.state.legal_actions()[0]
        before = [r.version for r in (mine, theirs, projector)]
        out = await room.submit(token, seat, action, room.decisions)
        assert out.ok
        rec = store.room(room.id)
        assert len(rec.decisions) == room.decisions >= 1
        assert rec.decisions[0].seat == seat and not rec.decisions[0].by_bot
        assert [r.version for r in (mine, theirs, projector)] != before  # every device moved on
        assert all(device(r).decisions == room.decisions for r in (mine, theirs, projector))
        assert mine.state.history == room.match.state.history == projector.state.history
        # the projector's replica shows no hand: it has no viewer
        assert projector.observation() is None and projector.viewer is None
        assert mine.observation() is not None and mine.observation().hand  # the student's own hand

    run(go())


def test_the_projector_introduces_the_seats_until_the_game_moves(store):
    """Nobody at the projector would press "Let's play": its band of who sits where goes at
    the room's next decision, and the class has the table."""
    import panel as pn

    from canal_heritage.views.tables.midi_table import MidiTable

    def band(table) -> bool:
        return any(isinstance(c, pn.Column) and "intro-band" in c.css_classes for c in table.__panel__().objects)

    async def go():
        hub, room = new_room(store)
        ta, tb = await join_two(hub, room)
        projector, mine = room.replica(None), room.replica(0, token=ta)
        wall, desk = MidiTable(projector), MidiTable(mine)
        assert band(wall) and band(wall)  # drawn again, nothing having moved: still there
        await settle(room)
        seat = room.match.to_move
        out = await room.submit(ta if seat == 0 else tb, seat, room.match.state.legal_actions()[0], room.decisions)
        assert out.ok
        wall._render()
        assert not band(wall) and not band(MidiTable(projector))  # gone for good
        assert mine.viewer == 0 and (band(desk) == (seat != 0))  # a student's band waits for their own move

    run(go())


def test_a_device_that_comes_back_midway_plays_on(store):
    """A reload makes a new replica after some decisions: a move chosen on it is not stale."""
    async def go():
        hub, room = new_room(store)
        ta, tb = await join_two(hub, room)
        tokens = {0: ta, 1: tb}
        for _ in range(3):  # a few decisions before the reload
            await settle(room)
            seat = room.match.to_move
            assert (await room.submit(tokens[seat], seat, room.match.state.legal_actions()[0], room.decisions)).ok
        await settle(room)
        seat = room.match.to_move
        back = room.replica(seat, token=tokens[seat])  # the page reloaded
        assert device(back).decisions == room.decisions > 0
        n = room.decisions
        assert back.play(back.state.legal_actions()[0])  # through the device, as its view does
        for _ in range(100):
            if room.decisions > n:
                break
            await asyncio.sleep(0.01)
        assert room.decisions > n and not back.message  # (a bot may have played after it)
        mine = store.room(room.id).decisions[n]
        assert mine.seat == seat and not mine.by_bot

    run(go())


def test_forged_stale_and_out_of_turn_messages_change_nothing_and_are_logged(store):
    async def go():
        hub, room = new_room(store)
        ta, tb = await join_two(hub, room)
        await settle(room)
        seat = room.match.to_move
        other = 1 - seat
        token, other_token = (ta, tb) if seat == 0 else (tb, ta)
        legal = room.match.state.legal_actions()
        n = room.decisions
        history = list(room.match.state.history)
        forged = await room.submit(other_token, seat, legal[0], n, client="evil")  # another seat's token
        assert forged.refusal is Refusal.NOT_YOUR_SEAT
        guessed = await room.submit("not-a-token", seat, legal[0], n, client="evil")
        assert guessed.refusal is Refusal.NOT_YOUR_SEAT
        stale = await room.submit(token, seat, legal[0], n - 1, client="late")  # chosen on an older position
        assert stale.refusal is Refusal.STALE
        early = await room.submit(other_token, other, legal[0], n, client="eager")
        assert early.refusal is Refusal.NOT_YOUR_TURN
        illegal = await room.submit(token, seat, 10**6, n, client="odd")
        assert illegal.refusal is Refusal.ILLEGAL
        assert room.decisions == n and room.match.state.history == history
        assert len(store.room(room.id).decisions) == n
        await asyncio.sleep(0.2)  # refusals are logged in a thread
        reasons = [r[1] for r in store.refusals(room.id)]
        assert sum("not_your_seat" in r for r in reasons) == 2
        assert any("stale" in r for r in reasons) and any("not_your_turn" in r for r in reasons)
        # a doubled message: the same decision twice; the second is stale
        ok = await room.submit(token, seat, legal[0], n)
        again = await room.submit(token, seat, legal[0], n)
        assert ok.ok and again.refusal is Refusal.STALE

    run(go())


def test_the_teacher_frees_a_seat_puts_a_bot_in_and_gives_it_back(store):
    async def go():
        hub, room = new_room(store)
        ta, tb = await join_two(hub, room)
        await room.free_seat(1)
        assert room.seats[1].free and room.rejoin(tb).refusal is Refusal.BAD_TOKEN
        again = await hub.join(room.code, 1, "Di", client="c4")
        assert again.ok and room.seats[1].name == "Di"
        td = again.token
        # Di is away: a bot stands in and plays Di's turns
        await room.stand_in(1, True, "random")
        assert room.seats[1].played_by_bot and room.match.seats[1].kind == "bot"
        rng = random.Random(3)
        for _ in range(60):
            await settle(room)
            if room.match.over or room.match.to_move != 0:
                break
            assert (await room.submit(ta, 0, rng.choice(room.match.state.legal_actions()), room.decisions)).ok
        bot_moves_for_di = [d for d in store.room(room.id).decisions if d.seat == 1]
        assert bot_moves_for_di and all(d.by_bot for d in bot_moves_for_di)
        # Di's device cannot play while the bot stands in
        if room.match.to_move == 1:
            out = await room.submit(td, 1, room.match.state.legal_actions()[0], room.decisions)
            assert out.refusal is Refusal.NOT_YOUR_TURN
        await room.stand_in(1, False)
        assert not room.seats[1].played_by_bot and room.match.seats[1].kind == "human"
        assert room.check_token(td, 1)  # the seat is Di's again, with the same token

    run(go())


def test_pause_close_and_a_closed_rooms_code(store):
    async def go():
        hub, room = new_room(store)
        ta, tb = await join_two(hub, room)
        await settle(room)
        seat = room.match.to_move
        token = ta if seat == 0 else tb
        room.set_paused(True)
        paused = await room.submit(token, seat, room.match.state.legal_actions()[0], room.decisions)
        assert paused.refusal is Refusal.PAUSED
        room.set_paused(False)
        await hub.close(room.id)
        assert store.room(room.id).status == "closed"
        closed = await room.submit(token, seat, room.match.state.legal_actions()[0], room.decisions)
        assert closed.refusal is Refusal.ROOM_CLOSED
        late = await hub.join(room.code, 0, "Cy", client="c5")
        assert late.refusal is Refusal.ROOM_CLOSED and "has closed" in late.message  # the code stopped working
        assert hub.find(room.code) is None

    run(go())


def test_join_attempts_are_rate_limited_per_client(store):
    async def go():
        hub, room = new_room(store, join_limit=5, join_window=60)
        outs = [await hub.join("AAAAA", 0, "X", client="guesser") for _ in range(7)]
        assert outs[-1].refusal is Refusal.TOO_MANY_TRIES and "wait a minute" in outs[-1].message
        assert all(o.refusal is not Refusal.TOO_MANY_TRIES for o in outs[:5])
        fine = await hub.join(room.code, 0, "Ana", client="someone-else")  # another device is not slowed
        assert fine.ok

    run(go())


def play_out(room: Room, tokens: dict[int, str], rng: random.Random, limit: int = 2000) -> None:
    async def go():
        for _ in range(limit):
            await settle(room)
            m = room.match
            if m.over:
                return
            seat = m.to_move
            out = await room.submit(tokens[seat], seat, rng.choice(m.state.legal_actions()), room.decisions)
            assert out.ok, out
    run(go())


@pytest.mark.parametrize("game,seats", [("midi", STUDENTS2_BOT),
                                        ("arriala", (SeatPlan("student"), SeatPlan("student")))])
def test_a_room_resumes_from_the_store_at_the_same_decision(tmp_path, game, seats):
    path = str(tmp_path / "class.db")
    store = Store(path)
    hub, room = new_room(store, game=game, seats=seats, seed=5)
    ta, tb = run(join_two(hub, room))
    rng = random.Random(1)

    async def some_moves():
        for _ in range(12):
            await settle(room)
            m = room.match
            seat = m.to_move
            if m.over or seat not in (0, 1):
                break
            assert (await room.submit({0: ta, 1: tb}[seat], seat, rng.choice(m.state.legal_actions()),
                                      room.decisions)).ok
    run(some_moves())
    history, n = list(room.match.state.history), room.decisions
    obs = room.replica(0, token=ta).observation()
    store.close()  # the server stops (in the kill test, without closing anything)

    store2 = Store(path)
    hub2 = Hub(store2)
    [back] = hub2.resume()
    assert back.code == room.code and back.decisions == n and back.match.state.history == history
    assert back.rejoin(ta).seat == 0 and back.rejoin(tb).seat == 1  # the same tokens
    # the same view for the returning student (the game description is rebuilt, not shared)
    assert without_game(back.replica(0, token=ta).observation()) == without_game(obs)
    play_out(back, {0: ta, 1: tb}, rng)
    assert back.match.over and store2.room(back.id).status == "over"
    result = store2.room(back.id).result
    assert result["totals"] == list(back.match.score_sheet().totals) and result["winners"]
    store2.close()


def test_a_student_takes_back_an_arriala_action_within_their_turn(store):
    async def go():
        hub, room = new_room(store, game="arriala", seats=(SeatPlan("student"), SeatPlan("student")), seed=2)
        ta, tb = await join_two(hub, room)
        mine = room.replica(room.match.to_move, token={0: ta, 1: tb}[room.match.to_move])
        seat = mine.viewer
        other = room.replica(1 - seat, token={0: ta, 1: tb}[1 - seat])
        from canal_heritage.arriala import actions as A

        cheap = [a for a in room.match.state.legal_actions() if a not in (A.DRAW, A.END_TURN)]
        n = room.decisions
        assert mine.play(cheap[0])  # through the device, as its view does
        for _ in range(50):
            if room.decisions > n:
                break
            await asyncio.sleep(0.01)
        assert room.decisions == n + 1 and device(other).decisions == n + 1
        assert mine.can_undo() and not other.can_undo()
        assert mine.undo()
        for _ in range(50):
            if room.decisions == n:
                break
            await asyncio.sleep(0.01)
        assert room.decisions == n and len(store.room(room.id).decisions) == n
        assert mine.state.history == other.state.history == room.match.state.history

    run(go())


def test_a_closed_room_lives_on_in_the_store_only(store):
    """A server running for days keeps in memory only the rooms still open or over: a closed
    room (its whole game, every device's match) is let go; its results stay in the store."""
    import gc
    import weakref

    async def go():
        hub, room = new_room(store)
        await join_two(hub, room)
        await room.close()
        assert room.id not in hub.rooms and hub.find(room.code) is None
        return hub, weakref.ref(room), room.id

    hub, ref, room_id = run(go())
    gc.collect()
    assert ref() is None  # nothing holds it any more
    assert store.room(room_id).status == "closed"


def test_an_arriala_room_from_before_the_editions_finishes_under_edition_1(tmp_path):
    """A-R19: a room written before the rulings had editions (no "edition" in its options) held a
    first-turn engineering work, legal then; it resumes with it, and a new room is edition 2."""
    store = Store(str(tmp_path / "class.db"))
    record = store.create_room(code="OLD7", game="arriala", seed=1, first=0, lang="en", options={"pace": 0},
                               seats=[("student", None), ("student", None)])
    store.append_decision(record.id, 0, 0, "card engineering-work pont-canal-cacor")
    [back] = Hub(store).resume()
    assert back.match.game.edition == 1 and back.decisions == 1 and back.match.state.points[:2] == [5, 0]
    _, room = new_room(store, game="arriala", seats=(SeatPlan("student"), SeatPlan("student")), seed=1)
    assert store.room(room.id).options["edition"] == 2 and room.match.game.edition == 2
    assert not [a for a in room.match.state.legal_actions() if "engineering" in room.match.game.action_to_text(a)]
    store.close()
