"""Kept games (issue 14, item 4): a visitor's or a kiosk's game is written to the store before
each move is shown, resumes at the same decision, and never becomes a classroom room.

Each test runs its game on an event loop of its own with a real store (SQLite in ``tmp_path``);
bots think in a thread."""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest

from canal_heritage.matches.arriala import ArrialaMatch
from canal_heritage.matches.midi import MidiMatch
from canal_heritage.matches.table import Seat
from canal_heritage.rooms import visitor
from canal_heritage.rooms.hub import Hub
from canal_heritage.rooms.visitor import KeptGame, kept_games, new_token, restore
from canal_heritage.store import Store

VISITOR_AND_BOTS = [Seat("human", "Lou"), Seat("bot", "", "random"), Seat("bot", "", "heuristic")]


@pytest.fixture
def store(tmp_path):
    s = Store(str(tmp_path / "kept.db"))
    yield s
    s.close()


@pytest.fixture
def io():
    with ThreadPoolExecutor(1) as pool:
        yield pool
    visitor._HELD.clear()


def run(coro):
    # a loop of its own, in a thread: Playwright's sync API may hold this thread's loop (browser tests)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def written(store: Store, room_id: str) -> int:
    record = store.room(room_id)
    assert record is not None
    return len(record.decisions)


async def play_a_while(match, rng: random.Random, moves: int) -> None:
    """The visitor plays random legal moves (through the journal, as the table does) and the
    bots answer, until ``moves`` of the visitor's are played or the game ends."""
    for _ in range(moves):
        await match.run_bots()
        if match.over:
            return
        assert match.is_viewer_turn()
        assert await match.kept(partial(match.play, rng.choice(match.legal_actions())))


@pytest.mark.parametrize("cls", [MidiMatch, ArrialaMatch], ids=["midi", "arriala"])
def test_each_decision_is_written_before_the_table_shows_it(cls, store, io):
    async def go():
        token = new_token()
        match = cls(VISITOR_AND_BOTS, seed=5, lang="en", **({"pace": 0} if cls is ArrialaMatch else {}))
        journal = KeptGame.start(match, store=store, io=io, kind="visitor", token=token, lang="en")
        seen: list[tuple[int, int]] = []  # (decisions in the game, decisions written) when the views are told
        match.param.watch(lambda _e: seen.append((len(match.state.history), written(store, journal.room_id))),
                          "version")
        await play_a_while(match, random.Random(1), 8)
        assert seen and all(shown == kept for shown, kept in seen), seen
        assert written(store, journal.room_id) == len(match.state.history) > 8
        return token, journal.room_id, list(match.state.history), [m.key for _, m in match.bot_moves]

    token, room_id, history, keys = run(go())
    records = kept_games(store, token)
    assert [r.id for r in records] == [room_id] and records[0].kind == "visitor"
    assert records[0].seats[0].token_hash != token  # only the token's hash is kept
    assert [s.name for s in records[0].seats][0] == "Lou"
    # resumed as a new server would: the same position, the bots' explanations with it
    visitor._HELD.clear()
    again = restore(records[0], store=store, io=io, lang="fr", pace=0)
    assert list(again.state.history) == history
    assert [m.key for _, m in again.bot_moves] == keys
    assert again.names[0] == "Lou" and again.lang == "fr"
    assert again.viewer == 0


def test_a_resumed_game_goes_on_writing_where_it_stopped(store, io):
    async def first_part():
        match = MidiMatch(VISITOR_AND_BOTS, seed=9, lang="en")
        KeptGame.start(match, store=store, io=io, kind="kiosk", token=token, lang="en")
        await play_a_while(match, random.Random(2), 3)

    async def second_part(match):
        await play_a_while(match, random.Random(3), 3)
        return list(match.state.history)

    token = new_token()
    run(first_part())
    visitor._HELD.clear()  # the server stopped
    (record,) = kept_games(store, token)
    assert record.kind == "kiosk"
    match = restore(record, store=store, io=io, lang="en")
    history = run(second_part(match))
    (record,) = kept_games(store, token)
    assert [d.number for d in record.decisions] == list(range(len(history)))
    assert len(record.decisions) == len(history)


