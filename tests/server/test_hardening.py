"""An open server: origins, sizes, quotas, bounded and fairly scheduled bots, API docs."""

from __future__ import annotations

import asyncio
import logging
import socket as sockets
import threading
import time
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import bodoge
from bodoge.bots import BotType, ISMCTSBot, make_bot, register_bot, unregister_bot
from bodoge.cli.serve import SERVER_OPTIONS
from bodoge.engine import Action, State, Text
from bodoge.server import Settings, create_app
from bodoge.server.bot_turns import BotLimits
from bodoge.server.db import PERSON, NewSeat, Store
from bodoge.server.guard import DeadlineHttpProtocol
from bodoge.server.hub import Hub
from bodoge.server.live import MAX_BACKLOG, Connection

from .serverkit import BRIDE, FOREIGN, ORIGIN, SEALED, act, bid, create, receive_state, stored


def error_code(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    code: str = response.json()["error"]["code"]
    return code


# ------------------------------------------------------------------ origins


def test_a_foreign_origin_gets_no_view_and_cannot_act(client: TestClient) -> None:
    table = create(client)
    token = table.tokens[0]
    for origin in (FOREIGN, "http://evil.example", "null"):
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(
                f"/t/{table.id}/ws?token={token}", headers={"origin": origin}
            ) as ws,
        ):
            ws.receive_text()  # refused before the handshake: no frame at all
    assert stored(client, table.id) == []
    with client.websocket_connect(
        f"/t/{table.id}/ws?token={token}", headers={"origin": ORIGIN}
    ) as ws:
        assert receive_state(ws)["seat"] == 0
        act(ws, 0, bid(1))
        assert receive_state(ws)["version"] == 1


def test_an_allowed_origin_may_connect(db_url: str) -> None:
    settings = Settings(database_url=db_url, bot_pause=0, allow_origins=("https://games.example",))
    with TestClient(create_app(settings)) as client:
        table = create(client)
        url = f"/t/{table.id}/ws?token={table.tokens[0]}"
        with client.websocket_connect(url, headers={"origin": "https://games.example"}) as ws:
            assert receive_state(ws)["seat"] == 0
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(url, headers={"origin": "https://other.example"}) as ws,
        ):
            ws.receive_text()


def test_forms_and_api_posts_from_a_foreign_page_are_refused(client: TestClient) -> None:
    form = {"game": SEALED, "num_seats": "2", "name": "Mallory"}
    before = client.get("/api/tables").json()
    for headers in ({"origin": FOREIGN}, {"referer": FOREIGN + "/attack.html"}):
        response = client.post("/tables", data=form, headers=headers, follow_redirects=False)
        assert error_code(response, 403) == "forbidden_origin"
        body = {"game": SEALED, "seats": [{"kind": "person"}] * 2}
        assert error_code(client.post("/api/tables", json=body, headers=headers), 403) == (
            "forbidden_origin"
        )
    assert client.get("/api/tables").json() == before
    ours = client.post("/tables", data=form, headers={"origin": ORIGIN}, follow_redirects=False)
    assert ours.status_code == 303
    table = create(client, join=False)
    join = client.post(
        f"/t/{table.id}/join/{table.invites[0]}", data={"name": "x"}, headers={"origin": FOREIGN}
    )
    assert error_code(join, 403) == "forbidden_origin"


# ------------------------------------------------------------------ sizes


def test_a_large_body_is_refused_before_it_is_read(client: TestClient) -> None:
    big = b'{"game": "' + b"x" * 200_000 + b'"}'
    headers = {"content-type": "application/json"}
    assert error_code(client.post("/api/tables", content=big, headers=headers), 413) == "too_large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        for _ in range(100):
            yield b" " * 4096

    response = client.post("/api/tables", content=chunks(), headers=headers)
    assert error_code(response, 413) == "too_large"
    form = {"game": SEALED, "num_seats": "2", "name": "x" * 100_000}
    assert error_code(client.post("/tables", data=form), 413) == "too_large"


# ------------------------------------------------------------------ quotas


