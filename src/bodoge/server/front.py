"""``bodoge serve --workers N``: one port, N worker processes, each table's connections on one.

Workers agree through the database, so any worker may serve any request.
But a worker that holds one of a table's WebSockets must apply every step
of that table and build its own messages for them; with connections spread
by the kernel (uvicorn's workers share the listening socket), nearly every
step of a four-seat table was applied, and its bots played, by both workers.

So the parent process is a small front.  It listens and accepts, reads the
request line of each new connection without taking it off the socket
(``MSG_PEEK``), and passes the connection itself (its descriptor, over a
Unix socket: ``SCM_RIGHTS``) to a worker: a path under a table
(``/t/{id}...``, ``/api/tables/{id}...``) to the table's worker (a hash of
the id, modulo N), anything else to the workers in turn.  The worker serves
it with uvicorn's own HTTP protocol, exactly as if it had accepted it; the
bytes of the conversation never pass through the front.  Routing is only
about where work happens: were a table's connections split (a worker being
restarted, or several separate servers on one database), the workers would
still agree through the database.

A worker that dies is started again in its place; one that cannot start at
all (uvicorn's start-up failure, say an unreachable database) stops the
server.  SIGINT or SIGTERM stops accepting and asks every worker to finish
as uvicorn does (decisions under way are stored first).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import re
import signal
import socket
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any

import uvicorn

log = logging.getLogger("bodoge.server")

APP = "bodoge.server.app:create_app"
PEEK_BYTES = 2048
"""Bytes looked at for the request line (a longer line goes to any worker)."""
PEEK_SECONDS = 5.0
"""How long a new connection may take to send its request line before it goes to any worker."""
PEEK_RETRY = 0.005
"""Pause before looking again at a request line that arrived in part."""
STARTUP_FAILURE = 3
"""uvicorn's exit status for a worker that could not start."""
RESTART_PAUSE = 1.0
"""Pause before starting again a worker that died within ``STABLE_SECONDS`` of its start."""
STABLE_SECONDS = 5.0
STOP_SECONDS = 30.0
"""How long stopping workers may take before they are killed."""

_TABLE_PATH = re.compile(rb"^[A-Z]+ /(?:t|api/tables)/([A-Za-z0-9_-]+)")


def table_of(request: bytes) -> str | None:
    """The table a request is about, from its request line; None for anything else.

    >>> table_of(b"GET /t/Ab_c-9/ws?token=x HTTP/1.1\\r\\nHost: h\\r\\n")
    'Ab_c-9'
    >>> table_of(b"POST /api/tables/Ab_c-9/join HTTP/1.1\\r\\n")
    'Ab_c-9'
    >>> table_of(b"POST /api/tables HTTP/1.1\\r\\n"), table_of(b"GET /static/app.js HTTP/1.1")
    (None, None)
    """
    match = _TABLE_PATH.match(request)
    return match.group(1).decode() if match else None


def worker_for(table_id: str, workers: int) -> int:
    """The worker that serves a table: stable across restarts of the server.

    >>> worker_for("Ab_c-9", 4) == worker_for("Ab_c-9", 4) and 0 <= worker_for("x", 3) < 3
    True
    """
    return zlib.crc32(table_id.encode()) % workers


def owner_check(index: int | None, workers: int) -> Callable[[str], bool]:
    """Whether worker ``index`` of ``workers`` owns a table (``None``: a lone server owns all).

    >>> owns = owner_check(0, 2)
    >>> owns("Ab_c-9") == (worker_for("Ab_c-9", 2) == 0), owner_check(None, 2)("x")
    (True, True)
    """
    if index is None or workers <= 1:
        return lambda table_id: True
    return lambda table_id: worker_for(table_id, workers) == index


# ------------------------------------------------------------------ workers


def run_worker(options: dict[str, Any], channel: socket.socket, index: int) -> None:
    """A worker process: uvicorn serving the connections the front hands over ``channel``.

    ``index`` tells the app which tables are this worker's own (``BODOGE_WORKER_INDEX``).
    """
    os.environ["BODOGE_WORKER_INDEX"] = str(index)
    HandedConnections(uvicorn.Config(APP, factory=True, **options), channel).run()


