"""What keeps a table alive: clocks, seats handed to bots, open tables, rematches, chat.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        table.add_column(sa.Column("grace", sa.Float(), nullable=True))
        table.add_column(sa.Column("stand_in", sa.String(200), nullable=True))
        table.add_column(
            sa.Column("listed", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        table.add_column(sa.Column("result", sa.JSON(), nullable=True))
        table.add_column(sa.Column("rematch_of", sa.String(24), nullable=True))
        table.add_column(sa.Column("next_table", sa.String(24), nullable=True))
    op.create_index("ix_game_tables_listed", "game_tables", ["listed"])
    with op.batch_alter_table("seats") as seats:
        seats.add_column(
            sa.Column("by_bot", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        seats.add_column(
            sa.Column("muted", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        seats.add_column(sa.Column("clock_since", sa.Float(), nullable=True))
        seats.add_column(sa.Column("clock_left", sa.Float(), nullable=True))
        seats.add_column(sa.Column("invite_gen", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("actions") as actions:
        actions.add_column(sa.Column("proxy", sa.Boolean(), nullable=True))
    op.create_table(
        "chat_messages",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("n", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_messages")
    with op.batch_alter_table("actions") as actions:
        actions.drop_column("proxy")
    with op.batch_alter_table("seats") as seats:
        for column in ("invite_gen", "clock_left", "clock_since", "muted", "by_bot"):
            seats.drop_column(column)
    op.drop_index("ix_game_tables_listed", "game_tables")
    with op.batch_alter_table("game_tables") as table:
        for column in (
            "next_table",
            "rematch_of",
            "result",
            "listed",
            "stand_in",
            "grace",
            "clock",
        ):
            table.drop_column(column)
