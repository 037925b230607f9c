"""Who created a table (a hash of the client's address), for the cap on waiting tables.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("game_tables", sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("ix_game_tables_creator", "game_tables", ["creator"])


def downgrade() -> None:
    op.drop_index("ix_game_tables_creator", "game_tables")
    op.drop_column("game_tables", "creator")
