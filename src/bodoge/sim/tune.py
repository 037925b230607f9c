"""Tuning a design parameter to a target, by racing candidates on matched seeds.

``bodoge tune GAME --param NAME=LOW..HIGH --target METRIC=VALUE`` asks:
which value of the parameter brings the metric closest to the target?
:func:`tune` answers by *racing* (Maron and Moore's Hoeffding races, the
F-race of irace; TAG's racing tuner): every candidate value on a grid plays
a batch of games, all on the **same seeds** (game ``i`` of every candidate
starts from the same shuffle with the same bots), and after each batch

* a candidate is dropped when it is **farther from the target** than the
  best, judged on the matched games as pairs: with ``s = sign(m − t)`` (``m`` a
  candidate's mean), game ``i`` gives the difference
  ``z_i = s_c (x_c,i − t) − s_best (x_best,i − t)``, whose mean is exactly
  ``|m_c − t| − |m_best − t|``; the candidate goes when that mean is above 0
  and the paired sign-flip test of the ``z_i`` (over the non-zero
  differences: games that came out the same for both say nothing, and the
  outcomes are tied and discrete, so no normal interval) rejects "no
  difference" at :data:`ALPHA` after Holm's correction over the round's
  comparisons (every candidate against the best).  Every value, the
  parameter's default among them, stays in the race until that test says
  otherwise.  The luck both candidates shared (the same deal, the same
  dice) cancels in ``z_i``, so a worse value is dropped after fewer
  games than comparing two separate intervals would need;
* the race **ends** when one candidate is left, when the best one's
  interval is narrower than ``tolerance`` (more games would not tell the
  rest apart at that precision), or when the game budget is spent.

The answer is the best value, the values still in the race
(:attr:`Tuning.remaining`: none of them told apart from the best), how sure
each drop was (:attr:`Tuning.surest`: the largest Holm-adjusted p of a
drop), and the *interval* of values still plausible: the surviving
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
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..bots import BotSpec
from ..engine import DesignValue, Game, InvalidOptions, get_game
from .analysis import ALPHA, holm, mean_interval
from .backends import Backend
from .inference import sign_flip_p
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


METRICS: Mapping[str, tuple[Callable[[GameResult], float], float]] = {
    "first_player_advantage": (_first_player, 0.02),
    "length": (_length, 1.0),
    "decisiveness": (_decisive, 0.02),
}
"""Each metric's per-game value and its default tolerance."""

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
    dropped value was farther from the target than the best at this p or below."""


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
    per_game, default_tolerance = METRICS[metric]
    tolerance = default_tolerance if tolerance is None else tolerance
    alive = grid(game, parameter, low, high, points)
    values: dict[DesignValue, dict[int, float]] = {value: {} for value in alive}
    rounds: list[Round] = []
    played = total = 0
    reason = "budget"
    while played < max_games:
        start, played = played, min(max_games, played + batch)
        variants = [(options, {parameter: value}) for value in alive]
        skip = {(v, i) for v in range(len(alive)) for i in range(start)}
        for result in run_sweep(
            game, num_players, variants, seed, bot_specs,
            n=played, workers=workers, backend=backend, skip=skip,
        ):  # fmt: skip
            values[alive[result.variant]][result.index] = per_game(result)
            total += 1
        candidates = _paired([_candidate(value, values[value]) for value in alive], values, target)
        best = min(candidates, key=lambda c: c.distance(target))
        dropped = [c.value for c in candidates if c.gap > 0 and c.p_adjusted < ALPHA]
        rounds.append(Round(len(rounds) + 1, tuple(candidates), tuple(dropped)))
        alive = [value for value in alive if value not in dropped]
        if len(alive) == 1:
            reason = "one left"
            break
        if best.margin <= tolerance:
            reason = "narrow"
            break
    last = {c.value: c for c in rounds[-1].candidates if c.value in alive}
    best = min(last.values(), key=lambda c: c.distance(target))
    plausible = [c.value for c in last.values() if abs(c.mean - target) <= c.margin]
    reached = bool(plausible)
    plausible = plausible or list(last)
    drops = [c.p_adjusted for step in rounds for c in step.candidates if c.value in step.dropped]
    return Tuning(
        game.id,
        parameter,
        metric,
        target,
        best,
        min(plausible),
        max(plausible),
        tuple(rounds),
        reason,
        reached,
        total,
        tuple(value for value in values if value in last),
        max(drops, default=math.nan),
    )


def _paired(
    candidates: list[Candidate], values: Mapping[DesignValue, Mapping[int, float]], target: float
) -> list[Candidate]:
    """Each candidate with its gap to the best (closest) one, over the games both played,
    and the gap's sign-flip p Holm-adjusted over the round's comparisons."""
    best = min(candidates, key=lambda c: c.distance(target))
    sign = {c.value: 1.0 if c.mean >= target else -1.0 for c in candidates}
    mine = values[best.value]
    paired = []
    tests = []
    for c in candidates:
        theirs = values[c.value]
        z = [
            sign[c.value] * (theirs[i] - target) - sign[best.value] * (mine[i] - target)
            for i in sorted(theirs.keys() & mine.keys())
        ]
        gap, margin = mean_interval(z)
        paired.append(dataclasses.replace(c, gap=gap, gap_margin=margin))
        tests.append(math.nan if c is best else sign_flip_p(z))
    return [dataclasses.replace(c, p_adjusted=p) for c, p in zip(paired, holm(tests), strict=True)]


def _candidate(value: DesignValue, games: Mapping[int, float]) -> Candidate:
    values = [games[i] for i in sorted(games)]
    mean, margin = mean_interval(values)
    return Candidate(value, len(values), mean, margin if math.isfinite(margin) else math.inf)
