"""What the balance report says in plain words: its findings, ranked.

An *effect* the tests call real (a seat's advantage, a choice's effect by
intervention, a card dealt, a variant's difference) is a finding, ranked by
its size and then its evidence; what the report only describes (length,
the choices of the winners) is said, never ranked as a finding.  Below
:data:`~bodoge.sim.analysis.MIN_GROUP` games nothing is tested and the
words say "too few games to say".
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Game, UnknownGame, get_game, seat_name
from .inference import ALPHA, MIN_EXPECTED, MIN_GROUP, POWER, detectable_gap
from .play import STOPPED
from .report_words import (
    T,
    _signed_points,
    format_amount,
    format_margin,
    format_p,
    format_percent,
    format_points,
    metric_name,
)
from .summaries import Analysis, Comparison, Group

SMALL_EDGE = 0.02
"""A seat whose win rate is within two percentage points of the fair share is called
a small difference, however significant (many games detect tiny edges)."""


SMALL_BASELINE = 0.05
"""A seat test that cannot see gaps under five percentage points is a small baseline:
a call-out on it says so."""


@dataclass(frozen=True)
class Finding:
    """One sentence of the summary, the plot that shows it, and what ranks it.

    ``tier`` 0: an effect the tests call real (ranked by ``size``, then
    evidence ``p``); 1: a description (length, actions).
    """

    text: str
    anchor: str = ""
    tier: int = 1
    size: float = 0.0
    p: float = 1.0


def summary(analysis: Analysis, lang: str) -> list[str]:
    """Plain sentences on what looks unbalanced, each with its evidence."""
    return [finding.text for finding in findings(analysis, lang)]


def findings(analysis: Analysis, lang: str) -> list[Finding]:
    """Per variant: its verdict, then its effects by size and evidence, then the rest."""
    lines: list[Finding] = []
    many = len(analysis.groups) > 1
    for number, group in enumerate(analysis.groups):
        if many:
            name = analysis.label(group) or T["defaults"](lang)
            lines.append(Finding(T["s_variant_group"].format(variant=name)(lang)))
        lines.extend(_group_findings(group, number, len(analysis.groups), lang))
    for comparison in analysis.comparisons:
        lines.extend(
            Finding(text, "comparison") for text in _comparison_summary(analysis, comparison, lang)
        )
    return lines


def _group_findings(group: Group, number: int, groups: int, lang: str) -> list[Finding]:
    anchor = f"v{number}"
    head = _verdict(group, anchor, groups, lang)
    effects = sorted(
        _seat_findings(group, anchor, lang)
        + _length_findings(group, anchor, lang)
        + _won_findings(group, anchor, lang)
        + _effect_findings(group, anchor, lang)
        + _dealt_findings(group, anchor, lang)
        + _timeline_findings(group, anchor, lang),
        key=lambda f: (f.tier, -f.size, f.p),
    )
    return head + effects + _descriptions(group, anchor, lang)


def _verdict(group: Group, anchor: str, groups: int, lang: str) -> list[Finding]:
    """The variant's first line: the team's success, or the seat test and its power."""
    if group.team is not None:
        return [_team_line(group, anchor, lang)]
    if not group.seats_comparable:
        return [Finding(T["s_seat_unknown"](lang), f"{anchor}-win")]
    p = group.p_adjusted
    if math.isnan(p):
        return [
            Finding(
                T["s_too_few"].format(games=group.games, min=MIN_GROUP, expected=MIN_EXPECTED)(
                    lang
                ),
                f"{anchor}-win",
            )
        ]
    p_text = format_p(p, lang) + (T["s_holm"].format(k=groups)(lang) if groups > 1 else "")
    gap = power_gap(group, groups)
    power = Finding(T["s_power"].format(**power_words(group, groups, lang))(lang), f"{anchor}-win")
    if p < ALPHA:
        worst = max(group.seats, key=lambda s: abs(s.win_rate - group.fair))
        small = abs(worst.win_rate - group.fair) < SMALL_EDGE
        text = T["s_seat_small" if small else "s_seat_bias"].format(
            seat=seat_name(worst.seat, lang),
            rate=format_percent(worst.win_rate),
            margin=format_percent((worst.high - worst.low) / 2),
            fair=format_percent(group.fair),
            p=p_text,
        )(lang)
        if gap > SMALL_BASELINE:
            text += " " + T["s_small_baseline"].format(
                games=group.games, gap=format_points(round(100 * gap, 1), lang, percentage=True)
            )(lang)
        return [Finding(text, f"{anchor}-win", 0, abs(worst.win_rate - group.fair), p), power]
    rates = [s.win_rate for s in group.seats]
    fair = T["s_seat_fair"].format(
        low=format_percent(min(rates)),
        high=format_percent(max(rates)),
        fair=format_percent(group.fair),
        p=p_text,
        games=group.games,
    )(lang)
    return [Finding(fair, f"{anchor}-win"), power]


def power_gap(group: Group, groups: int) -> float:
    """The seat gap the group's seat test detects with :data:`POWER`, at its level.

    With several variants the seat tests are Holm-adjusted over them; the
    level is then that of Holm's first step, ``ALPHA / groups``.
    """
    return detectable_gap(group.games, group.fair, group.num_players, ALPHA / groups)


def power_words(group: Group, groups: int, lang: str) -> dict[str, object]:
    """The values of the power line (``power``, ``s_power``)."""
    return {
        "games": group.games,
        "gap": format_points(round(100 * power_gap(group, groups), 1), lang, percentage=True),
        "seats": group.num_players,
        "power": f"{100 * POWER:.0f} %",
        "level": f"{100 * ALPHA / groups:.2g} %",
    }


def _team_line(group: Group, anchor: str, lang: str) -> Finding:
    team = group.team
    assert team is not None
    key = "s_one_seat" if group.num_players == 1 else "s_team"
    text = T[key].format(
        rate=format_percent(team.rate),
        margin=format_percent((team.high - team.low) / 2),
        mean=f"{team.score_mean:.1f}",
        sd=f"{team.score_sd:.1f}",
        games=group.games,
    )(lang)
    if team.bands:
        words = ", ".join(
            f"{name(lang) if callable(name) else name} {format_percent(count / group.games)}"
            for name, count in team.bands
            if count
        )
        text += " " + T["s_bands"].format(bands=words)(lang)
    return Finding(text, f"{anchor}-team")


def _seat_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    """Every seat whose win rate differs from the fair share (Holm over seats), but the worst."""
    if group.team is not None or not group.seats_comparable or not group.p_adjusted < ALPHA:
        return []
    worst = max(group.seats, key=lambda s: abs(s.win_rate - group.fair))
    lines = []
    for seat, p in zip(group.seats, group.seat_p, strict=True):
        if seat is worst or not p < ALPHA:
            continue
        gap = seat.win_rate - group.fair
        lines.append(
            Finding(
                T["s_seat_also"].format(
                    seat=seat_name(seat.seat, lang),
                    rate=format_percent(seat.win_rate),
                    margin=format_percent((seat.high - seat.low) / 2),
                    gap=f"{100 * gap:+.1f}",
                    p=format_p(p, lang),
                )(lang),
                f"{anchor}-win",
                0,
                abs(gap),
                p,
            )
        )
    return lines


def _length_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    """Bands of game length in which one seat wins far from its overall rate.

    Described, not ranked among the balance findings: a band's seat mostly
    says whose turn ends a game of that length.
    """
    lines = []
    for band in group.length_bins:
        if not band.p_adjusted < ALPHA:
            continue
        seat = max(
            range(len(band.rates)),
            key=lambda s: abs(band.rates[s] - group.seats[s].win_rate),
        )
        lines.append(
            Finding(
                T["s_length_band"].format(
                    share=format_percent(band.games / group.games),
                    low=band.low,
                    high=band.high,
                    seat=seat_name(seat, lang),
                    rate=format_percent(band.rates[seat]),
                    overall=format_percent(group.seats[seat].win_rate),
                    p=format_p(band.p_adjusted, lang),
                )(lang),
                f"{anchor}-bands",
                1,
            )
        )
    return lines


def _timeline_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    line = group.timeline
    if line is None or not line.half_games:
        return []
    text = T["s_timeline"].format(
        won=format_percent(line.half_won / line.half_games),
        changes=f"{line.lead_changes:.1f}",
        decided=format_percent(line.decided_median)
        if line.decided_median == line.decided_median
        else "—",
    )
    return [Finding(text(lang), f"{anchor}-timeline")]


def _effect_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    """Choices whose effect on the chooser's chance of winning the paired play-outs find."""
    name = subject_namer(group.results[0].game, lang)
    return [
        Finding(
            T["s_effect"].format(
                kind=name(effect.kind) if effect.subject else effect.kind,
                **_signed_points(effect.mean, effect.low, effect.high),
                n=effect.decisions,
                p=format_p(effect.p_adjusted, lang),
            )(lang),
            f"{anchor}-effects",
            0,
            abs(effect.mean),
            effect.p_adjusted,
        )
        for effect in group.effects
        if effect.finding
    ]


