"""What each seat sees of a game of Just Desserts, declared once: shapes beside values.

``JustDessertsState._view`` renders :data:`VIEW` and ``spaces.view_schema``
declares its shape, both from these lines (see :class:`bodoge.engine.kit.View`).
Hands and the plate being chosen are shown to their owner only; everyone
sees hand sizes, the cards every player saw go back into a hand, the
guests, the served guests and the discards.
"""

from __future__ import annotations

from typing import Any

from ...engine.kit import View
from ...engine.schema import Array, Choice, Counts, Flag, Maybe, Num, Record, Seat, Seq, Skip
from .data import (
    DESSERTS,
    GUESTS,
    TAKE_BACK_LIMIT,
    TURN_LIMIT,
    deck_desserts,
    deck_guests,
    guest_points,
)
from .rules import JustDessertsState, is_favourite, missing
from .vocabulary import ENDINGS, PHASES

VIEW = View()
PLAYER = View()
"""One player's public part of the view."""


def _dessert_ids(options: Any) -> list[str]:
    return [DESSERTS[d].id for d in deck_desserts(bool(options["bacon"]), bool(options["coffee"]))]


def _guest_ids(options: Any) -> list[str]:
    return [GUESTS[g].id for g in deck_guests(bool(options["bacon"]), bool(options["coffee"]))]


def _desserts(options: Any, n: int) -> Counts:
    return Counts(_dessert_ids(options), most=1)


def _guests(options: Any, n: int) -> Counts:
    return Counts(_guest_ids(options), most=1)


def _maybe_guest(options: Any, n: int) -> Maybe:
    return Maybe(Choice(_guest_ids(options)))


def _ids(cards: list[int]) -> list[str]:
    return [DESSERTS[d].id for d in cards]


def _guest_list(guests: list[int]) -> list[str]:
    return [GUESTS[g].id for g in guests]


VIEW.constant("phase", Choice(PHASES), lambda s, seat: s.phase)
VIEW.constant("active", lambda o, n: Seat(n), lambda s, seat: s.active)
VIEW.constant("turn", Num(0, TURN_LIMIT + 1), lambda s, seat: s.turn)
VIEW.constant("turn_limit", Skip(), lambda s, seat: TURN_LIMIT)
VIEW.constant("deck", Num(0, len(DESSERTS)), lambda s, seat: len(s.deck))
VIEW.constant("discard", _desserts, lambda s, seat: _ids(s.discard))
VIEW.constant("guest_deck", Num(0, len(GUESTS)), lambda s, seat: len(s.guest_deck))
VIEW.constant("guest_discard", _guests, lambda s, seat: _guest_list(s.guest_discard))
VIEW.constant(
    "doorway", _maybe_guest, lambda s, seat: GUESTS[s.doorway].id if s.doorway >= 0 else None
)
VIEW.constant("middle", _guests, lambda s, seat: _guest_list(s.middle))
VIEW.constant("serves_left", Num(0, 2), lambda s, seat: s.serves_left)
VIEW.constant("poach_tried", Flag(), lambda s, seat: s.poach_tried)
VIEW.constant("buffet_opened", Flag(), lambda s, seat: s.buffet_opened)
VIEW.constant("take_backs_left", Num(0, TAKE_BACK_LIMIT), lambda s, seat: s.undo_left)


@PLAYER.field(Skip())
def seat(state: JustDessertsState, player: int) -> int:
    return player


PLAYER.constant("hand_size", Num(0, len(DESSERTS)), lambda s, p: len(s.hands[p]))
PLAYER.constant("known", _desserts, lambda s, p: _ids(s.known[p]))
PLAYER.constant("won", _guests, lambda s, p: _guest_list(s.won[p]))


@PLAYER.field(Num(0, 2 * len(GUESTS)))
def points(state: JustDessertsState, player: int) -> int:
    return guest_points(state.won[player])  # one player's, not every player's scores


@VIEW.field(lambda options, n: Array(PLAYER.schema(options, n), n))
def players(state: JustDessertsState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, other) for other in range(state.num_players)]


@VIEW.field(lambda options, n: Maybe(_desserts(options, n)))
def hand(state: JustDessertsState, seat: int | None) -> list[str] | None:
    return None if seat is None else _ids(state.hands[seat])


@VIEW.field(
    lambda options, n: Maybe(
        Record(
            {
                "by": Seat(n),
                "for": Choice(("serve", "swap", "buffet", "block")),
                "guest": Maybe(Choice(_guest_ids(options))),
                "size": Num(0, len(DESSERTS)),
                "desserts": Maybe(_desserts(options, n)),
                "missing": Maybe(Seq(Choice(_taste_ids()), most=4)),
                "favourite": Maybe(Flag()),
            }
        )
    )
)
def plate(state: JustDessertsState, seat: int | None) -> dict[str, Any] | None:
    """The choice being made: who, for what, how many cards; its cards to the chooser only."""
    chooser = state.chooser
    if chooser < 0:
        return None
    purpose = {"serve": "serve", "swap": "swap", "buffet": "buffet", "block": "block"}[state.phase]
    mine = seat == chooser
    guest = state.guest
    return {
        "by": chooser,
        "for": purpose,
        "guest": GUESTS[guest].id if guest >= 0 else None,
        "size": len(state.plate),
        "desserts": _ids(state.plate) if mine else None,
        "missing": sorted(missing(guest, state.plate)) if mine and guest >= 0 else None,
        "favourite": (
            any(is_favourite(guest, d) for d in state.plate) if mine and guest >= 0 else None
        ),
    }


def _taste_ids() -> tuple[str, ...]:
    from .data import TASTES

    return TASTES


@VIEW.field(
    lambda options, n: Maybe(
        Record(
            {
                "guest": Choice(_guest_ids(options)),
                "poacher": Seat(n),
                "victim": Seat(n),
                "desserts": _desserts(options, n),
                "favourite": Flag(),
                "only": Maybe(Choice(_dessert_ids(options))),
            }
        )
    )
)
def poach(state: JustDessertsState, seat: int | None) -> dict[str, Any] | None:
    """A poach waiting for its victim's answer: everything about it is public."""
    if state.phase != "block":
        return None
    return {
        "guest": GUESTS[state.guest].id,
        "poacher": state.active,
        "victim": state.victim,
        "desserts": _ids(state.pending),
        "favourite": state.poach_favourite,
        "only": DESSERTS[state.need].id if state.need >= 0 else None,
    }


VIEW.constant("returning", lambda o, n: Seq(Seat(n), most=n), lambda s, seat: list(s.returning))
VIEW.constant("ending", Maybe(Choice(ENDINGS)), lambda s, seat: s.ending or None)
