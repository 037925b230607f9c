"""What each seat sees of United Square, declared once: every field's shape beside its value.

Nothing is hidden: the board, the squares per colour and every player's
remaining tiles per type are public (the order of a hand is no part of the
game: a player may place any tile of theirs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.kit import View
from ...engine.schema import Array, Choice, Maybe, Num, Seat, Seq, Skip
from .data import COLOURS, COPIES, OWNED, SIDES, TEAMS, TILES, TYPES, shared_edges
from .vocabulary import PHASES

if TYPE_CHECKING:
    from .rules import UnitedSquareState

VIEW = View()
PLAYER = View()
"""One player's public part of the view."""


def _size(options: Any) -> int:
    return int(options["board"])


def _cells(options: Any) -> int:
    return _size(options) ** 2


VIEW.constant("colours", Skip(), lambda state, seat: list(COLOURS))
VIEW.constant("types", Skip(), lambda state, seat: list(TYPES))
VIEW.constant("sides", Skip(), lambda state, seat: list(SIDES))
VIEW.constant("size", Skip(), lambda state, seat: state.size)
VIEW.constant("phase", Choice(PHASES), lambda state, seat: state.phase)


@VIEW.field(lambda options, n: Maybe(Seat(n)))
def current(state: UnitedSquareState, seat: int | None) -> int | None:
    return state.current if state.current >= 0 else None


@VIEW.field(lambda options, n: Array(Maybe(Choice(TILES)), _cells(options)))
def board(state: UnitedSquareState, seat: int | None) -> list[str | None]:
    """Every cell row by row: the tile's sides clockwise from the top, or ``None``."""
    return [tile or None for tile in state.board]


VIEW.constant(
    "start", lambda options, n: Num(0, _cells(options) - 1), lambda state, seat: state.centre
)


@VIEW.field(lambda options, n: Maybe(Num(0, _cells(options) - 1)))
def last(state: UnitedSquareState, seat: int | None) -> int | None:
    return state.last if state.last >= 0 else None


@VIEW.field(lambda options, n: Seq(Num(0, _cells(options) - 1), most=_cells(options)))
def dead(state: UnitedSquareState, seat: int | None) -> list[int]:
    """Empty cells next to tiles that no tile can fill (one colour from two sides)."""
    return state.dead_cells()


@VIEW.field(lambda options, n: Array(Num(0, shared_edges(_size(options))), len(COLOURS)))
def points(state: UnitedSquareState, seat: int | None) -> list[int]:
    """Squares made so far per colour (red, blue, yellow, green)."""
    return list(state.points)


@PLAYER.field(Skip())
def seat(state: UnitedSquareState, player: int) -> int:
    return player


PLAYER.constant("colours", Skip(), lambda state, player: list(OWNED[state.num_players][player]))
PLAYER.constant(
    "hand",
    lambda options, n: Array(Num(0, COPIES[_size(options)]), len(TYPES)),
    lambda state, player: list(state.hands[player]),
)
PLAYER.constant(
    "score",
    lambda options, n: Num(0, shared_edges(_size(options))),
    lambda state, player: state.colour_points(player),
)


@VIEW.field(lambda options, n: Array(PLAYER.schema(options, n), n))
def players(state: UnitedSquareState, seat: int | None) -> list[dict[str, Any]]:
    return [PLAYER.render(state, other) for other in range(state.num_players)]


@VIEW.field(Skip())
def teams(state: UnitedSquareState, seat: int | None) -> list[list[int]] | None:
    return [list(team) for team in TEAMS] if state.team_play else None


@VIEW.field(lambda options, n: Maybe(Array(Num(0, 2 * shared_edges(_size(options))), len(TEAMS))))
def team_scores(state: UnitedSquareState, seat: int | None) -> list[int] | None:
    return state.team_totals()


@VIEW.field(lambda options, n: Maybe(Array(Num(1, n), n)))
def places(state: UnitedSquareState, seat: int | None) -> list[int] | None:
    """Once over: each seat's place, by team total first in team play, then by own squares."""
    return state.places() if state.phase == "over" else None
