"""``bodoge replay``: check a game record and show how it went.

The whole record is verified with :func:`bodoge.replay` (every action on the
checked path, the recorded result compared) before anything is shown, so a
malformed or tampered file is refused with a clear message and exit code 1.
"""

import json
import sys
from typing import Annotated, Any

import typer

from ..engine import InvalidRecord, State, Text, get_game, parse_record, replay, seat_name
from ..engine.registry import MAX_RECORD_CHARS
from . import text as t
from .common import FAILED, CliError, Command, Lang, check_seat, resolve_lang, say, user_errors
from .games import LANG_HELP, options_text

HELP = Text(
    "ゲーム記録（JSON）を検証して結果を表示する。--step で一手ずつ。",
    "Verify a game record (JSON) and show the result; --step walks it action by action.",
)
FILE_HELP = Text("記録ファイル（- で標準入力）。", "The record file (- reads standard input).")
STEP_HELP = Text("一手ずつ、手と盤面を表示する。", "Show every action and the view after it.")
SEAT_HELP = Text(
    "この席（1 = P1）から見た盤面を表示する（省略時は観戦者）。",
    "Show the views as this seat sees them, 1 for P1 (default: a spectator).",
)


def add_to(app: typer.Typer, hl: str) -> None:
    """Add the command, with help texts in language ``hl``."""

    @app.command("replay", help=HELP(hl), cls=Command)
    def replay_command(
        file: Annotated[str, typer.Argument(metavar="FILE", help=FILE_HELP(hl))],
        step: Annotated[bool, typer.Option("--step", help=STEP_HELP(hl))] = False,
        seat: Annotated[
            int | None, typer.Option("--seat", "-s", metavar="SEAT", help=SEAT_HELP(hl))
        ] = None,
        lang: Annotated[Lang | None, typer.Option("--lang", help=LANG_HELP(hl))] = None,
    ) -> None:
        ln = resolve_lang(lang)
        with user_errors(ln):
            record, final = load_verified(file)
            viewer = None if seat is None else check_seat(seat, final.num_players)
            game = final.game
            say(
                t.REPLAY_HEADER.format(
                    title=game.title(ln), n=final.num_players, seed=final.seed, k=final.version
                )(ln)
            )
            say(t.OPTIONS_LINE.format(options=options_text(game, final.options, ln))(ln))
            say(t.VERIFIED(ln))
            if step:
                walk(record, viewer, ln)
            elif viewer is not None or not final.is_over:
                show_view(final, viewer, ln)
            if final.is_over:
                say()
                say(t.GAME_OVER(ln))
                for line in final.summary(ln, record.get("players")):
                    say(line)
            else:
                say(t.NOT_OVER.format(k=final.version)(ln))


def load_verified(file: str) -> tuple[Any, State]:
    """The record in ``file`` and the state it replays to, or a user error (exit code 1)."""
    record = load_record(file)
    try:
        return record, replay(record)
    except InvalidRecord as error:
        raise CliError(t.INVALID_RECORD.format(file=file, detail=error), FAILED) from None


def load_record(file: str) -> Any:
    """The JSON in ``file`` (``-``: standard input), or a user error.

    At most :data:`~bodoge.engine.registry.MAX_RECORD_CHARS` characters are
    read; :func:`bodoge.parse_record` refuses anything longer, or nested
    too deeply, or with numbers no record holds.
    """
    most = MAX_RECORD_CHARS + 1
    try:
        if file == "-":
            content = sys.stdin.read(most)
        else:
            with open(file, encoding="utf-8") as stream:
                content = stream.read(most)
    except FileNotFoundError:
        raise CliError(t.NO_FILE.format(file=file)) from None
    except OSError as error:
        raise CliError(t.CANNOT_READ.format(file=file, reason=error.strerror or error)) from None
    except UnicodeDecodeError as error:
        raise CliError(t.CANNOT_READ.format(file=file, reason=error), FAILED) from None
    try:
        return parse_record(content)
    except InvalidRecord as error:
        cause = error.__cause__
        if isinstance(cause, json.JSONDecodeError):
            message = t.NOT_JSON.format(
                file=file, line=cause.lineno, column=cause.colno, reason=cause.msg
            )
        else:
            message = t.INVALID_RECORD.format(file=file, detail=error)
        raise CliError(message, FAILED) from None


def show_view(state: State, seat: int | None, lang: str) -> None:
    say()
    heading = t.SPECTATOR_VIEW if seat is None else t.VIEW_OF.format(name=seat_name(seat, lang))
    say(heading(lang))
    say(state.game.describe_view(state.view(seat), lang))


def walk(record: dict[str, Any], seat: int | None, lang: str) -> None:
    """Replay a verified record action by action, as ``seat`` sees it.

    A run of secret steps by one seat is one step here (``4–8. P2: (a
    secret decision)``), shown with the view after its last action, as
    ``bodoge play`` shows it.
    """
    game = get_game(record["game"])
    state = game.new_game(
        record["num_players"], record["seed"], record["options"], record.get("design")
    )
    say()
    say(t.START(lang))
    say(state.game.describe_view(state.view(seat), lang))
    # (first step, last step, seat, label or None if secret, a completed choice, the view after)
    steps: list[tuple[int, int, int, str | None, bool, str]] = []
    index = 0
    for actor, wire in record["actions"]:
        event = state.apply(actor, game.parse_action(wire))
        if event.outcome.draft:
            continue  # a step of a choice: the replay shows the choice once complete
        index += 1
        shown = event.for_seat(seat, lang)
        label, chosen = shown["label"], bool(shown["facts"].get("chosen"))
        view = state.game.describe_view(state.view(seat), lang)
        if label is None and steps and steps[-1][3] is None and steps[-1][2] == actor:
            steps[-1] = (steps[-1][0], index, actor, None, steps[-1][4] or chosen, view)
        else:
            steps.append((index, index, actor, label, chosen, view))
    for first, last, actor, label, chosen, view in steps:
        name = seat_name(actor, lang)
        say()
        if label is not None:
            say(t.STEP.format(index=first, name=name, label=label)(lang))
        elif chosen and first == last:
            say(t.CHOSEN_STEP.format(index=first, name=name)(lang))
        elif first == last:
            say(t.SECRET_STEP.format(index=first, name=name)(lang))
        else:
            say(t.SECRET_STEPS.format(first=first, last=last, name=name)(lang))
        say(view)
