"""Several server processes on one database, seen from outside.

Two separate ``bodoge serve`` on one database: a test acts through both
and races them against each other.  ``bodoge serve --workers 2``: each
table's connections reach one worker (``bodoge.server.front``); which worker
holds a connection is read from ``/proc`` (the process that owns the server
end of that TCP connection).  Used with PostgreSQL (``tests/postgres``) and
with an SQLite file (``tests/server``).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

import bodoge
from bodoge.server.db import Store
from bodoge.server.front import worker_for
from bodoge.server.rebuilding import record_of
from patience import PATIENCE

GAME = "egyptian-bride"
SEATS = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}]
PEOPLE = (0, 1)


def replayed(store: Store, table_id: str) -> bodoge.engine.State:
    """The table's state rebuilt independently from its stored set-up and actions."""
    info = store.table(table_id)
    assert info is not None
    rows = store.actions(table_id)
    assert [seq for seq, _, _ in rows] == list(range(len(rows)))
    return bodoge.replay(record_of(info, rows))


WATCH_KEYS: dict[str, str] = {}
"""Table id → watch key of the tables made here (``watch: "link"``): spectators use it."""


def watchable(created: dict[str, Any]) -> str:
    """Keep a new table's watch key for its spectators; its id."""
    table_id: str = created["table"]["id"]
    WATCH_KEYS[table_id] = created["watch_link"].split("watch=", 1)[1]
    return table_id


def watch_query(table_id: str) -> str:
    return f"?watch={WATCH_KEYS[table_id]}"


def create_table(call: Callable[..., Any]) -> tuple[str, dict[int, str]]:
    """A table of two people and two bots, both people joined: (id, seat → token)."""
    created = call("POST", "/api/tables", {"game": GAME, "seats": SEATS, "watch": "link"})
    table_id = watchable(created)
    tokens = {}
    for seat, path in created["invites"].items():
        joined = call(
            "POST",
            f"/api/tables/{table_id}/join",
            {"invite": path.rsplit("/", 1)[1], "name": f"p{seat}"},
        )
        tokens[joined["seat"]] = joined["token"]
    assert sorted(tokens) == list(PEOPLE)
    return table_id, tokens


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def process_tree(pid: int) -> list[int]:
    pids = [pid]
    with contextlib.suppress(OSError):
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            pids.extend(process_tree(int(child)))
    return pids


def socket_owners(pids: list[int]) -> dict[int, int]:
    """Socket inode → the PID (among ``pids``) that has it open."""
    owners: dict[int, int] = {}
    for pid in pids:
        with contextlib.suppress(OSError):
            for fd in os.listdir(f"/proc/{pid}/fd"):
                with contextlib.suppress(OSError):
                    target = os.readlink(f"/proc/{pid}/fd/{fd}")
                    if target.startswith("socket:["):
                        owners[int(target[8:-1])] = pid
    return owners


def tcp_sockets(port: int) -> Iterator[tuple[int, int, int]]:
    """(remote port, TCP state, inode) of each socket whose local port is ``port``."""
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == port:
                    yield int(fields[2].rsplit(":", 1)[1], 16), int(fields[3], 16), int(fields[9])


LISTEN = 0x0A


def connection_owners(pids: list[int], port: int) -> dict[int, int]:
    """Client port → the PID holding the server end of that TCP connection."""
    owners = socket_owners(pids)
    return {
        remote: owners[inode]
        for remote, state, inode in tcp_sockets(port)
        if state != LISTEN and inode in owners
    }


def http_call(
    port: int,
    method: str,
    path: str,
    body: object | None = None,
    headers: dict[str, str] | None = None,
) -> Any:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        data = None if body is None else json.dumps(body)
        sent = {"content-type": "application/json", **(headers or {})}
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        payload = response.read()
        assert response.status < 300, payload
        return json.loads(payload)
    finally:
        connection.close()


