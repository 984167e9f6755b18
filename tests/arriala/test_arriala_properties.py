"""Property tests: random legal games from random seeds at 2, 3 and 4 players.

Each test draws a deal seed and a policy seed (the random player's choices) from Hypothesis,
plus how eagerly the random player ends its turns (short turns make long and stalled games),
and checks a property after every action or at the end. How many games: ``tests/profiles.py``
(``HYPOTHESIS_PROFILE=long`` plays ten times as many).
"""

from __future__ import annotations

import random

import pytest
from arriala_helpers import check_derived_facts, check_invariants, game_for, log_json, play_random
from hypothesis import given
from hypothesis import strategies as st
from profiles import examples

from canal_heritage.arriala import ArrialaState
from canal_heritage.arriala.position import state_from_dict, state_to_dict
from canal_heritage.arriala.record import load_record, record_of
from canal_heritage.arriala.sampling import all_candidates
from canal_heritage.arriala.state import VINE
from canal_heritage.core.errors import PositionError

SEEDS = st.integers(0, 2**32 - 1)
EAGER = st.sampled_from([0.0, 0.0, 0.1, 0.3])  # chance of ending the turn at once
PLAYERS = pytest.mark.parametrize("players", [2, 3, 4])


def check_end(state: ArrialaState) -> None:
    """A finished game: its log, score sheet and ranking agree."""
    assert state.is_terminal() and state.termination in ("last_section", "stalled_quiet", "stalled_rounds")
    assert state.round <= state.game.rules.stall_max_rounds
    closed = sum(1 for a, _ in state.sections() if state.closed[a])
    assert len([e for e in state.events if e.key == "arriala.section_scored"]) == closed
    assert len([e for e in state.events if e.key == "arriala.vineyard_scored"]) == len(state.board.vineyards)
    assert (state.termination != "last_section") == any(e.key == "arriala.stalled" for e in state.events)
    last = state.events[-1]
    assert last.key == "arriala.game_end" and last.args["scores"] == state.points
    sheet = state.score_sheet()
    assert sheet.final and sheet.totals == state.points and list(sheet.winners) == state.winners
    by_kind = [o.by_kind() for o in sheet.owners]
    assert [sum(k.values()) for k in by_kind] == state.points
    if state.game.virtual:
        assert by_kind[2]["lock"] == by_kind[2]["river_work"] == by_kind[2]["engineering_work"] == 0


class ClosedCellsWatch:
    """A-R4: after every action, no worker has arrived on a cell that was closed before it."""

    def __init__(self) -> None:
        self.closed: list[bool] | None = None
        self.loc: list[int] | None = None

    def __call__(self, state: ArrialaState) -> None:
        if self.closed is not None:
            for w, (old, new) in enumerate(zip(self.loc, state.loc, strict=True)):
                if new != old and 0 <= new < VINE:
                    assert not self.closed[new], f"w{w} entered the closed cell {state.board.cell_id(new)}"
            assert all(state.closed[c] for c, x in enumerate(self.closed) if x), "a closed cell opened again"
        self.closed = list(state.closed)
        self.loc = list(state.loc)


@PLAYERS
@examples(600)
@given(seed=SEEDS, policy=SEEDS, eager=EAGER, draw=st.booleans())
def test_random_games_keep_the_invariants(players, seed, policy, eager, draw):
    """After every action: workers conserved per owner, at most one worker a plain cell and
    none on a lock, vineyards within capacity, ≤ 8 locks and ≤ each stretch's maximum,
    closed cells whole sections never entered, hand + deck + discard = 55, scores equal the
    score sheet's lines. Every game ends. Actions chosen from the list or drawn by
    ``sample_action``."""
    watch = ClosedCellsWatch()

    def hook(state):
        check_invariants(state)
        watch(state)
    state = play_random(players, seed, policy, hook=hook, end_weight=eager, draw=draw)
    check_end(state)


@PLAYERS
@examples(60)
@given(seed=SEEDS, policy=SEEDS, eager=EAGER, draw=st.booleans())
def test_the_facts_kept_up_to_date_are_those_worked_out_afresh(players, seed, policy, eager, draw):
    """Free cells, sections, movable workers, reachable cells and held cards, kept up to date
    action by action, equal the same facts worked out from scratch, after every action; and
    ``sample_action``'s candidates hold each legal action exactly once (so a uniform draw
    among them, keeping the legal ones, draws every legal action with the same chance)."""

    def hook(state):
        check_derived_facts(state)
        if not state.is_terminal():
            candidates = [a for a in all_candidates(state) if a >= 0]
            assert len(candidates) == len(set(candidates)), "a legal action is twice among the candidates"
            assert sorted(candidates) == sorted(state.legal_actions())
    play_random(players, seed, policy, hook=hook, end_weight=eager, draw=draw, log=False)


