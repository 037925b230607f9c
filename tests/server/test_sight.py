"""Sight that ends when it should, and a hub that keeps only what it may.

Whoever may no longer see a table stops receiving it at once: a seat revoked
at a players-only table, an open table made private.  A refused request loads
nothing, and finished tables leave memory.  A join link that opens no seat
says nothing of a table its holder may not see.
"""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from bodoge.server.db import PLAYERS
from bodoge.server.hub import ENDED_SECONDS, Hub
from bodoge.server.sockets import NOT_ALLOWED_CLOSE

from .serverkit import (
    SEALED,
    Table,
    create,
    frames_until,
    host,
    join_seat,
    receive,
    receive_state,
    socket,
    table_json,
    wait_status,
)
from .test_table_hardening import THREE, revoke

GONE = {
    "en": "You no longer have a seat at this table.",
    "ja": "この卓にはもうあなたの席がありません。",
}
PRIVATE = {
    "en": "This table is now private: you can no longer watch it.",
    "ja": "この卓は非公開になりました。観戦はできません。",
}


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def closed_with(ws: object, code: int) -> None:
    """The server closed the socket with ``code`` (nothing else came before it)."""
    frame = ws.receive()  # type: ignore[attr-defined]
    assert frame["type"] == "websocket.close" and frame["code"] == code, frame


# ------------------------------------------------ 1. a revoked seat at a players-only table


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_revoked_player_of_a_players_only_table_is_told_so_and_sees_nothing_more(
    client: TestClient, lang: str
) -> None:
    """Mallory's socket is open when the host revokes her seat: the very next frame says
    she has no seat here (not that she may watch), then the socket closes; the game
    that Bea and Cy then play never reaches her, and her token opens nothing."""
    table = create(
        client, game=SEALED, seats=THREE, options={"rounds": 1}, join=False, watch=PLAYERS
    )
    join_seat(client, table, 0, "Ann")
    mallory = join_seat(client, table, 1, "Mallory")
    with socket(client, table.id, mallory, lang=lang) as old:
        assert receive_state(old)["seat"] == 1
        table.invites[1] = revoke(client, table.id, 1, table.host_token)
        notice = receive(old)
        assert notice == {"type": "notice", "code": "seat_gone", "message": GONE[lang]}
        closed_with(old, NOT_ALLOWED_CLOSE)
    join_seat(client, table, 1, "Bea")
    join_seat(client, table, 2, "Cy")
    with socket(client, table.id, mallory) as again:
        assert receive(again)["code"] == "not_allowed"
        closed_with(again, NOT_ALLOWED_CLOSE)


def test_a_revoked_player_who_may_still_watch_is_told_so_and_watches(client: TestClient) -> None:
    """At an open table the revoked person may watch, and their notice says so."""
    table = create(client, game=SEALED, seats=THREE, join=False, listed=True, watch=PLAYERS)
    join_seat(client, table, 0, "Ann")
    mallory = join_seat(client, table, 1, "Mallory")
    with socket(client, table.id, mallory) as old:
        receive_state(old)
        revoke(client, table.id, 1, table.host_token)
        notice = frames_until(old, lambda f: f["type"] == "notice")
        assert notice["code"] == "seat_lost" and "You can still watch" in notice["message"]
        join_seat(client, table, 2, "Cy")
        seen = frames_until(old, lambda f: f["type"] == "state" and f["room"]["seats"][2]["filled"])
        assert seen["seat"] is None


# ------------------------------------------------ 2. an open table made private


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_watchers_of_a_table_made_private_stop_receiving_it_and_its_players_carry_on(
    client: TestClient, lang: str
) -> None:
    table = create(client, game=SEALED, join=False, listed=True, watch=PLAYERS)
    ann = join_seat(client, table, 0, "Ann")
    with socket(client, table.id, lang=lang) as stranger, socket(client, table.id, ann) as player:
        receive_state(stranger)
        receive_state(player)
        made = client.post(
            f"/api/tables/{table.id}/listed", json={"listed": False}, **hosted(table)
        )
        assert made.status_code == 200 and made.json()["listed"] is False
        notice = receive(stranger)
        assert notice == {"type": "notice", "code": "sight_lost", "message": PRIVATE[lang]}
        closed_with(stranger, NOT_ALLOWED_CLOSE)
        private = receive_state(player)
        assert private["room"]["listed"] is False and private["seat"] == 0
        join_seat(client, table, 1, "Bea")
        frames_until(player, lambda f: f["type"] == "state" and f["status"] == "playing")
    with socket(client, table.id) as late:
        assert receive(late)["code"] == "not_allowed"


def hosted(table: Table) -> dict[str, dict[str, str]]:
    """The keyword arguments of a request the host makes."""
    return {"headers": host(table)}


# ------------------------------------------------ 3. what a hub keeps of finished tables


