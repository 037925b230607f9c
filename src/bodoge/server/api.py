"""The JSON API: games, tables, joining.  Every payload has a public schema.

Errors are ``{"error": {"code": ..., "message": ...}}`` (:class:`ErrorOut`)
with a stable code:

* ``POST /api/tables``: 422 ``unknown_game``, ``invalid_options`` (bad
  options or player count), ``bad_bot_spec`` (no such bot, or bad
  parameters), ``invalid_bot`` (a bot that would think longer than the
  server allows: ``bodoge serve --max-bot-seconds``), ``seed_not_allowed``
  (a seed may be chosen only for a table of bots: whoever chooses the seed
  knows every hidden card), ``bad_request`` (the body does not fit
  :class:`NewTable`); 429 ``too_many_tables`` (this client made its
  tables-per-minute already), ``too_many_waiting`` (this client has as
  many tables waiting for players as it may);
* ``/api/tables/{id}...``: 404 ``table_not_found``;
* ``POST /api/tables/{id}/join``: 409 ``seat_taken`` (the invitation was
  used or is not valid), ``name_taken`` (someone at the table has that name,
  or one that looks the same: :mod:`bodoge.server.names`), 422 ``bad_name``
  (no visible letter, digit or symbol, too long, or invisible characters);
* ``GET /api/tables/{id}`` and ``/record``: 403 ``not_allowed`` (a private
  table seen by someone who is neither its player (``?token=``), its host
  (``X-Bodoge-Host``) nor, for a ``watch: "link"`` table, the holder of its
  watch key (``?watch=``));
* ``GET /api/tables/{id}/record``: 403 ``not_over``;
* the host's requests (``/seats/{seat}``, ``/seats/{seat}/revoke``,
  ``/seats/{seat}/mute``, ``/cancel``, ``/end``, ``/listed``; the host's
  secret in the ``X-Bodoge-Host`` header or the host cookie): 403
  ``not_host``, 404 ``seat_not_found``, 409 ``wrong_status`` (say, cancelling
  a game under way, or revoking an invitation once the game started),
  ``own_seat`` (revoking the seat the host's own request holds), 422
  ``bad_bot_spec`` / ``invalid_bot``;
* ``POST /api/tables/{id}/sit`` (a free seat of an open table): 409
  ``seat_taken`` (none is free, or the table is not open), ``name_taken``, 422
  ``bad_name``;
* ``POST /api/tables/{id}/rematch`` (a seated person's ``?token=`` or the
  host): 403 ``not_seated``, 409 ``not_over``;
* any request: 403 ``forbidden_origin`` (sent by a page of another site),
  413 ``too_large`` (a body over the limit); see :mod:`bodoge.server.guard`.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

import bodoge
from bodoge.bots import BadBotSpec, parse_bot_spec
from bodoge.engine import BodogeError, Game
from bodoge.engine.rng import SEED_BITS

from . import names
from .access import NOT_ALLOWED, NOT_ALLOWED_MESSAGE, NotSeen, may_see, seen_table
from .access import host_secret_of as host_secret
from .bot_turns import STAND_IN, BotLimits
from .clock import BadClock, ClockSpec
from .db import (
    ABANDONED,
    BOT,
    CANCELLED,
    LINK,
    OVER,
    PERSON,
    PLAYING,
    TABLE_ID,
    WAITING,
    Created,
    NewSeat,
    Store,
    TableInfo,
    current_watch_key,
    digest,
    invite_code,
    next_watch_key,
    watch_key,
)
from .deps import HubDep, StoreDep, seat_token
from .hub import Hub
from .live import LiveTable
from .render import named_record

MAX_BOT_SPEC = 200
"""Longest bot spec a seat may name, in characters."""
MAX_ERROR = 300
"""Longest error message sent, in characters."""


class ApiError(HTTPException):
    """An HTTP error with a stable code: ``{"error": {"code", "message"}}``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        if len(message) > MAX_ERROR:  # never echo a long input back
            message = message[: MAX_ERROR - 1] + "…"
        super().__init__(status, {"code": code, "message": message})
        self.code = code
        self.message = message


# ------------------------------------------------------------------ schemas


