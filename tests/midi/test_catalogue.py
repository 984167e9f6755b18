"""Every message key the engine and bots emit is documented (docs/midi-engine.md), so
translators and views have the whole catalogue."""

from __future__ import annotations

import random
import re
from pathlib import Path

from canal_heritage.midi import MidiGame
from canal_heritage.midi.bots import make_bot

DOC = (Path(__file__).resolve().parents[2] / "docs" / "midi-engine.md").read_text(encoding="utf-8")
DOCUMENTED = set(re.findall(r"`((?:midi|bot\.midi|error)\.[a-z_]+)`", DOC))
SOURCE = Path(__file__).resolve().parents[2] / "canal_heritage"


def test_every_key_in_the_source_is_documented():
    in_source = set()
    for path in SOURCE.rglob("*.py"):
        if path.name == "narration.py":  # the narrator's own message contexts, not emitted keys
            continue
        in_source |= set(re.findall(r'"((?:midi|bot\.midi|error)\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    assert in_source, "no keys found: the pattern is wrong"
    assert sorted(in_source - DOCUMENTED) == []


def test_keys_seen_in_play_are_documented():
    seen = set()
    for seed in range(30):
        game = MidiGame(2 + seed % 3)
        state = game.new_initial_state(seed)
        bots = [make_bot("heuristic" if p % 2 else "random", random.Random(seed + p), game)
                for p in range(game.players)]
        while not state.is_terminal():
            p = state.current_player()
            move = bots[p].choose(state.observation(p))
            seen.add(move.key)
            state.apply_action(move.action)
        seen |= {e.key for e in state.events}
    assert len(seen) > 15
    assert sorted(seen - DOCUMENTED) == []
