"""Every rule sentence of Hoarders and every ruling about it, one test each.

Situations are arranged by writing collections and the deck directly (the
``arrange`` helper); critters are chosen and revealed through the public
contract only (``choose``, ``apply``).
"""

from __future__ import annotations

import json
import random

import pytest

import bodoge
from bodoge.engine import IllegalAction, Rng, WrongSeat
from bodoge.games.hoarders import (
    GAME,
    AllowTheft,
    HideCritter,
    HoardersState,
    RevealCritter,
    StealNut,
    UseHamster,
    data,
    rank_without_set,
)
from bodoge.games.hoarders.bot import HeuristicBot

NUTS = data.NUTS
HAMSTER = UseHamster()
ALLOW = AllowTheft()


def hide(critter: str) -> HideCritter:
    return HideCritter(critter)


def reveal(critter: str) -> RevealCritter:
    return RevealCritter(critter)


def new(players: int = 3, seed: int = 1) -> HoardersState:
    state = GAME.new_game(players, seed)
    assert isinstance(state, HoardersState)
    return state


def choose(state: HoardersState, picks: dict[int, tuple[str, str]]) -> None:
    """Every seat places its two critters face down (seats not given: squirrel + hamster)."""
    for seat in range(state.num_players):
        first, second = picks.get(seat, ("squirrel", "hamster"))
        state.apply(seat, hide(first))
        state.apply(seat, hide(second))


def collection(state: HoardersState, seat: int) -> dict[str, int]:
    return {nut: count for nut, count in zip(NUTS, state.nuts[seat], strict=True) if count}


def hand_of(state: HoardersState, seat: int) -> dict[str, int]:
    return dict(zip(NUTS, state.view(seat)["players"][seat]["nuts"], strict=True))


# ------------------------------------------------------------ components, set-up


def test_55_nut_cards_eleven_of_each_of_five_kinds():
    assert NUTS == ("walnut", "hazelnut", "sunflower", "acorn", "peanut")
    assert len(data.NUT_DECK) == 55
    assert all(data.NUT_DECK.count(kind) == 11 for kind in range(5))


def test_every_player_owns_one_set_of_the_five_critters():
    assert data.CRITTERS == ("squirrel", "raccoon", "hamster", "groundhog", "beaver")
    state = new(6)
    for seat in range(6):
        assert sorted(state.view(seat)["in_hand"]) == sorted(data.CRITTERS)
        assert state.view(seat)["face_down"] == []


def test_three_nuts_dealt_face_up_to_each_player():
    state = new(4, seed=3)
    for seat in range(4):
        assert sum(state.nuts[seat]) == 3
        for viewer in (None, 0, 1, 2, 3):  # face up: everyone sees every collection
            assert state.view(viewer)["players"][seat]["nuts"] == state.nuts[seat]
    assert len(state.deck) == 55 - 12
    assert state.view(None)["deck"] == 43


def test_the_start_player_holds_the_crown():
    state = new(5)
    assert state.crown == 0 and state.view(None)["crown"] == 0
    assert state.round == 1


@pytest.mark.parametrize("players", range(1, 9))
def test_three_to_six_players(players):
    if 3 <= players <= 6:
        assert GAME.new_game(players, 0).num_players == players
    else:
        with pytest.raises(bodoge.InvalidOptions, match="3–6 players"):
            GAME.new_game(players, 0)


# ------------------------------------------------------------ choosing critters


def test_choosing_is_simultaneous_every_seat_acts_at_once():
    state = new(4)
    assert state.to_act == (0, 1, 2, 3)
    assert state.view(None)["phase"] == "hide"
    for seat in range(4):
        assert state.legal_actions(seat) == [hide(c) for c in data.CRITTERS]


def test_each_player_places_exactly_two_different_critters():
    state = new(3)
    state.apply(1, hide("beaver"))
    assert state.to_act == (0, 1, 2), "one critter is not enough"
    assert hide("beaver") not in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="already face down"):
        state.apply(1, hide("beaver"))
    state.apply(1, hide("squirrel"))
    assert state.to_act == (0, 2), "two chosen: this seat waits for the others"
    with pytest.raises(WrongSeat):
        state.apply(1, hide("raccoon"))
    assert state.view(1)["face_down"] == ["squirrel", "beaver"]
    assert state.view(1)["in_hand"] == ["raccoon", "hamster", "groundhog"]


