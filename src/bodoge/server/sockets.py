"""Live play over WebSocket: ``/t/{table_id}/ws``.

A connection carrying a seat token of that table (the seat cookie, or
``?token=`` for API clients) acts for that seat only; any other connection
is a spectator.  ``?html=1`` adds the server-rendered game area to each
state message, ``?lang=ja|en`` chooses its language.

Client → server (one JSON object per text frame, at most ``MAX_MESSAGE``
characters, no other keys):

* :class:`ActIn` ``{"type": "act", "version": V, "action": {...}}``: a
  decision, made on the state of version ``V`` (the ``version`` of the last
  state message the client saw);
* :class:`PingIn` ``{"type": "ping"}``;
* :class:`ChatIn` ``{"type": "chat", "text": "..."}``: a chat line (seated
  players only, at most ``MAX_CHAT`` characters, ``CHAT_BURST`` lines in
  ``CHAT_WINDOW`` seconds; see :mod:`bodoge.server.chat`);
* :class:`TakeSeatIn` ``{"type": "take_seat"}``: the seat's person plays
  again the seat a bot was playing for them (acting does the same).

Server → client:

* :class:`StateMessage` ``{"type": "state", "table", "status", "version",
  "seat", "answered", "view", "legal", "log", "sent_at"[, "html"]}``:
  first on connecting, then after every accepted action (and every seat
  filled), in version order.  ``answered`` is the version just after the
  seat's latest action: a client that acted on version ``v`` waits for
  ``answered > v`` (or an error) before it lets its player act again, so a
  move by another seat that arrives in between cannot make it decide twice
  on one view.  ``view`` is ``state.view(seat)`` (``view(None)`` for a
  spectator), ``legal`` that seat's legal actions, ``log`` the events this
  connection has not been sent yet, as that seat may see them (the first
  message carries the last 30; each later one only what happened since, so
  a client appends them): never the state, the seed, another seat's view or
  a record;
  ``room`` (:class:`RoomOut`) holds the public facts beside the game: who
  plays each seat (a person, a bot, or a bot for an absent person), each
  seat's clock (seconds left, the deadline when it ticks: only seats in
  ``to_act`` tick), whether the table is open, and the table of the
  rematch once there is one.  A state message of the same version is sent
  again when only these change;
* :class:`ChatMessage` ``{"type": "chat", "lines": [...]}``: chat lines, on
  connecting (the last ones, if any) and as they are written; never part
  of a state message;
* :class:`ErrorMessage` ``{"type": "error", "code", "message"}``: a refused
  message, only to the connection that sent it; nothing changed;
* :class:`PongMessage` ``{"type": "pong"}``;
* :class:`NoticeMessage` ``{"type": "notice", "code", "message"}``:
  ``seat_lost``: the host took this connection's seat back (revoked its
  invitation: the seat is open again, a bot's or someone else's, as the
  message says); it is a spectator from then on, before any later frame.
  ``seat_gone`` (its seat was revoked at a private table it may not watch),
  ``sight_lost`` (the host made the table it watched private) and
  ``watch_withdrawn`` (the host withdrew the watch link it watched by): it
  may no longer see the table, and the socket closes (4403) after this
  frame, whichever worker or server the change was made on.

Error codes: ``too_large``, ``malformed_json``, ``malformed`` (not one of the
shapes above), ``table_not_found`` (then the socket closes with 4404),
``not_allowed`` (a private table this connection may not watch: it holds
none of its seat tokens, not its host secret, and not the watch key of a
table whose host chose ``link``, as ``?watch=`` or the watch cookie; then
the socket closes with 4403 before any state is sent),
``not_started`` (the table waits for players), ``stale_version``,
``wrong_seat`` (a spectator, or a seat not in ``to_act``),
``malformed_action`` (not an action of this game), ``illegal_action``,
``game_over``, ``table_ended`` (the host ended the table), ``table_cancelled``
(chat at a table its host cancelled), ``unavailable``
(the database did not answer), ``bad_chat``, ``muted``, ``too_fast``,
``chat_full``, ``time_out`` (``take_seat`` or an action while the seat's time for
this decision has run out: its bot makes that move), ``internal_error``.  An
error's message is at most ``MAX_ERROR`` characters: what a client sent is
never echoed back at length.

Every frame sent counts against the connection's backlog (``MAX_BACKLOG``
in :mod:`bodoge.server.live`), errors and pongs as much as states; a
connection that lets it fill does not read, and is closed (1013).  A
handshake from a page of another origin is refused before it completes
(:mod:`bodoge.server.guard`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from typing import Annotated, Any, Literal

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, ValidationError

from .access import NOT_ALLOWED, NOT_ALLOWED_MESSAGE, NotSeen, seen_table, sees, sight_of
from .api import MAX_ERROR, shown_id
from .config import MAX_MESSAGE
from .db import digest
from .deps import HubDep, seat_token
from .hub import Hub
from .i18n import request_lang
from .live import NOT_ALLOWED_CLOSE, Connection, LiveTable, ProtocolError

log = logging.getLogger("bodoge.server")
router = APIRouter()

NOT_FOUND_CLOSE = 4404
"""Close code after ``table_not_found``."""
BACKLOG_CLOSE = 1013
"""Close code for a connection that stopped reading (``MAX_BACKLOG`` unsent messages)."""
SENDER_GRACE = 1.0
"""Seconds a closing socket's last frames may take to leave before they are given up."""