def test_table_creation_is_rate_limited_per_client(db_url: str) -> None:
    settings = Settings(database_url=db_url, bot_pause=0, tables_per_minute=3)
    with TestClient(create_app(settings)) as client:
        body = {"game": SEALED, "options": {"rounds": 1}, "seats": [{"kind": "bot"}] * 2}
        for _ in range(3):
            assert client.post("/api/tables", json=body).status_code == 201
        refused = client.post("/api/tables", json=body)
        assert error_code(refused, 429) == "too_many_tables"
        assert "minute" in refused.json()["error"]["message"]
        form = client.post("/tables", data={"game": SEALED, "num_seats": "2"})
        assert form.status_code == 429


def test_open_waiting_tables_per_client_are_capped(db_url: str) -> None:
    settings = Settings(database_url=db_url, bot_pause=0, waiting_per_client=2)
    with TestClient(create_app(settings)) as client:
        people = {"game": SEALED, "seats": [{"kind": "person"}] * 2}
        first = create(client, join=False)
        create(client, join=False)
        assert error_code(client.post("/api/tables", json=people), 429) == "too_many_waiting"
        bots = {"game": SEALED, "options": {"rounds": 1}, "seats": [{"kind": "bot"}] * 2}
        assert client.post("/api/tables", json=bots).status_code == 201  # never waits
        for seat in first.invites:  # a table that starts no longer counts
            client.post(
                f"/api/tables/{first.id}/join",
                json={"invite": first.invites[seat], "name": f"p{seat}"},
            )
        assert client.post("/api/tables", json=people).status_code == 201


def test_waiting_tables_expire_by_their_stored_age(db_url: str) -> None:
    with TestClient(create_app(Settings(database_url=db_url, bot_pause=0))) as client:
        waiting = create(client, join=False)
        playing = create(client)
    store = Store(db_url)  # another process, later: the age is in the database
    try:
        assert store.expire_waiting(before=time.time() - 3600) == []
        assert store.expire_waiting(before=time.time() + 1) == [waiting.id]
        assert store.table(waiting.id) is None and store.table(playing.id) is not None
    finally:
        store.close()

    async def sweep() -> list[str]:
        hub = Hub(Store(db_url))
        await hub.start()
        hub.waiting_hours = 1e-9  # (the sweeper, not started here, calls expire_waiting)
        again = hub.store.create_table(SEALED, {"rounds": 1}, 2, 1, [NewSeat(PERSON)] * 2)
        live = await hub.get(again.table.id)
        assert live is not None
        watcher = Connection(seat=None)
        hub.attach(live, watcher)
        gone = await hub.expire_waiting()
        assert gone == [again.table.id] and again.table.id not in hub.tables
        assert watcher.dropped
        await hub.stop()
        hub.store.close()
        return gone

    assert len(asyncio.run(sweep())) == 1


# ------------------------------------------------------------------ bots


@pytest.mark.parametrize(
    "spec", ["ismcts:seconds=1000000000", "ismcts:iterations=999999999999", "ismcts:seconds=2.5"]
)
def test_bots_beyond_the_limits_are_invalid_bot(client: TestClient, spec: str) -> None:
    body = {"game": SEALED, "seats": [{"kind": "person"}, {"kind": "bot", "bot": spec}]}
    response = client.post("/api/tables", json=body)
    assert error_code(response, 422) == "invalid_bot"
    form = {"game": SEALED, "num_seats": "2", "seat_1": f"bot:{spec}"}
    assert client.post("/tables", data=form).status_code == 422


def test_the_lobby_levels_are_offered_whatever_the_limits(db_url: str) -> None:
    from bodoge.server.pages import LOBBY_BOTS

    settings = Settings(database_url=db_url, bot_pause=0, max_bot_seconds=0.2)
    with TestClient(create_app(settings)) as client:
        for spec, _ in LOBBY_BOTS:
            body = {"game": BRIDE, "seats": [{"kind": "person"}, {"kind": "bot", "bot": spec}] * 2}
            assert client.post("/api/tables", json=body).status_code == 201, spec
        slower = {"kind": "bot", "bot": "ismcts:seconds=0.5"}
        body = {"game": BRIDE, "seats": [{"kind": "person"}, slower, slower]}
        assert error_code(client.post("/api/tables", json=body), 422) == "invalid_bot"


