"""The information-set MCTS bot: seeded, budgeted, and able to play every game.

Fairness (decisions depend only on the seat's information) is
``test_bot_fairness``; strength is measured by ``bench/bots.py``, not here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import bodoge
from bodoge.bots import ISMCTSBot, make_bot, search_hints
from bodoge.bots.ismcts import SCORE_WEIGHT, Node, rewards
from bodoge.engine import Action, State


def midgame(game_id: str, steps: int = 9, seed: int = 3) -> State:
    game = bodoge.get_game(game_id)
    state = game.new_game(game.min_players, seed=seed)
    rnd = random.Random(seed)
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


class ServesOnly:
    """A rollout policy that plays at random for one seat and must not be asked for others."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.asked = 0

    def choose(self, state: State, seat: int) -> Action:
        if seat != self.seat:
            raise AssertionError(f"the rollout policy was asked for seat {seat}")
        self.asked += 1
        return random.Random(self.asked).choice(state.legal_actions(seat))


def test_noise_makes_the_other_seats_playout_moves_random_never_the_searchers() -> None:
    state = midgame("egyptian-bride")
    (seat,) = state.to_act
    policy = ServesOnly(seat)
    noisy = ISMCTSBot(seed=1, iterations=20, rollout=policy, noise=1.0)
    assert noisy.choose(state, seat) in state.legal_actions(seat)
    assert policy.asked > 0  # the searcher's own moves follow the policy
    with pytest.raises(AssertionError, match="asked for seat"):
        ISMCTSBot(seed=1, iterations=20, rollout=ServesOnly(seat), noise=0.0).choose(state, seat)


def test_rollout_auto_uses_the_games_heuristic_and_random_for_games_without() -> None:
    bride = make_bot("ismcts", bodoge.get_game("egyptian-bride"), seed=1)
    toy = make_bot("ismcts", bodoge.get_game("toy-raid"), seed=1)
    plain = make_bot("ismcts:rollout=random", bodoge.get_game("egyptian-bride"), seed=1)
    assert isinstance(bride, ISMCTSBot) and isinstance(toy, ISMCTSBot)
    assert isinstance(plain, ISMCTSBot)
    assert type(bride.rollout).__module__.startswith("bodoge.games.egyptian_bride")
    assert toy.rollout is None and plain.rollout is None
    anehambra = bodoge.get_game("anehambra")  # its heuristic makes poor playouts
    assert search_hints(anehambra).playouts == "random" and anehambra.heuristic_bot(1) is not None
    assert make_bot("ismcts", anehambra, seed=1).rollout is None  # type: ignore[attr-defined]
    chosen = make_bot("ismcts:rollout=heuristic", anehambra, seed=1)
    assert chosen.rollout is not None  # type: ignore[attr-defined]


class Counting:
    """A rollout policy that plays at random and counts its moves."""

    def __init__(self) -> None:
        self.moves = 0

    def choose(self, state: State, seat: int) -> Action:
        self.moves += 1
        return random.Random(self.moves).choice(state.legal_actions(seat))


def test_a_horizon_cuts_every_playout_short() -> None:
    state = midgame("egyptian-bride")
    (seat,) = state.to_act
    policy = Counting()
    # Opponents are searched in the tree: the policy plays the playouts only.
    bot = ISMCTSBot(seed=1, iterations=25, rollout=policy, horizon=4)
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert 0 < policy.moves <= 25 * 4
    unbounded = Counting()
    ISMCTSBot(seed=1, iterations=25, rollout=unbounded).choose(state, seat)
    assert unbounded.moves > 25 * 4  # a game of Egyptian Bride lasts far longer
    assert make_bot("ismcts:horizon=30", state.game, seed=1).horizon == 30  # type: ignore[attr-defined]


def test_the_default_horizon_is_the_games_own() -> None:
    papayoo, bride = bodoge.get_game("papayoo"), bodoge.get_game("egyptian-bride")
    assert search_hints(papayoo).horizon > 0  # a hand or so: the running points say who leads
    assert search_hints(bride).horizon == 0
    for game in (papayoo, bride):
        bot = make_bot("ismcts", game, seed=1)
        assert bot.horizon == search_hints(game).horizon  # type: ignore[attr-defined]
        assert make_bot("ismcts:horizon=0", game, seed=1).horizon == 0  # type: ignore[attr-defined]


