"""A table's state rebuilt from what the database stored, and readings of it reconciled.

A worker loads a table by replaying its stored actions (:func:`rebuild_live`,
which also finds the window of a simultaneous decision still open), and
takes a fresh reading of its seats only when it is not behind the one it
holds (:func:`latest`): two workers' changes may arrive in either order.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import bodoge
from bodoge.engine import InvalidRecord, State

from .db import ABANDONED, CANCELLED, OVER, PLAYING, WAITING, SeatInfo, TableInfo

STATUS_RANK = {WAITING: 0, CANCELLED: 1, PLAYING: 1, OVER: 2, ABANDONED: 2}


def latest(current: TableInfo, read: TableInfo) -> TableInfo:
    """Of two readings of a table, the one that is not behind the other.

    Every seat only moves forward (:func:`seat_progress`) and a table only
    from waiting to playing to over, so a reading with a seat behind is an
    old one (two changes may finish in either order); a reading never takes
    a finished game back.
    """
    pairs = zip(current.seats, read.seats, strict=True)
    if any(seat_progress(new) < seat_progress(old) for old, new in pairs):
        return current
    if STATUS_RANK[read.status] < STATUS_RANK[current.status]:
        return dataclasses.replace(read, status=current.status)
    return read


def seat_progress(seat: SeatInfo) -> tuple[int, bool]:
    """How far a seat has come: within an invitation's generation it is only
    ever filled, and a revoked invitation or a change of kind starts the next
    generation (so a seat emptied by a revoke is ahead, not behind)."""
    return seat.invite_gen, seat.filled


def next_window(window: int, before: tuple[int, ...], seat: int, after: State) -> int:
    """The window after ``seat`` acted where ``before`` were to act (module docstring)."""
    if len(before) > 1:
        waiting = set(after.to_act)
        if waiting == set(before) - {seat}:  # a seat committed
            return window
        if waiting == set(before) and after.events[-1].outcome.secret:  # a secret step
            return window
    return after.version


def record_of(info: TableInfo, rows: list[tuple[int, int, dict[str, Any]]]) -> dict[str, Any]:
    """The game record of a stored table: its set-up and its stored actions."""
    return {
        "format": bodoge.engine.RECORD_FORMAT,
        "game": info.game,
        "game_version": bodoge.get_game(info.game).version,
        "options": info.options,
        "num_players": info.num_players,
        "seed": info.seed,
        "actions": [[seat, action] for _, seat, action in rows],
    }


def rebuild(info: TableInfo, rows: list[tuple[int, int, dict[str, Any]]]) -> State:
    """The table's state: its set-up replayed with its stored actions."""
    return bodoge.replay(record_of(info, rows))


def rebuild_live(info: TableInfo, rows: list[tuple[int, int, dict[str, Any]]]) -> tuple[State, int]:
    """Like :func:`rebuild`, and the simultaneous-decision window of the result."""
    state = rebuild(info, [])
    window = 0
    for index, (seq, seat, wire) in enumerate(rows):
        if seq != index:
            raise InvalidRecord(f"table {info.id}: step {seq} stored where {index} was expected")
        before = state.to_act
        state.apply(seat, state.game.parse_action(wire))
        window = next_window(window, before, seat, state)
    return state, window
