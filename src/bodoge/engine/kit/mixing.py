"""Mixed play: a strategy's move values become a distribution, then a draw.

Identical deterministic bots that choose at the same time collide: three
copies of one heuristic bid on the same donut and all lose it, while a
random player takes what nobody wanted.  So a strategy scores its legal
moves and plays from a *distribution* over them (STYLE 17):

* moves within ``near`` of the best value are near-equal and share the
  probability evenly (the ``normal`` level), so two copies of one bot only
  sometimes want the same thing;
* with a ``temperature`` above zero, worse moves keep some probability too,
  ``exp(-(best - value) / temperature)`` relative to the best, which is how
  a weak but sensible player (the ``easy`` level) errs: often among moves
  that are nearly as good, rarely on a move that is plainly bad.

Both numbers are in the game's own value units (a strategy declares them,
see :class:`bodoge.engine.game.Strategy`).  The same distribution serves
opponent models and reviews, which ask how likely a move was.

>>> mixed_weights([1.0, 3.0, 2.95], near=0.1)
[0.0, 0.5, 0.5]
>>> [round(w, 3) for w in mixed_weights([0.0, 1.0], temperature=1.0)]
[0.269, 0.731]
>>> import random
>>> draw_index([0.0, 0.0, 1.0], random.Random(1))
2
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

EXACT = 1e-9
"""The default ``near``: only moves of equal value share the probability."""


def mixed_weights(
    values: Sequence[float], *, near: float = EXACT, temperature: float = 0.0
) -> list[float]:
    """The probability of each move given its value (higher is better); they sum to 1.

    ``near``: values at most this far below the best count as the best.
    ``temperature``: zero plays only the near-best moves; above zero every
    move keeps a share that falls off exponentially with its distance below
    the near-best ones.
    """
    if not values:
        raise ValueError("no moves to weigh")
    best = max(values)
    if temperature <= 0:
        weights = [1.0 if best - value <= near else 0.0 for value in values]
    else:
        weights = [math.exp(-max(0.0, best - value - near) / temperature) for value in values]
    total = sum(weights)
    return [weight / total for weight in weights]


def draw_index(weights: Sequence[float], rng: random.Random) -> int:
    """The index of one move drawn from ``weights`` with ``rng`` (one draw, replayable)."""
    pick = rng.random() * sum(weights)
    for index, weight in enumerate(weights):
        pick -= weight
        if pick < 0 and weight > 0:
            return index
    return max(index for index, weight in enumerate(weights) if weight > 0)
