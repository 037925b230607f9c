"""Table clocks: what each seat has left, ticking only while the seat is in ``to_act``.

A table chooses its clock when it is made (:class:`ClockSpec`): none, a limit
per move (``move``: every decision within ``seconds``), or a time bank
(``bank``: ``seconds`` for the whole game, ``increment`` more after each
decision).  Each seat's clock is two numbers, :class:`SeatClock`: the time
it has been ticking ``since`` (``None``: stopped) and the seconds it had
``left`` then, so its deadline is ``since + left``.  Both are stored with the
seat (``seats.clock_since``, ``seats.clock_left``) in the transaction that
stores the action which changed them, so a restarted server finds every
deadline where it was; nothing of a clock lives only in memory.

The server enforces the deadlines (:mod:`bodoge.server.deadlines` hands a
seat whose time ran out to a bot); the browser only shows them.  A person
who takes their seat back from a bot finds its clock as it was: a per-move
limit goes on with what was left of this decision, a time bank keeps what
it had.  Nothing refills a clock but a completed decision, so a seat taken
back and not played in time goes to the bot again, and sending "take my
seat back" whenever a bot takes over stalls nothing.

A step of a choice made in several steps (an event marked ``draft``) is not
a decision: it neither restarts a per-move clock nor earns an increment, so
neither picking and taking back can stall a table nor does the clock tell
anyone that a secret choice is under way.  Clocks are computed from public
facts only (who is in ``to_act``, when a seat's decision completed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

MOVE, BANK = "move", "bank"
MIN_SECONDS = 1.0
MAX_SECONDS = 7 * 24 * 3600.0
"""A week: the longest per-move limit or time bank a table may choose."""
MAX_INCREMENT = 24 * 3600.0
PRESETS: tuple[tuple[str, dict[str, Any] | None], ...] = (
    ("none", None),
    ("move30", {"kind": MOVE, "seconds": 30}),
    ("move120", {"kind": MOVE, "seconds": 120}),
    ("move1d", {"kind": MOVE, "seconds": 86400}),
    ("bank5", {"kind": BANK, "seconds": 300, "increment": 10}),
    ("bank15", {"kind": BANK, "seconds": 900, "increment": 15}),
)
"""The clocks the lobby offers, by the name its form sends."""


class BadClock(ValueError):
    code = "invalid_clock"


@dataclass(frozen=True)
class ClockSpec:
    kind: str
    seconds: float
    increment: float = 0.0

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | None) -> ClockSpec | None:
        """A clock from its JSON form (``None``: no clock), or :class:`BadClock`.

        >>> ClockSpec.parse({"kind": "bank", "seconds": 60, "increment": 5})
        ClockSpec(kind='bank', seconds=60.0, increment=5.0)
        >>> ClockSpec.parse({"kind": "move", "seconds": 0})
        Traceback (most recent call last):
        ...
        bodoge.server.clock.BadClock: a clock has 1 to 604800 seconds
        """
        if raw is None:
            return None
        kind = raw.get("kind")
        if kind not in (MOVE, BANK):
            raise BadClock("a clock's kind is 'move' or 'bank'")
        seconds, increment = raw.get("seconds"), raw.get("increment", 0)
        for value in (seconds, increment):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise BadClock("a clock's seconds and increment are numbers")
        assert isinstance(seconds, int | float) and isinstance(increment, int | float)
        if not MIN_SECONDS <= seconds <= MAX_SECONDS:
            raise BadClock(f"a clock has {MIN_SECONDS:g} to {MAX_SECONDS:g} seconds")
        if not 0 <= increment <= MAX_INCREMENT or (kind == MOVE and increment):
            raise BadClock("an increment is 0 to a day, and only for a time bank")
        return cls(kind, float(seconds), float(increment))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seconds": self.seconds, "increment": self.increment}


@dataclass(frozen=True)
class SeatClock:
    left: float
    """Seconds left when it started ticking (or now, when it is stopped)."""
    since: float | None = None
    """When it started ticking (POSIX time); ``None``: stopped."""

    @property
    def deadline(self) -> float | None:
        return None if self.since is None else self.since + self.left

    def left_at(self, at: float) -> float:
        return self.left if self.since is None else max(0.0, self.since + self.left - at)


def start(spec: ClockSpec, seats: int, to_act: Iterable[int], at: float) -> dict[int, SeatClock]:
    """Every seat's clock as a game starts at ``at``: those in ``to_act`` tick."""
    acting = set(to_act)
    return {s: SeatClock(spec.seconds, at if s in acting else None) for s in range(seats)}


def advance(
    spec: ClockSpec,
    clocks: Mapping[int, SeatClock],
    before: Iterable[int],
    after: Iterable[int],
    actor: int,
    decided: bool,
    at: float,
) -> dict[int, SeatClock]:
    """The clocks after ``actor`` acted at ``at``, ``to_act`` going from ``before`` to ``after``.

    ``decided`` is False for a step of a choice (a draft event): then only
    seats that stopped or started being asked change.  Returns the clocks
    that changed.

    >>> spec = ClockSpec(BANK, 60.0, 5.0)
    >>> clocks = start(spec, 2, [0], at=100.0)
    >>> advance(spec, clocks, [0], [1], actor=0, decided=True, at=110.0)
    {0: SeatClock(left=55.0, since=None), 1: SeatClock(left=60.0, since=110.0)}
    """
    was, now = set(before), set(after)
    changed: dict[int, SeatClock] = {}
    for seat, clock in clocks.items():
        ticking = seat in now
        if seat == actor and decided:
            if spec.kind == MOVE:
                new = SeatClock(spec.seconds, at if ticking else None)
            else:
                new = SeatClock(clock.left_at(at) + spec.increment, at if ticking else None)
        elif seat in was and not ticking:  # stopped being asked (another's move ended it)
            new = SeatClock(spec.seconds if spec.kind == MOVE else clock.left_at(at), None)
        elif ticking and clock.since is None:  # started being asked
            new = SeatClock(spec.seconds if spec.kind == MOVE else clock.left, at)
        else:
            continue
        if new != clock:
            changed[seat] = new
    return changed


def public(clock: SeatClock, at: float) -> dict[str, Any]:
    """What every seat is told about a clock: seconds left, the deadline if it ticks."""
    return {"left": round(clock.left_at(at), 1), "deadline": clock.deadline}
