"""Steps A-C of a round: drawing (M-R2) and the lead player and turn order (M-R3)."""

from __future__ import annotations

import pytest
from midi_helpers import bet_all, build, event_keys, events, game_for, play_random, position, seat, values

from canal_heritage.midi import actions as A
from canal_heritage.midi.state import Phase


def draw_position(lead: int = 0):
    """Round 2, step B: both seats hold 2 cards, 3 face up and 3 face down, and 1 coin."""
    return position(round=2, phase="draw", lead=lead, revealed=["I", "VI"], delayed=["I"],
                    seats=[seat(hand=[0, 1], up=[2, 3, 5], down=[3, 4, 4], coins=1),
                           seat(hand=[6, 5], up=[4, 4, 3], down=[0, 1, 2], coins=1)])


def late_draw_position():
    """Round 5, step B: no face-down card left, 3 face up."""
    return position(round=5, phase="draw", revealed=["I", "II", "III", "IV", "VI"],
                    delayed=["I", "II", "III", "IV"],
                    seats=[seat(hand=[0, 1], up=[2, 3, 5]), seat(hand=[6, 5], up=[4, 4, 3])])


# ------------------------------------------------------------------------ M-R2
def test_draw_choices():
    """Step B: a face-down card, or any face-up value in front of you."""
    state = build(draw_position())
    assert state.phase == Phase.DRAW and state.current_player() == 0
    assert state.legal_actions() == [A.DRAW_DOWN, A.draw_up(2), A.draw_up(3), A.draw_up(5)]


def test_face_down_draw_takes_a_random_own_face_down_card():
    """M-R2: drawing face down takes one of the owner's face-down cards at random."""
    drawn = set()
    for seed in range(40):
        state = build(draw_position(), seed=seed)
        state.apply_action(A.DRAW_DOWN)
        assert len(state.hand[0]) == 3 and len(state.down[0]) == 2
        assert values(state, state.up[0]) == [2, 3, 5]  # face-up cards untouched
        new = sorted(values(state, state.hand[0] + state.down[0]))
        assert new == [0, 1, 3, 4, 4]
        (v,) = [x for x in values(state, state.hand[0]) if x not in (0, 1)]
        drawn.add(v)
        assert events(state, "midi.drew_face_down") == [{"player": 0}]
    assert drawn == {3, 4}, "the face-down card drawn must be random"


def test_face_up_draw_turns_a_random_face_down_card_up():
    """M-R2 / step B: three face-up cards while face-down cards remain."""
    turned = set()
    for seed in range(40):
        state = build(draw_position(), seed=seed)
        state.apply_action(A.draw_up(5))
        assert values(state, state.hand[0]) == [0, 1, 5]
        assert len(state.up[0]) == 3 and len(state.down[0]) == 2
        ev = events(state, "midi.drew_face_up")[-1]
        assert ev["player"] == 0 and ev["value"] == 5 and ev["turned"] in (3, 4)
        assert sorted(values(state, state.up[0])) == sorted([2, 3, ev["turned"]])
        turned.add(ev["turned"])
    assert turned == {3, 4}, "the face-down card turned up must be random"


def test_face_up_draw_without_face_down_cards_leaves_fewer_face_up():
    state = build(late_draw_position())
    assert A.DRAW_DOWN not in state.legal_actions()
    state.apply_action(A.draw_up(3))
    assert values(state, state.up[0]) == [2, 5]
    assert events(state, "midi.drew_face_up")[-1]["turned"] is None


def test_round_one_has_no_draw():
    """Step B: only a player with fewer than 3 cards in hand draws."""
    state = game_for(3).new_initial_state(4)
    assert state.phase == Phase.BET
    assert "midi.drew_face_up" not in event_keys(state)