def test_a_choice_is_secret_until_revealed():
    worlds = []
    for critter in data.CRITTERS:
        state = new(3)
        event = state.apply(0, hide(critter))
        assert event.for_seat(1)["action"] is None and event.for_seat(None)["label"] is None
        assert event.for_seat(0)["action"] == {"type": "hide", "critter": critter}
        worlds.append(state)
    for viewer in (None, 1, 2):
        seen = [(w.view(viewer), w.log(viewer)) for w in worlds]
        assert all(s == seen[0] for s in seen), "others see only that P1 has chosen"
    assert worlds[0].view(1)["players"][0]["face_down"] == 1


def test_choices_stay_hidden_after_everyone_has_chosen():
    state = new(3)
    choose(state, {0: ("raccoon", "beaver"), 1: ("squirrel", "groundhog")})
    assert state.view(1)["face_down"] == ["squirrel", "groundhog"]
    for viewer in (None, 1, 2):
        assert state.view(viewer)["players"][0]["face_down"] == 2
        assert state.view(viewer)["players"][0]["revealed"] == []
        assert all(e["action"] is None for e in state.log(viewer) if e["seat"] == 0)


# ------------------------------------------------------------ turn order


def test_reveals_start_with_the_crown_holder_and_go_clockwise_for_two_laps():
    state = new(4).arrange(crown=2)
    choose(state, {})
    order = []
    laps = []
    while state.round == 1:
        (seat,) = state.to_act
        order.append(seat)
        laps.append(state.view(None)["lap"])
        state.apply(seat, reveal("hamster" if laps[-1] == 1 else "squirrel"))
    assert order == [2, 3, 0, 1, 2, 3, 0, 1]
    assert laps == [1, 1, 1, 1, 2, 2, 2, 2]


def test_on_your_turn_you_reveal_any_one_of_your_face_down_critters():
    state = new(3)
    choose(state, {0: ("raccoon", "beaver")})
    assert state.to_act == (0,)
    assert state.legal_actions(0) == [reveal("raccoon"), reveal("beaver")]
    with pytest.raises(IllegalAction, match="not face down"):
        state.apply(0, reveal("squirrel"))


def test_a_player_with_nothing_face_down_passes():
    # P2's Hamster cancels a theft and P2's Beaver forces P3's out, all in lap 1:
    # in lap 2 neither has anything face down, so both pass.
    state = new(3).arrange(nuts={1: {"walnut": 2}})
    choose(state, {0: ("raccoon", "squirrel"), 1: ("hamster", "beaver"), 2: ("beaver", "hamster")})
    state.apply(0, reveal("raccoon"))
    state.apply(0, StealNut(1, "walnut"))
    state.apply(1, HAMSTER)
    assert state.view(None)["players"][1]["face_down"] == 1
    assert state.to_act == (1,)
    state.apply(1, reveal("beaver"))  # P3's Beaver is forced out with it
    assert state.view(None)["players"][2]["face_down"] == 1
    assert state.to_act == (2,)
    state.apply(2, reveal("hamster"))
    assert state.to_act == (0,)
    event = state.apply(0, reveal("squirrel"))
    assert event.outcome.public["passed"] == [1, 2], "P2 and P3 have nothing left: they pass"
    assert state.round == 2


def test_the_round_ends_when_nobody_has_a_face_down_critter():
    state = new(3)
    choose(state, {})
    for _ in range(5):
        state.apply(state.to_act[0], reveal("hamster") if state.lap == 1 else reveal("squirrel"))
        assert state.round == 1
    event = state.apply(state.to_act[0], reveal("squirrel"))
    assert event.outcome.public["round_over"] == 1
    assert state.round == 2 and state.view(None)["phase"] == "hide"