# ------------------------------------------------------------------ schemas


class ActIn(BaseModel):
    """A decision for the connection's seat, made on state ``version``."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["act"]
    version: StrictInt
    action: Any
    """The action's wire form (checked by the game: ``malformed_action``)."""


class PingIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["ping"]


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["chat"]
    text: str
    """At most ``MAX_CHAT`` characters once the spaces are collapsed (the frame is bounded
    by ``MAX_MESSAGE``): a longer line is ``bad_chat``, checked by the hub, not ``malformed``."""


class TakeSeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["take_seat"]


Incoming = ActIn | PingIn | ChatIn | TakeSeatIn
ClientMessage = Annotated[Incoming, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Incoming] = TypeAdapter(ClientMessage)


class LegalAction(BaseModel):
    action: dict[str, Any]
    """The wire form to send back in an ``act`` message."""
    label: str


class LogEntry(BaseModel):
    """One event as the receiving seat may see it (``Event.for_seat``)."""

    model_config = ConfigDict(extra="forbid")
    index: int
    seat: int
    action: dict[str, Any] | None
    """``None`` while the action is secret from this seat."""
    label: str | None
    facts: dict[str, Any]
    draft: bool = False
    """A step of a choice still being made (never sent: the log shows the completed choice)."""


class ClockOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    left: float
    """Seconds left (at ``sent_at``)."""
    deadline: float | None
    """When it runs out (POSIX time), while it ticks."""
    ticking: bool


class AwayOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    since: float
    """When the seat's last connection closed (POSIX time)."""
    stand_in_at: float | None
    """When a bot stands in, once the seat is asked to act (a table with a grace period)."""


class RoomSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int
    name: str
    kind: Literal["person", "bot"]
    by_bot: bool
    """A person's seat that a bot plays for now (time ran out, away, or the host's choice)."""
    filled: bool
    muted: bool
    away: AwayOut | None
    """A person's seat with no connection open during the game, until one opens again."""
    clock: ClockOut | None


class RoomOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[RoomSeat]
    clock: dict[str, Any] | None
    """The table's clock: ``{"kind": "move" | "bank", "seconds", "increment"}``."""
    listed: bool
    next: str | None
    """The rematch's table, once someone asked for one."""


class ChatLineOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int
    seat: int
    name: str
    text: str
    at: float
    version: int
    """The game's version when it was written."""


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["chat"]
    lines: list[ChatLineOut]


class StateMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["state"]
    table: str
    status: Literal["waiting", "playing", "over", "cancelled", "abandoned"]
    version: int
    seat: int | None
    answered: int
    """The version just after this seat's latest action (0 before it acted)."""
    view: dict[str, Any]
    """``state.view(seat)``: the game's own JSON for that seat."""
    legal: list[LegalAction]
    log: list[LogEntry]
    """Events not sent to this connection before (the last 30 on connecting), oldest first."""
    sent_at: float
    html: str | None = None
    """The game area rendered for this seat (only with ``?html=1``)."""
    room: RoomOut


class ErrorMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["error"]
    code: str
    message: str


class PongMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["pong"]


class NoticeMessage(BaseModel):
    """Something the table did to this connection: ``seat_lost`` (the host gave its seat
    to someone else; from now on it is a spectator), ``seat_gone``, ``sight_lost`` or
    ``watch_withdrawn`` (it may no longer see the table: the socket closes next)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["notice"]
    code: Literal["seat_lost", "seat_gone", "sight_lost", "watch_withdrawn"]
    message: str
    """In the connection's language."""


Outgoing = StateMessage | ChatMessage | ErrorMessage | PongMessage | NoticeMessage
ServerMessage = Annotated[Outgoing, Field(discriminator="type")]
SERVER_MESSAGE: TypeAdapter[Outgoing] = TypeAdapter(ServerMessage)


def error(code: str, message: str) -> dict[str, Any]:
    if len(message) > MAX_ERROR:
        message = message[: MAX_ERROR - 1] + "…"
    return ErrorMessage(type="error", code=code, message=message).model_dump()


# ------------------------------------------------------------------ parsing


