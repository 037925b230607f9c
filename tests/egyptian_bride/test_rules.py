"""Every rule sentence of エジプトの花嫁 and 『ルクソールの娘』, one test each.

Situations are set up with the game's position builder (``state.arrange``),
then driven only through the public contract.
"""

from __future__ import annotations

import random

import pytest

import bodoge
from bodoge.games.egyptian_bride import (
    GAME,
    EgyptianBrideState,
    Jealousy,
    Place,
    StopTaking,
    TakeChip,
    TakeFaceUp,
    TakeFromDeck,
    settle,
)

DECK = TakeFromDeck()
STOP = StopTaking()


def new(players: int = 4, expansion: bool = False, seed: int = 1, **options: bool):
    state = GAME.new_game(players, seed, {"expansion": expansion, **options})
    assert isinstance(state, EgyptianBrideState)
    return state


def counts(state: EgyptianBrideState, spec: dict[int, int]) -> list[int]:
    row = [0] * (state.numbers.stop)
    for number, count in spec.items():
        row[number] = count
    return row


def hand(state: EgyptianBrideState, seat: int) -> dict[int, int]:
    return {n: state.hands[seat][n] for n in state.numbers if state.hands[seat][n]}


# --------------------------------------------------------------------- set-up


def test_base_setup_85_cards_10_aside_3_face_up_10_chips():
    state = new(4)
    assert len(state.aside) == 10
    assert len(state.row) == 3
    assert len(state.deck) == 85 - 10 - 3
    assert list(state.numbers) == list(range(4, 14))
    assert sorted(state.deck + state.row + state.aside) == sorted(
        n for n in range(4, 14) for _ in range(n)
    )
    assert all(state.chips[n] == -1 for n in state.numbers)
    assert state.view(0)["chips"] == [None] * 10


def test_expansion_setup_165_cards_20_aside_5_face_up_15_chips():
    state = new(5, expansion=True)
    assert len(state.aside) == 20
    assert len(state.row) == 5
    assert len(state.deck) == 165 - 20 - 5
    assert list(state.numbers) == list(range(4, 19))
    assert len(state.view(None)["chips"]) == 15


@pytest.mark.parametrize(("options", "allowed"), [({}, (3, 5)), ({"expansion": True}, (4, 6))])
def test_player_counts(options, allowed):
    assert GAME.player_range(GAME.resolve_options(options)) == allowed
    for count in range(1, 9):
        if allowed[0] <= count <= allowed[1]:
            assert GAME.new_game(count, 0, options).num_players == count
        else:
            with pytest.raises(bodoge.InvalidOptions, match=f"{allowed[0]}–{allowed[1]} players"):
                GAME.new_game(count, 0, options)


def test_first_turn_limits_default_on_in_base_off_with_expansion():
    assert GAME.resolve_options({}) == {"expansion": False, "first_turn_limits": True}
    assert GAME.resolve_options({"expansion": True}) == {
        "expansion": True,
        "first_turn_limits": False,
    }
    both = {"expansion": True, "first_turn_limits": True}
    assert GAME.resolve_options(both) == both


def test_bad_option_names_allowed_values():
    with pytest.raises(bodoge.InvalidOptions, match="'expansion' cannot be 'yes'"):
        GAME.new_game(4, 0, {"expansion": "yes"})
    with pytest.raises(bodoge.InvalidOptions, match="this game has: expansion, first_turn_limits"):
        GAME.new_game(4, 0, {"variant": 1})


def test_start_player_is_seat_0_and_nothing_is_placed():
    state = new(3)
    assert state.to_act == (0,)
    assert all(sum(state.hands[s]) == 0 and sum(state.placed[s]) == 0 for s in range(3))


# ------------------------------------------------------------------- action A


def test_first_turn_start_player_takes_only_one_card():
    state = new(4)
    assert STOP not in state.legal_actions(0)  # A takes at least one card
    state.apply(0, DECK)
    assert state.to_act == (1,), "the start player's first A ends after one card"
    assert sum(state.hands[0]) == 1


def test_first_turn_second_player_takes_at_most_two_cards():
    state = new(4)
    state.apply(0, DECK)
    state.apply(1, DECK)
    assert state.to_act == (1,)
    assert DECK in state.legal_actions(1) and STOP in state.legal_actions(1)
    state.apply(1, DECK)
    assert state.to_act == (2,)
    assert sum(state.hands[1]) == 2


