"""The decisions of Hoarders, each a small frozen value with ja/en labels.

Choosing two critters is split into two :class:`HideCritter` steps taken by
every player at once (a secret, simultaneous decision).  A Raccoon (or a
Groundhog copying one) is revealed first and its theft chosen next
(:class:`StealNut`), so that every step's list stays short and clickable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text, seat_name
from .data import CRITTER_NAMES, NUT_NAMES

_HIDE = Text("{critter}を伏せる", "Place your {critter} face down")
_REVEAL = Text("伏せた{critter}を公開する", "Reveal your face-down {critter}")
_STEAL = Text("{target}の{nut}を盗む", "Steal {target}'s {nut}")
_USE_HAMSTER = Text("ハムスターを公開して盗みを無効にする", "Reveal your Hamster to stop the theft")
_ALLOW = Text("盗みを受け入れる", "Let the theft happen")


def _critter(critter: str, lang: str) -> str:
    name = CRITTER_NAMES.get(critter)
    return name(lang) if name is not None else critter


def _nut(nut: str, lang: str) -> str:
    name = NUT_NAMES.get(nut)
    return name(lang) if name is not None else nut


@dataclass(frozen=True, slots=True)
class HideCritter(Action):
    """Place one of your critters face down for this round (secret)."""

    TYPE = "hide"
    critter: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _HIDE.format(critter=_critter(self.critter, lang))(lang)


@dataclass(frozen=True, slots=True)
class RevealCritter(Action):
    """On your turn: reveal one of your face-down critters and carry out its effect."""

    TYPE = "reveal"
    critter: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _REVEAL.format(critter=_critter(self.critter, lang))(lang)


@dataclass(frozen=True, slots=True)
class StealNut(Action):
    """Raccoon (or a Groundhog copying it): take one ``nut`` from ``target``'s collection."""

    TYPE = "steal"
    target: int
    nut: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _STEAL.format(target=seat_name(self.target, lang, names), nut=_nut(self.nut, lang))(
            lang
        )


@dataclass(frozen=True, slots=True)
class UseHamster(Action):
    """Reaction of a robbed player: reveal the face-down Hamster and cancel the theft."""

    TYPE = "use_hamster"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _USE_HAMSTER(lang)


@dataclass(frozen=True, slots=True)
class AllowTheft(Action):
    """Reaction of a robbed player: keep every face-down critter hidden; the theft happens."""

    TYPE = "allow_theft"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _ALLOW(lang)


ACTION_TYPES = (HideCritter, RevealCritter, StealNut, UseHamster, AllowTheft)
