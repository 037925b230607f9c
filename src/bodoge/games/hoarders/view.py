"""What each seat sees of a game of Hoarders, declared once: every field's shape beside its value.

``HoardersState._view`` renders :data:`VIEW` and ``spaces.view_schema``
declares its shape, both from these lines (see :class:`bodoge.engine.kit.View`).
The view reads the state, so the rules never import it: :class:`~.game.Hoarders`
hands it to the engine as ``view``, and the names both need are in :mod:`.vocabulary`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.kit import View
from ...engine.schema import Array, Choice, Counts, Maybe, Num, Record, Seat, Seq, Skip
from .data import CHOSEN_PER_ROUND, CRITTERS, NUT_COPIES, NUT_DECK, NUTS, ROUND_LIMIT
from .vocabulary import ENDINGS, PHASES, REVEAL_WAYS

if TYPE_CHECKING:
    from .rules import HoardersState

VIEW = View()
PLAYER = View()
"""One player's public part of the view."""


def _seat(options: Any, num_players: int) -> Seat:
    return Seat(num_players)


def _maybe_seat(options: Any, num_players: int) -> Maybe:
    return Maybe(Seat(num_players))


VIEW.constant("nut_kinds", Skip(), lambda state, seat: list(NUTS))
VIEW.constant("critter_kinds", Skip(), lambda state, seat: list(CRITTERS))
VIEW.constant("round", Num(1, ROUND_LIMIT), lambda state, seat: state.round)
VIEW.constant("round_limit", Skip(), lambda state, seat: ROUND_LIMIT)
VIEW.constant("phase", Choice(PHASES), lambda state, seat: state.phase)
VIEW.constant("crown", _seat, lambda state, seat: state.crown)


@VIEW.field(_maybe_seat)
def current(state: HoardersState, seat: int | None) -> int | None:
    return state.current if state.current >= 0 else None


VIEW.constant("lap", Num(0, 2), lambda state, seat: state.lap)
VIEW.constant("deck", Num(0, len(NUT_DECK)), lambda state, seat: len(state.deck))


@PLAYER.field(Skip())
def seat(state: HoardersState, player: int) -> int:
    return player


PLAYER.constant("nuts", Array(Num(0, NUT_COPIES), len(NUTS)), lambda s, p: list(s.nuts[p]))
PLAYER.constant("face_down", Num(0, CHOSEN_PER_ROUND), lambda s, p: len(s.face_down[p]))


@PLAYER.field(
    Seq(Record({"critter": Choice(CRITTERS), "how": Choice(REVEAL_WAYS)}), most=CHOSEN_PER_ROUND)
)
def revealed(state: HoardersState, player: int) -> list[dict[str, str]]:
    return [
        {"critter": CRITTERS[c], "how": how}
        for c, how in zip(state.revealed[player], state.revealed_how[player], strict=True)
    ]


@VIEW.field(lambda options, n: Array(PLAYER.schema(options, n), n))
def players(state: HoardersState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, other) for other in range(state.num_players)]


@VIEW.field(Maybe(Counts(CRITTERS, most=1)))
def face_down(state: HoardersState, seat: int | None) -> list[str] | None:
    return None if seat is None else [CRITTERS[c] for c in state.face_down[seat]]


@VIEW.field(Maybe(Counts(CRITTERS, most=1)))
def in_hand(state: HoardersState, seat: int | None) -> list[str] | None:
    """The seat's critters neither face down nor revealed this round."""
    if seat is None:
        return None
    out = state.face_down[seat] + state.revealed[seat]
    return [critter for c, critter in enumerate(CRITTERS) if c not in out]


@VIEW.field(
    lambda options, n: Maybe(
        Record(
            {
                "thief": Seat(n),
                "via": Choice(CRITTERS),
                "target": Maybe(Seat(n)),
                "nut": Maybe(Choice(NUTS)),
            }
        )
    )
)
def theft(state: HoardersState, seat: int | None) -> dict[str, Any] | None:
    """The theft being chosen (``steal``) or reacted to (``react``)."""
    if state.phase not in ("steal", "react"):
        return None
    reacting = state.phase == "react"
    return {
        "thief": state.thief,
        "via": CRITTERS[state.thief_via],
        "target": state.target if reacting else None,
        "nut": NUTS[state.target_kind] if reacting else None,
    }


VIEW.constant("ending", Maybe(Choice(ENDINGS)), lambda state, seat: state.ending or None)
