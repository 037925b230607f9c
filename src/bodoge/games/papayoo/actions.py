"""The decisions of Papayoo, each a small frozen value with ja/en labels.

A card travels on the wire as its code (``"H7"``, ``"P20"``, see
:mod:`.data`).  Choosing the cards to pass is split into steps: pick one
card at a time (:class:`PickPass`), take a pick back if you change your mind
(:class:`UnpickPass`, as often as you like), and commit the whole set with
:class:`ConfirmPass`.  Every seat does this at once and in secret.

>>> Play("P20").label("en"), Play("H7").label("ja")
('Play Payoo 20', '♥7を出す')

A whole pass reads as the cards passed, whatever was picked and put back on the way:

>>> steps = [PickPass("P6"), PickPass("C2"), UnpickPass("P6"), PickPass("C7"), PickPass("P6")]
>>> ConfirmPass().whole_label(steps, "en"), ConfirmPass().whole_label(steps, "ja")
('pass ♣2, ♣7 and Payoo 6', '♣2、♣7、パヨー6を渡す')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text, listing
from .data import ID, PAYOO, RANK, SUIT, SUIT_SYMBOLS

_PICK = Text("{card}を渡すカードに選ぶ", "Choose {card} to pass")
_UNPICK = Text("{card}を渡すカードから外す", "Take {card} back from the cards to pass")
_CONFIRM = Text("選んだカードを渡す", "Pass the chosen cards")
_PASS = Text("{cards}を渡す", "pass {cards}")
_PLAY = Text("{card}を出す", "Play {card}")
_PAYOO_CARD = Text("パヨー{rank}", "Payoo {rank}")


def card_name(code: str, lang: str = "en") -> str:
    """A card for people: ``♥7``, ``Payoo 20`` / ``パヨー20``; an unknown code as it is.

    Payoo cards are never written ``P20``: the server reads ``P2`` as a seat.
    """
    card = ID.get(code)
    if card is None:
        return code
    if SUIT[card] == PAYOO:
        return _PAYOO_CARD.format(rank=RANK[card])(lang)
    return f"{SUIT_SYMBOLS[SUIT[card]]}{RANK[card]}"


@dataclass(frozen=True, slots=True)
class PickPass(Action):
    """Passing: add ``card`` from your hand to the cards you will pass."""

    TYPE = "pick_pass"
    card: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PICK.format(card=card_name(self.card, lang))(lang)


@dataclass(frozen=True, slots=True)
class UnpickPass(Action):
    """Passing: put a chosen ``card`` back (as often as you like before confirming)."""

    TYPE = "unpick_pass"
    card: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _UNPICK.format(card=card_name(self.card, lang))(lang)


@dataclass(frozen=True, slots=True)
class ConfirmPass(Action):
    """Passing: commit the chosen cards; they move when every seat has committed."""

    TYPE = "confirm_pass"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _CONFIRM(lang)

    def whole_label(
        self, steps: Sequence[Action], lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        chosen: list[str] = []
        for step in steps:
            if isinstance(step, PickPass):
                chosen.append(step.card)
            elif isinstance(step, UnpickPass) and step.card in chosen:
                chosen.remove(step.card)
        return _PASS.format(cards=listing([card_name(card, lang) for card in chosen], lang))(lang)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` to the current trick."""

    TYPE = "play"
    card: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PLAY.format(card=card_name(self.card, lang))(lang)


ACTION_TYPES = (PickPass, UnpickPass, ConfirmPass, Play)