def test_critters_go_back_and_the_crown_moves_left_each_round():
    state = new(3)
    for round_number, crown in ((1, 0), (2, 1), (3, 2), (4, 0)):
        assert (state.round, state.crown) == (round_number, crown)
        assert state.to_act == (0, 1, 2)
        assert all(sorted(state.view(s)["in_hand"]) == sorted(data.CRITTERS) for s in range(3))
        assert all(p["revealed"] == [] for p in state.view(None)["players"])
        choose(state, dict.fromkeys(range(3), ("hamster", "groundhog")))
        assert state.to_act == (crown,), "the crown holder reveals first"
        while state.round == round_number:
            seat = state.to_act[0]
            state.apply(seat, state.legal_actions(seat)[0])


# ------------------------------------------------------------ critters


def test_squirrel_draws_the_top_nut_into_your_collection():
    state = new(3).arrange(nuts={0: {"acorn": 1}}, top=["peanut", "walnut"])
    choose(state, {0: ("squirrel", "hamster")})
    deck = len(state.deck)
    event = state.apply(0, reveal("squirrel"))
    assert event.outcome.public["drew"] == ["peanut"]
    assert collection(state, 0) == {"acorn": 1, "peanut": 1}
    assert len(state.deck) == deck - 1
    assert state.to_act == (1,)


def test_raccoon_steals_the_chosen_nut_from_the_chosen_player():
    state = new(4).arrange(nuts={0: {"walnut": 1}, 1: {"acorn": 2}, 3: {"acorn": 1, "peanut": 1}})
    choose(state, {0: ("raccoon", "squirrel"), 1: ("squirrel", "groundhog")})
    state.apply(0, reveal("raccoon"))
    assert state.to_act == (0,) and state.view(None)["phase"] == "steal"
    assert state.legal_actions(0) == [
        StealNut(1, "acorn"),
        StealNut(3, "acorn"),
        StealNut(3, "peanut"),
    ], "other players' nuts only; P3 has none"
    with pytest.raises(IllegalAction, match="cannot steal from yourself"):
        state.apply(0, StealNut(0, "walnut"))
    with pytest.raises(IllegalAction, match="no hazelnut"):
        state.apply(0, StealNut(1, "hazelnut"))
    state.apply(0, StealNut(3, "peanut"))
    state.apply(3, ALLOW)  # P4 hides a Squirrel and a Hamster... and lets it go
    assert collection(state, 0) == {"walnut": 1, "peanut": 1}
    assert collection(state, 3) == {"acorn": 1}
    assert state.to_act == (1,)


def test_raccoon_with_nobody_holding_a_nut_has_no_effect():
    state = new(3).arrange(nuts={0: {"walnut": 3}})
    choose(state, {0: ("raccoon", "squirrel")})
    event = state.apply(0, reveal("raccoon"))
    assert event.outcome.public["no_effect"] is True
    assert state.to_act == (1,) and collection(state, 0) == {"walnut": 3}


def test_a_robbed_player_with_a_face_down_hamster_decides_whether_to_reveal_it():
    state = new(3).arrange(nuts={1: {"hazelnut": 3}})
    choose(state, {0: ("raccoon", "squirrel"), 1: ("hamster", "squirrel")})
    state.apply(0, reveal("raccoon"))
    state.apply(0, StealNut(1, "hazelnut"))
    assert state.to_act == (1,), "the victim reacts out of turn"
    assert state.legal_actions(1) == [HAMSTER, ALLOW]
    view = state.view(1)
    assert view["phase"] == "react"
    assert view["theft"] == {"thief": 0, "via": "raccoon", "target": 1, "nut": "hazelnut"}


def test_the_hamster_cancels_the_theft_and_is_spent():
    state = new(3).arrange(nuts={0: {"walnut": 1}, 1: {"hazelnut": 3}})
    choose(state, {0: ("raccoon", "squirrel"), 1: ("hamster", "squirrel")})
    state.apply(0, reveal("raccoon"))
    state.apply(0, StealNut(1, "hazelnut"))
    event = state.apply(1, HAMSTER)
    assert event.outcome.public["cancelled"] is True
    assert collection(state, 1) == {"hazelnut": 3} and collection(state, 0) == {"walnut": 1}
    public = state.view(None)["players"]
    assert public[1]["revealed"] == [{"critter": "hamster", "how": "hamster"}]
    assert public[1]["face_down"] == 1, "spent: one card fewer to reveal later"
    assert public[0]["revealed"] == [{"critter": "raccoon", "how": "turn"}], "the Raccoon stays up"
    assert state.to_act == (1,), "the thief's turn is over; P2 reveals next"
    assert state.legal_actions(1) == [reveal("squirrel")]


