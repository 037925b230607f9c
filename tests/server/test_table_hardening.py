"""Issue 33 in process: a seat that changes hands, clocks that cannot be stalled,
revokes racing joins, mutes, names, ended tables, private tables."""

from __future__ import annotations

import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import bodoge
from bodoge.server.db import PERSON, PLAYING, WAITING, NewSeat, Store, TableInfo, invite_code
from bodoge.server.deps import HOST_COOKIE, SEAT_COOKIE
from bodoge.server.devices import DEVICE_COOKIE
from patience import PATIENCE

from .serverkit import (
    SEALED,
    FakeTime,
    Table,
    act,
    bid,
    create,
    frames_until,
    host,
    join_seat,
    make_app,
    receive_error,
    receive_state,
    run_deadlines,
    socket,
    table_json,
    wait_status,
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
        assert notice["code"] == "seat_lost" and "open again" in notice["message"]
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
        seen = frames_until(old, lambda f: f["type"] == "state" and f["version"] == mine["version"])
        assert seen["seat"] is None
        assert seen["view"] != mine["view"]
        with socket(client, table.id) as watcher:
            assert receive_state(watcher)["view"] == seen["view"]


# ------------------------------------------------ 3. a revoke racing the last join


def revoke_races_the_last_join(url: str, trials: int = 20) -> None:
    """Revoke seat 1 while its person takes it as the last seat, ``trials`` times:
    whichever commits first, the table and both answers agree."""
    store = Store(url)
    store.migrate()
    try:
        for _ in range(trials):
            one_race(store)
    finally:
        store.close()


def one_race(store: Store) -> None:
    created = store.create_table(SEALED, {}, 2, 1, [NewSeat(PERSON), NewSeat(PERSON)])
    table_id, host_token = created.table.id, created.host_token
    assert store.claim_seat(table_id, created.invites[0], "Ann") is not None
    start = threading.Barrier(2)

    def join() -> tuple[int, str] | None:
        start.wait()
        return store.join(table_id, created.invites[1], "Bea")[0]

    def revoke() -> tuple[bool, TableInfo | None]:
        start.wait()
        return store.revoke_invite(table_id, 1, host_token)

    with ThreadPoolExecutor(2) as pool:
        joining, revoking = pool.submit(join), pool.submit(revoke)
        joined, (revoked, answered) = joining.result(60), revoking.result(60)
    after = store.table(table_id)
    assert after is not None and answered is not None
    assert answered.seats == after.seats and answered.status == after.status
    if revoked:  # the revoke came first: the seat is open, its new invitation works
        assert joined is None and after.status == WAITING
        assert not after.seats[1].filled
        new = invite_code(host_token, table_id, 1, after.seats[1].invite_gen)
        assert store.join(table_id, new, "Cy")[0] is not None
        assert store.table(table_id).status == PLAYING  # type: ignore[union-attr]
    else:  # the join came first: the game started with both seats filled
        assert joined is not None and after.status == PLAYING
        assert all(seat.filled for seat in after.seats)


def test_a_revoke_racing_the_last_join_leaves_a_table_that_matches_its_answers(
    db_url: str,
) -> None:
    revoke_races_the_last_join(db_url)


def test_a_revoke_after_the_start_is_a_typed_409_and_changes_nothing(client: TestClient) -> None:
    table = create(client, game=SEALED)
    response = client.post(f"/api/tables/{table.id}/seats/1/revoke", headers=host(table))
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "wrong_status"
    with socket(client, table.id, table.tokens[1]) as ws:
        assert receive_state(ws)["seat"] == 1


def test_a_revoke_the_hub_did_not_see_coming_is_refused_by_the_store(client: TestClient) -> None:
    """The live table still says waiting when the store has started it: the store's
    answer decides (409), and the page's table catches up."""
    table = create(client, game=SEALED, join=False)
    join_seat(client, table, 0, "Ann")
    store = client.app.state.store  # type: ignore[attr-defined]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with socket(client, table.id) as watcher:  # the table is live in this worker
        receive_state(watcher)
        assert store.claim_seat(table.id, table.invites[1], "Bea") is not None  # elsewhere
        assert hub.tables[table.id].info.status == WAITING
        response = client.post(f"/api/tables/{table.id}/seats/1/revoke", headers=host(table))
        assert response.status_code == 409, response.text
        assert response.json()["error"]["code"] == "wrong_status"
        assert store.table(table.id).seats[1].filled
        assert hub.tables[table.id].info.status == PLAYING


# ------------------------------------------------ 2. a seat taken back keeps its clock


def frozen_app(db_url: str, at: FakeTime) -> FastAPI:
    """An app on the fake clock whose stand-in bots never get to move (an hour's pause)."""
    app = make_app(db_url)
    app.state.hub.clock = at
    app.state.hub.bot_pause = 3600
    return app


def by_bot(frame: dict[str, Any], seat: int) -> bool:
    return frame["type"] == "state" and bool(frame["room"]["seats"][seat]["by_bot"])


def next_error(ws: Any) -> dict[str, Any]:
    """The next error frame (states of other seats' changes may come first)."""
    return frames_until(ws, lambda f: f["type"] == "error")


CLOCKS = [{"kind": "move", "seconds": 30}, {"kind": "bank", "seconds": 30, "increment": 5}]


@pytest.mark.parametrize("clock", CLOCKS, ids=["move", "bank"])
def test_a_seat_taken_back_goes_on_with_the_time_it_had_and_no_new_grace(
    db_url: str, clock: dict[str, Any]
) -> None:
    """Away for its grace, the seat goes to a bot; taken back, its deadline is where it
    was (not refilled); away again at the same decision, it goes back at once."""
    at = FakeTime(1_000_000.0)
    start = at.at
    with TestClient(frozen_app(db_url, at)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        table = create(client, options={"rounds": 1}, clock=clock, grace=5, stand_in="random")
        live = hub.tables[table.id]
        with socket(client, table.id, table.tokens[0]) as ann:
            receive_state(ann)
            at.at = start + 6  # seat 1 was never connected: its grace is over
            run_deadlines(client, table.id)
            frames_until(ann, lambda f: by_bot(f, 1))
            at.at = start + 10
            with socket(client, table.id, table.tokens[1]) as bea:
                receive_state(bea)
                bea.send_json({"type": "take_seat"})
                back = frames_until(bea, lambda f: f["type"] == "state" and not by_bot(f, 1))
                mine = back["room"]["seats"][1]["clock"]
                assert mine["deadline"] == start + 30  # what was left, not a new 30 s
            at.at = start + 11  # away since +10, at the same decision: no second grace
            # The hub learns of the closed socket on its own loop: wait for it, not the machine.
            # Its own wait may already have handed the seat over (its deadline, +10, is past),
            # which says the same: a second grace would end at +15.
            gone = time.monotonic() + PATIENCE
            while time.monotonic() < gone and not (
                (start + 10, 1) in hub.deadlines(live) or 1 in live.by_bot
            ):
                time.sleep(0.01)
            assert (start + 10, 1) in hub.deadlines(live) or 1 in live.by_bot
            run_deadlines(client, table.id)
            frames_until(ann, lambda f: by_bot(f, 1))


@pytest.mark.parametrize("clock", CLOCKS, ids=["move", "bank"])
def test_taking_back_a_seat_whose_time_ran_out_is_refused_until_its_bot_moved(
    db_url: str, clock: dict[str, Any]
) -> None:
    """Ten take-backs in a row stall nothing: each is ``time_out``, the bot keeps the seat."""
    at = FakeTime(1_000_000.0)
    with TestClient(frozen_app(db_url, at)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        table = create(client, options={"rounds": 1}, clock=clock, stand_in="random")
        live = hub.tables[table.id]
        with socket(client, table.id, table.tokens[1]) as bea:
            receive_state(bea)
            at.at += 31
            run_deadlines(client, table.id)
            frames_until(bea, lambda f: by_bot(f, 1))
            for _ in range(10):
                bea.send_json({"type": "take_seat"})
                assert next_error(bea)["code"] == "time_out"
            act(bea, live.state.version, bid(1))
            assert next_error(bea)["code"] == "time_out"
            assert 1 in live.by_bot and 1 in live.bots
            assert client.app.state.store.actions(table.id) == []  # type: ignore[attr-defined]


# ------------------------------------------------ 4. a mute belongs to the person


def mute(client: TestClient, table: Table, seat: int) -> None:
    response = client.post(
        f"/api/tables/{table.id}/seats/{seat}/mute", json={"muted": True}, headers=host(table)
    )
    assert response.status_code == 200, response.text


def test_a_newcomer_in_a_revoked_seat_is_not_muted(client: TestClient) -> None:
    table = create(client, game=SEALED, seats=THREE, options={"rounds": 1}, join=False)
    mallory = join_seat(client, table, 1, "Mallory")
    mute(client, table, 1)
    with socket(client, table.id, mallory) as old:
        assert receive_state(old)["room"]["seats"][1]["muted"] is True
        old.send_json({"type": "chat", "text": "spam"})
        assert next_error(old)["code"] == "muted"
    table.invites[1] = revoke(client, table.id, 1, table.host_token)
    bea = join_seat(client, table, 1, "Bea")
    with socket(client, table.id, bea) as ws:
        assert receive_state(ws)["room"]["seats"][1]["muted"] is False
        ws.send_json({"type": "chat", "text": "hello"})
        line = frames_until(ws, lambda f: f["type"] == "chat")["lines"][0]
        assert (line["name"], line["text"]) == ("Bea", "hello")


def test_a_mute_follows_its_person_into_the_rematch(client: TestClient) -> None:
    table = create(client, game=SEALED, options={"rounds": 1})
    mute(client, table, 0)
    for seat in (0, 1):
        with socket(client, table.id, table.tokens[seat]) as ws:
            state = receive_state(ws)
            act(ws, state["version"], bid(1))
            next_state = frames_until(ws, lambda f: f["type"] == "state" and f["answered"])
            assert next_state["answered"] > 0
    wait_status(client, table.id, "over")
    new = client.post(f"/api/tables/{table.id}/rematch", headers=host(table)).json()
    with socket(client, new["id"], table.tokens[0]) as ws:
        frame = receive_state(ws)
        assert frame["seat"] == 1 and frame["room"]["seats"][1]["muted"] is True
        assert frame["room"]["seats"][0]["muted"] is False


# ------------------------------------------------ 5. look-alike names


@pytest.mark.parametrize(
    "name", ["\u202eecilA\u202c", "Al\u200bice", "\u2066Alice\u2069", "Ali\ufeffce"]
)
def test_a_name_with_invisible_formatting_is_refused(client: TestClient, name: str) -> None:
    table = create(client, join=False)
    response = client.post(
        f"/api/tables/{table.id}/join", json={"invite": table.invites[0], "name": name}
    )
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "bad_name"
    assert table_json(client, table.id)["seats"][0]["filled"] is False


def test_a_name_is_normalised_so_full_width_letters_are_plain(client: TestClient) -> None:
    table = create(client, join=False)
    join_seat(client, table, 0, "Ａｌｉｃｅ")
    assert table_json(client, table.id)["seats"][0]["name"] == "Alice"


def test_chat_drops_format_characters(client: TestClient) -> None:
    table = create(client, game=SEALED, options={"rounds": 1})
    with socket(client, table.id, table.tokens[0]) as ws:
        receive_state(ws)
        ws.send_json({"type": "chat", "text": "\u202eRTL\u202c and zero\u200bwidth"})
        line = frames_until(ws, lambda f: f["type"] == "chat")["lines"][0]
        assert line["text"] == "RTL and zerowidth"
        ws.send_json({"type": "chat", "text": "\u200b\u202e"})  # nothing visible is left
        assert next_error(ws)["code"] == "bad_chat"


# ------------------------------------------------ 6, 7. an ended table


def end(client: TestClient, table: Table) -> None:
    response = client.post(f"/api/tables/{table.id}/end", headers=host(table))
    assert response.status_code == 200, response.text


def test_an_ended_tables_frames_offer_no_moves_and_nothing_to_click(client: TestClient) -> None:
    table = create(client, game=SEALED, options={"rounds": 2})
    with socket(client, table.id, table.tokens[0], html="1") as ws:
        first = receive_state(ws)
        assert first["legal"] and "data-act=" in first["html"]
        end(client, table)
        ended = frames_until(ws, lambda f: f["type"] == "state" and f["status"] == "abandoned")
        assert ended["legal"] == []
        assert "data-act=" not in ended["html"] and "my-turn" not in ended["html"]
    with socket(client, table.id, table.tokens[1], html="1") as late:
        again = receive_state(late)
        assert again["legal"] == [] and "data-act=" not in again["html"]
        act(late, again["version"], bid(1))
        assert next_error(late)["code"] == "table_ended"


def test_an_ended_tables_record_and_replay_are_there_marked_abandoned(client: TestClient) -> None:
    table = create(client, game=SEALED, options={"rounds": 2})
    with (
        socket(client, table.id, table.tokens[0]) as ann,
        socket(client, table.id, table.tokens[1]) as bea,
    ):
        version = receive_state(ann)["version"]
        receive_state(bea)
        act(ann, version, bid(3))
        act(bea, version, bid(2))
        frames_until(ann, lambda f: f["type"] == "state" and f["version"] >= 2)
    end(client, table)
    record = client.get(f"/api/tables/{table.id}/record")
    assert record.status_code == 200, record.text
    data = record.json()
    assert data["meta"]["abandoned"] is True and "result" not in data
    assert [seat for seat, _ in data["actions"]] == [0, 1]
    replayed = bodoge.replay(data)
    assert not replayed.is_over and replayed.version == 2
    download = client.get(f"/t/{table.id}/record.json")
    assert download.status_code == 200 and download.json()["meta"]["abandoned"] is True
    page = client.get(f"/t/{table.id}/replay", headers={"accept-language": "en"})
    assert page.status_code == 200 and 'data-testid="replay-abandoned"' in page.text
    assert client.get(f"/t/{table.id}/replay/1").status_code == 200


# ------------------------------------------------ 9, 10. the host's seat, the chat box


def as_seated_host(client: TestClient, table: Table, seat: int) -> None:
    """This client holds the host's cookie and the seat's cookie (the host sat down)."""
    client.cookies.set(HOST_COOKIE.format(table=table.id), table.host_token)
    client.cookies.set(SEAT_COOKIE.format(table=table.id), table.tokens[seat])


def test_the_hosts_own_seat_has_no_revoke(client: TestClient) -> None:
    table = create(client, game=SEALED, seats=THREE, join=False)
    join_seat(client, table, 0, "Host")
    join_seat(client, table, 1, "Bea")
    as_seated_host(client, table, 0)
    page = client.get(f"/t/{table.id}").text
    assert 'data-testid="host-panel"' in page
    assert 'data-testid="revoke-0"' not in page and 'data-testid="revoke-1"' in page
    own = client.post(f"/api/tables/{table.id}/seats/0/revoke", headers=host(table))
    assert own.status_code == 409 and own.json()["error"]["code"] == "own_seat"
    form = client.post(f"/t/{table.id}/host/revoke/0", follow_redirects=False)
    assert form.status_code == 409
    assert table_json(client, table.id)["seats"][0]["name"] == "Host"


def test_a_muted_player_is_told_beside_the_disabled_chat_box(client: TestClient) -> None:
    table = create(client, game=SEALED)
    mute(client, table, 1)
    client.cookies.set(SEAT_COOKIE.format(table=table.id), table.tokens[1])
    page = client.get(f"/t/{table.id}", headers={"accept-language": "en"}).text
    note = re.search(r'<span [^>]*data-testid="chat-muted"([^>]*)>([^<]*)<', page)
    assert note is not None and "hidden" not in note.group(1)
    assert note.group(2) == "The host has muted you."
    assert re.search(r'data-testid="chat-input"[^>]*disabled', page)
    client.cookies.set(SEAT_COOKIE.format(table=table.id), table.tokens[0])
    page = client.get(f"/t/{table.id}").text
    assert re.search(r'data-testid="chat-muted" hidden', page)


def test_a_cancelled_table_says_so_once_and_takes_no_more_chat(client: TestClient) -> None:
    table = create(client, game=SEALED, seats=THREE, join=False)
    join_seat(client, table, 0, "Ann")
    with socket(client, table.id, table.tokens[0]) as ws:
        receive_state(ws)
        ws.send_json({"type": "chat", "text": "anyone?"})
        frames_until(ws, lambda f: f["type"] == "chat")
        cancelled = client.post(f"/api/tables/{table.id}/cancel", headers=host(table))
        assert cancelled.status_code == 200
        frames_until(ws, lambda f: f["type"] == "state" and f["status"] == "cancelled")
        ws.send_json({"type": "chat", "text": "hello?"})
        assert next_error(ws)["code"] == "table_cancelled"
    store = client.app.state.store  # type: ignore[attr-defined]
    assert [line.text for line in store.chat(table.id)] == ["anyone?"]
    client.cookies.set(SEAT_COOKIE.format(table=table.id), table.tokens[0])
    page = client.get(f"/t/{table.id}", headers={"accept-language": "en"}).text
    shown = re.sub(r"<[^>]*>", "", page)  # the text a reader sees, no attributes
    assert shown.count("The host cancelled this table.") == 1
    assert re.search(r'data-testid="chat-form"[^>]*hidden', page)


# ------------------------------------------------ 8. private tables stay private


def test_the_lobby_lists_open_tables_to_all_and_private_ones_to_their_people_only(
    client: TestClient,
) -> None:
    private = create(client, game=SEALED)  # playing, not listed
    ended = create(client, game=SEALED)
    end(client, ended)
    open_table = create(client, game=SEALED, join=False, listed=True)
    lobby = client.get("/").text
    assert f'data-table="{open_table.id}"' in lobby
    for table in (private, ended):
        assert table.id not in lobby  # no line, no Watch link, no replay link
    client.cookies.set(SEAT_COOKIE.format(table=private.id), private.tokens[1])
    client.cookies.set(HOST_COOKIE.format(table=ended.id), ended.host_token)
    client.cookies.set(SEAT_COOKIE.format(table="forged123"), "not-a-token")
    mine = client.get("/", headers={"accept-language": "en"}).text
    assert f'data-testid="mine-{private.id}"' in mine and f'data-testid="mine-{ended.id}"' in mine
    assert "Your tables" in mine and "forged123" not in mine
    client.cookies.clear()  # another browser, with a guessed seat token and device
    client.cookies.set(SEAT_COOKIE.format(table=private.id), "a-guess")
    client.cookies.set(DEVICE_COOKIE, "a-guessed-device")
    guessed = client.get("/").text
    assert private.id not in guessed and ended.id not in guessed
