"""Positions as plain data: legal ones load and round-trip, anything else is refused with a
PositionError naming the problem."""

from __future__ import annotations

import copy
import json

import pytest
from arriala_helpers import all_but, build, cm, game_for, gm, mc, mv, position, span

from canal_heritage.arriala import ArrialaGame, ArrialaState
from canal_heritage.arriala.position import state_from_dict, state_to_dict
from canal_heritage.core.errors import PositionError, RecordError


def base() -> dict:
    return position(3, workers={0: [mc(1), "chasselas", "blue-montech-castelsarrasin"], 1: [mc(3), "montech"],
                                2: [cm(1), cm(2), "brulhois"]},
                    locks=[mc(5)], closed=span(gm, 1, 6), hands=[["jump"], ["lock", "move-2"], []],
                    discard=["engineering-work"], works={"pont-canal-cacor": 2}, current=1, ap=3, round=4,
                    first=2, quiet=0, scored=True, moved={"w6": mc(2)}, previous_turn={"w0": mc(2)})


def test_base_position_is_legal_and_round_trips():
    data = base()
    state = build(data)
    out = state_to_dict(state)
    assert json.loads(json.dumps(out)) == out
    assert state_to_dict(state_from_dict(out, game=state.game)) == out
    assert state_to_dict(state_from_dict(json.loads(json.dumps(out)))) == out
    assert state.current_player() == 1 and state.ap == 3 and state.round == 4
    assert state.points == [1 + 3, 0, 5] and state.locks_left == 7 and state.stretch_locks == [0, 1, 0, 0]
    assert state.vine == [[1, 0, 0], [0, 0, 1]] and state.moved == {6}
    assert state.turn_start == {6: state.board.cell_index(mc(2))}
    assert state.prev_start == {0: state.board.cell_index(mc(2))}
    assert out["hands"] == [["jump"], ["move-2", "lock"], []]
    assert out["deck"][:1] == ["move-2"] and len(out["deck"]) == 55 - 4
    assert not state.dealt and state.history == []


def test_positions_without_score_lines():
    data = base()
    data["score_lines"] = None
    data["scores"] = [9, 0, 5]
    state = build(data)
    kinds = [[(i.kind, i.points) for i in items] for items in state.items]
    assert kinds == [[("river_work", 3), ("earlier", 6)], [], [("engineering_work", 5)]]
    assert state.score_sheet().totals == [9, 0, 5]
    assert state.score_sheet().owners[0].by_kind()["earlier"] == 6
    assert state.score_sheet().to_json()["owners"][2]["by_kind"]["engineering_work"] == 5
    assert state_to_dict(build(state_to_dict(state)))["score_lines"][0][1]["kind"] == "earlier"


def test_positions_with_balance_study_overrides():
    game = ArrialaGame(3, cells=[4, 4, 4, 4], table=list(range(10, 20)))
    data = position(3, game=game, workers={0: [mc(1)]})
    assert data["game"] == {"cells": [4, 4, 4, 4], "lock_max": None, "table": list(range(10, 20)), "deck": None}
    state = state_from_dict(data)
    assert state.board.size == 21 and state.game.table[1] == 10
    assert state_to_dict(state) == state_to_dict(state_from_dict(data, game=game))
    with pytest.raises(PositionError, match="not the game's"):
        state_from_dict(data, game=game_for(3))
    with pytest.raises(PositionError, match="for 2 players"):
        state_from_dict(data, game=game_for(2))


def test_to_dict_and_from_dict_on_the_state():
    state = build(base())
    assert state.to_dict() == state_to_dict(state)
    assert ArrialaState.from_dict(state.to_dict(), game=state.game).to_dict() == state.to_dict()


def test_position_start_event_keeps_hands_private():
    state = build(base())
    [ev] = state.events
    assert ev.key == "arriala.position" and "hand" not in ev.args
    assert ev.seen_by(1).args["hand"] == ["move-2", "lock"] and ev.seen_by(0).args["hand"] == ["jump"]
    assert ev.seen_by(2).args["hand"] == [] and ev.seen_by(None).args["private"][1]["hand"] == ["move-2", "lock"]


