"""Every rule sentence of アネハンブラ and every ruling about it, one test each.

Situations are set up with the game's position builder (``state.arrange``),
then driven only through the public contract.  Colours
are written as four counts ``[red, yellow, green, blue]``.
"""

from __future__ import annotations

import pytest

import bodoge
from bodoge.games.anehambra import (
    GAME,
    AddPillar,
    AnehambraState,
    CompletePalace,
    Draw,
    Earthquake,
    EndBuilding,
    Inspect,
    InspectPalace,
    Reveal,
    is_safe,
    rank,
)
from bodoge.games.anehambra.data import TURN_LIMIT
from bodoge.games.anehambra.rules import END

DRAW = Draw()
COMPLETE = CompletePalace()
REVEAL = Reveal()
R, Y, G, B = "red", "yellow", "green", "blue"


def new(players: int = 4, seed: int = 1, **options: bool) -> AnehambraState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, AnehambraState)
    return state


def types(state: AnehambraState, seat: int | None = None) -> set[str]:
    seat = state.to_act[0] if seat is None else seat
    return {action.TYPE for action in state.legal_actions(seat)}


def inspect(state: AnehambraState, check: str, *targets: tuple[int, int]) -> bodoge.Event:
    seat = state.to_act[0]
    event = state.apply(seat, Inspect(check))
    for owner, palace in targets:
        event = state.apply(seat, InspectPalace(owner, palace))
    if state.to_act == (seat,) and REVEAL in state.legal_actions(seat):
        event = state.apply(seat, REVEAL)
    return event


def build(state: AnehambraState, *colours: str) -> None:
    seat = state.to_act[0]
    for colour in colours:
        state.apply(seat, AddPillar(colour))
    state.apply(seat, COMPLETE)


# --------------------------------------------------------------------- set-up


def test_76_pillars_red_16_yellow_18_green_20_blue_22_and_one_end_card():
    state = new(4)
    where = [0, 0, 0, 0]
    for card in state.deck:
        if card != END:
            where[card] += 1
    for hand in state.hands:
        where = [a + b for a, b in zip(where, hand, strict=True)]
    assert where == [16, 18, 20, 22]
    assert state.deck.count(END) == 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_cards_are_dealt_to_each_player(players):
    state = new(players)
    assert [sum(hand) for hand in state.hands] == [3] * players
    assert len(state.deck) == 76 - 3 * players + 1
    assert all(p["hand_count"] == 3 for p in state.view(None)["players"])


@pytest.mark.parametrize("players", [4, 5, 6])
def test_end_is_shuffled_into_ten_cards_under_the_deck(players):
    seen = set()
    for seed in range(80):
        state = new(players, seed)
        position = state.deck.index(END)  # from the bottom: the top is the end of the list
        assert 0 <= position <= 10
        assert state.end_index == position
        seen.add(position)
    assert seen == set(range(11)), "END may be anywhere among the bottom eleven cards"


def test_three_players_stack_piles_a_b_end_c():
    """67 cards left: piles A 23, B 22 on top of END, pile C 22 under it."""
    for seed in range(10):
        state = new(3, seed)
        assert len(state.deck) == 68
        assert state.deck.index(END) == 22, "pile C (22 cards) lies under END"
        assert state.view(0)["end_in"] == 45, "piles A and B (23 + 22) lie above END"


def test_three_players_end_comes_after_piles_a_and_b():
    state = new(3)
    empty = dict.fromkeys(range(3), (0, 0, 0, 0))  # never forced to build
    state.arrange(hands=empty)
    draws = 0
    while not state.is_over:
        seat = state.to_act[0]
        assert state.view(seat)["end_in"] == 45 - draws
        state.apply(seat, DRAW)
        if not state.is_over:
            state.arrange(current=state.to_act[0], hands=empty, turn=draws + 2)
        draws += 1
    assert draws == 46 and state.end_reason == "end_card"
    assert len(state.deck) == 22, "pile C is never drawn"


