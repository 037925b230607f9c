"""The Moriya Wars heuristic: it plays for its own card, claims only as ⑤ and ends the
game when that wins it.  Its strength against random players is measured in bench/."""

from __future__ import annotations

import pytest

from bodoge.games.moriya_wars import (
    GAME,
    Claim,
    EndTurn,
    Evict,
    LetPass,
    MoriyaWarsState,
    Place,
    TakeMoney,
)
from bodoge.games.moriya_wars.bot import HeuristicBot
from bodoge.sim import play_game

BOARD = {"hakurei": (1, 1), "hakugyokuro": (2, 2), "moriya": (3, 1)}


def asked(identities: list[int]) -> MoriyaWarsState:
    """Seat 0 has just made three regions full and tied: everyone is asked in turn."""
    state = GAME.new_game(4, 1)
    assert isinstance(state, MoriyaWarsState)
    state.arrange(board=BOARD, dice=[4, 4, 1, 2, 3, 5], identities=identities, current=0)
    state.apply(0, Place("moriya", "youkai"))
    assert state.phase == "ask"
    return state


def test_the_half_phantom_claims_and_nobody_else_does() -> None:
    state = asked([5, 1, 2, 3, 4])
    assert HeuristicBot(1).choose(state, 0) == Claim()
    state = asked([1, 5, 2, 3, 4])
    assert HeuristicBot(1).choose(state, 0) == LetPass()


def test_it_ends_the_game_when_its_card_then_wins() -> None:
    """As ① with humans ahead, it places the last human chips rather than taking money."""
    state = GAME.new_game(4, 2)
    assert isinstance(state, MoriyaWarsState)
    state.arrange(
        board={"moriya": (5, 1), "village": (2, 3)},
        dice=[3, 3, 1, 1, 6, 6],
        identities=[1, 2, 3, 4, 5],
        current=0,
    )
    assert HeuristicBot(1).choose(state, 0) == Place("hakugyokuro", "human")
    # as ② the same move would hand the game to ①: it does something else
    state.arrange(identities=[2, 1, 3, 4, 5])
    choice = HeuristicBot(1).choose(state, 0)
    assert choice != Place("hakugyokuro", "human")
    assert choice in (TakeMoney(), Place("hakugyokuro", "youkai"))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_self_play_ends_by_the_rules(players: int) -> None:
    """No table of heuristic bots plays into the safety limit."""
    for seed in range(20):
        result = play_game(GAME, players, seed=seed, bot_specs=["heuristic"])
        assert not result.stopped, f"seed {seed}"


def after_taking_money(board: dict[str, tuple[int, int]]) -> MoriyaWarsState:
    """Seat 0 (④: every region tied) has just taken money and holds two: the turn's end."""
    state = GAME.new_game(4, 3)
    assert isinstance(state, MoriyaWarsState)
    state.arrange(
        board=board, dice=[1, 2, 3, 4, 5, 6], identities=[4, 1, 2, 3, 5], money={0: 1}, current=0
    )
    state.apply(0, TakeMoney())
    assert state.phase == "after"
    return state


def test_after_its_action_it_evicts_where_that_helps_and_else_ends_the_turn() -> None:
    """As ④, one human chip alone in Moriya Shrine is the only untied region: after the
    action it pays to evict it; with every region tied it ends the turn instead."""
    state = after_taking_money({"moriya": (1, 0), "village": (2, 2)})
    assert HeuristicBot(1).choose(state, 0) == Evict("moriya", "human")
    state = after_taking_money({"moriya": (1, 1), "village": (2, 2)})
    assert HeuristicBot(1).choose(state, 0) == EndTurn()
