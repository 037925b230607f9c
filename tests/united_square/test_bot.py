"""United Square's heuristic: its own squares first, and it beats random play."""

from __future__ import annotations

from bodoge.games.united_square import GAME, Place, UnitedSquareState
from bodoge.games.united_square.bot import HeuristicBot
from botkit import share_against_random
from mixkit import check_mixing, near_tie


def test_it_makes_a_square_of_its_own_colour_rather_than_a_rivals() -> None:
    state = GAME.new_game(2, seed=1)
    assert isinstance(state, UnitedSquareState)
    state.arrange({"C3": "rbyg"}, {0: {"rbyg": 3, "rygb": 3}})
    action = HeuristicBot(0).choose(state, 0)
    assert isinstance(action, Place)
    # The start tile shows red on top and yellow below (seat 0's), blue and green (seat 1's).
    assert (action.row, action.col) in ((1, 2), (3, 2))
    before = state.view(None)["points"]
    state.apply(0, action)
    assert state.scores[0] == 1 and state.view(None)["points"] != before


def test_it_wins_more_than_twice_its_fair_share_against_random_players() -> None:
    """Four players, 5 × 5: fair share 1/4 (bench/README.md has the long measurement)."""
    assert share_against_random(GAME, 4, games=40) > 2 / 4


def test_the_heuristic_draws_among_near_equal_moves() -> None:
    state, seat = near_tie(GAME, 4)
    check_mixing(GAME, state, seat)
