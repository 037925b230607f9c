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

Not every player thinks alike: ``noise`` is the share of each other seat's
picks taken to fall anywhere at random (a random player, a slip), which
keeps a bot wary of what a careless player might take.

>>> worths = [[4.0, 1.0], [4.0, 1.0]]
>>> mixes = contest(worths, spread=0.5)
>>> [round(p, 2) for p in mixes[0]], [round(v, 2) for v in uncontested(worths[0], mixes, 0)]
([0.71, 0.29], [1.17, 0.71])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

ROUNDS = 4
"""Rounds of smoothed replies: the mixes move by less than 0.01 after the fourth."""


def _softmax(values: Sequence[float], spread: float) -> list[float]:
    best = max(values)
    weights = [math.exp((value - best) / spread) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]


def uncontested(
    worths: Sequence[float],
    mixes: Sequence[Sequence[float]],
    seat: int,
    noise: float = 0.0,
) -> list[float]:
    """``worths`` times the chance that no seat but ``seat`` picks each item (each other
    seat's picks being ``noise`` uniform, the rest its mix)."""
    out = list(worths)
    anywhere = noise / len(worths)
    for other, guessed in enumerate(mixes):
        if other == seat:
            continue
        mix = [anywhere + (1 - noise) * chance for chance in guessed] if noise else guessed
        out = [value * (1 - chance) for value, chance in zip(out, mix, strict=True)]
    return out


def contest(
    worths: Sequence[Sequence[float]],
    *,
    spread: float,
    rounds: int = ROUNDS,
    noise: float = 0.0,
) -> list[list[float]]:
    """Every seat's mix: the chance that it picks each item.

    ``worths[seat][item]`` is what the item is worth to ``seat`` if it alone
    picks it.  Every seat starts on a softmax of its own worths; each round
    it answers with a softmax of its worths times the chances that the
    others leave each item (:func:`uncontested`), and its mix becomes the
    average of its answers.  One seat's item is then worth
    ``uncontested(worths[seat], mixes, seat)``.  Seats of equal worths play
    alike, so each distinct row of worths is worked out once.
    """
    kinds: dict[tuple[float, ...], int] = {}
    kind_of = [kinds.setdefault(tuple(values), len(kinds)) for values in worths]
    rows = [list(row) for row in kinds]
    counts = [kind_of.count(kind) for kind in range(len(rows))]
    mixes = [_softmax(row, spread) for row in rows]
    for round_ in range(rounds):
        replies = [
            _softmax(_left(rows[kind], mixes, counts, kind, noise), spread)
            for kind in range(len(rows))
        ]
        step = 1 / (round_ + 2)
        mixes = [
            [old + (new - old) * step for old, new in zip(mix, reply, strict=True)]
            for mix, reply in zip(mixes, replies, strict=True)
        ]
    return [mixes[kind] for kind in kind_of]


def _left(
    worths: Sequence[float],
    mixes: Sequence[Sequence[float]],
    counts: Sequence[int],
    kind: int,
    noise: float,
) -> list[float]:
    """:func:`uncontested` for a seat of ``kind`` when the seats of each kind share one mix
    (seats of equal worths play alike: each kind is worked out once)."""
    out = list(worths)
    anywhere = noise / len(worths)
    for other, (guessed, count) in enumerate(zip(mixes, counts, strict=True)):
        times = count - (other == kind)
        if times:
            out = [
                value * (1 - anywhere - (1 - noise) * chance) ** times
                for value, chance in zip(out, guessed, strict=True)
            ]
    return out


Contest = tuple[list[list[float]], list[list[float]]]
"""Every seat's worths of the items, and every seat's mix (from :func:`contest`)."""


class Remembered:
    """Contests remembered by the public facts they come from.

    The seats of one table choose one after another on the same public facts;
    the first to ask works the contest out (every seat's worths, every seat's
    mix) and the others find it.  The key must hold only what every seat may
    see (a seat's private knowledge goes into a key of its own).
    """

    def __init__(self, size: int = 64, rounds: int = ROUNDS) -> None:
        self.size = size
        self.rounds = rounds
        self._found: dict[Hashable, Contest] = {}

    def __call__(
        self,
        key: Hashable,
        worths: Callable[[], list[list[float]]],
        spread: float,
        noise: float = 0.0,
    ) -> Contest:
        """The contest of ``key`` at ``spread``, ``worths()`` asked only the first time
        (``noise`` must follow from ``key``)."""
        full = (key, spread)
        found = self._found.get(full)
        if found is None:
            if len(self._found) >= self.size:
                self._found.clear()
            table = worths()
            mixes = contest(table, spread=spread, rounds=self.rounds, noise=noise)
            found = self._found[full] = (table, mixes)
        return found
