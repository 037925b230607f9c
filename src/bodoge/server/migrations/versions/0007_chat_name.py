"""A chat line keeps its writer's name as it was when they wrote it.

A seat can change hands (its person revoked, another seated), so a line
named from the seat's current holder would read as the newcomer's.  Lines
stored before this have no name and are still named from the seat.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chat_messages") as table:
        table.add_column(sa.Column("name", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chat_messages") as table:
        table.drop_column("name")
