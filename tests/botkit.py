"""Shared measures for the bot tests: a bot's share of the wins against random play, and
the wins of two kinds of bot sharing tables.

Each game's ``test_bot.py`` checks that its heuristic beats random players by
a wide margin (GAME-DONE: twice the fair share) over a few fixed seeds;
``tests/test_ladder.py`` checks the levels against each other in mixed
tables.  The long measurements live in ``bench/`` (``bench/league.py``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from bodoge.engine import Action, Game, OptionValue, State, Strategy
from bodoge.sim import play_game, seat_specs
from bodoge.sim.analysis import wilson


def share_of_one(
    game: Game,
    players: int,
    games: int,
    one: str,
    others: str,
    options: Mapping[str, OptionValue] | None = None,
) -> float:
    """The share of the wins of one ``one`` bot among ``others`` bots in ``games`` seeded
    games, its seat rotating (a shared win counts in part)."""
    wins = 0.0
    for seed in range(games):
        seat = seed % players
        specs = [others] * players
        specs[seat] = one
        result = play_game(game, players, options, seed=seed, bot_specs=specs)
        if seat in result.winners:
            wins += 1 / len(result.winners)
    return wins / games


def share_against_random(
    game: Game,
    players: int,
    games: int,
    options: Mapping[str, OptionValue] | None = None,
    bot: str = "heuristic",
) -> float:
    """``bot``'s share of the wins in ``games`` seeded games, its seat rotating among random
    players (a shared win counts in part)."""
    return share_of_one(game, players, games, bot, "random", options)


def draws(game: Game, state: State, seat: int, copies: int) -> Counter[Action]:
    """What ``copies`` heuristic bots (seeds 0, 1, ...) choose for ``seat`` in ``state``."""
    chooser = game.heuristic
    assert chooser is not None
    return Counter(chooser(seed).choose(state, seat) for seed in range(copies))


def assert_policy_is_what_choose_draws(
    game: Game, state: State, seat: int, copies: int = 400
) -> None:
    """The heuristic's ``policy()`` gives each action the share of ``copies`` draws that
    ``choose()`` makes (within four standard errors), and nothing outside it is drawn."""
    chooser = game.heuristic
    assert chooser is not None
    strategy = chooser(0)
    assert isinstance(strategy, Strategy)
    policy = dict(strategy.policy(state, seat))
    assert math.isclose(sum(policy.values()), 1.0)
    seen = draws(game, state, seat, copies)
    assert all(policy.get(action, 0.0) > 0 for action in seen), "drew an action of chance 0"
    for action, chance in policy.items():
        margin = 4 * math.sqrt(chance * (1 - chance) / copies) + 1 / copies
        assert abs(seen[action] / copies - chance) <= margin, (action, seen[action], chance)


def most_common_share(game: Game, state: State, seat: int, copies: int = 200) -> float:
    """The share of ``copies`` heuristic bots that make the commonest choice."""
    seen = draws(game, state, seat, copies)
    return seen.most_common(1)[0][1] / copies


def mixed_position(
    game: Game, players: int, kind: type[Action], seed: int = 1
) -> tuple[State, int]:
    """The first position of a heuristic self-play game where a seat chooses among ``kind``
    actions and the heuristic's policy gives two or more of them a chance."""
    chooser = game.heuristic
    assert chooser is not None
    state = game.new_game(players, seed)
    bots = [chooser(seat) for seat in range(players)]
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if isinstance(legal[0], kind):
            strategy = bots[seat]
            assert isinstance(strategy, Strategy)
            if sum(chance > 0 for _, chance in strategy.policy(state, seat)) >= 2:
                return state, seat
        state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError(f"no mixed choice among {kind} in a game of {game.id}")


@dataclass
class Tally:
    """One kind of bot's wins over the seats it took (a shared win counts in part)."""

    wins: float = 0.0
    seats: int = 0

    @property
    def share(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of :attr:`share`."""
        return wilson(self.wins, self.seats)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.share:.1%} [{low:.1%}, {high:.1%}] of {self.seats} seats"


def mixed_tables(
    game: Game,
    players: int,
    games: int,
    lineup: list[str],
    options: Mapping[str, OptionValue] | None = None,
) -> dict[str, Tally]:
    """Each spec's wins over ``games`` seeded games of ``lineup`` (one spec per seat),
    seated as the simulator seats a mixed lineup: every seating order in turn, so that no
    spec keeps a seat or a neighbour (:mod:`bodoge.sim.seating`)."""
    tallies = {spec: Tally() for spec in lineup}
    for seed in range(games):
        specs = list(seat_specs(lineup, seed, rotate=True))
        result = play_game(game, players, options, seed=seed, bot_specs=specs)
        for seat, spec in enumerate(specs):
            tallies[spec].seats += 1
            if seat in result.winners:
                tallies[spec].wins += 1 / len(result.winners)
    return tallies


def alternating(first: str, second: str, players: int) -> list[str]:
    """A lineup of ``players`` seats taking ``first`` and ``second`` in turn."""
    return [first if seat % 2 == 0 else second for seat in range(players)]


def mean_scores(
    game: Game,
    players: int,
    games: int,
    spec: str,
    options: Mapping[str, OptionValue] | None = None,
) -> float:
    """The mean score of a table of ``spec`` bots over ``games`` seeded games (a cooperative
    game's measure: its seats share one result, so no seat beats another)."""
    total = 0.0
    for seed in range(games):
        result = play_game(game, players, options, seed=seed, bot_specs=[spec])
        total += sum(result.scores) / players
    return total / games
