"""Rooms shared by several servers through one store (issue 14, item 8: past one machine).

Behind a proxy, several server processes share one database, and each room's pages go to the
process its code is pinned to. Here two hubs on one SQLite file stand for two processes on one
PostgreSQL: hub A writes a room (the teacher's form was served there), hub B is asked for its
code and adopts it from the store, and the class plays through B. A hub that is not shared
(one server, the default) never looks in the store for a code, and a shared one resumes no
room at start: each room runs in one process only."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from canal_heritage.rooms import codes
from canal_heritage.rooms import hub as hubs
from canal_heritage.rooms.hub import Hub, RoomPlan, SeatPlan
from canal_heritage.rooms.room import Room
from canal_heritage.store import CodeInUse, Store

STUDENTS2_BOT = (SeatPlan("student"), SeatPlan("student"), SeatPlan("bot", "random"))
PLAN = RoomPlan("midi", STUDENTS2_BOT, lang="en", pace=0, seed=11, first=0)


@pytest.fixture
def db(tmp_path) -> str:
    return str(tmp_path / "class.db")


@pytest.fixture
def stores(db):
    """Two stores on one database file: two server processes on one database."""
    opened: list[Store] = []

    def make() -> Store:
        opened.append(Store(db))
        return opened[-1]

    yield make
    for s in opened:
        s.close()


def run(coro):
    """Run ``coro`` on an event loop of its own, in a thread of its own: in a whole run, the
    browser tests' Playwright (open until the end) keeps a loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


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


async def play(hub: Hub, code: str, tokens: dict[int, str], decisions: int, seed: int = 1) -> Room:
    """Students play random legal decisions in the room ``code`` names, through ``hub``."""
    rng = random.Random(seed)
    room = hub.find(code)
    assert room is not None
    while room.decisions < decisions:
        await settle(room)
        m = room.match
        assert not m.over
        seat = m.to_move
        out = await room.submit(tokens[seat], seat, rng.choice(m.state.legal_actions()), room.decisions)
        assert out.ok, out
    return room


def test_a_room_written_by_one_server_is_adopted_and_played_by_another(stores):
    a, b = Hub(stores(), shared=True), Hub(stores(), shared=True)
    record = a.write_room(PLAN)
    assert a.rooms == {}  # server A only wrote it: it runs nowhere yet
    assert b.find(record.code.lower()) is not None  # asked for its code (as typed), server B adopts it

    async def class_plays() -> Room:
        tokens = {}
        for seat, name in ((0, "Ana"), (1, "Bo")):
            out = await b.join(record.code, seat, name, client=f"device-{seat}")
            assert out.ok, out
            tokens[seat] = out.token
        return await play(b, record.code, tokens, 8)

    room = run(class_plays())
    assert list(b.rooms) == [record.id] and a.rooms == {}
    stored = b.store.room(record.id)
    assert [s.name for s in stored.seats[:2]] == ["Ana", "Bo"]
    assert len(stored.decisions) == room.decisions >= 8
    # a third server (B stopped, the proxy sends the code elsewhere) finds the room where B left it
    c = Hub(stores(), shared=True)
    again = c.find(record.code)
    assert again is not None and again is not room
    assert again.decisions == room.decisions
    assert again.match.state.history == room.match.state.history
    assert [h.token_hash for h in again.seats] == [h.token_hash for h in room.seats]


def test_one_server_alone_never_looks_in_the_store_for_a_code(stores):
    writer = Hub(stores(), shared=True)
    record = writer.write_room(PLAN)
    alone = Hub(stores())  # the default: every room it serves is in memory (created or resumed)
    assert not alone.shared and alone.find(record.code) is None and alone.rooms == {}
    assert [r.code for r in alone.resume()] == [record.code]  # at start, it resumes every open room


def test_a_shared_hub_resumes_nothing_at_start(stores):
    Hub(stores()).create(PLAN)
    shared = Hub(stores(), shared=True)
    assert shared.resume() == [] and shared.rooms == {}


def test_share_rooms_sets_the_default_of_new_hubs(stores, monkeypatch):
    monkeypatch.setattr(hubs, "SHARED", False)
    assert not Hub(stores()).shared
    hubs.share_rooms(True)
    assert Hub(stores()).shared and not Hub(stores(), shared=False).shared
    hubs.share_rooms(False)
    assert not Hub(stores()).shared


def test_a_room_is_not_adopted_where_it_is_not_served(stores):
    record = Hub(stores(), shared=True).write_room(PLAN)
    asked: list[str] = []

    def elsewhere(code: str) -> bool:
        asked.append(code)
        return False

    b = Hub(stores(), shared=True, may_adopt=elsewhere)
    assert b.find(" " + record.code.lower()) is None and b.rooms == {}
    assert asked == [record.code]  # asked with the code as the store has it
    assert b.find("ZZZZZ") is None and asked == [record.code]  # no such room: nobody to send anywhere
    b.may_adopt = lambda code: True
    assert b.find(record.code) is not None


def test_closed_and_unknown_rooms_are_not_adopted(stores):
    a = Hub(stores(), shared=True)
    record = a.write_room(PLAN)
    room = a.find(record.code)
    assert room is not None
    run(room.close())
    b = Hub(stores(), shared=True)
    assert b.find(record.code) is None and b.find("not a code") is None and b.rooms == {}


