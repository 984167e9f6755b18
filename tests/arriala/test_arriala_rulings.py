"""One test (or a few) per ruling, named by its id: A-R1…A-R12 in ``docs/rules/arriala.md``,
A-R13…A-R18 in ``data/arriala/rulings.json``. Positions are built from plain data
(``canal_heritage/arriala/position.py``) and changed by real actions only."""

from __future__ import annotations

import pytest
from arriala_helpers import (
    act,
    all_but,
    assert_refused,
    build,
    cm,
    events,
    game_for,
    gm,
    legal_texts,
    log_json,
    mc,
    mv,
    position,
    span,
)

from canal_heritage.arriala import ArrialaGame
from canal_heritage.arriala import actions as A
from canal_heritage.arriala.position import state_from_dict, state_to_dict
from canal_heritage.arriala.state import BLUE, GONE, VINE
from canal_heritage.core.errors import IllegalActionError, PositionError


def cell(state, cid: str) -> int:
    return state.board.cell_index(cid)


def keys(state) -> list[str]:
    return [e.key for e in state.events]


# ---------------------------------------------------------------------------- A-R1
def test_A_R1_a_move_counts_towns_and_locks():
    state = build(position(3, locks=[mc(6)], workers={0: [mc(5)]}))
    assert state.action_cost(A.from_text(state.game, "move w0 castelsarrasin")) == 3
    act(state, "move w0 castelsarrasin")  # mc(6) lock, mc(7), the town: 3 cells
    assert state.ap == 2
    [ev] = events(state, "arriala.move")
    assert ev["cells"] == 3 and ev["cost"] == 3 and ev["from"] == mc(5) and ev["to"] == "castelsarrasin"


def test_A_R1_a_move_counts_closed_cells_and_may_pass_over_them():
    state = build(position(3, closed=span(cm, 1, 4), workers={0: ["castelsarrasin"]}))
    act(state, "move w0 moissac")  # over the four closed cells: 5 cells, 5 AP
    assert state.loc[0] == cell(state, "moissac")
    assert state.current_player() == 1  # A-R17: no AP left


def test_A_R1_only_the_final_cell_must_be_free():
    state = build(position(3, locks=[mc(6)], closed=span(cm, 1, 4),
                           workers={0: [mc(1), mc(5)], 1: [mc(2), mc(3)]}))
    assert_refused(state, f"move w0 {mc(2)}", "arriala.error.cell_taken", ruling="A-R1")
    assert_refused(state, f"move w1 {mc(6)}", "arriala.error.lock_there", ruling="A-R1")
    assert_refused(state, f"move w1 {cm(1)}", "arriala.error.closed", ruling="A-R4")
    act(state, f"move w0 {mc(4)}")  # over two workers
    assert state.ap == 2


def test_A_R1_towns_hold_any_number_of_workers():
    state = build(position(3, workers={0: ["montech", "montech", mc(1)], 1: ["montech"]}))
    act(state, "move w2 montech", "place montech")
    assert [state.loc[w] for w in (0, 1, 2, 3, 5)] == [cell(state, "montech")] * 5
    assert state.free(cell(state, "montech"))


# ---------------------------------------------------------------------------- A-R2
def test_A_R2_a_worker_moves_once_per_turn():
    state = build(position(3, workers={0: [mc(1)]}, hands=[["move-2"], [], []]))
    act(state, f"move w0 {mc(2)}")
    err = assert_refused(state, f"move w0 {mc(3)}", "arriala.error.moved_twice", ruling="A-R2")
    assert "already moved" in str(err)
    assert_refused(state, f"card move-2 w0 {mc(4)}", "arriala.error.moved_twice")
    assert not [t for t in legal_texts(state) if " w0 " in f"{t} "]
    act(state, "end")
    act(state, f"move w0 {mc(4)}")  # next turn (seat 1 may move anyone's worker): one move again


def test_A_R2_a_multi_cell_move_is_one_move():
    state = build(position(3, workers={0: [mc(1)]}))
    act(state, f"move w0 {mc(4)}")
    assert state.ap == 2 and state.moved == {0}
    assert_refused(state, f"move w0 {mc(5)}", "arriala.error.moved_twice")


def test_A_R2_canal_to_vineyard_then_back_is_refused():
    state = build(position(3, workers={0: [mc(1)]}, hands=[["to-canal-own"], [], []]))
    act(state, "vineyard w0 chasselas")
    assert state.ap == 3
    assert_refused(state, f"card to-canal-own w0 {mc(3)}", "arriala.error.moved_twice", ruling="A-R2")
    assert not [t for t in legal_texts(state) if "w0" in t]
    act(state, "end", "end", "end")
    act(state, f"card to-canal-own w0 {mc(3)}")  # a later turn: back to the canal
    assert state.loc[0] == cell(state, mc(3))


