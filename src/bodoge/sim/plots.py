"""The balance report's plots: inline SVG drawn by matplotlib (Agg, text kept as text).

matplotlib is an optional dependency (``bodoge[sim]``); without it
:class:`ReportMissing` says how to install it.  Each plot is drawn from an
analysis alone and returned as SVG text for the page (:mod:`.report`) and
the tuner's page (:mod:`.tune_report`).
"""

from __future__ import annotations

import contextlib
import io
import math
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..engine import seat_name
from .inference import SIM_INSTALL
from .report_words import (
    PHASE_NAMES,
)
from .summaries import Analysis, Difference, Group

REPORT_INSTALL = SIM_INSTALL  # the sim extra, from a checkout or not


COLOURS = (
    "#4269d0",
    "#efb118",
    "#ff725c",
    "#6cc5b0",
    "#3ca951",
    "#ff8ab7",
    "#a463f2",
    "#97bbf5",
    "#9c6b4e",
    "#9498a0",
)


class ReportMissing(RuntimeError):
    """matplotlib is not installed."""

    def __init__(self) -> None:
        super().__init__(f"the report needs matplotlib; install it with: {REPORT_INSTALL}")


class Plots:
    """matplotlib, set up for small, deterministic, self-contained SVG."""

    def __init__(self) -> None:
        try:
            import matplotlib
        except ImportError:
            raise ReportMissing() from None
        matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt

        self.plt = plt
        self.style = {
            "svg.fonttype": "none",
            "svg.hashsalt": "bodoge",
            "font.size": 9,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "figure.dpi": 96,
        }

    def svg(self, draw: Callable[[Any], None], width: float = 6.4, height: float = 3.0) -> str:
        plt = self.plt
        with plt.rc_context(self.style):
            figure, axes = plt.subplots(figsize=(width, height))
            with self._closing(figure):
                draw(axes)
                return self._written(figure)

    def win_rates(self, group: Group) -> str:
        def draw(axes: Any) -> None:
            seats = [seat_name(s.seat) for s in group.seats]
            rates = [100 * s.win_rate for s in group.seats]
            below = [100 * (s.win_rate - s.low) for s in group.seats]
            above = [100 * (s.high - s.win_rate) for s in group.seats]
            axes.bar(seats, rates, color=COLOURS[0], yerr=[below, above], capsize=4)
            axes.axhline(100 * group.fair, color="#444", linestyle="--", linewidth=1)
            axes.set_ylabel("win rate (%)")
            axes.set_xlabel("seat")
            axes.set_ylim(0, max(100 * s.high for s in group.seats) * 1.15 + 1)

        return self.svg(draw)

    def scores(self, group: Group) -> str:
        """Box plots for wide scores; for a few whole-number scores, the share of each value."""
        columns: list[tuple[str, Sequence[float]]] = (
            [("team", group.team.scores)]
            if group.team is not None
            else [(seat_name(s.seat), s.scores) for s in group.seats]
        )
        if few_scores(group):
            values = sorted({score for _, scores in columns for score in scores})
            return self.svg(lambda axes: _score_bars(axes, columns, values))

        def draw(axes: Any) -> None:
            data = [list(scores) for _, scores in columns]
            parts = axes.boxplot(
                data,
                whis=(5, 95),
                showfliers=False,
                showmeans=True,
                patch_artist=True,
                medianprops={"color": "white"},
                meanprops={"marker": "o", "markerfacecolor": "#222", "markeredgecolor": "#222"},
            )
            for box in parts["boxes"]:
                box.set_facecolor(COLOURS[0])
            axes.set_xticks(range(1, len(data) + 1), [name for name, _ in columns])
            axes.set_ylabel("final score")

        return self.svg(draw)

    def lengths(self, group: Group) -> str:
        from matplotlib.ticker import MaxNLocator

        def draw(axes: Any) -> None:
            values = group.lengths
            low, high = min(values), max(values)
            if low == high:  # every game equally long: one bar, one tick
                axes.bar([low], [len(values)], width=0.8, color=COLOURS[3])
                axes.set_xlim(low - 2, high + 2)
                axes.set_xticks([low])
            else:
                bins = max(1, min(40, high - low + 1))
                axes.hist(values, bins=bins, color=COLOURS[3], edgecolor="white", linewidth=0.5)
                axes.axvline(group.length_mean, color="#444", linestyle="--", linewidth=1)
                axes.xaxis.set_major_locator(MaxNLocator(integer=True))
            axes.yaxis.set_major_locator(MaxNLocator(integer=True))
            axes.set_xlabel("game length (actions)")
            axes.set_ylabel("games")

        return self.svg(draw, height=2.6)

    def timeline(self, group: Group) -> str:
        line = group.timeline
        assert line is not None

        def draw(axes: Any) -> None:
            points = [100 * i / (len(line.curve[0]) - 1) for i in range(len(line.curve[0]))]
            for seat, scores in enumerate(line.curve):
                colour = COLOURS[seat % len(COLOURS)]
                axes.plot(points, scores, marker="o", markersize=3, color=colour)
                axes.annotate(seat_name(seat), (points[-1], scores[-1]), xytext=(4, 0),
                              textcoords="offset points", va="center", color=colour)  # fmt: skip
            axes.set_xlabel("share of the game's actions (%)")
            axes.set_ylabel("mean score")

        return self.svg(draw, height=2.8)

    def phases(self, group: Group) -> str:
        shown = group.actions[: len(COLOURS)]

        def draw(axes: Any) -> None:
            # plot text stays in English: the plotting font may lack Japanese glyphs
            names = [name.en for name in PHASE_NAMES][::-1]
            left = [0.0] * len(names)
            for colour, action in zip(COLOURS, shown, strict=False):
                widths = [100 * share for share in action.by_phase][::-1]
                axes.barh(names, widths, left=left, color=colour, label=action.kind)
                left = [a + b for a, b in zip(left, widths, strict=True)]
            axes.set_xlim(0, 100)
            axes.set_xlabel("share of the choices in this third (%)")
            axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), ncol=4, frameon=False)

        return self.svg(draw, height=2.4 + 0.25 * math.ceil(len(shown) / 4))

    def differences(self, analysis: Analysis) -> str:
        """Two panels: win and stop rates in percentage points; lengths in % of the baseline."""
        rates: list[tuple[str, Difference]] = []
        lengths: list[tuple[str, Difference]] = []
        for comparison in analysis.comparisons:
            label = analysis.label(comparison.group)
            for difference in comparison.differences:
                if difference.baseline == difference.value == difference.margin == 0:
                    continue  # nothing happened in either: no row
                if difference.metric in ("win", "stopped"):
                    rates.append((f"{label}: {_metric_key(difference)}", difference))
                elif difference.metric == "length":
                    lengths.append((label, difference))
        panels = [(rows, unit) for rows, unit in ((rates, "pt"), (lengths, "%")) if rows]
        plt = self.plt
        with plt.rc_context(self.style):
            figure, axes_list = plt.subplots(
                len(panels),
                1,
                figsize=(7.2, 1.2 + 0.28 * (len(rates) + len(lengths)) + 0.6 * len(panels)),
                squeeze=False,
                gridspec_kw={"height_ratios": [len(rows) + 1 for rows, _ in panels]},
            )
            with self._closing(figure):
                for (rows, unit), (axes,) in zip(panels, axes_list, strict=True):
                    _difference_rows(axes, rows, unit)
                return self._written(figure)

    @contextlib.contextmanager
    def _closing(self, figure: Any) -> Iterator[None]:
        """Close ``figure`` however its drawing ends (pyplot keeps every open figure)."""
        try:
            yield
        finally:
            self.plt.close(figure)

    def _written(self, figure: Any) -> str:
        """The drawn figure as SVG text, laid out, without its metadata."""
        figure.tight_layout()
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
        return self._clean(buffer.getvalue())

    def _clean(self, text: str) -> str:
        text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.DOTALL)
        return text[text.index("<svg") :]


