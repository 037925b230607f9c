"""Tarot Storia's heuristic: the fast scoring it uses agrees with the rules', and it mixes."""

from __future__ import annotations

import random

import pytest

from bodoge.games.tarot_storia import GAME, TarotStoriaState
from bodoge.games.tarot_storia.bot import Table, place_value
from bodoge.games.tarot_storia.layout import score, score_total
from mixkit import check_mixing, near_tie


def layouts(games: int = 12) -> list[dict[tuple[int, int], int]]:
    """Layouts met along random solo and duet games."""
    found = []
    for seed in range(games):
        state = GAME.new_game(1 + seed % 2, seed)
        assert isinstance(state, TarotStoriaState)
        rnd = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
            found.append(dict(state.placed))
    return found


def test_the_bots_score_total_is_the_rules_score() -> None:
    checked = 0
    for layout in layouts():
        assert score_total(layout) == score(layout).total, layout
        checked += bool(score(layout).face_down)
    assert checked > 50, "too few layouts with face-down cards to compare"


def test_a_swap_is_worth_its_card_there_less_the_taken_one() -> None:
    """The table's shortcut (the place's own worth cancels) against placing on the layout less
    the taken card, both cards in turn."""
    compared = 0
    for layout in layouts(6)[::3]:
        table = Table(layout, 4)
        for spot, taken in list(layout.items())[:5]:
            rest = {s: c for s, c in layout.items() if s != spot}
            for card in (0, 7, 21):
                if card in layout.values():
                    continue
                expected = place_value(rest, card, spot) - place_value(rest, taken, spot)
                assert table.swap_value(card, taken, spot) == pytest.approx(expected)
                compared += 1
    assert compared > 50


def test_the_heuristic_draws_among_near_equal_moves() -> None:
    state, seat = near_tie(GAME, 1)
    check_mixing(GAME, state, seat)


def test_inversions_are_counted_as_the_rule_of_thumb_says() -> None:
    """Larger cards in the columns to the left and smaller ones to the right, counted by hand."""
    for layout in layouts(4)[::4]:
        table = Table(layout, 4)
        columns = [col for col, _ in layout]
        for col in range(min(columns) - 1, max(columns) + 2):
            for card in range(22):
                expected = sum(
                    1
                    for (other_col, _), other in layout.items()
                    if (other_col < col and other > card) or (other_col > col and other < card)
                )
                assert table.inversions(col, card) == expected, (layout, col, card)
