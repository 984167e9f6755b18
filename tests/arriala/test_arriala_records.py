"""The text form of actions, saved games (A-R12) and corrupt records."""

from __future__ import annotations

import json
import random

import pytest
from arriala_helpers import build, game_for, log_json, mc, play_random, position

from canal_heritage.arriala import ArrialaGame
from canal_heritage.arriala import actions as A
from canal_heritage.arriala.data import load_arriala_data
from canal_heritage.arriala.position import state_to_dict
from canal_heritage.arriala.record import GameRecord, load_record, record_of, save_record
from canal_heritage.core.errors import IllegalActionError, RecordError


def same(a, b) -> None:
    assert state_to_dict(a) == state_to_dict(b)
    assert log_json(a) == log_json(b)
    assert a.history == b.history


# ---------------------------------------------------------------------------- text form
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_has_a_text_that_reads_back(players):
    g = game_for(players)
    seen_kinds = set()
    for seed in range(3):
        state = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            texts = set()
            for a in state.legal_actions():
                t = A.to_text(state, a)
                assert A.from_text(g, t) == a == A.from_text(state, t), t
                assert t == " ".join(t.split()) and t.isascii()
                texts.add(t)
                seen_kinds.add(t.split()[0] if not t.startswith("card") else t.split()[1])
            assert len(texts) == len(state.legal_actions())
            state.apply_action(rng.choice(state.legal_actions()))
    assert {"end", "draw", "move", "place", "lock", "vineyard", "river", "from-vineyard"} <= seen_kinds
    assert {"move-2", "jump", "lock"} <= seen_kinds


@pytest.mark.parametrize("text,expected", [
    ("end", A.END_TURN),
    ("draw", A.DRAW),
    ("move w7 montech-castelsarrasin:3", A.move(7, 10)),
    ("place castelsarrasin-moissac:2", A.place(17)),
    ("lock moissac-valence-d-agen:4", A.lock(24)),
    ("vineyard w2 chasselas", A.to_vine(2, 0)),
    ("river w2 blue-montech-castelsarrasin", A.river(2, 1)),
    ("from-vineyard w2 moissac", A.from_vine(2, 20)),
    ("card move-3 w7 montech-castelsarrasin:3", A.card(1, 7 * 64 + 10)),
    ("card jump w1 valence-d-agen", A.card(3, 64 + 29)),
    ("card lock grisolles-montech:1", A.card(4, 1)),
    ("card engineering-work pont-canal-cacor", A.card(5, 1)),
    ("card to-vineyard-own w3 brulhois", A.card(6, 3 * 4 + 1)),
    ("card to-vineyard-any w12 chasselas", A.card(7, 12 * 4)),
    ("card to-canal-own w0 grisolles", A.card(8, 0)),
    ("card to-canal-any w14 montech", A.card(9, 14 * 64 + 7)),
    ("  move   w7 montech  ", A.move(7, 7)),
])
def test_text_examples_three_players(text, expected):
    g = game_for(3)
    assert A.from_text(g, text) == expected
    assert A.to_text(g, expected) == " ".join(text.split())


def test_text_on_the_two_player_board():
    g = game_for(2)
    assert A.from_text(g, "move w10 montech-castelsarrasin:1") == A.move(10, 1)
    assert A.to_text(g, A.card(9, 13 * 64 + 0)) == "card to-canal-any w13 montech"
    assert A.from_text(g, "vineyard w1 brulhois") == A.to_vine(1, 1)


@pytest.mark.parametrize("text", [
    "", "   ", "End", "move", "move w7", "move w7 nowhere", "move w15 montech", "move 7 montech",
    "move w07 montech", "move w-1 montech", "place 3", "place montech-castelsarrasin:8",
    "place montech-castelsarrasin:0", "lock montech extra", "vineyard w2 frontonnais", "vineyard w2",
    "river w2 blue-nowhere", "from-vineyard w2", "card", "card move-5 w1 montech", "card move-3 w7",
    "card move-3 montech", "card lock w1 montech", "card engineering-work montech",
    "card to-vineyard-own w3 montech", "card jump w1 brulhois", "draw 2", "end now",
])
def test_from_text_refuses_what_is_no_action_of_the_game(text):
    with pytest.raises(IllegalActionError) as info:
        A.from_text(game_for(3), text)
    assert info.value.key == "error.not_an_action" and "not an Arriala action" in str(info.value)


@pytest.mark.parametrize("thing", [None, 5, b"end", ["end"]])
def test_from_text_refuses_non_texts(thing):
    with pytest.raises(IllegalActionError):
        A.from_text(game_for(3), thing)


