"""The parametrisation of the adapter tests over every registered game.

Every game, the toys in ``tests/toys`` included, declares what the adapters
need through its own ``Game`` hooks (``action_space``, ``view_schema``,
``score_range``, ``max_game_length``).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import bodoge
from bodoge.engine import Game, OptionValue
from cases import covering, every_pair


def setups() -> list[tuple[str, Mapping[str, OptionValue], int]]:
    """Every registered game with every option variant and every player count (a covering set)."""
    found = []
    for game_id in bodoge.game_ids():
        game: Game = bodoge.get_game(game_id)
        pairs = covering(game, every_pair(game, game.variants()))
        found += [(game_id, options, players) for options, players in pairs]
    return found


def setup_id(setup: tuple[str, Mapping[str, OptionValue], int]) -> str:
    game_id, options, players = setup
    shown = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game_id}[{shown}]-{players}p" if shown else f"{game_id}-{players}p"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test taking ``setup`` runs for every game, variant and player count.

    Computed at collection, after ``tests/conftest.py`` has registered the toys.
    """
    if "setup" in metafunc.fixturenames:
        found = setups()
        metafunc.parametrize("setup", found, ids=[setup_id(s) for s in found])
