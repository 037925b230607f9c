"""What United Square declares about every game it can be: the ``Game`` hooks.

Its full action space (and so every action's stable integer id), the shape
of its view, the range of a score and the longest game, for an option set
and a player count.

>>> actions = action_space({"board": 5, "teams": False}, 2)
>>> len(actions), actions[0], score_range({"board": 7, "teams": False}, 4)
(576, Place(row=0, col=0, tile='rbyg'), (0, 84))
>>> max_game_length({"board": 5, "teams": False}, 3)
24
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from .actions import Place
from .data import TILE_COUNT, TILES, shared_edges
from .view import VIEW

Options = Mapping[str, OptionValue]


def action_space(options: Options, num_players: int) -> list[Action]:
    """Every tile as it may lie (24: six types, four rotations) on every cell but the centre.

    Each distinct placement is declared once: a tile's four rotations are
    four different tiles, and a type is never listed apart from its tiles.
    """
    del num_players
    size = int(options["board"])
    centre = size * size // 2
    return [
        Place(cell // size, cell % size, tile)
        for cell in range(size * size)
        if cell != centre
        for tile in TILES
    ]


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``UnitedSquareState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """A score counts squares, one per shared edge: at most every edge of the board."""
    del num_players
    return (0, shared_edges(int(options["board"])))


def max_game_length(options: Options, num_players: int) -> int:
    """Every decision places a tile (passes are not decisions): at most every tile."""
    del num_players
    return TILE_COUNT[int(options["board"])]
