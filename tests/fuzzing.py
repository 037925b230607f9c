"""Hostile input against a running app, the same on SQLite and PostgreSQL.

Every request and frame here is malformed on purpose: huge digit strings,
NUL characters and lone surrogates (PostgreSQL refuses both in text) in
names, options, bot specs, invitations and paths, bodies over the limit,
and a few hundred junk WebSocket frames.  Each must get a 4xx (or an error
frame) with a typed code, change nothing, and log no traceback.  Used by
``tests/server/test_fuzz.py`` (SQLite) and ``tests/postgres/test_pg_fuzz.py``.
"""

from __future__ import annotations

import json
import logging
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bodoge.server.access import WATCH_COOKIE

HUGE = "9" * 5000
"""More digits than ``int()`` takes (4,300)."""
NUL = "a\x00b"
SURROGATE = "a\ud800b"
SEALED = "toy-sealed-bids"
FRAMES = 400
"""Junk WebSocket frames sent per run (besides the named cases)."""

SOCKET_CODES = {"too_large", "malformed_json", "malformed", "malformed_action", "stale_version"}
SOCKET_CODES |= {"illegal_action", "wrong_seat", "not_started", "bad_chat", "too_fast"}


def raw_json(client: TestClient, path: str, text: str) -> Any:
    """POST a JSON text as given (``json=`` would refuse a lone surrogate)."""
    return client.post(path, content=text.encode("utf-8", "surrogatepass"), headers=JSON)


JSON = {"content-type": "application/json"}


