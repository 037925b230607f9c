"""What a balance report says, computed from results alone (no plotting here).

Definitions (the report states them too):

* **Win rate of a seat** as in :mod:`bodoge.sim.stats` (a shared win counts
  ``1/k`` to each of its ``k`` winners).  Its 95 % interval is Wilson's
  score interval, which stays inside 0–100 % and is honest for rare wins.
* **Fair share**: the share of games with a winner divided by the number of
  seats — what every seat would win if none were favoured.
* **Test of "no seat advantage"**: Pearson's chi-square goodness-of-fit
  test of the seats' win counts (shared wins split) against equal counts,
  ``n - 1`` degrees of freedom.  It is meaningful only when the seats are
  comparable (the same bot everywhere, or bots rotated through the seats).
* **Phase of the game**: action ``k`` of a game of ``L`` actions falls in
  third ``3k // L`` (early, middle, late).
* **Differences between variants** (a sweep, or a file mixing option sets):
  each variant against the first one (the baseline), per game metric.  When
  both played the same seeds the games are matched pairs and the interval is
  ``mean(d) ± 1.96·sd(d)/√m`` over the ``m`` pairs' differences ``d``;
  otherwise it is the unpaired ``±1.96·√(s₁²/n₁ + s₂²/n₂)``.

>>> from bodoge.sim import run_many
>>> analysis = analyse(list(run_many("egyptian-bride", 3, seed=1, n=30)))
>>> [group.games for group in analysis.groups], len(analysis.groups[0].seats)
([30], 3)
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .play import NORMAL, PHASES, STOPPED, GameResult

Z95 = 1.96
ALPHA = 0.05
"""A seat effect or a difference is reported as such below this p-value / outside 95 %."""


# ------------------------------------------------------------ statistics


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
    """
    total = math.fsum(wins)
    df = len(wins) - 1
    if total <= 0 or df < 1:
        return 0.0, max(df, 0), 1.0
    expected = total / len(wins)
    statistic = math.fsum((w - expected) ** 2 / expected for w in wins)
    return statistic, df, chi2_sf(statistic, df)


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
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


# ------------------------------------------------------------ the analysis


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    bots: tuple[str, ...]
    wins: float
    win_rate: float
    low: float
    high: float
    score_mean: float
    score_sd: float
    scores: tuple[float, ...] = field(repr=False)


@dataclass(frozen=True)
class BotSummary:
    bot: str
    seats: int
    wins: float
    win_rate: float
    low: float
    high: float


@dataclass(frozen=True)
class ActionSummary:
    """How often one action type was chosen."""

    kind: str
    total: int
    share: float
    per_seat: tuple[float, ...]
    """Mean times per game, for each seat."""
    by_phase: tuple[float, ...]
    """Share of all choices in each third of the game that were of this type."""


@dataclass(frozen=True)
class Group:
    """The games of one variant: one player count, option set and design values."""

    key: str
    num_players: int
    options: Mapping[str, Any]
    design: Mapping[str, Any]
    games: int
    seats: tuple[SeatSummary, ...]
    bots: tuple[BotSummary, ...]
    seats_comparable: bool
    fair: float
    chi2: float
    df: int
    p_value: float
    lengths: tuple[int, ...] = field(repr=False)
    endings: Mapping[str, int]
    no_winner: int
    shared: int
    actions: tuple[ActionSummary, ...]
    never_chosen: tuple[str, ...]
    results: tuple[GameResult, ...] = field(repr=False)

    @property
    def length_mean(self) -> float:
        return statistics.fmean(self.lengths)

    def length_quantile(self, q: float) -> float:
        return quantile(sorted(self.lengths), q)


@dataclass(frozen=True)
class Difference:
    """One metric of one variant against the baseline."""

    metric: str
    seat: int | None
    baseline: float
    value: float
    difference: float
    margin: float
    pairs: int
    paired: bool

    @property
    def significant(self) -> bool:
        return self.margin == self.margin and abs(self.difference) > self.margin


@dataclass(frozen=True)
class Comparison:
    group: Group
    baseline: Group
    differences: tuple[Difference, ...]


