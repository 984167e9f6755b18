"""The classroom in real browsers (issue 14): a teacher at the projector and students on their
own devices, each a separate browser context (its own storage, as separate tablets are).

- a whole Canal du Midi game: the teacher opens a room, three students join by the address the
  projector shows (a bot takes the fourth seat), play to the end (one reloads midway and comes back to its seat), the
  projector shows the end, and the teacher downloads the results;
- part of an Arriala game with three contexts, each holding its own hand and nothing of the
  others' (in the page and in the websocket frames), the projector no hand at all;
- the server killed (SIGKILL) in the middle of a room and started again: the room resumes at
  the same decision and the students return to their seats with the tokens their browsers kept.

Every page talks to 127.0.0.1 only."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from deep_dom import page_html
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from serving import free_port

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def classroom_url():
    """The exhibit with its classroom, in this process (the test may look at the rooms)."""
    from serving import serve

    server, url = serve(seed=7)
    yield url
    server.stop()


def new_context(browser, width=1280, height=800):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page


def open_room(teacher, url: str, *, game: str = "Canal du Midi", seats: int = 3, bots: int = 1) -> str:
    """The teacher opens a room from the form; its code (as the projector shows it)."""
    teacher.goto(url + "teacher?lang=en")
    teacher.locator(".room-form").wait_for()
    teacher.locator(".room-game").get_by_role("button", name=game).click()
    teacher.locator(".room-seats").get_by_role("button", name=str(seats), exact=True).click()
    expect(teacher.locator(f".seat-plan-{seats - 1} select")).to_be_visible()
    if seats < 4:
        expect(teacher.locator(f".seat-plan-{seats} select")).to_be_hidden()
    for i in range(seats):
        choice = "A student" if i < seats - bots else "A bot: Steady"
        teacher.locator(f".seat-plan-{i} select").select_option(label=choice)
    teacher.locator(".room-pace select").select_option(label="Fast")
    teacher.locator(".create-room button").click()
    teacher.locator(".big-code").wait_for()
    return teacher.locator(".big-code").inner_text().strip()


def join_address(teacher, server: str) -> str:
    """The join address on the projector, opened at ``server`` (this test's server, through the
    loopback address): the page shows the port of the process's last server, and one test
    process runs several."""
    from urllib.parse import urlsplit

    shown = urlsplit(teacher.locator(".join-card .address").inner_text().strip())
    assert shown.path == "/join" and shown.query.startswith("code="), shown
    return f"{server.rstrip('/')}/join?{shown.query}"


def join(page, address: str, name: str) -> None:
    page.goto(address + "&lang=en")
    page.locator(".student-name input").fill(name)
    page.locator(".seat-choices button:not([disabled])").first.click()
    page.locator(".room-band").wait_for()
    expect(page.locator(".room-band")).to_contain_text(f"You: {name}")


def play_a_choice(page) -> bool:
    """A student's one step at the Canal du Midi table, once the device offers a choice: a click
    on the first choice that is possible, then a wait until the device replaced it (the table
    moved on). False once the game is over."""
    choice = page.locator(".choices button.choice:not(.unavailable), .end-screen").first
    choice.wait_for()
    handle = choice.element_handle()
    if handle is None or "end-screen" in (handle.get_attribute("class") or ""):
        return False
    with contextlib.suppress(PlaywrightError):  # the choice went away meanwhile (the table moved on)
        handle.click(timeout=5000)
        handle.wait_for_element_state("hidden", timeout=5000)
    return True


def title(page) -> str:
    """The table's title and status (empty while the page shows something else)."""
    found = page.locator(".table-title .status")
    return found.first.inner_text() if found.count() else ""


