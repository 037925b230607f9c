"""The PettingZoo adapter: PettingZoo's API and seed tests on every game, and the mapping."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

import bodoge
from bodoge.engine import IllegalAction, OptionValue
from toys import raid, sealed_bids

np = pytest.importorskip("numpy")
pettingzoo_test = pytest.importorskip(
    "pettingzoo.test", reason="the PettingZoo adapter needs the rl extra"
)
adapter = pytest.importorskip("bodoge.interop.pettingzoo")
env, raw_env = adapter.env, adapter.raw_env

Setup = tuple[str, Mapping[str, OptionValue], int]


# PettingZoo's api_test accepts a dict observation with an action mask only
# from its own classic games (it keeps a list of their names) and warns about
# any other; ours has the same layout, the one the issue asks for.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning"
)
@pytest.mark.parametrize("make", [env, raw_env], ids=["wrapped", "raw"])
def test_pettingzoo_api(setup: Setup, make: Callable[..., Any]) -> None:
    game_id, options, players = setup
    pettingzoo_test.api_test(make(game_id, players, options), num_cycles=1000)


def test_pettingzoo_seeding(setup: Setup) -> None:
    game_id, options, players = setup
    pettingzoo_test.seed_test(lambda: env(game_id, players, options), num_cycles=1000)


# ------------------------------------------------------------ the mapping


def _play(table: Any, rng: random.Random) -> None:
    for agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert agent == table.agent_selection and len(legal)
        table.step(int(rng.choice(list(legal))))


def test_reset_with_a_seed_plays_that_bodoge_game() -> None:
    records = []
    for _ in range(2):
        table = raw_env("toy-raid", 3)
        table.reset(seed=1234)
        _play(table, random.Random(5))
        records.append(table.bodoge_state.record())
    assert records[0] == records[1] and records[0]["seed"] == 1234
    assert bodoge.replay(records[0]).is_over
    table.reset()
    after = table.bodoge_state.seed
    table.reset(seed=1234)
    table.reset()
    assert table.bodoge_state.seed == after  # the next seeds follow from the last seed given


def test_a_simultaneous_decision_is_taken_in_turn_and_stays_secret() -> None:
    table = raw_env("toy-sealed-bids", 3)
    table.reset(seed=8)
    encoder = table.prepared.encoder
    order = []
    for _ in range(3):
        agent = table.agent_selection
        order.append(agent)
        seat = int(agent.split("_")[1])
        table.step(table.prepared.table.id(sealed_bids.Bid(5 - seat)))
        if len(order) < 3:
            state = table.bodoge_state
            later = table.agent_selection
            seen = table.observe(later)["observation"]
            assert np.array_equal(seen, encoder.encode(state.view(int(later.split("_")[1]))))
            assert state.view(int(later.split("_")[1]))["players"][seat]["committed"]
    assert order == ["player_0", "player_1", "player_2"]
    assert table.bodoge_state.view(None)["round"] == 2  # all three revealed together


def test_an_eliminated_player_terminates_and_leaves() -> None:
    for seed in range(200):
        table = raw_env("toy-raid", 4)
        table.reset(seed=seed)
        rng = random.Random(seed)
        for agent in table.agent_iter():
            observation, reward, terminated, _, _ = table.last()
            state = table.bodoge_state
            if terminated and not state.is_over:
                seat = int(agent.split("_")[1])
                assert seat in state.eliminated and reward == 0
                assert not observation["action_mask"].any()
                table.step(None)
                assert agent not in table.agents and len(table.agents) >= 2
                assert agent not in {f"player_{s}" for s in state.to_act}
                return
            if terminated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(rng.choice(list(legal))))
    pytest.fail("no elimination before the end in 200 games")


def test_rewards_are_the_returns_at_the_end() -> None:
    table = raw_env("toy-coop", 2, {"difficulty": "easy"})
    table.reset(seed=3)
    collected: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, terminated, _, _ = table.last()
        if terminated:
            collected[agent] = reward
            table.step(None)
        else:
            table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    won = table.bodoge_state.winners == (0, 1)
    assert collected == {"player_0": float(won), "player_1": float(won)}


def test_illegal_actions_raise_raw_and_lose_wrapped() -> None:
    table = raw_env("toy-raid", 2)
    table.reset(seed=0)
    version = table.bodoge_state.version
    done = table.prepared.table.id(raid.Done())
    with pytest.raises(IllegalAction):
        table.step(done)
    assert table.bodoge_state.version == version and table.agent_selection == "player_0"
    wrapped = env("toy-raid", 2)
    wrapped.reset(seed=0)
    wrapped.step(done)
    assert wrapped.terminations == {"player_0": True, "player_1": True}
    assert wrapped.rewards == {"player_0": -1.0, "player_1": 0}


def test_spaces_and_render() -> None:
    table = raw_env("egyptian-bride", 4, {"expansion": True}, render_mode="ansi")
    table.reset(seed=2)
    space = table.observation_space("player_3")
    assert space is table.observation_space("player_3")
    assert space["action_mask"].shape == (table.action_space("player_3").n,)
    assert table.metadata["name"] == "bodoge_egyptian_bride_v1"
    text = table.render()
    assert isinstance(text, str) and text
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("toy-raid", 2, render_mode="rgb_array")
