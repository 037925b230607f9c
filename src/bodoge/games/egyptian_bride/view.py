"""What each seat sees of Egyptian Bride, declared once: every field's shape beside its value.

``EgyptianBrideState._view`` renders :data:`VIEW` and ``spaces.view_schema``
declares its shape, both from these lines (see :class:`bodoge.engine.kit.View`).
The shapes depend on the option set (the rules' :func:`~.rules.setup_for`
and :func:`~.rules.longest_game`), so they are worked out when the schema
is asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import OptionValue
from ...engine.kit import View
from ...engine.schema import Array, Counts, Flag, Maybe, Num, Record, Seat, Seats, Skip
from .rules import (
    MAX_TAKE,
    EgyptianBrideState,
    cards_for,
    longest_game,
    numbers_for,
    setup_for,
)
from .vocabulary import LOWEST

Options = Mapping[str, OptionValue]

VIEW = View()
PLAYER = View()
"""One player's public part of the view."""


def _per_number(options: Options, n: int) -> Array:
    numbers = numbers_for(options)
    return Array(Num(0, numbers[-1]), len(numbers))


def _chip_holders(options: Options, n: int) -> Array:
    return Array(Maybe(Seat(n)), len(numbers_for(options)))


def _cards_in_play(options: Options, n: int) -> Num:
    return Num(0, cards_for(options)[0])


def _row(options: Options, n: int) -> Counts:
    return Counts(numbers_for(options), most=setup_for(options).face_up)


def _turns(options: Options, n: int) -> Num:
    return Num(0, longest_game(options))


def _settlement(options: Options, n: int) -> Maybe:
    numbers = numbers_for(options)
    size = len(numbers)
    return Maybe(
        Record(
            {
                "numbers": Skip(),
                "cards": Array(_per_number(options, n), n),
                "chips": _chip_holders(options, n),
                "brides": _chip_holders(options, n),
                "points": Array(Num(-size, 2 * size), n),
                "married": Array(Counts(numbers, most=1), n),
                "out": Array(Flag(), n),
                "winners": Seats(n),
            }
        )
    )


def _taking(options: Options, n: int) -> Maybe:
    return Maybe(Record({"taken": Num(0, MAX_TAKE), "limit": Num(0, MAX_TAKE)}))


VIEW.constant("numbers", Skip(), lambda s, seat: list(s.numbers))
VIEW.constant("current", lambda o, n: Seat(n), lambda s, seat: s.current)
VIEW.constant("row", _row, lambda s, seat: list(s.row))
VIEW.constant("deck", _cards_in_play, lambda s, seat: len(s.deck))
VIEW.constant("set_aside", Skip(), lambda s, seat: len(s.aside))
VIEW.constant("discarded", _per_number, lambda s, seat: s.discarded[LOWEST:])


@VIEW.field(_chip_holders)
def chips(state: EgyptianBrideState, seat: int | None) -> list[int | None]:
    return [state.chips[n] if state.chips[n] >= 0 else None for n in state.numbers]


@VIEW.field(_taking)
def taking(state: EgyptianBrideState, seat: int | None) -> dict[str, int] | None:
    """Cards taken so far in the current action A, and how many may be."""
    if not state.taken:
        return None
    return {"taken": state.taken, "limit": state.take_limit(state.current)}


PLAYER.constant("seat", Skip(), lambda s, p: p)
PLAYER.constant("hand_count", _cards_in_play, lambda s, p: sum(s.hands[p]))
PLAYER.constant("known_hand", _per_number, lambda s, p: s.known[p][LOWEST:])
PLAYER.constant("placed", _per_number, lambda s, p: s.placed[p][LOWEST:])
PLAYER.constant("turns", _turns, lambda s, p: s.turns[p])


@PLAYER.field(Num(0, 3))
def take_limit(state: EgyptianBrideState, player: int) -> int:
    return state.take_limit(player)


@VIEW.field(lambda o, n: Array(PLAYER.schema(o, n), n))
def players(state: EgyptianBrideState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, other) for other in range(state.num_players)]


@VIEW.field(lambda o, n: Maybe(_per_number(o, n)))
def hand(state: EgyptianBrideState, seat: int | None) -> list[int] | None:
    return None if seat is None else state.hands[seat][LOWEST:]


@VIEW.field(_settlement)
def settlement(state: EgyptianBrideState, seat: int | None) -> dict[str, Any] | None:
    return None if state.settlement is None else state.settlement.to_json()
