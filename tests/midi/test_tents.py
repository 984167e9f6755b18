"""Step G, the tent trade (M-R7)."""

from __future__ import annotations

import pytest
from midi_helpers import (
    SITES,
    bet_all,
    build,
    check_knowledge,
    decline_all,
    event_keys,
    events,
    game_for,
    position,
    seat,
    values,
)

from canal_heritage.core.errors import IllegalActionError
from canal_heritage.midi import actions as A
from canal_heritage.midi.state import Phase

G = game_for(2)
TENTS = [sid for sid, t in zip(SITES, G.tent, strict=True) if t]
NON_TENTS = [sid for sid, t in zip(SITES, G.tent, strict=True) if not t]
T1, T2 = TENTS[0], TENTS[1]


def round2(built, *, lead=0, seat1_six=False, revealed=None):
    """Round 2, step C, 2 players, one coin each. Seat 0 can bet 6, seat 1 can bet 5 (or 6)."""
    s0 = seat(hand=[6, 0, 1], up=[2, 3, 4], down=[3, 4], coins=1)
    s1 = (seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4, 4], coins=1) if seat1_six
          else seat(hand=[5, 0, 1], up=[2, 3, 3], down=[4, 4], coins=1))
    revealed = revealed or [T1, T2]
    delayed = [x for x in revealed[:-1] if x not in built]
    return position(round=len(revealed), phase="bet", lead=lead, revealed=revealed, built=built,
                    delayed=delayed, seats=[s0, s1])


def bet_round(state, bets):
    """Step C with these bets, then nobody reinforces (step E)."""
    bet_all(state, bets)
    decline_all(state)


def test_tent_sites_exist():
    assert len(TENTS) >= 3
    assert G.threshold[G.site_index(T2)] <= 11


def test_second_tent_site_grants_a_trade():
    """M-R7: winning a tent site while holding another tent site grants one trade."""
    state = build(round2({T1: [0]}))
    bet_round(state, {0: 6, 1: 5})
    assert state.phase == Phase.TRADE
    assert list(state.queue) == [0]
    assert events(state, "midi.trade_offered") == [{"player": 0, "site": T2, "ruling": "M-R7"}]


def test_first_tent_site_grants_no_trade():
    state = build(round2({}))
    bet_round(state, {0: 6, 1: 5})
    assert state.pawns[G.site_index(T2)] == 0b01
    assert state.phase != Phase.TRADE and state.round == 3
    assert "midi.trade_offered" not in event_keys(state)


def test_non_tent_site_grants_no_trade_even_with_two_tents():
    x = NON_TENTS[0]
    state = build(position(round=3, phase="bet", revealed=[T1, T2, x], built={T1: [0], T2: [0]},
                           seats=[seat(hand=[6, 0, 1], up=[2, 3, 4], down=[3]),
                                  seat(hand=[5, 0, 1], up=[2, 3, 3], down=[4])]))
    assert G.threshold[G.site_index(x)] <= 11
    bet_round(state, {0: 6, 1: 5})
    assert state.pawns[G.site_index(x)] == 0b01
    assert state.phase != Phase.TRADE and state.round == 4


def test_losing_a_tent_site_grants_no_trade():
    state = build(round2({T1: [0]}))
    bet_round(state, {0: 0, 1: 5})
    assert state.phase != Phase.TRADE
    assert "midi.trade_offered" not in event_keys(state)


def test_face_up_swap_when_both_sides_have_face_up_cards():
    """M-R7: swap one of your face-up cards with an opponent's face-up card."""
    state = build(round2({T1: [0]}))
    bet_round(state, {0: 6, 1: 5})
    expected = [A.TRADE_PASS] + [A.trade_up(g, 1, t) for g in (2, 3, 4) for t in (2, 3) if g != t]  # M-R15
    assert sorted(state.legal_actions()) == sorted(expected)
    assert not [a for a in state.legal_actions() if A.decode(a).trade == "hand"]
    state.apply_action(A.trade_up(4, 1, 2))
    assert values(state, state.up[0]) == [2, 2, 3]
    assert values(state, state.up[1]) == [3, 3, 4]
    assert events(state, "midi.trade_face_up") == [
        {"player": 0, "seat": 1, "gave": 4, "took": 2, "ruling": "M-R7"}]
    assert state.round == 3


def test_hand_trade_refused_while_face_up_swap_is_possible():
    state = build(round2({T1: [0]}))
    bet_round(state, {0: 6, 1: 5})
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(A.trade_hand(0, 1))
    assert info.value.key == "error.must_trade_face_up"
    assert state.to_dict() == before


