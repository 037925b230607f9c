"""Load on the web server: N four-seat tables played closed-loop over WebSockets.

    python bench/load.py --tables 10,50,200 --database sqlite
    python bench/load.py --tables 10,50,200 --database postgres
    python bench/load.py --tables 200 --database sqlite --workers 1

For each N, a fresh ``bodoge serve`` is started as a subprocess on loopback
(a temporary SQLite file, or a fresh PostgreSQL database created on the
server named by ``--postgres-url`` / ``BODOGE_TEST_POSTGRES`` and dropped at
the end).  N tables of Egyptian Bride with four person seats are created
through the JSON API (``POST /api/tables``, then ``POST .../join`` for each
invitation), and four WebSockets per table are opened with the seat tokens.
Each client plays closed-loop: as soon as a state message shows its seat in
``view.to_act``, it sends a random legal action with the version it saw.
Tables that end are replaced by new ones until the time is up.

The next table of each place is created and joined while the current one
plays, so places are seldom empty.  The first tables are opened one after
another over ``--ramp`` seconds (about one game's length), so that tables
end and are replaced at a steady rate rather than in bursts.  Measurement
starts once every place has a table under way and ``--warmup`` more seconds
have passed, and lasts ``--seconds``:

- ``actions/s``: accepted actions (each table's version increments seen by
  its clients) per second;
- ``p50``/``p99``: latency from a client's send to the next state message
  that same client receives (with ``--json`` also split at the server's
  ``sent_at``: ``inbound_p50_ms``/``inbound_p99_ms`` and
  ``outbound_p50_ms``/``outbound_p99_ms``);
- ``errors``: error messages, failed connections and stuck tables;
- ``games``: tables finished while measuring;
- ``srv cpu``, ``cli cpu``, ``other``: CPU seconds per wall second of the
  server processes, of this load process, and of everything else on the
  machine (PostgreSQL's own processes included); 2.0 = two cores busy;
- ``srv us/act``, ``loop us/act``: server CPU per accepted action, in all
  threads and in the event-loop threads only (these hardly depend on what
  else the machine runs).

Bounded: at most ``--max-tables`` tables and ``--max-actions`` actions per
N, N at most 1000, ``--seconds`` at most 600; everything runs on 127.0.0.1.
``--profile DIR`` records each server process with py-spy (``--gil``:
where the Python CPU goes).  Nothing asserts on speed; see bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

HOST = "127.0.0.1"
DEFAULT_POSTGRES = "postgresql://bodoge:bodoge@127.0.0.1:5432/postgres"
GAME = "egyptian-bride"
SEATS = 4
STUCK = 15.0
"""Seconds without progress after which a table counts as stuck (an error)."""
RAMP_PER_TABLE = 0.035
"""Seconds of ``--ramp`` per table by default: about one game's length spread over N.