class HandedConnections(uvicorn.Server):
    """uvicorn's server, listening on nothing: its connections come from the front.

    Each descriptor received is wrapped into uvicorn's HTTP protocol as
    uvicorn itself does for the connections it accepts, so requests,
    WebSockets, graceful shutdown and connection limits behave the same.
    The channel closing (the front is gone) stops the worker.
    """

    def __init__(self, config: uvicorn.Config, channel: socket.socket) -> None:
        super().__init__(config)
        self.channel = channel
        self.adopting: set[asyncio.Task[None]] = set()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])
        self.channel.setblocking(False)
        asyncio.get_running_loop().add_reader(self.channel.fileno(), self._receive)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._close_channel()
        await super().shutdown(sockets=sockets)

    def _protocol(self) -> asyncio.Protocol:
        """A connection's protocol, made as uvicorn's ``Server.startup`` makes it."""
        protocol: asyncio.Protocol = self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config, server_state=self.server_state, app_state=self.lifespan.state
        )
        return protocol

    def _receive(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                data, fds, _, _ = socket.recv_fds(self.channel, 1, 1)
            except BlockingIOError:
                return
            except OSError:
                data, fds = b"", []
            if not data and not fds:  # the front is gone
                self._close_channel()
                self.should_exit = True
                return
            if not fds:
                log.warning("a connection handed to this worker was lost on its way")
            for fd in fds:
                task = loop.create_task(self._adopt(socket.socket(fileno=fd)))
                self.adopting.add(task)
                task.add_done_callback(self.adopting.discard)

    async def _adopt(self, connection: socket.socket) -> None:
        try:
            await asyncio.get_running_loop().connect_accepted_socket(self._protocol, connection)
        except OSError as error:
            log.warning("cannot serve a connection handed to this worker: %s", error)
            connection.close()  # most likely the client left before it was served

    def _close_channel(self) -> None:
        if self.channel.fileno() >= 0:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.channel.fileno())
            self.channel.close()


# -------------------------------------------------------------------- front


@dataclass
class Worker:
    process: BaseProcess
    channel: socket.socket
    """The front's end of the Unix socket the connections are handed over."""
    started: float


