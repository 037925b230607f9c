"""The ``bodoge`` command: games, play, sim, sweep, report, tune, replay, review and serve.

Output follows ``--lang`` (else the ``BODOGE_LANG`` setting, else English);
the help texts follow ``BODOGE_LANG``.  Errors go to stderr as one line,
with exit code 2 for a bad invocation and 1 for refused input or a failed
run (130 after Ctrl-C).

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(build_app("en"), ["--version"]).output.startswith("bodoge ")
True
"""

from typing import Annotated

import typer

from .. import __version__
from ..engine import Text
from . import games, play, replay, report, review, serve, sim, tune
from . import text as t
from .common import Group, env_lang

HELP = Text(
    "bodoge: 小さなボードゲームを遊び、ボットを戦わせ、バランスを調べる。",
    "bodoge: play small tabletop games, pit bots against each other, check the balance.",
)
VERSION_HELP = Text("バージョンを表示して終了する。", "Show the version and exit.")


def _show_version(value: bool) -> None:
    if value:
        typer.echo(t.VERSION.format(version=__version__)(env_lang() or "en"))
        raise typer.Exit()


def build_app(help_lang: str | None = None) -> typer.Typer:
    """The command-line application, with help texts in ``help_lang``."""
    hl = help_lang or env_lang() or "en"
    app = typer.Typer(
        name="bodoge",
        help=HELP(hl),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        cls=Group,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback()
    def root(
        version: Annotated[
            bool,
            typer.Option("--version", callback=_show_version, is_eager=True, help=VERSION_HELP(hl)),
        ] = False,
    ) -> None:
        del version

    games.add_to(app, hl)
    play.add_to(app, hl)
    sim.add_to(app, hl)
    report.add_to(app, hl)
    tune.add_to(app, hl)
    replay.add_to(app, hl)
    review.add_to(app, hl)
    serve.add_to(app, hl)
    return app


def main() -> None:
    """The console-script entry point (``bodoge = "bodoge.cli:main"``)."""
    build_app()(prog_name="bodoge")


__all__ = ["build_app", "main"]