def test_only_three_players_know_where_end_lies():
    assert new(4).view(0)["end_in"] is None
    assert new(6).view(None)["end_in"] is None


@pytest.mark.parametrize("count", range(1, 9))
def test_three_to_six_players(count):
    if 3 <= count <= 6:
        assert GAME.new_game(count, 0).num_players == count
    else:
        with pytest.raises(bodoge.InvalidOptions, match="3–6 players"):
            GAME.new_game(count, 0)


def test_options_default_and_bad_values():
    assert GAME.resolve_options({}) == {"strict_open_colour": False}
    with pytest.raises(bodoge.InvalidOptions, match="this game has: strict_open_colour"):
        GAME.new_game(4, 0, {"strict": True})


def test_start_player_is_seat_0_with_no_palaces():
    state = new(5)
    assert state.to_act == (0,)
    assert all(p["palaces"] == [] for p in state.view(0)["players"])
    assert state.scores == (0,) * 5


# ---------------------------------------------------------------- the turn


def test_a_turn_offers_draw_build_inspect_and_earthquake():
    state = new(4).arrange(hands={0: [4, 0, 0, 0]}, palaces={1: [[1, 0, 0, 0, 0]]})
    assert types(state) == {"draw", "build", "inspect", "earthquake"}


def test_one_action_then_the_turn_passes_to_the_left():
    state = new(4).arrange(current=3, hands={3: [1, 0, 0, 0]})
    state.apply(3, DRAW)
    assert state.to_act == (0,)
    state.apply(0, DRAW)
    assert state.to_act == (1,)


def test_draw_adds_the_top_card_to_the_hand_seen_only_by_the_drawer():
    state = new(4).arrange(hands={0: [0, 0, 0, 0]}, deck=[2, 1, 1, END])
    event = state.apply(0, DRAW)
    assert state.hands[0] == [0, 0, 1, 0]
    assert event.for_seat(0)["facts"] == {"card": "green"}
    assert event.for_seat(1)["facts"] == {} and event.for_seat(None)["facts"] == {}
    assert state.view(1)["players"][0]["hand_count"] == 1


# ---------------------------------------------------------------- building


def test_build_any_number_of_cards_as_one_face_down_palace():
    state = new(4).arrange(hands={0: [2, 1, 0, 1]})
    build(state, R, R, Y)
    assert state.palaces[0] == [[2, 1, 0, 0, 0]]
    assert state.hands[0] == [0, 0, 0, 1]
    assert state.to_act == (1,), "one palace: the turn is over"


def test_a_palace_needs_at_least_one_card():
    state = new(4).arrange(hands={0: [0, 0, 0, 0]})
    assert "build" not in types(state)
    state = new(4).arrange(hands={0: [1, 0, 0, 0]})
    assert COMPLETE not in state.legal_actions(0), "complete only once a card is in"
    state.apply(0, AddPillar(R))
    assert state.legal_actions(0) == [COMPLETE]


def test_palace_card_count_is_public_contents_are_not():
    state = new(4).arrange(hands={0: [1, 1, 1, 0]})
    build(state, R, G)
    mine = state.view(0)["players"][0]["palaces"]
    theirs = state.view(2)["players"][0]["palaces"]
    watcher = state.view(None)["players"][0]["palaces"]
    assert mine == [{"cards": 2, "verified": False, "contents": [1, 0, 1, 0]}]
    assert theirs == watcher == [{"cards": 2, "verified": False, "contents": None}]


def test_the_colours_put_into_a_palace_are_secret_events():
    state = new(4).arrange(hands={0: [1, 1, 0, 0]})
    event = state.apply(0, AddPillar(Y))
    assert event.for_seat(0)["action"] == {"type": "build", "colour": "yellow"}
    other = event.for_seat(1)
    assert other["action"] is None and other["label"] is None
    assert other["facts"] == {"palace": 0, "cards": 1}