def test_the_view_shows_each_first_turn_limit_from_the_start():
    """Regression: the second player's ``take_limit`` read 3 until their first turn began."""
    state = new(4)
    limits = lambda: [p["take_limit"] for p in state.view(None)["players"]]  # noqa: E731
    assert limits() == [1, 2, 3, 3]
    state.apply(0, DECK)
    assert limits() == [3, 2, 3, 3]
    state.apply(1, DECK)
    assert limits() == [3, 2, 3, 3] and state.view(1)["taking"] == {"taken": 1, "limit": 2}
    state.apply(1, DECK)
    assert limits() == [3, 3, 3, 3]
    off = GAME.new_game(4, 1, {"first_turn_limits": False})
    assert [p["take_limit"] for p in off.view(None)["players"]] == [3, 3, 3, 3]


def test_first_turn_third_player_has_no_limit():
    state = new(4)
    state.apply(0, DECK)
    state.apply(1, DECK)
    state.apply(1, DECK)
    for _ in range(3):
        assert state.to_act == (2,)
        state.apply(2, DECK)
    assert state.to_act == (3,)
    assert sum(state.hands[2]) == 3


def test_start_player_takes_three_from_their_second_turn():
    state = new(3)
    state.apply(0, DECK)
    state.apply(1, DECK)
    state.apply(1, STOP)
    state.apply(2, DECK)
    state.apply(2, STOP)
    assert state.take_limit(0) == 3
    for _ in range(3):
        state.apply(0, DECK)
    assert state.to_act == (1,)
    assert sum(state.hands[0]) == 4


def test_first_turn_limit_error_is_readable():
    state = new(4)
    state.apply(0, DECK)
    state.apply(1, DECK)
    state.apply(1, DECK)  # seat 1's first A ends at two
    with pytest.raises(bodoge.WrongSeat, match="P2 cannot act now"):
        state.apply(1, DECK)


def test_without_first_turn_limits_the_start_player_takes_three():
    state = new(4, first_turn_limits=False)
    for _ in range(3):
        assert state.to_act == (0,)
        state.apply(0, DECK)
    assert state.to_act == (1,)


def test_expansion_has_no_first_turn_limits_by_default():
    state = new(4, expansion=True)
    state.apply(0, DECK)
    assert state.to_act == (0,)


def test_stop_after_any_card():
    state = new(4).arrange(deck=[5, 6, 7, 8, 9], row=[10, 11, 12])
    state.apply(0, DECK)
    state.apply(0, STOP)
    assert state.to_act == (1,)
    assert hand(state, 0) == {5: 1}


def test_take_mixes_face_up_and_deck_one_card_at_a_time():
    state = new(4).arrange(deck=[5, 6, 7, 8, 9], row=[10, 11, 12])
    state.apply(0, TakeFaceUp(11))
    state.apply(0, DECK)
    state.apply(0, TakeFaceUp(10))
    assert hand(state, 0) == {11: 1, 10: 1, 6: 1}
    assert state.to_act == (1,)


def test_base_face_up_card_is_replaced_at_once_and_can_be_taken_again():
    state = new(4).arrange(deck=[9, 4, 4, 4], row=[5, 6, 7])
    state.apply(0, TakeFaceUp(5))
    assert sorted(state.row) == [6, 7, 9], "the deck's top card replaces the taken one at once"
    assert TakeFaceUp(9) in state.legal_actions(0)
    state.apply(0, TakeFaceUp(9))
    assert sorted(state.row) == [4, 6, 7]
    assert hand(state, 0) == {5: 1, 9: 1}


def test_expansion_row_is_refilled_to_five_after_the_action():
    state = new(4, expansion=True).arrange(deck=[9, 10, 11, 12], row=[4, 5, 6, 7, 8])
    state.apply(0, TakeFaceUp(4))
    assert sorted(state.row) == [5, 6, 7, 8], "no refill during the action"
    assert TakeFaceUp(9) not in state.legal_actions(0)
    state.apply(0, TakeFaceUp(5))
    state.apply(0, STOP)
    assert sorted(state.row) == [6, 7, 8, 9, 10]
    assert len(state.deck) == 2


def test_expansion_refill_happens_when_the_third_card_ends_the_action():
    state = new(4, expansion=True).arrange(deck=[9, 10, 11, 12], row=[4, 5, 6, 7, 8])
    state.apply(0, TakeFaceUp(4))
    state.apply(0, TakeFaceUp(5))
    state.apply(0, TakeFaceUp(6))
    assert state.to_act == (1,)
    assert sorted(state.row) == [7, 8, 9, 10, 11]