# ---------------------------------------------------------------------------- A-R3
def test_A_R3_no_undo_of_the_previous_players_move():
    state = build(position(3, workers={0: [mc(2)], 2: [mc(4)]}, hands=[[], ["move-2"], []]))
    act(state, f"move w10 {mc(5)}", "end")  # seat 0 moves seat 2's worker
    assert state.current_player() == 1 and state.prev_start == {10: cell(state, mc(4))}
    err = assert_refused(state, f"move w10 {mc(4)}", "arriala.error.undo_previous", ruling="A-R3")
    assert "previous player" in str(err) and "put it back" in str(err)
    assert_refused(state, f"card move-2 w10 {mc(4)}", "arriala.error.undo_previous")
    assert f"move w10 {mc(4)}" not in legal_texts(state)
    assert f"move w10 {mc(3)}" in legal_texts(state)  # passing over the old cell is fine
    act(state, "end")
    act(state, f"move w10 {mc(4)}")  # seat 2: not the player who followed seat 0


def test_A_R3_applies_to_jumps_and_vineyards():
    """A vineyard counts as one place (A-R14): a worker the previous player took out of
    Chasselas may not be sent back there, but may go to Brulhois."""
    state = build(position(3, workers={0: [mc(1)], 1: [mc(7), "chasselas"]},
                           hands=[["to-canal-any"], ["jump"], []]))
    act(state, "move w5 castelsarrasin", f"card to-canal-any w6 {mc(3)}", "end")
    assert_refused(state, f"card jump w5 {mc(7)}", "arriala.error.undo_previous", ruling="A-R3")
    assert_refused(state, "vineyard w6 chasselas", "arriala.error.undo_previous", ruling="A-R3")
    assert "vineyard w6 brulhois" in legal_texts(state)
    act(state, f"card jump w5 {mc(6)}")


# ---------------------------------------------------------------------------- A-R4
def test_A_R4_closed_sections():
    state = build(position(3, workers={0: [cm(1), cm(2), "moissac"], 1: [cm(3)]}))
    act(state, f"move w2 {cm(4)}")  # completes the section: 3 - 1, seat 0 scores 6
    assert state.points == [6, 0, 0]
    assert all(state.closed[cell(state, c)] for c in span(cm, 1, 4))
    # the scoring player goes on with the AP left, and may move workers out (A-R4)
    assert state.current_player() == 0 and state.ap == 4
    act(state, "move w0 castelsarrasin")
    assert state.occ[cell(state, cm(1))] == -1 and state.closed[cell(state, cm(1))]
    # nothing may stop on a closed cell, and no lock may be built there
    assert_refused(state, f"place {cm(1)}", "arriala.error.closed", ruling="A-R4")
    assert_refused(state, f"move w1 {cm(1)}", "arriala.error.closed", ruling="A-R4")
    assert not [t for t in legal_texts(state) if "castelsarrasin-moissac:" in t]
    act(state, "end")
    assert_refused(state, f"lock {cm(1)}", "arriala.error.lock_closed", ruling="A-R4")
    act(state, "move w5 castelsarrasin")  # workers may leave a closed section
    assert len(events(state, "arriala.section_scored")) == 1  # and it never scores again


# ---------------------------------------------------------------------------- A-R5
def test_A_R5_lock_maximum_per_stretch():
    state = build(position(3, hands=[[], ["lock"], []]))
    act(state, f"lock {cm(2)}")  # castelsarrasin-moissac takes one lock
    assert state.points == [1, 0, 0] and state.ap == 1 and state.locks_left == 7
    act(state, "end")
    assert_refused(state, f"lock {cm(4)}", "arriala.error.stretch_full", ruling="A-R5")
    assert_refused(state, f"card lock {cm(4)}", "arriala.error.stretch_full", ruling="A-R5")
    assert not [t for t in legal_texts(state) if "lock castelsarrasin-moissac" in t]
    act(state, f"card lock {mv(3)}")
    assert state.points == [1, 1, 0] and state.ap == 4


