"""``bodoge sim``: many games between bots, a progress bar and balance statistics."""

import dataclasses
import json
import secrets
import time
from collections.abc import Iterator, Mapping
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..bots import describe_bots
from ..engine import Game, Text, seat_name
from ..sim import GameResult, GameTooLong, Stats, cpu_count, run_many
from . import text as t
from .common import (
    FAILED,
    INTERRUPTED,
    CliError,
    Lang,
    check_folder,
    find_game,
    parse_bot_list,
    parse_options,
    resolve_lang,
    say,
    user_errors,
)
from .games import LANG_HELP
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
    "ボット。1つ（全席）か席ごとにカンマ区切りで。",
    "Bots: one spec for every seat, or one per seat, comma-separated.",
)
OUT_HELP = Text(
    "1ゲーム1行の JSON（シード、得点、勝者、手数、記録）をこのファイルに書く。",
    "Write one JSON line per game (seed, scores, winners, actions, record) to this file.",
)
JSON_HELP = Text("統計を JSON で出力する。", "Print the statistics as JSON instead of a table.")


def add_to(app: typer.Typer, hl: str) -> None:
    """Add the command, with help texts in language ``hl``."""
    bots_help = BOTS_HELP(hl) + " " + t.KNOWN_BOTS(hl) + "; ".join(describe_bots(hl))

    @app.command("sim", help=HELP(hl))
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
        bots: Annotated[
            list[str] | None, typer.Option("--bots", "-b", metavar="SPEC,...", help=bots_help)
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", metavar="NAME=VALUE", help=OPTION_HELP(hl)),
        ] = None,
        out: Annotated[
            Path | None, typer.Option("--out", metavar="FILE", help=OUT_HELP(hl))
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP(hl))] = False,
        lang: Annotated[Lang | None, typer.Option("--lang", help=LANG_HELP(hl))] = None,
    ) -> None:
        ln = resolve_lang(lang)
        with user_errors(ln):
            game = find_game(game_id)
            if n < 1:
                raise CliError(t.BAD_COUNT.format(n=n))
            if workers < 0:
                raise CliError(t.BAD_WORKERS.format(workers=workers))
            workers = workers or cpu_count()
            options = parse_options(option)
            if seed is None:
                seed = secrets.randbelow(2**31)
            if out is not None:
                check_folder(out)
            results = run_many(
                game,
                players,
                options,
                seed,
                parse_bot_list(bots),
                n=n,
                workers=workers,
                keep_records=out is not None,
            )
            started = time.perf_counter()
            with ExitStack() as stack:
                sink = stack.enter_context(_open(out)) if out is not None else None
                collected = collect(results, n, sink, ln)
            seconds = time.perf_counter() - started
            stats = Stats.from_results(collected)
            resolved = game.resolve_options(options)
            if as_json:
                report = {
                    "game": game.id,
                    "options": resolved,
                    "num_players": stats.num_players,
                    "seed": seed,
                    "stats": stats.to_json(),
                }
                say(json.dumps(report, ensure_ascii=False, indent=2))
            else:
                show_stats(game, resolved, seed, stats, ln)
                say(
                    t.TIMING.format(
                        games=n, seconds=seconds, rate=n / max(seconds, 1e-9), workers=workers
                    )(ln)
                )
            if out is not None:
                say(t.WROTE.format(games=n, file=out)(ln))


def _open(path: Path) -> IO[str]:
    try:
        return path.open("w", encoding="utf-8")
    except OSError as error:
        raise CliError(t.CANNOT_WRITE.format(file=path, reason=error.strerror or error)) from None


def collect(
    results: Iterator[GameResult], n: int, sink: IO[str] | None, lang: str
) -> list[GameResult]:
    """Gather results under a progress bar; write them to ``sink`` in game order.

    Results arrive in any order; lines are written in index order (a small
    reorder buffer), so the file is the same for any number of workers.
    Records are dropped from what is kept once written.
    """
    kept: list[GameResult] = []
    waiting: dict[int, GameResult] = {}
    next_index = 0
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    try:
        with progress:
            task = progress.add_task(t.PLAYING(lang), total=n)
            for result in results:
                if sink is not None:
                    waiting[result.index] = result
                    while next_index in waiting:
                        sink.write(json.dumps(waiting.pop(next_index).to_json()) + "\n")
                        next_index += 1
                kept.append(dataclasses.replace(result, record=None))
                progress.advance(task)
    except GameTooLong as error:
        raise CliError(t.TOO_LONG.format(detail=error), FAILED) from None
    except KeyboardInterrupt:
        raise CliError(t.SIM_INTERRUPTED, INTERRUPTED) from None
    return kept


def show_stats(game: Game, options: Mapping[str, Any], seed: int, stats: Stats, lang: str) -> None:
    console = Console(highlight=False)
    title = t.SIM_TITLE.format(
        title=game.title(lang), games=stats.games, n=stats.num_players, seed=seed
    )(lang)
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column(t.COL_SEAT(lang))
    table.add_column(t.COL_BOT(lang), overflow="fold")
    for column in (t.COL_WIN_RATE, t.COL_MEAN, t.COL_SD, t.COL_RANGE):
        table.add_column(column(lang), justify="right")
    for seat in stats.seats:
        table.add_row(
            seat_name(seat.seat, lang),
            seat.bot,
            f"{seat.win_rate:6.1%} ± {seat.win_margin:.1%}",
            f"{seat.score_mean:.2f}",
            f"{seat.score_sd:.2f}",
            f"{_number(seat.score_min)} … {_number(seat.score_max)}",
        )
    console.print(table)
    words = ", ".join(f"{k}={json.dumps(v)}" for k, v in options.items()) or "-"
    say(t.OPTIONS_LINE.format(options=words)(lang))
    say(t.LENGTH.format(mean=stats.length_mean, low=stats.length_min, high=stats.length_max)(lang))
    say(t.ADVANTAGE.format(adv=100 * stats.first_player_advantage)(lang))
    say(
        t.SHARED.format(shared=stats.shared_wins, none=stats.no_winner, stopped=stats.stopped)(lang)
    )


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.2f}"
