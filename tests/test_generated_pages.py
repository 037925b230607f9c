"""The documentation's pages written from the code are what the code says today.

``scripts/doc_pages.py`` writes one page per game (ids, spaces at every
player count, options, opponents, versions) from the registered games, and
one API page per public module; a page edited by
hand, or code whose spaces, options, version or modules changed without the
pages being written again, fails here.
"""

from __future__ import annotations

import pytest

import bodoge
from scriptkit import ROOT, load_script

PAGES = load_script(ROOT / "scripts" / "doc_pages.py", "doc_pages")


def test_every_public_module_has_its_api_page() -> None:
    written = PAGES.api_pages()
    on_disk = {path.name: path.read_text(encoding="utf-8") for path in PAGES.API.glob("*.md")}
    assert on_disk == written, "run python scripts/doc_pages.py"
    assert "bodoge.engine.kit.zones.md" in written and "bodoge.interop.gymnasium.md" in written
    mkdocs = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    missing = [name for name in written if f"contributors/api/{name}" not in mkdocs]
    assert not missing, f"mkdocs.yml's navigation lacks {missing}"


def test_every_environment_page_is_what_the_code_says() -> None:
    written = PAGES.environment_pages()
    folder = PAGES.ENVIRONMENTS
    on_disk = {path.name: path.read_text(encoding="utf-8") for path in folder.glob("*.md")}
    assert set(on_disk) == set(written), "run python scripts/doc_pages.py"
    stale = [name for name, text in written.items() if on_disk[name] != text]
    assert not stale, f"stale pages {stale}: run python scripts/doc_pages.py"
    assert len(PAGES.library_ids()) == 12
    assert set(written) == {"README.md", *(f"{game_id}.md" for game_id in PAGES.library_ids())}
    mkdocs = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    missing = [name for name in written if f"research/environments/{name}" not in mkdocs]
    assert not missing, f"mkdocs.yml's navigation lacks {missing}"


@pytest.mark.parametrize("game_id", bodoge.game_ids())
def test_a_games_version_history_ends_at_its_version(game_id: str) -> None:
    game = bodoge.get_game(game_id)
    assert list(game.versions)[-1] == game.version
    assert all(change.strip() for change in game.versions.values())


def test_a_page_gives_the_spaces_at_each_player_count() -> None:
    """Go Nuts for Donuts' spaces grow with the players (its tiles are dealt per seat)."""
    page = PAGES.page(bodoge.get_game("go-nuts-for-donuts"))
    assert "| 2 | defaults | `Box(float32, (307,))` | `Discrete(98)` |" in page
    assert "| 3 | defaults | `Box(float32, (364,))` | `Discrete(179)` |" in page
    assert "`bodoge/go-nuts-for-donuts-v1`" in page and "simultaneous decisions | yes" in page


def test_the_interfaces_page_names_the_games_with_a_safety_stop() -> None:
    """The research page names, in words, the games whose episodes may end truncated."""
    text = (ROOT / "docs" / "research" / "interfaces.md").read_text(encoding="utf-8")
    paragraph = " ".join(text[text.index("safety limit") - 400 :].split("\n\n")[0].split())
    stopping = [
        game_id
        for game_id in PAGES.library_ids()
        if "safety stop | yes" in PAGES.page(bodoge.get_game(game_id))
    ]
    named = [
        game_id
        for game_id in PAGES.library_ids()
        if bodoge.get_game(game_id).title("en").split(" (")[0] in paragraph
    ]
    assert named == stopping and len(stopping) == 6