FEW_SCORES = 12
"""Whole-number scores with at most this many values are drawn as bars, not box plots."""


def _score_bars(
    axes: Any, columns: Sequence[tuple[str, Sequence[float]]], values: list[float]
) -> None:
    """One group of bars per score seen, evenly spaced whatever the gaps between scores."""
    width = 0.8 / len(columns)
    for number, (name, scores) in enumerate(columns):
        shares = [100 * sum(1 for s in scores if s == v) / len(scores) for v in values]
        positions = [i + (number - (len(columns) - 1) / 2) * width for i in range(len(values))]
        axes.bar(positions, shares, width=width, color=COLOURS[number % len(COLOURS)], label=name)
    axes.set_xticks(range(len(values)), [f"{v:.0f}" for v in values])
    axes.set_xlabel("final score")
    axes.set_ylabel("% of games")
    if len(columns) > 1:
        axes.legend(frameon=False, ncol=len(columns))


def _difference_rows(axes: Any, rows: list[tuple[str, Difference]], unit: str) -> None:
    for position, (_, difference) in enumerate(rows):
        # rates in percentage points; lengths as a percentage of the baseline
        factor = 100 if unit == "pt" else 100 / (difference.baseline or 1)
        colour = COLOURS[2] if difference.significant else COLOURS[0]
        axes.errorbar(
            difference.difference * factor,
            position,
            xerr=difference.margin * factor,
            fmt="o",
            color=colour,
            capsize=3,
            markersize=4,
        )
    axes.axvline(0, color="#444", linewidth=1)
    axes.set_yticks(range(len(rows)), [label for label, _ in rows])
    axes.invert_yaxis()
    axes.set_xlabel(
        "difference from the baseline (percentage points)"
        if unit == "pt"
        else "length difference (% of the baseline)"
    )


def _metric_key(difference: Difference) -> str:
    """A short language-neutral name for plot labels (the tables carry the words)."""
    if difference.metric == "stopped":
        return "stopped"
    return f"{seat_name(difference.seat or 0)} win"


def few_scores(group: Group) -> bool:
    values = {score for seat in group.seats for score in seat.scores}
    return len(values) <= FEW_SCORES and all(float(v).is_integer() for v in values)
