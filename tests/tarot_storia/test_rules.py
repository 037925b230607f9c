"""Every rule of Tarot Storia and every ruling about it, one test each.

Positions are set up through the public builder (``state.arrange``) and
played through ``state.apply``; the text's two worked examples (the eight
places a card may go, and the layout scoring 4 + 3 + 2 + 2 - 5 - 1 = 5)
are rebuilt and every number checked.
"""

from __future__ import annotations

import pytest

from bodoge.bots import make_bot
from bodoge.engine import IllegalAction, Rng
from bodoge.games.tarot_storia import GAME, Keep, Place, Swap, TarotStoriaState, data
from bodoge.games.tarot_storia.layout import neighbours, normalise, open_places, score
from bodoge.games.tarot_storia.text import rank_text

EXAMPLE = {
    (0, 0): 2, (0, 2): 1, (0, 4): 8, (0, 6): 0,
    (1, 1): 5, (1, 3): 4, (1, 5): 6, (1, 7): 7,
    (2, 0): 3, (2, 2): 9, (2, 4): 13, (2, 6): 10,
    (3, 1): 15, (3, 3): 11, (3, 5): 12, (3, 7): 14,
    (4, 0): 16, (4, 2): 18, (4, 6): 17,
    (5, 1): 19, (5, 3): 20, (5, 5): 21,
}  # fmt: skip
"""A solo layout scoring as the text's example does: six columns, a gap at (4, 4)."""


def new(players: int = 1, seed: int = 1) -> TarotStoriaState:
    state = GAME.new_game(players, seed)
    assert isinstance(state, TarotStoriaState)
    return state


def play_in_order(state: TarotStoriaState, layout: dict[tuple[int, int], int]) -> None:
    """Deal so that the cards come in ``layout``'s column order and place each in turn."""
    order = sorted(layout, key=lambda place: place)
    cards = [layout[place] for place in order]
    state.arrange(hands=[[cards[0]]], top=cards[1:])
    for place, card in zip(order, cards, strict=True):
        assert state.to_act == (0,)
        state.apply(0, Place(card, *place))


def finish_with_the_heuristic(state: TarotStoriaState) -> None:
    """Play the rest of a game with seeded heuristic bots (deterministic, a few ms)."""
    bots = [make_bot("heuristic", GAME, seed=seat + 1) for seat in range(state.num_players)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))


SOLO_AT_ZERO = {(0, 0): 1, (0, 2): 9, (1, 1): 2, (0, 4): 13}
"""A solo round scoring exactly 0: red 1 (1) + blue 2 (1) − 2 face down.

9 is turned down in step 1 (2 touches it in the next column), 13 in step 2
(nothing lies to its right: a dead end).  Without 13 the round scores 1.
"""

DUET_ROUND_1 = {(0, 0): 1, (0, 2): 5, (0, 4): 9, (1, 1): 6, (1, 3): 7, (2, 2): 14}
"""A duet round 1 of 4: red 1-5-6-14 (4) + blue 7 (1) − 1 face down (9: 7 is smaller)."""

DUET_ROUND_2 = {(0, 0): 1, (0, 2): 5, (1, 1): 6, (1, 3): 10, (2, 0): 11, (2, 2): 15}
"""Round 2 around the kept column 1-5: red 1-5-6-10 (4) + blue 11-15 (2), none down: 6."""


def play_to_the_end_of_round_1(
    state: TarotStoriaState, layout: dict[tuple[int, int], int], last: list[int]
) -> None:
    """Arrange ``layout`` without the ``last`` cards (one in each hand, the deck empty);
    the seats then place them in turn, which ends the round."""
    placing = {card: place for place, card in layout.items() if card in last}
    state.arrange(
        {place: card for place, card in layout.items() if card not in last},
        hands=[[card] for card in last],
        deck_size=0,
    )
    for seat, card in enumerate(last):
        assert state.to_act == (seat,)
        state.apply(seat, Place(card, *placing[card]))


