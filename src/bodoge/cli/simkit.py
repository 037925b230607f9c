"""What ``bodoge sim``, ``sweep`` and ``report`` share: backends, progress, files, reports.

Results are written to ``--out`` in game order (a small reorder buffer, so
that the file is the same for any number of workers and any backend); on
Ctrl-C the buffered ones are written too, so that every finished game is
kept and ``--resume`` plays only the rest.  The progress bar (games/s and
ETA) goes to stderr, and only when stderr is a terminal and ``--quiet`` was
not given.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text as RichText

from ..bots import BotSpec
from ..engine import Game, InvalidOptions, Text
from ..sim import (
    Backend,
    GameResult,
    GameTooLong,
    RayBackend,
    RayMissing,
    cpu_count,
    get_backend,
    seat_specs,
)
from ..sim.analysis import Analysis
from ..sim.backends import RAY_INSTALL
from ..sim.files import BadResultsFile, ParquetMissing, open_writer, read_results
from ..sim.inference import StatisticsMissing
from . import text as t
from .common import FAILED, INTERRUPTED, CliError, check_folder, say

RAY_HELP = Text(
    "Ray で実行する: auto はこのマシンに Ray を起動し、アドレス（ray://host:10001 など）は"
    f"既存のクラスタを使う（Ray が必要: {RAY_INSTALL}）。",
    "Run on Ray: 'auto' starts a local Ray instance, an address (ray://host:10001, ...) "
    f"uses an existing cluster (needs Ray: {RAY_INSTALL}).",
)
QUIET_HELP = Text("進捗バーを表示しない。", "Show no progress bar.")
FIXED_HELP = Text(
    "席ごとのボットを固定する（既定では毎ゲーム席を替え、どのボットもどの席にも、"
    "どのボットの次の席にも同じ回数座る）。",
    "Keep each bot at its seat (by default the seats change game by game: every bot takes "
    "every seat, and the seat right after every other bot, equally often).",
)
SET_HELP = Text(
    "デザインパラメータを変えて遊ぶ（bodoge games で一覧）。",
    "Play with another value of a design parameter (listed by bodoge games).",
)
RESUME_HELP = Text(
    "--out のファイルにあるゲームを飛ばして続きから遊ぶ。",
    "Continue the run in --out: play only the games it does not hold yet.",
)
EFFECT_DECISIONS = 200
"""Decisions per choice the report plays on both ways by default (two worlds each): a
2,000-game report's effects in a few minutes on two cores (bench/README.md)."""
EFFECTS_HELP = Text(
    "レポートで選択の効果を測るために、選択ごとに両方の手で打ち続ける手番の数（0: 測らない）。",
    "Decisions per choice the report plays on both ways to measure what the choice does "
    "(0: measure no effects).",
)
EFFECTS_NEGATIVE = Text(
    "--effects は0以上で指定してください（{n} ではなく）。",
    "--effects must be 0 or more, not {n}.",
)
RECORDS_HELP = Text(
    "--out の各行にゲームの記録（再生できる）も入れる。",
    "Also put each game's replayable record in its --out row.",
)
REPORT_HELP = Text(
    "HTML のバランスレポートをこのファイルに書く。", "Write an HTML balance report to this file."
)
BUILDING = Text("レポート作成中", "Building the report")
RATE = Text("{rate:,.1f} ゲーム/秒", "{rate:,.1f} games/s")
NO_RAY = Text("{detail}", "{detail}")
KEPT = Text(
    "中断しました。終わった{games}ゲームは {file} にあります（--resume で続きから）。",
    "Interrupted. The {games} finished games are in {file} (continue with --resume).",
)
WROTE_REPORT = Text("レポートを {file} に書きました。", "Wrote the report to {file}.")
BAD_FILE = Text("{detail}", "{detail}")
OTHER_RUN = Text(
    "{file} は別の実行のゲームを含みます（{what}）。同じ引数で --resume してください。",
    "{file} holds games of another run ({what}); resume with the same arguments.",
)
NO_RESUME_FILE = Text("--resume には --out が必要です", "--resume needs --out")
BAD_SET = Text(
    "--set は 名前=値 の形で指定してください（{given!r}）", "--set takes name=value, not {given!r}"
)


