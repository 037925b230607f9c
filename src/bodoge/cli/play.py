"""``bodoge play``: a person plays in the terminal against bots.

The person sees exactly what their seat may see (``describe_view`` of
``state.view(seat)``) and numbered legal actions; a bot's move is shown as
that seat's event log shows it, so a secret decision stays secret.
"""

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated

import typer

from ..bots import Bot, describe_bots, expand_bot_specs, make_bot
from ..engine import Action, Event, State, Text, seat_name
from ..sim import bot_seed
from . import text as t
from .common import (
    FAILED,
    INTERRUPTED,
    Lang,
    check_folder,
    check_seat,
    find_game,
    parse_bot_list,
    parse_options,
    resolve_lang,
    say,
    user_errors,
    write_json,
)
from .games import LANG_HELP

HELP = Text(
    "端末でボットと対戦する。番号を入力して手を選ぶ（q で終了）。",
    "Play a game in the terminal against bots; choose moves by number (q quits).",
)
GAME_HELP = Text("ゲームの ID（bodoge games で一覧）。", "Game id (see: bodoge games).")
PLAYERS_HELP = Text("人数（省略時は最少人数）。", "Number of players (default: the fewest).")
SEAT_HELP = Text(
    "あなたの席 0〜人数−1（席 0 = P1 がスタートプレイヤー）。",
    "Your seat, 0 to players−1 (seat 0, shown as P1, starts).",
)
BOTS_HELP = Text(
    "ほかの席のボット。1つ（全員）か席ごとにカンマ区切りで。",
    "Bots for the other seats: one spec for all, or one per seat, comma-separated.",
)
SEED_HELP = Text(
    "乱数のシード（省略時は無作為、記録に残る）。",
    "Random seed (default: a fresh one, kept in the record).",
)
OPTION_HELP = Text(
    "ゲームのオプション 名前=値（値は true/false/数値/文字列）。繰り返し指定できる。",
    "A game option as name=value (true/false, numbers, text); repeat for more.",
)
SAVE_HELP = Text(
    "ゲームの記録を JSON でこのファイルに保存する。", "Save the game record as JSON to this file."
)

Reader = Callable[[str], str]


class Abandoned(Exception):
    """The person left the game; ``code`` is the exit code."""

    def __init__(self, message: Text, code: int) -> None:
        super().__init__(message.en)
        self.message = message
        self.code = code


def add_to(app: typer.Typer, hl: str) -> None:
    """Add the command, with help texts in language ``hl``."""
    bots_help = BOTS_HELP(hl) + " " + t.KNOWN_BOTS(hl) + "; ".join(describe_bots(hl))

    @app.command("play", help=HELP(hl))
    def play(
        game_id: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP(hl))],
        *,
        players: Annotated[
            int | None, typer.Option("--players", "-p", metavar="N", help=PLAYERS_HELP(hl))
        ] = None,
        seat: Annotated[int, typer.Option("--seat", "-s", metavar="SEAT", help=SEAT_HELP(hl))] = 0,
        bots: Annotated[
            list[str] | None, typer.Option("--bots", "-b", metavar="SPEC,...", help=bots_help)
        ] = None,
        seed: Annotated[int | None, typer.Option("--seed", metavar="N", help=SEED_HELP(hl))] = None,
        lang: Annotated[Lang | None, typer.Option("--lang", help=LANG_HELP(hl))] = None,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", metavar="NAME=VALUE", help=OPTION_HELP(hl)),
        ] = None,
        save: Annotated[
            Path | None, typer.Option("--save", metavar="FILE", help=SAVE_HELP(hl))
        ] = None,
    ) -> None:
        ln = resolve_lang(lang)
        with user_errors(ln):
            game = find_game(game_id)
            options = parse_options(option)
            if save is not None:
                check_folder(save)
            state = game.new_game(players, seed, options)
            check_seat(seat, state.num_players)
            others = [s for s in range(state.num_players) if s != seat]
            specs = expand_bot_specs(parse_bot_list(bots), len(others))
            table: dict[int, Bot] = {
                other: make_bot(spec, game, bot_seed(state.seed, other))
                for other, spec in zip(others, specs, strict=True)
            }
            say(t.HEADER.format(title=game.title(ln), n=state.num_players, seed=state.seed)(ln))
            say(t.OPTIONS_LINE.format(options=_options_text(state.options))(ln))
            for other, spec in zip(others, specs, strict=True):
                say(t.SEAT_BOT.format(name=seat_name(other, ln), spec=spec)(ln))
            say(t.YOU_ARE.format(name=seat_name(seat, ln), seat=seat)(ln))
            try:
                play_out(state, seat, table, ln)
            except Abandoned as stop:
                typer.echo(stop.message(ln), err=True)
                if save is not None:
                    write_json(save, state.record())
                    typer.echo(t.SAVED_UNFINISHED.format(file=save)(ln), err=True)
                raise typer.Exit(stop.code) from None
            finish(state, seat, ln)
            if save is not None:
                write_json(save, state.record())
                say(t.SAVED.format(file=save)(ln))


