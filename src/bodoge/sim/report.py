"""The designer's balance report: one self-contained HTML page from simulated games.

:func:`build_report` turns results (the rows of ``bodoge sim --out``) into
one HTML file a designer can send to a co-designer: every plot is inline
SVG drawn by matplotlib (Agg, text kept as text), styles are inline, and
nothing is fetched when it is opened.  Tables and text go through Jinja2
(``templates/report.html``).  The numbers and tests are those of
:mod:`bodoge.sim.analysis`; :func:`summary` says in plain words (ja or en)
what looks unbalanced, with the evidence.

matplotlib is an optional dependency (``bodoge[sim]``); without it
:class:`ReportMissing` says how to install it.

>>> from bodoge.sim import run_many
>>> page = build_report(list(run_many("egyptian-bride", 3, seed=1, n=12)), "en")
>>> page.startswith("<!DOCTYPE html>") and page.count("<svg") >= 4
True
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import jinja2

from ..engine import Game, InvalidOptions, Text, UnknownGame, get_game, seat_name
from .analysis import (
    ALPHA,
    Analysis,
    Comparison,
    Difference,
    Group,
    analyse,
)
from .play import STOPPED, GameResult

REPORT_INSTALL = "pip install 'bodoge[sim]'"
SMALL_EDGE = 0.02
"""A seat whose win rate is within two percentage points of the fair share is called
a small difference, however significant (many games detect tiny edges)."""
PHASE_NAMES = (Text("序盤", "early"), Text("中盤", "middle"), Text("終盤", "late"))
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


T = {
    "title": Text("{game}: バランスレポート", "{game}: balance report"),
    "intro": Text(
        "{games}ゲーム、{variants}通りの設定。ボット: {bots}。",
        "{games} games, {variants} variant(s). Bots: {bots}.",
    ),
    "summary": Text("まとめ", "Summary"),
    "variant": Text("設定", "Variant"),
    "defaults": Text("既定の設定", "default settings"),
    "players": Text("{n}人", "{n} players"),
    "win_rate": Text("席ごとの勝率", "Win rate by seat"),
    "win_caption": Text(
        "棒は勝率、線は95 %信頼区間（Wilson）、破線は公平な取り分。",
        "Bars: win rate; lines: 95 % interval (Wilson); dashed: the fair share.",
    ),
    "test": Text(
        "「席による有利はない」の検定（ピアソンのカイ二乗適合度検定、自由度 {df}）: "
        "χ² = {chi2:.2f}、{p}。",
        'Test of "no seat advantage" (Pearson\'s chi-square goodness of fit, {df} degrees '
        "of freedom): χ² = {chi2:.2f}, {p}.",
    ),
    "not_comparable": Text(
        "席ごとに違うボットが固定されているので、席の有利とボットの強さを区別できません"
        "（--fixed-seats なしで席を回してください）。",
        "Different bots sat at fixed seats, so a seat's advantage cannot be told from a "
        "bot's strength (run without --fixed-seats to rotate them).",
    ),
    "bots": Text("ボットごとの勝率", "Win rate by bot"),
    "scores": Text("席ごとの得点の分布", "Score distribution by seat"),
    "scores_caption": Text(
        "箱は四分位、ひげは5〜95パーセンタイル、白線は中央値、点は平均。",
        "Boxes: quartiles; whiskers: 5th–95th percentile; line: median; dot: mean.",
    ),
    "length": Text("ゲームの長さ（手数）", "Game length (actions)"),
    "endings": Text("ゲームの終わり方", "How games ended"),
    "normal": Text("ルールどおり終了", "ended by the rules"),
    "stopped": Text("安全装置で停止", "stopped by a safety limit"),
    "no_winner": Text("勝者なし", "no winner"),
    "shared": Text("勝利の共有", "shared win"),
    "actions": Text("アクションの統計", "Action statistics"),
    "actions_caption": Text(
        "各アクションの種類が選ばれた割合（ゲームの長さを3等分した序盤・中盤・終盤ごと）と、"
        "席ごとの1ゲームあたりの平均回数。",
        "How often each action type was chosen: its share of all choices in each third of "
        "the game (early, middle, late), and per seat the mean times per game.",
    ),
    "never": Text("一度も選ばれなかった種類: {kinds}", "Never chosen: {kinds}"),
    "comparison": Text("設定の比較", "Comparison of variants"),
    "comparison_caption": Text(
        "各設定と基準（{baseline}）の差、95 %区間つき。{paired}",
        "Each variant against the baseline ({baseline}), with 95 % intervals. {paired}",
    ),
    "paired": Text(
        "同じシードで遊んだ対のゲームの差（対応のある比較）。",
        "Differences over matched pairs of games played on the same seeds.",
    ),
    "unpaired": Text("シードが一致しないので対応のない比較。", "Seeds differ: unpaired."),
    "col_seat": Text("席", "Seat"),
    "col_bot": Text("ボット", "Bot"),
    "col_win": Text("勝率", "Win rate"),
    "col_interval": Text("95 %区間", "95 % interval"),
    "col_mean": Text("平均得点", "Mean score"),
    "col_sd": Text("標準偏差", "SD"),
    "col_seats": Text("席数", "Seats taken"),
    "col_kind": Text("種類", "Action type"),
    "col_share": Text("割合", "Share"),
    "col_games": Text("ゲーム数", "Games"),
    "col_count": Text("数", "Count"),
    "col_metric": Text("指標", "Metric"),
    "col_base": Text("基準", "Baseline"),
    "col_value": Text("この設定", "This variant"),
    "col_diff": Text("差", "Difference"),
    "col_mean_length": Text("平均の長さ", "Mean length"),
    "length_stats": Text(
        "平均 {mean:.1f}、中央値 {median:.0f}、90 %が {low:.0f}〜{high:.0f}、最長 {top}。",
        "Mean {mean:.1f}, median {median:.0f}, middle 90 % {low:.0f}–{high:.0f}, longest {top}.",
    ),
    "metric_length": Text("ゲームの長さ", "game length"),
    "metric_stopped": Text("停止したゲームの割合", "share of stopped games"),
    "metric_win": Text("{seat}の勝率", "{seat}'s win rate"),
    "metric_score": Text("{seat}の平均得点", "{seat}'s mean score"),
    "metric_spread": Text("得点差（最高−最低）", "score spread (highest − lowest)"),
    "definitions": Text(
        "勝率: 勝ったゲームの割合（k人で勝利を分けたら1/kずつ）。公平な取り分: 勝者のいたゲームの"
        "割合を人数で割ったもの。",
        "Win rate: the share of games won (a win shared by k counts 1/k to each). Fair share: "
        "the share of games with a winner divided by the number of seats.",
    ),
    "generated": Text("bodoge {version} で作成。", "Made with bodoge {version}."),
    # summary sentences
    "s_seat_bias": Text(
        "{seat}の勝率は {rate} ± {margin}、公平な取り分は {fair}"
        "（席の有利なしの検定: {p}）。席によって有利・不利があるようです。",
        "{seat} wins {rate} ± {margin} against a fair {fair} (test of no seat advantage: "
        "{p}): the seats look unequal.",
    ),
    "s_seat_small": Text(
        "{seat}の勝率は {rate} ± {margin}、公平な取り分は {fair}（{p}）。"
        "これだけのゲーム数なら検出できる差ですが、小さな差です。",
        "{seat} wins {rate} ± {margin} against a fair {fair} ({p}): detectable with this "
        "many games, but small.",
    ),
    "s_seat_fair": Text(
        "席による有利は見られません: 勝率は {low}〜{high}、公平な取り分は {fair}"
        "（{p}、{games}ゲーム）。",
        "No seat stands out: win rates {low}–{high} against a fair {fair} ({p}, {games} games).",
    ),
    "s_one_seat": Text(
        "1人用: 勝率 {rate} ± {margin}、平均得点 {mean}（標準偏差 {sd}、{games}ゲーム）。",
        "One player: wins {rate} ± {margin}, mean score {mean} (SD {sd}, {games} games).",
    ),
    "s_seat_unknown": Text(
        "違うボットを席に固定したので、席の有利は判断できません。",
        "Different bots sat at fixed seats: a seat advantage cannot be judged.",
    ),
    "s_bots": Text(
        "ボットの強さ: {list}（占めた席あたりの勝率）。",
        "Bot strength: {list} (wins per seat taken).",
    ),
    "s_stopped": Text(
        "{share}（{count}ゲーム）が安全装置で停止しました。ルールで終わらない展開があります。",
        "{share} of games ({count}) were stopped by a safety limit: some games do not end "
        "by the rules.",
    ),
    "s_no_winner": Text(
        "{share}（{count}ゲーム）は勝者なしでした。", "{share} of games ({count}) had no winner."
    ),
    "s_length": Text(
        "ゲームの長さは平均 {mean:.0f}手（90 %が {low:.0f}〜{high:.0f}手）。",
        "Games last {mean:.0f} actions on average (middle 90 %: {low:.0f}–{high:.0f}).",
    ),
    "s_long_tail": Text(
        "最長のゲームは {top}手で、中央値の{ratio:.1f}倍です。",
        "The longest game took {top} actions, {ratio:.1f} times the median.",
    ),
    "s_pile_up": Text(
        "{share}のゲームが {low}〜{top}手で終わっています。"
        "上限か安全装置で打ち切られているかもしれません。",
        "{share} of games end between {low} and {top} actions: a limit may be cutting them short.",
    ),
    "s_dominant": Text(
        "最も多く選ばれたアクションは {kind}（全体の {share}）。",
        "The most chosen action type is {kind} ({share} of all choices).",
    ),
    "s_shift": Text(
        "{kind} は序盤に {early}、終盤に {late} を占めます。",
        "{kind} makes up {early} of early choices and {late} of late ones.",
    ),
    "s_never": Text(
        "一度も選ばれなかったアクション: {kinds}。", "Never chosen by any bot: {kinds}."
    ),
    "s_variant": Text(
        "{variant} では、{metric}が {base} から {value} に変わります"
        "（差 {diff} ± {margin}、{how}）。",
        "With {variant}, {metric} goes from {base} to {value} "
        "(difference {diff} ± {margin}, {how}).",
    ),
    "s_variant_none": Text(
        "{variant} と基準の間に、95 %区間で区別できる差はありません。",
        "{variant}: no difference from the baseline that its 95 % interval can tell.",
    ),
    "s_pairs": Text("{pairs}組の対", "{pairs} matched pairs"),
    "s_unpaired": Text("対応なし", "unpaired"),
    "s_variant_group": Text("【{variant}】", "[{variant}]"),
}


def format_percent(value: float) -> str:
    return f"{100 * value:.0f} %" if abs(value) >= 0.1 else f"{100 * value:.1f} %"


def format_p(value: float) -> str:
    """``p = 0.03``, or ``p < 0.0001`` for the tiniest."""
    if value < 0.0001:
        return "p < 0.0001"
    return f"p = {value:.2g}" if value < 0.01 else f"p = {value:.2f}"


def format_amount(metric: str, value: float, signed: bool = False) -> str:
    if metric in ("win", "stopped"):
        text = f"{100 * value:+.1f} pt" if signed else format_percent(value)
        return text
    return f"{value:+.2f}" if signed else f"{value:.2f}"


def format_margin(metric: str, value: float) -> str:
    """The half-width of an interval: percentage points for rates, else the metric's unit."""
    return f"{100 * value:.1f} pt" if metric in ("win", "stopped") else f"{value:.2f}"


