"""Codes and PINs guarded, in a real browser (issue 28, items 2 and 6):

- a device typing wrong room codes is told to wait once it has missed too often, and every
  refusal is logged with the device's id;
- a device typing the code of a room the teacher has closed reads that the room has closed;
- on the teacher's PIN page, Enter in the field opens the page as the "Open" button does.

The server runs in this process (its hub may be looked at, its limit made small: every page
here comes from 127.0.0.1, one client for the limits)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_classroom import new_context, open_room, wait_until

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def guarded_url():
    """A classroom of its own: the tests here fill the one client's limit on purpose."""
    from serving import serve

    server, url = serve(seed=7)
    yield url
    server.stop()


@pytest.fixture
def hub(guarded_url, monkeypatch):
    """The server's rooms, with a limit of 4 missed codes a minute (a fresh count per test)."""
    from canal_heritage.rooms import codes
    from canal_heritage.rooms.service import classroom

    current = classroom().hub
    monkeypatch.setattr(current, "joins", codes.RateLimiter(4, 60))
    return current


def type_code(page, code: str) -> None:
    field = page.locator(".room-code-input input")
    field.fill(code)
    field.press("Enter")


def refusals(hub, reason: str) -> list[str]:
    """The clients of the refusals logged for ``reason`` so far."""
    return [client for _, why, client in hub.store.refusals() if why == reason]


def test_a_device_typing_wrong_codes_is_told_to_wait(browser, guarded_url, hub):
    from canal_heritage.rooms import codes

    context, page = new_context(browser, 390, 844)
    try:
        page.goto(guarded_url + "join?lang=en")
        page.locator(".room-code-input input").wait_for()
        note = page.locator(".join-note")
        before = len(refusals(hub, "no such room"))
        wrong = [c + "KKKK" for c in codes.ALPHABET if hub.store.code_status(c + "KKKK") is None][:6]
        for k, code in enumerate(wrong[:4], start=1):
            type_code(page, code)
            expect(note).to_contain_text("No open room has that code")
            assert wait_until(lambda k=k: len(refusals(hub, "no such room")) == before + k, 10), k
        type_code(page, wrong[4])
        expect(note).to_contain_text("Too many tries: wait a minute")
        expect(note).not_to_contain_text("No open room")
        # each refusal carries this device's id (a keyed hash of its address, never empty)
        device = hub.client("127.0.0.1")
        assert wait_until(lambda: device in refusals(hub, "too many join attempts"), 10)
        assert set(refusals(hub, "no such room")[before:]) == {device}
        assert all(client for _, _, client in hub.store.refusals())
    finally:
        context.close()


def test_a_closed_rooms_code_says_the_room_has_closed(browser, guarded_url, hub):
    contexts = []
    slowed = len(refusals(hub, "too many join attempts"))  # the test above may have filled its count
    try:
        context, teacher = new_context(browser)
        contexts.append(context)
        code = open_room(teacher, guarded_url, seats=2, bots=1)
        teacher.locator(".room-close button").click()
        teacher.locator(".room-close button").click()  # "Really close? (click again)"
        assert wait_until(lambda: hub.find(code) is None, 20)
        context, student = new_context(browser, 390, 844)
        contexts.append(context)
        student.goto(f"{guarded_url}join?code={code}&lang=fr")  # the address of the QR code
        expect(student.locator(".join-note")).to_contain_text(
            "Cette salle est fermée — demandez le nouveau code à votre enseignant.")
        student.goto(f"{guarded_url}join?lang=oc")  # typed by hand, in Occitan
        student.locator(".room-code-input input").wait_for()
        assert wait_until(lambda: len(refusals(hub, "code of a closed room")) == 1, 10)
        for k in range(2, 8):  # a whole table typing the old code is never told to wait
            type_code(student, code.lower())
            assert wait_until(lambda k=k: len(refusals(hub, "code of a closed room")) == k, 10), k
            expect(student.locator(".join-note")).to_contain_text("Aquesta sala es tampada")
        assert len(refusals(hub, "too many join attempts")) == slowed
    finally:
        for c in contexts:
            c.close()


def test_enter_in_the_pin_field_opens_the_teachers_page(browser, guarded_url, monkeypatch):
    from dataclasses import replace

    import canal_heritage.rooms.network as network
    import canal_heritage.settings as serving
    from canal_heritage.rooms import codes
    from canal_heritage.views.classroom import pages

    monkeypatch.setattr(network, "is_loopback", lambda _ip: False)  # a device of the network
    monkeypatch.setattr(serving, "_settings", replace(serving.settings(), teacher_pin="246810"))
    monkeypatch.setattr(pages, "PIN_LIMITER", codes.RateLimiter(5, 60))
    context, page = new_context(browser, 390, 844)
    try:
        page.goto(guarded_url + "teacher?lang=fr")
        field = page.locator(".teacher-pin input")
        field.fill("135790")
        field.press("Enter")
        expect(page.locator(".teacher-page")).to_contain_text("Ce n'est pas le bon code PIN")
        field = page.locator(".teacher-pin input")  # the field is drawn again, empty
        expect(field).to_have_value("")  # the new field, not the old one still going (a loaded machine)
        field.fill("246810")
        field.press("Enter")
        page.locator(".room-form").wait_for()
        expect(page.locator(".teacher-pin input")).to_have_count(0)
    finally:
        context.close()
