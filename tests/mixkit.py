"""Shared checks for the games' mixed play: a heuristic draws from the distribution it reports.

A game's ``test_bot.py`` finds a position of random play where its heuristic
sees near-equal moves, then checks that :meth:`~bodoge.engine.Strategy.policy`
is what :meth:`~bodoge.engine.Strategy.choose` draws from (the same seed
replays the same draw), that different seeds pick different moves there, and
that the easy level's temperature gives every move some chance.
"""

from __future__ import annotations

import random

from bodoge.engine import Game, State, Strategy
from bodoge.engine.kit.mixing import draw_index


def near_tie(game: Game, players: int, seed: int = 0, games: int = 20) -> tuple[State, int]:
    """The first position of seeded random play where the heuristic shares its probability."""
    for number in range(games):
        state = game.new_game(players, seed + number)
        rnd = random.Random(seed + number)
        while not state.is_over:
            seat = state.to_act[0]
            bot = game.heuristic_bot(0)
            assert isinstance(bot, Strategy)
            if sum(1 for _, p in bot.policy(state, seat) if p > 0) >= 2:
                return state, seat
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
    raise AssertionError(f"no position with near-equal moves in {games} games of {game.id}")


def check_mixing(game: Game, state: State, seat: int, seeds: int = 24) -> None:
    """``choose`` draws from ``policy``, seeds differ, and a temperature widens the choice."""
    before = state.view(None)
    chosen = set()
    for seed in range(seeds):
        bot = game.heuristic_bot(seed)
        assert isinstance(bot, Strategy)
        policy = bot.policy(state, seat)
        assert abs(sum(p for _, p in policy) - 1) < 1e-9
        drawn = policy[draw_index([p for _, p in policy], bot._rng)][0]
        action = game.heuristic_bot(seed).choose(state, seat)  # type: ignore[union-attr]
        assert action == drawn, "choose() must be the draw from policy() with the same seed"
        chosen.add(action)
    assert len(chosen) >= 2, "different seeds should pick different near-equal moves"
    assert state.view(None) == before, "weighing moves must not change the state"
    easy = game.heuristic_bot(0, temperature=1.0)
    assert isinstance(easy, Strategy)
    weights = [p for _, p in easy.policy(state, seat)]
    assert all(p > 0 for p in weights), "the easy level keeps every move possible"
