"""The decisions of Go Nuts for Donuts, each a small frozen value with ja/en labels.

A round's bids are one :class:`Bid` per player, all at once and in secret.
The powers that need a decision ask their chooser for one small step at a
time: a donut to keep, give, steal, discard or take, a row card to clear,
and :class:`Done` to stop where "any number" or "up to three" may be taken.
Cinnamon Twist asks every player at once for the donut they pass left
(:class:`PassDonut`, secret until all are in).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text, seat_name
from .data import DONUT_NAMES


def donut_name(donut: str, lang: str) -> str:
    name = DONUT_NAMES.get(donut)
    return name(lang) if name is not None else donut


_BID = Text("{n}番に入札する", "Bid on position {n}")
_KEEP = Text(
    "{donut}を取る（もう1枚は山札の上へ）", "Keep the {donut} (the other goes back on top)"
)
_GIVE = Text("{target}に{donut}を渡す", "Give your {donut} to {target}")
_STEAL = Text("{target}の{donut}を奪う", "Steal {target}'s {donut}")
_SPOIL = Text("{target}の{donut}を捨てる", "Discard {target}'s {donut}")
_DISCARD = Text("自分の{donut}を捨てる", "Discard your {donut}")
_TAKE = Text("捨て札から{donut}を取る", "Take the {donut} from the discard pile")
_CLEAR = Text("列の{n}番のカードを捨てる", "Discard the row card at position {n}")
_MILK = Text("ミルクを捨てる", "Discard the Milk")
_PASS = Text("{donut}を左隣に渡す", "Pass your {donut} to the left")
_DONE = Text("これで終わる", "Stop here")


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Place the selection card ``position`` face down (secret, simultaneous)."""

    TYPE = "bid"
    position: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _BID.format(n=self.position)(lang)


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Double Chocolate: keep this one of the two drawn cards."""

    TYPE = "keep"
    donut: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _KEEP.format(donut=donut_name(self.donut, lang))(lang)


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Sprinkled: give one of your donuts to ``target``."""

    TYPE = "give"
    target: int
    donut: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _GIVE.format(
            target=seat_name(self.target, lang, names), donut=donut_name(self.donut, lang)
        )(lang)


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Bear Claw: take one of ``target``'s donuts."""

    TYPE = "steal"
    target: int
    donut: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _STEAL.format(
            target=seat_name(self.target, lang, names), donut=donut_name(self.donut, lang)
        )(lang)


@dataclass(frozen=True, slots=True)
class Spoil(Action):
    """Strawberry Glazed: discard one of ``target``'s donuts."""

    TYPE = "spoil"
    target: int
    donut: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _SPOIL.format(
            target=seat_name(self.target, lang, names), donut=donut_name(self.donut, lang)
        )(lang)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Raspberry Frosted or Milk: discard one of your own donuts."""

    TYPE = "discard"
    donut: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _DISCARD.format(donut=donut_name(self.donut, lang))(lang)


@dataclass(frozen=True, slots=True)
class DiscardMilk(Action):
    """Milk: discard the Milk itself instead of three other donuts."""

    TYPE = "discard_milk"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _MILK(lang)


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Red Velvet or Day Old Donuts: take a card of this kind from the discard pile."""

    TYPE = "take"
    donut: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _TAKE.format(donut=donut_name(self.donut, lang))(lang)


@dataclass(frozen=True, slots=True)
class Clear(Action):
    """French Cruller: discard the row card at ``position`` (one nobody bid on)."""

    TYPE = "clear"
    position: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _CLEAR.format(n=self.position)(lang)


@dataclass(frozen=True, slots=True)
class PassDonut(Action):
    """Cinnamon Twist: the donut you pass to the player on your left (secret, simultaneous)."""

    TYPE = "pass"
    donut: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PASS.format(donut=donut_name(self.donut, lang))(lang)


@dataclass(frozen=True, slots=True)
class Done(Action):
    """French Cruller or Day Old Donuts: take or discard no more."""

    TYPE = "done"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _DONE(lang)


ACTION_TYPES = (Bid, Keep, Give, Steal, Spoil, Discard, DiscardMilk, Take, Clear, PassDonut, Done)