def test_only_one_palace_when_not_alone_with_the_fewest():
    state = new(4).arrange(
        hands={0: [2, 2, 0, 0]}, palaces={1: [[1, 0, 0, 0, 0]], 2: [[1, 0, 0, 0, 1]]}
    )
    assert state.view(0)["step"]["double"] is False, "seat 3 has no palace either"
    build(state, R)
    assert state.to_act == (1,)


def test_two_palaces_when_alone_with_the_fewest_verified_ones_count_too():
    palaces = {1: [[1, 0, 0, 0, 1]], 2: [[0, 1, 0, 0, 0]], 3: [[0, 0, 1, 0, 1]]}
    state = new(4).arrange(hands={0: [2, 2, 0, 0]}, palaces=palaces)
    assert state.view(0)["step"]["double"] is True
    build(state, R, Y)
    assert state.to_act == (0,)
    assert set(state.legal_actions(0)) == {AddPillar(R), AddPillar(Y), EndBuilding()}
    build(state, R, Y)
    assert len(state.palaces[0]) == 2 and state.to_act == (1,)


def test_with_two_allowed_one_palace_is_enough():
    state = new(3).arrange(
        hands={0: [2, 0, 0, 0]}, palaces={1: [[1, 0, 0, 0, 0]]} | {2: [[1] * 4 + [0]]}
    )
    build(state, R)
    state.apply(0, EndBuilding())
    assert len(state.palaces[0]) == 1 and state.to_act == (1,)


def test_second_palace_not_offered_with_an_empty_hand():
    state = new(3).arrange(
        hands={0: [1, 0, 0, 0]}, palaces={1: [[1, 0, 0, 0, 0]], 2: [[1, 0, 0, 0, 0]]}
    )
    build(state, R)
    assert state.to_act == (1,)


def test_the_fewest_is_judged_at_the_start_of_the_turn():
    """After one palace seat 0 ties the others, yet the second palace is still allowed."""
    state = new(3).arrange(
        hands={0: [2, 0, 0, 0]}, palaces={1: [[1, 0, 0, 0, 0]], 2: [[1, 0, 0, 0, 0]]}
    )
    build(state, R)
    assert state.alone_fewest(0) is False
    assert AddPillar(R) in state.legal_actions(0)


# --------------------------------------------------- five cards: build only


def test_five_cards_at_the_start_of_the_turn_allow_building_only():
    state = new(4).arrange(hands={0: [4, 1, 0, 0]}, palaces={1: [[1, 0, 0, 0, 0]]})
    assert types(state) == {"build"}
    assert state.view(0)["step"]["build_only"] is True
    with pytest.raises(bodoge.IllegalAction, match="build only"):
        state.apply(0, DRAW)


def test_four_cards_allow_every_action():
    state = new(4).arrange(hands={0: [4, 0, 0, 0]}, palaces={1: [[1, 0, 0, 0, 0]]})
    assert types(state) == {"draw", "build", "inspect", "earthquake"}


def test_reaching_five_cards_matters_from_the_next_turn():
    state = new(3).arrange(hands={0: [4, 0, 0, 0]}, deck=[1, 1, 1, 1, END])
    state.apply(0, DRAW)
    state.apply(1, DRAW)
    state.apply(2, DRAW)
    assert sum(state.hands[0]) == 5 and types(state, 0) == {"build"}


# -------------------------------------------------------------- inspections


def test_colour_check_safe_if_the_palace_holds_that_colour():
    assert is_safe([1, 0, 0, 0, 0], 0) and not is_safe([0, 3, 2, 1, 0], 0)
    assert is_safe([0, 1, 0, 0, 0], 1) and not is_safe([1, 0, 0, 0, 0], 1)
    assert is_safe([0, 0, 1, 0, 0], 2) and not is_safe([1, 1, 0, 1, 0], 2)
    assert is_safe([0, 0, 0, 1, 0], 3) and not is_safe([1, 1, 1, 0, 0], 3)


def test_e_safe_if_some_colour_appears_twice():
    assert is_safe([0, 0, 2, 0, 0], 4) and is_safe([1, 1, 1, 2, 0], 4)
    assert not is_safe([1, 1, 1, 1, 0], 4) and not is_safe([0, 0, 0, 1, 0], 4)


