"""A game stopped by a safety limit is a truncated episode, not a decided one.

A few games stop a game that runs far beyond any game people play; such a
game has no winner.  Gymnasium and PettingZoo say so with ``truncated``
(cut short) rather than ``terminated`` (ended by the rules), so a learner
does not read the stop's reward of 0 as a loss the rules gave.  Hoarders'
limit is lowered to one round here so that a stop comes at once.
"""

from __future__ import annotations

import numpy as np
import pytest

from bodoge.games.hoarders import rules as hoarders_rules
from bodoge.interop import gymnasium, pettingzoo


@pytest.fixture
def hoarders_stopping_after_one_round(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hoarders_rules, "ROUND_LIMIT", 1)


def played_out() -> tuple[gymnasium.BodogeEnv, float, bool, bool]:
    """A three-player Hoarders episode of random legal moves: the env and its last step."""
    env = gymnasium.env("hoarders", num_players=3, opponents="random")
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    reward, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        _, reward, terminated, truncated, info = env.step(action)
    return env, float(reward), terminated, truncated


@pytest.mark.usefixtures("hoarders_stopping_after_one_round")
def test_a_safety_stop_truncates_the_gymnasium_episode() -> None:
    env, reward, terminated, truncated = played_out()
    assert env.bodoge_state.stopped and env.bodoge_state.winners == ()
    assert truncated and not terminated and reward == 0.0


def test_a_game_decided_by_its_rules_terminates() -> None:
    env, _, terminated, truncated = played_out()
    assert terminated and not truncated and not env.bodoge_state.stopped


@pytest.mark.usefixtures("hoarders_stopping_after_one_round")
def test_a_safety_stop_truncates_every_pettingzoo_agent() -> None:
    env = pettingzoo.env("hoarders", num_players=3)
    env.reset(seed=3)
    ended: dict[str, tuple[bool, bool, float]] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            ended[agent] = (terminated, truncated, reward)
            env.step(None)
        else:
            env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert ended == dict.fromkeys(env.possible_agents, (False, True, 0.0))
