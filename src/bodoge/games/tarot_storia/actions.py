"""The decisions of Tarot Storia, each a small frozen value with ja/en labels.

A place is ``(column, y)`` of the normalised layout (see :mod:`.layout`):
``col`` may be -1 (a new column on the left) and ``y`` goes up to two
half-cards beyond the layout, so every place a card may go has a name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text

_PLACE = Text("{card}を列{col}・高さ{y}に置く", "Place {card} in column {col} at height {y}")
_SWAP = Text("手札の{card}を場の{taken}と入れ替える", "Swap {card} from your hand for {taken}")
_KEEP = Text("列{col}を残してアンコールへ", "Keep column {col} for the encore")


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put ``card`` from your hand on the table at ``(col, y)``.

    Columns and heights are those of the table now; ``col`` -1 opens a new
    column on the left.  Labels count columns from 1 as people do.
    """

    TYPE = "place"
    card: int
    col: int
    y: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PLACE.format(card=self.card, col=self.col + 1, y=self.y)(lang)


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Put ``card`` from your hand where ``taken`` lies and take ``taken`` into your hand."""

    TYPE = "swap"
    card: int
    taken: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _SWAP.format(card=self.card, taken=self.taken)(lang)


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """After a round 1 above 0: keep column ``col`` (0 the first) for the second round."""

    TYPE = "keep"
    col: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _KEEP.format(col=self.col + 1)(lang)


ACTION_TYPES = (Place, Swap, Keep)