def test_empty_deck_no_refill_and_face_up_cards_still_taken():
    state = new(4).arrange(deck=[], row=[5, 6, 7], hands={0: {4: 1}})
    legal = state.legal_actions(0)
    assert DECK not in legal
    assert TakeFaceUp(5) in legal
    state.apply(0, TakeFaceUp(5))
    assert sorted(state.row) == [6, 7], "no reshuffle, no refill"


def test_taking_the_last_card_ends_the_action():
    state = new(4).arrange(deck=[], row=[5], hands={0: {4: 1}}, placed={1: {9: 1}})
    state.apply(0, TakeFaceUp(5))
    assert state.to_act == (1,)
    assert state.row == []


def test_while_taking_only_take_or_stop():
    state = new(4).arrange(deck=[5, 6, 7], row=[8, 9, 10], hands={0: {4: 2}})
    state.apply(0, DECK)
    steps = TakeFaceUp | TakeFromDeck | StopTaking
    assert all(isinstance(a, steps) for a in state.legal_actions(0))
    with pytest.raises(bodoge.IllegalAction, match="middle of taking cards"):
        state.apply(0, Place(4))


def test_taking_face_up_card_not_in_row_is_refused_with_the_row_quoted():
    state = new(4).arrange(deck=[5, 6, 7], row=[8, 9, 10])
    before = state.view(None)
    expected = r"no face-up 4; the face-up cards are \[8, 9, 10\]"
    with pytest.raises(bodoge.IllegalAction, match=expected):
        state.apply(0, TakeFaceUp(4))
    assert state.view(None) == before


# ------------------------------------------------------------------- B and C


def test_place_moves_a_hand_card_in_front_face_up():
    state = new(4).arrange(hands={0: {7: 2}})
    state.apply(0, Place(7))
    assert hand(state, 0) == {7: 1}
    assert state.view(1)["players"][0]["placed"][7 - 4] == 1
    assert state.to_act == (1,)


def test_place_needs_that_card_in_hand():
    state = new(4).arrange(hands={0: {7: 1}})
    with pytest.raises(bodoge.IllegalAction, match="no 8 in your hand"):
        state.apply(0, Place(8))


def test_chip_only_for_a_number_you_have_placed():
    state = new(4).arrange(hands={0: {5: 1}}, placed={0: {7: 1}})
    legal = state.legal_actions(0)
    assert TakeChip(7) in legal
    assert TakeChip(5) not in legal
    with pytest.raises(bodoge.IllegalAction, match="no 5 placed"):
        state.apply(0, TakeChip(5))
    state.apply(0, TakeChip(7))
    assert state.view(None)["chips"][7 - 4] == 0


def test_chip_taken_by_another_player_cannot_be_taken():
    state = new(4).arrange(hands={0: {5: 1}}, placed={0: {7: 1}, 1: {7: 1}}, chips={7: 1})
    assert TakeChip(7) not in state.legal_actions(0)
    with pytest.raises(bodoge.IllegalAction, match="already taken"):
        state.apply(0, TakeChip(7))


def test_turn_passes_to_the_left_after_each_action():
    state = new(3).arrange(current=2, hands={2: {7: 1}}, deck=[4, 4, 4, 4], row=[5, 6, 8])
    state.apply(2, Place(7))
    assert state.to_act == (0,)


# ------------------------------------------------------------------- the end


def test_game_ends_when_next_player_has_only_one_of_abc():
    # P2 has cards in hand (B) but nothing to take and no chip to claim.
    state = new(3).arrange(
        deck=[], row=[], hands={0: {5: 1}, 1: {6: 1}, 2: {7: 1}}, placed={0: {8: 1}}
    )
    state.apply(0, TakeChip(8))
    assert state.is_over
    assert state.to_act == ()
    assert state.legal_actions(1) == []
    assert state.events[-1].outcome.public.get("game_over") is True


def test_game_goes_on_when_two_of_abc_are_available():
    state = new(3).arrange(
        deck=[], row=[9], hands={0: {5: 1}, 1: {6: 1}, 2: {7: 1}}, placed={0: {8: 1}}
    )
    state.apply(0, TakeChip(8))
    assert state.to_act == (1,)


