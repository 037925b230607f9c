"""Persistence as an event log: tables, seats and every accepted action.

The ``actions`` table is the truth: a table's state is always
``bodoge.replay`` of its set-up and its actions in ``seq`` order.  The
primary key ``(table_id, seq)`` is what decides between two workers that
try to append the same step: the second insert does nothing, and that
worker reloads.  The schema is managed by Alembic (``migrations/``).
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import hmac
import json
import os
import re
import secrets
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Connection,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    bindparam,
    create_engine,
    event,
    func,
    select,
    true,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker
from sqlalchemy.pool import PoolProxiedConnection

from .clock import ClockSpec, SeatClock
from .names import clash

MIGRATIONS = Path(__file__).with_name("migrations")

WAITING, PLAYING, OVER = "waiting", "playing", "over"
CANCELLED, ABANDONED = "cancelled", "abandoned"
"""A waiting table its host called off; a game its host ended before its end (no winner)."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,24}")
"""What a table id may look like (``secrets.token_urlsafe``); anything else names no table.

Checked before a query: PostgreSQL refuses text with a NUL in it, so an id
from a path such as ``/t/%00x`` would otherwise be a database error.
"""
PERSON, BOT = "person", "bot"
NOTIFY_CHANNEL = "bodoge_actions"


def now() -> datetime:
    return datetime.now(UTC)


def new_secret() -> str:
    """An unguessable token for a seat, an invitation or a host."""
    return secrets.token_urlsafe(24)