def metric_name(difference: Difference, lang: str) -> str:
    text = T[f"metric_{difference.metric}"]
    if difference.seat is not None:
        text = text.format(seat=seat_name(difference.seat, lang))
    return text(lang)


# --------------------------------------------------------------- summary


def summary(analysis: Analysis, lang: str) -> list[str]:
    """Plain sentences on what looks unbalanced, each with its evidence."""
    lines: list[str] = []
    many = len(analysis.groups) > 1
    for group in analysis.groups:
        if many:
            name = analysis.label(group) or T["defaults"](lang)
            lines.append(T["s_variant_group"].format(variant=name)(lang))
        lines.extend(_group_summary(group, lang))
    for comparison in analysis.comparisons:
        lines.extend(_comparison_summary(analysis, comparison, lang))
    return lines


def _group_summary(group: Group, lang: str) -> list[str]:
    lines = []
    if len(group.seats) == 1:  # one player: no seat to compare, the score says it all
        (alone,) = group.seats
        lines.append(
            T["s_one_seat"].format(
                rate=format_percent(alone.win_rate),
                margin=format_percent((alone.high - alone.low) / 2),
                mean=f"{alone.score_mean:.1f}",
                sd=f"{alone.score_sd:.1f}",
                games=group.games,
            )(lang)
        )
    elif not group.seats_comparable:
        lines.append(T["s_seat_unknown"](lang))
    elif group.p_value < ALPHA:
        worst = max(group.seats, key=lambda s: abs(s.win_rate - group.fair))
        margin = (worst.high - worst.low) / 2
        small = abs(worst.win_rate - group.fair) < SMALL_EDGE
        lines.append(
            T["s_seat_small" if small else "s_seat_bias"].format(
                seat=seat_name(worst.seat, lang),
                rate=format_percent(worst.win_rate),
                margin=format_percent(margin),
                fair=format_percent(group.fair),
                p=format_p(group.p_value),
            )(lang)
        )
    else:
        rates = [s.win_rate for s in group.seats]
        lines.append(
            T["s_seat_fair"].format(
                low=format_percent(min(rates)),
                high=format_percent(max(rates)),
                fair=format_percent(group.fair),
                p=format_p(group.p_value),
                games=group.games,
            )(lang)
        )
    if len(group.bots) > 1:
        ranked = sorted(group.bots, key=lambda b: -b.win_rate)
        words = ", ".join(
            f"{b.bot} {format_percent(b.win_rate)} ± {format_percent((b.high - b.low) / 2)}"
            for b in ranked
        )
        lines.append(T["s_bots"].format(list=words)(lang))
    stopped = group.endings.get(STOPPED, 0)
    if stopped:
        lines.append(
            T["s_stopped"].format(share=format_percent(stopped / group.games), count=stopped)(lang)
        )
    if group.no_winner > stopped:
        lines.append(
            T["s_no_winner"].format(
                share=format_percent(group.no_winner / group.games), count=group.no_winner
            )(lang)
        )
    lines.append(
        T["s_length"].format(
            mean=group.length_mean,
            low=group.length_quantile(0.05),
            high=group.length_quantile(0.95),
        )(lang)
    )
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


