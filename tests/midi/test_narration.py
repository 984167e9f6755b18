"""The engine's log, bot explanations, actions and errors in French, English and Occitan."""

from __future__ import annotations

import random

import pytest

from canal_heritage.core.errors import IllegalActionError
from canal_heritage.i18n import LANGUAGES
from canal_heritage.midi import MidiGame, actions
from canal_heritage.midi.bots import make_bot
from canal_heritage.midi.narration import Narrator


def played_games(count=12):
    for seed in range(count):
        game = MidiGame(2 + seed % 3)
        state = game.new_initial_state(seed)
        names = ["expert", "heuristic", "random", "heuristic"][: game.players]
        bots = [make_bot(n, random.Random(seed * 7 + i), game, **({"iterations": 4} if n == "expert" else {}))
                for i, n in enumerate(names)]
        moves = []
        while not state.is_terminal():
            p = state.current_player()
            move = bots[p].choose(state.observation(p))
            moves.append(move)
            state.apply_action(move.action)
        yield game, state, moves


GAMES = list(played_games())


def well_formed(text: str) -> None:
    assert text and "{" not in text and "}" not in text, text
    assert "Something happened" not in text and "(bot." not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_and_bot_move_renders(lang):
    keys = set()
    for game, state, moves in GAMES:
        for viewer in range(game.players):
            n = Narrator(lang, game, viewer=viewer)
            for e in state.log(viewer):
                well_formed(n.event(e))
                keys.add(e.key)
        n = Narrator(lang, game)
        for m in moves:
            well_formed(n.bot_move(m))
            well_formed(n.action(m.action))
    assert len(keys) >= 15


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_three_languages_really_differ(lang):
    game, state, moves = GAMES[0]
    lines = {lg: [Narrator(lg, game).event(e) for e in state.log(0)] for lg in LANGUAGES}
    others = [lg for lg in LANGUAGES if lg != lang]
    for other in others:
        same = sum(a == b for a, b in zip(lines[lang], lines[other], strict=True))
        assert same < len(lines[lang]) / 4, (lang, other)


def test_private_values_are_told_only_to_their_owner():
    game = MidiGame(2)
    state = game.new_initial_state(3)
    state.apply_action(state.legal_actions()[-1])  # seat to move bets its highest card
    bet_event = [e for e in state.events if e.key == "midi.bet_placed"][0]
    owner = bet_event.args["player"]
    other = 1 - owner
    mine = Narrator("en", game, viewer=owner).event(bet_event.seen_by(owner))
    theirs = Narrator("en", game, viewer=other).event(bet_event.seen_by(other))
    assert "(" in mine and "face down" in mine
    assert "places a bet" in theirs and "(" not in theirs


def test_errors_are_explained_in_each_language():
    game = MidiGame(2)
    state = game.new_initial_state(0)
    texts = {}
    for lang in LANGUAGES:
        n = Narrator(lang, game)
        with pytest.raises(IllegalActionError) as exc:
            state.apply_action(actions.REINFORCE)  # it is not time for reinforcements
        texts[lang] = n.error(exc.value)
        well_formed(texts[lang])
    assert texts["fr"].startswith("Pas maintenant")
    assert texts["oc"].startswith("Pas ara")
    assert texts["en"].startswith("Not now")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_ruling_has_a_title_and_a_text(lang):
    game = MidiGame(2)
    n = Narrator(lang, game)
    for r in game.data.rulings:
        title, text = n.ruling(r.id)
        assert title and len(text) > 40


def test_site_and_worker_names_follow_the_language():
    game = MidiGame(2)
    assert Narrator("oc", game).site_name("VIII") == "Enclusas de Fontseranas"
    assert Narrator("fr", game).worker(4) == "Terrassier (4)"
    assert Narrator("en", game).worker(4) == "Digger (4)"
    assert Narrator("oc", game).worker(6) == "Petardièr (6)"