class Front:
    """The parent process: accepts, routes, and keeps N workers running."""

    def __init__(self, listener: socket.socket, workers: int, options: dict[str, Any]) -> None:
        self.listener = listener
        self.options = options
        self.context = multiprocessing.get_context("spawn")
        self.workers: list[Worker | None] = [None] * workers
        self.turn = 0
        self.stopping = asyncio.Event()
        self.exit_code = 0
        self.routing: set[asyncio.Task[None]] = set()

    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, self.stopping.set)
        for index in range(len(self.workers)):
            self._start(index)
        self.listener.setblocking(False)
        loop.add_reader(self.listener.fileno(), self._accept)
        await self.stopping.wait()
        loop.remove_reader(self.listener.fileno())
        self.listener.close()
        for task in self.routing:
            task.cancel()
        await self._stop_workers()
        return self.exit_code

    # ------------------------------------------------------------ accepting

    def _accept(self) -> None:
        for _ in range(64):  # then let routing and the workers' deaths be seen too
            try:
                connection, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:  # e.g. out of descriptors: the kernel keeps the rest queued
                log.warning("cannot accept a connection: %s", error)
                return
            connection.setblocking(False)
            task = asyncio.get_running_loop().create_task(self._route(connection))
            self.routing.add(task)
            task.add_done_callback(self.routing.discard)

    async def _route(self, connection: socket.socket) -> None:
        try:
            head = await self._request_line(connection)
        except OSError:
            connection.close()
            return
        except asyncio.CancelledError:
            connection.close()
            raise
        table_id = table_of(head)
        if table_id is None:
            first = self.turn % len(self.workers)
            self.turn += 1
        else:
            first = worker_for(table_id, len(self.workers))
        self._hand(connection, first)

    async def _request_line(self, connection: socket.socket) -> bytes:
        """What has come of the request once its first line is complete (or the wait is over)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + PEEK_SECONDS
        while True:
            try:
                head: bytes | None = connection.recv(PEEK_BYTES, socket.MSG_PEEK)
            except (BlockingIOError, InterruptedError):
                head = None
            if head is not None and (not head or b"\n" in head or len(head) >= PEEK_BYTES):
                return head
            left = deadline - loop.time()
            if left <= 0:
                return head or b""
            if head is None:
                await _readable(connection, left)
            else:
                await asyncio.sleep(min(PEEK_RETRY, left))

    def _hand(self, connection: socket.socket, first: int) -> None:
        """Pass the connection to worker ``first``, or the next one that can take it."""
        try:
            count = len(self.workers)
            for step in range(count):
                worker = self.workers[(first + step) % count]
                if worker is None or worker.channel.fileno() < 0:
                    continue
                try:
                    socket.send_fds(worker.channel, [b"c"], [connection.fileno()])
                    return
                except (BlockingIOError, InterruptedError):
                    continue  # that worker is not keeping up: another serves this one
                except OSError:
                    continue  # that worker is gone; it is being replaced
            log.warning("no worker could take a connection; it is closed")
        finally:
            connection.close()

    # -------------------------------------------------------------- workers

    def _start(self, index: int) -> None:
        front_end, worker_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        process = self.context.Process(
            target=run_worker,
            args=(self.options, worker_end, index),
            name=f"bodoge-worker-{index}",
        )
        process.start()
        worker_end.close()
        front_end.setblocking(False)
        self.workers[index] = Worker(process, front_end, time.monotonic())
        asyncio.get_running_loop().add_reader(process.sentinel, self._ended, index, process)

    def _ended(self, index: int, process: BaseProcess) -> None:
        loop = asyncio.get_running_loop()
        loop.remove_reader(process.sentinel)
        process.join()
        worker = self.workers[index]
        if worker is None or worker.process is not process:
            return
        worker.channel.close()
        self.workers[index] = None
        if self.stopping.is_set():
            return
        if process.exitcode == STARTUP_FAILURE:
            log.error("worker %d could not start; stopping the server", index)
            self.exit_code = STARTUP_FAILURE
            self.stopping.set()
            return
        log.warning("worker %d stopped (exit status %s); starting another", index, process.exitcode)
        lived = time.monotonic() - worker.started
        if lived < STABLE_SECONDS:
            loop.call_later(RESTART_PAUSE, self._restart, index)
        else:
            self._start(index)

    def _restart(self, index: int) -> None:
        if not self.stopping.is_set() and self.workers[index] is None:
            self._start(index)

    async def _stop_workers(self) -> None:
        running = [w for w in self.workers if w is not None]
        for worker in running:
            if worker.process.is_alive() and worker.process.pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    # SIGTERM, not SIGINT: after Ctrl-C the workers got a SIGINT
                    # already, and a second one would make uvicorn cut its shutdown short.
                    worker.process.terminate()
        end = time.monotonic() + STOP_SECONDS
        for worker in running:
            await asyncio.to_thread(worker.process.join, max(0.0, end - time.monotonic()))
            if worker.process.is_alive():
                log.error("worker %s did not stop in time; killing it", worker.process.name)
                worker.process.kill()
                worker.process.join()
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(worker.process.sentinel)
            worker.channel.close()


async def _readable(connection: socket.socket, timeout: float) -> None:
    """Wait until the connection has something to read (or ``timeout`` seconds)."""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(connection.fileno(), wake)
    try:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ready, timeout)
    finally:
        loop.remove_reader(connection.fileno())


def listen(host: str, port: int, backlog: int = 2048) -> socket.socket:
    """The listening socket (IPv6 for a host with a colon), as uvicorn binds it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(backlog)
    except OSError:
        listener.close()
        raise
    return listener


def serve(listener: socket.socket, workers: int, options: dict[str, Any]) -> int:
    """Run the front until SIGINT/SIGTERM; returns the exit status."""
    try:
        import uvloop

        loop_factory: Any = uvloop.new_event_loop
    except ImportError:  # pragma: no cover - uvloop is a dependency of the server extra
        loop_factory = None
    with asyncio.Runner(loop_factory=loop_factory) as runner:
        return runner.run(Front(listener, workers, options).run())
