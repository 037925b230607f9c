"""The HTML pages: lobby, table, invitation, replay, record download."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

import bodoge
from bodoge.engine import BodogeError, Game, replay_stops, seat_name
from bodoge.games import BUILTIN_IDS

from .access import (
    NOT_ALLOWED,
    NOT_ALLOWED_MESSAGE,
    WATCH_COOKIE,
    WATCH_QUERY,
    NotSeen,
    by_key,
    may_see,
    seen_table,
    watch_key_of,
)
from .api import (
    ApiError,
    ClockIn,
    NewTable,
    SeatSpec,
    as_host,
    checked_name,
    host_listed,
    host_mute,
    host_new_watch_link,
    host_revoke,
    host_set_seat,
    host_status,
    invite_path,
    join_table,
    new_table,
    rematch,
    sit_at,
    watch_path,
)
from .chat import chat_line
from .clock import PRESETS, ClockSpec
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
    Store,
    TableInfo,
    current_watch_key,
    invite_code,
)
from .deps import HOST_COOKIE, SEAT_COOKIE, HubDep, LangDep, StoreDep, seat_token
from .devices import (
    DEVICE_AGE,
    DEVICE_COOKIE,
    Remembered,
    device_of,
    forget,
    new_device,
    remember,
    remembered,
)
from .forms import (
    Refusal,
    api_refusal,
    form_count,
    form_options,
    player_ranges,
    team_layouts,
)
from .hub import Hub
from .i18n import LANG_COOKIE, word
from .live import LiveTable
from .messages import bot_name, bot_seats, room, seat_names
from .rebuilding import rebuild
from .render import named_record, render_game, render_page, seat_list, seat_teams
from .reviews import page_words, reviewable_seats

router = APIRouter(include_in_schema=False)

COOKIE_AGE = 60 * 60 * 24 * 30
NOT_OVER = "the record is available when the game is over"


def page(name: str, lang: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(render_page(name, lang=lang, **context), status_code=status)


def error_page(lang: str, status: int, message: str, detail: str = "") -> HTMLResponse:
    return page("error.html", lang, status=status, message=message, detail=detail)


def not_allowed_page(lang: str) -> HTMLResponse:
    """The refusal of a private table to someone who may not see it (it names nothing)."""
    return error_page(lang, 403, word(NOT_ALLOWED, lang), word("not_allowed_detail", lang))


def remember_watch(request: Request, response: Response, info: TableInfo) -> Response:
    """A valid ``?watch=`` key is kept in a cookie of that table's pages and socket, so
    the replay, its steps and the live game admit the same visitor without it."""
    key = request.query_params.get(WATCH_QUERY)
    if key and by_key(info, key):
        set_watch_cookie(response, info.id, key)
    return response


def set_watch_cookie(response: Response, table_id: str, key: str) -> None:
    set_table_cookie(response, WATCH_COOKIE, table_id, key)


def set_table_cookie(response: Response, name: str, table_id: str, value: str) -> None:
    """A cookie of one table (``name`` holds ``{table}``): of its pages and socket only, so
    a browser sends the same few cookies however many tables it has joined
    (:mod:`bodoge.server.devices`)."""
    response.set_cookie(
        name.format(table=table_id),
        value,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="lax",
        path=f"/t/{table_id}",
    )


async def keep_secrets(
    request: Request,
    response: Response,
    store: Store,
    table_id: str,
    seat: str | None = None,
    host: str | None = None,
) -> None:
    """Give the browser the table's seat token or host secret (cookies of its path) and
    keep the table in the browser's list, which the lobby shows."""
    if seat:
        set_table_cookie(response, SEAT_COOKIE, table_id, seat)
    if host:
        set_table_cookie(response, HOST_COOKIE, table_id, host)
    device = await asyncio.to_thread(own_device, request, response)
    await asyncio.to_thread(remember, store, device, table_id, seat, host)


def own_device(request: Request, response: Response) -> str:
    """The hash naming this browser; a browser without one is given its cookie now."""
    value = request.cookies.get(DEVICE_COOKIE)
    device = device_of(value)
    if value is None or device is None:
        value = new_device()
        device = device_of(value)
        assert device is not None
    response.set_cookie(
        DEVICE_COOKIE, value, max_age=DEVICE_AGE, httponly=True, samesite="lax", path="/"
    )
    return device


