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
  comparable (the same bot everywhere, or bots rotated through the seats),
  and it is run only when every seat expects at least
  :data:`MIN_EXPECTED` wins (Cochran's rule for the chi-square
  approximation); one seat against the fair share is the exact binomial test.
* **Too few games to say**: no test is run, and no finding drawn, from a
  group smaller than :data:`MIN_GROUP` (see there for how it was chosen);
  its p-value is ``nan`` and it is left out of the Holm family.
* **Chosen more often by the winners** (a description, never a finding):
  Fisher's exact test of the seat-games that won (alone or shared) among
  those that chose a type against those that could and did not; the
  difference's interval is Newcombe's, from the two Wilson intervals, so
  each group carries its own uncertainty.
* **Phase of the game**: action ``k`` of a game of ``L`` actions falls in
  third ``3k // L`` (early, middle, late).
* **Differences between variants** (a sweep, or a file mixing option sets):
  each variant against the first one (the baseline), per game metric.  When
  both played the same seeds the games are matched pairs and the interval is
  ``mean(d) ± 1.96·sd(d)/√m`` over the ``m`` pairs' differences ``d``, and
  the test the paired sign-flip test (:func:`~bodoge.sim.inference.sign_flip_p`,
  valid for tied, discrete outcomes), run from :data:`MIN_GROUP` pairs;
  otherwise the interval is the unpaired ``±1.96·√(s₁²/n₁ + s₂²/n₂)``, tested
  only with :data:`MIN_GROUP` games a side.
* **Which choices win** by intervention (:mod:`bodoge.sim.effects`): the
  effect of a choice on the chooser's chance of winning, measured by playing
  sampled decisions on both ways; the Fisher comparison above is kept as a
  description.  **Dealt a card**: seat-games dealt it against those dealt
  none, the same Fisher test and Newcombe interval, randomised by the deal.

>>> from bodoge.sim import run_many
>>> analysis = analyse(list(run_many("egyptian-bride", 3, seed=1, n=30)))
>>> [group.games for group in analysis.groups], len(analysis.groups[0].seats)
([30], 3)
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine import Game, InvalidOptions
from .inference import (
    ALPHA,
    MIN_EXPECTED,
    MIN_GROUP,
    Z95,
    binomial_p,
    chi2_sf,
    fisher_p,
    holm,
    mean_interval,
    newcombe,
    normal_p,
    quantile,
    seat_test,
    sign_flip_p,
    wilson,
)
from .play import NORMAL, PHASES, STOPPED, GameResult
from .summaries import (
    CURVE_POINTS,
    ActionSummary,
    Analysis,
    BotSummary,
    ChoiceWin,
    Comparison,
    Difference,
    Effect,
    EndingWins,
    Group,
    HowWon,
    LengthBin,
    SeatSummary,
    TeamSummary,
    Timeline,
)

__all__ = [
    "ALPHA",
    "MIN_EXPECTED",
    "MIN_GROUP",
    "Z95",
    "ActionSummary",
    "Analysis",
    "BotSummary",
    "ChoiceWin",
    "Comparison",
    "Difference",
    "Effect",
    "EndingWins",
    "Group",
    "HowWon",
    "LengthBin",
    "SeatSummary",
    "TeamSummary",
    "Timeline",
    "analyse",
    "chi2_sf",
    "contrasts",
    "holm",
    "mean_interval",
    "newcombe",
    "normal_p",
    "quantile",
    "seat_test",
    "wilson",
]


def group_key(result: GameResult) -> str:
    return json.dumps(
        [result.num_players, dict(result.options), dict(result.design)], sort_keys=True
    )


ScoreBands = Callable[[int], Sequence[tuple[float | None, Any]]]
"""A game's named bands of final scores for a player count (``Game.score_bands``)."""


