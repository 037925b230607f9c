"""Persistence as an event log: tables, seats and every accepted action.

The ``actions`` table is the truth: a table's state is always
``bodoge.replay`` of its set-up and its actions in ``seq`` order.  The
primary key ``(table_id, seq)`` is what decides between two workers that
try to append the same step: the second insert does nothing, and that
worker reloads.  The schema is managed by Alembic (``migrations/``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    func,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).with_name("migrations")

WAITING, PLAYING, OVER = "waiting", "playing", "over"
PERSON, BOT = "person", "bot"
NOTIFY_CHANNEL = "bodoge_actions"


def now() -> datetime:
    return datetime.now(UTC)


def new_secret() -> str:
    """An unguessable token for a seat, an invitation or a host."""
    return secrets.token_urlsafe(24)


def invite_code(host_token: str, table_id: str, seat: int) -> str:
    """A seat's invitation, derived from the host's secret.

    Only its hash is stored; the host's page derives the links again from the
    host cookie, so no secret is kept in memory or in the database.
    """
    mac = hmac.new(host_token.encode(), f"{table_id}:{seat}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode()


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


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    bot: Mapped[str | None] = mapped_column(String(200))
    name: Mapped[str | None] = mapped_column(String(40))
    invite_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), index=True)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# ------------------------------------------------------------------ plain data


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    kind: str
    bot: str | None
    name: str | None
    filled: bool


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


# ----------------------------------------------------------------------- store


def migrate(url: str) -> None:
    """Bring the database schema up to date (Alembic ``upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(config, "head")


def make_engine(url: str) -> Engine:
    """An engine with the settings bodoge relies on for each database."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
            cursor.execute("PRAGMA synchronous=NORMAL")  # durable at every WAL commit
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def normalise_url(url: str) -> str:
    """``postgresql://`` URLs use psycopg 3; everything else is passed through."""
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


class Store:
    """All database work, synchronous (the web layer runs it in threads)."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        self.engine = make_engine(self.url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.is_postgres = self.engine.dialect.name == "postgresql"

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
    ) -> Created:
        table_id = secrets.token_urlsafe(8)
        host = new_secret()
        invites: dict[int, str] = {}
        status = PLAYING if all(s.kind == BOT for s in seats) else WAITING
        with self.sessions.begin() as session:
            session.add(
                TableRow(
                    id=table_id,
                    game=game,
                    options=options,
                    num_players=num_players,
                    seed=seed,
                    status=status,
                    host_hash=digest(host),
                    created_at=now(),
                )
            )
            session.flush()
            for number, spec in enumerate(seats):
                invite = invite_code(host, table_id, number) if spec.kind == PERSON else None
                if invite is not None:
                    invites[number] = invite
                session.add(
                    SeatRow(
                        table_id=table_id,
                        seat=number,
                        kind=spec.kind,
                        bot=spec.bot,
                        name=None,
                        invite_hash=digest(invite) if invite else None,
                        token_hash=None,
                    )
                )
        table = self.table(table_id)
        assert table is not None
        return Created(table, host, invites)

    def table(self, table_id: str) -> TableInfo | None:
        with self.sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            return _table_info(row, seats)

    def tables(self, statuses: Iterable[str], limit: int = 50) -> list[TableInfo]:
        with self.sessions() as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.status.in_(list(statuses)))
                .order_by(TableRow.created_at.desc())
                .limit(limit)
            ).all()
            seats = session.scalars(
                select(SeatRow)
                .where(SeatRow.table_id.in_([r.id for r in rows]))
                .order_by(SeatRow.seat)
            ).all()
            by_table: dict[str, list[SeatRow]] = {}
            for seat in seats:
                by_table.setdefault(seat.table_id, []).append(seat)
            return [_table_info(row, by_table.get(row.id, [])) for row in rows]

    def is_host(self, table_id: str, host_token: str | None) -> bool:
        if not host_token:
            return False
        with self.sessions() as session:
            row = session.get(TableRow, table_id)
            return row is not None and secrets.compare_digest(row.host_hash, digest(host_token))

    # --------------------------------------------------------------- seats

    def claim_seat(self, table_id: str, invite: str, name: str) -> tuple[int, str] | None:
        """Fill the open seat of that invitation; returns (seat, token) or None."""
        token = new_secret()
        with self.sessions.begin() as session:
            seat = session.scalars(
                select(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.invite_hash == digest(invite))
                .with_for_update()
            ).first()
            if seat is None or seat.token_hash is not None:
                return None
            seat.name = name
            seat.token_hash = digest(token)
            seat.invite_hash = None
            session.flush()
            open_seats = session.scalars(
                select(SeatRow.seat).where(
                    SeatRow.table_id == table_id,
                    SeatRow.kind == PERSON,
                    SeatRow.token_hash.is_(None),
                )
            ).all()
            if not open_seats:
                session.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.status == WAITING)
                    .values(status=PLAYING)
                )
            if self.is_postgres:
                session.execute(select(func.pg_notify(NOTIFY_CHANNEL, f"{table_id}:seats")))
            return seat.seat, token

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat that ``token`` holds at that table, if any."""
        if not token:
            return None
        with self.sessions() as session:
            return session.scalars(
                select(SeatRow.seat).where(
                    SeatRow.table_id == table_id, SeatRow.token_hash == digest(token)
                )
            ).first()

    # ------------------------------------------------------------- actions

    def actions(self, table_id: str, after: int = -1) -> list[tuple[int, int, dict[str, Any]]]:
        """(seq, seat, action) of the table's actions after step ``after``, in order."""
        with self.sessions() as session:
            rows = session.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id, ActionRow.seq > after)
                .order_by(ActionRow.seq)
            ).all()
            return [(seq, seat, action) for seq, seat, action in rows]

    def append(self, batch: Sequence[Append]) -> list[bool]:
        """Store a batch of actions in one transaction (group commit).

        Returns, per item, whether it was stored; an item whose step another
        worker stored first is skipped, not an error.
        """
        stored: list[bool] = []
        insert = postgresql.insert if self.is_postgres else sqlite.insert
        with self.sessions.begin() as session:
            for item in batch:
                result = session.execute(
                    insert(ActionRow)
                    .values(
                        table_id=item.table_id,
                        seq=item.seq,
                        seat=item.seat,
                        action=item.action,
                        created_at=now(),
                    )
                    .on_conflict_do_nothing()
                    .returning(ActionRow.seq)
                )
                ok = result.first() is not None
                stored.append(ok)
                if ok and item.over:
                    session.execute(
                        update(TableRow).where(TableRow.id == item.table_id).values(status=OVER)
                    )
            if self.is_postgres:
                # Delivered at commit, to every worker listening (see notify.py).
                for item, ok in zip(batch, stored, strict=True):
                    if ok:
                        payload = f"{item.table_id}:{item.seq}"
                        session.execute(select(func.pg_notify(NOTIFY_CHANNEL, payload)))
        return stored


def _table_info(row: TableRow, seats: Sequence[SeatRow]) -> TableInfo:
    return TableInfo(
        id=row.id,
        game=row.game,
        options=dict(row.options),
        num_players=row.num_players,
        seed=row.seed,
        status=row.status,
        created_at=row.created_at,
        seats=tuple(
            SeatInfo(s.seat, s.kind, s.bot, s.name, s.kind == BOT or s.token_hash is not None)
            for s in seats
        ),
    )