def test_f_safe_unless_all_four_colours_appear():
    assert is_safe([3, 3, 3, 0, 0], 5) and is_safe([0, 0, 0, 1, 0], 5)
    assert not is_safe([1, 1, 1, 1, 0], 5) and not is_safe([2, 1, 1, 5, 0], 5)


def test_a_safe_palace_is_turned_face_up_and_verified():
    state = new(4).arrange(palaces={1: [[1, 1, 0, 0, 0]]})
    event = inspect(state, "A", (1, 0))
    assert state.palaces[1] == [[1, 1, 0, 0, 1]]
    assert event.outcome.public["results"] == [
        {"owner": 1, "palace": 0, "cards": [1, 1, 0, 0], "safe": True}
    ]
    shown = state.view(3)["players"][1]["palaces"][0]
    assert shown == {"cards": 2, "verified": True, "contents": [1, 1, 0, 0]}


def test_an_unsafe_palace_is_demolished_into_the_inspectors_hand():
    state = new(4).arrange(hands={0: [0, 0, 0, 0]}, palaces={1: [[0, 2, 1, 0, 0], [1, 0, 0, 0, 0]]})
    inspect(state, "A", (1, 0))
    assert state.palaces[1] == [[1, 0, 0, 0, 0]]
    assert state.hands[0] == [0, 2, 1, 0]
    assert state.view(2)["players"][0]["known_hand"] == [0, 2, 1, 0], "everyone saw them"
    assert state.scores[1] == 1


def test_a_verified_palace_is_never_inspected_again():
    state = new(4).arrange(palaces={1: [[1, 0, 0, 0, 1], [0, 1, 0, 0, 0]]})
    state.apply(0, Inspect("A"))
    assert state.legal_actions(0) == [InspectPalace(1, 1)]
    with pytest.raises(bodoge.IllegalAction, match="never inspected again"):
        state.apply(0, InspectPalace(1, 0))


def test_no_inspection_without_another_players_unverified_palace():
    state = new(4).arrange(palaces={0: [[1, 0, 0, 0, 0]], 1: [[1, 0, 0, 0, 1]]})
    assert "inspect" not in types(state)
    with pytest.raises(bodoge.IllegalAction, match="no other player has an unverified palace"):
        state.apply(0, Inspect("E"))


def test_your_own_palaces_cannot_be_inspected():
    state = new(4).arrange(palaces={0: [[1, 0, 0, 0, 0]], 1: [[0, 1, 0, 0, 0]]})
    state.apply(0, Inspect("B"))
    with pytest.raises(bodoge.IllegalAction, match="other players' palaces only"):
        state.apply(0, InspectPalace(0, 0))


def test_colour_check_on_two_palaces_of_two_players_same_colour_for_both():
    state = new(4).arrange(palaces={1: [[0, 1, 0, 0, 0]], 2: [[0, 0, 1, 0, 0]]})
    event = inspect(state, "C", (1, 0), (2, 0))
    results = event.outcome.public["results"]
    assert event.outcome.public["check"] == "C"
    assert [(r["owner"], r["safe"]) for r in results] == [(1, False), (2, True)]
    assert state.palaces[1] == [] and state.palaces[2] == [[0, 0, 1, 0, 1]]
    assert state.hands[0] == [1, 1, 0, 0]


def test_colour_check_on_two_palaces_of_one_player():
    state = new(4).arrange(palaces={2: [[0, 1, 0, 0, 0], [0, 0, 0, 2, 0], [1, 0, 0, 0, 0]]})
    inspect(state, "A", (2, 0), (2, 1))
    assert state.palaces[2] == [[1, 0, 0, 0, 0]], "both demolished, the third untouched"
    assert state.hands[0] == [1, 1, 0, 2]


