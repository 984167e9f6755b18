"""Each action at its AP cost (002 Tour de jeu), and illegal actions: refused with a
readable reason, the state left unchanged."""

from __future__ import annotations

import random

import pytest
from arriala_helpers import (
    act,
    assert_refused,
    build,
    cm,
    events,
    game_for,
    log_json,
    mc,
    mv,
    play_random,
    position,
    snapshot,
)
from hypothesis import given
from hypothesis import strategies as st
from profiles import examples

from canal_heritage.arriala import actions as A
from canal_heritage.arriala.position import state_to_dict
from canal_heritage.arriala.state import BLUE, VINE
from canal_heritage.core.errors import IllegalActionError

# ---------------------------------------------------------------------------- costs
COSTS = [
    # (position, action text, AP it costs)
    (dict(workers={0: [mc(1)]}), f"move w0 {mc(2)}", 1),
    (dict(workers={0: [mc(1)]}), f"move w0 {mc(4)}", 3),
    (dict(workers={0: [mc(5)]}), "move w0 montech", 5),
    (dict(workers={0: [mc(1)]}, hands=[["jump"], [], []]), f"card jump w0 {mv(8)}", 1),
    (dict(workers={0: [mc(1)]}, hands=[["move-4"], [], []]), f"card move-4 w0 {mc(5)}", 1),
    (dict(workers={0: [mc(1)]}), "vineyard w0 chasselas", 2),
    (dict(), "draw", 2),
    (dict(), f"place {mc(3)}", 3),
    (dict(workers={0: [mc(1)]}), "river w0 blue-moissac-valence-d-agen", 3),
    (dict(workers={0: ["brulhois"]}), f"from-vineyard w0 {mv(2)}", 4),
    (dict(), f"lock {mv(2)}", 4),
    (dict(hands=[["lock"], [], []]), f"card lock {mv(2)}", 1),
    (dict(workers={0: ["chasselas"]}, hands=[["to-canal-own"], [], []]), f"card to-canal-own w0 {cm(2)}", 1),
    (dict(workers={0: [cm(2)]}, hands=[["to-vineyard-own"], [], []]), "card to-vineyard-own w0 brulhois", 1),
]


@pytest.mark.parametrize("setup,text,cost", COSTS, ids=[c[1] for c in COSTS])
def test_each_action_at_its_cost(setup, text, cost):
    state = build(position(3, **setup))
    a = A.from_text(state.game, text)
    assert a in state.legal_actions()
    assert state.action_cost(a) == cost
    act(state, text)
    if cost < 5:
        assert state.ap == 5 - cost and state.current_player() == 0
    else:
        assert state.current_player() == 1 and state.ap == 5  # A-R17


def test_end_turn_costs_nothing_and_unspent_points_are_lost():
    state = build(position(3))
    assert state.action_cost(A.END_TURN) == 0
    act(state, "end")
    assert state.current_player() == 1 and state.ap == 5
    assert events(state, "arriala.turn_end")[-1] == {"player": 0, "ap_left": 5}


def test_river_work_scores_3_and_the_worker_stays():
    state = build(position(3, workers={0: [mc(1)]}))
    act(state, "river w0 blue-moissac-valence-d-agen")
    assert state.points == [3, 0, 0] and state.loc[0] == BLUE + 3 and state.blue[3] == 0
    assert state.occ[state.board.cell_index(mc(1))] == -1
    [line] = state.items[0]
    assert (line.kind, line.place, line.points) == ("river_work", "blue-moissac-valence-d-agen", 3)
    act(state, "end", "end", "end")
    assert not [a for a in state.legal_actions() if A.decode(a, state.game.effects).worker == 0]


def test_lock_scores_1():
    state = build(position(3))
    act(state, f"lock {mv(2)}")
    assert state.points == [1, 0, 0] and state.locks_left == 7 and state.stretch_locks == [0, 0, 0, 1]
    [line] = state.items[0]
    assert (line.kind, line.place, line.points) == ("lock", mv(2), 1)


def test_draw_takes_the_top_card():
    state = build(position(3, deck_top=["engineering-work", "jump"], hands=[["lock"], [], []]))
    act(state, "draw")
    assert state.hand_list(0) == ["lock", "engineering-work"]  # in deck.json order
    act(state, "draw")
    assert state.hand_list(0) == ["jump", "lock", "engineering-work"]  # no hand limit
    assert state.ap == 1 and A.DRAW not in state.legal_actions()


def test_from_vineyard_moves_the_count_back():
    state = build(position(3, workers={0: ["brulhois", "brulhois"]}))
    assert state.vine == [[0, 0, 0], [2, 0, 0]]
    act(state, f"from-vineyard w1 {mv(2)}")
    assert state.vine == [[0, 0, 0], [1, 0, 0]] and state.loc[1] == state.board.cell_index(mv(2))
    assert state.loc[0] == VINE + 1


# ---------------------------------------------------------------------------- refusals
def test_refusals_with_their_reasons():
    state = build(position(3, workers={0: [mc(1), "chasselas", "blue-montech-castelsarrasin"], 1: [mc(2)],
                                       2: ["chasselas", "chasselas", "chasselas"]},
                           hands=[["lock"], [], []], ap=2))
    assert_refused(state, f"place {mc(5)}", "arriala.error.no_ap", "costs 3 action points and 2 are left")
    assert_refused(state, "lock montech", "arriala.error.lock_on_town")
    assert_refused(state, f"card lock {mc(2)}", "arriala.error.lock_not_free")
    assert_refused(state, "vineyard w5 brulhois", "arriala.error.not_yours")
    assert_refused(state, "vineyard w0 chasselas", "arriala.error.vineyard_full")
    assert_refused(state, f"move w3 {mc(3)}", "arriala.error.not_on_canal")
    assert_refused(state, f"from-vineyard w0 {mc(3)}", "arriala.error.not_in_vineyard")
    assert_refused(state, f"move w2 {mc(3)}", "arriala.error.stuck")
    assert_refused(state, "river w0 blue-montech-castelsarrasin", "arriala.error.blue_taken")
    assert_refused(state, "card jump w0 moissac", "arriala.error.no_card")
    assert_refused(state, A.to_vine(0, 2), "arriala.error.no_vineyard")  # no Frontonnais at 3
    assert_refused(state, A.move(19, 3), "arriala.error.no_worker")
    assert_refused(state, A.card(5, 7), "arriala.error.no_card")


