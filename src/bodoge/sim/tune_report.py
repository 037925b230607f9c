"""The path ``bodoge tune`` took, as one self-contained HTML page (``--report FILE.html``).

One plot (each candidate's estimate and 95 % interval after every round, the
target as a line, a cross where a candidate was dropped) and one table per
round: every candidate's games, estimate, interval and paired gap to the
round's best, and which were dropped.  The plot is inline SVG drawn with the
balance report's matplotlib set-up, so the page needs nothing else.
"""

from __future__ import annotations

import html
import math
from typing import Any

from ..engine import Text
from ..engine.text import FONT_STACK
from .plots import COLOURS, Plots
from .tune import Tuning

T = {
    "title": Text("調整の経過: {game} の {parameter}", "The tuning path: {parameter} of {game}"),
    "intro": Text(
        "目標 {metric} = {target}。{games}ゲーム（全候補）、{rounds}ラウンドで終了（{reason}）。"
        "最良の値 {best}、妥当な範囲 {low}〜{high}。",
        "Target {metric} = {target}. {games} games over all values, {rounds} rounds, "
        "ended: {reason}. Best value {best}; plausible values {low}..{high}.",
    ),
    "caption": Text(
        "各値の推定と95 %区間（ラウンドごと）。× は脱落した時点。横線が目標。",
        "Each value's estimate and 95 % interval after each round; × where it was dropped; "
        "the line is the target.",
    ),
    "round": Text("ラウンド {number}", "Round {number}"),
    "col_value": Text("値", "Value"),
    "col_games": Text("ゲーム数", "Games"),
    "col_estimate": Text("推定 ± 95 %", "Estimate ± 95 %"),
    "col_gap": Text("最良との差（対応のある比較）± 95 %", "Farther than the best (paired) ± 95 %"),
    "col_p": Text(
        "他の値より遠い p（ラウンド内の全ペアで Holm 補正）",
        "p of farther than another (Holm over the round's pairs)",
    ),
    "remaining": Text(
        "残った値（最良の値と区別できない）: {values}。外した値の最大の p（Holm 補正後）: {p}。",
        "Still in the race (not told apart from the best): {values}. The largest Holm-adjusted "
        "p of a drop: {p}.",
    ),
    "dropped": Text("脱落", "dropped"),
    "error": Text(
        "どの値も違わないときに値を外す確率はレース全体で {alpha} 以下（各ラウンド {each}）。"
        "最良より {difference} 遠い値を外す検出力 {power}。",
        "The chance of dropping any value when none differs is at most {alpha} over the whole "
        "race ({each} a round). The power to drop a value {difference} farther from the "
        "target than the best: {power}.",
    ),
}


def tune_page(result: Tuning, lang: str = "en") -> str:
    """The whole page, as a string."""

    def t(key: str, **values: Any) -> str:
        return html.escape(T[key].format(**values)(lang))

    parts = [
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{t('title', game=result.game, parameter=result.parameter)}</title>",
        f"<style>body{{font-family:{FONT_STACK};max-width:60rem;margin:2rem auto;"
        "padding:0 1rem}table{border-collapse:collapse}th,td{padding:.2rem .6rem;"
        "border-bottom:1px solid #eee;text-align:right;white-space:nowrap}"
        ".dropped{color:#b3261e}figure svg{max-width:100%;height:auto}"
        ".scroll{overflow-x:auto}</style></head><body>",
        f"<h1>{t('title', game=result.game, parameter=result.parameter)}</h1>",
        "<p>"
        + t(
            "intro",
            metric=result.metric,
            target=result.target,
            games=result.games,
            rounds=len(result.rounds),
            reason=result.reason,
            best=result.best.value,
            low=result.low,
            high=result.high,
        )
        + " "
        + t(
            "remaining",
            values=", ".join(str(value) for value in result.remaining),
            p="—" if math.isnan(result.surest) else f"{result.surest:.2g}",
        )
        + " "
        + t(
            "error",
            alpha=f"{100 * result.alpha:.0f} %",
            each=f"{result.alpha / result.looks:.2g}",
            difference=f"{result.difference:.4g}",
            power="—" if math.isnan(result.power) else f"{100 * result.power:.0f} %",
        )
        + "</p>",
        f'<figure data-testid="path">{_plot(result)}<figcaption>{t("caption")}</figcaption>'
        "</figure>",
    ]
    for step in result.rounds:
        parts.append(f"<h2>{t('round', number=step.number)}</h2>")
        parts.append('<div class="scroll"><table data-testid="round"><tr>')
        for key in ("col_value", "col_games", "col_estimate", "col_gap", "col_p"):
            parts.append(f"<th>{t(key)}</th>")
        parts.append("<th></th></tr>")
        for c in step.candidates:
            gone = c.value in step.dropped
            parts.append(
                f"<tr{' class=dropped' if gone else ''}><td>{c.value}</td><td>{c.games}</td>"
                f"<td>{c.mean:.4g} ± {c.margin:.2g}</td><td>{c.gap:+.4g} ± {c.gap_margin:.2g}</td>"
                f"<td>{'—' if math.isnan(c.p_adjusted) else f'{c.p_adjusted:.2g}'}</td>"
                f"<td>{t('dropped') if gone else ''}</td></tr>"
            )
        parts.append("</table></div>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _plot(result: Tuning) -> str:
    def draw(axes: Any) -> None:
        values = [c.value for c in result.rounds[0].candidates]
        for k, value in enumerate(values):
            path = [
                (step.number, c, value in step.dropped)
                for step in result.rounds
                for c in step.candidates
                if c.value == value
            ]
            colour = COLOURS[k % len(COLOURS)]
            xs = [n + (k - len(values) / 2) * 0.03 for n, _, _ in path]
            axes.errorbar(
                xs,
                [c.mean for _, c, _ in path],
                yerr=[c.margin for _, c, _ in path],
                color=colour,
                marker="o",
                markersize=3,
                capsize=2,
                label=str(value),
            )
            for x, (_, c, gone) in zip(xs, path, strict=True):
                if gone:
                    axes.plot([x], [c.mean], marker="x", color="black", markersize=8)
        axes.axhline(result.target, color="#888", linestyle="--", linewidth=1)
        axes.set_xlabel("round")
        axes.set_ylabel(result.metric)
        axes.legend(title=result.parameter, fontsize=7, ncol=2, loc="best")

    return Plots().svg(draw, height=3.4)
