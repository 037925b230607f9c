"""What an analysis holds: the frozen summaries a report, a sweep and the JSON read.

:func:`bodoge.sim.analysis.analyse` computes them from results; nothing here
computes.  Each class names what one number of the report is, so that the
page (:mod:`.report`), the command line and ``--json`` read the same fields.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .inference import ALPHA, MIN_GROUP, quantile
from .play import GameResult


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
    """How often one action type was legal, and how often it was chosen."""

    kind: str
    total: int
    share: float
    per_seat: tuple[float, ...]
    """Mean times per game, for each seat."""
    by_phase: tuple[float, ...]
    """Share of all choices in each third of the game that were of this type."""
    legal: int | None = None
    """Decisions at which the type was legal (``None``: the rows did not record it)."""

    @property
    def chosen_when_legal(self) -> float | None:
        """Of the decisions where the type was legal, the share that chose it."""
        if not self.legal:
            return None
        return self.total / self.legal


@dataclass(frozen=True)
class TeamSummary:
    """A co-operative (or solo) game's one question: how often does the team win, how well."""

    wins: int
    rate: float
    low: float
    high: float
    score_mean: float
    score_sd: float
    scores: tuple[float, ...] = field(repr=False)
    bands: tuple[tuple[Any, int], ...] = ()
    """``(name, games)`` per score band the rules name (``Game.score_bands``), lowest first."""


@dataclass(frozen=True)
class HowWon:
    """How the games with one winner were won.

    ``margin`` of a game: the winner's score minus the best other score (0
    or less: the winner tied on points or trailed and a rule decided);
    ``relative``: that margin over the spread of all scores seen in the
    variant.  ``tie_break``: games whose winner did not lead on points;
    ``one_point``: won by exactly one point.  ``ranks[seat][r]``: games in
    which ``seat`` finished ``r + 1``-th (winners first, then by score,
    equal scores sharing the better place).
    """

    decided: int
    margin_mean: float
    margin_median: float
    relative_mean: float
    tie_break: int
    one_point: int
    ranks: tuple[tuple[int, ...], ...]

    @property
    def close(self) -> float:
        """The share of decided games won by one point or by a tie-break."""
        return (self.tie_break + self.one_point) / self.decided if self.decided else math.nan


@dataclass(frozen=True)
class ChoiceWin:
    """Does choosing an action type go with winning?

    Over seat-games (one seat in one game) in which the type was legal at
    least once: the win rate of those that chose it at least once
    (``chose``) against those that could and never did (``passed``), each
    with Wilson's interval; ``difference`` with Newcombe's 95 % interval
    ``difference_low``–``difference_high`` (from the two Wilson intervals,
    so a small group's uncertainty shows), ``p_adjusted`` of Fisher's exact
    test Holm-adjusted over the types.  A type with fewer than
    :data:`MIN_GROUP` seat-games on either side is not tested
    (``p_adjusted`` is ``nan``: too few games to say).  An association, not
    a cause: a strong hand may both win and allow a move.
    """

    kind: str
    chose: int
    chose_rate: float
    chose_low: float
    chose_high: float
    passed: int
    passed_rate: float
    passed_low: float
    passed_high: float
    difference: float
    margin: float
    p_adjusted: float = 1.0
    difference_low: float = math.nan
    difference_high: float = math.nan
    times: int = 0
    """Decisions that chose it (all seats, all games)."""
    legal: int = 0
    """Decisions at which it could be chosen."""

    @property
    def chosen_when_legal(self) -> float:
        """Of the decisions where it could be chosen, the share that chose it."""
        return self.times / self.legal if self.legal else math.nan

    @property
    def too_few(self) -> bool:
        """A side has fewer than :data:`MIN_GROUP` seat-games: no test, no finding."""
        return min(self.chose, self.passed) < MIN_GROUP


@dataclass(frozen=True)
class Effect:
    """What choosing ``kind`` does to the chooser's chance of winning (an intervention).

    At ``decisions`` decisions sampled from the games where ``kind`` could be
    chosen and something else too, the position was played on from the
    chooser's information with ``kind`` and with the alternative the seat's
    strategy ranks next, paired on the same re-dealt worlds and playout seeds
    (:mod:`bodoge.sim.effects`).  ``mean`` is the mean paired difference in
    win share, ``low``–``high`` its 95 % interval over the decisions,
    ``p_adjusted`` the paired sign-flip test Holm-adjusted over the group's
    effects; under :data:`MIN_GROUP` decisions it is not tested.
    """

    kind: str
    subject: bool
    """A card or tile (``Game.choice_subject``), not an action type."""
    mean: float
    low: float
    high: float
    decisions: int
    worlds: int
    p_adjusted: float = math.nan

    @property
    def too_few(self) -> bool:
        return self.decisions < MIN_GROUP

    @property
    def finding(self) -> bool:
        return self.p_adjusted < ALPHA


