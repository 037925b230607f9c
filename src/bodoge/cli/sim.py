"""``bodoge sim``: many games between bots, a progress bar and balance statistics.

Seats change across games unless ``--fixed-seats`` (see
:mod:`bodoge.sim.seating`); the first-player advantage is printed only when
the seats are comparable.  ``--out`` keeps one row per game (see
:mod:`bodoge.sim.files`), ``--report`` writes the HTML report (see
:mod:`bodoge.sim.report`).
"""

import json
import secrets
import statistics
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from ..bots import describe_bots, expand_bot_specs
from ..engine import Game, Text, seat_name
from ..sim import GameResult, Stats, run_many
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
from .games import LANG_HELP, options_text
from .play import GAME_HELP, OPTION_HELP, PLAYERS_HELP

HELP = Text(
    "ボット同士で何ゲームも対戦させ、席ごとの勝率・得点・ゲームの長さを表示する。",
    "Play many games between bots and show win rates, scores and game length per seat.",
)
COUNT_HELP = Text("ゲーム数。", "Number of games.")
SEED_HELP = Text(
    "基準のシード（省略時は無作為、表示される）。同じシードなら同じ結果。",
    "Base seed (default: a fresh one, shown); the same seed gives the same results.",
)
WORKERS_HELP = Text(
    "ローカルのプロセス数（1: このプロセスで、0: CPU の数）。",
    "Local worker processes (1: in this process, 0: one per CPU).",
)
BOTS_HELP = Text(
    "ボット。1つ（全席）か席ごとにカンマ区切りで" + t.BOT_DEFAULT("ja"),
    "Bots: one spec for every seat, or one per seat, comma-separated " + t.BOT_DEFAULT("en"),
)
OUT_HELP = Text(
    "1ゲーム1行（シード、設定、ボット、得点、勝者、手数、終わり方、アクション数）をこのファイルに"
    "書く。JSON Lines、.parquet なら Parquet。",
    "Write one row per game (seed, options, design, bots, scores, winners, length, ending, "
    "action counts) to this file: JSON lines, or Parquet for *.parquet.",
)
JSON_HELP = Text("統計を JSON で出力する。", "Print the statistics as JSON instead of a table.")
DESIGN_LINE = Text("デザインパラメータ: {values}", "Design parameters: {values}")
BOT_LINE = Text(
    "{bot}: 勝率 {rate:.1f} % ± {margin:.1f} %（{seats}席）",
    "{bot}: wins {rate:.1f} % ± {margin:.1f} % of the {seats} seats it took",
)
TEAM_LINE = Text(
    "チームの成功率: {rate:.1f} % ± {margin:.1f} %（Wilson の95 %区間 {low:.1f}〜{high:.1f} %、"
    "{games}ゲーム中{wins}勝）。協力ゲームなので席の有利は求めません。",
    "Team success: {rate:.1f} % ± {margin:.1f} % (Wilson 95 % interval {low:.1f}–{high:.1f} %, "
    "{wins} of {games} games won). A co-operative game: no seat advantage is computed.",
)
NO_ADVANTAGE = Text(
    "スタートプレイヤーの有利: 違うボットを席に固定したので求めません"
    "（--fixed-seats なしで席を回す）",
    "First-player advantage: not shown, different bots sat at fixed seats "
    "(run without --fixed-seats to rotate them)",
)


