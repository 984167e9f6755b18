"""The rules a class trips on (issue 28 item 4), headless: a student's device that tries a move
the rules do not allow gets the engine's own reason and changes nothing; the room counts the
try under its rule, through the store, without the student's name; the counts add up over the
rooms of one class session and never over another's; and they are worded, most frequent first,
in English, French and Occitan ("7 tries to move a worker twice in one turn (A-R2)").

Each test runs its rooms on its own event loop with a real store (SQLite in ``tmp_path``)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from canal_heritage import games
from canal_heritage.arriala import actions as AA
from canal_heritage.i18n import translator
from canal_heritage.midi import actions as MA
from canal_heritage.rooms.hub import Hub, RoomPlan, SeatPlan
from canal_heritage.rooms.room import Room
from canal_heritage.rooms.trips import describe_trips
from canal_heritage.store import Store

MIDI, ARRIALA = games.names()  # the registered games, in order (no name written out twice)
TWO_STUDENTS = (SeatPlan("student"), SeatPlan("student"))
GENERIC = "That move is not possible here."


def run(coro):
    # a loop of its own, in a thread (as tests/rooms/test_room_protocol.py runs its rooms)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def settle(room: Room) -> None:
    """Let the room's bots play until a student must act (none sits here: at once)."""
    for _ in range(2000):
        task = room._bot_task
        if task is not None and not task.done():
            await asyncio.sleep(0.01)
            continue
        if room.match.over or not room.match.is_bot_turn() or room.paused or not room.open:
            return
        room.kick_bots()
        await asyncio.sleep(0)
    raise AssertionError("the bots did not finish their turn")


@pytest.fixture
def store(tmp_path):
    s = Store(str(tmp_path / "class.db"))
    yield s
    s.close()


async def seated_room(hub: Hub, game: str, class_id: int | None, names=("Ana", "Bo")) -> tuple[Room, list[str]]:
    """A room of two students who have joined (seat 0 moves first), its bots settled."""
    room = hub.create(RoomPlan(game, TWO_STUDENTS, lang="en", pace=0, seed=11, first=0), class_session_id=class_id)
    tokens = []
    for seat, name in enumerate(names):
        out = await hub.join(room.code, seat, name, client=f"device-{seat}")
        assert out.ok and out.token
        tokens.append(out.token)
    await settle(room)
    assert room.match.to_move == 0
    return room, tokens


async def counted(store: Store, class_id: int, want: dict, timeout: float = 5.0) -> dict:
    """The store's count for the class once it is ``want`` (trips are written in a thread)."""
    deadline = time.monotonic() + timeout
    while True:
        got = store.trips(class_id)
        if got == want or time.monotonic() > deadline:
            return got
        await asyncio.sleep(0.02)


def wrong_phase_try() -> int:
    """A Canal du Midi action of the wrong step: passing a trade while everyone bets (M-R12)."""
    return MA.TRADE_PASS


def reserve_to_vineyard(seat: int) -> int:
    """An Arriala action a worker in the reserve cannot do: go from the canal to a vineyard."""
    return AA.to_vine(seat * AA.W, 0)


@pytest.mark.parametrize("game,action,rule,reason", [
    (MIDI, wrong_phase_try(), "error.wrong_phase", "Not now: Bet a worker."),
    (ARRIALA, reserve_to_vineyard(0), "arriala.error.not_on_canal", "That worker is not on the canal."),
])
def test_a_device_trying_an_illegal_move_gets_the_engines_reason_and_nothing_changes(store, game, action, rule,
                                                                                    reason):
    async def go():
        hub = Hub(store)
        class_id = store.new_class("5e B")
        room, (ta, _) = await seated_room(hub, game, class_id)
        mine = room.replica(0, token=ta, client="device-0")
        history, decisions = list(room.match.state.history), room.decisions
        assert action not in mine.state.legal_actions()
        assert mine.play(action) is False
        # the engine's own sentence, as the exhibit says it: not the room's generic one
        assert mine.message == mine.narrator().error(mine.state.why_illegal(action)) == reason
        assert mine.message != GENERIC
        # nothing moved: not the room, not the device, not the store
        assert room.match.state.history == history == mine.state.history and room.decisions == decisions
        assert len(store.room(room.id).decisions) == decisions
        # the try is counted under its rule, for the room's class
        assert await counted(store, class_id, {(game, rule): 1}) == {(game, rule): 1}
        assert hub.trips(class_id) == {(game, rule): 1}
        # the same try again at the same position is the same trip; after a decision, a new one
        assert mine.play(action) is False and mine.message == reason
        await asyncio.sleep(0.2)
        assert store.trips(class_id) == {(game, rule): 1}

    run(go())


