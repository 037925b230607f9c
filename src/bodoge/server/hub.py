"""Live tables: the authoritative state in memory, the commit path, fan-out, bots.

One :class:`Hub` per worker process.  For each table it keeps the state
(rebuilt from the database by replaying its stored actions), the open
connections and a lock that serialises that table's decisions.  An action is
accepted in this order, so that nothing unconfirmed ever reaches a client:

1. checked against the version the client saw (:meth:`Hub.check_version`);
2. applied to a *copy* of the state with the checked ``apply``;
3. stored in the database by the group-commit writer (:class:`Committer`);
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

**Bots** act through :class:`BotTurns`: ``bot_pause`` seconds after a bot's
decision became due, its table joins a queue that ``bot_threads`` runners
take in turn, one decision at a time, so a table of slow bots never holds
more than one runner and every other table gets its turn in between
(round-robin).  A bot chooses on a copy of the state in a worker thread of
the hub's own pool, so neither the event loop nor the database threads
wait for it; its choice then goes through :meth:`Hub.act` like anybody's.
A decision has a deadline (:class:`BotLimits`): IS-MCTS stops searching at
``BotLimits.seconds`` whatever its budget, and a bot still thinking
``OVERRUN_GRACE`` seconds after that is given up on for that decision,
which the game's heuristic bot (else a uniformly random legal move) makes
instead, with a warning in the log.

**Deadlines.**  A table may have a clock (:mod:`bodoge.server.clock`) and a
grace period for disconnected people.  The owning worker waits for the next
deadline of a person asked to act (:meth:`Hub.arm`); when it passes, the
seat is handed to the table's stand-in bot (``seats.by_bot``, stored), which
plays through :meth:`Hub.act` with ``by_bot=True`` (the stored action is
marked ``proxy``) until its person takes the seat back (:meth:`Hub.take_back`,
or by acting).  Seat clocks are stored with the action that changed them, so
a restarted worker waits for the same deadlines.

With several workers, a table's bots play only in the worker that owns the
table (``owns``; the one its connections reach, see
:mod:`bodoge.server.front`): two workers playing one seat would race each
other and one of them would always be refused.  A bot whose move is
refused because the table moved on since it looked decides again; only a
move refused on the very state it was chosen on (a bot's bug) is replaced
by a random one, and that is logged as an error.

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
import functools
import logging
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from html import escape
from typing import Any

import orjson

import bodoge
from bodoge.bots import BadBotSpec, Bot, BotSpec, ISMCTSBot, RandomBot, make_bot
from bodoge.engine import Action, IllegalAction, InvalidRecord, State, seat_name

from . import clock as clocks
from .clock import SeatClock
from .db import (
    ABANDONED,
    BOT,
    CANCELLED,
    LINK,
    OVER,
    PERSON,
    PLAYING,
    WAITING,
    Append,
    ChatLine,
    SeatInfo,
    Store,
    TableInfo,
    announcement,
    now,
)
from .i18n import word

log = logging.getLogger("bodoge.server")


class ProtocolError(Exception):
    """A refused request: a stable ``code`` and a readable message; nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


Announce = Callable[[list[str]], None]
"""Hands announcements (``table_id:seq:seat:action``, ``table_id:seats``) to other workers."""


class CommitFailed(RuntimeError):
    """The database could not store a batch (or the writer is not running)."""


class Committer:
    """Group commit: actions waiting to be stored go to the database together.

    Each caller awaits its own result; under load one transaction (one
    fsync) carries many tables' actions, and every action is still stored
    before anyone is told about it.  :meth:`stop` stores what is already
    waiting before it returns.

    The batches are written on a thread of the committer's own.  In the
    event loop's shared pool a batch queued behind the requests that set
    tables up (creating and joining, each reading or writing the database),
    and while a burst of tables started, every table's next step waited for
    them.  bench/load.py at 200 tables, three runs each way: p99 146–180 ms
    in the shared pool, 132–139 ms on the writer's own thread.
    """

    def __init__(self, store: Store, announce: Announce | None = None) -> None:
        self.store = store
        self.announce = announce
        """Called with the announcements of each stored batch (SQLite workers' peers)."""
        self.pending: list[tuple[Append, asyncio.Future[bool]]] = []
        self.wakeup = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.closing = False
        self.thread: ThreadPoolExecutor | None = None

    def start(self) -> None:
        self.closing = False
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="bodoge-writer")
        self.task = asyncio.create_task(self._run(), name="bodoge-committer")

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done() and not self.closing

    async def stop(self) -> None:
        """Store every action already waiting, then stop."""
        self.closing = True
        self.wakeup.set()
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        self._fail(self.pending, CommitFailed("the server is stopping"))
        self.pending = []
        if self.thread is not None:
            self.thread.shutdown(wait=True)
            self.thread = None

    async def store_action(self, item: Append) -> bool:
        """Whether ``item`` was stored (False: that step was already taken)."""
        if not self.running:
            raise CommitFailed("the action writer is not running")
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.pending.append((item, future))
        self.wakeup.set()
        return await future

    async def _run(self) -> None:
        batch: list[tuple[Append, asyncio.Future[bool]]] = []
        try:
            while True:
                await self.wakeup.wait()
                self.wakeup.clear()
                batch, self.pending = self.pending, []
                if batch:
                    await self._write(batch)
                batch = []
                if self.closing and not self.pending:
                    return
        finally:  # cancelled: nobody may wait for ever
            self._fail(batch, CommitFailed("the action writer was stopped"))

    async def _write(self, batch: list[tuple[Append, asyncio.Future[bool]]]) -> None:
        try:
            items = [item for item, _ in batch]
            loop = asyncio.get_running_loop()
            stored = await loop.run_in_executor(self.thread, self.store.append, items)
        except Exception as error:  # the database is down: fail these, keep serving
            log.exception("storing %d actions failed", len(batch))
            self._fail(batch, CommitFailed(str(error)))
            return
        if self.announce is not None and any(stored):
            self.announce(
                [announcement(item) for (item, _), ok in zip(batch, stored, strict=True) if ok]
            )
        for (_, future), ok in zip(batch, stored, strict=True):
            if not future.done():
                future.set_result(ok)

    @staticmethod
    def _fail(batch: Sequence[tuple[Append, asyncio.Future[bool]]], error: Exception) -> None:
        for _, future in batch:
            if not future.done():
                future.set_exception(error)