def test_end_check_counts_a_chip_only_for_a_placed_number_still_free():
    state = new(3).arrange(deck=[], row=[], hands={0: {5: 1}, 1: {6: 1}}, placed={1: {9: 1}})
    state.apply(0, Place(5))
    assert state.to_act == (1,), "P2 may place (B) or take the 9 chip (C)"


def test_end_check_does_not_apply_to_a_players_first_turn():
    state = new(3).arrange(
        first_round_over=False, deck=[], row=[], hands={0: {5: 1}, 1: {6: 1}}, turns=[1, 0, 0]
    )
    state.apply(0, Place(5))
    assert state.to_act == (1,), "P2's first turn is played even with only B available"
    assert state.turns[1] == 1


def test_end_check_applies_from_the_second_turn():
    state = new(3).arrange(deck=[], row=[], hands={0: {5: 2}, 1: {6: 1}})
    state.apply(0, Place(5))
    assert state.is_over


def test_game_ends_when_nothing_at_all_is_available():
    state = new(3).arrange(deck=[], row=[], hands={0: {5: 1}})
    state.apply(0, Place(5))
    assert state.is_over


def test_jealousy_is_never_counted_by_the_end_check():
    # P2 could place (B) and be jealous of P1's 8 (D): only one of A, B, C.
    state = new(4, expansion=True).arrange(
        deck=[],
        row=[],
        hands={0: {5: 1}, 1: {6: 2}},
        placed={0: {8: 1}},
        chips={8: 0},
    )
    state.apply(0, Place(5))
    assert state.is_over


def test_actions_after_the_end_are_refused():
    state = new(3).arrange(deck=[], row=[], hands={0: {5: 1}})
    state.apply(0, Place(5))
    with pytest.raises(bodoge.GameOver):
        state.apply(1, DECK)


# ----------------------------------------------------------------- jealousy


def test_jealousy_text_example_two_fours_cost_four_cards_of_one_number():
    state = new(4, expansion=True).arrange(
        hands={0: {9: 4, 10: 3}},
        placed={1: {4: 2}},
        chips={4: 1},
    )
    legal = [a for a in state.legal_actions(0) if isinstance(a, Jealousy)]
    assert legal == [Jealousy(target=1, number=4, pay=9, count=4)]
    state.apply(0, legal[0])
    assert state.placed[1][4] == 0, "both 4s are discarded"
    assert hand(state, 0) == {10: 3}
    assert state.chips[4] == 1, "the target keeps the 4 chip"
    assert state.discarded[4] == 2 and state.discarded[9] == 4
    assert state.to_act == (1,)


def test_jealousy_against_four_cards_needs_eight_of_one_number():
    state = new(4, expansion=True).arrange(hands={0: {17: 8, 16: 7}}, placed={2: {6: 4}})
    jealous = [a for a in state.legal_actions(0) if isinstance(a, Jealousy)]
    assert jealous == [Jealousy(target=2, number=6, pay=17, count=8)]


def test_jealousy_cards_must_be_all_one_number():
    state = new(4, expansion=True).arrange(hands={0: {9: 1, 10: 1}}, placed={1: {4: 1}})
    assert not [a for a in state.legal_actions(0) if isinstance(a, Jealousy)]
    with pytest.raises(bodoge.IllegalAction, match="need 2 cards of 9"):
        state.apply(0, Jealousy(target=1, number=4, pay=9, count=2))


def test_jealousy_may_pay_with_the_same_number():
    state = new(4, expansion=True).arrange(hands={0: {4: 2}}, placed={1: {4: 1}})
    assert Jealousy(1, 4, 4, 2) in state.legal_actions(0)


def test_jealousy_not_against_yourself():
    state = new(4, expansion=True).arrange(hands={0: {9: 4}}, placed={0: {5: 1}})
    assert not [a for a in state.legal_actions(0) if isinstance(a, Jealousy)]
    with pytest.raises(bodoge.IllegalAction, match="not be jealous of yourself"):
        state.apply(0, Jealousy(target=0, number=5, pay=9, count=2))


def test_jealousy_with_the_wrong_count_is_refused():
    state = new(4, expansion=True).arrange(hands={0: {9: 4}}, placed={1: {5: 2}})
    with pytest.raises(bodoge.IllegalAction, match="costs 4 cards"):
        state.apply(0, Jealousy(target=1, number=5, pay=9, count=2))