A game of Egyptian Bride between random players takes about 140 actions,
and at about 4,000 actions/s each of N tables gets one every N / 4,000 s,
so a game lasts about 0.035 × N seconds.  Opened all at once, the tables
end and are replaced all together, again and again (their lengths differ
too little to drift apart in a minute), and those bursts of set-ups, not
play, set the p99; opened over one game's length they end at a steady
rate, as the tables of a lobby do.
"""


# ------------------------------------------------------------------ measuring


@dataclass
class Stats:
    measuring: bool = False
    accepted: int = 0
    latencies: list[float] = field(default_factory=list)
    inbound: list[float] = field(default_factory=list)
    """Send → the server built the answer (its ``sent_at``): queue, decision, commit."""
    outbound: list[float] = field(default_factory=list)
    """The server built the answer → received: the way back, through both event loops."""
    errors: dict[str, int] = field(default_factory=dict)
    tables_started: int = 0
    tables_finished: int = 0
    """Counted while measuring."""
    actions_total: int = 0
    slots_playing: set[int] = field(default_factory=set)
    """The table places whose first table is under way (the warm-up waits for all)."""

    def error(self, kind: str) -> None:
        if self.measuring:
            self.errors[kind] = self.errors.get(kind, 0) + 1


@dataclass
class Limits:
    deadline: float
    """Set when the measurement starts; until then, far away."""
    max_tables: int
    max_actions: int


class Api:
    """JSON calls to the server: plain HTTP/1.1 on asyncio streams, one per connection."""

    def __init__(self, port: int) -> None:
        self.port = port

    async def call(self, method: str, path: str, body: object | None = None) -> Any:
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
            "Connection: close\r\n\r\n"
        )
        reader, writer = await asyncio.open_connection(HOST, self.port)
        try:
            writer.write(head.encode() + data)
            response = await asyncio.wait_for(reader.read(), 60)
        finally:
            writer.close()
        header, _, payload = response.partition(b"\r\n\r\n")
        status = int(header.split(b" ", 2)[1])
        if b"transfer-encoding: chunked" in header.lower():
            payload = unchunk(payload)
        if status >= 300:
            raise RuntimeError(f"{method} {path}: {status} {payload[:200]!r}")
        return json.loads(payload)

    async def new_table(self) -> tuple[str, list[str]]:
        """A four-person table, every seat joined: (table id, seat tokens)."""
        created = await self.call(
            "POST", "/api/tables", {"game": GAME, "seats": [{"kind": "person"}] * SEATS}
        )
        table_id = created["table"]["id"]
        joined = await asyncio.gather(
            *(
                self.call(
                    "POST",
                    f"/api/tables/{table_id}/join",
                    {"invite": path.rsplit("/", 1)[1], "name": f"load{seat}"},
                )
                for seat, path in created["invites"].items()
            )
        )
        tokens = [""] * SEATS
        for answer in joined:
            tokens[answer["seat"]] = answer["token"]
        return table_id, tokens


def unchunk(body: bytes) -> bytes:
    out = bytearray()
    while body:
        size_line, _, body = body.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out += body[:size]
        body = body[size + 2 :]
    return bytes(out)


@dataclass
class TableRun:
    table_id: str
    version: int = 0
    over: bool = False
    progress: float = field(default_factory=time.perf_counter)
    done: asyncio.Event = field(default_factory=asyncio.Event)


class Seat:
    """One seat's player: acts whenever its seat is to act; times each send.

    :meth:`on_message` takes each message the server sends and returns the
    text to send back, if any, so that the transport below stays dumb.
    """

    def __init__(self, seat: int, table: TableRun, stats: Stats, rng: random.Random) -> None:
        self.seat = seat
        self.table = table
        self.stats = stats
        self.rng = rng
        self.sent_at: float | None = None
        self.sent_wall = 0.0
        self.sent_version = -1

    def on_message(self, raw: bytes) -> str | None:
        now = time.perf_counter()
        stats, table = self.stats, self.table
        message = loads(raw)
        kind = message.get("type")
        if kind == "error":
            stats.error(message.get("code", "error"))
            if self.sent_at is not None and stats.measuring:
                stats.latencies.append(now - self.sent_at)
            self.sent_at = None
            return None  # the next state message says what to do
        if kind != "state":
            return None
        version = message["version"]
        if self.sent_at is not None:
            if stats.measuring:
                stats.latencies.append(now - self.sent_at)
                built = message.get("sent_at")
                if isinstance(built, float):
                    stats.inbound.append(built - self.sent_wall)
                    stats.outbound.append(time.time() - built)
            self.sent_at = None
        if version > table.version:
            if stats.measuring:
                stats.accepted += version - table.version
            stats.actions_total += version - table.version
            table.version = version
            table.progress = now
        view = message["view"]
        if view.get("is_over") or message.get("status") == "over":
            table.over = True
            table.done.set()
            return None
        if self.seat in view.get("to_act", ()) and message["legal"] and version > self.sent_version:
            action = self.rng.choice(message["legal"])["action"]
            self.sent_version = version
            self.sent_at, self.sent_wall = time.perf_counter(), time.time()
            return json.dumps({"type": "act", "version": version, "action": action})
        return None


try:  # parsing thousands of state messages a second is most of this client's work
    from orjson import loads
except ImportError:  # pragma: no cover
    loads = json.loads  # type: ignore[assignment]


class SeatSocket(asyncio.Protocol):
    """A WebSocket client on websockets' sans-I/O layer, driven by the event loop.

    The load client shares the machine's two cores with the server, so it is
    kept lean: frames are handled in ``data_received`` as they arrive, with
    no task, queue or stream per connection.
    """

    def __init__(self, url: str, player: Seat) -> None:
        self.protocol = ClientProtocol(parse_uri(url), max_size=2**22)
        self.player = player
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()
        self.transport: asyncio.Transport | None = None
        self.fragments: list[bytes | bytearray | memoryview] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass
        self.protocol.send_request(self.protocol.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        self.protocol.receive_data(data)
        for event in self.protocol.events_received():
            if isinstance(event, Response):
                if self.protocol.handshake_exc is not None:
                    self.opened.set_exception(self.protocol.handshake_exc)
                else:
                    self.opened.set_result(None)
            elif isinstance(event, Frame) and event.opcode in (Opcode.TEXT, Opcode.CONT):
                self.fragments.append(event.data)
                if event.fin:
                    reply = self.player.on_message(b"".join(self.fragments))
                    self.fragments.clear()
                    if reply is not None and self.protocol.state is State.OPEN:
                        self.protocol.send_text(reply.encode())  # not once closing
        self.flush()

    def flush(self) -> None:
        assert self.transport is not None
        for chunk in self.protocol.data_to_send():
            if chunk:
                self.transport.write(chunk)
            else:  # the protocol says the stream is over
                self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))
        if not self.closed.done():
            self.closed.set_result(None)

    async def close(self) -> None:
        """Close politely (a close frame), or drop the connection after a second."""
        if self.transport is None or self.transport.is_closing():
            return
        self.protocol.send_close()
        self.flush()
        try:
            await asyncio.wait_for(asyncio.shield(self.closed), 1.0)
        except TimeoutError:
            self.transport.abort()


async def open_seat(port: int, table_id: str, token: str, player: Seat) -> SeatSocket:
    url = f"ws://{HOST}:{port}/t/{table_id}/ws?token={token}"
    loop = asyncio.get_running_loop()
    _, seat = await loop.create_connection(lambda: SeatSocket(url, player), HOST, port)
    try:
        await asyncio.wait_for(asyncio.shield(seat.opened), 30)
    except BaseException:
        await seat.close()
        raise
    return seat


async def play_table(
    api: Api,
    stats: Stats,
    limits: Limits,
    rng: random.Random,
    place: int,
    table_id: str,
    tokens: list[str],
) -> bool:
    """Play one table with four clients until it ends (True) or time is up (False)."""
    table = TableRun(table_id)
    players = [
        Seat(seat, table, stats, random.Random(rng.randrange(2**31))) for seat in range(SEATS)
    ]
    pairs = zip(tokens, players, strict=True)
    opened = await asyncio.gather(
        *(open_seat(api.port, table_id, token, player) for token, player in pairs),
        return_exceptions=True,
    )
    sockets = [seat for seat in opened if isinstance(seat, SeatSocket)]
    try:
        for seat in opened:
            if isinstance(seat, BaseException):
                raise seat
        stats.slots_playing.add(place)
        while not table.done.is_set():
            now = time.perf_counter()
            if now >= limits.deadline:
                return False
            if now - table.progress > STUCK:
                stats.error("stuck_table")
                return True
            if any(seat.closed.done() for seat in sockets):
                raise ConnectionError("the server closed a seat's connection")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.done.wait(), min(1.0, limits.deadline - now))
        if stats.measuring:
            stats.tables_finished += 1
        return True
    finally:
        await asyncio.gather(*(seat.close() for seat in sockets), return_exceptions=True)


async def slot(
    api: Api, stats: Stats, limits: Limits, rng: random.Random, place: int, delay: float
) -> None:
    """One of the N table places: a new table replaces each finished one.

    The next table is created and joined while the current one plays, so
    that a place is seldom empty; its set-up is part of the server's load.
    The place opens its first table after ``delay`` seconds (see ``--ramp``).
    """
    await asyncio.sleep(delay)

    async def prepare() -> tuple[str, list[str]]:
        stats.tables_started += 1
        return await api.new_table()

    def next_table() -> asyncio.Task[tuple[str, list[str]]] | None:
        if stats.tables_started >= limits.max_tables or stats.actions_total >= limits.max_actions:
            return None
        return asyncio.create_task(prepare())

    upcoming = next_table()
    try:
        while upcoming is not None and time.perf_counter() < limits.deadline:
            try:
                table_id, tokens = await upcoming
            except (OSError, RuntimeError, TimeoutError) as problem:
                stats.error(type(problem).__name__)
                await asyncio.sleep(0.5)
                upcoming = next_table()
                continue
            upcoming = next_table()
            try:
                again = await play_table(api, stats, limits, rng, place, table_id, tokens)
            except (OSError, RuntimeError, TimeoutError) as problem:
                stats.error(type(problem).__name__)
                await asyncio.sleep(0.5)
                again = True
            if not again:
                return
    finally:
        if upcoming is not None:
            upcoming.cancel()
            with contextlib.suppress(BaseException):
                await upcoming


# ------------------------------------------------------------------- servers


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def cpu_seconds(pids: list[int], main_thread_only: bool = False) -> float:
    """utime + stime of these processes (or of their main threads), in seconds (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        path = f"/proc/{pid}/task/{pid}/stat" if main_thread_only else f"/proc/{pid}/stat"
        with contextlib.suppress(OSError):
            fields = Path(path).read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far (/proc/stat)."""
    ticks = os.sysconf("SC_CLK_TCK")
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    total = sum(fields[:8])
    return (total - idle) / ticks, total / ticks


def answers(port: int) -> bool:
    connection = http.client.HTTPConnection(HOST, port, timeout=5)
    try:
        connection.request("GET", "/api/games")
        return connection.getresponse().status == 200
    except OSError:
        return False
    finally:
        connection.close()


def process_tree(pid: int) -> list[int]:
    pids = [pid]
    with contextlib.suppress(OSError):
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            pids.extend(process_tree(int(child)))
    return pids


@contextlib.contextmanager
def database(kind: str, postgres_url: str) -> Iterator[str]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="bodoge-load-") as folder:
            yield f"sqlite:///{folder}/load.sqlite"
        return
    import psycopg

    name = f"bodoge_load_{secrets.token_hex(4)}"
    admin = postgres_url
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = admin.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def server(url: str, workers: int, extra: list[str]) -> Iterator[tuple[int, int]]:
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "bodoge.cli",
        "serve",
        "--port",
        str(port),
        "--database",
        url,
        "--workers",
        str(workers),
        "--bot-pause",
        "0",
        # One client opens every table: the per-client quotas are not what is measured.
        "--tables-per-minute",
        "0",
        "--waiting-per-client",
        "0",
        *extra,
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(300):
            if process.poll() is not None:
                assert process.stderr is not None
                raise RuntimeError(f"bodoge serve exited: {process.stderr.read().decode()}")
            if answers(port) and len(process_tree(process.pid)) >= workers + (workers > 1):
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("bodoge serve did not start in 30 s")
        time.sleep(0.5 if workers > 1 else 0)  # let every worker finish its start-up
        yield port, process.pid
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# ---------------------------------------------------------------------- runs


async def measure(
    port: int,
    server_pid: int,
    tables: int,
    args: argparse.Namespace,
) -> dict[str, Any]:
    api = Api(port)
    stats = Stats()
    rng = random.Random(args.seed)
    limits = Limits(time.perf_counter() + 10**6, args.max_tables, args.max_actions)
    ramp = RAMP_PER_TABLE * tables if args.ramp is None else args.ramp
    slots = [
        asyncio.create_task(
            slot(
                api,
                stats,
                limits,
                random.Random(rng.randrange(2**31)),
                place,
                place * ramp / tables,
            )
        )
        for place in range(tables)
    ]
    # Warm up: every table playing (at most a minute after the ramp), then --warmup more seconds.
    began = time.perf_counter()
    while len(stats.slots_playing) < tables and time.perf_counter() - began < 60 + ramp:
        await asyncio.sleep(0.05)
    await asyncio.sleep(args.warmup)
    warmed = time.perf_counter() - began
    pids = process_tree(server_pid)
    spies = start_profiles(pids, args.seconds, args.profile, tables)
    server_cpu, client_cpu = cpu_seconds(pids), time.process_time()
    loop_cpu = cpu_seconds(pids, main_thread_only=True)
    machine = machine_busy()[0]
    stats.measuring, began = True, time.perf_counter()
    limits.deadline = began + args.seconds
    await asyncio.sleep(args.seconds)
    stats.measuring, elapsed = False, time.perf_counter() - began
    server_cpu = cpu_seconds(pids) - server_cpu
    loop_cpu = cpu_seconds(pids, main_thread_only=True) - loop_cpu
    client_cpu = time.process_time() - client_cpu
    machine = machine_busy()[0] - machine
    await asyncio.gather(*slots, return_exceptions=True)
    for spy in spies:
        spy.wait()
    lat = sorted(stats.latencies)
    inbound, outbound = sorted(stats.inbound), sorted(stats.outbound)
    return {
        "tables": tables,
        "seconds": round(elapsed, 2),
        "warmup_seconds": round(warmed, 2),
        "accepted": stats.accepted,
        "actions_per_s": stats.accepted / elapsed,
        "p50_ms": percentile_ms(lat, 0.5),
        "p99_ms": percentile_ms(lat, 0.99),
        "mean_ms": 1000 * statistics.fmean(lat) if lat else None,
        "inbound_p50_ms": percentile_ms(inbound, 0.5),
        "inbound_p99_ms": percentile_ms(inbound, 0.99),
        "outbound_p50_ms": percentile_ms(outbound, 0.5),
        "outbound_p99_ms": percentile_ms(outbound, 0.99),
        "errors": sum(stats.errors.values()),
        "error_kinds": stats.errors,
        "tables_started": stats.tables_started,
        "tables_finished": stats.tables_finished,
        "server_cpu": server_cpu / elapsed,
        "client_cpu": client_cpu / elapsed,
        "other_cpu": max(0.0, machine - server_cpu - client_cpu) / elapsed,
        "server_us_per_action": 1e6 * server_cpu / stats.accepted if stats.accepted else None,
        "loop_us_per_action": 1e6 * loop_cpu / stats.accepted if stats.accepted else None,
    }


def percentile_ms(ordered: list[float], fraction: float) -> float | None:
    """The ``fraction`` quantile of sorted seconds, in milliseconds (None if empty)."""
    if not ordered:
        return None
    return 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def start_profiles(
    pids: list[int], seconds: float, folder: str | None, tables: int
) -> list[subprocess.Popen[bytes]]:
    """``--profile DIR``: py-spy records each server process (collapsed stacks).

    ``--gil``: only the thread holding the GIL is sampled, so the profile
    shows where the CPU of the Python code goes, not threads waiting.
    """
    if not folder:
        return []
    Path(folder).mkdir(parents=True, exist_ok=True)
    spies = []
    for pid in pids:
        out = Path(folder) / f"n{tables}-pid{pid}.txt"
        spies.append(
            subprocess.Popen(
                [
                    *("py-spy", "record", "-p", str(pid), "-d", str(int(seconds)), "-r", "100"),
                    *("--format", "raw", "--threads", "--gil", "-o", str(out)),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
    return spies


def run_one(args: argparse.Namespace, tables: int) -> dict[str, Any]:
    with (
        database(args.database, args.postgres_url) as url,
        server(url, args.workers, args.server_arg) as (port, pid),
        asyncio.Runner(loop_factory=loop_factory()) as runner,
    ):
        return runner.run(measure(port, pid, tables, args))


def loop_factory() -> Any:
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def fmt(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--tables", default="10,50,200", help="comma-separated N (default 10,50,200)"
    )
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--workers", type=int, default=None, help="default: 2")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per N")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured seconds first")
    parser.add_argument(
        "--ramp",
        type=float,
        default=None,
        help=f"seconds over which the first tables are opened (default: {RAMP_PER_TABLE} × N)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-tables", type=int, default=5000, help="tables per N at most")
    parser.add_argument("--max-actions", type=int, default=2_000_000, help="actions per N at most")
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("BODOGE_TEST_POSTGRES", DEFAULT_POSTGRES),
        help="a PostgreSQL server where a database may be created (default: "
        "$BODOGE_TEST_POSTGRES or the .ci/run one)",
    )
    parser.add_argument(
        "--profile", metavar="DIR", help="record each server process with py-spy into DIR"
    )
    parser.add_argument(
        "--server-arg", action="append", default=[], help="extra argument for bodoge serve"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per N")
    args = parser.parse_args()
    if args.workers is None:
        args.workers = 2
    counts = [int(n) for n in args.tables.split(",")]
    if not all(1 <= n <= 1000 for n in counts):
        parser.error("--tables: each N is between 1 and 1000")
    if args.seconds <= 0 or args.seconds > 600:
        parser.error("--seconds: between 0 and 600")
    label = f"{args.database}, {args.workers} worker{'s' if args.workers > 1 else ''}"
    rows = []
    for n in counts:
        print(f"{label}: {n} tables ...", file=sys.stderr, flush=True)
        result = run_one(args, n)
        result["database"], result["workers"] = args.database, args.workers
        rows.append(result)
        if args.json:
            print(json.dumps(result), flush=True)
    if args.json:
        return
    print(f"\n{label}, {args.seconds:g} s measured after {args.warmup:g} s warm-up")
    print(
        f"{'N':>5} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'games':>6} "
        f"{'srv cpu':>8} {'cli cpu':>8} {'other':>6} {'srv us/act':>10} {'loop us/act':>11}"
    )
    for r in rows:
        print(
            f"{r['tables']:>5} {r['actions_per_s']:>10.0f} {fmt(r['p50_ms']):>8} "
            f"{fmt(r['p99_ms']):>8} {r['errors']:>7} {r['tables_finished']:>6} "
            f"{r['server_cpu']:>8.2f} {r['client_cpu']:>8.2f} {r['other_cpu']:>6.2f} "
            f"{fmt(r['server_us_per_action'], 0):>10} {fmt(r['loop_us_per_action'], 0):>11}"
        )
        if r["error_kinds"]:
            print(f"      errors: {r['error_kinds']}")


if __name__ == "__main__":
    main()
