"""Outside agents as bots: any (observation, mask) -> id callable, and saved SB3 models."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import bodoge
from bodoge.bots import make_bot
from bodoge.engine import IllegalAction, OptionValue, State
from bodoge.sim.play import bot_seed

np = pytest.importorskip("numpy")
agents = pytest.importorskip("bodoge.interop.agents")
from bodoge.interop.encoding import prepare  # noqa: E402  (needs numpy, checked above)

Setup = tuple[str, Mapping[str, OptionValue], int]


def _play_against_random(bot: Any, game_id: str, players: int, options: Any, seed: int) -> State:
    """A whole game: ``bot`` at seat 0, random bots elsewhere; every move checked."""
    game = bodoge.get_game(game_id)
    state = game.new_game(players, seed, options)
    others = [make_bot("random", game, bot_seed(seed, seat)) for seat in range(players)]
    while state.to_act:
        seat = state.to_act[0]
        state.apply(seat, (bot if seat == 0 else others[seat]).choose(state, seat))
    return state


def test_a_policy_bot_plays_legal_moves_in_every_game(setup: Setup) -> None:
    game_id, options, players = setup
    seen: list[tuple[Any, Any]] = []

    def lowest(observation: Any, mask: Any) -> int:
        seen.append((observation, mask))
        return agents.first_legal(observation, mask)

    entrant = agents.policy_entrant(lowest, name="lowest")
    bot = entrant(game_id, players, options, 7)
    state = _play_against_random(bot, game_id, players, options, seed=3)
    assert state.is_over and seen
    prepared = prepare(state.game, options, players)
    for observation, mask in seen:
        assert observation.shape == (prepared.encoder.size,)
        assert mask.shape == (len(prepared.table),) and mask.any()


def test_the_policy_sees_its_seat_view_and_its_legal_actions() -> None:
    state = bodoge.get_game("egyptian-bride").new_game(3, seed=4)
    prepared = prepare(state.game, None, 3)
    got: dict[str, Any] = {}

    def spy(observation: Any, mask: Any) -> int:
        got.update(observation=observation, mask=mask)
        return int(np.flatnonzero(mask)[-1])

    action = agents.PolicyBot(spy).choose(state, 0)
    assert np.array_equal(got["observation"], prepared.encoder.encode(state.view(0)))
    assert np.flatnonzero(got["mask"]).tolist() == prepared.table.ids(state.legal_actions(0))
    assert action == prepared.table.actions[prepared.table.ids(state.legal_actions(0))[-1]]


def test_a_policy_that_breaks_the_rules_is_named() -> None:
    state = bodoge.get_game("egyptian-bride").new_game(3, seed=4)
    legal = prepare(state.game, None, 3).table.ids(state.legal_actions(0))
    wrong = next(index for index in range(len(legal) + 1) if index not in legal)
    with pytest.raises(IllegalAction, match=r"policy cheat chose action id \d+, which is not"):
        agents.PolicyBot(lambda o, m: wrong, name="cheat").choose(state, 0)
    with pytest.raises(IllegalAction, match="not an integer action id"):
        agents.PolicyBot(lambda o, m: "pass", name="words").choose(state, 0)
    with pytest.raises(bodoge.bots.NoLegalAction):
        agents.PolicyBot(agents.first_legal).choose(state, 1)


def test_the_model_entrant_needs_its_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(agents.MODEL_VARIABLE, raising=False)
    with pytest.raises(ValueError, match="set BODOGE_SB3_MODEL"):
        agents.sb3_from_env("number-heist", 2, None, 0)


def test_loading_a_model_without_sb3_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def without_sb3(name: str, *args: Any) -> Any:
        if name.startswith("sb3_contrib"):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", without_sb3)
    with pytest.raises(ImportError, match=r"pip install 'bodoge\[train\]'"):
        agents.load_sb3("model.zip")


class Model:
    """What SB3Policy reads of a Stable-Baselines3 model: spaces, predict, attributes."""

    def __init__(self, prepared: Any) -> None:
        gymnasium = pytest.importorskip("gymnasium")
        size = prepared.encoder.size
        self.observation_space = gymnasium.spaces.Box(-1, 1, (size,))
        self.action_space = gymnasium.spaces.Discrete(len(prepared.table))

    def predict(self, observation: Any, deterministic: bool, action_masks: Any) -> Any:
        return np.flatnonzero(action_masks)[:1], None


def test_the_model_entrant_checks_the_options_it_was_trained_with(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bodoge.interop.gymnasium import env

    table = env("cardiceo", 3)
    model = Model(table.prepared)
    monkeypatch.setattr(agents, "load_sb3", lambda *a, **k: agents.SB3Policy(model, name="m"))
    entrant = agents.sb3_entrant("m.zip")
    with pytest.raises(ValueError, match="does not say which game, options and player count"):
        entrant("cardiceo", 3, None, 0)
    agents.remember_setup(model, table)
    bot = entrant("cardiceo", 3, None, 0)
    assert _play_against_random(bot, "cardiceo", 3, None, 5).is_over
    hardcore = prepare(bodoge.get_game("cardiceo"), {"hardcore": True}, 3)
    assert (hardcore.encoder.size, len(hardcore.table)) == agents.SB3Policy(model).sizes
    trained = r"trained for cardiceo v\d+ with 3 players \(easy=False, hardcore=False"
    with pytest.raises(ValueError, match=trained + r".*, not cardiceo .*hardcore=True"):
        entrant("cardiceo", 3, {"hardcore": True}, 0)
    with pytest.raises(ValueError, match=r"with 3 players .*, not cardiceo .* with 4 players"):
        entrant("cardiceo", 4, None, 0)


def test_a_saved_maskable_ppo_model_plays_in_the_league(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Needs the train extra (torch): an untrained model, saved and entered."""
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="needs the train extra")
    from bodoge.interop.gymnasium import env

    table = env("number-heist", 2)
    model = sb3_contrib.MaskablePPO("MlpPolicy", table, n_steps=64, seed=0)
    agents.remember_setup(model, table)
    path = tmp_path / "model.zip"
    model.save(path)
    entrant = agents.sb3_entrant(path)
    state = _play_against_random(entrant("number-heist", 2, None, 0), "number-heist", 2, None, 5)
    assert state.is_over
    with pytest.raises(ValueError, match="was trained for number-heist v1 with 2 players"):
        entrant("cardiceo", 2, None, 0)
    monkeypatch.setenv(agents.MODEL_VARIABLE, str(path))
    bot = agents.sb3_from_env(bodoge.get_game("number-heist"), 2, None, 1)
    assert _play_against_random(bot, "number-heist", 2, None, 6).is_over
