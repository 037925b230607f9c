"""Several workers on one SQLite file: they tell each other what they stored.

PostgreSQL carries announcements between workers with NOTIFY; SQLite has
nothing like it, so workers sharing an SQLite file talk directly, over Unix
sockets on the same machine (the only place an SQLite file may be shared).

Each worker listens on ``<pid>.sock`` in a folder named after the database
file (:func:`meeting_place`), and connects to every other worker's socket
there.  A worker that starts connects to those already listening and says
where it listens itself, so they connect back: every pair of workers ends
up with one connection each way.  Announcements are lines of text, the same
payloads NOTIFY carries (``table_id:seq:seat:action``, ``table_id:seats``);
they are written to each peer after the batch is committed, and a stream
socket loses none of them while the peer is there.  The receiving side is
:class:`bodoge.server.notify.CatchUp`, as for PostgreSQL: when a peer first
connects, every live table is caught up once, since that peer may have
stored steps before it could announce them here.

A socket left behind by a worker that died refuses connections; it is
removed when found.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import tempfile
from pathlib import Path

from .hub import Hub
from .notify import CatchUp

log = logging.getLogger("bodoge.server")

HELLO = "hello "
"""First line a worker sends on a new connection: ``hello <its socket path>``."""
LINE_LIMIT = 1 << 20
"""Longest announcement line read (an action's JSON, far below this)."""


def meeting_place(database_url: str) -> Path:
    """The folder where the workers of one SQLite file put their sockets.

    It is in the temporary directory, named by a hash of the database
    file's absolute path: a Unix socket path may hold only about a hundred
    bytes, and the database may sit deep in a tree.

    >>> meeting_place("sqlite:////srv/b.sqlite") == meeting_place("sqlite:////srv/x/../b.sqlite")
    True
    >>> meeting_place("sqlite:///x.sqlite").name.startswith("bodoge-")
    True
    """
    path = database_url.split("///", 1)[-1]
    digest = hashlib.sha256(os.path.abspath(path).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"bodoge-{digest}"


class Peers(CatchUp):
    """This worker's end: a listening socket, and a connection to each other worker."""

    def __init__(self, folder: Path, hub: Hub) -> None:
        super().__init__(hub)
        self.folder = folder
        self.path = folder / f"{os.getpid()}.sock"
        self.server: asyncio.Server | None = None
        self.outgoing: dict[Path, asyncio.StreamWriter] = {}
        """Connections this worker writes announcements to, by the peer's socket path."""
        self.connecting: set[Path] = set()
        self.incoming: set[asyncio.StreamWriter] = set()
        self.readers: set[asyncio.Task[None]] = set()
        """The tasks reading peers' connections (ended by closing them, never cancelled)."""

    async def start(self) -> None:
        """Listen, then connect to every worker already listening."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()  # a socket left by an earlier process with this PID
        for last_try in (False, True):
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            try:
                self.server = await asyncio.start_unix_server(
                    self._accepted, path=str(self.path), limit=LINE_LIMIT
                )
                break
            except FileNotFoundError:  # the last server out took the folder away meanwhile
                if last_try:
                    raise
        for other in sorted(self.folder.glob("*.sock")):
            if other != self.path:
                await self._connect(other)

    async def stop(self) -> None:
        """Stop listening and hang up; catch-ups under way are cancelled."""
        if self.server is not None:
            self.server.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        with contextlib.suppress(OSError):
            self.folder.rmdir()  # the last one out leaves no folder behind
        for writer in [*self.outgoing.values(), *self.incoming]:
            writer.close()  # a reader then sees the end of its stream and returns
        self.outgoing.clear()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.readers, *self.tasks, return_exceptions=True)

    def announce(self, payloads: list[str]) -> None:
        """Send announcements to every peer (buffered by the transport, never blocking)."""
        data = "".join(f"{payload}\n" for payload in payloads).encode()
        for path, writer in list(self.outgoing.items()):
            if writer.is_closing():
                del self.outgoing[path]
                continue
            writer.write(data)

    # ------------------------------------------------------------ connections

    async def _connect(self, other: Path) -> None:
        """Connect to a peer's socket and say where to connect back."""
        if other in self.outgoing or other in self.connecting:
            return
        self.connecting.add(other)
        try:
            _, writer = await asyncio.open_unix_connection(str(other))
        except (ConnectionRefusedError, FileNotFoundError):
            with contextlib.suppress(OSError):
                other.unlink()  # left behind by a worker that is gone
            return
        except OSError:
            log.exception("cannot reach the worker at %s", other)
            return
        finally:
            self.connecting.discard(other)
        writer.write(f"{HELLO}{self.path}\n".encode())
        self.outgoing[other] = writer

    async def _accepted(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A peer connected: connect back, catch up, then read its announcements."""
        task = asyncio.current_task()
        if task is not None:
            self.readers.add(task)
        self.incoming.add(writer)
        try:
            hello = (await reader.readline()).decode().rstrip("\n")
            if not hello.startswith(HELLO):
                return
            await self._connect(Path(hello.removeprefix(HELLO)))
            self._resync()  # it may have stored steps before it could tell us
            while line := await reader.readline():
                self._dispatch(line.decode().rstrip("\n"))
        except (ConnectionError, asyncio.IncompleteReadError, ValueError):
            pass  # the peer went away (or sent a line too long): it reconnects when it restarts
        finally:
            writer.close()
            self.incoming.discard(writer)
            if task is not None:
                self.readers.discard(task)
