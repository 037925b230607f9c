"""The named levels (easy, normal, strong) and the search's mixed play.

Strength is measured elsewhere (``tests/test_ladder.py`` and ``bench/league.py``);
here: what each level is made of, that older specs still make the bots they
made, and that the search draws from a strategy's distribution rather than a
fixed pick where it plays other seats, and mixes its own simultaneous moves.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import bodoge
from bodoge.bots import LEVELS, ISMCTSBot, Slipping, make_bot, parse_bot_spec
from bodoge.bots.hints import hints_module, search_hints
from bodoge.bots.ismcts import Node
from bodoge.bots.levels import EASY_TEMPERATURE, easy_bot, scores_moves
from bodoge.bots.opponents import policy_probability
from bodoge.bots.simultaneous import average_draw
from bodoge.engine import Action, Game, State, Strategy
from toys.sealed_bids import SealedBids


class BidHigh(Strategy):
    """Values a bid by its amount: the higher the better (one unit apart)."""

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        return [float(getattr(action, "amount", 0)) for action in legal]


class BidHighOrNext(BidHigh):
    """Like :class:`BidHigh`, but the two highest bids are near-equal."""

    near = 1.0


class BidsWithStrategy(SealedBids):
    """The toy sealed-bids game with a strategy of its own, as a real game has."""

    heuristic = BidHigh


class BidsWithMixedStrategy(SealedBids):
    heuristic = BidHighOrNext


GAME = BidsWithStrategy()
MIXED = BidsWithMixedStrategy()


def draws(bot: object, state: State, seat: int = 0, times: int = 400) -> Counter[int]:
    chooser = bot.choose  # type: ignore[attr-defined]
    return Counter(chooser(state, seat).amount for _ in range(times))


def test_the_levels_are_specs_weakest_first() -> None:
    assert LEVELS == ("easy", "normal", "strong")
    assert [str(parse_bot_spec(level)) for level in LEVELS] == list(LEVELS)
    assert parse_bot_spec("easy").params["temperature"] == EASY_TEMPERATURE
    assert parse_bot_spec("strong").params["iterations"] == "auto"  # the game's budget


@pytest.mark.parametrize("game_id", bodoge.games.BUILTIN_IDS)
def test_every_level_plays_every_game(game_id: str) -> None:
    game = bodoge.get_game(game_id)
    state = game.new_game(game.min_players, seed=4)
    seat = state.to_act[0]
    for spec in ("easy", "normal", "strong:iterations=5", "random"):
        assert make_bot(spec, game, seed=1).choose(state, seat) in state.legal_actions(seat)


def test_normal_is_the_strategy_and_plays_only_its_best_moves() -> None:
    state = GAME.new_game(3, seed=1)
    bot = make_bot("normal", GAME, seed=2)
    assert isinstance(bot, BidHigh) and bot.temperature == 0
    assert set(draws(bot, state)) == {5}


def test_normal_mixes_among_near_equal_moves() -> None:
    state = MIXED.new_game(3, seed=1)
    counts = draws(make_bot("normal", MIXED, seed=2), state)
    assert set(counts) == {4, 5} and min(counts.values()) > 120


def test_easy_is_the_strategy_with_a_temperature_erring_mostly_near_the_best() -> None:
    state = GAME.new_game(3, seed=1)
    bot = make_bot("easy", GAME, seed=2)
    assert isinstance(bot, BidHigh) and bot.temperature == EASY_TEMPERATURE
    counts = draws(bot, state, times=2000)
    assert counts[5] > counts[4] > counts[3] > counts[1] > 0  # sensible: worse is rarer
    assert counts[5] < 1600  # but it errs


def test_easy_at_temperature_zero_is_normal() -> None:
    state = GAME.new_game(3, seed=1)
    assert set(draws(make_bot("easy:temperature=0", GAME, seed=2), state)) == {5}


class AlwaysHighest(Strategy):
    """A strategy that picks its move without scoring the others (``decide``)."""

    def decide(self, state: State, seat: int, legal: list[Action]) -> Action:
        return max(legal, key=lambda action: getattr(action, "amount", 0))


class BidsWithPureStrategy(SealedBids):
    heuristic = AlwaysHighest


def test_a_strategy_that_cannot_score_its_moves_slips_at_the_easy_level() -> None:
    game = BidsWithPureStrategy()
    state = game.new_game(3, seed=1)
    easy = make_bot("easy", game, seed=3)
    assert isinstance(easy, Slipping) and 0 < easy.slip < 1
    counts = draws(easy, state, times=1000)
    assert set(counts) == {1, 2, 3, 4, 5} and counts[5] > 600
    strategy = AlwaysHighest(1)
    assert easy_bot(strategy, 0.0, seed=1) is strategy


def test_a_slipping_strategy_plays_at_random_in_its_share_of_decisions() -> None:
    state = GAME.new_game(3, seed=1)
    always = Slipping(BidHigh(1), 1.0, seed=5)
    never = Slipping(BidHigh(1), 0.0, seed=5)
    assert set(draws(always, state)) == {1, 2, 3, 4, 5}
    assert set(draws(never, state)) == {5}
    with pytest.raises(ValueError, match="slip"):
        Slipping(BidHigh(1), 1.5, seed=5)


def test_strong_is_the_search_with_the_games_budget_or_a_count_or_a_time() -> None:
    game = bodoge.get_game("hoarders")
    level = make_bot("strong", game, seed=1)
    assert isinstance(level, ISMCTSBot) and level.seconds is None
    assert level.iterations == search_hints(game).strong_iterations
    assert level.advisor is not None  # the game's strategy advises the search
    counted = make_bot("strong:iterations=40", game, seed=1)
    assert isinstance(counted, ISMCTSBot)
    assert counted.seconds is None and counted.iterations == 40
    timed = make_bot("strong:seconds=0.5", game, seed=1)
    assert isinstance(timed, ISMCTSBot) and timed.seconds == 0.5


def a_choice(game: Game) -> tuple[State, int]:
    """A position of ``game`` where the seat to act has more than one legal move."""
    state = game.new_game(game.min_players, seed=3)
    table = [make_bot("random", game, seed=seat) for seat in range(state.num_players)]
    while len(state.legal_actions(seat := state.to_act[0])) < 2:
        state.apply(seat, table[seat].choose(state, seat))
    return state, seat


@pytest.mark.parametrize("game_id", bodoge.games.BUILTIN_IDS)
def test_strong_runs_exactly_the_budget_its_game_declares(game_id: str) -> None:
    """The lobby, ``bodoge play``, the stand-in and the league all name the level ``strong``:
    made from that spec, it searches the game's declared iterations, not a time."""
    game = bodoge.get_game(game_id)
    declared = getattr(hints_module(game), "STRONG_ITERATIONS", None)
    assert isinstance(declared, int), f"{game_id} declares no STRONG_ITERATIONS in its hints"
    bot = make_bot("strong", game, seed=2)
    assert isinstance(bot, ISMCTSBot) and bot.seconds is None
    state, seat = a_choice(game)
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert bot.last_iterations == declared


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:seconds=1", "ismcts:iterations=50"])
def test_specs_stored_before_the_levels_still_make_their_bots(spec: str) -> None:
    game = bodoge.get_game("papayoo")
    state = game.new_game(4, seed=2)
    seat = state.to_act[0]
    assert make_bot(spec, game, seed=1).choose(state, seat) in state.legal_actions(seat)
    old = make_bot("heuristic", game, seed=7)
    new = make_bot("normal", game, seed=7)
    assert old.choose(state, seat) == new.choose(state, seat)  # the same strategy


