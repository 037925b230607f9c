"""The event log on PostgreSQL: migrations, the Store API, NOTIFY."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import psycopg
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, inspect

from bodoge.server.db import (
    MIGRATIONS,
    NOTIFY_CHANNEL,
    OVER,
    PERSON,
    PLAYING,
    WAITING,
    Append,
    NewSeat,
    Store,
    migrate,
    normalise_url,
)
from bodoge.server.notify import Listener

OPTIONS = {"expansion": False, "first_turn_limits": True}
TABLES = {
    "game_tables",
    "seats",
    "actions",
    "alembic_version",
    "chat_messages",
    "reviews",
    "device_tables",
}


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", normalise_url(url))
    return config


def table_names(url: str) -> set[str]:
    engine = create_engine(normalise_url(url))
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def new_store(url: str) -> Store:
    store = Store(url)
    store.migrate()
    return store


def test_migrations_create_and_drop_the_schema(pg_url: str) -> None:
    assert table_names(pg_url) == set()
    migrate(pg_url)
    assert table_names(pg_url) == TABLES
    engine = create_engine(normalise_url(pg_url))
    try:
        columns = {c["name"] for c in inspect(engine).get_columns("actions")}
        keys = inspect(engine).get_pk_constraint("actions")["constrained_columns"]
    finally:
        engine.dispose()
    assert columns == {"table_id", "seq", "seat", "action", "created_at", "proxy"}
    assert keys == ["table_id", "seq"]
    migrate(pg_url)  # up to date already: nothing to do
    command.downgrade(alembic_config(pg_url), "base")
    assert table_names(pg_url) == {"alembic_version"}
    migrate(pg_url)
    assert table_names(pg_url) == TABLES


def test_concurrent_migrations_wait_for_each_other(pg_url: str) -> None:
    """Several processes starting at once: the advisory lock lets one migrate, the rest wait."""
    code = "import sys; from bodoge.server.db import migrate; migrate(sys.argv[1])"
    processes = [
        subprocess.Popen([sys.executable, "-c", code, pg_url], stderr=subprocess.PIPE)
        for _ in range(2)
    ]
    for process in processes:
        _, err = process.communicate(timeout=60)
        assert process.returncode == 0, err.decode()
    assert table_names(pg_url) == TABLES


def test_store_tables_seats_and_actions(pg_url: str) -> None:
    store = new_store(pg_url)
    try:
        created = store.create_table(
            "egyptian-bride",
            OPTIONS,
            4,
            7,
            [NewSeat("person"), NewSeat("person"), NewSeat("bot", "random"), NewSeat("bot")],
        )
        table_id = created.table.id
        assert created.table.status == WAITING
        assert sorted(created.invites) == [0, 1]
        assert store.is_host(table_id, created.host_token)
        assert not store.is_host(table_id, "guess")

        # Each invitation fills its seat exactly once; the last one starts the game.
        claim = store.claim_seat(table_id, created.invites[1], "Bea")
        assert claim is not None and claim[0] == 1
        assert store.claim_seat(table_id, created.invites[1], "Eve") is None
        assert store.claim_seat(table_id, "not-an-invite", "Eve") is None
        assert store.table(table_id).status == WAITING  # type: ignore[union-attr]
        first = store.claim_seat(table_id, created.invites[0], "Ann")
        assert first is not None and first[0] == 0
        info = store.table(table_id)
        assert info is not None and info.status == PLAYING
        assert [s.name for s in info.seats] == ["Ann", "Bea", None, None]
        assert all(s.filled for s in info.seats)
        assert store.seat_of(table_id, first[1]) == 0
        assert store.seat_of(table_id, claim[1]) == 1
        assert store.seat_of(table_id, "wrong") is None
        assert [t.id for t in store.tables([PLAYING])] == [table_id]

        # Step 0 twice (two workers racing): only the first is stored.
        assert store.append([Append(table_id, 0, 0, {"type": "take_from_deck"}, False)]) == [True]
        assert store.append([Append(table_id, 0, 1, {"type": "stop"}, False)]) == [False]
        # In one batch: a taken step, a new one, and the same new step again.
        batch = [
            Append(table_id, 0, 3, {"type": "x"}, False),
            Append(table_id, 1, 0, {"type": "stop"}, False),
            Append(table_id, 1, 2, {"type": "y"}, False),
        ]
        assert store.append(batch) == [False, True, False]
        assert store.actions(table_id) == [
            (0, 0, {"type": "take_from_deck"}),
            (1, 0, {"type": "stop"}),
        ]
        assert store.actions(table_id, after=0) == [(1, 0, {"type": "stop"})]
        assert store.append([Append(table_id, 2, 1, {"type": "z"}, True)]) == [True]
        assert store.table(table_id).status == OVER  # type: ignore[union-attr]
        assert store.append([]) == []
    finally:
        store.engine.dispose()


def test_concurrent_claims_of_the_last_seats_start_the_game(pg_url: str) -> None:
    store = new_store(pg_url)
    try:
        for _ in range(5):
            created = store.create_table(
                "egyptian-bride", OPTIONS, 4, 1, [NewSeat("person")] * 3 + [NewSeat("bot")]
            )
            table_id = created.table.id
            invites = list(created.invites.values()) * 2
            with ThreadPoolExecutor(6) as pool:
                claims = list(
                    pool.map(store.claim_seat, [table_id] * 6, invites, [f"x{n}" for n in range(6)])
                )
            won = [c for c in claims if c is not None]
            assert sorted(seat for seat, _ in won) == [0, 1, 2]
            assert store.table(table_id).status == PLAYING  # type: ignore[union-attr]
    finally:
        store.engine.dispose()


def test_notify_reaches_a_listener_after_commit(pg_url: str) -> None:
    store = new_store(pg_url)
    try:
        created = store.create_table("egyptian-bride", OPTIONS, 4, 1, [NewSeat("person")] * 4)
        table_id = created.table.id
        with psycopg.connect(pg_url, autocommit=True) as listener:
            listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
            store.claim_seat(table_id, created.invites[2], "Cy")
            store.append(
                [
                    Append(table_id, 0, 0, {"type": "take_from_deck"}, False),
                    Append(table_id, 1, 0, {"type": "stop"}, False),
                ]
            )
            store.append([Append(table_id, 1, 1, {"type": "late"}, False)])  # not stored
            notes = [n.payload for n in listener.notifies(timeout=1.0, stop_after=3)]
        # A stored action is announced whole, so that other workers need not read it back.
        assert notes == [
            f"{table_id}:seats",
            f'{table_id}:0:0:{{"type":"take_from_deck"}}',
            f'{table_id}:1:0:{{"type":"stop"}}',
        ]
    finally:
        store.engine.dispose()


class FakeHub:
    """Records what the listener hands to the hub."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, int | None]] = []
        self.tables: dict[str, object] = {}
        self.loading: dict[str, asyncio.Lock] = {}

    async def catch_up(self, table_id: str, seq: int) -> None:
        self.calls.append(("catch_up", table_id, seq))

    async def seats_changed(self, table_id: str) -> None:
        self.calls.append(("seats_changed", table_id, None))

    def owns(self, table_id: str) -> bool:
        return False  # another worker's tables: only live ones are caught up