def test_A_R5_eight_lock_pawns():
    game = game_for(3, lock_max=[4, 4, 4, 4])
    eight = [gm(2), gm(4), mc(2), mc(4), mc(6), cm(2), mv(2), mv(4)]
    state = build(position(3, game=game, locks=eight), game)
    assert state.locks_left == 0
    err = assert_refused(state, f"lock {mv(6)}", "arriala.error.no_lock_left", ruling="A-R5")
    assert "8" in str(err)
    assert not [t for t in legal_texts(state) if t.startswith("lock")]
    with pytest.raises(PositionError, match="8 lock pawns"):
        build(position(3, game=game, locks=eight + [mv(6)]), game)


def test_A_R5_A_R6_a_lock_completing_both_sides_scores_both_in_canal_order():
    state = build(position(3, workers={0: [mv(1), mv(2), mv(5)], 1: [mv(3), mv(6), mv(7)], 2: [mv(8)]},
                           current=2))
    act(state, f"lock {mv(4)}")
    scored = events(state, "arriala.section_scored")
    assert [(e["first"], e["last"], e["winner"], e["points"]) for e in scored] == [
        (mv(1), mv(3), 0, 4), (mv(5), mv(8), 1, 6)]
    assert keys(state)[-3:] == ["arriala.lock", "arriala.section_scored", "arriala.section_scored"]
    assert state.points == [4, 6, 1]
    assert [i.kind for i in state.items[2]] == ["lock"]


# ---------------------------------------------------------------------------- A-R6
def test_A_R6_scoring_comes_straight_after_the_action():
    state = build(position(3, workers={0: [mc(1), mc(2), mc(3), mc(4), mc(5)], 1: [mc(6), "castelsarrasin"]},
                           hands=[["move-2"], [], []]))
    act(state, f"card move-2 w6 {mc(7)}")  # seat 1's worker completes the section for seat 0
    assert keys(state)[-2:] == ["arriala.move", "arriala.section_scored"]
    [ev] = events(state, "arriala.section_scored")
    assert ev["workers"] == 7 and ev["winner"] == 0 and ev["points"] == state.game.table[7] == 13
    assert state.points == [13, 0, 0] and state.ap == 4 and state.current_player() == 0


# ---------------------------------------------------------------------------- A-R7
def test_A_R7_move_card_free_cells_then_one_AP_each():
    state = build(position(3, workers={0: [mc(1)], 1: [mv(1)]}, hands=[["move-3", "move-3"], [], []]))
    act(state, f"card move-3 w0 {mc(4)}")  # 3 cells for the card's 1 AP
    assert state.ap == 4
    a = A.from_text(state.game, f"card move-3 w5 {mv(6)}")  # any colour; 5 cells: 1 + 2 AP
    assert state.action_cost(a) == 3
    state.apply_action(a)
    assert state.ap == 1 and state.hand_list(0) == [] and state.discard[1] == 2


def test_A_R7_move_card_reach_is_limited_by_the_AP_left():
    state = build(position(3, workers={0: [mc(1)]}, hands=[["move-2"], [], []], ap=2))
    texts = legal_texts(state)
    assert f"card move-2 w0 {mc(3)}" in texts and f"card move-2 w0 {mc(4)}" in texts
    assert f"card move-2 w0 {mc(5)}" not in texts
    assert_refused(state, f"card move-2 w0 {mc(5)}", "arriala.error.no_ap")


def test_A_R7_jump_own_worker_anywhere_free():
    state = build(position(3, workers={0: [mc(1)], 1: [mc(2)]}, hands=[["jump"], [], []]))
    assert_refused(state, f"card jump w5 {mv(8)}", "arriala.error.not_yours")
    act(state, f"card jump w0 {mv(8)}")
    assert state.loc[0] == cell(state, mv(8)) and state.ap == 4


def test_A_R7_lock_card():
    state = build(position(3, locks=[cm(2)], hands=[["lock"], [], []]))
    assert_refused(state, f"card lock {cm(3)}", "arriala.error.stretch_full")
    act(state, f"card lock {mc(3)}")
    assert state.ap == 4 and state.points == [2, 0, 0] and state.lock[cell(state, mc(3))]
    [ev] = events(state, "arriala.lock")
    assert ev["card"] == "lock" and ev["points"] == 1


