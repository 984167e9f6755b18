"""M-R10 determinism, saved games, and corrupt records."""

from __future__ import annotations

import json
import random

import pytest
from midi_helpers import build, game_for, log_json, play_random, position, seat

from canal_heritage.core.errors import RecordError
from canal_heritage.midi import GameRecord, MidiGame, load_record, record_of, save_record
from canal_heritage.midi import actions as A


def same(a, b) -> None:
    assert a.to_dict() == b.to_dict()
    assert log_json(a) == log_json(b)
    assert a.history == b.history
    assert a.rng.getstate() == b.rng.getstate()


def partial_game(players=3, seed=4, steps=30):
    state = game_for(players).new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# ------------------------------------------------------------------------ M-R10
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_and_decisions_give_the_same_game(players):
    """M-R10: a game is its seed plus its decisions."""
    a = play_random(players, 123)
    b = game_for(players).new_initial_state(123)
    for action in a.history:
        b.apply_action(action)
    same(a, b)
    assert a.score_sheet() == b.score_sheet()


def test_same_seed_same_deal_different_seed_different_deal():
    g = game_for(4)
    assert g.new_initial_state(9) == g.new_initial_state(9)
    assert log_json(g.new_initial_state(9)) == log_json(g.new_initial_state(9))
    deals = {json.dumps(g.new_initial_state(s).to_dict(), sort_keys=True) for s in range(10)}
    assert len(deals) == 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_save_and_load_a_finished_game(players):
    """M-R10: replaying a saved game reproduces it exactly."""
    state = play_random(players, 77)
    rec = record_of(state)
    assert rec.result == state.totals()
    assert len(rec.decisions) == len(state.history)
    loaded = load_record(rec.dumps())
    same(state, loaded)
    assert loaded.is_terminal()


def test_save_and_load_an_unfinished_game():
    state = partial_game()
    rec = record_of(state)
    assert rec.result is None
    loaded = load_record(rec.dumps())
    same(state, loaded)
    # and the game goes on identically
    rng = random.Random(1)
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        state.apply_action(a)
        loaded.apply_action(a)
    same(state, loaded)


def test_save_record_to_a_file(tmp_path):
    state = play_random(2, 8, lead=1)
    path = tmp_path / "game.json"
    rec = save_record(state, path, seats=["Ana", "Bo"])
    assert json.loads(path.read_text(encoding="utf-8"))["seats"] == ["Ana", "Bo"]
    assert rec.first == 1
    same(state, load_record(path))
    same(state, load_record(str(path)))
    same(state, load_record(json.loads(path.read_text(encoding="utf-8"))))


def test_record_keeps_the_drawn_lead():
    state = play_random(4, 5)  # lead drawn from the seed
    rec = record_of(state)
    assert rec.first == state.events[0].args["lead"]
    same(state, load_record(rec.dumps()))


def test_record_with_custom_thresholds():
    game = MidiGame(3, thresholds=[3, 4, 5, 6, 7, 8, 9, 10, 11])
    state = play_random(3, 6, game=game)
    rec = record_of(state)
    assert rec.thresholds == [3, 4, 5, 6, 7, 8, 9, 10, 11]
    loaded = load_record(rec.dumps())
    assert loaded.game.threshold == game.threshold
    same(state, loaded)


def saved_or_refused(state):
    """Saving must either be refused (RecordError) or load back to the same game."""
    try:
        rec = record_of(state)
    except RecordError:
        return
    loaded = load_record(rec.dumps())  # a record we wrote ourselves must load
    assert loaded.to_dict() == state.to_dict()
    assert loaded.history == state.history


def test_record_with_custom_scoring_values():
    """M-R10: a game with overridden site values (balance lab) saves and loads exactly."""
    game = MidiGame(2, values=[1, 2, 3, 4, 5, 6, 7, 8, 9])
    saved_or_refused(play_random(2, 3, game=game))


def test_record_of_a_game_without_a_log_keeps_its_lead():
    """M-R10: a game dealt with an explicit lead and no event log (a search copy)."""
    g = game_for(2)
    drawn = g.new_initial_state(5).lead
    state = g.new_initial_state(5, first=1 - drawn, log=False)
    rng = random.Random(5)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    saved_or_refused(state)


