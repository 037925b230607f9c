"""Bots on the server, the event log, restarts, and the hub's commit path."""

from __future__ import annotations

import asyncio
import fcntl
import gc
import json
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient

import bodoge
from bodoge.bots import BotType, register_bot, unregister_bot
from bodoge.engine import Action, State, Text
from bodoge.server.api import table_out
from bodoge.server.db import PERSON, Append, NewSeat, Store
from bodoge.server.hub import Hub
from bodoge.server.live import Connection, LiveTable, ProtocolError
from bodoge.server.rebuilding import next_window

from .serverkit import (
    BRIDE,
    SEALED,
    act,
    bid,
    create,
    join_seat,
    make_app,
    receive_state,
    socket,
    stored,
    table_json,
    wait_status,
    watching,
)


def check_log(client: TestClient, table_id: str) -> list[tuple[int, int, dict[str, Any]]]:
    """The stored actions are numbered 0, 1, 2, ... and replay to the live state."""
    rows = stored(client, table_id)
    assert [seq for seq, _, _ in rows] == list(range(len(rows)))
    record = client.get(f"/api/tables/{table_id}/record", params=watching(table_id)).json()
    assert record["actions"] == [[seat, action] for _, seat, action in rows]
    assert bodoge.replay(record).is_over
    return rows


# ------------------------------------------------------------------- bots


def test_a_table_of_bots_plays_to_the_end_by_itself(client: TestClient) -> None:
    table = create(client, game=BRIDE, seats=["random"] * 4, seed=21)
    wait_status(client, table.id, "over")
    assert len(check_log(client, table.id)) > 20


