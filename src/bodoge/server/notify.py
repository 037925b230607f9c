"""Announcements: tell this worker what other workers stored.

On PostgreSQL they travel by LISTEN/NOTIFY (:class:`Listener`); workers
sharing an SQLite file send them to each other (:mod:`bodoge.server.peers`);
both hand them to :class:`CatchUp`.  Each stored action is announced once
its transaction commits (see :meth:`bodoge.server.db.Store.append`) as
``table_id:seq:seat:action``
(or ``table_id:seq`` when the action is too large for a payload), and each
seat filled as ``table_id:seats``.  Each worker listens on its event loop
and hands each announcement to the hub, which catches that table up and
pushes it.  When the hub accepts them (``Hub.catch_up(..., known=...)``),
the announced actions are handed over too, so that the hub need not read
them back from the database.

Announcements for one table are coalesced: while the hub is catching a
table up, later announcements for it only raise the step it must reach, and
one more catch-up follows.  Steps this worker stored itself are skipped, and
so are tables that are not live here; an announcement that arrives while
the table is being loaded is handled again once it is live (the load may
have read the database just before that step was stored).
Whenever the listening connection is (re)established, every live table is
caught up once, since announcements sent while nobody listened are lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import threading
from collections.abc import Coroutine
from typing import Any

import psycopg

from .db import NOTIFY_CHANNEL, WAITING
from .hub import Hub

log = logging.getLogger("bodoge.server")

RETRY_SECONDS = 1.0
"""Wait before listening again after the connection failed."""

Known = list[tuple[int, int, dict[str, Any]]]
"""(seq, seat, action) of announced steps, in order."""


def parse(payload: str) -> tuple[str, str, tuple[int, int, dict[str, Any]] | None]:
    """(table id, ``"seats"`` or the step, the announced step if it came whole).

    >>> parse('T1:4:2:{"type":"stop"}')
    ('T1', '4', (4, 2, {'type': 'stop'}))
    >>> parse("T1:4"), parse("T1:seats")
    (('T1', '4', None), ('T1', 'seats', None))
    """
    table_id, _, rest = payload.partition(":")
    what, _, rest = rest.partition(":")
    if rest and what.isdigit():
        seat, _, action = rest.partition(":")
        try:
            wire = json.loads(action)
        except ValueError:
            return table_id, what, None
        if seat.isdigit() and isinstance(wire, dict):
            return table_id, what, (int(what), int(seat), wire)
    return table_id, what, None


class CatchUp:
    """What a worker does with announcements, whichever way they arrive.

    A transport (PostgreSQL's :class:`Listener`, or
    :class:`bodoge.server.peers.Peers` for SQLite) hands each payload to
    :meth:`_dispatch` on the event loop, and calls :meth:`_resync` whenever
    announcements may have been missed.
    """

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.tasks: set[asyncio.Future[None]] = set()
        self.running: set[str] = set()
        """Tables the hub is catching up now."""
        self.wanted: dict[str, int] = {}
        """Highest step announced for a table while it was being caught up."""
        self.known: dict[str, dict[int, tuple[int, dict[str, Any]]]] = {}
        """Announced steps not yet handed to the hub: table → seq → (seat, action)."""
        self.hands_over = "known" in inspect.signature(hub.catch_up).parameters

    def _dispatch(self, payload: str) -> None:
        table_id, what, step = parse(payload)
        if table_id not in self.hub.tables:
            if table_id in self.hub.loading:  # it may have read the database just before
                self._spawn(self._after_load(table_id, payload))
            elif what == "seats" and self.hub.owns(table_id):
                self._spawn(self.hub.adopt(table_id))  # its bots may start here
            return  # not live here: it is read from the database when it is needed
        if what == "seats":
            self._spawn(self.hub.seats_changed(table_id))
        elif what.isdigit():
            if step is not None and self.hands_over:
                self.known.setdefault(table_id, {})[step[0]] = step[1:]
            self._announce(table_id, int(what))

    async def _after_load(self, table_id: str, payload: str) -> None:
        """Handle an announcement again once the table being loaded here is live."""
        loading = self.hub.loading.get(table_id)
        if loading is not None:
            async with loading:
                pass
        if table_id in self.hub.tables:
            self._dispatch(payload)

    def _announce(self, table_id: str, seq: int) -> None:
        if table_id in self.running:
            self.wanted[table_id] = max(seq, self.wanted.get(table_id, seq))
            return
        self.running.add(table_id)
        self._spawn(self._catch_up(table_id, seq))

    async def _catch_up(self, table_id: str, seq: int) -> None:
        try:
            next_seq: int | None = seq
            while next_seq is not None:
                if not await self._already_have(table_id, next_seq):
                    known = self._take_known(table_id)
                    if self.hands_over:
                        await self.hub.catch_up(table_id, next_seq, known=known)
                    else:
                        await self.hub.catch_up(table_id, next_seq)
                next_seq = self.wanted.pop(table_id, None)
        finally:
            self.running.discard(table_id)
            self.wanted.pop(table_id, None)
            if table_id not in self.hub.tables:
                self.known.pop(table_id, None)

    async def _already_have(self, table_id: str, seq: int) -> bool:
        """Whether this worker has step ``seq`` already (or does not have the table).

        This worker's own commits are announced too; the announcement may
        arrive while the decision that stored it still holds the table's
        lock, so wait for that before asking the database.
        """
        live = self.hub.tables.get(table_id)
        if live is None or seq < live.state.version:
            self._forget(table_id, live.state.version if live else None)
            return True
        if live.lock.locked():
            async with live.lock:
                pass
        if seq < live.state.version:
            self._forget(table_id, live.state.version)
            return True
        return False

    def _take_known(self, table_id: str) -> Known:
        """The announced steps of the table from its current version on, if unbroken."""
        steps = self.known.pop(table_id, {})
        live = self.hub.tables.get(table_id)
        if live is None:
            return []
        known: Known = []
        seq = live.state.version
        while seq in steps:
            seat, action = steps[seq]
            known.append((seq, seat, action))
            seq += 1
        return known

    def _forget(self, table_id: str, version: int | None) -> None:
        """Drop announced steps this worker has (all of them when it has not the table)."""
        steps = self.known.get(table_id)
        if steps is None:
            return
        if version is None:
            del self.known[table_id]
            return
        for seq in [s for s in steps if s < version]:
            del steps[seq]
        if not steps:
            del self.known[table_id]

    def _resync(self) -> None:
        """Catch up every live table: announcements may have been missed."""
        for table_id, live in list(self.hub.tables.items()):
            if live.info.status == WAITING:
                self._spawn(self.hub.seats_changed(table_id))
            else:
                self._announce(table_id, live.state.version)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("catching up from the database failed", exc_info=task.exception())


class Listener(CatchUp):
    """PostgreSQL's LISTEN, on the worker's event loop: no thread, no lock handed back and forth.

    The listening connection's socket is watched by the loop itself
    (``loop.add_reader``); when it is readable, every announcement already
    received is handled in one go.  Only connecting runs in a thread.
    """

    def __init__(self, url: str, hub: Hub, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(hub)
        self.url = url.replace("postgresql+psycopg://", "postgresql://")
        self.loop = loop
        self.stopping = threading.Event()
        self.ready = threading.Event()
        """Set while LISTEN is in effect."""
        self.connection: psycopg.Connection[Any] | None = None
        self.handing = threading.Lock()
        """Guards a new connection's way from the connecting thread to the loop."""
        self.unclaimed: psycopg.Connection[Any] | None = None
        """Connected in the thread, not yet taken by the loop: :meth:`stop` closes it."""
        self.lost: asyncio.Future[None] | None = None
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start listening (call it on the event loop)."""
        self.task = self.loop.create_task(self._keep_listening(), name="bodoge-listen")

    def stop(self) -> None:
        """Stop listening and catching up; the connection is closed at once."""
        with self.handing:
            self.stopping.set()
            orphan, self.unclaimed = self.unclaimed, None
        if orphan is not None:
            orphan.close()
        self._hang_up()
        for task in [self.task, *self.tasks]:
            if task is not None:
                task.cancel()

    async def aclose(self) -> None:
        """:meth:`stop`, then wait until every catch-up has ended."""
        self.stop()
        pending = [t for t in [self.task, *self.tasks] if t is not None]
        await asyncio.gather(*pending, return_exceptions=True)

    # ------------------------------------------------------------- listening

    async def _keep_listening(self) -> None:
        while not self.stopping.is_set():
            # Cancelling this wait leaves the thread connecting: what it makes
            # is closed by stop() or by the thread itself, never by the loop,
            # which may be gone by then.
            try:
                connection = await asyncio.to_thread(self._connect)
            except psycopg.Error:
                log.exception("cannot listen for table updates; retrying")
                await asyncio.sleep(RETRY_SECONDS)
                continue
            if not self._claim(connection):
                return
            self.connection, self.lost = connection, self.loop.create_future()
            try:
                self.loop.add_reader(connection.pgconn.socket, self._readable)
                self.ready.set()
                self._resync()
                await self.lost
            except psycopg.Error:
                log.exception("listening for table updates failed; retrying")
            finally:
                self._hang_up()
            await asyncio.sleep(RETRY_SECONDS)

    def _claim(self, connection: psycopg.Connection[Any]) -> bool:
        """Take the thread's connection for the loop (False: stop() closed it)."""
        with self.handing:
            claimed = self.unclaimed is connection
            if claimed:
                self.unclaimed = None
        return claimed

    def _connect(self) -> psycopg.Connection[Any]:
        connection = psycopg.connect(self.url, autocommit=True)
        try:
            connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
        except BaseException:
            connection.close()
            raise
        with self.handing:
            if not self.stopping.is_set():
                self.unclaimed = connection
                return connection
        connection.close()  # stop() came while connecting
        return connection

    def _readable(self) -> None:
        """Handle every announcement received so far."""
        connection, lost = self.connection, self.lost
        if connection is None or lost is None:
            return
        pgconn = connection.pgconn
        try:
            pgconn.consume_input()
            note = pgconn.notifies()
            while note is not None:
                self._dispatch(note.extra.decode())
                note = pgconn.notifies()
        except psycopg.Error as error:  # the server went away
            if not lost.done():
                lost.set_exception(error)

    def _hang_up(self) -> None:
        self.ready.clear()
        connection, self.connection = self.connection, None
        if connection is None:
            return
        with contextlib.suppress(Exception):
            self.loop.remove_reader(connection.pgconn.socket)
        connection.close()
        if self.lost is not None and not self.lost.done():
            self.lost.set_result(None)
