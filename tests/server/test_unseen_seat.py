"""A seat whose person never opened the table is shown away, so a table that waits on it
says why; the mark clears when the person arrives."""

from __future__ import annotations

from fastapi.testclient import TestClient

from bodoge.server.deadlines import UNSEEN_SECONDS

from .serverkit import (
    SEALED,
    create,
    fake_time,
    frames_until,
    receive_state,
    run_deadlines,
    socket,
)


def test_a_seat_never_connected_is_shown_away_after_a_moment_and_clears_on_arrival(
    client: TestClient,
) -> None:
    at = fake_time(client)
    table = create(client, game=SEALED, options={"rounds": 1}, grace=60, stand_in="random")
    with socket(client, table.id, table.tokens[0]) as ws:
        first = receive_state(ws)
        since = at.at
        assert first["room"]["seats"][1]["away"] is None  # a moment to arrive
        at.at += UNSEEN_SECONDS + 1
        run_deadlines(client, table.id)
        shown = frames_until(ws, lambda f: f["room"]["seats"][1]["away"] is not None)
        away = shown["room"]["seats"][1]["away"]
        assert away["since"] <= since and away["stand_in_at"] == away["since"] + 60
        assert not shown["room"]["seats"][1]["by_bot"]
        with socket(client, table.id, table.tokens[1]) as late:
            assert receive_state(late)["room"]["seats"][1]["away"] is None
            frames_until(ws, lambda f: f["room"]["seats"][1]["away"] is None)