def play_solo_at_zero(state: TarotStoriaState) -> None:
    """A solo game over: :data:`SOLO_AT_ZERO` with 13 placed last, round 1 scoring 0."""
    play_to_the_end_of_round_1(state, SOLO_AT_ZERO, [13])


def play_duet_encore(state: TarotStoriaState) -> None:
    """A duet played through round 2: round 1 scores 4, column 1 (1, 5, 9) is kept and
    round 2 builds :data:`DUET_ROUND_2` in four turns, the players alternating."""
    play_to_the_end_of_round_1(state, DUET_ROUND_1, [7, 14])
    assert state.round_scores == [4] and state.phase == "keep" and state.to_act == (0,)
    state.apply(0, Keep(0))
    assert state.removed == [9] and state.placed == {(0, 0): 1, (0, 2): 5}
    state.arrange(state.placed, hands=[[6], [10]], top=[11, 15], deck_size=2, round_scores=[4])
    where = {card: place for place, card in DUET_ROUND_2.items()}
    for seat, card in zip((0, 1, 0, 1), (6, 10, 11, 15), strict=True):
        assert state.to_act == (seat,) and card in state.hands[seat]
        state.apply(seat, Place(card, *where[card]))


# ------------------------------------------------------------------ components


def test_22_cards_0_to_21_in_four_colours_with_the_known_three():
    """22 cards 0–21: 7 red, 6 blue, 5 yellow, 4 black; 6 and 10 red, 9 black."""
    assert tuple(range(22)) == data.CARDS
    assert [data.COLOURS.count(c) for c in range(4)] == [7, 6, 5, 4]
    assert data.COLOURS[6] == data.COLOURS[10] == data.RED and data.COLOURS[9] == data.BLACK


def test_the_unknown_colours_are_shipped_as_labelled_provisional_data():
    """The stand-in is data, and the game says so in both languages."""
    assert [p.name for p in GAME.provisional] == ["colours"]
    text = GAME.provisional[0].text
    assert "仮" in text("ja") and "Provisional" in text("en")
    assert data.STAND_IN[data.RED] == (1, 5, 6, 10, 14, 17, 20)


def test_one_or_two_players_cooperative():
    assert (GAME.min_players, GAME.max_players) == (1, 2) and GAME.cooperative


# -------------------------------------------------------------------- geometry


def test_a_card_touches_six_places_half_offset_in_the_neighbouring_columns():
    """Above and below in its column; two half-offset cards in each neighbouring column."""
    assert sorted(neighbours((2, 4))) == [(1, 3), (1, 5), (2, 2), (2, 6), (3, 3), (3, 5)]


def test_the_figure_of_eight_places_a_new_card_may_go():
    """Two cards in one column: above, below, and three in each neighbouring column."""
    state = new().arrange({(0, 0): 3, (0, 2): 5}, hands=[[12]], top=[17])
    places = {(a.col, a.y) for a in state.legal_actions(0) if isinstance(a, Place)}
    assert len(places) == 8
    assert places == {(0, -2), (0, 4), (-1, -1), (-1, 1), (-1, 3), (1, -1), (1, 1), (1, 3)}


def test_the_first_card_goes_anywhere():
    """On an empty table one place stands for all (a layout is the same wherever it lies)."""
    state = new()
    assert len(state.hands[0]) == 2 and not state.placed
    assert {(a.col, a.y) for a in state.legal_actions(0)} == {(0, 0)}


def test_a_new_card_must_touch_a_placed_card():
    state = new().arrange({(0, 0): 3}, hands=[[12]], top=[17])
    before = state.view(0)
    with pytest.raises(IllegalAction, match="touches no card"):
        state.apply(0, Place(12, 2, 0))
    assert state.view(0) == before