async def wait_for(hub: FakeHub, count: int) -> None:
    for _ in range(200):
        if len(hub.calls) >= count:
            return
        await asyncio.sleep(0.02)


def test_listener_hands_notifications_to_the_hub(pg_url: str) -> None:
    store = new_store(pg_url)
    hub = FakeHub()

    async def scenario() -> None:
        listener = Listener(store.url, hub, asyncio.get_running_loop())  # type: ignore[arg-type]
        listener.start()
        try:
            assert await asyncio.to_thread(listener.ready.wait, 10)
            await asyncio.sleep(0.1)  # the catch-up of every live table (none) on connecting
            created = store.create_table("egyptian-bride", OPTIONS, 4, 1, [NewSeat("person")] * 4)
            table_id = created.table.id
            hub.tables[table_id] = SimpleNamespace(
                state=SimpleNamespace(version=0),
                lock=asyncio.Lock(),
                info=SimpleNamespace(status=PLAYING),
            )
            await asyncio.to_thread(store.claim_seat, table_id, created.invites[0], "Al")
            await asyncio.to_thread(
                store.append, [Append(table_id, 0, 0, {"type": "take_from_deck"}, False)]
            )
            await wait_for(hub, 2)
            assert hub.calls == [("seats_changed", table_id, None), ("catch_up", table_id, 0)]
        finally:
            await listener.aclose()
        assert listener.connection is None and not listener.ready.is_set()

    try:
        asyncio.run(scenario())
    finally:
        store.engine.dispose()


def test_a_connection_given_back_after_dispose_is_closed(pg_url: str) -> None:
    """Work still running at shutdown must not leave a connection open."""
    store = new_store(pg_url)
    late = store.engine.connect()
    raw = late.connection.dbapi_connection
    store.engine.dispose()
    late.close()
    assert raw is not None and raw.closed
    assert store.actions("none") == []  # the new pool works
    store.engine.dispose()