# ----------------------------------------------------------------- plots


class _Plots:
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
            try:
                draw(axes)
                figure.tight_layout()
                buffer = io.StringIO()
                figure.savefig(buffer, format="svg", metadata={"Date": None})
            finally:
                plt.close(figure)
        text = buffer.getvalue()
        text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.DOTALL)
        return text[text.index("<svg") :]

    def win_rates(self, group: Group) -> str:
        def draw(axes: Any) -> None:
            seats = [seat_name(s.seat) for s in group.seats]
            rates = [100 * s.win_rate for s in group.seats]
            below = [100 * (s.win_rate - s.low) for s in group.seats]
            above = [100 * (s.high - s.win_rate) for s in group.seats]
            axes.bar(seats, rates, color=COLOURS[0], yerr=[below, above], capsize=4)
            axes.axhline(100 * group.fair, color="#444", linestyle="--", linewidth=1)
            axes.set_ylabel("%")
            axes.set_ylim(0, max(100 * s.high for s in group.seats) * 1.15 + 1)

        return self.svg(draw)

    def scores(self, group: Group) -> str:
        def draw(axes: Any) -> None:
            data = [list(s.scores) for s in group.seats]
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
            axes.set_xticks(range(1, len(data) + 1), [seat_name(s.seat) for s in group.seats])

        return self.svg(draw)

    def lengths(self, group: Group) -> str:
        def draw(axes: Any) -> None:
            values = group.lengths
            low, high = min(values), max(values)
            bins = max(1, min(40, high - low + 1))
            axes.hist(values, bins=bins, color=COLOURS[3], edgecolor="white", linewidth=0.5)
            axes.axvline(group.length_mean, color="#444", linestyle="--", linewidth=1)

        return self.svg(draw, height=2.6)

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
            axes.set_xlabel("%")
            axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), ncol=4, frameon=False)

        return self.svg(draw, height=2.4 + 0.25 * math.ceil(len(shown) / 4))

    def differences(self, analysis: Analysis) -> str:
        rows: list[tuple[str, Difference]] = []
        for comparison in analysis.comparisons:
            label = analysis.label(comparison.group)
            for difference in comparison.differences:
                if difference.metric in ("length", "win", "stopped"):
                    rows.append((f"{label}: {_metric_key(difference)}", difference))

        def draw(axes: Any) -> None:
            for position, (_, difference) in enumerate(rows):
                scale = 100 if difference.metric in ("win", "stopped") else 1
                relative = difference.baseline or 1
                # lengths as a percentage of the baseline, so that every row shares one axis
                factor = scale if scale == 100 else 100 / relative
                centre = difference.difference * factor
                margin = difference.margin * factor
                colour = COLOURS[2] if difference.significant else COLOURS[0]
                axes.errorbar(
                    centre, position, xerr=margin, fmt="o", color=colour, capsize=3, markersize=4
                )
            axes.axvline(0, color="#444", linewidth=1)
            axes.set_yticks(range(len(rows)), [label for label, _ in rows])
            axes.invert_yaxis()
            axes.set_xlabel("pt / %")

        return self.svg(draw, width=7.2, height=0.9 + 0.28 * len(rows))


