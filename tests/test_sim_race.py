"""The tuner's race errs at most one time in twenty, and finds a planted difference at its power.

The race (:func:`bodoge.sim.tune.race`) is run on synthetic outcomes, not
games, so hundreds of races cost seconds: per game a first-player-advantage
share (``+3/4`` for a win of a four-player game, ``−1/4`` otherwise) whose
chance of a win is ``1/4 + effect`` for each candidate, the candidates
sharing the game's luck (one uniform draw) with probability ``shared``: the
correlation of matched seeds, from none to most games alike.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import pytest

from bodoge.sim.analysis import ALPHA, wilson
from bodoge.sim.tune import race

np = pytest.importorskip("numpy")

RACES = 300
WIN = 0.25


def synthetic(effects: Sequence[float], shared: float, seed: int, games: int = 800):
    """A ``play`` for :func:`race` over candidates ``0..len(effects) - 1`` (the values)."""
    rng = np.random.default_rng(seed)
    common, alike = rng.random(games), rng.random(games) < shared
    draws = np.where(alike, common, rng.random((len(effects), games)))
    wins = draws < WIN + np.asarray(effects)[:, None]
    outcomes = np.where(wins, 1 - WIN, -WIN).tolist()

    def play(alive: Sequence[object], start: int, stop: int) -> Iterator[tuple[int, int, float]]:
        for position, value in enumerate(alive):
            assert isinstance(value, int)
            row = outcomes[value]
            for game in range(start, stop):
                yield position, game, row[game]

    return play


def run(effects: Sequence[float], shared: float, seed: int, batch: int = 200, games: int = 800):
    return race(
        list(range(len(effects))),
        synthetic(effects, shared, seed, games),
        0.0,
        batch=batch,
        max_games=games,
        tolerance=0.0,
    )


@pytest.mark.parametrize("shared", [0.0, 0.5, 0.9])
def test_identical_candidates_are_dropped_in_at_most_one_race_in_twenty(shared: float) -> None:
    """13 identical values, 800 games in four rounds: the race used to drop one in 36 % of
    races (30.5 % with half the games alike); now at most 5 %, its interval says so."""
    dropped = sum(
        any(step.dropped for step in run([0.0] * 13, shared, seed).rounds)
        for seed in range(RACES)
    )
    low, _ = wilson(dropped, RACES)
    assert low <= ALPHA, f"{dropped} of {RACES} null races dropped a value"


def test_two_identical_candidates_are_not_told_apart_either() -> None:
    dropped = sum(
        any(step.dropped for step in run([0.0, 0.0], 0.0, seed).rounds) for seed in range(RACES)
    )
    assert wilson(dropped, RACES)[0] <= ALPHA


def test_a_planted_difference_is_dropped_at_the_power_the_race_states() -> None:
    """One value 8 points farther from the target among five: the share of races that drop
    it agrees with the power the race states (a lower bound: several pairs may drop it)."""
    from bodoge.sim.tune import race_power

    effects = [0.0, 0.0, 0.08, 0.0, 0.0]
    caught = 0
    stated = []
    for seed in range(RACES):
        path = run(effects, 0.5, seed)
        caught += any(2 in step.dropped for step in path.rounds)
        stated.append(race_power(0.08, path.spread, 200, 800, 10))
    power = sum(stated) / len(stated)
    low, high = wilson(caught, RACES)
    assert 0.3 < power < 0.97  # a difference the race can find, not a certainty
    assert low - 0.02 <= power <= high + 0.1, (caught, power)


def test_the_stated_power_grows_with_the_difference_and_the_games() -> None:
    from bodoge.sim.tune import race_power

    small, large = race_power(0.03, 0.6, 200, 800, 10), race_power(0.08, 0.6, 200, 800, 10)
    more = race_power(0.03, 0.6, 200, 4000, 10)
    assert small < large and small < more
    assert math.isnan(race_power(0.05, math.nan, 200, 800, 10))