# ---------------------------------------------------------------------------- refusals
def bad(change, *fragments: str, data: dict | None = None) -> PositionError:
    data = copy.deepcopy(data or base())
    change(data)
    kept = json.dumps(data)
    state = None
    with pytest.raises(PositionError) as info:
        state = build(data)
    assert state is None, "no state is built from a refused position"
    msg = str(info.value)
    assert isinstance(info.value, RecordError)
    assert msg.startswith("not a legal Arriala position: ")
    for f in fragments:
        assert f in msg, f"{f!r} not in {msg!r}"
    assert json.dumps(data) == kept, "a refused position must not be changed"
    return info.value


def put(owner: int, slot: int, where: str):
    def change(d):
        d["workers"][owner][slot] = where
    return change


def test_two_workers_on_one_plain_cell():
    bad(put(1, 0, mc(1)), "two workers on montech-castelsarrasin:1", "w0", "w5", "A-R1")


def test_towns_hold_many_workers():
    data = base()
    for o in range(3):
        data["workers"][o][4] = "moissac"
    build(data)


def test_a_worker_on_a_lock():
    bad(put(1, 0, mc(5)), "w5", "lock at montech-castelsarrasin:5")


def test_more_locks_than_the_stretch_allows():
    bad(lambda d: d.update(locks=[cm(3), cm(4)]), "2 locks on the stretch castelsarrasin-moissac", "maximum is 1")


def test_more_than_eight_locks():
    game = game_for(3, lock_max=[3, 3, 3, 3])
    nine = [gm(2), gm(4), mc(2), mc(4), mc(6), cm(2), mv(2), mv(4), mv(6)]
    with pytest.raises(PositionError, match="9 locks, but the game has 8 lock pawns"):
        build(position(3, game=game, locks=nine), game)


@pytest.mark.parametrize("locks,fragment", [
    (["montech"], "not a canal cell"), (["somewhere"], "not a canal cell"), ([5], "not a canal cell"),
    ([mc(5), mc(5)], "listed twice"),
])
def test_bad_locks(locks, fragment):
    bad(lambda d: d.update(locks=locks), fragment)


def test_closed_cells_must_be_whole_sections():
    bad(lambda d: d.update(closed=span(gm, 1, 5)), "only partly closed", "A-R4")
    bad(lambda d: d.update(closed=span(gm, 1, 6) + [mc(1)]), "montech-castelsarrasin:1…montech-castelsarrasin:4")
    bad(lambda d: d.update(closed=["montech"]), "towns are never closed")
    bad(lambda d: d.update(closed=[mc(5)]), "holds a lock")


def test_a_full_open_section_would_have_scored():
    def fill(d):
        d["workers"][0][3:5] = [mc(2), mc(4)]
    bad(fill, "montech-castelsarrasin:1…montech-castelsarrasin:4 is full", "A-R6")


def test_no_open_section_while_playing():
    bad(lambda d: d.update(closed=all_but(3, [mc(5)])), "use phase 'end'")


def test_vineyard_over_capacity():
    def crowd(d):
        d["workers"][1][2:5] = ["chasselas"] * 3
        d["workers"][2][3:5] = ["chasselas"] * 2
    bad(crowd, "6 workers in the vineyard chasselas, which has 4 cells")


def test_two_workers_on_a_blue_cell():
    bad(put(1, 2, "blue-montech-castelsarrasin"), "two workers on the blue cell")


@pytest.mark.parametrize("where,fragment", [
    ("frontonnais", "workers[0][1] (w1)"), ("nowhere", "not a place in play"), (3, "not a place"),
    (None, "not a place"), ("Montech", "not a place"),
])
def test_unknown_places(where, fragment):
    bad(put(0, 1, where), fragment)


def test_wrong_number_of_workers():
    bad(lambda d: d["workers"][0].pop(), "workers[0] lists 4 workers", "5 workers")
    bad(lambda d: d["workers"][1].append("reserve"), "workers[1] lists 6 workers")
    bad(lambda d: d["workers"].pop(), "3 owners")
    bad(lambda d: d.update(workers={"0": []}), "workers must list")


def test_the_virtual_player():
    two = position(2)
    build(two)
    bad(lambda d: d["workers"][2].append("moissac"), "one worker per town", data=two)
    bad(lambda d: d["workers"][2].__setitem__(0, "reserve"), "no reserve", data=two)
    bad(lambda d: d["workers"][2].__setitem__(0, "blue-castelsarrasin-moissac"), "no river work", data=two)
    bad(lambda d: d["workers"][2].__setitem__(0, "chasselas") or d.update(scores=[0, 0, 0], score_lines=None),
        data=position(2, workers={2: ["chasselas"] * 5}))
    build(position(2, workers={2: ["chasselas", "brulhois", mc(1), "moissac"]}))