class ErrorDetail(BaseModel):
    code: str
    """Stable, for programs: ``table_not_found``, ``seat_taken``, ..."""
    message: str
    """Readable, for people."""


class ErrorOut(BaseModel):
    error: ErrorDetail


class TextOut(BaseModel):
    ja: str
    en: str


class OptionOut(BaseModel):
    name: str
    type: Literal["bool", "int", "str"]
    default: bool | int | str
    title: TextOut
    help: TextOut
    choices: list[bool | int | str] | None = None
    """The allowed values, of the option's own type (a board size is a number)."""
    minimum: int | None = None
    maximum: int | None = None
    default_text: TextOut | None = None
    """Set when the default depends on other options."""
    choice_text: dict[str, TextOut] | None = None
    """Each choice in words for people, when the game gives them."""
    only_with: dict[str, list[bool | int | str]] | None = None
    """The values other options must have for this one to apply (else it keeps its default)."""


class ProvisionalOut(BaseModel):
    name: str
    text: TextOut
    source: str


class GameOut(BaseModel):
    """A game's declared metadata (``Game.metadata()``)."""

    id: str
    title: TextOut
    blurb: TextOut
    players: tuple[int, int]
    """Allowed player counts with the default options."""
    options: list[OptionOut]
    simultaneous: bool
    hidden_information: bool
    cooperative: bool
    teams: bool
    provisional: list[ProvisionalOut]
    version: str


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["person", "bot"]
    bot: str | None = None
    """A bot spec such as ``random`` (at most ``MAX_BOT_SPEC`` characters); for bot seats."""


class ClockIn(BaseModel):
    """A table's clock: a limit per move, or a time bank with an increment per move."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["move", "bank"]
    seconds: float = Field(ge=1, le=7 * 24 * 3600)
    increment: float = Field(default=0, ge=0, le=24 * 3600)


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    seed: int | None = Field(default=None, ge=0, lt=2**SEED_BITS)
    """Only for a table of bots; otherwise a fresh secret seed is drawn."""
    clock: ClockIn | None = None
    """``None``: no clock.  A person whose time runs out has their seat played by a bot."""
    grace: float | None = Field(default=None, ge=1, le=7 * 24 * 3600)
    """Seconds a person asked to act may be disconnected before a bot plays for them."""
    stand_in: str | None = Field(default=None, max_length=MAX_BOT_SPEC)
    """The bot that plays for an absent person (default ``normal``, else random)."""
    listed: bool = False
    """An open table: listed in the lobby, anyone may take a free seat."""
    watch: Literal["players", "link"] = "players"
    """Who may watch the table while it is private (its players and host always may):
    ``players`` only, or anyone with its ``watch_link`` (given to the host only)."""


class SeatOut(BaseModel):
    seat: int
    kind: Literal["person", "bot"]
    bot: str | None
    name: str | None
    filled: bool
    by_bot: bool = False
    """A person's seat a bot plays for now."""
    clock: dict[str, float | None] | None = None
    """``{"left", "since"}``: seconds left when it started ticking ``since`` (POSIX time)."""