def test_at_most_four_cards_a_column_in_solo():
    full = {(0, 0): 1, (0, 2): 2, (0, 4): 3, (0, 6): 4}
    state = new().arrange(full, hands=[[12]], top=[17])
    places = {(a.col, a.y) for a in state.legal_actions(0) if isinstance(a, Place)}
    assert all(col != 0 for col, _ in places) and len(places) == 10
    with pytest.raises(IllegalAction, match="already holds 4 cards"):
        state.apply(0, Place(12, 0, 8))


def test_at_most_three_cards_a_column_in_the_duet():
    state = new(2).arrange({(0, 0): 1, (0, 2): 2, (0, 4): 3}, hands=[[12], [13]], top=[17])
    places = {(a.col, a.y) for a in state.legal_actions(0) if isinstance(a, Place)}
    assert (0, 6) not in places and (0, -2) not in places
    assert open_places({(0, 0): 1, (0, 2): 2, (0, 4): 3}, limit=4)[0] == (-1, -1)


def test_holes_in_a_column_are_allowed():
    """A card may go below a hole when it touches a card of the next column."""
    layout = {(0, 0): 1, (1, 1): 2, (1, 3): 3}
    state = new().arrange(layout, hands=[[12]], top=[17])
    state.apply(0, Place(12, 0, 4))  # (0, 2) stays empty
    assert state.placed[(0, 4)] == 12 and (0, 2) not in state.placed


def test_any_number_of_columns_a_new_one_on_either_side():
    """Column -1 opens a column on the left: the layout shifts to keep column 0 leftmost."""
    state = new().arrange({(0, 0): 5}, hands=[[3]], top=[8])
    state.apply(0, Place(3, -1, 1))
    assert state.placed == {(0, 2): 3, (1, 1): 5}
    assert normalise(state.placed) == state.placed


# ------------------------------------------------------------------------ turns


def test_a_turn_draws_a_card_then_places_one():
    state = new().arrange({(0, 0): 5}, hands=[[3]], top=[8, 9])
    assert state.hands[0] == [3, 8] and len(state.deck) == 22 - 3
    state.apply(0, Place(8, 1, 1))
    assert state.hands[0] == [3, 9]
    log = state.log(0)[-1]["facts"]
    assert log["drew"] == 9 and log["draws"] == 0


def test_swap_a_hand_card_for_a_placed_card_then_place_two_next_turn():
    """A swap takes the placed card into the hand; the next turn places two, no swap then."""
    state = new().arrange({(0, 0): 5, (1, 1): 6}, hands=[[3]], top=[8, 9])
    state.apply(0, Swap(3, 6))
    assert state.placed == {(0, 0): 5, (1, 1): 3} and state.hands[0] == [6, 8, 9]
    assert state.to_place == 2
    assert not any(isinstance(a, Swap) for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="places two cards"):
        state.apply(0, Swap(6, 5))
    state.apply(0, Place(6, 2, 0))
    assert state.to_act == (0,) and state.to_place == 1 and len(state.hands[0]) == 2
    state.apply(0, Place(8, 2, 2))
    assert state.to_place == 1 and len(state.hands[0]) == 2  # the next turn drew again
    assert any(isinstance(a, Swap) for a in state.legal_actions(0))


def test_no_swap_once_the_deck_is_empty():
    """The check comes after the turn's draw: drawing the last card ends swapping."""
    state = new().arrange({(0, 0): 5}, hands=[[3]], top=[8], deck_size=1)
    assert not state.deck and state.hands[0] == [3, 8]
    assert all(isinstance(a, Place) for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="deck is empty"):
        state.apply(0, Swap(3, 5))


def test_the_round_ends_when_every_hand_is_empty():
    state = new().arrange({(0, 0): 5}, hands=[[3]], top=[8], deck_size=1)
    state.apply(0, Place(3, 1, 1))
    assert state.to_act == (0,) and state.hands[0] == [8] and state.round_scores == []
    state.apply(0, Place(8, 2, 0))
    assert state.round_scores == [score({(0, 0): 5, (1, 1): 3, (2, 0): 8}).total]


