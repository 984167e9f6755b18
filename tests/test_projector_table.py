"""The classroom's projector draws its table for a class watching (issue 28, item 3): nobody plays
at it, so none of a player's controls is built into the page (take back, "How to play" and the
guide, the hint, "Let's play", the links out of the game, the projector mode's "Continue"), while
a student's table of the same room has them all. The pause is the room's, said on the teacher's
page. (The browser's view of it: ``tests/browser/test_projector_back_row.py``.)"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest

from canal_heritage.rooms.hub import Hub, RoomPlan, SeatPlan
from canal_heritage.store import Store
from canal_heritage.views import screens
from canal_heritage.views.classroom.pages import TeacherPage

#: the CSS classes of a player's controls (each one a student's table has)
PLAYER_CONTROLS = {"undo", "how-to-play", "hint", "intro-play"}


@pytest.fixture
def hub(tmp_path):
    store = Store(str(tmp_path / "class.db"))
    yield Hub(store)
    store.close()


def classes(viewable) -> set[str]:
    """The CSS classes of every component under ``viewable`` (a table's parts included)."""
    found: set[str] = set()
    for obj in viewable.select():
        found.update(getattr(obj, "css_classes", None) or [])
    return found


@pytest.mark.parametrize("game", ["midi", "arriala"])
def test_the_projector_has_only_the_teachers_controls(hub, game):
    room = hub.create(RoomPlan(game, (SeatPlan("student"), SeatPlan("bot", "random")), lang="en", pace=0))
    # a student's table of the same room: every player's control is there
    student = screens.table_for(room.replica(0, lang="en"))
    assert classes(student.__panel__()) >= PLAYER_CONTROLS, classes(student.__panel__())
    page = TeacherPage(hub, lang="en")
    page.show_room(room)
    assert page.table.watch_only
    shown = classes(page.__panel__())
    assert "game-table" in shown or f"{game}-table" in shown, "the table is on the page"
    assert not PLAYER_CONTROLS & shown, PLAYER_CONTROLS & shown
    assert {"room-pause", "room-close", "all-rooms", "room-type", "what-happened", "intro-band"} <= shown
    # the introduction says who is who, without a link out of the game
    cards = page.table.__dict__["_seat_intro"].cards.cards
    assert cards and not any("intro-about" in card["markup"] or card["about"] for card in cards)
    # paused by the teacher: said on the page, no "What just happened" column with its "Continue"
    room.set_paused(True)
    shown = classes(page.__panel__())
    assert "projector-step" not in shown and "continue" not in shown
    assert "The teacher has paused the game." in page._seat_list.object
    room.set_paused(False)
    assert "The teacher has paused the game." not in page._seat_list.object
    student.dispose()
    page.leave()


def test_the_join_card_fills_the_screen_while_a_seat_is_free(hub):
    """The QR code and the code take the projector's height while a seat is free, then a band in
    the top corner once every seat is taken (the sizes: the browser test)."""
    room = hub.create(RoomPlan("midi", (SeatPlan("student"), SeatPlan("bot", "random")), lang="en", pace=0))
    page = TeacherPage(hub, lang="en")
    page.show_room(room)
    assert "class='join-card'" in page._join_card.object and page._join_card.styles["flex"] == "1 1 100%"
    assert "Scan the QR code" in page._join_card.object
    with ThreadPoolExecutor(1) as pool:  # a loop of its own (a browser test may hold this thread's)
        out = pool.submit(asyncio.run, hub.join(room.code, 0, "Ana", client="c1", lang="en")).result()
    assert out.ok
    assert "class='join-card compact'" in page._join_card.object and page._join_card.styles["order"] == "1"
    assert room.code in page._join_card.object
    page.leave()


@pytest.mark.parametrize("game", ["midi", "arriala"])
def test_a_students_table_paused_by_the_teacher_offers_no_continue(hub, game):
    """The teacher pauses the room: a student's device says so in its band and offers nothing to
    press (the exhibit projector mode's "Continue" would only have un-paused the device's copy,
    and the room refused the next move)."""
    room = hub.create(RoomPlan(game, (SeatPlan("student"), SeatPlan("bot", "random")), lang="en", pace=0))
    student = screens.table_for(room.replica(0, lang="en"))
    room.set_paused(True)
    assert student.match.paused
    shown = classes(student.__panel__())
    assert "projector-step" not in shown and "continue" not in shown
    room.set_paused(False)
    assert not student.match.paused
