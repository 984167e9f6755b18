"""Fixtures for the store's tests; the helpers live in ``store_helpers.py``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from store_helpers import Clock, postgres_url


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database: an SQLite file, and a PostgreSQL schema when one is available."""
    if request.param == "sqlite":
        yield str(tmp_path / "classroom.db")
    else:
        with postgres_url() as url:
            yield url
