"""The classroom's pages without a browser (issue 14): the teacher's PIN, the room form, and a
student's device going from the code to a seat and back to it with the token it kept.

The pages run outside a server here, so the room's changes reach them at once."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from canal_heritage import games
from canal_heritage.rooms import codes
from canal_heritage.rooms.hub import Hub, RoomPlan, SeatPlan
from canal_heritage.store import Store
from canal_heritage.views.classroom.pages import JoinPage, TeacherPage

ARRIALA = games.kind("arriala").name  # the page, record and plan name of Arriala


@pytest.fixture
def hub(tmp_path):
    store = Store(str(tmp_path / "class.db"))
    yield Hub(store)
    store.close()


def run(coro):
    """Run a page's coroutine on a loop of its own (a browser test may hold this thread's loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def texts(viewable) -> str:
    """Every text pane's markup and every widget's label under ``viewable`` (what the page shows)."""
    out = []
    for obj in viewable.select():
        for attribute in ("object", "label"):
            value = getattr(obj, attribute, None)
            if isinstance(value, str):
                out.append(value)
    return "\n".join(out)


def test_the_teacher_page_asks_other_devices_for_the_pin(hub):
    limiter = codes.RateLimiter(3, 60)
    page = TeacherPage(hub, lang="en", allowed=False, pin="123456", client="c1", pin_limiter=limiter)
    assert "PIN" in texts(page.__panel__()) and not page.__panel__().select(lambda o: "room-form" in
                                                                           getattr(o, "css_classes", []))
    assert not page.try_pin("654321")
    assert "That is not the PIN" in texts(page.__panel__())
    for _ in range(100):  # the refusal is logged by the store's thread
        if any("wrong teacher PIN" in reason for _, reason, _ in hub.store.refusals()):
            break
        time.sleep(0.02)
    else:
        raise AssertionError("the wrong PIN was not logged")
    assert page.try_pin(" 123456 ") and page.allowed
    assert "Open a new room" in texts(page.__panel__())
    # attempts are limited per device: the right PIN is refused once the limit is reached
    other = TeacherPage(hub, lang="en", allowed=False, pin="123456", client="c2", pin_limiter=limiter)
    for _ in range(3):
        other.try_pin("000000")
    assert not other.try_pin("123456") and "Too many tries" in texts(other.__panel__())
    # a server without a PIN (no --lan) never opens the page elsewhere
    nobody = TeacherPage(hub, lang="en", allowed=False, pin=None, client="c3")
    assert not nobody.try_pin("") and "only on the computer" in texts(nobody.__panel__())


def test_a_tab_where_the_pin_was_typed_is_not_asked_again(hub):
    """The PIN once typed, the tab keeps a pass (sessionStorage): a reload, or the room's page
    on another server behind the proxy (the same PIN), opens without asking."""
    page = TeacherPage(hub, lang="en", allowed=False, pin="123456", client="c1")
    assert page.try_pin("123456")
    given = page.keeper.store["pass"]
    assert "123456" not in given and codes.valid_teacher_pass("123456", given)
    room = hub.create(RoomPlan("midi", (SeatPlan("student"), SeatPlan("bot", "random")), lang="en"))
    again = TeacherPage(hub, lang="en", allowed=False, pin="123456", client="c1", code=room.code)
    assert "PIN" in texts(again.__panel__())
    again.keeper._handle_msg({"seats": {}, "pass": given})  # what the reloaded tab sends
    assert again.allowed and again.room is room  # straight to the room the address names
    # a pass of another PIN (a restarted server), forged, expired or from the future: the PIN is asked
    for wrong in (codes.teacher_pass("999999"), given.split(".")[0] + ".00", "x" * 200, None,
                  codes.teacher_pass("123456", now=0), codes.teacher_pass("123456", now=time.time() + 10 ** 6)):
        other = TeacherPage(hub, lang="en", allowed=False, pin="123456", client="c2")
        other.keeper._handle_msg({"seats": {}, "pass": wrong})
        assert not other.allowed and "PIN" in texts(other.__panel__())
    nobody = TeacherPage(hub, lang="en", allowed=False, pin=None, client="c3")  # no --lan: no pass either
    nobody.keeper._handle_msg({"pass": given})
    assert not nobody.allowed


def test_the_room_form_describes_the_room(hub):
    page = TeacherPage(hub, lang="en")
    page.form.count.value = 2
    page.form.seat_selects[1].value = "bot:expert"
    page.form.count.value = 4
    page.form.seat_selects[3].value = "student"
    page.form.game.value = "arriala"  # the choices still possible are kept
    plan = page.plan()
    assert plan.game == ARRIALA and [s.kind for s in plan.seats] == ["student", "bot", "bot", "student"]
    assert plan.seats[1].level == "expert"
    page.form.count.value = 2
    assert len(page.plan().seats) == 2
    room = run(page.create(label="5e B"))
    assert room is not None and page.room is room and room.code in texts(page.__panel__())
    assert [label for _, label, _ in hub.store.classes()] == ["5e B"]


