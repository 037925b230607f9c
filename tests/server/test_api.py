"""The JSON API: every endpoint, every error code, and what the database keeps."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text

import bodoge
from bodoge.games import BUILTIN_IDS
from bodoge.server.api import CreatedOut, ErrorOut, GameOut, JoinOut, RecordOut, TableOut

from .serverkit import BRIDE, SEALED, create, join_seat, stored, wait_status


def error_of(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = ErrorOut.model_validate(response.json())
    assert body.error.code == code, body
    assert body.error.message
    return body.error.message


# ------------------------------------------------------------------ games


def test_games_lists_the_builtin_games_with_their_metadata(client: TestClient) -> None:
    response = client.get("/api/games")
    assert response.status_code == 200
    games = [GameOut.model_validate(game) for game in response.json()]
    assert [game.id for game in games] == list(BUILTIN_IDS)
    for game in games:
        assert game == GameOut.model_validate(bodoge.get_game(game.id).metadata())
    assert games[0].title.en and games[0].players[0] >= 1


# ------------------------------------------------------------------ create


def test_create_returns_the_table_invitations_and_host_secret(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={"game": SEALED, "options": {"rounds": 2}, "seats": [{"kind": "person"}] * 3},
    )
    assert response.status_code == 201, response.text
    created = CreatedOut.model_validate(response.json())
    assert created.table.game == SEALED
    assert created.table.options == {"rounds": 2}
    assert created.table.num_players == 3
    assert created.table.status == "waiting"
    assert [s.filled for s in created.table.seats] == [False] * 3
    assert sorted(created.invites) == [0, 1, 2]
    assert all(path.startswith(f"/t/{created.table.id}/join/") for path in created.invites.values())
    assert "seed" not in response.text


def test_a_table_of_bots_starts_at_once(client: TestClient) -> None:
    table = create(client, seats=["random", "random"], options={"rounds": 1}, seed=5)
    assert table.invites == {}
    wait_status(client, table.id, "over")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess", "seats": [{"kind": "person"}] * 2}, "unknown_game"),
        (
            {"game": SEALED, "options": {"rounds": 99}, "seats": [{"kind": "person"}] * 2},
            "invalid_options",
        ),
        (
            {"game": SEALED, "options": {"colour": "red"}, "seats": [{"kind": "person"}] * 2},
            "invalid_options",
        ),
        ({"game": SEALED, "seats": [{"kind": "person"}]}, "invalid_options"),
        ({"game": SEALED, "seats": [{"kind": "person"}] * 5}, "invalid_options"),
        (
            {"game": SEALED, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "genius"}]},
            "bad_bot_spec",
        ),
        (
            {
                "game": SEALED,
                "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random:depth=3"}],
            },
            "bad_bot_spec",
        ),
        (
            {"game": SEALED, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "r" * 201}]},
            "bad_bot_spec",
        ),
        ({"game": SEALED, "seats": [{"kind": "person"}] * 2, "seed": 7}, "seed_not_allowed"),
        ({"game": SEALED, "seats": []}, "bad_request"),
        ({"game": SEALED, "seats": [{"kind": "alien"}] * 2}, "bad_request"),
        ({"game": SEALED, "seats": [{"kind": "person"}] * 2, "owner": "me"}, "bad_request"),
        ({"seats": [{"kind": "person"}] * 2}, "bad_request"),
        ({"game": SEALED, "seats": [{"kind": "bot"}] * 2, "seed": -1}, "bad_request"),
    ],
)
def test_create_refuses_bad_requests_with_a_code(
    client: TestClient, body: dict[str, Any], code: str
) -> None:
    before = client.get("/api/tables").json()
    error_of(client.post("/api/tables", json=body), 422, code)
    assert client.get("/api/tables").json() == before


def test_create_refuses_a_body_that_is_not_json(client: TestClient) -> None:
    response = client.post(
        "/api/tables", content=b"{nope", headers={"content-type": "application/json"}
    )
    error_of(response, 422, "bad_request")


# -------------------------------------------------------------- list, get


def test_list_and_get_show_public_table_data(client: TestClient) -> None:
    """The list holds open tables only; a private one is seen with its watch key."""
    waiting = create(client, join=False, listed=True)
    playing = create(client, listed=True)
    private = create(client)
    listed = [TableOut.model_validate(t) for t in client.get("/api/tables").json()]
    by_id = {t.id: t for t in listed}
    assert by_id[waiting.id].status == "waiting"
    assert by_id[playing.id].status == "playing"
    assert private.id not in by_id
    got = TableOut.model_validate(client.get(f"/api/tables/{playing.id}").json())
    assert got == by_id[playing.id]
    assert [s.name for s in got.seats] == ["Player 0", "Player 1"]
    assert all(s.filled for s in got.seats)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/tables/nope"),
        ("get", "/api/tables/nope/record"),
        ("post", "/api/tables/nope/join"),
    ],
)
def test_unknown_table_is_404(client: TestClient, method: str, path: str) -> None:
    kwargs: dict[str, Any] = {"json": {"invite": "x", "name": "Ann"}} if method == "post" else {}
    error_of(client.request(method.upper(), path, **kwargs), 404, "table_not_found")


def test_unknown_route_is_404_not_found(client: TestClient) -> None:
    error_of(client.get("/api/nothing"), 404, "not_found")
    error_of(client.delete("/api/tables"), 405, "method_not_allowed")


# ------------------------------------------------------------------- join


def test_join_fills_the_seat_and_starts_the_table(client: TestClient) -> None:
    table = create(client, join=False)
    response = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[1], "name": "  Bea  "}
    )
    assert response.status_code == 200
    joined = JoinOut.model_validate(response.json())
    assert joined.seat == 1
    info = client.get(f"/api/tables/{table.id}").json()
    assert info["status"] == "waiting"
    assert info["seats"][1] == {
        "seat": 1,
        "kind": "person",
        "bot": None,
        "name": "Bea",
        "filled": True,
        "by_bot": False,
        "clock": None,
    }
    join_seat(client, table, 0)
    assert client.get(f"/api/tables/{table.id}").json()["status"] == "playing"


def test_an_invitation_works_once(client: TestClient) -> None:
    table = create(client, join=False)
    join_seat(client, table, 0)
    response = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[0], "name": "Thief"}
    )
    error_of(response, 409, "seat_taken")
    assert client.get(f"/api/tables/{table.id}").json()["seats"][0]["name"] == "Player 0"


def test_a_forged_or_foreign_invitation_is_refused(client: TestClient) -> None:
    table = create(client, join=False)
    other = create(client, join=False)
    for invite in ("forged", other.invites[0]):
        response = client.post(
            f"/api/tables/{table.id}/join", json={"invite": invite, "name": "Eve"}
        )
        error_of(response, 409, "seat_taken")
    assert not any(s["filled"] for s in client.get(f"/api/tables/{table.id}").json()["seats"])
    assert not any(s["filled"] for s in client.get(f"/api/tables/{other.id}").json()["seats"])


@pytest.mark.parametrize(
    ("name", "code"), [("   ", "bad_name"), ("", "bad_request"), ("x" * 41, "bad_request")]
)
def test_join_refuses_a_bad_name(client: TestClient, name: str, code: str) -> None:
    table = create(client, join=False)
    response = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[0], "name": name}
    )
    error_of(response, 422, code)
    assert not client.get(f"/api/tables/{table.id}").json()["seats"][0]["filled"]
    join_seat(client, table, 0)  # the invitation is still good


# ----------------------------------------------------------------- record


def test_record_is_refused_until_the_end_then_replays(client: TestClient) -> None:
    table = create(client, game=BRIDE, seats=["person", "random", "random"])
    error_of(client.get(f"/api/tables/{table.id}/record"), 403, "not_over")
    done = create(client, game=BRIDE, seats=["random"] * 3, seed=11)
    wait_status(client, done.id, "over")
    response = client.get(f"/api/tables/{done.id}/record")
    assert response.status_code == 200
    record = RecordOut.model_validate(response.json())
    assert record.seed == 11
    assert len(record.actions) == len(stored(client, done.id))
    final = bodoge.replay(response.json())
    assert final.is_over
    assert list(final.scores) == record.result.scores


def test_the_record_of_a_game_stopped_by_a_safety_limit_keeps_stopped() -> None:
    """``bodoge.replay`` checks the recorded result, ``stopped`` included."""
    state = bodoge.get_game("anehambra").new_game(3, 4)
    state.turn = bodoge.games.anehambra.data.TURN_LIMIT  # type: ignore[attr-defined]
    state.apply(0, state.legal_actions(0)[0])
    assert state.stopped
    served = RecordOut.model_validate(state.record()).model_dump(mode="json", exclude_none=True)
    assert served == json.loads(json.dumps(state.record()))
    assert served["result"]["stopped"] is True


# ---------------------------------------------------------- secrets at rest


def test_only_hashes_of_secrets_are_stored(client: TestClient, db_url: str) -> None:
    table = create(client, game=BRIDE, seats=["person", "person", "random"])
    secrets = [table.host_token, *table.invites.values(), *table.tokens.values()]
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            dump = []
            for name in inspect(connection).get_table_names():
                dump += [
                    repr(tuple(row)) for row in connection.execute(text(f"SELECT * FROM {name}"))
                ]
            seats = connection.execute(
                text("SELECT seat, token_hash, invite_hash FROM seats WHERE table_id = :t"),
                {"t": table.id},
            ).all()
    finally:
        engine.dispose()
    everything = "\n".join(dump)
    for secret in secrets:
        assert secret not in everything
    hashes = {seat: token_hash for seat, token_hash, _ in seats}
    for seat, token in table.tokens.items():
        assert hashes[seat] == hashlib.sha256(token.encode()).hexdigest()
    assert all(invite is None for _, _, invite in seats)  # used invitations are forgotten
