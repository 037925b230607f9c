"""Papayoo's search hint ``rewind``: a past position holding the hands of a world of now."""

from __future__ import annotations

import random

import bodoge
from bodoge.bots import make_bot
from bodoge.engine import Rng
from bodoge.games.papayoo import hints
from bodoge.games.papayoo.rules import PapayooState
from bodoge.games.papayoo.vocabulary import PLAY

GAME = bodoge.get_game("papayoo")


def mid_hand(seed: int, tricks_played: int) -> tuple[PapayooState, PapayooState]:
    """The position as the first trick of a hand begins, and some tricks later."""
    state = GAME.new_game(4, seed=seed)
    bots = [make_bot("normal", GAME, seed=s) for s in range(4)]
    assert isinstance(state, PapayooState)
    while state.phase != PLAY:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    past = state.clone()
    while state.version < past.version + 4 * tricks_played:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    return past, state


def test_the_true_present_rewinds_to_the_true_past() -> None:
    past, present = mid_hand(seed=3, tricks_played=3)
    rewound = hints.rewind(present.clone(), past.clone())
    assert isinstance(rewound, PapayooState)
    assert rewound.hands == past.hands


def test_a_rewound_world_plays_forward_to_the_world_it_came_from() -> None:
    """Every card played since is in its player's hand again, so the moves replay, legally,
    and end with the world's own hands."""
    past, present = mid_hand(seed=5, tricks_played=4)
    rng = random.Random(2)
    for _ in range(10):
        world = present.determinize(1, Rng(rng.getrandbits(63)))
        rewound = hints.rewind(world, past.determinize(1, Rng(rng.getrandbits(63))))
        assert isinstance(rewound, PapayooState)
        for event in present.events[past.version :]:
            assert event.action in rewound.legal_actions(event.seat)
            rewound.apply(event.seat, event.action)
        assert rewound.hands == world.hands
        assert rewound.view(1) == present.view(1)


def test_no_rewind_across_the_passing_or_into_another_hand() -> None:
    start = GAME.new_game(4, seed=7)
    past, present = mid_hand(seed=7, tricks_played=1)
    assert hints.rewind(present.clone(), start.clone()) is None  # still passing then
    bots = [make_bot("normal", GAME, seed=s) for s in range(4)]
    while present.hand_number == past.hand_number or present.phase != PLAY:
        seat = present.to_act[0]
        present.apply(seat, bots[seat].choose(present, seat))
    assert hints.rewind(present.clone(), past.clone()) is None
