"""The Egyptian Bride estimate that a search cut short at its horizon judges by."""

from __future__ import annotations

import pytest

import bodoge
from bodoge.games.egyptian_bride import GAME, EgyptianBrideState, hints
from bodoge.games.egyptian_bride.bot import standing
from mixkit import check_mixing, near_tie


def bare_table(players: int, **position: object) -> EgyptianBrideState:
    """A base game laid out by the position builder, with nothing else in any hand."""
    state = bodoge.get_game("egyptian-bride").new_game(players, seed=3)
    assert isinstance(state, EgyptianBrideState)
    return state.arrange(others={}, **position)  # type: ignore[arg-type]


def test_the_estimate_settles_the_table_as_if_the_game_ended_now() -> None:
    state = bare_table(
        4,
        hands={0: {13: 3}, 1: {13: 2}, 3: dict.fromkeys(range(6, 11), 1)},
        placed={1: {4: 2}},
        chips={4: 1, 5: 2},
    )
    # seat 0 marries 13; seat 1 marries 4 with its chip (2 points); seat 2 holds a chip
    # with no card of 5 (-1); seat 3 marries five brides and drops out
    expected = [1 + 0.5 * 13 / 14, 2 + 0.5 * 4 / 14, -1.0, -2.0]
    assert standing(state) == pytest.approx(expected)
    assert hints.estimate(state) == pytest.approx(expected)
    assert state.scores == (0, 0, 0, 0)  # nothing is scored before the settlement


def test_a_tie_on_points_leans_to_the_highest_bride_as_at_the_end() -> None:
    state = bare_table(3, hands={0: {12: 1}, 1: {9: 1}})
    high, low, nobody = standing(state)
    assert high > low > nobody == 0.0


def test_the_heuristic_draws_among_near_equal_moves() -> None:
    state, seat = near_tie(GAME, 4)
    check_mixing(GAME, state, seat)
