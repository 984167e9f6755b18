"""The schema comes from the migrations shipped in the package, and they agree with the models."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Column, Integer, MetaData, create_engine, inspect
from sqlalchemy.engine import make_url

import canal_heritage.store
from canal_heritage.store import APPLICATION_ID, Store, default_url
from canal_heritage.store.database import MIGRATIONS, alembic_config, resolve, revisions
from canal_heritage.store.models import Base

PACKAGE = Path(canal_heritage.store.__file__).resolve().parent
TABLES = {"alembic_version", "class_sessions", "rooms", "seats", "decisions", "refusals", "lesson_records"}


def test_the_migrated_schema_is_the_models(db_url: str) -> None:
    Store(db_url).close()
    engine = create_engine(resolve(db_url).url)
    try:
        with engine.connect() as conn:
            assert set(inspect(conn).get_table_names()) == TABLES
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
            # the comparison does see a difference when there is one
            changed = MetaData(naming_convention=Base.metadata.naming_convention)
            for table in Base.metadata.tables.values():
                table.to_metadata(changed)
            changed.tables["seats"].append_column(Column("colour", Integer, nullable=True))
            assert [d[0] for d in compare_metadata(MigrationContext.configure(conn), changed)] == ["add_column"]
    finally:
        engine.dispose()


def test_the_migrations_are_in_the_package_and_need_no_alembic_ini(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # far from the repository's root: nothing there is read
    assert MIGRATIONS.parent == PACKAGE
    assert {p.name for p in MIGRATIONS.iterdir()} >= {"env.py", "script.py.mako", "versions"}
    assert (MIGRATIONS / "versions" / "0001_classroom.py").is_file()
    config = alembic_config()
    assert config.config_file_name is None
    assert Path(config.get_main_option("script_location") or "") == MIGRATIONS
    head, known = revisions()
    assert head == "0002" and known == {"0001", "0002"}
    Store("c.db").close()
    con = sqlite3.connect(tmp_path / "c.db")
    try:
        assert con.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
        assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [(head,)]
    finally:
        con.close()


def test_the_migration_downgrades_and_upgrades_again(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    Store(path).close()
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), "base")
        with engine.connect() as conn:
            assert set(inspect(conn).get_table_names()) == {"alembic_version"}
    finally:
        engine.dispose()
    with Store(path) as store:  # an application_id of ours and no tables: migrated again
        assert store.live_rooms() == []
    con = sqlite3.connect(path)
    try:
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [("0002",)]
    finally:
        con.close()


def test_the_store_never_creates_tables_from_the_models() -> None:
    sources = list(PACKAGE.rglob("*.py"))
    assert len(sources) >= 8
    assert [p.name for p in sources if ".create_all(" in p.read_text(encoding="utf-8")] == []


def test_the_default_database_is_in_the_user_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CANAL_HERITAGE_DB", raising=False)
    url = make_url(default_url())
    assert url.get_backend_name() == "sqlite" and url.database is not None
    assert Path(url.database).name == "canal-heritage.db" and Path(url.database).parent.name == "canal-heritage"
    data = tmp_path / "data" / "canal-heritage" / "canal-heritage.db"
    monkeypatch.setattr("canal_heritage.store.database.default_path", lambda: data)
    with Store() as store:  # created on first use, with its folder
        assert store.path == data and data.is_file()
    monkeypatch.setenv("CANAL_HERITAGE_DB", str(tmp_path / "elsewhere.db"))
    assert default_url() == f"sqlite:///{tmp_path / 'elsewhere.db'}"
    with Store() as store:
        assert store.path == tmp_path / "elsewhere.db" and store.url == default_url()
