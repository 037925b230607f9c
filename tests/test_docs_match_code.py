"""What the documents say that the code can tell: the commands, the games' options.

A page that lists the ``bodoge`` commands, or a game's options, names every
one the code has and none it lacks; a command or option added without the
documents fails here.
"""

from __future__ import annotations

import re

import pytest

import bodoge
from bodoge.cli import build_app
from test_docs import ROOT

CODE = re.compile(r"`([^`]+)`")


def commands() -> list[str]:
    return [str(command.name) for command in build_app("en").registered_commands]


def test_the_architecture_page_lists_every_command() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if "bodoge.cli" in line and "|" in line)
    listed = CODE.findall(row.split("command:", 1)[1])
    assert listed == commands()


def test_the_cli_docstring_names_every_command() -> None:
    import bodoge.cli

    first = (bodoge.cli.__doc__ or "").splitlines()[0]
    named = re.findall(r"\b([a-z]+)\b", first.split(":", 1)[1])
    assert sorted(set(named) - {"and"}) == sorted(commands())


def readme_rows() -> dict[str, str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return {
        match[1]: match[0]
        for match in re.finditer(r"^\| `([a-z-]+)` \|.*$", text, re.M)
        if match[1] in bodoge.game_ids()
    }


def test_the_readme_has_a_row_per_game() -> None:
    library = [
        game_id
        for game_id in bodoge.game_ids()
        if type(bodoge.get_game(game_id)).__module__.startswith("bodoge.games.")
    ]
    assert sorted(readme_rows()) == library


@pytest.mark.parametrize("game_id", sorted(readme_rows()))
def test_the_readme_names_every_option_of_a_game(game_id: str) -> None:
    """Each option is named in the game's row (``<site>_side`` stands for a family)."""
    options_column = readme_rows()[game_id].split("|")[-2]
    named = CODE.findall(options_column)
    patterns = [re.compile(re.sub(r"<[a-z]+>", "[a-z]+", name) + "$") for name in named]
    game = bodoge.get_game(game_id)
    missing = [
        option.name
        for option in game.options
        if not any(pattern.match(option.name) for pattern in patterns)
    ]
    assert not missing, f"README's row for {game_id} does not name {missing}"


def test_the_example_reviews_print_the_budget_the_review_has() -> None:
    """The example reviews' last line, and the page's words for it, are today's default."""
    from bodoge.review import Budget
    from bodoge.review.words import budget_line

    line = budget_line(Budget(), 0, "en")
    folder = ROOT / "docs" / "review"
    for text in sorted(folder.glob("*.txt")):
        printed = [row for row in text.read_text(encoding="utf-8").splitlines() if row]
        assert printed[-1] == line, text.name
    budget = Budget()
    page = " ".join((folder / "README.md").read_text(encoding="utf-8").split())
    words = f"{budget.iterations} search iterations and {budget.worlds} to {budget.cap} re-deals"
    assert words in page and f"{budget.curve} re-deals per curve point" in page