def test_a_student_joins_sits_and_comes_back_with_the_token(hub):
    room = hub.create(RoomPlan("midi", (SeatPlan("student"), SeatPlan("student"), SeatPlan("bot", "random")),
                               lang="en", pace=0, seed=3, first=0))
    page = JoinPage(hub, code=room.code.lower(), lang="en", client="c1")
    page._hello({})  # the browser holds no seat
    assert page.stage == "seat" and page.room is room
    assert run(page.take_seat(2, "Ana")) is False  # a bot's seat
    assert not run(page.take_seat(0, "   "))
    assert "first name" in texts(page.__panel__())
    assert run(page.take_seat(0, "<b>Ana</b>"))
    assert page.stage == "table" and page.replica is not None and page.replica.viewer == 0
    band = page._band.object
    assert "&lt;b&gt;Ana&lt;/b&gt;" in band and "<b>Ana" not in band  # a typed name is text, never markup
    token = page.keeper.store["keep"][room.code]
    assert room.seat_of(token) == 0
    # the page reloads: the browser says which seats it holds, the device is back at its seat
    again = JoinPage(hub, code=room.code, lang="en", client="c1")
    again._hello({room.code: token})
    assert again.stage == "table" and again.seat == 0
    # a forged token is not a seat
    forged = JoinPage(hub, code=room.code, lang="en", client="c2")
    forged._hello({room.code: token[:-1] + ("A" if token[-1] != "A" else "B")})
    assert forged.stage == "seat" and "no longer holds a seat" in texts(forged.__panel__())
    # the teacher frees the seat: the device says so and offers the seats again
    run(room.free_seat(0))
    assert page.stage == "seat" and "freed your seat" in texts(page.__panel__())
    assert room.code in page.keeper.store.get("forget", [])


def test_a_wrong_code_is_said_kindly(hub):
    page = JoinPage(hub, code="", lang="en", client="c1")
    page._hello({})
    assert page.stage == "code"
    page._open("O0O0O")  # look-alike letters are not in the alphabet
    assert "not a room code" in texts(page.__panel__())
    page._open("KKKKK")
    assert "No open room has that code" in texts(page.__panel__())


def test_a_code_sent_to_another_server_says_connecting_not_no_such_room(hub, monkeypatch):
    """Behind a proxy a typed code may reach a server that does not run its room: that page
    loads the room's address (the proxy sends it to the right server) and says "Connecting…"
    meanwhile, never "No open room"."""
    import canal_heritage.views.navigation as navigation

    page = JoinPage(hub, code="", lang="en", client="c1")
    page.keeper._handle_msg({"seats": {}})
    page._open("K4TXA")
    assert "No open room" in texts(page.__panel__())
    monkeypatch.setattr(navigation, "navigating", lambda: True)  # this page is being sent to the room's server
    page._open("K4TXA")
    shown = texts(page.__panel__())
    assert "Connecting" in shown and "No open room" not in shown


def test_the_form_drawn_again_still_has_its_seat_choices(hub):
    """Back at "All rooms" after a room, the form keeps each seat's choice, and shows it."""
    page = TeacherPage(hub, lang="en")
    page.form.seat_selects[2].value = "student"
    page._draw_rooms()  # "All rooms": the page drawn again
    shown = [o for o in page.__panel__().select() if any(c.startswith("seat-plan-") for c in o.css_classes or [])]
    assert len([s for s in shown if s.visible]) == 3  # three seats by default, each with its choice
    assert page.form.seat_selects[2].value == "student" and page.plan().seats[2].kind == "student"