class TableOut(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    num_players: int
    status: Literal["waiting", "playing", "over", "cancelled", "abandoned"]
    seats: list[SeatOut]
    clock: ClockIn | None = None
    grace: float | None = None
    listed: bool = False
    watch: Literal["players", "link"] = "players"
    result: ResultOut | None = None
    next_table: str | None = None
    """The rematch, once there is one."""


class CreatedOut(BaseModel):
    table: TableOut
    host_token: str
    """The host's secret (the page keeps it in a cookie); it derives the invitations."""
    invites: dict[int, str]
    """Seat → the invite path that seat's person opens to join."""
    watch_link: str | None = None
    """A ``watch: "link"`` table's watch path (anyone who opens it may watch); else ``None``."""


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    invite: str = Field(min_length=1, max_length=100)
    name: str = Field(min_length=1, max_length=40)


class JoinOut(BaseModel):
    seat: int
    token: str
    """The seat's secret: send it as ``?token=`` (or the seat cookie); only its hash is kept."""


class ResultOut(BaseModel):
    scores: list[int | float]
    winners: list[int]
    stopped: bool | None = None
    """``true`` only for a game stopped by a safety limit (no winner); absent otherwise."""


class RecordOut(BaseModel):
    """A finished game's record: ``bodoge.replay`` of it gives the final state."""

    format: str
    game: str
    game_version: str
    options: dict[str, bool | int | str]
    num_players: int
    seed: int
    actions: list[tuple[int, dict[str, Any]]]
    """``[seat, action]`` pairs in order."""
    result: ResultOut | None = None
    """Absent for a game its host ended (``meta.abandoned``): it has no winner."""
    players: list[str] | None = None
    """The seats' display names (people's chosen names, bots' names), for replays."""
    meta: dict[str, Any] | None = None
    """``bot_moves``: the steps a bot made for an absent person; ``bots``: the seats bots
    played; ``abandoned``: the host ended the game before its end."""


TableOut.model_rebuild()


# ---------------------------------------------------------------- helpers


def table_out(info: TableInfo) -> TableOut:
    return TableOut.model_validate(
        {
            "id": info.id,
            "game": info.game,
            "options": info.options,
            "num_players": info.num_players,
            "status": info.status,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "filled": s.filled,
                    "by_bot": s.by_bot,
                    "clock": None
                    if s.clock is None or info.clock is None
                    else {"left": s.clock.left, "since": s.clock.since},
                }
                for s in info.seats
            ],
            "clock": None if info.clock is None else info.clock.to_json(),
            "grace": info.grace,
            "listed": info.listed,
            "watch": info.watch,
            "result": info.result,
            "next_table": info.next_table,
        }
    )


def invite_path(table_id: str, invite: str) -> str:
    return f"/t/{table_id}/join/{invite}"


def watch_path(table_id: str, key: str) -> str:
    return f"/t/{table_id}?watch={key}"


class TableQuota:
    """How many tables one client may make: per minute, and waiting for players at once.

    A client is its address as uvicorn sees it (behind a reverse proxy that
    uvicorn trusts, the one the proxy forwards).  The per-minute count is
    kept by each worker process in memory; the waiting tables are counted in
    the database, so that cap holds across workers and restarts.
    """

    WINDOW = 60.0
    CLIENTS = 10_000
    """Clients remembered before those quiet for a minute are forgotten."""

    def __init__(self, per_minute: int = 0, waiting: int = 0) -> None:
        self.per_minute = per_minute
        self.waiting = waiting
        self.recent: dict[str, deque[float]] = {}

    def admit(self, client: str) -> None:
        """Count one table for ``client``, or 429 ``too_many_tables``."""
        if self.per_minute <= 0:
            return
        clock = time.monotonic()
        if len(self.recent) >= self.CLIENTS:
            self.recent = {
                c: d for c, d in self.recent.items() if d and d[-1] > clock - self.WINDOW
            }
        stamps = self.recent.setdefault(client, deque())
        while stamps and stamps[0] <= clock - self.WINDOW:
            stamps.popleft()
        if len(stamps) >= self.per_minute:
            raise ApiError(
                429,
                "too_many_tables",
                f"at most {self.per_minute} new tables a minute; please wait a little",
            )
        stamps.append(clock)


