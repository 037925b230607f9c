"""Issue 33, item 8: who may watch a private table is the host's choice at creation.

Every way of seeing a table (its page, its socket, the replay and its steps,
the record download, the API's table and record) asks one check
(:mod:`bodoge.server.access`): an open table is public; a private one is seen
by its players and its host, and by whoever holds its watch key only if the
host chose ``link``.
"""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from bodoge.server.access import WATCH_COOKIE
from bodoge.server.db import MIGRATIONS, PLAYERS, Store
from bodoge.server.deps import HOST_COOKIE, SEAT_COOKIE
from bodoge.server.sockets import NOT_ALLOWED_CLOSE

from .serverkit import SEALED, Table, act, bid, create, frames_until, host, receive, receive_state

EN = {"accept-language": "en"}


def finish(client: TestClient, table: Table) -> None:
    """Play the one round of a sealed-bids table to its end."""
    with (
        client.websocket_connect(f"/t/{table.id}/ws?token={table.tokens[0]}") as ann,
        client.websocket_connect(f"/t/{table.id}/ws?token={table.tokens[1]}") as bea,
    ):
        version = receive_state(ann)["version"]
        receive_state(bea)
        act(ann, version, bid(3))
        act(bea, version, bid(2))
        frames_until(ann, lambda f: f["type"] == "state" and f["status"] == "over")


def seen_by(client: TestClient, table_id: str, live: bool, **query: str) -> dict[str, int]:
    """The status of every way of seeing the table, for a visitor with ``query`` (and the
    client's cookies); the socket's is 200 for a state frame, 403 for ``not_allowed``."""
    paths = {"api": f"/api/tables/{table_id}", "page": f"/t/{table_id}"}
    if not live:
        paths |= {
            "replay": f"/t/{table_id}/replay",
            "step": f"/t/{table_id}/replay/1",
            "record": f"/t/{table_id}/record.json",
            "api_record": f"/api/tables/{table_id}/record",
        }
    statuses = {name: client.get(path, params=query).status_code for name, path in paths.items()}
    suffix = "".join(f"&{k}={v}" for k, v in query.items())
    with client.websocket_connect(f"/t/{table_id}/ws?lang=en{suffix}") as ws:
        frame = receive(ws)
        statuses["socket"] = 200 if frame["type"] == "state" else 403
        if frame["type"] == "error":
            assert frame["code"] == "not_allowed", frame
            closed = ws.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == NOT_ALLOWED_CLOSE
    return statuses


def all_are(statuses: dict[str, int], status: int) -> bool:
    return set(statuses.values()) == {status}


@pytest.mark.parametrize("live", [True, False], ids=["in-play", "finished"])
def test_a_players_only_table_refuses_a_stranger_everywhere_and_admits_its_people(
    client: TestClient, live: bool
) -> None:
    table = create(client, game=SEALED, options={"rounds": 1}, watch=PLAYERS)
    assert table.watch_key is None
    if not live:
        finish(client, table)
    stranger = seen_by(client, table.id, live)
    assert all_are(stranger, 403), stranger
    guessed = seen_by(client, table.id, live, watch="x" * 32)
    assert all_are(guessed, 403), guessed
    assert all_are(seen_by(client, table.id, live, token=table.tokens[1]), 200)
    client.cookies.set(HOST_COOKIE.format(table=table.id), table.host_token)
    assert all_are(seen_by(client, table.id, live), 200)
    client.cookies.clear()
    client.cookies.set(SEAT_COOKIE.format(table=table.id), table.tokens[0])
    assert all_are(seen_by(client, table.id, live), 200)


def test_a_refusal_says_nothing_about_the_table_in_the_visitors_language(
    client: TestClient,
) -> None:
    table = create(client, game=SEALED, watch=PLAYERS)
    page = client.get(f"/t/{table.id}", headers=EN)
    assert page.status_code == 403 and "You may not see this table" in page.text
    assert "Player 0" not in page.text and "Sealed" not in page.text
    ja = client.get(f"/t/{table.id}", headers={"accept-language": "ja"})
    assert "この卓は見られません" in ja.text
    api = client.get(f"/api/tables/{table.id}")
    assert api.status_code == 403 and api.json()["error"]["code"] == "not_allowed"
    assert "Player 0" not in api.text
    assert table.id not in {t["id"] for t in client.get("/api/tables").json()}


@pytest.mark.parametrize("live", [True, False], ids=["in-play", "finished"])
def test_a_link_table_admits_the_keys_holder_and_refuses_a_wrong_key(
    client: TestClient, live: bool
) -> None:
    table = create(client, game=SEALED, options={"rounds": 1}, watch="link", watcher=False)
    assert table.watch_key
    if not live:
        finish(client, table)
    assert all_are(seen_by(client, table.id, live, watch=table.watch_key), 200)
    wrong = seen_by(client, table.id, live, watch=table.watch_key[:-2] + "zz")
    assert all_are(wrong, 403), wrong
    client.cookies.clear()  # the page remembered the good key
    assert all_are(seen_by(client, table.id, live), 403)