def test_grisolles_is_no_cell_with_two_players():
    with pytest.raises(IllegalActionError):
        A.from_text(game_for(2), "place grisolles-montech:1")
    with pytest.raises(IllegalActionError):
        A.from_text(game_for(2), "move w0 grisolles")


@pytest.mark.parametrize("players,action", [
    (2, A.move(0, 40)), (2, A.place(23)), (3, A.to_vine(0, 2)), (3, A.move(15, 3)), (2, A.river(0, 3)),
    (3, A.card(5, 2)), (3, A.card(4, 64)), (3, -1), (3, 2), (3, A.CARD + 10 * A.CARD_SPAN), (3, True),
])
def test_to_text_refuses_ints_the_game_cannot_name(players, action):
    with pytest.raises(IllegalActionError):
        A.to_text(game_for(players), action)


# ---------------------------------------------------------------------------- records
@pytest.mark.parametrize("players", [2, 3, 4])
def test_save_and_load_a_finished_game(players):
    """A-R12: replaying a saved game reproduces it exactly."""
    state = play_random(players, 77, game=ArrialaGame(players))  # the data's own board
    rec = record_of(state)
    assert rec.result == state.points and len(rec.result) == state.game.owners
    assert rec.decisions == [A.to_text(state, a) for a in state.history]
    assert rec.first == state.first and rec.cells is None and rec.deck is None
    loaded = load_record(rec.dumps())
    same(state, loaded)
    assert loaded.is_terminal() and loaded.winners == state.winners


def test_save_and_load_an_unfinished_game_then_play_on():
    state = game_for(3).new_initial_state(4)
    rng = random.Random(4)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    rec = record_of(state)
    assert rec.result is None
    loaded = load_record(rec.to_json())
    same(state, loaded)
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        state.apply_action(a)
        loaded.apply_action(a)
    same(state, loaded)


def test_save_record_to_a_file(tmp_path):
    state = play_random(2, 8)
    path = tmp_path / "game.json"
    rec = save_record(state, path, seats=["Ana", "Bo"])
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "canal-heritage/arriala-game" and data["version"] == 1
    assert data["seats"] == ["Ana", "Bo"] and rec.seats == ["Ana", "Bo"]
    same(state, load_record(path))
    same(state, load_record(str(path)))
    same(state, load_record(data))


def test_record_keeps_a_chosen_first_player():
    g = game_for(4)
    drawn = g.new_initial_state(5).first
    state = g.new_initial_state(5, first=(drawn + 1) % 4)
    rng = random.Random(1)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    rec = record_of(state)
    assert rec.first == (drawn + 1) % 4
    same(state, load_record(rec.dumps()))


@pytest.mark.parametrize("players", [2, 3])
def test_record_with_balance_study_overrides(players):
    game = ArrialaGame(players, cells=[5, 6, 5, 7], lock_max=[1, 2, 2, 3], table=list(range(2, 12)),
                       deck=[8, 7, 5, 8, 6, 4, 5, 3, 5, 4])
    state = play_random(players, 6, game=game)
    rec = record_of(state)
    if players == 2:  # Grisolles-Montech is out of play: its numbers are the data's
        gm = load_arriala_data().board.stretches[0]
        assert rec.cells == [gm.cells, 6, 5, 7] and rec.lock_max == [gm.lock_max, 2, 2, 3]
    else:
        assert rec.cells == [5, 6, 5, 7] and rec.lock_max == [1, 2, 2, 3]
    assert rec.table == list(range(2, 12)) and rec.deck == [8, 7, 5, 8, 6, 4, 5, 3, 5, 4]
    loaded = load_record(rec.dumps())
    assert loaded.game.table == game.table and loaded.board.size == game.board.size
    same(state, loaded)


def test_record_of_a_game_without_a_log():
    state = game_for(2).new_initial_state(5, log=False)
    rng = random.Random(5)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    loaded = load_record(record_of(state).dumps(), log=False)
    assert state_to_dict(loaded) == state_to_dict(state) and loaded.history == state.history


def test_record_of_a_position_is_refused():
    state = build(position(3, workers={0: [mc(1)]}))
    with pytest.raises(RecordError, match="position"):
        record_of(state)
    state.apply_action(A.END_TURN)
    with pytest.raises(RecordError):
        record_of(state)


def test_record_of_a_game_with_its_own_content_is_refused():
    from canal_heritage.arriala.data import load_arriala_data
    data = load_arriala_data()
    custom = data.model_copy(update={"rulings": data.rulings[:12]})
    state = ArrialaGame(3, data=custom).new_initial_state(1)
    with pytest.raises(RecordError, match="content"):
        record_of(state)


