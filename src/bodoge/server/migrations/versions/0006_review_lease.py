"""A review's lease: which server runs it, and until when unless it renews.

Servers sharing a database each run reviews; a running review belongs to the
server that holds its lease, and another takes it over only once the lease
has run out (that server stopped or died).  Rows left running by an older
version have no lease: they are taken over at once.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("reviews") as table:
        table.add_column(sa.Column("owner", sa.String(64), nullable=True))
        table.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("reviews") as table:
        table.drop_column("lease_until")
        table.drop_column("owner")
