"""The OpenSpiel adapter: conformance of every game, and OpenSpiel's own bots playing them."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

import bodoge
from bodoge.engine import IllegalAction, InvalidOptions, OptionValue, Rng
from toys import raid, sealed_bids

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the rl extra")
np = pytest.importorskip("numpy")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
openspiel = pytest.importorskip("bodoge.interop.openspiel")
encoding = pytest.importorskip("bodoge.interop.encoding")

Setup = tuple[str, Mapping[str, OptionValue], int]


def _load(setup: Setup, **params: int) -> Any:
    game_id, options, players = setup
    openspiel.register(game_id)  # a game registered after the adapter was imported
    return openspiel.load(game_id, players, options, **params)


def _bot_game(game: Any, bot: Any, seed: int) -> Any:
    """The bot decides for every seat, to the end; the state stays a replayable bodoge game."""
    state = openspiel.deal(game, seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bot.step(state)
        assert action in legal
        state.apply_action(action)
    assert state.bodoge_state is not None
    assert state.returns() == encoding.returns(state.bodoge_state)
    replayed = bodoge.replay(state.bodoge_state.record())
    assert replayed.view(None) == state.bodoge_state.view(None)
    return state


# ------------------------------------------------------------- conformance


def test_every_registered_game_is_an_openspiel_game() -> None:
    for game_id in bodoge.game_ids():
        name = openspiel.register(game_id)
        assert name == "bodoge_" + game_id.replace("-", "_")
        assert name in pyspiel.registered_names()
        game = bodoge.get_game(game_id)
        kind = pyspiel.load_game(name).get_type()
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        expected = "IDENTICAL" if game.cooperative else "GENERAL_SUM"
        assert kind.utility == getattr(pyspiel.GameType.Utility, expected)
        counts = [game.player_range(options) for options in game.variants()]
        assert kind.min_num_players == min(low for low, _ in counts)
        assert kind.max_num_players == max(high for _, high in counts)
        assert set(kind.parameter_specification) == {
            "players",
            "seed",
            "deals",
            *(option.name for option in game.options),
        }
        assert openspiel.register(game_id) == name  # once only


def test_random_simulations_with_serialisation(setup: Setup) -> None:
    """OpenSpiel's own conformance test: clones, serialisation, observations, returns."""
    pyspiel.random_sim_test(_load(setup), num_sims=2, serialize=True, verbose=False)


def test_python_mcts_completes_games(setup: Setup) -> None:
    game = _load(setup)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=10)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
    _bot_game(game, bot, seed=3)


def test_python_ismcts_completes_games(setup: Setup) -> None:
    game = _load(setup)
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=10)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    bot.set_resampler(openspiel.resampler(seed=5))
    _bot_game(game, bot, seed=4)


def test_ismcts_falls_back_on_the_states_own_resampler() -> None:
    """Without set_resampler IS-MCTS calls state.resample_from_infostate (Python side)."""
    game = openspiel.load("toy-sealed-bids", 3)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    _bot_game(game, bot, seed=1)


# ------------------------------------------------------------ the mapping


def test_deal_k_is_the_bodoge_game_with_seed_plus_k() -> None:
    game = openspiel.load("egyptian-bride", 4, seed=100, deals=8)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(k, 1 / 8) for k in range(8)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "deal 5 (seed 105)"
    state.apply_action(5)
    same = bodoge.get_game("egyptian-bride").new_game(4, 105)
    assert state.bodoge_state is not None
    assert state.bodoge_state.view(None) == same.view(None)
    assert str(state).splitlines() == [encoding.canonical_json(same.view(s)) for s in range(4)]
    with pytest.raises(ValueError, match="deal"):
        game.new_initial_state().apply_action(8)


