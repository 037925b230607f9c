"""The decisions of Imhotep, each a small frozen value with ja/en labels.

A turn is one of :class:`TakeStones`, :class:`PlaceStone`, :class:`SailShip`
or :class:`PlayCard`.  What follows from it is split into steps, each a
decision of the player it belongs to: a market card taken for each stone
unloaded there (:class:`TakeCard`, then :class:`KeepCard` for the face-down
pair of Market B), the unloading order of a Lever (:class:`UnloadNext`), the
stones of a Hammer, Sail or Chisel (:class:`PlaceStone`, and the Sail's
:class:`SailShip`), the small pyramid of Pyramid B (:class:`ChoosePyramid`)
and the Temple B reward (:class:`TempleReward`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text
from .data import CARD_NAMES, SITE_NAMES

_TAKE = Text("石切り場から石を取る", "Take stones from the quarry")
_PLACE = Text("船{ship}の{slot}番目のマスに石を積む", "Place a stone on ship {ship}, space {slot}")
_SAIL = Text("船{ship}を{site}へ出航させる", "Sail ship {ship} to the {site}")
_PLAY = Text("{card}を使う", "Play the {card}")
_TAKE_CARD = Text("市場の{slot}番目のカードを取る", "Take market card {slot}")
_TAKE_PAIR = Text("市場の裏向きの2枚を取る", "Take the market's face-down pair")
_KEEP = Text("{card}を残す", "Keep the {card}")
_UNLOAD = Text("{slot}番目の石を次に降ろす", "Unload the stone in space {slot} next")
_PYRAMID = Text("小ピラミッド{n}に置く", "Build on small pyramid {n}")
_REWARD = {
    "point": Text("1点を得る", "Score 1 point"),
    "stones": Text("石を2個までソリに取る", "Take up to 2 stones to your sled"),
}


def _site(site: str, lang: str) -> str:
    name = SITE_NAMES.get(site)
    return name(lang) if name is not None else site


def _card(card: str, lang: str) -> str:
    name = CARD_NAMES.get(card)
    return name(lang) if name is not None else card


@dataclass(frozen=True, slots=True)
class TakeStones(Action):
    """Action 1: move up to three stones from your quarry to your sled (it holds five)."""

    TYPE = "take_stones"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _TAKE(lang)


@dataclass(frozen=True, slots=True)
class PlaceStone(Action):
    """Action 2 (and the stones of a Hammer, Sail, Chisel or bonus): sled to a free space."""

    TYPE = "place_stone"
    ship: int
    slot: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PLACE.format(ship=self.ship + 1, slot=self.slot + 1)(lang)


@dataclass(frozen=True, slots=True)
class SailShip(Action):
    """Action 3 (and a Lever's or Sail's): sail a ship to a free site and unload it."""

    TYPE = "sail_ship"
    ship: int
    site: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _SAIL.format(ship=self.ship + 1, site=_site(self.site, lang))(lang)


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Action 4: play one of your blue market cards (it is then discarded)."""

    TYPE = "play_card"
    card: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PLAY.format(card=_card(self.card, lang))(lang)


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """A stone unloaded at the market: its owner takes a card (or the face-down pair)."""

    TYPE = "take_card"
    slot: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _TAKE_CARD.format(slot=self.slot + 1)(lang)


@dataclass(frozen=True, slots=True)
class KeepCard(Action):
    """Market B: having looked at the face-down pair, keep this one (the other is discarded)."""

    TYPE = "keep_card"
    card: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _KEEP.format(card=_card(self.card, lang))(lang)


@dataclass(frozen=True, slots=True)
class UnloadNext(Action):
    """Lever: the card's owner names the ship's space whose stone unloads next."""

    TYPE = "unload_next"
    slot: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _UNLOAD.format(slot=self.slot + 1)(lang)


@dataclass(frozen=True, slots=True)
class ChoosePyramid(Action):
    """Pyramid B: the owner of a delivered stone picks the small pyramid it goes to."""

    TYPE = "choose_pyramid"
    pyramid: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _PYRAMID.format(n=self.pyramid + 1)(lang)


@dataclass(frozen=True, slots=True)
class TempleReward(Action):
    """Temple B: one point, or up to two stones from the quarry to the sled."""

    TYPE = "temple_reward"
    reward: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        text = _REWARD.get(self.reward)
        return text(lang) if text is not None else self.reward


def take_card_label(slot: int, pair: bool, lang: str) -> str:
    """The table's words for a market space (the pair's space says so)."""
    return _TAKE_PAIR(lang) if pair else _TAKE_CARD.format(slot=slot + 1)(lang)


ACTION_TYPES = (
    TakeStones,
    PlaceStone,
    SailShip,
    PlayCard,
    TakeCard,
    KeepCard,
    UnloadNext,
    ChoosePyramid,
    TempleReward,
)