def _metric_key(difference: Difference) -> str:
    """A short language-neutral name for plot labels (the tables carry the words)."""
    if difference.metric == "length":
        return "length (%)"
    if difference.metric == "stopped":
        return "stopped (pt)"
    return f"{seat_name(difference.seat or 0)} win (pt)"


# ---------------------------------------------------------------- the page


def _possible_types(game: Game) -> Callable[[Mapping[str, Any], int], list[str]]:
    """The action types of ``game``'s declared action space (those that can ever be legal)."""

    def types(options: Mapping[str, Any], num_players: int) -> list[str]:
        try:
            space = game.action_space(game.resolve_options(options), num_players)
        except (NotImplementedError, InvalidOptions):
            return []
        return list(dict.fromkeys(action.TYPE for action in space))

    return types


def build_report(
    results: Sequence[GameResult],
    lang: str = "en",
    *,
    advance: Callable[[str], None] | None = None,
) -> str:
    """The HTML page for ``results``; ``advance(step)`` is called as each part is done."""
    if not results:
        raise ValueError("no games to report on")
    step = advance or (lambda name: None)
    plots = _Plots()
    game: Game | None
    try:
        game = get_game(results[0].game)
    except UnknownGame:
        game = None
    analysis = analyse(results, None if game is None else _possible_types(game))
    step("analysis")
    sections = []
    for group in analysis.groups:
        sections.append(
            {
                "group": group,
                "label": analysis.label(group) or T["defaults"](lang),
                "win_plot": plots.win_rates(group),
                "score_plot": plots.scores(group),
                "length_plot": plots.lengths(group),
                "phase_plot": plots.phases(group) if group.actions else "",
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
    environment.filters["percent"] = format_percent
    environment.filters["p"] = format_p
    template = environment.get_template("report.html")
    page = template.render(
        lang=lang,
        t=lambda key, **values: T[key].format(**values)(lang),
        seat_name=lambda seat: seat_name(seat, lang),
        title=T["title"].format(game=title)(lang),
        analysis=analysis,
        sections=sections,
        summary=summary(analysis, lang),
        difference_plot=difference_plot,
        metric_name=lambda d: metric_name(d, lang),
        amount=format_amount,
        margin=format_margin,
        phase_names=[name(lang) for name in PHASE_NAMES],
        bots=", ".join(bots),
        version=__version__,
        stopped=STOPPED,
    )
    step("page")
    return _compact(page)


def _compact(page: str) -> str:
    """Drop the blank lines matplotlib's SVG and the template leave."""
    return re.sub(r"\n\s*\n", "\n", page)
