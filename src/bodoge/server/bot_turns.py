"""Bots at live tables: their limits, the queue that takes them in turn, their decisions.

A bot acts through :class:`BotTurns`: ``bot_pause`` seconds after a bot's
decision became due, its table joins a queue that ``bot_threads`` runners
take in turn, one decision at a time, so a table of slow bots never holds
more than one runner and every other table gets its turn in between
(round-robin).  A bot chooses on a copy of the state in a worker thread of
the hub's own pool, so neither the event loop nor the database threads wait
for it; its choice then goes through ``Hub.act`` like anybody's.  A decision
has a deadline (:class:`BotLimits`): IS-MCTS stops searching at
``BotLimits.seconds`` whatever its budget, and a bot still thinking
:data:`OVERRUN_GRACE` seconds after that is given up on for that decision,
which the game's heuristic bot (else a uniformly random legal move) makes
instead, with a warning in the log.

With several workers, a table's bots play only in the worker that owns the
table: two workers playing one seat would race each other.  A bot whose
move is refused because the table moved on since it looked decides again;
only a move refused on the very state it was chosen on (a bot's bug) is
replaced by a random one, and that is logged as an error.
:class:`BotPlayer` is the part of the :class:`~bodoge.server.hub.Hub` that
plays them.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

import bodoge
from bodoge.bots import BadBotSpec, Bot, BotSpec, ISMCTSBot, RandomBot, make_bot
from bodoge.engine import Action, State

from .db import BOT, TableInfo
from .live import LiveTable, ProtocolError

log = logging.getLogger("bodoge.server")

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


STAND_IN = "normal"
"""The bot that plays an absent person's seat when the table names none: the normal level
(tables stored earlier name ``heuristic``, the same strategy under its older name)."""


class BotTurns:
    """Bot decisions taken in turn: one at a time per table, tables round-robin.

    ``runners`` tasks take tables off one queue; a table is in the queue at
    most once and with at most one runner at a time, and goes to the back
    of the queue for its next decision, so a table of slow bots delays the
    others by at most one decision each turn.
    """

    def __init__(self, hub: BotPlayer, runners: int) -> None:
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


class BotPlayer:
    """The hub's bots (a part of :class:`~bodoge.server.hub.Hub`)."""

    if TYPE_CHECKING:
        limits: BotLimits
        stopping: bool
        tables: dict[str, LiveTable]
        owns: Callable[[str], bool]
        turns: BotTurns | None
        bot_pause: float
        bot_pool: ThreadPoolExecutor | None
        bot_refusals: int
        thinking: int

        async def act(
            self, table_id: str, seat: int | None, version: object, wire: object, by_bot: bool
        ) -> None: ...

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