def test_colour_check_on_one_palace_only():
    state = new(4).arrange(palaces={1: [[0, 1, 0, 0, 0]], 2: [[0, 1, 0, 0, 0]]})
    state.apply(0, Inspect("B"))
    state.apply(0, InspectPalace(1, 0))
    assert state.to_act == (0,)
    assert set(state.legal_actions(0)) == {InspectPalace(2, 0), REVEAL}
    state.apply(0, REVEAL)
    assert state.palaces[1] == [[0, 1, 0, 0, 1]] and state.palaces[2] == [[0, 1, 0, 0, 0]]
    assert state.to_act == (1,)


def test_the_second_palace_is_named_before_anything_is_turned_over():
    state = new(4).arrange(palaces={1: [[0, 1, 0, 0, 0]], 2: [[0, 1, 0, 0, 0]]})
    state.apply(0, Inspect("A"))
    state.apply(0, InspectPalace(1, 0))
    assert state.palaces[1] == [[0, 1, 0, 0, 0]], "nothing is revealed yet"
    assert state.view(3)["step"]["targets"] == [{"owner": 1, "palace": 0}]


def test_colour_check_resolves_at_once_when_no_second_palace_exists():
    state = new(4).arrange(palaces={1: [[0, 1, 0, 0, 0]]})
    state.apply(0, Inspect("A"))
    state.apply(0, InspectPalace(1, 0))
    assert state.to_act == (1,) and state.palaces[1] == []


@pytest.mark.parametrize("check", ["E", "F"])
def test_e_and_f_inspect_exactly_one_palace(check):
    state = new(4).arrange(palaces={1: [[1, 1, 1, 1, 0]], 2: [[1, 0, 0, 0, 0]]})
    state.apply(0, Inspect(check))
    assert REVEAL not in state.legal_actions(0)
    state.apply(0, InspectPalace(1, 0))
    assert state.to_act == (1,), "one palace only: inspected at once"
    assert state.palaces[1] == [], "RYGB has no pair and holds every colour"
    assert state.palaces[2] == [[1, 0, 0, 0, 0]]


def test_e_leaves_a_palace_with_a_pair_standing():
    state = new(4).arrange(palaces={1: [[2, 0, 0, 0, 0]]})
    inspect(state, "E", (1, 0))
    assert state.palaces[1] == [[2, 0, 0, 0, 1]]


def test_f_leaves_a_three_colour_palace_standing():
    state = new(4).arrange(palaces={1: [[1, 1, 1, 0, 0]]})
    inspect(state, "F", (1, 0))
    assert state.palaces[1] == [[1, 1, 1, 0, 1]]


def test_while_inspecting_only_targets_or_reveal():
    state = new(4).arrange(palaces={1: [[0, 1, 0, 0, 0]], 2: [[0, 1, 0, 0, 0]]})
    state.apply(0, Inspect("A"))
    assert types(state) == {"inspect_palace"}
    with pytest.raises(bodoge.IllegalAction, match="you are inspecting"):
        state.apply(0, DRAW)


# ------------------------------------------------------------ banned colours


def test_a_colour_whose_cards_are_all_open_cannot_be_named():
    """All 16 reds: 12 in verified palaces, 4 removed by an earthquake."""
    palaces = {1: [[6, 0, 0, 1, 1], [0, 1, 0, 0, 0]], 2: [[6, 1, 0, 0, 1]]}
    state = new(4).arrange(palaces=palaces, removed=[4, 0, 0, 0])
    assert state.view(0)["banned"] == [True, False, False, False]
    checks = {a.check for a in state.legal_actions(0) if isinstance(a, Inspect)}
    assert checks == {"B", "C", "D", "E", "F"}
    with pytest.raises(bodoge.IllegalAction, match="every red card is open"):
        state.apply(0, Inspect("A"))


def test_a_colour_with_a_card_in_a_hand_can_still_be_named():
    palaces = {1: [[6, 0, 0, 1, 1], [0, 1, 0, 0, 0]], 2: [[5, 1, 0, 0, 1]]}
    state = new(4).arrange(palaces=palaces, removed=[4, 0, 0, 0])
    assert state.view(0)["banned"] == [False] * 4
    assert Inspect("A") in state.legal_actions(0)


