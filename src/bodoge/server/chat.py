"""A table's chat: lines checked, limited and stored, each kept under its writer.

Only a seated player writes; a line is checked (:func:`chat_text`), held to
a rate (:data:`CHAT_BURST` lines in :data:`CHAT_WINDOW` seconds), stored,
and only then sent to every connection of the table.  :class:`Chat` is the
part of the :class:`~bodoge.server.hub.Hub` that does it.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .db import CANCELLED, ChatLine, Store
from .live import LiveTable, ProtocolError, dump
from .messages import seat_names

MAX_CHAT = 300
"""Longest chat line, in characters."""

MAX_CHAT_LINES = 1000
"""Most chat lines a table keeps."""

CHAT_BURST, CHAT_WINDOW = 5, 10.0
"""A seat may write ``CHAT_BURST`` lines in any ``CHAT_WINDOW`` seconds."""

CHAT_SENT = 200
"""How many recent chat lines a new connection is sent."""


class Chat:
    """The hub's chat (a part of :class:`~bodoge.server.hub.Hub`)."""

    if TYPE_CHECKING:
        store: Store
        clock: Callable[[], float]

        def demote_lost(self, live: LiveTable) -> None: ...

    async def say(
        self, live: LiveTable, seat: int | None, text: object, holder: str | None = None
    ) -> None:
        """A chat line from ``seat``: checked, limited, stored, then sent to every connection.

        ``holder`` (the hash of the writer's seat token) is checked again under
        the lock: a line is never stored under a seat that changed hands.
        """
        if seat is None:
            raise ProtocolError("wrong_seat", "spectators read the chat; seated players write")
        if live.info.status == CANCELLED:
            raise ProtocolError("table_cancelled", "the host cancelled this table")
        line = chat_text(text)
        entry = next(s for s in live.info.seats if s.seat == seat)
        if entry.muted:
            raise ProtocolError("muted", "the host has muted you at this table")
        if len(live.chat) >= MAX_CHAT_LINES:
            raise ProtocolError("chat_full", f"a table keeps at most {MAX_CHAT_LINES} chat lines")
        at = self.clock()
        recent = live.said.setdefault(seat, deque())
        while recent and recent[0] <= at - CHAT_WINDOW:
            recent.popleft()
        if len(recent) >= CHAT_BURST:
            raise ProtocolError(
                "too_fast", f"at most {CHAT_BURST} chat lines in {CHAT_WINDOW:g} seconds"
            )
        recent.append(at)
        async with live.lock:
            if holder is not None and live.info.token_hashes.get(holder) != seat:
                raise ProtocolError("wrong_seat", "this seat is no longer yours")
            stored = await asyncio.to_thread(
                self.store.add_chat,
                live.info.id,
                seat,
                line,
                live.state.version,
                seat_names(live, "en")[seat],
            )
            live.chat.append(stored)
            self.demote_lost(live)
            text_out = dump({"type": "chat", "lines": [chat_line(live, stored)]})
            for connection in list(live.connections):
                if not connection.push(text_out):
                    live.connections.discard(connection)


def chat_text(text: object) -> str:
    """A chat line as stored: stripped, 1 to ``MAX_CHAT`` characters, no control characters.

    Format characters (Unicode category Cf: bidirectional overrides,
    zero-width characters) are dropped, so a line cannot reverse the text
    after it or pose as another name.  It is shown as text, never as
    markup (the page sets ``textContent``, the replay's template escapes it).
    """
    if not isinstance(text, str):
        raise ProtocolError("malformed", "a chat line is text")
    visible = "".join(c for c in text if unicodedata.category(c) != "Cf")
    line = " ".join(visible.split())
    if not 1 <= len(line) <= MAX_CHAT:
        raise ProtocolError("bad_chat", f"a chat line has 1 to {MAX_CHAT} characters")
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co") for c in line):
        raise ProtocolError("bad_chat", "a chat line may not hold control characters")
    return line


def chat_line(live: LiveTable, line: ChatLine, lang: str = "en") -> dict[str, Any]:
    """A chat line as sent: who wrote it (named as when they wrote it, whoever holds the
    seat now), what, when, at which version of the game."""
    names = seat_names(live, lang)
    if line.name is not None:
        name = line.name
    else:
        name = names[line.seat] if 0 <= line.seat < len(names) else "?"
    return {
        "n": line.n,
        "seat": line.seat,
        "name": name,
        "text": line.text,
        "at": line.at,
        "version": line.version,
    }