LOBBY_BOTS = (
    ("easy", "bot_easy"),
    ("normal", "bot_normal"),
    ("strong", "bot_strong"),
    ("random", "bot_random"),
)
"""The bots the lobby offers: spec and the word that describes it (the levels, easiest first,
then uniformly random moves, for trying a game out)."""
LOBBY_DEFAULT = "normal"
"""The level the lobby picks for the seats after the first, and for the stand-in."""
NEEDS_STRATEGY = frozenset({"easy", "normal"})
"""Levels that play the game's own strategy: not offered for a game that has none."""


def bots_for(game: Game, lang: str) -> list[tuple[str, str]]:
    offered = []
    for spec, key in LOBBY_BOTS:
        if spec in NEEDS_STRATEGY and game.heuristic_bot(0) is None:
            continue
        offered.append((spec, word(key, lang)))
    return offered


def default_bot(offered: list[tuple[str, str]]) -> str:
    """The bot the lobby selects first among ``offered``: the normal level where there is one."""
    specs = [spec for spec, _ in offered]
    return LOBBY_DEFAULT if LOBBY_DEFAULT in specs else specs[0]


def games_for_lobby(lang: str) -> list[dict[str, Any]]:
    games = []
    for game_id in BUILTIN_IDS:
        game = bodoge.get_game(game_id)
        ranges = player_ranges(game)
        games.append(
            {
                "game": game,
                "meta": game.metadata(),
                "low": min(r["low"] for r in ranges),
                "high": max(r["high"] for r in ranges),
                "ranges": ranges,
                "teams": team_layouts(game),
                "bots": bots_for(game, lang),
                "default_bot": default_bot(bots_for(game, lang)),
            }
        )
    return games


GRACES = ("none", "60", "120", "600")
"""The grace periods the lobby offers (seconds; "none": wait for ever); 120 is chosen first."""


