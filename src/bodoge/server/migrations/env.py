"""Alembic environment: run bodoge's migrations against the configured URL."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from bodoge.server.db import Base, make_engine

target_metadata = Base.metadata
MIGRATION_LOCK = 0x626F646F6765
"""PostgreSQL advisory lock key ("bodoge"): one migration at a time per database."""


def run_migrations_online() -> None:
    url = context.config.get_main_option("sqlalchemy.url")
    assert url is not None
    # bodoge's own settings: a SQLite file is switched to WAL here, once,
    # before any worker opens it.
    engine = make_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            if connection.dialect.name == "postgresql":
                # Several processes may start at once: the second waits, then
                # finds the schema up to date (DDL is transactional here).
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                )
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    context.configure(
        url=context.config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata
    )
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
