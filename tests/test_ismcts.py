"""The information-set MCTS bot: seeded, budgeted, and able to play every game.

Fairness (decisions depend only on the seat's information) is
``test_bot_fairness``; strength is measured by ``bench/bots.py``, not here.
"""

from __future__ import annotations

import random

import pytest

import bodoge
from bodoge.bots import ISMCTSBot, make_bot
from bodoge.engine import Action, State


def midgame(game_id: str, steps: int = 9) -> State:
    game = bodoge.get_game(game_id)
    state = game.new_game(game.min_players, seed=3)
    rnd = random.Random(3)
    for _ in range(steps):
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game_id", bodoge.game_ids())
def test_it_plays_every_game_to_the_end(game_id: str) -> None:
    """Several players, simultaneous decisions, chance and compound steps alike."""
    game = bodoge.get_game(game_id)
    state = game.new_game(game.min_players, seed=1)
    bots = [
        make_bot("ismcts:iterations=3,rollout=random", game, seed=seat)
        for seat in range(state.num_players)
    ]
    while not state.is_over:
        for seat in state.to_act:  # every seat whose decision is awaited, in any order
            state.apply(seat, bots[seat].choose(state, seat))
            break
    assert state.winners or state.is_over


def test_the_same_seed_gives_the_same_decision() -> None:
    state = midgame("egyptian-bride")
    (seat,) = state.to_act
    choices = {
        make_bot("ismcts:iterations=60", state.game, seed=7).choose(state, seat) for _ in "ab"
    }
    assert len(choices) == 1
    others = {
        make_bot("ismcts:iterations=30", state.game, seed=s).choose(state, seat) for s in range(5)
    }
    assert others <= set(state.legal_actions(seat))


def test_a_time_budget_runs_until_the_time_is_up() -> None:
    state = midgame("egyptian-bride")
    (seat,) = state.to_act
    bot = ISMCTSBot(seed=1, seconds=0.05)
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert bot.last_iterations >= 1


def test_it_never_changes_the_state_it_is_given() -> None:
    state = midgame("toy-raid")
    before = (state.version, [state.view(s) for s in range(state.num_players)])
    seat = state.to_act[0]
    make_bot("ismcts:iterations=30", state.game, seed=2).choose(state, seat)
    assert (state.version, [state.view(s) for s in range(state.num_players)]) == before


class Refuses:
    """A rollout policy that must never be asked."""

    def choose(self, state: State, seat: int) -> Action:
        raise AssertionError("the rollout policy was asked despite noise=1")


def test_noise_one_plays_out_at_random_and_zero_by_the_policy() -> None:
    state = midgame("egyptian-bride")
    (seat,) = state.to_act
    noisy = ISMCTSBot(seed=1, iterations=20, rollout=Refuses(), noise=1.0)
    assert noisy.choose(state, seat) in state.legal_actions(seat)
    with pytest.raises(AssertionError, match="rollout policy was asked"):
        ISMCTSBot(seed=1, iterations=20, rollout=Refuses(), noise=0.0).choose(state, seat)


def test_rollout_auto_uses_the_games_heuristic_and_random_for_games_without() -> None:
    bride = make_bot("ismcts", bodoge.get_game("egyptian-bride"), seed=1)
    toy = make_bot("ismcts", bodoge.get_game("toy-raid"), seed=1)
    plain = make_bot("ismcts:rollout=random", bodoge.get_game("egyptian-bride"), seed=1)
    assert isinstance(bride, ISMCTSBot) and isinstance(toy, ISMCTSBot)
    assert isinstance(plain, ISMCTSBot)
    assert type(bride.rollout).__module__.startswith("bodoge.games.egyptian_bride")
    assert toy.rollout is None and plain.rollout is None
