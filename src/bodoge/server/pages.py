"""The HTML pages: lobby, table, invitation, replay, record download."""

from __future__ import annotations

import asyncio
import re
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

import bodoge
from bodoge.engine import BodogeError, Game, replay_stops, seat_name
from bodoge.games import BUILTIN_IDS

from .api import (
    ApiError,
    NewTable,
    SeatSpec,
    checked_name,
    invite_path,
    join_table,
    new_table,
)
from .db import OVER, PLAYING, WAITING, invite_code
from .deps import HOST_COOKIE, SEAT_COOKIE, HubDep, LangDep, StoreDep, seat_token
from .hub import LiveTable, rebuild
from .i18n import LANG_COOKIE, word
from .render import named_record, render_game, render_page, seat_list, seat_names

router = APIRouter(include_in_schema=False)

COOKIE_AGE = 60 * 60 * 24 * 30
SMALL_INT = re.compile(r"-?[0-9]{1,18}")
NOT_OVER = "the record is available when the game is over"


def page(name: str, lang: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(render_page(name, lang=lang, **context), status_code=status)


def error_page(lang: str, status: int, message: str, detail: str = "") -> HTMLResponse:
    return page("error.html", lang, status=status, message=message, detail=detail)


LOBBY_BOTS = (
    ("random", "bot_random"),
    ("heuristic", "bot_heuristic"),
    ("ismcts:seconds=1", "bot_ismcts"),
)
"""The bots the lobby offers: spec and the word that describes it (easiest first)."""


def bots_for(game: Game, lang: str) -> list[tuple[str, str]]:
    offered = []
    for spec, key in LOBBY_BOTS:
        if spec == "heuristic" and game.heuristic_bot(0) is None:
            continue
        offered.append((spec, word(key, lang)))
    return offered


def games_for_lobby(lang: str) -> list[dict[str, Any]]:
    games = []
    for game_id in BUILTIN_IDS:
        game = bodoge.get_game(game_id)
        variants = game.variants()
        bounds = [game.player_range(v) for v in variants]
        ranges = [
            {"options": v, "low": low, "high": high}
            for v, (low, high) in zip(variants, bounds, strict=True)
        ]
        games.append(
            {
                "game": game,
                "meta": game.metadata(),
                "low": min(low for low, _ in bounds),
                "high": max(high for _, high in bounds),
                "ranges": ranges,
                "bots": bots_for(game, lang),
            }
        )
    return games


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request, store: StoreDep, lang: LangDep) -> HTMLResponse:
    tables = store.tables([WAITING, PLAYING, OVER], limit=60)
    return page(
        "lobby.html",
        lang,
        games=games_for_lobby(lang),
        waiting=[t for t in tables if t.status == WAITING],
        playing=[t for t in tables if t.status == PLAYING],
        finished=[t for t in tables if t.status == OVER][:20],
        titles={gid: bodoge.get_game(gid).title(lang) for gid in BUILTIN_IDS},
    )


@router.get("/lang/{code}")
def switch_language(code: str, request: Request) -> Response:
    back = request.headers.get("referer") or "/"
    response = RedirectResponse(back if back.startswith(str(request.base_url)) else "/", 303)
    if code in ("ja", "en"):
        response.set_cookie(LANG_COOKIE, code, max_age=COOKIE_AGE, samesite="lax")
    return response


@router.post("/tables")
async def create_from_form(
    request: Request, store: StoreDep, hub: HubDep, lang: LangDep
) -> Response:
    """The lobby's form: game, options, seats; the creator may sit at seat 1."""
    form = await request.form()
    game_id = str(form.get("game", ""))
    try:
        game = bodoge.get_game(game_id)
    except BodogeError as error:
        return error_page(lang, 422, word("cannot_create", lang), str(error))
    options: dict[str, Any] = {}
    for option in game.options:
        raw = form.get(f"option_{option.name}")
        if option.kind is bool and option.derive is not None:
            if raw in ("on", "off"):  # else: the default derived from the other options
                options[option.name] = raw == "on"
        elif option.kind is bool:
            options[option.name] = raw == "on"
        elif raw not in (None, ""):
            text = str(raw)
            # At most 18 ASCII digits: int() of thousands of digits raises (and
            # is slow); such a value is left as text for the game to refuse.
            options[option.name] = (
                int(text) if option.kind is int and SMALL_INT.fullmatch(text) else text
            )
    try:
        count = int(str(form.get("num_seats", ""))[:3])
    except ValueError:
        return error_page(lang, 422, word("bad_seat_count", lang))
    if not 1 <= count <= 12:
        return error_page(lang, 422, word("bad_seat_count", lang))
    seats = []
    for number in range(count):
        kind = str(form.get(f"seat_{number}", "person"))
        seats.append(
            SeatSpec(kind="bot", bot=kind.removeprefix("bot:") or "random")
            if kind.startswith("bot")
            else SeatSpec(kind="person")
        )
    my_name = str(form.get("name", "")).strip()[:40]
    try:
        if my_name:
            checked_name(my_name)  # before the table is made: a refusal changes nothing
        wanted = NewTable(game=game_id, options=options, seats=seats)
        created = await new_table(request, store, hub, wanted)
    except ApiError as error:
        return error_page(lang, error.status_code, word("cannot_create", lang), error.message)
    table_id = created.table.id
    response = RedirectResponse(f"/t/{table_id}", 303)
    response.set_cookie(
        HOST_COOKIE.format(table=table_id),
        created.host_token,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="lax",
    )
    if my_name and 0 in created.invites:
        try:
            joined = await join_table(store, hub, table_id, created.invites[0], my_name[:40])
        except ApiError as error:
            return error_page(lang, error.status_code, word("name_required", lang), error.message)
        set_seat_cookie(response, table_id, joined.token)
    else:
        await hub.created(created.table)
    return response