def test_strict_open_colour_counts_verified_palaces_only():
    palaces = {1: [[6, 0, 0, 1, 1], [0, 1, 0, 0, 0]], 2: [[6, 1, 0, 0, 1]]}
    state = new(4, strict_open_colour=True).arrange(palaces=palaces, removed=[4, 0, 0, 0])
    assert state.view(0)["banned"] == [False] * 4
    palaces[2] = [[10, 1, 0, 0, 1]]
    state = new(4, strict_open_colour=True).arrange(palaces=palaces, removed=[0, 0, 0, 0])
    assert state.view(0)["banned"] == [True, False, False, False]


# -------------------------------------------------------------- earthquakes


def test_earthquake_needs_four_cards_of_one_colour():
    state = new(4).arrange(hands={0: [3, 3, 3, 3]})
    assert "earthquake" not in types(state), "twelve cards but never four of one colour"
    state = new(4).arrange(hands={0: [0, 0, 0, 4]})
    assert [a for a in state.legal_actions(0) if isinstance(a, Earthquake)] == [Earthquake(B)]


def test_text_example_four_blue_collapse_every_verified_palace_with_blue_yours_included():
    palaces = {
        0: [[1, 1, 0, 1, 1], [2, 0, 1, 0, 1]],
        1: [[0, 0, 0, 2, 1], [0, 1, 1, 1, 0]],
        2: [[1, 0, 1, 1, 1]],
    }
    state = new(4).arrange(hands={0: [0, 0, 0, 4]}, palaces=palaces)
    event = state.apply(0, Earthquake(B))
    assert state.palaces[0] == [[2, 0, 1, 0, 1]], "the player's own blue palace falls too"
    assert state.palaces[1] == [[0, 1, 1, 1, 0]], "an unverified palace cannot be checked"
    assert state.palaces[2] == []
    assert [(c["owner"], c["palace"]) for c in event.outcome.public["collapsed"]] == [
        (0, 0),
        (1, 0),
        (2, 0),
    ]
    assert state.hands[0] == [0, 0, 0, 0]
    assert state.removed == [2, 1, 1, 8], "the four played and every collapsed card"
    assert state.view(3)["removed"] == [2, 1, 1, 8]
    assert state.to_act == (1,)


def test_earthquake_with_nothing_to_collapse_still_removes_the_four():
    state = new(4).arrange(hands={0: [4, 0, 0, 0]}, palaces={1: [[0, 1, 0, 0, 1]]})
    state.apply(0, Earthquake(R))
    assert state.removed == [4, 0, 0, 0] and state.palaces[1] == [[0, 1, 0, 0, 1]]


def test_collapsed_cards_go_to_no_hand():
    state = new(4).arrange(hands={0: [4, 0, 0, 0]}, palaces={1: [[2, 2, 0, 0, 1]]})
    before = [sum(h) for h in state.hands]
    state.apply(0, Earthquake(R))
    assert [sum(h) for h in state.hands] == [before[0] - 4, *before[1:]]


# ------------------------------------------------------------ end and ranking


def test_drawing_end_ends_the_game_at_once_and_end_is_not_a_hand_card():
    state = new(4).arrange(hands={0: [1, 0, 0, 0]}, deck=[END, 2, 2])
    event = state.apply(0, DRAW)
    assert state.is_over and state.to_act == ()
    assert state.hands[0] == [1, 0, 0, 0]
    assert event.outcome.public == {"end_card": True, "game_over": "end_card"}
    assert state.view(0)["result"]["reason"] == "end_card"


def test_most_palaces_wins():
    state = new(4).arrange(
        hands={0: [0, 0, 0, 0], 1: [9, 0, 0, 0]},
        palaces={0: [[1, 0, 0, 0, 0]] * 3, 1: [[1, 0, 0, 0, 1]] * 2},
        deck=[END],
    )
    state.apply(0, DRAW)
    assert state.scores == (3, 2, 0, 0) and state.winners == (0,)


