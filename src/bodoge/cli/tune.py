"""``bodoge tune``: race the values of a design parameter towards a target metric.

See :mod:`bodoge.sim.tune` for the method (a race on matched seeds that
drops values a paired test shows farther from the target and stops when
the best one is known closely enough).  The terminal shows the path: every
round, every value's mean and interval, the values dropped; ``--json``
prints the same as data.
"""

import dataclasses
import json
import math
import secrets
from pathlib import Path
from typing import Annotated, Any

import typer

from ..bots import describe_bots, expand_bot_specs
from ..engine import Text
from ..sim.inference import StatisticsMissing
from ..sim.report_words import format_p
from ..sim.tune import METRICS, BadTuning, Tuning, tune
from . import simkit as kit
from . import text as t
from .common import (
    CliError,
    Command,
    Lang,
    find_game,
    parse_bot_list,
    parse_options,
    resolve_lang,
    say,
    user_errors,
)
from .games import LANG_HELP
from .play import GAME_HELP, OPTION_HELP, PLAYERS_HELP
from .sim import BOTS_HELP, SEED_HELP, WORKERS_HELP

HELP = Text(
    "デザインパラメータの値を競わせ（同じシードで対戦、明らかに劣る値は早めに外す）、"
    "指標が目標に最も近い値を区間つきで求める。",
    "Race the values of a design parameter (matched seeds; clearly worse values drop out "
    "early) and find the one that brings a metric closest to a target, with its interval.",
)
PARAM_HELP = Text(
    "調べるデザインパラメータと範囲: 名前=最小..最大。",
    "The design parameter and range: NAME=LOW..HIGH.",
)
TARGET_HELP = Text("目標: 指標=値（{metrics}）。", "The target: METRIC=VALUE ({metrics}).")
REPORT_HELP = Text(
    "調整の経過（ラウンドごとの各値の推定と区間、脱落）を1枚の HTML に書く。",
    "Write the path (each value's estimate and interval per round, what was dropped) "
    "as one self-contained HTML page.",
)
BATCH_HELP = Text("1ラウンドで各値が遊ぶゲーム数。", "Games each value plays per round.")
BUDGET_HELP = Text("各値が遊ぶゲーム数の上限。", "At most this many games per value.")
TOLERANCE_HELP = Text(
    "最良の値の95 %区間がこの幅（半幅）より狭くなったら終える（省略時は指標ごとの既定値）。",
    "Stop when the best value's 95 % half-width is below this (default: per metric).",
)
JSON_HELP = Text("結果を JSON で出力する。", "Print the result as JSON.")
BAD_PARAM = Text(
    "--param は 名前=最小..最大 の形です（{given!r}）",
    "--param takes NAME=LOW..HIGH, not {given!r}",
)
BAD_TARGET = Text(
    "--target は 指標=値 の形です（{given!r}）", "--target takes METRIC=VALUE, not {given!r}"
)
BAD = Text("{detail}", "{detail}")
TITLE = Text(
    "{title}: {parameter} を {low}..{high} で調整、目標 {metric} = {target}、{n}人、シード {seed}",
    "{title}: tuning {parameter} in {low}..{high} for {metric} = {target}, {n} players, "
    "seed {seed}",
)
ROUND = Text("ラウンド {number}（各 {games}ゲーム）:", "Round {number} ({games} games each):")
VALUE = Text("  {value}: {mean} ± {margin}{mark}", "  {value}: {mean} ± {margin}{mark}")
DROPPED = Text(
    "（脱落: 他の値より目標から遠い、対応のある比較の全ペアで Holm 補正後 {p}）",
    "  (dropped: farther from the target than another value, paired test, Holm-adjusted over "
    "all pairs {p})",
)
REMAINING = Text(
    "残った値（最良の値と区別できない）: {values}。{surety}",
    "Still in the race (not told apart from the best): {values}. {surety}",
)
SURE = Text(
    "外した値はどれも、同じシードの対のゲームで他の値より目標から遠いと、"
    "ラウンド内の全ペアで Holm 補正した p ≤ {p} で判定されたものです。",
    "Each dropped value was farther from the target than another on the matched games, at "
    "a Holm-adjusted p of {p} or less (corrected over all of its round's pairs).",
)
ERROR_LINE = Text(
    "どの値も違わないときに値を外してしまう確率は、レース全体で {alpha} 以下"
    "（{looks}ラウンドに {alpha} を等分、ラウンド内は全ペアを Holm 補正）。"
    "最良の値より {difference} 目標から遠い値を外す検出力: {power}。",
    "The chance this race drops any value when none differs is at most {alpha} over the "
    "whole race ({alpha} split over {looks} rounds, all pairs Holm-corrected in each). Its "
    "power to drop a value {difference} farther from the target than the best: {power}.",
)
DIFFERENCE_HELP = Text(
    "検出力を述べる差（目標からの遠さ、指標の単位。省略時は指標ごとの既定値）。",
    "The difference (farther from the target, in the metric's units) the race states its "
    "power for (default: per metric).",
)
NONE_DROPPED = Text(
    "どの値も外せませんでした: 対のゲームでは最良の値との差を示せません。",
    "No value was dropped: the matched games do not tell any value from the best.",
)
RESULT = Text(
    "最良の値: {parameter} = {best}（{metric} = {mean} ± {margin}）。目標を区間に含む値: "
    "{low}..{high}。終了理由: {reason}。全{games}ゲーム。",
    "Best value: {parameter} = {best} ({metric} = {mean} ± {margin}). Values whose interval "
    "holds the target: {low}..{high}. Stopped: {reason}. {games} games in all.",
)
UNREACHED = Text(
    "どの値でも目標に届きません: 最も近いのは {parameter} = {best}"
    "（{metric} = {mean} ± {margin}）、"
    "区別できなかった値は {low}..{high}。終了理由: {reason}。全{games}ゲーム。",
    "No value reaches the target: the closest is {parameter} = {best} ({metric} = {mean} ± "
    "{margin}); values not told apart from it: {low}..{high}. Stopped: {reason}. {games} games "
    "in all.",
)
REASONS = {
    "one left": Text("残りが1つ", "one value left"),
    "narrow": Text("区間が十分狭い", "the best value's interval is narrow enough"),
    "budget": Text("ゲーム数の上限", "the game budget is spent"),
}


