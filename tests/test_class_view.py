"""The teacher's class view without a browser (issue 28, item 4): every room at a glance —
game, round, who the table waits on, away and idle students — finished games in their own
list, pause every room, end the lesson."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from canal_heritage.rooms import overview
from canal_heritage.rooms.hub import Hub, RoomPlan, SeatPlan
from canal_heritage.store import Store
from canal_heritage.views.classroom.pages import TeacherPage
from canal_heritage.views.theme import root_styles


@pytest.fixture
def hub(tmp_path):
    store = Store(str(tmp_path / "class.db"))
    yield Hub(store)
    store.close()


def run(coro):
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def texts(viewable) -> str:
    out = []
    for obj in viewable.select():
        if getattr(obj, "visible", True) is False:
            continue
        for attribute in ("object", "label"):
            value = getattr(obj, attribute, None)
            if isinstance(value, str):
                out.append(value)
    return "\n".join(out)


def two_students(game: str = "midi") -> RoomPlan:
    return RoomPlan(game, (SeatPlan("student"), SeatPlan("student")), lang="en")


def test_a_room_shows_its_game_who_is_here_and_whom_it_waits_on(hub):
    room = hub.create(two_students())
    page = TeacherPage(hub, lang="en")
    shown = texts(page.class_view.draw())
    assert room.code in shown and "Canal du Midi" in shown and "round 1" in shown
    assert "students here: 0 of 2" in shown and "free: nobody has joined" in shown
    out = run(room.join(0, "Ana"))
    assert out.ok
    page.class_view.refresh()
    shown = texts(page.class_view.draw())
    assert "students here: 1 of 2" in shown
    assert "Ana: away" in shown  # joined, but no device shows the seat (no page here)
    replica = room.replica(0, lang="en")
    page.class_view.refresh()
    shown = texts(page.class_view.draw())
    assert "Ana: connected" in shown and "Ana: away" not in shown
    # whom the table waits on: Ana, or a student still to take the free seat
    assert ("Waiting on Ana" in shown) == (room.match.to_move == 0)
    assert ("Waiting for a student to take" in shown) == (room.match.to_move == 1)
    room.leave(replica)
    page.class_view.refresh()
    assert "Ana: away" in texts(page.class_view.draw())


def test_a_student_whose_turn_has_lasted_a_minute_is_idle(hub):
    room = hub.create(two_students())
    run(room.join(0, "Ana"))
    run(room.join(1, "Ben"))
    turn = room.match.to_move
    now = room.waiting_since
    assert not any(s.idle for s in overview.snapshot(room, now + 30).seats)
    late = overview.snapshot(room, now + overview.IDLE_AFTER + 1)
    assert [s.index for s in late.seats if s.idle] == [turn]
    room.set_paused(True)  # nobody is idle while the teacher has paused the game
    assert not any(s.idle for s in overview.snapshot(room, room.waiting_since + 120).seats)


def test_pause_every_room_then_let_them_go_on(hub):
    rooms = [hub.create(two_students()), hub.create(two_students("arriala"))]
    page = TeacherPage(hub, lang="en")
    view = page.class_view
    assert "Pause every room" in texts(view.draw())
    view._toggle_pause_all()
    assert all(r.paused for r in rooms)
    shown = texts(view.draw())
    assert "Let every room go on" in shown and shown.count("Paused") == 2
    view._toggle_pause_all()
    assert not any(r.paused for r in rooms)


def test_end_the_lesson_asks_once_then_closes_every_room(hub):
    rooms = [hub.create(two_students()), hub.create(two_students("arriala"))]
    page = TeacherPage(hub, lang="en")
    view = page.class_view

    async def twice():
        await view._ask_end_all()
        assert all(r.open for r in rooms) and "click again" in view._end_all.label
        await view._ask_end_all()

    run(twice())
    assert all(r.status == "closed" for r in rooms)
    assert not view.draw().visible  # no room left to show
    assert hub.find(rooms[0].code) is None


def test_a_finished_game_moves_to_finished_with_its_winner(hub):
    room = hub.create(RoomPlan("midi", (SeatPlan("student"), SeatPlan("bot", "random")), lang="en"))
    page = TeacherPage(hub, lang="en")
    assert "Rooms playing now" in texts(page.class_view.draw())

    async def play_out():
        run_ = await room.join(0, "Ana")
        token = run_.token
        room.kick_bots()
        for _ in range(2000):
            if room.match.over:
                return
            if room.match.to_move == 0:
                action = room.match.state.legal_actions()[0]
                await room.submit(token, 0, action, room.decisions)
            else:
                await asyncio.sleep(0.01)
        raise AssertionError("the game did not end")

    room.pace = 0
    run(play_out())
    page.class_view.refresh()
    shown = texts(page.class_view.draw())
    assert "Finished" in shown and "Won:" in shown and "Rooms playing now" not in shown
    assert "game over" in shown


def test_show_on_the_projector_from_the_class_view(hub):
    room = hub.create(two_students())
    page = TeacherPage(hub, lang="en")
    show = page.class_view._shows[room.id]
    assert show.label == room.code and room.code in show.description
    show.clicks += 1
    assert page.room is room


def test_the_rules_the_class_trips_on_are_counted_without_names(hub):
    """Two rooms of one class: a student of each tries a Canal du Midi move out of its step of
    the round (M-R12); the class view says it once, counted for the class, with no name."""
    page = TeacherPage(hub, lang="en")
    rooms = []
    for _ in range(2):
        plan = RoomPlan("midi", (SeatPlan("student"), SeatPlan("bot", "random")), lang="en")
        rooms.append(run(_create(page, plan)))
    for room, name in zip(rooms, ("Ana", "Ben"), strict=True):
        assert run(room.join(0, name)).ok
        assert room.trip(0, "error.wrong_phase")
    for _ in range(200):  # the trips are written in the store's threads
        if sum(hub.trips(rooms[0].class_session_id).values()) == 2:
            break
        time.sleep(0.01)

    run(page.class_view.load_trips())
    shown = texts(page.class_view.draw())
    assert "What the class trips on" in shown and "2 tries" in shown and "(M-R12)" in shown
    assert "Ana" not in page.class_view._trips_box.object and "Ben" not in page.class_view._trips_box.object


async def _create(page, plan):
    return await page.create(plan, label="Class 5B")


def test_end_the_lesson_shows_the_class_results_for_the_projector(hub):
    """The lesson ended: every room closed, the teacher's page shows who won each room (who led
    in one stopped early), what was built most and the rules tripped on; one A4 page to print."""
    page = TeacherPage(hub, lang="en")
    finished = run(_create(page, RoomPlan("midi", (SeatPlan("student"), SeatPlan("bot", "random")), lang="en")))
    stopped = run(_create(page, RoomPlan("arriala", (SeatPlan("student"), SeatPlan("bot", "random")), lang="en")))
    assert run(stopped.join(0, "Ben")).ok
    assert stopped.trip(0, "arriala.error.moved_twice")
    for _ in range(200):  # written in the store's threads
        if hub.trips(stopped.class_session_id):
            break
        time.sleep(0.01)

    async def play_out():
        token = (await finished.join(0, "Ana")).token
        finished.pace = 0
        finished.kick_bots()
        for _ in range(2000):
            if finished.match.over:
                return
            if finished.match.to_move == 0:
                await finished.submit(token, 0, finished.match.state.legal_actions()[0], finished.decisions)
            else:
                await asyncio.sleep(0.01)
        raise AssertionError("the game did not end")

    run(play_out())
    assert finished.match.over and not stopped.match.over

    async def end():
        await page.class_view._ask_end_all()
        await page.class_view._ask_end_all()

    run(end())
    assert finished.status == "closed" and stopped.status == "closed"
    shown = texts(page.__panel__())
    assert "Class 5B: the lesson&#x27;s results" in shown
    assert finished.code in shown and stopped.code in shown
    assert "stopped at round" in shown  # the Arriala room was closed mid-game
    assert "Built most often" in shown
    assert "1 try to move a worker twice in one turn (A-R2)" in shown  # the rule tripped on
    printer = next(o for o in page.__panel__().select() if type(o).__name__ == "PrintButton")
    assert "@page { size: A4" in printer.page and finished.code in printer.page and "<script" not in printer.page
    # and back to the teacher's page, in its usual type
    page._draw_rooms()
    assert "Open a new room" in texts(page.__panel__()) and page._root.styles == root_styles(False)


def test_a_move_changes_the_cards_text_not_the_page_s_parts(hub):
    """Eight rooms playing change the view several times a second: the cards' pane and the
    projector buttons stay the same objects (nothing new is sent to the browser but text)."""
    room = hub.create(two_students())
    page = TeacherPage(hub, lang="en")
    view = page.class_view
    cards, picks = view._running.objects
    before = cards.object
    assert run(room.join(0, "Ana")).ok
    view.refresh()
    assert view._running.objects[0] is cards and view._running.objects[1] is picks
    assert cards.object != before and "Ana" in cards.object
    other = hub.create(two_students("arriala"))  # a new room: its button joins the line
    view.refresh()
    assert view._running.objects[1] is not picks and other.code in texts(view._running.objects[1])
