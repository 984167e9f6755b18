"""Canal du Midi bots: legal, explained, reproducible, and blind to what they may not see."""

from __future__ import annotations

import random

import pytest

from canal_heritage.core.bots import BotMove
from canal_heritage.midi import MidiGame, MidiState, actions
from canal_heritage.midi.belief import sample_state
from canal_heritage.midi.bots import BOT_NAMES, ExpertBot, HeuristicBot, make_bot

KEYS_PREFIX = "bot.midi."


def play(game, names, seed, **expert):
    state = game.new_initial_state(seed)
    bots = [make_bot(nm, random.Random(seed * 10 + i), game, **(expert if nm == "expert" else {}))
            for i, nm in enumerate(names)]
    moves: list[BotMove] = []
    while not state.is_terminal():
        p = state.current_player()
        obs = state.observation(p)
        move = bots[p].choose(obs)
        assert move.action in obs.legal_actions
        assert move.key.startswith(KEYS_PREFIX) and isinstance(move.args, dict)
        moves.append(move)
        state.apply_action(move.action)
    return state, moves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bot_plays_whole_games_legally(players):
    game = MidiGame(players)
    names = list(BOT_NAMES) + ["heuristic"]
    state, moves = play(game, names[:players], seed=players, iterations=8)
    assert state.is_terminal()
    assert len(moves) == len(state.history)


def test_bots_are_reproducible_from_their_generator():
    game = MidiGame(2)
    a, _ = play(game, ["expert", "heuristic"], seed=11, iterations=10)
    b, _ = play(game, ["expert", "heuristic"], seed=11, iterations=10)
    assert a.history == b.history


def test_bot_decision_depends_only_on_the_observation():
    """Two states that differ only in what the bot cannot see give the same decision."""
    game = MidiGame(3)
    state = game.new_initial_state(21)
    rng = random.Random(0)
    while state.current_player() != 0 or state.phase.name != "BET":
        state.apply_action(rng.choice(state.legal_actions()))
    other = state.clone()
    # swap seat 1's hand and face-down cards, and reshuffle the site deck: hidden from seat 0
    if other.down[1]:
        other.hand[1][0], other.down[1][0] = other.down[1][0], other.hand[1][0]
    other.deck.reverse()
    assert state.observation(0) == other.observation(0)
    for name in BOT_NAMES:
        m1 = make_bot(name, random.Random(5), game, **({"iterations": 6} if name == "expert" else {}))
        m2 = make_bot(name, random.Random(5), game, **({"iterations": 6} if name == "expert" else {}))
        assert m1.choose(state.observation(0)) == m2.choose(other.observation(0))


def test_heuristic_plays_strong_on_valuable_and_weak_on_cheap_sites():
    game = MidiGame(2)
    base = {
        "format": "canal-heritage/midi-position", "version": 1, "players": 2, "round": 1, "lead": 0,
        "phase": "bet", "queue": [0, 1],
        "seats": [
            {"hand": [1, 4, 6], "face_up": [0, 3, 5], "face_down": [2, 3, 4], "coins": 2, "bet": None,
             "reinforcement": None},
            {"hand": [0, 3, 4], "face_up": [1, 2, 6], "face_down": [3, 4, 5], "coins": 2, "bet": None,
             "reinforcement": None},
        ],
        "discard": [], "spent": 0, "reinforcers": [], "bets": None,
    }
    bot = HeuristicBot(random.Random(0), game)
    valuable = max(range(9), key=lambda i: game.value[i])
    cheap = min(range(9), key=lambda i: game.value[i])
    for site, expected, key in ((valuable, 6, "bot.midi.bet_high"), (cheap, 1, "bot.midi.bet_low")):
        ids = list(game.site_ids)
        deck = [x for x in ids if x != ids[site]]
        data = dict(base, sites={"deck": deck, "revealed": [ids[site]], "built": {}, "delayed": [], "adjacency": {}})
        state = MidiState.from_dict(data, game=game)
        move = bot.choose(state.observation(0))
        assert move.action == actions.bet(expected)
        assert move.key == key


def test_expert_explains_with_its_estimate():
    game = MidiGame(2)
    state = game.new_initial_state(3)
    rng = random.Random(1)
    while len(state.legal_actions()) < 2:
        state.apply_action(rng.choice(state.legal_actions()))
    move = ExpertBot(random.Random(2), iterations=12, game=game).choose(state.observation(state.current_player()))
    assert move.key == "bot.midi.expert"
    assert move.args["worlds"] == 12
    assert 0 <= move.args["win_percent"] <= 100
    assert actions.from_text(move.args["action"]) == move.action


def test_sampled_worlds_agree_with_the_observation():
    game = MidiGame(4)
    state = game.new_initial_state(8)
    rng = random.Random(3)
    for _ in range(40):
        p = state.current_player()
        obs = state.observation(p)
        world = sample_state(obs, random.Random(rng.random()), game)
        assert world.legal_actions() == state.legal_actions()
        wobs_public = (world.status, world.pawns, world.coins,
                       world.discard and sorted(game.card_value[c] for c in world.discard))
        real_public = (state.status, state.pawns, state.coins,
                       state.discard and sorted(game.card_value[c] for c in state.discard))
        assert wobs_public == real_public
        assert sorted(game.card_value[c] for c in world.hand[p]) == list(obs.hand)
        state.apply_action(rng.choice(state.legal_actions()))


def test_unknown_bot_name_is_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius", random.Random(0))
