"""M-R1 Information: what each player may know, and nothing more."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from midi_helpers import bet_all, build, check_knowledge, game_for, play_random, position, seat, values

from canal_heritage.midi import actions as A
from canal_heritage.midi.state import Phase


def draw_position(lead: int = 0):
    """Round 2, step B: both seats hold 2 cards and must draw (M-R2), and 1 coin."""
    return position(round=2, phase="draw", lead=lead, revealed=["I", "VI"], delayed=["I"],
                    seats=[seat(hand=[0, 1], up=[2, 3, 5], down=[3, 4, 4], coins=1),
                           seat(hand=[6, 5], up=[4, 4, 3], down=[0, 1, 2], coins=1)])


def test_own_hand_visible_opponents_hands_not():
    """M-R1: a hand is seen by its owner only."""
    state = game_for(3).new_initial_state(7)
    for me in range(3):
        obs = state.observation(me)
        assert list(obs.hand) == values(state, state.hand[me])
        assert list(obs.known_hand[me]) == values(state, state.hand[me])
        for o in range(3):
            if o != me:
                assert obs.known_hand[o] == ()  # nothing known about a dealt hand
        assert obs.hand_count == (3, 3, 3)
        assert obs.face_down_count == (3, 3, 3)


def test_face_down_cards_are_unseen_even_by_their_owner():
    """M-R1: face-down cards are seen by nobody, the owner included."""
    state = game_for(3).new_initial_state(11)
    for me in range(3):
        obs = state.observation(me)
        own = [v for v, where in obs.unseen if where == frozenset({(me, "face_down")})]
        # the owner may deduce the multiset (9 printed cards), but holds no card of it
        assert sorted(own) == values(state, state.down[me])
        for o in range(3):
            if o == me:
                continue
            theirs = [v for v, where in obs.unseen if (o, "hand") in where]
            assert sorted(theirs) == values(state, state.hand[o] + state.down[o])
            assert all(where == frozenset({(o, "hand"), (o, "face_down")})
                       for v, where in obs.unseen if (o, "hand") in where)


def test_face_up_cards_are_public():
    state = game_for(4).new_initial_state(3)
    for me in range(4):
        obs = state.observation(me)
        assert [list(x) for x in obs.face_up] == [values(state, state.up[p]) for p in range(4)]


def test_card_drawn_face_up_is_known_to_be_in_that_hand():
    """M-R1: a card taken face up into a hand is known to be in that hand."""
    state = build(draw_position())
    state.apply_action(A.draw_up(5))  # seat 0 takes its face-up 5
    obs = state.observation(1)
    assert 5 in obs.known_hand[0]
    assert Counter(obs.known_hand[0]) == Counter([5])
    # the card turned face up in its place is public now, so it left the unseen pool
    turned = [v for v in values(state, state.up[0]) if v not in (2, 3)]
    assert len(turned) == 1
    check_knowledge(state, 1)
    # once bet and revealed, it is no longer in the hand
    state.apply_action(A.DRAW_DOWN)  # seat 1
    bet_all(state, {0: 5, 1: 6})
    assert 5 not in state.observation(1).known_hand[0]
    check_knowledge(state, 1)


def test_face_down_draw_value_seen_by_the_drawer_only():
    """M-R1 / M-R2: a face-down draw is private to the drawer."""
    state = build(draw_position(lead=1))
    state.apply_action(A.DRAW_DOWN)  # seat 1 draws face down
    drawn = state.game.card_value[state.hand[1][-1]]
    ev = [e for e in state.events if e.key == "midi.drew_face_down"][-1]
    assert ev.seen_by(1).args["value"] == drawn
    assert "value" not in ev.seen_by(0).args
    assert ev.args == {"player": 1}
    obs0 = state.observation(0)
    assert obs0.known_hand[1] == ()  # seat 0 does not know what seat 1 drew
    assert all("value" not in e.args for e in obs0.events if e.key == "midi.drew_face_down")
    assert drawn in state.observation(1).hand


def test_dealt_hands_are_private():
    state = game_for(3).new_initial_state(5)
    dealt = state.events[0]
    assert dealt.key == "midi.dealt"
    for me in range(3):
        seen = dealt.seen_by(me).args
        assert seen["hand"] == values(state, state.hand[me])
        assert "private" not in seen
    assert "hand" not in dealt.args


def test_bets_stay_hidden_until_all_are_in():
    """Step C: bets are face down until everyone has bet."""
    state = game_for(3).new_initial_state(8, first=0)
    v = state.legal_actions()[-1] - A.BET
    state.apply_action(A.bet(v))
    o1 = state.observation(1)
    assert o1.has_bet == (True, False, False)
    assert o1.my_bet is None and o1.bets is None
    assert all("value" not in e.args for e in o1.events if e.key == "midi.bet_placed")
    assert state.observation(0).my_bet == v
    check_knowledge(state, 1)


def test_legal_actions_only_in_the_observation_of_the_player_to_move():
    state = game_for(2).new_initial_state(2, first=1)
    assert state.observation(1).legal_actions == tuple(state.legal_actions())
    assert state.observation(0).legal_actions == ()
    assert state.observation(1).is_my_turn and not state.observation(0).is_my_turn


def test_observation_refuses_a_bad_seat():
    state = game_for(2).new_initial_state(2)
    for bad in (-1, 2, "0", None):
        with pytest.raises(ValueError):
            state.observation(bad)


def test_shuffling_face_down_cards_changes_no_observation():
    """M-R1: nobody sees face-down cards, so where each one lies changes no observation."""
    for seed in range(5):
        def hook(state, seed=seed):
            if state.is_terminal() or state.round not in (1, 3):
                return
            before = [state.observation(p) for p in range(state.n)]
            other = state.clone()
            pool = [c for d in other.down for c in d]
            random.Random(seed).shuffle(pool)
            for p in range(other.n):
                k = len(other.down[p])
                other.down[p], pool = pool[:k], pool[k:]
            assert [other.observation(p) for p in range(other.n)] == before
        play_random(4, seed, hook=hook)


def test_nothing_private_leaks_into_other_players_logs():
    state = play_random(3, 21)
    for me in range(3):
        for e in state.log(me):
            assert e.private is None
            if e.key in ("midi.drew_face_down", "midi.bet_placed"):
                assert ("value" in e.args) == (e.args["player"] == me)
            if e.key == "midi.trade_hand":
                assert ("given" in e.args) == (me in (e.args["player"], e.args["seat"]))


def two_hand_trades_position():
    """Round 7, 4 players, step G: seats 2 and 3 won a second tent site and will both trade
    hands with seat 0. Nobody has cards in front any more."""
    g = game_for(4)
    tents = [sid for sid, t in zip(g.site_ids, g.tent, strict=True) if t]
    others = [sid for sid in g.site_ids if sid not in tents[:2]][:5]
    return position(players=4, round=7, phase="trade", queue=[2, 3],
                    revealed=[tents[0], *others, tents[1]],
                    built={tents[0]: [2, 3], tents[1]: [2, 3]}, delayed=others,
                    seats=[seat(hand=[6, 1]), seat(hand=[4, 4]), seat(hand=[2, 0]), seat(hand=[6, 5])],
                    bets=[3, 3, 5, 5])


def test_knowledge_stays_true_after_two_hand_trades_between_others():
    """M-R1 / M-R7: after seat 2 and then seat 3 trade hands with seat 0, seat 1 (who saw
    neither card) must still allow every real place of every hidden card. Here seat 2 ends up
    with seat 0's 6 and seat 3 bets its own 6: the remaining 6 is in seat 2's hand."""
    for seed in range(200):
        state = build(two_hand_trades_position(), seed=seed)
        state.apply_action(A.trade_hand(2, 0))  # seat 2 gives its 2, takes a random card of seat 0
        if 6 in values(state, state.hand[2]):
            break
    else:
        raise AssertionError("no seed gives seat 2 the 6 of seat 0")
    state.apply_action(A.trade_hand(5, 0))  # seat 3 gives its 5 to seat 0
    assert state.round == 8 and state.phase == Phase.BET
    for p in range(4):
        check_knowledge(state, p)
    h0 = values(state, state.hand[0])
    bet_all(state, {0: h0[0], 1: 4, 2: 0, 3: 6})
    assert values(state, state.hand[2]) == [6]
    for p in range(4):
        check_knowledge(state, p)