class RateColumn(ProgressColumn):
    """Games per second, the figure a long run is judged by."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def render(self, task: Task) -> RichText:
        speed = task.finished_speed or task.speed
        return RichText("" if speed is None else RATE.format(rate=speed)(self.lang))


def progress_bar(lang: str, quiet: bool, console: Console | None = None) -> Progress:
    """A Rich progress bar on stderr, disabled under ``--quiet`` or off a terminal."""
    console = console or Console(stderr=True)
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(lang),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=quiet or not console.is_terminal,
    )


@contextmanager
def backend_for(workers: int, ray: str | None) -> Iterator[Backend]:
    """Local processes, or Ray (``--ray``): with ``auto``, ``--workers`` sets its CPUs."""
    if ray is None:
        yield get_backend(workers)
        return
    try:
        backend = RayBackend(ray, num_cpus=workers if workers > 1 else None)
    except RayMissing as error:
        raise CliError(NO_RAY.format(detail=error)) from None
    try:
        yield backend
    finally:
        backend.close()


def check_run(n: int, workers: int) -> int:
    """Refuse a bad ``-n`` or ``--workers``; the worker count (0: one per CPU)."""
    if n < 1:
        raise CliError(t.BAD_COUNT.format(n=n))
    if workers < 0:
        raise CliError(t.BAD_WORKERS.format(workers=workers))
    return workers or cpu_count()


def parse_design(pairs: Sequence[str] | None) -> dict[str, Any]:
    from .common import parse_option_value

    design: dict[str, Any] = {}
    for pair in pairs or ():
        name, equals, raw = pair.partition("=")
        name = name.strip()
        if not equals or not name:
            raise CliError(BAD_SET.format(given=pair))
        if name in design:
            raise CliError(t.OPTION_TWICE.format(name=name))
        design[name] = parse_option_value(raw.strip())
    return design


def read_file(path: Path) -> list[GameResult]:
    """The rows of a results file, or a user error."""
    if not path.is_file():
        raise CliError(t.NO_FILE.format(file=path))
    try:
        return read_results(path)
    except (BadResultsFile, ParquetMissing) as error:
        raise CliError(BAD_FILE.format(detail=error), FAILED) from None
    except OSError as error:
        raise CliError(t.CANNOT_READ.format(file=path, reason=error.strerror or error)) from None


def previous_games(
    out: Path,
    game: Game,
    num_players: int,
    seed: int,
    variants: Sequence[tuple[dict[str, Any], dict[str, Any]]],
    specs: Sequence[BotSpec],
    rotate: bool,
) -> list[GameResult]:
    """The games ``out`` already holds, checked to belong to this very run."""
    done = read_file(out) if out.exists() else []
    for result in done:
        what = None
        if result.game != game.id:
            what = f"game {result.game}"
        elif result.num_players != num_players:
            what = f"{result.num_players} players"
        elif result.base_seed != seed:
            what = f"base seed {result.base_seed}"
        elif (
            not 0 <= result.variant < len(variants)
            or (
                dict(result.options),
                dict(result.design),
            )
            != variants[result.variant]
        ):
            what = f"options {dict(result.options)}, design {dict(result.design)}"
        elif result.bots != tuple(str(s) for s in seat_specs(specs, result.index, rotate)):
            what = f"bots {', '.join(result.bots)} in game {result.index}"
        if what is not None:
            raise CliError(OTHER_RUN.format(file=out, what=what))
    return done


def collect(
    results: Iterator[GameResult],
    order: Sequence[tuple[int, int]],
    out: Path | None,
    lang: str,
    *,
    quiet: bool,
    resume: bool = False,
    keep_records: bool = False,
    previous: int = 0,
) -> tuple[list[GameResult], float]:
    """Gather results under a progress bar, writing each to ``out`` in ``order``.

    ``order`` lists the ``(index, variant)`` of every game to be played, in
    the order they go into the file.  Returns the results (records dropped
    unless asked to keep them) and the seconds it took.
    """
    kept: list[GameResult] = []
    waiting: dict[tuple[int, int], GameResult] = {}
    position = 0
    started = time.perf_counter()
    with ExitStack() as stack:
        writer = None
        if out is not None:
            check_folder(out)
            try:
                writer = stack.enter_context(open_writer(out, resume))
            except ParquetMissing as error:
                raise CliError(BAD_FILE.format(detail=error)) from None
            except OSError as error:
                raise CliError(
                    t.CANNOT_WRITE.format(file=out, reason=error.strerror or error)
                ) from None
        progress = stack.enter_context(progress_bar(lang, quiet))
        task = progress.add_task(t.PLAYING(lang), total=len(order))
        try:
            for result in results:
                if writer is not None:
                    waiting[result.index, result.variant] = result
                    while position < len(order) and order[position] in waiting:
                        writer.write(waiting.pop(order[position]))
                        position += 1
                    writer.flush()
                kept.append(result if keep_records else dataclasses.replace(result, record=None))
                progress.advance(task)
        except GameTooLong as error:
            raise CliError(t.TOO_LONG.format(detail=error), FAILED) from None
        except KeyboardInterrupt:
            if writer is None:
                raise CliError(t.SIM_INTERRUPTED, INTERRUPTED) from None
            for key in sorted(waiting):  # every finished game is kept, in order or not
                writer.write(waiting.pop(key))
            writer.flush()
            raise CliError(KEPT.format(games=previous + len(kept), file=out), INTERRUPTED) from None
    return kept, time.perf_counter() - started


def analysed(results: Sequence[GameResult], **options: Any) -> Analysis:
    """:func:`~bodoge.sim.analysis.analyse`, with scipy's absence a user error."""
    from ..sim.analysis import analyse

    try:
        return analyse(results, **options)
    except StatisticsMissing as error:
        raise CliError(BAD_FILE.format(detail=error)) from None


