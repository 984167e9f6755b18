"""The teacher's class view in Chromium (issue 28, items 4 and 7): every room at a glance,
following the class as it plays — a move, a student who closes the tab — and a room put on
the projector from there."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_classroom import join, join_address, new_context, open_room

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def classroom_url():
    from serving import serve

    server, url = serve(seed=11)
    yield url
    server.stop()


def card(teacher, code: str):
    return teacher.locator(".room-card", has_text=code)


def test_the_class_view_follows_moves_and_a_closed_tab(browser, classroom_url):
    url = classroom_url
    contexts = []
    try:
        ctx, teacher = new_context(browser, 1280, 800)
        contexts.append(ctx)
        first = open_room(teacher, url, seats=2, bots=0)
        first_address = join_address(teacher, url)
        second = open_room(teacher, url, game="Arriala", seats=2, bots=1)
        students = {}
        for name, address in (("Ana", first_address), ("Ben", first_address)):
            c, p = new_context(browser, 390, 844)
            contexts.append(c)
            join(p, address, name)
            students[name] = (c, p)
        teacher.goto(url + "teacher?lang=en")
        room = card(teacher, first)
        expect(room).to_contain_text("Canal du Midi")
        expect(room).to_contain_text("students here: 2 of 2")
        expect(room).to_contain_text("Ana: connected")
        expect(room).to_contain_text("Ben: connected")
        expect(card(teacher, second)).to_contain_text("students here: 0 of 1")
        # "Open a new room" is in view beside the rooms on a laptop, without scrolling
        expect(teacher.locator(".new-room-form h2")).to_be_in_viewport()
        expect(teacher.locator(".class-view")).to_be_in_viewport()
        # a move: the card says whom the table waits on now
        waiting = room.locator(".waiting").inner_text()
        mover = "Ana" if "Ana" in waiting else "Ben"
        device = students[mover][1]
        device.locator(".choices button.choice:not(.unavailable)").first.click()
        expect(room.locator(".waiting")).not_to_have_text(waiting)
        # a student closes the tab: away on the teacher's page within a few seconds (not when
        # the server discards the page, 15–30 s later)
        students["Ben"][0].close()
        contexts.remove(students["Ben"][0])
        expect(room).to_contain_text("Ben: away", timeout=8000)
        expect(room).to_contain_text("Ana: connected")
        # a room on the projector from the class view, and back
        teacher.locator(f".projector-picks .show-{first} button").click()
        teacher.locator(".big-code").wait_for()
        expect(teacher.locator(".big-code")).to_have_text(first)
        teacher.locator(".all-rooms button").click()
        expect(card(teacher, first)).to_be_visible()
    finally:
        for c in contexts:
            c.close()


def test_pause_every_room_and_end_the_lesson(browser, classroom_url):
    url = classroom_url
    ctx, teacher = new_context(browser, 1366, 768)
    try:
        codes = [open_room(teacher, url, seats=2, bots=1), open_room(teacher, url, game="Arriala", seats=2, bots=1)]
        teacher.goto(url + "teacher?lang=en")
        for code in codes:
            expect(card(teacher, code)).to_be_visible()
        teacher.locator(".pause-all button").click()
        for code in codes:
            expect(card(teacher, code)).to_contain_text("Paused")
        expect(teacher.locator(".pause-all button")).to_have_text("Let every room go on")
        teacher.locator(".pause-all button").click()
        for code in codes:
            expect(card(teacher, code)).not_to_contain_text("Paused")
        teacher.locator(".end-all button").click()
        expect(teacher.locator(".end-all button")).to_contain_text("click again")
        teacher.locator(".end-all button").click()
        expect(teacher.locator(".room-card")).to_have_count(0)
        # the class's results on the projector, and on one A4 sheet
        summary = teacher.locator(".lesson-end")
        expect(summary).to_contain_text("the lesson's results")
        for code in codes:
            expect(summary).to_contain_text(code)
        expect(summary).to_contain_text("Built most often")
        with teacher.expect_popup() as opened:
            teacher.locator("button.print-summary").click()
        sheet = opened.value
        sheet.wait_for_load_state()
        expect(sheet.locator(".lesson-end h1")).to_contain_text("the lesson's results")
        printed = sheet.content()
        sheet.close()  # its own print is under way: the same document is laid out again for the count
        paper = ctx.new_page()
        paper.set_content(printed)
        pdf = paper.pdf(format="A4", print_background=True)
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1  # one sheet
        paper.close()
        teacher.locator(".lesson-back button").click()
        teacher.locator(".room-form").wait_for()
        # every code has stopped working
        student = ctx.new_page()
        student.goto(url + f"join?code={codes[0]}&lang=en")
        expect(student.locator(".join-note")).to_contain_text("closed")
    finally:
        ctx.close()