MAX_BACKLOG = 200
"""Unsent messages a connection may have queued before it is closed."""
NOT_ALLOWED_CLOSE = 4403
"""Close code of a socket that may not see its table (refused, or no longer allowed)."""


@dataclass(eq=False)
class Connection:
    """One open socket: its seat (``None``: spectator) and its outgoing queue.

    The queue holds JSON texts, in the order they are to be sent; ``None``
    tells the sender to stop.  Every message counts against
    :data:`MAX_BACKLOG`, replies to the connection's own messages (errors,
    pongs) as much as states: a connection that lets that many pile up does
    not read, and is dropped (``on_drop`` ends its socket).
    """

    seat: int | None
    wants_html: bool = False
    lang: str = "en"
    holder: str | None = None
    """The hash of the seat token it opened with: the seat is its own only while the
    table says that token holds it (:meth:`Hub.demote_lost`)."""
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    logged: int | None = None
    """Events already sent in earlier state messages (``None``: nothing sent yet)."""
    sees: Callable[[TableInfo], bool] | None = None
    """Whether what it opened with still lets it see the table (``None``: always);
    asked again whenever the table changes (:meth:`Hub.demote_lost`)."""
    by_link: bool = False
    """It opened with a watch key: losing sight of a table that still has a watch link
    means that link was withdrawn (its notice says so)."""
    dropped: bool = False
    close_code: int | None = None
    """Why the server ends it (``None``: it stopped reading)."""
    on_drop: Callable[[], object] | None = None

    def send(self, message: dict[str, Any]) -> bool:
        return self.push(dump(message))

    def push(self, text: str) -> bool:
        """Queue a message; False when the connection is (now) dropped for not reading."""
        if self.dropped:
            return False
        if self.queue.qsize() >= MAX_BACKLOG:
            self.drop()
            return False
        self.queue.put_nowait(text)
        return True

    def end(self, code: int) -> None:
        """Close it with ``code`` after the frames already queued; the socket's handler
        ends when the client answers the close."""
        if self.dropped:
            return
        self.dropped = True
        self.close_code = code
        self.queue.put_nowait(None)

    def drop(self) -> None:
        if self.dropped:
            return
        self.dropped = True
        self.queue.put_nowait(None)
        if self.on_drop is not None:
            self.on_drop()


OVERRUN_GRACE = 1.0
"""Seconds past ``BotLimits.seconds`` a bot's decision may take before it is given up on."""


class InvalidBot(BadBotSpec):
    """A bot that this server does not play: it would think longer than the limits allow."""

    code = "invalid_bot"


@dataclass(frozen=True)
class BotLimits:
    """How long a bot asked for from the network may think (``bodoge serve --max-bot-seconds``)."""

    seconds: float = 2.0
    iterations: int = 20_000
    """Most playouts per decision: about what IS-MCTS runs in ``seconds`` on the quicker games."""
    offered: frozenset[str] = frozenset()
    """Specs accepted whatever the limits: the lobby's levels (their search still stops at
    ``seconds``)."""

    def check(self, spec: BotSpec) -> None:
        """Refuse (:class:`InvalidBot`) a spec whose budget is beyond the limits."""
        if str(spec) in self.offered:
            return
        seconds = spec.params.get("seconds")
        if isinstance(seconds, int | float) and seconds > self.seconds:
            raise InvalidBot(
                f"a bot may think at most {self.seconds:g} seconds a move here, not {seconds:g}"
            )
        iterations = spec.params.get("iterations")
        counted = isinstance(iterations, int) and not isinstance(iterations, bool)
        if counted and int(iterations or 0) > self.iterations:
            raise InvalidBot(
                f"a bot may run at most {self.iterations} iterations a move here, not {iterations}"
            )

    @property
    def deadline(self) -> float:
        """Seconds after which a decision under way is given up on."""
        return self.seconds + OVERRUN_GRACE