def add_to(app: typer.Typer, hl: str) -> None:
    """Add the command, with help texts in language ``hl``."""
    bots_help = BOTS_HELP(hl) + " " + t.KNOWN_BOTS(hl) + "; ".join(describe_bots(hl))
    target_help = TARGET_HELP.format(metrics=", ".join(METRICS))(hl)

    @app.command("tune", help=HELP(hl), cls=Command)
    def tune_command(
        game_id: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP(hl))],
        *,
        param: Annotated[
            str, typer.Option("--param", metavar="NAME=LOW..HIGH", help=PARAM_HELP(hl))
        ],
        target: Annotated[
            str, typer.Option("--target", metavar="METRIC=VALUE", help=target_help)
        ] = "first_player_advantage=0",
        players: Annotated[
            int | None, typer.Option("--players", "-p", metavar="N", help=PLAYERS_HELP(hl))
        ] = None,
        seed: Annotated[int | None, typer.Option("--seed", metavar="N", help=SEED_HELP(hl))] = None,
        bots: Annotated[
            list[str] | None, typer.Option("--bots", "-b", metavar="SPEC,...", help=bots_help)
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", metavar="NAME=VALUE", help=OPTION_HELP(hl)),
        ] = None,
        batch: Annotated[int, typer.Option("--batch", metavar="N", help=BATCH_HELP(hl))] = 200,
        budget: Annotated[
            int, typer.Option("--max-games", metavar="N", help=BUDGET_HELP(hl))
        ] = 5000,
        tolerance: Annotated[
            float | None, typer.Option("--tolerance", metavar="X", help=TOLERANCE_HELP(hl))
        ] = None,
        difference: Annotated[
            float | None, typer.Option("--difference", metavar="X", help=DIFFERENCE_HELP(hl))
        ] = None,
        workers: Annotated[
            int, typer.Option("--workers", "-w", metavar="K", help=WORKERS_HELP(hl))
        ] = 1,
        as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP(hl))] = False,
        report: Annotated[
            Path | None, typer.Option("--report", metavar="FILE.html", help=REPORT_HELP(hl))
        ] = None,
        lang: Annotated[Lang | None, typer.Option("--lang", help=LANG_HELP(hl))] = None,
    ) -> None:
        ln = resolve_lang(lang)
        with user_errors(ln):
            game = find_game(game_id)
            workers = kit.check_run(1, workers)
            name, low, high = parse_param(param)
            metric, goal = parse_target(target)
            options = game.resolve_options(parse_options(option))
            if players is None:
                players = game.player_range(options)[0]
            game.check_players(players, options)
            specs = expand_bot_specs(parse_bot_list(bots, game), players)
            if seed is None:
                seed = secrets.randbelow(2**31)
            kit.check_files(None, report)
            try:
                result = tune(
                    game,
                    name,
                    low,
                    high,
                    metric,
                    goal,
                    num_players=players,
                    seed=seed,
                    bot_specs=specs,
                    options=options,
                    batch=batch,
                    max_games=budget,
                    tolerance=tolerance,
                    workers=workers,
                    difference=difference,
                )
            except (BadTuning, StatisticsMissing) as error:
                raise CliError(BAD.format(detail=error)) from None
            if report is not None:
                from ..sim.tune_report import tune_page

                report.write_text(tune_page(result, ln), encoding="utf-8")
            if as_json:
                say(json.dumps(to_json(result, seed, players), ensure_ascii=False, indent=2))
                return
            say(
                TITLE.format(
                    title=game.title(ln),
                    parameter=name,
                    low=low,
                    high=high,
                    metric=metric,
                    target=goal,
                    n=players,
                    seed=seed,
                )(ln)
            )
            show_path(result, ln)