# ---------------------------------------------------------------------- scoring


def test_step_1_a_smaller_number_touching_in_the_next_column_turns_a_card_down():
    result = score({(0, 0): 4, (1, -1): 7, (1, 1): 2, (2, 0): 1})
    assert result.smaller == {4: 2, 7: 1, 2: 1}
    assert 1 not in result.smaller  # the last column is never compared


def test_step_1_compares_only_the_next_column_never_the_same_one():
    result = score({(0, 0): 9, (0, 2): 1, (1, 1): 10})
    assert result.smaller == {} and result.route == [1, 9, 10]


def test_step_2_only_cards_on_a_route_from_the_first_column_to_the_last_stay_up():
    """5 is a dead end (nothing to its right); 12 is reached from no first-column card."""
    layout = {(0, 0): 1, (0, 2): 2, (1, 1): 10, (1, 3): 5, (1, 5): 12, (2, 0): 11}
    result = score(layout)
    assert result.smaller == {}
    assert result.off_route == [5, 12]
    assert result.route == [1, 2, 10, 11]


def test_step_2_face_down_cards_break_a_route():
    result = score({(0, 0): 5, (1, 1): 3, (2, 0): 9})
    assert result.smaller == {5: 3} and result.off_route == [3, 9] and result.route == []


def test_step_3_largest_group_per_colour_minus_face_down_minus_gaps():
    """Red 1-5-6-14 touch (4), blue 2-7 (2), no card down, one gap at (0, 4): 4 + 2 - 1."""
    layout = {(0, 0): 1, (0, 2): 5, (0, 6): 2, (1, 1): 6, (1, 3): 14, (1, 5): 7}
    result = score(layout)
    assert result.face_down == [] and result.gaps == [(0, 4)]
    assert result.groups == {"red": [1, 5, 6, 14], "blue": [2, 7], "yellow": [], "black": []}
    assert result.total == 4 + 2 - 0 - 1


def test_a_single_column_is_its_own_first_and_last():
    result = score({(0, 0): 9, (0, 2): 1, (0, 4): 5})
    assert result.face_down == [] and result.route == [1, 5, 9]


def test_the_text_example_scores_4_3_2_2_minus_5_minus_1():
    """Red 4 + blue 3 + yellow 2 + black 2 − 5 face down − 1 gap = 5, every number checked."""
    result = score(EXAMPLE)
    assert result.smaller == {8: 4, 5: 3, 13: 11}
    assert result.off_route == [2, 3]
    assert len(result.face_down) == 5
    assert result.groups == {
        "red": [6, 10, 14, 17], "blue": [11, 15, 18], "yellow": [16, 19], "black": [4, 9]
    }  # fmt: skip
    assert [len(cards) for cards in result.groups.values()] == [4, 3, 2, 2]
    assert result.gaps == [(4, 4)]
    assert result.total == 4 + 3 + 2 + 2 - 5 - 1 == 5


def test_the_text_example_played_card_by_card():
    """The example layout built through the rules, one turn a card, scored at the end."""
    state = new()
    play_in_order(state, EXAMPLE)
    assert state.placed == EXAMPLE
    assert state.round_scores == [5] and state.phase == "keep"
    scoring = state.view(0)["scorings"][0]
    assert scoring["total"] == 5 and scoring["face_down"] == 5 and scoring["gaps"] == [[4, 4]]


def test_gaps_are_empty_places_between_the_top_and_bottom_card_of_a_column():
    result = score({(0, 0): 1, (1, 1): 2, (1, 3): 3, (1, 5): 4, (0, 6): 5})
    assert result.gaps == [(0, 2), (0, 4)]


# ------------------------------------------------------------------- two rounds


def test_round_1_at_0_or_less_ends_the_game_with_no_encore():
    state = new()
    layout = {place: 21 - card for place, card in EXAMPLE.items()}  # high numbers first
    play_in_order(state, layout)
    assert state.round_scores[0] <= 0
    assert state.is_over and state.winners == ()
    assert state.scores == (state.round_scores[0],)


