"""What each seat sees of a game of Cardiceo, declared once: every field's shape beside its value.

``CardiceoState._view`` renders :data:`VIEW` and ``spaces.view_schema``
declares its shape, both from these lines (see :class:`bodoge.engine.kit.View`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine import OptionValue
from ...engine.kit import View
from ...engine.schema import Array, Choice, Flag, Maybe, Num, Record, Seat, Seats, Seq, Skip
from .data import (
    COPIES,
    DECK_SIZE,
    DICE_NAMES,
    DICE_SIDES,
    HIGHEST,
    LOWEST,
    ROUND_TURN_LIMIT,
    VALUES,
    dealt,
    worst_round,
)
from .vocabulary import PLACES

if TYPE_CHECKING:
    from .rules import CardiceoState

Options = Mapping[str, OptionValue]

VIEW = View()
PLAYER = View()
"""One player's public part of the view."""
PER_VALUE = Array(Num(0, COPIES), len(VALUES))


def _worst(options: Options, n: int) -> int:
    """The largest total of cards left over all rounds (minus the lowest score)."""
    return int(options["rounds"]) * worst_round(options, n)


def _sums(options: Options, n: int) -> Array:
    return Array(Num(0, _worst(options, n)), n)


def _mask_names(mask: int) -> list[str]:
    return [name for i, name in enumerate(DICE_NAMES) if mask >> i & 1]


VIEW.constant("round", lambda o, n: Num(0, int(o["rounds"])), lambda s, seat: s.round)
VIEW.constant("rounds", Skip(), lambda s, seat: s.rounds)
VIEW.constant("start_player", lambda o, n: Seat(n), lambda s, seat: s.start_player)
VIEW.constant("current", lambda o, n: Seat(n), lambda s, seat: s.current)
VIEW.constant(
    "turn",
    lambda o, n: Num(0, ROUND_TURN_LIMIT * n),
    lambda s, seat: min(s.turn, s.turn_limit),
)
VIEW.constant("turn_limit", Skip(), lambda s, seat: s.turn_limit)
VIEW.constant("choosing", Flag(), lambda s, seat: s.choosing)


@VIEW.field(
    Array(
        Record({"sides": Skip(), "value": Num(1, max(DICE_SIDES)), "place": Choice(PLACES)}),
        len(DICE_SIDES),
    )
)
def dice(state: CardiceoState, seat: int | None) -> list[dict[str, Any]]:
    return [
        {"sides": sides, "value": state.dice[die], "place": state.die_place(die)}
        for die, sides in enumerate(DICE_SIDES)
    ]


@VIEW.field(
    Seq(Record({"card": Num(LOWEST, HIGHEST), "dice": Seq(Choice(DICE_NAMES), 3)}), len(DICE_SIDES))
)
def this_turn(state: CardiceoState, seat: int | None) -> list[dict[str, Any]]:
    return [{"card": card, "dice": _mask_names(mask)} for card, mask in state.this_turn]


VIEW.constant("discarded", PER_VALUE, lambda s, seat: s.discarded[1:])
VIEW.constant("set_aside", Num(0, DECK_SIZE), lambda s, seat: sum(s.set_aside))
VIEW.constant("hand", Maybe(PER_VALUE), lambda s, seat: None if seat is None else s.hands[seat][1:])

PLAYER.constant("seat", Skip(), lambda s, p: p)
PLAYER.constant("hand_count", lambda o, n: Num(0, dealt(o, n)), lambda s, p: s.counts[p])


@PLAYER.field(Maybe(PER_VALUE))
def open_hand(state: CardiceoState, player: int) -> list[int] | None:
    """Shown with open hands (easy, hardcore) and at the end."""
    return state.hands[player][1:] if state.open_hands or state.over else None


PLAYER.constant("out", Flag(), lambda s, p: s.out[p])
PLAYER.constant("total", lambda o, n: Num(0, _worst(o, n)), lambda s, p: s.totals[p])


@VIEW.field(lambda o, n: Array(PLAYER.schema(o, n), n))
def players(state: CardiceoState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, other) for other in range(state.num_players)]


VIEW.constant(
    "history",
    lambda o, n: Seq(_sums(o, n), int(o["rounds"])),
    lambda s, seat: [list(sums) for sums in s.history],
)


def _result_shape(options: Options, n: int) -> Maybe:
    hand = dealt(options, n)
    return Maybe(
        Record(
            {
                "winners": Seats(n),
                "emptied": Maybe(Seat(n)),
                "by_limit": Flag(),
                "cards_left": Array(Num(0, hand), n),
                "sums": _sums(options, n),
                "totals": _sums(options, n),
                "rounds": Skip(),
            }
        )
    )


@VIEW.field(_result_shape)
def result(state: CardiceoState, seat: int | None) -> dict[str, Any] | None:
    return state.result() if state.over else None