def answered_by(server: Server, path: str = "/api/games") -> int:
    """The worker process that served one GET of ``path`` (it holds the connection)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request("GET", path)
        connection.getresponse().read()
        assert connection.sock is not None
        client_port = connection.sock.getsockname()[1]
        owner = connection_owners(process_tree(server.pid)[1:], server.port).get(client_port)
        assert owner is not None, "no worker holds the connection"
        return owner
    finally:
        connection.close()


@dataclass
class Server:
    """A running ``bodoge serve``: port, PID of its main process, output once it stopped."""

    port: int
    pid: int
    output: dict[str, str] = field(default_factory=dict)

    def clean_log(self) -> None:
        """It printed its address and no error."""
        assert f"http://127.0.0.1:{self.port}" in self.output["stdout"]
        problems = [
            line
            for line in self.output["stderr"].splitlines()
            if "Traceback" in line or "ERROR" in line
        ]
        assert not problems, self.output["stderr"]


@contextlib.contextmanager
def serve(
    database_url: str, workers: int = 1, env: dict[str, str] | None = None
) -> Iterator[Server]:
    """``bodoge serve --workers N`` on a free port, until the block ends (then SIGINT);
    ``env``: more of its environment (``BODOGE_*`` settings without flags)."""
    port = free_port()
    command = [sys.executable, "-m", "bodoge.cli", "serve", "--workers", str(workers)]
    command += ["--database", database_url, "--port", str(port), "--bot-pause", "0"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, **(env or {})}
    )
    server = Server(port, process.pid)
    try:
        started = time.monotonic()
        while True:
            assert process.poll() is None, process.communicate()[1].decode()
            with contextlib.suppress(OSError, AssertionError):
                http_call(port, "GET", "/api/games")
                break
            assert time.monotonic() - started < PATIENCE, (
                f"bodoge serve did not start in {PATIENCE:g} s"
            )
            time.sleep(0.1)
        yield server
    finally:
        process.send_signal(signal.SIGINT)
        try:
            out, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
        server.output["stdout"] = out.decode(errors="replace")
        server.output["stderr"] = err.decode(errors="replace")
        if sys.exc_info()[0] is not None:  # pytest shows this beside the failure
            print(f"bodoge serve said:\n{server.output['stderr']}", file=sys.stderr)


@dataclass(eq=False)
class Client:
    ws: ClientConnection
    seat: int | None
    worker: int | None
    states: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def version(self) -> int:
        return self.states[-1]["version"] if self.states else -1


class Room:
    """Every client of the table, and a wake-up for whoever waits on their messages."""

    def __init__(self) -> None:
        self.clients: list[Client] = []
        self.changed = asyncio.Event()
        self.readers: list[asyncio.Task[None]] = []

    async def open(self, port: int, table_id: str, seat: int | None, token: str | None) -> Client:
        query = f"?token={token}" if token else watch_query(table_id)
        ws = await connect(f"ws://127.0.0.1:{port}/t/{table_id}/ws{query}", open_timeout=10)
        client = Client(ws, seat, None)
        self.clients.append(client)
        self.readers.append(asyncio.create_task(self._read(client)))
        await self.until(lambda: bool(client.states), "the first state")
        return client

    async def _read(self, client: Client) -> None:
        with contextlib.suppress(Exception):
            async for raw in client.ws:
                message = json.loads(raw)
                if message["type"] == "state":
                    client.states.append(message)
                elif message["type"] == "error":
                    client.errors.append(message)
                self.changed.set()

    async def until(self, ready: Callable[[], bool], what: str, timeout: float = PATIENCE) -> None:
        end = time.monotonic() + timeout
        while not ready():
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"waited {timeout} s for {what}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    def in_step(self) -> bool:
        """Every client has the same, newest version."""
        versions = {c.version for c in self.clients}
        return len(versions) == 1

    async def close(self) -> None:
        await asyncio.gather(*(c.ws.close() for c in self.clients), return_exceptions=True)
        for reader in self.readers:
            reader.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)


async def play_across(ports: list[int], database_url: str) -> None:
    """Two sockets per person and a spectator on each server; race, play to the end, check."""
    table_id, tokens = create_table(lambda m, p, b: http_call(ports[0], m, p, b))
    room = Room()
    try:
        for seat in PEOPLE:
            for port in ports:
                for _ in range(2):
                    client = await room.open(port, table_id, seat, tokens[seat])
                    client.worker = port
        for port in ports:
            spectator = await room.open(port, table_id, None, None)
            spectator.worker = port
        await room.until(room.in_step, "every socket at the start")

        await race_for_one_step(room, database_url, table_id)
        final = await play_to_the_end(room)
        check_everyone_saw_everything(room, database_url, table_id, final)
        check_record(ports[-1], database_url, table_id)
    finally:
        await room.close()


def check_record(port: int, database_url: str, table_id: str) -> None:
    record = http_call(port, "GET", f"/api/tables/{table_id}/record{watch_query(table_id)}")
    store = Store(database_url)
    try:
        assert record["actions"] == replayed(store, table_id).record()["actions"]
    finally:
        store.close()


async def race_for_one_step(room: Room, database_url: str, table_id: str) -> None:
    """Two sockets of seat 0, on different workers, decide step 0 differently at once."""
    first = room.clients[0].states[-1]
    assert first["version"] == 0 and first["view"]["to_act"] == [0]
    ours = [c for c in room.clients if c.seat == 0]
    a = next(c for c in ours if c.worker == ours[0].worker)
    b = next(c for c in ours if c.worker != a.worker)
    legal = [entry["action"] for entry in first["legal"]]
    assert len(legal) >= 2
    await asyncio.gather(
        a.ws.send(json.dumps({"type": "act", "version": 0, "action": legal[0]})),
        b.ws.send(json.dumps({"type": "act", "version": 0, "action": legal[1]})),
    )
    await room.until(lambda: len(a.errors) + len(b.errors) >= 1, "one refusal")
    await room.until(lambda: room.in_step() and room.clients[0].version >= 1, "step 1 everywhere")
    refused = a.errors + b.errors
    assert [e["code"] for e in refused] == ["stale_version"], refused
    store = Store(database_url)
    try:
        stored = store.actions(table_id)
    finally:
        store.engine.dispose()
    winner = legal[0] if b.errors else legal[1]
    assert stored[0] == (0, 0, winner)
    for client in room.clients:  # no divergence: everyone saw the stored step 0
        log = {entry["index"]: entry for state in client.states for entry in state["log"]}
        assert log[0]["action"] == winner


async def play_to_the_end(room: Room) -> int:
    """People act through all their sockets in turn (so through both workers)."""
    rng = random.Random(11)
    turn = 0
    while True:
        await room.until(
            lambda: room.in_step() and waiting_for_people(room.clients[0].states[-1]),
            "every socket to agree on a person's turn",
        )
        state = room.clients[0].states[-1]
        if state["view"]["is_over"]:
            return int(state["version"])
        seat = next(s for s in state["view"]["to_act"] if s in PEOPLE)
        ours = [c for c in room.clients if c.seat == seat]
        client = ours[turn % len(ours)]
        turn += 1
        mine = client.states[-1]
        action = rng.choice(mine["legal"])["action"]
        version, refused = mine["version"], len(client.errors)
        await client.ws.send(json.dumps({"type": "act", "version": version, "action": action}))
        await room.until(
            lambda c=client, v=version, r=refused: c.version > v or len(c.errors) > r,  # type: ignore[misc]
            "an answer",
        )
        assert len(client.errors) == refused, client.errors[refused:]


def waiting_for_people(state: dict[str, Any]) -> bool:
    view = state["view"]
    return bool(view["is_over"] or set(view["to_act"]) & set(PEOPLE))


def check_everyone_saw_everything(room: Room, database_url: str, table_id: str, final: int) -> None:
    """Versions in order, every step's action in the log, the final view as replay has it."""
    store = Store(database_url)
    try:
        state = replayed(store, table_id)
        stored = {seq: action for seq, _, action in store.actions(table_id)}
    finally:
        store.engine.dispose()
    assert state.is_over and state.version == final
    for client in room.clients:
        versions = [m["version"] for m in client.states]
        # In order; a version may come twice (pushed again when a seat is filled).
        assert versions == sorted(versions), f"out of order: {versions}"
        assert versions[-1] == final
        logged: dict[int, Any] = {}
        for message in client.states:
            for entry in message["log"]:
                logged[entry["index"]] = entry["action"]
        assert sorted(logged) == list(range(final)), "a step never reached this socket"
        for index, action in logged.items():
            assert action is None or action == stored[index]
        expected = json.loads(json.dumps(state.view(client.seat)))
        assert client.states[-1]["view"] == expected
        assert client.states[-1]["legal"] == []