def set_seat_cookie(response: Response, table_id: str, token: str) -> None:
    response.set_cookie(
        SEAT_COOKIE.format(table=table_id),
        token,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="lax",
        path=f"/t/{table_id}",
    )


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(
    table_id: str, request: Request, store: StoreDep, hub: HubDep, lang: LangDep
) -> HTMLResponse:
    live = await hub.get(table_id)
    if live is None:
        return error_page(lang, 404, word("not_found", lang))
    seat = store.seat_of(table_id, seat_token(request, table_id))
    host_token = request.cookies.get(HOST_COOKIE.format(table=table_id))
    invites = {}
    if live.info.status == WAITING and host_token and store.is_host(table_id, host_token):
        base = str(request.base_url).rstrip("/")
        invites = {
            s.seat: base + invite_path(table_id, invite_code(host_token, table_id, s.seat))
            for s in live.info.seats
            if not s.filled
        }
    return page(
        "table.html",
        lang,
        live=live,
        seat=seat,
        names=seat_names(live, lang),
        invites=invites,
        game_html=render_game(live, seat, lang),
        title=live.state.game.title(lang),
        seat_name=seat_name,
    )


@router.get("/t/{table_id}/join/{invite}")
async def join_form(
    table_id: str, invite: str, request: Request, store: StoreDep, hub: HubDep, lang: LangDep
) -> Response:
    live = await hub.get(table_id)
    if live is None:
        return error_page(lang, 404, word("not_found", lang))
    if store.seat_of(table_id, seat_token(request, table_id)) is not None:
        return RedirectResponse(f"/t/{table_id}", 303)  # already seated here: back to the table
    full = live.info.status != WAITING
    used = not full and not await asyncio.to_thread(store.invite_open, table_id, invite)
    return page(
        "join.html",
        lang,
        live=live,
        invite=invite,
        full=full,
        used=used,
        seats=seat_list(live, lang),
        title=live.state.game.title(lang),
    )


@router.post("/t/{table_id}/join/{invite}")
async def join_submit(
    table_id: str,
    invite: str,
    name: Annotated[str, Form()],
    store: StoreDep,
    hub: HubDep,
    lang: LangDep,
) -> Response:
    try:
        joined = await join_table(store, hub, table_id, invite, name)
    except ApiError as error:
        key = {"seat_taken": "seat_taken", "bad_name": "name_required"}.get(error.code)
        message = word(key, lang) if key else error.message
        return error_page(lang, error.status_code, message)
    response = RedirectResponse(f"/t/{table_id}", 303)
    set_seat_cookie(response, table_id, joined.token)
    return response


def finished(live: LiveTable | None, lang: str) -> HTMLResponse | None:
    if live is None:
        return error_page(lang, 404, word("not_found", lang))
    if not live.state.is_over:
        return error_page(lang, 403, word("replay_not_ready", lang))
    return None


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(table_id: str, hub: HubDep, lang: LangDep) -> HTMLResponse:
    live = await hub.get(table_id)
    refused = finished(live, lang)
    if refused is not None:
        return refused
    assert live is not None
    return page(
        "replay.html",
        lang,
        live=live,
        total=len(replay_stops(live.state.events)) - 1,
        names=seat_names(live, lang),
        title=live.state.game.title(lang),
    )


@router.get("/t/{table_id}/replay/{step}", response_class=HTMLResponse)
async def replay_step(
    table_id: str, step: int, hub: HubDep, store: StoreDep, lang: LangDep, seat: int | None = None
) -> HTMLResponse:
    """The game area after ``step`` steps, as ``seat`` (or a spectator) saw it.

    A step is an action, except that a choice made in several steps (pick,
    take back, confirm) is one step, shown once complete (``replay_stops``).
    """
    live = await hub.get(table_id)
    refused = finished(live, lang)
    if refused is not None:
        return refused
    assert live is not None
    stops = replay_stops(live.state.events)
    if not 0 <= step < len(stops):
        return error_page(lang, 404, word("bad_step", lang, total=len(stops) - 1))
    if seat is not None and not 0 <= seat < live.info.num_players:
        return error_page(lang, 404, word("bad_seat", lang, n=seat + 1))
    rows = [
        (i, s, a)
        for i, (s, a) in enumerate(
            (e.seat, e.action.to_json()) for e in live.state.events[: stops[step]]
        )
    ]
    past = LiveTable(info=live.info, state=rebuild(live.info, rows))
    return HTMLResponse(render_game(past, seat, lang, replay=True))


@router.get("/t/{table_id}/record.json")
async def record_download(table_id: str, hub: HubDep, store: StoreDep, lang: LangDep) -> Response:
    live = await hub.get(table_id)
    if live is None:
        return JSONResponse({"error": {"code": "table_not_found", "message": "no such table"}}, 404)
    if not live.state.is_over:
        return JSONResponse(
            {"error": {"code": "not_over", "message": NOT_OVER}},
            403,
        )
    name = f"bodoge-{live.info.game}-{table_id}.json"
    return JSONResponse(
        named_record(live, lang, store),
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
