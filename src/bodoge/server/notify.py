"""PostgreSQL LISTEN/NOTIFY: tell this worker what other workers stored.

Each stored action (and each seat filled) is announced on one channel as
``table_id:seq`` (or ``table_id:seats``) when its transaction commits.  A
thread per worker listens and hands each announcement to the event loop,
where the hub catches that table up from the database and pushes it.
"""

from __future__ import annotations

import asyncio
import logging
import threading

import psycopg

from .db import NOTIFY_CHANNEL
from .hub import Hub

log = logging.getLogger("bodoge.server")


class Listener:
    def __init__(self, url: str, hub: Hub, loop: asyncio.AbstractEventLoop) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://")
        self.hub = hub
        self.loop = loop
        self.stopping = threading.Event()
        self.tasks: set[asyncio.Future[None]] = set()
        self.thread = threading.Thread(target=self._run, name="bodoge-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self.stopping.is_set():
                        for note in connection.notifies(timeout=1.0):
                            self.loop.call_soon_threadsafe(self._dispatch, note.payload)
            except psycopg.Error:
                log.exception("listening for table updates failed; retrying")
                self.stopping.wait(1.0)

    def _dispatch(self, payload: str) -> None:
        table_id, _, what = payload.rpartition(":")
        if what == "seats":
            task = asyncio.ensure_future(self.hub.seats_changed(table_id))
        elif what.isdigit():
            task = asyncio.ensure_future(self.hub.catch_up(table_id, int(what)))
        else:
            return
        self.tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(self.tasks.discard)