def check_two_servers_share_a_table(database_url: str) -> None:
    """Two ``bodoge serve`` on one database: race, play to the end and check, through both."""
    with serve(database_url) as first, serve(database_url) as second:
        asyncio.run(asyncio.wait_for(play_across([first.port, second.port], database_url), 75))
    first.clean_log()
    second.clean_log()


def check_each_table_stays_on_one_worker(database_url: str) -> None:
    """``--workers 2``: a table's connections all reach one worker, which may die and return."""
    with serve(database_url, workers=2) as server:
        asyncio.run(asyncio.wait_for(keep_tables_apart(server, database_url), 90))
    assert "ERROR" not in server.output["stderr"] and "Traceback" not in server.output["stderr"]
    assert "starting another" in server.output["stderr"]  # the worker killed below


async def keep_tables_apart(server: Server, database_url: str) -> None:
    workers = {answered_by(server) for _ in range(6)}
    assert len(workers) == 2, "requests about no table go to the workers in turn"
    tables = dict(create_table(lambda m, p, b: http_call(server.port, m, p, b)) for _ in range(6))
    rooms: dict[str, Room] = {}
    try:
        for table_id, tokens in tables.items():
            rooms[table_id] = room = Room()
            for seat in PEOPLE:
                await room.open(server.port, table_id, seat, tokens[seat])
            await room.open(server.port, table_id, None, None)
        owners = connection_owners(process_tree(server.pid)[1:], server.port)
        holder = {}
        for table_id, room in rooms.items():
            held_by = {owners[client.ws.local_address[1]] for client in room.clients}
            assert len(held_by) == 1, f"table {table_id} is split over {held_by}"
            holder[table_id] = held_by.pop()
            page = f"/t/{table_id}{watch_query(table_id)}"
            assert answered_by(server, page) == holder[table_id]  # its page too
        for a in tables:
            for b in tables:
                assert (holder[a] == holder[b]) == (worker_for(a, 2) == worker_for(b, 2))

        first, second = list(tables)[:2]
        final = await play_to_the_end(rooms[first])
        check_everyone_saw_everything(rooms[first], database_url, first, final)

        # A worker dies mid-game: the front starts another, the table carries on there.
        await rooms[second].until(rooms[second].in_step, "the second table in step")
        seen = rooms[second].clients[0].version
        os.kill(holder[second], signal.SIGKILL)
        await rooms[second].close()
        rooms[second] = room = Room()
        for who in [*PEOPLE, None]:
            token = None if who is None else tables[second][who]
            for _ in range(100):
                try:
                    await room.open(server.port, second, who, token)
                    break
                except (TimeoutError, OSError, AssertionError, WebSocketException):
                    # e.g. handed to the dead worker just before the front saw it die
                    await asyncio.sleep(0.1)
            else:
                pytest.fail("the table's worker did not come back")
        owners = connection_owners(process_tree(server.pid)[1:], server.port)
        now_held = {owners[client.ws.local_address[1]] for client in room.clients}
        assert len(now_held) == 1 and holder[second] not in now_held
        assert room.clients[0].version >= seen
        final = await play_to_the_end(room)
        check_everyone_saw_everything(room, database_url, second, final)
        check_record(server.port, database_url, second)
    finally:
        for room in rooms.values():
            await room.close()


