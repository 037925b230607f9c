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

Beside them, the closed-form estimates and corrections every part of the
simulator uses (no scipy needed): Wilson's score interval (:func:`wilson`)
and Newcombe's for a difference of two rates (:func:`newcombe`), the seat
test's chi-square (:func:`seat_test`, :func:`chi2_sf`), a normal test of a
difference with its margin (:func:`normal_p`), Holm's correction
(:func:`holm`), and the smallest group anything is tested on
(:data:`MIN_GROUP`).

scipy is part of the ``sim`` extra, like matplotlib; without it
:class:`StatisticsMissing` says how to install it.
"""

from __future__ import annotations

import functools
import math
import statistics
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


# ------------------------------------------------------ closed-form estimates


Z95 = 1.96


ALPHA = 0.05
"""A seat effect or a difference is reported as such below this p-value / outside 95 %."""


MIN_GROUP = 20
"""No test is run and no finding drawn from a group of fewer games (or seat-games).

Chosen so that a group can say something a designer could act on.  At
20 the 95 % Wilson interval of a share near one half is 29.9–70.1 % (±20
percentage points; wider below), and a group that lost every game is told
from a fair four-player share with room to spare (0 of 20 against 25 %:
exact binomial p = 0.007), where below 12 it cannot be at all (0 of 11:
p = 0.077)."""


MIN_EXPECTED = 5
"""The seat test runs only when every seat expects at least this many wins (Cochran)."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (``successes`` may be fractional).

    >>> low, high = wilson(41, 100)
    >>> round(low, 3), round(high, 3)
    (0.319, 0.508)
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def chi2_sf(x: float, df: int) -> float:
    """P(X ≥ x) for a chi-square variable with ``df`` degrees of freedom.

    >>> round(chi2_sf(3.841, 1), 3), round(chi2_sf(7.815, 3), 3), chi2_sf(0.0, 2)
    (0.05, 0.05, 1.0)
    """
    if x <= 0:
        return 1.0
    return _gamma_q(df / 2, x / 2)


def _gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) (series / continued fraction)."""
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        denominator = a
        for _ in range(1000):
            denominator += 1
            term *= x / denominator
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def seat_test(wins: Sequence[float]) -> tuple[float, int, float]:
    """``(chi-square, degrees of freedom, p-value)`` of equal win counts per seat.

    >>> statistic, df, p = seat_test([30, 20, 25, 25])
    >>> statistic, df, round(p, 3)
    (2.0, 3, 0.572)

    Too few wins for the chi-square approximation (fewer than
    :data:`MIN_EXPECTED` expected at a seat): the p-value is ``nan``.

    >>> seat_test([3, 1, 2, 2])[2]
    nan
    """
    total = math.fsum(wins)
    df = len(wins) - 1
    if total <= 0 or df < 1:
        return 0.0, max(df, 0), 1.0
    expected = total / len(wins)
    statistic = math.fsum((w - expected) ** 2 / expected for w in wins)
    if expected < MIN_EXPECTED:
        return statistic, df, math.nan
    return statistic, df, chi2_sf(statistic, df)


def normal_p(difference: float, margin: float) -> float:
    """Two-sided p-value of ``difference`` whose 95 % half-width is ``margin`` (normal).

    A difference measured without spread (``margin`` 0) is certain: p is 0,
    or 1 when it is 0 too.

    >>> round(normal_p(1.96, 1.96), 3), normal_p(0.0, 0.0), normal_p(2.0, 0.0)
    (0.05, 1.0, 0.0)
    """
    if not margin > 0:
        return 1.0 if difference == 0 else 0.0
    z = abs(difference) / (margin / Z95)
    return math.erfc(z / math.sqrt(2))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values (step-down, monotone, capped at 1).

    A family of tests is called significant where its adjusted p-value is
    below :data:`ALPHA`: the chance of any false alarm in the family stays
    below 5 %, whatever the tests' dependence.  A test not run (``nan``, too
    few games) stays ``nan`` and does not count in the family.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    >>> holm([0.01, math.nan, 0.04])
    [0.02, nan, 0.04]
    """
    tested = [i for i, p in enumerate(p_values) if not math.isnan(p)]
    order = sorted(tested, key=lambda i: p_values[i])
    adjusted = [math.nan] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(tested) - rank) * p_values[i]))
        adjusted[i] = running
    return [round(value, 15) for value in adjusted]


def quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values (linear interpolation)."""
    if not ordered:
        return math.nan
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal 95 % interval (0 for fewer than two)."""
    if not values:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    # fsum, not statistics.stdev: as exact for these sizes, and a race calls it every round
    variance = math.fsum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, Z95 * math.sqrt(variance) / math.sqrt(len(values))


def newcombe(
    rate_a: float, interval_a: tuple[float, float], rate_b: float, interval_b: tuple[float, float]
) -> tuple[float, float]:
    """Newcombe's hybrid score interval of ``rate_a − rate_b`` from each rate's Wilson interval.

    >>> low, high = newcombe(0.248, wilson(372, 1500), 0.0, wilson(0, 1))
    >>> round(low, 3), round(high, 3)
    (-0.546, 0.27)
    """
    (low_a, high_a), (low_b, high_b) = interval_a, interval_b
    difference = rate_a - rate_b
    below = math.hypot(rate_a - low_a, high_b - rate_b)
    above = math.hypot(high_a - rate_a, rate_b - low_b)
    return difference - below, difference + above
