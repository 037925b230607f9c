"""The web server on PostgreSQL: a game in process, a restart, and two workers.

The tests of several processes (``tests/workers.py``) race two servers on one
database against each other, and check that ``bodoge serve --workers 2``
keeps each table on one worker.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bodoge.server.app import create_app
from bodoge.server.config import Settings
from bodoge.server.db import Store
from workers import (
    PEOPLE,
    check_each_table_stays_on_one_worker,
    check_no_bot_move_is_refused,
    check_sight_ends_on_every_socket,
    check_two_servers_share_a_table,
    create_table,
    replayed,
)

# ------------------------------------------------------------------ helpers


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise TimeoutError in the main thread if the block runs longer (POSIX)."""

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def without_time(message: dict[str, Any]) -> dict[str, Any]:
    """The message but its send time, its log (a new connection gets the recent past) and who
    is connected now (a seat whose page closed shows as away: live, not stored)."""
    kept = {k: v for k, v in message.items() if k not in ("sent_at", "log")}
    if "room" in kept:
        seats = [{k: v for k, v in seat.items() if k != "away"} for seat in kept["room"]["seats"]]
        kept["room"] = {**kept["room"], "seats": seats}
    return kept


# ------------------------------------------------------- in-process server


def test_a_game_on_postgres_continues_after_a_restart(pg_url: str) -> None:
    settings = Settings(database_url=pg_url, bot_pause=0)
    rng = random.Random(5)
    with deadline(60):
        with TestClient(create_app(settings)) as client:

            def call(method: str, path: str, body: object) -> Any:
                response = client.request(method, path, json=body)
                assert response.status_code < 300, response.text
                return response.json()

            table_id, tokens = create_table(call)
            last = play_in_process(client, table_id, tokens, rng, stop_at=25)
        assert not last[0]["view"]["is_over"]

        # A new server on the same database: the table is rebuilt by replay.
        with TestClient(create_app(settings)) as client:
            for seat in PEOPLE:
                with client.websocket_connect(f"/t/{table_id}/ws?token={tokens[seat]}") as ws:
                    again = ws.receive_json()
                    assert without_time(again) == without_time(last[seat])
                    tail = last[seat]["log"]
                    assert again["log"][len(again["log"]) - len(tail) :] == tail
            final = play_in_process(client, table_id, tokens, rng, stop_at=None)
            record = client.get(
                f"/api/tables/{table_id}/record", params={"token": tokens[PEOPLE[0]]}
            ).json()

    store = Store(pg_url)
    try:
        state = replayed(store, table_id)
        assert state.is_over and final[0]["view"]["is_over"]
        assert record["actions"] == state.record()["actions"]
        assert record["seed"] == state.record()["seed"]
        for seat in PEOPLE:
            assert final[seat]["version"] == state.version
            assert final[seat]["view"] == json.loads(json.dumps(state.view(seat)))
    finally:
        store.engine.dispose()


def play_in_process(
    client: TestClient,
    table_id: str,
    tokens: dict[int, str],
    rng: random.Random,
    stop_at: int | None,
) -> dict[int, dict[str, Any]]:
    """Play the people's seats through one socket each until the end (or ``stop_at``).

    In one process every version reaches every socket, in order.
    """
    with contextlib.ExitStack() as stack:
        sockets = {
            seat: stack.enter_context(
                client.websocket_connect(f"/t/{table_id}/ws?token={tokens[seat]}")
            )
            for seat in PEOPLE
        }
        latest = {seat: sockets[seat].receive_json() for seat in PEOPLE}
        start = latest[0]["version"]
        seen: dict[int, list[int]] = {seat: [start] for seat in PEOPLE}
        while True:
            # Bots act on their own; read until a person must act or the game ends.
            for seat in PEOPLE:
                while True:
                    message = latest[seat]
                    view = message["view"]
                    if view["is_over"] or set(view["to_act"]) & set(PEOPLE):
                        break
                    latest[seat] = sockets[seat].receive_json()
                    seen[seat].append(latest[seat]["version"])
            assert latest[0]["version"] == latest[1]["version"], seen
            version = latest[0]["version"]
            if latest[0]["view"]["is_over"] or (stop_at is not None and version >= stop_at):
                break
            seat = next(s for s in latest[0]["view"]["to_act"] if s in PEOPLE)
            action = rng.choice(latest[seat]["legal"])["action"]
            sockets[seat].send_json({"type": "act", "version": version, "action": action})
            for other in PEOPLE:
                while latest[other]["version"] <= version:  # it may be pushed again first
                    latest[other] = sockets[other].receive_json()
                    assert latest[other]["type"] == "state", latest[other]
                    seen[other].append(latest[other]["version"])
        for seat in PEOPLE:
            assert seen[seat] == sorted(seen[seat])
            assert set(seen[seat]) == set(range(start, latest[seat]["version"] + 1))
        return latest


# ------------------------------------------------------------- two workers


def test_two_servers_share_a_table(pg_url: str) -> None:
    check_two_servers_share_a_table(pg_url)


def test_each_table_stays_on_one_worker(pg_url: str) -> None:
    check_each_table_stays_on_one_worker(pg_url)


def test_no_bot_move_is_refused_under_two_workers(pg_url: str) -> None:
    check_no_bot_move_is_refused(pg_url)


@pytest.mark.parametrize("workers", [1, 2])
def test_sight_ends_on_every_socket(pg_url: str, workers: int) -> None:
    check_sight_ends_on_every_socket(pg_url, workers)
