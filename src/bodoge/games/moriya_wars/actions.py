"""The decisions of Moriya Wars, each a small frozen value with ja/en labels.

A face's action is one decision (:class:`Place`, :class:`TakeMoney`,
:class:`Steal`): its quantity is the number of dice showing the face.
Spending money is split into steps: an eviction is one chip
(:class:`Evict`); a bribe picks the dice to reroll one at a time
(:class:`MarkDie`, :class:`UnmarkDie`) and pays when it rolls them
(:class:`Reroll`).  ⑤'s claim is :class:`Claim`, or :class:`LetPass` when a
player asked at the moment three regions became full and tied keeps quiet.
After the face's action a player who may still evict ends the turn with
:class:`EndTurn` (taken for them when nothing is left to do).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text, seat_name
from .data import REGION_NAMES, SIDE_NAMES

_PLACE = Text("{region}に{side}チップを置く", "Place {side} chips in {region}")
_TAKE = Text("お金を取る", "Take money")
_STEAL = Text("{target}からお金を奪う", "Steal money from {target}")
_SWAP = Text("{target}と正体を交換する", "Swap identities with {target}")
_SWAP_SPARE = Text("余りの正体カードと交換する", "Swap identities with the spare card")
_PASS = Text("パスする（できる行動がない）", "Pass (no action can be carried out)")
_EVICT = Text(
    "お金1枚: {region}の{side}チップを1枚戻す（立退）",
    "1 money: return one {side} chip from {region} (eviction)",
)
_MARK = Text("振り直すダイスに選ぶ（{n}番目）", "Choose die {n} to reroll")
_UNMARK = Text("振り直しから外す（{n}番目）", "Keep die {n}")
_REROLL = Text("お金1枚: 選んだダイスを振り直す（賄賂）", "1 money: reroll the chosen dice (bribe)")
_CLAIM = Text("⑤半人半霊として勝利を宣言する", "Claim the win as ⑤ Half-Phantom")
_LET_PASS = Text("宣言しない", "Do not claim")
_END_TURN = Text("手番を終える", "End the turn")


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Faces 2–5: place as many chips of one ``side`` in ``region`` as dice show its face."""

    TYPE = "place"
    region: str
    side: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PLACE.format(
            region=_name(REGION_NAMES, self.region, lang), side=_name(SIDE_NAMES, self.side, lang)
        )(lang)


@dataclass(frozen=True, slots=True)
class TakeMoney(Action):
    """Face 1: take as many money chips from the supply as dice show 1."""

    TYPE = "take_money"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _TAKE(lang)


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Face 6: take as many money chips from ``target`` as dice show 6."""

    TYPE = "steal"
    target: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _STEAL.format(target=seat_name(self.target, lang, names))(lang)


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Four of a kind or more, instead of the action: swap identity cards with ``target``."""

    TYPE = "swap"
    target: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _SWAP.format(target=seat_name(self.target, lang, names))(lang)


@dataclass(frozen=True, slots=True)
class SwapSpare(Action):
    """Four of a kind or more, instead of the action: swap with the face-down spare card."""

    TYPE = "swap_spare"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _SWAP_SPARE(lang)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No face's action can be carried out: the turn passes (money may be spent first)."""

    TYPE = "pass"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PASS(lang)


@dataclass(frozen=True, slots=True)
class Evict(Action):
    """Spend one money: return one ``side`` chip from ``region`` to the supply."""

    TYPE = "evict"
    region: str
    side: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _EVICT.format(
            region=_name(REGION_NAMES, self.region, lang), side=_name(SIDE_NAMES, self.side, lang)
        )(lang)


@dataclass(frozen=True, slots=True)
class MarkDie(Action):
    """A bribe's step: choose die ``die`` (0-based, dice sorted by face) to reroll."""

    TYPE = "mark_die"
    die: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _MARK.format(n=self.die + 1)(lang)


@dataclass(frozen=True, slots=True)
class UnmarkDie(Action):
    """A bribe's step: take die ``die`` back out of the dice to reroll."""

    TYPE = "unmark_die"
    die: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _UNMARK.format(n=self.die + 1)(lang)


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """A bribe's last step: pay one money and reroll the chosen dice."""

    TYPE = "reroll"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _REROLL(lang)


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Reveal your identity and claim ⑤'s win: three regions are full and tied."""

    TYPE = "claim"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _CLAIM(lang)


@dataclass(frozen=True, slots=True)
class LetPass(Action):
    """Asked as three regions became full and tied: say nothing, keep your card hidden."""

    TYPE = "let_pass"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _LET_PASS(lang)


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """After the face's action: end the turn (money may be spent on evictions before)."""

    TYPE = "end_turn"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _END_TURN(lang)


def _name(names: dict[str, Text], key: str, lang: str) -> str:
    name = names.get(key)
    return name(lang) if name is not None else key


ACTION_TYPES = (
    Place,
    TakeMoney,
    Steal,
    Swap,
    SwapSpare,
    Pass,
    Evict,
    MarkDie,
    UnmarkDie,
    Reroll,
    Claim,
    LetPass,
    EndTurn,
)
