"""M-R11 (no pawn left) and the rulebook's worked examples."""

from __future__ import annotations

import pytest
from midi_helpers import SITES, bet_all, build, decline_all, events, game_for, position, seat

from canal_heritage.midi.scoring import site_points
from canal_heritage.midi.state import BUILT


def round8(built, hands=((6, 5), (5, 4))):
    """Round 8, step C, 2 players, site VIII in play; nothing in front."""
    revealed = [x for x in SITES if x not in ("VIII", "IX")] + ["VIII"]
    delayed = [x for x in revealed[:-1] if x not in built]
    return position(round=8, phase="bet", revealed=revealed, built=built, delayed=delayed,
                    seats=[seat(hand=list(h)) for h in hands])


# ------------------------------------------------------------------------ M-R11
def test_player_without_pawns_cannot_win_a_site():
    """M-R11: the site goes to the highest value among players who still have a pawn."""
    built = {x: [0] for x in ("I", "II", "III", "IV", "V", "VI", "VII")}
    state = build(round8(built))
    assert list(state.pawns_left) == [0, 7]
    bet_all(state, {0: 6, 1: 5})
    viii = state.game.site_index("VIII")
    assert state.status[viii] == BUILT
    assert state.pawns[viii] == 0b10, "seat 1 (5) takes VIII: seat 0 (6) has no pawn left"
    assert list(state.pawns_left) == [0, 6]
    assert events(state, "midi.no_pawn_left") == [{"player": 0, "site": "VIII", "ruling": "M-R11"}]
    assert events(state, "midi.site_built")[-1]["winners"] == [1]


def test_nobody_with_a_pawn_means_nobody_takes_the_site():
    built = {x: [0, 1] for x in ("I", "II", "III", "IV", "V", "VI", "VII")}
    state = build(round8(built))
    assert list(state.pawns_left) == [0, 0]
    bet_all(state, {0: 6, 1: 5})
    viii = state.game.site_index("VIII")
    assert state.pawns[viii] == 0
    assert list(state.pawns_left) == [0, 0]
    assert events(state, "midi.site_built")[-1]["winners"] == []


def test_player_with_a_pawn_left_still_wins():
    built = {x: [0] for x in ("I", "II", "III", "IV", "V", "VI")}
    state = build(round8(built))
    assert list(state.pawns_left) == [1, 7]
    bet_all(state, {0: 6, 1: 5})
    assert state.pawns[state.game.site_index("VIII")] == 0b01
    assert list(state.pawns_left) == [0, 7]
    assert events(state, "midi.no_pawn_left") == []


def test_position_with_more_than_seven_pawns_is_refused():
    from canal_heritage.core.errors import PositionError

    built = {x: [0] for x in SITES[:8]}
    data = position(round=9, phase="bet", revealed=list(SITES[:8]) + ["IX"], built=built,
                    seats=[seat(hand=[6]), seat(hand=[5])])
    with pytest.raises(PositionError, match="pawns"):
        build(data)


# ------------------------------------------------------------------------ worked examples
def test_two_player_site_needing_nine_gets_ten_and_the_highest_card_wins():
    """Rulebook step D: a site needs 9 (2 players); 6 + 4 = 10 builds it; the 6 wins."""
    g = game_for(2)
    viii = g.site_index("VIII")
    assert g.threshold[viii] == 9
    state = build(position(round=1, phase="bet", revealed=["VIII"],
                           seats=[seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4, 4, 5], coins=2),
                                  seat(hand=[4, 0, 1], up=[2, 3, 3], down=[4, 5, 6], coins=2)]))
    bet_all(state, {0: 6, 1: 4})
    decline_all(state)  # no reinforcement
    built = events(state, "midi.site_built")
    assert built and built[-1]["site"] == "VIII"
    assert built[-1]["total"] == 10 and built[-1]["threshold"] == 9
    assert built[-1]["winners"] == [0] and not built[-1]["tie"]
    assert state.status[viii] == BUILT and state.pawns[viii] == 0b01


def test_eight_is_not_enough_for_nine():
    state = build(position(round=1, phase="bet", revealed=["VIII"],
                           seats=[seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4, 4, 5], coins=2),
                                  seat(hand=[2, 0, 1], up=[4, 3, 3], down=[4, 5, 6], coins=2)]))
    bet_all(state, {0: 6, 1: 2})
    decline_all(state)
    assert events(state, "midi.site_delayed") == [
        {"site": "VIII", "total": 8, "threshold": 9, "missing": 1}]
    assert state.pawns[state.game.site_index("VIII")] == 0


def test_tied_highest_values_all_place_a_pawn():
    """Step D: every tied highest player places a pawn."""
    state = build(position(players=3, round=1, phase="bet", revealed=["VIII"],
                           seats=[seat(hand=[5, 4, 1], up=[2, 3, 3], down=[4, 0, 6], coins=2)] * 3))
    bet_all(state, {0: 5, 1: 4, 2: 5})  # 14 points
    decline_all(state)
    built = events(state, "midi.site_built")[-1]
    assert built["winners"] == [0, 2] and built["tie"]
    assert state.pawns[state.game.site_index("VIII")] == 0b101


@pytest.mark.parametrize("holders", [2, 3, 4])
def test_nine_points_shared_gives_four_each(holders):
    """Rulebook end of game: 9 points shared by 2, 3 or 4 players: 4 each."""
    points, why = site_points(9, holders, False)
    assert points == 4 and why == ("shared",)