def invite_code(host_token: str, table_id: str, seat: int, generation: int = 0) -> str:
    """A seat's invitation, derived from the host's secret.

    Only its hash is stored; the host's page derives the links again from the
    host cookie, so no secret is kept in memory or in the database.  A host
    who revokes an invitation moves the seat to its next ``generation``: the
    old link stops working and a new one is derived.
    """
    message = f"{table_id}:{seat}" if generation == 0 else f"{table_id}:{seat}:{generation}"
    mac = hmac.new(host_token.encode(), message.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode()


PLAYERS, LINK = "players", "link"
"""Who may watch a private table: its players and host only, or also anyone with its watch
link (:func:`watch_key`).  Open tables are public whatever the setting."""


def watch_key(host_token: str) -> str:
    """A private table's watch key, derived from the host's secret (only its hash is stored).

    It does not name the table, so a rematch (same host secret) keeps the same key; the
    host's page derives the link again from the host cookie.
    """
    mac = hmac.new(host_token.encode(), b"watch", hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode()


MOST_WATCH_LINKS = 100
"""The most watch links one table may have in turn (each withdrawn for the next)."""


def next_watch_key(host_token: str, key: str) -> str:
    """The watch key that replaces ``key`` when the host withdraws the link: derived from the
    host's secret and the key it replaces, so only the new key's hash is stored, as before."""
    mac = hmac.new(host_token.encode(), b"watch:" + key.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode()


def current_watch_key(host_token: str, watch_hash: str | None) -> str | None:
    """The table's watch key now, found from the host's secret along the keys it has had
    (:func:`watch_key`, then :func:`next_watch_key` once per withdrawal); None: none is."""
    key = watch_key(host_token)
    for _ in range(MOST_WATCH_LINKS):
        if watch_hash is not None and hmac.compare_digest(digest(key), watch_hash):
            return key
        key = next_watch_key(host_token, key)
    return None


MAX_INVITE = 200
"""No invitation is longer (they are 32 characters); a longer one is refused unread."""


def digest(token: str) -> str:
    """Only hashes of secrets are stored, so a leaked database leaks no seat."""
    return hashlib.sha256(token.encode()).hexdigest()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    num_players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    host_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    creator: Mapped[str | None] = mapped_column(String(64), index=True)
    """A hash of the creating client's address (the cap on waiting tables per client)."""
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The table's clock (:class:`bodoge.server.clock.ClockSpec`); ``None``: no clock."""
    grace: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Seconds a person to act may be disconnected before a bot plays the seat (``None``: never)."""
    stand_in: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """The bot spec that plays a person's seat while the person is away."""
    listed: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    """An open table: the lobby lists it and anyone may take a free seat."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """Scores and winners, once over (the lobby shows them without replaying the game)."""
    rematch_of: Mapped[str | None] = mapped_column(String(24), nullable=True)
    next_table: Mapped[str | None] = mapped_column(String(24), nullable=True)
    watch: Mapped[str] = mapped_column(String(16), default=PLAYERS, server_default=PLAYERS)
    """Who may watch a private table: ``players`` (and the host) or anyone with the ``link``."""
    watch_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the watch key of a ``link`` table (``None`` otherwise)."""


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    bot: Mapped[str | None] = mapped_column(String(200))
    name: Mapped[str | None] = mapped_column(String(40))
    invite_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), index=True)
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    """A person's seat that a bot plays for now (timed out, away, or handed over by the host)."""
    muted: Mapped[bool] = mapped_column(Boolean, default=False)
    clock_since: Mapped[float | None] = mapped_column(Float, nullable=True)
    clock_left: Mapped[float | None] = mapped_column(Float, nullable=True)
    invite_gen: Mapped[int] = mapped_column(Integer, default=0)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    proxy: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    """True: a bot made this move for the seat's person."""


class ChatRow(Base):
    __tablename__ = "chat_messages"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Who wrote it, as the table named them then: a seat may change hands after."""
    text: Mapped[str] = mapped_column(String(500))
    version: Mapped[int] = mapped_column(Integer)
    """The game's version when it was written: a replay shows it at that step."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


TABLES = Base.metadata.tables[TableRow.__tablename__]
SEATS = Base.metadata.tables[SeatRow.__tablename__]
ACTIONS = Base.metadata.tables[ActionRow.__tablename__]
CHAT = Base.metadata.tables[ChatRow.__tablename__]

# The statements of the busy paths (setting a table up, joining it, loading
# it) are built once: building a SQLAlchemy expression costs more than
# running it on SQLite.  (Bound names differ from column names: SQLAlchemy
# keeps those for the values an UPDATE sets.)
_TABLE = select(TABLES).where(TABLES.c.id == bindparam("tid"))
_TABLE_SEATS = select(SEATS).where(SEATS.c.table_id == bindparam("tid")).order_by(SEATS.c.seat)
_LOCK_TABLE = select(TABLES.c.id).where(TABLES.c.id == bindparam("tid")).with_for_update()
_CLAIM = (
    update(SEATS)
    .where(
        SEATS.c.table_id == bindparam("tid"),
        SEATS.c.invite_hash == bindparam("invite"),
        SEATS.c.token_hash.is_(None),
        select(TABLES.c.id)
        .where(TABLES.c.id == bindparam("tid"), TABLES.c.status == WAITING)
        .exists(),
    )
    .values(name=bindparam("new_name"), token_hash=bindparam("new_token"), invite_hash=None)
    .returning(SEATS.c.seat)
)
_START_WHEN_FULL = (
    update(TABLES)
    .where(
        TABLES.c.id == bindparam("tid"),
        TABLES.c.status == WAITING,
        ~select(SEATS.c.seat)
        .where(
            SEATS.c.table_id == bindparam("tid"),
            SEATS.c.kind == PERSON,
            SEATS.c.token_hash.is_(None),
        )
        .exists(),
    )
    .values(status=PLAYING)
)
_ACTIONS_AFTER = (
    select(ACTIONS.c.seq, ACTIONS.c.seat, ACTIONS.c.action)
    .where(ACTIONS.c.table_id == bindparam("tid"), ACTIONS.c.seq > bindparam("after"))
    .order_by(ACTIONS.c.seq)
)


# ------------------------------------------------------------------ plain data


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    kind: str
    bot: str | None
    name: str | None
    filled: bool
    by_bot: bool = False
    """A person's seat played by a bot for now."""
    muted: bool = False
    clock: SeatClock | None = None
    invite_gen: int = 0


@dataclass(frozen=True)
class TableInfo:
    id: str
    game: str
    options: dict[str, Any]
    num_players: int
    seed: int
    status: str
    created_at: datetime
    seats: tuple[SeatInfo, ...]
    clock: ClockSpec | None = None
    grace: float | None = None
    stand_in: str | None = None
    listed: bool = False
    result: dict[str, Any] | None = None
    next_table: str | None = None
    rematch_of: str | None = None
    watch: str = PLAYERS
    host_hash: str = field(default="", repr=False, compare=False)
    watch_hash: str | None = field(default=None, repr=False, compare=False)
    token_hashes: Mapping[str, int] = field(default_factory=dict, repr=False, compare=False)
    """Seat of each filled person seat, by the hash of its token (never sent anywhere).

    A seat keeps its token for ever, so a worker that has read the table can
    recognise a seat's connection without a trip to the database.
    """

    def seat_for(self, token: str | None) -> int | None:
        """The seat that ``token`` holds, as far as this reading of the table knows."""
        return self.token_hashes.get(digest(token)) if token else None


@dataclass(frozen=True)
class NewSeat:
    kind: str
    bot: str | None = None


@dataclass(frozen=True)
class Created:
    """A new table and the secrets that only its creator receives."""

    table: TableInfo
    host_token: str
    invites: dict[int, str]


@dataclass(frozen=True)
class Append:
    """One action to store: step ``seq`` of ``table_id``."""

    table_id: str
    seq: int
    seat: int
    action: dict[str, Any]
    over: bool
    proxy: bool = False
    """A bot made it for the seat's person."""
    clocks: tuple[tuple[int, SeatClock], ...] = ()
    """Seat clocks this action changed, stored with it."""
    result: dict[str, Any] | None = None
    """Scores and winners when the action ends the game."""


@dataclass(frozen=True)
class ChatLine:
    n: int
    seat: int
    text: str
    version: int
    at: float
    name: str | None = None
    """The writer's name when they wrote it (``None`` on lines stored before names were)."""


# ----------------------------------------------------------------------- store


def migrate(url: str) -> None:
    """Bring the database schema up to date (Alembic ``upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    command.upgrade(config, "head")


def make_engine(url: str) -> Engine:
    """An engine with the settings bodoge relies on for each database."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            # The wait comes first: switching to WAL takes a lock that another
            # process opening the same file may hold for a moment.
            cursor.execute("PRAGMA busy_timeout=5000")
            if cursor.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
            # FULL: each commit (each group-commit batch) is fsynced to the WAL
            # before it returns, so a stored action survives a power cut too.
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    else:
        engine = create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
    return engine


class LateConnections:
    """Closes the connections that work still running after the store closed gives back.

    A bot standing in or a clock running out may still be in a thread when
    the server stops.  Its connection goes back to the pool that
    ``engine.dispose()`` replaced, or it comes from the fresh pool that
    nobody disposes again: either way nothing would close it.  Such a
    connection is invalidated when given back (closed, and replaced by a new
    one should the pool be asked again, as after :meth:`Store.open`).
    """

    def __init__(self, engine: Engine) -> None:
        self.closed = False

        @event.listens_for(engine, "checkout")
        def _checkout(_connection: Any, record: Any, _proxy: Any) -> None:
            record.info["bodoge_pool"] = engine.pool

        @event.listens_for(engine, "checkin")
        def _checkin(connection: Any, record: Any) -> None:
            late = self.closed or record.info.get("bodoge_pool") is not engine.pool
            if connection is not None and late:
                record.invalidate()


def normalise_url(url: str) -> str:
    """``postgresql://`` (or ``postgres://``) URLs use psycopg 3; others pass through.

    >>> normalise_url("postgres://u@h/db")
    'postgresql+psycopg://u@h/db'
    """
    for scheme in ("postgresql://", "postgres://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url.removeprefix(scheme)
    return url


class Store:
    """All database work, synchronous (the web layer runs it in threads)."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.engine = make_engine(self.url)
        self._late = LateConnections(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self.is_sqlite_file = sqlite_file(self.engine) is not None
        """Other processes may share the database through its file (and need telling of changes)."""
        self.writing = WriterTurns.of(self.engine)
        self._actions_writer = ActionsWriter(self.engine, self.writing)

    def migrate(self) -> None:
        migrate(self.url)

    # -------------------------------------------------------------- tables

    def create_table(
        self,
        game: str,
        options: dict[str, Any],
        num_players: int,
        seed: int,
        seats: Sequence[NewSeat],
        creator: str | None = None,
        clock: ClockSpec | None = None,
        grace: float | None = None,
        stand_in: str | None = None,
        listed: bool = False,
        watch: str = PLAYERS,
    ) -> Created:
        """Store a new table; ``creator`` names the client (it is stored hashed).

        ``clock``, ``grace`` and ``stand_in`` say when and by which bot a
        person's seat is played while its person is away; ``listed`` makes
        it an open table; ``watch`` says who may watch it while private.
        """
        table_id = secrets.token_urlsafe(8)
        host = new_secret()
        invites: dict[int, str] = {}
        status = PLAYING if all(s.kind == BOT for s in seats) else WAITING
        seat_rows = []
        for number, spec in enumerate(seats):
            invite = invite_code(host, table_id, number) if spec.kind == PERSON else None
            if invite is not None:
                invites[number] = invite
            seat_rows.append(
                {
                    "table_id": table_id,
                    "seat": number,
                    "kind": spec.kind,
                    "bot": spec.bot,
                    "name": None,
                    "invite_hash": digest(invite) if invite else None,
                    "token_hash": None,
                    "by_bot": False,
                    "muted": False,
                    "invite_gen": 0,
                    **_no_clock(clock),
                }
            )
        with self.writing, self.engine.begin() as connection:
            connection.execute(
                TABLES.insert().values(
                    id=table_id,
                    game=game,
                    options=options,
                    num_players=num_players,
                    seed=seed,
                    status=status,
                    host_hash=digest(host),
                    created_at=now(),
                    creator=None if creator is None else digest(creator),
                    clock=None if clock is None else clock.to_json(),
                    grace=grace,
                    stand_in=stand_in,
                    listed=listed,
                    watch=watch,
                    watch_hash=digest(watch_key(host)) if watch == LINK else None,
                )
            )
            connection.execute(SEATS.insert(), seat_rows)
            table = _read_table(connection, table_id)
        assert table is not None
        return Created(table, host, invites)

    def table(self, table_id: str) -> TableInfo | None:
        if not TABLE_ID.fullmatch(table_id):
            return None
        with self.engine.connect() as connection:
            return _read_table(connection, table_id)

    def tables(self, statuses: Iterable[str], limit: int = 50) -> list[TableInfo]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(TABLES)
                .where(TABLES.c.status.in_(list(statuses)))
                .order_by(TABLES.c.created_at.desc())
                .limit(limit)
            ).all()
            seats = connection.execute(
                select(SEATS)
                .where(SEATS.c.table_id.in_([r.id for r in rows]))
                .order_by(SEATS.c.seat)
            ).all()
        by_table: dict[str, list[Any]] = {}
        for seat in seats:
            by_table.setdefault(seat.table_id, []).append(seat)
        return [_table_info(row, by_table.get(row.id, [])) for row in rows]

    def waiting_count(self, creator: str) -> int:
        """How many tables that ``creator`` made are waiting for players."""
        with self.engine.connect() as connection:
            count = connection.execute(
                select(func.count())
                .select_from(TABLES)
                .where(TABLES.c.creator == digest(creator), TABLES.c.status == WAITING)
            ).scalar()
        return int(count or 0)

    def expire_waiting(self, before: float) -> list[str]:
        """Remove the tables still waiting for players that were made before ``before``.

        ``before`` is a POSIX time.  Returns their ids.  A waiting table has
        no actions; its seats go with it.  Writers take turns (SQLite) or the
        rows are locked (PostgreSQL), so a table whose last seat is being
        filled meanwhile either starts first and stays, or is removed first
        and the join finds no table.
        """
        cutoff = datetime.fromtimestamp(before, UTC)
        old = select(TABLES.c.id).where(TABLES.c.status == WAITING, TABLES.c.created_at < cutoff)
        with self.writing, self.engine.begin() as connection:
            if self.is_postgres:  # a join under way holds the row: wait for it, then see
                old = old.with_for_update()
            gone = list(connection.execute(old).scalars())
            if gone:
                connection.execute(SEATS.delete().where(SEATS.c.table_id.in_(gone)))
                connection.execute(TABLES.delete().where(TABLES.c.id.in_(gone)))
        return gone

    def notify(self, payload: str) -> None:
        """Send an announcement to the other workers (PostgreSQL's NOTIFY; else nothing)."""
        if not self.is_postgres:
            return
        with self.engine.begin() as connection:
            connection.execute(select(func.pg_notify(NOTIFY_CHANNEL, payload)))

    def is_host(self, table_id: str, host_token: str | None) -> bool:
        if not host_token or not TABLE_ID.fullmatch(table_id):
            return False
        with self.engine.connect() as connection:
            stored = connection.execute(
                select(TABLES.c.host_hash).where(TABLES.c.id == table_id)
            ).scalar()
        return stored is not None and secrets.compare_digest(stored, digest(host_token))

    # --------------------------------------------------------------- seats

    def claim_seat(self, table_id: str, invite: str, name: str) -> tuple[int, str] | None:
        """Fill the open seat of that invitation; returns (seat, token) or None."""
        return self.join(table_id, invite, name)[0]

    def join(
        self, table_id: str, invite: str, name: str
    ) -> tuple[tuple[int, str] | None, TableInfo | None]:
        """Claim the seat of an invitation: ((seat, token) or None, the table after it).

        The table is ``None`` when there is no such table.  Safe under
        concurrency on its own: the seat is taken by one conditional
        ``UPDATE``, so of two claims of one invitation exactly one succeeds;
        on PostgreSQL the table row is locked first, so that of two seats
        filled at once, the second always sees the first and starts the game.
        """
        if not TABLE_ID.fullmatch(table_id):
            return None, None
        token = new_secret()
        with self.writing, self.engine.begin() as connection:
            if self.is_postgres:
                connection.execute(_LOCK_TABLE, {"tid": table_id})
            _distinct_name(connection, table_id, name)
            seat = connection.execute(
                _CLAIM,
                {
                    "tid": table_id,
                    "invite": digest(invite),
                    "new_name": name,
                    "new_token": digest(token),
                },
            ).scalar()
            if seat is not None:
                connection.execute(_START_WHEN_FULL, {"tid": table_id})
                if self.is_postgres:
                    connection.execute(select(func.pg_notify(NOTIFY_CHANNEL, f"{table_id}:seats")))
            table = _read_table(connection, table_id)
        return (None if seat is None else (int(seat), token)), table

    def invite_open(self, table_id: str, invite: str) -> bool:
        """Whether ``invite`` still opens a free seat at that table (read only).

        The join form asks before anyone types a name; the claim itself stays
        the one conditional ``UPDATE`` of :meth:`join`.
        """
        if not invite or len(invite) > MAX_INVITE:
            return False
        with self.engine.connect() as connection:
            seat = connection.execute(
                select(SEATS.c.seat).where(
                    SEATS.c.table_id == table_id,
                    SEATS.c.invite_hash == digest(invite),
                    SEATS.c.token_hash.is_(None),
                )
            ).scalar()
        return seat is not None

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat that ``token`` holds at that table, if any."""
        if not token or not TABLE_ID.fullmatch(table_id):
            return None
        with self.engine.connect() as connection:
            seat = connection.execute(
                select(SEATS.c.seat).where(
                    SEATS.c.table_id == table_id, SEATS.c.token_hash == digest(token)
                )
            ).scalar()
        return None if seat is None else int(seat)

    # ------------------------------------------------------- the host, the seats

    def _change(self, table_id: str, *statements: Any, start: bool = False) -> TableInfo | None:
        """Run ``statements`` in one write transaction (then start the table if it is
        ``start`` and full); the table after them."""
        with self.writing, self.engine.begin() as connection:
            if self.is_postgres:
                connection.execute(_LOCK_TABLE, {"tid": table_id})
            for statement in statements:
                connection.execute(statement)
            if start:
                connection.execute(_START_WHEN_FULL, {"tid": table_id})
            return _read_table(connection, table_id)

    def _seat_row(self, connection: Connection, table_id: str, seat: int) -> Any:
        """The table's row and the seat's row, read inside a write transaction (PostgreSQL:
        the table row locked first, so that no join or revoke runs in between)."""
        if self.is_postgres:
            connection.execute(_LOCK_TABLE, {"tid": table_id})
        table = connection.execute(_TABLE, {"tid": table_id}).first()
        entry = connection.execute(
            select(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
        ).first()
        return table, entry

    def set_seat(
        self, table_id: str, seat: int, kind: str, bot: str | None, host_token: str
    ) -> TableInfo | None:
        """Before the start: make an open seat a bot's, or a bot's seat a person's (invited).

        A seat that becomes a person's gets a new invitation (the next
        generation of the seat's code); turning the last open seat into a
        bot starts the game.  One transaction: the generation is read where
        it is written.
        """
        seats = SEATS.c
        with self.writing, self.engine.begin() as connection:
            table, entry = self._seat_row(connection, table_id, seat)
            if table is None:
                return None
            if table.status == WAITING and entry is not None and entry.token_hash is None:
                values: dict[str, Any]
                if kind == BOT:
                    values = {"kind": BOT, "bot": bot, "invite_hash": None, "name": None}
                else:
                    gen = (entry.invite_gen or 0) + 1
                    invite = invite_code(host_token, table_id, seat, gen)
                    values = {
                        "kind": PERSON,
                        "bot": None,
                        "invite_hash": digest(invite),
                        "invite_gen": gen,
                    }
                connection.execute(
                    update(SEATS)
                    .where(seats.table_id == table_id, seats.seat == seat)
                    .values(**values)
                )
                connection.execute(_START_WHEN_FULL, {"tid": table_id})
            return _read_table(connection, table_id)

    def revoke_invite(
        self, table_id: str, seat: int, host_token: str
    ) -> tuple[bool, TableInfo | None]:
        """Before the start: a person seat's invitation (and whoever took it) is withdrawn.

        The seat gets the next generation of its invitation: the old link no
        longer opens it, the host's page shows the new one.  Returns whether
        it was revoked (False: the table had started, or the seat is a
        bot's) and the table as stored after it.  One transaction, so a
        revoke racing the last join either comes first (the join then finds
        the old invitation gone, or fills another seat and the table waits
        for this one) or comes second and is refused; never half of each.
        The person's mute goes with them: mutes belong to people, not seats.
        """
        with self.writing, self.engine.begin() as connection:
            table, entry = self._seat_row(connection, table_id, seat)
            if table is None:
                return False, None
            if table.status != WAITING or entry is None or entry.kind != PERSON:
                return False, _read_table(connection, table_id)
            gen = (entry.invite_gen or 0) + 1
            connection.execute(
                update(SEATS)
                .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
                .values(
                    invite_hash=digest(invite_code(host_token, table_id, seat, gen)),
                    invite_gen=gen,
                    token_hash=None,
                    name=None,
                    muted=False,
                )
            )
            return True, _read_table(connection, table_id)

    def set_status(self, table_id: str, was: str, status: str) -> TableInfo | None:
        """Move a table from status ``was`` to ``status`` (cancel, end); else nothing changes."""
        change = (
            update(TABLES)
            .where(TABLES.c.id == table_id, TABLES.c.status == was)
            .values(status=status)
        )
        return self._change(table_id, change)

    def set_listed(self, table_id: str, listed: bool) -> TableInfo | None:
        return self._change(
            table_id, update(TABLES).where(TABLES.c.id == table_id).values(listed=listed)
        )

    def set_watch_hash(self, table_id: str, watch_hash: str) -> TableInfo | None:
        """A new watch key's hash: the old link admits nobody from now on."""
        change = update(TABLES).where(TABLES.c.id == table_id).values(watch_hash=watch_hash)
        return self._change(table_id, change)

    def set_muted(self, table_id: str, seat: int, muted: bool) -> TableInfo | None:
        change = (
            update(SEATS)
            .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
            .values(muted=muted)
        )
        return self._change(table_id, change)

    def set_by_bot(
        self, table_id: str, seat: int, by_bot: bool, clock: SeatClock | None = None
    ) -> TableInfo | None:
        """A bot plays the person's seat (``by_bot``), or its person again (with ``clock``)."""
        values: dict[str, Any] = {"by_bot": by_bot}
        if clock is not None:
            values.update(clock_since=clock.since, clock_left=clock.left)
        change = (
            update(SEATS)
            .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat, SEATS.c.kind == PERSON)
            .values(**values)
        )
        return self._change(table_id, change)

    def save_clocks(self, table_id: str, clocks: Mapping[int, SeatClock]) -> None:
        """Store seat clocks set outside an action (a game starting)."""
        if not clocks:
            return
        with self.writing, self.engine.begin() as connection:
            for seat, clock in clocks.items():
                connection.execute(
                    update(SEATS)
                    .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
                    .values(clock_since=clock.since, clock_left=clock.left)
                )

    def join_open(
        self, table_id: str, name: str
    ) -> tuple[tuple[int, str] | None, TableInfo | None]:
        """Take the first free person seat of an open (listed) waiting table, as :meth:`join`."""
        if not TABLE_ID.fullmatch(table_id):
            return None, None
        token = new_secret()
        first_free = (
            select(func.min(SEATS.c.seat))
            .where(
                SEATS.c.table_id == table_id,
                SEATS.c.kind == PERSON,
                SEATS.c.token_hash.is_(None),
            )
            .scalar_subquery()
        )
        claim = (
            update(SEATS)
            .where(
                SEATS.c.table_id == table_id,
                SEATS.c.seat == first_free,
                SEATS.c.token_hash.is_(None),
                select(TABLES.c.id)
                .where(
                    TABLES.c.id == table_id, TABLES.c.status == WAITING, TABLES.c.listed == true()
                )
                .exists(),
            )
            .values(name=name, token_hash=digest(token), invite_hash=None)
            .returning(SEATS.c.seat)
        )
        with self.writing, self.engine.begin() as connection:
            if self.is_postgres:
                connection.execute(_LOCK_TABLE, {"tid": table_id})
            _distinct_name(connection, table_id, name)
            seat = connection.execute(claim).scalar()
            if seat is not None:
                connection.execute(_START_WHEN_FULL, {"tid": table_id})
                if self.is_postgres:
                    connection.execute(select(func.pg_notify(NOTIFY_CHANNEL, f"{table_id}:seats")))
            table = _read_table(connection, table_id)
        return (None if seat is None else (int(seat), token)), table

    def rematch(self, table_id: str, seed: int) -> str | None:
        """The table after a finished one: same game, options, clock and people, seats turned.

        Seat ``i`` of the new table is seat ``i + 1`` of the old one, so the
        start player moves on; a person keeps their seat token (the same
        link leads on) and their mute, a bot stays a bot.  Made once: a second call gives
        the same table.  ``None`` when the table is not over.
        """
        with self.writing, self.engine.begin() as connection:
            if self.is_postgres:
                connection.execute(_LOCK_TABLE, {"tid": table_id})
            row = connection.execute(_TABLE, {"tid": table_id}).first()
            if row is None or row.status != OVER:
                return None
            if row.next_table:
                return str(row.next_table)
            old = connection.execute(_TABLE_SEATS, {"tid": table_id}).all()
            new_id = secrets.token_urlsafe(8)
            clock = ClockSpec.parse(row.clock) if row.clock else None
            count = len(old)
            connection.execute(
                TABLES.insert().values(
                    id=new_id,
                    game=row.game,
                    options=row.options,
                    num_players=row.num_players,
                    seed=seed,
                    status=PLAYING,
                    host_hash=row.host_hash,
                    created_at=now(),
                    creator=row.creator,
                    clock=row.clock,
                    grace=row.grace,
                    stand_in=row.stand_in,
                    listed=False,
                    watch=row.watch,
                    watch_hash=row.watch_hash,
                    rematch_of=table_id,
                )
            )
            connection.execute(
                SEATS.insert(),
                [
                    {
                        "table_id": new_id,
                        "seat": number,
                        "kind": was.kind,
                        "bot": was.bot,
                        "name": was.name,
                        "invite_hash": None,
                        "token_hash": was.token_hash,
                        "by_bot": False,
                        "muted": bool(was.muted),  # a mute belongs to the person
                        "invite_gen": 0,
                        **_no_clock(clock),
                    }
                    for number, was in enumerate([*old[1:], *old[:1]])
                ][:count],
            )
            connection.execute(
                update(TABLES).where(TABLES.c.id == table_id).values(next_table=new_id)
            )
        return new_id

    # ---------------------------------------------------------------- chat

    def add_chat(
        self, table_id: str, seat: int, text: str, version: int, name: str | None = None
    ) -> ChatLine:
        """Store a chat line (numbered in order per table) with its writer's name now."""
        stamp = now()
        with self.writing, self.engine.begin() as connection:
            if self.is_postgres:
                connection.execute(_LOCK_TABLE, {"tid": table_id})
            last = connection.execute(
                select(func.max(CHAT.c.n)).where(CHAT.c.table_id == table_id)
            ).scalar()
            n = 0 if last is None else int(last) + 1
            connection.execute(
                CHAT.insert().values(
                    table_id=table_id,
                    n=n,
                    seat=seat,
                    name=name,
                    text=text,
                    version=version,
                    created_at=stamp,
                )
            )
        return ChatLine(n, seat, text, version, stamp.timestamp(), name)

    def chat(self, table_id: str) -> list[ChatLine]:
        if not TABLE_ID.fullmatch(table_id):
            return []
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(CHAT).where(CHAT.c.table_id == table_id).order_by(CHAT.c.n)
            ).all()
        return [
            ChatLine(r.n, r.seat, r.text, r.version, _aware(r.created_at).timestamp(), r.name)
            for r in rows
        ]

    def proxies(self, table_id: str) -> list[int]:
        """The steps a bot made for a person at that table."""
        with self.engine.connect() as connection:
            return list(
                connection.execute(
                    select(ACTIONS.c.seq)
                    .where(ACTIONS.c.table_id == table_id, ACTIONS.c.proxy == true())
                    .order_by(ACTIONS.c.seq)
                ).scalars()
            )

    def last_moves(self, table_ids: Sequence[str]) -> dict[str, float]:
        """When each table's latest action was stored (POSIX time), for the lobby."""
        if not table_ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(ACTIONS.c.table_id, func.max(ACTIONS.c.created_at))
                .where(ACTIONS.c.table_id.in_(list(table_ids)))
                .group_by(ACTIONS.c.table_id)
            ).all()
        return {tid: _aware(at).timestamp() for tid, at in rows if at is not None}

    # ------------------------------------------------------------- actions

    def actions(self, table_id: str, after: int = -1) -> list[tuple[int, int, dict[str, Any]]]:
        """(seq, seat, action) of the table's actions after step ``after``, in order."""
        if not TABLE_ID.fullmatch(table_id):
            return []
        with self.engine.connect() as connection:
            rows = connection.execute(_ACTIONS_AFTER, {"tid": table_id, "after": after})
            return [(seq, seat, action) for seq, seat, action in rows]

    def append(self, batch: Sequence[Append]) -> list[bool]:
        """Store a batch of actions in one transaction (group commit).

        Returns, per item, whether it was stored; an item whose step another
        worker stored first is skipped, not an error.  One multi-row
        ``INSERT ... ON CONFLICT DO NOTHING RETURNING`` carries the whole
        batch; on PostgreSQL one ``pg_notify`` per stored action is sent in
        the same transaction, so it is delivered exactly when (and only if)
        the actions are committed.
        """
        if not batch:
            return []
        return self._actions_writer.append(batch)

    def open(self) -> None:
        """Use the store again after :meth:`close` (a server started again in one process)."""
        self._late.closed = False

    def close(self) -> None:
        """Close every connection (the server is stopping), and any that late work opens."""
        self._late.closed = True
        self._actions_writer.close()
        self.engine.dispose()
        self.writing.close()


def sqlite_file(engine: Engine) -> str | None:
    """The file of an SQLite database; None for PostgreSQL or an in-memory database."""
    path = engine.url.database
    in_memory = not path or path == ":memory:" or "mode=memory" in str(engine.url)
    return None if engine.dialect.name != "sqlite" or in_memory else path


class WriterTurns:
    """The writers of one SQLite file take turns, queued by a lock file beside it.

    SQLite lets one writer in at a time; one that finds the file locked
    sleeps (1, 2, 5, ... ms) and looks again.  Two worker processes whose
    group commits follow each other back to back keep missing each other's
    free moments, and a batch could wait hundreds of milliseconds
    (bench/load.py, two workers, 200 tables: p99 about 370 ms without this,
    220 with it).  ``flock`` queues the waiting processes in the kernel and
    wakes the next one the moment the lock is released.  An ``flock``
    belongs to an open file, not a thread, so a thread lock in front queues
    the writers of one process.  Every write transaction of the store takes
    its turn here; reads never do (WAL lets them run beside a writer).

    PostgreSQL queues writers itself, and an in-memory SQLite database has
    one process: for them only the thread lock remains.
    """

    def __init__(self, lock_file: str | None) -> None:
        self.threads = threading.Lock()
        self.fd = -1 if lock_file is None else os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o600)

    @classmethod
    def of(cls, engine: Engine) -> WriterTurns:
        """Turns for the engine's database (an SQLite file: lock file ``<database>-writers``)."""
        path = sqlite_file(engine)
        return cls(None if path is None else f"{path}-writers")

    def __enter__(self) -> None:
        self.threads.acquire()
        if self.fd >= 0:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX)
            except BaseException:
                self.threads.release()
                raise

    def __exit__(self, *_exc: object) -> None:
        if self.fd >= 0:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
        self.threads.release()

    def close(self) -> None:
        with self.threads:
            if self.fd >= 0:
                os.close(self.fd)
                self.fd = -1