def _options_text(options: Mapping[str, object]) -> str:
    return ", ".join(f"{k}={_json_word(v)}" for k, v in options.items()) or "-"


def _json_word(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def play_out(
    state: State, seat: int, bots: Mapping[int, Bot], lang: str, read: Reader | None = None
) -> None:
    """Play until the end, asking ``read`` (default: ``input``) for the person's choices."""
    read = read or input
    try:
        while not state.is_over:
            actor = state.to_act[0]
            if actor == seat:
                action = ask(state, seat, lang, read)
            else:
                action = bots[actor].choose(state, actor)
            show_event(state.apply(actor, action), seat, lang)
    except EOFError:
        say()
        raise Abandoned(t.END_OF_INPUT, FAILED) from None
    except KeyboardInterrupt:
        say()
        raise Abandoned(t.INTERRUPTED, INTERRUPTED) from None


def show_event(event: Event, seat: int, lang: str) -> None:
    """One line for an applied action, as ``seat`` may see it.

    Another seat's steps of a choice still being made print nothing: the
    completed choice prints one line.
    """
    if event.outcome.draft and event.seat != seat:
        return
    shown = event.for_seat(seat, lang)
    label = shown["label"]
    name = seat_name(event.seat, lang)
    if label is None and shown["facts"].get("chosen"):
        say(t.CHOSEN_MOVE.format(name=name)(lang))
    elif label is None:
        say(t.SECRET_MOVE.format(name=name)(lang))
    else:
        say(t.MOVE.format(name=name, label=label)(lang))


def ask(state: State, seat: int, lang: str, read: Reader) -> Action:
    """Show ``seat``'s view and legal actions; return the one the person picks."""
    legal = state.legal_actions(seat)
    say()
    say(t.YOUR_TURN.format(name=seat_name(seat, lang))(lang))
    say(state.game.describe_view(state.view(seat), lang))
    for number, action in enumerate(legal, 1):
        say(f"{number:>3}. {action.label(lang)}")
    count = len(legal)
    while True:
        entry = read(t.PROMPT.format(k=count)(lang)).strip()
        problem = _check_entry(entry, count)
        if problem is None:
            return legal[int(entry) - 1]
        say(problem(lang))


def _check_entry(entry: str, count: int) -> Text | None:
    """Why ``entry`` is not a choice among ``count``; ``None`` if it is one."""
    if not entry:
        return t.EMPTY_ENTRY.format(k=count)
    if entry.lower() in {"q", "quit", "exit"}:
        raise Abandoned(t.QUIT, FAILED)
    try:
        number = int(entry)
    except ValueError:
        return t.NOT_A_NUMBER.format(entry=entry, k=count)
    if not 1 <= number <= count:
        return t.OUT_OF_RANGE.format(number=number, k=count)
    return None


def finish(state: State, seat: int, lang: str) -> None:
    """The end: the summary and what it means for the person."""
    say()
    say(t.GAME_OVER(lang))
    for line in state.summary(lang):
        say(line)
    winners = state.winners
    if seat in winners:
        say((t.YOU_WIN if len(winners) == 1 else t.YOU_SHARE)(lang))
    else:
        say(t.YOU_LOSE(lang))
