"""Every message key the Arriala engine and bots emit is documented (docs/arriala-engine.md)
and said in words by the narrator in every language."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from canal_heritage.arriala import ArrialaGame
from canal_heritage.arriala.bots import make_bot
from canal_heritage.arriala.narration import Narrator

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "arriala-engine.md").read_text(encoding="utf-8")
PATTERN = r"(?:arriala|bot\.arriala|error)\.[a-z_]+(?:\.[a-z_]+)?"
DOCUMENTED = set(re.findall(rf"`({PATTERN})`", DOC))


def test_every_key_in_the_source_is_documented():
    in_source = set()
    for path in (ROOT / "canal_heritage" / "arriala").rglob("*.py"):
        if path.name == "narration.py":  # the narrator's own message contexts, not emitted keys
            continue
        in_source |= set(re.findall(rf'"({PATTERN})"', path.read_text(encoding="utf-8")))
    assert len(in_source) > 30, "too few keys found: the pattern is wrong"
    assert sorted(in_source - DOCUMENTED) == []


@pytest.mark.parametrize("lang", ["fr", "en", "oc"])
def test_keys_seen_in_play_are_documented_and_narrated(lang):
    seen = set()
    for seed in range(6):
        game = ArrialaGame(2 + seed % 3)
        state = game.new_initial_state(seed)
        bots = [make_bot("heuristic" if p % 2 else "random", random.Random(seed + p)) for p in range(game.players)]
        narrator = Narrator(lang, game)
        while not state.is_terminal():
            p = state.current_player()
            move = bots[p].choose(state.observation(p))
            seen.add(move.key)
            said = narrator.bot_move(move)
            assert said and "{" not in said
            assert narrator.action(move.action)
            state.apply_action(move.action)
        seen |= {e.key for e in state.events}
        for viewer in range(game.players):
            for e in state.log(viewer):
                line = narrator.event(e)
                assert line and not line.startswith("arriala.") and "{" not in line, (e.key, line)
    assert len(seen) > 12
    assert sorted(seen - DOCUMENTED) == []
