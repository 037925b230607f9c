"""Who may watch a private table: its players only, or anyone with its watch link.

Tables stored before this revision get ``players``: they were made without a
watch key, so no link to them exists, and "players only" is the default the
host would have had to change.  (Open tables stay public whatever it says.)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(
            sa.Column("watch", sa.String(16), nullable=False, server_default="players")
        )
        table.add_column(sa.Column("watch_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("watch_hash")
        table.drop_column("watch")