def test_a_game_cut_short_is_judged_by_the_games_estimate() -> None:
    game = bodoge.get_game("anehambra")
    state = game.new_game(4, seed=3)
    estimate = search_hints(game).estimate
    assert make_bot("ismcts", game, seed=1).estimate is estimate  # type: ignore[attr-defined]
    state.palaces[1].append([1, 1, 0, 0, 0])  # type: ignore[attr-defined]
    state.palaces[3].append([0, 1, 1, 0, 0])  # type: ignore[attr-defined]
    assert not state.is_over and state.scores == (0, 1, 0, 1)
    reward = rewards(state, estimate)
    assert reward[1] == reward[3] > reward[0] == reward[2]  # the two leaders share the win
    assert reward[1] == pytest.approx((1 - SCORE_WEIGHT) / 2 + SCORE_WEIGHT)
    state.palaces[1][0][4] = 1  # type: ignore[attr-defined]  # verified: it stands for good
    reward = rewards(state, estimate)
    assert reward[1] == pytest.approx(1.0)  # the running scores are still tied
    assert reward[1] > reward[3] > reward[0]


def test_a_game_stopped_by_a_safety_limit_is_worth_nothing_to_every_seat() -> None:
    """A search must never prefer a loop to the limit: a seat behind would take a stop
    with no winner (a better placed score) over a loss by the rules."""
    state = bodoge.get_game("hoarders").new_game(3, seed=2)
    state.round = bodoge.games.hoarders.data.ROUND_LIMIT  # type: ignore[attr-defined]
    state.nuts = [[4, 0, 0, 0, 0], [2, 0, 0, 0, 0], [0, 0, 0, 0, 0]]  # type: ignore[attr-defined]
    while not state.is_over:  # Hamster and Groundhog: nobody draws, nobody wins
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        wanted = [a for a in legal if getattr(a, "critter", "") in ("hamster", "groundhog")]
        state.apply(seat, (wanted or legal)[0])
    assert state.stopped and state.winners == () and state.scores == (4, 2, 0)
    assert rewards(state) == [0.0, 0.0, 0.0]


@pytest.mark.parametrize("game_id", ["papayoo", "hoarders", "cardiceo"])
def test_by_default_a_game_estimates_its_running_scores(game_id: str) -> None:
    state = midgame(game_id, steps=12)
    assert not state.is_over
    assert list(search_hints(state.game).estimate(state)) == [float(s) for s in state.scores]
    assert list(rewards(state)) == list(rewards(state, search_hints(state.game).estimate))


def test_the_tree_searches_the_other_seats_too(monkeypatch: pytest.MonkeyPatch) -> None:
    state = midgame("egyptian-bride")
    (seat,) = state.to_act
    keyed: set[int] = set()
    key = type(state).information_key

    def recording(self: State, actor: int | None) -> str:
        assert actor is not None
        keyed.add(actor)
        return key(self, actor)

    monkeypatch.setattr(type(state), "information_key", recording)
    make_bot("ismcts:iterations=150", state.game, seed=2).choose(state, seat)
    assert keyed > {seat}  # searched opponents have nodes of their own


class Last:
    """An advisor that always names the last legal action."""

    def choose(self, state: State, seat: int) -> Action:
        return state.legal_actions(seat)[-1]


def choices(count: int = 8) -> Iterator[tuple[int, State, int, list[Action]]]:
    """(seed, state, seat, legal) of Egyptian Bride mid-games with three moves or more."""
    for index in range(count):
        state = midgame("egyptian-bride", seed=index)
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) >= 3:
            yield index, state, seat, legal


def test_with_a_prior_a_short_search_plays_the_advisors_move() -> None:
    """Two iterations: the advised action is tried first and, with its bonus, again."""
    advised = unadvised = tried = 0
    for index, state, seat, legal in choices():
        tried += 1
        with_prior = ISMCTSBot(seed=index, iterations=2, prior=1.0, advisor=Last())
        without = ISMCTSBot(seed=index, iterations=2, advisor=Last())
        advised += with_prior.choose(state, seat) == legal[-1]
        unadvised += without.choose(state, seat) == legal[-1]
        assert "prior=1.0" in repr(with_prior) and "prior" not in repr(without)
    assert tried >= 4 and advised == tried
    assert unadvised < tried / 2  # without the prior: one of two actions tried at random


