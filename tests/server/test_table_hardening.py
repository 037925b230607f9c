"""Issue 33 in process: a seat that changes hands, clocks that cannot be stalled,
revokes racing joins, mutes, names, ended tables, private tables."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .serverkit import (
    SEALED,
    act,
    bid,
    create,
    frames_until,
    host,
    join_seat,
    receive_error,
    receive_state,
    socket,
)


def revoke(client: TestClient, table_id: str, seat: int, host_token: str) -> str:
    """The seat's new invitation code after the host revoked the old one."""
    response = client.post(
        f"/api/tables/{table_id}/seats/{seat}/revoke", headers={"X-Bodoge-Host": host_token}
    )
    assert response.status_code == 200, response.text
    code: str = response.json()["invite"].rsplit("/", 1)[1]
    return code


THREE = ("person", "person", "person")


# ------------------------------------------------ 1. a revoked player keeps no seat


def test_a_revoked_players_socket_becomes_a_spectators_before_the_newcomer_plays(
    client: TestClient,
) -> None:
    """Mallory's socket stays open after the revoke: it is told, sees only what a
    spectator sees once Bea holds the seat, and neither acts nor writes for her."""
    table = create(client, game=SEALED, seats=THREE, options={"rounds": 1}, join=False)
    join_seat(client, table, 0, "Ann")
    mallory = join_seat(client, table, 1, "Mallory")
    with socket(client, table.id, mallory) as old:
        assert receive_state(old)["seat"] == 1
        table.invites[1] = revoke(client, table.id, 1, table.host_token)
        notice = frames_until(old, lambda f: f["type"] == "notice")
        assert notice["code"] == "seat_lost" and "someone else" in notice["message"]
        join_seat(client, table, 1, "Bea")
        join_seat(client, table, 2, "Cy")
        started = frames_until(old, lambda f: f["type"] == "state" and f["status"] == "playing")
        assert started["seat"] is None and started["legal"] == []
        act(old, started["version"], bid(1))
        receive_error(old, "wrong_seat")
        old.send_json({"type": "chat", "text": "I am Bea"})
        receive_error(old, "wrong_seat")
    assert client.app.state.store.chat(table.id) == []  # type: ignore[attr-defined]
    assert client.app.state.store.actions(table.id) == []  # type: ignore[attr-defined]


def test_the_newcomers_private_view_never_reaches_the_old_socket(client: TestClient) -> None:
    """After Bea bids, the old socket's frames carry the spectator's view, never hers."""
    table = create(client, game=SEALED, seats=THREE, options={"rounds": 1}, join=False)
    join_seat(client, table, 0, "Ann")
    mallory = join_seat(client, table, 1, "Mallory")
    with socket(client, table.id, mallory) as old:
        receive_state(old)
        table.invites[1] = revoke(client, table.id, 1, table.host_token)
        join_seat(client, table, 1, "Bea")
        join_seat(client, table, 2, "Cy")
        with socket(client, table.id, table.tokens[1]) as bea:
            first = receive_state(bea)
            act(bea, first["version"], bid(2))
            mine = frames_until(bea, lambda f: f["type"] == "state" and f["answered"] > 0)
        seen = frames_until(
            old, lambda f: f["type"] == "state" and f["version"] == mine["version"]
        )
        assert seen["seat"] is None
        assert seen["view"] != mine["view"]
        with socket(client, table.id) as watcher:
            assert receive_state(watcher)["view"] == seen["view"]