def test_no_jealousy_in_the_base_game():
    state = new(4).arrange(hands={0: {9: 4}}, placed={1: {5: 1}})
    assert not [a for a in state.legal_actions(0) if isinstance(a, Jealousy)]
    with pytest.raises(bodoge.IllegalAction, match="expansion only"):
        state.apply(0, Jealousy(target=1, number=5, pay=9, count=2))


# --------------------------------------------------------------- settlement


def cards(players: int, spec: dict[int, dict[int, int]]) -> list[list[int]]:
    table = [[0] * 19 for _ in range(players)]
    for seat, numbers in spec.items():
        for number, count in numbers.items():
            table[seat][number] = count
    return table


def chips(spec: dict[int, int]) -> list[int]:
    table = [-1] * 19
    for number, seat in spec.items():
        table[number] = seat
    return table


NUMBERS = range(4, 14)


def test_unique_most_marries_for_one_point_two_with_the_chip():
    result = settle(NUMBERS, cards(3, {0: {4: 3}, 1: {4: 2, 5: 2}, 2: {5: 1}}), chips({5: 1}), 3)
    assert result.brides[:2] == (0, 1)
    assert result.points == (1, 2, 0)


def test_tie_is_won_by_the_tied_chip_holder():
    result = settle(NUMBERS, cards(3, {0: {6: 2}, 1: {6: 2}}), chips({6: 1}), 3)
    assert result.brides[6 - 4] == 1
    assert result.points == (0, 2, 0)


def test_tie_without_a_tied_chip_holder_nobody_marries():
    result = settle(NUMBERS, cards(3, {0: {6: 2}, 1: {6: 2}, 2: {6: 1}}), chips({6: 2}), 3)
    assert result.brides[6 - 4] is None
    assert result.points == (0, 0, -1), "the holder who does not marry loses a point"


def test_chip_holder_not_marrying_loses_a_point_even_with_no_cards():
    result = settle(NUMBERS, cards(3, {0: {7: 1}}), chips({7: 1, 8: 2}), 3)
    assert result.brides[7 - 4] == 0
    assert result.brides[8 - 4] is None
    assert result.points == (1, -1, -1)


def test_placed_cards_join_the_hand_at_settlement():
    state = new(3).arrange(
        deck=[],
        row=[],
        hands={0: {9: 1}, 1: {9: 1}, 2: {}},
        placed={0: {9: 1}, 2: {9: 1}},
    )
    state.apply(0, TakeChip(9))
    assert state.is_over
    settlement = state.view(None)["settlement"]
    assert settlement["cards"][0][9 - 4] == 2
    assert settlement["married"][0] == [9]
    assert state.scores == (2, 0, 0)


def test_five_brides_drop_out_after_every_number_is_settled():
    spec = {0: {4: 1, 5: 1, 6: 1, 7: 1, 8: 1}, 1: {9: 1}, 2: {4: 0}}
    result = settle(NUMBERS, cards(3, spec), chips({}), 3)
    assert result.points == (5, 1, 0)
    assert result.out == (True, False, False)
    assert result.winners == (1,), "the player with five brides cannot win"


def test_a_dropping_player_still_blocks_others():
    # P1 marries 4 (and drops out with five brides); P2's single 4 marries nothing.
    spec = {0: {4: 2, 5: 1, 6: 1, 7: 1, 8: 1}, 1: {4: 1, 10: 1}}
    result = settle(NUMBERS, cards(2, spec), chips({}), 2)
    assert result.brides[0] == 0
    assert result.winners == (1,)


def test_four_brides_are_allowed():
    result = settle(NUMBERS, cards(2, {0: {4: 1, 5: 1, 6: 1, 7: 1}}), chips({}), 2)
    assert result.out == (False, False)
    assert result.winners == (0,)


def test_everyone_out_means_no_winner():
    spec = {0: {4: 1, 5: 1, 6: 1, 7: 1, 8: 1}, 1: {9: 1, 10: 1, 11: 1, 12: 1, 13: 1}}
    result = settle(NUMBERS, cards(2, spec), chips({}), 2)
    assert result.out == (True, True)
    assert result.winners == ()


def test_tie_on_points_goes_to_the_highest_bride_13_beats_12():
    result = settle(NUMBERS, cards(3, {0: {12: 1}, 1: {13: 1}}), chips({}), 3)
    assert result.points == (1, 1, 0)
    assert result.winners == (1,)


