"""Two ``bodoge serve`` workers on one SQLite file (they tell each other of changes)."""

from __future__ import annotations

from pathlib import Path

from workers import check_two_workers_share_a_table


def test_two_workers_share_a_table_on_one_sqlite_file(tmp_path: Path) -> None:
    check_two_workers_share_a_table(f"sqlite:///{tmp_path / 'shared.sqlite'}")