def analyse(
    results: Sequence[GameResult],
    action_types: object = None,
    *,
    cooperative: bool | None = None,
    bands: ScoreBands | None = None,
) -> Analysis:
    """Summarise ``results``: one group per variant, and each variant against its baseline.

    A variant's baseline is the first variant with the same player count
    (player counts are compared side by side, not as differences).  Action
    types "never chosen" are those that were legal at some decision and
    never taken (rows record what was legal; ``action_types`` is accepted
    for compatibility and unused).  ``cooperative`` (default: the
    registered game's flag) makes every group report the team's success
    instead of seats; ``bands`` names score bands.  Seat tests are
    Holm-adjusted over the groups, differences over all comparisons.
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
    game = games.pop()
    if cooperative is None:
        cooperative = _registered_cooperative(game)
    dealer = _registered(game)
    groups = tuple(_group(key, buckets[key], cooperative, bands, dealer) for key in keys)
    adjusted = holm([group.p_value for group in groups])
    groups = tuple(
        dataclasses.replace(group, p_adjusted=p) for group, p in zip(groups, adjusted, strict=True)
    )
    varying = _varying(groups)
    baselines: dict[int, Group] = {}
    for group in groups:
        baselines.setdefault(group.num_players, group)
    comparisons = _holm_differences(
        [
            _compare(group, baselines[group.num_players])
            for group in groups
            if group is not baselines[group.num_players]
        ]
    )
    return Analysis(game, groups, comparisons, varying)


def _registered(game_id: str) -> Game | None:
    from ..engine import UnknownGame, get_game

    try:
        return get_game(game_id) if game_id else None
    except UnknownGame:
        return None


def _registered_cooperative(game_id: str) -> bool:
    game = _registered(game_id)
    return game is not None and game.cooperative


def _holm_differences(comparisons: list[Comparison]) -> tuple[Comparison, ...]:
    """Every difference with its p-value Holm-adjusted over the whole family."""
    family = [d.p_value for c in comparisons for d in c.differences]
    adjusted = iter(holm(family))
    return tuple(
        dataclasses.replace(
            c,
            differences=tuple(
                dataclasses.replace(d, p_adjusted=next(adjusted)) for d in c.differences
            ),
        )
        for c in comparisons
    )


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


def _group(
    key: str,
    games: list[GameResult],
    cooperative: bool,
    bands: ScoreBands | None,
    game: Game | None = None,
) -> Group:
    ordered = sorted(games, key=lambda r: (r.index, r.seed))
    n = ordered[0].num_players
    count = len(ordered)
    shares = [[0.0] * count for _ in range(n)]
    for i, result in enumerate(ordered):
        for seat in result.winners:
            shares[seat][i] = 1.0 if cooperative else 1 / len(result.winners)
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
    p = math.nan if count < MIN_GROUP else p
    endings = {NORMAL: 0, STOPPED: 0}
    for result in ordered:
        endings[result.ending] = endings.get(result.ending, 0) + 1
    first = ordered[0]
    actions = _actions(ordered, n)
    fair = with_winner / count / n
    per_game = [shares[0][i] - (1 / n if r.winners else 0.0) for i, r in enumerate(ordered)]
    advantage, advantage_margin = mean_interval(per_game)
    seat_p = [] if cooperative else holm([_seat_p(seat.wins, count, fair) for seat in seats])
    return Group(
        key=key,
        num_players=n,
        options=dict(first.options),
        design=dict(first.design),
        games=count,
        seats=tuple(seats),
        bots=bots,
        seats_comparable=len(bots) == 1 or not fixed,
        fair=fair,
        chi2=statistic,
        df=df,
        p_value=p,
        lengths=tuple(r.actions for r in ordered),
        endings=endings,
        no_winner=count - with_winner,
        shared=sum(1 for r in ordered if len(r.winners) > 1),
        actions=actions,
        never_chosen=tuple(a.kind for a in actions if a.legal and not a.total),
        results=tuple(ordered),
        cooperative=cooperative,
        team=_team(ordered, bands) if cooperative or n == 1 else None,
        advantage=advantage,
        advantage_margin=advantage_margin,
        seat_p=tuple(seat_p),
        won=None if cooperative else _how_won(ordered),
        length_bins=() if cooperative else _length_bins(ordered, shares),
        choices=() if cooperative or n < 2 else _choices(ordered, shares, _by_type),
        subjects=() if cooperative or n < 2 else _choices(ordered, shares, _by_subject),
        dealt=() if cooperative or n < 2 else _dealt(ordered, shares, game),
        units=_units(ordered),
        by_ending=() if cooperative else _by_ending(ordered, shares),
        timeline=None if cooperative or n < 2 else _timeline(ordered),
    )


def score_at(trace: Sequence[tuple[int, Sequence[float]]], step: int) -> Sequence[float]:
    """The scores after ``step`` actions: the last entry of the trace at or before it."""
    current = trace[0][1]
    for at, scores in trace:
        if at > step:
            break
        current = scores
    return current


def leader(scores: Sequence[float]) -> int | None:
    """The one seat with the highest score, or ``None`` on a tie at the top."""
    best = max(scores)
    top = [seat for seat, score in enumerate(scores) if score == best]
    return top[0] if len(top) == 1 else None


def _samples(result: GameResult) -> list[tuple[float, ...]]:
    """The scores after 0, 10, …, 100 % of the game's actions, in one pass over the trace."""
    samples: list[tuple[float, ...]] = []
    entry = 0
    trace = result.trace
    for point in range(CURVE_POINTS):
        step = round(point * result.actions / (CURVE_POINTS - 1))
        while entry + 1 < len(trace) and trace[entry + 1][0] <= step:
            entry += 1
        samples.append(trace[entry][1])
    return samples


