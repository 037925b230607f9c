"""Session set-up: the toy games, and the ``--runslow`` switch for soak tests (no time limit)."""

from __future__ import annotations

import pytest

from bodoge.engine import register, unregister
from toys import TOY_GAMES, TOY_IDS

__all__ = ["TOY_GAMES", "TOY_IDS"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--runslow", action="store_true", default=False, help="also run tests marked slow"
    )


def pytest_configure(config: pytest.Config) -> None:
    # Registered before collection, so parametrizations over bodoge.game_ids() see them.
    for game in TOY_GAMES:
        register(game)


def pytest_unconfigure(config: pytest.Config) -> None:
    for game_id in TOY_IDS:
        unregister(game_id)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without ``--runslow`` the soak tests are deselected (not run, not skipped)."""
    if config.getoption("--runslow"):
        for item in items:
            if "slow" in item.keywords:
                item.add_marker(pytest.mark.timeout(0))
        return
    slow = [item for item in items if "slow" in item.keywords]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if "slow" not in item.keywords]