@dataclass(frozen=True)
class EndingWins:
    """Win rates among the games that ended one way (``GameResult.how``, "" the ordinary end).

    ``rates[seat]`` counts a shared win as a share; ``low``/``high`` are its
    Wilson interval.
    """

    how: str
    games: int
    no_winner: int
    rates: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]


@dataclass(frozen=True)
class Timeline:
    """What happens during a game, from the running score (``GameResult.trace``).

    The *leader* at a moment is the one seat with the highest score (none on
    a tie).  ``lead_changes``: mean number of times per game the lead passed
    from one seat to another.  ``half_games``: games with one winner and a
    leader after half their actions; ``half_won``: those the half-time leader
    won (the rest are comebacks).  ``decided``: per game with one winner who
    ends in the lead, the share of the game played when the winner took the
    lead for good; ``decided_median`` is their median.  ``curve[seat][t]``:
    the seat's mean score after ``t/10`` of the game's actions.
    """

    games: int
    lead_changes: float
    half_games: int
    half_won: int
    decided_median: float
    curve: tuple[tuple[float, ...], ...]

    @property
    def comeback(self) -> float:
        return 1 - self.half_won / self.half_games if self.half_games else math.nan


CURVE_POINTS = 11
"""The running score is sampled after 0, 10, …, 100 % of a game's actions."""


@dataclass(frozen=True)
class LengthBin:
    """The games of one band of lengths, and each seat's win rate in it."""

    low: int
    high: int
    games: int
    rates: tuple[float, ...]
    p_value: float
    p_adjusted: float = 1.0


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
    cooperative: bool = False
    team: TeamSummary | None = None
    advantage: float = 0.0
    """First-player advantage: seat 0's win rate minus the fair share."""
    advantage_margin: float = 0.0
    """Half-width of its 95 % interval, over the games' per-game differences."""
    p_adjusted: float = 1.0
    """The seat test's p-value, Holm-adjusted over the variants of the analysis."""
    seat_p: tuple[float, ...] = ()
    """Per seat: p of its win rate against the fair share, Holm-adjusted over the seats."""
    won: HowWon | None = None
    length_bins: tuple[LengthBin, ...] = ()
    choices: tuple[ChoiceWin, ...] = ()
    timeline: Timeline | None = None
    subjects: tuple[ChoiceWin, ...] = ()
    """The same as :attr:`choices` per card or tile the game names (``Game.choice_subject``)."""
    dealt: tuple[ChoiceWin, ...] = ()
    """Per card the game deals (``Game.dealt_subjects``): seat-games dealt it (``chose``)
    against those dealt none (``passed``), a comparison the shuffle randomises."""
    effects: tuple[Effect, ...] = ()
    """What choosing each action type and card does to the chooser's chance of winning,
    measured by playing the other choice (:mod:`bodoge.sim.effects`); ``()`` until measured."""
    units: tuple[int, ...] = field(default=(), repr=False)
    """Each game's length as a player counts it (``()`` if some row predates it)."""
    by_ending: tuple[EndingWins, ...] = ()
    """Win rates per way the games ended, when they ended in more than one way."""

    @property
    def units_mean(self) -> float:
        return statistics.fmean(self.units) if self.units else math.nan

    def units_quantile(self, q: float) -> float:
        return quantile(sorted(self.units), q)

    @property
    def length_mean(self) -> float:
        return statistics.fmean(self.lengths)

    def length_quantile(self, q: float) -> float:
        return quantile(sorted(self.lengths), q)


@dataclass(frozen=True)
class Difference:
    """One metric of one variant against the baseline.

    ``p_adjusted`` is Holm-adjusted over every difference of the analysis
    (all variants, all metrics): a sweep of many comparisons does not cry
    wolf more often than one comparison would.
    """

    metric: str
    seat: int | None
    baseline: float
    value: float
    difference: float
    margin: float
    pairs: int
    paired: bool
    p_adjusted: float = math.nan
    p_value: float = math.nan
    """Paired: the sign-flip test; unpaired: normal, with :data:`MIN_GROUP` games a side."""

    @property
    def significant(self) -> bool:
        return self.p_adjusted < ALPHA


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