def test_tie_on_points_with_no_marriage_is_shared():
    result = settle(NUMBERS, cards(3, {}), chips({}), 3)
    assert result.winners == (0, 1, 2)


def test_expansion_tie_break_18_beats_17():
    result = settle(range(4, 19), cards(3, {0: {17: 1}, 2: {18: 1}}), chips({}), 3)
    assert result.winners == (2,)


def test_end_of_game_spectator_view_shows_the_full_settlement():
    state = new(3).arrange(
        deck=[],
        row=[],
        hands={0: {5: 1, 6: 2}, 1: {6: 2, 7: 1}, 2: {}},
        placed={0: {4: 1}, 1: {6: 1}},
        chips={6: 1},
    )
    state.apply(0, Place(5))
    view = state.view(None)
    settlement = view["settlement"]
    assert settlement["cards"][0][:4] == [1, 1, 2, 0]
    assert settlement["cards"][1][:4] == [0, 0, 3, 1]
    assert settlement["chips"][6 - 4] == 1
    assert settlement["married"] == [[4, 5], [6, 7], []]
    assert settlement["points"] == [2, 3, 0]
    assert settlement["out"] == [False, False, False]
    assert view["winners"] == [1]
    assert state.summary("en")[-1] == "Winners: P2"
    assert state.summary("ja")[-1] == "勝者: P2"


# ---------------------------------------------------------- hidden information


def test_a_hand_is_seen_only_by_its_owner():
    state = new(4).arrange(hands={0: {7: 2}, 1: {9: 1}})
    assert state.view(0)["hand"][7 - 4] == 2
    assert state.view(1)["hand"][7 - 4] == 0
    assert state.view(None)["hand"] is None
    assert state.view(1)["players"][0]["hand_count"] == 2


def test_a_card_from_the_deck_is_told_only_to_the_taker():
    state = new(4).arrange(deck=[11, 4, 4, 4], row=[5, 6, 7])
    event = state.apply(0, DECK)
    assert event.for_seat(0)["facts"] == {"card": 11}
    assert event.for_seat(1)["facts"] == {}
    assert event.for_seat(None)["facts"] == {}


def test_face_up_takes_are_public_knowledge_until_that_number_leaves_the_hand():
    state = new(4).arrange(deck=[4, 4, 4, 4, 4], row=[7, 8, 9], hands={0: {7: 1}})
    state.apply(0, TakeFaceUp(7))
    state.apply(0, STOP)
    assert state.view(2)["players"][0]["known_hand"][7 - 4] == 1
    state.arrange(current=0, hands={0: {7: 2}}, known={0: {7: 1}})
    state.apply(0, Place(7))
    assert state.view(2)["players"][0]["known_hand"][7 - 4] == 0


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest():
    state = new(4).arrange(hands={0: {7: 2}, 1: {9: 3}, 2: {10: 1}}, known={1: {9: 1}})
    changed = 0
    for seed in range(20):
        twin = state.determinize(0, seed)
        assert twin.view(0) == state.view(0)
        assert twin.hands[0] == state.hands[0]
        assert twin.hands[1][9] >= 1, "the publicly known 9 stays in P2's hand"
        assert sum(twin.hands[1]) == 3
        changed += twin.hands[1] != state.hands[1] or twin.deck != state.deck
    assert changed, "the hidden cards are re-dealt"


def test_the_summary_says_how_a_tie_on_points_was_broken() -> None:
    """Seed 0 at four with the expansion, random moves: P1 and P4 tie on 4 points."""
    state = bodoge.get_game("egyptian-bride").new_game(4, seed=0, options={"expansion": True})
    rng = random.Random(0)
    while not state.is_over:
        (seat,) = state.to_act
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.winners == (3,)
    assert state.summary("en")[-1] == (
        "P1, P4 tie on 4 points: P4 married the highest number (18) and wins."
    )
    assert state.summary("ja")[-1] == "P1, P4が4点で同点。最も大きい数字（18）と結婚したP4の勝ち。"


def test_labels_say_an_8_and_an_11() -> None:
    """English reads "an eight", "an eleven", "an eighteen": the label was "Place a 11"."""
    assert Place(11).label("en") == "Place an 11 from your hand in front of you"
    assert Place(8).label("en") == "Place an 8 from your hand in front of you"
    assert Place(9).label("en") == "Place a 9 from your hand in front of you"
    assert Place(18).label("ja") == "手札の「18」を自分の前に置く"
