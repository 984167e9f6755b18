"""Delayed sites at the end (M-R8) and scoring (M-R9)."""

from __future__ import annotations

import pytest
from midi_helpers import SITES, bet_all, build, end_position, events, game_for, play_random, position, seat

from canal_heritage.core.errors import PositionError
from canal_heritage.midi.scoring import fast_totals, fast_winners, site_points
from canal_heritage.midi.state import DELAYED, Phase

G = game_for(2)
V = {sid: G.value[i] for i, sid in enumerate(SITES)}
IDX = {sid: i for i, sid in enumerate(SITES)}


def last_round(built, delayed, current, hands=((0,), (1,)), players=2):
    """Round 9, step C: one card each, nothing in front; ``current`` is in play."""
    revealed = [x for x in SITES if x != current] + [current]
    return position(players=players, round=9, phase="bet", revealed=revealed, built=built,
                    delayed=delayed, seats=[seat(hand=list(h)) for h in hands])


# ------------------------------------------------------------------------ M-R8
def test_delayed_site_goes_to_every_holder_of_both_neighbours():
    """M-R8: V, delayed, goes to seat 0 (IV and VI), not to seat 1 (IV only)."""
    built = {"II": [0], "III": [1], "IV": [0, 1], "VI": [0], "VIII": [1]}
    state = build(last_round(built, ["I", "V", "IX"], "VII"))
    bet_all(state, {0: 0, 1: 1})  # 1 point: VII is delayed too
    assert state.is_terminal() and state.phase == Phase.END
    assert state.adjacency[IDX["V"]] == 0b01
    assert events(state, "midi.delayed_awarded") == [{"site": "V", "players": [0], "ruling": "M-R8"}]


def test_delayed_first_and_last_sites_go_to_nobody():
    """M-R8: I and IX have one neighbour, so a delayed I or IX goes to nobody."""
    built = {"II": [0], "III": [1], "IV": [0, 1], "VI": [0], "VIII": [0, 1]}
    state = build(last_round(built, ["I", "V", "IX"], "VII"))
    bet_all(state, {0: 0, 1: 1})
    assert state.adjacency[IDX["I"]] == 0
    assert state.adjacency[IDX["IX"]] == 0


def test_site_between_two_players_neighbours_goes_to_nobody():
    """M-R8: VII delayed between VI (seat 0) and VIII (seat 1): nobody holds both."""
    built = {"II": [0], "III": [1], "IV": [0, 1], "VI": [0], "VIII": [1]}
    state = build(last_round(built, ["I", "V", "IX"], "VII"))
    bet_all(state, {0: 0, 1: 1})
    assert state.status[IDX["VII"]] == DELAYED
    assert state.adjacency[IDX["VII"]] == 0


def test_delayed_neighbour_holds_nobody():
    """M-R8: IV and V both delayed: III and VI held by seat 0 give it neither."""
    built = {"I": [0], "II": [1], "III": [0], "VI": [0], "VIII": [0], "IX": [1]}
    state = build(last_round(built, ["IV", "V"], "VII"))
    bet_all(state, {0: 0, 1: 1})
    assert state.adjacency[IDX["IV"]] == 0
    assert state.adjacency[IDX["V"]] == 0
    assert state.adjacency[IDX["VII"]] == 0b01  # VI and VIII are both seat 0's
    sheet = state.score_sheet()
    assert [s.site for s in sheet.players[0].sites if s.how == "adjacency"] == ["VII"]


def test_delayed_sites_are_awarded_only_at_the_end():
    built = {"II": [0], "III": [1], "IV": [0, 1], "VI": [0], "VIII": [1]}
    state = build(last_round(built, ["I", "V", "IX"], "VII"))
    assert list(state.adjacency) == [0] * 9
    assert not state.score_sheet().final
    assert all(s.how == "won" for ps in state.score_sheet().players for s in ps.sites)