def client_of(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client else "unknown"


async def new_table(connection: HTTPConnection, store: Store, hub: Hub, body: NewTable) -> Created:
    """Create a table for the client of ``connection``, within its quota."""
    quota: TableQuota = connection.app.state.quota
    client = client_of(connection)
    quota.admit(client)
    return await asyncio.to_thread(create_table, store, body, hub.limits, client, quota.waiting)


def create_table(
    store: Store,
    request: NewTable,
    limits: BotLimits | None = None,
    creator: str | None = None,
    max_waiting: int = 0,
) -> Created:
    """Validate a table request against the game's declared metadata, then store it.

    Bots are checked against ``limits``; a table that will wait for people
    is refused once ``creator`` has ``max_waiting`` such tables (0: no cap).
    """
    try:
        game: Game = bodoge.get_game(request.game)
        options = game.resolve_options(request.options)
        count = game.check_players(len(request.seats), options)
    except BodogeError as error:
        raise ApiError(422, error.code, str(error)) from None
    seats = []
    for seat in request.seats:
        if seat.kind == BOT:
            if len(seat.bot or "") > MAX_BOT_SPEC:
                raise ApiError(
                    422, "bad_bot_spec", f"a bot spec has at most {MAX_BOT_SPEC} characters"
                )
            try:
                parsed = parse_bot_spec(seat.bot or "random")
                (limits or BotLimits()).check(parsed)
            except BadBotSpec as error:
                raise ApiError(422, error.code, str(error)) from None
            seats.append(NewSeat(BOT, str(parsed)))
        else:
            seats.append(NewSeat(PERSON))
    if request.seed is not None and any(seat.kind == PERSON for seat in seats):
        raise ApiError(
            422,
            "seed_not_allowed",
            "a seed may be chosen only for a table of bots: it decides every hidden card",
        )
    waits = any(seat.kind == PERSON for seat in seats)
    capped = waits and max_waiting > 0 and creator is not None
    if capped and store.waiting_count(creator or "") >= max_waiting:
        raise ApiError(
            429,
            "too_many_waiting",
            f"you have {max_waiting} tables waiting for players already; start or leave one first",
        )
    try:
        clock = ClockSpec.parse(None if request.clock is None else request.clock.model_dump())
        stand_in = str(parse_bot_spec(request.stand_in or STAND_IN))
        (limits or BotLimits()).check(parse_bot_spec(stand_in))
    except BadClock as error:
        raise ApiError(422, error.code, str(error)) from None
    except BadBotSpec as error:
        raise ApiError(422, error.code, str(error)) from None
    seed = request.seed if request.seed is not None else _fresh_seed()
    return store.create_table(
        game.id,
        options,
        count,
        seed,
        seats,
        creator=creator,
        clock=clock,
        grace=request.grace,
        stand_in=stand_in,
        listed=request.listed,
        watch=request.watch,
    )


def _fresh_seed() -> int:
    return secrets.randbits(SEED_BITS)


def not_found(table_id: str) -> ApiError:
    return ApiError(404, "table_not_found", f"there is no table {shown_id(table_id)}")


def shown_id(table_id: str) -> str:
    """A table id for a message: quoted if it could be one, else not echoed back."""
    return repr(table_id) if TABLE_ID.fullmatch(table_id) else "by that name"


async def live_table(table_id: str, connection: HTTPConnection, hub: HubDep) -> LiveTable:
    """The path's table, live, if this request may see it: else 404 ``table_not_found``
    or 403 ``not_allowed`` (:func:`bodoge.server.access.may_see`; a refused request loads
    nothing)."""
    try:
        live = await seen_table(connection, hub, table_id)
    except NotSeen:
        raise ApiError(403, NOT_ALLOWED, NOT_ALLOWED_MESSAGE) from None
    if live is None:
        raise not_found(table_id)
    return live


async def check_sight(connection: HTTPConnection, store: Store, info: TableInfo) -> None:
    """403 ``not_allowed`` unless this request may see the table (it says nothing of it)."""
    if not await may_see(connection, store, info):
        raise ApiError(403, NOT_ALLOWED, NOT_ALLOWED_MESSAGE)


LiveDep = Annotated[LiveTable, Depends(live_table)]


def checked_name(name: str) -> str:
    """A player's name as stored (:func:`bodoge.server.names.checked`), or 422 ``bad_name``."""
    try:
        return names.checked(name)
    except names.BadName as error:
        raise ApiError(422, error.code, str(error)) from None


def _claimed(
    claim: Callable[[], tuple[tuple[int, str] | None, TableInfo | None]],
) -> tuple[tuple[int, str] | None, TableInfo | None]:
    """A seat claimed by ``claim`` (a store's join), or 409 ``name_taken`` when someone at
    the table has that name or one that looks the same (nothing changed)."""
    try:
        return claim()
    except names.BadName as error:
        raise ApiError(409, error.code, str(error)) from None


async def join_table(store: Store, hub: Hub, table_id: str, invite: str, name: str) -> JoinOut:
    """Claim the seat of an invitation; everyone at the table sees the change."""
    name = checked_name(name)
    claimed, info = await asyncio.to_thread(_claimed, lambda: store.join(table_id, invite, name))
    if info is None:
        raise not_found(table_id)
    if claimed is None:
        raise ApiError(409, "seat_taken", "this invitation has been used or is not valid")
    await hub.joined(info)
    return JoinOut(seat=claimed[0], token=claimed[1])


# ------------------------------------------------------------- the host

MAX_SECRET = 200
"""No secret is longer (they are 32 characters); a longer one is refused unread."""


async def as_host(
    connection: HTTPConnection, store: Store, hub: Hub, table_id: str
) -> tuple[LiveTable, str]:
    """The live table and the host's secret, or 404 ``table_not_found`` / 403 ``not_host``
    (checked before the table is loaded)."""
    if await hub.info(table_id) is None:
        raise not_found(table_id)
    secret = host_secret(connection, table_id)
    if not secret or len(secret) > MAX_SECRET:
        raise ApiError(403, "not_host", "only the table's host may do this")
    if not await asyncio.to_thread(store.is_host, table_id, secret):
        raise ApiError(403, "not_host", "only the table's host may do this")
    live = await hub.get(table_id)
    if live is None:
        raise not_found(table_id)
    return live, secret


def seat_entry(live: LiveTable, seat: int) -> Any:
    entry = next((s for s in live.info.seats if s.seat == seat), None)
    if entry is None:
        raise ApiError(404, "seat_not_found", f"this table has seats 1 to {len(live.info.seats)}")
    return entry


def wrong_status(live: LiveTable, what: str) -> ApiError:
    return ApiError(409, "wrong_status", f"{what} (the table is {live.info.status})")


async def host_set_seat(
    store: Store, hub: Hub, live: LiveTable, secret: str, seat: int, kind: str, bot: str | None
) -> None:
    """Before the start: a seat becomes a bot's or an invited person's.  During the game:
    a person's seat is handed to a bot (until its person takes it back)."""
    entry = seat_entry(live, seat)
    if live.info.status == WAITING:
        if entry.kind == PERSON and entry.filled:
            raise ApiError(409, "seat_taken", "someone sits there; revoke the invitation first")
        spec = None
        if kind == BOT:
            if len(bot or "") > MAX_BOT_SPEC:
                raise ApiError(
                    422, "bad_bot_spec", f"a bot spec has at most {MAX_BOT_SPEC} characters"
                )
            try:
                parsed = parse_bot_spec(bot or "random")
                hub.limits.check(parsed)
            except BadBotSpec as error:
                raise ApiError(422, error.code, str(error)) from None
            spec = str(parsed)
        info = await asyncio.to_thread(store.set_seat, live.info.id, seat, kind, spec, secret)
        await hub.changed(live, info)
        if info is not None and info.status == PLAYING:
            await hub.created(info)
    elif live.playing:
        if kind != BOT or entry.kind != PERSON:
            raise wrong_status(live, "during the game a person's seat may only be handed to a bot")
        await hub.hand_to_bot(live, seat)
    else:
        raise wrong_status(live, "the seats of a finished table do not change")


async def host_revoke(
    store: Store, hub: Hub, live: LiveTable, secret: str, seat: int, own: int | None = None
) -> str:
    """Withdraw a seat's invitation (and whoever took it) before the start; the new invite path.

    ``own``: the seat the host's request holds (their seat cookie): the host
    does not unseat themselves by a stray click (409 ``own_seat``).
    """
    entry = seat_entry(live, seat)
    if own is not None and own == seat:
        raise ApiError(409, "own_seat", "this is your own seat; the host keeps it")
    if live.info.status != WAITING:
        raise wrong_status(live, "invitations change only before the start")
    if entry.kind != PERSON:
        raise ApiError(409, "wrong_status", "a bot's seat has no invitation")
    revoked, info = await asyncio.to_thread(store.revoke_invite, live.info.id, seat, secret)
    await hub.changed(live, info)
    if not revoked or info is None:  # the last seat was taken meanwhile: the game started
        raise ApiError(409, "wrong_status", "invitations change only before the start")
    gen = next(s.invite_gen for s in info.seats if s.seat == seat)
    return invite_path(info.id, invite_code(secret, info.id, seat, gen))


async def host_status(store: Store, hub: Hub, live: LiveTable, to: str) -> None:
    """Cancel a waiting table, or end a game under way (abandoned: no winner)."""
    was = WAITING if to == CANCELLED else PLAYING
    if live.info.status != was or (to == ABANDONED and not live.playing):
        raise wrong_status(
            live, "only a waiting table is cancelled" if to == CANCELLED else "only a game is ended"
        )
    info = await asyncio.to_thread(store.set_status, live.info.id, was, to)
    if info is None or info.status != to:
        raise wrong_status(live, "the table moved on meanwhile")
    await hub.changed(live, info)


async def host_listed(store: Store, hub: Hub, live: LiveTable, listed: bool) -> None:
    """Open the table to everyone, or make it private, before or during its game: whoever may
    no longer see it is told at once (the hub checks sight before every frame)."""
    if live.info.status not in (WAITING, PLAYING):
        raise wrong_status(live, "only a waiting or running table is opened or closed")
    await hub.changed(live, await asyncio.to_thread(store.set_listed, live.info.id, listed))


async def host_new_watch_link(store: Store, hub: Hub, live: LiveTable, secret: str) -> str:
    """Withdraw the table's watch link for a new one, before or during its game: whoever
    watches by the old link is told at once and sees nothing more.  Returns the new key."""
    if live.info.status not in (WAITING, PLAYING):
        raise wrong_status(live, "only a waiting or running table's watch link is withdrawn")
    key = current_watch_key(secret, live.info.watch_hash) if live.info.watch == LINK else None
    if key is None:
        raise ApiError(409, "no_watch_link", "this table has no watch link to withdraw")
    new = next_watch_key(secret, key)
    if current_watch_key(secret, digest(new)) is None:
        raise ApiError(409, "no_watch_link", "this table's watch links are used up")
    info = await asyncio.to_thread(store.set_watch_hash, live.info.id, digest(new))
    await hub.changed(live, info)
    return new


async def host_mute(store: Store, hub: Hub, live: LiveTable, seat: int, muted: bool) -> None:
    seat_entry(live, seat)
    await hub.changed(live, await asyncio.to_thread(store.set_muted, live.info.id, seat, muted))


async def sit_at(store: Store, hub: Hub, table_id: str, name: str) -> JoinOut:
    """Take the first free seat of an open table (anyone may)."""
    name = checked_name(name)
    claimed, info = await asyncio.to_thread(_claimed, lambda: store.join_open(table_id, name))
    if info is None:
        raise not_found(table_id)
    if claimed is None:
        raise ApiError(409, "seat_taken", "this table has no free seat open to anyone")
    await hub.joined(info)
    return JoinOut(seat=claimed[0], token=claimed[1])


async def rematch(connection: HTTPConnection, store: Store, hub: Hub, table_id: str) -> str:
    """The rematch's table id (made by the first seated person or host who asks; anyone
    else is refused before the table is loaded)."""
    info = await hub.info(table_id)
    if info is None:
        raise not_found(table_id)
    token = seat_token(connection, table_id)
    seated = info.seat_for(token) is not None
    secret = host_secret(connection, table_id)
    if not seated and not (
        secret
        and len(secret) <= MAX_SECRET
        and await asyncio.to_thread(store.is_host, table_id, secret)
    ):
        raise ApiError(403, "not_seated", "only the table's players and host start a rematch")
    live = await hub.get(table_id)
    if live is None:
        raise not_found(table_id)
    if live.info.status != OVER:
        raise ApiError(409, "not_over", "a rematch follows a finished game")
    if live.info.next_table is None:
        quota: TableQuota = connection.app.state.quota
        quota.admit(client_of(connection))
    new_id = await asyncio.to_thread(store.rematch, table_id, _fresh_seed())
    if new_id is None:
        raise ApiError(409, "not_over", "a rematch follows a finished game")
    if live.info.next_table != new_id:
        await hub.changed(live, await asyncio.to_thread(store.table, table_id))
        new = await asyncio.to_thread(store.table, new_id)
        if new is not None:
            await hub.created(new)
    return new_id


# ------------------------------------------------------------------ routes

ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorOut, "description": "`table_not_found`"},
    422: {"model": ErrorOut, "description": "`bad_request`"},
}