# ---------------------------------------------------------------- mixed search


class Counting(BidHighOrNext):
    """Counts the moves it hands out (the search's rollout policy and advisor)."""

    def __init__(self, seed: int, temperature: float = 0.0) -> None:
        super().__init__(seed, temperature)
        self.given: Counter[int] = Counter()

    def choose(self, state: State, seat: int) -> Action:
        action = super().choose(state, seat)
        self.given[getattr(action, "amount", 0)] += 1
        return action


def test_the_search_plays_other_seats_from_the_strategy_s_distribution() -> None:
    """In rollouts and in the advice, near-equal bids are both played, not one fixed pick."""
    rollout, advisor = Counting(1), Counting(2)
    bot = ISMCTSBot(3, iterations=200, rollout=rollout, advisor=advisor, prior=1.0, noise=0.0)
    state = MIXED.new_game(3, seed=1)
    bot.choose(state, 0)
    for policy in (rollout, advisor):
        top = policy.given[4] + policy.given[5]
        assert policy.given[4] > top / 4 and policy.given[5] > top / 4, policy.given


def test_the_matrix_search_draws_its_simultaneous_choice_from_its_average_strategy() -> None:
    """The node's average play is drawn from, in proportion; a move it never played is not."""
    rng = random.Random(1)
    often, seldom, never = object(), object(), object()
    average = {often: 30.0, seldom: 10.0, never: 0.0}
    legal = [often, seldom, never]
    picks = Counter(average_draw(average, legal, rng) for _ in range(800))  # type: ignore[arg-type]
    assert set(picks) == {often, seldom}
    assert 500 < picks[often] < 700