def test_a_greyed_choice_tapped_on_an_arriala_table_says_why_and_is_counted(store):
    from canal_heritage.views.tables.arriala_table import ArrialaTable

    async def go():
        hub = Hub(store)
        class_id = store.new_class("5e B")
        room, (ta, tb) = await seated_room(hub, ARRIALA, class_id)
        told = []
        room.listeners.append(lambda r: told.append(r.decisions))
        mine, theirs = room.replica(0, token=ta), room.replica(1, token=tb)
        table = ArrialaTable(mine)
        history = list(mine.state.history)
        table.choice.choose_kind("to_vineyard")  # greyed: no worker of seat 0 is on the canal yet
        assert mine.message == "None of your workers is on the canal."  # the table's own words
        assert mine.state.history == history and table.choice.kind is None
        want = {(ARRIALA, "arriala.error.not_on_canal"): 1}
        assert await counted(store, class_id, want) == want
        assert told  # the teacher's page is told once the trip is written
        # the other student's tap, while waiting for their turn, is no rule tripped on
        ArrialaTable(theirs).choice.choose_kind("to_vineyard")
        assert theirs.message == "Please wait: it is not your turn."
        await asyncio.sleep(0.2)
        assert store.trips(class_id) == want

    run(go())


def test_waiting_and_a_paused_room_are_not_rules_tripped_on(store):
    async def go():
        hub = Hub(store)
        class_id = store.new_class("5e B")
        room, (ta, tb) = await seated_room(hub, MIDI, class_id)
        mine, theirs, projector = (room.replica(0, token=ta), room.replica(1, token=tb), room.replica(None))
        assert theirs.play(wrong_phase_try()) is False  # not seat 1's turn
        assert theirs.message == "Please wait: it is not your turn."
        assert projector.play(wrong_phase_try()) is False  # the projector holds no seat
        room.set_paused(True)
        assert mine.play(wrong_phase_try()) is False and mine.message == "Please wait: it is not your turn."
        assert room.trip(0, "error.wrong_phase") is False  # the room counts nothing while paused
        room.set_paused(False)
        assert room.trip(0, "error.not_an_action") is False  # a forged message's key is no rule
        assert room.trip(0, "arriala.error.moved_twice") is False  # nor another game's rule
        await asyncio.sleep(0.2)
        assert store.trips(class_id) == {}
        # a device whose seat the teacher freed counts nothing either
        await room.free_seat(0)
        assert mine.play(wrong_phase_try()) is False
        await asyncio.sleep(0.2)
        assert store.trips(class_id) == {}

    run(go())


def test_the_rooms_of_a_class_add_up_and_another_class_is_not_counted(store):
    async def go():
        hub = Hub(store)
        ours, theirs = store.new_class("5e B"), store.new_class("4e A")
        r1, (t1, _) = await seated_room(hub, MIDI, ours)
        r2, (t2, _) = await seated_room(hub, MIDI, ours, names=("Cy", "Di"))
        r3, (t3, _) = await seated_room(hub, ARRIALA, ours, names=("Ed", "Flo"))
        other, (t4, _) = await seated_room(hub, MIDI, theirs, names=("Gus", "Hu"))
        lone = hub.create(RoomPlan(MIDI, TWO_STUDENTS, lang="en", pace=0, seed=3, first=0))  # no class
        lone_token = (await hub.join(lone.code, 0, "Ivo", client="x")).token
        for room, token, action in ((r1, t1, wrong_phase_try()), (r2, t2, wrong_phase_try()),
                                    (r3, t3, reserve_to_vineyard(0)), (other, t4, wrong_phase_try()),
                                    (lone, lone_token, wrong_phase_try())):
            assert room.replica(0, token=token).play(action) is False
        ours_want = {(MIDI, "error.wrong_phase"): 2, (ARRIALA, "arriala.error.not_on_canal"): 1}
        assert await counted(store, ours, ours_want) == ours_want
        assert await counted(store, theirs, {(MIDI, "error.wrong_phase"): 1}) == {(MIDI, "error.wrong_phase"): 1}
        # a finished room's trips still count for its class: closing keeps them
        await r1.close()
        assert hub.trips(ours) == ours_want
        # forgetting the other class takes its trips with it, and leaves ours
        store.forget_class(theirs)
        assert store.trips(theirs) == {} and store.trips(ours) == ours_want

    run(go())


