"""Arriala's last action point (issue 13, item 6): the visitor's action that spends their last
AP shows its result and waits for "End my turn", so it can be taken back like the others;
bots never wait, and the game's decisions are the engine's (A-R17)."""

from __future__ import annotations

import random

from canal_heritage.arriala import actions as A
from canal_heritage.arriala.record import record_of as arriala_record
from canal_heritage.arriala.record import replay as arriala_replay
from canal_heritage.matches.arriala import ArrialaMatch, Seat


def vs_bot(**kw) -> ArrialaMatch:
    # one-AP actions all the way down (seed 3 had one only through a first-turn engineering work,
    # gone with A-R7's refinement)
    kw.setdefault("seed", 9)
    kw.setdefault("first", 0)
    kw.setdefault("pace", 0)
    return ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], **kw)


def spend_all_but_last(m: ArrialaMatch) -> int:
    """Spend AP on one-AP moves until one is left; the last one-AP move (not played)."""
    while True:
        ones = [a for a in m.legal_actions() if a != A.END_TURN and m.state.action_cost(a) == 1]
        assert ones, "no one-AP move"
        if m.state.ap == 1:
            return ones[0]
        assert m.play(ones[0])


def test_the_last_action_point_waits_for_end_my_turn():
    m = vs_bot()
    last = spend_all_but_last(m)
    history = list(m.state.history)
    assert m.play(last)
    assert m.waiting_to_end
    assert m.state.turn_held
    assert m.to_move == 0 and m.is_viewer_turn() and m.state.ap == 0
    assert m.legal_actions() == (A.END_TURN,)  # the only choice
    obs = m.observation()
    assert obs is not None and obs.legal_actions == (A.END_TURN,) and obs.ap == 0
    assert m.state.history == [*history, last]  # the result is shown
    assert not m.is_bot_turn() and not m.step_bot()  # nobody plays meanwhile
    assert not m.play(A.DRAW) and m.message  # no AP: refused, with the engine's reason
    version = m.version
    assert m.play(A.END_TURN)
    assert m.version == version + 1  # one update
    assert not m.waiting_to_end and not m.state.turn_held
    assert m.state.history == [*history, last]  # the record holds the action, not an extra "end"
    assert m.state.turns == 1 and m.is_bot_turn()
    assert not m.can_undo()  # the turn is over


def test_undo_takes_the_last_action_back():
    m = vs_bot()
    last = spend_all_but_last(m)
    before = list(m.state.history)
    m.play(last)
    assert m.can_undo()
    version = m.version
    assert m.undo()
    assert m.version == version + 1
    assert not m.waiting_to_end and m.state.history == before and m.state.ap == 1
    assert last in m.legal_actions()
    # and the earlier actions of the turn can still be taken back, one at a time
    while m.can_undo():
        assert m.undo()
    assert m.state.history == [] and m.state.ap == 5


def test_a_last_action_that_is_a_draw_waits_but_cannot_be_taken_back():
    m = vs_bot()
    while m.state.ap > 2:
        one = next(a for a in m.legal_actions() if a != A.END_TURN and m.state.action_cost(a) == 1)
        m.play(one)
    assert A.DRAW in m.legal_actions()
    m.play(A.DRAW)
    assert m.waiting_to_end and not m.can_undo()
    assert not m.undo()
    card_in_hand = m.observation().hand
    m.play(A.END_TURN)
    assert m.state.observation(0).hand == card_in_hand  # the card shown is the card kept


def test_a_last_action_that_ends_the_game_does_not_wait():
    m = vs_bot(overrides={"cells": [2, 2, 2, 2]})
    rng = random.Random(4)
    for _ in range(2000):
        if m.over:
            break
        if m.is_bot_turn():
            m.step_bot()
            continue
        legal = list(m.legal_actions())
        ending = [a for a in legal if a != A.END_TURN and _ends_game(m, a)]
        m.play(ending[0] if ending else rng.choice(legal))
    assert m.over and not m.waiting_to_end


def _ends_game(m: ArrialaMatch, action: int) -> bool:
    s = m.state.clone(log=False)
    s._apply(action)
    return s.is_terminal()


def test_bots_never_wait_and_a_whole_game_replays():
    """A bot's last AP ends its turn at once; a game with the visitor's waits replays from its record."""
    m = vs_bot(overrides={"cells": [2, 2, 2, 2]})
    rng = random.Random(7)
    waited = 0
    for _ in range(3000):
        if m.over:
            break
        if m.is_bot_turn():
            assert m.step_bot()
            assert not m.waiting_to_end
            continue
        if m.waiting_to_end:
            waited += 1
            assert m.legal_actions() == (A.END_TURN,)
        legal = [a for a in m.legal_actions() if a != A.END_TURN] or [A.END_TURN]
        assert m.play(rng.choice(legal))
    assert m.over and waited > 0
    replayed = arriala_replay(arriala_record(m.state))
    assert replayed.history == m.state.history and replayed.totals() == m.state.totals()


def test_only_bots_play_on_without_waiting():
    m = ArrialaMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=2, pace=0,
                     overrides={"cells": [2, 2, 2, 2]})
    for _ in range(3000):
        if m.over:
            break
        assert m.step_bot()
        assert not m.waiting_to_end
    assert m.over


def test_projector_pauses_on_the_last_action_then_waits():
    m = vs_bot(projector=True)
    while True:
        if m.paused:
            m.resume()
        ones = [a for a in m.legal_actions() if a != A.END_TURN and m.state.action_cost(a) == 1]
        if m.state.ap == 1:
            break
        m.play(ones[0])
    m.play(ones[0])
    assert m.paused and m.waiting_to_end and m.legal_actions() == ()
    m.resume()
    assert m.legal_actions() == (A.END_TURN,)
