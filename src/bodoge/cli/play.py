"""``bodoge play``: a person plays in the terminal against bots.

The person sees exactly what their seat may see (``describe_view`` of
``state.view(seat)``) and numbered legal actions; a bot's move is shown as
that seat's event log shows it, so a secret decision stays secret (one line
for a run of secret steps by one seat, such as choosing cards to pass).
A move that is the only one possible is made without asking; where a step
takes several picks in a row, several numbers may be given at once.

Seats are numbered for people as everywhere they are shown: ``--seat 1``
is P1.  Inside, seats count from 0 as in the engine.
"""

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from ..bots import Bot, describe_bots, expand_bot_specs, make_bot
from ..engine import Action, Event, State, Text, seat_name
from ..sim import bot_seed
from . import text as t
from .common import (
    FAILED,
    INTERRUPTED,
    Command,
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
from .games import LANG_HELP, options_text

HELP = Text(
    "端末でボットと対戦する。番号を入力して手を選ぶ（q で終了）。",
    "Play a game in the terminal against bots; choose moves by number (q quits).",
)
GAME_HELP = Text("ゲームの ID（bodoge games で一覧）。", "Game id (see: bodoge games).")
PLAYERS_HELP = Text("人数（省略時は最少人数）。", "Number of players (default: the fewest).")
SEAT_HELP = Text(
    "あなたの席 1〜人数（1 = P1 がスタートプレイヤー）。",
    "Your seat, 1 to the number of players (1 is P1, who starts).",
)
BOTS_HELP = Text(
    "ほかの席のボット。1つ（全員）か席ごとにカンマ区切りで" + t.BOT_DEFAULT("ja"),
    "Bots for the other seats: one spec for all, or one per seat, comma-separated "
    + t.BOT_DEFAULT("en"),
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

    @app.command("play", help=HELP(hl), cls=Command)
    def play(
        game_id: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP(hl))],
        *,
        players: Annotated[
            int | None, typer.Option("--players", "-p", metavar="N", help=PLAYERS_HELP(hl))
        ] = None,
        seat: Annotated[int, typer.Option("--seat", "-s", metavar="SEAT", help=SEAT_HELP(hl))] = 1,
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
            me = check_seat(seat, state.num_players)
            others = [s for s in range(state.num_players) if s != me]
            specs = expand_bot_specs(parse_bot_list(bots, game), len(others))
            table: dict[int, Bot] = {
                other: make_bot(spec, game, bot_seed(state.seed, other))
                for other, spec in zip(others, specs, strict=True)
            }
            say(t.HEADER.format(title=game.title(ln), n=state.num_players, seed=state.seed)(ln))
            say(t.OPTIONS_LINE.format(options=options_text(game, state.options, ln))(ln))
            for other, spec in zip(others, specs, strict=True):
                say(t.SEAT_BOT.format(name=seat_name(other, ln), spec=spec)(ln))
            say(t.YOU_ARE.format(name=seat_name(me, ln))(ln))
            try:
                play_out(state, me, table, ln)
            except Abandoned as stop:
                typer.echo(stop.message(ln), err=True)
                if save is not None:
                    write_json(save, played_record(state, others))
                    typer.echo(t.SAVED_UNFINISHED.format(file=save)(ln), err=True)
                raise typer.Exit(stop.code) from None
            finish(state, me, ln)
            if save is not None:
                write_json(save, played_record(state, others))
                say(t.SAVED.format(file=save)(ln))


def played_record(state: State, bots: list[int]) -> dict[str, Any]:
    """The game's record, saying which seats the bots played (a review of one names it)."""
    return {**state.record(), "meta": {"bots": bots}}


def play_out(
    state: State, seat: int, bots: Mapping[int, Bot], lang: str, read: Reader | None = None
) -> None:
    """Play until the end, asking ``read`` (default: ``input``) for the person's choices."""
    read = read or input
    shown = EventLines(seat, lang)
    try:
        while not state.is_over:
            actor = state.to_act[0]
            if actor != seat:
                shown.play(state, actor, bots[actor].choose(state, actor))
                continue
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                shown.play(state, seat, legal[0], forced=True)
                continue
            shown.interrupt()
            for action in ask(state, seat, legal, lang, read):
                shown.play(state, seat, action)
    except EOFError:
        say()
        raise Abandoned(t.END_OF_INPUT, FAILED) from None
    except KeyboardInterrupt:
        say()
        raise Abandoned(t.INTERRUPTED, INTERRUPTED) from None


class EventLines:
    """Applied actions as one line each, as ``seat`` may see them.

    Another seat's steps of a choice still being made (a draft) print
    nothing, and a run of secret steps by one seat is one line: the others
    learn that the seat decided, not how many steps it took.
    """

    def __init__(self, seat: int, lang: str) -> None:
        self.seat = seat
        self.lang = lang
        self.hidden_run: int | None = None
        """The seat whose secret steps the last line stands for, if it was one."""

    def play(self, state: State, actor: int, action: Action, forced: bool = False) -> None:
        """Apply ``action`` and show it, named as the game describes it in the position
        before it (from this seat's view: only a move it may see is named at all)."""
        described = state.game.describe_action(state.view(self.seat), action, self.lang)
        self.show(state.apply(actor, action), forced, described)

    def show(self, event: Event, forced: bool = False, described: str | None = None) -> None:
        lang = self.lang
        if event.outcome.draft and event.seat != self.seat:
            return
        shown = event.for_seat(self.seat, lang)
        label = shown["label"]
        if label is not None and described is not None:
            label = described
        name = seat_name(event.seat, lang)
        if label is None:
            if self.hidden_run != event.seat:
                secret = t.CHOSEN_MOVE if shown["facts"].get("chosen") else t.SECRET_MOVE
                say(secret.format(name=name)(lang))
                self.hidden_run = event.seat
            return
        self.hidden_run = None
        say((t.FORCED_MOVE if forced else t.MOVE).format(name=name, label=label)(lang))

    def interrupt(self) -> None:
        """Something else is shown: secret steps after it get a line of their own."""
        self.hidden_run = None


def ask(state: State, seat: int, legal: list[Action], lang: str, read: Reader) -> list[Action]:
    """Show ``seat``'s view and legal actions; return what the person picks, in order.

    Several numbers at once are accepted where the person acts several
    times in a row (each one checked on a copy of the game first); the
    numbers all refer to the list shown.
    """
    say()
    say(t.YOUR_TURN.format(name=seat_name(seat, lang))(lang))
    view = state.view(seat)
    say(state.game.describe_view(view, lang))
    for number, action in enumerate(legal, 1):
        say(f"{number:>3}. {state.game.describe_action(view, action, lang)}")
    count = len(legal)
    prompt = t.PROMPT_SEVERAL if _acts_again(state, seat, legal[0]) else t.PROMPT
    while True:
        entry = read(prompt.format(k=count)(lang)).strip()
        numbers, problem = _check_entry(entry, count)
        if problem is None:
            chosen = [legal[number - 1] for number in numbers]
            problem = _check_in_a_row(state, seat, numbers, chosen)
            if problem is None:
                return chosen
        say(problem(lang))


def _acts_again(state: State, seat: int, action: Action) -> bool:
    """Whether ``seat`` is still to act after ``action`` (a step of several picks)."""
    after = state.clone()
    after.apply(seat, action)
    return not after.is_over and seat in after.to_act


def _check_entry(entry: str, count: int) -> tuple[list[int], Text | None]:
    """The numbers in ``entry``, or why it is not a choice among ``count``."""
    if not entry:
        return [], t.EMPTY_ENTRY.format(k=count)
    if entry.lower() in {"q", "quit", "exit"}:
        raise Abandoned(t.QUIT, FAILED)
    numbers = []
    for word in entry.replace(",", " ").split():
        try:
            number = int(word)
        except ValueError:
            return [], t.NOT_A_NUMBER.format(entry=word, k=count)
        if not 1 <= number <= count:
            return [], t.OUT_OF_RANGE.format(number=number, k=count)
        numbers.append(number)
    return numbers, None


def _check_in_a_row(
    state: State, seat: int, numbers: list[int], chosen: list[Action]
) -> Text | None:
    """Why the ``chosen`` actions cannot be made one after another; ``None`` if they can."""
    if len(chosen) == 1:
        return None
    after = state.clone()
    for index, action in enumerate(chosen):
        if index and (after.is_over or seat not in after.to_act):
            return t.NOT_IN_A_ROW.format(number=numbers[index], before=numbers[index - 1])
        if index and action not in after.legal_actions(seat):
            return t.NOT_AFTER.format(number=numbers[index], before=numbers[index - 1])
        after.apply(seat, action)
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
