"""Majorities: the rulebook's example, its tie rule on the canal and in the vineyards, and
the final ranking (A-R18)."""

from __future__ import annotations

import pytest
from arriala_helpers import act, all_but, build, cm, events, gm, mc, mv, position, span
from hypothesis import given
from hypothesis import strategies as st

from canal_heritage.arriala.scoring import ScoreItem, majority, rank
from canal_heritage.arriala.state import END

RED, YELLOW, GREEN, BLUE_SEAT = 0, 1, 2, 3


def test_rulebook_example_green_scores_8():
    """002 "Sur le canal": a 5-worker section with 2 red, 2 yellow and 1 green workers:
    red and yellow tie, so green, next in line, scores the 5-worker value, 8 points."""
    state = build(position(3, locks=[mc(6)],
                           workers={RED: [mc(1), mc(2)], YELLOW: [mc(3), mc(4)]},
                           current=GREEN))
    assert state.points == [1, 0, 0]  # red built the lock
    act(state, f"place {mc(5)}")  # green completes the section
    section = "montech-castelsarrasin:1…montech-castelsarrasin:5"
    line = ScoreItem("section", section, 8, (("workers", 5), ("counts", (2, 2, 1)), ("tie", "lower")))
    assert state.items[GREEN] == [line]
    assert state.points == [1, 0, 8]
    assert state.score_sheet().owners[GREEN].by_kind()["section"] == 8
    [ev] = events(state, "arriala.section_scored")
    assert ev == {"player": GREEN, "first": mc(1), "last": mc(5), "workers": 5, "counts": [2, 2, 1],
                  "winner": GREEN, "points": 8, "tie": "lower", "ruling": "A-R6"}
    assert all(state.closed[state.board.cell_index(c)] for c in span(mc, 1, 5))  # A-R4
    assert not state.is_terminal() and state.current_player() == GREEN and state.ap == 2


def test_tie_again_nobody_scores_at_four_players():
    """Red and yellow tie on 2, green and blue tie on 1 below them: nobody scores."""
    state = build(position(4, workers={RED: [gm(1), gm(2)], YELLOW: [gm(3), gm(4)], GREEN: [gm(5)],
                                       BLUE_SEAT: ["montech"]},
                           current=BLUE_SEAT))
    act(state, f"move w15 {gm(6)}")  # blue's worker walks in from Montech: 2, 2, 1, 1
    [ev] = events(state, "arriala.section_scored")
    assert ev["counts"] == [2, 2, 1, 1] and ev["winner"] is None and ev["tie"] == "nobody"
    assert ev["points"] == 0 and ev["workers"] == 6
    assert state.points == [0, 0, 0, 0] and all(not items for items in state.items)
    assert all(state.closed[state.board.cell_index(c)] for c in span(gm, 1, 6)), "closed even so"


def test_tie_at_the_top_with_nobody_below_scores_nobody():
    state = build(position(2, workers={0: [cm(1), cm(2)], 1: [cm(3)]}, current=1))
    act(state, f"place {cm(4)}")  # 2 - 2, the virtual player has nobody there
    [ev] = events(state, "arriala.section_scored")
    assert ev["counts"] == [2, 2, 0] and ev["winner"] is None and ev["tie"] == "nobody"


def test_vineyard_tie_rule_at_the_end():
    """Vineyards score at the end with the same tie rule: Brulhois 2-2-1 goes to the single
    worker (6 points), Chasselas 1-1 to nobody."""
    state = build(position(3, closed=all_but(3, span(cm, 1, 4)), workers={
        RED: ["brulhois", "brulhois", "chasselas", cm(3)],
        YELLOW: ["brulhois", "brulhois", "chasselas"],
        GREEN: ["brulhois", cm(1), cm(2)],
    }, current=GREEN))
    act(state, f"place {cm(4)}")  # green 3 of 4: 6 points, and the last section is scored
    assert state.is_terminal() and state.phase == END and state.termination == "last_section"
    vineyards = {e["vineyard"]: e for e in events(state, "arriala.vineyard_scored")}
    assert vineyards["brulhois"]["counts"] == [2, 2, 1]
    assert vineyards["brulhois"]["winner"] == GREEN and vineyards["brulhois"]["tie"] == "lower"
    assert vineyards["brulhois"]["points"] == 6
    assert vineyards["chasselas"]["winner"] is None and vineyards["chasselas"]["points"] == 0
    assert state.points == [0, 0, 6 + 6]
    assert [i.kind for i in state.items[GREEN]] == ["section", "vineyard"]
    assert state.winners == [GREEN] and state.ranking == "points"


@pytest.mark.parametrize("counts,expected", [
    ({0: 2, 1: 2, 2: 1}, (2, "lower")),
    ([3, 1, 0], (0, "none")),
    ([2, 2, 1, 1], (None, "nobody")),
    ([2, 2], (None, "nobody")),
    ([0, 0, 0], (None, "nobody")),
    ([1, 3, 3, 2], (3, "lower")),
    ([1, 1, 1], (None, "nobody")),
])
def test_majority(counts, expected):
    assert majority(counts) == expected
    as_dict = dict(counts) if isinstance(counts, dict) else dict(enumerate(counts))
    assert majority(as_dict) == expected  # the list's quick path and the mapping's agree


@given(st.lists(st.integers(0, 5), min_size=1, max_size=5))
def test_majority_of_a_list_is_that_of_the_same_counts_as_a_mapping(counts):
    assert majority(counts) == majority(dict(enumerate(counts))) == majority(tuple(counts))


@pytest.mark.parametrize("scores,canal,players,expected", [
    ([10, 8, 5], [1, 2, 3], 3, ([0], "points")),
    ([10, 10, 5], [1, 2, 3], 3, ([1], "canal_workers")),  # A-R18: canal workers break a tie
    ([10, 10, 5], [2, 2, 3], 3, ([], "shared")),
    ([7, 5, 9], [0, 0, 0], 2, ([], "virtual")),  # the virtual player first: nobody wins
    ([9, 5, 9], [3, 0, 3], 2, ([], "virtual")),  # shares first: nobody wins
    ([9, 5, 9], [3, 0, 2], 2, ([0], "canal_workers")),
])
def test_rank(scores, canal, players, expected):
    assert rank(scores, canal, players) == expected


def test_canal_workers_count_towns_not_vineyards_nor_blue_cells():
    """A-R18: the tie-break counts workers on canal cells and towns only."""
    state = build(position(3, workers={0: ["montech", mc(2), "chasselas", "blue-montech-castelsarrasin"],
                                       1: [mv(1)]}))
    assert [state.canal_workers(o) for o in range(3)] == [2, 1, 0]
