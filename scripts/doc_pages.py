"""Write the documentation's pages that come from the code, so they cannot drift from it.

* ``docs/research/environments/``: one page per game for researchers (its
  Gymnasium, PettingZoo and OpenSpiel ids, its observation and action spaces
  at every player count and for each option set whose spaces differ, its
  options, the bots that can play the other seats, the history of its
  version), read from the registered games;
* ``docs/contributors/api/``: the API reference, one page per public module
  of the packages in :data:`SECTIONS` (mkdocstrings fills each from the
  docstrings when the site is built).

``tests/test_generated_pages.py`` fails when a page differs from what this
script writes.  Run it after changing a game's spaces, options or version,
or adding or removing a module::

    python scripts/doc_pages.py
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from collections.abc import Mapping
from pathlib import Path

import bodoge
from bodoge.bots.hints import search_hints
from bodoge.cli.games import allowed_text, default_text, player_text
from bodoge.engine import Game, OptionValue, State
from bodoge.interop.encoding import prepare
from bodoge.interop.gymnasium import env_id
from bodoge.interop.openspiel import short_name

ROOT = Path(__file__).resolve().parents[1]
ENVIRONMENTS = ROOT / "docs" / "research" / "environments"
API = ROOT / "docs" / "contributors" / "api"
GENERATED = "<!-- Written by scripts/doc_pages.py from the code: edit the code, then run it. -->"


# ------------------------------------------------------------- environments

LANG = "en"
COOPERATIVE = "yes: every seat gets 1 when the group wins"

Spaces = tuple[int, int, int]
"""Observation length, number of action ids, longest game in actions."""


def spaces(game: Game, options: Mapping[str, OptionValue], players: int) -> Spaces:
    prepared = prepare(game, options, players)
    longest = game.max_game_length(prepared.options, players)
    return len(prepared.encoder.slot_names()), len(prepared.table), longest


def counts(game: Game, options: Mapping[str, OptionValue]) -> range:
    low, high = game.player_range(game.resolve_options(dict(options)))
    return range(low, high + 1)


def given(game: Game, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """The fewest options to name for ``options``: the rest are defaults or derived."""
    named: dict[str, OptionValue] = {}
    for name, value in options.items():
        if game.resolve_options(named)[name] != value:
            named[name] = value
    return named


def space_rows(game: Game) -> list[str]:
    """A row per player count of the defaults, then where another option set's spaces differ."""
    defaults = game.resolve_options({})
    base = {n: spaces(game, defaults, n) for n in counts(game, defaults)}
    shown: list[dict[int, Spaces]] = [base]
    rows = [row(players, "defaults", found) for players, found in base.items()]
    for options in game.variants():
        found = {n: spaces(game, options, n) for n in counts(game, options)}
        differ = {n: s for n, s in found.items() if base.get(n) != s}
        if not differ or differ in shown:
            continue
        shown.append(differ)
        named = ", ".join(f"`{k}={v}`" for k, v in given(game, options).items())
        rows += [row(players, named, s) for players, s in differ.items()]
    return rows


def row(players: int, options: str, found: Spaces) -> str:
    observation, actions, longest = found
    return (
        f"| {players} | {options} | `Box(float32, ({observation},))` "
        f"| `Discrete({actions})` | {longest:,} |"
    )


def facts(game: Game) -> list[str]:
    players = 2 if game.min_players <= 2 <= game.max_players else game.min_players
    stops = game.state_class.stopped is not State.stopped  # the game declares a safety stop
    simultaneous = (
        "yes: Gymnasium's other seats are bots; in PettingZoo and OpenSpiel the seats choose "
        "one after another, and no seat's view shows another's choice before the rules reveal it"
        if game.simultaneous
        else "no"
    )
    return [
        "| | |",
        "|---|---|",
        f'| Gymnasium | `gymnasium.make("{env_id(game)}", num_players={players})` |',
        f'| PettingZoo | `pettingzoo.env("{game.id}", num_players={players})` |',
        f'| OpenSpiel | `pyspiel.load_game("{short_name(game.id)}", {{"players": {players}}})` |',
        f"| players | {player_text(game, LANG)} |",
        f"| simultaneous decisions | {simultaneous} |",
        f"| hidden information | {'yes' if game.hidden_information else 'no'} |",
        f"| co-operative | {COOPERATIVE if game.cooperative else 'no'} |",
        f"| teams | {'yes' if game.has_teams else 'no'} |",
        "| safety stop | "
        + (
            "yes: a game stopped by it has no winner and ends the episode as truncated, reward 0"
            if stops
            else "no: every game ends by its rules"
        )
        + " |",
    ]


def option_lines(game: Game) -> list[str]:
    if not game.options:
        return ["None: the spaces depend on the player count alone."]
    lines = []
    for option in game.options:
        words = f"- `{option.name}` ({option.title(LANG)}): {option.help(LANG)}"
        lines.append(
            f"{words.rstrip(': ')} Default `{default_text(option, LANG)}`; "
            f"allowed: {allowed_text(option, LANG)}."
        )
    return lines


def opponent_lines(game: Game) -> list[str]:
    strong = search_hints(game).strong_iterations
    return [
        "Gymnasium's `opponents` (and `bodoge sim --bots`) take any bot spec; the levels are:",
        "",
        "- `random`: uniformly random legal moves;",
        "- `easy`: the game's own strategy with some weight on worse moves;",
        "- `normal`: the game's own strategy, mixed among near-equal moves;",
        f"- `strong`: the fair information-set search at {strong:,} iterations a move"
        " (it never reads hidden cards).",
    ]


def version_lines(game: Game) -> list[str]:
    return [f"- **v{version}**: {change}" for version, change in game.versions.items()]