def test_a_table_comes_alive_where_it_is_joined_not_where_it_is_created(
    client: TestClient,
) -> None:
    """With several workers, the one that creates a table is often not the one that plays it."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = create(client, game=BRIDE, seats=["person", "random", "random"], join=False)
    assert table.id not in hub.tables  # waiting for people: nothing to do here yet
    join_seat(client, table, 0)  # the last seat: the game starts, its bots play here
    live = hub.tables[table.id]
    assert live.started and sorted(live.bots) == [1, 2]
    bots_only = create(client, game=BRIDE, seats=["random"] * 3)
    assert bots_only.id in hub.tables  # under way from the start: played where it was created


def test_many_tables_commit_together(client: TestClient) -> None:
    tables = [create(client, game=BRIDE, seats=["random"] * 3, seed=n) for n in range(4)]
    tables += [create(client, game=SEALED, seats=["random"] * 4, seed=n) for n in range(4)]
    for table in tables:
        wait_status(client, table.id, "over")
    total = sum(len(check_log(client, table.id)) for table in tables)
    assert client.app.state.hub.accepted == total  # type: ignore[attr-defined]


class BlockingBot:
    """Thinks until the test releases it (in the bot's worker thread)."""

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.release = threading.Event()
        self.done = threading.Event()

    def choose(self, state: State, seat: int) -> Action:
        self.thinking.set()
        self.release.wait(30)
        self.done.set()
        return state.legal_actions(seat)[-1]


@pytest.fixture
def blocking_bot() -> Iterator[BlockingBot]:
    bot = BlockingBot()
    register_bot(BotType("test-blocking", Text("", ""), lambda game, seed, params: bot))
    yield bot
    bot.release.set()
    unregister_bot("test-blocking")


def test_a_thinking_bot_does_not_block_the_server(
    client: TestClient, blocking_bot: BlockingBot
) -> None:
    table = create(client, game=SEALED, seats=["person", "test-blocking"], options={"rounds": 1})
    assert blocking_bot.thinking.wait(10)
    assert client.get("/api/games").status_code == 200
    assert table_json(client, table.id)["status"] == "playing"
    with socket(client, table.id, table.tokens[0]) as ws:
        assert receive_state(ws)["version"] == 0
        act(ws, 0, bid(2))
        assert receive_state(ws)["version"] == 1
        assert not blocking_bot.done.is_set()  # all of that while the bot was thinking
        blocking_bot.release.set()
        final = receive_state(ws)
    assert final["status"] == "over"
    assert final["log"][-1]["facts"]["bids"] == [2, 5]


def test_bots_wait_for_the_configured_pause(db_url: str) -> None:
    pause = 0.25
    with TestClient(make_app(db_url, bot_pause=pause)) as client:
        started = time.time()
        table = create(client, game=SEALED, seats=["random"] * 2, options={"rounds": 1}, seed=1)
        with socket(client, table.id) as ws:
            frame = receive_state(ws)
            while frame["version"] == 0:
                frame = receive_state(ws)
        assert frame["sent_at"] >= started + pause


class FailingBot:
    def choose(self, state: State, seat: int) -> Action:
        raise RuntimeError("the bot crashed")


class CheatingBot:
    def choose(self, state: State, seat: int) -> Action:
        return state.game.parse_action(bid(9))


@pytest.mark.parametrize("bot", [FailingBot(), CheatingBot()])
def test_a_broken_bot_cannot_stall_a_table(
    client: TestClient, bot: object, caplog: pytest.LogCaptureFixture
) -> None:
    register_bot(BotType("test-broken", Text("", ""), lambda game, seed, params: bot))  # type: ignore[arg-type,return-value]
    try:
        table = create(client, game=SEALED, seats=["test-broken", "random"], seed=4)
        wait_status(client, table.id, "over")
    finally:
        unregister_bot("test-broken")
    check_log(client, table.id)
    assert "bot at" in caplog.text


# ---------------------------------------------------------------- restart


def play(ws: dict[int, Any], last: dict[int, dict[str, Any]], moves: int | None) -> None:
    """Make ``moves`` moves (None: to the end), the first legal one each time."""
    while moves is None or moves > 0:
        some = next(iter(last.values()))
        if some["status"] == "over":
            return
        mover = some["view"]["to_act"][0]
        act(ws[mover], last[mover]["version"], last[mover]["legal"][0]["action"])
        for seat, socket_ in ws.items():
            last[seat] = receive_state(socket_)
        if moves is not None:
            moves -= 1


def test_after_a_restart_every_seat_continues_where_it_was(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        table = create(client, game=BRIDE, seats=["person"] * 3)
        with (
            socket(client, table.id, table.tokens[0]) as a,
            socket(client, table.id, table.tokens[1]) as b,
            socket(client, table.id, table.tokens[2]) as c,
        ):
            sockets = {0: a, 1: b, 2: c}
            last = {seat: receive_state(ws) for seat, ws in sockets.items()}
            play(sockets, last, 7)
        before = stored(client, table.id)
    assert len(before) == 7
    with TestClient(make_app(db_url)) as client:
        assert stored(client, table.id) == before
        with (
            socket(client, table.id, table.tokens[0]) as a,
            socket(client, table.id, table.tokens[1]) as b,
            socket(client, table.id, table.tokens[2]) as c,
        ):
            sockets = {0: a, 1: b, 2: c}
            again = {seat: receive_state(ws) for seat, ws in sockets.items()}
            for seat in sockets:
                assert again[seat]["version"] == last[seat]["version"] == 7
                assert again[seat]["view"] == last[seat]["view"]
                assert again[seat]["legal"] == last[seat]["legal"]
            play(sockets, again, None)
        assert stored(client, table.id)[:7] == before
        check_log(client, table.id)


def test_bots_carry_on_after_a_restart(db_url: str) -> None:
    with TestClient(make_app(db_url, bot_pause=0.02)) as client:
        table = create(client, game=BRIDE, seats=["random"] * 3, seed=8)
        deadline = time.monotonic() + 20
        while len(stored(client, table.id)) < 5 and time.monotonic() < deadline:
            time.sleep(0.02)
    store = Store(db_url)
    before = store.actions(table.id)
    store.close()
    assert len(before) >= 5
    with TestClient(make_app(db_url)) as client:
        wait_status(client, table.id, "over")
        rows = check_log(client, table.id)
    assert rows[: len(before)] == before
    assert len(rows) > len(before)


# -------------------------------------------------------- the commit path


def test_a_cancelled_caller_never_leaves_a_stored_action_unpublished(db_url: str) -> None:
    """Once the commit has begun, the action is swapped in and pushed regardless."""
    store = Store(db_url)
    store.migrate()
    writing = threading.Event()
    append = store.append

    def slow_append(batch: Any) -> list[bool]:
        writing.set()
        time.sleep(0.2)
        return append(batch)

    store.append = slow_append  # type: ignore[method-assign]

    async def scenario() -> None:
        hub = Hub(store, bot_pause=0)
        await hub.start()
        created = store.create_table(SEALED, {"rounds": 1}, 2, 1, [NewSeat(PERSON)] * 2)
        table_id = created.table.id
        for seat, invite in created.invites.items():
            store.claim_seat(table_id, invite, f"x{seat}")
        live = await hub.get(table_id)
        assert live is not None
        watcher = Connection(seat=None)
        hub.attach(live, watcher)
        caller = asyncio.create_task(hub.act(table_id, 0, 0, bid(3)))
        await asyncio.to_thread(writing.wait, 5)
        caller.cancel()
        with pytest.raises(asyncio.CancelledError):
            await caller
        await hub.stop()
        assert live.state.version == 1
        assert [json.loads(text or "")["version"] for text in drain(watcher)] == [0, 1]
        with pytest.raises(ProtocolError) as refused:  # the hub no longer writes
            await hub.act(table_id, 1, 1, bid(3))
        assert refused.value.code == "unavailable"

    try:
        asyncio.run(scenario())
        assert len(store.actions(next(iter(store.tables(["playing"]))).id)) == 1
    finally:
        store.close()


def drain(connection: Connection) -> list[str | None]:
    items = []
    while not connection.queue.empty():
        items.append(connection.queue.get_nowait())
    return [item for item in items if item is not None]


def test_the_simultaneous_window() -> None:
    game = bodoge.get_game(SEALED)
    state = game.new_game(3, seed=1, options={"rounds": 2})
    window = 0
    for version, seat in enumerate([2, 0, 1]):  # round 1: everyone commits in any order
        before = state.to_act
        state.apply(seat, game.parse_action(bid(1 + seat)))
        window = next_window(window, before, seat, state)
        assert window == (0 if version < 2 else 3)
    assert state.to_act == (0, 1, 2)


def test_secret_steps_of_others_keep_the_window_open_but_ones_own_do_not() -> None:
    """Papayoo's pass is picked card by card, in secret, by everyone at once."""
    game = bodoge.get_game("papayoo")
    state = game.new_game(3, seed=1)
    live = LiveTable(info=None, state=state)  # type: ignore[arg-type]
    hub = Hub(store=None)  # type: ignore[arg-type]
    for seat in (1, 2, 1):  # others pick while seat 0 is still looking at version 0
        before = state.to_act
        state.apply(seat, state.legal_actions(seat)[0])
        assert state.events[-1].outcome.secret and set(state.to_act) == {0, 1, 2}
        live.window = next_window(live.window, before, seat, state)
    assert live.window == 0
    hub.check_version(live, 0, 0)  # seat 0's pick made on version 0: still good
    with pytest.raises(ProtocolError, match="version 0"):
        hub.check_version(live, 1, 0)  # seat 1 has picked since it saw version 0


def test_joins_that_finish_out_of_order_never_take_the_table_back(db_url: str) -> None:
    """Each join hands the hub the table as it read it; the later reading must win."""
    store = Store(db_url)
    store.migrate()
    created = store.create_table(SEALED, {"rounds": 1}, 2, 7, [NewSeat(PERSON)] * 2)
    table_id = created.table.id
    readings = []
    for seat in (0, 1):
        assert store.claim_seat(table_id, created.invites[seat], f"P{seat}") is not None
        reading = store.table(table_id)
        assert reading is not None
        readings.append(reading)
    assert [r.status for r in readings] == ["waiting", "playing"]

    async def scenario() -> tuple[str, list[bool]]:
        hub = Hub(store, bot_pause=0)
        live = await hub.get(table_id)
        assert live is not None
        for reading in reversed(readings):  # the second join's push lands first
            await hub.seats_changed(table_id, reading)
        return live.info.status, [seat.filled for seat in live.info.seats]

    assert asyncio.run(scenario()) == ("playing", [True, True])


def test_a_revoke_through_another_worker_empties_the_seat_here(db_url: str) -> None:
    """The revoked person's token no longer opens the seat on a worker that had the table
    live, and an older reading arriving late does not bring it back."""
    store = Store(db_url)
    store.migrate()
    created = store.create_table(SEALED, {"rounds": 1}, 2, 7, [NewSeat(PERSON)] * 2)
    table_id = created.table.id
    claimed = store.claim_seat(table_id, created.invites[0], "Ann")
    assert claimed is not None
    before = store.table(table_id)
    assert before is not None

    async def scenario() -> tuple[int | None, bool, int | None]:
        hub = Hub(store, bot_pause=0)
        live = await hub.get(table_id)
        assert live is not None and live.info.seat_for(claimed[1]) == 0
        store.revoke_invite(table_id, 0, created.host_token)  # through another worker
        await hub.seats_changed(table_id)  # its announcement
        revoked = live.info.seat_for(claimed[1])
        await hub.seats_changed(table_id, before)  # a reading from before the revoke
        return revoked, live.info.seats[0].filled, live.info.seat_for(claimed[1])

    assert asyncio.run(scenario()) == (None, False, None)


def test_a_reading_of_a_table_knows_its_seats_by_token_and_shows_no_hash(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    created = store.create_table(SEALED, {"rounds": 1}, 2, 7, [NewSeat(PERSON)] * 2)
    claimed = store.claim_seat(created.table.id, created.invites[1], "Bea")
    assert claimed is not None
    seat, token = claimed
    info = store.table(created.table.id)
    assert info is not None
    assert info.seat_for(token) == seat == 1
    assert info.seat_for(created.invites[0]) is None  # an invitation is not a seat token
    assert info.seat_for(None) is None and info.seat_for("") is None
    assert next(iter(info.token_hashes)) not in repr(info)
    assert "token" not in json.dumps(table_out(info).model_dump())


def test_the_action_writer_survives_a_broken_connection(db_url: str) -> None:
    """The writer keeps its own connection; losing it costs no batch."""
    store = Store(db_url)
    store.migrate()
    try:
        table_id = store.create_table(SEALED, {"rounds": 1}, 2, 7, [NewSeat(PERSON)] * 2).table.id
        assert store.append([Append(table_id, 0, 0, bid(1), False)]) == [True]
        writer = store._actions_writer.connection
        assert writer is not None and writer.dbapi_connection is not None
        writer.dbapi_connection.close()  # as if the database had gone away meanwhile
        assert store.append([Append(table_id, 1, 1, bid(2), True)]) == [True]
        assert store.actions(table_id) == [(0, 0, bid(1)), (1, 1, bid(2))]
        assert store.table(table_id).status == "over"  # type: ignore[union-attr]
    finally:
        store.close()


def test_writers_of_one_sqlite_file_queue_on_its_lock_file(db_url: str) -> None:
    """Every write waits while another process holds ``<database>-writers``; reads do not."""
    store = Store(db_url)
    store.migrate()
    holder = os.open(db_url.removeprefix("sqlite:///") + "-writers", os.O_RDWR)
    try:
        table_id = store.create_table(SEALED, {"rounds": 1}, 2, 7, [NewSeat(PERSON)] * 2).table.id
        fcntl.flock(holder, fcntl.LOCK_EX)  # as another worker in its write
        stored_now = threading.Event()
        writer = threading.Thread(
            target=lambda: (
                store.append([Append(table_id, 0, 0, bid(1), False)]) and stored_now.set()
            )
        )
        writer.start()
        assert not stored_now.wait(0.3)
        assert store.actions(table_id) == []  # reading goes on meanwhile
        fcntl.flock(holder, fcntl.LOCK_UN)
        assert stored_now.wait(5)
        writer.join()
        assert store.actions(table_id) == [(0, 0, bid(1))]
    finally:
        os.close(holder)
        store.close()


def test_an_in_memory_store_keeps_no_lock_file(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    store = Store("sqlite://")
    try:
        assert store.writing.fd == -1
        assert list(tmp_path.iterdir()) == []
    finally:
        store.close()


def test_the_same_app_can_be_started_again(db_url: str) -> None:
    app = make_app(db_url)
    with TestClient(app) as client:
        table = create(client)
        with socket(client, table.id, table.tokens[0]) as ws:
            receive_state(ws)
            act(ws, 0, bid(1))
            assert receive_state(ws)["version"] == 1
    with TestClient(app) as client, socket(client, table.id, table.tokens[1]) as ws:
        assert receive_state(ws)["version"] == 1
        act(ws, 0, bid(2))  # still the simultaneous round that began at version 0
        assert receive_state(ws)["version"] == 2
        assert [row[1] for row in stored(client, table.id)] == [0, 1]


def test_a_connection_that_does_not_read_is_dropped(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bodoge.server.live.MAX_BACKLOG", 3)
    store = Store(db_url)
    store.migrate()

    async def scenario() -> None:
        hub = Hub(store, bot_pause=0)
        await hub.start()
        created = store.create_table(SEALED, {"rounds": 3}, 2, 1, [NewSeat(PERSON)] * 2)
        live = await hub.get(created.table.id)
        assert live is not None
        sleeper, reader = Connection(seat=None), Connection(seat=None)
        hub.attach(live, sleeper)
        hub.attach(live, reader)
        for _ in range(5):
            hub.publish(live)
            reader.queue.get_nowait()
        assert live.connections == {reader}
        queued = [sleeper.queue.get_nowait() for _ in range(sleeper.queue.qsize())]
        assert len(queued) == 4 and None not in queued[:3] and queued[3] is None
        await hub.stop()

    try:
        asyncio.run(scenario())
    finally:
        store.close()


def test_an_unknown_bot_on_reload_is_replaced_by_a_random_one(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    try:
        created = store.create_table(SEALED, {"rounds": 1}, 2, 9, [NewSeat("bot", "gone")] * 2)
        live = Hub(store)._load(created.table.id)
        assert live is not None
        assert sorted(live.bots) == [0, 1]
        state = live.state
        assert live.bots[0].choose(state, 0) in state.legal_actions(0)
    finally:
        store.close()


def test_only_a_dedicated_server_process_tunes_the_garbage_collector(db_url: str) -> None:
    from bodoge.server import Settings, create_app
    from bodoge.server.app import YOUNG_GARBAGE

    before = gc.get_threshold()
    try:
        with TestClient(create_app(Settings(database_url=db_url))):
            assert gc.get_threshold() == before  # a test or an embedding program is left alone
        with TestClient(create_app(Settings(database_url=db_url, dedicated=True))):
            assert gc.get_threshold()[0] == YOUNG_GARBAGE
            assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_serve_passes_dedicated_to_its_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    from bodoge.server import Settings

    settings = Settings(database_url="sqlite:///x.sqlite", bot_pause=0.2, dedicated=True)
    for name, value in settings.to_env().items():
        monkeypatch.setenv(name, value)
    assert Settings.from_env() == settings


def test_announced_steps_are_applied_without_reading_the_database(db_url: str) -> None:
    """Another worker's steps, handed over whole, catch a table up; a gap reads the database."""
    store = Store(db_url)
    store.migrate()

    async def scenario() -> None:
        ours, theirs = Hub(store, bot_pause=0), Hub(store, bot_pause=0)
        await ours.start()
        await theirs.start()
        created = store.create_table(SEALED, {"rounds": 3}, 2, 1, [NewSeat(PERSON)] * 2)
        table_id = created.table.id
        for seat, invite in created.invites.items():
            store.claim_seat(table_id, invite, f"x{seat}")
        live = await ours.get(table_id)
        assert live is not None
        watcher = Connection(seat=None)
        ours.attach(live, watcher)
        for seat in (0, 1):  # the other worker stores steps 0 and 1
            await theirs.act(table_id, seat, seat, bid(seat + 2))
        stored = store.actions(table_id)
        reads: list[int] = []
        read = store.actions

        def counted(table: str, after: int = -1) -> list[tuple[int, int, dict[str, Any]]]:
            reads.append(after)
            return read(table, after)

        store.actions = counted  # type: ignore[method-assign]
        await ours.catch_up(table_id, 0, known=stored[:1])
        assert (live.state.version, reads) == (1, [])
        await ours.catch_up(table_id, 1, known=[])  # told of step 1 without the action
        assert (live.state.version, reads) == (2, [0])
        assert live.state.view(None) == (await theirs.get(table_id)).state.view(None)  # type: ignore[union-attr]
        versions = [orjson.loads(watcher.queue.get_nowait())["version"] for _ in range(3)]
        assert versions == [0, 1, 2]
        await ours.stop()
        await theirs.stop()

    try:
        asyncio.run(scenario())
    finally:
        store.close()
