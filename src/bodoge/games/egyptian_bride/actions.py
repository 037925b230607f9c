"""The decisions of Egyptian Bride, each a small frozen value with ja/en labels.

Action A (take 1–3 cards) is split into single-card steps: the first
:class:`TakeFaceUp` or :class:`TakeFromDeck` of a turn commits the player to
A, each later one adds a card, and :class:`StopTaking` ends it early.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text, seat_name

_TAKE_FACE_UP = Text("表向きの「{n}」を取る", "Take the face-up {n}")
_TAKE_FROM_DECK = Text("山札から1枚取る", "Take the top card of the deck")
_STOP = Text("カードを取るのをやめる", "Stop taking cards")
_PLACE = Text("手札の「{n}」を自分の前に置く", "Place a {n} from your hand in front of you")
_CHIP = Text("「{n}」の花嫁チップを取る", "Take the {n} bride chip")
_JEALOUSY = Text(
    "嫉妬: 手札の「{pay}」を{count}枚捨て、{target}の「{n}」をすべて捨てさせる",
    "Jealousy: discard {count}× {pay} from your hand to discard all of {target}'s {n}s",
)


@dataclass(frozen=True, slots=True)
class TakeFaceUp(Action):
    """A: take one face-up card showing ``number``."""

    TYPE = "take_face_up"
    number: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _TAKE_FACE_UP.format(n=self.number)(lang)


@dataclass(frozen=True, slots=True)
class TakeFromDeck(Action):
    """A: take the top card of the deck (only the taker sees it)."""

    TYPE = "take_from_deck"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _TAKE_FROM_DECK(lang)


@dataclass(frozen=True, slots=True)
class StopTaking(Action):
    """A: end the action after at least one card."""

    TYPE = "stop_taking"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _STOP(lang)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """B: place one hand card showing ``number`` face up in front of you."""

    TYPE = "place"
    number: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PLACE.format(n=self.number)(lang)


@dataclass(frozen=True, slots=True)
class TakeChip(Action):
    """C: take the bride chip of a number you have placed."""

    TYPE = "take_chip"
    number: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _CHIP.format(n=self.number)(lang)


@dataclass(frozen=True, slots=True)
class Jealousy(Action):
    """D (expansion): discard ``count`` cards of ``pay`` to discard ``target``'s ``number``s.

    ``count`` is twice the number of ``number`` cards ``target`` has placed; it
    is part of the action so that a stale decision (the target's cards changed)
    is refused rather than silently resized.
    """

    TYPE = "jealousy"
    target: int
    number: int
    pay: int
    count: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _JEALOUSY.format(
            pay=self.pay,
            count=self.count,
            target=seat_name(self.target, lang, names),
            n=self.number,
        )(lang)


ACTION_TYPES = (TakeFaceUp, TakeFromDeck, StopTaking, Place, TakeChip, Jealousy)
