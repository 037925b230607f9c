"""The decisions of Just Desserts, each a small frozen value with ja/en labels.

Serving is split into steps: choose the guest (:class:`ChooseGuest`), put
dessert cards on the plate one at a time (:class:`AddDessert`, any taken
back with :class:`TakeBack`), then :class:`Serve` (or :class:`CallOff`).
Swapping cards and opening a buffet choose their cards the same way; a
poached player blocks with a plate of their own (:class:`Block`) or lets
the guest go (:class:`AllowPoach`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ...engine import Action, Text
from .data import DESSERT_INDEX, DESSERTS, GUEST_INDEX, GUESTS


def guest_name(guest: str, lang: str) -> str:
    index = GUEST_INDEX.get(guest)
    return GUESTS[index].name(lang) if index is not None else guest


def dessert_name(dessert: str, lang: str) -> str:
    index = DESSERT_INDEX.get(dessert)
    return DESSERTS[index].name(lang) if index is not None else dessert


class _Plain(Action):
    """An action without fields: its label is its ``WORDS``."""

    WORDS: ClassVar[Text]

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return self.WORDS(lang)


@dataclass(frozen=True, slots=True)
class ChooseGuest(Action):
    """Start serving a guest: in the middle, in the doorway, or (poaching) someone else's."""

    TYPE = "guest"
    guest: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return Text("{g}に給仕する", "Serve {g}").format(g=guest_name(self.guest, lang))(lang)


@dataclass(frozen=True, slots=True)
class AddDessert(Action):
    """Put one dessert card from hand on the plate being chosen."""

    TYPE = "add"
    dessert: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return Text("{d}を選ぶ", "Choose {d}").format(d=dessert_name(self.dessert, lang))(lang)


@dataclass(frozen=True, slots=True)
class TakeBack(Action):
    """Take a chosen dessert card back into hand."""

    TYPE = "take_back"
    dessert: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return Text("{d}を戻す", "Take back {d}").format(d=dessert_name(self.dessert, lang))(lang)


@dataclass(frozen=True, slots=True)
class Serve(_Plain):
    """Serve the chosen desserts to the chosen guest (they satisfy the guest)."""

    TYPE = "serve"
    WORDS = Text("給仕する", "Serve")


@dataclass(frozen=True, slots=True)
class CallOff(_Plain):
    """Abandon the choice being made: every chosen card goes back to hand."""

    TYPE = "call_off"
    WORDS = Text("やめる（選んだカードを手札に戻す）", "Call it off (cards back to hand)")


@dataclass(frozen=True, slots=True)
class DrawDessert(_Plain):
    """The turn's action: draw one dessert card."""

    TYPE = "draw"
    WORDS = Text("デザートカードを1枚引く", "Draw a dessert card")


@dataclass(frozen=True, slots=True)
class StartSwap(_Plain):
    """The turn's action: choose dessert cards to discard and draw as many."""

    TYPE = "swap"
    WORDS = Text("手札を入れ替える", "Swap cards")


@dataclass(frozen=True, slots=True)
class DiscardChosen(_Plain):
    """Confirm a swap."""

    TYPE = "discard"
    WORDS = Text("選んだカードを捨てて同じ枚数引く", "Discard the chosen cards, draw as many")


@dataclass(frozen=True, slots=True)
class StartBuffet(_Plain):
    """Advanced rules: choose four single-taste desserts to open a buffet."""

    TYPE = "buffet"
    WORDS = Text("ビュッフェを開く", "Open a buffet")


@dataclass(frozen=True, slots=True)
class OpenBuffet(_Plain):
    """Confirm the buffet: every other player sends a guest back to the middle."""

    TYPE = "open_buffet"
    WORDS = Text("4枚を捨ててビュッフェを開く", "Discard the four and open the buffet")


@dataclass(frozen=True, slots=True)
class ReturnGuest(Action):
    """A buffet is open: send one of your served guests back to the middle."""

    TYPE = "return"
    guest: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return Text("{g}を場に戻す", "Send {g} back to the middle").format(
            g=guest_name(self.guest, lang)
        )(lang)


@dataclass(frozen=True, slots=True)
class Block(_Plain):
    """Reaction of a poached player: satisfy the guest again and keep them."""

    TYPE = "block"
    WORDS = Text("選んだカードを捨てて引き抜きを阻止する", "Discard the chosen cards: block")


@dataclass(frozen=True, slots=True)
class AllowPoach(_Plain):
    """Reaction of a poached player: the guest moves to the poacher."""

    TYPE = "allow"
    WORDS = Text("引き抜きを受け入れる", "Let the guest go")


@dataclass(frozen=True, slots=True)
class EndTurn(_Plain):
    """After a serve (or a buffet): serve no more this turn."""

    TYPE = "end_turn"
    WORDS = Text("手番を終える", "End the turn")


@dataclass(frozen=True, slots=True)
class DismissGuest(Action):
    """End of turn: one of two guests of the same colour leaves for the doorway."""

    TYPE = "dismiss"
    guest: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return Text("{g}を捨て札にする", "Send {g} to the doorway").format(
            g=guest_name(self.guest, lang)
        )(lang)


ACTION_TYPES = (
    ChooseGuest,
    AddDessert,
    TakeBack,
    Serve,
    CallOff,
    DrawDessert,
    StartSwap,
    DiscardChosen,
    StartBuffet,
    OpenBuffet,
    ReturnGuest,
    Block,
    AllowPoach,
    EndTurn,
    DismissGuest,
)
