"""Helpers for the in-process server tests: tables, seats, sockets, frames."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from bodoge.server import Settings, create_app
from bodoge.server.access import WATCH_COOKIE
from bodoge.server.deps import HOST_COOKIE
from bodoge.server.hub import Hub
from bodoge.server.sockets import SERVER_MESSAGE, ErrorMessage, StateMessage
from patience import PATIENCE

SEALED = "toy-sealed-bids"
BRIDE = "egyptian-bride"
ORIGIN = "http://testserver"
"""The test client's own origin (its requests carry ``Host: testserver``)."""
FOREIGN = "http://testserver:8001"
"""Another port of the same host: another origin, whose pages must not act here."""


def make_app(database_url: str, bot_pause: float = 0) -> FastAPI:
    return create_app(Settings(database_url=database_url, bot_pause=bot_pause))


@dataclass
class Table:
    """A table made through the API, with the secrets its creator received."""

    id: str
    host_token: str
    invites: dict[int, str]
    """Seat → invitation code."""
    tokens: dict[int, str] = field(default_factory=dict)
    """Seat → seat token, for the seats joined so far."""
    watch_key: str | None = None
    """The watch key of a ``watch: "link"`` table."""


WATCH_KEYS: dict[str, str] = {}
"""Table id → watch key of the tables :func:`create` made: the helpers that look at a
table as a stranger (a spectator's socket, :func:`table_json`) show it."""


def watching(table_id: str) -> dict[str, str]:
    """The query that lets a stranger watch a table :func:`create` made (else none)."""
    key = WATCH_KEYS.get(table_id)
    return {} if key is None else {"watch": key}


def create(
    client: TestClient,
    game: str = SEALED,
    seats: Iterable[str] = ("person", "person"),
    options: dict[str, Any] | None = None,
    join: bool = True,
    seed: int | None = None,
    watcher: bool = True,
    **extra: Any,
) -> Table:
    """A new table; ``seats`` holds ``person`` or a bot spec; person seats are joined.

    ``extra``: more of the request (``clock``, ``grace``, ``stand_in``, ``listed``,
    ``watch``: ``link`` unless said, so that spectators in tests hold the watch key).
    ``watcher``: the client keeps a link table's watch key in a cookie, as a browser
    that opened the watch link does (the pages, replays, sockets and API admit it).
    """
    extra.setdefault("watch", "link")
    specs = [
        {"kind": "person"} if kind == "person" else {"kind": "bot", "bot": kind} for kind in seats
    ]
    body: dict[str, Any] = {"game": game, "options": options or {}, "seats": specs, **extra}
    if seed is not None:
        body["seed"] = seed
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    table = Table(
        id=data["table"]["id"],
        host_token=data["host_token"],
        invites={int(seat): path.rsplit("/", 1)[1] for seat, path in data["invites"].items()},
    )
    if data.get("watch_link"):
        table.watch_key = data["watch_link"].rsplit("watch=", 1)[1]
        WATCH_KEYS[table.id] = table.watch_key
        if watcher:
            # on every path (the server's own cookie is the table's pages' only), so that
            # the API's table and record answer the tests' plain GETs too
            client.cookies.set(WATCH_COOKIE.format(table=table.id), table.watch_key)
    if join:
        for seat in table.invites:
            join_seat(client, table, seat)
    return table


def join_seat(client: TestClient, table: Table, seat: int, name: str | None = None) -> str:
    response = client.post(
        f"/api/tables/{table.id}/join",
        json={"invite": table.invites[seat], "name": name or f"Player {seat}"},
    )
    assert response.status_code == 200, response.text
    assert response.json()["seat"] == seat
    token: str = response.json()["token"]
    table.tokens[seat] = token
    return token


