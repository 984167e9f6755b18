"""Helpers for the store's tests: a clock the test moves, a database on PostgreSQL when
``CANAL_HERITAGE_TEST_PG`` names one, and the bytes of a file with its side files."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

PG_ENV = "CANAL_HERITAGE_TEST_PG"
START = datetime(2026, 3, 2, 8, 30, tzinfo=UTC)


class Clock:
    """The store's clock in a test: it stands still until the test moves it."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


@contextmanager
def postgres_url() -> Iterator[str]:
    """A fresh schema on the PostgreSQL server named by ``CANAL_HERITAGE_TEST_PG`` (dropped
    afterwards), as a URL whose connections use it; skips the test when the variable is unset."""
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"{PG_ENV} is not set (a PostgreSQL URL such as "
                    "postgresql+psycopg://postgres@127.0.0.1/postgres runs these tests on PostgreSQL too)")
    url = make_url(base)
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    schema = "canal_heritage_test_" + uuid.uuid4().hex[:12]
    admin = create_engine(url)
    try:
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        yield url.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


def files(folder: Path) -> dict[str, bytes]:
    """Every file of a folder by name, with its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}
