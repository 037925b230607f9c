"""The toys' own rules, so that the conformance suite stands on correct games."""

from __future__ import annotations

import pytest

from bodoge.engine import IllegalAction, get_game
from toys import coop, raid, sealed_bids, teams
from toys.raid import DONE, Decline, Discard, Draw, Steal, UseShield
from toys.sealed_bids import Bid

# ------------------------------------------------------------ sealed bids


def test_bids_are_secret_until_the_last_commitment() -> None:
    state = get_game("toy-sealed-bids").new_game(3, 5)
    prize = state.prize
    assert state.to_act == (0, 1, 2)
    event = state.apply(1, Bid(5))
    assert event.outcome.secret and state.to_act == (0, 2)
    assert state.view(0)["players"][1] == {
        "seat": 1,
        "committed": True,
        "revealed": [],
        "unrevealed": 5,
        "won": [],
    }
    assert state.view(0)["bid"] is None and state.view(1)["bid"] == 5
    with pytest.raises(IllegalAction):
        state.apply(1, Bid(4))  # one commitment per round
    state.apply(0, Bid(5))
    event = state.apply(2, Bid(3))
    assert event.outcome.public["bids"] == [5, 5, 3]
    assert event.outcome.public["winner"] == 2  # the fives cancel out
    assert state.won[2] == [prize] and state.scores[2] == prize
    assert state.to_act == (0, 1, 2) and state.view(None)["round"] == 2
    with pytest.raises(IllegalAction, match="you have no bid card 5"):
        state.apply(0, Bid(5))


def test_no_unique_bid_discards_the_prize_and_ties_share_the_win() -> None:
    state = get_game("toy-sealed-bids").new_game(2, 1, {"rounds": 1})
    prize = state.prize
    state.apply(0, Bid(2))
    state.apply(1, Bid(2))
    assert state.discarded == [prize] and state.is_over
    assert state.scores == (0, 0) and state.winners == (0, 1)


def test_sealed_bids_determinize_rechooses_hidden_commitments_only() -> None:
    state = get_game("toy-sealed-bids").new_game(3, 2)
    state.apply(2, Bid(4))
    state.apply(1, Bid(1))
    guesses = {(g.bids[1], g.bids[2]) for g in (state.determinize(0, s) for s in range(30))}
    assert len(guesses) > 1 and all(None not in guess for guess in guesses)
    assert {state.determinize(2, s).bids[2] for s in range(10)} == {4}


# ------------------------------------------------------------------ raid


def test_a_shield_holder_reacts_out_of_turn() -> None:
    state = get_game("toy-raid").new_game(3, 0)
    state.apply(0, Steal(1))
    assert state.to_act == (1,) and state.legal_actions(1) == [UseShield(), Decline()]
    assert state.view(None)["pending_theft"] == 1
    state.apply(1, UseShield())
    assert state.tokens == [3, 3, 3] and state.shields == [1, 0, 1]
    assert state.to_act == (1,) and state.pending is None  # seat 0's turn is over
    state.apply(1, Steal(2))
    state.apply(2, Decline())
    assert state.tokens == [3, 4, 2] and state.to_act == (2,)
    state.apply(2, Steal(1))  # no shield left: no reaction
    assert state.tokens == [3, 3, 3] and state.to_act == (0,)


def test_discarding_a_subset_is_split_into_steps() -> None:
    state = get_game("toy-raid").new_game(2, 3)
    hand = list(state.hands[0])
    state.apply(0, Discard(hand[0]))
    assert state.to_act == (0,) and state.view(None)["picking"] == [hand[0]]
    assert state.legal_actions(0) == [Discard(hand[1]), DONE]
    with pytest.raises(IllegalAction, match="you are discarding"):
        state.apply(0, Draw())
    state.apply(0, Discard(hand[1]))
    assert state.legal_actions(0) == [DONE]
    event = state.apply(0, DONE)
    assert event.outcome.public["shields_gained"] == sum(hand) // raid.SHIELD_COST
    assert state.discard == hand and state.to_act == (1,)


