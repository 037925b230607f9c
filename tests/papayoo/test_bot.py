"""Papayoo's heuristic plays from a distribution over its scored moves."""

from __future__ import annotations

from bodoge.games.papayoo import GAME, PickPass, Play
from botkit import assert_policy_is_what_choose_draws, mixed_position


def test_a_pass_among_near_equally_dangerous_cards_is_drawn_from_its_policy() -> None:
    state, seat = mixed_position(GAME, 4, PickPass)
    assert_policy_is_what_choose_draws(GAME, state, seat)


def test_a_play_among_near_equal_cards_is_drawn_from_its_policy() -> None:
    state, seat = mixed_position(GAME, 4, Play)
    assert_policy_is_what_choose_draws(GAME, state, seat)
