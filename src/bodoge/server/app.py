"""The web application: ``create_app()`` builds it from settings."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from bodoge.bots import parse_bot_spec
from bodoge.review import Limits

from . import api, pages, reviews, sockets
from .api import TableQuota
from .bot_turns import BotLimits
from .config import Settings
from .db import Store
from .front import owner_check
from .guard import Guard
from .hub import Hub
from .render import render_game

STATIC = Path(__file__).with_name("static")
HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}
YOUNG_GARBAGE = 20_000
"""Allocations between two collections of the youngest generation (CPython's default: 700)."""


def tune_garbage_collector() -> None:
    """Collect garbage less often in a process that only serves.

    Each accepted action allocates a few hundred short-lived containers
    (the new state, four views and messages), so with CPython's defaults a
    collection runs after nearly every action, and the older generations,
    which hold every live table, are scanned again and again.  Freezing
    what exists after start-up (code, games, restored tables) and a larger
    first threshold cut the server's CPU per action by about a tenth and
    its p99 latency under load by half (bench/load.py).
    """
    gc.freeze()
    gc.set_threshold(YOUNG_GARBAGE, *gc.get_threshold()[1:])


def make_hub(store: Store, settings: Settings) -> Hub:
    """The hub, with the settings' bot limits, table ownership and expiry."""
    hub = Hub(
        store,
        bot_pause=settings.bot_pause,
        limits=BotLimits(
            settings.max_bot_seconds,
            settings.max_bot_iterations,
            offered=frozenset(str(parse_bot_spec(spec)) for spec, _ in pages.LOBBY_BOTS),
        ),
        owns=owner_check(settings.worker_index, settings.workers),
        waiting_hours=settings.waiting_hours,
    )
    hub.render = render_game
    return hub


def review_worker(store: Store, hub: Hub, settings: Settings) -> reviews.ReviewWorker | None:
    """The game reviews' worker: in the first worker process only (the others queue)."""
    if settings.worker_index not in (None, 0):
        return None
    budget = reviews.parse_budget(settings.review_budget)
    limits = Limits(
        decisions=settings.review_decisions or None, points=settings.review_points or None
    )
    return reviews.ReviewWorker(
        store, budget, lambda: hub.thinking > 0, limits, settings.review_seconds or None
    )


def server_life(
    store: Store, hub: Hub, settings: Settings
) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """What runs while the server is up: the hub, its bots and clocks, and the news from
    other workers (PostgreSQL's LISTEN, or the peers of an SQLite file); closed in turn."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store.open()  # this app may have run, and closed it, before
        peers = None
        if store.is_sqlite_file and (settings.workers > 1 or settings.dedicated):
            from .peers import Peers, meeting_place

            peers = Peers(meeting_place(settings.database_url), hub)
            hub.announce = peers.announce
        await hub.start()  # before listening: catching up needs the live tables
        if settings.dedicated:
            tune_garbage_collector()
        listener = None
        if store.is_postgres:
            from .notify import Listener

            listener = Listener(store.url, hub, asyncio.get_running_loop())
            listener.start()
        if peers is not None:
            await peers.start()
        worker = review_worker(store, hub, settings)
        app.state.reviews = worker
        if worker is not None:
            await asyncio.to_thread(worker.start)
        try:
            yield
        finally:
            if worker is not None:
                await asyncio.to_thread(worker.stop)
            if listener is not None:
                listener.stop()
            if peers is not None:
                await peers.stop()
            await hub.stop()  # bots stop; decisions under way are stored first
            store.close()

    return lifespan


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    store = Store(settings.database_url)
    if settings.migrate:
        store.migrate()
    hub = make_hub(store, settings)
    # The schema only when asked for (--api-docs), and no docs page: FastAPI's
    # loads Swagger UI from a CDN, and nothing is fetched from elsewhere.
    app = FastAPI(
        title="bodoge",
        lifespan=server_life(store, hub, settings),
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json" if settings.api_docs else None,
    )
    app.add_middleware(Guard, allow_origins=settings.allow_origins, max_body=settings.max_body)
    app.state.store = store
    app.state.hub = hub
    app.state.settings = settings
    app.state.reviews = None
    app.state.quota = TableQuota(settings.tables_per_minute, settings.waiting_per_client)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(reviews.router)
    app.include_router(sockets.router)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        detail: object = error.detail
        if not isinstance(detail, dict):
            code = HTTP_CODES.get(error.status_code, "http_error")
            detail = {"code": code, "message": str(detail)}
        return JSONResponse({"error": detail}, status_code=error.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        if len(problems) > api.MAX_ERROR:  # a long list of problems is cut, never the input
            problems = problems[: api.MAX_ERROR - 1] + "…"
        return JSONResponse(
            {"error": {"code": "bad_request", "message": problems}}, status_code=422
        )

    return app