def finished_tables(client: TestClient, count: int) -> list[Table]:
    """``count`` games of two bots, played to the end, private (link; this client holds
    no key, so it is a stranger to them)."""
    tables = [
        create(
            client, game=SEALED, seats=("random", "random"), options={"rounds": 1}, watcher=False
        )
        for _ in range(count)
    ]
    for table in tables:
        wait_status(client, table.id, "over")
    return tables


REFUSED_READS = (
    "/t/{id}",
    "/t/{id}/replay",
    "/t/{id}/replay/1",
    "/t/{id}/record.json",
    "/t/{id}/reviews/0",
    "/api/tables/{id}/record",
)


def test_reads_of_many_finished_tables_keep_the_hub_bounded(client: TestClient) -> None:
    """A refused read loads nothing; allowed reads keep only the last few tables; and
    after ``ENDED_SECONDS`` nothing finished and unwatched is left."""
    hub = hub_of(client)
    hub.ended_kept = 3
    tables = finished_tables(client, 8)
    client.portal.call(hub.forget_ended, time.monotonic() + ENDED_SECONDS + 1)  # type: ignore[union-attr]
    assert not set(hub.tables) & {t.id for t in tables}
    for table in tables:
        for path in REFUSED_READS:
            assert client.get(path.format(id=table.id)).status_code == 403, path
        with client.websocket_connect(f"/t/{table.id}/ws") as ws:  # no watch key
            assert receive(ws)["code"] == "not_allowed"
        assert table.id not in hub.tables
    for table in tables:
        for path in REFUSED_READS:
            assert client.get(path.format(id=table.id), **hosted(table)).status_code == 200, path
        assert table.id in hub.tables
        assert len(hub.tables) <= hub.ended_kept
    assert set(hub.tables) == {t.id for t in tables[-hub.ended_kept :]}
    client.portal.call(hub.forget_ended, time.monotonic() + ENDED_SECONDS + 1)  # type: ignore[union-attr]
    assert hub.tables == {}


def test_a_table_its_host_cancelled_leaves_memory_in_time(client: TestClient) -> None:
    """Nobody watches it, so no socket's leaving forgets it: the hub's own round does."""
    hub = hub_of(client)
    table = create(client, game=SEALED, join=False)
    cancelled = client.post(f"/api/tables/{table.id}/cancel", **hosted(table))
    assert cancelled.json()["status"] == "cancelled" and table.id in hub.tables
    client.portal.call(hub.forget_ended, time.monotonic())  # type: ignore[union-attr]
    assert table.id in hub.tables  # noted now: kept a while
    client.portal.call(hub.forget_ended, time.monotonic() + ENDED_SECONDS + 1)  # type: ignore[union-attr]
    assert table.id not in hub.tables


# ------------------------------------------------ 8. a join link that opens no seat


NAMED = ("Toy", "Join a table", "Player 0", "Ann", "watch", 'data-testid="seat-list"')


def test_a_join_link_that_opens_no_seat_describes_nothing_and_promises_nothing(
    client: TestClient,
) -> None:
    """A made-up invitation to a full table, a made-up one to a waiting table, and the
    old invitation of a revoked seat: one page, naming no game, no seat, no watching."""
    full = create(client, game=SEALED, watch=PLAYERS)
    waiting = create(client, game=SEALED, seats=THREE, join=False, watch=PLAYERS)
    join_seat(client, waiting, 0, "Ann")
    join_seat(client, waiting, 1, "Mallory")
    old_invite = waiting.invites[1]
    revoke(client, waiting.id, 1, waiting.host_token)
    pages = [
        client.get(f"/t/{full.id}/join/guessed", headers={"accept-language": "en"}).text,
        client.get(f"/t/{full.id}/join/{full.invites[0]}", headers={"accept-language": "en"}).text,
        client.get(f"/t/{waiting.id}/join/guessed", headers={"accept-language": "en"}).text,
        client.get(f"/t/{waiting.id}/join/{old_invite}", headers={"accept-language": "en"}).text,
    ]
    for page in pages:
        assert 'data-testid="invite-closed"' in page
        assert not [word for word in NAMED if word in page], page
    ja = client.get(f"/t/{waiting.id}/join/{old_invite}", headers={"accept-language": "ja"}).text
    assert "この招待では参加できません" in ja and "観戦" not in ja
    # whoever may see the table is still shown it, and may watch
    seen = client.get(f"/t/{full.id}/join/guessed", **hosted(full)).text
    assert 'data-testid="table-full"' in seen and 'data-testid="watch"' in seen


# ------------------------------------------------ 10. names: visible, distinct, not look-alikes


