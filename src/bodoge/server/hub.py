"""Live tables: the authoritative state in memory, the commit path, fan-out, bots.

One :class:`Hub` per worker process.  For each table it keeps the state
(rebuilt with ``bodoge.replay`` from the database), the open connections and
a lock that serialises that table's decisions.  An action is accepted in
this order, so that nothing unconfirmed ever reaches a client:

1. checked against the version the client saw (a stale one is refused);
2. applied to a *copy* of the state with the checked ``apply``;
3. stored in the database by the group-commit writer (:class:`Committer`);
4. only then swapped in and pushed to every connection of the table.

When the database says another worker stored that step first, the table
is reloaded from the database and the action refused as stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import bodoge
from bodoge.bots import Bot, make_bot
from bodoge.engine import IllegalAction, State

from .db import PLAYING, WAITING, Append, Store, TableInfo

log = logging.getLogger("bodoge.server")


class ProtocolError(Exception):
    """A refused request: a stable ``code`` and a readable message; nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Committer:
    """Group commit: actions waiting to be stored go to the database together.

    Each caller awaits its own result; under load one transaction (one
    fsync) carries many tables' actions, and every action is still stored
    before anyone is told about it.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.pending: list[tuple[Append, asyncio.Future[bool]]] = []
        self.wakeup = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def store_action(self, item: Append) -> bool:
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.pending.append((item, future))
        self.wakeup.set()
        return await future

    async def _run(self) -> None:
        while True:
            await self.wakeup.wait()
            self.wakeup.clear()
            batch, self.pending = self.pending, []
            if not batch:
                continue
            try:
                stored = await asyncio.to_thread(self.store.append, [item for item, _ in batch])
            except Exception as error:  # the database is down: fail these, keep serving
                log.exception("storing %d actions failed", len(batch))
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, future), ok in zip(batch, stored, strict=True):
                if not future.done():
                    future.set_result(ok)


@dataclass(eq=False)
class Connection:
    """One open socket: its seat (``None``: spectator) and its outgoing queue."""

    seat: int | None
    wants_html: bool = False
    lang: str = "en"
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)


@dataclass(eq=False)
class LiveTable:
    info: TableInfo
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)

    @property
    def started(self) -> bool:
        return self.info.status != WAITING


Renderer = Callable[[LiveTable, int | None, str], str]


class Hub:
    """Every live table of this worker."""

    def __init__(self, store: Store, bot_pause: float = 0.6) -> None:
        self.store = store
        self.bot_pause = bot_pause
        self.tables: dict[str, LiveTable] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.committer = Committer(store)
        self.render: Renderer | None = None
        self.accepted = 0

    async def start(self) -> None:
        self.committer.start()
        for info in await asyncio.to_thread(self.store.tables, [PLAYING], 10_000):
            live = await self.get(info.id)
            if live is not None:
                self.kick_bots(live)

    async def stop(self) -> None:
        for live in self.tables.values():
            for task in live.bot_tasks.values():
                task.cancel()
        await self.committer.stop()

    # ------------------------------------------------------------ loading

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from the database the first time it is needed."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        lock = self.loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.tables.get(table_id)
            if live is None:
                live = await asyncio.to_thread(self._load, table_id)
                if live is not None:
                    self.tables[table_id] = live
        return live

    def _load(self, table_id: str) -> LiveTable | None:
        info = self.store.table(table_id)
        if info is None:
            return None
        state = rebuild(info, self.store.actions(table_id))
        bots = {
            s.seat: make_bot(s.bot or "random", state.game, info.seed + s.seat)
            for s in info.seats
            if s.kind == "bot"
        }
        return LiveTable(info=info, state=state, bots=bots)

    async def refresh_info(self, live: LiveTable) -> None:
        """Reload seats and status (after someone joined)."""
        info = await asyncio.to_thread(self.store.table, live.info.id)
        if info is not None:
            live.info = info

    async def seats_changed(self, table_id: str) -> None:
        """Someone joined (perhaps through another worker): push the new seats."""
        live = self.tables.get(table_id)
        if live is not None:
            await self.refresh_info(live)
            self.publish(live)
            self.kick_bots(live)

    async def catch_up(self, table_id: str, seq: int) -> None:
        """Apply actions that another worker stored (told by NOTIFY), then push."""
        live = self.tables.get(table_id)
        if live is None or seq < live.state.version:
            return  # not loaded here, or already applied (our own commit)
        async with live.lock:
            rows = await asyncio.to_thread(self.store.actions, table_id, live.state.version - 1)
            if not rows:
                return
            for stored, seat, wire in rows:
                if stored != live.state.version:
                    break
                live.state.apply(seat, live.state.game.parse_action(wire))
            if live.state.is_over:
                await self.refresh_info(live)
            self.publish(live)

    # ------------------------------------------------------------- acting

    async def act(self, table_id: str, seat: int | None, version: object, wire: object) -> None:
        """Accept one decision or raise :class:`ProtocolError`; see the module docstring."""
        live = await self.get(table_id)
        if live is None:
            raise ProtocolError("table_not_found", f"there is no table {table_id!r}")
        if seat is None:
            raise ProtocolError("wrong_seat", "spectators cannot act; join a seat to play")
        if not live.started:
            raise ProtocolError("not_started", "the table is waiting for players")
        if isinstance(version, bool) or not isinstance(version, int):
            raise ProtocolError("malformed", f"'version' must be an integer, not {version!r}")
        async with live.lock:
            state = live.state
            if version != state.version:
                raise ProtocolError(
                    "stale_version",
                    f"that decision was made on version {version}; the table is at {state.version}",
                )
            try:
                action = state.game.parse_action(wire)
                after = state.clone()
                after.apply(seat, action)
            except IllegalAction as error:
                raise ProtocolError(error.code, str(error)) from None
            item = Append(table_id, state.version, seat, action.to_json(), after.is_over)
            if not await self.committer.store_action(item):
                await self._reload(live)
                raise ProtocolError("stale_version", "another decision was taken first")
            live.state = after
            self.accepted += 1
            if after.is_over:
                await self.refresh_info(live)
            self.publish(live)
        self.kick_bots(live)

    async def _reload(self, live: LiveTable) -> None:
        fresh = await asyncio.to_thread(self._load, live.info.id)
        if fresh is not None:
            live.info, live.state = fresh.info, fresh.state
            self.publish(live)

    # ---------------------------------------------------------------- bots

    def kick_bots(self, live: LiveTable) -> None:
        """Start a move for every bot whose decision is awaited."""
        if not live.started:
            return
        for seat in live.state.to_act:
            bot = live.bots.get(seat)
            task = live.bot_tasks.get(seat)
            if bot is not None and (task is None or task.done()):
                live.bot_tasks[seat] = asyncio.create_task(self._bot_move(live, seat, bot))

    async def _bot_move(self, live: LiveTable, seat: int, bot: Bot) -> None:
        if self.bot_pause:
            await asyncio.sleep(self.bot_pause)
        state = live.state
        if seat not in state.to_act:
            return
        view_of_bot = state.clone()
        action = await asyncio.to_thread(bot.choose, view_of_bot, seat)
        try:
            await self.act(live.info.id, seat, state.version, action.to_json())
        except ProtocolError as error:
            if error.code != "stale_version":
                log.error("bot at %s seat %d was refused: %s", live.info.id, seat, error)
        except Exception:
            log.exception("bot at %s seat %d failed", live.info.id, seat)
        finally:
            if live.bot_tasks.get(seat) is asyncio.current_task():
                del live.bot_tasks[seat]
        self.kick_bots(live)

    # ------------------------------------------------------------ fan-out

    def attach(self, live: LiveTable, connection: Connection) -> None:
        live.connections.add(connection)
        connection.queue.put_nowait(self.message(live, connection, {}))

    def detach(self, live: LiveTable, connection: Connection) -> None:
        live.connections.discard(connection)
        connection.queue.put_nowait(None)

    def publish(self, live: LiveTable) -> None:
        """Queue each connection's own new view (computed once per seat)."""
        cache: dict[tuple[int | None, bool, str], dict[str, Any]] = {}
        for connection in list(live.connections):
            connection.queue.put_nowait(self.message(live, connection, cache))

    def message(
        self,
        live: LiveTable,
        connection: Connection,
        cache: dict[tuple[int | None, bool, str], dict[str, Any]],
    ) -> dict[str, Any]:
        key = (connection.seat, connection.wants_html, connection.lang)
        if key not in cache:
            cache[key] = state_message(live, *key, render=self.render)
        return cache[key]