def test_round_1_at_exactly_0_ends_the_game():
    """The text's 「0点以下の場合はゲームオーバー」: a round 1 of exactly 0 earns no encore."""
    state = new()
    play_solo_at_zero(state)
    scoring = state.view(0)["scorings"][0]
    assert scoring["smaller"] == [[9, 2]] and scoring["off_route"] == [13]
    assert scoring["route"] == [1, 2] and scoring["total"] == 1 + 1 - 2 == 0
    assert state.round_scores == [0] and state.phase == "over" and state.is_over
    assert state.legal_actions(0) == [] and state.winners == () and state.scores == (0,)


def test_round_1_at_1_earns_the_encore():
    """The text's 「1点以上ならアンコール」: the layout without the dead end 13 scores 1."""
    state = new()
    layout = {place: card for place, card in SOLO_AT_ZERO.items() if card != 13}
    play_to_the_end_of_round_1(state, layout, [2])
    assert state.round_scores == [1 + 1 - 1] and state.phase == "keep" and not state.is_over
    assert state.legal_actions(0) == [Keep(0), Keep(1)]


def test_the_encore_keeps_one_column_and_plays_round_2_around_it():
    """Face-down cards of the kept column leave the game, its holes close up, the rest
    is shuffled into the new deck."""
    state = new()
    play_in_order(state, EXAMPLE)
    assert set(state.legal_actions(0)) == {Keep(c) for c in range(6)}
    state.apply(0, Keep(0))  # 2, 1, 8 (face down), 0: 2 and 8 are face down
    assert state.removed == [2, 8]
    assert state.placed == {(0, 0): 1, (0, 2): 0}
    assert len(state.deck) == 22 - 2 - 2 - 2 and len(state.hands[0]) == 2
    assert state.round == 2 and state.phase == "play" and state.view(0)["removed"] == [2, 8]
    assert sorted(state.deck + state.hands[0]) == [c for c in range(22) if c not in (0, 1, 2, 8)]


def test_the_final_score_adds_both_rounds():
    state = new()
    play_in_order(state, EXAMPLE)
    state.apply(0, Keep(2))
    finish_with_the_heuristic(state)
    assert len(state.round_scores) == 2 and state.scores == (5 + state.round_scores[1],)
    assert state.winners == (0,)


SOLO_RANKS = [
    ((-5, 9), "出なおしてまいれ", "Come back when you have a better tale."),
    ((10, 19), "…もう終わりなのか？", "…Is that all?"),
    ((20, 29), "まだ本気では無いのだろう？", "Surely that was not your best?"),
    ((30, 39), "なかなかやるではないか", "Not bad at all."),
    ((40, 44), "お主こそ国一番の語り部じゃ！", "You are the finest storyteller in the land!"),
]
"""The text's solo table (10点未満, 10～19点, …, 40点以上): both ends of every band."""

DUET_RANKS = [
    ((-5, 4), "完全に他人", "Complete strangers"),
    ((5, 14), "挨拶する程度の知り合い", "Nodding acquaintances"),
    ((15, 24), "一緒に遊ぶ友達", "Friends who play together"),
    ((25, 34), "将来の夢を語り合う仲", "Close enough to share your dreams"),
    ((35, 44), "前世から続く運命の相手", "Partners of destiny since a former life"),
]
"""The text's duet table (5点未満, 5～14点, …, 35点以上): both ends of every band."""


@pytest.mark.parametrize(("players", "table"), [(1, SOLO_RANKS), (2, DUET_RANKS)])
def test_the_rank_messages_at_both_ends_of_every_band(players, table):
    for (low, high), ja, en in table:
        for final in (low, high):
            assert (rank_text(final, players)("ja"), rank_text(final, players)("en")) == (ja, en)