def page(game: Game) -> str:
    provisional = [f"- {item.text(LANG)}" for item in game.provisional]
    parts = [
        f"# {game.title(LANG)}: `{env_id(game)}`",
        GENERATED,
        game.blurb(LANG),
        "\n".join(facts(game)),
        "## Spaces\n\nThe observation is the seat's view as a `float32` vector (only what that "
        "seat may see); the action is an id in the game's declared action space, the legal ones "
        'in `info["action_mask"]`.',
        "| players | options | observation | action | longest game (actions) |\n"
        "|---|---|---|---|---|\n" + "\n".join(space_rows(game)),
        "## Options\n\n" + "\n".join(option_lines(game)),
        "## Opponents\n\n" + "\n".join(opponent_lines(game)),
        "## Versions\n\n" + "\n".join(version_lines(game)),
    ]
    if provisional:
        parts.append("## Provisional data\n\n" + "\n".join(provisional))
    return "\n\n".join(part for part in parts if part) + "\n"


def environment_index() -> str:
    rows = []
    for game_id in library_ids():
        game = bodoge.get_game(game_id)
        rows.append(
            f"| [{game.title(LANG)}]({game_id}.md) | `{env_id(game)}` "
            f"| {player_text(game, LANG)} | v{game.version} |"
        )
    return (
        "# Environments\n\n"
        f"{GENERATED}\n\n"
        "One page per game: its ids, spaces, options, opponents and versions "
        "([how the interfaces work](../interfaces.md)).\n\n"
        "| game | Gymnasium id | players | version |\n|---|---|---|---|\n" + "\n".join(rows) + "\n"
    )


def library_ids() -> list[str]:
    """The library's games (not games registered by tests or other packages)."""
    return [
        game_id
        for game_id in bodoge.game_ids()
        if type(bodoge.get_game(game_id)).__module__.startswith("bodoge.games.")
    ]


def environment_pages() -> dict[str, str]:
    """The environments' pages, by file name under :data:`ENVIRONMENTS`."""
    written = {"README.md": environment_index()}
    for game_id in library_ids():
        written[f"{game_id}.md"] = page(bodoge.get_game(game_id))
    return written


# ------------------------------------------------------------- the API reference

SECTIONS: dict[str, tuple[str, list[str]]] = {
    "The game contract": (
        "What every game meets and what outside code calls: a game author's and a "
        "researcher's first reading.",
        ["bodoge.engine"],
    ),
    "A game author's kit": (
        "The pieces the games share (zones and decks, secret and stepwise choices, dice, "
        "mixed strategies, rules with action tables and phases).",
        ["bodoge.engine.kit"],
    ),
    "Bots": ("Bot specs, the levels and the fair search.", ["bodoge.bots"]),
    "Research interfaces": (
        "Gymnasium, PettingZoo and OpenSpiel adapters, and outside policies as bots.",
        ["bodoge.interop"],
    ),
}
"""Each section: what it is for, and the packages whose public modules it documents."""


def modules(package: str) -> list[str]:
    """``package`` and its public modules (no leading underscore), in source order by name."""
    imported = importlib.import_module(package)
    found = [package]
    for info in pkgutil.iter_modules(imported.__path__):
        if not info.name.startswith("_") and not info.ispkg:
            found.append(f"{package}.{info.name}")
    return found


def own_members(module: str) -> list[str] | None:
    """A package's public names defined in the package itself; ``None`` for a plain module.

    A package mostly re-exports what its modules define, and those have
    pages of their own, so its page shows only its docstring and what it
    defines itself.
    """
    imported = importlib.import_module(module)
    if not hasattr(imported, "__path__"):
        return None
    return [
        name
        for name, value in vars(imported).items()
        if not name.startswith("_")
        and (inspect.isclass(value) or inspect.isfunction(value))
        and value.__module__ == module
    ]


def api_page(module: str) -> str:
    lines = [GENERATED, "", f"::: {module}", "    options:", "      heading_level: 1"]
    own = own_members(module)
    if own is not None:
        lines.append(f"      members: [{', '.join(own)}]" if own else "      members: false")
    return "\n".join(lines) + "\n"


def api_index() -> str:
    lines = [
        "# API reference",
        "",
        GENERATED,
        "",
        "Generated from the docstrings when the site is built, one page per module; "
        "names in the text link to their own entries.  The package `bodoge` re-exports the "
        "public game contract:",
        "",
        "::: bodoge",
        "    options:",
        "      members: [get_game, game_ids, replay, parse_record]",
        "      show_root_heading: false",
    ]
    for title, (purpose, packages) in SECTIONS.items():
        lines += ["", f"## {title}", "", purpose, ""]
        for package in packages:
            lines += [f"- [`{name}`]({name}.md)" for name in modules(package)]
    return "\n".join(lines) + "\n"


def api_pages() -> dict[str, str]:
    """The API reference's pages, by file name under :data:`API`."""
    written = {"README.md": api_index()}
    for _, packages in SECTIONS.values():
        for package in packages:
            written.update({f"{name}.md": api_page(name) for name in modules(package)})
    return written


def write(folder: Path, pages: Mapping[str, str]) -> None:
    """Write ``pages`` into ``folder``, removing the pages it no longer has."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in {path.name for path in folder.glob("*.md")} - set(pages):
        (folder / stale).unlink()
    for name, text in pages.items():
        (folder / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(pages)} pages to {folder.relative_to(ROOT)}")


def main() -> int:
    write(ENVIRONMENTS, environment_pages())
    write(API, api_pages())
    return 0


if __name__ == "__main__":
    sys.exit(main())