def test_tied_palaces_more_cards_in_hand_wins():
    state = new(4).arrange(
        hands={0: [1, 0, 0, 0], 1: [0, 2, 0, 1]},
        palaces={0: [[1, 0, 0, 0, 0]] * 2, 1: [[1, 0, 0, 0, 1]] * 2},
        deck=[END],
    )
    state.apply(0, DRAW)
    assert state.winners == (1,)
    assert state.view(None)["result"] == {
        "reason": "end_card",
        "palaces": [2, 2, 0, 0],
        "hands": [1, 3, 1, 1],
        "winners": [1],
    }


def test_still_tied_is_a_draw_shared_by_the_tied():
    state = new(3).arrange(
        hands={0: [2, 0, 0, 0], 1: [0, 1, 1, 0], 2: [5, 0, 0, 0]},
        palaces={0: [[1, 0, 0, 0, 0]], 1: [[1, 0, 0, 0, 1]]},
        deck=[END],
    )
    state.apply(0, DRAW)
    assert state.winners == (0, 1)
    assert state.summary("en")[-1] == "Draw: P1, P2"
    assert state.summary("ja")[-1] == "引き分け: P1, P2"


def test_rank_helper():
    assert rank([0, 0, 0], [0, 0, 0]) == (0, 1, 2)
    assert rank([1, 4, 4, 2], [9, 1, 2, 9]) == (2,)


def test_the_safety_limit_stops_the_game_with_no_winner():
    """A safety limit is not a rule: the game is not ranked at it (P3 leads on palaces)."""
    state = new(3).arrange(hands={0: [0, 0, 0, 0]}, palaces={2: [[1, 0, 0, 0, 0]]}, turn=TURN_LIMIT)
    assert rank(list(state.scores), state.hand_counts) == (2,)
    event = state.apply(0, DRAW)
    assert state.is_over and state.end_reason == "turn_limit"
    assert event.outcome.public == {"game_over": "turn_limit"}
    assert state.stopped and state.winners == ()
    view = state.view(None)
    assert view["stopped"] is True and view["winners"] == [] and view["result"]["winners"] == []
    assert state.record()["result"]["stopped"] is True
    en, ja = state.summary("en"), state.summary("ja")
    assert en[0] == f"Stopped at the safety limit of {TURN_LIMIT} turns" and en[-1] == "No winner"
    assert ja[0].startswith("安全のための上限") and ja[-1] == "勝者なし"
    words = (GAME.provisional[0].text("en"), GAME.provisional[0].text("ja"))
    assert all(str(TURN_LIMIT) in text for text in words)


def test_a_game_ended_by_the_end_card_is_not_stopped():
    state = new(4).arrange(deck=[END])
    state.apply(0, DRAW)
    assert state.is_over and not state.stopped and state.winners
    assert "stopped" not in state.view(None)


def test_actions_after_the_end_are_refused():
    state = new(4).arrange(deck=[END])
    state.apply(0, DRAW)
    with pytest.raises(bodoge.GameOver):
        state.apply(1, DRAW)
    assert state.legal_actions(1) == []


# ------------------------------------------------------- hidden information


def test_a_hand_is_seen_only_by_its_owner():
    state = new(4).arrange(hands={0: [1, 2, 0, 0], 1: [0, 0, 3, 0]})
    assert state.view(0)["hand"] == [1, 2, 0, 0]
    assert state.view(1)["hand"] == [0, 0, 3, 0]
    assert state.view(None)["hand"] is None
    assert state.view(2)["players"][1]["hand_count"] == 3


def test_known_cards_fade_as_the_holder_builds_unseen():
    state = new(4).arrange(hands={0: [0, 0, 0, 2]}, palaces={1: [[2, 1, 0, 0, 0]]})
    inspect(state, "D", (1, 0))  # two unknown blues in hand, two reds and a yellow known
    assert state.known[0] == [2, 1, 0, 0]
    state.start_turn(0)
    state.apply(0, AddPillar(B))
    assert state.view(1)["players"][0]["known_hand"] == [1, 0, 0, 0], (
        "one card went in: any known card may be the one"
    )