def test_a_search_stops_at_its_time_cap_whatever_its_iterations() -> None:
    game = bodoge.get_game(BRIDE)
    state = game.new_game(3, seed=1)
    bot = make_bot("ismcts:iterations=1000000000", game, seed=2)
    assert isinstance(bot, ISMCTSBot)
    bot.time_cap = 0.05
    assert bot.choose(state, 0) in state.legal_actions(0)
    assert 0 < bot.last_iterations < 1_000_000_000


class SlowBot:
    """Thinks far past any deadline (until released), then picks the last move."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def choose(self, state: State, seat: int) -> Action:
        self.release.wait(20)
        return state.legal_actions(seat)[-1]


@pytest.fixture
def slow_bot() -> Iterator[SlowBot]:
    bot = SlowBot()
    register_bot(BotType("test-slow", Text("", ""), lambda game, seed, params: bot))
    yield bot
    bot.release.set()
    unregister_bot("test-slow")


def test_a_bot_past_its_deadline_is_replaced_for_that_move(
    db_url: str, slow_bot: SlowBot, caplog: pytest.LogCaptureFixture
) -> None:
    store = Store(db_url)
    store.migrate()

    async def scenario() -> list[Any]:
        hub = Hub(store, bot_pause=0, limits=BotLimits(seconds=0.05))
        await hub.start()
        seats = [NewSeat(PERSON), NewSeat("bot", "test-slow")]
        created = store.create_table(SEALED, {"rounds": 1}, 2, 3, seats)
        store.join(created.table.id, created.invites[0], "p")
        live = await hub.get(created.table.id)  # playing: its bot starts thinking
        assert live is not None and live.started
        await hub.act(created.table.id, 0, 0, bid(2))
        for _ in range(400):
            if live.state.is_over:
                break
            await asyncio.sleep(0.01)
        await hub.stop()
        return store.actions(created.table.id)

    try:
        rows = asyncio.run(scenario())
    finally:
        slow_bot.release.set()
        store.close()
    assert [seat for _, seat, _ in rows] == [0, 1]  # the table went on without it
    assert "overran" in caplog.text


class CountingBot:
    """Records which table decided when, and how many decisions of a table overlap."""

    order: ClassVar[list[str]] = []
    running: ClassVar[dict[str, int]] = {}
    overlap = 0
    lock = threading.Lock()
    gate = threading.Event()
    """Held shut until every table is live, so the order cannot depend on the machine's speed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: State, seat: int) -> Action:
        table = str(state.num_players)  # the tables below differ in size
        assert CountingBot.gate.wait(timeout=300), "the tables never all came up"
        with self.lock:
            CountingBot.running[table] = CountingBot.running.get(table, 0) + 1
            CountingBot.overlap = max(CountingBot.overlap, CountingBot.running[table])
            CountingBot.order.append(table)
        time.sleep(0.01)
        with self.lock:
            CountingBot.running[table] -= 1
        return state.legal_actions(seat)[0]


def test_bots_take_turns_across_tables_one_decision_at_a_time(db_url: str) -> None:
    register_bot(
        BotType("test-counting", Text("", ""), lambda game, seed, params: CountingBot(seed))
    )
    store = Store(db_url)
    store.migrate()
    CountingBot.gate.clear()

    async def scenario() -> None:
        hub = Hub(store, bot_pause=0, bot_threads=1)
        await hub.start()
        for players in (3, 4):  # simultaneous bids: all bots of a table are due at once
            seats = [NewSeat("bot", "test-counting")] * players
            created = store.create_table(SEALED, {"rounds": 2}, players, 5, seats)
            await hub.get(created.table.id)
        CountingBot.gate.set()  # the first decision waited; now both tables queue theirs
        for _ in range(30_000):
            if all(live.state.is_over for live in hub.tables.values()):
                break
            await asyncio.sleep(0.01)
        await hub.stop()

    try:
        asyncio.run(scenario())
    finally:
        unregister_bot("test-counting")
        store.close()
    order = CountingBot.order
    assert order.count("3") == 6 and order.count("4") == 8
    assert CountingBot.overlap == 1  # one decision at a time per table
    first = order[:6]
    assert first == ["3", "4", "3", "4", "3", "4"], order  # round-robin, not table by table


