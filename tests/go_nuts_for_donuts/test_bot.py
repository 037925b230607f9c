"""Go Nuts for Donuts' heuristic bot plays sensibly."""

from __future__ import annotations

from bodoge.games.go_nuts_for_donuts import GAME, Bid, DonutsState, Steal
from bodoge.games.go_nuts_for_donuts.bot import HeuristicBot
from botkit import share_against_random


def test_the_heuristic_wins_at_least_twice_its_fair_share_against_random_players() -> None:
    """4 players, fixed seeds, the heuristic's seat rotating: a fair share is 25 %; the
    bench gives the larger runs."""
    assert share_against_random(GAME, 4, games=24) >= 2 * 0.25


def test_it_bids_on_a_good_card_and_steals_what_swings_the_points_most() -> None:
    state = GAME.new_game(4, seed=1)
    assert isinstance(state, DonutsState)
    state.arrange(
        {0: {"powdered": 1}, 1: {"boston_cream": 1}, 2: {"plain": 1}},
        row=["day_old", "bear_claw", "glazed", "coffee", "red_velvet"],
    )
    bot = HeuristicBot(3)
    choice = bot.choose(state, 3)
    assert choice in (Bid(2), Bid(3)), "never the −7 Day Old Donuts with nothing discarded"
    for seat, position in enumerate((3, 4, 5, 2)):
        state.apply(seat, Bid(position))
    assert state.to_act == (3,)
    # the lone Plain is worth 1 + 3 (the most Plains) to the thief and as much to its owner
    assert bot.choose(state, 3) == Steal(2, "plain")
