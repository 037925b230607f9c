"""What each seat sees of a game of the two-digit number game, declared once.

``NumberHeistState._view`` renders :data:`VIEW` and ``spaces.view_schema``
declares its shape, both from these lines (see :class:`bodoge.engine.kit.View`).
Everything is public but the deck's order and the numbers not yet revealed
(a seat sees its own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.kit import View, counted
from ...engine.schema import Array, Choice, Flag, Maybe, Num, Record, Seat, Skip
from .data import COPIES, DECK, DESIGN, DIGITS, DISPLAY_SIZE, ROUND_LIMIT, ZONES, zone_of
from .vocabulary import ENDINGS, PHASES, RESULTS

if TYPE_CHECKING:
    from .rules import NumberHeistState


MOST_POINTS = int(DESIGN[0].maximum) + 2 + ROUND_LIMIT
"""No score goes beyond this: the goal, one round's success and bonus, every diamond placed."""

VIEW = View()
PLAYER = View()
"""One player's public part of the view."""
LAST = View()
"""What the last reveal showed (public)."""


def _size(options: Any, n: int) -> int:
    return DISPLAY_SIZE[n]


VIEW.constant("round", Num(1, ROUND_LIMIT), lambda state, seat: state.round)
VIEW.constant("round_limit", Skip(), lambda state, seat: ROUND_LIMIT)
VIEW.constant("goal", Skip(), lambda state, seat: state.goal)
VIEW.constant("zones", Skip(), lambda state, seat: [list(zone) for zone in ZONES])
VIEW.constant("phase", Choice(PHASES), lambda state, seat: state.phase)
VIEW.constant(
    "display",
    lambda options, n: Array(Maybe(Num(0, DIGITS - 1)), _size(options, n)),
    lambda state, seat: [d if d >= 0 else None for d in state.display],
)
VIEW.constant(
    "diamonds",
    lambda options, n: Array(Num(0, ROUND_LIMIT), _size(options, n)),
    lambda state, seat: list(state.diamonds),
)
VIEW.constant("deck", Num(0, len(DECK)), lambda state, seat: len(state.deck))
VIEW.constant(
    "discard",
    Array(Num(0, COPIES), DIGITS),
    lambda state, seat: counted(state.discard, DIGITS),
)
VIEW.constant("bottom_marker", Flag(), lambda state, seat: state.bottom_on)
VIEW.constant("top_marker", Flag(), lambda state, seat: state.top_on)


@VIEW.field(Array(Maybe(Num(0, len(ZONES) - 1)), 2))
def marker_zones(state: NumberHeistState, seat: int | None) -> list[int | None]:
    """The zones the bottom and top markers act on now (``None``: not in play, or ignored)."""
    return [zone if zone >= 0 else None for zone in state.marker_zones()]


@VIEW.field(lambda options, n: Maybe(Seat(n)))
def placer(state: NumberHeistState, seat: int | None) -> int | None:
    return state.placer if state.placer >= 0 else None


@VIEW.field(Maybe(Num(0, 99)))
def my_number(state: NumberHeistState, seat: int | None) -> int | None:
    """The seat's own secret number this round, once made (nobody else's)."""
    if seat is None or not state.calls[seat]:
        return None
    return state.calls[seat][0]


@PLAYER.field(Skip())
def seat(state: NumberHeistState, player: int) -> int:
    return player


PLAYER.constant("points", Num(0, MOST_POINTS), lambda s, p: s.points[p])
PLAYER.constant("zone", Num(0, len(ZONES) - 1), lambda s, p: zone_of(s.points[p]))
PLAYER.constant("called", Flag(), lambda s, p: bool(s.calls[p]))


@VIEW.field(lambda options, n: Array(PLAYER.schema(options, n), n))
def players(state: NumberHeistState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, other) for other in range(state.num_players)]


LAST.constant("number", Num(0, 99), lambda s, p: s.last_numbers[p])
LAST.constant("result", Choice(RESULTS), lambda s, p: s.last_results[p])
LAST.constant(
    "gains",
    Record({"success": Num(0, 2), "largest": Num(0, 1), "diamonds": Num(0, ROUND_LIMIT * 2)}),
    lambda s, p: dict(zip(("success", "largest", "diamonds"), s.last_gains[p], strict=True)),
)
LAST.constant("taken", Skip(), lambda s, p: list(s.last_taken[p]))


@VIEW.field(lambda options, n: Maybe(Array(LAST.schema(options, n), n)))
def last_round(state: NumberHeistState, seat: int | None) -> list[dict[str, Any]] | None:
    """Every seat's number, result and points at the last reveal (``None`` before the first)."""
    if state.last_numbers[0] < 0:
        return None
    return [LAST.render(state, other) for other in range(state.num_players)]


@VIEW.field(Array(Maybe(Num(0, len(ZONES) - 1)), 2))
def last_marker_zones(state: NumberHeistState, seat: int | None) -> list[int | None]:
    """The zones the markers acted on at the last reveal."""
    return [zone if zone >= 0 else None for zone in state.last_zones]


VIEW.constant("ending", Maybe(Choice(ENDINGS)), lambda state, seat: state.ending or None)
