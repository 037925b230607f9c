"""Hoarders' heuristic bot never plays into the safety limit."""

from __future__ import annotations

import pytest

from bodoge.games.hoarders import GAME, HideCritter, HoardersState, data
from bodoge.games.hoarders.bot import PATIENCE, HeuristicBot
from bodoge.sim import play_game
from botkit import assert_policy_is_what_choose_draws, most_common_share


def hidden_pair(state: HoardersState, seat: int) -> set[str]:
    bot = HeuristicBot(seat)
    for _ in range(2):
        state.apply(seat, bot.choose(state, seat))
    return {data.CRITTERS[c] for c in state.face_down[seat]}


def test_in_a_long_game_the_bot_draws_instead_of_robbing_in_a_circle() -> None:
    """Regression: every bot hid Raccoon and Groundhog and they robbed each other in a
    circle with the deck untouched until the round limit (7–25 % of games)."""
    state = GAME.new_game(4, seed=3)
    assert isinstance(state, HoardersState)
    state.nuts = [[2, 2, 1, 0, 0], [0, 2, 2, 1, 0], [1, 0, 2, 2, 0], [0, 1, 0, 2, 2]]
    assert "raccoon" in hidden_pair(state.clone(), 0), "early on, stealing is worth more"
    state.round = PATIENCE + 8
    assert hidden_pair(state, 0) & {"squirrel", "beaver"}, "a long game must go on to an end"
    assert all(isinstance(a, HideCritter) for a in state.legal_actions(1))


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_heuristic_self_play_never_reaches_the_limit(players: int) -> None:
    for seed in range(300):
        result = play_game(GAME, players, seed=seed, bot_specs=["heuristic"])
        assert not result.stopped, f"seed {seed}: stopped at {data.ROUND_LIMIT} rounds"


def test_hides_are_mixed_so_that_copies_of_the_bot_do_not_all_hide_alike() -> None:
    state = GAME.new_game(4, seed=1)
    assert state.legal_actions(0)[0] == HideCritter(state.legal_actions(0)[0].critter)
    assert most_common_share(GAME, state, 0) < 0.9
    assert_policy_is_what_choose_draws(GAME, state, 0)
