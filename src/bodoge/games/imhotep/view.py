"""What each seat sees of a game of Imhotep, declared once: every field's shape beside its value.

Everything is public but the round cards still to come (and the one set
aside), the market deck's order and Market B's face-down pair (its taker
sees it while choosing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.kit import View
from ...engine.schema import Array, Choice, Counts, Flag, Maybe, Num, Record, Seat, Seq, Skip
from .data import (
    CARD_COUNTS,
    CARDS,
    COLOURS,
    MARKET_B_PAIR,
    MARKET_DECK,
    MARKET_ROW,
    MAX_SHIP,
    PYRAMID_B_COUNT,
    PYRAMID_B_SQUARES,
    QUARRY,
    ROUNDS,
    SHIP_MINIMUM,
    SHIPS_PER_ROUND,
    SIDES,
    SITES,
    SLED_CAPACITY,
    STONES,
)
from .vocabulary import CATEGORIES, PHASES

if TYPE_CHECKING:
    from .rules import ImhotepState

ALL_STONES = STONES * len(COLOURS)
MOST_POINTS = 600
"""A generous bound of any score (the whole game's stones cannot earn more)."""

VIEW = View()
PLAYER = View()


def _seat(options: Any, n: int) -> Seat:
    return Seat(n)


def _owners(n: int, most: int) -> Seq:
    return Seq(Seat(n), most)


VIEW.constant("rounds", Skip(), lambda state, seat: ROUNDS)
VIEW.constant("sites_order", Skip(), lambda state, seat: list(SITES))
VIEW.constant("round", Num(1, ROUNDS), lambda state, seat: state.round)
VIEW.constant("phase", Choice(PHASES), lambda state, seat: state.phase)
VIEW.field(_seat, "start")(lambda state, seat: state.start)


@VIEW.field(lambda options, n: Maybe(Seat(n)))
def current(state: ImhotepState, seat: int | None) -> int | None:
    return state.current if state.current >= 0 else None


@VIEW.field(lambda options, n: Maybe(Seat(n)))
def decider(state: ImhotepState, seat: int | None) -> int | None:
    return state.decider if state.decider >= 0 else None


VIEW.constant("sides", Array(Choice(SIDES), len(SITES)), lambda state, seat: list(state.sides))
VIEW.constant("wrath", Flag(), lambda state, seat: state.wrath)
VIEW.constant("temple_width", Num(4, 5), lambda state, seat: state.width)
VIEW.constant("round_cards_left", Num(0, ROUNDS), lambda state, seat: len(state.round_deck))
VIEW.constant("market_deck", Num(0, len(MARKET_DECK)), lambda state, seat: len(state.market_deck))
VIEW.constant(
    "discard",
    Counts(CARDS, most=max(CARD_COUNTS.values())),
    lambda state, seat: sorted(CARDS[c] for c in state.discard),
)


@VIEW.field(
    lambda options, n: Array(
        Record(
            {
                "size": Num(0, MAX_SHIP),
                "minimum": Num(0, MAX_SHIP),
                "cargo": Seq(Maybe(Seat(n)), MAX_SHIP),
                "site": Maybe(Choice(SITES)),
            }
        ),
        SHIPS_PER_ROUND,
    )
)
def ships(state: ImhotepState, seat: int | None) -> list[dict[str, Any]]:
    return [
        {
            "size": size,
            "minimum": SHIP_MINIMUM[size],
            "cargo": [owner if owner >= 0 else None for owner in state.cargo[ship]],
            "site": SITES[state.ship_site[ship]] if state.ship_site[ship] >= 0 else None,
        }
        for ship, size in enumerate(state.ship_sizes)
    ]


@VIEW.field(Array(Maybe(Choice(CARDS)), MARKET_ROW))
def market(state: ImhotepState, seat: int | None) -> list[str | None]:
    return [CARDS[c] if c >= 0 else None for c in state.row]


VIEW.constant("face_down", Num(0, MARKET_B_PAIR), lambda state, seat: len(state.pair))


@VIEW.field(Maybe(Counts(CARDS, most=MARKET_B_PAIR)))
def looking_at(state: ImhotepState, seat: int | None) -> list[str] | None:
    """Market B's pair, to the player choosing which to keep (and nobody else)."""
    if not state.peek or seat != state.decider:
        return None
    return [CARDS[c] for c in state.peek]


@VIEW.field(
    lambda options, n: Maybe(
        Record({"ship": Num(0, SHIPS_PER_ROUND - 1), "site": Choice(SITES),
                "lever": Maybe(Seat(n)), "left": Seq(Num(0, MAX_SHIP - 1), MAX_SHIP)})
    )
)  # fmt: skip
def unloading(state: ImhotepState, seat: int | None) -> dict[str, Any] | None:
    if state.ship < 0:
        return None
    return {
        "ship": state.ship,
        "site": SITES[state.ship_site[state.ship]],
        "lever": state.lever if state.lever >= 0 else None,
        "left": list(state.unload),
    }


@VIEW.field(
    lambda options, n: Record(
        {
            "pyramid": _owners(n, ALL_STONES),
            "small": Array(_owners(n, len(PYRAMID_B_SQUARES)), PYRAMID_B_COUNT),
            "temple": _owners(n, ALL_STONES),
            "burial": _owners(n, ALL_STONES),
            "obelisk": Array(Num(0, QUARRY), n),
            "towers": _owners(n, ALL_STONES // 3),
        }
    )
)
def sites(state: ImhotepState, seat: int | None) -> dict[str, Any]:
    """The stones on each site, by owner, in placement order."""
    return {
        "pyramid": list(state.pyramid),
        "small": [list(s) for s in state.small],
        "temple": list(state.temple),
        "burial": list(state.burial),
        "obelisk": list(state.obelisk),
        "towers": list(state.towers),
    }


PLAYER.constant("seat", Skip(), lambda state, p: p)
PLAYER.constant("colour", Choice(COLOURS), lambda state, p: COLOURS[p])
PLAYER.constant("quarry", Num(0, QUARRY), lambda state, p: state.quarry[p])
PLAYER.constant("sled", Num(0, SLED_CAPACITY), lambda state, p: state.sled[p])
PLAYER.constant("score", Num(-5, MOST_POINTS), lambda state, p: sum(state.points[p]))
PLAYER.constant(
    "cards",
    Counts(CARDS, most=max(CARD_COUNTS.values())),
    lambda state, p: [CARDS[c] for c, k in enumerate(state.hands[p]) for _ in range(k)],
)


@VIEW.field(lambda options, n: Array(PLAYER.schema(options, n), n))
def players(state: ImhotepState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, other) for other in range(state.num_players)]


@VIEW.field(lambda options, n: Array(Array(Num(-5, MOST_POINTS), len(CATEGORIES)), n))
def projected(state: ImhotepState, seat: int | None) -> list[list[int]]:
    """Each player's points by category if the game ended now (the final ones once over).

    The Temple's part adds what its visible stones will score this round.
    """
    return [list(row) for row in state.projection()]


VIEW.constant("categories", Skip(), lambda state, seat: list(CATEGORIES))
