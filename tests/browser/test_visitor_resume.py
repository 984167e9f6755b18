"""A visitor's game survives the server (issue 14, item 4), in real Chromium: a game against a
bot is kept in the store under the browser's token; a reload goes straight back to it, and
after the server is killed (SIGKILL) and started again the home page offers it back, at the
same decision."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect
from serving import free_port
from test_classroom import SERVER, kill, new_context, start_server
from test_exhibit import click_any_action, start_vs_bot

from canal_heritage import games
from canal_heritage.store import Store, hash_token

MIDI = games.kind("midi").name  # the page, record and plan name of Canal du Midi

pytestmark = pytest.mark.browser


def kept(db, token: str) -> list:
    with Store(str(db), migrate=False) as store:
        return store.kept_games(hash_token(token))


def test_a_visitor_game_resumes_after_the_server_is_killed(browser, tmp_path):
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    db = tmp_path / "exhibit.db"
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    proc = start_server(script, port, db)
    ctx, page = new_context(browser)
    try:
        start_vs_bot(page, url)
        page.locator(".prompt button").first.wait_for()
        token = page.evaluate("window.localStorage.getItem('canal-heritage-visitor')")
        assert token and len(token) >= 32 and token not in page.url  # kept by the browser, not in the address
        for _ in range(3):  # a few of the visitor's moves, each answered by the bot
            assert click_any_action(page)
            page.wait_for_timeout(400)
        page.locator(".prompt button").first.wait_for()
        heading = page.get_by_role("heading", level=1).first.inner_text()
        (record,) = kept(db, token)
        written = len(record.decisions)
        assert record.kind == "visitor" and record.game == MIDI and written >= 3
        # a reload: the address names the table, so the page goes straight back to the game (the
        # page before still holds it until Bokeh closes its session: the new page takes it over)
        assert "page=midi" in page.url
        page.reload()
        page.locator(".prompt button").first.wait_for()
        expect(page.get_by_role("heading", level=1).first).to_have_text(heading)
        assert "page=midi" in page.url
        kill(proc)
        proc = start_server(script, port, db)
        page.goto(url + "?lang=en")
        resume = page.locator(".resume-midi button")
        expect(resume).to_be_visible()
        resume.click()
        page.locator(".prompt button").first.wait_for()
        assert page.get_by_role("heading", level=1).first.inner_text() == heading
        (record,) = kept(db, token)
        assert len(record.decisions) == written  # the same decision, nothing replayed twice
        assert click_any_action(page)  # and the game goes on, kept
        deadline = time.monotonic() + 20
        while len(kept(db, token)[0].decisions) <= written and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(kept(db, token)[0].decisions) > written
        # another browser (no token) is not offered it
        other, stranger = new_context(browser)
        try:
            stranger.goto(url + "?lang=en")
            stranger.locator(".home-screen").wait_for()
            stranger.wait_for_timeout(1000)
            assert stranger.locator(".resume-midi button").count() == 0
        finally:
            other.close()
    finally:
        ctx.close()
        kill(proc)