# ------------------------------------------------------------------ backlog


@pytest.fixture
def live_server(db_url: str) -> Iterator[tuple[int, Any]]:
    """A real uvicorn server in a thread (the test client has no TCP back-pressure)."""
    app = create_app(Settings(database_url=db_url, bot_pause=0))
    with sockets.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    options = {**SERVER_OPTIONS, "http": DeadlineHttpProtocol}
    config = uvicorn.Config(app, host="127.0.0.1", port=port, **options)  # as bodoge serve runs
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    yield port, app
    server.should_exit = True
    thread.join(10)


def ws_frame(payload: bytes) -> bytes:
    """A masked client text frame (mask of zeros: the payload as is)."""
    header = bytes([0x81])
    size = len(payload)
    if size < 126:
        header += bytes([0x80 | size])
    else:
        header += bytes([0x80 | 126]) + size.to_bytes(2, "big")
    return header + b"\0\0\0\0" + payload


def test_a_client_that_never_reads_is_closed_and_its_backlog_stays_bounded(
    live_server: tuple[int, Any],
) -> None:
    port, app = live_server
    hub = app.state.hub
    peak = 0
    watching = threading.Event()

    def watch() -> None:  # the largest backlog any connection reaches
        nonlocal peak
        while not watching.wait(0.001):
            for live in list(hub.tables.values()):
                for connection in list(live.connections):
                    peak = max(peak, connection.queue.qsize())

    watcher = threading.Thread(target=watch)
    watcher.start()
    client = sockets.create_connection(("127.0.0.1", port))
    client.setsockopt(sockets.SOL_SOCKET, sockets.SO_RCVBUF, 4096)
    table = create_over_http(port)
    client.sendall(
        f"GET /t/{table}/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:  # a client waits for the handshake's answer
        answer += client.recv(1)
    assert answer.startswith(b"HTTP/1.1 101")
    for _ in range(400):  # attached (its first state is queued): from now on it never reads
        live = hub.tables.get(table)
        if live is not None and live.connections:
            break
        time.sleep(0.01)
    else:
        pytest.fail("the connection was not attached")
    # Each 7-byte frame is answered by a ~100-byte error frame that is never
    # read: the replies outgrow every buffer on the way long before the end.
    batch = ws_frame(b"{") * 1000
    sent = 0
    client.settimeout(2)
    try:
        while sent < 300_000:
            client.sendall(batch)
            sent += 1000
    except (TimeoutError, OSError):
        pass  # the server stopped reading: it closed the connection
    for _ in range(400):
        if not hub.tables[table].connections:
            break
        time.sleep(0.05)
    watching.set()
    watcher.join()
    client.close()
    assert not hub.tables[table].connections, f"still attached after {sent} frames ({peak} queued)"
    assert peak <= MAX_BACKLOG + 1, f"sent {sent} frames, backlog reached {peak}"
    assert sent > MAX_BACKLOG


def create_over_http(port: int) -> str:
    import json
    import urllib.request

    # an open table: anyone may watch it, as the raw sockets here do
    body = json.dumps({"game": SEALED, "seats": [{"kind": "person"}] * 2, "listed": True}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=body,
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        table: str = json.loads(answer.read())["table"]["id"]
    return table


def test_a_request_sent_in_part_is_dropped(
    live_server: tuple[int, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(DeadlineHttpProtocol, "request_seconds", 0.3)
    port, _ = live_server
    with sockets.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        slow.settimeout(10)
        assert slow.recv(100) == b""  # closed by the server, with nothing sent


# ------------------------------------------------------------------ api docs


def test_the_api_schema_only_when_asked_for(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        for path in ("/openapi.json", "/docs", "/redoc"):
            assert client.get(path).status_code == 404
    with TestClient(create_app(Settings(database_url=db_url, api_docs=True))) as client:
        schema = client.get("/openapi.json")
        assert schema.status_code == 200 and "/api/tables" in schema.json()["paths"]
        assert client.get("/docs").status_code == 404  # no page that would load a CDN


# ------------------------------------------------------------------ owners


def test_only_the_owning_worker_plays_a_tables_bots(db_url: str) -> None:
    """A table started through another worker comes alive on its owner, and only there."""
    from bodoge.server.notify import CatchUp

    store = Store(db_url)
    store.migrate()

    async def scenario() -> tuple[bool, bool, list[list[str]]]:
        owner = Hub(store, bot_pause=0, owns=lambda table_id: True)
        other = Hub(store, bot_pause=0, owns=lambda table_id: False)
        said: list[list[str]] = []
        other.announce = said.append
        await owner.start()
        await other.start()
        seats = [NewSeat(PERSON), NewSeat("bot", "random")]
        created = store.create_table(SEALED, {"rounds": 1}, 2, 3, seats)
        _, info = store.join(created.table.id, created.invites[0], "p")  # through `other`
        assert info is not None
        await other.joined(info)
        assert created.table.id not in other.tables  # not its table: its bots do not play there
        bots_only = store.create_table(SEALED, {"rounds": 1}, 2, 4, [NewSeat("bot", "random")] * 2)
        await other.created(bots_only.table)
        CatchUp(owner)._dispatch(f"{created.table.id}:seats")  # the announcement arrives
        for _ in range(200):
            live = owner.tables.get(created.table.id)
            if live is not None and live.state.version >= 1:
                break
            await asyncio.sleep(0.01)
        played = created.table.id in owner.tables and owner.tables[created.table.id].started
        await owner.stop()
        await other.stop()
        return played, bots_only.table.id not in other.tables, said

    try:
        played, not_there, said = asyncio.run(scenario())
    finally:
        store.close()
    assert played and not_there
    assert [p for batch in said for p in batch if p.endswith(":seats")] == [
        p for batch in said for p in batch
    ] and len(said) == 2  # the join, and the table of bots made there


# ------------------------------------------------------------------ the command


def test_serve_hands_its_limits_to_the_app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from bodoge.cli import build_app, serve

    seen: dict[str, Any] = {}

    def fake_serve(listener: Any, options: dict[str, Any]) -> int:
        listener.close()
        seen.update(options, settings=Settings.from_env())
        return 0

    monkeypatch.setattr(serve, "serve_here", fake_serve)
    for name in list(Settings().to_env()):
        monkeypatch.delenv(name, raising=False)
    database = f"sqlite:///{tmp_path / 'b.sqlite'}"
    args = ["serve", "--port", "0", "--database", database, "--allow-origin", "https://a.example"]
    args += ["--allow-origin", "https://b.example:8443", "--max-bot-seconds", "0.5"]
    args += ["--api-docs", "--tables-per-minute", "5", "--waiting-per-client", "3"]
    args += ["--waiting-hours", "2"]
    with monkeypatch.context() as scoped:
        scoped.setattr("os.environ", dict(__import__("os").environ))
        result = CliRunner().invoke(build_app("en"), args)
        assert result.exit_code == 0, result.output
    settings = seen["settings"]
    assert settings.allow_origins == ("https://a.example", "https://b.example:8443")
    assert (settings.max_bot_seconds, settings.api_docs) == (0.5, True)
    assert (settings.tables_per_minute, settings.waiting_per_client) == (5, 3)
    assert settings.waiting_hours == 2
    assert seen["http"] == "bodoge.server.guard:DeadlineHttpProtocol"
    refused = CliRunner().invoke(build_app("en"), ["serve", "--allow-origin", "not an origin"])
    assert refused.exit_code == 2 and "not an origin" in refused.output