def test_a_code_another_server_gave_meanwhile_is_drawn_again(stores, monkeypatch):
    a = Hub(stores(), shared=True)
    first = a.write_room(PLAN)
    drawn = iter([first.code, first.code, "K4TXA"])  # server B does not know A's code: the store refuses it
    monkeypatch.setattr(codes, "new_code", lambda taken: next(drawn))
    b = Hub(stores(), shared=True)
    assert b.write_room(PLAN).code == "K4TXA"
    monkeypatch.setattr(codes, "new_code", lambda taken: first.code)
    with pytest.raises(CodeInUse):
        b.write_room(PLAN)


def test_the_teacher_page_behind_a_proxy_writes_the_room_and_leaves_it_to_its_server(stores, monkeypatch):
    from canal_heritage.views import navigation
    from canal_heritage.views.classroom.pages import TeacherPage

    went: list[str] = []
    monkeypatch.setattr(navigation, "navigate", lambda search: went.append(search) or True)
    a = Hub(stores(), shared=True)
    page = TeacherPage(a, lang="en")
    assert run(page.create(PLAN, label="5e B")) is None
    assert a.rooms == {} and page.room is None  # nothing runs where the form was served
    [record] = a.store.live_rooms("room")
    assert went == [f"?code={record.code}&lang=en"]  # the page loads the room's address, routed by its code
    assert [label for _, label, _ in a.store.classes()] == ["5e B"]
    b = Hub(stores(), shared=True)
    assert b.find(record.code) is not None  # where the proxy sends that address


def test_the_teacher_page_outside_a_server_shows_the_room_it_wrote(stores):
    a = Hub(stores(), shared=True)
    from canal_heritage.views.classroom.pages import TeacherPage

    page = TeacherPage(a, lang="en")
    room = run(page.create(PLAN, label="5e B"))  # no browser to send anywhere: shown here
    assert room is not None and page.room is room and list(a.rooms) == [room.id]


def test_without_a_proxy_the_teacher_page_creates_and_shows_the_room_as_before(stores):
    from canal_heritage.views.classroom.pages import TeacherPage

    hub = Hub(stores())
    page = TeacherPage(hub, lang="en")
    room = run(page.create(PLAN, label="5e B"))
    assert room is not None and page.room is room and list(hub.rooms) == [room.id]


def test_rooms_open_now_lists_every_server_s_rooms_behind_a_proxy(stores, monkeypatch):
    """"Rooms open now" on a shared hub lists the rooms other servers run too (from the
    store); their button loads the room's address, which the proxy sends to its server."""
    from canal_heritage.views import navigation
    from canal_heritage.views.classroom.pages import TeacherPage

    went: list[str] = []
    monkeypatch.setattr(navigation, "navigate", lambda search: went.append(search) or True)
    a, b = Hub(stores(), shared=True), Hub(stores(), shared=True)
    record = a.write_room(PLAN)
    elsewhere = b.adopt(record.code)  # run by server B
    assert elsewhere is not None
    mine = a.write_room(PLAN)
    here = a.adopt(mine.code)  # run by server A
    assert here is not None
    page = TeacherPage(a, lang="en")
    buttons = {c: o for o in page.__panel__().select() for c in getattr(o, "css_classes", [])
               if c.startswith("show-")}
    assert set(buttons) == {f"show-{record.code}", f"show-{mine.code}"}
    assert "0 of 2 students" in buttons[f"show-{record.code}"].label
    buttons[f"show-{record.code}"].clicks += 1  # the room run elsewhere: its address
    assert went == [f"?code={record.code}&lang=en"] and page.room is None
    alone = TeacherPage(Hub(stores()), lang="en")  # one server: its own rooms only
    assert not [o for o in alone.__panel__().select() if any(c.startswith("show-") for c in o.css_classes or [])]


def test_a_room_whose_class_another_server_forgot_closes_at_its_next_move(stores):
    """"Forget this class" on server A deletes a room that server B runs: B's next write finds
    the room gone and closes it there too (its devices are told the room is closed), instead
    of refusing every move as a failed save."""
    from canal_heritage.rooms.room import Refusal

    a, b = Hub(stores(), shared=True), Hub(stores(), shared=True)
    class_id = a.store.new_class("5e B")
    record = a.write_room(PLAN, class_session_id=class_id)

    async def go() -> None:
        room = b.find(record.code)
        assert room is not None
        tokens = {}
        for seat, name in ((0, "Ana"), (1, "Bo")):
            out = await b.join(record.code, seat, name, client=f"device-{seat}")
            tokens[seat] = out.token
        await play(b, record.code, tokens, 2)
        await settle(room)
        a.store.forget_class(class_id)  # on server A
        m = room.match
        seat = m.to_move
        out = await room.submit(tokens[seat], seat, m.state.legal_actions()[0], room.decisions)
        assert out.refusal is Refusal.ROOM_CLOSED and "closed" in out.message
        assert room.status == "closed" and not room.open
        assert b.find(record.code) is None  # its code no longer works

    run(go())