def check_files(out: Path | None, report: Path | None) -> None:
    """Refuse files that cannot be written, and a report that cannot be drawn, before any
    game is played for them (a report needs matplotlib and scipy)."""
    from ..sim.report import ReportMissing

    if out is not None:
        check_folder(out)
    if report is None:
        return
    check_folder(report)
    for module, missing in (("matplotlib", ReportMissing), ("scipy", StatisticsMissing)):
        if importlib.util.find_spec(module) is None:
            raise CliError(BAD_FILE.format(detail=missing()))


def check_effects(effects: int) -> None:
    """``--effects`` is a count of decisions: 0 or more (checked before anything is played)."""
    if effects < 0:
        raise CliError(EFFECTS_NEGATIVE.format(n=effects))


def write_report(
    results: Sequence[GameResult],
    path: Path,
    lang: str,
    *,
    quiet: bool,
    effects: int = EFFECT_DECISIONS,
    announce: bool = True,
    workers: int = 1,
    ray: str | None = None,
) -> None:
    """Build the HTML report under a progress bar, write it and (``announce``) say where;
    failures are user errors.

    ``effects``: decisions played on both ways per choice (0: no effects measured), on
    ``workers`` processes (or on Ray) as the games were."""
    from ..sim.analysis import group_key
    from ..sim.effects import EffectBudget
    from ..sim.report import ReportMissing, build_report

    check_folder(path)
    budget = EffectBudget(effects, seed=results[0].base_seed or 0) if effects else None
    steps = len({group_key(r) for r in results}) + 4
    try:
        with progress_bar(lang, quiet) as progress:
            task = progress.add_task(BUILDING(lang), total=steps)
            advance: Callable[[str], None] = lambda step: progress.advance(task)  # noqa: E731
            with backend_for(workers if budget else 1, ray if budget else None) as backend:
                page = build_report(results, lang, advance=advance, effects=budget, backend=backend)
    except (ReportMissing, StatisticsMissing) as error:
        raise CliError(BAD_FILE.format(detail=error)) from None
    except (ValueError, InvalidOptions) as error:
        raise CliError(BAD_FILE.format(detail=error), FAILED) from None
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as error:
        raise CliError(
            t.CANNOT_WRITE.format(file=path, reason=error.strerror or error), FAILED
        ) from None
    if announce:
        say(WROTE_REPORT.format(file=path)(lang))
