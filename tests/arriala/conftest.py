"""Fixtures for the Arriala engine tests; the helpers live in ``arriala_helpers.py`` (the
Hypothesis counts in ``tests/profiles.py``)."""

from __future__ import annotations

import pytest
from arriala_helpers import game_for

from canal_heritage.arriala import ArrialaGame


@pytest.fixture
def game2() -> ArrialaGame:
    return game_for(2)


@pytest.fixture
def game3() -> ArrialaGame:
    return game_for(3)


@pytest.fixture
def game4() -> ArrialaGame:
    return game_for(4)
