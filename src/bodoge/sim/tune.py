"""Tuning a design parameter to a target, by racing candidates on matched seeds.

``bodoge tune GAME --param NAME=LOW..HIGH --target METRIC=VALUE`` asks:
which value of the parameter brings the metric closest to the target?
:func:`tune` answers by *racing* (Maron and Moore's Hoeffding races, the
F-race of irace; TAG's racing tuner): every candidate value on a grid plays
a batch of games, all on the **same seeds** (game ``i`` of every candidate
starts from the same shuffle with the same bots), and after each batch

* a candidate is dropped when it is **farther from the target** than
  another, judged on the matched games as pairs: with ``s = sign(m − t)``
  (``m`` a candidate's mean), game ``i`` gives the difference
  ``z_i = s_a (x_a,i − t) − s_b (x_b,i − t)``, whose mean is exactly
  ``|m_a − t| − |m_b − t|``.  The race errs at most one time in twenty
  over its whole length: the chance that it drops any value when no value
  differs is at most :data:`ALPHA`, every round and the choice of the best
  included.  Two things make it so.  *All pairs* are tested, not each
  value against the round's best (the best is chosen from the same data,
  which flatters it: a race against it dropped a value no worse about one
  time in three), with Holm's correction over the round's pairs; and the
  error is *spent over the rounds*: each of the ``R`` rounds the budget
  allows tests at ``ALPHA / R`` (Bonferroni over the looks at growing data).
  A pair's test is the paired sign-flip test of its ``z_i`` when few games
  differ (the outcomes are tied and discrete), else the normal test of their
  mean, fine-grained enough for the small p-values the correction asks for;
  a pair of fewer than :data:`MIN_GROUP` games is not tested (too few games
  to say).  The luck both candidates shared (the same deal, the same dice)
  cancels in ``z_i``, so a worse value is dropped after fewer games than
  comparing two separate intervals would need;
* the race **ends** when one candidate is left, when the best one's
  interval is narrower than ``tolerance`` (more games would not tell the
  rest apart at that precision), or when the game budget is spent.

The answer is the best value, the values still in the race
(:attr:`Tuning.remaining`: none of them told apart from the best), how sure
each drop was (:attr:`Tuning.surest`: the largest Holm-adjusted p of a
drop), the race's *power* (:attr:`Tuning.power`: its chance of dropping a
value that is :attr:`Tuning.difference` farther from the target than the
best, at the spread of paired differences it saw), and the *interval* of
values still plausible: the surviving
candidates whose 95 % interval holds the target (all survivors when none
does).  The path of the race (every round, every
candidate's mean and interval, who was dropped) is kept for the report.

A grid search with racing fits parameters with a few dozen values, which is
what a designer's numbers are; it needs no optimisation library and its
result is reproducible from the seed.

Metrics, per game (their mean over games is the metric):

* ``first_player_advantage``: seat 0's share of the win (``1/k`` of a win
  shared by ``k``) minus ``1/n`` when the game had a winner: its mean is P1's
  win rate minus the fair share.
* ``length``: actions applied.
* ``decisiveness``: 1 when the game had one winner who led the runner-up by
  at most one point (or did not lead at all: a tie-break), else 0.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import statistics
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import BotSpec
from ..engine import DesignValue, Game, InvalidOptions, get_game
from .backends import Backend
from .inference import ALPHA, MIN_GROUP, Z95, holm, mean_interval, normal_p, sign_flip_p
from .play import GameResult
from .run import run_sweep


def _first_player(result: GameResult) -> float:
    share = 1 / len(result.winners) if 0 in result.winners else 0.0
    return share - (1 / result.num_players if result.winners else 0.0)


def _length(result: GameResult) -> float:
    return float(result.actions)


def _decisive(result: GameResult) -> float:
    if len(result.winners) != 1 or result.num_players < 2:
        return 0.0
    (winner,) = result.winners
    others = max(float(s) for seat, s in enumerate(result.scores) if seat != winner)
    return 1.0 if float(result.scores[winner]) - others <= 1 else 0.0


METRICS: Mapping[str, tuple[Callable[[GameResult], float], float, float]] = {
    "first_player_advantage": (_first_player, 0.02, 0.05),
    "length": (_length, 1.0, 5.0),
    "decisiveness": (_decisive, 0.02, 0.05),
}
"""Each metric's per-game value, its default tolerance, and the default difference whose
detection the race's power is stated for."""
POWER_PATHS = 4000
"""Simulated races behind a stated power (its standard error under 0.8 points)."""