# ------------------------------------------------------------------------ M-R9
@pytest.mark.parametrize("value", [9, 8, 7, 5, 3])
def test_site_points_halving(value):
    """M-R9: shared: half; adjacency: half; both: halved twice (floor each time)."""
    assert site_points(value, 1, False) == (value, ())
    for holders in (2, 3, 4):
        assert site_points(value, holders, False) == (value // 2, ("shared",))
        assert site_points(value, holders, True) == ((value // 2) // 2, ("shared", "adjacency"))
    assert site_points(value, 1, True) == (value // 2, ("adjacency",))


def full_layout():
    built = {"I": [0], "II": [0, 1], "III": [1], "IV": [0], "VI": [0, 1], "VIII": [0, 1]}
    delayed = ["V", "VII", "IX"]
    adjacency = {"V": [0], "VII": [0, 1]}
    return end_position(built=built, delayed=delayed, adjacency=adjacency, coins=[1, 0], spent=3)


def test_score_breakdown_site_by_site():
    """M-R9: each score comes with its breakdown: site, how, holders, halvings, points."""
    state = build(full_layout())
    sheet = state.score_sheet()
    assert sheet.final
    p0 = {s.site: s for s in sheet.players[0].sites}
    assert set(p0) == {"I", "II", "IV", "V", "VI", "VII", "VIII"}
    assert (p0["I"].how, p0["I"].holders, p0["I"].halvings, p0["I"].points) == ("won", 1, (), V["I"])
    assert (p0["II"].how, p0["II"].holders, p0["II"].halvings, p0["II"].points) == (
        "won", 2, ("shared",), V["II"] // 2)
    assert (p0["V"].how, p0["V"].holders, p0["V"].halvings, p0["V"].points) == (
        "adjacency", 1, ("adjacency",), V["V"] // 2)
    assert (p0["VII"].how, p0["VII"].holders, p0["VII"].halvings, p0["VII"].points) == (
        "adjacency", 2, ("shared", "adjacency"), V["VII"] // 2 // 2)
    assert all(s.value == V[s.site] for s in sheet.players[0].sites)
    p1 = {s.site: s for s in sheet.players[1].sites}
    assert set(p1) == {"II", "III", "VI", "VII", "VIII"}
    expect0 = (V["I"] + V["II"] // 2 + V["IV"] + V["V"] // 2 + V["VI"] // 2 + V["VII"] // 4
               + V["VIII"] // 2 + 2)
    expect1 = V["II"] // 2 + V["III"] + V["VI"] // 2 + V["VII"] // 4 + V["VIII"] // 2
    assert [ps.total for ps in sheet.players] == [expect0, expect1]
    assert state.totals() == [expect0, expect1]
    assert fast_totals(state) == [expect0, expect1]


def test_unused_coins_score_two_points_each():
    state = build(end_position(built={"I": [0]}, delayed=[x for x in SITES if x != "I"],
                               coins=[2, 1]))
    sheet = state.score_sheet()
    assert [ps.coin_points for ps in sheet.players] == [4, 2]
    assert [ps.coins for ps in sheet.players] == [2, 1]
    assert [ps.total for ps in sheet.players] == [V["I"] + 4, 2]


def test_total_equals_breakdown():
    sheet = build(full_layout()).score_sheet()
    for ps in sheet.players:
        assert ps.total == sum(s.points for s in ps.sites) + ps.coin_points
        assert ps.site_points == sum(s.points for s in ps.sites)
        assert ps.sites_held == len(ps.sites)


def test_most_points_wins():
    sheet = build(full_layout()).score_sheet()
    assert sheet.winners == (0,) and sheet.ranking == "points"


def test_tie_broken_by_most_sites_held():
    """M-R9: tied on points, the player with more sites wins."""
    built = {"VIII": [0], "I": [1], "IV": [1]}
    state = build(end_position(built=built, delayed=[x for x in SITES if x not in built]))
    assert V["VIII"] == V["I"] + V["IV"], "precondition: equal points"
    sheet = state.score_sheet()
    assert sheet.players[0].total == sheet.players[1].total
    assert (sheet.players[0].sites_held, sheet.players[1].sites_held) == (1, 2)
    assert sheet.winners == (1,) and sheet.ranking == "sites"
    assert fast_winners(state) == [1]


def test_still_tied_is_a_shared_victory():
    built = {"I": [0], "IX": [1]}
    state = build(end_position(built=built, delayed=[x for x in SITES if x not in built]))
    sheet = state.score_sheet()
    assert sheet.winners == (0, 1) and sheet.ranking == "shared"
    assert fast_winners(state) == [0, 1]


def test_site_value_is_the_two_player_threshold_at_every_player_count():
    """M-R9: the rules always count the 2-player value."""
    for n in (3, 4):
        built = {"VIII": [0]}
        state = build(end_position(players=n, built=built, delayed=[x for x in SITES if x != "VIII"]))
        assert state.score_sheet().players[0].total == V["VIII"]
        assert state.game.threshold[IDX["VIII"]] != V["VIII"]


def test_end_position_must_award_adjacency():
    """M-R8 in positions: a delayed site whose two neighbours one player holds must be awarded."""
    built = {"IV": [0], "VI": [0]}
    with pytest.raises(PositionError):
        build(end_position(built=built, delayed=[x for x in SITES if x not in built]))


def test_score_json_matches_the_sheet():
    sheet = build(full_layout()).score_sheet()
    js = sheet.to_json()
    assert js["winners"] == list(sheet.winners) and js["final"] is True
    for pj, ps in zip(js["players"], sheet.players, strict=True):
        assert pj["total"] == ps.total
        assert pj["total"] == sum(s["points"] for s in pj["sites"]) + pj["coin_points"]


def test_game_over_event_reports_the_final_score():
    state = play_random(3, 31)
    (over,) = events(state, "midi.game_over")
    sheet = state.score_sheet()
    assert over["totals"] == [ps.total for ps in sheet.players] == state.totals()
    assert over["winners"] == list(sheet.winners)
    assert over["ranking"] == sheet.ranking


def test_adjacency_sites_count_as_held_in_the_tie_break():
    """M-R9 / M-R13: a site given by adjacency counts as held when breaking a tie."""
    built = {"I": [0], "IX": [0], "IV": [1], "VI": [1]}
    state = build(end_position(built=built, delayed=[x for x in SITES if x not in built],
                               adjacency={"V": [1]}))
    sheet = state.score_sheet()
    assert V["I"] + V["IX"] == V["IV"] + V["VI"] + V["V"] // 2, "precondition: equal points"
    assert sheet.players[0].total == sheet.players[1].total
    assert (sheet.players[0].sites_held, sheet.players[1].sites_held) == (2, 3)
    assert sheet.winners == (1,) and sheet.ranking == "sites"
    assert fast_winners(state) == [1]