def parse_param(given: str) -> tuple[str, float, float]:
    name, equals, rest = given.partition("=")
    low, dots, high = rest.partition("..")
    try:
        if not equals or not dots or not name.strip():
            raise ValueError(given)
        return name.strip(), _number(low), _number(high)
    except ValueError:
        raise CliError(BAD_PARAM.format(given=given)) from None


def parse_target(given: str) -> tuple[str, float]:
    metric, equals, value = given.partition("=")
    try:
        if not equals:
            raise ValueError(given)
        return metric.strip(), float(value)
    except ValueError:
        raise CliError(BAD_TARGET.format(given=given)) from None


def _number(text: str) -> float:
    value = float(text)
    return int(value) if value.is_integer() and "." not in text else value


def show_path(result: Tuning, lang: str) -> None:
    for number, step in enumerate(result.rounds, 1):
        say(ROUND.format(number=number, games=step.candidates[0].games)(lang))
        for candidate in step.candidates:
            mark = (
                DROPPED.format(p=format_p(candidate.p_adjusted, lang))(lang)
                if candidate.value in step.dropped
                else ""
            )
            say(
                VALUE.format(
                    value=candidate.value,
                    mean=_metric(result.metric, candidate.mean),
                    margin=_metric(result.metric, candidate.margin, signed=False),
                    mark=mark,
                )(lang)
            )
    say(
        (RESULT if result.reached else UNREACHED).format(
            parameter=result.parameter,
            best=result.best.value,
            metric=result.metric,
            mean=_metric(result.metric, result.best.mean),
            margin=_metric(result.metric, result.best.margin, signed=False),
            low=result.low,
            high=result.high,
            reason=REASONS[result.reason](lang),
            games=result.games,
        )(lang)
    )
    surety = (
        NONE_DROPPED(lang)
        if math.isnan(result.surest)
        else SURE.format(p=format_p(result.surest, lang))(lang)
    )
    say(
        REMAINING.format(values=", ".join(str(value) for value in result.remaining), surety=surety)(
            lang
        )
    )
    say(
        ERROR_LINE.format(
            alpha=f"{100 * result.alpha:.0f} %",
            looks=result.looks,
            difference=_metric(result.metric, result.difference, signed=False),
            power="—" if math.isnan(result.power) else f"{100 * result.power:.0f} %",
        )(lang)
    )


def _metric(metric: str, value: float, signed: bool = True) -> str:
    """Rates in percentage points, lengths in actions."""
    if metric == "length":
        return f"{value:+.1f}" if signed else f"{value:.1f}"
    return f"{100 * value:+.1f} pt" if signed else f"{100 * value:.1f} pt"


def to_json(result: Tuning, seed: int, players: int) -> dict[str, Any]:
    """The result as JSON data: a value with no number (no test, no spread) is ``null``."""
    data: dict[str, Any] = _defined(
        {"seed": seed, "num_players": players, **dataclasses.asdict(result)}
    )
    return data


def _defined(value: Any) -> Any:
    """``value`` with every NaN or infinite float, at any depth, as ``None`` (strict JSON)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _defined(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_defined(item) for item in value]
    return value
