"""Dice with their faces and probabilities declared, so chance can be listed as well as rolled.

A game rolls with its own generator (``self.rng``); an adapter that wants the
chance outcomes (OpenSpiel's chance nodes) reads :meth:`Die.outcomes` and
:func:`sums` instead of sampling.

>>> d4 = Die(4)
>>> d4.roll(Rng(1)) in d4.faces, d4.outcomes()[0]
(True, (1, 0.25))
>>> sums([Die(2), Die(2)])
[(2, 0.25), (3, 0.5), (4, 0.25)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..rng import Rng


@dataclass(frozen=True)
class Die:
    """A fair die with faces ``1..sides`` (or the given ``labels``, equally likely)."""

    sides: int
    labels: tuple[int, ...] = ()

    @property
    def faces(self) -> tuple[int, ...]:
        return self.labels or tuple(range(1, self.sides + 1))

    def roll(self, rng: Rng) -> int:
        """One roll with the game's generator (the same draw as ``rng.roll(sides)``)."""
        face = rng.roll(self.sides)
        return self.labels[face - 1] if self.labels else face

    def outcomes(self) -> list[tuple[int, float]]:
        """Every face and its probability."""
        return [(face, 1 / self.sides) for face in self.faces]


class ScriptedRolls:
    """A stand-in for a state's generator that rolls chosen faces in order (tests, puzzles).

    It refuses an unexpected roll or a face the die cannot show, and
    shuffles by sorting, so that a scripted position plays the same way every time.

    >>> rolls = ScriptedRolls([3, 12])
    >>> rolls.roll(4), rolls.roll(12)
    (3, 12)
    >>> rolls.roll(8)
    Traceback (most recent call last):
    ...
    ValueError: a d8 was rolled but no roll was scripted
    """

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)
        self.asked: list[int] = []
        """The sides of every die rolled so far, in order."""

    def roll(self, sides: int) -> int:
        if not self.faces:
            raise ValueError(f"a d{sides} was rolled but no roll was scripted")
        face = self.faces.pop(0)
        if not 1 <= face <= sides:
            raise ValueError(f"a d{sides} cannot show {face}")
        self.asked.append(sides)
        return face

    def shuffle(self, items: list[int]) -> None:
        items.sort()

    def copy(self) -> ScriptedRolls:
        return self


def sums(dice: Sequence[Die]) -> list[tuple[int, float]]:
    """Every total of rolling ``dice`` together, with its probability, lowest first."""
    spread: dict[int, Fraction] = {0: Fraction(1)}
    for die in dice:
        step: dict[int, Fraction] = {}
        for total, chance in spread.items():
            for face in die.faces:
                step[total + face] = step.get(total + face, Fraction(0)) + chance / die.sides
        spread = step
    return [(total, float(chance)) for total, chance in sorted(spread.items())]
