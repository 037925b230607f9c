"""What each seat sees of a game of Go Nuts for Donuts, declared once: every field's shape
beside its value.

Public: the row, every collection (and its points so far, card by card),
the discard pile, the bids once revealed and who has chosen.  Private: a
seat's own bid or pass before the reveal, Double Chocolate's two drawn
cards (its taker only) and the deck's top card to the player who put it
back.  Hidden from all: the deck's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.kit import View
from ...engine.schema import Array, Choice, Counts, Flag, Maybe, Num, Record, Seat, Skip
from .data import DONUTS, KINDS, MOST_COPIES, deck_for, max_rounds
from .scoring import score_bounds
from .vocabulary import ENDINGS, PHASES

if TYPE_CHECKING:
    from .rules import DonutsState

VIEW = View()
PLAYER = View()
"""One player's public part of the view."""


def _positions(options: Any, n: int) -> Num:
    return Num(1, n + 1)


VIEW.constant("donut_kinds", Skip(), lambda state, seat: [DONUTS[k] for k in state.kinds])
VIEW.constant("round", lambda options, n: Num(1, max_rounds(n)), lambda state, seat: state.round)
VIEW.constant("phase", Choice(PHASES), lambda state, seat: state.phase)
VIEW.constant(
    "deck", lambda options, n: Num(0, len(deck_for(n))), lambda state, seat: len(state.deck)
)


@VIEW.field(Maybe(Choice(DONUTS)))
def deck_top(state: DonutsState, seat: int | None) -> str | None:
    """The deck's top card, to the player who put it back there (Double Chocolate) only."""
    if seat is None or seat != state.top_known or not state.deck:
        return None
    return DONUTS[state.deck[-1]]


@VIEW.field(lambda options, n: Array(Maybe(Choice(DONUTS)), n + 1))
def row(state: DonutsState, seat: int | None) -> list[str | None]:
    return [DONUTS[card] if card >= 0 else None for card in state.row]


@VIEW.field(Array(Num(0, MOST_COPIES), KINDS))
def discard(state: DonutsState, seat: int | None) -> list[int]:
    """The discard pile's cards, counted by kind."""
    counts = [0] * KINDS
    for card in state.discard:
        counts[card] += 1
    return counts


@VIEW.field(Maybe(Choice(DONUTS)))
def discard_top(state: DonutsState, seat: int | None) -> str | None:
    return DONUTS[state.discard[-1]] if state.discard else None


VIEW.constant("discard_pile", Skip(), lambda state, seat: [DONUTS[card] for card in state.discard])
"""The whole pile in order, bottom first (for the table; the counts above encode it)."""


@VIEW.field(lambda options, n: Array(Maybe(_positions(options, n)), n))
def bids(state: DonutsState, seat: int | None) -> list[int | None]:
    """This round's bids once revealed (positions 1..), ``None`` each while bidding."""
    if not state.revealed:
        return [None] * state.num_players
    return [p + 1 for p in state.revealed]


@VIEW.field(lambda options, n: Maybe(_positions(options, n)))
def my_bid(state: DonutsState, seat: int | None) -> int | None:
    """The seat's own bid before the reveal."""
    if seat is None or not state.bids[seat]:
        return None
    return state.bids[seat][0] + 1


@VIEW.field(Maybe(Choice(DONUTS)))
def my_pass(state: DonutsState, seat: int | None) -> str | None:
    """Cinnamon Twist: the donut the seat chose to pass, before everyone has chosen."""
    if seat is None or not state.passes[seat]:
        return None
    return DONUTS[state.passes[seat][0]]


@VIEW.field(lambda options, n: Maybe(_positions(options, n)))
def resolving(state: DonutsState, seat: int | None) -> int | None:
    """The position whose card's power is being carried out."""
    return state.position if state.position > 0 and state.phase != "bid" else None


@VIEW.field(
    lambda options, n: Maybe(
        Record({"donut": Choice(DONUTS), "chooser": Seat(n), "count": Num(0, 3)})
    )
)
def power(state: DonutsState, seat: int | None) -> dict[str, Any] | None:
    """The power waiting for a decision: the card, its taker, cards taken or discarded so far."""
    if state.power < 0 or state.phase in ("bid", "over"):
        return None
    return {"donut": DONUTS[state.power], "chooser": state.chooser, "count": state.steps_taken}


@VIEW.field(Maybe(Counts(DONUTS, most=2)))
def drawn(state: DonutsState, seat: int | None) -> list[str] | None:
    """Double Chocolate's two drawn cards, to its taker only."""
    if seat is None or not state.drawn or seat != state.chooser:
        return None
    return sorted(DONUTS[card] for card in state.drawn)


Scored = tuple[int, tuple[tuple[tuple[int, int, int], ...], ...]]
"""A player's part is rendered for ``(player, every player's score sheet)``: the sheets,
which compare collections, are worked out once per view."""


@PLAYER.field(Skip())
def seat(state: DonutsState, key: Scored) -> int:
    return key[0]


PLAYER.constant(
    "donuts", Array(Num(0, MOST_COPIES), KINDS), lambda state, key: list(state.hands[key[0]])
)
PLAYER.constant(
    "cards",
    lambda options, n: Num(0, len(deck_for(n))),
    lambda state, key: sum(state.hands[key[0]]),
)
PLAYER.constant(
    "score",
    lambda options, n: Num(*score_bounds(n)),
    lambda state, key: sum(points for _, _, points in key[1][key[0]]),
)


@PLAYER.field(Skip())
def points(state: DonutsState, key: Scored) -> list[dict[str, Any]]:
    """The score card by card (kind, cards, points)."""
    return [
        {"donut": DONUTS[kind], "cards": cards, "points": pts}
        for kind, cards, pts in key[1][key[0]]
    ]


@PLAYER.field(Flag())
def chosen(state: DonutsState, key: Scored) -> bool:
    """Whether the player has bid (bidding) or chosen the donut to pass (Cinnamon Twist)."""
    p = key[0]
    if state.phase == "pass":
        return bool(state.passes[p])
    return state.phase == "bid" and bool(state.bids[p])


@VIEW.field(lambda options, n: Array(PLAYER.schema(options, n), n))
def players(state: DonutsState, seat: int | None) -> list[dict[str, Any]]:
    sheets = state.score_sheets()
    return [PLAYER.render(state, (other, sheets)) for other in range(state.num_players)]


VIEW.constant("boston_cream_pair", Skip(), lambda state, seat: state.pair_points)
"""What two Boston Creams score in this game (the design parameter), for the card texts."""
VIEW.constant("ending", Maybe(Choice(ENDINGS)), lambda state, seat: state.ending or None)
