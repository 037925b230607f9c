"""Request dependencies, as ``Annotated`` aliases the routes declare.

They are ``async def`` although they never wait: FastAPI runs a plain
``def`` dependency in a worker thread, and a thread hop per dependency per
request was a large part of the cost of joining a table.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from .db import Store
from .hub import Hub
from .i18n import request_lang

SEAT_COOKIE = "bodoge_seat_{table}"
HOST_COOKIE = "bodoge_host_{table}"


async def get_store(connection: HTTPConnection) -> Store:
    store: Store = connection.app.state.store
    return store


async def get_hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


async def get_lang(request: Request) -> str:
    return request_lang(request)


StoreDep = Annotated[Store, Depends(get_store)]
HubDep = Annotated[Hub, Depends(get_hub)]
LangDep = Annotated[str, Depends(get_lang)]


def seat_token(connection: HTTPConnection, table_id: str) -> str | None:
    """The seat token: the table's cookie (browsers) or ``token`` (API clients)."""
    return connection.cookies.get(SEAT_COOKIE.format(table=table_id)) or (
        connection.query_params.get("token")
    )
