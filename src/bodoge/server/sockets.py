"""Live play over WebSocket.

Client → server: ``{"type": "act", "version": V, "action": {...}}`` or
``{"type": "ping"}``.  Server → client: ``{"type": "state", ...}`` (see
:func:`bodoge.server.hub.state_message`), ``{"type": "error", "code", "message"}``
or ``{"type": "pong"}``.  A connection holding a seat token acts for that
seat only; any other connection is a spectator.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .config import MAX_MESSAGE
from .deps import seat_token
from .hub import Connection, Hub, ProtocolError
from .i18n import request_lang

router = APIRouter()


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def parse(text: str) -> dict[str, Any]:
    """A client message, or :class:`ProtocolError` for anything malformed."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"a message may have at most {MAX_MESSAGE} characters")
    try:
        message = json.loads(text)
    except json.JSONDecodeError as problem:
        raise ProtocolError("malformed_json", f"not JSON: {problem.msg}") from None
    if not isinstance(message, dict) or message.get("type") not in ("act", "ping"):
        raise ProtocolError("malformed", 'a message is {"type": "act" | "ping", ...}')
    if message["type"] == "act" and set(message) != {"type", "version", "action"}:
        raise ProtocolError("malformed", 'an "act" message has exactly "version" and "action"')
    return message


@router.websocket("/t/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    hub: Hub = websocket.app.state.hub
    live = await hub.get(table_id)
    if live is None:
        await websocket.close(code=4404, reason="no such table")
        return
    seat = await asyncio.to_thread(hub.store.seat_of, table_id, seat_token(websocket, table_id))
    await websocket.accept()
    connection = Connection(
        seat=seat,
        wants_html=websocket.query_params.get("html") == "1",
        lang=request_lang(websocket),
    )
    sender = asyncio.create_task(_send_loop(websocket, connection))
    hub.attach(live, connection)
    try:
        while True:
            text = await websocket.receive_text()
            try:
                message = parse(text)
                if message["type"] == "ping":
                    connection.queue.put_nowait({"type": "pong"})
                    continue
                await hub.act(table_id, seat, message["version"], message["action"])
            except ProtocolError as problem:
                connection.queue.put_nowait(error(problem.code, problem.message))
    except WebSocketDisconnect:
        pass
    finally:
        hub.detach(live, connection)
        with contextlib.suppress(Exception):
            await sender


async def _send_loop(websocket: WebSocket, connection: Connection) -> None:
    while True:
        message = await connection.queue.get()
        if message is None:
            return
        try:
            await websocket.send_text(json.dumps(message, ensure_ascii=False))
        except Exception:  # the client went away; the receive loop will notice
            return
