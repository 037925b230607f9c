"""``bench/bots.py``'s entrants: what a peeking search sees, and OpenSpiel's yardstick.

The league measures how much room a game's luck leaves with two searches
that cheat in different ways: one sees every hidden card and the rolls to
come (``strong_peeking``), the other only the cards (``strong_seeing_cards``).
Here each world they search is checked to be what its name says.
"""

from __future__ import annotations

import bodoge
from bodoge.engine import Rng
from scriptkit import BENCH, load_script

bench_bots = load_script(BENCH / "bots.py", "bench_bots")


def rolls_after_stopping(world):
    """The dice the next player rolls once the player to act discards a card and stops."""
    seat = world.to_act[0]
    world.apply(seat, world.legal_actions(seat)[0])
    if world.to_act == (seat,):
        world.apply(seat, world.legal_actions(seat)[-1])
    assert world.to_act != (seat,)
    return list(world.dice)


def test_seeing_cards_keeps_every_hand_but_not_the_rolls_to_come() -> None:
    state = bodoge.get_game("cardiceo").new_game(3, seed=5)
    seat = state.to_act[0]
    rolls = set()
    for seed in range(12):
        world = bench_bots.cards_world(state, seat, Rng(seed))
        assert world.hands == state.hands and world.set_aside == state.set_aside
        rolls.add(tuple(rolls_after_stopping(world)))
    assert len(rolls) > 1, "the rolls to come are drawn afresh in each world"


def test_seeing_all_keeps_the_hands_and_the_rolls_to_come() -> None:
    state = bodoge.get_game("cardiceo").new_game(3, seed=5)
    seat = state.to_act[0]
    truth = rolls_after_stopping(state.clone())
    for seed in range(4):
        world = bench_bots.true_world(state, seat, Rng(seed))
        assert world.hands == state.hands
        assert rolls_after_stopping(world) == truth


def test_an_honest_world_redeals_the_others_hands() -> None:
    state = bodoge.get_game("cardiceo").new_game(3, seed=5)
    seat = state.to_act[0]
    others = [o for o in range(3) if o != seat]
    dealt = {
        tuple(tuple(state.determinize(seat, Rng(seed)).hands[o]) for o in others)
        for seed in range(6)
    }
    assert len(dealt) > 1


def test_openspiel_takes_any_seed_the_league_deals() -> None:
    """The league's seeds are 63-bit; OpenSpiel's yardstick seeds NumPy's 32-bit generator
    from them, so it must take any of them and still choose a legal move."""
    game = bodoge.get_game("united-square")
    player = bench_bots.OpenSpielPlayer(game, {}, 3, simulations=5, seed=2**62 + 7)
    state = game.new_game(3, seed=1)
    seat = state.to_act[0]
    assert player.choose(state, seat) in state.legal_actions(seat)
