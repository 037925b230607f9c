"""What each seat sees of a game of Papayoo, declared once: every field's shape beside its value.

``PapayooState._view`` renders :data:`VIEW` and ``spaces.view_schema``
declares its shape, both from these lines (see :class:`bodoge.engine.kit.View`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine import OptionValue
from ...engine.kit import View
from ...engine.schema import Array, Choice, Counts, Flag, Maybe, Num, Record, Seat, Seq, Skip
from .data import CODE, LAYOUTS, PLAIN_SUITS, POINTS_PER_HAND, SUITS, deck_for, hands_for
from .vocabulary import PHASES

if TYPE_CHECKING:
    from .rules import PapayooState

Options = Mapping[str, OptionValue]
VOID_LETTERS = tuple(
    tuple(letter for bit, letter in enumerate(SUITS) if mask >> bit & 1)
    for mask in range(1 << len(SUITS))
)
"""VOID_LETTERS[mask]: the suit letters of a void bit mask."""

VIEW = View()
PLAYER = View()
"""One player's public part of the view."""


def _hands(options: Options, n: int) -> int:
    return hands_for(str(options["hands"]), n)


def _cards(options: Options, n: int) -> Counts:
    return Counts([CODE[card] for card in deck_for(n)], most=1)


def _maybe_cards(options: Options, n: int) -> Maybe:
    return Maybe(_cards(options, n))


def _plays(options: Options, n: int) -> Seq:
    card = Choice([CODE[card] for card in deck_for(n)])
    return Seq(Record({"seat": Seat(n), "card": card}), most=n)


def _seat(options: Options, n: int) -> Seat:
    return Seat(n)


VIEW.constant("hand_number", lambda o, n: Num(0, _hands(o, n)), lambda s, seat: s.hand_number)
VIEW.constant("hands", Skip(), lambda s, seat: s.num_hands)
VIEW.constant("dealer", _seat, lambda s, seat: s.dealer)
VIEW.constant("phase", Choice(PHASES), lambda s, seat: PHASES[s.phase])
VIEW.constant("pass_count", Skip(), lambda s, seat: s.layout.pass_count)
VIEW.constant("pass_offset", lambda o, n: Num(0, n - 1), lambda s, seat: s.offset)


@VIEW.field(Maybe(Choice(SUITS[:PLAIN_SUITS])))
def papayoo(state: PapayooState, seat: int | None) -> str | None:
    return SUITS[state.papayoo] if state.papayoo >= 0 else None


VIEW.constant("leader", _seat, lambda s, seat: s.leader)


@VIEW.field(_plays)
def trick(state: PapayooState, seat: int | None) -> list[dict[str, Any]]:
    n, leader = state.num_players, state.leader
    return [{"seat": (leader + i) % n, "card": CODE[card]} for i, card in enumerate(state.trick)]


@VIEW.field(
    lambda o, n: Maybe(
        Record(
            {
                "hand": Num(0, _hands(o, n)),
                "cards": _plays(o, n),
                "winner": Seat(n),
                "points": Num(0, POINTS_PER_HAND),
            }
        )
    )
)
def last_trick(state: PapayooState, seat: int | None) -> dict[str, Any] | None:
    if state.last_trick is None:
        return None
    hand, leader, cards, winner, points = state.last_trick
    n = state.num_players
    return {
        "hand": hand,
        "cards": [{"seat": (leader + i) % n, "card": CODE[c]} for i, c in enumerate(cards)],
        "winner": winner,
        "points": points,
    }


VIEW.constant("played", _cards, lambda s, seat: [CODE[card] for card in s.played])
VIEW.constant(
    "hand_scores",
    lambda o, n: Seq(Array(Num(0, POINTS_PER_HAND), n), most=_hands(o, n)),
    lambda s, seat: [list(row) for row in s.hand_scores],
)

PLAYER.constant("seat", Skip(), lambda s, p: p)
PLAYER.constant(
    "hand_count", lambda o, n: Num(0, LAYOUTS[n].hand_size), lambda s, p: len(s.hands[p])
)
PLAYER.constant("committed", Flag(), lambda s, p: s.committed[p])
PLAYER.constant("points", Num(0, POINTS_PER_HAND), lambda s, p: s.hand_points[p])
PLAYER.constant(
    "total", lambda o, n: Num(0, POINTS_PER_HAND * _hands(o, n)), lambda s, p: s.totals[p]
)
PLAYER.constant("tricks", lambda o, n: Num(0, LAYOUTS[n].hand_size), lambda s, p: s.tricks[p])
PLAYER.constant("voids", Counts(SUITS, most=1), lambda s, p: list(VOID_LETTERS[s.voids[p]]))
PLAYER.constant("point_cards", _cards, lambda s, p: [CODE[card] for card in s.scored[p]])


@VIEW.field(lambda o, n: Array(PLAYER.schema(o, n), n))
def players(state: PapayooState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, other) for other in range(state.num_players)]


# What only the viewing seat knows (``None`` for the others and spectators).


@VIEW.field(_maybe_cards)
def hand(state: PapayooState, seat: int | None) -> list[str] | None:
    return None if seat is None else [CODE[card] for card in state.hands[seat]]


@VIEW.field(_maybe_cards)
def selected(state: PapayooState, seat: int | None) -> list[str] | None:
    """The cards chosen to pass so far, while passing."""
    if seat is None or state.phase != 0:
        return None
    return [CODE[card] for card in state.selected[seat]]


@VIEW.field(_maybe_cards)
def passed(state: PapayooState, seat: int | None) -> list[str] | None:
    return None if seat is None else [CODE[card] for card in state.passed[seat]]


@VIEW.field(_maybe_cards)
def received(state: PapayooState, seat: int | None) -> list[str] | None:
    return None if seat is None else [CODE[card] for card in state.received[seat]]