def test_A_R7_engineering_work_only_for_the_last_player_tied_last_counts():
    hands = [["engineering-work"], ["engineering-work"], ["engineering-work"]]
    state = build(position(3, hands=hands, scores=[3, 1, 1],  # a river work, two locks
                           workers={0: ["blue-montech-castelsarrasin"]}, locks=[mc(3), mv(3)]))
    err = assert_refused(state, "card engineering-work pont-canal-cacor", "arriala.error.not_last",
                         ruling="A-R7")
    assert "last" in str(err)
    assert not [t for t in legal_texts(state) if "engineering" in t]
    act(state, "end")
    act(state, "card engineering-work pont-canal-cacor")  # seat 1, tied last with seat 2
    assert state.points == [3, 6, 1] and state.works == [-1, 1]
    [ev] = events(state, "arriala.engineering_work")
    assert ev == {"player": 1, "work": "pont-canal-cacor", "points": 5, "card": "engineering-work",
                  "ruling": "A-R7"}
    act(state, "end")
    assert_refused(state, "card engineering-work pont-canal-cacor", "arriala.error.work_built", ruling="A-R7")
    act(state, "card engineering-work pente-d-eau-montech")  # each work once
    assert state.works == [2, 1]
    act(state, "end")
    assert not [t for t in legal_texts(state) if "engineering" in t]  # both built


@pytest.mark.parametrize("players", [2, 3, 4])
def test_A_R7_nobody_is_last_while_every_player_is_tied(players):
    # seed 1 deals seat 0 an engineering-work card; nobody has a point yet
    state = ArrialaGame(players).new_initial_state(1, first=0)
    assert "engineering-work" in state.hand_list(0) and state.all_tied()
    assert not any(state.is_last(p) for p in range(players))
    assert not [t for t in legal_texts(state) if "engineering" in t]
    err = assert_refused(state, "card engineering-work pont-canal-cacor", "arriala.error.all_tied", ruling="A-R7")
    assert "same points" in str(err)


def test_A_R7_the_card_waits_until_someone_falls_behind():
    hands = [["engineering-work"], ["engineering-work"], []]
    state = build(position(3, hands=hands, scores=[0, 0, 0]))
    assert_refused(state, "card engineering-work pont-canal-cacor", "arriala.error.all_tied")
    act(state, f"lock {mc(3)}", "end")  # seat 0 builds a lock: 1 point
    assert state.points == [1, 0, 0] and state.is_last(1) and state.is_last(2) and not state.is_last(0)
    act(state, "card engineering-work pont-canal-cacor")  # seat 1, tied last with seat 2
    assert state.points == [1, 5, 0]


def test_A_R7_virtual_player_does_not_break_a_tie_of_the_real_players():
    hands = [["engineering-work"], ["engineering-work"]]
    state = build(position(2, hands=hands, scores=[1, 1, 0], locks=[mc(3), mv(3)]))  # a lock each
    assert state.all_tied()
    assert not state.is_last(0) and not state.is_last(1)  # the virtual player's 0 is not counted
    assert_refused(state, "card engineering-work pont-canal-cacor", "arriala.error.all_tied")


def test_A_R7_engineering_work_ignores_the_virtual_player():
    hands = [["engineering-work"], ["engineering-work"]]
    state = build(position(2, hands=hands, scores=[4, 2, 0], current=1,  # a river work, three locks
                           workers={0: ["blue-castelsarrasin-moissac"]}, locks=[mc(3), mc(5), mv(3)]))
    assert state.is_last(1) and not state.is_last(0)
    act(state, "card engineering-work pente-d-eau-montech")
    assert state.points == [4, 7, 0]
    act(state, "end")  # seat 0 is last now: the virtual player's 0 does not count
    assert state.is_last(0)
    act(state, "card engineering-work pont-canal-cacor")
    assert state.points == [9, 7, 0]


def test_A_R7_to_vineyard_cards_own_and_any():
    hands = [["to-vineyard-own", "to-vineyard-any"], [], []]
    state = build(position(3, workers={0: [mc(1)], 1: [mc(2), mc(3)]}, hands=hands))
    assert_refused(state, "card to-vineyard-own w5 chasselas", "arriala.error.not_yours")
    act(state, "card to-vineyard-own w0 chasselas", "card to-vineyard-any w5 brulhois")
    assert state.vine == [[1, 0, 0], [0, 1, 0]] and state.ap == 3
    assert state.loc[5] == VINE + 1 and state.occ[cell(state, mc(2))] == -1


def test_A_R7_to_canal_cards_own_and_any():
    hands = [["to-canal-own", "to-canal-any"], [], []]
    state = build(position(3, workers={0: ["chasselas"], 1: ["brulhois", mc(3)]}, hands=hands))
    assert_refused(state, f"card to-canal-own w5 {mc(1)}", "arriala.error.not_yours")
    assert_refused(state, f"card to-canal-any w5 {mc(3)}", "arriala.error.cell_taken")
    act(state, f"card to-canal-own w0 {mc(1)}", f"card to-canal-any w5 {mv(8)}")
    assert state.loc[0] == cell(state, mc(1)) and state.loc[5] == cell(state, mv(8)) and state.ap == 3
    assert state.vine == [[0, 0, 0], [0, 0, 0]]


