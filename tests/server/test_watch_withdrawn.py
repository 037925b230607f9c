"""A watch link withdrawn while the game runs: its holders are told and end, the new link
admits, the old one admits nobody; only the host may, and only a table that has a link."""

from __future__ import annotations

from fastapi.testclient import TestClient

from bodoge.server.db import PLAYERS
from bodoge.server.deps import HOST_COOKIE
from bodoge.server.sockets import NOT_ALLOWED_CLOSE

from .serverkit import SEALED, create, host, receive, receive_state, socket
from .test_sight import closed_with


def test_a_withdrawn_watch_link_ends_its_watchers_and_a_new_one_admits(
    client: TestClient,
) -> None:
    table = create(client, game=SEALED, watcher=False)  # a running game, a watch link
    old = table.watch_key
    assert old is not None
    shown = client.get(f"/api/tables/{table.id}", params={"watch": old}).json()
    assert shown["status"] == "playing"
    with socket(client, table.id, watch=old) as watcher:
        receive_state(watcher)
        refused = client.post(f"/api/tables/{table.id}/watch-link")  # not the host
        assert refused.status_code == 403
        answer = client.post(f"/api/tables/{table.id}/watch-link", headers=host(table))
        assert answer.status_code == 200, answer.text
        notice = receive(watcher)
        assert notice["type"] == "notice" and notice["code"] == "watch_withdrawn"
        assert "withdrew this watch link" in notice["message"]
        closed_with(watcher, NOT_ALLOWED_CLOSE)
    new = answer.json()["watch_link"].split("watch=", 1)[1]
    assert new != old
    assert client.get(f"/api/tables/{table.id}", params={"watch": old}).status_code == 403
    assert client.get(f"/api/tables/{table.id}", params={"watch": new}).status_code == 200
    again = client.post(f"/api/tables/{table.id}/watch-link", headers=host(table)).json()
    assert again["watch_link"].split("watch=", 1)[1] not in (old, new)  # and again
    client.cookies.set(HOST_COOKIE.format(table=table.id), table.host_token)
    page = client.get(f"/t/{table.id}")  # the host's page shows the new link
    assert again["watch_link"] in page.text and new not in page.text


def test_a_table_without_a_watch_link_has_none_to_withdraw(client: TestClient) -> None:
    table = create(client, game=SEALED, watch=PLAYERS)
    answer = client.post(f"/api/tables/{table.id}/watch-link", headers=host(table))
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "no_watch_link"