@dataclass(frozen=True)
class Analysis:
    game: str
    groups: tuple[Group, ...]
    comparisons: tuple[Comparison, ...]
    varying: tuple[str, ...]
    """The option and design names whose values differ between groups."""

    @property
    def games(self) -> int:
        return sum(group.games for group in self.groups)

    def label(self, group: Group) -> str:
        """What sets ``group`` apart: ``name=value`` for every varying name."""
        values = {**group.options, **group.design}
        words = [f"{name}={json.dumps(values[name])}" for name in self.varying if name in values]
        if len({g.num_players for g in self.groups}) > 1:
            words.insert(0, f"players={group.num_players}")
        return ", ".join(words)


def group_key(result: GameResult) -> str:
    return json.dumps(
        [result.num_players, dict(result.options), dict(result.design)], sort_keys=True
    )


ActionTypes = Callable[[Mapping[str, Any], int], Sequence[str]]
"""The action types that can ever be legal with some options and player count."""


def analyse(results: Sequence[GameResult], action_types: ActionTypes | None = None) -> Analysis:
    """Summarise ``results``: one group per variant, and each variant against the first.

    ``action_types`` (for a registered game: the types in its declared
    action space) lets the analysis name the types no bot ever chose.
    Groups come in the order of the results' ``variant`` numbers, then of
    first appearance.
    """
    if not results:
        raise ValueError("no results to analyse")
    games = {result.game for result in results}
    if len(games) != 1:
        raise ValueError(f"the results mix games {sorted(games)}; analyse them apart")
    buckets: dict[str, list[GameResult]] = {}
    order: dict[str, tuple[int, int]] = {}
    for position, result in enumerate(results):
        key = group_key(result)
        buckets.setdefault(key, []).append(result)
        order.setdefault(key, (result.variant, position))
    keys = sorted(buckets, key=lambda k: order[k])
    groups = tuple(_group(key, buckets[key], action_types) for key in keys)
    varying = _varying(groups)
    comparisons = tuple(_compare(group, groups[0]) for group in groups[1:])
    return Analysis(games.pop(), groups, comparisons, varying)


def _varying(groups: Sequence[Group]) -> tuple[str, ...]:
    names: list[str] = []
    for group in groups:
        for name in (*group.options, *group.design):
            if name not in names:
                names.append(name)
    return tuple(
        name
        for name in names
        if len({json.dumps({**g.options, **g.design}.get(name)) for g in groups}) > 1
    )


def _group(key: str, games: list[GameResult], action_types: ActionTypes | None) -> Group:
    ordered = sorted(games, key=lambda r: (r.index, r.seed))
    n = ordered[0].num_players
    count = len(ordered)
    shares = [[0.0] * count for _ in range(n)]
    for i, result in enumerate(ordered):
        for seat in result.winners:
            shares[seat][i] = 1 / len(result.winners)
    seats = []
    for seat in range(n):
        wins = math.fsum(shares[seat])
        scores = tuple(float(r.scores[seat]) for r in ordered)
        low, high = wilson(wins, count)
        seats.append(
            SeatSummary(
                seat=seat,
                bots=tuple(sorted({r.bots[seat] for r in ordered})),
                wins=wins,
                win_rate=wins / count,
                low=low,
                high=high,
                score_mean=statistics.fmean(scores),
                score_sd=statistics.stdev(scores) if count > 1 else 0.0,
                scores=scores,
            )
        )
    taken: dict[str, list[float]] = {}
    for i, result in enumerate(ordered):
        for seat, bot in enumerate(result.bots):
            taken.setdefault(bot, []).append(shares[seat][i])
    bots = tuple(
        BotSummary(bot, len(s), math.fsum(s), math.fsum(s) / len(s), *wilson(math.fsum(s), len(s)))
        for bot, s in sorted(taken.items())
    )
    fixed = all(len(seat.bots) == 1 for seat in seats)
    with_winner = sum(1 for r in ordered if r.winners)
    statistic, df, p = seat_test([seat.wins for seat in seats])
    endings = {NORMAL: 0, STOPPED: 0}
    for result in ordered:
        endings[result.ending] = endings.get(result.ending, 0) + 1
    first = ordered[0]
    actions = _actions(ordered, n)
    seen = {action.kind for action in actions}
    possible = action_types(first.options, n) if action_types is not None else ()
    return Group(
        key=key,
        num_players=n,
        options=dict(first.options),
        design=dict(first.design),
        games=count,
        seats=tuple(seats),
        bots=bots,
        seats_comparable=len(bots) == 1 or not fixed,
        fair=with_winner / count / n,
        chi2=statistic,
        df=df,
        p_value=p,
        lengths=tuple(r.actions for r in ordered),
        endings=endings,
        no_winner=count - with_winner,
        shared=sum(1 for r in ordered if len(r.winners) > 1),
        actions=actions,
        never_chosen=tuple(kind for kind in possible if kind not in seen),
        results=tuple(ordered),
    )


