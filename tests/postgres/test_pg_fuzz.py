"""Hostile input on PostgreSQL, which refuses NUL characters in text (cases: tests/fuzzing.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from bodoge.server import Settings, create_app
from fuzzing import FRAMES, fuzz


def test_hostile_input_gets_typed_4xx_and_changes_nothing(
    pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(Settings(database_url=pg_url, bot_pause=0))) as client:
        counts = fuzz(client, caplog)
    assert counts["frames"] > FRAMES and counts["requests"] > 30