# ---------------------------------------------------------------------------- A-R8 / A-R13
def test_A_R8_A_R13_two_player_board():
    g = ArrialaGame(2)
    b = g.board
    assert b.cell_id(0) == "montech" and "grisolles" not in b.town_index
    assert [s.id for s in b.stretches] == ["montech-castelsarrasin", "castelsarrasin-moissac",
                                           "moissac-valence-d-agen"]
    assert "blue-grisolles-montech" not in [x.id for x in b.blue] and len(b.blue) == 3
    assert [v.id for v in b.vineyards] == ["chasselas", "brulhois"]
    with pytest.raises(IllegalActionError):
        A.from_text(g, f"place {gm(1)}")
    state = g.new_initial_state(4)
    virtual = [state.loc[w] for w in range(10, 15)]
    assert virtual == [b.town_index[t] for t in ("montech", "castelsarrasin", "moissac", "valence-d-agen")] + [GONE]
    assert g.owners == 3 and len(state.points) == 3


def test_A_R8_both_players_may_move_the_virtual_workers():
    state = build(position(2))
    for seat in (0, 1):
        assert state.current_player() == seat
        assert {t.split()[1] for t in legal_texts(state) if t.startswith("move ")} == {"w10", "w11", "w12", "w13"}
        act(state, f"move w1{seat} {mc(1) if seat == 0 else cm(1)}", "end")


def test_A_R8_the_virtual_player_scores():
    state = build(position(2, workers={0: [cm(3)], 2: ["montech", cm(1), cm(2), "valence-d-agen"]}, current=1))
    act(state, f"place {cm(4)}")
    [ev] = events(state, "arriala.section_scored")
    assert ev["counts"] == [1, 1, 2] and ev["winner"] == 2 and ev["points"] == 6
    assert state.points == [0, 0, 6] and state.score_sheet().owners[2].virtual


def test_A_R8_three_and_four_players():
    b3, b4 = ArrialaGame(3).board, ArrialaGame(4).board
    assert [v.id for v in b3.vineyards] == ["chasselas", "brulhois"]
    assert [(v.id, v.capacity) for v in b4.vineyards] == [("frontonnais", 8), ("chasselas", 4), ("brulhois", 6)]
    for b in (b3, b4):
        assert b.cell_id(0) == "grisolles" and len(b.blue) == 4 and len(b.stretches) == 4
    s3 = ArrialaGame(3).new_initial_state(1)
    assert all(x == -1 for x in s3.loc) and len(s3.points) == 3
    with pytest.raises(IllegalActionError):
        A.from_text(ArrialaGame(3), "vineyard w0 frontonnais")


# ---------------------------------------------------------------------------- A-R9
def test_A_R9_first_player():
    g = game_for(3)
    assert g.new_initial_state(5, first=2).current_player() == 2
    drawn = g.new_initial_state(5)
    assert drawn.first == drawn.current_player() == g.new_initial_state(5).first
    assert g.new_initial_state(5, first=0).deck == g.new_initial_state(5, first=1).deck
    with pytest.raises(ValueError):
        g.new_initial_state(5, first=3)


# ---------------------------------------------------------------------------- A-R10
def all_cards_out(players=2):
    """Every card in the discard: the deck is empty."""
    g = game_for(players)
    return [k for k, c in zip(g.card_ids, g.deck_counts, strict=True) for _ in range(c)]


def test_A_R10_deck_empty_and_three_quiet_rounds():
    state = build(position(2, deck=[], discard=all_cards_out(), round=7, quiet=2, current=1,
                           workers={0: [mc(1)]}, closed=span(cm, 1, 4)))  # a tie there, in round 4
    act(state, "end")
    assert state.is_terminal() and state.termination == "stalled_quiet"
    [ev] = events(state, "arriala.stalled")
    assert ev == {"reason": "stalled_quiet", "round": 7, "ruling": "A-R10"}
    assert keys(state)[-1] == "arriala.game_end"
    assert events(state, "arriala.game_end")[0]["reason"] == "stalled_quiet"
    assert len(events(state, "arriala.vineyard_scored")) == 2  # vineyards score as at any end


def test_A_R10_quiet_rounds_do_not_end_the_game_while_the_deck_has_cards():
    state = build(position(2, round=7, quiet=2, current=1, closed=span(cm, 1, 4)))
    act(state, "end")
    assert not state.is_terminal() and state.quiet == 3 and state.round == 8