def wait_until(condition, timeout: float) -> bool:
    """Whether ``condition()`` came true within ``timeout`` seconds (asked every 50 ms, in this
    process: no browser is woken to ask)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def to_move(room) -> int | None:
    """The seat the room waits for (None: nobody, or asked while the server's thread was
    playing a decision)."""
    try:
        return room.match.to_move
    except Exception:  # the state read half-changed: ask again on the next round
        return None


@pytest.fixture
def quick_bots(monkeypatch):
    """The teacher's "Fast" pace is no pause at all between two bots' actions in this process's
    server (the pace is the projector's, not what these tests look at)."""
    from canal_heritage.views.classroom import pages

    monkeypatch.setitem(pages.PACES, "fast", 0)


def test_a_class_plays_a_whole_canal_du_midi_game(browser, classroom_url, quick_bots):
    from canal_heritage.rooms.service import classroom

    contexts = []
    try:
        ctx, teacher = new_context(browser)
        contexts.append(ctx)
        code = open_room(teacher, classroom_url, seats=4, bots=1)  # three students and a bot
        assert len(code) == 5
        address = join_address(teacher, classroom_url)
        assert address.endswith(f"/join?code={code}")
        assert teacher.locator(".join-card svg[role=img]").count() == 1  # the QR code, named
        students = []
        for name in ("Ana", "Bo", "Cy"):
            sctx, page = new_context(browser, 768, 1024)
            contexts.append(sctx)
            join(page, address, name)
            students.append(page)
        expect(teacher.locator(".seat-list")).to_contain_text("Ana: connected")
        expect(teacher.locator(".seat-list")).to_contain_text("Bo: connected")
        expect(teacher.locator(".seat-list")).to_contain_text("Cy: connected")
        # the introduction's "About ..." opens the exhibit's explorer in a new tab (the game stays)
        about = students[0].locator("a.intro-about").first
        expect(about).to_be_visible()
        assert "page=explorer" in (about.get_attribute("href") or "") and about.get_attribute("target") == "_blank"
        assert students[0].locator(".intro-link-0 button").count() == 0 or not students[0].locator(
            ".intro-link-0 button").is_visible()
        # the token is kept by the browser, never in the address
        token = students[0].evaluate("() => JSON.parse(localStorage.getItem('canal-heritage-seats'))")[code]
        assert len(token) >= 22 and token not in students[0].url

        # the students play by clicks, each on their own device when the room says it is their
        # turn (seats 0-2 are theirs in the order they joined, seat 3 the bot's)
        room = classroom().hub.find(code)
        reloaded = False
        deadline = time.monotonic() + 240
        while not room.over:
            assert time.monotonic() < deadline, "the game did not end in time"
            if not reloaded and room.match.state.round >= 4:
                students[0].reload()  # a tablet reloads midway: back to its seat
                students[0].locator(".room-band").wait_for()
                expect(students[0].locator(".room-band")).to_contain_text("You: Ana")
                reloaded = True
            before = room.decisions
            seat = to_move(room)
            if seat is not None and seat < len(students):
                play_a_choice(students[seat])
            wait_until(lambda before=before: room.decisions != before or room.over, 5)  # the room moved on
        assert reloaded, "the game ended before the reload was tried"
        # the projector shows the end: the score sheet and the winners
        end = teacher.locator(".end-screen")
        end.wait_for()
        expect(end.locator(".winner")).not_to_be_empty()
        for page in students:  # each device shows the end too (a finished game stays on screen)
            page.locator(".end-screen").wait_for()
        # the projector offers each student's review for the class to discuss (issue 29): the
        # teacher picks Bo's
        reviews = end.locator(".review-open button")
        expect(reviews).to_have_count(3)
        end.locator(".review-seat-1 button").click()
        end.locator(".review h3").wait_for(timeout=60_000)
        assert "Bo" in reviews.nth(1).inner_text()
        # the teacher downloads the results
        download_button = teacher.locator(".download-results button")
        expect(download_button).to_be_enabled()
        with teacher.expect_download(timeout=60_000) as info:  # the server builds the sheet (a loaded CI machine)
            download_button.click()
        csv = Path(info.value.path()).read_text(encoding="utf-8")
        assert code in csv and "Ana" in csv and "Bo" in csv and "Cy" in csv
        # and the results are listed on the teacher's page
        teacher.locator(".all-rooms button").click()
        expect(teacher.locator(".results-section")).to_contain_text(code)
    finally:
        for c in contexts:
            c.close()


def test_each_device_holds_its_own_hand_only(browser, classroom_url, monkeypatch):
    from canal_heritage.arriala.narration import Narrator
    from canal_heritage.rooms.hub import Hub
    from canal_heritage.rooms.service import classroom

    # a seed whose two hands each hold a card the other lacks: a drawn seed deals two hands of the
    # same kinds about once in thirty rooms, and then there is nothing hidden to look for
    monkeypatch.setattr(Hub, "draw_seed", staticmethod(lambda: 4))

    contexts = []
    try:
        ctx, teacher = new_context(browser)
        contexts.append(ctx)
        code = open_room(teacher, classroom_url, game="Arriala", seats=2, bots=0)
        address = join_address(teacher, classroom_url)
        pages, frames = [], []
        for name in ("Ana", "Bo"):
            sctx, page = new_context(browser, 1280, 800)
            contexts.append(sctx)
            got: list[str] = []
            page.on("websocket", lambda ws, got=got: ws.on("framereceived", lambda payload: got.append(str(payload))))
            join(page, address, name)
            pages.append(page)
            frames.append(got)
        room = classroom().hub.find(code)
        assert room.seed == 4
        state = room.match.state
        narrator = Narrator("en", room.match.game)
        hands = [set(state.hand_list(0)), set(state.hand_list(1))]
        for seat, page in enumerate(pages):
            page.locator("button.card").first.wait_for()
            dom = page_html(page)
            assert any(f"card-{c}" in dom for c in hands[seat]), "the page's own hand is read (shadow roots too)"
            others = hands[1 - seat] - hands[seat]
            assert others, "seed 4 deals two hands that differ"
            for cid in others:
                name = narrator.card(cid)
                assert f"card-{cid}" not in dom and name not in dom, f"seat {seat} sees {name}"
                assert not any(f"card-{cid}" in f or f'"{name}"' in f for f in frames[seat]), f"{name} was sent"
            mine = {c.split("card-")[1] for c in page.locator(".card").evaluate_all(
                "els => els.map(e => [...e.classList].find(c => c.startsWith('card-')))") if c}
            assert mine == {str(c) for c in hands[seat]}
            assert frames[seat], "the websocket traffic was not captured"
        projector = page_html(teacher)
        assert code in projector  # the room's page is read, shadow roots too
        for cid in hands[0] | hands[1]:
            assert f"card-{cid}" not in projector, "the projector shows a hand"
        # part of the game: whoever is to move places a worker or ends the turn, by clicks
        from test_arriala_exhibit import act

        for _ in range(4):
            seat = room.match.to_move
            before = room.decisions
            act(pages[seat])
            deadline = time.monotonic() + 10
            while room.decisions == before and time.monotonic() < deadline:
                time.sleep(0.05)
            assert room.decisions > before
        # both devices and the projector follow the room
        for page in (*pages, teacher):
            expect(page.locator(".status")).not_to_be_empty()
        assert room.decisions >= 4 and len(classroom().store.room(room.id).decisions) == room.decisions
    finally:
        for c in contexts:
            c.close()


# ---------------------------------------------------------------------- kill and restart
SERVER = """
import os, sys
if __name__ == "__main__":
    from canal_heritage.serve import make_server
    make_server(port=int(sys.argv[1]), db_url=sys.argv[2], bot_workers=1)
"""


#: The server above, the teacher's "Fast" pace no pause at all between two bots' actions (the
#: pace is the projector's, not what the test looks at).
QUICK_SERVER = """
import os, sys
if __name__ == "__main__":
    from canal_heritage.serve import make_server
    from canal_heritage.views.classroom.pages import PACES
    PACES["fast"] = 0
    make_server(port=int(sys.argv[1]), db_url=sys.argv[2], bot_workers=1)
"""


def start_server(script: Path, port: int, db: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, str(script), str(port), str(db)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    for _ in range(150):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/teacher", timeout=2)
            return proc
        except Exception:
            assert proc.poll() is None, "the server did not start"
            time.sleep(0.2)
    raise AssertionError("the server did not answer")


def kill(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)  # the server and its bot workers, without warning
        proc.wait(timeout=10)


def test_the_server_is_killed_and_the_game_goes_on(browser, tmp_path):
    script = tmp_path / "server.py"
    script.write_text(QUICK_SERVER)
    db = tmp_path / "class.db"
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    proc = start_server(script, port, db)
    contexts = []
    try:
        ctx, teacher = new_context(browser)
        contexts.append(ctx)
        code = open_room(teacher, url, seats=2, bots=1)
        address = join_address(teacher, url)
        sctx, student = new_context(browser, 768, 1024)
        contexts.append(sctx)
        join(student, address, "Ana")
        for _ in range(200):  # play into round 3
            if "Round 3" in title(student):
                break
            play_a_choice(student)
        round_before = title(student)
        assert "Round 3" in round_before, round_before
        kill(proc)
        proc = start_server(script, port, db)
        # the tablet reloads: the same seat, the same round
        student.reload()
        student.locator(".room-band").wait_for()
        expect(student.locator(".room-band")).to_contain_text("You: Ana")
        expect(student.locator(".table-title .status").first).to_have_text(round_before)
        teacher.reload()  # the projector's address names the room
        teacher.locator(".big-code").wait_for()
        assert teacher.locator(".big-code").inner_text().strip() == code
        # and the game goes on to its end
        deadline = time.monotonic() + 60
        while play_a_choice(student):
            assert time.monotonic() < deadline, "the game did not end in time"
        teacher.locator(".end-screen").wait_for()
    finally:
        for c in contexts:
            c.close()
        kill(proc)