def check_no_bot_move_is_refused(database_url: str) -> None:
    """``--workers 2``: tables of bots, made through either worker, are played by their owner only.

    Each table is created by whichever worker the front hands the request to
    and watched through its owner; were both to play its bots, one of them
    would be refused at nearly every step (and used to play at random then).
    """
    with serve(database_url, workers=2) as server:
        asyncio.run(asyncio.wait_for(watch_bot_tables(server.port), 90))
    problems = [
        line
        for line in server.output["stderr"].splitlines()
        if "moved on while it thought" in line or "was refused" in line or "ERROR" in line
    ]
    assert not problems, server.output["stderr"]


async def watch_bot_tables(port: int, count: int = 6) -> None:
    rooms = []
    try:
        for seed in range(count):
            created = http_call(
                port,
                "POST",
                "/api/tables",
                {"game": GAME, "seats": [{"kind": "bot"}] * 4, "seed": seed, "watch": "link"},
            )
            room = Room()
            await room.open(port, watchable(created), None, None)
            rooms.append(room)
        for room in rooms:
            await room.until(lambda r=room: r.clients[0].states[-1]["view"]["is_over"], "the end")  # type: ignore[misc]
    finally:
        for room in rooms:
            await room.close()


# ------------------------------------------------------------- sight on open sockets