def parse(data: str | bytes) -> Incoming:
    """A client message, or :class:`ProtocolError` for anything malformed."""
    if len(data) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"a message may have at most {MAX_MESSAGE} characters")
    try:
        message = json.loads(data)
    except (ValueError, RecursionError) as problem:  # JSONDecodeError, bad UTF-8, too deep
        reason = problem.msg if isinstance(problem, json.JSONDecodeError) else str(problem)
        raise ProtocolError("malformed_json", f"not JSON: {reason}") from None
    try:
        return CLIENT_MESSAGE.validate_python(message)
    except ValidationError as problem:
        details = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}"
            for e in problem.errors(include_url=False)
        )
        raise ProtocolError(
            "malformed",
            'a message is {"type": "act", "version": V, "action": {...}}, {"type": "ping"},'
            ' {"type": "chat", "text": "..."} or {"type": "take_seat"}'
            f" ({details})",
        ) from None


# ------------------------------------------------------------------ the socket


@router.websocket("/t/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str, hub: HubDep) -> None:
    await websocket.accept()
    try:
        live = await seen_table(websocket, hub, table_id)
    except NotSeen:
        await _refuse(websocket, error(NOT_ALLOWED, NOT_ALLOWED_MESSAGE), NOT_ALLOWED_CLOSE)
        return
    if live is None:
        problem = error("table_not_found", f"there is no table {shown_id(table_id)}")
        await _refuse(websocket, problem, NOT_FOUND_CLOSE)
        return
    token = seat_token(websocket, table_id)
    seat = live.info.seat_for(token)
    if seat is None and token:  # perhaps joined through another worker a moment ago
        seat = await asyncio.to_thread(hub.store.seat_of, table_id, token)
        if seat is not None:
            await hub.seats_changed(table_id)  # the live table learns who holds it
    sight = sight_of(websocket, table_id)
    connection = Connection(
        seat=seat,
        wants_html=websocket.query_params.get("html") == "1",
        lang=request_lang(websocket),
        holder=digest(token) if seat is not None and token else None,
        sees=functools.partial(sees, sight=sight),
        by_link=sight.watch is not None,
    )
    sender = asyncio.create_task(_send_loop(websocket, connection))
    handler = asyncio.current_task()
    if handler is not None:
        # Dropped for not reading: stop reading its frames too.
        connection.on_drop = functools.partial(handler.cancel, "dropped")
    hub.attach(live, connection)
    try:
        while not connection.dropped:
            data = await _receive(websocket)
            try:
                await _handle(hub, live, connection, parse(data))
            except ProtocolError as problem:
                connection.send(error(problem.code, problem.message))
            except Exception:
                log.exception("table %s: a message could not be handled", table_id)
                connection.send(error("internal_error", "the server could not handle that"))
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if not connection.dropped:
            raise  # the server is stopping
        log.warning("table %s: closed a connection that does not read", table_id)
    finally:
        connection.on_drop = None
        hub.detach(live, connection)
        # A client that does not read may hold the sender in a send for ever.
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(sender, SENDER_GRACE)


async def _refuse(websocket: WebSocket, problem: dict[str, Any], code: int) -> None:
    """Send the refusal, then close with ``code``.  A client that left meanwhile (it
    opened the socket and went) is no error of the server's: noted quietly."""
    try:
        await websocket.send_text(json.dumps(problem))
        await websocket.close(code=code, reason=problem["code"])
    except WebSocketDisconnect:
        log.debug("a socket refused with %s had already gone", problem["code"])


async def _handle(hub: Hub, live: LiveTable, connection: Connection, message: Incoming) -> None:
    """Carry out one client message (or raise :class:`ProtocolError`).

    A connection whose seat went to someone else is made a spectator first
    (:meth:`Hub.demote_lost`), so it neither acts nor writes for the newcomer.
    """
    hub.demote_lost(live, connection)
    seat, holder = connection.seat, connection.holder
    if isinstance(message, PingIn):
        connection.send(PongMessage(type="pong").model_dump())
    elif isinstance(message, ChatIn):
        await hub.say(live, seat, message.text, holder)
    elif isinstance(message, TakeSeatIn):
        if seat is None:
            raise ProtocolError("wrong_seat", "spectators have no seat to take")
        await hub.take_back(live, seat)
    else:
        await hub.act(live.info.id, seat, message.version, message.action, holder=holder)


async def _receive(websocket: WebSocket) -> str | bytes:
    """The next text or binary frame; :class:`WebSocketDisconnect` when the client left."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if text is not None:
        return str(text)
    return bytes(message.get("bytes") or b"")


async def _send_loop(websocket: WebSocket, connection: Connection) -> None:
    while True:
        text = await connection.queue.get()
        if text is None:  # detached, ended, or dropped for not reading: close if still open
            with contextlib.suppress(Exception):
                await websocket.close(code=connection.close_code or BACKLOG_CLOSE)
            return
        try:
            await websocket.send_text(text)
        except Exception:  # the client went away; the receive loop will notice
            return
