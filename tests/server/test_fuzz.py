"""Hostile input on SQLite (the cases are in ``tests/fuzzing.py``; PostgreSQL: tests/postgres)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from fuzzing import FRAMES, fuzz


def test_hostile_input_gets_typed_4xx_and_changes_nothing(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    counts = fuzz(client, caplog)
    assert counts["frames"] > FRAMES and counts["requests"] > 30
