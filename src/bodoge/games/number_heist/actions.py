"""The decisions of the two-digit number game, each a small frozen value with ja/en labels.

A round's number is one secret, simultaneous decision (:class:`CallNumber`,
``tens × 10 + ones``: "07" is 7).  The player with the largest successful
number then places a diamond on a displayed card (:class:`PlaceDiamond`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text

_CALL = Text("「{number}」を作る", "Make {number}")
_DIAMOND = Text("{slot}番目のカードにダイヤを置く", "Put a diamond on card {slot}")


def two_digits(number: int) -> str:
    """How a number is read out: always two digits (``7`` is ``"07"``)."""
    return f"{number:02d}"


@dataclass(frozen=True, slots=True)
class CallNumber(Action):
    """Secretly make this two-digit number from two different displayed cards."""

    TYPE = "call"
    number: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _CALL.format(number=two_digits(self.number))(lang)


@dataclass(frozen=True, slots=True)
class PlaceDiamond(Action):
    """The largest successful number's player puts a diamond on the display's ``slot``-th card."""

    TYPE = "diamond"
    slot: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _DIAMOND.format(slot=self.slot + 1)(lang)


ACTION_TYPES = (CallNumber, PlaceDiamond)
