"""Who may see a table: one check for every way of seeing one.

An open (listed) table is public.  A private table is seen by whoever holds
one of its seat tokens or its host secret, and, if its host chose ``link``
at creation, by whoever holds its watch key (``?watch=KEY``, then a cookie
scoped to that table).  The table page, the WebSocket, the replay and its
steps, the record and the API's table endpoints all ask :func:`may_see`;
a refusal says ``not_allowed`` and nothing about the table.

Sight is checked on the stored table before it is loaded (:func:`seen_table`):
a refused request neither replays a table nor keeps it in memory.  An open
socket keeps the :class:`Sight` it opened with, and the hub asks
:func:`sees` again whenever the table changes (a seat revoked, the table
made private): whoever may no longer see it stops receiving it at once.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass

from starlette.requests import HTTPConnection

from .db import LINK, MAX_INVITE, Store, TableInfo, digest
from .deps import HOST_COOKIE, seat_token
from .hub import Hub
from .live import LiveTable

WATCH_COOKIE = "bodoge_watch_{table}"
WATCH_QUERY = "watch"
HOST_HEADER = "X-Bodoge-Host"
NOT_ALLOWED = "not_allowed"
NOT_ALLOWED_MESSAGE = "only this table's players, its host and those given its watch link see it"


def _matches(secret: str | None, stored: str | None) -> bool:
    return _same(_hashed(secret), stored)


def watch_key_of(connection: HTTPConnection, table_id: str) -> str | None:
    """The watch key the request carries: ``?watch=`` first, else the table's watch cookie."""
    return connection.query_params.get(WATCH_QUERY) or connection.cookies.get(
        WATCH_COOKIE.format(table=table_id)
    )


def host_secret_of(connection: HTTPConnection, table_id: str) -> str | None:
    """The host's secret: the ``X-Bodoge-Host`` header (API clients) or the host cookie."""
    return connection.headers.get(HOST_HEADER) or connection.cookies.get(
        HOST_COOKIE.format(table=table_id)
    )


def by_key(info: TableInfo, key: str | None) -> bool:
    """Whether ``key`` is the watch key of a table whose host let its link be shared."""
    return info.watch == LINK and _matches(key, info.watch_hash)


@dataclass(frozen=True)
class Sight:
    """The hashes of the secrets a request carries for one table: what lets it see it."""

    token: str | None = None
    host: str | None = None
    watch: str | None = None


def _hashed(secret: str | None) -> str | None:
    return digest(secret) if secret and len(secret) <= MAX_INVITE else None


def sight_of(connection: HTTPConnection, table_id: str) -> Sight:
    """What this request (or socket) holds for the table: seat token, host secret, watch key."""
    return Sight(
        token=_hashed(seat_token(connection, table_id)),
        host=_hashed(host_secret_of(connection, table_id)),
        watch=_hashed(watch_key_of(connection, table_id)),
    )


def sees(info: TableInfo, sight: Sight) -> bool:
    """Whether ``sight`` sees the table as ``info`` has it now (see the module)."""
    if info.listed:
        return True
    if _same(sight.host, info.host_hash):
        return True
    if info.watch == LINK and _same(sight.watch, info.watch_hash):
        return True
    return sight.token is not None and sight.token in info.token_hashes


def _same(hashed: str | None, stored: str | None) -> bool:
    return bool(hashed and stored) and secrets.compare_digest(hashed or "", stored or "")


async def may_see(connection: HTTPConnection, store: Store, info: TableInfo) -> bool:
    """Whether this request (or socket) may see ``info``'s table (see the module)."""
    sight = sight_of(connection, info.id)
    if sees(info, sight):
        return True
    token = seat_token(connection, info.id)
    if sight.token is None or not token:
        return False
    # perhaps seated through another worker a moment ago
    return await asyncio.to_thread(store.seat_of, info.id, token) is not None


class NotSeen(Exception):
    """The request may not see that table (nothing of it was loaded)."""


async def seen_table(connection: HTTPConnection, hub: Hub, table_id: str) -> LiveTable | None:
    """The live table if this request may see it: ``None`` when there is none,
    :class:`NotSeen` when it may not, decided on the stored table before it is loaded."""
    info = await hub.info(table_id)
    if info is None:
        return None
    if not await may_see(connection, hub.store, info):
        raise NotSeen(table_id)
    return await hub.get(table_id)