def test_the_projector_lets_go_of_each_room_it_showed(hub):
    """A projector shows room after room in a lesson. Once it shows the next one, nothing of
    the last room's table stays: its components left the page before the browser was sent
    them (outside a server no update is ever sent), and the document forgets them
    (canal_heritage.serve.mend_bokeh_new_models; Bokeh 3.9 kept them, and through them the
    table, its match and its game, until the page closed), nor Panel's list of the page's
    periodic callbacks (it kept each table's stopped timer, and through it the table)."""
    import gc
    import weakref

    from bokeh.document import Document
    from bokeh.server.contexts import BokehSessionContext, _RequestProxy
    from panel.io.state import set_curdoc

    from canal_heritage.serve import mend_bokeh_new_models

    mend_bokeh_new_models()
    mend_bokeh_new_models()  # once is enough
    doc = Document()
    context = BokehSessionContext("projector", object(), doc)  # a page of a server: the tables'
    context._request = _RequestProxy(object(), arguments={}, cookies={}, headers={})  # timers run
    doc._session_context = weakref.ref(context)  # (views.theme.every), as served
    with set_curdoc(doc):
        page = TeacherPage(hub, lang="en", allowed=True)
        doc.add_root(page.__panel__().get_root(doc))
        gone = []
        for seed in (1, 2, 3):
            room = hub.create(RoomPlan("midi", (SeatPlan("student"), SeatPlan("student")), lang="en", pace=0,
                                       seed=seed, first=0))
            page.show_room(room)
            assert page.table is not None and "midi-table" in page.table.__panel__().css_classes
            assert page.table._watchdog is not None and page.table._watchdog.running
            gone.append((weakref.ref(page.table), weakref.ref(page.replica)))
            run(room.close())
            page._draw_rooms()
            del room
        # the rooms' list looks at the class every half second while it is shown, not after
        assert page.class_view.looking is not None and page.class_view.looking.running
        page.leave()
        assert page.class_view.looking is None
    gc.collect()
    assert [(table() is None, match() is None) for table, match in gone] == [(True, True)] * 3
    assert len(doc.models._new_models) <= len(list(doc.models))  # only models still in the page
    timers = [cb for cb in doc.callbacks.session_callbacks if type(cb).__name__ == "PeriodicCallback"]
    assert timers == []  # every table's timer stopped with it


def test_a_show_button_of_a_room_closed_meanwhile_shows_the_list_again(hub):
    """The list "Rooms open now" keeps each room's id, not the room: a room closed from another
    page is let go of, and its button, pressed late, draws the list again without it."""
    import gc
    import weakref

    plan = RoomPlan("midi", (SeatPlan("student"), SeatPlan("student")), lang="en", pace=0, seed=5, first=0)
    first, second = hub.create(plan), hub.create(plan)
    page = TeacherPage(hub, lang="en", allowed=True)
    buttons = {c: o for o in page.__panel__().select() for c in (getattr(o, "css_classes", None) or [])
               if c.startswith("show-")}
    assert set(buttons) == {f"show-{first.code}", f"show-{second.code}"}
    gone, code = weakref.ref(first), first.code
    run(first.close())  # closed from another page
    del first
    gc.collect()
    assert gone() is None  # the page does not keep it
    buttons[f"show-{code}"].clicks += 1
    assert page.room is None
    shown = {c for o in page.__panel__().select() for c in (getattr(o, "css_classes", None) or [])}
    assert f"show-{code}" not in shown and f"show-{second.code}" in shown
    buttons[f"show-{second.code}"].clicks += 1
    assert page.room is second


def test_the_join_page_guards_codes_and_says_a_closed_rooms_code_has_closed(hub):
    """Issue 28, item 2: the code typed on /join goes through the hub's limited, logged
    look-up (with this device's id), and a closed room's code says it has closed."""
    hub.joins = codes.RateLimiter(3, 60)
    room = hub.create(RoomPlan("midi", (SeatPlan("student"), SeatPlan("bot", "random")), lang="en", pace=0, seed=3,
                               first=0))
    run(room.close())
    page = JoinPage(hub, code="", lang="en", client="tablet-7")
    page._hello({})
    page._open(room.code.lower())
    assert "This room has closed — ask your teacher for the new code." in texts(page.__panel__())
    for typed in ("KKKKK", "KKKKA", "KKKKC"):
        page._open(typed)
        assert "No open room has that code" in texts(page.__panel__())
    page._open("KKKKE")
    assert "Too many tries" in texts(page.__panel__()) and page.stage == "code"
    hub.io.submit(lambda: None).result()  # the log is written in the store's thread
    for _ in range(100):
        rows = hub.store.refusals()
        if sum(reason == "no such room" for _, reason, _ in rows) == 3 and len(rows) >= 5:
            break
        time.sleep(0.02)
    assert {client for _, _, client in rows} == {"tablet-7"}
    assert [reason for _, reason, _ in rows].count("too many join attempts") == 1
    french = JoinPage(hub, code=room.code, lang="fr", client="tablet-8")
    french._hello({})
    assert "demandez le nouveau code à votre enseignant" in texts(french.__panel__())


def test_enter_in_the_pin_field_opens_the_teachers_page(hub):
    """Issue 28, item 6: Enter in the PIN field does what the "Open" button does (Bokeh's
    field sends ``value_submit`` on Enter; the browser test presses the key)."""
    from types import SimpleNamespace

    page = TeacherPage(hub, lang="en", allowed=False, pin="123456", client="c1", pin_limiter=codes.RateLimiter(5, 60))
    page._pin_input._process_event(SimpleNamespace(event_name="value_submit", value="111111"))
    assert not page.allowed and "That is not the PIN" in texts(page.__panel__())
    page._pin_input._process_event(SimpleNamespace(event_name="value_submit", value="123456"))
    assert page.allowed and "Open a new room" in texts(page.__panel__())
