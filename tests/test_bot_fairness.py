"""Bots decide on what their seat may know, never on hidden cards.

For random reachable states of every registered game, a bot's decision
(same seed) is the same on the state and on any re-deal of everything the
seat cannot see; every game's heuristic is checked so on many more
positions.  A last test changes another player's hidden hand by hand and
checks the decision does not move.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import bodoge
from bodoge.bots import make_bot
from bodoge.engine import Rng, State
from bodoge.games.egyptian_bride import EgyptianBrideState


def has_heuristic(game: bodoge.Game) -> bool:
    return game.heuristic_bot(0) is not None


SPECS = (
    "random",
    "heuristic",
    "ismcts:iterations=16,rollout=random",
    "ismcts:iterations=6",
    "ismcts:iterations=6,horizon=10",
    "ismcts:iterations=6,noise=0.3",
    "ismcts:iterations=6,prior=0",
    "ismcts:iterations=6,belief=0",
    "ismcts:iterations=6,belief=1",
)
"""A search bot's playouts reach the end of the game, so its budgets here are small.

The last two deal their worlds uniformly and by reading the others' moves
(:mod:`bodoge.bots.belief`); the others take the game's own choice (``auto``).
"""


def reachable_states(game: bodoge.Game, seed: int, count: int) -> list[State]:
    """States met along one random game, at evenly spread steps."""
    rnd = random.Random(seed)
    options = rnd.choice(game.variants())
    low, high = game.player_range(options)
    state = game.new_game(rnd.randint(low, high), seed, options)
    seen = []
    while not state.is_over:
        if rnd.random() < 0.15:
            seen.append(state.clone())
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return seen[:: max(1, len(seen) // count)][:count]


CASES = [
    (game_id, spec)
    for game_id in bodoge.game_ids()
    for spec in SPECS
    # The toy games have no strategy of their own; every real game must (see below).
    if "heuristic" not in spec or has_heuristic(bodoge.get_game(game_id))
]


@pytest.mark.parametrize(("game_id", "spec"), CASES)
def test_decision_depends_only_on_the_seats_information(game_id: str, spec: str) -> None:
    game = bodoge.get_game(game_id)
    searching = spec.startswith("ismcts")
    for seed in range(2 if searching else 3):
        for state in reachable_states(game, seed, 2 if searching else 3):
            for seat in state.to_act:
                expected = make_bot(spec, game, seed=11).choose(state, seat)
                for key in range(3):
                    world = state.determinize(seat, Rng(100 * seed + key))
                    assert make_bot(spec, game, seed=11).choose(world, seat) == expected, (
                        f"{spec} at {game_id} seed {seed} step {state.version}, seat {seat}: "
                        "the decision changed with cards the seat cannot see"
                    )


HEURISTIC_GAMES = 12
"""Random games per game for the heuristic's own test (a heuristic decides fast)."""
HEURISTIC_POSITIONS = 150
"""Positions at most per game: decisions of every seat in ``to_act`` with a real choice."""


MIN_POSITIONS = 50
"""Positions the heuristic's test needs at least; a game of few decisions plays more games."""


def choices(game: bodoge.Game) -> Iterator[tuple[State, int]]:
    """Positions with a real choice, over random games of random options and player counts."""
    found = 0
    for seed in range(4 * HEURISTIC_GAMES):
        if seed >= HEURISTIC_GAMES and found >= MIN_POSITIONS:
            return
        for state in reachable_states(game, 1000 + seed, HEURISTIC_POSITIONS):
            for seat in state.to_act:
                if len(state.legal_actions(seat)) > 1:
                    yield state, seat
                    found += 1
                    if found == HEURISTIC_POSITIONS:
                        return


@pytest.mark.parametrize("game_id", bodoge.games.BUILTIN_IDS)
def test_every_heuristic_decides_on_what_its_seat_may_know(game_id: str) -> None:
    """The heuristic's choice in the true state is its choice in every re-deal for that seat.

    A heuristic may read the state rather than build the seat's view (it is
    faster), so this is what keeps it to the seat's information: a heuristic
    that read another hand, the deck's order or a secret commitment would
    choose differently once they are re-dealt.  Every shipped game is
    covered, and the re-deals must really hide something from the seat
    (or, in a game without hidden information, nothing at all).
    """
    game = bodoge.get_game(game_id)
    assert has_heuristic(game), f"{game_id} has no heuristic bot"
    positions = redealt = 0
    for state, seat in choices(game):
        positions += 1
        expected = make_bot("heuristic", game, seed=11).choose(state, seat)
        for key in range(2):
            world = state.determinize(seat, Rng(7919 * positions + key))
            assert world.view(seat) == state.view(seat)
            others = [s for s in range(state.num_players) if s != seat]
            redealt += any(world.view(s) != state.view(s) for s in others) or any(
                getattr(world, name) != getattr(state, name) for name in type(state)._copied
            )  # or hidden from everyone alike (a deck's order), which no view shows
            assert make_bot("heuristic", game, seed=11).choose(world, seat) == expected, (
                f"the heuristic of {game_id} at step {state.version} (seat {seat}, options "
                f"{dict(state.options)}, {state.num_players} players) chose differently once the "
                "cards it cannot see were re-dealt"
            )
    assert positions >= MIN_POSITIONS, f"only {positions} positions with a choice"
    if game.hidden_information:
        assert redealt >= positions // 4, "the re-deals hid too little to test anything"
    else:  # nothing is hidden (United Square): a re-deal is the same world
        assert redealt == 0, "a game without hidden information re-dealt something"


def test_every_real_game_has_a_heuristic_bot() -> None:
    missing = [g for g in bodoge.games.BUILTIN_IDS if not has_heuristic(bodoge.get_game(g))]
    assert not missing, f"games without a heuristic bot: {missing}"


@pytest.mark.parametrize(
    "spec", ["heuristic", "ismcts:iterations=60,belief=0", "ismcts:iterations=60,belief=1"]
)
def test_another_players_hidden_hand_does_not_change_the_choice(spec: str) -> None:
    """Swap P2's unseen hand with cards from the deck: P1's decision stays."""
    game = bodoge.get_game("egyptian-bride")
    state = game.new_game(3, seed=38)
    rnd = random.Random(4)
    while state.version < 25:
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert isinstance(state, EgyptianBrideState)
    while state.to_act != (0,):
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    other = state.clone()
    hidden = [n for n in other.numbers for _ in range(other.hands[1][n] - other.known[1][n])]
    assert hidden, "P2 should hold some unseen cards by now"
    swapped = 0
    for card in hidden:
        replacement = next((c for c in reversed(other.deck) if c != card), None)
        if replacement is None:
            continue
        other.deck.remove(replacement)
        other.deck.append(card)
        other.hands[1][card] -= 1
        other.hands[1][replacement] += 1
        swapped += 1
    assert swapped and other.hands[1] != state.hands[1]
    assert other.view(0) == state.view(0), "P1's view must not reveal the swap"
    assert make_bot(spec, game, seed=5).choose(other, 0) == make_bot(spec, game, seed=5).choose(
        state, 0
    )