def _dealt_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    """Cards whose holders from the deal win clearly more or less often than the rest."""
    name = subject_namer(group.results[0].game, lang)
    return [
        Finding(
            T["s_dealt"].format(
                kind=name(row.kind),
                chose=format_percent(row.chose_rate),
                passed=format_percent(row.passed_rate),
                **_signed_points(row.difference, row.difference_low, row.difference_high),
                p=format_p(row.p_adjusted, lang),
            )(lang),
            f"{anchor}-dealt",
            0,
            abs(row.difference),
            row.p_adjusted,
        )
        for row in group.dealt
        if row.p_adjusted < ALPHA
    ]


def subject_namer(game_id: str, lang: str) -> Callable[[str], str]:
    """The player-facing name of a card key (``Game.subject_name``); the key for an unknown game."""
    game = known_game(game_id)
    return str if game is None else lambda key: game.subject_name(key, lang)


def ending_namer(game_id: str, lang: str) -> Callable[[str], str]:
    """The player-facing name of a ``how_ended`` key (``Game.ending_name``; "" the ordinary
    end); the key for an unknown game."""
    game = known_game(game_id)

    def name(key: str) -> str:
        if not key:
            return T["ordinary_end"](lang)
        return key if game is None else game.ending_name(key, lang)

    return name