def test_the_prior_asks_the_games_heuristic_even_where_it_does_not_play_the_playouts() -> None:
    anehambra = bodoge.get_game("anehambra")
    bot = make_bot("ismcts", anehambra, seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.rollout is None and bot.prior == 1.0
    assert type(bot.advisor).__module__.startswith("bodoge.games.anehambra")
    assert make_bot("ismcts:prior=0", anehambra, seed=1).advisor is None  # type: ignore[attr-defined]
    toy = make_bot("ismcts", bodoge.get_game("toy-raid"), seed=1)
    assert toy.advisor is None  # type: ignore[attr-defined]  # no heuristic: a plain search


def test_with_a_margin_the_bot_keeps_the_advisors_move_unless_surely_better() -> None:
    """A margin no search reaches keeps the advice; none lets the search decide."""
    kept = left = tried = 0
    for index, state, seat, legal in choices():
        tried += 1
        sure = ISMCTSBot(seed=index, iterations=60, prior=1.0, advisor=Last(), margin=1e9)
        free = ISMCTSBot(seed=index, iterations=60, prior=1.0, advisor=Last())
        kept += sure.choose(state, seat) == legal[-1]
        left += free.choose(state, seat) != legal[-1]
    assert tried >= 4 and kept == tried
    assert left > 0  # the search alone does leave the advice sometimes


def test_the_margin_counts_standard_errors_of_both_means() -> None:
    """Means 0.6 and 0.4 over 100 visits each: 0.2 apart, about 2.83 standard errors."""
    root = Node(
        visits={"searched": 100, "advised": 100},
        reward={"searched": 60.0, "advised": 40.0},
        hinted={"advised": 7, "searched": 1},
        hints=8,
    )
    for margin, played in ((2.8, "searched"), (2.9, "advised"), (0.0, "searched")):
        bot = ISMCTSBot(seed=1, margin=margin)
        assert bot._keep_advice(root, "searched") == played  # type: ignore[arg-type]
    root.visits["advised"], root.reward["advised"] = 0, 0.0  # never tried: nothing to compare
    assert ISMCTSBot(seed=1, margin=9.0)._keep_advice(root, "searched") == "searched"  # type: ignore[arg-type]


def test_the_default_margin_is_the_games_own() -> None:
    anehambra, bride = bodoge.get_game("anehambra"), bodoge.get_game("egyptian-bride")
    assert search_hints(anehambra).margin > 0  # its playouts mislead a free search
    assert search_hints(bride).margin == 0
    for game in (anehambra, bride):
        assert make_bot("ismcts", game, seed=1).margin == search_hints(game).margin  # type: ignore[attr-defined]
        assert make_bot("ismcts:margin=1.5", game, seed=1).margin == 1.5  # type: ignore[attr-defined]
        assert make_bot("ismcts:margin=0", game, seed=1).margin == 0.0  # type: ignore[attr-defined]


def test_a_cooperative_group_win_is_every_seats_whole_win() -> None:
    """Cooperative: winners are the whole group, so each gets the whole win (never 1/k),
    and the shared score is placed within the declared range (all seats tie)."""
    game = bodoge.get_game("toy-coop")
    state = game.new_game(3, seed=0, options={"difficulty": "easy"})
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    low, high = game.score_range(state.options, 3)
    placed = (state.scores[0] - low) / (high - low)
    expected = (1 - SCORE_WEIGHT) * bool(state.winners) + SCORE_WEIGHT * placed
    assert rewards(state) == pytest.approx([expected] * 3)
    one = bodoge.get_game("tarot-storia").new_game(1, seed=2)
    better = one.clone()
    better.round_scores = [3]  # type: ignore[attr-defined]
    assert rewards(better)[0] > rewards(one)[0]  # one player: more score, more reward


class Braces:
    """A partner's blueprint that always braces."""

    def choose(self, state: State, seat: int) -> Action:
        return next(a for a in state.legal_actions(seat) if type(a).__name__ == "Brace")


def test_a_partner_plays_by_its_blueprint_in_the_tree_and_the_playouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Co-operative: the search plans on what its partner will do (the game's strategy),
    not on a partner searched as an opponent would be or playing at random."""
    game = bodoge.get_game("toy-coop")
    played: dict[int, set[str]] = {0: set(), 1: set()}
    play = type(game.new_game(2, seed=0))._play

    def recorded(state: State, seat: int, action: Action) -> object:
        played[seat].add(type(action).__name__)
        return play(state, seat, action)  # type: ignore[arg-type]

    monkeypatch.setattr(type(game.new_game(2, seed=0)), "_play", recorded)
    bot = ISMCTSBot(1, iterations=200, advisor=Braces(), prior=1.0, noise=0.0, matrix=True)  # type: ignore[arg-type]
    bot.choose(game.new_game(2, seed=4, options={"difficulty": "easy"}), 0)
    assert played[0] == {"Build", "Brace"}
    assert played[1] == {"Brace"}
