"""A browser's own tables: what it sends stays the same size however many tables it
joins, "Your tables" lists the most recent first a page at a time, and seat cookies
an older version set on ``/`` move to their tables."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from bodoge.server.deps import SEAT_COOKIE
from bodoge.server.devices import DEVICE_COOKIE
from bodoge.server.pages import MY_TABLES

from .serverkit import SEALED, Table, create, host
from .test_table_hardening import THREE

JOINED = MY_TABLES + 3


def sent_to(client: TestClient, path: str) -> set[str]:
    """The names of the cookies the client's jar sends with a request for ``path``."""
    return {
        cookie.name
        for cookie in client.cookies.jar
        if path == cookie.path or path.startswith(cookie.path.rstrip("/") + "/")
    }


def join_by_form(client: TestClient, table: Table, seat: int, name: str) -> None:
    joined = client.post(
        f"/t/{table.id}/join/{table.invites[seat]}", data={"name": name}, follow_redirects=False
    )
    assert joined.status_code == 303, joined.text


def mine(page: str) -> list[str]:
    """The ids of the tables "Your tables" lists, in order."""
    return re.findall(r'data-table="([^"]+)" data-testid="mine-', page)


def test_many_tables_joined_send_no_more_and_list_the_newest_first(client: TestClient) -> None:
    many_tables_joined(client)


def many_tables_joined(client: TestClient) -> None:
    """A browser joins more tables than a page of "Your tables" shows."""
    quota = client.app.state.quota  # type: ignore[attr-defined]
    quota.per_minute = quota.waiting = 0  # this one client makes every table
    tables = []
    for n in range(JOINED):
        table = create(client, game=SEALED, join=False, watcher=False)
        join_by_form(client, table, 0, f"Keen {n}")
        tables.append(table)
        assert sent_to(client, "/") == {DEVICE_COOKIE}
        ws = f"/t/{table.id}/ws"
        assert sent_to(client, ws) == {DEVICE_COOKIE, SEAT_COOKIE.format(table=table.id)}
    newest = [table.id for table in reversed(tables)]
    first = client.get("/", headers={"accept-language": "en"}).text
    assert mine(first) == newest[:MY_TABLES]
    assert 'data-testid="mine-older"' in first and 'data-testid="mine-newer"' not in first
    assert "Most recent first" in first
    second = client.get("/", params={"mine": 1}).text
    assert mine(second) == newest[MY_TABLES:]
    assert 'data-testid="mine-older"' not in second and 'data-testid="mine-newer"' in second
    for odd in ("-1", "x", "٣"):  # any other page: the first
        assert mine(client.get("/", params={"mine": odd}).text) == newest[:MY_TABLES]
    assert mine(client.get("/", params={"mine": "9" * 30}).text) == []  # past the end
    # the oldest seat still holds: its table's page knows its player
    assert "Keen 0" in client.get(f"/t/{tables[0].id}").text


def test_a_seat_revoked_leaves_the_list(client: TestClient) -> None:
    table = create(client, game=SEALED, seats=THREE, join=False, watcher=False)
    join_by_form(client, table, 0, "Mallory")
    assert mine(client.get("/").text) == [table.id]
    answer = client.post(f"/api/tables/{table.id}/seats/0/revoke", headers=host(table))
    assert answer.status_code == 200, answer.text
    assert mine(client.get("/").text) == []


def test_seat_cookies_of_the_whole_site_move_to_their_tables(client: TestClient) -> None:
    table = create(client, game=SEALED, join=False, watcher=False)
    token = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[0], "name": "Old"}
    ).json()["token"]
    name = SEAT_COOKIE.format(table=table.id)
    new = create(client, game=SEALED, join=False, watcher=False)
    join_by_form(client, new, 0, "New")  # a cookie of this version, for the cookies' domain
    domain = next(cookie.domain for cookie in client.cookies.jar)
    client.cookies.set(name, token, domain=domain, path="/")  # as an older version set it
    assert sent_to(client, "/") == {DEVICE_COOKIE, name}
    assert mine(client.get("/").text) == [table.id, new.id]
    assert sent_to(client, "/") == {DEVICE_COOKIE}
    assert sent_to(client, f"/t/{table.id}/ws") == {DEVICE_COOKIE, name}
    assert mine(client.get("/").text) == [table.id, new.id]  # kept for the browser now