def test_earthquake_cards_leave_the_known_hand():
    state = new(4).arrange(hands={0: [0, 0, 0, 0]}, palaces={1: [[4, 0, 0, 0, 0]]})
    inspect(state, "B", (1, 0))
    assert state.known[0] == [4, 0, 0, 0]
    state.start_turn(0)
    state.apply(0, Earthquake(R))
    assert state.known[0] == [0, 0, 0, 0] and state.hands[0] == [0, 0, 0, 0]


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest():
    state = new(4, seed=3)
    palaces = {0: [[1, 1, 0, 0, 0]], 1: [[0, 2, 1, 0, 0], [1, 0, 0, 2, 1]], 2: [[0, 0, 0, 3, 0]]}
    hands = {}
    for seat in range(4):
        hand = state.view(seat)["hand"]
        for palace in palaces.get(seat, []):
            hand = [max(0, h - p) for h, p in zip(hand, palace[:4], strict=True)]
        hands[seat] = hand
    state.arrange(hands=hands, palaces=palaces)
    changed = 0
    for seed in range(30):
        twin = state.determinize(0, seed)
        assert twin.view(0) == state.view(0)
        assert twin.legal_actions(0) == state.legal_actions(0)
        assert twin.palaces[0] == state.palaces[0], "own palaces are known"
        assert twin.palaces[1][1] == [1, 0, 0, 2, 1], "verified palaces are public"
        assert [sum(p[:4]) for p in twin.palaces[2]] == [3]
        assert 0 <= twin.deck.index(END) <= 10
        changed += twin.palaces[2] != state.palaces[2] or twin.hands[1] != state.hands[1]
    assert changed, "others' hands and unverified palaces are re-dealt"


def test_determinize_keeps_publicly_known_hand_cards():
    state = new(4).arrange(hands={0: [0, 0, 0, 0]}, palaces={1: [[3, 0, 0, 0, 0]]})
    inspect(state, "B", (1, 0))
    for seed in range(10):
        twin = state.determinize(2, seed)
        assert twin.hands[0][0] >= 3


def test_three_player_determinize_keeps_end_in_place():
    state = new(3, seed=4)
    for seed in range(10):
        twin = state.determinize(1, seed)
        assert twin.deck.index(END) == 22
        assert twin.view(1) == state.view(1)


# ---------------------------------------------------------------- wording


def test_illegal_actions_say_why():
    state = new(4).arrange(hands={0: [1, 0, 0, 0]})
    with pytest.raises(bodoge.IllegalAction, match="you need 1 blue card"):
        state.apply(0, AddPillar(B))
    with pytest.raises(bodoge.IllegalAction, match="there is no colour 'pink'"):
        state.apply(0, AddPillar("pink"))
    with pytest.raises(bodoge.IllegalAction, match="declare a check"):
        state.apply(0, InspectPalace(1, 0))
    with pytest.raises(bodoge.IllegalAction, match="no check 'G'"):
        state.apply(0, Inspect("G"))


def test_labels_in_both_languages():
    assert Inspect("E").label("en") == "Inspect: E. no pair of one colour"
    assert Inspect("A").label("ja") == "査察: A. 赤の柱が含まれていない"
    assert InspectPalace(2, 0).label("en") == "Inspect P3's palace 1"
    assert AddPillar(G).label("ja") == "建築: 緑の柱を宮殿に加える"
    assert Earthquake(B).label("en") == "Earthquake: play four blue pillars"


def test_describe_view_in_both_languages():
    state = new(3).arrange(hands={0: [1, 1, 0, 0]}, palaces={1: [[1, 1, 0, 0, 1], [2, 0, 0, 0, 0]]})
    english = GAME.describe_view(state.view(0), "en")
    assert "[RY✓] [2?]" in english and "Your hand: red×1 yellow×1" in english
    assert "(45 before END)" in english
    japanese = GAME.describe_view(state.view(0), "ja")
    assert "あなたの手札: 赤×1 黄×1" in japanese
