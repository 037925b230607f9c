"""Seats choosing at once, in secret: the search's regret matching and where it starts.

On a matrix game with one mixed equilibrium (``toys.hide_and_seek``), each
seat's search plays the equilibrium's mix, whether the seat is asked first
or after the other's secret choice; a search that re-dealt that choice at
random would best-reply to a uniform hider and always search the near box.
"""

from __future__ import annotations

import random

import pytest

from bodoge.bots import ISMCTSBot
from bodoge.bots.simultaneous import EXPLORATION, explored, learn, strategy
from bodoge.engine import State
from toys.hide_and_seek import BOXES, EQUILIBRIUM_NEAR, GAME, NEAR


def near_share(state: State, seat: int, searches: int = 60) -> float:
    picks = [
        ISMCTSBot(seed, iterations=300, matrix=True).choose(state, seat) for seed in range(searches)
    ]
    return sum(pick == BOXES[NEAR] for pick in picks) / searches


def test_regret_matching_alone_finds_the_equilibrium_of_a_matrix_game() -> None:
    """Both seats learning at once by regret matching: their average play tends to the mix."""
    rng = random.Random(3)
    regrets: list[dict] = [{}, {}]
    averages: list[dict] = [{}, {}]
    totals: list[dict] = [{}, {}]
    for _ in range(20_000):
        mixes = [strategy(regret, BOXES, {}) for regret in regrets]
        played = [
            rng.choices(BOXES, [explored(mix, EXPLORATION)[b] for b in BOXES])[0] for mix in mixes
        ]
        hidden, searched = (box.box for box in played)  # type: ignore[attr-defined]
        found = hidden == searched and (hidden == NEAR or rng.random() < 0.5)
        for seat, reward in enumerate((float(not found), float(found))):
            sums = totals[seat]
            means = {box: total / count for box, (total, count) in sums.items()}
            learn(regrets[seat], averages[seat], mixes[seat], BOXES, played[seat], reward, means)
            total, count = sums.get(played[seat], (0.0, 0))
            sums[played[seat]] = (total + reward, count + 1)
    for average in averages:
        assert average[BOXES[NEAR]] / sum(average.values()) == pytest.approx(
            EQUILIBRIUM_NEAR, abs=0.07
        )


def test_a_seat_asked_first_plays_the_equilibrium_mix() -> None:
    state = GAME.new_game(2, seed=1)
    assert state.to_act == (0, 1)
    assert near_share(state, 0) == pytest.approx(EQUILIBRIUM_NEAR, abs=0.2)


def test_a_seat_asked_after_the_others_secret_choice_still_plays_the_mix() -> None:
    """The hider's box is searched as chosen with the seeker's, not dealt at random:
    against a random hider the near box would be the seeker's every pick."""
    for hidden in BOXES:
        state = GAME.new_game(2, seed=1)
        state.apply(0, hidden)
        assert state.to_act == (1,)
        assert near_share(state, 1) == pytest.approx(EQUILIBRIUM_NEAR, abs=0.2)


def test_the_seat_asked_last_decides_alike_whatever_the_other_chose() -> None:
    """Fair: the hider's secret box never reaches the seeker's search."""
    decisions = []
    for hidden in BOXES:
        state = GAME.new_game(2, seed=1)
        state.apply(0, hidden)
        decisions.append(
            [ISMCTSBot(seed, iterations=100, matrix=True).choose(state, 1) for seed in range(8)]
        )
    assert decisions[0] == decisions[1]
