"""The designer's balance report: one self-contained HTML page from simulated games.

:func:`build_report` turns results (the rows of ``bodoge sim --out``) into
one HTML file a designer can send to a co-designer: every plot is inline
SVG drawn by matplotlib (Agg, text kept as text), styles are inline, and
nothing is fetched when it is opened.  Tables and text go through Jinja2
(``templates/report.html``).  The numbers and tests are those of
:mod:`bodoge.sim.analysis`; the page is assembled here from its parts:
the findings in plain words (:mod:`.findings`: ja or en, what looks
unbalanced, with the evidence), the plots (:mod:`.plots`, which need
matplotlib) and the words (:mod:`.report_words`).

>>> from bodoge.sim import run_many
>>> page = build_report(list(run_many("egyptian-bride", 3, seed=1, n=12)), "en")
>>> page.startswith("<!DOCTYPE html>") and page.count("<svg") >= 4
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

import jinja2

from ..engine import Game, seat_name
from ..engine.text import FONT_STACK
from . import report_words as words
from .analysis import analyse
from .backends import Backend
from .effects import EffectBudget, with_effects
from .findings import (
    Finding,
    ending_namer,
    findings,
    known_game,
    power_words,
    subject_namer,
    summary,
)
from .inference import MIN_GROUP
from .play import STOPPED, GameResult
from .plots import COLOURS, Plots, ReportMissing, few_scores
from .summaries import Analysis, Group

__all__ = ["COLOURS", "Finding", "Plots", "ReportMissing", "build_report", "findings", "summary"]


def build_report(
    results: Sequence[GameResult],
    lang: str = "en",
    *,
    advance: Callable[[str], None] | None = None,
    effects: EffectBudget | None = None,
    backend: Backend | None = None,
) -> str:
    """The HTML page for ``results``; ``advance(step)`` is called as each part is done.

    With ``effects``, every choice's effect is measured by playing the games' decisions on
    both ways (:mod:`bodoge.sim.effects`): the costly part of a report, and the only part
    that plays (on ``backend``'s workers when given: the same effects either way)."""
    if not results:
        raise ValueError("no games to report on")
    step = advance or (lambda name: None)
    plots = Plots()
    game = known_game(results[0].game)
    analysis = analyse(results, bands=None if game is None else game.score_bands)
    step("analysis")
    if effects is not None and game is not None:
        analysis = with_effects(analysis, effects, backend=backend)
    step("effects")
    sections = []
    for group in analysis.groups:
        sections.append(
            {
                "group": group,
                "label": analysis.label(group) or words.T["defaults"](lang),
                "win_plot": plots.win_rates(group),
                "score_plot": plots.scores(group),
                "score_caption": "scores_bars" if few_scores(group) else "scores_caption",
                "length_plot": plots.lengths(group),
                "phase_plot": plots.phases(group) if group.actions else "",
                "timeline_plot": plots.timeline(group) if group.timeline else "",
            }
        )
        step("variant")
    difference_plot = plots.differences(analysis) if analysis.comparisons else ""
    step("comparison")
    from .. import __version__

    bots = sorted({bot for result in results for bot in result.bots})
    title = game.title(lang) if game is not None else analysis.game
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("bodoge.sim", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["percent"] = words.format_percent
    environment.filters["p"] = lambda value: words.format_p(value, lang)
    template = environment.get_template("report.html")
    page = template.render(
        lang=lang,
        fonts=FONT_STACK,
        t=lambda key, **values: words.T[key].format(**values)(lang),
        seat_name=lambda seat: seat_name(seat, lang),
        title=words.T["title"].format(game=title)(lang),
        analysis=analysis,
        sections=sections,
        summary=findings(analysis, lang),
        points=lambda value, percentage=False: words.format_points(value, lang, percentage),
        player_counts=_player_counts(analysis),
        family=sum(len(c.differences) for c in analysis.comparisons),
        spread=_mean_spread,
        power_words=lambda group: power_words(group, len(analysis.groups), lang),
        min_group=MIN_GROUP,
        difference_plot=difference_plot,
        metric_name=lambda d: words.metric_name(d, lang),
        amount=words.format_amount,
        margin=words.format_margin,
        phase_names=[name(lang) for name in words.PHASE_NAMES],
        bots=", ".join(bots),
        version=__version__,
        stopped=STOPPED,
        subject_name=subject_namer(analysis.game, lang),
        ending_name=ending_namer(analysis.game, lang),
        unit=(game.length_unit if game is not None else Game.length_unit)(lang),
    )
    step("page")
    return _compact(page)


def _mean_spread(group: Group) -> float:
    return math.fsum(max(r.scores) - min(r.scores) for r in group.results) / group.games


def _player_counts(analysis: Analysis) -> list[Group]:
    """The baseline group of each player count, when the analysis has several counts."""
    first: dict[int, Group] = {}
    for group in analysis.groups:
        first.setdefault(group.num_players, group)
    return list(first.values()) if len(first) > 1 else []


def _compact(page: str) -> str:
    """Drop the blank lines matplotlib's SVG and the template leave."""
    return re.sub(r"\n\s*\n", "\n", page)