def test_game_record_defaults():
    rec = GameRecord(players=2, seed=3, decisions=["end"])
    data = json.loads(rec.dumps())
    assert data["decisions"] == ["end"] and data["first"] is None and data["cells"] is None
    assert load_record(data).current_player() == 1 - game_for(2).new_initial_state(3).first


# ---------------------------------------------------------------------------- corrupt records
@pytest.fixture(scope="module")
def good() -> dict:
    return record_of(play_random(3, 42)).to_json()


def corrupt(good: dict, **changes) -> dict:
    data = json.loads(json.dumps(good))
    data.update(changes)
    return data


def refused(source, *fragments: str) -> RecordError:
    kept = json.dumps(source) if isinstance(source, dict) else None
    with pytest.raises(RecordError) as info:
        load_record(source)
    msg = str(info.value)
    assert msg.startswith("this saved game cannot be loaded")
    for f in fragments:
        assert f in msg, f"{f!r} not in {msg!r}"
    if kept is not None:
        assert json.dumps(source) == kept, "loading must not change the record"
    return info.value


def test_good_record_loads(good):
    assert load_record(good).is_terminal()


@pytest.mark.parametrize("text", ['{"format": "canal-heritage/arriala-game", "version": 1,', "{not json}",
                                  "{}garbage"])
def test_bad_json(text):
    refused(text, "JSON")


def test_wrong_version_and_format(good):
    refused(corrupt(good, version=2), "version 2")
    refused(corrupt(good, format="canal-heritage/midi-game"), "not an Arriala game")
    refused(json.dumps(corrupt(good, format=None)), "format")


def test_unknown_field(good):
    refused(corrupt(good, cheat=True), "cheat")


def test_illegal_decision_says_where_and_why(good):
    decisions = list(good["decisions"])
    i = next(k for k, t in enumerate(decisions) if k > 3 and t.startswith("move "))
    w = decisions[i].split()[1]
    decisions.insert(i + 1, decisions[i])  # the same worker again, from where it now stands
    err = refused(corrupt(good, decisions=decisions, result=None), f"decision {i + 2}")
    msg = str(err)
    assert "not legal there" in msg and "seat" in msg and "round" in msg
    assert w in msg


def test_illegal_decision_reports_the_engines_reason():
    g = game_for(3)
    s = g.new_initial_state(1)
    rec = GameRecord(players=3, seed=1, first=s.first, decisions=["place grisolles-montech:1",
                                                                 "place grisolles-montech:2",
                                                                 "end"])
    err = refused(rec.to_json(), "decision 2", "costs 3 action points and 2 are left")
    assert "'place grisolles-montech:2'" in str(err)


def test_unknown_decision_text(good):
    decisions = list(good["decisions"])
    decisions[0] = "build a canal"
    refused(corrupt(good, decisions=decisions, result=None), "decision 1", "not an Arriala action")


def test_decision_after_the_end(good):
    refused(corrupt(good, decisions=good["decisions"] + ["end"]), "after the end")


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
    ("players", "3"), ("players", 5), ("players", 1), ("players", True), ("players", None),
    ("seed", "42"), ("seed", 1.5), ("seed", None), ("seed", False),
    ("first", 3), ("first", True), ("first", "0"), ("first", -1),
    ("cells", [1, 2, 3]), ("cells", "long"), ("cells", [True] * 4), ("cells", [0, 5, 5, 5]),
    ("cells", [11, 5, 5, 5]), ("lock_max", [1, 2]), ("lock_max", [-1, 1, 1, 1]),
    ("table", [1] * 9), ("table", "flat"), ("deck", [5] * 9), ("deck", [1.5] * 10),
    ("seats", ["a", "b"]), ("seats", [1, 2, 3]),
    ("decisions", "end"), ("decisions", [10, 11]),
    ("result", [1, 2]), ("result", "win"), ("result", [1.5, 2, 3]),
])
def test_wrong_types(good, field, value):
    refused(corrupt(good, **{field: value}, result=None) if field != "result"
            else corrupt(good, **{field: value}), field)


def test_two_player_result_lists_the_virtual_player(good):
    rec = record_of(play_random(2, 11)).to_json()
    assert len(rec["result"]) == 3
    refused(corrupt(rec, result=rec["result"][:2]), "result", "virtual")


def test_not_an_object():
    refused('["canal-heritage/arriala-game", 1]')
    refused(" [1, 2]")


def test_missing_file(tmp_path):
    refused(tmp_path / "nowhere.json", "cannot read")


def test_binary_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00\x81garbage")
    refused(path)
