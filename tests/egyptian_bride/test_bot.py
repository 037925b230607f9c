"""The Egyptian Bride estimate that a search cut short at its horizon judges by."""

from __future__ import annotations

import pytest

import bodoge
from bodoge.games.egyptian_bride import EgyptianBrideState, hints
from bodoge.games.egyptian_bride.bot import standing


def bare_table(players: int) -> EgyptianBrideState:
    """A base game whose hands and placed cards are emptied, to be laid out by hand."""
    state = bodoge.get_game("egyptian-bride").new_game(players, seed=3)
    assert isinstance(state, EgyptianBrideState)
    for seat in range(players):
        state.hands[seat] = [0] * len(state.hands[seat])
        state.placed[seat] = [0] * len(state.placed[seat])
    return state


def test_the_estimate_settles_the_table_as_if_the_game_ended_now() -> None:
    state = bare_table(4)
    state.hands[0][13], state.hands[1][13] = 3, 2  # seat 0 marries 13
    state.placed[1][4], state.chips[4] = 2, 1  # seat 1 marries 4 with its chip: 2 points
    state.chips[5] = 2  # seat 2 holds a chip with no card of 5: -1
    for number in range(6, 11):  # seat 3 marries five brides and drops out
        state.hands[3][number] = 1
    expected = [1 + 0.5 * 13 / 14, 2 + 0.5 * 4 / 14, -1.0, -2.0]
    assert standing(state) == pytest.approx(expected)
    assert hints.estimate(state) == pytest.approx(expected)
    assert state.scores == (0, 0, 0, 0)  # nothing is scored before the settlement


def test_a_tie_on_points_leans_to_the_highest_bride_as_at_the_end() -> None:
    state = bare_table(3)
    state.hands[0][12] = 1
    state.hands[1][9] = 1
    high, low, nobody = standing(state)
    assert high > low > nobody == 0.0
