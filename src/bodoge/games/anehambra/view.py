"""What each seat sees of アネハンブラ, declared once: every field's shape beside its value.

``AnehambraState._view`` renders :data:`VIEW` and ``spaces.view_schema``
declares its shape, both from these lines (see :class:`bodoge.engine.kit.View`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.kit import View
from ...engine.schema import Array, Choice, Flag, Maybe, Num, Record, Seat, Seats, Seq, Skip
from .data import CHECKS, COLOURS, COPIES, MAX_PALACES, TOTAL_PILLARS, TURN_LIMIT
from .vocabulary import VERIFIED

if TYPE_CHECKING:
    from .rules import AnehambraState

PER_COLOUR = Array(Num(0, max(COPIES)), len(COLOURS))

VIEW = View()
PLAYER = View()
"""One player's public part of the view, rendered for ``(owner, viewer)``."""
STEP = View()
"""Where the current turn stands: what the start of the turn allows, partial choices."""

VIEW.constant("colours", Skip(), lambda s, seat: list(COLOURS))
VIEW.constant("current", lambda o, n: Seat(n), lambda s, seat: s.current)
VIEW.constant("turn", Num(0, TURN_LIMIT), lambda s, seat: s.turn)
VIEW.constant("deck", Num(0, TOTAL_PILLARS + 1), lambda s, seat: len(s.deck))
VIEW.constant("end_in", Maybe(Num(0, TOTAL_PILLARS)), lambda s, seat: s.cards_before_end())
VIEW.constant("removed", PER_COLOUR, lambda s, seat: list(s.removed))
VIEW.constant(
    "banned", Array(Flag(), len(COLOURS)), lambda s, seat: [s.banned(c) for c in range(4)]
)

PLAYER.constant("seat", Skip(), lambda s, key: key[0])
PLAYER.constant("hand_count", Num(0, TOTAL_PILLARS), lambda s, key: sum(s.hands[key[0]]))
PLAYER.constant("known_hand", PER_COLOUR, lambda s, key: list(s.known[key[0]]))


@PLAYER.field(
    Seq(
        Record({"cards": Num(1, TOTAL_PILLARS), "verified": Flag(), "contents": Maybe(PER_COLOUR)}),
        most=MAX_PALACES,
    )
)
def palaces(state: AnehambraState, key: tuple[int, int | None]) -> list[dict[str, Any]]:
    """Contents only of verified palaces, and of the viewer's own."""
    owner, viewer = key
    return [
        {
            "cards": sum(palace[:VERIFIED]),
            "verified": bool(palace[VERIFIED]),
            "contents": palace[:VERIFIED] if palace[VERIFIED] or owner == viewer else None,
        }
        for palace in state.palaces[owner]
    ]


@VIEW.field(lambda o, n: Array(PLAYER.schema(o, n), n))
def players(state: AnehambraState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, (other, seat)) for other in range(state.num_players)]


VIEW.constant(
    "hand", Maybe(PER_COLOUR), lambda s, seat: None if seat is None else list(s.hands[seat])
)

STEP.constant("build_only", Flag(), lambda s, key: s.build_only)
STEP.constant("double", Flag(), lambda s, key: s.double)
STEP.constant(
    "building",
    Maybe(Num(0, MAX_PALACES - 1)),
    lambda s, key: None if s.building < 0 else s.building,
)
STEP.constant("built", Num(0, 2), lambda s, key: s.built)
STEP.constant(
    "check", Maybe(Choice(CHECKS)), lambda s, key: None if s.check < 0 else CHECKS[s.check]
)
STEP.constant(
    "targets",
    lambda o, n: Seq(Record({"owner": Seat(n), "palace": Num(0, MAX_PALACES - 1)}), most=2),
    lambda s, key: [{"owner": owner, "palace": index} for owner, index in s.targets],
)
VIEW.constant("step", STEP.schema, lambda s, seat: STEP.render(s, None))


@VIEW.field(
    lambda o, n: Maybe(
        Record(
            {
                "reason": Choice(("end_card", "turn_limit")),
                "palaces": Array(Num(0, MAX_PALACES), n),
                "hands": Array(Num(0, TOTAL_PILLARS), n),
                "winners": Seats(n),
            }
        )
    )
)
def result(state: AnehambraState, seat: int | None) -> dict[str, Any] | None:
    if not state.over:
        return None
    return {
        "reason": state.end_reason,
        "palaces": list(state.scores),
        "hands": state.hand_counts,
        "winners": list(state.winners),
    }