MAX_GRID = 41
"""At most this many candidates: an integer range wider than this is sampled evenly."""


class BadTuning(ValueError):
    """A parameter, range, metric or budget ``tune`` cannot work with."""


@dataclass(frozen=True)
class Candidate:
    """One value of the parameter after a round: its metric's mean and 95 % half-width."""

    value: DesignValue
    games: int
    mean: float
    margin: float
    gap: float = 0.0
    """How much farther from the target than the round's best, over the paired games."""
    gap_margin: float = 0.0
    """Half-width of the gap's 95 % interval (paired differences)."""
    p_adjusted: float = math.nan
    """The paired sign-flip test of the gap, Holm-adjusted over the round (``nan``: the best)."""

    def distance(self, target: float) -> float:
        return abs(self.mean - target)


@dataclass(frozen=True)
class Round:
    number: int
    candidates: tuple[Candidate, ...]
    dropped: tuple[DesignValue, ...]


@dataclass(frozen=True)
class Tuning:
    game: str
    parameter: str
    metric: str
    target: float
    best: Candidate
    low: DesignValue
    high: DesignValue
    """The plausible values: surviving candidates whose interval holds the target."""
    rounds: tuple[Round, ...]
    reason: str
    """Why the race ended: ``one left``, ``narrow`` or ``budget``."""
    reached: bool
    """Some surviving value's interval holds the target; if not, ``low..high`` are the
    survivors (none told apart from the best) and the target is out of this range's reach."""
    games: int
    """Games played in all, over all candidates."""
    remaining: tuple[DesignValue, ...] = ()
    """The values still in the race at the end: none told apart from the best."""
    surest: float = math.nan
    """The largest Holm-adjusted p of any drop (``nan``: nothing was dropped): every
    dropped value was farther from another than the best at this p or below."""
    difference: float = math.nan
    """The difference (in the metric's units, farther from the target) the power is for."""
    power: float = math.nan
    """The race's chance of dropping a value :attr:`difference` farther from the target than
    the best (``nan``: no paired games to judge the spread by)."""
    alpha: float = ALPHA
    """The race's chance of dropping any value when none differs: at most this."""
    looks: int = 1
    """The rounds the budget allowed, over which :attr:`alpha` is spent."""


@dataclass(frozen=True)
class Race:
    """A race's path: its rounds, why it ended, the games played and the spread it saw."""

    rounds: tuple[Round, ...]
    reason: str
    games: int
    spread: float
    """The typical standard deviation of a pair's per-game differences (``nan``: none)."""
    looks: int
    """The rounds the budget allowed: each tests at ``ALPHA / looks``."""


Play = Callable[[Sequence[DesignValue], int, int], Iterable[tuple[int, int, float]]]
"""Plays games ``start..stop - 1`` of every value given: ``(value's position, game, metric)``."""


def grid(
    game: Game, parameter: str, low: float, high: float, points: int = 11
) -> list[DesignValue]:
    """The candidate values: every integer in range (sampled if many), or ``points`` floats."""
    declared = {p.name: p for p in game.design}
    if parameter not in declared:
        known = ", ".join(sorted(declared)) or "none"
        raise BadTuning(f"{parameter!r} is not a design parameter of {game.id} ({known})")
    if not low < high:
        raise BadTuning(f"the range {low}..{high} is empty")
    spec = declared[parameter]
    if isinstance(spec.default, int):
        if low != int(low) or high != int(high):
            raise BadTuning(f"{parameter} takes integers, not {low}..{high}")
        values: list[DesignValue] = list(range(int(low), int(high) + 1))
        if len(values) > MAX_GRID:
            step = (len(values) - 1) / (MAX_GRID - 1)
            values = sorted({values[round(i * step)] for i in range(MAX_GRID)})
    else:
        values = [low + (high - low) * i / (points - 1) for i in range(points)]
    for value in (values[0], values[-1]):
        try:
            game.resolve_design({parameter: value})
        except InvalidOptions as error:
            raise BadTuning(str(error)) from None
    return values