def test_player_with_nothing_in_front_is_not_asked_to_draw():
    """M-R2: a player with nothing in front draws nothing (round 8 starts with bets)."""
    rev = ["I", "II", "III", "IV", "V", "VI", "VII"]
    state = build(position(round=7, phase="bet", revealed=rev, delayed=rev[:-1],
                           seats=[seat(hand=[6, 5, 4]), seat(hand=[4, 3, 2])]))
    bet_all(state, {0: 6, 1: 4})
    assert state.round == 8
    assert state.phase == Phase.BET
    assert list(state.queue) == list(state.turn_order())
    assert [len(h) for h in state.hand] == [2, 2]
    drew = [k for k in event_keys(state) if k.startswith("midi.drew")]
    assert drew == []


def test_only_players_short_of_cards_draw():
    """Step B: the draw queue lists exactly the seats with fewer than 3 cards in hand."""
    state = build(draw_position(lead=1))
    assert list(state.queue) == [1, 0]
    state.apply_action(A.draw_up(4))
    assert state.current_player() == 0
    state.apply_action(A.draw_up(2))
    assert state.phase == Phase.BET
    assert [len(h) for h in state.hand] == [3, 3]


# ------------------------------------------------------------------------ M-R3
@pytest.mark.parametrize("players", [2, 3, 4])
def test_lead_passes_clockwise_each_round(players):
    """M-R3: the lead passes clockwise every round."""
    first = players - 1
    state = play_random(players, 13, lead=first)
    leads = [e["lead"] for e in events(state, "midi.site_revealed")]
    assert leads == [(first + r) % players for r in range(9)]
    assert events(state, "midi.dealt")[0]["lead"] == first


@pytest.mark.parametrize("players", [2, 3, 4])
def test_decisions_run_clockwise_from_the_lead(players):
    """M-R3: every "in turn" runs clockwise from the lead."""
    seen_bet_starts = 0

    def hook(state):
        nonlocal seen_bet_starts
        if state.is_terminal():
            return
        order = list(state.turn_order())
        assert order == [(state.lead + i) % players for i in range(players)]
        queue = list(state.queue)
        if state.phase == Phase.REINFORCE_JOIN:  # M-R4: clockwise from the starter instead
            starter = state.reinforcers[0]
            order = [(starter + i) % players for i in range(1, players)]
        assert queue == [p for p in order if p in queue], "queue out of turn order"
        if state.phase == Phase.BET and all(c < 0 for c in state.played):
            assert queue == order
            seen_bet_starts += 1
    play_random(players, 99, hook=hook)
    assert seen_bet_starts == 9


def test_lead_is_drawn_from_the_seed_when_not_given():
    g = game_for(4)
    leads = {g.new_initial_state(s).lead for s in range(40)}
    assert leads == {0, 1, 2, 3}
    assert g.new_initial_state(5).lead == g.new_initial_state(5).lead


def test_choosing_the_lead_does_not_change_the_deal():
    g = game_for(3)
    a, b = g.new_initial_state(17, first=0), g.new_initial_state(17, first=2)
    assert a.hand == b.hand and a.up == b.up and a.down == b.down and a.deck == b.deck
    assert (a.lead, b.lead) == (0, 2)


@pytest.mark.parametrize("lead", [-1, 3, "0", 1.0])
def test_bad_lead_is_refused(lead):
    with pytest.raises(ValueError):
        game_for(3).new_initial_state(1, first=lead)


def test_setup():
    """Set-up: 3 face up, 3 face down, 3 in hand; 2 coins each, the rest in the bank."""
    for n in (2, 3, 4):
        state = game_for(n).new_initial_state(n)
        for p in range(n):
            assert len(state.up[p]) == len(state.down[p]) == len(state.hand[p]) == 3
            assert values(state, state.up[p] + state.down[p] + state.hand[p]) == [0, 1, 2, 3, 3, 4, 4, 5, 6]
        assert list(state.coins) == [2] * n and state.bank == 12 - 2 * n and state.spent == 0
        assert list(state.pawns_left) == [7] * n
        assert state.round == 1 and len(state.revealed) == 1 and len(state.deck) == 8
