"""What each seat sees of Moriya Wars, declared once: every field's shape beside its value.

Public: the board, the supplies, every player's money, the dice rolled and
the dice chosen for a bribe, who is out and every claim.  Hidden: the
identity cards.  A seat sees the cards it knows (its own, the ones a swap
showed it, the ones revealed by a false claim); everyone sees all of them
once the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.kit import View
from ...engine.schema import Array, Choice, Flag, Maybe, Num, Record, Seat, Seq, Skip
from .data import CAPS, CHIPS, DICE, IDENTITIES, MONEY, REGION_FACE, REGIONS, TURN_LIMIT
from .vocabulary import ENDINGS, PHASES

if TYPE_CHECKING:
    from .rules import MoriyaWarsState

EXHAUSTED = ("human", "youkai", "money")

VIEW = View()
PLAYER = View()
"""One player's part of the view (the identity only when the viewer knows it)."""

IDENTITY = Num(min(IDENTITIES), max(IDENTITIES))


def _known(state: MoriyaWarsState, viewer: int | None, position: int) -> int | None:
    if state.phase == "over" or state.shown[position]:
        return state.identity[position]
    if viewer is not None and state.knows[viewer][position]:
        return state.identity[position]
    return None


VIEW.constant("region_ids", Skip(), lambda state, seat: list(REGIONS))
VIEW.constant("region_faces", Skip(), lambda state, seat: list(REGION_FACE))
VIEW.constant("caps", Skip(), lambda state, seat: list(CAPS))
VIEW.constant("turn_limit", Skip(), lambda state, seat: TURN_LIMIT)
VIEW.constant("phase", Choice(PHASES), lambda state, seat: state.phase)
VIEW.constant("turn", Num(0, TURN_LIMIT + 1), lambda state, seat: state.turn)


@VIEW.field(lambda options, n: Maybe(Seat(n)))
def current(state: MoriyaWarsState, seat: int | None) -> int | None:
    return None if state.phase == "over" else state.current


@VIEW.field(Seq(Num(1, 6), 6))
def open_faces(state: MoriyaWarsState, seat: int | None) -> list[int]:
    """The faces whose action the player on turn can carry out now (public: the dice, board,
    supplies and money decide it), so every seat can see what that player may do."""
    if state.phase != "act" or state.marked:
        return []
    return sorted({state.face_of(action) for action in state.face_actions(state.current)})


VIEW.constant("extra_turn", Flag(), lambda state, seat: state.dice_count != DICE)
VIEW.constant("dice", Seq(Num(1, 6), DICE), lambda state, seat: list(state.dice))
VIEW.constant("marked", Seq(Num(0, DICE - 1), DICE), lambda state, seat: list(state.marked))


@VIEW.field(Array(Record({"human": Num(0, max(CAPS)), "youkai": Num(0, max(CAPS))}), len(REGIONS)))
def board(state: MoriyaWarsState, seat: int | None) -> list[dict[str, int]]:
    return [{"human": h, "youkai": y} for h, y in state.board]


VIEW.constant(
    "supply",
    Record({"human": Num(0, CHIPS[0]), "youkai": Num(0, CHIPS[1]), "money": Num(0, MONEY)}),
    lambda state, seat: {
        "human": state.supply[0],
        "youkai": state.supply[1],
        "money": state.money_supply,
    },
)
VIEW.constant("spent", Num(0, MONEY), lambda state, seat: state.spent)
VIEW.constant("five_in_play", Flag(), lambda state, seat: state.five_in_play)


@PLAYER.field(Skip())
def seat(state: MoriyaWarsState, key: tuple[int, int | None]) -> int:
    return key[0]


PLAYER.constant("money", Num(0, MONEY), lambda state, key: state.money[key[0]])
PLAYER.constant("out", Flag(), lambda state, key: bool(state.out[key[0]]))


@PLAYER.field(Maybe(IDENTITY))
def identity(state: MoriyaWarsState, key: tuple[int, int | None]) -> int | None:
    return _known(state, key[1], key[0])


@PLAYER.field(Maybe(Flag()))
def met(state: MoriyaWarsState, key: tuple[int, int | None]) -> bool | None:
    """At the end: whether this player's identity's condition held."""
    return bool(state.met[key[0]]) if state.met else None


@VIEW.field(lambda options, n: Array(PLAYER.schema(options, n), n))
def players(state: MoriyaWarsState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, (other, seat)) for other in range(state.num_players)]


VIEW.constant("spares", Num(0, 1), lambda state, seat: state.positions - state.num_players)


@VIEW.field(Maybe(IDENTITY))
def spare(state: MoriyaWarsState, seat: int | None) -> int | None:
    """The spare card, when this seat knows it (it put it there with a swap)."""
    if state.positions == state.num_players:
        return None
    return _known(state, seat, state.num_players)


@VIEW.field(Maybe(IDENTITY))
def you(state: MoriyaWarsState, seat: int | None) -> int | None:
    """The viewer's own identity card."""
    return None if seat is None else state.identity[seat]


@VIEW.field(lambda options, n: Maybe(Seat(n)))
def asked(state: MoriyaWarsState, seat: int | None) -> int | None:
    return state.asking[0] if state.phase == "ask" else None


@VIEW.field(
    lambda options, n: Seq(Record({"seat": Seat(n), "identity": IDENTITY, "won": Flag()}), n)
)
def claims(state: MoriyaWarsState, seat: int | None) -> list[dict[str, Any]]:
    return [{"seat": s, "identity": i, "won": bool(w)} for s, i, w in state.claims]


VIEW.constant("ending", Maybe(Choice(ENDINGS)), lambda state, seat: state.ending or None)
VIEW.constant("exhausted", Maybe(Choice(EXHAUSTED)), lambda state, seat: state.exhausted or None)
