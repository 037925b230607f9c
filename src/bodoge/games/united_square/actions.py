"""The one decision of United Square: which tile goes where, and how it lies.

A :class:`Place` names the cell and the tile as it lies (its four side
colours clockwise from the top), so each distinct placement is one action:
the tile's type follows from it, and no two rotations of a type give the
same tile.  A player who cannot place passes without a decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text
from .data import COLOUR_NAMES, COLOUR_OF, SIDE_NAMES, SIDES

_PLACE = Text("{cell}にタイルを置く（{sides}）", "Place a tile on {cell} ({sides})")
_SIDE = Text("{side}:{colour}", "{colour} {side}")


def cell_name(row: int, col: int) -> str:
    """A cell as players name it: column letter, then row number from the top (``C3``)."""
    return f"{'ABCDEFG'[col] if 0 <= col < 7 else col}{row + 1}"


def sides_text(tile: str, lang: str) -> str:
    """A tile's four colours, side by side: ``red top, blue right, …``."""
    parts = [
        _SIDE.format(side=SIDE_NAMES[side](lang), colour=COLOUR_NAMES[COLOUR_OF[letter]](lang))(
            lang
        )
        for side, letter in zip(SIDES, tile, strict=False)
        if letter in COLOUR_OF
    ]
    return (" " if lang == "ja" else ", ").join(parts)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place a tile of yours of ``tile``'s type on (``row``, ``col``), lying as ``tile`` says.

    Rows and columns count from 0 at the top left; ``tile`` is the four
    side colours clockwise from the top, e.g. ``"rbyg"``.
    """

    TYPE = "place"
    row: int
    col: int
    tile: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        cell = cell_name(self.row, self.col)
        return _PLACE.format(cell=cell, sides=sides_text(self.tile, lang))(lang)


ACTION_TYPES = (Place,)