def test_letting_the_theft_happen_keeps_the_hamster_face_down():
    state = new(3).arrange(nuts={1: {"hazelnut": 3}})
    choose(state, {0: ("raccoon", "squirrel"), 1: ("hamster", "squirrel")})
    state.apply(0, reveal("raccoon"))
    state.apply(0, StealNut(1, "hazelnut"))
    state.apply(1, ALLOW)
    assert collection(state, 0) == {"hazelnut": 1} and collection(state, 1) == {"hazelnut": 2}
    assert state.view(1)["face_down"] == ["squirrel", "hamster"]


def test_a_hamster_cancels_only_one_theft_a_round():
    state = new(3).arrange(nuts={2: {"peanut": 4}})
    choose(
        state,
        {0: ("raccoon", "squirrel"), 1: ("raccoon", "groundhog"), 2: ("hamster", "squirrel")},
    )
    state.apply(0, reveal("raccoon"))
    state.apply(0, StealNut(2, "peanut"))
    state.apply(2, HAMSTER)
    state.apply(1, reveal("raccoon"))
    state.apply(1, StealNut(2, "peanut"))
    assert state.to_act == (2,)
    assert state.legal_actions(2) == [ALLOW], "the Hamster is spent: the second theft stands"
    with pytest.raises(IllegalAction, match="no face-down Hamster"):
        state.apply(2, HAMSTER)
    state.apply(2, ALLOW)
    assert collection(state, 1) == {"peanut": 1} and collection(state, 2) == {"peanut": 3}


def test_a_hamster_revealed_on_your_own_turn_does_nothing_and_protects_nothing():
    state = new(3).arrange(crown=2, nuts={2: {"acorn": 2}, 0: {"walnut": 1}})
    choose(state, {2: ("hamster", "squirrel"), 0: ("raccoon", "groundhog")})
    nuts_before = [list(c) for c in state.nuts]
    event = state.apply(2, reveal("hamster"))
    assert event.outcome.public["no_effect"] is True and state.nuts == nuts_before
    state.apply(0, reveal("raccoon"))
    state.apply(0, StealNut(2, "acorn"))
    assert state.legal_actions(2) == [ALLOW], "the revealed Hamster cannot cancel later thefts"


def test_a_victim_with_nothing_face_down_is_robbed_at_once():
    state = new(3).arrange(crown=1, nuts={1: {"walnut": 2}})
    choose(state, {1: ("squirrel", "hamster"), 0: ("raccoon", "hamster")})
    state.apply(1, reveal("squirrel"))
    state.apply(2, reveal("squirrel"))
    state.apply(0, reveal("hamster"))
    state.apply(1, reveal("hamster"))  # P2 has nothing face down now
    state.apply(2, reveal("hamster"))
    state.apply(0, reveal("raccoon"))
    event = state.apply(0, StealNut(1, "walnut"))
    assert event.outcome.public["stolen"] == {"by": 0, "from": 1, "nut": "walnut"}
    assert collection(state, 0)["walnut"] == 1
    assert state.round == 2, "no reaction was asked"


def test_being_asked_does_not_tell_the_table_who_hides_a_hamster():
    """A robbed player is asked whenever anything is face down (the only choice may be to allow)."""
    views = []
    for hidden in (("hamster", "squirrel"), ("beaver", "squirrel")):
        state = new(3).arrange(nuts={1: {"hazelnut": 3}})
        choose(state, {0: ("raccoon", "squirrel"), 1: hidden})
        state.apply(0, reveal("raccoon"))
        state.apply(0, StealNut(1, "hazelnut"))
        assert state.to_act == (1,)
        views.append((state.view(0), state.view(2), state.view(None)))
    assert views[0] == views[1]


def test_groundhog_copies_an_earlier_squirrel():
    state = new(3).arrange(top=["acorn", "walnut", "hazelnut", "peanut"])
    choose(state, {0: ("squirrel", "groundhog")})
    state.apply(0, reveal("squirrel"))
    state.apply(1, reveal("squirrel"))
    state.apply(2, reveal("squirrel"))
    event = state.apply(0, reveal("groundhog"))
    assert event.outcome.public["copied"] == "squirrel"
    assert event.outcome.public["drew"] == ["peanut"]
    assert collection(state, 0) == {"acorn": 1, "peanut": 1}