class ActionsWriter:
    """The group commit, written out for the database's driver on a connection of its own.

    This is the hottest write of a busy server (a batch every few hundred
    microseconds), and SQLAlchemy's connection and statement machinery cost
    more than SQLite's own work.  So the writer keeps one driver connection
    and sends its few statements as text: a multi-row ``INSERT ... ON
    CONFLICT DO NOTHING RETURNING``, the status of finished tables, and on
    PostgreSQL the announcements.  Values are converted by the columns' own
    types, so rows are stored exactly as SQLAlchemy would store them.
    Batches are written one at a time (a lock), from any thread.
    """

    COLUMNS = ("table_id", "seq", "seat", "action", "created_at", "proxy")

    def __init__(self, engine: Engine, writing: WriterTurns) -> None:
        dialect = engine.dialect
        self.engine = engine
        self.writing = writing
        self.is_postgres = dialect.name == "postgresql"
        self.placeholder = "?" if dialect.paramstyle == "qmark" else "%s"
        self.to_json = ACTIONS.c.action.type.dialect_impl(dialect).bind_processor(dialect)
        self.to_time = ACTIONS.c.created_at.type.dialect_impl(dialect).bind_processor(dialect)
        self.statements: dict[int, str] = {}
        """The ``INSERT`` for each batch size seen (a few sizes recur)."""
        self.connection: PoolProxiedConnection | None = None
        self.lock = threading.Lock()

    def append(self, batch: Sequence[Append]) -> list[bool]:
        """See :meth:`Store.append`.

        A failed batch is rolled back and its connection thrown away.  When
        the connection had served before (it may have gone stale, say the
        database restarted), the batch is tried once more on a fresh one:
        rows that did get stored then come back as taken, and the hub reads
        them back like any step another worker stored.
        """
        with self.lock, self.writing:
            may_retry = self.connection is not None
            while True:
                connection = self.connection or self.engine.raw_connection()
                self.connection = connection
                try:
                    stored = self._write(connection, batch)
                    connection.commit()
                    return stored
                except Exception:
                    self.connection = None
                    with contextlib.suppress(Exception):
                        connection.invalidate()
                    if not may_retry:
                        raise
                    may_retry = False

    def close(self) -> None:
        with self.lock:
            if self.connection is not None:
                self.connection.close()
                self.connection = None

    def _write(self, connection: PoolProxiedConnection, batch: Sequence[Append]) -> list[bool]:
        cursor = connection.cursor()
        try:
            cursor.execute(self._insert(len(batch)), self._values(batch))
            stored_keys = {(table_id, seq) for table_id, seq in cursor.fetchall()}
            stored = []
            for item in batch:  # of two items for one step, the first was inserted
                key = (item.table_id, item.seq)
                stored.append(key in stored_keys)
                stored_keys.discard(key)
            done = [item for item, ok in zip(batch, stored, strict=True) if ok]
            over = [item.table_id for item in done if item.over and item.result is None]
            if over:
                marks = ", ".join([self.placeholder] * len(over))
                cursor.execute(
                    f"UPDATE {TABLES.name} SET status = {self.placeholder} WHERE id IN ({marks})",
                    (OVER, *over),
                )
            mark = self.placeholder
            results = [item for item in done if item.over and item.result is not None]
            if results:
                cursor.executemany(
                    f"UPDATE {TABLES.name} SET status = {mark}, result = {mark} WHERE id = {mark}",
                    [(OVER, self._json(item.result), item.table_id) for item in results],
                )
            clocks = [
                (clock.since, clock.left, item.table_id, seat)
                for item in done
                for seat, clock in item.clocks
            ]
            if clocks:
                cursor.executemany(
                    f"UPDATE {SEATS.name} SET clock_since = {mark}, clock_left = {mark}"
                    f" WHERE table_id = {mark} AND seat = {mark}",
                    clocks,
                )
            if self.is_postgres and done:
                cursor.execute(
                    "SELECT pg_notify(%s, payload) FROM unnest(%s::text[]) AS payload",
                    (NOTIFY_CHANNEL, [announcement(item) for item in done]),
                )
            return stored
        finally:
            cursor.close()

    def _json(self, value: Any) -> Any:
        return value if self.to_json is None else self.to_json(value)

    def _insert(self, rows: int) -> str:
        text = self.statements.get(rows)
        if text is None:
            row = "(" + ", ".join([self.placeholder] * len(self.COLUMNS)) + ")"
            text = self.statements[rows] = (
                f"INSERT INTO {ACTIONS.name} ({', '.join(self.COLUMNS)}) "
                f"VALUES {', '.join([row] * rows)} "
                "ON CONFLICT DO NOTHING RETURNING table_id, seq"
            )
        return text

    def _values(self, batch: Sequence[Append]) -> tuple[Any, ...]:
        stamp: Any = now()
        if self.to_time is not None:
            stamp = self.to_time(stamp)
        to_json = self.to_json
        values: list[Any] = []
        for item in batch:
            action = item.action if to_json is None else to_json(item.action)
            values += (item.table_id, item.seq, item.seat, action, stamp, item.proxy or None)
        return tuple(values)