def http_cases(table_id: str, invite: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(method, path, keyword arguments of the test client's request)."""
    person = {"kind": "person"}
    table = {"game": SEALED, "seats": [person, person]}
    nul_bot = {"kind": "bot", "bot": NUL}
    return [
        ("POST", "/tables", {"data": {"game": SEALED, "num_seats": "2", "option_rounds": HUGE}}),
        ("POST", "/tables", {"data": {"game": SEALED, "num_seats": HUGE}}),
        ("POST", "/tables", {"data": {"game": SEALED, "num_seats": "2", "option_rounds": "²"}}),
        ("POST", "/tables", {"data": {"game": SEALED, "num_seats": "2", "name": NUL}}),
        ("POST", "/tables", {"data": {"game": NUL, "num_seats": "2"}}),
        ("POST", "/tables", {"data": {"game": SEALED, "num_seats": "2", "seat_1": "bot:" + NUL}}),
        ("POST", "/api/tables", {"json": {**table, "options": {"rounds": NUL}}}),
        ("POST", "/api/tables", {"json": {**table, "options": {"rounds": "x" * 60_000}}}),
        ("POST", "/api/tables", {"json": {**table, "options": {NUL: 1}}}),
        ("POST", "/api/tables", {"json": {**table, "game": NUL}}),
        (
            "POST",
            "/api/tables",
            {"json": {**table, "seats": [person, nul_bot]}},
        ),
        ("POST", "/api/tables", {"content": f'{{"game": "{SEALED}", "seed": {HUGE}}}'}),
        (
            "POST",
            "/api/tables",
            {"content": '{"game": "' + SEALED + '", "options": {"rounds": ' + HUGE + "}}"},
        ),
        ("POST", "/api/tables", {"content": "[" * 10_000 + "]" * 10_000}),
        ("POST", "/api/tables", {"content": b"\xff\xfe\x00"}),
        ("POST", "/api/tables", {"content": " " * (1 << 20)}),
        ("POST", f"/api/tables/{table_id}/join", {"json": {"invite": invite, "name": NUL}}),
        ("POST", f"/api/tables/{table_id}/join", {"json": {"invite": NUL, "name": "x"}}),
        ("POST", f"/api/tables/{table_id}/join", {"raw": '{"invite": "x", "name": "a\\ud800b"}'}),
        ("POST", f"/t/{table_id}/join/{invite}", {"data": {"name": NUL}}),
        ("POST", f"/t/{table_id}/join/%00x", {"data": {"name": "x"}}),
        ("GET", "/t/%00x", {}),
        ("GET", "/t/%00x/join/abc", {}),
        ("POST", "/t/%00x/join/abc", {"data": {"name": "x"}}),
        ("GET", "/t/%00x/replay", {}),
        ("GET", "/t/%00x/replay/1", {}),
        ("GET", "/t/%00x/record.json", {}),
        ("GET", "/api/tables/%00x", {}),
        ("GET", "/api/tables/%00x/record", {}),
        ("POST", "/api/tables/%00x/join", {"json": {"invite": "x", "name": "x"}}),
        ("GET", "/t/%ED%A0%80", {}),
        ("GET", "/api/tables/" + "x" * 5000, {}),
        ("GET", f"/t/{table_id}/replay/{HUGE}", {}),
        ("GET", f"/t/{table_id}/replay/1?seat={HUGE}", {}),
        ("GET", f"/t/{table_id}?token=%00", {}),
        ("GET", "/lang/%00", {}),
        # issue 26: clocks, the host, open seats, rematch
        ("POST", "/api/tables", {"json": {**table, "clock": {"kind": NUL, "seconds": 1}}}),
        ("POST", "/api/tables", {"json": {**table, "clock": {"kind": "bank", "seconds": HUGE}}}),
        ("POST", "/api/tables", {"content": f'{{"game": "{SEALED}", "grace": {HUGE}}}'}),
        ("POST", "/api/tables", {"json": {**table, "stand_in": NUL}}),
        ("POST", "/api/tables", {"json": {**table, "stand_in": "ismcts:seconds=99"}}),
        ("POST", f"/api/tables/{table_id}/seats/{HUGE}", {"json": {"kind": "bot"}}),
        ("POST", f"/api/tables/{table_id}/seats/0", {"json": {"kind": "bot", "bot": NUL}}),
        ("POST", f"/api/tables/{table_id}/seats/0", {"headers": {"X-Bodoge-Host": "x" * 5000}}),
        ("POST", f"/api/tables/{table_id}/seats/0/mute", {"json": {"muted": NUL}}),
        ("POST", f"/api/tables/{table_id}/seats/-1/revoke", {}),
        ("POST", f"/api/tables/{table_id}/cancel", {"headers": {"X-Bodoge-Host": "guess"}}),
        ("POST", "/api/tables/%00x/end", {}),
        ("POST", f"/api/tables/{table_id}/listed", {"json": {"listed": NUL}}),
        ("POST", f"/api/tables/{table_id}/sit", {"json": {"name": NUL}}),
        ("POST", f"/api/tables/{table_id}/rematch?token=%00", {}),
        ("POST", f"/t/{table_id}/host/seat/{HUGE}", {"data": {"kind": NUL}}),
        ("POST", f"/t/{table_id}/host/%00x", {}),
        ("POST", f"/t/{table_id}/sit", {"data": {"name": NUL}}),
        ("POST", "/t/%00x/rematch", {}),
        ("GET", f"/t/{table_id}/next", {}),
        ("GET", "/openapi.json", {}),
        ("GET", "/docs", {}),
    ]


def check_http(client: TestClient, table_id: str, invite: str) -> int:
    """Send each hostile request; returns how many were sent."""
    cases = http_cases(table_id, invite)
    for method, path, kwargs in cases:
        if "raw" in kwargs:
            response = raw_json(client, path, kwargs["raw"])
        elif "content" in kwargs:
            response = client.request(method, path, content=kwargs["content"], headers=JSON)
        else:
            response = client.request(method, path, follow_redirects=False, **kwargs)
        assert response.status_code < 500, (method, path, response.status_code)
        if response.headers.get("content-type", "").startswith("application/json"):
            error = response.json()["error"]
            assert isinstance(error["code"], str) and error["code"], (path, error)
            assert len(error["message"]) <= 300, (path, "input echoed at length")
    return len(cases)


def junk_frames(rng: random.Random) -> list[str | bytes]:
    named: list[str | bytes] = [
        HUGE,
        f'{{"type": "act", "version": {HUGE}, "action": {{}}}}',
        '{"type": "act", "version": 0, "action": {"type": "bid", "amount": ' + HUGE + "}}",
        json.dumps({"type": "act", "version": 0, "action": {"type": NUL}}),
        json.dumps({"type": "act", "version": NUL * 1000, "action": {}})[:4000],
        json.dumps({"type": "ping", "x": NUL}),
        json.dumps({"type": "chat", "text": NUL * 10}),
        json.dumps({"type": "chat", "text": "x" * 3000}),
        json.dumps({"type": "chat", "text": 5}),
        json.dumps({"type": "take_seat", "seat": 0}),
        '{"type": "act", "version": 0, "action": "a\\ud800b"}',
        "[" * 3000 + "]" * 1000,
        "x" * 5000,
        b"\x00\xff" * 100,
        "",
    ]
    alphabet = '{}[]":,0123456789 actversiontypebid\\u0000\x00'
    for _ in range(FRAMES):
        size = rng.choice((1, 10, 100, 1000, 4000))
        named.append("".join(rng.choice(alphabet) for _ in range(size)))
    return named


def check_socket(client: TestClient, table_id: str, token: str) -> int:
    """A seat's connection gets an error frame for each junk frame; returns the count."""
    frames = junk_frames(random.Random(18))
    with client.websocket_connect(f"/t/{table_id}/ws?token={token}") as ws:
        first = json.loads(ws.receive_text())
        assert first["type"] == "state"
        for frame in frames:
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
            reply = json.loads(ws.receive_text())
            if reply["type"] == "state":  # a junk frame that happened to be a legal move
                continue
            assert reply["type"] == "error", reply
            assert reply["code"] in SOCKET_CODES, reply
            assert len(reply["message"]) <= 300
    with client.websocket_connect("/t/%00x/ws") as ws:
        assert json.loads(ws.receive_text())["code"] == "table_not_found"
    return len(frames)


def every_table(client: TestClient) -> list[Any]:
    """Every stored table, private ones included (the API lists open tables only)."""
    store = client.app.state.store  # type: ignore[attr-defined]
    every = ("waiting", "playing", "over", "cancelled", "abandoned")
    return list(store.tables(every, limit=1000))


def fuzz(client: TestClient, caplog: pytest.LogCaptureFixture) -> dict[str, int]:
    """Everything above against one app; returns the counts sent."""
    caplog.set_level(logging.WARNING)
    person = {"kind": "person"}
    created = client.post("/api/tables", json={"game": SEALED, "seats": [person, person]})
    assert created.status_code == 201, created.text
    data = created.json()
    table_id = data["table"]["id"]
    invites = [path.rsplit("/", 1)[1] for path in data["invites"].values()]
    tokens = []
    for n, invite in enumerate(invites[:2]):
        name = f"p{n}"
        joined = client.post(f"/api/tables/{table_id}/join", json={"invite": invite, "name": name})
        tokens.append(joined.json()["token"])
    seats = [person, person]
    waiting = client.post("/api/tables", json={"game": SEALED, "seats": seats, "watch": "link"})
    other_id = waiting.json()["table"]["id"]
    other_invite = next(iter(waiting.json()["invites"].values())).rsplit("/", 1)[1]
    # the fuzzer holds the watch key: its requests reach past the check of who may see
    key = waiting.json()["watch_link"].split("watch=", 1)[1]
    client.cookies.set(WATCH_COOKIE.format(table=other_id), key)
    before = every_table(client)
    requests = check_http(client, other_id, other_invite)
    frames = check_socket(client, table_id, tokens[0])
    assert every_table(client) == before, "hostile input changed something"
    problems = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not problems, [r.getMessage() for r in problems]
    assert len(caplog.records) <= requests + frames, "more than one log line per request"
    return {"requests": requests, "frames": frames}
