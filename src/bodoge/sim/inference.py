"""The simulator's tests that must hold at every size they meet (scipy, imported lazily).

A balance report compares groups of very different sizes: 6,000 seat-games
that chose a move against 4 that could and did not; 200 matched games of two
tuning candidates of which 190 came out the same.  Normal approximations
fail there (a group of four losses has no spread, so its "interval" is
zero), so the tests here are exact or permutation tests:

* :func:`fisher_p`: two shares of wins, Fisher's exact test of the 2×2 table;
* :func:`binomial_p`: one share against a known rate, the exact binomial test;
* :func:`sign_flip_p`: matched pairs of tied, discrete outcomes, the paired
  permutation (sign-flip) test over the non-zero differences, exact up to
  :data:`EXACT_PAIRS` of them and a fixed-seed Monte Carlo of
  :data:`RESAMPLES` sign flips beyond;
* :func:`seat_test_power` and :func:`detectable_gap`: the power of the
  report's own seat test (Pearson's chi-square over all seats), from
  simulated runs of the test itself.

scipy is part of the ``sim`` extra, like matplotlib; without it
:class:`StatisticsMissing` says how to install it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from types import ModuleType
from typing import Any

SIM_INSTALL = "pip install 'matplotlib>=3.8' 'scipy>=1.11'"
"""The ``sim`` extra's packages by name: the hint works from a checkout and from an install."""
EXACT_PAIRS = 16
"""Up to this many non-zero differences the sign-flip test enumerates all 2^m flips."""
RESAMPLES = 9999
"""Random sign flips beyond :data:`EXACT_PAIRS` (seeded: the same pairs give the same p).

The smallest p they give is 1/10,000, so a Holm family of more than 500
such tests could call nothing significant at 5 %; a sweep's family is a
few dozen differences."""
POWER = 0.8
"""The power line's chance of detecting a gap of the size it names."""


class StatisticsMissing(RuntimeError):
    """scipy is not installed."""

    def __init__(self) -> None:
        super().__init__(f"the simulator's statistics need scipy; install it with: {SIM_INSTALL}")


def _stats() -> ModuleType:
    try:
        from scipy import stats  # type: ignore[import-untyped]
    except ImportError:
        raise StatisticsMissing() from None
    module: ModuleType = stats
    return module


def fisher_p(wins_a: int, games_a: int, wins_b: int, games_b: int) -> float:
    """Two-sided p of Fisher's exact test: do groups ``a`` and ``b`` win equally often?

    >>> round(fisher_p(0, 1, 1500, 6000), 3), round(fisher_p(0, 20, 10, 20), 4)
    (1.0, 0.0004)
    """
    table = [[wins_a, games_a - wins_a], [wins_b, games_b - wins_b]]
    return float(_stats().fisher_exact(table).pvalue)


def binomial_p(successes: int, trials: int, rate: float) -> float:
    """Two-sided p of the exact binomial test of ``successes`` in ``trials`` against ``rate``.

    >>> round(binomial_p(0, 20, 0.25), 4)
    0.0071
    """
    if trials <= 0 or not 0 < rate < 1:
        return 1.0
    return float(_stats().binomtest(successes, trials, rate).pvalue)


def sign_flip_p(differences: Sequence[float]) -> float:
    """Two-sided p of the paired permutation test that matched differences centre on 0.

    Under "no difference" each pair's two outcomes could have come either
    way, so each difference's sign is a fair coin: the p-value is the share
    of sign flips whose sum is at least as far from 0 as the observed one.
    Zero differences (games that came out the same) flip to themselves and
    are left out.  Valid for tied, discrete outcomes at any count.

    >>> sign_flip_p([1, 1, 1, 1]), sign_flip_p([0.5, -0.5, 0, 0]), sign_flip_p([])
    (0.125, 1.0, 1.0)
    """
    nonzero = [d for d in differences if d != 0]
    if not nonzero:
        return 1.0
    import numpy as np

    values = np.abs(np.asarray(nonzero, dtype=float))
    observed = abs(float(np.sum(nonzero)))
    tolerance = 1e-9 * max(1.0, float(values.sum()))
    if len(nonzero) <= EXACT_PAIRS:
        flips = ((np.arange(2 ** len(nonzero))[:, None] >> np.arange(len(nonzero))) & 1) * 2 - 1
        sums = np.abs(flips @ values)
        return float(np.mean(sums >= observed - tolerance))
    rng = np.random.default_rng(0)
    hits = 0
    for start in range(0, RESAMPLES, _BATCH):
        size = (min(_BATCH, RESAMPLES - start), len(nonzero))
        flips = rng.integers(0, 2, size=size).astype(float) * 2 - 1
        hits += int(np.sum(np.abs(flips @ values) >= observed - tolerance))
    return (hits + 1) / (RESAMPLES + 1)


