"""Property tests: thousands of random legal games from random seeds, at 2, 3 and 4 players.

Each test draws a deal seed and a policy seed (the random player's choices) from Hypothesis
and checks a property after every action or at the end of the game.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from midi_helpers import all_zones, check_invariants, check_knowledge, check_log, game_for, log_json, play_random
from profiles import examples

from canal_heritage.core.errors import IllegalActionError, PositionError
from canal_heritage.midi import MidiState, load_record, record_of
from canal_heritage.midi.scoring import fast_winners
from canal_heritage.midi.state import BUILT, DELAYED, Phase

SEEDS = st.integers(0, 2**32 - 1)
PLAYERS = pytest.mark.parametrize("players", [2, 3, 4])


def check_end(state: MidiState) -> None:
    """Every game ends after round 9, every card in the discard, a consistent score."""
    n = state.n
    assert state.is_terminal() and state.phase == Phase.END
    assert state.round == 9 and state.current_player() is None and state.legal_actions() == []
    assert sorted(state.discard) == list(range(9 * n))
    assert sorted(all_zones(state)) == list(range(9 * n))
    assert all(s in (BUILT, DELAYED) for s in state.status)
    assert [e.args["round"] for e in state.events if e.key == "midi.site_revealed"] == list(range(1, 10))
    sheet = state.score_sheet()
    assert sheet.final
    for ps in sheet.players:
        assert ps.total == sum(s.points for s in ps.sites) + ps.coin_points
        assert ps.coin_points == 2 * ps.coins == 2 * state.coins[ps.player]
    assert [ps.total for ps in sheet.players] == state.totals()
    assert list(sheet.winners) == fast_winners(state)
    assert state.events[-1].key == "midi.game_over"
    assert state.events[-1].args["totals"] == state.totals()
    check_log(state)


@PLAYERS
@examples(1500)
@given(seed=SEEDS, policy=SEEDS)
def test_random_games_keep_the_invariants(players, seed, policy):
    """Cards in exactly one zone, 12 coins, pawns, hand sizes, after every action; a proper end."""
    state = play_random(players, seed, policy, hook=check_invariants)
    check_end(state)


@PLAYERS
@examples(300)
@given(seed=SEEDS, policy=SEEDS)
def test_replay_and_save_load_reproduce_the_game(players, seed, policy):
    """M-R10: same seed and decisions, same game; save then load, same game."""
    state = play_random(players, seed, policy)
    again = game_for(players).new_initial_state(seed)
    for a in state.history:
        again.apply_action(a)
    assert again.to_dict() == state.to_dict()
    assert log_json(again) == log_json(state)
    loaded = load_record(record_of(state).dumps())
    assert loaded.to_dict() == state.to_dict()
    assert log_json(loaded) == log_json(state)
    assert loaded.totals() == state.totals()


@PLAYERS
@examples(150)
@given(seed=SEEDS, policy=SEEDS)
def test_every_reachable_position_round_trips_through_plain_data(players, seed, policy):
    """Every position reached in play is a legal position: from_dict(to_dict(s)) == s."""
    def hook(state):
        data = state.to_dict()
        try:
            back = MidiState.from_dict(data, game=state.game)
        except PositionError as exc:  # pragma: no cover - reported with the position
            raise AssertionError(f"a position reached in play was refused: {exc}\n{data}") from None
        assert back.to_dict() == data
        if not state.is_terminal():
            assert back.legal_actions() == state.legal_actions()
            assert back.current_player() == state.current_player()
            for me in range(players):  # M-R1 knowledge from a position is true too
                check_knowledge(back, me)
    play_random(players, seed, policy, hook=hook)


@PLAYERS
@examples(150)
@given(seed=SEEDS, policy=SEEDS, tries=st.lists(st.integers(-5, 500), min_size=3, max_size=12))
def test_random_ints_are_refused_unless_legal(players, seed, policy, tries):
    """An int is accepted only when it is in legal_actions(); a refusal changes nothing."""
    state = game_for(players).new_initial_state(seed)
    rng = random.Random(policy)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        for a in tries:
            if a in legal:
                continue
            before = state.to_dict(), len(state.events), list(state.history)
            with pytest.raises(IllegalActionError):
                state.apply_action(a)
            assert (state.to_dict(), len(state.events), list(state.history)) == before
        accepted = [a for a in tries if a in legal]
        state.apply_action(rng.choice(accepted) if accepted and rng.random() < 0.5 else rng.choice(legal))
        steps += 1
    check_end(state)


def _swap_hidden(clone: MidiState, owner: int, rng: random.Random) -> bool:
    """Swap one of ``owner``'s hand cards with one of their face-down cards."""
    if not (clone.hand[owner] and clone.down[owner]):
        return False
    i, j = rng.randrange(len(clone.hand[owner])), rng.randrange(len(clone.down[owner]))
    clone.hand[owner][i], clone.down[owner][j] = clone.down[owner][j], clone.hand[owner][i]
    return True


def _swap_between_hands(clone: MidiState, a: int, b: int, rng: random.Random) -> bool:
    if not (clone.hand[a] and clone.hand[b]):
        return False
    i, j = rng.randrange(len(clone.hand[a])), rng.randrange(len(clone.hand[b]))
    clone.hand[a][i], clone.hand[b][j] = clone.hand[b][j], clone.hand[a][i]
    return True


@PLAYERS
@examples(100)
@given(seed=SEEDS, policy=SEEDS)
def test_observations_depend_only_on_what_the_player_may_know(players, seed, policy):
    """M-R1: moving hidden cards around (an opponent's hand vs face-down cards, two opponents'
    hands, the unrevealed site deck) changes no other player's observation; and what each
    observation deduces is true."""
    rng = random.Random(policy ^ 0x5EED)
    swaps = 0

    def hook(state):
        nonlocal swaps
        for me in range(players):
            check_knowledge(state, me)
        if rng.random() > 0.2:
            return
        before = [state.observation(p) for p in range(players)]
        for me in range(players):
            opps = [o for o in range(players) if o != me]
            o = rng.choice(opps)
            clone = state.clone()
            if _swap_hidden(clone, o, rng):
                swaps += 1
                assert clone.observation(me) == before[me], "an opponent's hidden cards leaked"
            if len(opps) >= 2:
                a, b = rng.sample(opps, 2)
                clone = state.clone()
                if _swap_between_hands(clone, a, b, rng):
                    assert clone.observation(me) == before[me], "opponents' hands leaked"
            clone = state.clone()
            rng.shuffle(clone.deck)
            assert clone.observation(me) == before[me], "the site deck order leaked"
    play_random(players, seed, policy, hook=hook)