def known_game(game_id: str) -> Game | None:
    try:
        return get_game(game_id)
    except UnknownGame:
        return None


def _won_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    won = group.won
    if won is None or not won.decided:
        return []
    return [
        Finding(
            T["s_close"].format(
                share=format_percent(won.close),
                tie=format_percent(won.tie_break / won.decided),
                one=format_percent(won.one_point / won.decided),
                margin=format_points(round(won.margin_median, 1), lang),
            )(lang),
            f"{anchor}-won",
        )
    ]


def _descriptions(group: Group, anchor: str, lang: str) -> list[Finding]:
    lines = []
    if len(group.bots) > 1:
        ranked = sorted(group.bots, key=lambda b: -b.win_rate)
        words = ", ".join(
            f"{b.bot} {format_percent(b.win_rate)} ± {format_percent((b.high - b.low) / 2)}"
            for b in ranked
        )
        lines.append(Finding(T["s_bots"].format(list=words)(lang), f"{anchor}-win"))
    stopped = group.endings.get(STOPPED, 0)
    if stopped:
        text = T["s_stopped"].format(share=format_percent(stopped / group.games), count=stopped)
        lines.append(Finding(text(lang), f"{anchor}-length"))
    if group.no_winner > stopped and group.team is None:
        text = T["s_no_winner"].format(
            share=format_percent(group.no_winner / group.games), count=group.no_winner
        )
        lines.append(Finding(text(lang), f"{anchor}-length"))
    lines.extend(Finding(text, f"{anchor}-length") for text in _length_lines(group, lang))
    lines.extend(Finding(text, f"{anchor}-actions") for text in _action_lines(group, lang))
    return lines


def _length_lines(group: Group, lang: str) -> list[str]:
    stopped = group.endings.get(STOPPED, 0)
    lines = [
        T["s_length"].format(
            mean=group.length_mean,
            low=group.length_quantile(0.05),
            high=group.length_quantile(0.95),
        )(lang)
    ]
    median = group.length_quantile(0.5)
    top = max(group.lengths)
    if median > 0 and top > 3 * median:
        lines.append(T["s_long_tail"].format(top=top, ratio=top / median)(lang))
    near_top = sum(1 for length in group.lengths if length >= 0.95 * top)
    if not stopped and median > 0 and top > 2 * median and near_top >= 0.05 * group.games:
        lines.append(
            T["s_pile_up"].format(
                share=format_percent(near_top / group.games), low=math.ceil(0.95 * top), top=top
            )(lang)
        )
    return lines


def _action_lines(group: Group, lang: str) -> list[str]:
    lines = []
    if group.actions:
        first = group.actions[0]
        lines.append(
            T["s_dominant"].format(kind=first.kind, share=format_percent(first.share))(lang)
        )
        shifting = max(group.actions, key=lambda a: abs(a.by_phase[0] - a.by_phase[-1]))
        if abs(shifting.by_phase[0] - shifting.by_phase[-1]) >= 0.15:
            lines.append(
                T["s_shift"].format(
                    kind=shifting.kind,
                    early=format_percent(shifting.by_phase[0]),
                    late=format_percent(shifting.by_phase[-1]),
                )(lang)
            )
    if group.never_chosen:
        lines.append(T["s_never"].format(kinds=", ".join(group.never_chosen))(lang))
    return lines


def _comparison_summary(analysis: Analysis, comparison: Comparison, lang: str) -> list[str]:
    name = analysis.label(comparison.group)
    found = [d for d in comparison.differences if d.significant and d.metric != "score"]
    found.sort(key=lambda d: d.p_adjusted)
    if all(math.isnan(d.p_value) for d in comparison.differences):
        few = min(d.pairs for d in comparison.differences) if comparison.differences else 0
        return [T["s_variant_few"].format(variant=name, pairs=few, min=MIN_GROUP)(lang)]
    if not found:
        return [T["s_variant_none"].format(variant=name)(lang)]
    lines = []
    for difference in found:
        how = T["s_pairs"].format(pairs=difference.pairs) if difference.paired else T["s_unpaired"]
        lines.append(
            T["s_variant"].format(
                variant=name,
                metric=metric_name(difference, lang),
                base=format_amount(difference.metric, difference.baseline),
                value=format_amount(difference.metric, difference.value),
                diff=format_amount(difference.metric, difference.difference, signed=True),
                margin=format_margin(difference.metric, difference.margin),
                how=how(lang),
            )(lang)
        )
    return lines