def test_the_matrix_search_mixes_wherever_a_seat_chooses_unseen_by_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seat asked first and a seat asked last, after the others' secret bids, both mix
    (neither sees the others' bids); a seat choosing alone, openly, plays its best move."""
    mixed: list[int] = []

    def recorded(average: dict, legal: list, rng: random.Random) -> Action:
        mixed.append(len(legal))
        return legal[0]

    monkeypatch.setattr("bodoge.bots.simultaneous.average_draw", recorded)
    state = MIXED.new_game(3, seed=1)
    assert len(state.to_act) == 3
    ISMCTSBot(1, iterations=30, matrix=True).choose(state, 0)
    assert len(mixed) == 1
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    assert list(state.to_act) == [2]
    ISMCTSBot(1, iterations=30, matrix=True).choose(state, 2)
    assert len(mixed) == 2  # the others' bids are secret: still at once
    alone = bodoge.get_game("toy-coop").new_game(1, seed=1)
    ISMCTSBot(1, iterations=30, matrix=True).choose(alone, 0)
    assert len(mixed) == 2


def test_the_search_mixes_its_own_simultaneous_choice_among_moves_it_cannot_tell_apart() -> None:
    bot = ISMCTSBot(1, iterations=10)
    best, twin, poor = object(), object(), object()
    root = Node(
        visits={best: 60, twin: 50, poor: 40},
        reward={best: 30.0, twin: 24.5, poor: 4.0},
    )
    picks = Counter(bot._near_best(root, best) for _ in range(600))  # type: ignore[arg-type]
    assert set(picks) == {best, twin}
    assert picks[best] > picks[twin] > 150


def test_the_search_mixes_only_where_several_seats_choose_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Mixing keeps seats choosing together from colliding; a seat choosing alone plays the
    move it visited most."""
    mixed: list[int] = []

    def near_best(bot: ISMCTSBot, root: Node, best: Action) -> Action:
        mixed.append(len(root.visits))
        return best

    monkeypatch.setattr(ISMCTSBot, "_near_best", near_best)
    state = MIXED.new_game(3, seed=1)
    assert len(state.to_act) == 3
    ISMCTSBot(1, iterations=30).choose(state, 0)
    assert len(mixed) == 1
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    assert list(state.to_act) == [2]
    ISMCTSBot(1, iterations=30).choose(state, 2)
    assert len(mixed) == 1  # alone: no draw


def test_an_opponent_model_weighs_a_move_by_the_strategy_s_probability() -> None:
    state = MIXED.new_game(3, seed=1)
    legal = {action.amount: action for action in state.legal_actions(1)}  # type: ignore[attr-defined]
    strategy = BidHighOrNext(1)
    assert policy_probability(strategy, state, 1, legal[5]) == pytest.approx(0.5)
    assert policy_probability(strategy, state, 1, legal[4]) == pytest.approx(0.5)
    assert policy_probability(strategy, state, 1, legal[1]) == 0.0


def test_strategies_declare_whether_they_score_moves() -> None:
    assert scores_moves(BidHigh(1))
    assert not scores_moves(random.Random(1))  # type: ignore[arg-type]


# ---------------------------------------------------------------- the command line


def cli(*args: str, input: str | None = None) -> str:
    from typer.testing import CliRunner

    from bodoge.cli import build_app

    result = CliRunner().invoke(build_app("en"), list(args), input=input)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_sim_and_sweep_take_the_levels_and_their_help_names_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # sweep writes its report beside it
    out = cli(
        "sim",
        "egyptian-bride",
        "-n",
        "6",
        "-p",
        "3",
        "--json",
        "--bots",
        "easy,normal,strong:iterations=5",
    )
    bots = {entry["bot"] for entry in json.loads(out)["stats"]["bots"]}
    assert bots == {"easy", "normal", "strong:iterations=5"}
    swept = cli(
        "sweep", "hoarders", "-p", "3", "-n", "4", "--bots", "easy", "--vary", "winning_set=5,4"
    )
    assert "2 variants × 4 games" in swept
    help_text = cli("sim", "--help")
    for level in ("easy:", "normal:", "strong:"):
        assert level in help_text