def test_card_counts_must_match_the_deck():
    bad(lambda d: d["hands"][0].append("jump"), "the 55 cards", "extra ['jump']")
    bad(lambda d: d["deck"].pop(), "missing ['")
    bad(lambda d: d["discard"].append("joker"), "card kind ids", "joker")
    bad(lambda d: d.update(hands=[[], []]), "3 hands")
    bad(lambda d: d.update(deck="all"), "deck must list")


def test_engineering_works():
    bad(lambda d: d.update(works={"tour-eiffel": 0}), "no engineering work 'tour-eiffel'")
    bad(lambda d: d.update(works={"pont-canal-cacor": 3}), "seat from 0 to 2")
    bad(lambda d: d.update(discard=[], deck=d["deck"] + ["engineering-work"]), "but only 0 engineering-work cards")
    bad(lambda d: d.update(works=[]), "works must map")


def test_scores():
    bad(lambda d: d.update(scores=[4, 0]), "scores must list 3")
    bad(lambda d: d.update(scores=[4, -1, 5]), "scores must list 3")
    bad(lambda d: d.update(scores=[5, 0, 5]), "score_lines[0] add up to 4, but scores[0] is 5")
    bad(lambda d: d.update(scores=[1, 0, 5], score_lines=None), "less than the river works")
    bad(lambda d: d.update(scores=[3, 0, 5], score_lines=None), "each of the 1 locks")
    bad(lambda d: (d["score_lines"][0].pop(0), d.update(scores=[3, 0, 5])), "0 lock lines for 1 locks")
    bad(lambda d: (d["score_lines"][0].pop(1), d.update(scores=[1, 0, 5])), "0 river works, the board 1")
    bad(lambda d: d["score_lines"][0].append({"kind": "bonus", "points": 1}), "kind must be one of")
    bad(lambda d: d["score_lines"][0].append({"kind": "vineyard", "place": "chasselas", "points": 4})
        or d.update(scores=[8, 0, 5]), "only at the end")


def test_virtual_score_lines():
    two = position(2, scores=[0, 0, 1], score_lines=[[], [], [{"kind": "lock", "place": mc(1), "points": 1}]],
                   locks=[mc(1)])
    with pytest.raises(PositionError, match="virtual player only scores sections and vineyards"):
        build(two)


def line(kind: str, place: str, points: int) -> dict:
    return {"kind": kind, "place": place, "points": points, "detail": {}}


GM = f"{gm(1)}…{gm(6)}"  # the closed section of base(): 6 cells, 10 points (table[6])


def test_score_lines_name_what_the_board_holds():
    data = base()
    data["score_lines"][1].append(line("section", GM, 10))
    data["scores"][1] = 10
    assert build(data).points == [4, 10, 5]
    bad(lambda d: d["score_lines"][0][0].update(place=mc(4)), "score_lines[0][0]: a line of kind lock must name a lock")
    bad(lambda d: d["score_lines"][2][0].update(place="pente-d-eau-montech"),
        "score_lines[2][0]: a line of kind engineering_work must name an engineering work that owner built")
    def river_to_seat_1(d):
        d["score_lines"][0].pop(1)
        d["score_lines"][1].append(line("river_work", "blue-montech-castelsarrasin", 3))
        d["scores"] = [1, 3, 5]
    bad(river_to_seat_1, "score_lines[1][0]: a line of kind river_work must name a blue cell holding")
    bad(lambda d: (d["score_lines"][1].append(line("section", f"{mc(1)}…{mc(4)}", 6)), d.update(scores=[4, 6, 5])),
        "score_lines[1][0]: a line of kind section must name a closed section")


def test_score_lines_carry_the_points_of_what_they_name():
    bad(lambda d: (d["score_lines"][0][1].update(points=4), d.update(scores=[5, 0, 5])),
        "score_lines[0][1]: the river work blue-montech-castelsarrasin is worth 3 points, not 4")
    bad(lambda d: (d["score_lines"][1].append(line("section", GM, 9)), d.update(scores=[4, 9, 5])),
        f"score_lines[1][0]: the section {GM} is worth 10 points, not 9")