def ago(seconds: float, lang: str) -> str:
    """A duration in words: ``45 s``, ``3 min``, ``2 h``, ``1 d``."""
    seconds = max(0, int(seconds))
    for limit, unit, key in ((60, 1, "ago_s"), (3600, 60, "ago_m"), (86400, 3600, "ago_h")):
        if seconds < limit:
            return word(key, lang, n=seconds // unit)
    return word("ago_d", lang, n=seconds // 86400)


def names_of(info: TableInfo, seats: Any, lang: str) -> str:
    named = {s.seat: s.name for s in info.seats}
    return ", ".join(named.get(seat) or bot_name(seat, lang) for seat in seats)


MY_TABLES = 20
"""How many of the browser's tables the lobby shows at a time (most recent first)."""
MY_PAGES = 1000
"""The furthest page of the browser's tables the lobby turns to."""


def cookie_tables(cookies: Mapping[str, str]) -> dict[str, tuple[str | None, str | None]]:
    """(seat token, host secret) of each table whose cookie this request carries on ``/``:
    only cookies set there by an older version reach the lobby."""
    found: dict[str, list[str | None]] = {}
    for kind, pattern in enumerate((SEAT_COOKIE, HOST_COOKIE)):
        prefix = pattern.removesuffix("{table}")
        for name, value in cookies.items():
            table_id = name.removeprefix(prefix)
            if name.startswith(prefix) and TABLE_ID.fullmatch(table_id) and len(value) <= 200:
                found.setdefault(table_id, [None, None])[kind] = value
    return {tid: (pair[0], pair[1]) for tid, pair in found.items()}


def move_old_cookies(request: Request, response: Response, store: Store) -> str | None:
    """Seat and host cookies of ``/`` (an older version's) become cookies of their table's
    path, and the browser's list keeps their tables: the lobby's requests shrink.  The
    browser's device hash when there were any."""
    old = cookie_tables(request.cookies)
    if not old:
        return None
    device = own_device(request, response)
    for table_id, (token, secret) in old.items():
        remember(store, device, table_id, token, secret)
        for name, value in ((SEAT_COOKIE, token), (HOST_COOKIE, secret)):
            if value:
                set_table_cookie(response, name, table_id, value)
                response.delete_cookie(name.format(table=table_id), path="/")
    return device


def holds(info: TableInfo, kept: Remembered) -> bool:
    """Whether the browser's seat or host secret of the table still holds there."""
    seat = kept.seat_hash is not None and kept.seat_hash in info.token_hashes
    host = bool(kept.host_hash) and secrets.compare_digest(kept.host_hash or "", info.host_hash)
    return seat or host


def own_tables(store: Store, device: str | None, page: int) -> tuple[list[TableInfo], bool]:
    """The browser's tables whose seat or host secret still holds, most recent first,
    ``page`` (from 0) of :data:`MY_TABLES`; and whether there are more after them."""
    if device is None:
        return [], False
    kept = remembered(store, device, page * MY_TABLES, MY_TABLES + 1)
    mine, gone = [], []
    for entry in kept[:MY_TABLES]:
        info = store.table(entry.table_id)
        if info is None:
            gone.append(entry.table_id)
        elif holds(info, entry):
            mine.append(info)
    forget(store, device, gone)
    return mine, len(kept) > MY_TABLES


def lobby_lists(
    store: Any, hub: Hub, lang: str, device: str | None = None, page: int = 0
) -> dict[str, Any]:
    """The lobby's two lists: open tables (anyone may sit), and the visitor's own tables
    (:func:`own_tables`: whose turn and for how long, or the winner and scores).  A
    private table is listed to nobody else."""
    listed = [
        t
        for t in store.tables([WAITING], limit=200)
        if t.listed and any(s.kind == PERSON and not s.filled for s in t.seats)
    ][:20]
    mine, more = own_tables(store, device, page)
    playing = [t for t in mine if t.status == PLAYING]
    moved = store.last_moves([t.id for t in playing])
    at = time.time()
    entries = []
    for info in mine:
        entry: dict[str, Any] = {"info": info, "turn": "", "line": "", "scores": []}
        if info.status == PLAYING:
            entry["turn"] = turn_line(
                hub, info, at - moved.get(info.id, info.created_at.timestamp()), lang
            )
        elif info.status in (OVER, ABANDONED):
            entry["line"], entry["scores"] = result_lines(info, lang)
        entries.append(entry)
    return {
        "listed": [
            {"info": t, "free": sum(s.kind == PERSON and not s.filled for s in t.seats)}
            for t in listed
        ],
        "mine": entries,
        "mine_page": page,
        "mine_more": more,
        "mine_size": MY_TABLES,
    }


def turn_line(hub: Hub, info: TableInfo, waited_seconds: float, lang: str) -> str:
    """Whose turn it is and for how long (a game live in another worker: its last move)."""
    live = hub.tables.get(info.id)
    waited = ago(waited_seconds, lang)
    if live is None:  # live in another worker: whose turn it is would mean replaying it
        return word("moved_ago", lang, time=waited)
    if live.state.to_act:
        return word("turn_waited", lang, names=names_of(info, live.state.to_act, lang), time=waited)
    return ""


def result_lines(info: TableInfo, lang: str) -> tuple[str, list[tuple[str, Any]]]:
    """A finished game's line (the winner, or no winner) and its scores."""
    result = info.result or {}
    winners = result.get("winners") or []
    line = ""
    if info.status == ABANDONED:
        line = word("no_winner", lang)
    elif result:
        line = (
            word("won_by", lang, names=names_of(info, winners, lang))
            if winners
            else word("no_winner", lang)
        )
    game = bodoge.get_game(info.game)
    scores = [
        (names_of(info, [n], lang), game.score_label(score, lang))
        for n, score in enumerate(result.get("scores", []))
    ]
    return line, scores


@router.get("/", response_class=HTMLResponse)
async def lobby(
    request: Request, store: StoreDep, hub: HubDep, lang: LangDep, mine: str = "0"
) -> HTMLResponse:
    """The lobby; ``?mine=N`` turns the list of the visitor's tables to its page N (any
    other value: the first)."""
    moved = Response()
    device = await asyncio.to_thread(move_old_cookies, request, moved, store)
    device = device or device_of(request.cookies.get(DEVICE_COOKIE))
    shown = min(int(mine), MY_PAGES) if mine.isascii() and mine.isdigit() else 0
    lists = await asyncio.to_thread(lobby_lists, store, hub, lang, device, shown)
    response = page(
        "lobby.html",
        lang,
        games=games_for_lobby(lang),
        clocks=[(name, word(f"clock_{name}", lang)) for name, _ in PRESETS],
        graces=[(g, word(f"grace_{g}", lang)) for g in GRACES],
        titles={gid: bodoge.get_game(gid).title(lang) for gid in BUILTIN_IDS},
        **lists,
    )
    response.raw_headers.extend(h for h in moved.raw_headers if h[0] == b"set-cookie")
    return response


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
    """The lobby's form: game, options, seats; the creator may sit at seat 1.

    A refusal is a page in the visitor's language saying what to change (``forms``).
    """
    form = await request.form()
    try:
        wanted = table_from_form(form, lang)
        my_name = str(form.get("name", "")).strip()[:40]
        try:
            if my_name:
                checked_name(my_name)  # before the table is made: a refusal changes nothing
            created = await new_table(request, store, hub, wanted)
        except ApiError as error:
            raise api_refusal(error.status_code, error.code, lang) from None
    except Refusal as refusal:
        return error_page(lang, refusal.status, refusal.message)
    table_id = created.table.id
    response = RedirectResponse(f"/t/{table_id}", 303)
    seat = None
    if my_name and 0 in created.invites:
        try:
            joined = await join_table(store, hub, table_id, created.invites[0], my_name[:40])
        except ApiError as error:
            refused = error_page(lang, error.status_code, word("name_required", lang))
            await keep_secrets(request, refused, store, table_id, host=created.host_token)
            return refused
        seat = joined.token
    else:
        await hub.created(created.table)
    await keep_secrets(request, response, store, table_id, seat, created.host_token)
    return response


def table_from_form(form: Any, lang: str) -> NewTable:
    """The table the lobby's form asks for, or a :class:`Refusal` in the visitor's words."""
    game_id = str(form.get("game", ""))
    try:
        game = bodoge.get_game(game_id)
    except BodogeError:
        raise Refusal(422, word("form_unknown_game", lang)) from None
    options = form_options(game, form, lang)
    count = form_count(game, form, options, lang)
    seats = []
    for number in range(count):
        kind = str(form.get(f"seat_{number}", "person"))
        seats.append(
            SeatSpec(kind="bot", bot=kind.removeprefix("bot:") or "random")
            if kind.startswith("bot")
            else SeatSpec(kind="person")
        )
    clock = dict(PRESETS).get(str(form.get("clock", "none")))
    grace = str(form.get("grace", "none"))
    stand_in = str(form.get("stand_in", "")).removeprefix("bot:") or None
    return NewTable(
        game=game_id,
        options=options,
        seats=seats,
        clock=None if clock is None else ClockIn.model_validate(clock),
        grace=float(grace) if grace in GRACES[1:] else None,
        stand_in=stand_in if stand_in in dict(LOBBY_BOTS) else None,
        listed=form.get("listed") == "on",
        watch="link" if form.get("watch") == LINK else "players",
    )


def in_words(error: ApiError, lang: str) -> str:
    """A refusal of a page's form in the visitor's language (never the API's own words)."""
    return api_refusal(error.status_code, error.code, lang, "form_other").message


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(
    table_id: str, request: Request, store: StoreDep, hub: HubDep, lang: LangDep
) -> HTMLResponse:
    live = await seen_page(request, hub, table_id, lang)
    if isinstance(live, HTMLResponse):
        return live
    seat = store.seat_of(table_id, seat_token(request, table_id))
    host_token = request.cookies.get(HOST_COOKIE.format(table=table_id))
    invites = {}
    is_host = bool(host_token) and store.is_host(table_id, host_token or "")
    if live.info.status == WAITING and is_host and host_token:
        base = str(request.base_url).rstrip("/")
        invites = {
            s.seat: base
            + invite_path(table_id, invite_code(host_token, table_id, s.seat, s.invite_gen))
            for s in live.info.seats
            if not s.filled
        }
    watch_link = ""
    key = current_watch_key(host_token, live.info.watch_hash) if is_host and host_token else None
    if key is not None and live.info.watch == LINK:
        watch_link = str(request.base_url).rstrip("/") + watch_path(table_id, key)
    game = live.state.game
    response = page(
        "table.html",
        lang,
        live=live,
        seat=seat,
        names=seat_names(live, lang),
        invites=invites,
        game_html=render_game(live, seat, lang),
        title=game.title(lang),
        seat_name=seat_name,
        room=room(live, lang, time.time()),
        chat=[chat_line(live, line, lang) for line in live.chat[-200:]],
        is_host=is_host,
        bots=bots_for(game, lang),
        default_bot=default_bot(bots_for(game, lang)),
        clock_text=clock_text(live.info.clock, lang),
        teams=seat_teams(live),
        watch_link=watch_link,
    )
    remember_watch(request, response, live.info)
    return response


def clock_text(spec: ClockSpec | None, lang: str) -> str:
    """A table's clock in words: ``2 min a move``, ``5 min + 10 s a move``."""
    if spec is None:
        return word("clock_none", lang)
    if spec.kind == "move":
        return word("clock_move", lang, s=ago(spec.seconds, lang))
    return word("clock_bank", lang, s=ago(spec.seconds, lang), i=ago(spec.increment, lang))


@router.get("/t/{table_id}/join/{invite}")
async def join_form(
    table_id: str, invite: str, request: Request, store: StoreDep, hub: HubDep, lang: LangDep
) -> Response:
    info = await hub.info(table_id)
    if info is None:
        return error_page(lang, 404, word("not_found", lang))
    if store.seat_of(table_id, seat_token(request, table_id)) is not None:
        return RedirectResponse(f"/t/{table_id}", 303)  # already seated here: back to the table
    full = info.status != WAITING
    used = not full and not await asyncio.to_thread(store.invite_open, table_id, invite)
    if (full or used) and not await may_see(request, store, info):
        # A link that opens no seat says nothing of a table its holder may not see
        # (not even its game), and promises nothing: the same page for every such link.
        return page("join.html", lang, closed=True)
    live = await hub.get(table_id)
    if live is None:
        return error_page(lang, 404, word("not_found", lang))
    return join_page(live, lang, full=full, used=used)


def join_page(
    live: LiveTable, lang: str, status: int = 200, name: str = "", refused: str = "", **shut: bool
) -> HTMLResponse:
    """The join form; a refused ``name`` is kept in its field, the refusal beside it."""
    return page(
        "join.html",
        lang,
        status=status,
        live=live,
        full=shut.get("full", False),
        used=shut.get("used", False),
        seats=seat_list(live, lang),
        may_watch=any(shut.values()),
        title=live.state.game.title(lang),
        typed=name,
        refused=refused,
    )


NAME_WORDS = {"bad_name": "name_required", "name_taken": "name_taken"}
"""The words of a name refused when joining."""


@router.post("/t/{table_id}/join/{invite}")
async def join_submit(
    table_id: str,
    invite: str,
    name: Annotated[str, Form()],
    request: Request,
    store: StoreDep,
    hub: HubDep,
    lang: LangDep,
) -> Response:
    try:
        joined = await join_table(store, hub, table_id, invite, name)
    except ApiError as error:
        live = await hub.get(table_id)
        if error.code in NAME_WORDS and live is not None:  # try another name in place
            refused = word(NAME_WORDS[error.code], lang)
            return join_page(live, lang, error.status_code, name[:40], refused)
        key = {"seat_taken": "seat_taken", **NAME_WORDS}.get(error.code)
        message = word(key, lang) if key else in_words(error, lang)
        return error_page(lang, error.status_code, message)
    response = RedirectResponse(f"/t/{table_id}", 303)
    await keep_secrets(request, response, store, table_id, seat=joined.token)
    return response


async def seen_page(
    request: Request, hub: Hub, table_id: str, lang: str
) -> LiveTable | HTMLResponse:
    """The table if this visitor may see it, else the refusal's page (no such table, or not
    theirs to see: then nothing of it was loaded)."""
    try:
        live = await seen_table(request, hub, table_id)
    except NotSeen:
        return not_allowed_page(lang)
    if live is None:
        return error_page(lang, 404, word("not_found", lang))
    return live


async def finished(
    request: Request, hub: Hub, table_id: str, lang: str
) -> LiveTable | HTMLResponse:
    """The table of a replay, else its refusal: no such table, not the visitor's to see,
    or not over yet."""
    live = await seen_page(request, hub, table_id, lang)
    if isinstance(live, LiveTable) and not live.ended:
        return error_page(lang, 403, word("replay_not_ready", lang))
    return live


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(
    table_id: str, request: Request, hub: HubDep, store: StoreDep, lang: LangDep
) -> HTMLResponse:
    live = await finished(request, hub, table_id, lang)
    if isinstance(live, HTMLResponse):
        return live
    stops = replay_stops(live.state.events)
    own = await asyncio.to_thread(store.seat_of, table_id, seat_token(request, table_id))
    response = page(
        "replay.html",
        lang,
        live=live,
        total=len(stops) - 1,
        stops=stops,
        chat=[chat_line(live, line, lang) for line in live.chat],
        names=seat_names(live, lang),
        title=live.state.game.title(lang),
        own_seat=own,
        review_seats=reviewable_seats(seat_names(live, lang), bot_seats(live.info), own, lang),
        review_words=page_words(lang),
    )
    remember_watch(request, response, live.info)
    return response


@router.get("/t/{table_id}/replay/{step}", response_class=HTMLResponse)
async def replay_step(
    table_id: str,
    step: int,
    request: Request,
    hub: HubDep,
    store: StoreDep,
    lang: LangDep,
    seat: int | None = None,
) -> HTMLResponse:
    """The game area after ``step`` steps, as ``seat`` (or a spectator) saw it.

    A step is an action, except that a choice made in several steps (pick,
    take back, confirm) is one step, shown once complete (``replay_stops``).
    """
    live = await finished(request, hub, table_id, lang)
    if isinstance(live, HTMLResponse):
        return live
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
async def record_download(
    table_id: str, request: Request, hub: HubDep, store: StoreDep, lang: LangDep
) -> Response:
    try:
        live = await seen_table(request, hub, table_id)
    except NotSeen:
        return JSONResponse({"error": {"code": NOT_ALLOWED, "message": NOT_ALLOWED_MESSAGE}}, 403)
    if live is None:
        return JSONResponse({"error": {"code": "table_not_found", "message": "no such table"}}, 404)
    if not live.ended:
        return JSONResponse(
            {"error": {"code": "not_over", "message": NOT_OVER}},
            403,
        )
    name = f"bodoge-{live.info.game}-{table_id}.json"
    return JSONResponse(
        named_record(live, lang, store),
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


# ------------------------------------------------------------ the host's forms


async def host_form(
    request: Request, store: Any, hub: Hub, lang: str, table_id: str, change: Any
) -> Response:
    """Run one of the host's changes from a form; back to the table (or an error page)."""
    try:
        live, secret = await as_host(request, store, hub, table_id)
        await change(live, secret)
    except ApiError as error:
        return error_page(lang, error.status_code, in_words(error, lang))
    return RedirectResponse(f"/t/{table_id}", 303)


@router.post("/t/{table_id}/host/seat/{seat}")
async def host_seat_form(
    table_id: str, seat: int, request: Request, store: StoreDep, hub: HubDep, lang: LangDep
) -> Response:
    """``kind``: ``person``, ``bot`` (the table's stand-in level) or ``bot:<spec>``."""
    form = await request.form()
    kind = str(form.get("kind", ""))[:200]

    async def change(live: LiveTable, secret: str) -> None:
        bot = kind.removeprefix("bot:") if kind.startswith("bot:") else live.info.stand_in
        if not kind.startswith("bot") and kind != PERSON:
            raise ApiError(422, "bad_request", "a seat is a person's or a bot's")
        await host_set_seat(
            store, hub, live, secret, seat, BOT if kind.startswith("bot") else PERSON, bot
        )

    return await host_form(request, store, hub, lang, table_id, change)


@router.post("/t/{table_id}/host/revoke/{seat}")
async def host_revoke_form(
    table_id: str, seat: int, request: Request, store: StoreDep, hub: HubDep, lang: LangDep
) -> Response:
    async def change(live: LiveTable, secret: str) -> None:
        own = live.info.seat_for(seat_token(request, table_id))
        await host_revoke(store, hub, live, secret, seat, own)

    return await host_form(request, store, hub, lang, table_id, change)


@router.post("/t/{table_id}/host/mute/{seat}")
async def host_mute_form(
    table_id: str, seat: int, request: Request, store: StoreDep, hub: HubDep, lang: LangDep
) -> Response:
    muted = (await request.form()).get("muted") == "1"

    async def change(live: LiveTable, secret: str) -> None:
        await host_mute(store, hub, live, seat, muted)

    return await host_form(request, store, hub, lang, table_id, change)


@router.post("/t/{table_id}/host/{what}")
async def host_table_form(
    table_id: str, what: str, request: Request, store: StoreDep, hub: HubDep, lang: LangDep
) -> Response:
    """``cancel``, ``end``, ``open`` or ``close`` the table, or give it a new ``watch`` link."""
    if what not in ("cancel", "end", "open", "close", "watch"):
        return error_page(lang, 404, word("not_found", lang))

    async def change(live: LiveTable, secret: str) -> None:
        if what == "watch":
            await host_new_watch_link(store, hub, live, secret)
        elif what in ("open", "close"):
            await host_listed(store, hub, live, what == "open")
        else:
            await host_status(store, hub, live, CANCELLED if what == "cancel" else ABANDONED)

    return await host_form(request, store, hub, lang, table_id, change)


# ------------------------------------------------------- open tables, rematch


@router.post("/t/{table_id}/sit")
async def sit_form(
    table_id: str,
    name: Annotated[str, Form()],
    request: Request,
    store: StoreDep,
    hub: HubDep,
    lang: LangDep,
) -> Response:
    """The lobby's Join button: the first free seat of an open table."""
    try:
        joined = await sit_at(store, hub, table_id, name)
    except ApiError as error:
        key = {"seat_taken": "table_full", **NAME_WORDS}.get(error.code)
        return error_page(
            lang, error.status_code, word(key, lang) if key else in_words(error, lang)
        )
    response = RedirectResponse(f"/t/{table_id}", 303)
    await keep_secrets(request, response, store, table_id, seat=joined.token)
    return response


@router.post("/t/{table_id}/rematch")
async def rematch_form(
    table_id: str, request: Request, store: StoreDep, hub: HubDep, lang: LangDep
) -> Response:
    """ "Play again": the rematch (made once), then each person's way to their new seat."""
    try:
        await rematch(request, store, hub, table_id)
    except ApiError as error:
        if error.code == "not_seated":  # a spectator: set up a table of their own
            return RedirectResponse("/", 303)
        return error_page(lang, error.status_code, in_words(error, lang))
    return RedirectResponse(f"/t/{table_id}/next", 303)


@router.get("/t/{table_id}/next")
async def next_table(table_id: str, request: Request, store: StoreDep, hub: HubDep) -> Response:
    """The rematch's table: a person of this table gets the seat cookie of their new seat.

    The new seat holds the same token (only its hash is stored), so the
    cookie this table's path received leads on without a new invitation;
    the host's cookie follows too, and so does a watch key (a rematch keeps
    its table's setting and key).  Anyone else is refused, as at any table.
    """
    info = await hub.info(table_id)
    if info is None or info.next_table is None:
        return RedirectResponse(f"/t/{table_id}", 303)
    new_id = info.next_table
    response = RedirectResponse(f"/t/{new_id}", 303)
    token = seat_token(request, table_id)
    if not (token and len(token) <= 200 and info.seat_for(token) is not None):
        token = None
    secret = request.cookies.get(HOST_COOKIE.format(table=table_id))
    if not (
        secret and len(secret) <= 200 and await asyncio.to_thread(store.is_host, new_id, secret)
    ):
        secret = None
    if token or secret:
        await keep_secrets(request, response, store, new_id, token, secret)
    key = watch_key_of(request, table_id)
    if key and by_key(info, key):
        set_watch_cookie(response, new_id, key)
    return response