def check_sight_ends_on_every_socket(database_url: str, workers: int) -> None:
    """Two servers on one database (the first with ``workers`` workers), sockets on both:
    a seat revoked at a players-only table, and an open table made private, end at once
    every socket that may no longer see the table, whichever server holds it."""
    with serve(database_url, workers=workers) as first, serve(database_url) as second:
        ports = [first.port, second.port]
        asyncio.run(asyncio.wait_for(lose_sight(ports), 3 * PATIENCE))
    first.clean_log()
    second.clean_log()


async def lose_sight(ports: list[int]) -> None:
    await revoke_on_every_server(ports)
    await make_private_on_every_server(ports)


async def open_socket(port: int, table_id: str, query: str = "") -> ClientConnection:
    """A socket of the table, once its first state arrived (it is attached)."""
    ws = await connect(f"ws://127.0.0.1:{port}/t/{table_id}/ws{query}", open_timeout=10)
    first = json.loads(await ws.recv())
    assert first["type"] == "state", first
    return ws


async def until_closed(ws: ClientConnection) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame the socket gets until the server closes it, and the close code."""
    frames = []
    with contextlib.suppress(ConnectionClosed):
        async for raw in ws:
            frames.append(json.loads(raw))
    return frames, ws.close_code


async def revoke_on_every_server(ports: list[int]) -> None:
    people = [{"kind": "person"}] * 3
    created = http_call(ports[0], "POST", "/api/tables", {"game": GAME, "seats": people})
    table_id = created["table"]["id"]
    tokens = []
    for seat in (0, 1):
        invite = created["invites"][str(seat)].rsplit("/", 1)[1]
        joined = http_call(
            ports[0], "POST", f"/api/tables/{table_id}/join", {"invite": invite, "name": f"p{seat}"}
        )
        tokens.append(joined["token"])
    mallory = [await open_socket(port, table_id, f"?token={tokens[1]}") for port in ports]
    ann = await open_socket(ports[-1], table_id, f"?token={tokens[0]}")
    try:
        host = {"X-Bodoge-Host": created["host_token"]}
        http_call(ports[0], "POST", f"/api/tables/{table_id}/seats/1/revoke", headers=host)
        for ws in mallory:
            frames, code = await until_closed(ws)
            assert [f["code"] for f in frames] == ["seat_gone"], frames
            assert code == 4403
        seen = json.loads(await ann.recv())
        assert seen["type"] == "state" and not seen["room"]["seats"][1]["filled"], seen
    finally:
        await asyncio.gather(*(ws.close() for ws in [*mallory, ann]))


async def make_private_on_every_server(ports: list[int]) -> None:
    body = {"game": GAME, "seats": [{"kind": "person"}] * 3, "listed": True}
    created = http_call(ports[0], "POST", "/api/tables", body)
    table_id = created["table"]["id"]
    strangers = [await open_socket(port, table_id) for port in ports]
    try:
        host = {"X-Bodoge-Host": created["host_token"]}
        http_call(ports[0], "POST", f"/api/tables/{table_id}/listed", {"listed": False}, host)
        for ws in strangers:
            frames, code = await until_closed(ws)
            assert [f["code"] for f in frames] == ["sight_lost"], frames
            assert code == 4403
    finally:
        await asyncio.gather(*(ws.close() for ws in strangers))