def test_groundhog_copies_an_earlier_raccoon_and_chooses_a_theft():
    state = new(3).arrange(nuts={1: {"walnut": 2}, 2: {"acorn": 1}})
    choose(state, {0: ("raccoon", "groundhog"), 1: ("hamster", "squirrel")})
    state.apply(0, reveal("raccoon"))
    state.apply(0, StealNut(2, "acorn"))
    state.apply(2, ALLOW)
    state.apply(1, reveal("squirrel"))
    state.apply(2, reveal("hamster"))
    event = state.apply(0, reveal("groundhog"))
    assert event.outcome.public["copied"] == "raccoon"
    assert state.view(None)["theft"] == {
        "thief": 0,
        "via": "groundhog",
        "target": None,
        "nut": None,
    }
    state.apply(0, StealNut(1, "walnut"))
    assert state.to_act == (1,) and state.legal_actions(1) == [HAMSTER, ALLOW]
    state.apply(1, HAMSTER)  # a Hamster answers a copied Raccoon just the same
    assert collection(state, 0) == {"acorn": 1}


def test_groundhog_revealed_first_has_no_effect():
    state = new(3)
    choose(state, {0: ("groundhog", "squirrel")})
    nuts_before = [list(c) for c in state.nuts]
    event = state.apply(0, reveal("groundhog"))
    assert event.outcome.public["copied"] is None and event.outcome.public["no_effect"]
    assert state.nuts == nuts_before and state.to_act == (1,)


def test_groundhog_never_copies_a_beaver():
    state = new(3).arrange()
    choose(state, {0: ("beaver", "groundhog")})
    state.apply(0, reveal("beaver"))  # alone: draws 3
    state.apply(1, reveal("squirrel"))
    state.apply(2, reveal("squirrel"))
    nuts_before = [list(c) for c in state.nuts]
    event = state.apply(0, reveal("groundhog"))
    assert event.outcome.public["copied"] is None and event.outcome.public["no_effect"]
    assert state.nuts == nuts_before


def test_groundhog_never_copies_a_beaver_forced_out():
    state = new(3).arrange()
    choose(state, {0: ("beaver", "squirrel"), 1: ("beaver", "groundhog")})
    state.apply(0, reveal("beaver"))  # P2's Beaver comes out too
    nuts_before = [list(c) for c in state.nuts]
    event = state.apply(1, reveal("groundhog"))
    assert event.outcome.public["copied"] is None and state.nuts == nuts_before


def test_groundhog_copying_a_defensive_hamster_does_nothing():
    state = new(3).arrange(nuts={1: {"walnut": 1}})
    choose(state, {0: ("raccoon", "squirrel"), 1: ("hamster", "groundhog")})
    state.apply(0, reveal("raccoon"))
    state.apply(0, StealNut(1, "walnut"))
    state.apply(1, HAMSTER)
    event = state.apply(1, reveal("groundhog"))
    assert event.outcome.public["copied"] == "hamster" and event.outcome.public["no_effect"]


def test_a_lone_beaver_draws_three():
    state = new(4).arrange(top=["walnut", "walnut", "acorn", "peanut"])
    choose(state, {0: ("beaver", "squirrel")})
    event = state.apply(0, reveal("beaver"))
    assert event.outcome.public["beavers"] == [0]
    assert event.outcome.public["draws"] == [[0, ["walnut", "walnut", "acorn"]]]
    assert collection(state, 0) == {"walnut": 2, "acorn": 1}
    assert all(sum(state.nuts[s]) == 0 for s in (1, 2, 3))