def test_the_watch_key_is_remembered_for_that_table_only(client: TestClient) -> None:
    table = create(client, game=SEALED, options={"rounds": 1}, watch="link", watcher=False)
    finish(client, table)
    other = create(client, game=SEALED, options={"rounds": 1}, watch="link", watcher=False)
    replay = client.get(f"/t/{table.id}/replay", params={"watch": table.watch_key})
    assert replay.status_code == 200
    assert client.cookies.get(WATCH_COOKIE.format(table=table.id)) == table.watch_key
    remembered = seen_by(client, table.id, False)  # the cookie, no query
    pages = {k: v for k, v in remembered.items() if not k.startswith("api")}
    assert all_are(pages, 200), remembered  # the cookie goes to the table's pages only:
    assert remembered["api"] == remembered["api_record"] == 403  # API clients send ?watch=
    assert client.get(f"/t/{other.id}").status_code == 403


def test_an_open_table_is_public_whatever_its_setting(client: TestClient) -> None:
    table = create(client, game=SEALED, join=False, listed=True, watch=PLAYERS)
    assert all_are(seen_by(client, table.id, True), 200)


def test_the_host_sees_the_watch_link_to_copy_only_on_a_link_table(client: TestClient) -> None:
    shared = create(client, game=SEALED, join=False, watch="link")
    closed = create(client, game=SEALED, join=False, watch=PLAYERS)
    client.cookies.set(HOST_COOKIE.format(table=shared.id), shared.host_token)
    client.cookies.set(HOST_COOKIE.format(table=closed.id), closed.host_token)
    page = client.get(f"/t/{shared.id}", headers=EN).text
    assert f"/t/{shared.id}?watch={shared.watch_key}" in page and 'data-copy="#watch-link"' in page
    assert 'data-testid="watch-box"' not in client.get(f"/t/{closed.id}", headers=EN).text
    client.cookies.clear()
    joining = client.get(f"/t/{closed.id}/join/{closed.invites[1]}")
    assert joining.status_code == 200  # an invitation still opens its join page


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Its players only", "Anyone with the watch link")),
        ("ja", ("参加者だけ", "観戦リンク")),
    ],
)
def test_the_lobby_form_offers_the_choice_and_makes_what_was_chosen(
    client: TestClient, lang: str, words: tuple[str, ...]
) -> None:
    lobby = client.get("/", headers={"accept-language": lang}).text
    assert all(w in lobby for w in words)
    assert 'name="watch" value="players" checked' in lobby
    form: dict[str, Any] = {"game": SEALED, "num_seats": "2", "name": "Ann"}
    for choice in ("link", None):
        made = client.post("/tables", data=form | ({"watch": choice} if choice else {}))
        table_id = made.url.path.rsplit("/", 1)[1]
        info = client.app.state.store.table(table_id)  # type: ignore[attr-defined]
        assert info.watch == (choice or PLAYERS)
        assert ('data-testid="watch-box"' in made.text) == (choice == "link")


def test_a_table_stored_before_the_setting_existed_is_players_only(db_url: str) -> None:
    """Migration 0005 gives old rows ``players``: no watch link to them was ever given."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", db_url)
    command.upgrade(config, "0003")
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO game_tables (id, game, options, num_players, seed, status,"
                " host_hash, created_at, listed) VALUES ('old', :game, '{}', 2, 1, 'playing',"
                " 'h', '2026-12-01 00:00:00', 0)"
            ),
            {"game": SEALED},
        )
    engine.dispose()
    store = Store(db_url)
    store.migrate()
    info = store.table("old")
    assert info is not None and info.watch == PLAYERS and info.watch_hash is None


def test_the_api_hands_the_watch_link_to_its_creator_only(client: TestClient) -> None:
    table = create(client, game=SEALED, join=False, watch="link")
    seen = client.get(f"/api/tables/{table.id}", headers=host(table)).json()
    assert seen["watch"] == "link" and "watch_link" not in seen


def test_a_rematch_keeps_the_setting_and_the_watcher_follows_it(client: TestClient) -> None:
    shared = create(client, game=SEALED, options={"rounds": 1}, watch="link", watcher=False)
    closed = create(client, game=SEALED, options={"rounds": 1}, watch=PLAYERS)
    rematches = {}
    for table in (shared, closed):
        finish(client, table)
        again = client.post(f"/api/tables/{table.id}/rematch", headers=host(table))
        rematches[table.id] = again.json()["id"]
    follows = client.get(f"/t/{shared.id}/next", params={"watch": shared.watch_key})
    assert follows.url.path == f"/t/{rematches[shared.id]}" and follows.status_code == 200
    client.cookies.clear()
    assert client.get(f"/t/{rematches[shared.id]}").status_code == 403
    refused = client.get(f"/t/{closed.id}/next")
    assert refused.url.path == f"/t/{rematches[closed.id]}" and refused.status_code == 403


def test_a_join_link_that_opens_no_seat_shows_a_stranger_nobody(client: TestClient) -> None:
    table = create(client, game=SEALED, watch=PLAYERS)  # both seats taken
    for invite in (table.invites[0], "guessed"):
        page = client.get(f"/t/{table.id}/join/{invite}", headers=EN).text
        assert 'data-testid="invite-closed"' in page and 'data-testid="table-full"' not in page
        assert "Player 0" not in page and 'data-testid="watch"' not in page
    client.cookies.set(HOST_COOKIE.format(table=table.id), table.host_token)
    page = client.get(f"/t/{table.id}/join/guessed", headers=EN).text
    assert "Player 0" in page and 'data-testid="watch"' in page
    waiting = create(client, game=SEALED, join=False, watch=PLAYERS)
    client.cookies.clear()
    invited = client.get(f"/t/{waiting.id}/join/{waiting.invites[1]}", headers=EN).text
    assert 'data-testid="join-form"' in invited and 'data-testid="seat-list"' in invited
