"""Alembic's environment for the store's migrations.

The store runs the migrations itself (``canal_heritage.store.database``), handing over an open
connection in ``config.attributes["connection"]``: nothing here reads an ``alembic.ini``. A
developer writing a new migration may instead set ``sqlalchemy.url`` on the Config (see
docs/store.md).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from canal_heritage.store.models import Base


def run_migrations(connection: Connection) -> None:
    """Run the migrations on ``connection`` (in its transaction when it has one)."""
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        # SQLite alters a table by copying it: later migrations get that for free.
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    """The entry point Alembic runs."""
    if context.is_offline_mode():
        raise SystemExit("the Canal Heritage store has no offline (SQL script) migrations")
    connection = context.config.attributes.get("connection")
    if connection is not None:
        run_migrations(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("no connection or sqlalchemy.url given to the store's migrations")
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            run_migrations(conn)
            conn.commit()
    finally:
        engine.dispose()


main()
