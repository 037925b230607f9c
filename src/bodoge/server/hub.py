"""The live path of a worker's tables: load, decide, commit, publish, attach, detach.

One :class:`Hub` per worker process.  For each table it keeps the state
(rebuilt from the database by replaying its stored actions), the open
connections and a lock that serialises that table's decisions.  An action is
accepted in this order, so that nothing unconfirmed ever reaches a client:

1. checked against the version the client saw (:meth:`Hub.check_version`);
2. applied to a *copy* of the state with the checked ``apply``;
3. stored in the database by the group-commit writer (:class:`.Committer`);
4. only then swapped in and queued, in version order, to every connection
   of the table (:meth:`Hub.publish`).

Steps 1–4 run under the table's lock, in a task of their own that a
cancelled caller (a closed socket, a stopping bot) cannot interrupt half-way:
once an action is stored it is always swapped in and published.

**Versions.**  ``state.version`` counts applied actions; the action stored
at ``seq = v`` is the one applied to version ``v``.  A client names the
version it saw.  The current version is always accepted.  An older one is
accepted only inside a *simultaneous decision*: when several seats were in
``to_act`` at that version and every action since was by another of those
seats, either committing (``to_act`` shrinking by the seat that acted) or
taking a secret step of a decision in several steps (``to_act`` unchanged,
the event secret), so nothing the late seat decided on has changed;
:attr:`LiveTable.window` is the first version of that run.  Anything else
is ``stale_version``.

When the database says another worker stored that step first, the table is
caught up from the database and the decision checked again.

**Around the live path**, each job in a module of its own: the group-commit
writer (:mod:`.committer`), bots taken in turn (:mod:`.bot_turns`), clocks,
grace periods and stand-ins (:mod:`.deadlines`), the chat (:mod:`.chat`),
what each seat is sent (:mod:`.messages`), and rebuilding a table from the
database (:mod:`.rebuilding`).  :class:`Hub` is the live path with those
parts mixed in; the tables themselves are :mod:`.live`'s.

**Memory.**  A finished table is forgotten when its last socket leaves.  One
that is only read (its replay, its record) is kept for the reads that follow,
but at most ``ENDED_KEPT`` such tables, each until ``ENDED_SECONDS`` after
its last read (:meth:`Hub.forget_ended`); the database keeps them all.  A
request is checked for sight before its table is loaded
(:func:`bodoge.server.access.seen_table`), so a refused one loads nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from bodoge.engine import IllegalAction, InvalidRecord, State

from .bot_turns import STAND_IN, BotLimits, BotPlayer, BotTurns, InvalidBot, owns_every_table
from .chat import CHAT_SENT, Chat, chat_line
from .committer import Announce, Committer
from .db import ABANDONED, BOT, LINK, OVER, PERSON, PLAYING, Append, Store, TableInfo, now
from .deadlines import Deadlines
from .i18n import word
from .live import NOT_ALLOWED_CLOSE, Connection, LiveTable, ProtocolError, Row, dump, holds
from .messages import (
    MessageCache,
    Renderer,
    bot_name,
    bot_seats,
    disconnected,
    result_of,
    room,
    seat_names,
    state_message,
    table_names,
)
from .rebuilding import latest, next_window, rebuild, rebuild_live

log = logging.getLogger("bodoge.server")

__all__ = [
    "STAND_IN",
    "BotLimits",
    "Connection",
    "Hub",
    "InvalidBot",
    "LiveTable",
    "ProtocolError",
    "bot_name",
    "bot_seats",
    "chat_line",
    "rebuild",
    "room",
    "seat_names",
    "table_names",
]


class Hub(BotPlayer, Deadlines, Chat):
    """Every live table of this worker."""

    def __init__(
        self,
        store: Store,
        bot_pause: float = 0.6,
        bot_threads: int = 4,
        limits: BotLimits | None = None,
        owns: Callable[[str], bool] = owns_every_table,
        waiting_hours: float = 0.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.clock = clock
        """The time (POSIX seconds) the table clocks and grace periods are measured by."""
        self.bot_pause = bot_pause
        self.bot_threads = bot_threads
        self.limits = limits or BotLimits()
        self.owns = owns
        """Whether this worker plays the table's bots (with several workers, one owns each)."""
        self.waiting_hours = waiting_hours
        """Tables waiting for players longer than this are removed (0: never)."""
        self.turns: BotTurns | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self.ended_kept = ENDED_KEPT
        self.idle: OrderedDict[str, float] = OrderedDict()
        """Finished tables live here that nobody watches: when each was last asked for
        (monotonic seconds), least recently first (:meth:`forget_ended`)."""
        self.forgetter: asyncio.Task[None] | None = None
        self.bot_refusals = 0
        """Bot moves refused so far (each logged); with one owner per table this stays 0."""
        self.tables: dict[str, LiveTable] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.committer = Committer(store)
        self.render: Renderer | None = None
        self.accepted = 0
        self.stopping = False
        self.inflight: set[asyncio.Task[None]] = set()
        self.bot_pool: ThreadPoolExecutor | None = None
        self.thinking = 0
        """Bots deciding in the bot pool now (game reviews wait while any is)."""
        self.announce: Announce | None = None
        """Tells the other workers on the same SQLite file (PostgreSQL's NOTIFY needs none)."""

    async def start(self) -> None:
        """Start writing and restore every table in play (bots carry on)."""
        # Locks, events and queues belong to one event loop: make them afresh,
        # so that an app can be started again (in a new loop) after a stop.
        self.tables, self.loading, self.idle = {}, {}, OrderedDict()
        self.committer = Committer(self.store, self.announce)
        self.stopping = False
        # More threads than runners: a thread still busy with a decision given
        # up on (see OVERRUN_GRACE) must not hold up the next one.
        self.bot_pool = ThreadPoolExecutor(self.bot_threads * 2, thread_name_prefix="bodoge-bot")
        self.turns = BotTurns(self, self.bot_threads)
        self.committer.start()
        for info in await asyncio.to_thread(self.store.tables, [PLAYING], 10_000):
            if not self.owns(info.id):
                continue  # another worker plays it; it is loaded here when asked for
            try:
                await self.get(info.id)
            except Exception:  # one broken table must not keep the others down
                log.exception("table %s cannot be restored", info.id)
        if self.waiting_hours > 0:
            self.sweeper = asyncio.create_task(self._sweep(), name="bodoge-expiry")
        self.forgetter = asyncio.create_task(self._forget_ended(), name="bodoge-forget")

    async def stop(self) -> None:
        """Stop the bots, let decisions under way finish and be stored, stop writing."""
        self.stopping = True
        kicks = [live.bot_kick for live in self.tables.values() if live.bot_kick is not None]
        kicks += [live.watch for live in self.tables.values() if live.watch is not None]
        kicks += [task for task in (self.sweeper, self.forgetter) if task is not None]
        for task in kicks:
            task.cancel()
        await asyncio.gather(*kicks, return_exceptions=True)
        if self.turns is not None:
            await self.turns.stop()
        while self.inflight:
            await asyncio.gather(*self.inflight, return_exceptions=True)
        await self.committer.stop()
        if self.bot_pool is not None:
            self.bot_pool.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------ loading

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from the database the first time it is needed.

        A table live here has its bots played here.
        """
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
                    self.kick_bots(live)
                    self.arm(live)
        self.loading.pop(table_id, None)
        if live is not None:
            self._note_idle(live)
        return live

    def _note_idle(self, live: LiveTable) -> None:
        """A finished table nobody watches was asked for: keep it a while, but only the
        ``ended_kept`` asked for last (a stream of reads of many tables stays bounded)."""
        if not live.done or live.connections:
            return
        self.idle[live.info.id] = time.monotonic()
        self.idle.move_to_end(live.info.id)
        while len(self.idle) > self.ended_kept:
            oldest, _ = self.idle.popitem(last=False)
            self._evict_if_done(self.tables.get(oldest))

    def forget_ended(self, at: float) -> None:
        """Forget the finished tables nobody has watched or asked for ``ENDED_SECONDS``
        before ``at`` (monotonic seconds); those just found finished and unwatched
        (a game of bots ended) are noted from ``at``."""
        for table_id, live in list(self.tables.items()):
            if live.done and not live.connections and table_id not in self.idle:
                self.idle[table_id] = at
        for table_id, since in list(self.idle.items()):
            if since > at - ENDED_SECONDS:
                break
            del self.idle[table_id]
            self._evict_if_done(self.tables.get(table_id))

    async def _forget_ended(self) -> None:
        while True:
            await asyncio.sleep(ENDED_SECONDS / 4)
            self.forget_ended(time.monotonic())

    async def info(self, table_id: str) -> TableInfo | None:
        """The table as this worker knows it, without loading it (a request's sight is
        checked on it first: a refused request loads nothing)."""
        live = self.tables.get(table_id)
        if live is not None:
            return live.info
        return await asyncio.to_thread(self.store.table, table_id)

    async def created(self, info: TableInfo) -> None:
        """A table was created here.

        One that is under way already (bots only) is played by its owner:
        here, or the owning worker is told.  One that waits for people is not
        loaded: it comes alive where people join or connect, which with
        several workers is the table's own worker (:mod:`bodoge.server.front`),
        not the one that happened to create it.
        """
        if info.status == PLAYING:
            if self.owns(info.id):
                await self.get(info.id)
            else:
                await self._tell_others(info.id)

    async def _tell_others(self, table_id: str) -> None:
        """Have the other workers and servers read the table's seats again (``id:seats``):
        its owner notices that its bots have work, every worker who may no longer see it."""
        if self.announce is not None:
            self.announce([f"{table_id}:seats"])
        elif self.store.is_postgres:
            await asyncio.to_thread(self.store.notify, f"{table_id}:seats")

    async def adopt(self, table_id: str) -> None:
        """Another worker filled a seat of a table this one owns: play its bots if it started."""
        if not self.owns(table_id) or table_id in self.tables or self.stopping:
            return
        info = await asyncio.to_thread(self.store.table, table_id)
        if info is not None and info.status == PLAYING and any(s.kind == BOT for s in info.seats):
            await self.get(table_id)

    def _load(self, table_id: str) -> LiveTable | None:
        info = self.store.table(table_id)
        if info is None:
            return None
        state, window = rebuild_live(info, self.store.actions(table_id))
        bots = {}
        if not state.is_over:
            for seat in info.seats:
                if seat.kind == BOT:
                    bots[seat.seat] = self._make_bot(info, seat.seat, seat.bot or "random")
                elif seat.by_bot:
                    bots[seat.seat] = self._stand_in(info, seat.seat)
        live = LiveTable(info=info, state=state, window=window, bots=bots)
        live.clocks = {s.seat: s.clock for s in info.seats if s.clock is not None}
        live.chat = self.store.chat(table_id)
        since = self.clock()
        live.away = {s.seat: since for s in info.seats if s.kind == PERSON}
        self.store.save_clocks(table_id, self._start_clocks(live))
        return live

    async def joined(self, info: TableInfo) -> None:
        """A seat was filled here (``info``: the table after it): push it, tell other workers."""
        if self.announce is not None:
            self.announce([f"{info.id}:seats"])
        has_bots = any(seat.kind == BOT for seat in info.seats)
        # A table with a clock or a grace period comes alive too: its deadlines run from now.
        watched = has_bots or info.clock is not None or info.grace is not None
        starts = info.status == PLAYING and watched and info.id not in self.tables
        # The last seat is filled: the bots start here, if this worker owns the
        # table; else its owner heard of the seat (NOTIFY, or the announcement above).
        if starts and self.owns(info.id):
            await self.get(info.id)
        await self.seats_changed(info.id, info)

    async def seats_changed(self, table_id: str, info: TableInfo | None = None) -> None:
        """Someone joined (perhaps through another worker): push the new seats.

        ``info`` is the table as the joining request left it; without it
        (an announcement) it is read from the database.  A table that has not
        changed is not pushed again (this worker's own change coming back as
        an announcement, or a join whose announcement arrived first): its
        connections would get the same state twice.
        """
        live = self.tables.get(table_id)
        if live is None:
            return
        async with live.lock:
            before = live.info
            if info is None:
                info = await asyncio.to_thread(self.store.table, table_id)
            if info is not None:
                live.info = latest(live.info, info)
            self._seat_bots(live)
            started = self._start_clocks(live)
            if started:
                await asyncio.to_thread(self.store.save_clocks, table_id, started)
            if started or live.info != before:
                self.publish(live)
        self.kick_bots(live)
        self.arm(live)

    async def catch_up(self, table_id: str, seq: int, known: Sequence[Row] = ()) -> None:
        """Apply actions that another worker stored (it announced them), then push.

        ``known`` holds announced steps (seq, seat, action) from the table's
        current version on; when they reach ``seq`` the database is not read.
        """
        live = self.tables.get(table_id)
        if live is None or seq < live.state.version:
            return  # not loaded here, or already applied (our own commit)
        async with live.lock:
            await self._sync(live, known, seq)
        self.kick_bots(live)

    async def _sync(self, live: LiveTable, known: Sequence[Row] = (), upto: int = -1) -> None:
        """Catch the table up with stored actions (under the lock).

        They are the ``known`` ones when those run unbroken from the current
        version to step ``upto``, else they are read from the database.
        """
        version = live.state.version
        rows = [row for row in known if row[0] >= version]
        complete = bool(rows) and rows[0][0] == version and rows[-1][0] >= upto
        if not complete or [row[0] for row in rows] != list(range(version, version + len(rows))):
            rows = await asyncio.to_thread(self.store.actions, live.info.id, version - 1)
        if not rows:
            return
        # Stored actions are applied to the live state itself, not to a copy:
        # they are committed already, so the state may show them at once.
        state, window = live.state, live.window
        try:
            for stored, seat, wire in rows:
                if stored != state.version:
                    raise InvalidRecord(f"step {stored} stored where {state.version} was expected")
                before = state.to_act
                state.apply(seat, state.game.parse_action(wire))
                window = next_window(window, before, seat, state)
        except Exception:  # the state may be half-changed: rebuild it from the database
            log.exception("table %s: stored actions do not apply; reloading", live.info.id)
            fresh = await asyncio.to_thread(self._load, live.info.id)
            if fresh is None:
                return
            live.info, state, window = fresh.info, fresh.state, fresh.window
        if live.info.clock is not None:  # the worker that stored them stored the clocks too
            fresh_info = await asyncio.to_thread(self.store.table, live.info.id)
            if fresh_info is not None:
                live.clocks = {s.seat: s.clock for s in fresh_info.seats if s.clock is not None}
        self._swap(live, state, window)

    def _swap(self, live: LiveTable, state: State, window: int) -> None:
        live.state, live.window = state, window
        if state.is_over and live.info.status != OVER:
            live.info = dataclasses.replace(live.info, status=OVER, result=result_of(state))
        self.publish(live)
        self.arm(live)

    # ------------------------------------------------------------- acting

    async def act(
        self,
        table_id: str,
        seat: int | None,
        version: object,
        wire: object,
        by_bot: bool = False,
        holder: str | None = None,
    ) -> None:
        """Accept one decision or raise :class:`ProtocolError`; see the module docstring.

        ``by_bot``: a bot of this hub decided it.  A person who acts on a seat
        a bot plays for them takes the seat back first.  ``holder``: the hash
        of the person's seat token, checked under the table's lock (a seat
        that changed hands meanwhile is ``wrong_seat``).
        """
        if isinstance(version, bool) or not isinstance(version, int):
            raise ProtocolError("malformed", f"'version' must be an integer, not {version!r}")
        live = await self.get(table_id)
        if live is None:
            raise ProtocolError("table_not_found", f"there is no table {table_id!r}")
        if seat is None:
            raise ProtocolError("wrong_seat", "spectators cannot act; join a seat to play")
        if not by_bot and seat in live.by_bot:
            await self.take_back(live, seat)
        decision = asyncio.ensure_future(
            self._decide_and_go_on(live, seat, version, wire, by_bot, holder)
        )
        self.inflight.add(decision)
        decision.add_done_callback(self._settled)
        await asyncio.shield(decision)  # a cancelled caller never stops a commit half-way

    async def _decide_and_go_on(
        self,
        live: LiveTable,
        seat: int,
        version: int,
        wire: object,
        by_bot: bool = False,
        holder: str | None = None,
    ) -> None:
        """Decide, then (if accepted) start the bots now due: even if the caller has gone."""
        await self._decide(live, seat, version, wire, by_bot, holder)
        self.kick_bots(live)
        self._evict_if_done(live)

    def _settled(self, task: asyncio.Task[None]) -> None:
        self.inflight.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: its caller may have gone

    async def _decide(
        self,
        live: LiveTable,
        seat: int,
        version: int,
        wire: object,
        by_bot: bool = False,
        holder: str | None = None,
    ) -> None:
        async with live.lock:
            for _attempt in range(3):
                if holder is not None and live.info.token_hashes.get(holder) != seat:
                    raise ProtocolError("wrong_seat", "this seat is no longer yours")
                if not live.started:
                    raise ProtocolError("not_started", "the table is waiting for players")
                if live.info.status == ABANDONED:
                    raise ProtocolError("table_ended", "the host ended this table")
                if by_bot and seat not in live.bots:
                    raise ProtocolError("wrong_seat", "a person plays this seat again")
                state = live.state
                self.check_version(live, seat, version)
                try:
                    action = state.game.parse_action(wire)
                    after = state.clone()
                    after.apply(seat, action)
                except IllegalAction as error:
                    raise ProtocolError(error.code, str(error)) from None
                item = Append(
                    live.info.id,
                    state.version,
                    seat,
                    action.to_json(),
                    after.is_over,
                    proxy=by_bot and seat in live.by_bot,
                    clocks=self._advance_clocks(live, state, after, seat),
                    result=result_of(after) if after.is_over else None,
                )
                try:
                    stored = await self.committer.store_action(item)
                except Exception:
                    log.exception("table %s: step %d was not stored", live.info.id, item.seq)
                    with contextlib.suppress(Exception):
                        await self._sync(live)  # it may have been stored after all
                    raise ProtocolError(
                        "unavailable", "the decision could not be saved; please try again"
                    ) from None
                if stored:
                    self.accepted += 1
                    live.clocks.update(item.clocks)
                    self._swap(live, after, next_window(live.window, state.to_act, seat, after))
                    return
                await self._sync(live)  # another worker stored this step first
            raise ProtocolError("stale_version", "other decisions were taken first; try again")

    def check_version(self, live: LiveTable, seat: int, version: int) -> None:
        """Refuse a decision made on a version whose situation has changed since."""
        current = live.state.version
        if version == current:
            return
        since = live.state.events[version:] if live.window <= version < current else None
        if since is not None and seat in live.state.to_act and all(e.seat != seat for e in since):
            return  # a simultaneous decision, still open: only others acted meanwhile
        raise ProtocolError(
            "stale_version",
            f"that decision was made on version {version}; the table is at {current}",
        )

    # ------------------------------------------------------------- the host

    async def changed(self, live: LiveTable, info: TableInfo | None) -> None:
        """The host changed the table (``info``: as stored after it): push it, start bots."""
        if info is None:
            return
        async with live.lock:
            was_playing = live.info.status == PLAYING
            live.info = info
            if info.status == PLAYING and not was_playing:  # the last open seat became a bot
                self._seat_bots(live)
                started = self._start_clocks(live)
                if started:
                    await asyncio.to_thread(self.store.save_clocks, info.id, started)
            if info.status != PLAYING:
                live.bots.clear()
            self.publish(live)
        await self._tell_others(info.id)
        self.kick_bots(live)
        self.arm(live)

    # ------------------------------------------------------------ expiry

    async def _sweep(self) -> None:
        """Remove tables that waited for players longer than ``waiting_hours`` (every minute)."""
        every = max(1.0, min(60.0, self.waiting_hours * 3600 / 4))
        while True:
            try:
                await self.expire_waiting()
            except Exception:  # the database is down: try again later
                log.exception("expiring waiting tables failed")
            await asyncio.sleep(every)

    async def expire_waiting(self) -> list[str]:
        """Remove the tables that waited too long (the cut-off is stored: ``created_at``)."""
        cutoff = now().timestamp() - self.waiting_hours * 3600
        gone = await asyncio.to_thread(self.store.expire_waiting, cutoff)
        for table_id in gone:
            live = self.tables.pop(table_id, None)
            if live is not None:
                for connection in list(live.connections):
                    connection.drop()
                live.connections.clear()
        return gone

    # ------------------------------------------------------------ fan-out

    def attach(self, live: LiveTable, connection: Connection) -> None:
        """Add a connection and queue its current view first (then the chat, if any).

        A seat's first connection (its first ever, or back) clears its "disconnected" for
        everyone else.
        """
        seat = connection.seat
        if seat is not None:
            shown_away = disconnected(live, live.info.seats[seat], self.clock()) is not None
            live.present[seat] = live.present.get(seat, 0) + 1
            live.away.pop(seat, None)
            live.dropped.discard(seat)
            live.unseen_told.discard(seat)
            if shown_away:  # back, or here at last: nobody waits on an unseen seat
                self.publish(live)
        live.connections.add(connection)
        self.idle.pop(live.info.id, None)
        if live.done:  # a finished table forgotten while the socket opened: live again
            self.tables.setdefault(live.info.id, live)
        connection.push(self.message(live, connection, {}))
        if live.chat:
            lines = [chat_line(live, line) for line in live.chat[-CHAT_SENT:]]
            connection.send({"type": "chat", "lines": lines})
        if seat is not None and live.info.grace is not None:
            self.arm(live)

    def detach(self, live: LiveTable, connection: Connection) -> None:
        """Drop a connection; a seat's last one gone shows it disconnected to everyone else."""
        live.connections.discard(connection)
        connection.queue.put_nowait(None)
        if connection.seat is not None:
            self._leave_seat(live, connection.seat)
            if connection.seat in live.dropped:
                self.publish(live)
        self._evict_if_done(live)

    def _leave_seat(self, live: LiveTable, seat: int) -> None:
        """One connection of ``seat`` fewer: the last one gone starts its grace period."""
        if seat not in live.present:
            return
        live.present[seat] -= 1
        if live.present[seat] <= 0:
            del live.present[seat]
            live.away[seat] = self.clock()
            if live.playing:
                live.dropped.add(seat)
            if live.info.grace is not None:
                self.arm(live)

    def _evict_if_done(self, live: LiveTable | None) -> None:
        """Forget a finished table nobody watches; the database still has it."""
        if live is None:
            return
        done = live.done and not live.connections and not live.lock.locked()
        if done and self.tables.get(live.info.id) is live:
            del self.tables[live.info.id]
            self.idle.pop(live.info.id, None)
            if live.watch is not None:
                live.watch.cancel()

    def demote_lost(self, live: LiveTable, only: Connection | None = None) -> None:
        """End every connection that may no longer see the table, and make every one
        whose token no longer holds its seat a spectator.

        A seat changes hands when the host revokes its invitation and
        someone else takes it (or the host makes it a bot's): the old
        person's socket must not receive the newcomer's view, act or write
        for them; at a private table they may no longer see at all, nor may
        its watchers once the host makes an open table private.  Called
        before every frame a table sends (:meth:`publish`, chat) and before
        every message a connection's socket handles, so no frame reaches a
        connection once the table knows (``only``: just that connection,
        before one of its messages).
        """
        for connection in [only] if only is not None else list(live.connections):
            if connection.sees is not None and not connection.sees(live.info):
                self._end_sight(live, connection)
                continue
            if connection.seat is None or holds(live.info, connection):
                continue
            said = word(seat_lost_words(live.info, connection.seat), connection.lang)
            self._leave_seat(live, connection.seat)
            connection.seat = None
            connection.send({"type": "notice", "code": SEAT_LOST, "message": said})

    def _end_sight(self, live: LiveTable, connection: Connection) -> None:
        """Tell the connection it may no longer see the table, then close it (4403)."""
        had_seat = connection.seat is not None
        live.connections.discard(connection)
        if connection.seat is not None:
            self._leave_seat(live, connection.seat)
            connection.seat = None
        withdrawn = connection.by_link and live.info.watch == LINK
        code = SEAT_GONE if had_seat else WATCH_WITHDRAWN if withdrawn else SIGHT_LOST
        connection.send({"type": "notice", "code": code, "message": word(code, connection.lang)})
        connection.end(NOT_ALLOWED_CLOSE)

    def publish(self, live: LiveTable) -> None:
        """Queue each connection's own new view (computed once per seat and language)."""
        self.demote_lost(live)
        cache: MessageCache = {}
        for connection in list(live.connections):
            try:
                text = self.message(live, connection, cache)
            except Exception:  # a game's view or template failed: keep the others going
                log.exception("table %s: no message for seat %s", live.info.id, connection.seat)
                continue
            if not connection.push(text):  # it does not read (its socket says so): let it go
                live.connections.discard(connection)

    def message(self, live: LiveTable, connection: Connection, cache: MessageCache) -> str:
        """The connection's next state message: the log carries only events it lacks."""
        key = (connection.seat, connection.wants_html, connection.lang, connection.logged)
        if key not in cache:
            cache[key] = dump(state_message(live, *key, render=self.render))
        connection.logged = live.state.version
        return cache[key]


ENDED_KEPT = 64
"""Most finished tables nobody watches that a worker keeps in memory."""

ENDED_SECONDS = 300.0
"""How long a finished table nobody watches stays in memory after it was last asked for."""


SEAT_LOST = "seat_lost"
"""The notice a connection gets when its seat went to someone else (it may still watch)."""

SEAT_GONE = "seat_gone"
"""The notice of a connection whose seat was taken from it at a table it may not watch:
the socket closes after it."""

SIGHT_LOST = "sight_lost"
"""The notice of a watcher of a table made private: the socket closes after it."""
WATCH_WITHDRAWN = "watch_withdrawn"
"""The notice of a watcher whose watch link the host withdrew: the socket closes after it."""


def seat_lost_words(info: TableInfo, seat: int) -> str:
    """The words of :data:`SEAT_LOST` for what became of the seat: someone else's now, a
    bot's, or open again (its invitation withdrawn, nobody in it yet)."""
    if seat in info.token_hashes.values():
        return SEAT_LOST
    return "seat_to_bot" if info.seats[seat].kind == "bot" else "seat_open"