games = APIRouter(prefix="/api/games", tags=["games"])
tables = APIRouter(prefix="/api/tables", tags=["tables"], responses=ERRORS)


@games.get("", response_model=list[GameOut])
def list_games() -> list[GameOut]:
    return [
        GameOut.model_validate(bodoge.get_game(game_id).metadata())
        for game_id in bodoge.games.BUILTIN_IDS
    ]


@tables.get("", response_model=list[TableOut])
def list_tables(store: StoreDep) -> list[TableOut]:
    """Open tables waiting for players or in progress, newest first (a private table is
    listed to nobody: its people reach it by its links)."""
    return [table_out(info) for info in store.tables([WAITING, PLAYING]) if info.listed]


@tables.post(
    "",
    response_model=CreatedOut,
    status_code=201,
    responses={
        422: {
            "model": ErrorOut,
            "description": "`unknown_game`, `invalid_options`, `bad_bot_spec`, "
            "`invalid_bot`, `seed_not_allowed`, `bad_request`",
        },
        429: {"model": ErrorOut, "description": "`too_many_tables`, `too_many_waiting`"},
    },
)
async def post_table(
    request: NewTable, connection: Request, store: StoreDep, hub: HubDep
) -> CreatedOut:
    created = await new_table(connection, store, hub, request)
    await hub.created(created.table)
    return CreatedOut(
        table=table_out(created.table),
        host_token=created.host_token,
        invites={
            seat: invite_path(created.table.id, code) for seat, code in created.invites.items()
        },
        watch_link=None
        if created.table.watch != LINK
        else watch_path(created.table.id, watch_key(created.host_token)),
    )


