"""Several server processes on one SQLite file (they tell each other of changes)."""

from __future__ import annotations

from pathlib import Path

from workers import check_each_table_stays_on_one_worker, check_two_servers_share_a_table


def test_two_servers_share_a_table_on_one_sqlite_file(tmp_path: Path) -> None:
    check_two_servers_share_a_table(f"sqlite:///{tmp_path / 'shared.sqlite'}")


def test_each_table_stays_on_one_worker_on_one_sqlite_file(tmp_path: Path) -> None:
    check_each_table_stays_on_one_worker(f"sqlite:///{tmp_path / 'shared.sqlite'}")