def test_taking_a_move_back_takes_it_out_of_the_store(store, io):
    async def go():
        match = MidiMatch([Seat("human", "Lou"), Seat("bot", "", "random")], seed=3, lang="en")
        journal = KeptGame.start(match, store=store, io=io, kind="visitor", token=new_token(), lang="en")
        await match.run_bots()
        if journal.created is not None:  # the room is written in the background
            await asyncio.wrap_future(journal.created)
        before = written(store, journal.room_id)
        assert await match.kept(lambda: match.play(match.legal_actions()[0]))
        assert written(store, journal.room_id) == before + 1
        assert match.can_undo()
        assert await match.kept(match.undo)
        assert written(store, journal.room_id) == before == len(match.state.history)

    run(go())


def test_arriala_last_action_waiting_for_end_my_turn_is_written_once(store, io):
    """T-R2: the action that spends the last action point is shown and waits for "End my
    turn"; the store has it once, and a game resumed there has the turn passed (the engine's
    A-R17)."""
    async def go():
        match = ArrialaMatch([Seat("human", "Lou"), Seat("bot", "", "random")], seed=4, lang="en", pace=0)
        journal = KeptGame.start(match, store=store, io=io, kind="visitor", token=token, lang="en")
        await match.run_bots()
        rng = random.Random(5)
        while not match.waiting_to_end:
            legal = [a for a in match.legal_actions() if a != 0] or list(match.legal_actions())
            assert await match.kept(partial(match.play, rng.choice(legal)))
            await match.run_bots()
        assert written(store, journal.room_id) == len(match.state.history)
        held = list(match.state.history)
        from canal_heritage.arriala import actions as A

        assert await match.kept(lambda: match.play(A.END_TURN))
        assert list(match.state.history)[:len(held)] == held
        assert written(store, journal.room_id) == len(held)  # ending the turn is not one more decision
        return held

    token = new_token()
    held = run(go())
    visitor._HELD.clear()
    (record,) = kept_games(store, token)
    again = restore(record, store=store, io=io, lang="en", pace=0)
    assert list(again.state.history) == held and not again.waiting_to_end