_BATCH = 250


POWER_RUNS = 20_000
"""Simulated runs behind the power line: its power known to ±0.6 points (95 %)."""


def seat_test_power(games: int, fair: float, seats: int, gap: float, alpha: float) -> float:
    """The power of Pearson's chi-square seat test when one seat wins ``gap`` more than ``fair``.

    The alternative: one seat's win rate is ``fair + gap`` and the others
    share the loss (``fair − gap/(seats − 1)`` each); the games without a
    winner (``1 − seats · fair``) stay so.  The power is the share of
    :data:`POWER_RUNS` simulated runs of ``games`` games (a fixed seed) in
    which the report's own test rejects: the noncentral chi-square it
    replaces was one to three points optimistic at a report's sizes, the
    counts being whole numbers and the expected count itself estimated.

    >>> round(seat_test_power(2000, 0.25, 4, 0.0271, 0.05), 2)
    0.63
    """
    if games <= 0 or seats < 2 or not 0 < fair <= 1 / seats:
        return math.nan
    statistic = _simulated_statistics(games, fair, seats, gap)
    return float((statistic > _stats().chi2.isf(alpha, seats - 1)).mean())


def _simulated_statistics(games: int, fair: float, seats: int, gap: float) -> Any:
    """The seat test's chi-square in each simulated run (multinomial counts of the seats' wins
    and of the games without a winner, from a fixed seed: the same runs on every machine)."""
    import numpy as np

    rates = [fair + gap] + [fair - gap / (seats - 1)] * (seats - 1)
    rates.append(max(0.0, 1 - math.fsum(rates)))
    counts = np.random.default_rng(POWER_RUNS).multinomial(games, rates, size=POWER_RUNS)
    table = counts[:, :seats].astype(float)
    expected = table.sum(axis=1, keepdims=True) / seats
    with np.errstate(divide="ignore", invalid="ignore"):
        statistic = ((table - expected) ** 2 / expected).sum(axis=1)
    return np.where(expected[:, 0] > 0, statistic, 0.0)


def detectable_gap(
    games: int, fair: float, seats: int, alpha: float = 0.05, power: float = POWER
) -> float:
    """The seat gap (a rate) the report's seat test detects with ``power`` at level ``alpha``.

    The inverse of :func:`seat_test_power` in ``gap``, by bisection (to a thousandth of the gap)
    from the noncentral chi-square's answer; the simulated runs' own error is ±0.6 points
    of power.

    >>> round(detectable_gap(2000, 0.25, 4), 3)
    0.033
    """
    if games <= 0 or seats < 2 or not 0 < fair <= 1 / seats:
        return math.nan
    df = seats - 1
    guess = math.sqrt(_noncentrality(df, alpha, power) * df * fair / (games * seats))
    low, high = 0.5 * guess, min(2 * guess, (1 - fair) * 0.999)
    while high - low > guess / 1000:
        middle = (low + high) / 2
        if seat_test_power(games, fair, seats, middle, alpha) < power:
            low = middle
        else:
            high = middle
    return high


@functools.cache
def _noncentrality(df: int, alpha: float, power: float) -> float:
    """The noncentrality at which the chi-square test with ``df`` reaches ``power``."""
    stats = _stats()
    from scipy.optimize import brentq  # type: ignore[import-untyped]

    critical = stats.chi2.isf(alpha, df)
    return float(
        brentq(lambda lam: stats.ncx2.sf(critical, df, lam) - power, 1e-9, 1e4, xtol=1e-10)
    )