def test_beaver_forces_every_hidden_beaver_out_and_the_others_draw_one():
    state = new(5).arrange(crown=1, top=["walnut", "hazelnut", "acorn", "peanut"])
    choose(
        state,
        {1: ("squirrel", "hamster"), 2: ("beaver", "squirrel"), 4: ("beaver", "raccoon")},
    )
    state.apply(1, reveal("squirrel"))  # P2 draws the walnut
    event = state.apply(2, reveal("beaver"))
    public = event.outcome.public
    assert public["beavers"] == [2, 4]
    # every player who had no Beaver face down draws one, clockwise from the crown (P2)
    assert public["draws"] == [[1, ["hazelnut"]], [3, ["acorn"]], [0, ["peanut"]]]
    assert sum(state.nuts[2]) == 0 and sum(state.nuts[4]) == 0, "Beavers get nothing"
    players = state.view(None)["players"]
    assert players[4]["revealed"] == [{"critter": "beaver", "how": "beaver"}]
    assert players[4]["face_down"] == 1


def test_a_player_whose_beaver_was_forced_out_passes_later():
    state = new(3).arrange()
    choose(state, {0: ("beaver", "squirrel"), 2: ("beaver", "hamster")})
    state.apply(0, reveal("beaver"))
    state.apply(1, reveal("squirrel"))
    state.apply(2, reveal("hamster"))
    state.apply(0, reveal("squirrel"))
    event = state.apply(1, reveal("hamster"))
    assert event.outcome.public["passed"] == [2], "P3 revealed both (one forced): P3 passes"
    assert state.round == 2


# ------------------------------------------------------------ winning


def test_five_identical_nuts_win_at_once_mid_round():
    state = new(3).arrange(nuts={0: {"acorn": 4}}, top=["acorn"])
    choose(state, {})
    event = state.apply(0, reveal("squirrel"))
    assert event.outcome.public["winner"] == 0
    assert state.is_over and state.winners == (0,) and state.to_act == ()
    assert state.view(None)["ending"] == "five"
    assert state.scores[0] == 5


def test_a_theft_can_win():
    state = new(3).arrange(nuts={0: {"peanut": 4}, 2: {"peanut": 1}})
    choose(state, {0: ("raccoon", "squirrel")})
    state.apply(0, reveal("raccoon"))
    state.apply(0, StealNut(2, "peanut"))
    state.apply(2, ALLOW)
    assert state.is_over and state.winners == (0,)


def test_several_at_once_the_earliest_clockwise_from_the_crown_wins():
    # crown with P3; P1 reveals a Beaver, P2 hides one too: P1 and P2 draw nothing,
    # P3 and P4 (and P5) draw one each; P4 and P3 both reach five: P3 comes first from the crown.
    state = new(5).arrange(
        crown=2,
        nuts={2: {"walnut": 4}, 3: {"acorn": 4}, 4: {"hazelnut": 1}},
        top=["hazelnut", "walnut", "acorn", "peanut"],
    )
    choose(state, {0: ("beaver", "squirrel"), 1: ("beaver", "squirrel")})
    state.apply(2, reveal("hamster"))
    state.apply(3, reveal("hamster"))
    state.apply(4, reveal("squirrel"))  # P5 takes the hazelnut
    event = state.apply(0, reveal("beaver"))
    assert event.outcome.public["draws"] == [[2, ["walnut"]], [3, ["acorn"]], [4, ["peanut"]]]
    assert max(state.nuts[2]) == max(state.nuts[3]) == 5
    assert state.winners == (2,)


def test_the_crown_order_decides_even_when_a_later_seat_number_is_first():
    state = new(4).arrange(
        crown=3,
        nuts={0: {"walnut": 4}, 2: {"acorn": 4}},
        top=["walnut", "acorn"],
    )
    choose(state, {3: ("beaver", "squirrel"), 1: ("beaver", "squirrel")})
    state.apply(3, reveal("beaver"))  # P2's Beaver too: P1 then P3 draw, both reach five
    assert max(state.nuts[0]) == max(state.nuts[2]) == 5
    assert state.winners == (0,)
    state = new(4).arrange(
        crown=1,
        nuts={0: {"walnut": 4}, 2: {"acorn": 4}},
        top=["acorn", "walnut"],
    )
    choose(state, {1: ("beaver", "squirrel"), 3: ("beaver", "squirrel")})
    state.apply(1, reveal("beaver"))  # P3 then P1 draw (clockwise from P2), both reach five
    assert max(state.nuts[0]) == max(state.nuts[2]) == 5
    assert state.winners == (2,)


