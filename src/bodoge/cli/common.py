"""What every ``bodoge`` command shares: language, user errors, options, output.

User errors (bad input, files, specs) are reported in one line on stderr in
the chosen language, without a traceback, with exit code 2 for a bad
invocation (unknown game, bad option, bad spec, missing file) and 1 for
input that is read but refused (an invalid record) or a failed run.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from ..bots import BadBotSpec, split_bot_specs
from ..engine import LANGS, Game, InvalidOptions, Text, UnknownGame, game_ids, get_game
from ..engine.text import DEFAULT_LANG
from . import text as t

USAGE = 2
"""Exit code of a bad invocation."""
FAILED = 1
"""Exit code of refused input or a failed run."""
INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells expect."""


class Lang(StrEnum):
    """The languages of ``--lang``."""

    ja = "ja"
    en = "en"


class CliError(Exception):
    """A user error: a message for people and the exit code."""

    def __init__(self, message: Text, code: int = USAGE) -> None:
        super().__init__(message.en)
        self.message = message
        self.code = code


FLAG_WORDS = frozenset({"true", "false", "yes", "no", "on", "off", "1", "0"})
"""Values people type after a flag that takes none (``--json true``)."""


def _flags_without_type(params: list[Any]) -> list[Any]:
    """Flags take no value: their column of value types in ``--help`` stays empty."""
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
    return params


def _refuse_flag_values(params: list[Any], ctx: Any, args: list[str]) -> None:
    """``--json true`` is told how a flag is written, not "unexpected extra argument (true)"."""
    flags = {
        name
        for param in params
        if isinstance(param, TyperOption) and param.is_flag
        for name in (*param.opts, *param.secondary_opts)
    }
    for flag, value in itertools.pairwise(args):
        if flag == "--":
            return
        if flag in flags and value.lower() in FLAG_WORDS:
            ctx.fail(t.FLAG_TAKES_NO_VALUE.format(flag=flag, value=value)(_lang_in(args)))


class Command(TyperCommand):
    """A ``bodoge`` command (``cls=`` of ``app.command``), with the flag handling above."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _flags_without_type(super().get_params(ctx))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        _refuse_flag_values(self.get_params(ctx), ctx, args)
        return super().parse_args(ctx, args)


class Group(TyperGroup):
    """The ``bodoge`` command group (``cls=`` of ``typer.Typer``), its flags as a command's."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _flags_without_type(super().get_params(ctx))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        _refuse_flag_values(self.get_params(ctx), ctx, args)
        return super().parse_args(ctx, args)


def _lang_in(args: Sequence[str]) -> str:
    """The language an invocation asks for (``--lang``, else ``BODOGE_LANG``), for parse errors."""
    for flag, value in itertools.pairwise(args):
        if flag == "--lang" and value in LANGS:
            return value
    for arg in args:
        if arg.startswith("--lang=") and arg[7:] in LANGS:
            return arg[7:]
    return env_lang() or DEFAULT_LANG


def env_lang() -> str | None:
    """``BODOGE_LANG`` if it names a language, else ``None``."""
    value = os.environ.get("BODOGE_LANG")
    return value if value in LANGS else None


def resolve_lang(option: Lang | None) -> str:
    """``--lang``, else ``BODOGE_LANG``, else English; a bad setting is a user error."""
    if option is not None:
        return option.value
    value = os.environ.get("BODOGE_LANG")
    if value is None:
        return DEFAULT_LANG
    if value not in LANGS:
        fail(t.BAD_LANG_ENV.format(value=value), DEFAULT_LANG)
    return value


def fail(message: Text, lang: str, code: int = USAGE) -> NoReturn:
    """Print ``message`` as an error on stderr and exit with ``code``."""
    typer.echo(t.ERROR.format(message=message(lang))(lang), err=True)
    raise typer.Exit(code)


def say(message: str = "") -> None:
    """Print one plain line (or several) on stdout."""
    typer.echo(message)


@contextmanager
def user_errors(lang: str) -> Iterator[None]:
    """Turn the errors people cause into a clean message and an exit code."""
    try:
        yield
    except CliError as error:
        fail(error.message, lang, error.code)
    except UnknownGame as error:
        fail(Text(str(error), str(error)), lang)
    except InvalidOptions as error:
        fail(t.INVALID_OPTIONS.format(detail=error), lang)
    except BadBotSpec as error:
        fail(t.BAD_BOT_SPEC.format(detail=error), lang)


def find_game(game_id: str) -> Game:
    """The game called ``game_id``, or a user error listing the games."""
    try:
        return get_game(game_id)
    except UnknownGame:
        known = ", ".join(game_ids())
        raise CliError(t.UNKNOWN_GAME.format(game=game_id, known=known)) from None


def parse_option_value(raw: str) -> Any:
    """A JSON literal (``true``, ``3``, ``"x"``) if it is one, else the text itself.

    >>> parse_option_value("true"), parse_option_value("4"), parse_option_value("base")
    (True, 4, 'base')
    """
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def parse_options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """``["expansion=true", ...]`` → ``{"expansion": True, ...}`` (values unchecked)."""
    options: dict[str, Any] = {}
    for pair in pairs or ():
        name, equals, raw = pair.partition("=")
        name = name.strip()
        if not equals or not name:
            raise CliError(t.OPTION_FORMAT.format(given=pair))
        if name in options:
            raise CliError(t.OPTION_TWICE.format(name=name))
        options[name] = parse_option_value(raw.strip())
    return options


def default_bot(game: Game) -> str:
    """The bot every command seats unless told: the game's own strategy, where it has one."""
    return "random" if game.heuristic is None else "normal"


def parse_bot_list(values: Sequence[str] | None, game: Game) -> list[str]:
    """Spec strings from repeated and/or comma-separated ``--bots`` values, or the default."""
    specs = [spec for value in values or () for spec in split_bot_specs(value)]
    return specs or [default_bot(game)]


def check_seat(number: int, num_players: int) -> int:
    """The seat (from 0) of the player people call P``number`` (``--seat 1`` is P1)."""
    if not 1 <= number <= num_players:
        raise CliError(t.BAD_SEAT.format(n=num_players, seat=number))
    return number - 1


def check_folder(path: Path) -> Path:
    """A user error now, rather than after a long game, if ``path`` cannot be created."""
    folder = path.parent
    if not folder.is_dir():
        raise CliError(t.NO_FOLDER.format(folder=folder))
    return path


def write_json(path: Path, data: object) -> None:
    """Write ``data`` as UTF-8 JSON; a failure is a user error."""
    try:
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise CliError(
            t.CANNOT_WRITE.format(file=path, reason=error.strerror or error), FAILED
        ) from None