def test_A_R10_after_sixty_rounds():
    state = build(position(2, round=60, current=1, quiet=0, workers={0: [mc(1)]}, closed=span(cm, 1, 4)))
    act(state, "end")
    assert state.is_terminal() and state.termination == "stalled_rounds"
    [ev] = events(state, "arriala.stalled")
    assert ev == {"reason": "stalled_rounds", "round": 60, "ruling": "A-R10"}
    # 0 - 0 - 0: the virtual player's four canal workers put it first (A-R18): nobody wins
    assert state.winners == [] and state.ranking == "virtual"


def test_A_R10_random_games_that_stall_say_so():
    from arriala_helpers import play_random
    stalled = 0
    for seed in range(12):
        s = play_random(2, seed, end_weight=0.6)
        if s.termination != "last_section":
            stalled += 1
            assert events(s, "arriala.stalled")[0]["reason"] == s.termination
        else:
            assert not events(s, "arriala.stalled")
    assert stalled


# ---------------------------------------------------------------------------- A-R11
def test_A_R11_hidden_cards_do_not_change_the_other_players_observation():
    base = position(3, workers={0: [mc(1)]}, hands=[["jump", "lock"], ["move-2", "move-3"], []],
                    deck_top=["move-4", "engineering-work"], current=1)
    other = position(3, workers={0: [mc(1)]}, hands=[["jump", "lock"], ["move-4", "move-3"], []],
                     deck_top=["engineering-work", "move-2"], current=1)
    a, b = build(base), build(other)
    for me in (0, 2):
        assert a.observation(me) == b.observation(me)
    oa, ob = a.observation(1), b.observation(1)
    assert oa.hand != ob.hand
    fields = [f for f in oa.__dataclass_fields__ if f not in ("hand", "legal_actions", "events")]
    assert all(getattr(oa, f) == getattr(ob, f) for f in fields)
    assert oa.deck_size == len(a.deck) and oa.hand_sizes == (2, 2, 0)


def test_A_R11_a_drawn_card_is_seen_by_its_drawer_only():
    state = build(position(3, deck_top=["jump"]))
    act(state, "draw")
    ev = [e for e in state.events if e.key == "arriala.draw"][-1]
    assert "card" not in ev.args and ev.seen_by(0).args["card"] == "jump"
    assert "card" not in ev.seen_by(1).args
    assert state.observation(0).hand[3] == 1 and state.observation(1).hand == (0,) * 10
    start = state.events[0]
    assert start.key == "arriala.position" and "hand" not in start.args


# ---------------------------------------------------------------------------- A-R12
def test_A_R12_seed_and_decisions_replay_the_game():
    from arriala_helpers import play_random
    for players in (2, 3, 4):
        a = play_random(players, 99, 3)
        b = game_for(players).new_initial_state(99)
        for x in a.history:
            b.apply_action(x)
        assert state_to_dict(a) == state_to_dict(b) and log_json(a) == log_json(b)
    g = game_for(4)
    assert len({tuple(g.new_initial_state(s).deck) for s in range(8)}) == 8


# ---------------------------------------------------------------------------- A-R14
def test_A_R14_placing_is_not_a_move():
    state = build(position(3))
    act(state, f"place {mc(1)}", f"move w0 {mc(3)}")
    assert state.ap == 0 or state.current_player() == 1
    assert state.loc[0] == cell(state, mc(3))


def test_A_R14_vineyard_and_blue_cell_trips_are_moves():
    state = build(position(3, workers={0: [mc(1), mc(2)]}))
    act(state, "river w0 blue-montech-castelsarrasin")
    assert state.moved == {0} and state.loc[0] == BLUE + 1 and state.points == [3, 0, 0]
    assert state.ap == 2 and state.turn_start == {0: cell(state, mc(1))}
    act(state, "vineyard w1 brulhois")
    assert state.prev_start == {0: cell(state, mc(1)), 1: cell(state, mc(2))}
    assert state.current_player() == 1


def test_A_R14_a_river_worker_is_stuck_for_the_game():
    state = build(position(3, workers={0: ["blue-montech-castelsarrasin", mc(2)]}, hands=[["jump"], [], []]))
    assert not [t for t in legal_texts(state) if " w0 " in f"{t} "]
    assert_refused(state, f"card jump w0 {mc(5)}", "arriala.error.stuck")
    assert_refused(state, "river w1 blue-montech-castelsarrasin", "arriala.error.blue_taken")


