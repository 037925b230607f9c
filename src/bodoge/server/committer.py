"""The group-commit writer: a worker's decisions stored together, each before it is told.

A decision reaches no client until the database holds it (see
:mod:`bodoge.server.hub`); :class:`Committer` is where that waiting happens.
It owns the queue of actions waiting to be stored, the thread that writes
them in batches, and the announcement of each stored batch to the other
workers on the same SQLite file.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from .db import Append, Store, announcement

log = logging.getLogger("bodoge.server")

Announce = Callable[[list[str]], None]
"""Hands announcements (``table_id:seq:seat:action``, ``table_id:seats``) to other workers."""


class CommitFailed(RuntimeError):
    """The database could not store a batch (or the writer is not running)."""


class Committer:
    """Group commit: actions waiting to be stored go to the database together.

    Each caller awaits its own result; under load one transaction (one
    fsync) carries many tables' actions, and every action is still stored
    before anyone is told about it.  :meth:`stop` stores what is already
    waiting before it returns.

    The batches are written on a thread of the committer's own.  In the
    event loop's shared pool a batch queued behind the requests that set
    tables up (creating and joining, each reading or writing the database),
    and while a burst of tables started, every table's next step waited for
    them.  bench/load.py at 200 tables, three runs each way: p99 146–180 ms
    in the shared pool, 132–139 ms on the writer's own thread.
    """

    def __init__(self, store: Store, announce: Announce | None = None) -> None:
        self.store = store
        self.announce = announce
        """Called with the announcements of each stored batch (SQLite workers' peers)."""
        self.pending: list[tuple[Append, asyncio.Future[bool]]] = []
        self.wakeup = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.closing = False
        self.thread: ThreadPoolExecutor | None = None

    def start(self) -> None:
        self.closing = False
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="bodoge-writer")
        self.task = asyncio.create_task(self._run(), name="bodoge-committer")

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done() and not self.closing

    async def stop(self) -> None:
        """Store every action already waiting, then stop."""
        self.closing = True
        self.wakeup.set()
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        self._fail(self.pending, CommitFailed("the server is stopping"))
        self.pending = []
        if self.thread is not None:
            self.thread.shutdown(wait=True)
            self.thread = None

    async def store_action(self, item: Append) -> bool:
        """Whether ``item`` was stored (False: that step was already taken)."""
        if not self.running:
            raise CommitFailed("the action writer is not running")
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.pending.append((item, future))
        self.wakeup.set()
        return await future

    async def _run(self) -> None:
        batch: list[tuple[Append, asyncio.Future[bool]]] = []
        try:
            while True:
                await self.wakeup.wait()
                self.wakeup.clear()
                batch, self.pending = self.pending, []
                if batch:
                    await self._write(batch)
                batch = []
                if self.closing and not self.pending:
                    return
        finally:  # cancelled: nobody may wait for ever
            self._fail(batch, CommitFailed("the action writer was stopped"))

    async def _write(self, batch: list[tuple[Append, asyncio.Future[bool]]]) -> None:
        try:
            items = [item for item, _ in batch]
            loop = asyncio.get_running_loop()
            stored = await loop.run_in_executor(self.thread, self.store.append, items)
        except Exception as error:  # the database is down: fail these, keep serving
            log.exception("storing %d actions failed", len(batch))
            self._fail(batch, CommitFailed(str(error)))
            return
        if self.announce is not None and any(stored):
            self.announce(
                [announcement(item) for (item, _), ok in zip(batch, stored, strict=True) if ok]
            )
        for (_, future), ok in zip(batch, stored, strict=True):
            if not future.done():
                future.set_result(ok)

    @staticmethod
    def _fail(batch: Sequence[tuple[Append, asyncio.Future[bool]]], error: Exception) -> None:
        for _, future in batch:
            if not future.done():
                future.set_exception(error)