def socket(
    client: TestClient, table_id: str, token: str | None = None, **params: str
) -> WebSocketTestSession:
    query = dict(params)
    if token is not None:
        query["token"] = token
    elif "watch" not in query:
        query.update(watching(table_id))
    suffix = "?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else ""
    return client.websocket_connect(f"/t/{table_id}/ws{suffix}")


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next frame, checked against the published schema of server messages."""
    text = ws.receive_text()
    frame: dict[str, Any] = json.loads(text)
    SERVER_MESSAGE.validate_python(frame)
    return frame


def receive_state(ws: WebSocketTestSession) -> dict[str, Any]:
    frame = receive(ws)
    assert frame["type"] == "state", frame
    StateMessage.model_validate(frame)
    return frame


def receive_error(ws: WebSocketTestSession, code: str) -> dict[str, Any]:
    frame = receive(ws)
    assert frame["type"] == "error", frame
    ErrorMessage.model_validate(frame)
    assert frame["code"] == code, frame
    assert frame["message"], frame
    return frame


def act(ws: WebSocketTestSession, version: int, action: Any) -> None:
    ws.send_json({"type": "act", "version": version, "action": action})


def assert_quiet(ws: WebSocketTestSession) -> None:
    """Nothing is waiting for this connection: a ping is answered first."""
    ws.send_json({"type": "ping"})
    frame = receive(ws)
    assert frame == {"type": "pong"}, f"expected nothing new, got {frame}"


def stored(client: TestClient, table_id: str) -> list[tuple[int, int, dict[str, Any]]]:
    """The table's actions as the database holds them."""
    store = client.app.state.store  # type: ignore[attr-defined]
    rows: list[tuple[int, int, dict[str, Any]]] = store.actions(table_id)
    return rows


def live_version(client: TestClient, table_id: str) -> int:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    version: int = hub.tables[table_id].state.version
    return version


def wait_status(client: TestClient, table_id: str, status: str, timeout: float = PATIENCE) -> None:
    """Poll the API until the table has ``status`` (bots play in the background)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if (
            client.get(f"/api/tables/{table_id}", params=watching(table_id)).json()["status"]
            == status
        ):
            return
        time.sleep(0.02)
    raise AssertionError(f"table {table_id} did not reach {status!r} in {timeout} s")


def bid(amount: int) -> dict[str, Any]:
    return {"type": "bid", "amount": amount}


def frames_until(ws: WebSocketTestSession, test: Any, most: int = 200) -> dict[str, Any]:
    """Read frames until one passes ``test``."""
    for _ in range(most):
        frame = receive(ws)
        if test(frame):
            return frame
    raise AssertionError("no such frame")


def table_json(client: TestClient, table_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/tables/{table_id}", params=watching(table_id)).json()
    return answer


def form_host(client: TestClient, table_id: str) -> dict[str, str]:
    """The host's header for a table the lobby's form made: its host cookie belongs to the
    table's pages only, and the API is asked with the secret it holds."""
    secret = client.cookies.get(HOST_COOKIE.format(table=table_id))
    assert secret, "the form gave no host cookie"
    return {"X-Bodoge-Host": secret}


def host(table: Table) -> dict[str, str]:
    """The host's credential as API clients send it."""
    return {"X-Bodoge-Host": table.host_token}


class FakeTime:
    """The hub's clock, moved by hand: deadlines are reached without waiting for them,
    and nothing passes them because the machine is slow."""

    def __init__(self, at: float | None = None) -> None:
        self.at = time.time() if at is None else at

    def __call__(self) -> float:
        return self.at


def fake_time(client: TestClient) -> FakeTime:
    """Put the client's hub on a fake clock (from now on), and return it."""
    at = FakeTime()
    client.app.state.hub.clock = at  # type: ignore[attr-defined]
    return at


async def _expire(hub: Hub, table_id: str) -> None:
    live = hub.tables[table_id]
    await hub._expire(live)


def run_deadlines(client: TestClient, table_id: str) -> None:
    """Hand over every seat whose deadline the fake time has passed, as the hub's own
    wait would when it wakes (that wait sleeps in real time; this does not)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    client.portal.call(_expire, hub, table_id)  # type: ignore[union-attr]
