"""The Anehambra heuristic's estimate of the final palaces, which a search judges by."""

from __future__ import annotations

import pytest

import bodoge
from bodoge.games.anehambra import GAME, hints
from bodoge.games.anehambra.bot import CARD_VALUE, likely_palaces, survival
from mixkit import check_mixing, near_tie


@pytest.mark.parametrize(
    ("palace", "chance"),
    [
        ([1, 1, 1, 1, 1], 1.0),  # verified: no check may be used on it again
        ([2, 1, 1, 0, 0], 0.7),  # fails D only
        ([1, 1, 1, 1, 0], 0.49),  # fails E (no pair) and F (all colours)
        ([1, 0, 0, 0, 0], 0.7**4),  # fails B, C, D and E
    ],
)
def test_a_palace_stands_unless_a_check_it_fails_is_used(palace: list[int], chance: float) -> None:
    assert survival(palace) == pytest.approx(chance)


def test_the_estimate_counts_likely_palaces_and_cards_in_hand() -> None:
    game = bodoge.get_game("anehambra")
    state = game.new_game(3, seed=5)
    state.arrange(palaces={0: [[2, 1, 1, 0, 0], [1, 1, 1, 1, 1]], 2: [[1, 1, 1, 1, 0]]})  # type: ignore[attr-defined]
    hands = [sum(hand) for hand in state.hands]  # type: ignore[attr-defined]
    expected = [1.7 + CARD_VALUE * hands[0], CARD_VALUE * hands[1], 0.49 + CARD_VALUE * hands[2]]
    assert likely_palaces(state) == pytest.approx(expected)  # type: ignore[arg-type]
    assert hints.estimate(state) == pytest.approx(expected)
    assert state.scores == (2, 0, 1)  # the running count takes every palace as standing


def test_the_heuristic_draws_among_near_equal_moves() -> None:
    state, seat = near_tie(GAME, 4)
    check_mixing(GAME, state, seat)
