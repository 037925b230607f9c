"""The seeded generator that is the only source of chance in a game.

Python documents that a seeded ``random.Random`` keeps producing the same raw
Mersenne Twister output across versions, but not that ``shuffle``,
``randrange`` or ``choice`` keep their algorithms.  :class:`Rng` therefore
builds every draw it offers from ``getrandbits`` alone, so that a record
``(game, options, players, seed, actions)`` replays identically on any
Python 3.11+.  A golden test pins the sequence.

>>> rng = Rng(7)
>>> [rng.below(10) for _ in range(5)]
[5, 2, 6, 0, 1]
>>> cards = list(range(6)); Rng(1).shuffle(cards); cards
[2, 3, 5, 0, 4, 1]
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_BITS = 63
"""Seeds are non-negative integers below ``2**SEED_BITS``."""


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid seed, else raise ``ValueError``."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed must be an integer, not {seed!r}")
    if not 0 <= seed < 2**SEED_BITS:
        raise ValueError(f"a seed must be between 0 and 2**{SEED_BITS}-1, not {seed}")
    return seed


class Rng:
    """A small, copyable, version-stable random generator.

    Copies are lazy: a copy shares the underlying generator until either
    side draws, which then takes a private copy first.  Search clones states
    far more often than most games draw after their set-up.
    """

    __slots__ = ("_mt", "_shared", "drawn")

    def __init__(self, seed: int) -> None:
        self._mt = random.Random(check_seed(seed))
        self._shared = False
        self.drawn = 0
        """How many raw draws this generator (and its lineage of copies) has made.

        A state's count tells whether an action involved chance (a card
        drawn, a die rolled): a game review tells the moments chance moved
        a player's prospects from those a decision did.
        """

    def _bits(self, bits: int) -> int:
        if self._shared:
            private = random.Random.__new__(random.Random)  # no seeding: state follows
            private.setstate(self._mt.getstate())
            self._mt, self._shared = private, False
        self.drawn += 1
        return self._mt.getrandbits(bits)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        bits = n.bit_length()
        draw = self._bits(bits)
        while draw >= n:
            draw = self._bits(bits)
        return draw

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def roll(self, sides: int) -> int:
        """One roll of a fair die numbered ``1..sides``."""
        return 1 + self.below(sides)

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def seed_for_child(self) -> int:
        """A fresh seed drawn from this generator, for an independent child."""
        return self._bits(SEED_BITS)

    def copy(self) -> Rng:
        """An independent generator in the same position (copied lazily)."""
        twin = Rng.__new__(Rng)
        twin._mt = self._mt
        twin.drawn = self.drawn
        self._shared = twin._shared = True
        return twin


def as_rng(source: Rng | random.Random | int) -> Rng:
    """Accept an :class:`Rng`, a ``random.Random`` or a seed, for callers' ease."""
    if isinstance(source, Rng):
        return source
    if isinstance(source, random.Random):
        return Rng(source.getrandbits(SEED_BITS))
    return Rng(source)
