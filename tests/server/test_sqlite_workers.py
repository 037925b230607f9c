"""Several server processes on one SQLite file (they tell each other of changes)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bodoge.server.db import migrate
from workers import (
    check_each_table_stays_on_one_worker,
    check_no_bot_move_is_refused,
    check_sight_ends_on_every_socket,
    check_two_servers_share_a_table,
)


def test_two_servers_share_a_table_on_one_sqlite_file(tmp_path: Path) -> None:
    check_two_servers_share_a_table(f"sqlite:///{tmp_path / 'shared.sqlite'}")


def test_each_table_stays_on_one_worker_on_one_sqlite_file(tmp_path: Path) -> None:
    check_each_table_stays_on_one_worker(f"sqlite:///{tmp_path / 'shared.sqlite'}")


def test_no_bot_move_is_refused_under_two_workers_on_one_sqlite_file(tmp_path: Path) -> None:
    check_no_bot_move_is_refused(f"sqlite:///{tmp_path / 'shared.sqlite'}")


@pytest.mark.parametrize("workers", [1, 2])
def test_sight_ends_on_every_socket_on_one_sqlite_file(tmp_path: Path, workers: int) -> None:
    check_sight_ends_on_every_socket(f"sqlite:///{tmp_path / 'shared.sqlite'}", workers)


def test_migrating_leaves_a_sqlite_file_in_wal_mode(tmp_path: Path) -> None:
    """Workers then open a file already in WAL, so none of them must switch it.

    Two workers switching a fresh file at once could find it locked at start-up.
    """
    path = tmp_path / "fresh.sqlite"
    migrate(f"sqlite:///{path}")
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