@PLAYERS
@examples(60)
@given(seed=SEEDS, policy=SEEDS, eager=EAGER)
def test_replay_and_save_load_reproduce_the_game(players, seed, policy, eager):
    """A-R12: same seed and decisions, same game; save then load, same game."""
    state = play_random(players, seed, policy, end_weight=eager)
    again = game_for(players).new_initial_state(seed)
    for a in state.history:
        again.apply_action(a)
    assert state_to_dict(again) == state_to_dict(state)
    assert log_json(again) == log_json(state)
    loaded = load_record(record_of(state).dumps())
    assert state_to_dict(loaded) == state_to_dict(state)
    assert log_json(loaded) == log_json(state)
    assert loaded.points == state.points and loaded.winners == state.winners and loaded.ranking == state.ranking


@PLAYERS
@examples(20)
@given(seed=SEEDS, policy=SEEDS, eager=EAGER)
def test_every_reachable_position_round_trips_through_plain_data(players, seed, policy, eager):
    """Every position reached in play is a legal position; from_dict(to_dict(s)) plays on
    exactly like s (same legal actions, same positions after the same actions)."""
    rng = random.Random(policy ^ 0xA11A)

    def hook(state):
        data = state_to_dict(state)
        try:
            back = state_from_dict(data, game=state.game)
        except PositionError as exc:  # pragma: no cover - reported with the position
            raise AssertionError(f"a position reached in play was refused: {exc}\n{data}") from None
        assert state_to_dict(back) == data
        assert back.current_player() == state.current_player()
        assert back.legal_actions() == state.legal_actions()
        assert back.score_sheet().totals == state.score_sheet().totals
        if state.is_terminal():
            assert (back.winners, back.ranking) == (state.winners, state.ranking)
            return
        if rng.random() < 0.1:  # play on a few actions side by side
            ahead = state.clone()
            for _ in range(6):
                if ahead.is_terminal():
                    break
                a = rng.choice(ahead.legal_actions())
                ahead.apply_action(a)
                back.apply_action(a)
                assert state_to_dict(back) == state_to_dict(ahead)
                assert back.legal_actions() == ahead.legal_actions()
    play_random(players, seed, policy, hook=hook, end_weight=eager)


def _swap(clone: ArrialaState, me: int, rng: random.Random) -> bool:
    """Move one hidden card: between two other hands, or between another hand and the deck,
    or shuffle the deck. ``me``'s own hand is left alone."""
    others = [p for p in range(clone.n) if p != me and sum(clone.hand[p])]
    choice = rng.random()
    if others and clone.deck and choice < 0.5:
        p = rng.choice(others)
        k = rng.choice([k for k, c in enumerate(clone.hand[p]) if c])
        i = rng.randrange(len(clone.deck))
        clone.hand[p][k] -= 1
        clone.hand[p][clone.deck[i]] += 1
        clone.deck[i] = k
        return True
    if len(others) >= 2 and choice < 0.8:
        p, q = rng.sample(others, 2)
        kp = rng.choice([k for k, c in enumerate(clone.hand[p]) if c])
        kq = rng.choice([k for k, c in enumerate(clone.hand[q]) if c])
        clone.hand[p][kp] -= 1
        clone.hand[p][kq] += 1
        clone.hand[q][kq] -= 1
        clone.hand[q][kp] += 1
        return True
    rng.shuffle(clone.deck)
    return bool(clone.deck)


@PLAYERS
@examples(25)
@given(seed=SEEDS, policy=SEEDS)
def test_observations_depend_only_on_what_the_player_may_know(players, seed, policy):
    """A-R11: moving hidden cards around (other hands, the deck) changes no other player's
    observation; each observation shows the player's own hand and the sizes of the rest."""
    rng = random.Random(policy ^ 0x0B5)

    def hook(state):
        if rng.random() > 0.15:
            return
        for me in range(players):
            obs = state.observation(me)
            assert list(obs.hand) == state.hand[me]
            assert obs.hand_sizes == tuple(sum(h) for h in state.hand) and obs.deck_size == len(state.deck)
            assert all(e.private is None for e in obs.events)
            clone = state.clone()
            clone._legal = None
            if _swap(clone, me, rng):
                assert clone.observation(me) == obs, "hidden cards leaked"
    play_random(players, seed, policy, hook=hook)