# ------------------------------------------------------------ empty deck (ruling)


def test_drawing_from_an_empty_deck_gives_nothing():
    state = new(3).arrange(nuts={0: {"acorn": 2}}, deck_size=1, top=["walnut"])
    choose(state, {0: ("beaver", "squirrel")})
    event = state.apply(0, reveal("beaver"))
    assert event.outcome.public["draws"] == [[0, ["walnut"]]]
    event = state.apply(1, reveal("squirrel"))
    assert event.outcome.public["drew"] == []
    assert state.view(None)["deck"] == 0 and not state.is_over, "the round goes on"


def test_a_round_ending_with_the_deck_empty_ends_the_game():
    state = new(3).arrange(
        nuts={0: {"acorn": 4, "walnut": 1}, 1: {"hazelnut": 4}, 2: {"peanut": 3}},
        deck_size=0,
    )
    choose(state, {})
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.round == 1 and state.view(None)["ending"] == "deck"
    assert state.winners == (0,), "most of one kind ties at 4; then most nuts: P1 has 5"
    assert any("deck" in line for line in state.summary("en"))


def test_empty_deck_ranking_most_of_one_kind_then_most_nuts_then_shared():
    assert rank_without_set([[4, 0, 0, 0, 0], [3, 3, 3, 3, 0], [1, 1, 0, 0, 0]]) == (0,)
    assert rank_without_set([[4, 2, 0, 0, 0], [0, 4, 1, 0, 0], [4, 1, 0, 0, 0]]) == (0,)
    assert rank_without_set([[4, 1, 0, 0, 0], [0, 4, 1, 0, 0], [2, 0, 0, 0, 0]]) == (0, 1)


def test_the_deck_running_out_mid_round_does_not_end_it_early():
    state = new(3).arrange(nuts={1: {"walnut": 1}}, deck_size=1)
    choose(state, {0: ("squirrel", "raccoon")})
    state.apply(0, reveal("squirrel"))
    assert state.view(None)["deck"] == 0 and not state.is_over
    state.apply(1, reveal("squirrel"))
    state.apply(2, reveal("squirrel"))
    state.apply(0, reveal("raccoon"))
    assert state.to_act == (0,) and state.view(None)["phase"] == "steal"


def test_the_safety_limit_stops_a_game_nobody_draws_in_with_no_winner():
    """A safety limit is not a rule: no invented ranking names a winner at it."""
    assert GAME.provisional and GAME.provisional[0].name == "round_limit"
    state = new(3)
    while not state.is_over:  # Hamster and Groundhog only: nobody ever draws
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if state.view(None)["phase"] == "hide":
            choice = next(a for a in (hide("hamster"), hide("groundhog")) if a in legal)
        else:
            choice = legal[0]
        state.apply(seat, choice)
    assert state.round == data.ROUND_LIMIT >= 100, "far beyond any game people play"
    assert state.deck, "the deck never ran out: no rule ended this game"
    assert state.stopped and state.winners == ()
    assert rank_without_set(state.nuts), "the empty-deck ranking would have named a winner"
    view = state.view(None)
    assert view["ending"] == "limit" and view["stopped"] is True and view["winners"] == []
    result = state.record()["result"]
    assert result == {"scores": list(state.scores), "winners": [], "stopped": True}
    assert bodoge.replay(json.loads(json.dumps(state.record()))).stopped
    assert state.version <= GAME.max_game_length({}, 3)
    en, ja = state.summary("en"), state.summary("ja")
    assert "safety limit of 100 rounds" in en[0] and en[-1] == "No winner"
    assert "安全のための上限" in ja[0] and ja[-1] == "勝者なし"


def test_a_game_ended_by_a_rule_is_not_stopped():
    state = new(3).arrange(nuts={0: {"acorn": 4}}, top=["acorn"])
    choose(state, {0: ("squirrel", "hamster")})
    state.apply(0, reveal("squirrel"))
    assert state.is_over and state.winners == (0,) and not state.stopped
    assert "stopped" not in state.view(None) and "stopped" not in state.record()["result"]