def test_no_student_name_is_stored_with_a_trip(tmp_path):
    path = tmp_path / "class.db"
    store = Store(str(path))
    names = ("Zéphyrine", "Quentinou")

    async def go():
        hub = Hub(store)
        class_id = store.new_class("5e B")
        room, (ta, _) = await seated_room(hub, ARRIALA, class_id, names=names)
        assert room.replica(0, token=ta, client="device-0").play(reserve_to_vineyard(0)) is False
        want = {(ARRIALA, "arriala.error.not_on_canal"): 1}
        assert await counted(store, class_id, want) == want
        return room.id

    room_id = run(go())
    [(_, reason, client)] = store.refusals(room_id)
    assert reason == "rule:arriala.error.not_on_canal" and client == "device-0"
    store.close()
    # the names are in the seats' table, and nowhere else in the database
    with sqlite3.connect(path) as db:
        tables = [t for (t,) in db.execute("select name from sqlite_master where type = 'table'")]
        found = []
        for table in tables:
            for row in db.execute(f'select * from "{table}"'):  # the tables' names, from the schema
                if any(name in str(value) for value in row for name in names):
                    found.append(table)
    assert set(found) == {"seats"}


def test_describe_trips_words_and_orders_them_in_each_language():
    counts = {(MIDI, "error.wrong_phase"): 2, (ARRIALA, "arriala.error.moved_twice"): 7,
              (ARRIALA, "arriala.error.no_ap"): 1, (MIDI, "error.no_longer_a_rule"): 2, ("chess", "check"): 0}
    assert describe_trips(counts, translator("en")) == [
        "7 tries to move a worker twice in one turn (A-R2)",
        "2 tries to play a step of the round out of its order (M-R12)",
        "2 other tries the rules do not allow",
        "1 try to spend more action points than are left",  # a rule of the rulebook itself: no id
    ]
    assert describe_trips(counts, translator("fr")) == [
        "7 tentatives de déplacer un ouvrier deux fois dans le même tour (A-R2)",
        "2 tentatives de jouer une étape du tour hors de son ordre (M-R12)",
        "2 autres tentatives que les règles n'autorisent pas",
        "1 tentative de dépenser plus de Points-Actions qu'il n'en reste",
    ]
    assert describe_trips(counts, translator("oc")) == [
        "7 ensages de desplaçar un obrièr doas vegadas dins lo meteis torn (A-R2)",
        "2 ensages de jogar una etapa de la virada fòra de son òrdre (M-R12)",
        "2 autres ensages que las règlas permeton pas",
        "1 ensag de despensar mai de Punts-Accions que ne demòra",
    ]
    # a translator without rule codes (a visitor's) leaves the ids out; ``most`` keeps the first
    assert describe_trips(counts, translator("en", codes=False), most=2) == [
        "7 tries to move a worker twice in one turn", "2 tries to play a step of the round out of its order"]
    assert describe_trips({}, translator("en")) == []


@pytest.mark.parametrize("kind", games.kinds(), ids=lambda k: k.name)
def test_every_rule_a_game_counts_is_worded_in_every_language_with_a_known_ruling(kind):
    from canal_heritage.i18n import LANGUAGES

    assert kind.trip_rulings, "each game says which refusals are rules a student trips on"
    docs = Path(__file__).resolve().parents[2] / "docs"
    rulings_text = "".join(p.read_text(encoding="utf-8") for p in (
        docs / "rulings.md", docs / "rules" / "canal-du-midi.md", docs / "rules" / "arriala.md"))
    for key, ruling in kind.trip_rulings.items():
        assert ruling == "" or f"### {ruling} " in rulings_text, (key, ruling)
        words = {lang: kind.trip_words(translator(lang), key, 3) for lang in LANGUAGES}
        assert all(w and w.startswith("3 ") for w in words.values()), (key, words)
        assert len(set(words.values())) == len(words), f"{key} is not translated: {words}"
        assert kind.trip_words(translator("en"), key, 1).startswith("1 try "), key
    assert kind.trip_words(translator("en"), "error.not_an_action", 3) is None
