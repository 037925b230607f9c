"""The search bot learns, from the moves it may see, how each other seat plays.

It tells a table of heuristic bots from a table of random bots within one
game; it starts afresh on another game; and, having watched a game, it still
decides only on what its seat may know.
"""

from __future__ import annotations

import random

import pytest

import bodoge
from bodoge.bots import ISMCTSBot, make_bot
from bodoge.bots.opponents import OpponentModel
from bodoge.engine import Rng, State

REAL_GAMES = bodoge.games.BUILTIN_IDS


def seats(game_id: str) -> int:
    """Four seats, or as many as the game takes (a duet has one other seat to model)."""
    return min(4, bodoge.get_game(game_id).max_players)


def watch(game_id: str, opponents: str, seed: int, me: int = 0) -> OpponentModel:
    """Play a game of :func:`seats` in which ``me`` plays at random, feeding a model."""
    game = bodoge.get_game(game_id)
    state = game.new_game(seats(game_id), seed=seed)
    bots = {
        s: make_bot(opponents, game, seed=seed + s) for s in range(state.num_players) if s != me
    }
    mine = random.Random(seed)
    model = OpponentModel(game.heuristic_bot(99), me, 0.5, random.Random(seed))
    while not state.is_over:
        seat = state.to_act[0]
        if seat == me:
            model.observe(state)
            action = mine.choice(state.legal_actions(seat))
        else:
            action = bots[seat].choose(state, seat)
        state.apply(seat, action)
    model.observe(state)
    return model


# Some games say too little about how their players play: Cardiceo's and Just
# Desserts' moves depend mostly on hidden hands, Moriya Wars' on the mover's
# hidden identity, and Go Nuts for Donuts' on secret bids the watcher never
# sees; Number Heist's heuristic draws among near-equal numbers on purpose
# (identical bots would clash every round), so no two copies of it agree.  The
# model is checked on the others.  A one-player game has nobody to model.
UNREADABLE = ("cardiceo", "go-nuts-for-donuts", "just-desserts", "moriya-wars", "number-heist")


@pytest.mark.parametrize("game_id", [g for g in REAL_GAMES if g not in UNREADABLE and seats(g) > 1])
def test_it_tells_heuristic_players_from_random_ones_within_a_game(game_id: str) -> None:
    skilled = watch(game_id, "heuristic", seed=1)
    unskilled = watch(game_id, "random", seed=1)
    others = range(1, seats(game_id))
    assert skilled.observed >= 6 and unskilled.observed >= 6
    assert [round(skilled.noise(s), 2) for s in others] == [0.0] * len(others)
    # A game of few choices (United Square's 5×5 board: about five moves a seat)
    # lets a random player agree with the heuristic now and then.
    assert all(unskilled.noise(s) > 0.75 for s in others)


def test_it_starts_afresh_on_another_game_and_knows_nothing_at_first() -> None:
    model = watch("egyptian-bride", "random", seed=2)
    assert model.noise(1) > 0.9
    other = bodoge.get_game("egyptian-bride").new_game(4, seed=3)
    model.observe(other)
    assert [model.noise(s) for s in (1, 2, 3)] == pytest.approx([0.5, 0.5, 0.5])


def playing_bot_midgame(game_id: str, seed: int) -> tuple[ISMCTSBot, State, int]:
    """A search bot that has played some moves against random players, and its next position."""
    game = bodoge.get_game(game_id)
    state = game.new_game(4, seed=seed)
    bot = make_bot("ismcts:iterations=8,rollout=heuristic", game, seed=seed)
    assert isinstance(bot, ISMCTSBot)
    rnd = random.Random(seed)
    decisions = 0
    while True:
        seat = state.to_act[0]
        if seat == 0:
            if decisions >= 4 and bot.model is not None and bot.model.observed:
                return bot, state, seat
            decisions += 1
            action = bot.choose(state, seat)
        else:
            action = rnd.choice(state.legal_actions(seat))
        state.apply(seat, action)


@pytest.mark.parametrize("game_id", ["egyptian-bride", "papayoo", "anehambra"])
def test_a_bot_that_watched_the_game_still_decides_only_on_what_it_may_know(
    game_id: str,
) -> None:
    bot, state, seat = playing_bot_midgame(game_id, seed=5)
    expected = bot.choose(state, seat)
    assert bot.model is not None and bot.model.observed > 0
    for key in range(3):
        bot, again, seat = playing_bot_midgame(game_id, seed=5)  # the same bot, the same memory
        world = again.determinize(seat, Rng(key))
        assert world.view(seat) == state.view(seat)
        assert bot.choose(world, seat) == expected


def test_with_a_fixed_noise_nothing_is_learnt() -> None:
    game = bodoge.get_game("egyptian-bride")
    state = game.new_game(4, seed=1)
    for noise in (0.0, 0.3):
        bot = make_bot(f"ismcts:iterations=4,noise={noise}", game, seed=1)
        assert isinstance(bot, ISMCTSBot)
        bot.choose(state, state.to_act[0])
        assert bot.model is None
        assert bot.playout_noise == [0.0, noise, noise, noise]
    learning = make_bot("ismcts:iterations=4", game, seed=1)  # noise=learn, the default
    assert isinstance(learning, ISMCTSBot) and learning.noise is None
    learning.choose(state, state.to_act[0])
    assert learning.model is not None


def test_the_search_plays_each_seat_out_as_it_has_learnt_that_seat_plays() -> None:
    game = bodoge.get_game("egyptian-bride")
    state = game.new_game(4, seed=4)
    bot = make_bot("ismcts:iterations=2,prior=0", game, seed=4)  # lasts past step 60
    assert isinstance(bot, ISMCTSBot)
    others = {1: make_bot("random", game, seed=1), 2: make_bot("heuristic", game, seed=2)}
    others[3] = make_bot("random", game, seed=3)
    while state.version < 60:
        seat = state.to_act[0]
        player = bot if seat == 0 else others[seat]
        state.apply(seat, player.choose(state, seat))
    while state.to_act != (0,):
        seat = state.to_act[0]
        state.apply(seat, others[seat].choose(state, seat))
    bot.choose(state, 0)
    mine, random_one, skilled, random_two = bot.playout_noise
    assert mine == 0.0
    assert random_one > 0.9 and random_two > 0.9
    assert skilled < 0.1
