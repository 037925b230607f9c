"""Who may see a table: one check for every way of seeing one.

An open (listed) table is public.  A private table is seen by whoever holds
one of its seat tokens or its host secret, and, if its host chose ``link``
at creation, by whoever holds its watch key (``?watch=KEY``, then a cookie
scoped to that table).  The table page, the WebSocket, the replay and its
steps, the record and the API's table endpoints all ask :func:`may_see`;
a refusal says ``not_allowed`` and nothing about the table.
"""

from __future__ import annotations

import asyncio
import secrets

from starlette.requests import HTTPConnection

from .db import LINK, MAX_INVITE, Store, TableInfo, digest
from .deps import HOST_COOKIE, seat_token

WATCH_COOKIE = "bodoge_watch_{table}"
WATCH_QUERY = "watch"
HOST_HEADER = "X-Bodoge-Host"
NOT_ALLOWED = "not_allowed"
NOT_ALLOWED_MESSAGE = "only this table's players, its host and those given its watch link see it"


def _matches(secret: str | None, stored: str | None) -> bool:
    if not secret or not stored or len(secret) > MAX_INVITE:
        return False
    return secrets.compare_digest(digest(secret), stored)


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


async def may_see(connection: HTTPConnection, store: Store, info: TableInfo) -> bool:
    """Whether this request (or socket) may see ``info``'s table (see the module)."""
    if info.listed or _matches(host_secret_of(connection, info.id), info.host_hash):
        return True
    if by_key(info, watch_key_of(connection, info.id)):
        return True
    token = seat_token(connection, info.id)
    if not token or len(token) > MAX_INVITE:
        return False
    if info.seat_for(token) is not None:
        return True
    # perhaps seated through another worker a moment ago
    return await asyncio.to_thread(store.seat_of, info.id, token) is not None
