"""Imhotep's heuristic: its shortcuts judge moves exactly as playing them would, and it mixes."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bodoge.games.imhotep import GAME, ImhotepState
from bodoge.games.imhotep.actions import PlaceStone, TakeCard, TakeStones
from bodoge.games.imhotep.bot import Standing, judge
from bodoge.games.imhotep.rules import MARKET_PICK
from mixkit import check_mixing, near_tie


def positions(games: int = 6) -> Iterator[tuple[ImhotepState, int]]:
    """Every decision of a few random games, sides mixed (option ``sides`` random)."""
    for seed in range(games):
        state = GAME.new_game(2 + seed % 3, seed, {"sides": "random"})
        assert isinstance(state, ImhotepState)
        rnd = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            yield state, seat
            state.apply(seat, rnd.choice(state.legal_actions(seat)))


def played(state: ImhotepState, seat: int, action: object) -> ImhotepState:
    trial = state.clone()
    trial.apply(seat, action)  # type: ignore[arg-type]
    return trial


def test_taking_or_placing_stones_is_judged_as_if_played() -> None:
    compared = 0
    for state, seat in positions():
        before = state.view(None)
        standing = Standing(state)
        for action in state.legal_actions(seat):
            if not isinstance(action, PlaceStone | TakeStones):
                continue
            quick = standing.after(seat, action, follow=False)
            if quick is None:
                continue
            assert quick == pytest.approx(judge(played(state, seat, action), seat)), action
            compared += 1
        assert state.view(None) == before, "judging a move must leave the state as it was"
    assert compared > 300


def test_plain_market_cards_are_ranked_as_if_played() -> None:
    """The shortcut leaves out what the next stone does (the same for every card): the
    differences between cards are those of playing them."""
    compared = 0
    for state, seat in positions(10):
        if state.phase != MARKET_PICK:
            continue
        standing = Standing(state)
        judged = []
        for action in state.legal_actions(seat):
            assert isinstance(action, TakeCard)
            quick = standing.after(seat, action, follow=False)
            trial = played(state, seat, action)
            if quick is not None and trial.round == state.round and not trial.is_over:
                judged.append((quick, judge(trial, seat)))
        gains = standing.card_gains(seat, state.legal_actions(seat))
        if gains is not None and len(judged) == len(gains):
            best = [slow for _, slow in judged]
            assert best.index(max(best)) == gains.index(max(gains))
        for (quick, slow), (last_quick, last_slow) in zip(judged[1:], judged, strict=False):
            assert quick - last_quick == pytest.approx(slow - last_slow)
            compared += 1
    assert compared > 10


def test_the_heuristic_draws_among_near_equal_moves() -> None:
    state, seat = near_tie(GAME, 4)
    check_mixing(GAME, state, seat)
