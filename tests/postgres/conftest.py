"""PostgreSQL fixtures: a fresh database per test on the server of ``BODOGE_TEST_POSTGRES``.

``BODOGE_TEST_POSTGRES`` is the URL of a database on a server where the role
may ``CREATE DATABASE`` (``.ci/run`` starts one and sets it).  Each test gets
a database of its own, created with a unique name and dropped afterwards.
Without the variable these tests are skipped, except under CI (``CI`` set),
where they must run and fail instead.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy.engine import make_url

ENV = "BODOGE_TEST_POSTGRES"


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The admin URL of the test server (skip, or fail under CI, when there is none)."""
    url = os.environ.get(ENV)
    if not url:
        reason = (
            f"{ENV} is not set: these tests need a PostgreSQL server where the role may "
            "create databases, e.g. postgresql://bodoge:bodoge@127.0.0.1:5432/postgres "
            "(.ci/run starts one)"
        )
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL tests, but {reason}")
        pytest.skip(reason)
    try:
        with psycopg.connect(url, connect_timeout=5) as connection:
            connection.execute("SELECT 1")
    except psycopg.Error as error:
        shown = make_url(url).render_as_string(hide_password=True)
        pytest.fail(f"{ENV}={shown} does not answer: {error}")
    return url


@pytest.fixture
def pg_url(postgres_server: str) -> Iterator[str]:
    """A fresh, empty database for this test (dropped afterwards); its ``postgresql://`` URL."""
    name = f"bodoge_test_{secrets.token_hex(6)}"
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = make_url(postgres_server).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        with psycopg.connect(postgres_server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