def test_a_section_scores_once():
    def twice(d):
        d["score_lines"][1].append(line("section", GM, 10))
        d["score_lines"][2].append(line("section", GM, 10))
        d["scores"] = [4, 10, 15]
    bad(twice, "score_lines[2][1]: the section", "scored once, not twice")


def test_scores_beyond_what_the_board_gave():
    """Summarised scores (no lines) may not exceed what the locks, works and closed sections give."""
    bad(lambda d: d.update(score_lines=None, scores=[4 + 20, 0, 5]),
        "scores add up to 29, more than the board can have given (19:")
    two = position(2, locks=[mc(3)], scores=[0, 0, 1], score_lines=None)
    bad(lambda d: None, "scores[2] is 1", "virtual player scores only sections and vineyards", data=two)


def test_vineyards_at_the_end_score_their_majority():
    over = position(3, closed=all_but(3, []), phase="end", end_reason="last_section", ap=2,
                    workers={0: ["chasselas"]})
    bad(lambda d: None, "score_lines[0] lack the vineyard chasselas", data=over)
    over["score_lines"][0].append(line("vineyard", "chasselas", 4))
    over["scores"][0] = 4
    assert build(over).winners == [0]
    def vineyard_to_seat_1(d):
        d["score_lines"][0].pop()
        d["score_lines"][1].append(line("vineyard", "chasselas", 4))
        d["scores"] = [0, 4, 0]
    bad(vineyard_to_seat_1, "score_lines[1][0]: a line of kind vineyard must name a vineyard whose majority",
        data=over)
    bad(lambda d: d.update(score_lines=None, scores=[3, 0, 0]), "scores[0] is 3", "the vineyards", data=over)


def test_a_move_costs_action_points():
    """A-R14: with all 5 AP left, nobody has moved this turn; a river work costs 3 AP."""
    bad(lambda d: d.update(ap=5), "moved: 1 worker(s) moved this turn", "ap is 5 of 5: 0 spent", "A-R14")
    river = position(3, workers={0: ["blue-castelsarrasin-moissac"]}, ap=2, moved={"w0": cm(2)})
    assert build(river).moved == {0}
    bad(lambda d: d.update(ap=3), "costs at least 3 action point(s)", "ap is 3", data=river)
    bad(lambda d: d.update(current=1, first=1), "moved.w0: w0 went to a blue cell in the turn of seat 1",
        data=river)


def test_a_worker_leaves_a_vineyard_for_the_canal():
    vine = position(3, workers={0: ["chasselas"]}, ap=1, moved={"w0": mc(2)})
    assert build(vine).moved == {0}
    bad(lambda d: d.update(moved={"w0": "brulhois"}), "moved.w0: from a vineyard a worker goes back to the canal",
        "A-R2", data=vine)


def test_the_previous_turn_within_one_turn():
    bad(lambda d: d.update(previous_turn={"w5": mc(4)}), "previous_turn must be empty", "first turn",
        data=position(3, workers={1: [mc(3)]}))
    rivers = position(3, workers={0: ["blue-castelsarrasin-moissac", "blue-montech-castelsarrasin"]}, current=1,
                      round=2, quiet=1, previous_turn={"w0": cm(1)})
    assert build(rivers).prev_start == {0: build(rivers).board.cell_index(cm(1))}
    bad(lambda d: d["previous_turn"].update(w1=mc(1)), "previous_turn: those moves cost at least 6 action points",
        data=rivers)
    bad(lambda d: d.update(moved={"w0": mc(2)}), "previous_turn.w0: w0 ended that turn where it began", "A-R2")


def test_a_stalled_game_ends_between_turns():
    stalled = position(3, phase="end", end_reason="stalled_rounds", round=60, quiet=60)
    bad(lambda d: d.update(ap=3), "a stalled game ends between two turns", "ap must be 5", data=stalled)
    bad(lambda d: d.update(moved={"w0": mc(2)}, workers=[[mc(1)] + ["reserve"] * 4, *d["workers"][1:]]),
        "moved empty", data=stalled)


def test_the_last_section_scored_after_an_action():
    over = position(3, closed=all_but(3, []), phase="end", end_reason="last_section", ap=5)
    bad(lambda d: None, "ap is 5: the last section scored after an action", data=over)


