"""What a table sends: each seat's state message, the room beside the game, names.

One state message per seat and language after every change
(:func:`state_message`): the seat's own view and legal actions, the log
events it lacks, and the room (:func:`room`: who plays each seat, who is
away, the clocks), which is the same for everyone.  Nothing here reads a
hidden part of the game: the view is the game's own ``view(seat)``.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from html import escape
from typing import Any

from bodoge.engine import Action, State, seat_name

from . import clock as clocks
from .db import BOT, PERSON, SeatInfo, TableInfo
from .deadlines import grace_end, unseen
from .i18n import word
from .live import LiveTable

log = logging.getLogger("bodoge.server")

Renderer = Callable[[LiveTable, int | None, str], str]
"""Renders a seat's table as HTML in a language (the server's templates)."""


MessageCache = dict[tuple[int | None, bool, str, int | None], str]
"""State messages built during one publish, shared by connections that get the same."""

LOG_LENGTH = 30
"""How many recent events the first state message of a connection carries."""


def seat_names(live: LiveTable, lang: str) -> list[str]:
    """Each seat's display name: the person's chosen name, ``Bot 3``, else ``P2``."""
    return table_names(live.info, lang)


def table_names(info: TableInfo, lang: str) -> list[str]:
    """:func:`seat_names` of a stored table (one not necessarily live)."""
    names = []
    for seat in info.seats:
        if seat.name:
            names.append(seat.name)
        elif seat.kind == BOT:
            names.append(bot_name(seat.seat, lang))
        else:
            names.append(seat_name(seat.seat, lang))
    return names


def bot_name(seat: int, lang: str) -> str:
    """The name of a bot's seat nobody named: ``Bot 3`` / ``ボット3`` (it says it is a bot)."""
    return word("bot_name", lang, n=seat + 1)


def bot_seats(info: TableInfo) -> list[int]:
    """The seats bots play (not a person's seat a bot stands in for): a record's ``meta.bots``."""
    return [seat.seat for seat in info.seats if seat.kind == BOT]


def result_of(state: State) -> dict[str, Any]:
    """A finished game's scores and winners, as stored with the table for the lobby."""
    result: dict[str, Any] = {"scores": list(state.scores), "winners": list(state.winners)}
    if state.stopped:
        result["stopped"] = True
    return result


def disconnected(live: LiveTable, entry: SeatInfo, at: float) -> dict[str, Any] | None:
    """A playing person's seat with no connection: since when, and (with a grace period)
    when a bot stands in; ``None`` for a seat connected, a bot's, or one a bot already
    plays.  A seat whose person never opened the table is away since the table came alive
    here, as its grace period counts, and shown so after :data:`.deadlines.UNSEEN_SECONDS`."""
    if not live.playing or entry.kind != PERSON or entry.by_bot or not entry.filled:
        return None
    if live.present.get(entry.seat):
        return None
    if unseen(live, entry) and entry.seat not in live.unseen_told:
        return None
    grace = None if live.info.grace is None else grace_end(live, entry.seat, at)
    return {"since": live.away.get(entry.seat, at), "stand_in_at": grace}


def room(live: LiveTable, lang: str, at: float) -> dict[str, Any]:
    """Public facts about the table beside the game: who plays each seat, clocks, what next.

    The same for every seat and spectator; nothing in it comes from the game's state
    but ``to_act``, which every view shows.
    """
    names = seat_names(live, lang)
    ticking = set(live.state.to_act) if live.playing else set()
    seats = []
    for entry in live.info.seats:
        clock = live.clocks.get(entry.seat)
        seats.append(
            {
                "seat": entry.seat,
                # an open seat reads as the waiting list says, not P2
                "name": names[entry.seat] if entry.filled else word("open_seat", lang),
                "kind": entry.kind,
                "by_bot": entry.kind == PERSON and entry.by_bot,
                "filled": entry.filled,
                "muted": entry.muted,
                "away": disconnected(live, entry, at),
                "clock": None
                if clock is None or live.info.clock is None
                else {**clocks.public(clock, at), "ticking": entry.seat in ticking},
            }
        )
    return {
        "seats": seats,
        "clock": None if live.info.clock is None else live.info.clock.to_json(),
        "listed": live.info.listed,
        "next": live.info.next_table,
    }


def state_message(
    live: LiveTable,
    seat: int | None,
    html: bool,
    lang: str,
    logged: int | None = None,
    render: Renderer | None = None,
) -> dict[str, Any]:
    """What one seat is sent after a change: its view and its legal actions, nothing else.

    ``log`` holds the events from index ``logged`` on (those the connection
    has not been sent yet), at most the last :data:`LOG_LENGTH`; with
    ``logged=None`` (a new connection) the last :data:`LOG_LENGTH`.  The
    shape is :class:`bodoge.server.sockets.StateMessage`.
    """
    state = live.state
    legal = state.legal_actions(seat) if seat is not None and live.playing else []
    recent = state.version - LOG_LENGTH
    first = recent if logged is None else max(logged, recent)
    message: dict[str, Any] = {
        "type": "state",
        "table": live.info.id,
        "status": live.info.status,
        "version": state.version,
        "seat": seat,
        "answered": answered(state, seat),
        "view": state.view(seat),
        "legal": [legal_entry(action, lang) for action in legal],
        "log": [
            event.for_seat(seat, lang)
            for event in state.events[max(first, 0) :]
            if not event.outcome.draft  # a step of a choice: shown once it is complete
        ],
        "sent_at": time.time(),
        "room": room(live, lang, time.time()),
    }
    if html and render is not None:
        try:
            message["html"] = render(live, seat, lang)
        except Exception:
            log.exception("table %s: rendering for seat %s failed", live.info.id, seat)
            message["html"] = f'<p class="error-box">{escape("The table cannot be shown.")}</p>'
    return message


def answered(state: State, seat: int | None) -> int:
    """The version just after ``seat``'s latest action (0 before its first, and for watchers).

    A client that sent an action on version ``v`` knows it was taken once a
    state arrives with ``answered > v``; a state in between (another seat's
    move in a simultaneous decision) is shown, and the client keeps waiting
    instead of letting its player decide again on a view without that action.
    """
    if seat is not None:
        for index in range(len(state.events) - 1, -1, -1):
            if state.events[index].seat == seat:
                return index + 1
    return 0


def legal_entry(action: Action, lang: str) -> dict[str, Any]:
    """A legal action as sent: its wire form and its label (cached: the same few recur)."""
    try:
        return _legal_entry(action, lang)
    except TypeError:  # an action with an unhashable field
        return {"action": action.to_json(), "label": action.label(lang)}


@functools.lru_cache(maxsize=16_384)
def _legal_entry(action: Action, lang: str) -> dict[str, Any]:
    return {"action": action.to_json(), "label": action.label(lang)}