class FailingStore:
    """A store whose decisions cannot be written (a full disk)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def __getattr__(self, name):
        return getattr(self.store, name)

    def append_decision(self, *args, **kw):
        raise OSError("No space left on device")


def test_a_visitor_game_goes_on_when_the_store_fails_and_is_never_resumed_wrong(store, io, caplog):
    async def go():
        match = MidiMatch(VISITOR_AND_BOTS, seed=6, lang="en")
        journal = KeptGame.start(match, store=FailingStore(store), io=io, kind="visitor", token=token, lang="en")
        await play_a_while(match, random.Random(4), 4)  # the game goes on
        assert journal.broken
        return len(match.state.history)

    token = new_token()
    played = run(go())
    assert played > 4
    assert "could not be written" in caplog.text
    io.submit(lambda: None).result()  # the record's closing has run
    assert kept_games(store, token) == []  # closed: never offered at a wrong position


def test_one_page_at_a_time_and_a_discarded_game_is_closed(store, io):
    token = new_token()
    match = MidiMatch(VISITOR_AND_BOTS, seed=1, lang="en")
    journal = KeptGame.start(match, store=store, io=io, kind="visitor", token=token, lang="en")
    journal.created.result()
    assert visitor.held(journal.room_id)
    run(visitor.take_over(journal.room_id))  # another page resumes it
    assert not visitor.held(journal.room_id) and journal.released and match.closed
    (record,) = kept_games(store, token)
    again = restore(record, store=store, io=io, lang="en")
    again.journal.close()  # a new game in its place, or the kiosk's next visitor
    io.submit(lambda: None).result()
    assert kept_games(store, token) == []
    assert store.room(journal.room_id).status == "closed"
    assert kept_games(store, "not a token") == [] and kept_games(store, new_token()) == []


def test_kept_games_are_not_classroom_rooms(store, io):
    token = new_token()
    match = MidiMatch(VISITOR_AND_BOTS, seed=1, lang="en")
    journal = KeptGame.start(match, store=store, io=io, kind="visitor", token=token, lang="en")
    journal.created.result()
    code = store.room(journal.room_id).code
    hub = Hub(store)
    assert hub.resume() == []  # a restarted classroom does not take them up
    assert hub.find(code) is None and hub.adopt(code) is None
    assert hub.find(code.upper()) is None


def test_the_exhibit_offers_a_kept_game_to_the_same_browser_and_takes_it_over(tmp_path):
    from canal_heritage.exhibit import ExhibitApp
    from canal_heritage.rooms import service

    # a classroom of this test's own: the one of a server this worker runs for other tests
    # (the browser tests' exhibit) is set aside, not closed, and comes back afterwards
    previous, service._current = service._current, None
    service.open_classroom(str(tmp_path / "exhibit.db"))
    try:
        first = ExhibitApp(lang="en", seed=8)
        first._hello(None)  # a browser without a token gets one, kept in its localStorage
        token = first.kept.token
        assert token and first.keeper.order.get("keep") == token
        first.start("midi", VISITOR_AND_BOTS)
        journal = first.match_of("midi").journal
        assert isinstance(journal, KeptGame)

        async def play():
            await play_a_while(first.match_of("midi"), random.Random(6), 2)

        run(play())
        history = list(first.match_of("midi").state.history)

        second = ExhibitApp(lang="fr")  # the same browser reloads the page (or opens another tab)
        second._hello(token)
        assert second.kept.token == token and "keep" not in second.keeper.order
        assert run(second.look_for_kept()) == ["midi"]
        assert second.games_in_progress() == ["midi"] and second.match_of("midi") is None  # offered, not yet taken
        assert run(second.take_up_kept("midi"))
        assert first.match_of("midi").closed and journal.released  # the page before lets it go: its bots stop
        assert list(second.match_of("midi").state.history) == history and second.match_of("midi").lang == "fr"

        async def more():
            await play_a_while(second.match_of("midi"), random.Random(7), 1)

        run(more())
        record = service.classroom().store.room(journal.room_id)
        assert len(record.decisions) == len(second.match_of("midi").state.history) > len(history)

        stranger = ExhibitApp(lang="en")
        stranger._hello("forged-or-unknown-token-0000000000000000000")
        assert run(stranger.look_for_kept()) == [] and stranger.games_in_progress() == []
        third = ExhibitApp(lang="en")
        third._hello(token)
        assert run(third.look_for_kept()) == ["midi"]
        third.start("midi", VISITOR_AND_BOTS)  # a new game instead: the kept one is closed, never offered again
        store = service.classroom().store
        new_id = third.match_of("midi").journal.room_id
        for _ in range(500):  # the store's writes run on two threads: wait for both (at most 5 s)
            if store.room(journal.room_id).status == "closed" and [r.id for r in kept_games(store, token)] == [new_id]:
                break
            time.sleep(0.01)
        assert store.room(journal.room_id).status == "closed"
        assert [r.id for r in kept_games(store, token)] == [new_id]
    finally:
        service.close_classroom()
        service._current = previous
        visitor._HELD.clear()


def test_a_kept_arriala_game_from_before_the_editions_resumes_under_edition_1(store, io):
    """A-R19: a visitor's kept game written before editions (no "edition" in its options) resumes
    with its first-turn engineering work; a new kept game writes edition 2."""
    record = store.create_room(code="~abc123", game="arriala", seed=1, first=0, lang="en",
                               options={"names": ["Lou", ""]}, seats=[("student", None), ("bot", "heuristic")],
                               kind="visitor")
    store.append_decision(record.id, 0, 0, "card engineering-work pont-canal-cacor")
    match = restore(store.room(record.id), store=store, io=io, lang="en")
    assert match.game.edition == 1 and match.state.points[:2] == [5, 0]
    token = new_token()
    fresh = ArrialaMatch([Seat("human", "Lou"), Seat("bot", "", "heuristic")], seed=1, first=0, lang="en")
    journal = KeptGame.start(fresh, store=store, io=io, kind="visitor", token=token, lang="en")
    io.submit(lambda: None).result()  # the room is written in the background
    assert store.room(journal.room_id).options["edition"] == 2