def _actions(ordered: Sequence[GameResult], n: int) -> tuple[ActionSummary, ...]:
    per_seat: dict[str, list[int]] = {}
    by_phase: dict[str, list[int]] = {}
    for result in ordered:
        for seat, counts in enumerate(result.counts):
            for kind, count in counts.items():
                per_seat.setdefault(kind, [0] * n)[seat] += count
        for phase, counts in enumerate(result.phases):
            for kind, count in counts.items():
                by_phase.setdefault(kind, [0] * PHASES)[phase] += count
    phase_totals = [sum(counts[p] for counts in by_phase.values()) for p in range(PHASES)]
    grand = sum(sum(counts) for counts in per_seat.values())
    games = len(ordered)
    summaries = [
        ActionSummary(
            kind=kind,
            total=sum(counts),
            share=sum(counts) / grand if grand else 0.0,
            per_seat=tuple(count / games for count in counts),
            by_phase=tuple(
                by_phase.get(kind, [0] * PHASES)[p] / phase_totals[p] if phase_totals[p] else 0.0
                for p in range(PHASES)
            ),
        )
        for kind, counts in per_seat.items()
    ]
    return tuple(sorted(summaries, key=lambda a: (-a.total, a.kind)))


METRICS = ("length", "stopped", "win", "score", "spread")
"""Per-game metrics compared between variants: actions applied, stopped (0/1), a
seat's win share, a seat's score, and the spread of scores (highest − lowest)."""


Metric = tuple[str, int | None]


def _metrics(result: GameResult) -> dict[Metric, float]:
    values: dict[Metric, float] = {
        ("length", None): float(result.actions),
        ("stopped", None): 1.0 if result.ending == STOPPED else 0.0,
    }
    for seat in range(result.num_players):
        share = 1 / len(result.winners) if seat in result.winners else 0.0
        values["win", seat] = share
    for seat, score in enumerate(result.scores):
        values["score", seat] = float(score)
    values["spread", None] = float(max(result.scores) - min(result.scores))
    return values


def _compare(group: Group, baseline: Group) -> Comparison:
    base = {(r.index, r.seed): _metrics(r) for r in baseline.results}
    mine = {(r.index, r.seed): _metrics(r) for r in group.results}
    matched = sorted(set(base) & set(mine))
    paired = len(matched) >= 2
    first_base = next(iter(base.values()))
    differences = []
    for name in next(iter(mine.values())):
        if name not in first_base:
            continue
        if paired:
            deltas = [mine[k][name] - base[k][name] for k in matched]
            difference, margin = mean_interval(deltas)
            value = statistics.fmean(mine[k][name] for k in matched)
            before = statistics.fmean(base[k][name] for k in matched)
            pairs = len(matched)
        else:
            ours = [values[name] for values in mine.values()]
            theirs = [values[name] for values in base.values()]
            value, before = statistics.fmean(ours), statistics.fmean(theirs)
            difference = value - before
            spread = (statistics.variance(ours) / len(ours) if len(ours) > 1 else 0.0) + (
                statistics.variance(theirs) / len(theirs) if len(theirs) > 1 else 0.0
            )
            margin = Z95 * math.sqrt(spread)
            pairs = 0
        metric, seat = name
        differences.append(
            Difference(metric, seat, before, value, difference, margin, pairs, paired)
        )
    return Comparison(group, baseline, tuple(differences))
