"""The lessons' class results: what students answer and play in the lesson notebooks.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

Moment = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the lesson_records table (the class's data from 0001 is left as it is)."""
    op.create_table(
        "lesson_records",
        sa.Column("id", sa.Integer(), nullable=False, autoincrement=True),
        sa.Column("class_session_id", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(24), nullable=False),
        sa.Column("lesson", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column("key", sa.String(80), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("at", Moment, nullable=False),
        sa.ForeignKeyConstraint(["class_session_id"], ["class_sessions.id"], ondelete="CASCADE",
                                name=op.f("fk_lesson_records_class_session_id_class_sessions")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lesson_records")),
    )
    op.create_index(op.f("ix_lesson_records_class_session_id"), "lesson_records", ["class_session_id"])
    op.create_index(op.f("ix_lesson_records_at"), "lesson_records", ["at"])


def downgrade() -> None:
    """Drop the lesson_records table (and the lessons' results in it)."""
    op.drop_table("lesson_records")
