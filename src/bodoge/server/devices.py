"""A browser's own tables, kept on the server under one cookie naming the browser.

A seat's or host's secret lives in a cookie of that table's path only
(``/t/{id}``): it goes with that table's pages and socket, and with nothing
else, so what a browser sends on any request stays the same size however
many tables it has joined (a cookie per table on ``/`` made every request
of a keen guest grow until the WebSocket handshake was refused).

The lobby at ``/`` lists the visitor's tables from one site-wide cookie,
``bodoge_device``: a random secret naming the browser.  The server keeps,
for the hash of that secret, each table the browser was given a seat or
the host's secret of, with the hashes of those secrets and when: the
lobby shows a table only while its seat or host secret still holds there,
most recent first, a page at a time.  A seat or host cookie of ``/`` set
before (by an older version) is moved to its table's path by the lobby.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import DateTime, String, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, mapped_column

from .db import TABLE_ID, Base, Store, digest, now

DEVICE_COOKIE = "bodoge_device"
DEVICE_AGE = 60 * 60 * 24 * 400
"""How long the browser's cookie lives (browsers cap a cookie at 400 days)."""
MAX_DEVICE = 64
"""Longest device secret taken from a cookie (the server makes 32 characters)."""


class DeviceTableRow(Base):
    __tablename__ = "device_tables"

    device: Mapped[str] = mapped_column(String(64), primary_key=True)
    """The hash of the browser's secret."""
    table_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    seat_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    """When the browser last got a secret of that table: the lobby lists newest first."""


DEVICES = Base.metadata.tables[DeviceTableRow.__tablename__]


@dataclass(frozen=True)
class Remembered:
    """A table a browser was given a secret of: the hashes of its seat token and host secret."""

    table_id: str
    seat_hash: str | None
    host_hash: str | None


def new_device() -> str:
    return secrets.token_urlsafe(24)


def device_of(value: str | None) -> str | None:
    """The hash naming the browser whose device cookie is ``value`` (``None``: no cookie)."""
    return digest(value) if value and len(value) <= MAX_DEVICE else None


def remember(
    store: Store, device: str, table_id: str, seat: str | None = None, host: str | None = None
) -> None:
    """Keep that the browser ``device`` (a hash) holds ``seat``'s token or ``host``'s secret
    of the table; a newer seat replaces an older one, a host secret stays with it."""
    values: dict[str, object] = {"device": device, "table_id": table_id, "at": now()}
    if seat is not None:
        values["seat_hash"] = digest(seat)
    if host is not None:
        values["host_hash"] = digest(host)
    dialect = postgresql if store.is_postgres else sqlite
    statement = dialect.insert(DEVICES).values(**values)
    changed = {key: statement.excluded[key] for key in values if key not in ("device", "table_id")}
    upsert = statement.on_conflict_do_update(index_elements=["device", "table_id"], set_=changed)
    with store.writing, store.engine.begin() as connection:
        connection.execute(upsert)


def remembered(store: Store, device: str, offset: int, limit: int) -> list[Remembered]:
    """The browser's tables, most recent first, from ``offset`` on, at most ``limit``."""
    query = (
        select(DEVICES.c.table_id, DEVICES.c.seat_hash, DEVICES.c.host_hash)
        .where(DEVICES.c.device == device)
        .order_by(DEVICES.c.at.desc(), DEVICES.c.table_id)
        .offset(offset)
        .limit(limit)
    )
    with store.engine.connect() as connection:
        rows = connection.execute(query).all()
    return [
        Remembered(r.table_id, r.seat_hash, r.host_hash)
        for r in rows
        if TABLE_ID.fullmatch(r.table_id)
    ]


def forget(store: Store, device: str, table_ids: list[str]) -> None:
    """Drop tables that no longer exist from the browser's list."""
    if not table_ids:
        return
    with store.writing, store.engine.begin() as connection:
        connection.execute(
            delete(DEVICES).where(DEVICES.c.device == device, DEVICES.c.table_id.in_(table_ids))
        )
