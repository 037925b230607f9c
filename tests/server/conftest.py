"""Fixtures for the server tests: a fresh SQLite database and an app on it per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from .serverkit import make_app


@pytest.fixture
def db_url(tmp_path: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path}/bodoge.sqlite"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(make_app(db_url)) as test_client:
        yield test_client
