"""On PostgreSQL too, a browser's tables are kept under its one cookie."""

from __future__ import annotations

from fastapi.testclient import TestClient

from server.serverkit import make_app
from server.test_own_tables import many_tables_joined


def test_many_tables_joined_on_postgres(pg_url: str) -> None:
    with TestClient(make_app(pg_url)) as client:
        many_tables_joined(client)
