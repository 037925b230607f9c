"""A live table and its connections: what a worker holds in memory for each table.

:class:`LiveTable` is the authoritative state of one table in this worker
(the game's state, its stored facts, its seats' clocks and presence, its
chat); :class:`Connection` is one open socket with its outgoing queue;
:class:`ProtocolError` is the refusal every part of the live path raises.
The jobs done on them live in modules of their own: committing
(:mod:`.committer`), the live path itself (:mod:`.hub`), bots
(:mod:`.bot_turns`), deadlines (:mod:`.deadlines`), chat (:mod:`.chat`) and
the messages sent (:mod:`.messages`).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from bodoge.bots import Bot
from bodoge.engine import State

from .clock import SeatClock
from .db import ABANDONED, CANCELLED, PERSON, PLAYING, WAITING, ChatLine, TableInfo


class ProtocolError(Exception):
    """A refused request: a stable ``code`` and a readable message; nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


MAX_BACKLOG = 200
"""Unsent messages a connection may have queued before it is closed."""
NOT_ALLOWED_CLOSE = 4403
"""Close code of a socket that may not see its table (refused, or no longer allowed)."""


@dataclass(eq=False)
class Connection:
    """One open socket: its seat (``None``: spectator) and its outgoing queue.

    The queue holds JSON texts, in the order they are to be sent; ``None``
    tells the sender to stop.  Every message counts against
    :data:`MAX_BACKLOG`, replies to the connection's own messages (errors,
    pongs) as much as states: a connection that lets that many pile up does
    not read, and is dropped (``on_drop`` ends its socket).
    """

    seat: int | None
    wants_html: bool = False
    lang: str = "en"
    holder: str | None = None
    """The hash of the seat token it opened with: the seat is its own only while the
    table says that token holds it (:meth:`Hub.demote_lost`)."""
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    logged: int | None = None
    """Events already sent in earlier state messages (``None``: nothing sent yet)."""
    sees: Callable[[TableInfo], bool] | None = None
    """Whether what it opened with still lets it see the table (``None``: always);
    asked again whenever the table changes (:meth:`Hub.demote_lost`)."""
    by_link: bool = False
    """It opened with a watch key: losing sight of a table that still has a watch link
    means that link was withdrawn (its notice says so)."""
    dropped: bool = False
    close_code: int | None = None
    """Why the server ends it (``None``: it stopped reading)."""
    on_drop: Callable[[], object] | None = None

    def send(self, message: dict[str, Any]) -> bool:
        return self.push(dump(message))

    def push(self, text: str) -> bool:
        """Queue a message; False when the connection is (now) dropped for not reading."""
        if self.dropped:
            return False
        if self.queue.qsize() >= MAX_BACKLOG:
            self.drop()
            return False
        self.queue.put_nowait(text)
        return True

    def end(self, code: int) -> None:
        """Close it with ``code`` after the frames already queued; the socket's handler
        ends when the client answers the close."""
        if self.dropped:
            return
        self.dropped = True
        self.close_code = code
        self.queue.put_nowait(None)

    def drop(self) -> None:
        if self.dropped:
            return
        self.dropped = True
        self.queue.put_nowait(None)
        if self.on_drop is not None:
            self.on_drop()


@dataclass(eq=False)
class LiveTable:
    info: TableInfo
    state: State
    window: int = 0
    """First version of the current run of simultaneous decisions (see module docstring)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_kick: asyncio.Task[None] | None = None
    """The pause before the table's next bot decision is queued (see :class:`BotTurns`)."""
    next_bot: int = 0
    """Where the next bot decision starts looking, so that simultaneous bots take turns."""
    clocks: dict[int, SeatClock] = field(default_factory=dict)
    """Each seat's clock, as stored (tables with a clock only)."""
    present: dict[int, int] = field(default_factory=dict)
    """Open connections per seat."""
    away: dict[int, float] = field(default_factory=dict)
    """Since when each person's seat has had no connection (POSIX time)."""
    watch: asyncio.Task[None] | None = None
    """Waits for the next deadline (a clock running out, a grace period ending)."""
    chat: list[ChatLine] = field(default_factory=list)
    said: dict[int, deque[float]] = field(default_factory=dict)
    """When each seat last wrote (the chat's rate limit)."""
    dropped: set[int] = field(default_factory=set)
    """Seats whose last connection closed during the game (everyone is told at once)."""
    unseen_told: set[int] = field(default_factory=set)
    """Seats whose person never came that everyone has been told are away."""
    handed: dict[int, int] = field(default_factory=dict)
    """The version at which a deadline last handed each seat to a bot: a person who takes
    it back and is away again at that version gets no second grace."""

    @property
    def started(self) -> bool:
        return self.info.status not in (WAITING, CANCELLED)

    @property
    def playing(self) -> bool:
        """A game under way: not waiting, not over, not ended or cancelled by the host."""
        return self.info.status == PLAYING and not self.state.is_over

    @property
    def ended(self) -> bool:
        """Finished one way or another: over, or ended by its host (abandoned, no winner)."""
        return self.state.is_over or self.info.status == ABANDONED

    @property
    def done(self) -> bool:
        """Nothing more happens here: the game is over, or its host ended or cancelled it."""
        return self.state.is_over or self.info.status in (ABANDONED, CANCELLED)

    @property
    def by_bot(self) -> set[int]:
        """People's seats that a bot plays for now."""
        return {s.seat for s in self.info.seats if s.kind == PERSON and s.by_bot}


Row = tuple[int, int, dict[str, Any]]
"""A stored step: (seq, seat, action's wire form)."""


def dump(message: dict[str, Any]) -> str:
    """Compact JSON text (orjson: the fan-out encodes a message per seat per action)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def holds(info: TableInfo, connection: Connection) -> bool:
    """Whether the connection's token still holds its seat at the table."""
    return connection.holder is not None and info.token_hashes.get(connection.holder) == (
        connection.seat
    )
