"""Fixtures for the Canal du Midi engine tests; the helpers live in ``midi_helpers.py``."""

from __future__ import annotations

import pytest
from midi_helpers import game_for

from canal_heritage.midi import MidiGame


@pytest.fixture
def game2() -> MidiGame:
    return game_for(2)


@pytest.fixture
def game3() -> MidiGame:
    return game_for(3)


@pytest.fixture
def game4() -> MidiGame:
    return game_for(4)