def test_the_summary_gives_the_steps_the_total_and_the_rank():
    state = new()
    play_in_order(state, {place: 21 - card for place, card in EXAMPLE.items()})
    for lang in ("ja", "en"):
        lines = state.summary(lang)
        assert lines[-1].endswith(rank_text(sum(state.round_scores), 1)(lang))
    assert any("game over" in line for line in state.summary("en"))


# ------------------------------------------------------------------------ duet


def test_duet_players_alternate_and_each_draws_one_card_to_start():
    state = new(2)
    assert state.to_act == (0,) and len(state.hands[0]) == 2 and len(state.hands[1]) == 1
    state.apply(0, Place(state.hands[0][0], 0, 0))
    assert state.to_act == (1,) and len(state.hands[1]) == 2


def test_duet_hands_are_private():
    """Neither partner sees the other's hand, in the view or in the log."""
    state = new(2)
    state.apply(0, Place(state.hands[0][0], 0, 0))
    mine = state.view(1)
    assert mine["hand"] == state.hands[1]
    other = state.view(0)
    assert other["hand"] == state.hands[0] and other["players"][1] == {
        "seat": 1, "hand_count": 2, "known": [], "owes_two": False
    }  # fmt: skip
    drew = state.hands[1][-1]
    assert all("drew" not in entry["facts"] for entry in state.log(0)[-1:])
    assert state.log(1)[-1]["facts"]["drew"] in state.hands[1]
    assert str(drew) not in str(state.view(None)["players"])


def test_duet_a_swapped_card_is_known_to_the_partner_and_kept_by_a_redeal():
    state = new(2).arrange({(0, 0): 5, (1, 1): 6}, hands=[[3], [4]], top=[8, 9])
    state.apply(0, Swap(3, 6))
    assert state.view(1)["players"][0]["known"] == [6]
    world = state.determinize(1, Rng(3))
    assert 6 in world.hands[0] and world.view(1) == state.view(1)


def test_duet_the_double_placement_belongs_to_the_swapping_player():
    state = new(2).arrange({(0, 0): 5, (1, 1): 6}, hands=[[3], [4]], top=[8, 9, 10])
    state.apply(0, Swap(3, 6))
    assert state.to_act == (1,) and state.to_place == 1  # the partner places one
    state.apply(1, Place(4, 2, 0))
    assert state.to_act == (0,) and state.to_place == 2
    state.apply(0, Place(6, 2, 2))
    assert state.to_act == (0,)
    state.apply(0, Place(8, 3, 1))
    assert state.to_act == (1,)


def test_duet_shares_the_score_and_wins_or_loses_together():
    state = new(2)
    finish_with_the_heuristic(state)
    assert state.scores[0] == state.scores[1] == sum(state.round_scores)
    assert state.winners in ((), (0, 1))
    assert (state.winners == (0, 1)) == (state.round_scores[0] > 0)


def test_duet_a_player_with_nothing_left_is_passed_over():
    state = new(2).arrange({(0, 0): 5}, hands=[[3], []], top=[], deck_size=0)
    assert state.to_act == (0,)
    state.apply(0, Place(3, 1, 1))
    assert state.is_over  # the partner had nothing: the round (and round 1: game) ends


def test_duet_played_into_round_2_both_seats_win_with_the_shared_total():
    """Round 1 scores 4, round 2 6: each seat scores 10 and both win (co-operative)."""
    state = new(2)
    play_duet_encore(state)
    assert state.is_over and state.round == 2 and state.round_scores == [4, 6]
    assert state.scores == (4 + 6, 4 + 6) and state.winners == (0, 1)
    first, second = state.view(1)["scorings"]
    assert first["smaller"] == [[9, 7]] and first["groups"]["red"] == [1, 5, 6, 14]
    assert second["face_down"] == 0 and second["gaps"] == []
    assert second["groups"] == {"red": [1, 5, 6, 10], "blue": [11, 15], "yellow": [], "black": []}
    assert state.view(0)["rank_index"] == 1  # 5～14点: 挨拶する程度の知り合い
