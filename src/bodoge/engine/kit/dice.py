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
