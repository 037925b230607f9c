"""The Cardiceo heuristic's cached reroll worth agrees with planning every roll afresh."""

from __future__ import annotations

import random

import pytest

from bodoge.games.cardiceo import GAME, Discard, bot
from bodoge.games.cardiceo.data import ALL_DICE, ROLLS
from botkit import assert_policy_is_what_choose_draws, mixed_position


def planned_afresh(hand: list[int], per_point: float) -> float:
    """The average best plan over all rolls, by the general planner (no shortcuts)."""
    rolls = bot._all_rolls()
    assert len(rolls) == ROLLS
    return sum(bot.best_plan(roll, ALL_DICE, hand, per_point) for roll in rolls) / ROLLS


@pytest.mark.parametrize("per_point", [0.0, 0.02])
def test_reroll_worth_matches_planning_every_roll(per_point: float) -> None:
    rng = random.Random(7)
    hands = [[0] + [rng.choice([0, 0, 0, 1, 1, 2, 3]) for _ in range(15)] for _ in range(30)]
    hands += [[0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0] * 3 + [2] + [0] * 12]
    for hand in hands:  # small hands too: a roll that empties the hand is worth the most
        assert bot.reroll_value(hand, per_point) == pytest.approx(planned_afresh(hand, per_point))


def test_a_discard_among_near_equal_plans_is_drawn_from_its_policy() -> None:
    state, seat = mixed_position(GAME, 3, Discard)
    assert_policy_is_what_choose_draws(GAME, state, seat)
