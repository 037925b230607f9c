"""A browser's own tables, kept under one cookie naming the browser.

Seat and host cookies now belong to their table's path only, so the lobby
finds a browser's tables here: for the hash of its device secret, each
table it holds a seat or host secret of (their hashes) and when.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "device_tables",
        sa.Column("device", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(24), primary_key=True),
        sa.Column("seat_hash", sa.String(64), nullable=True),
        sa.Column("host_hash", sa.String(64), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("device_tables")