# ------------------------------------------------------------ hidden information


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest():
    state = new(4).arrange(nuts={1: {"walnut": 1}})
    choose(state, {0: ("raccoon", "groundhog"), 1: ("hamster", "squirrel")})
    state.apply(0, reveal("raccoon"))
    seen_hidden = set()
    for key in range(40):
        twin = state.determinize(0, Rng(key))
        assert twin.view(0) == state.view(0) and twin.legal_actions(0) == state.legal_actions(0)
        assert twin.face_down[0] == state.face_down[0]
        assert sorted(twin.deck) == sorted(state.deck)
        assert all(len(twin.face_down[s]) == 2 for s in (1, 2, 3))
        assert 1 not in twin.face_down[0]
        seen_hidden.add(tuple(twin.face_down[1]))
    assert len(seen_hidden) > 3, "P2's face-down pair is unknown to P1"


def test_determinize_keeps_beavers_out_after_a_beaver_came_out():
    state = new(4).arrange()
    choose(state, {0: ("beaver", "squirrel"), 2: ("beaver", "hamster")})
    state.apply(0, reveal("beaver"))
    for key in range(30):
        twin = state.determinize(1, Rng(key))
        for other in (0, 2, 3):
            assert data.BEAVER not in twin.face_down[other], "no Beaver can still be hidden"
        assert data.BEAVER not in twin.face_down[2] and len(twin.face_down[2]) == 1
        assert data.BEAVER not in twin.revealed[3]


def test_a_critter_revealed_this_round_is_never_redealt_face_down():
    state = new(3).arrange()
    choose(state, {0: ("squirrel", "raccoon"), 1: ("squirrel", "hamster")})
    state.apply(0, reveal("squirrel"))
    state.apply(1, reveal("squirrel"))
    for key in range(30):
        twin = state.determinize(2, Rng(key))
        assert data.SQUIRREL not in twin.face_down[0] + twin.face_down[1]


# ------------------------------------------------------------ contract details


def test_scores_are_the_largest_set_of_identical_nuts():
    state = new(3).arrange(nuts={0: {"walnut": 2, "acorn": 3}, 1: {"peanut": 1}})
    assert state.scores == (3, 1, 0)
    assert state.winners == ()


def test_labels_in_both_languages():
    assert hide("groundhog").label("ja") == "ウッドチャックを伏せる"
    assert hide("groundhog").label("en") == "Place your Groundhog face down"
    assert StealNut(2, "sunflower").label("ja") == "P3のヒマワリの種を盗む"
    assert StealNut(2, "sunflower").label("en") == "Steal P3's Sunflower seed"
    assert HAMSTER.label("en") and ALLOW.label("ja")


def test_wire_forms_round_trip():
    for action in GAME.action_space({}, 4):
        assert GAME.parse_action(json.loads(json.dumps(action.to_json()))) == action


def test_describe_view_and_summary_in_both_languages():
    state = new(3).arrange(nuts={0: {"acorn": 4}}, top=["acorn"])
    choose(state, {})
    text = GAME.describe_view(state.view(0), "en")
    assert "Round 1" in text and "lap 1" in text and "Acorn×4" in text
    assert "Your face-down critters: Squirrel Hamster" in text
    assert "王冠" in GAME.describe_view(state.view(None), "ja")
    state.apply(0, reveal("squirrel"))
    assert state.summary("en")[0] == "P1 collected five identical nuts and wins!"
    assert state.summary("ja")[-1] == "勝者: P1"


def test_record_replays_exactly():
    state = new(5, seed=21)
    rnd = random.Random(2)
    while not state.is_over:
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    again = bodoge.replay(json.loads(json.dumps(state.record())))
    assert again.winners == state.winners and again.view(None) == state.view(None)


def test_heuristic_bot_beats_random_players():
    wins = 0
    for game_number in range(12):
        state = new(3, seed=game_number)
        hero = game_number % 3
        bots = [HeuristicBot(game_number) if s == hero else None for s in range(3)]
        rnd = random.Random(game_number)
        while not state.is_over:
            seat = rnd.choice(state.to_act)
            bot = bots[seat]
            action = bot.choose(state, seat) if bot else rnd.choice(state.legal_actions(seat))
            state.apply(seat, action)
        wins += hero in state.winners
    assert wins >= 8, f"the heuristic won only {wins} of 12 three-player games"
