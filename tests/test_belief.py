"""The search's belief: worlds weighted by the others' moves, read from what the seat saw.

The toy ``toy-bluff`` (one hidden card each; its strategy bets exactly with
a high card) makes both halves checkable: a bet must make the bettor's card
look high, and the pool must be the same whoever really holds the cards the
seat has not seen.
"""

from __future__ import annotations

import random

import pytest

import bodoge
from bodoge.bots import make_bot
from bodoge.bots.belief import Belief
from bodoge.engine import State
from toys.bluff import GAME as BLUFF
from toys.bluff import Bet, BluffState, BluffStrategy

ME = 2


def bluff_after_two_bets(seed: int) -> BluffState:
    state = BLUFF.new_game(3, seed=seed)
    state.apply(0, Bet())
    state.apply(1, Bet())
    assert isinstance(state, BluffState) and state.to_act == (ME,)
    return state


def pool(state: State, strength: float, seed: int = 5) -> Belief:
    belief = Belief(BluffStrategy(1), ME, strength, random.Random(seed))
    belief.prepare(state, [0.0] * state.num_players)
    return belief


def mean_card(belief: Belief, seat: int) -> float:
    worlds = [world for world, _ in belief.particles]
    return sum(
        share * world.cards[seat]  # type: ignore[attr-defined]
        for world, share in zip(worlds, belief.weights(), strict=True)
    )


def test_a_bet_makes_the_bettors_card_look_high() -> None:
    """Uniform worlds give the bettor any unseen card; read ones give it a high one."""
    state = bluff_after_two_bets(seed=3)
    unseen = [card for card in range(1, 10) if card != state.cards[ME]]
    uniform, read = pool(state, 0.0), pool(state, 1.0)
    assert len(read.particles) == len(uniform.particles) == read.worlds
    assert abs(mean_card(uniform, 0) - sum(unseen) / len(unseen)) < 1.0
    assert mean_card(read, 0) > mean_card(uniform, 0) + 1.0
    assert read.effective_size() < uniform.effective_size() == pytest.approx(read.worlds)


def same_card_for_me_others_differ() -> tuple[BluffState, BluffState]:
    """Two deals in which seat 2 holds the same card and the others do not."""
    first = bluff_after_two_bets(seed=1)
    for seed in range(2, 500):
        other = bluff_after_two_bets(seed)
        if other.cards[ME] == first.cards[ME] and other.cards[:ME] != first.cards[:ME]:
            return first, other
    raise AssertionError("no second deal found")


def test_the_pool_is_the_same_whoever_holds_the_cards_the_seat_has_not_seen() -> None:
    """Two real games the seat cannot tell apart (same card, same bets; other cards and
    seeds): the same worlds with the same weights, and the same decision."""
    first, other = same_card_for_me_others_differ()
    assert first.view(ME) == other.view(ME) and first.seed != other.seed
    one, two = pool(first, 1.0), pool(other, 1.0)
    assert [w.cards for w, _ in one.particles] == [w.cards for w, _ in two.particles]  # type: ignore[attr-defined]
    assert one.weights() == two.weights()
    spec = "ismcts:iterations=200,belief=1"
    assert make_bot(spec, BLUFF, seed=3).choose(first, ME) == make_bot(spec, BLUFF, seed=3).choose(
        other, ME
    )


def test_a_world_drawn_is_a_copy_with_its_own_future() -> None:
    belief = pool(bluff_after_two_bets(seed=3), 1.0)
    rng = random.Random(9)
    world = belief.world(rng)
    assert isinstance(world, BluffState)
    world.cards[0] = 99
    assert all(w.cards[0] != 99 for w, _ in belief.particles)  # type: ignore[attr-defined]
    assert world.determinized


def test_nothing_seen_yet_leaves_the_uniform_re_deal() -> None:
    state = BLUFF.new_game(3, seed=4)
    belief = Belief(BluffStrategy(1), 0, 1.0, random.Random(1))
    belief.prepare(state, [0.0] * 3)
    assert belief.world(random.Random(2)) is None


GAMES = ("egyptian-bride", "papayoo", "hoarders", "anehambra", "just-desserts", "cardiceo")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_world_of_the_pool_agrees_with_what_the_seat_sees(game_id: str) -> None:
    """Along a game of normal bots, each decision's pool holds only worlds the seat cannot
    tell from the real one, carried from decision to decision or dealt anew."""
    game = bodoge.get_game(game_id)
    state = game.new_game(4, seed=21)
    bots = [make_bot("normal", game, seed=seat) for seat in range(4)]
    belief = Belief(game.heuristic_bot(3), 0, 1.0, random.Random(4), worlds=8)
    pools = 0
    while not state.is_over and state.version < 120:
        seat = state.to_act[0]
        if seat == 0 and len(state.legal_actions(0)) > 1:
            belief.prepare(state, [0.2] * 4)
            assert belief.start <= state.version
            for world, _ in belief.particles:
                assert world.view(0) == state.view(0)
            pools += bool(belief.particles)
        state.apply(seat, bots[seat].choose(state, seat))
    assert pools, "no decision had a pool to check"


def test_an_iteration_budget_replays_exactly_with_the_belief() -> None:
    """The pool is carried between decisions, and still the same seeds give the same game."""
    game = bodoge.get_game("egyptian-bride")

    def play() -> list[object]:
        state = game.new_game(3, seed=8)
        bots = [make_bot("strong:iterations=40,belief=1", game, seed=1)] + [
            make_bot("normal", game, seed=s) for s in (2, 3)
        ]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].choose(state, seat))
        return [event.action for event in state.events]

    assert play() == play()