def add_to(app: typer.Typer, hl: str) -> None:
    """Add the command, with help texts in language ``hl``."""
    bots_help = BOTS_HELP(hl) + " " + t.KNOWN_BOTS(hl) + "; ".join(describe_bots(hl))

    @app.command("sim", help=HELP(hl), cls=Command)
    def sim(
        game_id: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP(hl))],
        *,
        n: Annotated[int, typer.Option("--games", "-n", metavar="N", help=COUNT_HELP(hl))] = 100,
        players: Annotated[
            int | None, typer.Option("--players", "-p", metavar="N", help=PLAYERS_HELP(hl))
        ] = None,
        seed: Annotated[int | None, typer.Option("--seed", metavar="N", help=SEED_HELP(hl))] = None,
        workers: Annotated[
            int, typer.Option("--workers", "-w", metavar="K", help=WORKERS_HELP(hl))
        ] = 1,
        ray: Annotated[
            str | None, typer.Option("--ray", metavar="auto|ADDRESS", help=kit.RAY_HELP(hl))
        ] = None,
        bots: Annotated[
            list[str] | None, typer.Option("--bots", "-b", metavar="SPEC,...", help=bots_help)
        ] = None,
        fixed_seats: Annotated[
            bool, typer.Option("--fixed-seats", help=kit.FIXED_HELP(hl))
        ] = False,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", metavar="NAME=VALUE", help=OPTION_HELP(hl)),
        ] = None,
        design: Annotated[
            list[str] | None,
            typer.Option("--set", metavar="NAME=VALUE", help=kit.SET_HELP(hl)),
        ] = None,
        out: Annotated[
            Path | None, typer.Option("--out", metavar="FILE", help=OUT_HELP(hl))
        ] = None,
        resume: Annotated[bool, typer.Option("--resume", help=kit.RESUME_HELP(hl))] = False,
        records: Annotated[bool, typer.Option("--records", help=kit.RECORDS_HELP(hl))] = False,
        report: Annotated[
            Path | None, typer.Option("--report", metavar="FILE", help=kit.REPORT_HELP(hl))
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP(hl))] = False,
        effects: Annotated[
            int, typer.Option("--effects", metavar="N", help=kit.EFFECTS_HELP(hl))
        ] = kit.EFFECT_DECISIONS,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help=kit.QUIET_HELP(hl))] = False,
        lang: Annotated[Lang | None, typer.Option("--lang", help=LANG_HELP(hl))] = None,
    ) -> None:
        ln = resolve_lang(lang)
        with user_errors(ln):
            game = find_game(game_id)
            workers = kit.check_run(n, workers)
            kit.check_effects(effects)
            if resume and out is None:
                raise CliError(kit.NO_RESUME_FILE)
            options = game.resolve_options(parse_options(option))
            values = game.resolve_design(kit.parse_design(design))
            kit.check_files(out, report)
            earlier = kit.read_file(out) if resume and out is not None and out.exists() else []
            if seed is None and earlier:
                seed = earlier[0].base_seed
            if seed is None:
                seed = secrets.randbelow(2**31)
            if players is None:
                players = earlier[0].num_players if earlier else game.player_range(options)[0]
            game.check_players(players, options)
            specs = expand_bot_specs(parse_bot_list(bots, game), players)
            if out is not None and earlier:
                kit.previous_games(
                    out, game, players, seed, [(options, values)], specs, not fixed_seats
                )
            earlier = [r for r in earlier if r.index < n]
            done = {r.index for r in earlier}
            with kit.backend_for(workers, ray) as backend:
                results = run_many(
                    game,
                    players,
                    options,
                    seed,
                    specs,
                    n=n,
                    backend=backend,
                    keep_records=records,
                    design=values,
                    rotate=not fixed_seats,
                    skip=done,
                )
                order = [(index, 0) for index in range(n) if index not in done]
                collected, seconds = kit.collect(
                    results, order, out, ln, quiet=quiet, resume=resume, previous=len(done)
                )
            everything = earlier + collected
            stats = Stats.from_results(everything)
            if as_json:
                summary = {
                    "game": game.id,
                    "options": options,
                    "design": values,
                    "num_players": stats.num_players,
                    "seed": seed,
                    "stats": stats.to_json(),
                }
                say(json.dumps(summary, ensure_ascii=False, indent=2))
            else:
                show_stats(game, options, values, seed, stats, ln)
                show_units(game, everything, ln)
                if stats.cooperative:
                    show_bands(game, everything, ln)
                elif game.declares_subjects:
                    show_subjects(game, everything, ln)
                played = len(collected)
                rate = played / max(seconds, 1e-9)
                say(
                    t.TIMING.format(
                        games=played, seconds=seconds, rate=rate, workers=backend.workers
                    )(ln)
                )
            if out is not None and not as_json:  # --json: stdout is the JSON alone
                say(t.WROTE.format(games=len(everything), file=out)(ln))
            if report is not None:
                kit.write_report(  # --json: stdout is the JSON alone
                    everything,
                    report,
                    ln,
                    quiet=quiet,
                    effects=effects,
                    announce=not as_json,
                    workers=workers,
                    ray=ray,
                )