NOTIFY_LIMIT = 7900
"""PostgreSQL refuses NOTIFY payloads of 8000 bytes or more."""


def announcement(item: Append) -> str:
    """The NOTIFY payload of a stored action: ``table_id:seq:seat:action-json``.

    Other workers apply the action from it without asking the database; an
    action too large for a payload is announced as ``table_id:seq`` only.

    >>> announcement(Append("T1", 4, 2, {"type": "stop"}, False))
    'T1:4:2:{"type":"stop"}'
    """
    full = f"{item.table_id}:{item.seq}:{item.seat}:" + json.dumps(
        item.action, separators=(",", ":"), ensure_ascii=False
    )
    if len(full.encode()) < NOTIFY_LIMIT:
        return full
    return f"{item.table_id}:{item.seq}"


def _distinct_name(connection: Connection, table_id: str, name: str) -> None:
    """:class:`bodoge.server.names.BadName` (``name_taken``) when someone at the table has
    that name or one that reads the same; read in the claim's own transaction."""
    taken = connection.execute(select(SEATS.c.name).where(SEATS.c.table_id == table_id))
    clash(name, (row.name for row in taken))


def _read_table(connection: Connection, table_id: str) -> TableInfo | None:
    row = connection.execute(_TABLE, {"tid": table_id}).first()
    if row is None:
        return None
    return _table_info(row, connection.execute(_TABLE_SEATS, {"tid": table_id}).all())


