"""Issue 26 in process: clocks, seats played by bots, the host, open tables, rematch, chat."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

import bodoge
from bodoge.server.clock import BANK, MOVE, ClockSpec, SeatClock, advance, start
from bodoge.server.db import BOT, NewSeat
from bodoge.server.deps import HOST_COOKIE, SEAT_COOKIE

from .serverkit import (
    SEALED,
    act,
    assert_quiet,
    bid,
    create,
    fake_time,
    frames_until,
    host,
    join_seat,
    make_app,
    receive,
    receive_error,
    receive_state,
    run_deadlines,
    socket,
    table_json,
    wait_status,
)

# ------------------------------------------------------------------ clocks


def test_a_per_move_clock_restarts_at_each_decision_and_ticks_only_for_seats_to_act() -> None:
    """Per-move limit: a seat asked to act ticks from then; a completed decision restarts it."""
    spec = ClockSpec(MOVE, 30)
    clocks = start(spec, 3, [0, 1], at=100.0)
    assert clocks[0].deadline == 130.0 and clocks[1].deadline == 130.0 and clocks[2].since is None
    changed = advance(spec, clocks, [0, 1], [1, 2], actor=0, decided=True, at=110.0)
    assert changed == {0: SeatClock(30.0), 2: SeatClock(30.0, 110.0)}  # seat 1 keeps ticking


def test_a_time_bank_is_spent_while_asked_and_earns_its_increment_per_decision() -> None:
    """Time bank: the seconds spent are taken off, the increment added after each decision."""
    spec = ClockSpec(BANK, 60, 5)
    clocks = start(spec, 2, [0], at=0.0)
    clocks.update(advance(spec, clocks, [0], [1], actor=0, decided=True, at=20.0))
    assert clocks[0] == SeatClock(45.0) and clocks[1] == SeatClock(60.0, 20.0)


def test_a_step_of_a_choice_neither_restarts_nor_feeds_the_clock() -> None:
    """A draft step (pick, take back) is no decision: the clock runs on, no increment."""
    spec = ClockSpec(BANK, 60, 5)
    clocks = start(spec, 2, [0, 1], at=0.0)
    assert advance(spec, clocks, [0, 1], [0, 1], actor=0, decided=False, at=10.0) == {}


@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "move", "seconds": 0},
        {"kind": "move", "seconds": 30, "increment": 5},
        {"kind": "hourglass", "seconds": 30},
        {"kind": "bank", "seconds": 10**9},
    ],
)
def test_a_bad_clock_is_refused(client: TestClient, clock: dict[str, Any]) -> None:
    body = {"game": SEALED, "seats": [{"kind": "person"}] * 2, "clock": clock}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert response.json()["error"]["code"] in ("bad_request", "invalid_clock")


def test_time_running_out_hands_the_seats_to_bots_which_finish_and_are_marked(
    client: TestClient,
) -> None:
    """Nobody acts: at the deadline a bot plays each seat; the record marks its moves.

    The hub runs on a fake clock: the deadline passes when the test says so,
    not when a busy machine happens to be slow.
    """
    at = fake_time(client)
    clock = {"kind": "move", "seconds": 60}
    table = create(client, game=SEALED, options={"rounds": 1}, clock=clock, stand_in="random")
    with socket(client, table.id, table.tokens[0]) as ws:
        first = receive_state(ws)
        seats = first["room"]["seats"]
        assert all(s["clock"]["ticking"] for s in seats)
        assert not any(s["by_bot"] for s in seats)
        at.at += 61
        run_deadlines(client, table.id)
        handed = frames_until(
            ws, lambda f: f["type"] == "state" and f["room"]["seats"][0]["by_bot"]
        )
        assert handed["room"]["seats"][0]["name"] == "Player 0"
    wait_status(client, table.id, "over")
    record = client.get(f"/api/tables/{table.id}/record").json()
    assert record["meta"]["bot_moves"] == list(range(len(record["actions"])))
    assert "bots" not in record["meta"]  # a stand-in played the seat: still a person's seat
    assert bodoge.replay(record).is_over


def test_a_restart_keeps_every_deadline(db_url: str) -> None:
    """Deadlines are stored with the seats: a new server finds them where they were."""
    with TestClient(make_app(db_url)) as client:
        table = create(client, game=SEALED, clock={"kind": "bank", "seconds": 600, "increment": 5})
        with socket(client, table.id, table.tokens[0]) as ws:
            receive_state(ws)
        before = table_json(client, table.id)["seats"]
    assert any(s["clock"]["since"] for s in before)
    with TestClient(make_app(db_url)) as client:
        assert table_json(client, table.id)["seats"] == before


def test_a_disconnected_person_is_played_by_a_bot_after_the_grace(client: TestClient) -> None:
    """Seat 1 never connects: once its grace is over (on the hub's fake clock) a bot
    plays it; seat 0, connected, is never handed over however slow the machine."""
    at = fake_time(client)
    table = create(client, game=SEALED, options={"rounds": 1}, grace=60, stand_in="random")
    with socket(client, table.id, table.tokens[0]) as ws:
        receive_state(ws)
        at.at += 61
        run_deadlines(client, table.id)
        frame = frames_until(ws, lambda f: f["type"] == "state" and f["room"]["seats"][1]["by_bot"])
        assert not frame["room"]["seats"][0]["by_bot"]  # connected: never handed over
        act(ws, frame["version"], bid(1))
        wait_status(client, table.id, "over")


def test_every_viewer_sees_a_seat_disconnected_as_soon_as_its_last_socket_closes(
    client: TestClient,
) -> None:
    """With the time its stand-in comes, cleared when a socket of the seat opens again."""
    at = fake_time(client)
    table = create(client, game=SEALED, options={"rounds": 1}, grace=60, stand_in="random")
    with socket(client, table.id) as spectator, socket(client, table.id, table.tokens[0]) as ws:
        first = receive_state(ws)
        assert [s["away"] for s in first["room"]["seats"]] == [None, None]  # nothing dropped
        with (
            socket(client, table.id, table.tokens[1]) as other,
            socket(client, table.id, table.tokens[1]) as second_tab,
        ):
            receive_state(other)
            receive_state(second_tab)
            second_tab.close()  # one of its two sockets: still connected
            at.at += 5
        for viewer in (ws, spectator):
            gone = frames_until(viewer, lambda f: f["room"]["seats"][1]["away"] is not None)
            assert gone["room"]["seats"][1]["away"] == {"since": at.at, "stand_in_at": at.at + 60}
            assert not gone["room"]["seats"][1]["by_bot"]  # the grace runs: no bot yet
        with socket(client, table.id, table.tokens[1]) as back:
            assert receive_state(back)["room"]["seats"][1]["away"] is None
            for viewer in (ws, spectator):
                frames_until(viewer, lambda f: f["room"]["seats"][1]["away"] is None)


def test_a_seat_of_a_table_without_grace_shows_disconnected_without_a_stand_in_time(
    client: TestClient,
) -> None:
    table = create(client, game=SEALED, options={"rounds": 1})
    with socket(client, table.id, table.tokens[0]) as ws:
        receive_state(ws)
        with socket(client, table.id, table.tokens[1]) as other:
            receive_state(other)
        away = frames_until(ws, lambda f: f["room"]["seats"][1]["away"] is not None)
        assert away["room"]["seats"][1]["away"]["stand_in_at"] is None


# ------------------------------------------------------------------ the host


def test_only_the_host_changes_a_table(client: TestClient) -> None:
    table = create(client, join=False)
    for path, body in [
        ("seats/1", {"kind": "bot"}),
        ("seats/1/revoke", None),
        ("cancel", None),
        ("listed", {"listed": True}),
    ]:
        response = client.post(
            f"/api/tables/{table.id}/{path}", json=body, headers={"X-Bodoge-Host": "guess"}
        )
        assert response.status_code == 403, path
        assert response.json()["error"]["code"] == "not_host"
    assert table_json(client, table.id)["status"] == "waiting"


def test_the_host_makes_an_open_seat_a_bot_and_the_game_starts(client: TestClient) -> None:
    table = create(client, join=False)
    join_seat(client, table, 0)
    response = client.post(
        f"/api/tables/{table.id}/seats/1",
        json={"kind": "bot", "bot": "random"},
        headers=host(table),
    )
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "playing"
    assert response.json()["seats"][1]["kind"] == "bot"
    missing = client.post(
        f"/api/tables/{table.id}/seats/7", json={"kind": "bot"}, headers=host(table)
    )
    assert missing.json()["error"]["code"] == "seat_not_found"


def test_a_revoked_invitation_no_longer_opens_the_seat(client: TestClient) -> None:
    table = create(client, join=False)
    join_seat(client, table, 1, "Mallory")
    response = client.post(f"/api/tables/{table.id}/seats/1/revoke", headers=host(table))
    new = response.json()["invite"].rsplit("/", 1)[1]
    assert table_json(client, table.id)["seats"][1]["filled"] is False
    old = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[1], "name": "X"}
    )
    assert old.json()["error"]["code"] == "seat_taken"
    table.invites[1] = new
    join_seat(client, table, 1, "Bea")


def test_the_host_cancels_a_waiting_table_but_not_a_game(client: TestClient) -> None:
    waiting = create(client, join=False)
    assert (
        client.post(f"/api/tables/{waiting.id}/cancel", headers=host(waiting)).json()["status"]
        == "cancelled"
    )
    again = client.post(f"/api/tables/{waiting.id}/cancel", headers=host(waiting))
    assert again.status_code == 409 and again.json()["error"]["code"] == "wrong_status"
    joined = client.post(
        f"/api/tables/{waiting.id}/join", json={"invite": waiting.invites[0], "name": "Al"}
    )
    assert joined.status_code == 409
    playing = create(client)
    assert client.post(f"/api/tables/{playing.id}/cancel", headers=host(playing)).status_code == 409


def test_the_host_ends_a_game_without_a_winner(client: TestClient) -> None:
    table = create(client, game=SEALED)
    ended = client.post(f"/api/tables/{table.id}/end", headers=host(table)).json()
    assert ended["status"] == "abandoned" and ended["result"] is None
    with socket(client, table.id, table.tokens[0]) as ws:
        frame = receive_state(ws)
        assert frame["status"] == "abandoned"
        act(ws, frame["version"], bid(1))
        receive_error(ws, "table_ended")


def test_the_host_hands_a_seat_to_a_bot_during_the_game(client: TestClient) -> None:
    table = create(client, game=SEALED, options={"rounds": 1}, stand_in="random")
    response = client.post(
        f"/api/tables/{table.id}/seats/1", json={"kind": "bot"}, headers=host(table)
    )
    assert response.json()["seats"][1]["by_bot"] is True
    with socket(client, table.id, table.tokens[0]) as ws:
        frame = receive_state(ws)
        act(ws, frame["version"], bid(2))
    wait_status(client, table.id, "over")
    record = client.get(f"/api/tables/{table.id}/record").json()
    assert record["meta"]["bot_moves"] == [
        i for i, (s, _) in enumerate(record["actions"]) if s == 1
    ]


# ------------------------------------------------------------- open tables


def test_anyone_takes_a_free_seat_of_an_open_table_only(client: TestClient) -> None:
    private = create(client, join=False)
    refused = client.post(f"/api/tables/{private.id}/sit", json={"name": "Eve"})
    assert refused.status_code == 409
    table = create(client, join=False, listed=True)
    assert f'data-table="{table.id}"' in client.get("/").text
    assert f'data-table="{private.id}"' not in client.get("/").text
    first = client.post(f"/api/tables/{table.id}/sit", json={"name": "Eve"}).json()
    second = client.post(f"/api/tables/{table.id}/sit", json={"name": "Zed"}).json()
    assert (first["seat"], second["seat"]) == (0, 1)
    assert table_json(client, table.id)["status"] == "playing"
    full = client.post(f"/api/tables/{table.id}/sit", json={"name": "Late"})
    assert full.json()["error"]["code"] == "seat_taken"


# ------------------------------------------------------------------ rematch


def test_a_rematch_seats_the_same_people_turned_by_one(client: TestClient) -> None:
    table = create(client, game=SEALED, seats=["person", "random", "person"], options={"rounds": 1})
    early = client.post(f"/api/tables/{table.id}/rematch?token={table.tokens[0]}")
    assert early.json()["error"]["code"] == "not_over"
    for seat in (0, 2):
        with socket(client, table.id, table.tokens[seat]) as ws:
            frame = receive_state(ws)
            act(ws, frame["version"], bid(1))
            receive_state(ws)
    wait_status(client, table.id, "over")
    assert client.post(f"/api/tables/{table.id}/rematch").json()["error"]["code"] == "not_seated"
    new = client.post(f"/api/tables/{table.id}/rematch?token={table.tokens[2]}").json()
    again = client.post(f"/api/tables/{table.id}/rematch", headers=host(table)).json()
    assert new["id"] == again["id"] and new["status"] == "playing"
    assert [s["kind"] for s in new["seats"]] == ["bot", "person", "person"]
    assert [s["name"] for s in new["seats"]] == [None, "Player 2", "Player 0"]
    with socket(client, new["id"], table.tokens[0]) as ws:
        assert receive_state(ws)["seat"] == 2  # the same token, the new seat
    assert table_json(client, table.id)["next_table"] == new["id"]
    client.cookies.set(SEAT_COOKIE.format(table=table.id), table.tokens[0])
    client.cookies.set(SEAT_COOKIE.format(table=new["id"]), table.tokens[0])
    lobby = client.get("/", headers={"accept-language": "en"}).text
    assert f'data-testid="winner-{table.id}"' in lobby
    assert f'data-testid="turn-{new["id"]}"' in lobby  # whose turn, for how long
    assert "Won by" in lobby or "No winner" in lobby


def test_the_lobby_dates_a_game_that_another_worker_plays_by_its_last_move(
    client: TestClient,
) -> None:
    """A game this worker has not loaded: no names to guess, the time since its last move."""
    store = client.app.state.store  # type: ignore[attr-defined]
    created = store.create_table(SEALED, {"rounds": 1}, 2, 7, [NewSeat(BOT, "random")] * 2)
    client.cookies.set(HOST_COOKIE.format(table=created.table.id), created.host_token)
    for lang, pattern in (("en", r"Last move \d+ s ago"), ("ja", r"最後の手から\d+秒")):
        lobby = client.get("/", headers={"accept-language": lang}).text
        line = re.search(rf'data-testid="turn-{created.table.id}">([^<]*)<', lobby)
        assert line is not None and re.fullmatch(pattern, line.group(1)), lang


# ------------------------------------------------------------------ chat


def test_chat_reaches_everyone_and_spectators_only_read(client: TestClient) -> None:
    table = create(client, game=SEALED, options={"rounds": 1})
    with (
        socket(client, table.id, table.tokens[0]) as alice,
        socket(client, table.id) as spectator,
    ):
        receive_state(alice)
        receive_state(spectator)
        alice.send_json({"type": "chat", "text": "  <b>hi</b>\n all "})
        heard = receive(spectator)
        assert heard == receive(alice)
        (line,) = heard["lines"]
        assert (line["seat"], line["name"], line["text"]) == (0, "Player 0", "<b>hi</b> all")
        assert set(line) == {"n", "seat", "name", "text", "at", "version"}
        spectator.send_json({"type": "chat", "text": "me too"})
        receive_error(spectator, "wrong_seat")
        alice.send_json({"type": "chat", "text": "\x00"})
        receive_error(alice, "bad_chat")
        for n in range(4):
            alice.send_json({"type": "chat", "text": f"line {n}"})
            receive(alice)
        alice.send_json({"type": "chat", "text": "one too many"})
        receive_error(alice, "too_fast")
    client.post(f"/api/tables/{table.id}/seats/0/mute", json={"muted": True}, headers=host(table))
    with socket(client, table.id, table.tokens[0]) as alice:
        receive_state(alice)
        assert len(receive(alice)["lines"]) == 5  # the stored chat comes on connecting
        alice.send_json({"type": "chat", "text": "still here"})
        receive_error(alice, "muted")


def test_a_change_announced_back_to_the_worker_that_made_it_is_not_pushed_again(
    client: TestClient,
) -> None:
    table = create(client, game=SEALED, options={"rounds": 1})
    with socket(client, table.id, table.tokens[0]) as alice:
        receive_state(alice)
        mute = f"/api/tables/{table.id}/seats/0/mute"
        client.post(mute, json={"muted": True}, headers=host(table))
        assert receive_state(alice)["room"]["seats"][0]["muted"]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        client.portal.call(hub.seats_changed, table.id)  # type: ignore[union-attr]
        assert_quiet(alice)


def test_chat_is_stored_and_shown_escaped_in_the_replay_at_its_step(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table = create(client, game=SEALED, options={"rounds": 1})
        with socket(client, table.id, table.tokens[0]) as ws:
            frame = receive_state(ws)
            ws.send_json({"type": "chat", "text": "<script>x()</script>"})
            receive(ws)
            act(ws, frame["version"], bid(1))
            receive_state(ws)
        with socket(client, table.id, table.tokens[1]) as ws:
            frame = receive_state(ws)
            act(ws, frame["version"], bid(2))
        wait_status(client, table.id, "over")
    with TestClient(make_app(db_url)) as client:
        page = client.get(f"/t/{table.id}/replay", params={"watch": table.watch_key}).text
        assert "<script>x()" not in page
        assert 'data-version="0"' in page and "&lt;script&gt;x()&lt;/script&gt;" in page