def test_an_eliminated_player_is_skipped_and_never_wins() -> None:
    state = get_game("toy-raid").new_game(3, 0)
    state.tokens = [3, 1, 5]
    state.shields = [1, 0, 1]
    cards = list(state.hands[1])
    event = state.apply(0, Steal(1))
    assert event.outcome.public == {"stolen": True, "eliminated": 1, "revealed": cards}
    assert state.eliminated == frozenset({1}) and state.to_act == (2,)
    assert Steal(1) not in state.legal_actions(2)
    with pytest.raises(IllegalAction, match="P2 is out of the game"):
        state.apply(2, Steal(1))
    while not state.is_over:
        seat = state.to_act[0]
        assert seat != 1
        state.apply(seat, state.legal_actions(seat)[0])
    assert 1 not in state.winners and state.winners


def test_the_last_one_standing_wins() -> None:
    state = get_game("toy-raid").new_game(2, 0)
    state.tokens = [5, 1]
    state.shields = [0, 0]
    state.apply(0, Steal(1))
    assert state.is_over and state.winners == (0,) and state.eliminated == frozenset({1})


# ----------------------------------------------------------------- teams


def test_teams_share_scores_and_wins() -> None:
    state = get_game("toy-teams").new_game(4, 0, {"target": 6})
    assert state.teams == ((0, 2), (1, 3))
    for seat, steps in [(0, 3), (1, 1), (2, 2)]:
        state.apply(seat, teams.Advance(steps))
    assert state.scores == (5, 1, 5, 1) and state.winners == ()
    assert state.legal_actions(3) == [*map(teams.Advance, (1, 2, 3)), teams.Gamble()]
    state.apply(3, teams.Advance(1))
    assert state.legal_actions(0) == [teams.Advance(1), teams.Gamble()]
    state.apply(0, teams.Advance(1))
    assert state.is_over and state.winners == (0, 2) and state.scores == (6, 2, 6, 2)


def test_a_gamble_that_overshoots_stays() -> None:
    for seed in range(20):
        state = get_game("toy-teams").new_game(4, seed, {"target": 6})
        state.position = [5, 0]
        event = state.apply(0, teams.Gamble())
        roll = event.outcome.public["roll"]
        assert state.position[0] == (6 if roll == 1 else 5)
        assert state.is_over == (roll == 1)


# ------------------------------------------------------------------ coop


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_group_wins_or_loses_together(players: int) -> None:
    results = set()
    for seed in range(40):
        state = get_game("toy-coop").new_game(players, seed, {"difficulty": "hard"})
        turn = 0
        while not state.is_over:
            assert state.to_act == (turn % players,)
            action = coop.Brace() if state.threat >= 4 else coop.Build()
            state.apply(state.to_act[0], action)
            turn += 1
        assert len(set(state.scores)) == 1 and state.scores[0] == state.progress
        won = state.progress >= state.goal
        assert state.winners == (tuple(range(players)) if won else ())
        results.add(won)
    assert results == {True, False}


def test_sealed_bids_and_coop_declare_their_patterns() -> None:
    assert sealed_bids.GAME.simultaneous and sealed_bids.GAME.hidden_information
    assert coop.GAME.cooperative and coop.GAME.player_range() == (1, 3)
    assert teams.GAME.has_teams and not teams.GAME.hidden_information
    assert raid.GAME.options == () and raid.GAME.variants() == [{}]


def test_the_best_card_among_the_bettors_takes_the_other_bets() -> None:
    """toy-bluff: the passer neither gains nor loses; cards stay hidden from the others
    until the bettors show them at the end."""
    from toys.bluff import Bet, BluffState, Pass

    state = get_game("toy-bluff").new_game(3, seed=2)
    assert isinstance(state, BluffState)
    state.cards = [4, 9, 7]
    state.apply(0, Bet())
    assert state.view(1)["cards"] == [None, 9, None]
    state.apply(1, Pass())
    state.apply(2, Bet())
    assert state.scores == (-1, 0, 1) and state.winners == (2,)
    assert state.view(None)["cards"] == [4, None, 7]  # the passer's card stays hidden
