"""``bodoge review``: where a finished game was won and lost, from what one seat knew."""

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress

from ..engine import Text
from ..review import Budget, Limits, review
from ..review.words import describe
from . import text as t
from .common import FAILED, CliError, Command, Lang, check_seat, resolve_lang, say, user_errors
from .games import LANG_HELP
from .replay import load_verified

HELP = Text(
    "終わったゲームの記録から、ある席の判断を公平な探索で検討する（その席に見えていたことだけを使う）。",
    "Review one seat's decisions in a finished game with the fair search "
    "(from what that seat could see only).",
)
FILE_HELP = Text("記録ファイル（- で標準入力）。", "The record file (- reads standard input).")
SEAT_HELP = Text("検討する席（1 = P1）。", "The seat to review, 1 for P1.")
SECONDS_HELP = Text(
    "1手あたりの探索の秒数（結果は機械の速さで変わる）。省略時は反復回数で決まり、毎回同じ結果。",
    "Search seconds per decision (the result then depends on the machine's speed); "
    "by default a number of iterations, and the same review every time.",
)
ITERATIONS_HELP = Text("1手あたりの探索の反復回数。", "Search iterations per decision.")
WORLDS_HELP = Text(
    "比べる手ごとの配り直しの数（多いほど確か）。", "Re-deals per compared move (more is surer)."
)
PRECISION_HELP = Text(
    "判定に求める確かさ: 差の95%区間の半幅（0.05 で ±5ポイント）。届くまで配り直しを足す。",
    "The precision a verdict needs: the half-width of the loss's 95 % interval "
    "(0.05 is ±5 points); re-deals are added until it is reached.",
)
MOST_WORLDS_HELP = Text(
    "1つの判断に使う配り直しの上限（届かなければ「確かでない」と言う）。",
    "The most re-deals per decision (a decision that needs more is said to be unsure).",
)
CURVE_HELP = Text(
    "見込みの曲線の1点あたりの配り直しの数（0で曲線なし）。",
    "Re-deals per point of the curves (0: no curves).",
)
DECISIONS_HELP = Text(
    "検討する判断の上限（対局全体から均等に選ぶ。省略時はすべて）。",
    "Review at most this many decisions, chosen evenly over the game (default: all).",
)
POINTS_HELP = Text(
    "曲線の点の上限（対局全体から均等に選ぶ。省略時はすべて）。",
    "At most this many points per curve, chosen evenly over the game (default: all).",
)
SEED_HELP = Text("検討の乱数のシード。", "The review's random seed.")
OUT_HELP = Text("検討を JSON で書き出す。", "Write the review as JSON.")
REPORT_HELP = Text(
    "曲線と印を描く（.png なら画像、ほかは1つの HTML ページ）。",
    "Draw the curves and marks (.png: an image; otherwise one HTML page).",
)
NOT_OVER = Text(
    "{file} のゲームはまだ終わっていません。検討は終わったゲームだけです",
    "the game in {file} is not over; only finished games are reviewed",
)


def add_to(app: typer.Typer, hl: str) -> None:
    """Add the command, with help texts in language ``hl``."""

    @app.command("review", help=HELP(hl), cls=Command)
    def review_command(
        file: Annotated[str, typer.Argument(metavar="FILE", help=FILE_HELP(hl))],
        seat: Annotated[int, typer.Option("--seat", "-s", metavar="SEAT", help=SEAT_HELP(hl))],
        seconds: Annotated[
            float | None, typer.Option("--seconds", min=0.01, max=60.0, help=SECONDS_HELP(hl))
        ] = None,
        iterations: Annotated[
            int, typer.Option("--iterations", min=1, max=100_000, help=ITERATIONS_HELP(hl))
        ] = Budget.iterations,
        worlds: Annotated[
            int, typer.Option("--worlds", min=2, max=10_000, help=WORLDS_HELP(hl))
        ] = Budget.worlds,
        precision: Annotated[
            float, typer.Option("--precision", min=0.001, max=0.5, help=PRECISION_HELP(hl))
        ] = Budget.precision,
        most_worlds: Annotated[
            int, typer.Option("--most-worlds", min=2, max=100_000, help=MOST_WORLDS_HELP(hl))
        ] = Budget.most_worlds,
        curve: Annotated[
            int, typer.Option("--curve", min=0, max=10_000, help=CURVE_HELP(hl))
        ] = Budget.curve,
        decisions: Annotated[
            int | None, typer.Option("--decisions", min=1, help=DECISIONS_HELP(hl))
        ] = None,
        points: Annotated[int | None, typer.Option("--points", min=2, help=POINTS_HELP(hl))] = None,
        seed: Annotated[int, typer.Option("--seed", min=0, max=2**62, help=SEED_HELP(hl))] = 0,
        out: Annotated[Path | None, typer.Option("--out", help=OUT_HELP(hl))] = None,
        report: Annotated[Path | None, typer.Option("--report", help=REPORT_HELP(hl))] = None,
        lang: Annotated[Lang | None, typer.Option("--lang", help=LANG_HELP(hl))] = None,
    ) -> None:
        ln = resolve_lang(lang)
        with user_errors(ln):
            record, final = load_verified(file)
            if not final.is_over:
                raise CliError(NOT_OVER.format(file=file), FAILED)
            index = check_seat(seat, final.num_players)
            budget = Budget(
                iterations=iterations,
                worlds=worlds,
                curve=curve,
                seconds=seconds,
                precision=precision,
                most_worlds=most_worlds,
            )
            names = record.get("players")
            with Progress(console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task("review", total=None)
                result = review(
                    record,
                    index,
                    budget,
                    seed,
                    progress=lambda done, total: bar.update(task, completed=done, total=total),
                    limits=Limits(decisions=decisions, points=points),
                )
            for line in describe(result, ln, names):
                say(line)
            if out is not None:
                _write(out, json.dumps(result.to_json(), ensure_ascii=False, indent=1))
            if report is not None:
                from ..review.report import write_report

                try:
                    write_report(result, report, ln, final.game.title(ln), names)
                except OSError as error:
                    raise CliError(
                        t.CANNOT_WRITE.format(file=report, reason=error.strerror or error)
                    ) from None


def _write(path: Path, content: str) -> None:
    try:
        path.write_text(content + "\n", encoding="utf-8")
    except OSError as error:
        raise CliError(t.CANNOT_WRITE.format(file=path, reason=error.strerror or error)) from None