# ---------------------------------------------------------------------------- A-R15
def test_A_R15_a_lock_next_to_a_town_leaves_no_section():
    state = build(position(3))
    before = len(state.sections())
    act(state, f"lock {mc(1)}")
    secs = [(state.board.cell_id(a), state.board.cell_id(z)) for a, z in state.sections()]
    assert (mc(2), mc(7)) in secs and len(secs) == before
    assert all(a <= z for a, z in state.sections())


def test_A_R15_a_lock_next_to_a_lock_leaves_no_section():
    state = build(position(3, locks=[mc(3)], current=0))
    act(state, f"lock {mc(4)}")
    secs = [(state.board.cell_id(a), state.board.cell_id(z)) for a, z in state.sections()]
    assert (mc(1), mc(2)) in secs and (mc(5), mc(7)) in secs
    assert not [s for s in secs if s[0].startswith("montech-castelsarrasin") and mc(3) in s]


def test_A_R15_the_game_ends_when_no_open_section_is_left():
    """The last open section is one empty cell: a lock there removes it, and with it the
    last open section, so the game ends (A-R15), with no section score."""
    closed = all_but(3, [mv(8)])
    state = build(position(3, locks=[mv(7)], closed=[c for c in closed if c != mv(7)],
                           workers={0: ["chasselas"]}))
    act(state, f"lock {mv(8)}")
    assert state.is_terminal() and state.termination == "last_section"
    assert not events(state, "arriala.section_scored")
    assert state.points == [2 + 4, 0, 0]  # two locks, and Chasselas alone


# ---------------------------------------------------------------------------- A-R16
def test_A_R16_a_card_needs_something_to_do():
    hands = [["move-2", "jump", "to-canal-own", "to-canal-any", "to-vineyard-own", "engineering-work"], [], []]
    state = build(position(3, hands=hands, scores=[2, 0, 0], locks=[mc(3), mv(3)]))  # nobody on the canal
    assert not [t for t in legal_texts(state) if t.startswith("card")]
    assert_refused(state, f"card move-2 w0 {mc(1)}", "arriala.error.not_on_canal")
    state = build(position(3, workers={0: [mc(1)]}, hands=[["move-2"], [], []]))
    assert_refused(state, f"card move-2 w0 {mc(1)}")  # a move card moves at least one cell


# ---------------------------------------------------------------------------- A-R17
def test_A_R17_the_turn_ends_at_zero_AP():
    state = build(position(3, workers={0: [mc(1)]}))
    act(state, "draw", f"place {mc(5)}")
    assert state.current_player() == 1 and state.ap == 5
    ends = events(state, "arriala.turn_end")
    assert ends[-1] == {"player": 0, "ap_left": 0}


def test_A_R17_rounds_and_quiet_rounds():
    state = build(position(3, first=1, current=1, round=2, quiet=1))
    act(state, "end", "end")
    assert state.round == 2 and state.quiet == 1
    act(state, "end")  # back to the first player: round 2 was quiet
    assert state.round == 3 and state.quiet == 2 and state.current_player() == 1
    assert events(state, "arriala.round_end")[-1] == {"round": 2, "quiet": 2}
    # a section scoring resets the count
    state = build(position(3, first=1, current=0, round=4, quiet=3, workers={1: [cm(1), cm(2), cm(3)]}))
    act(state, f"place {cm(4)}")
    assert state.quiet == 0 and state.scored_round
    act(state, "end")
    assert state.round == 5 and state.quiet == 0 and not state.scored_round


# ---------------------------------------------------------------------------- A-R18
def test_A_R18_the_virtual_player_finishing_first_means_no_winner():
    state = build(position(2, closed=all_but(2, span(cm, 1, 4)),
                           workers={0: [cm(3)], 2: ["montech", cm(1), cm(2), "valence-d-agen"]},
                           current=1, scores=[4, 5, 0]))
    act(state, f"place {cm(4)}")  # the virtual player wins the section: 6 points
    assert state.is_terminal() and state.points == [4, 5, 6]
    assert state.winners == [] and state.ranking == "virtual"
    end = events(state, "arriala.game_end")[0]
    assert end["winners"] == [] and end["ranking"] == "virtual" and end["ruling"] == "A-R18"


