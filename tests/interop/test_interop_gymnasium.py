"""The Gymnasium adapter: Gymnasium's checker on every game, and the mapping."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

import bodoge
from bodoge.bots import BadBotSpec
from bodoge.engine import IllegalAction, OptionValue
from bodoge.interop.encoding import returns
from bodoge.sim.play import bot_seed, play_game
from toys import raid

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium", reason="the Gymnasium adapter needs the rl extra")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")
adapter = pytest.importorskip("bodoge.interop.gymnasium")
env, BodogeEnv = adapter.env, adapter.BodogeEnv

Setup = tuple[str, Mapping[str, OptionValue], int]
ILLEGAL_WARNING = r"ignore:.*an illegal action .* ends the episode:UserWarning"


@pytest.mark.filterwarnings(ILLEGAL_WARNING)
def test_gymnasium_check_env(setup: Setup) -> None:
    """Gymnasium's own checker, through ``gymnasium.make`` so that it also checks rendering.

    The checker steps with unmasked random actions, which end episodes as
    losses (``illegal="lose"``); the legal path is pinned by the tests below.
    """
    game_id, options, players = setup
    adapter.register_envs()  # the toys were registered after the module was imported
    made = gymnasium.make(
        adapter.env_id(bodoge.get_game(game_id)),
        num_players=players,
        options=options,
        disable_env_checker=True,
    )
    env_checker.check_env(made.unwrapped)


@pytest.mark.filterwarnings(ILLEGAL_WARNING)  # the checker's random actions are often illegal
@pytest.mark.parametrize("name", adapter.register_envs())
def test_gymnasium_check_env_passes_on_every_registered_env_as_made(name: str) -> None:
    """Each registered env at its defaults, as a newcomer would check it (a few steps each)."""
    made = gymnasium.make(name, disable_env_checker=True)
    env_checker.check_env(made.unwrapped)


def _play(table: Any, rng: random.Random, seed: int) -> tuple[list[float], dict[str, Any]]:
    """One episode with random legal actions; checks every step on the way."""
    observation, info = table.reset(seed=seed)
    rewards = []
    while True:
        state = table.bodoge_state
        assert observation in table.observation_space
        assert state.to_act[0] == table.seat == info["seat"]
        legal = table.prepared.table.ids(state.legal_actions(table.seat))
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        assert np.array_equal(table.action_masks(), info["action_mask"].astype(bool))
        observation, reward, terminated, truncated, info = table.step(rng.choice(legal))
        rewards.append(reward)
        assert not truncated
        if terminated:
            assert observation in table.observation_space
            assert not info["action_mask"].any()
            return rewards, info


def test_an_episode_respects_the_mask_and_pays_at_the_end(setup: Setup) -> None:
    game_id, options, players = setup
    table = env(game_id, players, options, seat="random")
    rewards, _ = _play(table, random.Random(1), seed=11)
    state = table.bodoge_state
    assert state.is_over
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == returns(state)[table.seat]


@pytest.mark.parametrize(
    ("game_id", "players", "opponents"),
    [
        ("go-nuts-for-donuts", 3, "heuristic"),
        ("egyptian-bride", 4, ["random", "heuristic", "random"]),
        ("toy-raid", 3, "random"),
        ("toy-sealed-bids", 3, "random"),
    ],
)
def test_an_episode_is_the_simulator_game_with_the_same_seed(
    game_id: str, players: int, opponents: str | list[str]
) -> None:
    """Seed ``s``: the game seeded ``s``, each bot seeded as ``bodoge sim`` seeds it.

    So an agent that plays like a random bot seeded for its seat replays the
    simulator's game move for move: same seed and actions, same episode.
    """
    seed, seat = 2024, 1
    table = env(game_id, players, opponents=opponents, seat=seat)
    mine = bodoge.bots.make_bot("random", table.prepared.game, bot_seed(seed, seat))
    table.reset(seed=seed)
    terminated = False
    while not terminated:
        action = table.prepared.table.id(mine.choose(table.bodoge_state, seat))
        _, _, terminated, _, _ = table.step(action)
    specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    specs.insert(seat, "random")
    expected = play_game(game_id, players, None, seed, specs, keep_record=True)
    assert expected.record is not None and expected.record.pop("meta") == {
        "bots": list(range(players))  # the simulator's bots played every seat
    }
    assert table.bodoge_state.record() == expected.record


def test_reset_without_a_seed_follows_the_last_seed() -> None:
    table = env("egyptian-bride", 3)
    table.reset(seed=5)
    assert table.bodoge_state.seed == 5
    table.reset()
    after = table.bodoge_state.seed
    table.reset(seed=5)
    table.reset()
    assert table.bodoge_state.seed == after != 5


def test_a_random_seat_is_drawn_from_the_seed_and_shown() -> None:
    table = env("egyptian-bride", 4, seat="random")
    seats = set()
    for seed in range(40):
        observation, info = table.reset(seed=seed)
        seats.add(info["seat"])
        assert table.bodoge_state.view(info["seat"])["seat"] == info["seat"]
        assert np.array_equal(
            observation,
            table.prepared.encoder.encode(table.bodoge_state.view(info["seat"])),
        )
    assert seats == {0, 1, 2, 3}
    assert table.reset(seed=7)[1]["seat"] == table.reset(seed=7)[1]["seat"]


def test_an_illegal_action_can_raise_and_change_nothing() -> None:
    table = env("toy-raid", 2, illegal="raise")
    _, info = table.reset(seed=0)
    version = table.bodoge_state.version
    done = table.prepared.table.id(raid.Done())
    assert not info["action_mask"][done]
    with pytest.raises(IllegalAction, match=r"action \d+ \(Done\(\)\) is not legal for seat 0"):
        table.step(done)
    with pytest.raises(IllegalAction, match="has action ids 0"):
        table.step(len(info["action_mask"]))
    with pytest.raises(IllegalAction, match="an action is an integer id"):
        table.step("steal")
    assert table.bodoge_state.version == version
    legal = int(np.flatnonzero(info["action_mask"])[0])
    table.step(np.int64(legal))  # numpy integers are ids too
    assert table.bodoge_state.version > version


def test_an_illegal_action_ends_the_episode_as_a_loss_with_a_warning_by_default() -> None:
    table = env("toy-raid", 2)
    table.reset(seed=0)
    version = table.bodoge_state.version
    done = table.prepared.table.id(raid.Done())
    with pytest.warns(UserWarning, match="an illegal action .* ends the episode as a loss"):
        _, reward, terminated, truncated, info = table.step(done)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert table.bodoge_state.version == version and not table.action_masks().any()
    with pytest.raises(RuntimeError, match="call reset"):
        table.step(0)


def test_an_eliminated_agent_sees_the_game_played_out() -> None:
    for seed in range(200):
        table = env("toy-raid", 4)
        rewards, _ = _play(table, random.Random(seed), seed)
        state = table.bodoge_state
        if 0 in state.eliminated and state.events[-1].seat != 0:
            assert rewards[-1] == 0.0 and 0 not in state.winners
            return
    pytest.fail("seat 0 was never eliminated before the end in 200 games")


def test_one_player_games_have_no_opponents() -> None:
    table = env("tarot-storia", 1, opponents="heuristic")
    _play(table, random.Random(3), seed=3)
    assert table.bodoge_state.num_players == 1
    with pytest.raises(BadBotSpec, match="no opponents"):
        env("tarot-storia", 1, opponents=["random"])


def test_opponents_are_checked_when_the_env_is_made() -> None:
    with pytest.raises(BadBotSpec, match="unknown bot"):
        env("egyptian-bride", 3, opponents="grandmaster")
    with pytest.raises(BadBotSpec, match="one for each"):
        env("egyptian-bride", 4, opponents=["random", "heuristic"])
    with pytest.raises(BadBotSpec, match="no heuristic bot"):
        env("toy-raid", 3, opponents="heuristic")
    with pytest.raises(ValueError, match=r"seat is 0\.\.2"):
        env("egyptian-bride", 3, seat=3)
    with pytest.raises(ValueError, match="illegal is"):
        env("egyptian-bride", 3, illegal="ignore")


def test_each_other_seat_gets_its_own_opponent() -> None:
    table = env("egyptian-bride", 4, opponents=["random", "heuristic", "random"], seat=2)
    table.reset(seed=1)
    kinds = {seat: type(bot).__name__ for seat, bot in table._bots.items()}
    assert kinds[0] == kinds[3] == "RandomBot" != kinds[1] and 2 not in kinds


def test_step_before_reset_and_render() -> None:
    table = env("number-heist", 2, render_mode="ansi")
    with pytest.raises(RuntimeError, match="reset"):
        table.step(0)
    table.reset(seed=4)
    text = table.render()
    assert isinstance(text, str) and text
    version = bodoge.get_game("number-heist").version
    made = gymnasium.make(f"bodoge/number-heist-v{version}", opponents="heuristic")
    assert made.unwrapped.opponents[0].name == "heuristic"
    with pytest.raises(ValueError, match="render_mode"):
        env("number-heist", 2, render_mode="rgb_array")
