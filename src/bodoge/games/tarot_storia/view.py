"""What each seat sees of Tarot Storia, declared once: every field's shape beside its value.

Everything on the table is public; a hand is seen by its owner alone, the
others see how many cards it holds and which of them came back from the
table by a swap.  ``TarotStoriaState._view`` renders :data:`VIEW` and
``spaces.view_schema`` declares its shape, both from these lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import copy_plain
from ...engine.kit import View
from ...engine.schema import Array, Choice, Counts, Flag, Maybe, Num, Record, Seat, Seq, Skip
from .data import CARDS, COLOUR_NAMES, COLOURS, ROUNDS, rank
from .layout import MAX_COL, MAX_Y, open_places
from .vocabulary import PHASES

if TYPE_CHECKING:
    from .rules import TarotStoriaState

HAND_MOST = 3
"""A hand holds at most three cards: two, plus the draw of the turn after a swap."""
_N = len(CARDS)
ROUND_LOW = -_N - max(w * ((2 * (_N - 1) - (w - 1)) // 2 + 1) - _N for w in range(1, _N + 1))
"""A bound below any round's score: every card face down, and as many gaps as can be.

A step between touching cards moves one column and a half-card, or a whole
card in its column, so a connected layout of n cards spanning ``w`` columns
and ``h`` half-cards has ``(w - 1) + h <= 2 (n - 1)``; each column then has
at most ``h / 2 + 1`` places, and the gaps are at most ``w (h / 2 + 1) - n``.
"""

VIEW = View()
PLAYER = View()
"""One player's public part of the view."""


VIEW.constant("colours", Skip(), lambda state, seat: [COLOUR_NAMES[c] for c in COLOURS])
VIEW.constant("round", Num(1, ROUNDS), lambda state, seat: state.round)
VIEW.constant("phase", Choice(PHASES), lambda state, seat: state.phase)
VIEW.constant("current", lambda options, n: Seat(n), lambda state, seat: state.current)
VIEW.constant("deck", Num(0, len(CARDS)), lambda state, seat: len(state.deck))
VIEW.constant("limit", Num(0, 4), lambda state, seat: state.limit)
VIEW.constant("to_place", Num(0, 2), lambda state, seat: state.to_place)
VIEW.constant("may_swap", Flag(), lambda state, seat: state.swapping)

CELL = Record({"card": Num(0, len(CARDS) - 1), "col": Num(0, MAX_COL), "y": Num(0, MAX_Y)})


@VIEW.field(Seq(CELL, most=len(CARDS)))
def table(state: TarotStoriaState, seat: int | None) -> list[dict[str, int]]:
    """Every placed card, by column and height (``y`` in half-cards from the top)."""
    return [{"card": card, "col": c, "y": y} for (c, y), card in sorted(state.placed.items())]


@VIEW.field(Skip())
def open(state: TarotStoriaState, seat: int | None) -> list[list[int]]:
    """Where a new card may go now (``[col, y]``; column -1 is a new column on the left)."""
    if state.phase != "play":
        return []
    return [list(place) for place in open_places(state.placed, state.limit)]


@PLAYER.field(Skip())
def seat(state: TarotStoriaState, player: int) -> int:
    return player


PLAYER.constant("hand_count", Num(0, HAND_MOST), lambda s, p: len(s.hands[p]))
PLAYER.constant("known", Counts(CARDS, most=1), lambda s, p: list(s.known[p]))
PLAYER.constant("owes_two", Flag(), lambda s, p: s.owes_two[p])


@VIEW.field(lambda options, n: Array(PLAYER.schema(options, n), n))
def players(state: TarotStoriaState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, other) for other in range(state.num_players)]


@VIEW.field(Maybe(Counts(CARDS, most=1)))
def hand(state: TarotStoriaState, seat: int | None) -> list[int] | None:
    """The seat's own hand (``None`` for a spectator)."""
    return None if seat is None else list(state.hands[seat])


VIEW.constant("removed", Counts(CARDS, most=1), lambda state, seat: list(state.removed))
VIEW.constant(
    "round_scores",
    Seq(Num(ROUND_LOW, len(CARDS)), most=ROUNDS),
    lambda state, seat: list(state.round_scores),
)


@VIEW.field(Skip())
def scorings(state: TarotStoriaState, seat: int | None) -> list[dict[str, Any]]:
    """Every scored round: its layout and the three steps, with every reason."""
    return [
        {"layout": [list(cell) for cell in layout], **copy_plain(scoring)}
        for layout, scoring in zip(state.layouts, state.scorings, strict=True)
    ]


@VIEW.field(Maybe(Num(0, 4)))
def rank_index(state: TarotStoriaState, seat: int | None) -> int | None:
    """Once over: which of the text's rank messages the final score earns (0 the lowest)."""
    if state.phase != "over":
        return None
    return rank(sum(state.round_scores), state.num_players)
