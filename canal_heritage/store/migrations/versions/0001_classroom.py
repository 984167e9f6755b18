"""The classroom: class sessions, rooms, seats, decisions and refusals.

Revision ID: 0001
Revises:
Create Date: 2026-11-15
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The types as this revision wrote them (later model changes need their own migration).
Moment = sa.DateTime(timezone=True)
NullableJSON = sa.JSON(none_as_null=True)
LIVE_CODE_WHERE = sa.text("status <> 'closed'")


def upgrade() -> None:
    """Create the five tables."""
    op.create_table(
        "class_sessions",
        sa.Column("id", sa.Integer(), nullable=False, autoincrement=True),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("ended_at", Moment, nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_sessions")),
    )
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("code", sa.String(8), nullable=False),
        sa.Column("class_session_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("first", sa.Integer(), nullable=True),
        sa.Column("lang", sa.String(2), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.Column("ended_at", Moment, nullable=True),
        sa.Column("result", NullableJSON, nullable=True),
        sa.ForeignKeyConstraint(["class_session_id"], ["class_sessions.id"], ondelete="CASCADE",
                                name=op.f("fk_rooms_class_session_id_class_sessions")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rooms")),
    )
    op.create_index(op.f("ix_rooms_class_session_id"), "rooms", ["class_session_id"])
    op.create_index(op.f("ix_rooms_status"), "rooms", ["status"])
    op.create_index("ix_rooms_live_code", "rooms", ["code"], unique=True,
                    sqlite_where=LIVE_CODE_WHERE, postgresql_where=LIVE_CODE_WHERE)
    op.create_table(
        "seats",
        sa.Column("room_id", sa.String(32), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("standin", sa.Boolean(), nullable=False),
        sa.Column("claimed_at", Moment, nullable=True),
        sa.Column("last_seen", Moment, nullable=True),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"], ondelete="CASCADE", name=op.f("fk_seats_room_id_rooms")),
        sa.PrimaryKeyConstraint("room_id", "index", name=op.f("pk_seats")),
    )
    op.create_table(
        "decisions",
        sa.Column("room_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("by_bot", sa.Boolean(), nullable=False),
        sa.Column("explanation", NullableJSON, nullable=True),
        sa.Column("at", Moment, nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"], ondelete="CASCADE",
                                name=op.f("fk_decisions_room_id_rooms")),
        sa.PrimaryKeyConstraint("room_id", "number", name=op.f("pk_decisions")),
    )
    op.create_table(
        "refusals",
        sa.Column("id", sa.Integer(), nullable=False, autoincrement=True),
        sa.Column("room_id", sa.String(32), nullable=True),
        sa.Column("at", Moment, nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("client", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_refusals")),
    )
    op.create_index(op.f("ix_refusals_room_id"), "refusals", ["room_id"])
    op.create_index(op.f("ix_refusals_at"), "refusals", ["at"])


def downgrade() -> None:
    """Drop the five tables (and everything in them)."""
    op.drop_table("refusals")
    op.drop_table("decisions")
    op.drop_table("seats")
    op.drop_index("ix_rooms_live_code", table_name="rooms")
    op.drop_table("rooms")
    op.drop_table("class_sessions")