def owns_every_table(table_id: str) -> bool:
    del table_id
    return True


class BotTurns:
    """Bot decisions taken in turn: one at a time per table, tables round-robin.

    ``runners`` tasks take tables off one queue; a table is in the queue at
    most once and with at most one runner at a time, and goes to the back
    of the queue for its next decision, so a table of slow bots delays the
    others by at most one decision each turn.
    """

    def __init__(self, hub: Hub, runners: int) -> None:
        self.hub = hub
        self.ready: deque[LiveTable] = deque()
        self.queued: set[str] = set()
        self.busy: set[str] = set()
        self.again: set[str] = set()
        self.wakeup = asyncio.Event()
        self.runners = [
            asyncio.create_task(self._run(), name=f"bodoge-bots-{n}") for n in range(runners)
        ]

    def want(self, live: LiveTable) -> None:
        """Queue a decision of the table's bots (kept for later if one is under way)."""
        table_id = live.info.id
        if table_id in self.busy:
            self.again.add(table_id)
        elif table_id not in self.queued:
            self.queued.add(table_id)
            self.ready.append(live)
            self.wakeup.set()

    async def stop(self) -> None:
        for runner in self.runners:
            runner.cancel()
        await asyncio.gather(*self.runners, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            while not self.ready:
                self.wakeup.clear()
                await self.wakeup.wait()
            live = self.ready.popleft()
            table_id = live.info.id
            self.queued.discard(table_id)
            self.busy.add(table_id)
            carry_on = False
            try:
                carry_on = await self.hub._bot_turn(live)
            except Exception:  # one table's trouble must not stop the others' bots
                log.exception("table %s: a bot's turn failed", table_id)
            finally:
                self.busy.discard(table_id)
            wanted = table_id in self.again
            self.again.discard(table_id)
            if carry_on:  # else refused for good: the next person's move starts them again
                if wanted:
                    self.want(live)
                self.hub.kick_bots(live)


@dataclass(eq=False)
class LiveTable:
    info: TableInfo
    state: State
    window: int = 0
    """First version of the current run of simultaneous decisions (see module docstring)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_kick: asyncio.Task[None] | None = None
    """The pause before the table's next bot decision is queued (see :class:`BotTurns`)."""
    next_bot: int = 0
    """Where the next bot decision starts looking, so that simultaneous bots take turns."""
    clocks: dict[int, SeatClock] = field(default_factory=dict)
    """Each seat's clock, as stored (tables with a clock only)."""
    present: dict[int, int] = field(default_factory=dict)
    """Open connections per seat."""
    away: dict[int, float] = field(default_factory=dict)
    """Since when each person's seat has had no connection (POSIX time)."""
    watch: asyncio.Task[None] | None = None
    """Waits for the next deadline (a clock running out, a grace period ending)."""
    chat: list[ChatLine] = field(default_factory=list)
    said: dict[int, deque[float]] = field(default_factory=dict)
    """When each seat last wrote (the chat's rate limit)."""
    dropped: set[int] = field(default_factory=set)
    """Seats whose last connection closed during the game (everyone is told at once)."""
    unseen_told: set[int] = field(default_factory=set)
    """Seats whose person never came that everyone has been told are away."""
    handed: dict[int, int] = field(default_factory=dict)
    """The version at which a deadline last handed each seat to a bot: a person who takes
    it back and is away again at that version gets no second grace."""

    @property
    def started(self) -> bool:
        return self.info.status not in (WAITING, CANCELLED)

    @property
    def playing(self) -> bool:
        """A game under way: not waiting, not over, not ended or cancelled by the host."""
        return self.info.status == PLAYING and not self.state.is_over

    @property
    def ended(self) -> bool:
        """Finished one way or another: over, or ended by its host (abandoned, no winner)."""
        return self.state.is_over or self.info.status == ABANDONED

    @property
    def done(self) -> bool:
        """Nothing more happens here: the game is over, or its host ended or cancelled it."""
        return self.state.is_over or self.info.status in (ABANDONED, CANCELLED)

    @property
    def by_bot(self) -> set[int]:
        """People's seats that a bot plays for now."""
        return {s.seat for s in self.info.seats if s.kind == PERSON and s.by_bot}


Renderer = Callable[[LiveTable, int | None, str], str]


class Hub:
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

    def _stand_in(self, info: TableInfo, seat: int) -> Bot:
        """The bot that plays a person's seat while the person is away (the table's level)."""
        return self._make_bot(info, seat, info.stand_in or STAND_IN)

    def _make_bot(self, info: TableInfo, seat: int, spec: str) -> Bot:
        game = bodoge.get_game(info.game)
        try:
            bot = make_bot(spec, game, info.seed + seat)
        except BadBotSpec:  # a bot this version no longer has: the table must go on
            log.warning("table %s seat %d: unknown bot %r; a random bot plays", info.id, seat, spec)
            return make_bot("random", game, info.seed + seat)
        if isinstance(bot, ISMCTSBot):  # the hard limit, also for tables stored before it
            bot.time_cap = self.limits.seconds
        return bot

    def _seat_bots(self, live: LiveTable) -> None:
        """Bots for the seats the host made bots' before the start (the table loaded earlier)."""
        if not live.playing:
            return
        for entry in live.info.seats:
            if entry.kind == BOT and entry.seat not in live.bots:
                live.bots[entry.seat] = self._make_bot(live.info, entry.seat, entry.bot or "random")

    def _start_clocks(self, live: LiveTable) -> dict[int, SeatClock]:
        """Start the clocks of seats asked to act whose clock is stopped (a game starting).

        Returns the clocks changed, to be stored.
        """
        spec = live.info.clock
        if spec is None or not live.playing:
            return {}
        at = self.clock()
        changed = {}
        for seat in live.state.to_act:
            current = live.clocks.get(seat) or SeatClock(spec.seconds)
            if current.since is None:
                changed[seat] = SeatClock(current.left, at)
        live.clocks.update(changed)
        return changed

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

    def _advance_clocks(
        self, live: LiveTable, before: State, after: State, seat: int
    ) -> tuple[tuple[int, SeatClock], ...]:
        """The seat clocks that ``seat``'s action changes (:func:`bodoge.server.clock.advance`)."""
        spec = live.info.clock
        if spec is None:
            return ()
        decided = not after.events[-1].outcome.draft
        changed = clocks.advance(
            spec, live.clocks, before.to_act, after.to_act, seat, decided, self.clock()
        )
        return tuple(sorted(changed.items()))

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

    # ---------------------------------------------------------------- bots

    def kick_bots(self, live: LiveTable) -> None:
        """Queue the table's next bot decision, after the pause, if one is awaited."""
        if self.stopping or not live.playing or self.turns is None:
            return
        if not self.owns(live.info.id) or self.tables.get(live.info.id) is not live:
            return
        if live.bot_kick is not None and not live.bot_kick.done():
            return
        if any(seat in live.bots for seat in live.state.to_act):
            live.bot_kick = asyncio.create_task(
                self._after_pause(live), name=f"bots {live.info.id}"
            )

    async def _after_pause(self, live: LiveTable) -> None:
        if self.bot_pause:
            await asyncio.sleep(self.bot_pause)
        if self.turns is not None and not self.stopping:
            self.turns.want(live)

    async def _bot_turn(self, live: LiveTable) -> bool:
        """One decision of one of the table's bots (in turn when several are to act).

        False when that bot's move was refused for good (see :meth:`_bot_decide`).
        """
        if self.stopping or not live.playing or self.tables.get(live.info.id) is not live:
            return True
        seats = sorted(seat for seat in live.state.to_act if seat in live.bots)
        if not seats:
            return True
        seat = next((s for s in seats if s >= live.next_bot), seats[0])
        live.next_bot = seat + 1
        return await self._bot_decide(live, seat, live.bots[seat])

    async def _bot_decide(self, live: LiveTable, seat: int, bot: Bot) -> bool:
        """One decision of a bot; False when it was refused for good (logged).

        A move refused because the table moved on while the bot thought is
        decided again on the new state.  A bot that fails, or whose move is
        refused on the state it was chosen on (a bug), is replaced for this
        one decision by a uniformly random legal move, so that a broken bot
        cannot stall a table; a bot past its deadline by the game's
        heuristic bot (:meth:`_instead`).  Each of those is logged.
        """
        fallback: Bot | None = None
        for _attempt in range(4):
            state = live.state
            if self.stopping or not live.playing or seat not in state.to_act:
                return True
            if live.bots.get(seat) is not bot:  # its person took the seat back
                return True
            action: Action
            try:
                action = await self._choose(fallback or bot, live, state, seat)
            except TimeoutError:
                log.warning(
                    "bot at %s seat %d overran its %.1f s deadline; %s",
                    live.info.id,
                    seat,
                    self.limits.deadline,
                    "its game's heuristic bot decides instead",
                )
                fallback = self._instead(live, state)
                continue
            except Exception:
                log.exception("bot at %s seat %d failed; playing at random", live.info.id, seat)
                fallback = RandomBot(state.version)
                continue
            try:
                await self.act(live.info.id, seat, state.version, action.to_json(), by_bot=True)
                return True
            except ProtocolError as error:
                if live.bots.get(seat) is not bot or not live.playing:
                    return True  # its person took the seat back, or the host ended the table
                self.bot_refusals += 1
                if error.code == "stale_version" or live.state.version != state.version:
                    log.warning(
                        "bot at %s seat %d: the table moved on while it thought (%s);"
                        " deciding again",
                        live.info.id,
                        seat,
                        error.code,
                    )
                    continue
                log.error("bot at %s seat %d was refused: %s", live.info.id, seat, error)
                if fallback is not None or error.code == "unavailable":
                    return False
                fallback = RandomBot(state.version)
            except Exception:
                log.exception("bot at %s seat %d: its move failed", live.info.id, seat)
                return False
        return True

    async def _choose(self, bot: Bot, live: LiveTable, state: State, seat: int) -> Action:
        """The bot's choice on a copy of ``state``, in the bot pool, within the deadline."""
        if isinstance(bot, RandomBot):
            return bot.choose(state, seat)  # instant: no thread hop
        loop = asyncio.get_running_loop()
        thinking = loop.run_in_executor(self.bot_pool, bot.choose, state.clone(), seat)
        self.thinking += 1
        try:
            return await asyncio.wait_for(thinking, self.limits.deadline)
        finally:
            self.thinking -= 1

    @staticmethod
    def _instead(live: LiveTable, state: State) -> Bot:
        """Who decides for a bot that overran: the game's heuristic bot, else a random one."""
        return state.game.heuristic_bot(live.info.seed + state.version) or RandomBot(state.version)

    # --------------------------------------------- deadlines, seats handed to bots

    def arm(self, live: LiveTable) -> None:
        """(Re)start the wait for the table's next deadline; the owning worker enforces them."""
        if live.watch is not None and not live.watch.done():
            live.watch.cancel()
        live.watch = None
        if self.stopping or not live.playing or not self.owns(live.info.id):
            return
        if self.tables.get(live.info.id) is not live:
            return
        due = self.next_deadline(live)
        if due is not None:
            live.watch = asyncio.create_task(self._watch(live, due), name=f"clock {live.info.id}")

    def next_deadline(self, live: LiveTable) -> tuple[float, int] | None:
        """When (and for which seat) a person to act next runs out of time or of grace, or a
        seat whose person never came is first shown away."""
        due = self.deadlines(live) + unseen_moments(live)
        return min(due) if due else None

    def deadlines(self, live: LiveTable) -> list[tuple[float, int]]:
        """(time, seat) of each deadline of the people asked to act (clock, grace)."""
        due: list[tuple[float, int]] = []
        persons = {s.seat for s in live.info.seats if s.kind == PERSON and not s.by_bot}
        for seat in live.state.to_act:
            if seat not in persons:
                continue
            deadline = live.clocks[seat].deadline if seat in live.clocks else None
            if live.info.clock is not None and deadline is not None:
                due.append((deadline, seat))
            if live.info.grace is not None and not live.present.get(seat):
                due.append((grace_end(live, seat, self.clock()), seat))
        return due

    async def _watch(self, live: LiveTable, due: tuple[float, int]) -> None:
        await asyncio.sleep(max(0.0, due[0] - self.clock()))
        live.watch = None  # this wait is over: what follows re-arms
        await asyncio.shield(self._expire(live))

    async def _expire(self, live: LiveTable) -> None:
        """Hand every person's seat whose deadline passed to a bot; tell everyone of a seat
        whose person never came, once it is shown away."""
        if not live.playing or self.stopping:
            return
        at = self.clock()
        for seat in sorted({seat for due, seat in self.deadlines(live) if due <= at}):
            log.info("table %s: seat %d is played by a bot (its time ran out)", live.info.id, seat)
            live.handed[seat] = live.state.version
            await self.hand_to_bot(live, seat)
        now = self.clock()
        ripe = {e.seat for e in live.info.seats if unseen(live, e) and shown_at(live, e) <= now}
        if ripe - live.unseen_told:
            live.unseen_told |= ripe
            self.publish(live)  # a seat whose person never came is now shown away
        self.arm(live)

    async def hand_to_bot(self, live: LiveTable, seat: int) -> None:
        """A bot of the table's level plays the person's seat until its person takes it back."""
        async with live.lock:
            info = await asyncio.to_thread(self.store.set_by_bot, live.info.id, seat, True)
            if info is None:
                return
            live.info = info
            if live.playing and seat not in live.bots:
                live.bots[seat] = self._stand_in(info, seat)
            self.publish(live)
        self.kick_bots(live)
        self.arm(live)

    async def take_back(self, live: LiveTable, seat: int) -> None:
        """The person plays their seat again, on the clock as it stands (never refilled).

        Refused (``time_out``) while the seat is asked to act and its time for
        this decision has run out: the bot makes that move, then the seat may
        be taken back.  Else the seat would go straight back to the bot, and a
        person sending ``take_seat`` again and again would keep its bot from
        ever moving.
        """
        async with live.lock:
            if seat not in live.by_bot:
                return
            current = live.clocks.get(seat)
            out_of_time = (
                live.info.clock is not None
                and current is not None
                and seat in live.state.to_act
                and current.left_at(self.clock()) <= 0
            )
            if out_of_time:
                raise ProtocolError(
                    "time_out",
                    "your time for this move ran out: the bot makes it, then take your seat back",
                )
            info = await asyncio.to_thread(self.store.set_by_bot, live.info.id, seat, False)
            if info is None:
                return
            live.info = info
            live.bots.pop(seat, None)
            live.away.pop(seat, None)
            self.publish(live)
        self.arm(live)

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

    # ------------------------------------------------------------- chat

    async def say(
        self, live: LiveTable, seat: int | None, text: object, holder: str | None = None
    ) -> None:
        """A chat line from ``seat``: checked, limited, stored, then sent to every connection.

        ``holder`` (the hash of the writer's seat token) is checked again under
        the lock: a line is never stored under a seat that changed hands.
        """
        if seat is None:
            raise ProtocolError("wrong_seat", "spectators read the chat; seated players write")
        if live.info.status == CANCELLED:
            raise ProtocolError("table_cancelled", "the host cancelled this table")
        line = chat_text(text)
        entry = next(s for s in live.info.seats if s.seat == seat)
        if entry.muted:
            raise ProtocolError("muted", "the host has muted you at this table")
        if len(live.chat) >= MAX_CHAT_LINES:
            raise ProtocolError("chat_full", f"a table keeps at most {MAX_CHAT_LINES} chat lines")
        at = self.clock()
        recent = live.said.setdefault(seat, deque())
        while recent and recent[0] <= at - CHAT_WINDOW:
            recent.popleft()
        if len(recent) >= CHAT_BURST:
            raise ProtocolError(
                "too_fast", f"at most {CHAT_BURST} chat lines in {CHAT_WINDOW:g} seconds"
            )
        recent.append(at)
        async with live.lock:
            if holder is not None and live.info.token_hashes.get(holder) != seat:
                raise ProtocolError("wrong_seat", "this seat is no longer yours")
            stored = await asyncio.to_thread(
                self.store.add_chat, live.info.id, seat, line, live.state.version
            )
            live.chat.append(stored)
            self.demote_lost(live)
            text_out = dump({"type": "chat", "lines": [chat_line(live, stored)]})
            for connection in list(live.connections):
                if not connection.push(text_out):
                    live.connections.discard(connection)

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


Row = tuple[int, int, dict[str, Any]]
"""A stored step: (seq, seat, action's wire form)."""

MessageCache = dict[tuple[int | None, bool, str, int | None], str]
"""State messages built during one publish, shared by connections that get the same."""


def dump(message: dict[str, Any]) -> str:
    """Compact JSON text (orjson: the fan-out encodes a message per seat per action)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


STATUS_RANK = {WAITING: 0, CANCELLED: 1, PLAYING: 1, OVER: 2, ABANDONED: 2}


def latest(current: TableInfo, read: TableInfo) -> TableInfo:
    """Of two readings of a table, the one that is not behind the other.

    Every seat only moves forward (:func:`seat_progress`) and a table only
    from waiting to playing to over, so a reading with a seat behind is an
    old one (two changes may finish in either order); a reading never takes
    a finished game back.
    """
    pairs = zip(current.seats, read.seats, strict=True)
    if any(seat_progress(new) < seat_progress(old) for old, new in pairs):
        return current
    if STATUS_RANK[read.status] < STATUS_RANK[current.status]:
        return dataclasses.replace(read, status=current.status)
    return read


def seat_progress(seat: SeatInfo) -> tuple[int, bool]:
    """How far a seat has come: within an invitation's generation it is only
    ever filled, and a revoked invitation or a change of kind starts the next
    generation (so a seat emptied by a revoke is ahead, not behind)."""
    return seat.invite_gen, seat.filled


def next_window(window: int, before: tuple[int, ...], seat: int, after: State) -> int:
    """The window after ``seat`` acted where ``before`` were to act (module docstring)."""
    if len(before) > 1:
        waiting = set(after.to_act)
        if waiting == set(before) - {seat}:  # a seat committed
            return window
        if waiting == set(before) and after.events[-1].outcome.secret:  # a secret step
            return window
    return after.version


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


def rebuild_live(info: TableInfo, rows: list[tuple[int, int, dict[str, Any]]]) -> tuple[State, int]:
    """Like :func:`rebuild`, and the simultaneous-decision window of the result."""
    state = rebuild(info, [])
    window = 0
    for index, (seq, seat, wire) in enumerate(rows):
        if seq != index:
            raise InvalidRecord(f"table {info.id}: step {seq} stored where {index} was expected")
        before = state.to_act
        state.apply(seat, state.game.parse_action(wire))
        window = next_window(window, before, seat, state)
    return state, window


ENDED_KEPT = 64
"""Most finished tables nobody watches that a worker keeps in memory."""
ENDED_SECONDS = 300.0
"""How long a finished table nobody watches stays in memory after it was last asked for."""
LOG_LENGTH = 30
"""How many recent events the first state message of a connection carries."""
STAND_IN = "normal"
"""The bot that plays an absent person's seat when the table names none: the normal level
(tables stored earlier name ``heuristic``, the same strategy under its older name)."""
MAX_CHAT = 300
"""Longest chat line, in characters."""
MAX_CHAT_LINES = 1000
"""Most chat lines a table keeps."""
CHAT_BURST, CHAT_WINDOW = 5, 10.0
"""A seat may write ``CHAT_BURST`` lines in any ``CHAT_WINDOW`` seconds."""
CHAT_SENT = 200
"""How many recent chat lines a new connection is sent."""


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


def holds(info: TableInfo, connection: Connection) -> bool:
    """Whether the connection's token still holds its seat at the table."""
    return connection.holder is not None and info.token_hashes.get(connection.holder) == (
        connection.seat
    )


def seat_names(live: LiveTable, lang: str) -> list[str]:
    """Each seat's display name: the person's chosen name, ``Bot 3``, else ``P2``."""
    return table_names(live.info, lang)


def table_names(info: TableInfo, lang: str) -> list[str]:
    """:func:`seat_names` of a stored table (one not necessarily live)."""
    names = []
    for seat in info.seats:
        if seat.name:
            names.append(seat.name)
        elif seat.kind == BOT:
            names.append(bot_name(seat.seat, lang))
        else:
            names.append(seat_name(seat.seat, lang))
    return names


def bot_name(seat: int, lang: str) -> str:
    """The name of a bot's seat nobody named: ``Bot 3`` / ``ボット3`` (it says it is a bot)."""
    return word("bot_name", lang, n=seat + 1)


def bot_seats(info: TableInfo) -> list[int]:
    """The seats bots play (not a person's seat a bot stands in for): a record's ``meta.bots``."""
    return [seat.seat for seat in info.seats if seat.kind == BOT]


def result_of(state: State) -> dict[str, Any]:
    """A finished game's scores and winners, as stored with the table for the lobby."""
    result: dict[str, Any] = {"scores": list(state.scores), "winners": list(state.winners)}
    if state.stopped:
        result["stopped"] = True
    return result


def chat_text(text: object) -> str:
    """A chat line as stored: stripped, 1 to ``MAX_CHAT`` characters, no control characters.

    Format characters (Unicode category Cf: bidirectional overrides,
    zero-width characters) are dropped, so a line cannot reverse the text
    after it or pose as another name.  It is shown as text, never as
    markup (the page sets ``textContent``, the replay's template escapes it).
    """
    if not isinstance(text, str):
        raise ProtocolError("malformed", "a chat line is text")
    visible = "".join(c for c in text if unicodedata.category(c) != "Cf")
    line = " ".join(visible.split())
    if not 1 <= len(line) <= MAX_CHAT:
        raise ProtocolError("bad_chat", f"a chat line has 1 to {MAX_CHAT} characters")
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co") for c in line):
        raise ProtocolError("bad_chat", "a chat line may not hold control characters")
    return line


def chat_line(live: LiveTable, line: ChatLine, lang: str = "en") -> dict[str, Any]:
    """A chat line as sent: who wrote it, what, when, at which version of the game."""
    names = seat_names(live, lang)
    return {
        "n": line.n,
        "seat": line.seat,
        "name": names[line.seat] if 0 <= line.seat < len(names) else "?",
        "text": line.text,
        "at": line.at,
        "version": line.version,
    }


def grace_end(live: LiveTable, seat: int, now: float) -> float:
    """When a person's seat with no connection is handed to a bot, once asked to act."""
    assert live.info.grace is not None
    # A seat handed over at this very decision had its grace: none again.
    grace = 0.0 if live.handed.get(seat) == live.state.version else live.info.grace
    return live.away.get(seat, now) + grace


UNSEEN_SECONDS = 5.0
"""How long a playing seat whose person never opened the table waits before it is shown
away: long enough for a person just seated to arrive, or a restarted server's pages to
come back, without a flash of "disconnected"."""


def unseen(live: LiveTable, entry: SeatInfo) -> bool:
    """A playing person's seat with no connection, none of which closed here: its person
    never opened the table (or not since it came alive here)."""
    playing_person = live.playing and entry.kind == PERSON and entry.filled and not entry.by_bot
    return playing_person and not live.present.get(entry.seat) and entry.seat not in live.dropped


def shown_at(live: LiveTable, entry: SeatInfo) -> float:
    """When a seat whose person never came is shown away (by the hub's clock)."""
    return live.away.get(entry.seat, 0.0) + UNSEEN_SECONDS


def unseen_moments(live: LiveTable) -> list[tuple[float, int]]:
    """(time, seat) at which each seat whose person never came is to be shown away (a time
    already past: at once)."""
    return [
        (shown_at(live, entry), entry.seat)
        for entry in live.info.seats
        if unseen(live, entry) and entry.seat not in live.unseen_told
    ]


def disconnected(live: LiveTable, entry: SeatInfo, at: float) -> dict[str, Any] | None:
    """A playing person's seat with no connection: since when, and (with a grace period)
    when a bot stands in; ``None`` for a seat connected, a bot's, or one a bot already
    plays.  A seat whose person never opened the table is away since the table came alive
    here, as its grace period counts, and shown so after :data:`UNSEEN_SECONDS`."""
    if not live.playing or entry.kind != PERSON or entry.by_bot or not entry.filled:
        return None
    if live.present.get(entry.seat):
        return None
    if unseen(live, entry) and entry.seat not in live.unseen_told:
        return None
    grace = None if live.info.grace is None else grace_end(live, entry.seat, at)
    return {"since": live.away.get(entry.seat, at), "stand_in_at": grace}


def room(live: LiveTable, lang: str, at: float) -> dict[str, Any]:
    """Public facts about the table beside the game: who plays each seat, clocks, what next.

    The same for every seat and spectator; nothing in it comes from the game's state
    but ``to_act``, which every view shows.
    """
    names = seat_names(live, lang)
    ticking = set(live.state.to_act) if live.playing else set()
    seats = []
    for entry in live.info.seats:
        clock = live.clocks.get(entry.seat)
        seats.append(
            {
                "seat": entry.seat,
                # an open seat reads as the waiting list says, not P2
                "name": names[entry.seat] if entry.filled else word("open_seat", lang),
                "kind": entry.kind,
                "by_bot": entry.kind == PERSON and entry.by_bot,
                "filled": entry.filled,
                "muted": entry.muted,
                "away": disconnected(live, entry, at),
                "clock": None
                if clock is None or live.info.clock is None
                else {**clocks.public(clock, at), "ticking": entry.seat in ticking},
            }
        )
    return {
        "seats": seats,
        "clock": None if live.info.clock is None else live.info.clock.to_json(),
        "listed": live.info.listed,
        "next": live.info.next_table,
    }


def state_message(
    live: LiveTable,
    seat: int | None,
    html: bool,
    lang: str,
    logged: int | None = None,
    render: Renderer | None = None,
) -> dict[str, Any]:
    """What one seat is sent after a change: its view and its legal actions, nothing else.

    ``log`` holds the events from index ``logged`` on (those the connection
    has not been sent yet), at most the last :data:`LOG_LENGTH`; with
    ``logged=None`` (a new connection) the last :data:`LOG_LENGTH`.  The
    shape is :class:`bodoge.server.sockets.StateMessage`.
    """
    state = live.state
    legal = state.legal_actions(seat) if seat is not None and live.playing else []
    recent = state.version - LOG_LENGTH
    first = recent if logged is None else max(logged, recent)
    message: dict[str, Any] = {
        "type": "state",
        "table": live.info.id,
        "status": live.info.status,
        "version": state.version,
        "seat": seat,
        "answered": answered(state, seat),
        "view": state.view(seat),
        "legal": [legal_entry(action, lang) for action in legal],
        "log": [
            event.for_seat(seat, lang)
            for event in state.events[max(first, 0) :]
            if not event.outcome.draft  # a step of a choice: shown once it is complete
        ],
        "sent_at": time.time(),
        "room": room(live, lang, time.time()),
    }
    if html and render is not None:
        try:
            message["html"] = render(live, seat, lang)
        except Exception:
            log.exception("table %s: rendering for seat %s failed", live.info.id, seat)
            message["html"] = f'<p class="error-box">{escape("The table cannot be shown.")}</p>'
    return message


def answered(state: State, seat: int | None) -> int:
    """The version just after ``seat``'s latest action (0 before its first, and for watchers).

    A client that sent an action on version ``v`` knows it was taken once a
    state arrives with ``answered > v``; a state in between (another seat's
    move in a simultaneous decision) is shown, and the client keeps waiting
    instead of letting its player decide again on a view without that action.
    """
    if seat is not None:
        for index in range(len(state.events) - 1, -1, -1):
            if state.events[index].seat == seat:
                return index + 1
    return 0


def legal_entry(action: Action, lang: str) -> dict[str, Any]:
    """A legal action as sent: its wire form and its label (cached: the same few recur)."""
    try:
        return _legal_entry(action, lang)
    except TypeError:  # an action with an unhashable field
        return {"action": action.to_json(), "label": action.label(lang)}


@functools.lru_cache(maxsize=16_384)
def _legal_entry(action: Action, lang: str) -> dict[str, Any]:
    return {"action": action.to_json(), "label": action.label(lang)}
