"""Statistics recomputed by hand for the simulator's tests, independent of its code."""

from __future__ import annotations

from collections.abc import Sequence


def exact_sign_flip(steps: Sequence[int]) -> float:
    """Two-sided p of the sign-flip test of whole-number differences, by convolving the flips.

    Each non-zero difference adds or takes its size with chance ½; the p-value is the
    chance of a sum at least as far from 0 as the observed one.
    """
    sums = {0: 1.0}
    for step in (s for s in steps if s):
        flipped: dict[int, float] = {}
        for total, weight in sums.items():
            for signed in (step, -step):
                flipped[total + signed] = flipped.get(total + signed, 0.0) + weight / 2
        sums = flipped
    observed = abs(sum(steps))
    return sum(weight for total, weight in sums.items() if abs(total) >= observed)