def test_traded_card_belongs_to_its_new_holder():
    """M-R7: a traded card belongs to its new holder in every respect."""
    state = build(round2({T1: [0]}, lead=1))
    bet_round(state, {0: 6, 1: 5})
    state.apply_action(A.trade_up(4, 1, 2))
    # round 3, step B (lead 0): seat 0 may draw the 2 it took, not the 4 it gave away
    assert state.phase == Phase.DRAW and state.current_player() == 0
    assert A.draw_up(2) in state.legal_actions()
    assert A.draw_up(4) not in state.legal_actions()
    state.apply_action(A.draw_up(2))
    # seat 1 may draw the 4 it received; it has no face-up 2 any more
    assert state.current_player() == 1
    assert A.draw_up(4) in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply_action(A.draw_up(2))
    state.apply_action(A.draw_up(4))
    # and the cards count for their new holders
    bet_round(state, {0: 2, 1: 4})
    counted = (events(state, "midi.site_built") + events(state, "midi.site_delayed"))[-1]
    assert counted["total"] == 6
    values_ = counted.get("values")
    if values_ is not None:
        assert values_ == [2, 4]
    assert events(state, "midi.bets_revealed")[-1]["bets"] == [2, 4]


def test_pass_is_always_possible():
    state = build(round2({T1: [0]}))
    bet_round(state, {0: 6, 1: 5})
    assert A.TRADE_PASS in state.legal_actions()
    up = [values(state, u) for u in state.up]
    state.apply_action(A.TRADE_PASS)
    assert events(state, "midi.trade_passed") == [{"player": 0}]
    assert [values(state, u) for u in state.up] == up
    assert state.round == 3


def test_tied_winners_trade_in_turn_order():
    """M-R7: trades are resolved in turn order."""
    state = build(round2({T1: [0, 1]}, lead=1, seat1_six=True))
    bet_round(state, {0: 6, 1: 6})
    assert state.phase == Phase.TRADE
    assert list(state.queue) == [1, 0]
    state.apply_action(A.TRADE_PASS)
    assert state.current_player() == 0 and state.phase == Phase.TRADE
    state.apply_action(A.TRADE_PASS)
    assert state.round == 3


def hand_trade_position():
    """Round 7, 2 players: nothing in front any more; seat 0 holds T1 and can win T2."""
    others = [x for x in SITES if x not in (T1, T2)][:5]
    revealed = [T1, *others, T2]
    return position(round=7, phase="bet", revealed=revealed, built={T1: [0]}, delayed=others,
                    seats=[seat(hand=[6, 5, 4]), seat(hand=[3, 2, 1])])


def test_hand_trade_when_nobody_has_face_up_cards():
    """M-R7: with no face-up card, swap a hand card of your choice for a random hand card
    of an opponent of your choice."""
    received = set()
    for seed in range(30):
        state = build(hand_trade_position(), seed=seed)
        bet_round(state, {0: 6, 1: 3})
        assert state.phase == Phase.TRADE
        assert sorted(state.legal_actions()) == sorted([A.TRADE_PASS, A.trade_hand(4, 1), A.trade_hand(5, 1)])
        state.apply_action(A.trade_hand(5, 1))
        h0, h1 = values(state, state.hand[0]), values(state, state.hand[1])
        assert len(h0) == len(h1) == 2
        assert 5 in h1 and 5 not in h0 and 4 in h0
        (got,) = [v for v in h0 if v != 4]
        assert got in (1, 2)
        received.add(got)
        ev = [e for e in state.events if e.key == "midi.trade_hand"][-1]
        assert ev.args == {"player": 0, "seat": 1, "ruling": "M-R7"}
        assert ev.seen_by(0).args["received"] == got and ev.seen_by(0).args["given"] == 5
        assert ev.seen_by(1).args["received"] == 5 and ev.seen_by(1).args["given"] == got
        # M-R1: both traders now know a card in the other's hand
        assert 5 in state.observation(0).known_hand[1]
        assert got in state.observation(1).known_hand[0]
        check_knowledge(state, 0)
        check_knowledge(state, 1)
    assert received == {1, 2}, "the card taken from the opponent must be random"


def test_face_up_swap_refused_without_face_up_cards():
    state = build(hand_trade_position())
    bet_round(state, {0: 6, 1: 3})
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(A.trade_up(4, 1, 2))
    assert info.value.key == "error.no_face_up_trade"


def test_trade_with_oneself_is_refused():
    state = build(hand_trade_position())
    bet_round(state, {0: 6, 1: 3})
    with pytest.raises(IllegalActionError):
        state.apply_action(A.trade_hand(4, 0))


def test_trade_due_with_nothing_to_trade_is_not_asked():
    """M-R7 / M-R12: after the last bet nobody has a card left: the trade is unavailable."""
    others = [x for x in SITES if x not in (T1, T2)]
    state = build(position(round=9, phase="bet", revealed=[T1, *others, T2], built={T1: [0]},
                           delayed=others, seats=[seat(hand=[6]), seat(hand=[5])]))
    bet_round(state, {0: 6, 1: 5})
    assert state.pawns[G.site_index(T2)] == 0b01
    assert state.is_terminal()
    assert events(state, "midi.trade_unavailable") == [{"player": 0, "ruling": "M-R7"}]
    assert "midi.trade_offered" not in event_keys(state)
