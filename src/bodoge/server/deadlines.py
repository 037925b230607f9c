"""Deadlines: seat clocks, the grace period of an absent person, and the bot that stands in.

A table may have a clock (:mod:`bodoge.server.clock`) and a grace period
for disconnected people.  The owning worker waits for the next deadline of
a person asked to act (:meth:`Deadlines.arm`); when it passes, the seat is
handed to the table's stand-in bot (``seats.by_bot``, stored), which plays
until its person takes the seat back (:meth:`Deadlines.take_back`, or by
acting).  Seat clocks are stored with the action that changed them, so a
restarted worker waits for the same deadlines.  :class:`Deadlines` is the
part of the :class:`~bodoge.server.hub.Hub` that does it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from bodoge.bots import Bot
from bodoge.engine import State

from . import clock as clocks
from .clock import SeatClock
from .db import PERSON, SeatInfo, Store, TableInfo
from .live import LiveTable, ProtocolError

log = logging.getLogger("bodoge.server")


class Deadlines:
    """The hub's deadlines (a part of :class:`~bodoge.server.hub.Hub`)."""

    if TYPE_CHECKING:
        store: Store
        clock: Callable[[], float]
        stopping: bool
        tables: dict[str, LiveTable]
        owns: Callable[[str], bool]

        def publish(self, live: LiveTable) -> None: ...
        def kick_bots(self, live: LiveTable) -> None: ...
        def _stand_in(self, info: TableInfo, seat: int) -> Bot: ...

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