def test_refusals_two_players():
    state = build(position(2, workers={0: [mc(1)]}, deck=[], discard=all_cards(2)))
    assert_refused(state, "draw", "arriala.error.deck_empty")
    assert_refused(state, A.move(14, 3), "arriala.error.no_worker")  # the virtual player's 5th slot
    assert_refused(state, A.river(0, 3), "arriala.error.no_blue")
    assert_refused(state, A.place(40), "arriala.error.no_cell")
    assert_refused(state, A.move(0, 40), "arriala.error.no_cell")


def all_cards(players):
    g = game_for(players)
    return [k for k, c in zip(g.card_ids, g.deck_counts, strict=True) for _ in range(c)]


def test_no_reserve_left():
    state = build(position(3, workers={0: [mc(1), mc(2), mc(3), mv(1), mv(2)]}))
    assert_refused(state, f"place {mc(5)}", "arriala.error.no_reserve")


@pytest.mark.parametrize("action", [-1, 2, 999, 2999, 3099, 3600, 9999, 10**9, A.CARD + 10 * A.CARD_SPAN])
def test_not_an_action(action):
    state = build(position(3))
    assert_refused(state, action, "error.not_an_action")


@pytest.mark.parametrize("action", ["draw", None, [1], 1.0, True, 3012.0])
def test_non_int_actions_are_refused(action):
    """Actions are ints: a text, a float or a bool equal to a legal int must not slip into
    the history (it would make the game unsaveable)."""
    state = build(position(3))
    assert 1 in state.legal_actions() and A.place(12) in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    assert info.value.key == "error.not_an_action" and "not an Arriala action" in str(info.value)
    assert snapshot(state) == before


def test_action_after_the_game_is_over():
    state = play_random(2, 3)
    assert state.legal_actions() == [] and state.current_player() is None
    assert_refused(state, A.END_TURN, "error.game_over")
    assert_refused(state, A.DRAW, "error.game_over")


def test_every_illegal_int_in_range_is_refused():
    """Sweep: at a few points of a game, every int below the card range that is not legal
    is refused with a reason and changes nothing."""
    state = build(position(3, workers={0: [mc(1), "chasselas"], 1: [cm(2)]}, hands=[["move-2", "lock"], [], []]))
    legal = set(state.legal_actions())
    before = snapshot(state)
    for a in range(-2, A.FROM_VINE + 20 * 64 + 2):
        if a not in legal:
            with pytest.raises(IllegalActionError) as info:
                state.apply_action(a)
            assert str(info.value) and info.value.key
    for k in range(10):
        for t in range(0, 20 * 64, 7):
            a = A.card(k, t)
            if a not in legal:
                with pytest.raises(IllegalActionError):
                    state.apply_action(a)
    assert snapshot(state) == before


# ---------------------------------------------------------------------------- fuzz
def _looks_like_actions():
    w = st.integers(0, 21)
    c = st.integers(0, 63)
    return st.one_of(
        st.integers(-5, 80000),
        st.builds(A.move, w, c), st.builds(A.place, c), st.builds(A.lock, c),
        st.builds(A.to_vine, w, st.integers(0, 3)), st.builds(A.river, w, st.integers(0, 3)),
        st.builds(A.from_vine, w, c), st.builds(A.card, st.integers(0, 10), st.integers(0, 4095)),
        st.sampled_from([A.END_TURN, A.DRAW]),
    )


@pytest.mark.parametrize("players", [2, 3, 4])
@examples(40)
@given(seed=st.integers(0, 2**32 - 1), tries=st.lists(_looks_like_actions(), min_size=4, max_size=16))
def test_random_actions_are_refused_unless_legal(players, seed, tries):
    """An int is accepted only when legal_actions() lists it; a refusal changes nothing and
    says why; every int the game can name has a text that reads back to it."""
    state = game_for(players).new_initial_state(seed)
    rng = random.Random(seed)
    g = state.game
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if step % 7 == 0:
            for a in tries:
                try:
                    text = A.to_text(g, a)
                except IllegalActionError:
                    text = None
                if text is not None:
                    assert A.from_text(g, text) == a
                if a in legal:
                    assert text is not None
                    continue
                before = state_to_dict(state), len(state.events), len(state.history)
                with pytest.raises(IllegalActionError) as info:
                    state.apply_action(a)
                msg = str(info.value)
                assert msg and "\n" not in msg and info.value.key
                assert (state_to_dict(state), len(state.events), len(state.history)) == before
        accepted = [a for a in tries if a in legal]
        state.apply_action(rng.choice(accepted) if accepted and rng.random() < 0.5 else rng.choice(legal))
        step += 1
    assert state.is_terminal()


def test_refused_action_leaves_the_log_and_history_alone():
    state = play_random(3, 5, hook=None)
    s2 = game_for(3).new_initial_state(5)
    for a in state.history[:40]:
        s2.apply_action(a)
    before = log_json(s2), list(s2.history)
    with pytest.raises(IllegalActionError):
        s2.apply_action(A.lock(0))  # Grisolles is a town
    assert (log_json(s2), list(s2.history)) == before
