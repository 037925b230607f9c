"""Bots: the protocol, the random bot, and naming bots with spec strings."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping

import pytest

import bodoge
from bodoge.bots import (
    BadBotSpec,
    Bot,
    BotSpec,
    BotType,
    NoLegalAction,
    Param,
    ParamValue,
    RandomBot,
    bot_names,
    expand_bot_specs,
    make_bot,
    parse_bot_spec,
    register_bot,
    split_bot_specs,
    unregister_bot,
)
from bodoge.engine import Action, Game, State, Text

EGYPTIAN = bodoge.get_game("egyptian-bride")


def fresh_state(seed: int = 4) -> State:
    return EGYPTIAN.new_game(num_players=4, seed=seed)


# --------------------------------------------------------------- random bot


def test_random_bot_is_a_bot_and_picks_a_legal_action() -> None:
    state = fresh_state()
    bot = RandomBot(1)
    assert isinstance(bot, Bot)
    for _ in range(20):
        assert bot.choose(state, 0) in state.legal_actions(0)


def test_random_bot_is_reproducible_from_its_seed() -> None:
    def moves(seed: int) -> list[Action]:
        state, bot = fresh_state(), RandomBot(seed)
        chosen: list[Action] = []
        while not state.is_over and len(chosen) < 60:
            seat = state.to_act[0]
            action = bot.choose(state, seat)
            chosen.append(action)
            state.apply(seat, action)
        return chosen

    assert moves(3) == moves(3)
    assert moves(3) != moves(4)


def test_random_bot_uses_only_its_own_generator() -> None:
    state = fresh_state()
    random.seed(123)
    expected = random.random()
    random.seed(123)
    bot = RandomBot(9)
    for _ in range(10):
        bot.choose(state, 0)
    assert random.random() == expected


def test_random_bot_is_uniform_over_the_legal_actions() -> None:
    state = fresh_state()
    legal = state.legal_actions(0)
    assert len(legal) >= 3
    bot = RandomBot(2024)
    draws = 600 * len(legal)
    counts = Counter(bot.choose(state, 0) for _ in range(draws))
    assert set(counts) == set(legal)
    for action in legal:  # expected 600 each; 5 standard deviations is about ±120
        assert 480 <= counts[action] <= 720, counts


def test_random_bot_does_not_change_the_state() -> None:
    state = fresh_state()
    before = state.view(None), state.version, state.legal_actions(0)
    RandomBot(1).choose(state, 0)
    assert (state.view(None), state.version, state.legal_actions(0)) == before


def test_random_bot_refuses_a_seat_that_is_not_to_act() -> None:
    state = fresh_state()
    with pytest.raises(NoLegalAction, match="seat 2 has no legal action"):
        RandomBot(1).choose(state, 2)


class ContractOnly:
    """Exposes the public contract of a state and nothing else."""

    def __init__(self, state: State) -> None:
        self.to_act = state.to_act
        self.legal_actions = state.legal_actions
        self.view = state.view
        self.clone = state.clone
        self.determinize = state.determinize


def test_random_bot_needs_nothing_beyond_the_public_contract() -> None:
    state = fresh_state()
    proxy = ContractOnly(state)
    action = RandomBot(5).choose(proxy, 0)  # type: ignore[arg-type]
    assert action in state.legal_actions(0)


# --------------------------------------------------------------- make_bot


def test_make_bot_random_seeds_the_bot() -> None:
    state = fresh_state()
    first = make_bot("random", EGYPTIAN, seed=77)
    second = make_bot(" random ", EGYPTIAN, seed=77)
    assert isinstance(first, RandomBot)
    assert [first.choose(state, 0) for _ in range(15)] == [
        second.choose(state, 0) for _ in range(15)
    ]


def test_random_is_a_known_bot() -> None:
    assert "random" in bot_names()
    assert parse_bot_spec("random") == BotSpec("random", {})
    assert parse_bot_spec("random:") == BotSpec("random", {})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rnadom", "unknown bot 'rnadom'; the bots are: .*random"),
        ("", "empty bot spec"),
        (":x=1", "empty bot spec"),
        ("random:depth=3", "bot 'random' has no parameter 'depth'; its parameters: none"),
        ("random:depth", "bad parameter 'depth' in bot spec"),
    ],
)
def test_bad_specs_are_refused_with_a_clear_message(spec: str, message: str) -> None:
    with pytest.raises(BadBotSpec, match=message) as caught:
        make_bot(spec, EGYPTIAN, seed=1)
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == "bad_bot_spec"


def test_a_spec_must_be_a_string() -> None:
    with pytest.raises(BadBotSpec, match="a bot spec is a string"):
        parse_bot_spec(3)  # type: ignore[arg-type]


# ------------------------------------------------------- typed parameters


class FixedBot:
    """Always the first legal action; remembers its parameters."""

    def __init__(self, seed: int, params: Mapping[str, ParamValue]) -> None:
        self.seed = seed
        self.params = dict(params)

    def choose(self, state: State, seat: int) -> Action:
        return state.legal_actions(seat)[0]


def _fixed(game: Game, seed: int, params: Mapping[str, ParamValue]) -> Bot:
    del game
    return FixedBot(seed, params)


TEST_BOT = BotType(
    "test-search",
    Text("テスト", "test"),
    _fixed,
    (
        Param("iterations", 100, minimum=1, maximum=10_000),
        Param("c", 1.4, minimum=0.0),
        Param("greedy", False),
        Param("policy", "uniform", choices=("uniform", "heuristic")),
        Param("depth", "auto", minimum=0, numeric=int),
    ),
)


@pytest.fixture
def test_bot() -> Iterator[BotType]:
    register_bot(TEST_BOT)
    yield TEST_BOT
    unregister_bot(TEST_BOT.name)


def test_parameters_are_parsed_by_type_and_defaults_filled(test_bot: BotType) -> None:
    spec = parse_bot_spec("test-search: iterations=2000, greedy=yes,c=0.5")
    assert dict(spec.params) == {
        "iterations": 2000,
        "c": 0.5,
        "greedy": True,
        "policy": "uniform",
        "depth": "auto",
    }
    assert type(spec.params["iterations"]) is int
    assert str(spec) == "test-search:iterations=2000,c=0.5,greedy=true"
    assert parse_bot_spec(str(spec)) == spec
    assert str(parse_bot_spec("test-search:iterations=100")) == "test-search"
    bot = make_bot("test-search:policy=heuristic", EGYPTIAN, seed=5)
    assert isinstance(bot, FixedBot)
    assert bot.seed == 5
    assert bot.params["policy"] == "heuristic"


def test_float_parameters_accept_integers(test_bot: BotType) -> None:
    assert parse_bot_spec("test-search:c=2").params["c"] == 2.0


def test_a_number_left_to_the_game_takes_numbers_or_auto(test_bot: BotType) -> None:
    assert parse_bot_spec("test-search:depth=7").params["depth"] == 7
    assert parse_bot_spec("test-search:depth=AUTO").params["depth"] == "auto"
    assert str(parse_bot_spec("test-search:depth=0")) == "test-search:depth=0"
    assert str(parse_bot_spec("test-search:depth=auto")) == "test-search"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("test-search:iterations=abc", "'iterations' of bot 'test-search' must be an integer"),
        ("test-search:iterations=1.5", "must be an integer ≥ 1 and ≤ 10000, not '1.5'"),
        ("test-search:iterations=0", "must be an integer ≥ 1 and ≤ 10000, not '0'"),
        ("test-search:iterations=20000", "not '20000'"),
        ("test-search:c=-1", "'c' of bot 'test-search' must be a number ≥ 0.0"),
        ("test-search:c=nan", "must be a number"),
        ("test-search:greedy=maybe", "must be true or false, not 'maybe'"),
        ("test-search:policy=smart", "must be one of uniform, heuristic, not 'smart'"),
        ("test-search:c=1,c=2", "parameter 'c' given twice"),
        ("test-search:=3", "bad parameter '=3'"),
        ("test-search:depth=-1", "must be an integer ≥ 0, or auto, not '-1'"),
        ("test-search:depth=deep", "must be an integer ≥ 0, or auto, not 'deep'"),
        ("test-search:width=3", "its parameters: iterations, c, greedy, policy, depth"),
    ],
)
def test_bad_parameters_are_refused(test_bot: BotType, spec: str, message: str) -> None:
    with pytest.raises(BadBotSpec, match=message):
        parse_bot_spec(spec)


def test_registering_a_different_bot_under_a_taken_name_fails(test_bot: BotType) -> None:
    register_bot(TEST_BOT)  # the same one again is fine
    other = BotType("test-search", Text("別", "other"), _fixed)
    with pytest.raises(ValueError, match="already registered"):
        register_bot(other)
    with pytest.raises(ValueError, match="a bot name is lower-case"):
        register_bot(BotType("Bad Name", Text("x", "x"), _fixed))


# ---------------------------------------------------------- lists of specs


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        ("random", ["random"]),
        ("random,random", ["random", "random"]),
        (" random , random ", ["random", "random"]),
        ("ismcts:iterations=2000,c=1.4,random", ["ismcts:iterations=2000,c=1.4", "random"]),
        ("random,ismcts:iterations=20", ["random", "ismcts:iterations=20"]),
        ("random,x=1", ["random", "x=1"]),  # a bare name takes no continuation
    ],
)
def test_split_bot_specs(text: str, specs: list[str]) -> None:
    assert split_bot_specs(text) == specs


def test_expand_bot_specs_one_for_all_or_one_each() -> None:
    assert expand_bot_specs(["random"], 3) == [BotSpec("random", {})] * 3
    assert len(expand_bot_specs(["random"] * 4, 4)) == 4
    with pytest.raises(BadBotSpec, match="one bot spec for all 4 bot seats or one for each; got 2"):
        expand_bot_specs(["random", "random"], 4)
