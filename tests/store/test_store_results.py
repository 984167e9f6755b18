"""The teacher's results: the CSV export, forgetting a class, and the retention period."""

from __future__ import annotations

import csv
import io
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from store_helpers import Clock

from canal_heritage.store import RETENTION_DAYS, Store, StoreError, hash_token, retention_days


def play(store: Store, clock: Clock, code: str, *, game: str = "midi", names: tuple[str | None, ...] = ("Zoé", None),
         class_id: int | None = None, result: dict[str, Any] | None = None, kind: str = "room") -> str:
    """A room whose students (the names; ``None`` is a bot) join, play two decisions and finish
    with ``result`` (left open when it is ``None``); its id."""
    seats = [("student", None) if name is not None else ("bot", "expert") for name in names]
    room = store.create_room(code=code, game=game, seed=5, first=0, lang="fr", options={}, seats=seats, kind=kind,
                             class_session_id=class_id)
    for index, name in enumerate(names):
        if name is not None:
            store.claim_seat(room.id, index, token_hash=hash_token(f"{code}{index}"), name=name)
    clock.advance(minutes=2)
    store.append_decision(room.id, 0, 0, "bid 1")
    store.append_decision(room.id, 1, 1, "bid 2", by_bot=names[1] is None)
    if result is not None:
        clock.advance(minutes=30)
        store.finish_room(room.id, result)
    return room.id


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def local(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def test_the_csv_has_a_row_per_seat_with_the_breakdown_and_defused_formulas(tmp_path: Path, clock: Clock) -> None:
    store = Store(tmp_path / "c.db", clock=clock)
    class_id = store.new_class("5e B — Mme Ortiz")
    start = clock.now
    play(store, clock, "MIDI1", names=("=HYPERLINK(\"http://x\")", None, "Ònha 🌊"), class_id=class_id,
         result={"totals": [12, -2, 12], "winners": [0, 2],
                 "breakdown": {"0": {"sites": 9, "coins": 3}, "1": {"sites": 0, "penalty": -2},
                               "2": {"sites": 12}},
                 "built": [["Naurouze", "Béziers"], [], ["+Agde"]]})
    play(store, clock, "ARR1", game="arriala", names=("Théo", "Léa"), class_id=class_id,
         result={"totals": [20, 25, 9], "winners": [1], "breakdown": [{"sections": 15, "vineyards": 5},
                                                                      {"sections": 25}],
                 "built": [["Grisolles – Montech"], ["Moissac"]]})
    play(store, clock, "OPEN1", names=("Sam", "Ana"), class_id=class_id)  # still playing: not a result
    play(store, clock, "KIOSK", names=("Kim", None), kind="kiosk", result={"totals": [1, 2], "winners": [1]})
    text = store.export_csv(class_id)
    assert text == store.export_csv()  # only this class has results
    store.close()

    header = next(csv.reader(io.StringIO(text)))
    assert header == ["class", "room", "game", "started", "ended", "minutes played", "seat", "name", "score", "winner",
                      "sections", "vineyards", "sites", "coins", "penalty", "sites built / sections scored"]
    table = rows(text)
    assert [(r["room"], r["seat"], r["name"], r["score"], r["winner"]) for r in table] == [
        ("ARR1", "1", "Théo", "20", "no"), ("ARR1", "2", "Léa", "25", "yes"),  # newest room first
        ("MIDI1", "1", "'=HYPERLINK(\"http://x\")", "12", "yes"), ("MIDI1", "2", "bot (expert)", "-2", "no"),
        ("MIDI1", "3", "Ònha 🌊", "12", "yes")]
    arr1, _, midi1, bot, onha = table
    assert arr1["class"] == "5e B — Mme Ortiz" and arr1["game"] == "Arriala" and midi1["game"] == "Canal du Midi"
    assert (arr1["sections"], arr1["vineyards"], arr1["sites"]) == ("15", "5", "")
    assert (midi1["sites"], midi1["coins"], midi1["penalty"], midi1["sections"]) == ("9", "3", "", "")
    assert bot["penalty"] == "-2"  # a number is not a formula
    assert midi1["sites built / sections scored"] == "Naurouze; Béziers"
    assert onha["sites built / sections scored"] == "'+Agde" and bot["sites built / sections scored"] == ""
    assert (midi1["started"], midi1["ended"], midi1["minutes played"]) == (
        local(start + timedelta(minutes=2)), local(start + timedelta(minutes=32)), "30")


def test_the_csv_names_each_game_by_its_registered_title() -> None:
    from canal_heritage import games
    from canal_heritage.store.export import game_title

    assert [game_title(name) for name in games.names()] == [kind.title for kind in games.kinds()]
    assert game_title("riquet") == "riquet"  # a game no longer registered: its name, as stored


def test_a_room_closed_without_a_result_has_empty_cells(tmp_path: Path, clock: Clock) -> None:
    with Store(tmp_path / "c.db", clock=clock) as store:
        room_id = play(store, clock, "LEFT", names=("Zoé", "Théo"))
        clock.advance(minutes=5)
        store.set_status(room_id, "closed")
        table = rows(store.export_csv())
    assert [(r["name"], r["score"], r["winner"], r["minutes played"]) for r in table] == [
        ("Zoé", "", "", "5"), ("Théo", "", "", "5")]


def count_rows(path: Path, table: str) -> int:
    con = sqlite3.connect(path)
    try:
        return int(con.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    finally:
        con.close()


def test_forgetting_a_class_deletes_exactly_its_rooms(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "c.db"
    store = Store(path, clock=clock)
    a = store.new_class("4e A")
    b = store.new_class("4e B")
    a_rooms = [play(store, clock, f"A{n}", class_id=a, result={"totals": [1, 2], "winners": [1]}) for n in range(3)]
    b_room = play(store, clock, "B1", class_id=b, result={"totals": [1, 2], "winners": [1]})
    lone = play(store, clock, "LONE", result={"totals": [1, 2], "winners": [1]})
    for room_id in [*a_rooms, b_room, lone]:
        store.log_refusal("forged token", room_id=room_id, client="c1")
    store.log_refusal("too many joins", client="c2")

    assert store.forget_class(a) == 3
    assert [cid for cid, _, _ in store.classes()] == [b]
    assert all(store.room(r) is None for r in a_rooms)
    assert [r.id for r in store.results()] == [lone, b_room]
    assert [reason for _, reason, _ in store.refusals()] == ["forged token", "forged token", "too many joins"]
    assert store.forget_class(a) == 0
    store.close()
    # the seats and decisions went with their rooms (foreign keys on): 2 rooms of 2 seats and 2 decisions left
    assert (count_rows(path, "rooms"), count_rows(path, "seats"), count_rows(path, "decisions")) == (2, 4, 4)


def test_purge_deletes_what_is_older_than_the_retention(tmp_path: Path, clock: Clock,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "c.db", clock=clock)
    old_class = store.new_class("old class")
    kept_class = store.new_class("kept class")
    empty_old = store.new_class("never used")
    finished_day0 = play(store, clock, "OLD1", class_id=old_class, result={"totals": [1, 2], "winners": [1]})
    abandoned_day0 = play(store, clock, "OLD2", class_id=old_class)
    store.log_refusal("old refusal", client="c")
    clock.advance(days=300)
    finished_day300 = play(store, clock, "MID", class_id=kept_class, result={"totals": [1, 2], "winners": [1]})
    clock.advance(days=60)
    open_day360 = play(store, clock, "NEW", kind="kiosk")
    clock.advance(days=39)
    empty_new = store.new_class("made today")
    store.log_refusal("new refusal", client="c")
    clock.advance(days=1)  # day 400: the cutoff of 365 days is day 35

    assert store.purge(older_than_days=RETENTION_DAYS) == 2
    assert store.room(finished_day0) is None and store.room(abandoned_day0) is None
    assert store.room(finished_day300) is not None and store.room(open_day360) is not None
    assert {cid for cid, _, _ in store.classes()} == {kept_class, empty_new}
    assert empty_old not in {cid for cid, _, _ in store.classes()}
    assert [reason for _, reason, _ in store.refusals()] == ["new refusal"]
    assert store.purge() == 0  # nothing else is older than the default retention

    monkeypatch.setenv("CANAL_HERITAGE_RETENTION_DAYS", "50")  # the cutoff is day 350
    assert retention_days() == 50
    assert store.purge() == 1
    assert store.room(finished_day300) is None and store.room(open_day360) is not None
    monkeypatch.setenv("CANAL_HERITAGE_RETENTION_DAYS", "a year")
    with pytest.raises(StoreError, match="whole number of days"):
        store.purge()
    store.close()