@pytest.mark.parametrize(
    "name",
    [
        "\u3164",  # HANGUL FILLER (a letter to Unicode)
        "\u115f",  # HANGUL CHOSEONG FILLER
        "\u2800",  # BRAILLE PATTERN BLANK (a symbol)
        "\u0301",  # a lone combining mark
        " \u0301\u0301 ",
        "\u3164\u3164 \u2800",
        "Bob\u3164",  # looks like Bob
        "a\u0301\u0301\u0301\u0301\u0301",  # a mark piled on marks
    ],
)
def test_a_name_that_shows_nothing_is_refused(client: TestClient, name: str) -> None:
    table = create(client, game=SEALED, join=False, listed=True)
    answer = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[0], "name": name}
    )
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "bad_name", answer.text
    sat = client.post(f"/api/tables/{table.id}/sit", json={"name": name})
    assert sat.status_code == 422 and sat.json()["error"]["code"] == "bad_name"
    assert not any(seat["filled"] for seat in table_json(client, table.id)["seats"])


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ann", "Ann"),
        ("Ann", "ann"),
        ("Ann", "ＡＮＮ"),  # full-width: the same after NFKC
        ("Ann", "\u0410nn"),  # Cyrillic capital A
        ("Ann", "Аnn".upper()),
        ("Paypal", "Pаypаl"),  # Cyrillic a
        ("アリス", "ｱﾘｽ"),  # half-width katakana
    ],
)
def test_a_name_like_another_at_the_table_is_refused(
    client: TestClient, first: str, second: str
) -> None:
    table = create(client, game=SEALED, seats=THREE, join=False)
    join_seat(client, table, 0, first)
    answer = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[1], "name": second}
    )
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "name_taken"
    assert not table_json(client, table.id)["seats"][1]["filled"]
    join_seat(client, table, 1, "Bea")  # the invitation still opens the seat
    other = create(client, game=SEALED, join=False)
    join_seat(client, other, 0, second)  # another table: no clash


def test_distinct_names_in_any_script_are_taken(client: TestClient) -> None:
    table = create(client, game=SEALED, seats=("person",) * 4, join=False)
    for seat, name in enumerate(["Ann", "Анна", "太郎", "Ann B"]):
        join_seat(client, table, seat, name)
    assert [s["name"] for s in table_json(client, table.id)["seats"]] == [
        "Ann",
        "Анна",
        "太郎",
        "Ann B",
    ]


@pytest.mark.parametrize(
    ("lang", "blank", "taken"),
    [
        ("en", "with a visible letter, digit or symbol", "already has that name"),
        ("ja", "見える文字", "同じ名前"),
    ],
)
def test_the_join_page_says_why_a_name_was_refused(
    client: TestClient, lang: str, blank: str, taken: str
) -> None:
    table = create(client, game=SEALED, seats=THREE, join=False)
    join_seat(client, table, 0, "Ann")
    path = f"/t/{table.id}/join/{table.invites[1]}"
    headers = {"accept-language": lang}
    refused = client.post(path, data={"name": "\u3164"}, headers=headers)
    assert refused.status_code == 422 and blank in refused.text
    refused = client.post(path, data={"name": "\u0410nn"}, headers=headers)
    assert refused.status_code == 409 and taken in refused.text


# ------------------------------------------------ 7. "Your tables" lists a table joined as a guest


def test_your_tables_lists_a_table_joined_as_a_guest(client: TestClient) -> None:
    """Only the cookies the server set, with the paths it set them on (the client's
    cookie jar keeps them to their paths, as a browser does)."""
    table = create(client, game=SEALED, join=False, watcher=False)
    client.cookies.clear()
    joined = client.post(
        f"/t/{table.id}/join/{table.invites[1]}", data={"name": "Bea"}, follow_redirects=False
    )
    assert joined.status_code == 303
    lobby = client.get("/").text
    assert f'data-testid="mine-{table.id}"' in lobby
    assert table.id in client.get(f"/t/{table.id}").text  # and the table still knows her


# ------------------------------------------------ 11. a refusal written to a client already gone


class Gone(OSError):
    """What the server's transport raises writing to a client that left (uvicorn's
    ``ClientDisconnected`` is an ``OSError``; with uvloop its cause names the closed
    ``TCPTransport``)."""


@pytest.mark.parametrize("which", ["not_allowed", "table_not_found"])
def test_a_refusal_to_a_socket_whose_client_left_is_no_error(
    client: TestClient, which: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The client opens the socket and leaves before the refusal is written: the
    application ends quietly (no "Exception in ASGI application")."""
    table = create(client, game=SEALED, watch=PLAYERS)
    table_id = table.id if which == "not_allowed" else "NoSuchTable"
    sent: list[str] = []

    async def receive() -> dict[str, object]:
        return {"type": "websocket.connect"}

    async def send(message: dict[str, object]) -> None:
        sent.append(str(message["type"]))
        if message["type"] != "websocket.accept":
            raise Gone("the client is gone")

    scope = {
        "type": "websocket",
        "asgi": {"version": "3.0"},
        "scheme": "ws",
        "path": f"/t/{table_id}/ws",
        "raw_path": f"/t/{table_id}/ws".encode(),
        "query_string": b"",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
        "subprotocols": [],
        "state": {},
    }
    with caplog.at_level("DEBUG", logger="bodoge.server"):
        client.portal.call(client.app, scope, receive, send)  # type: ignore[union-attr]
    assert sent == ["websocket.accept", "websocket.send"]
    assert not [r for r in caplog.records if r.levelname in ("WARNING", "ERROR")]