def test_A_R18_a_tie_on_points_goes_to_the_most_canal_workers():
    state = build(position(3, closed=all_but(3, span(cm, 1, 4)),
                           workers={0: ["montech", "chasselas", "chasselas"], 1: [cm(1), cm(2), cm(3)]},
                           current=1, scores=[10, 0, 0]))
    act(state, f"place {cm(4)}")  # seat 1: 6 for the section
    # Chasselas 2 - 0: seat 0 gets 4 more
    assert state.points == [14, 6, 0]
    assert state.winners == [0] and state.ranking == "points"
    state = build(position(3, closed=all_but(3, span(cm, 1, 4)),
                           workers={0: ["montech", "brulhois"], 1: [cm(1), cm(2), cm(3)]},
                           current=1, scores=[6, 6, 0]))
    act(state, f"place {cm(4)}")
    assert state.points == [12, 12, 0]  # Brulhois 6 to seat 0, the section 6 to seat 1
    assert [state.canal_workers(o) for o in range(3)] == [1, 4, 0]
    assert state.winners == [1] and state.ranking == "canal_workers"
    assert events(state, "arriala.game_end")[0]["ruling"] == "A-R18"


def test_position_round_trip_of_a_finished_game():
    state = build(position(2, round=60, current=1, quiet=59, workers={0: [mc(1)]}))
    act(state, "end")
    back = state_from_dict(state_to_dict(state))
    assert back.is_terminal() and back.winners == state.winners and back.ranking == state.ranking


def test_every_ruling_has_a_test_named_after_it():
    from canal_heritage.arriala.data import load_arriala_data
    names = [n for n in globals() if n.startswith("test_A_R")]
    for ruling in load_arriala_data().rulings:
        tag = ruling.id.replace("-", "_") + "_"
        assert any(tag in n for n in names), f"no test named after {ruling.id}"


# ---------------------------------------------------------------------------- A-R19
def turn_one_work_record(**extra) -> dict:
    """A record from before editions were written: seat 0 builds an engineering work on the
    very first turn, as every bot did when a tie of every player counted as last."""
    return {"format": "canal-heritage/arriala-game", "version": 1, "players": 3, "seed": 1, "first": 0,
            "decisions": ["card engineering-work pont-canal-cacor", "end"], **extra}


def test_A_R19_an_edition_1_game_keeps_the_old_reading_of_A_R7():
    old = ArrialaGame(3, edition=1).new_initial_state(1, first=0)
    assert old.all_tied() and old.is_last(0)
    assert "card engineering-work pont-canal-cacor" in legal_texts(old)
    with pytest.raises(ValueError, match="edition"):
        ArrialaGame(3, edition=3)


def test_A_R19_a_record_without_an_edition_replays_under_edition_1():
    from canal_heritage.arriala.record import load_record, record_of
    from canal_heritage.core.errors import RecordError

    state = load_record(turn_one_work_record())
    assert state.game.edition == 1 and state.points[:3] == [5, 0, 0]
    assert "edition" not in record_of(state).to_json()  # saved again, it stays what it was (edition 1)
    assert load_record(record_of(state).dumps()).game.edition == 1
    with pytest.raises(RecordError, match="not legal"):
        load_record(turn_one_work_record(edition=2))
    with pytest.raises(RecordError, match="edition"):
        load_record(turn_one_work_record(edition="2"))
    fresh = ArrialaGame(3).new_initial_state(1, first=0)
    assert record_of(fresh).to_json()["edition"] == 2


def test_A_R19_a_position_says_its_edition_only_when_it_is_not_the_current_one():
    old = ArrialaGame(3, edition=1).new_initial_state(1, first=0)
    data = state_to_dict(old)
    assert data["game"] == {"cells": None, "lock_max": None, "table": None, "deck": None, "edition": 1}
    back = state_from_dict(data)
    assert back.game.edition == 1 and "card engineering-work pont-canal-cacor" in legal_texts(back)
    assert state_to_dict(ArrialaGame(3).new_initial_state(1))["game"] is None
    with pytest.raises(PositionError, match="edition"):
        state_from_dict({**data, "game": {**data["game"], "edition": 7}})


def test_A_R19_a_position_written_before_editions_is_edition_1():
    """A version 1 position (written before the rulings had editions) without an edition is
    played under edition 1, as a record from then is; version 2 says so when it is not current."""
    current = state_to_dict(ArrialaGame(3).new_initial_state(1, first=0))
    assert current["version"] == 2 and current["game"] is None
    assert state_from_dict(current).game.edition == 2
    before = {**current, "version": 1}
    old = state_from_dict(before)
    assert old.game.edition == 1 and "card engineering-work pont-canal-cacor" in legal_texts(old)
    assert state_to_dict(old)["game"]["edition"] == 1  # written again, it says so
    said = {**before, "game": {"cells": None, "lock_max": None, "table": None, "deck": None, "edition": 2}}
    assert state_from_dict(said).game.edition == 2