def tune(
    game: Game | str,
    parameter: str,
    low: float,
    high: float,
    metric: str = "first_player_advantage",
    target: float = 0.0,
    *,
    num_players: int | None = None,
    seed: int = 0,
    bot_specs: Sequence[str | BotSpec] = ("random",),
    options: Mapping[str, object] | None = None,
    batch: int = 200,
    max_games: int = 5000,
    tolerance: float | None = None,
    points: int = 11,
    workers: int = 1,
    backend: Backend | None = None,
    difference: float | None = None,
) -> Tuning:
    """Race the values of ``parameter`` in ``low..high`` towards ``metric = target``."""
    if isinstance(game, str):
        game = get_game(game)
    if metric not in METRICS:
        raise BadTuning(f"unknown metric {metric!r}; known: {', '.join(METRICS)}")
    if batch < 2 or max_games < batch:
        raise BadTuning(
            f"need a batch of at least 2 games within the budget ({batch}, {max_games})"
        )
    per_game, default_tolerance, default_difference = METRICS[metric]
    tolerance = default_tolerance if tolerance is None else tolerance
    difference = default_difference if difference is None else difference
    if not difference > 0:
        raise BadTuning(f"the difference to tell must be above 0, not {difference}")

    played: Game = game

    def play(
        alive: Sequence[DesignValue], start: int, stop: int
    ) -> Iterator[tuple[int, int, float]]:
        variants = [(options, {parameter: value}) for value in alive]
        skip = {(v, i) for v in range(len(alive)) for i in range(start)}
        for result in run_sweep(
            played, num_players, variants, seed, bot_specs,
            n=stop, workers=workers, backend=backend, skip=skip,
        ):  # fmt: skip
            yield result.variant, result.index, per_game(result)

    path = race(
        grid(game, parameter, low, high, points), play, target,
        batch=batch, max_games=max_games, tolerance=tolerance,
    )  # fmt: skip
    rounds = path.rounds
    last = {c.value: c for c in rounds[-1].candidates if c.value not in rounds[-1].dropped}
    best = min(last.values(), key=lambda c: c.distance(target))
    plausible = [c.value for c in last.values() if abs(c.mean - target) <= c.margin]
    reached = bool(plausible)
    plausible = plausible or list(last)
    drops = [c.p_adjusted for step in rounds for c in step.candidates if c.value in step.dropped]
    pairs = len(rounds[0].candidates) * (len(rounds[0].candidates) - 1) // 2
    return Tuning(
        game.id,
        parameter,
        metric,
        target,
        best,
        min(plausible),
        max(plausible),
        rounds,
        path.reason,
        reached,
        path.games,
        tuple(c.value for c in rounds[0].candidates if c.value in last),
        max(drops, default=math.nan),
        difference,
        race_power(difference, path.spread, batch, max_games, pairs),
        looks=path.looks,
    )


def race(
    values: Sequence[DesignValue],
    play: Play,
    target: float,
    *,
    batch: int,
    max_games: int,
    tolerance: float,
) -> Race:
    """Race ``values`` towards ``target``: ``play`` gives each round's games (see the module
    docstring for the rules; this is the race alone, whatever plays the games)."""
    alive = list(values)
    looks = math.ceil(max_games / batch)
    outcomes: dict[DesignValue, dict[int, float]] = {value: {} for value in alive}
    rounds: list[Round] = []
    played = total = 0
    reason = "budget"
    spread = math.nan
    while played < max_games:
        start, played = played, min(max_games, played + batch)
        for variant, index, value in play(alive, start, played):
            outcomes[alive[variant]][index] = value
            total += 1
        candidates = [_candidate(value, outcomes[value]) for value in alive]
        candidates, spread = _paired(candidates, outcomes, target)
        best = min(candidates, key=lambda c: c.distance(target))
        dropped = [c.value for c in candidates if c.p_adjusted < ALPHA / looks]
        rounds.append(Round(len(rounds) + 1, tuple(candidates), tuple(dropped)))
        alive = [value for value in alive if value not in dropped]
        if len(alive) == 1:
            reason = "one left"
            break
        if best.margin <= tolerance:
            reason = "narrow"
            break
    return Race(tuple(rounds), reason, total, spread, looks)


