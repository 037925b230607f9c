"""Moriya Wars' seeded golden playthroughs play its money and identity rules.

The common golden seed gives Moriya Wars two nine-step games of places and
takes only, so ``scripts/regen_golden.py`` plays three more from seeds that
were searched for them (``MORE_GAMES``); ``tests/test_golden.py`` keeps them
unchanged like every golden file.  This checks that they still play what
they were picked for, so that a rule change that shortens them is noticed
here rather than by a reviewer.
"""

from __future__ import annotations

import itertools
import json

import pytest

from test_golden import GOLDEN, regen

EVERY_GAME = {"reroll", "evict", "steal", "end_turn"}
FACE_ACTIONS = {"place", "take_money", "steal"}
BESIDES = {3: {"swap_spare"}, 4: {"swap", "claim", "let_pass"}, 5: {"swap", "claim", "let_pass"}}
"""Players → what that seeded game plays besides a bribe, an eviction and a steal."""
SEEDED = [c for c in regen.cases() if c.game_id == "moriya-wars" and c.seed != regen.SEED]


def test_there_is_a_seeded_game_for_every_player_count() -> None:
    assert sorted(case.num_players for case in SEEDED) == [3, 4, 5]


@pytest.mark.parametrize("case", SEEDED, ids=lambda case: case.name)
def test_a_seeded_golden_game_plays_money_and_identities(case: regen.Case) -> None:
    lines = [json.loads(line) for line in (GOLDEN / case.filename).read_text("utf-8").splitlines()]
    assert lines[0]["seed"] == case.seed and lines[0]["num_players"] == case.num_players
    played = {line["action"]["type"] for line in lines if line["kind"] == "step"}
    assert EVERY_GAME | BESIDES[case.num_players] <= played
    steps = [line for line in lines if line["kind"] == "step"]
    assert any(  # money spent after the face's action, by the same player in the same turn
        before["action"]["type"] in FACE_ACTIONS
        and after["action"]["type"] == "evict"
        and after["seat"] == before["seat"]
        for before, after in itertools.pairwise(steps)
    )
    assert lines[-1]["steps"] <= 60  # short enough to read