def _timeline(ordered: Sequence[GameResult]) -> Timeline | None:
    traced = [r for r in ordered if r.trace]
    if not traced:
        return None
    n = traced[0].num_players
    changes = []
    half_games = half_won = 0
    decided: list[float] = []
    curve = [[0.0] * CURVE_POINTS for _ in range(n)]
    for result in traced:
        leaders = [leader(scores) for _, scores in result.trace]
        held = [seat for seat in leaders if seat is not None]
        changes.append(sum(1 for a, b in itertools.pairwise(held) if a != b))
        for point, scores in enumerate(_samples(result)):
            for seat, score in enumerate(scores):
                curve[seat][point] += float(score)
        if len(result.winners) != 1:
            continue
        (winner,) = result.winners
        half = leader(score_at(result.trace, result.actions // 2))
        if half is not None:
            half_games += 1
            half_won += half == winner
        if leaders[-1] == winner and result.actions:
            others = [i for i, seat in enumerate(leaders) if seat != winner]
            taken = result.trace[others[-1] + 1][0] if others else 0  # led from the start
            decided.append(taken / result.actions)
    return Timeline(
        games=len(traced),
        lead_changes=statistics.fmean(changes),
        half_games=half_games,
        half_won=half_won,
        decided_median=statistics.median(decided) if decided else math.nan,
        curve=tuple(tuple(total / len(traced) for total in seat) for seat in curve),
    )


Tallies = tuple[tuple[Mapping[str, int], ...], tuple[Mapping[str, int], ...]]
"""Per seat of one game: how often each thing was legal, and how often it was chosen."""


def _by_type(result: GameResult) -> Tallies:
    return result.legal, result.counts


def _by_subject(result: GameResult) -> Tallies:
    return result.subject_legal, result.subjects


def _choices(
    ordered: Sequence[GameResult],
    shares: Sequence[Sequence[float]],
    tallies: Callable[[GameResult], Tallies],
) -> tuple[ChoiceWin, ...]:
    """Per action type (or card): win rate of seat-games that chose it against those that passed."""
    if not all(tallies(result)[0] for result in ordered):
        return ()
    chose: dict[str, list[float]] = {}
    passed: dict[str, list[float]] = {}
    times: dict[str, int] = {}
    decisions: dict[str, int] = {}
    for i, result in enumerate(ordered):
        legal_by_seat, chosen_by_seat = tallies(result)
        for seat, legal in enumerate(legal_by_seat):
            for kind, count in legal.items():
                if count:
                    picked = chosen_by_seat[seat].get(kind, 0)
                    side = chose if picked else passed
                    side.setdefault(kind, []).append(shares[seat][i])
                    times[kind] = times.get(kind, 0) + picked
                    decisions[kind] = decisions.get(kind, 0) + count
    return contrasts(chose, passed, times, decisions)


def contrasts(
    chose: Mapping[str, Sequence[float]],
    passed: Mapping[str, Sequence[float]],
    times: Mapping[str, int] | None = None,
    decisions: Mapping[str, int] | None = None,
) -> tuple[ChoiceWin, ...]:
    """Per kind in both ``chose`` and ``passed`` (the win shares of each side's seat-games):
    the two win rates, their difference with Newcombe's interval and Fisher's test, Holm-adjusted
    over the kinds, the tested first by p; a side under :data:`MIN_GROUP` is not tested."""
    rows = []
    tests = []
    for kind in sorted(set(chose) & set(passed)):
        a, b = chose[kind], passed[kind]
        rate_a, rate_b = math.fsum(a) / len(a), math.fsum(b) / len(b)
        interval_a, interval_b = wilson(math.fsum(a), len(a)), wilson(math.fsum(b), len(b))
        low, high = newcombe(rate_a, interval_a, rate_b, interval_b)
        row = ChoiceWin(
            kind,
            len(a),
            rate_a,
            *interval_a,
            len(b),
            rate_b,
            *interval_b,
            rate_a - rate_b,
            (high - low) / 2,
            difference_low=low,
            difference_high=high,
            times=(times or {}).get(kind, 0),
            legal=(decisions or {}).get(kind, 0),
        )
        rows.append(row)
        won_a, won_b = sum(1 for x in a if x > 0), sum(1 for x in b if x > 0)
        tests.append(math.nan if row.too_few else fisher_p(won_a, len(a), won_b, len(b)))
    adjusted = holm(tests)
    ranked = [dataclasses.replace(r, p_adjusted=p) for r, p in zip(rows, adjusted, strict=True)]
    return tuple(sorted(ranked, key=lambda r: (_p_rank(r.p_adjusted), -abs(r.difference), r.kind)))


def _dealt(
    ordered: Sequence[GameResult], shares: Sequence[Sequence[float]], game: Game | None
) -> tuple[ChoiceWin, ...]:
    """Per card the game deals (``Game.dealt_subjects``): the win rate of seat-games dealt it
    against those dealt none, a comparison the shuffle randomises.  The opening hands are
    dealt again from each game's seed, so rows written before this was kept are read too."""
    if game is None or type(game).dealt_subjects is Game.dealt_subjects:
        return ()
    held: list[list[frozenset[str]]] = []
    for result in ordered:
        try:
            start = game.new_game(result.num_players, result.seed, result.options, result.design)
        except InvalidOptions:
            return ()
        hands = [game.dealt_subjects(start, seat) for seat in range(result.num_players)]
        known = [hand for hand in hands if hand is not None]
        if len(known) < len(hands):
            return ()
        held.append(known)
    kinds = sorted({kind for table in held for hand in table for kind in hand})
    dealt: dict[str, list[float]] = {kind: [] for kind in kinds}
    not_dealt: dict[str, list[float]] = {kind: [] for kind in kinds}
    for i, table in enumerate(held):
        for seat, hand in enumerate(table):
            for kind in kinds:
                (dealt if kind in hand else not_dealt)[kind].append(shares[seat][i])
    return contrasts(
        {k: v for k, v in dealt.items() if v}, {k: v for k, v in not_dealt.items() if v}
    )


def _p_rank(p: float) -> float:
    """Sort key: the untested (``nan``) after every tested p."""
    return p if not math.isnan(p) else math.inf


def _units(ordered: Sequence[GameResult]) -> tuple[int, ...]:
    units = [result.units for result in ordered]
    return () if None in units else tuple(u for u in units if u is not None)


def _by_ending(
    ordered: Sequence[GameResult], shares: Sequence[Sequence[float]]
) -> tuple[EndingWins, ...]:
    """Each seat's win rate among the games that ended each way (if there was more than one)."""
    games: dict[str, list[int]] = {}
    for i, result in enumerate(ordered):
        games.setdefault(result.how, []).append(i)
    if len(games) < 2:
        return ()
    rows = []
    for how in sorted(games):
        picked = games[how]
        wins = [math.fsum(seat[i] for i in picked) for seat in shares]
        intervals = [wilson(won, len(picked)) for won in wins]
        rows.append(
            EndingWins(
                how,
                len(picked),
                sum(1 for i in picked if not ordered[i].winners),
                tuple(won / len(picked) for won in wins),
                tuple(low for low, _ in intervals),
                tuple(high for _, high in intervals),
            )
        )
    return tuple(rows)


def _seat_p(wins: float, games: int, fair: float) -> float:
    """Two-sided p of a seat's win rate against the fair share: the exact binomial test
    (a shared win's fraction rounded to the nearest whole win)."""
    if games < MIN_GROUP:
        return math.nan
    return binomial_p(round(wins), games, fair)


def _team(ordered: Sequence[GameResult], bands: ScoreBands | None) -> TeamSummary:
    """The team's wins and score (a co-operative game's seats share one fate and score)."""
    count = len(ordered)
    wins = sum(1 for r in ordered if r.winners)
    scores = tuple(float(max(r.scores)) for r in ordered)
    named: list[tuple[Any, int]] = []
    if bands is not None:
        table = list(bands(ordered[0].num_players))
        tally = [0] * len(table)
        for score in scores:
            tally[_band(score, table)] += 1
        named = [(name, games) for (_, name), games in zip(table, tally, strict=True)]
    return TeamSummary(
        wins,
        wins / count,
        *wilson(wins, count),
        statistics.fmean(scores),
        statistics.stdev(scores) if count > 1 else 0.0,
        scores,
        tuple(named),
    )


def _band(score: float, table: Sequence[tuple[float | None, Any]]) -> int:
    for index, (below, _) in enumerate(table):
        if below is None or score < below:
            return index
    return len(table) - 1


def _how_won(ordered: Sequence[GameResult]) -> HowWon:
    n = ordered[0].num_players
    everything = [float(score) for r in ordered for score in r.scores]
    spread = max(everything) - min(everything)
    margins = []
    ranks = [[0] * n for _ in range(n)]
    for result in ordered:
        for seat, place in enumerate(finishing_places(result)):
            ranks[seat][place] += 1
        if len(result.winners) != 1 or n < 2:
            continue
        (winner,) = result.winners
        best_other = max(float(s) for seat, s in enumerate(result.scores) if seat != winner)
        margins.append(float(result.scores[winner]) - best_other)
    return HowWon(
        decided=len(margins),
        margin_mean=statistics.fmean(margins) if margins else math.nan,
        margin_median=statistics.median(margins) if margins else math.nan,
        relative_mean=statistics.fmean(m / spread for m in margins) if margins and spread else 0.0,
        tie_break=sum(1 for m in margins if m <= 0),
        one_point=sum(1 for m in margins if m == 1),
        ranks=tuple(tuple(row) for row in ranks),
    )


def finishing_places(result: GameResult) -> list[int]:
    """Each seat's place, 0 the best: winners first, then by score; equal ones share a place.

    >>> r = GameResult(0, 0, 4, ("random",) * 4, (5, 9, 5, 1), (0,), 10)
    >>> finishing_places(r)
    [0, 1, 2, 3]
    """
    keys = [(seat in result.winners, float(score)) for seat, score in enumerate(result.scores)]
    return [sum(1 for other in keys if other > mine) for mine in keys]


LENGTH_BINS = 5
"""Games are split into at most this many bands of length, of about equal counts."""


def _length_bins(
    ordered: Sequence[GameResult], shares: Sequence[Sequence[float]]
) -> tuple[LengthBin, ...]:
    """Each seat's win rate in each band of game lengths, with a seat test per band.

    Bands cut the sorted lengths into :data:`LENGTH_BINS` parts of about
    equal counts, never splitting equal lengths; each band's seat test is
    Holm-adjusted over the bands.  A band of fewer than :data:`MIN_GROUP`
    games is not tested (too few games to say), like every group here.
    """
    n = ordered[0].num_players
    indices = sorted(range(len(ordered)), key=lambda i: ordered[i].actions)
    edges: list[list[int]] = []
    target = len(indices) / LENGTH_BINS
    for i in indices:
        if not edges or (
            len(edges[-1]) >= target and ordered[i].actions != ordered[edges[-1][-1]].actions
        ):
            edges.append([])
        edges[-1].append(i)
    if len(edges) < 2 or n < 2:
        return ()
    bins = []
    for members in edges:
        wins = [math.fsum(shares[seat][i] for i in members) for seat in range(n)]
        bins.append(
            LengthBin(
                low=ordered[members[0]].actions,
                high=ordered[members[-1]].actions,
                games=len(members),
                rates=tuple(w / len(members) for w in wins),
                p_value=seat_test(wins)[2] if len(members) >= MIN_GROUP else math.nan,
            )
        )
    adjusted = holm([b.p_value for b in bins])
    return tuple(dataclasses.replace(b, p_adjusted=p) for b, p in zip(bins, adjusted, strict=True))


def _actions(ordered: Sequence[GameResult], n: int) -> tuple[ActionSummary, ...]:
    per_seat: dict[str, list[int]] = {}
    by_phase: dict[str, list[int]] = {}
    recorded = all(result.legal for result in ordered)
    legal: dict[str, int] = {}
    for result in ordered:
        for counts in result.legal:
            for kind, count in counts.items():
                legal[kind] = legal.get(kind, 0) + count
                per_seat.setdefault(kind, [0] * n)
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
            legal=legal.get(kind, 0) if recorded else None,
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
            p = sign_flip_p(deltas) if len(matched) >= MIN_GROUP else math.nan
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
            few = min(len(ours), len(theirs)) < MIN_GROUP
            p = math.nan if few else normal_p(difference, margin)
        metric, seat = name
        differences.append(
            Difference(metric, seat, before, value, difference, margin, pairs, paired, p_value=p)
        )
    return Comparison(group, baseline, tuple(differences))