def rebuild(info: TableInfo, rows: list[tuple[int, int, dict[str, Any]]]) -> State:
    """The table's state: its set-up replayed with its stored actions."""
    record = {
        "format": bodoge.engine.RECORD_FORMAT,
        "game": info.game,
        "game_version": bodoge.get_game(info.game).version,
        "options": info.options,
        "num_players": info.num_players,
        "seed": info.seed,
        "actions": [[seat, action] for _, seat, action in rows],
    }
    return bodoge.replay(record)


LOG_LENGTH = 30
"""How many recent events each message carries for the action log."""


def state_message(
    live: LiveTable, seat: int | None, html: bool, lang: str, render: Renderer | None = None
) -> dict[str, Any]:
    """What one seat is sent after a change: its view and its legal actions, nothing else."""
    state = live.state
    legal = state.legal_actions(seat) if seat is not None and live.started else []
    message: dict[str, Any] = {
        "type": "state",
        "table": live.info.id,
        "status": live.info.status,
        "version": state.version,
        "seat": seat,
        "view": state.view(seat),
        "legal": [{"action": a.to_json(), "label": a.label(lang)} for a in legal],
        "log": [event.for_seat(seat, lang) for event in state.events[-LOG_LENGTH:]],
        "sent_at": time.time(),
    }
    if html and render is not None:
        message["html"] = render(live, seat, lang)
    return message
