"""Moriya Wars' golden playthroughs beyond the tool's one seed.

``scripts/regen_golden.py`` plays every game from the same seed, and for Moriya
Wars that gives two nine-step games of places and takes only.  The games here
are written by that same tool, its seed set per game, and were picked (by a
search over seeds) to play every money and identity rule: each has a bribe, an
eviction, a steal and a four-of-a-kind swap; they also cover a swap with the
spare, false claims, a winning claim and each supply running out.  Any change
to any view at any step fails here, at the first step it touches.

Rewrite them, after an intended change, with::

    PYTHONPATH=src:tests python tests/moriya_wars/test_golden_seeds.py
"""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

import pytest

import bodoge
from test_golden import GOLDEN, first_difference, regen

DIRECTORY = GOLDEN / "moriya-wars"
GAMES = {
    (3, 24): {"swap_spare"},  # the money supply runs out, 43 steps
    (4, 19287): {"swap", "claim", "let_pass"},  # a false claim, then ⑤ claims and wins, 22 steps
    (5, 847): {"swap", "claim", "let_pass"},  # three false claims, the humans run out, 44 steps
}
"""(players, seed) → what that game plays besides a bribe, an eviction and a steal."""
EVERY_GAME = {"reroll", "evict", "steal"}


def path(players: int, seed: int) -> Path:
    return DIRECTORY / f"moriya-wars-{players}p-seed-{seed}{regen.SUFFIX}"


def render(players: int, seed: int) -> str:
    """The golden file of one game, by the repo's tool with its seed set to ``seed``."""
    game = bodoge.get_game("moriya-wars")
    case = regen.Case(game.id, {}, dict(game.resolve_options(None)), players)
    with mock.patch.object(regen, "SEED", seed):
        text: str = regen.render(case)
    return text


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_golden_playthrough_is_unchanged(players: int, seed: int) -> None:
    file = path(players, seed)
    if not file.exists():
        pytest.fail(f"{file} is missing; run {__file__}")
    text = file.read_text(encoding="utf-8")
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0]["seed"] == seed and lines[0]["num_players"] == players
    played = {line["action"]["type"] for line in lines if line["kind"] == "step"}
    assert EVERY_GAME | GAMES[players, seed] <= played
    assert lines[-1]["steps"] <= 60  # short enough to read
    difference = first_difference(text, render(players, seed))
    if difference is not None:
        pytest.fail(f"{file.name}: {difference}\nif intended, run {__file__}", pytrace=False)


def main() -> None:
    DIRECTORY.mkdir(exist_ok=True)
    for players, seed in GAMES:
        path(players, seed).write_text(render(players, seed), encoding="utf-8")
        print(f"wrote {path(players, seed)}")


if __name__ == "__main__":
    main()
