"""The decisions of Cardiceo, each a small frozen value with ja/en labels.

A turn is a sequence of steps: each :class:`Discard` throws away one card
with a chosen set of dice, and :class:`Stop` ends the turn early (the turn
also ends by itself once no card can be discarded).  When all three dice
were left in the middle, the next player first decides :class:`KeepDice` or
:class:`RerollDice`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text
from .data import DICE_NAMES

_DISCARD = Text("{dice}で「{card}」を捨てる", "Discard a {card} with {dice}")
_STOP = Text("手番を終える", "End your turn")
_KEEP = Text("中央の3個のサイコロをそのまま使う", "Keep the three locked dice")
_REROLL = Text("3個のサイコロを振り直す", "Reroll all three dice")


def dice_mask(d4: bool, d8: bool, d12: bool) -> int:
    """The dice as a bit mask: bit 0 the d4, bit 1 the d8, bit 2 the d12."""
    return int(d4) | int(d8) << 1 | int(d12) << 2


def dice_words(mask: int) -> str:
    """``d8+d12`` for the mask 0b110."""
    return "+".join(name for i, name in enumerate(DICE_NAMES) if mask >> i & 1)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one ``card`` from hand with the dice flagged, whose values sum to it."""

    TYPE = "discard"
    card: int
    d4: bool
    d8: bool
    d12: bool

    @property
    def mask(self) -> int:
        return dice_mask(self.d4, self.d8, self.d12)

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _DISCARD.format(card=self.card, dice=dice_words(self.mask))(lang)


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """End the turn now: used dice pass on, unused dice lock in the middle."""

    TYPE = "stop"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _STOP(lang)


@dataclass(frozen=True, slots=True)
class KeepDice(Action):
    """No-play rule: play this turn with the three locked values."""

    TYPE = "keep_dice"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _KEEP(lang)


@dataclass(frozen=True, slots=True)
class RerollDice(Action):
    """No-play rule: roll all three dice afresh."""

    TYPE = "reroll_dice"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _REROLL(lang)


def discard(card: int, mask: int) -> Discard:
    """The discard of ``card`` with the dice of ``mask``."""
    return Discard(card, bool(mask & 1), bool(mask & 2), bool(mask & 4))


ACTION_TYPES = (Discard, Stop, KeepDice, RerollDice)