def show_stats(
    game: Game,
    options: Mapping[str, Any],
    design: Mapping[str, Any],
    seed: int,
    stats: Stats,
    lang: str,
) -> None:
    console = Console(highlight=False)
    title = t.SIM_TITLE.format(
        title=game.title(lang), games=stats.games, n=stats.num_players, seed=seed
    )(lang)
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column(t.COL_SEAT(lang))
    table.add_column(t.COL_BOT(lang), overflow="fold")
    columns = (t.COL_MEAN, t.COL_SD, t.COL_RANGE)
    for column in columns if stats.cooperative else (t.COL_WIN_RATE, *columns):
        table.add_column(column(lang), justify="right")
    for seat in stats.seats:
        rate = () if stats.cooperative else (f"{seat.win_rate:6.1%} ± {seat.win_margin:.1%}",)
        table.add_row(
            seat_name(seat.seat, lang),
            seat.bot,
            *rate,
            f"{seat.score_mean:.2f}",
            f"{seat.score_sd:.2f}",
            f"{_number(seat.score_min)} … {_number(seat.score_max)}",
        )
    console.print(table)
    say(t.OPTIONS_LINE.format(options=options_text(game, options, lang))(lang))
    defaults = game.resolve_design(None)
    changed = {k: v for k, v in design.items() if v != defaults[k]}
    if changed:
        words = ", ".join(f"{k}={json.dumps(v)}" for k, v in changed.items())
        say(DESIGN_LINE.format(values=words)(lang))
    if len(stats.bots) > 1:
        for bot in stats.bots:
            say(
                BOT_LINE.format(
                    bot=bot.bot,
                    rate=100 * bot.win_rate,
                    margin=100 * bot.win_margin,
                    seats=bot.seats,
                )(lang)
            )
    say(t.LENGTH.format(mean=stats.length_mean, low=stats.length_min, high=stats.length_max)(lang))
    if stats.cooperative:
        say(
            TEAM_LINE.format(
                rate=100 * stats.team_rate,
                margin=50 * (stats.team_high - stats.team_low),
                low=100 * stats.team_low,
                high=100 * stats.team_high,
                wins=stats.team_wins,
                games=stats.games,
            )(lang)
        )
    elif stats.seats_comparable:
        say(t.ADVANTAGE.format(adv=100 * stats.first_player_advantage)(lang))
    else:
        say(NO_ADVANTAGE(lang))
    if not stats.cooperative:
        say(
            t.SHARED.format(shared=stats.shared_wins, none=stats.no_winner, stopped=stats.stopped)(
                lang
            )
        )


BANDS_LINE = Text("ルールの評価: {bands}", "The rules' verdicts: {bands}")


def show_bands(game: Game, results: list[Any], lang: str) -> None:
    """A co-operative game's score bands (``Game.score_bands``), as the rules name them."""
    from ..sim.analysis import analyse

    team = analyse(results, bands=game.score_bands).groups[0].team
    if team is None or not team.bands:
        return
    total = sum(count for _, count in team.bands)
    words = ", ".join(
        f"{name(lang)} {100 * count / total:.1f} % ({count})" for name, count in team.bands
    )
    say(BANDS_LINE.format(bands=words)(lang))


UNITS_LINE = Text(
    "ゲームの長さ（{unit}）: 平均 {mean:.1f}、最短 {low}、最長 {high}",
    "Game length ({unit}): mean {mean:.1f}, min {low}, max {high}",
)


def show_units(game: Game, results: Sequence[GameResult], lang: str) -> None:
    """The length as players count it (rounds, turns), when the game declares its unit."""
    units = [r.units for r in results if r.units is not None]
    if not game.length_counter or not units:
        return
    say(
        UNITS_LINE.format(
            unit=game.length_unit(lang),
            mean=statistics.fmean(units),
            low=min(units),
            high=max(units),
        )(lang)
    )


SUBJECTS_LINE = Text(
    "カード（記述）: 選んだ席と選べたのに選ばなかった席の勝率の差が最も大きいのは{name}"
    "（{chose:.1f} % と {passed:.1f} %、選べたときに選んだ割合 {when:.1f} %）。"
    "選ぶことの効果ではありません。効果は --report のレポートにあります。",
    "Cards (a description): the widest gap between the seats that chose one and those that "
    "could and did not is {name} ({chose:.1f} % against {passed:.1f} %; chosen when legal "
    "{when:.1f} %). Not what choosing it does: the --report page measures that.",
)


def show_subjects(game: Game, results: list[Any], lang: str) -> None:
    """One line on the cards or tiles the game names: how their choosers fared (described)."""
    rows = kit.analysed(results).groups[0].subjects
    if not rows:
        return
    top = max(rows, key=lambda row: abs(row.difference))
    say(
        SUBJECTS_LINE.format(
            name=game.subject_name(top.kind, lang),
            chose=100 * top.chose_rate,
            passed=100 * top.passed_rate,
            when=100 * top.chosen_when_legal,
        )(lang)
    )


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.2f}"