def test_quiet_rounds_while_nothing_has_scored():
    assert build(position(3, round=4, quiet=3)).quiet == 3
    bad(lambda d: None, "quiet is 0", "each of the 3 finished round(s) was quiet", data=position(3, round=4))


def test_scored_this_round_needs_a_scoring():
    bad(lambda d: None, "scored_this_round is true, but no section is closed", data=position(3, current=1, scored=True))
    bad(lambda d: d.update(current=2, ap=5, moved={}), "scored_this_round is true, but the round has just begun")


def test_moves_this_turn_and_the_previous_one():
    bad(lambda d: d.update(moved={"w99": mc(2)}), "'w99' is not a worker")
    bad(lambda d: d.update(moved={"seven": mc(2)}), "not a worker")
    bad(lambda d: d.update(moved={"w6": "reserve"}), "placing a worker is not a move")
    bad(lambda d: d.update(moved={"w6": "blue-montech-castelsarrasin"}), "A-R14")
    bad(lambda d: d.update(moved={"w6": "montech"}), "moves once a turn", "A-R2")
    bad(lambda d: d.update(moved={"w8": mc(2)}), "in reserve has not moved")
    bad(lambda d: d.update(previous_turn={"w0": mc(1)}), "A-R3")
    bad(lambda d: d.update(moved=[]), "moved must map")
    two = position(2)
    bad(lambda d: d.update(moved={"w14": mc(1)}), "not a worker", data=two)


@pytest.mark.parametrize("change,fragment", [
    (lambda d: d.update(format="chess"), "format"),
    (lambda d: d.update(version=3), "version"),
    (lambda d: d.update(players=5), "players"),
    (lambda d: d.update(players="3"), "players"),
    (lambda d: d.update(players=True), "players"),
    (lambda d: d.update(extra=1), "unknown fields ['extra']"),
    (lambda d: d.update(phase="lunch"), "phase"),
    (lambda d: d.update(end_reason="last_section"), "only for a finished game"),
    (lambda d: d.update(phase="end"), "end_reason must be one of"),
    (lambda d: d.update(round=0), "round must be a whole number from 1 to 60"),
    (lambda d: d.update(round=61), "round"),
    (lambda d: d.update(first=3), "first"),
    (lambda d: d.update(current=-1), "current"),
    (lambda d: d.update(ap=0), "ap must be a whole number from 1 to 5"),
    (lambda d: d.update(ap=6), "ap"),
    (lambda d: d.update(quiet=4), "quiet must be a whole number from 0 to 3"),
    (lambda d: d.update(quiet=1), "the quiet count is 0"),
    (lambda d: d.update(scored_this_round="yes"), "scored_this_round"),
    (lambda d: d.update(game={"cells": [1, 2]}), "game: cells must be"),
    (lambda d: d.update(game={"colour": "blue"}), "game must be null or an object"),
])
def test_malformed_fields(change, fragment):
    bad(change, fragment)


def test_finished_positions():
    closed = all_but(3, [])
    over = position(3, closed=closed, phase="end", end_reason="last_section", ap=2)
    state = build(over)
    assert state.is_terminal() and state.winners == [] and state.ranking == "shared"
    bad(lambda d: d.update(closed=all_but(3, span(mv, 1, 8))), "still open", data=over)
    stalled = position(3, phase="end", end_reason="stalled_rounds", round=60, quiet=60, current=0, first=0)
    assert build(stalled).termination == "stalled_rounds"
    bad(lambda d: d.update(round=59, quiet=59), "needs round 60", data=stalled)
    bad(lambda d: d.update(current=1), "current must be the first player", data=stalled)
    bad(lambda d: d.update(closed=closed), "that is last_section", data=stalled)
    quiet = position(3, phase="end", end_reason="stalled_quiet", round=3, quiet=3, deck=[],
                     discard=[k for k, c in zip(game_for(3).card_ids, game_for(3).deck_counts, strict=True)
                              for _ in range(c)])
    assert build(quiet).quiet == 3  # nothing ever scored: the third round was the last
    bad(lambda d: d.update(quiet=2), "3 quiet rounds", data=quiet)
    bad(lambda d: (d["discard"].remove("jump"), d.update(deck=["jump"])), "empty deck", data=quiet)


def test_not_a_dict():
    with pytest.raises(PositionError):
        state_from_dict([1, 2, 3])
    with pytest.raises(PositionError):
        state_from_dict(None)
