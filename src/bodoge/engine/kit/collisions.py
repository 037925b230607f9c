"""Simultaneous picks that collide: what an item is worth when others may want it too.

In a secret simultaneous choice (Go Nuts for Donuts' bids, Number Heist's
numbers) an item two players pick is lost to both.  A bot that values each
item as if it alone wanted it sends every copy of itself to the same item,
and a random player takes what nobody wanted.  So a strategy scores each
item by its worth *times the chance that nobody else picks it*, the others'
picks estimated from their own worths, and draws its pick from a mix in
which no item is a sure clash.

:func:`contest` estimates every seat's mix by a few rounds of smoothed best
replies (a quantal-response fixed point): each seat answers the others'
current mixes with a softmax over its items' uncontested worths, ``spread``
being how sharply it prefers the better ones, and each mix is the average
of its answers so far (fictitious play; with four rounds the mixes of
like-minded seats come within a few hundredths of the symmetric
equilibrium).  The seats' worths differ (collections differ), so each is
modelled with its own; items no seat wants much may be left out by the
caller (a pick nobody makes is never contested).

>>> worths = [[4.0, 1.0], [4.0, 1.0]]
>>> mixes = contest(worths, spread=0.5)
>>> [round(p, 2) for p in mixes[0]], [round(v, 2) for v in uncontested(worths[0], mixes, 0)]
([0.71, 0.29], [1.17, 0.71])
"""

from __future__ import annotations

import math
from collections.abc import Sequence

ROUNDS = 4
"""Rounds of smoothed replies: the mixes move by less than 0.01 after the fourth."""


def _softmax(values: Sequence[float], spread: float) -> list[float]:
    best = max(values)
    weights = [math.exp((value - best) / spread) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]


def uncontested(
    worths: Sequence[float], mixes: Sequence[Sequence[float]], seat: int
) -> list[float]:
    """``worths`` times the chance that no seat but ``seat`` picks each item."""
    out = list(worths)
    for other, mix in enumerate(mixes):
        if other != seat:
            out = [value * (1 - chance) for value, chance in zip(out, mix, strict=True)]
    return out


def contest(
    worths: Sequence[Sequence[float]], *, spread: float, rounds: int = ROUNDS
) -> list[list[float]]:
    """Every seat's mix: the chance that it picks each item.

    ``worths[seat][item]`` is what the item is worth to ``seat`` if it alone
    picks it.  Every seat starts on a softmax of its own worths; each round
    it answers with a softmax of its worths times the chances that the
    others leave each item (:func:`uncontested`), and its mix becomes the
    average of its answers.  One seat's item is then worth
    ``uncontested(worths[seat], mixes, seat)``.
    """
    mixes = [_softmax(values, spread) for values in worths]
    for round_ in range(rounds):
        replies = [
            _softmax(uncontested(worths[s], mixes, s), spread) for s in range(len(worths))
        ]
        step = 1 / (round_ + 2)
        mixes = [
            [old + (new - old) * step for old, new in zip(mix, reply, strict=True)]
            for mix, reply in zip(mixes, replies, strict=True)
        ]
    return mixes
