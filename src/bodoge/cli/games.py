"""``bodoge games``: every game with its titles, player counts and options."""

import json
from collections.abc import Mapping
from typing import Annotated

import typer
from rich.console import Console

from ..engine import Game, Option, Text, game_ids, get_game
from . import text as t
from .common import Command, Lang, resolve_lang, say, user_errors

HELP = Text(
    "遊べるゲームの一覧（タイトル、人数、オプション、暫定データ）。",
    "List the games: titles, player counts, options and provisional data.",
)
LANG_HELP = Text("表示言語（ja または en）。", "Language of the output (ja or en).")
JSON_HELP = Text(
    "各ゲームのメタデータを JSON で出力する。", "Print every game's metadata as JSON instead."
)


def add_to(app: typer.Typer, hl: str) -> None:
    """Add the command, with help texts in language ``hl``."""

    @app.command("games", help=HELP(hl), cls=Command)
    def games(
        lang: Annotated[Lang | None, typer.Option("--lang", help=LANG_HELP(hl))] = None,
        as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP(hl))] = False,
    ) -> None:
        ln = resolve_lang(lang)
        with user_errors(ln):
            everything = [get_game(game_id) for game_id in game_ids()]
            if as_json:
                data = [game.metadata() for game in everything]
                say(json.dumps(data, ensure_ascii=False, indent=2))
            else:
                show_games(everything, ln)


def player_text(game: Game, lang: str) -> str:
    """``3–5 players (3–6 depending on options)``: the default range, then all."""
    low, high = game.min_players, game.max_players
    ranges = [game.player_range(variant) for variant in game.variants()] or [(low, high)]
    least, most = min(r[0] for r in ranges), max(r[1] for r in ranges)
    words = t.PLAYERS.format(low=low, high=high)(lang)
    if (least, most) != (low, high):
        words += t.PLAYERS_VARY.format(low=least, high=most)(lang)
    return words


def allowed_text(option: Option, lang: str) -> str:
    if option.choices is not None:
        return ", ".join(json.dumps(choice, ensure_ascii=False) for choice in option.choices)
    if option.kind is bool:
        return "true, false"
    if option.kind is int:
        low = "…" if option.minimum is None else option.minimum
        high = "…" if option.maximum is None else option.maximum
        return t.INT_RANGE.format(low=low, high=high)(lang)
    return t.ANY_TEXT(lang)


DESIGN_HEADING = Text(
    "デザインパラメータ（bodoge sim --set、bodoge sweep --vary）",
    "Design parameters (bodoge sim --set, bodoge sweep --vary)",
)


def default_text(option: Option, lang: str) -> str:
    if option.default_text is not None:
        return option.default_text(lang)
    return json.dumps(option.default, ensure_ascii=False)


def value_text(option: Option, value: object, lang: str) -> str:
    """One value of an option in words: on/off for a switch, else the value."""
    if option.kind is bool and isinstance(value, bool):
        return (t.ON if value else t.OFF)(lang)
    return str(value)


def options_text(game: Game, options: Mapping[str, object], lang: str) -> str:
    """A game's resolved options in words, by their titles, for a one-line header.

    >>> options_text(get_game("papayoo"), {"hands": "n", "shifting_pass": False}, "en")
    'Number of hands: n; Shifting pass: off'
    """
    declared = {option.name: option for option in game.options}
    parts = []
    for name, value in options.items():
        option = declared.get(name)
        if option is None:  # not declared (an older record, say): its name and value
            parts.append(f"{name}={value}")
        else:
            words = value_text(option, value, lang)
            parts.append(t.OPTION_WORDS.format(title=option.title(lang), value=words)(lang))
    return t.OPTION_SEPARATOR(lang).join(parts) or t.NO_OPTION_VALUES(lang)


def option_lines(option: Option, lang: str) -> list[str]:
    """An option as a few indented lines: name and title, facts, help."""
    kind = t.TYPE_NAMES.get(option.kind.__name__)
    facts = " · ".join(
        [
            f"{t.COL_TYPE(lang)}: {kind(lang) if kind else option.kind.__name__}",
            f"{t.COL_DEFAULT(lang)}: {default_text(option, lang)}",
            f"{t.COL_ALLOWED(lang)}: {allowed_text(option, lang)}",
        ]
    )
    lines = [f"    {option.name}  {option.title(lang)}", f"        {facts}"]
    if option.help(lang):
        lines.append(f"        {option.help(lang)}")
    return lines


def game_lines(game: Game, lang: str) -> list[str]:
    """Everything ``bodoge games`` says about one game, line by line."""
    meta = game.metadata()
    facts = [player_text(game, lang)]
    facts += [text(lang) for key, text in t.FEATURES.items() if meta.get(key)]
    lines = [f"{game.id}  {game.title(lang)}", "  " + " · ".join(facts)]
    if game.blurb(lang):
        lines.append("  " + game.blurb(lang))
    if game.options:
        lines.append(f"  {t.COL_OPTION(lang)}:")
        for option in game.options:
            lines += option_lines(option, lang)
    else:
        lines.append("  " + t.NO_OPTIONS(lang))
    if game.design:
        lines.append(f"  {DESIGN_HEADING(lang)}:")
        for parameter in game.design:
            bounds = " · ".join(
                [
                    f"{t.COL_DEFAULT(lang)}: {parameter.default}",
                    f"{t.COL_ALLOWED(lang)}: {parameter.minimum}..{parameter.maximum}",
                ]
            )
            lines += [f"    {parameter.name}  {parameter.title(lang)}", f"        {bounds}"]
            if parameter.help(lang):
                lines.append(f"        {parameter.help(lang)}")
    if game.provisional:
        lines.append(f"  {t.PROVISIONAL(lang)}:")
        lines += [f"    {p.name}: {p.text(lang)} ({p.source})" for p in game.provisional]
    else:
        lines.append("  " + t.NO_PROVISIONAL(lang))
    return lines


def show_games(games: list[Game], lang: str) -> None:
    console = Console(highlight=False)
    for number, game in enumerate(games):
        if number:
            console.print()
        heading, *rest = game_lines(game, lang)
        console.print(heading, markup=False, style="bold", soft_wrap=True)
        for line in rest:
            console.print(line, markup=False, soft_wrap=True)
