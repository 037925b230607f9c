"""The decisions of アネハンブラ, each a small frozen value with ja/en labels.

A turn is one of four actions; the two with several choices are split into
steps (see the package docstring):

* build: :class:`AddPillar` puts one hand card into the palace under
  construction (the first one starts it), :class:`CompletePalace` finishes
  it; a player allowed a second palace then starts it with another
  :class:`AddPillar` or ends the turn with :class:`EndBuilding`.
* inspect: :class:`Inspect` declares a check A–F, :class:`InspectPalace`
  names a palace; for A–D a second palace may be named, or
  :class:`Reveal` inspects the one named alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Action, Text, seat_name
from .data import CHECK_TEXT, CHECKS, COLOUR_TEXT

_DRAW = Text("山札から1枚引く", "Draw a card from the deck")
_ADD = Text("建築: {colour}の柱を宮殿に加える", "Build: add a {colour} pillar to the palace")
_COMPLETE = Text("この宮殿を完成させる", "Complete this palace")
_END_BUILDING = Text("2つ目の宮殿は建てない", "Build no second palace")
_INSPECT = Text("査察: {check}", "Inspect: {check}")
_INSPECT_PALACE = Text("{owner}の宮殿{n}を査察する", "Inspect {owner}'s palace {n}")
_REVEAL = Text("選んだ宮殿1つだけを査察する", "Inspect only the chosen palace")
_EARTHQUAKE = Text("地震: {colour}の柱を4枚出す", "Earthquake: play four {colour} pillars")


def _colour(colour: str, lang: str) -> str:
    """A colour's name; an unknown one (from bad input) is quoted as it came."""
    text = COLOUR_TEXT.get(colour)
    return text(lang) if text is not None else repr(colour)


def _check(check: str, lang: str) -> str:
    return CHECK_TEXT[CHECKS.index(check)](lang) if check in CHECKS else repr(check)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Action 1: draw the top card of the deck (the game ends if it is END)."""

    TYPE = "draw"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _DRAW(lang)


@dataclass(frozen=True, slots=True)
class AddPillar(Action):
    """Action 2, one step: put a hand card of ``colour`` into the palace being built.

    Only the builder sees which colour: the event keeps it secret.
    """

    TYPE = "build"
    colour: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _ADD.format(colour=_colour(self.colour, lang))(lang)


@dataclass(frozen=True, slots=True)
class CompletePalace(Action):
    """Action 2: the palace under construction is finished."""

    TYPE = "complete_palace"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _COMPLETE(lang)


@dataclass(frozen=True, slots=True)
class EndBuilding(Action):
    """Action 2: a player allowed two palaces stops after the first."""

    TYPE = "end_building"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _END_BUILDING(lang)


@dataclass(frozen=True, slots=True)
class Inspect(Action):
    """Action 3, first step: declare check ``check`` (A–F) of the summary card."""

    TYPE = "inspect"
    check: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _INSPECT.format(check=_check(self.check, lang))(lang)


@dataclass(frozen=True, slots=True)
class InspectPalace(Action):
    """Action 3: name ``owner``'s palace number ``palace`` (0-based) as a target."""

    TYPE = "inspect_palace"
    owner: int
    palace: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _INSPECT_PALACE.format(owner=seat_name(self.owner, lang, names), n=self.palace + 1)(
            lang
        )


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Action 3, A–D: inspect the one palace named, without naming a second."""

    TYPE = "reveal"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _REVEAL(lang)


@dataclass(frozen=True, slots=True)
class Earthquake(Action):
    """Action 4: play four pillars of ``colour``; verified palaces holding it collapse."""

    TYPE = "earthquake"
    colour: str

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return _EARTHQUAKE.format(colour=_colour(self.colour, lang))(lang)


ACTION_TYPES = (
    Draw,
    AddPillar,
    CompletePalace,
    EndBuilding,
    Inspect,
    InspectPalace,
    Reveal,
    Earthquake,
)