@tables.get(
    "/{table_id}",
    response_model=TableOut,
    responses={403: {"model": ErrorOut, "description": "`not_allowed`"}},
)
async def get_table(table_id: str, request: Request, store: StoreDep) -> TableOut:
    """A table its players, its host, or (``watch: "link"``) its watch key's holder may see:
    ``?token=``, ``X-Bodoge-Host`` or ``?watch=``; an open table to anyone."""
    info = await asyncio.to_thread(store.table, table_id)
    if info is None:
        raise not_found(table_id)
    await check_sight(request, store, info)
    return table_out(info)


@tables.post(
    "/{table_id}/join",
    response_model=JoinOut,
    responses={
        409: {"model": ErrorOut, "description": "`seat_taken`, `name_taken`"},
        422: {"model": ErrorOut, "description": "`bad_name`, `bad_request`"},
    },
)
async def post_join(table_id: str, body: JoinIn, store: StoreDep, hub: HubDep) -> JoinOut:
    return await join_table(store, hub, table_id, body.invite, body.name)


@tables.get(
    "/{table_id}/record",
    response_model=RecordOut,
    response_model_exclude_none=True,  # ``stopped`` is absent unless true, as in records
    responses={403: {"model": ErrorOut, "description": "`not_over`, `not_allowed`"}},
)
async def get_record(live: LiveDep, store: StoreDep) -> RecordOut:
    """The full record (with the seed), only once the game is over (or its host ended it:
    then without ``result``, marked ``meta.abandoned``)."""
    if not live.ended:
        raise ApiError(403, "not_over", "the record is available when the game is over")
    return RecordOut.model_validate(named_record(live, "en", store))


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["person", "bot"]
    bot: str | None = Field(default=None, max_length=MAX_BOT_SPEC)


class MuteIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    muted: bool


class ListedIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    listed: bool


class SitIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=40)


class InviteOut(BaseModel):
    invite: str
    """The seat's new invite path (the old one no longer opens it)."""


HOST_ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorOut, "description": "`not_host`"},
    409: {"model": ErrorOut, "description": "`wrong_status`, `seat_taken`"},
}


@tables.post("/{table_id}/seats/{seat}", response_model=TableOut, responses=HOST_ERRORS)
async def post_seat(
    table_id: str, seat: int, body: SeatIn, request: Request, store: StoreDep, hub: HubDep
) -> TableOut:
    """The host: a seat becomes a bot's or a person's (before the start), or a bot plays it."""
    live, secret = await as_host(request, store, hub, table_id)
    await host_set_seat(store, hub, live, secret, seat, body.kind, body.bot)
    return table_out(live.info)


@tables.post("/{table_id}/seats/{seat}/revoke", response_model=InviteOut, responses=HOST_ERRORS)
async def post_revoke(
    table_id: str, seat: int, request: Request, store: StoreDep, hub: HubDep
) -> InviteOut:
    live, secret = await as_host(request, store, hub, table_id)
    own = live.info.seat_for(seat_token(request, table_id))
    return InviteOut(invite=await host_revoke(store, hub, live, secret, seat, own))