def _paired(
    candidates: list[Candidate], values: Mapping[DesignValue, Mapping[int, float]], target: float
) -> tuple[list[Candidate], float]:
    """Each candidate with its gap to the best (closest) one, and the smallest Holm-adjusted p
    (over every pair of the round) of a pair in which it is the farther from the target; and
    the median spread of the pairs' per-game differences.

    A pair's differences ``z_i = y_a,i − y_b,i`` (``y = s (x − t)``) are not listed one by
    one: their mean is the difference of the means, their variance
    ``var a + var b − 2 cov(a, b)``, from one covariance matrix of the round."""
    import numpy as np

    games = sorted(set.intersection(*(set(values[c.value]) for c in candidates)))
    signs = np.array([1.0 if c.mean >= target else -1.0 for c in candidates])
    table = np.array([[values[c.value][i] for i in games] for c in candidates], dtype=float)
    y = signs[:, None] * (table - target)
    count = len(games)
    means = y.mean(axis=1)
    cov = np.cov(y) if count > 1 else np.zeros((len(candidates), len(candidates)))

    def gap(a: int, b: int) -> tuple[float, float]:
        spread = math.sqrt(max(0.0, cov[a, a] + cov[b, b] - 2 * cov[a, b]))
        return float(means[a] - means[b]), Z95 * spread / math.sqrt(count)

    sure: dict[int, float] = {}
    farther: list[int] = []
    tests: list[float] = []
    spreads: list[float] = []
    for a, b in itertools.combinations(range(len(candidates)), 2):
        difference, margin = gap(a, b)
        farther.append(a if difference > 0 else b)
        tests.append(_pair_p(y[a] - y[b], difference, margin) if count >= MIN_GROUP else math.nan)
        spreads.append(margin / Z95 * math.sqrt(count))
    for k, p in zip(farther, holm(tests), strict=True):
        if not math.isnan(p):
            sure[k] = min(p, sure.get(k, math.inf))
    best = min(range(len(candidates)), key=lambda k: candidates[k].distance(target))
    paired = []
    for k, c in enumerate(candidates):
        difference, margin = gap(k, best)
        p = math.nan if k == best else sure.get(k, math.nan)
        paired.append(dataclasses.replace(c, gap=difference, gap_margin=margin, p_adjusted=p))
    return paired, statistics.median(spreads) if spreads else math.nan


EXACT_RACE = 10
"""A pair whose games differ in at most this many is judged by the exact sign-flip test
(1,024 flips at most: a race tests every pair every round); beyond, by the normal test,
which agrees with the exact one to a few percent of p there (12 games all one way: exact
p = 0.00049, normal 0.00053)."""


def _pair_p(z: Any, difference: float, margin: float) -> float:
    """The two-sided p of a pair's per-game differences ``z`` (a NumPy array): the exact
    sign-flip test when at most :data:`EXACT_RACE` games differ (four games all one way are
    p = 0.125, not the normal test's 0.04), else the normal test of their mean,
    fine-grained enough for the small p-values the correction asks for."""
    differing = z[z != 0]
    if len(differing) <= EXACT_RACE:
        return sign_flip_p(differing.tolist())
    return normal_p(difference, margin)


def race_power(difference: float, spread: float, batch: int, max_games: int, pairs: int) -> float:
    """The chance that a race drops a value ``difference`` farther from the target than the
    best, its paired differences spread ``spread`` per game: the share of simulated paths of
    the pair's running mean that cross some round's bound (``ALPHA / looks`` over ``pairs``,
    the bound Holm starts from, so a lower bound when several pairs could drop it)."""
    if not (spread > 0 and math.isfinite(spread)) or pairs < 1:
        return math.nan
    import numpy as np

    looks = math.ceil(max_games / batch)
    games = np.minimum(np.arange(1, looks + 1) * batch, max_games)
    bound = statistics.NormalDist().inv_cdf(1 - ALPHA / looks / pairs / 2)
    rng = np.random.default_rng(0)
    steps = np.diff(np.concatenate([[0], games]))
    sums = np.cumsum(
        rng.normal(steps * difference, np.sqrt(steps) * spread, size=(POWER_PATHS, looks)), axis=1
    )
    z = sums / (spread * np.sqrt(games))
    usable = games >= MIN_GROUP
    return float(np.mean(np.any((z > bound) & usable, axis=1)))


def _candidate(value: DesignValue, games: Mapping[int, float]) -> Candidate:
    values = [games[i] for i in sorted(games)]
    mean, margin = mean_interval(values)
    return Candidate(value, len(values), mean, margin if math.isfinite(margin) else math.inf)