def test_record_text_uses_the_stable_action_text():
    state = partial_game(steps=10)
    rec = record_of(state)
    assert rec.decisions == [A.to_text(a) for a in state.history]
    assert [A.from_text(t) for t in rec.decisions] == state.history


def test_record_of_a_position_does_not_describe_another_game():
    """M-R10: a state built from a position has no seed record. Saving it must either be
    refused (RecordError) or load back to the very same position."""
    state = build(position(round=1, phase="bet", revealed=["VIII"],
                           seats=[seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4, 4, 5], coins=2),
                                  seat(hand=[4, 0, 1], up=[2, 3, 3], down=[4, 5, 6], coins=2)]))
    try:
        rec = record_of(state)
    except RecordError:
        return
    assert load_record(rec.dumps()).to_dict() == state.to_dict(), (
        "record_of(position state) saved a record of an unrelated game")


def test_record_of_a_resumed_position_is_refused():
    state = build(position(round=1, phase="bet", revealed=["VIII"],
                           seats=[seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4, 4, 5], coins=2),
                                  seat(hand=[4, 0, 1], up=[2, 3, 3], down=[4, 5, 6], coins=2)]))
    state.apply_action(A.bet(6))
    with pytest.raises(RecordError):
        record_of(state)


# ------------------------------------------------------------------------ corrupt records
@pytest.fixture(scope="module")
def good() -> dict:
    return record_of(play_random(3, 42)).to_json()


def corrupt(good: dict, **changes) -> dict:
    data = json.loads(json.dumps(good))
    data.update(changes)
    return data


def refused(source, *fragments: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        load_record(source)
    msg = str(info.value)
    assert msg.startswith("this saved game cannot be loaded")
    for f in fragments:
        assert f in msg, f"{f!r} not in {msg!r}"
    return info.value


def test_good_record_loads(good):
    assert load_record(good).is_terminal()


@pytest.mark.parametrize("text", ['{"format": "canal-heritage/midi-game", "version": 1,',
                                  '{not json}', "{}garbage"])
def test_bad_json(text):
    refused(text, "JSON")


def test_wrong_version(good):
    refused(corrupt(good, version=2), "version")


def test_wrong_format(good):
    refused(corrupt(good, format="canal-heritage/garonne-game"), "format")
    refused(json.dumps(corrupt(good, format=None)), "format")


def test_unknown_field(good):
    refused(corrupt(good, cheat=True), "cheat")


def test_illegal_decision(good):
    decisions = list(good["decisions"])
    decisions[3] = "trade pass"
    refused(corrupt(good, decisions=decisions, result=None), "decision 4")


def test_unknown_decision_text(good):
    decisions = list(good["decisions"])
    decisions[0] = "build a canal"
    refused(corrupt(good, decisions=decisions, result=None), "decision 1")


def test_decision_after_the_end(good):
    refused(corrupt(good, decisions=good["decisions"] + ["bet 3"]), "after the end")


def test_mismatched_result(good):
    result = list(good["result"])
    result[0] += 1
    refused(corrupt(good, result=result), "result")


def test_result_of_an_unfinished_game(good):
    refused(corrupt(good, decisions=good["decisions"][:10]), "not over")


def test_missing_decisions_field(good):
    data = corrupt(good)
    del data["decisions"]
    refused(data, "decisions")


@pytest.mark.parametrize("field,value", [
    ("players", "3"), ("players", 5), ("players", True), ("players", None),
    ("seed", "42"), ("seed", 1.5), ("seed", None),
    ("lead", 3), ("lead", True), ("lead", "0"),
    ("thresholds", [1, 2, 3]), ("thresholds", "high"), ("thresholds", [True] * 9),
    ("seats", ["a", "b"]), ("seats", [1, 2, 3]),
    ("decisions", "bet 3"), ("decisions", [10, 11]),
    ("result", [1, 2]), ("result", "win"), ("result", [1.5, 2, 3]),
])
def test_wrong_types(good, field, value):
    refused(corrupt(good, **{field: value}), field)


def test_not_an_object():
    refused('["canal-heritage/midi-game", 1]')
    refused(" [1, 2]")


def test_missing_file(tmp_path):
    refused(tmp_path / "nowhere.json", "cannot read")


def test_binary_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00\x81garbage")
    refused(path)


def test_game_record_round_trip():
    rec = GameRecord(players=2, seed=3, decisions=["bet 3"])
    assert json.loads(rec.dumps())["decisions"] == ["bet 3"]