@tables.post("/{table_id}/seats/{seat}/mute", response_model=TableOut, responses=HOST_ERRORS)
async def post_mute(
    table_id: str, seat: int, body: MuteIn, request: Request, store: StoreDep, hub: HubDep
) -> TableOut:
    live, _ = await as_host(request, store, hub, table_id)
    await host_mute(store, hub, live, seat, body.muted)
    return table_out(live.info)


@tables.post("/{table_id}/cancel", response_model=TableOut, responses=HOST_ERRORS)
async def post_cancel(table_id: str, request: Request, store: StoreDep, hub: HubDep) -> TableOut:
    live, _ = await as_host(request, store, hub, table_id)
    await host_status(store, hub, live, CANCELLED)
    return table_out(live.info)


@tables.post("/{table_id}/end", response_model=TableOut, responses=HOST_ERRORS)
async def post_end(table_id: str, request: Request, store: StoreDep, hub: HubDep) -> TableOut:
    live, _ = await as_host(request, store, hub, table_id)
    await host_status(store, hub, live, ABANDONED)
    return table_out(live.info)


@tables.post("/{table_id}/listed", response_model=TableOut, responses=HOST_ERRORS)
async def post_listed(
    table_id: str, body: ListedIn, request: Request, store: StoreDep, hub: HubDep
) -> TableOut:
    live, _ = await as_host(request, store, hub, table_id)
    await host_listed(store, hub, live, body.listed)
    return table_out(live.info)


class WatchLinkOut(BaseModel):
    watch_link: str
    """The table's new watch path; the old one admits nobody any more."""


@tables.post(
    "/{table_id}/watch-link",
    response_model=WatchLinkOut,
    responses={
        **HOST_ERRORS,
        409: {"model": ErrorOut, "description": "`wrong_status`, `no_watch_link`"},
    },
)
async def post_watch_link(
    table_id: str, request: Request, store: StoreDep, hub: HubDep
) -> WatchLinkOut:
    """Withdraw the watch link for a new one (the host only)."""
    live, secret = await as_host(request, store, hub, table_id)
    key = await host_new_watch_link(store, hub, live, secret)
    return WatchLinkOut(watch_link=watch_path(table_id, key))


@tables.post(
    "/{table_id}/sit",
    response_model=JoinOut,
    responses={409: {"model": ErrorOut, "description": "`seat_taken`, `name_taken`"}},
)
async def post_sit(table_id: str, body: SitIn, store: StoreDep, hub: HubDep) -> JoinOut:
    """Take the first free seat of an open table."""
    return await sit_at(store, hub, table_id, body.name)


@tables.post(
    "/{table_id}/rematch",
    response_model=TableOut,
    responses={
        403: {"model": ErrorOut, "description": "`not_seated`"},
        409: {"model": ErrorOut, "description": "`not_over`"},
    },
)
async def post_rematch(table_id: str, request: Request, store: StoreDep, hub: HubDep) -> TableOut:
    """The rematch's table: same game, options, clock and people; seats turned by one."""
    new_id = await rematch(request, store, hub, table_id)
    info = await asyncio.to_thread(store.table, new_id)
    assert info is not None
    return table_out(info)


router = APIRouter()
router.include_router(games)
router.include_router(tables)