def test_history_and_record_are_the_same_game() -> None:
    game = openspiel.load("toy-raid", 3, seed=40)
    state = openspiel.deal(game, 42)
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.bodoge_state is not None
    record = state.bodoge_state.record()
    assert record["seed"] == 42 and len(record["actions"]) == len(state.history()) - 1
    table = game.prepared.table
    assert [table.id(game.prepared.game.parse_action(a)) for _, a in record["actions"]] == (
        state.history()[1:]
    )
    twin = game.deserialize_state(state.serialize())
    assert str(twin) == str(state) and twin.returns() == state.returns()


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    game = openspiel.load("toy-raid", 3)
    state = openspiel.deal(game, 1)
    before, history = str(state), state.history()
    with pytest.raises(IllegalAction, match="cannot Stop discarding"):
        state.apply_action(game.prepared.table.id(raid.Done()))
    with pytest.raises(ValueError, match=r"action ids 0\.\.10, not 11"):
        state.apply_action(11)
    assert str(state) == before and state.history() == history


def test_actions_are_named_by_their_wire_form() -> None:
    game = openspiel.load("toy-raid", 3)
    state = openspiel.deal(game, 0)
    names = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert names[0] == '{"target":1,"type":"steal"}'
    assert state.string_to_action(names[0]) == state.legal_actions()[0]


def test_parameters_follow_the_options_and_round_trip() -> None:
    game = openspiel.load("egyptian-bride", options={"expansion": True})
    assert game.num_players() == 4 and dict(game.prepared.options) == {
        "expansion": True,
        "first_turn_limits": False,  # derived: off with the expansion
    }
    assert game.get_parameters()["first_turn_limits"] == openspiel.DERIVED
    forced = openspiel.load("egyptian-bride", 4, {"expansion": True, "first_turn_limits": True})
    assert forced.prepared.options["first_turn_limits"] is True
    again = pyspiel.load_game(str(forced))
    assert str(again) == str(forced) and again.prepared.options == forced.prepared.options
    with pytest.raises(InvalidOptions, match="takes 4–6 players"):
        pyspiel.load_game("bodoge_egyptian_bride", {"expansion": True, "players": 3})
    with pytest.raises(ValueError, match=r"-1 \(as the rules derive it\), 0 or 1"):
        pyspiel.load_game("bodoge_egyptian_bride", {"first_turn_limits": 2})
    with pytest.raises(InvalidOptions, match="option 'rounds' cannot be 9"):
        pyspiel.load_game("bodoge_toy_sealed_bids", {"rounds": 9})


def test_the_observer_is_one_view_parameterised_by_viewer() -> None:
    game = openspiel.load("toy-sealed-bids", 3)
    state = openspiel.deal(game, 2)
    state.apply_action(game.prepared.table.id(sealed_bids.Bid(5)))  # seat 0 commits
    inner = state.bodoge_state
    assert inner is not None
    encoder = game.prepared.encoder
    for player in range(3):
        assert state.observation_string(player) == encoding.canonical_json(inner.view(player))
        assert state.information_state_string(player) == state.observation_string(player)
        assert np.array_equal(state.observation_tensor(player), encoder.encode(inner.view(player)))
    assert state.observation_string(0) != state.observation_string(1)  # only 0 sees its bid
    public = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    spectator = game.make_py_observer(public)
    assert spectator.string_from(state, 1) == encoding.canonical_json(inner.view(None))
    spectator.set_from(state, 1)
    assert np.array_equal(spectator.tensor, encoder.encode(inner.view(None)))
    assert list(spectator.dict) == [key for key, _, _ in encoder.pieces]
    everything = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="every player's private information"):
        game.make_py_observer(everything)


def test_resampling_keeps_the_information_state_and_hides_the_rest() -> None:
    game = openspiel.load("egyptian-bride", 4)
    state = openspiel.deal(game, 11)
    rng = random.Random(3)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    worlds = set()
    for seed in range(6):
        world = state.resampled(player, Rng(seed))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.history() == state.history()
        worlds.add(str(world))
    assert len(worlds) > 1  # the other hands really are re-dealt
    via_sampler = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 1))
    assert via_sampler.information_state_string(player) == state.information_state_string(player)
    with pytest.raises(ValueError, match="cannot be serialised"):
        via_sampler.serialize()
    resample = openspiel.resampler(seed=1)
    assert str(resample(state, player)) != str(resample(state, player))
