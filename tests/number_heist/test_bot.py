"""The two-digit number game's heuristic: sensible numbers, no endless clashing, and it
beats random play."""

from __future__ import annotations

from bodoge.games.number_heist import GAME, CallNumber, NumberHeistState, PlaceDiamond
from bodoge.games.number_heist.bot import HeuristicBot
from bodoge.sim import play_game
from botkit import (
    assert_policy_is_what_choose_draws,
    most_common_share,
    share_against_random,
    share_of_one,
)


def new(players: int) -> NumberHeistState:
    state = GAME.new_game(players, seed=1)
    assert isinstance(state, NumberHeistState)
    return state


def test_the_bot_goes_for_a_diamond_it_can_take_safely() -> None:
    state = new(2).arrange([0, 1, 8, 8, 9], diamonds=[3, 0, 0, 0, 0])
    for seed in range(5):
        action = HeuristicBot(seed).choose(state, 0)
        assert isinstance(action, CallNumber) and 0 in divmod(action.number, 10)


def test_the_bot_places_its_diamond_on_a_large_digit() -> None:
    state = new(2).arrange([1, 2, 3, 4, 5], top=[6, 9])
    state.apply(0, CallNumber(12))
    state.apply(1, CallNumber(34))
    assert state.to_act == (1,)
    action = HeuristicBot(3).choose(state, 1)
    assert isinstance(action, PlaceDiamond) and state.display[action.slot] == max(state.display)


def test_bots_alike_who_clash_do_not_clash_for_ever() -> None:
    """Regression: four heuristic bots called 99 (a diamond on a 9) round after round."""
    state = new(4).arrange([9, 9, 8, 2, 5, 7, 1, 9], diamonds=[0, 1, 0, 0, 0, 0, 0, 0])
    bots = [HeuristicBot(seat) for seat in range(4)]
    for _ in range(12):
        if state.view(None)["phase"] != "call":
            break
        for seat in range(4):
            state.apply(seat, bots[seat].choose(state, seat))
    assert max(state.points) > 0


def test_it_wins_well_over_its_fair_share_against_random_players() -> None:
    """Four players, the heuristic in a rotating seat: fair share 1/4.  It wins about 47 %
    (bench/README.md): less than the ~70 % of the old fixed pick, which did not expect its
    like at the table (mixed play gives up some of that to stop clashing with them).  The
    bound 0.35 lies over two standard errors from either over 100 games."""
    assert share_against_random(GAME, 4, games=100) > 0.35


def test_calls_are_mixed_so_that_copies_of_the_bot_seldom_clash() -> None:
    """Issue 35: three heuristics and a random player: random won 62-74 % of the games."""
    state = new(4)
    assert most_common_share(GAME, state, 0) < 0.5
    assert_policy_is_what_choose_draws(GAME, state, 0)


def test_a_table_of_heuristics_leaves_a_random_player_less_than_its_share() -> None:
    """Three heuristics and a random player, its seat rotating: random won 62 % before the
    calls were mixed, about 17 % after (bench/README.md has the 200-game runs)."""
    assert share_of_one(GAME, 4, games=40, one="random", others="heuristic") < 0.25


def test_heuristic_self_play_ends_well_before_the_safety_limit() -> None:
    for players in (2, 5):
        for seed in range(10):
            result = play_game(GAME, players, seed=seed, bot_specs=["heuristic"])
            assert not result.stopped and result.winners