def test_work_after_the_store_closed_leaves_no_connection_open(pg_url: str) -> None:
    """A thread still busy when the server stops takes a fresh connection: it is closed too."""
    store = new_store(pg_url)
    store.close()
    late = store.engine.connect()
    raw = late.connection.dbapi_connection
    late.close()
    assert raw is not None and raw.closed
    store.open()  # started again: connections are kept for the next request once more
    kept = store.engine.connect()
    raw = kept.connection.dbapi_connection
    kept.close()
    assert raw is not None and not raw.closed
    store.close()
    assert raw.closed


class GatedListener(Listener):
    """A listener whose connecting waits for the test's word."""

    def __init__(self, url: str, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(url, FakeHub(), loop)  # type: ignore[arg-type]
        self.go = threading.Event()
        self.made: list[psycopg.Connection[object]] = []

    def _connect(self) -> psycopg.Connection[object]:
        assert self.go.wait(10)
        connection = super()._connect()
        self.made.append(connection)
        return connection


def test_a_listener_stopped_while_connecting_leaves_no_connection_open(pg_url: str) -> None:
    """The server may stop, and its loop end, before the listening connection is made."""

    async def scenario() -> GatedListener:
        listener = GatedListener(pg_url, asyncio.get_running_loop())
        listener.start()
        await asyncio.sleep(0.05)  # the thread is connecting
        listener.stop()
        listener.go.set()
        return listener

    listener = asyncio.run(scenario())  # waits for the thread, not for the cancelled task
    assert len(listener.made) == 1 and listener.made[0].closed
    assert listener.connection is None


def test_the_action_writer_survives_a_dropped_connection(pg_url: str) -> None:
    """The writer keeps its own connection; the database dropping it costs no batch."""
    store = new_store(pg_url)
    try:
        table_id = store.create_table(
            "egyptian-bride", OPTIONS, 4, 1, [NewSeat(PERSON)] * 4
        ).table.id
        assert store.append([Append(table_id, 0, 0, {"type": "take_from_deck"}, False)]) == [True]
        writer = store._actions_writer.connection
        assert writer is not None
        pid = writer.dbapi_connection.info.backend_pid  # type: ignore[union-attr]
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        assert store.append([Append(table_id, 1, 0, {"type": "stop"}, True)]) == [True]
        assert [seq for seq, _, _ in store.actions(table_id)] == [0, 1]
        assert store.table(table_id).status == OVER  # type: ignore[union-attr]
    finally:
        store.close()
    assert store._actions_writer.connection is None


def test_an_announcement_during_a_load_is_handled_after_it(pg_url: str) -> None:
    """A table loading here may have read the database just before a step was stored."""
    hub = FakeHub()

    async def scenario() -> None:
        listener = Listener(pg_url, hub, asyncio.get_running_loop())  # type: ignore[arg-type]
        loading = hub.loading["T1"] = asyncio.Lock()
        await loading.acquire()
        listener._dispatch('T1:0:0:{"type":"stop"}')
        listener._dispatch("T2:0")  # not live here, not loading: nothing to do
        await asyncio.sleep(0.05)
        assert hub.calls == []
        hub.tables["T1"] = SimpleNamespace(
            state=SimpleNamespace(version=0),
            lock=asyncio.Lock(),
            info=SimpleNamespace(status=PLAYING),
        )
        loading.release()
        await wait_for(hub, 1)
        assert hub.calls == [("catch_up", "T1", 0)]

    asyncio.run(scenario())


def test_the_listener_reconnects_and_catches_up(pg_url: str) -> None:
    """Announcements sent while nobody listened are lost: every live table is caught up."""
    hub = FakeHub()
    hub.tables["T1"] = SimpleNamespace(
        state=SimpleNamespace(version=3),
        lock=asyncio.Lock(),
        info=SimpleNamespace(status=PLAYING),
    )

    async def scenario() -> None:
        listener = Listener(pg_url, hub, asyncio.get_running_loop())  # type: ignore[arg-type]
        listener.start()
        try:
            await wait_for(hub, 1)  # on connecting
            assert hub.calls == [("catch_up", "T1", 3)]
            with psycopg.connect(pg_url, autocommit=True) as admin:
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND query LIKE 'LISTEN%'"
                )
            await wait_for(hub, 2)  # on connecting again
            assert hub.calls == [("catch_up", "T1", 3)] * 2
            assert listener.ready.is_set()
        finally:
            await listener.aclose()

    asyncio.run(scenario())
