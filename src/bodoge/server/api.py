"""The JSON API: games, tables, joining.  Every payload has a public schema."""

from __future__ import annotations

import secrets
from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

import bodoge
from bodoge.bots import BadBotSpec, parse_bot_spec
from bodoge.engine import BodogeError, Game
from bodoge.engine.rng import SEED_BITS

from .db import BOT, PERSON, Created, NewSeat, Store, TableInfo
from .deps import HubDep, StoreDep
from .hub import Hub

router = APIRouter(prefix="/api", tags=["api"])


class ApiError(HTTPException):
    """An HTTP error with a stable code: ``{"error": {"code", "message"}}``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(status, {"code": code, "message": message})
        self.code = code
        self.message = message


class SeatSpec(BaseModel):
    kind: Literal["person", "bot"]
    bot: str | None = Field(default=None, max_length=200)


class NewTable(BaseModel):
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    seed: int | None = Field(default=None, ge=0, lt=2**SEED_BITS)


class SeatOut(BaseModel):
    seat: int
    kind: str
    bot: str | None
    name: str | None
    filled: bool


class TableOut(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    num_players: int
    status: str
    seats: list[SeatOut]


class CreatedOut(BaseModel):
    table: TableOut
    host_token: str
    invites: dict[int, str]
    """Seat → the invite path that seat's person opens to join."""


class JoinIn(BaseModel):
    invite: str = Field(min_length=1, max_length=100)
    name: str = Field(min_length=1, max_length=40)


class JoinOut(BaseModel):
    seat: int
    token: str


def table_out(info: TableInfo) -> TableOut:
    return TableOut(
        id=info.id,
        game=info.game,
        options=info.options,
        num_players=info.num_players,
        status=info.status,
        seats=[
            SeatOut(seat=s.seat, kind=s.kind, bot=s.bot, name=s.name, filled=s.filled)
            for s in info.seats
        ],
    )


def invite_path(table_id: str, invite: str) -> str:
    return f"/t/{table_id}/join/{invite}"


def create_table(store: Store, request: NewTable) -> Created:
    """Validate a table request against the game's declared metadata, then store it."""
    try:
        game: Game = bodoge.get_game(request.game)
        options = game.resolve_options(request.options)
        count = game.check_players(len(request.seats), options)
    except BodogeError as error:
        raise ApiError(422, error.code, str(error)) from None
    seats = []
    for seat in request.seats:
        if seat.kind == BOT:
            try:
                spec = str(parse_bot_spec(seat.bot or "random"))
            except BadBotSpec as error:
                raise ApiError(422, error.code, str(error)) from None
            seats.append(NewSeat(BOT, spec))
        else:
            seats.append(NewSeat(PERSON))
    seed = request.seed if request.seed is not None else _fresh_seed()
    return store.create_table(game.id, options, count, seed, seats)


def _fresh_seed() -> int:
    return secrets.randbits(SEED_BITS)


@router.get("/games")
def list_games() -> list[dict[str, Any]]:
    return [bodoge.get_game(game_id).metadata() for game_id in bodoge.games.BUILTIN_IDS]


@router.get("/tables", response_model=list[TableOut])
def list_tables(store: StoreDep) -> list[TableOut]:
    return [table_out(info) for info in store.tables(["waiting", "playing"])]


@router.post("/tables", response_model=CreatedOut, status_code=201)
async def post_table(request: NewTable, store: StoreDep, hub: HubDep) -> CreatedOut:
    created = create_table(store, request)
    live = await hub.get(created.table.id)
    if live is not None:
        hub.kick_bots(live)
    return CreatedOut(
        table=table_out(created.table),
        host_token=created.host_token,
        invites={
            seat: invite_path(created.table.id, code) for seat, code in created.invites.items()
        },
    )


@router.get("/tables/{table_id}", response_model=TableOut)
def get_table(table_id: str, store: StoreDep) -> TableOut:
    info = store.table(table_id)
    if info is None:
        raise ApiError(404, "table_not_found", f"there is no table {table_id!r}")
    return table_out(info)


async def join_table(store: Store, hub: Hub, table_id: str, invite: str, name: str) -> JoinOut:
    """Claim the seat of an invitation; everyone at the table sees the change."""
    name = name.strip()
    if not 1 <= len(name) <= 40:
        raise ApiError(422, "bad_name", "a name has 1 to 40 characters")
    if store.table(table_id) is None:
        raise ApiError(404, "table_not_found", f"there is no table {table_id!r}")
    claimed = store.claim_seat(table_id, invite, name)
    if claimed is None:
        raise ApiError(409, "seat_taken", "this invitation has been used or is not valid")
    await hub.seats_changed(table_id)
    return JoinOut(seat=claimed[0], token=claimed[1])


@router.post("/tables/{table_id}/join", response_model=JoinOut)
async def post_join(table_id: str, body: JoinIn, store: StoreDep, hub: HubDep) -> JoinOut:
    return await join_table(store, hub, table_id, body.invite, body.name)


@router.get("/tables/{table_id}/record")
async def get_record(table_id: str, hub: HubDep) -> dict[str, Any]:
    """The full record (with the seed), only once the game is over."""
    live = await hub.get(table_id)
    if live is None:
        raise ApiError(404, "table_not_found", f"there is no table {table_id!r}")
    if not live.state.is_over:
        raise ApiError(403, "not_over", "the record is available when the game is over")
    return live.state.record()