def _aware(stamp: datetime) -> datetime:
    """SQLite gives stored times back without their zone; they are UTC."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


def _no_clock(clock: ClockSpec | None) -> dict[str, Any]:
    return {"clock_since": None, "clock_left": None if clock is None else clock.seconds}


def _seat_clock(seat: Any) -> SeatClock | None:
    return None if seat.clock_left is None else SeatClock(seat.clock_left, seat.clock_since)


def _table_info(row: Any, seats: Sequence[Any]) -> TableInfo:
    """Plain data from a ``game_tables`` row and its ``seats`` rows."""
    return TableInfo(
        id=row.id,
        game=row.game,
        options=dict(row.options),
        num_players=row.num_players,
        seed=row.seed,
        status=row.status,
        created_at=row.created_at,
        seats=tuple(
            SeatInfo(
                s.seat,
                s.kind,
                s.bot,
                s.name,
                s.kind == BOT or s.token_hash is not None,
                by_bot=bool(s.by_bot),
                muted=bool(s.muted),
                clock=_seat_clock(s),
                invite_gen=s.invite_gen or 0,
            )
            for s in seats
        ),
        clock=ClockSpec.parse(row.clock) if row.clock else None,
        grace=row.grace,
        stand_in=row.stand_in,
        listed=bool(row.listed),
        result=row.result,
        next_table=row.next_table,
        rematch_of=row.rematch_of,
        watch=row.watch or PLAYERS,
        host_hash=row.host_hash,
        watch_hash=row.watch_hash,
        token_hashes={s.token_hash: s.seat for s in seats if s.token_hash is not None},
    )
