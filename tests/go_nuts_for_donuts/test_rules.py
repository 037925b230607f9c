"""Every rule of Go Nuts for Donuts and every ruling about it, one test each.

Positions are set up with the public builder (``state.arrange``) and played
through ``state.apply`` only.  The rule text has no worked example of play;
its description of a round (bids, reveal, resolution from position 1,
refill) is reproduced move by move in ``test_a_round_as_the_text_describes_it``.
"""

from __future__ import annotations

import pytest

import bodoge
from bodoge.engine import IllegalAction, Rng, WrongSeat
from bodoge.games.go_nuts_for_donuts import (
    GAME,
    Bid,
    Clear,
    Discard,
    DiscardMilk,
    Done,
    DonutsState,
    Give,
    Keep,
    PassDonut,
    Spoil,
    Steal,
    Take,
    data,
)
from bodoge.games.go_nuts_for_donuts.scoring import breakdown, ranking, totals

DONUTS = data.DONUTS


def new(players: int = 3, seed: int = 1) -> DonutsState:
    state = GAME.new_game(players, seed)
    assert isinstance(state, DonutsState)
    return state


def bid(state: DonutsState, positions: list[int]) -> list:
    """Every seat bids (positions 1..); returns the events."""
    return [state.apply(seat, Bid(p)) for seat, p in enumerate(positions)]


def hand(state: DonutsState, seat: int) -> dict[str, int]:
    return {d: c for d, c in zip(DONUTS, state.hands[seat], strict=True) if c}


def cards(**counts: int) -> list[int]:
    return [counts.get(d, 0) for d in DONUTS]


# ------------------------------------------------------------ components, set-up


@pytest.mark.parametrize(("players", "size"), [(2, 37), (3, 50), (4, 61), (5, 70), (6, 70)])
def test_the_deck_uses_every_card_whose_minimum_fits_the_player_count(players, size):
    deck = data.deck_for(players)
    assert len(deck) == size
    assert deck.count(data.FRENCH_CRULLER) == min(players - 1, 4)
    for kind, donut in enumerate(data.DONUT_LIST):
        if kind != data.FRENCH_CRULLER:
            assert deck.count(kind) == (donut.copies if donut.minimum <= players else 0)
    state = new(players)
    assert len(state.deck) + len(state.row) == size


@pytest.mark.parametrize("players", range(1, 8))
def test_two_to_six_players_selection_cards_and_row_of_players_plus_one(players):
    if not 2 <= players <= 6:
        with pytest.raises(bodoge.InvalidOptions):
            GAME.new_game(players, 0)
        return
    state = new(players)
    assert len(state.view(None)["row"]) == players + 1
    assert state.legal_actions(0) == [Bid(p) for p in range(1, players + 2)]


# ------------------------------------------------------------------ bids


def test_bids_are_one_secret_simultaneous_decision():
    state = new(3)
    assert state.to_act == (0, 1, 2)
    event = state.apply(1, Bid(2))
    assert event.for_seat(0)["action"] is None and event.for_seat(None)["action"] is None
    assert event.for_seat(1)["action"] == {"type": "bid", "position": 2}
    assert state.to_act == (0, 2)
    with pytest.raises(WrongSeat):
        state.apply(1, Bid(3))
    views = [state.view(s) for s in (None, 0, 2)]
    assert all(v["bids"] == [None] * 3 and v["my_bid"] is None for v in views)
    assert state.view(1)["my_bid"] == 2
    assert [p["chosen"] for p in state.view(0)["players"]] == [False, True, False]
    # nobody else's view depends on which position seat 1 chose
    other = new(3)
    other.apply(1, Bid(4))
    assert all(other.view(s) == state.view(s) for s in (None, 0, 2))


def test_bids_are_revealed_together_when_the_last_is_in():
    state = new(3).arrange(row=["glazed", "powdered", "plain", "jelly_filled"])
    events = bid(state, [1, 2, 3])
    assert events[-1].for_seat(0)["facts"]["bids"] == [1, 2, 3]
    assert hand(state, 0) == {"glazed": 1} and hand(state, 1) == {"powdered": 1}


def test_a_bid_outside_the_row_is_refused():
    state = new(2)
    with pytest.raises(IllegalAction, match="no position 4"):
        state.apply(0, Bid(4))


# ------------------------------------------------------------------ resolution


def test_a_round_as_the_text_describes_it():
    """The text's round: 4 cards for 3 players; secret bids; a card one player chose is
    theirs, a card two chose is discarded, a card nobody chose stays; empty positions
    are refilled from the deck in order."""
    state = new(3).arrange(
        row=["glazed", "powdered", "plain", "jelly_filled"], top=["donut_holes", "boston_cream"]
    )
    state.apply(0, Bid(2))
    state.apply(1, Bid(2))
    event = state.apply(2, Bid(3))
    facts = event.for_seat(None)["facts"]
    assert facts["steps"] == [
        {"what": "clash", "position": 2, "donut": "powdered"},
        {"what": "took", "seat": 2, "position": 3, "donut": "plain"},
    ]
    assert state.discard == [DONUTS.index("powdered")]
    assert hand(state, 2) == {"plain": 1} and hand(state, 0) == hand(state, 1) == {}
    assert facts["refilled"] == [[2, "donut_holes"], [3, "boston_cream"]]
    assert state.view(None)["row"] == ["glazed", "donut_holes", "boston_cream", "jelly_filled"]
    assert state.round == 2 and state.to_act == (0, 1, 2)


def test_a_clash_lower_down_is_already_discarded_when_a_later_eclair_resolves():
    state = new(3).arrange(row=["powdered", "eclair", "plain", "glazed"])
    bid(state, [1, 1, 2])
    assert hand(state, 2) == {"eclair": 1, "powdered": 1}
    assert state.discard == []


def test_a_clash_lower_down_feeds_a_later_red_velvet():
    state = new(3).arrange(
        row=["powdered", "red_velvet", "plain", "glazed"], discard=["plain", "glazed"]
    )
    bid(state, [1, 1, 2])
    assert state.to_act == (2,) and state.view(None)["phase"] == "take"
    assert set(state.legal_actions(2)) == {Take("plain"), Take("glazed"), Take("powdered")}
    state.apply(2, Take("powdered"))
    assert hand(state, 2) == {"powdered": 1, "red_velvet": 1}


def test_powers_resolve_in_position_order():
    """Seat 0's Eclair at 1 takes the discard top before seat 1's clash-free Red Velvet at 3."""
    state = new(3).arrange(
        row=["eclair", "plain", "red_velvet", "glazed"], discard=["powdered", "glazed"]
    )
    bid(state, [1, 4, 3])
    assert hand(state, 0) == {"eclair": 1, "glazed": 1}
    assert state.legal_actions(2) == [Take("powdered")] or hand(state, 2) == {
        "red_velvet": 1,
        "powdered": 1,
    }


OTHERS = {1: {"plain": 1}, 2: {"glazed": 1}, 3: {"powdered": 1}}
"""What seats 1–3 hold before a round of ``GAINS``: every seat a donut, so a Bear Claw or a
Cinnamon Twist would have something to steal or pass."""

GAINS = {
    # way of gaining: (seat 0's card at position 1, hands, discard, deck top, deck size,
    #   decisions, every seat's collection after the round, discard pile after)
    "eclair takes a bear claw": (
        "eclair", {}, ["bear_claw"], [], None, [],
        {0: {"eclair": 1, "bear_claw": 1}}, ["glazed"],
    ),
    "eclair takes a chocolate frosted": (
        "eclair", {}, ["chocolate_frosted"], [], None, [],
        {0: {"eclair": 1, "chocolate_frosted": 1}}, ["glazed"],
    ),
    "red velvet takes an eclair": (
        "red_velvet", {}, ["eclair", "plain"], [], None, [(0, Take("eclair"))],
        {0: {"red_velvet": 1, "eclair": 1}}, ["plain", "glazed"],
    ),
    "chocolate frosted draws a cinnamon twist": (
        "chocolate_frosted", {}, [], ["cinnamon_twist"], None, [],
        {0: {"chocolate_frosted": 1, "cinnamon_twist": 1}}, ["glazed"],
    ),
    "day old donuts takes a bear claw and an eclair": (
        "day_old", {}, ["bear_claw", "eclair", "plain"], [], None,
        [(0, Take("bear_claw")), (0, Take("eclair")), (0, Done())],
        {0: {"day_old": 1, "bear_claw": 1, "eclair": 1}}, ["plain", "glazed"],
    ),
    "bear claw steals an eclair": (
        "bear_claw", {1: {"eclair": 1}}, ["plain"], [], None, [(0, Steal(1, "eclair"))],
        {0: {"bear_claw": 1, "eclair": 1}, 1: {}}, ["plain", "glazed"],
    ),
    "double chocolate keeps a bear claw": (
        "double_chocolate", {}, [], ["bear_claw", "plain"], None, [(0, Keep("bear_claw"))],
        {0: {"double_chocolate": 1, "bear_claw": 1}}, ["glazed"],
    ),
    "double chocolate takes the last card, an eclair": (
        "double_chocolate", {}, ["plain"], ["eclair"], 1, [],
        {0: {"double_chocolate": 1, "eclair": 1}}, ["plain", "glazed"],
    ),
    "sprinkled gives an eclair away": (
        "sprinkled", {0: {"eclair": 1}}, ["plain"], [], None, [(0, Give(1, "eclair"))],
        {0: {"sprinkled": 1}, 1: {"plain": 1, "eclair": 1}}, ["plain", "glazed"],
    ),
    "cinnamon twist passes a bear claw and a cinnamon twist": (
        "cinnamon_twist", {3: {"bear_claw": 1}}, [], [], None,
        [
            (0, PassDonut("cinnamon_twist")),
            (1, PassDonut("plain")),
            (2, PassDonut("glazed")),
            (3, PassDonut("bear_claw")),
        ],
        {0: {"bear_claw": 1}, 1: {"cinnamon_twist": 1}, 2: {"plain": 1}, 3: {"glazed": 1}},
        ["glazed"],
    ),
}  # fmt: skip


@pytest.mark.parametrize(
    ("card", "hands", "discard", "top", "size", "decisions", "after", "pile"),
    GAINS.values(),
    ids=GAINS.keys(),
)
def test_no_card_gained_otherwise_than_by_a_single_bid_works_its_power(
    card, hands, discard, top, size, decisions, after, pile
):
    """Four players; seat 0 alone bids on position 1, whose power gains it (or, by Sprinkled
    and Cinnamon Twist, another seat) a card with a power of its own; seats 1–3 clash on
    position 5.  The gained Eclair takes no discard, the Bear Claw steals nothing, the
    Chocolate Frosted draws nothing, the Cinnamon Twist starts no pass: only the named
    decisions are asked for, and nothing but the named cards moves."""
    state = new(4).arrange(
        {**OTHERS, **hands},
        row=[card, "powdered", "powdered", "jelly_filled", "glazed"],
        discard=discard,
        top=top,
        deck_size=size,
    )
    deck = len(state.deck)
    bid(state, [1, 5, 5, 5])
    for seat, decision in decisions:
        assert seat in state.to_act if isinstance(decision, PassDonut) else state.to_act == (0,)
        state.apply(seat, decision)
    for seat in range(4):
        assert hand(state, seat) == after.get(seat, OTHERS.get(seat)), f"seat {seat}"
    assert state.discard == [DONUTS.index(d) for d in pile]
    assert state.view(None)["row"][1:4] == ["powdered", "powdered", "jelly_filled"]
    if size == 1:  # the last card gained: two empty positions, no refill, the end
        assert state.is_over and state.to_act == () and state.deck == []
        return
    drawn = len(top) - (1 if card == "double_chocolate" else 0)  # one drawn card goes back
    assert len(state.deck) == deck - drawn - 2, "the refill of positions 1 and 5 alone drew"
    assert state.view(None)["phase"] == "bid" and state.to_act == (0, 1, 2, 3)
    assert state.round == 2


def test_unchosen_cards_stay_in_the_row():
    state = new(2).arrange(row=["glazed", "powdered", "plain"])
    bid(state, [1, 1])
    assert state.view(None)["row"][1:] == ["powdered", "plain"]


# ------------------------------------------------------------------ refill and end


def test_the_game_ends_when_the_deck_cannot_refill_every_empty_position():
    state = new(3).arrange(row=["glazed", "powdered", "plain", "jelly_filled"], deck_size=1)
    event = bid(state, [1, 2, 3])[-1]
    assert state.is_over and event.for_seat(None)["facts"]["game_over"] == "deck"
    assert len(state.deck) == 1, "no partial refill"
    assert state.view(None)["row"] == [None, None, None, "jelly_filled"]


def test_exactly_enough_cards_refill_and_play_goes_on():
    state = new(3).arrange(row=["glazed", "powdered", "plain", "jelly_filled"], deck_size=3)
    bid(state, [1, 2, 3])
    assert not state.is_over and len(state.deck) == 0 and None not in state.view(None)["row"]
    bid(state, [1, 1, 1])
    assert state.is_over


# ------------------------------------------------------------------ scoring


@pytest.mark.parametrize(("count", "points"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 15)])
def test_donut_holes_score_by_set(count, points):
    assert totals([cards(donut_holes=count), cards()], 6)[0] == points


@pytest.mark.parametrize(("count", "points"), [(1, 0), (2, 5), (3, 5), (4, 10), (5, 10), (6, 15)])
def test_jelly_filled_score_by_set(count, points):
    assert totals([cards(jelly_filled=count), cards()], 6)[0] == points


@pytest.mark.parametrize(("count", "points"), [(1, 0), (2, 6), (3, 0), (4, 15), (5, 0), (6, 25)])
def test_boston_cream_scores_pairs_and_nothing_for_odd_counts(count, points):
    assert totals([cards(boston_cream=count), cards()], 6)[0] == points


def test_two_boston_creams_score_the_design_parameter():
    """Ruling: 6, declared as the design parameter ``boston_cream_pair``."""
    assert [p.name for p in GAME.design] == ["boston_cream_pair"]
    assert GAME.resolve_design(None) == {"boston_cream_pair": 6}
    state = GAME.new_game(3, 1, design={"boston_cream_pair": 3}).arrange({0: {"boston_cream": 2}})
    assert state.scores[0] == 3
    with pytest.raises(bodoge.InvalidOptions):
        GAME.new_game(3, 1, design={"boston_cream_pair": 40})


def test_plain_one_each_plus_three_for_the_sole_most_plus_one_each_when_tied():
    assert totals([cards(plain=3), cards(plain=1)], 6) == (6, 1)
    assert totals([cards(plain=2), cards(plain=2), cards()], 6) == (3, 3, 0)
    assert totals([cards(), cards()], 6) == (0, 0)


def test_maple_bar_needs_seven_kinds_milk_and_coffee_count():
    six = {"maple_bar": 1, "milk": 1, "coffee": 1, "plain": 1, "glazed": 1, "powdered": 1}
    # Plain 1 + 3 (the most), Glazed 2, Powdered 3, Milk 5; Coffee 0 (no negative donut)
    assert totals([cards(**six), cards()], 6)[0] == 4 + 2 + 3 + 5
    assert totals([cards(**six, eclair=1), cards()], 6)[0] == 3 + 4 + 2 + 3 + 5


def test_old_fashioned_needs_fewer_than_ten_donuts():
    assert totals(
        [cards(old_fashioned=1, eclair=3, chocolate_frosted=3, double_chocolate=2)], 6
    ) == (5,)
    assert totals(
        [
            cards(
                old_fashioned=1,
                eclair=3,
                chocolate_frosted=3,
                double_chocolate=2,
                raspberry_frosted=1,
            )
        ],
        6,
    ) == (0,)


def test_maple_frosted_needs_the_sole_fewest_donuts():
    assert totals([cards(maple_frosted=1), cards(eclair=2)], 6)[0] == 5
    assert totals([cards(maple_frosted=1), cards(eclair=1)], 6)[0] == 0


def test_mucho_matcha_needs_fewer_than_seven_kinds():
    six = {
        "mucho_matcha": 1,
        "eclair": 1,
        "chocolate_frosted": 1,
        "double_chocolate": 1,
        "raspberry_frosted": 1,
        "milk": 1,
    }
    assert totals([cards(**six)], 6) == (3 + 5,)
    assert totals([cards(**six, glazed=1)], 6) == (5 + 2,)


def test_coffee_scores_one_per_negative_donut_which_stay_negative():
    sheet = breakdown([cards(coffee=1, red_velvet=1, bear_claw=1, day_old=1)], 0, 6)
    assert sheet == [(11, 1, -2), (13, 1, -2), (15, 1, 3), (16, 1, -7)]


def test_milk_scores_five_and_flat_cards_their_points():
    assert totals(
        [
            cards(
                milk=1,
                glazed=2,
                powdered=1,
                french_cruller=1,
                sprinkled=1,
                cinnamon_twist=1,
                strawberry_glazed=1,
            )
        ],
        6,
    ) == (5 + 4 + 3 + 2 + 2 + 1 - 2,)


def test_every_copy_of_a_condition_card_scores_on_its_own():
    """Ruling: Maple Bar, Old Fashioned, Mucho Matcha, Maple Frosted, Milk, Coffee (the one
    Milk of the deck scores 5; there is no second to count)."""
    # Maple Bar 3 each with 7+ types (itself counted): Glazed 2, Powdered 3, Cruller 2,
    # Sprinkled 2, Cinnamon Twist 1, Eclair 0 make seven types with the Maple Bars
    seven = {
        "maple_bar": 2,
        "glazed": 1,
        "powdered": 1,
        "french_cruller": 1,
        "sprinkled": 1,
        "cinnamon_twist": 1,
        "eclair": 1,
    }
    assert totals([cards(**seven)], 6) == (2 * 3 + 2 + 3 + 2 + 2 + 1,)
    assert totals([cards(**{**seven, "eclair": 0})], 6) == (2 + 3 + 2 + 2 + 1,)
    assert totals([cards(old_fashioned=2)], 6) == (10,)
    # Old Fashioned 5 each below 10 donuts, both copies counted among them
    nine = {"old_fashioned": 2, "eclair": 3, "chocolate_frosted": 3, "double_chocolate": 1}
    assert totals([cards(**nine)], 6) == (10,)
    assert totals([cards(**nine, raspberry_frosted=1)], 6) == (0,)
    assert totals([cards(mucho_matcha=2)], 6) == (6,)
    assert totals([cards(maple_frosted=2), cards(eclair=3)], 6)[0] == 10
    assert totals([cards(coffee=2, red_velvet=2)], 6) == (4 - 4,)


def test_ties_go_to_most_donut_cards_then_are_shared():
    assert ranking([cards(powdered=1), cards(plain=1, glazed=1)], 6) == (1,)
    assert ranking([cards(powdered=1), cards(powdered=1)], 6) == (0, 1)
    for extra, winners in (({}, (0, 1)), ({"eclair": 1}, (0,))):
        state = new(2).arrange(
            {0: {"powdered": 1, **extra}, 1: {"powdered": 1}},
            row=["glazed", "plain", "plain"],
            deck_size=0,
        )
        bid(state, [1, 1])  # a clash: nobody gains; one empty position, no deck: the end
        assert state.is_over and state.scores == (3, 3)
        assert state.winners == winners


# ------------------------------------------------------------------ powers


def test_chocolate_frosted_takes_the_top_card_of_the_deck():
    state = new(3).arrange(
        row=["chocolate_frosted", "plain", "glazed", "powdered"], top=["boston_cream"]
    )
    bid(state, [1, 2, 3])
    assert hand(state, 0) == {"chocolate_frosted": 1, "boston_cream": 1}


def test_eclair_takes_the_top_discard_or_nothing_on_an_empty_pile():
    state = new(3).arrange(
        row=["eclair", "plain", "glazed", "powdered"], discard=["plain", "glazed"]
    )
    bid(state, [1, 2, 3])
    assert hand(state, 0) == {"eclair": 1, "glazed": 1}
    state = new(3).arrange(row=["eclair", "plain", "glazed", "powdered"])
    facts = bid(state, [1, 2, 3])[-1].for_seat(None)["facts"]
    assert hand(state, 0) == {"eclair": 1}
    assert {"what": "eclair_none", "seat": 0} in facts["steps"]


def test_double_chocolate_keeps_one_and_puts_the_other_on_top_known_to_its_taker():
    state = new(4).arrange(
        row=["double_chocolate", "plain", "glazed", "powdered", "eclair"], top=["coffee", "milk"]
    )
    events = bid(state, [1, 2, 3, 4])
    assert state.to_act == (0,) and state.view(0)["drawn"] == ["coffee", "milk"]
    assert all(state.view(s)["drawn"] is None for s in (None, 1, 2, 3))
    assert events[-1].for_seat(0)["facts"].get("drawn") == ["coffee", "milk"]
    assert "drawn" not in events[-1].for_seat(1)["facts"]
    assert state.legal_actions(0) == [Keep("coffee"), Keep("milk")]
    state.apply(0, Keep("milk"))
    assert hand(state, 0) == {"double_chocolate": 1, "milk": 1}
    # refill drew the put-back coffee into the row: it is public now
    assert "coffee" in state.view(None)["row"]


def test_the_card_put_back_stays_known_to_its_taker_also_through_determinize():
    """Double Chocolate at 1 puts a card back; while a Bear Claw at 2 waits for its
    choice, the taker sees the top card and every determinisation for it keeps it."""
    state = new(4).arrange(
        {2: {"plain": 1}, 3: {"glazed": 1}},
        row=["double_chocolate", "bear_claw", "powdered", "eclair", "coffee"],
        top=["milk", "sprinkled"],
    )
    bid(state, [1, 2, 5, 5])
    state.apply(0, Keep("milk"))
    assert state.to_act == (1,) and state.view(None)["phase"] == "steal"
    assert state.view(0)["deck_top"] == "sprinkled"
    assert all(state.view(s)["deck_top"] is None for s in (None, 1, 2, 3))
    top = DONUTS.index("sprinkled")
    for seed in range(20):
        assert state.determinize(0, Rng(seed)).deck[-1] == top
    assert any(state.determinize(1, Rng(seed)).deck[-1] != top for seed in range(20))
    state.apply(1, Steal(2, "plain"))
    assert state.view(None)["row"][0] == "sprinkled", "the refill draws it: public now"
    assert state.view(0)["deck_top"] is None


def test_determinize_keeps_the_drawn_pair_for_its_taker_only():
    state = new(3).arrange(
        row=["double_chocolate", "glazed", "powdered", "plain"],
        top=["boston_cream", "sprinkled"],
    )
    bid(state, [1, 4, 4])
    assert state.view(0)["drawn"] == ["boston_cream", "sprinkled"]
    for seed in range(5):
        twin = state.determinize(0, Rng(seed))
        assert twin.view(0)["drawn"] == ["boston_cream", "sprinkled"]
    pairs = {tuple(state.determinize(1, Rng(seed)).drawn) for seed in range(20)}
    assert len(pairs) > 1
    state.apply(0, Keep("boston_cream"))  # sprinkled back on top; the refill draws it
    assert state.view(None)["row"][0] == "sprinkled"


def test_double_chocolate_with_one_card_left_just_takes_it():
    state = new(3).arrange(
        row=["double_chocolate", "glazed", "powdered", "plain"], top=["sprinkled"], deck_size=1
    )
    bid(state, [1, 2, 3])
    assert hand(state, 0) == {"double_chocolate": 1, "sprinkled": 1}
    assert state.is_over  # the deck is empty now: three positions cannot be refilled


def test_sprinkled_gives_another_donut_or_itself_when_it_is_the_only_one():
    state = new(3).arrange(
        {0: {"red_velvet": 1, "powdered": 1}}, row=["sprinkled", "plain", "glazed", "powdered"]
    )
    bid(state, [1, 2, 3])
    legal = state.legal_actions(0)
    assert Give(1, "red_velvet") in legal and Give(2, "powdered") in legal
    assert Give(1, "sprinkled") not in legal and Give(0, "powdered") not in legal
    state.apply(0, Give(2, "red_velvet"))
    assert hand(state, 0) == {"sprinkled": 1, "powdered": 1}
    assert hand(state, 2) == {"red_velvet": 1, "glazed": 1}
    state = new(3).arrange(row=["sprinkled", "plain", "glazed", "powdered"])
    bid(state, [1, 2, 3])
    assert state.legal_actions(0) == [Give(1, "sprinkled"), Give(2, "sprinkled")]
    state.apply(0, Give(1, "sprinkled"))
    assert hand(state, 0) == {} and hand(state, 1) == {"plain": 1, "sprinkled": 1}


def test_raspberry_frosted_discards_another_donut_or_itself_when_alone():
    state = new(5).arrange(
        {0: {"bear_claw": 1, "plain": 1}},
        row=["raspberry_frosted", "plain", "glazed", "powdered", "eclair", "coffee"],
    )
    bid(state, [1, 2, 3, 4, 5])
    assert state.legal_actions(0) == [Discard("plain"), Discard("bear_claw")]
    state.apply(0, Discard("bear_claw"))
    assert hand(state, 0) == {"plain": 1, "raspberry_frosted": 1}
    state = new(5).arrange(
        row=["raspberry_frosted", "plain", "glazed", "powdered", "eclair", "coffee"]
    )
    bid(state, [1, 2, 3, 4, 6])
    assert hand(state, 0) == {} and state.discard == [DONUTS.index("raspberry_frosted")]


def test_strawberry_glazed_discards_another_players_donut_or_does_nothing():
    state = new(5).arrange(
        {2: {"powdered": 1}},
        row=["strawberry_glazed", "plain", "glazed", "eclair", "coffee", "milk"],
    )
    bid(state, [1, 6, 6, 6, 6])  # only seat 0 gets a card; seat 2 holds a Powdered
    assert state.legal_actions(0) == [Spoil(2, "powdered")] or hand(state, 2) == {}
    assert hand(state, 2) == {} and DONUTS.index("powdered") in state.discard
    state = new(5).arrange(row=["strawberry_glazed", "plain", "glazed", "eclair", "coffee", "milk"])
    facts = bid(state, [1, 6, 6, 6, 6])[-1].for_seat(None)["facts"]
    assert {"what": "nothing", "seat": 0, "donut": "strawberry_glazed"} in facts["steps"]
    assert hand(state, 0) == {"strawberry_glazed": 1}


def test_a_decision_with_one_answer_is_carried_out_and_reported_as_forced():
    state = new(5).arrange(
        {2: {"powdered": 1}},
        row=["strawberry_glazed", "plain", "glazed", "eclair", "coffee", "milk"],
    )
    facts = bid(state, [1, 6, 6, 6, 6])[-1].for_seat(None)["facts"]
    assert facts["forced"] == [{"type": "spoil", "target": 2, "donut": "powdered"}]


def test_day_old_donuts_takes_up_to_three_of_your_choice():
    state = new(4).arrange(
        row=["day_old", "plain", "glazed", "powdered", "eclair"],
        discard=["plain", "glazed", "powdered", "powdered", "coffee"],
    )
    bid(state, [1, 2, 3, 4])
    assert state.legal_actions(0)[-1] == Done()
    state.apply(0, Take("powdered"))
    state.apply(0, Take("powdered"))
    assert state.to_act == (0,)
    state.apply(0, Take("coffee"))
    assert hand(state, 0) == {"day_old": 1, "powdered": 2, "coffee": 1}
    assert state.view(None)["phase"] == "bid"
    state = new(4).arrange(
        row=["day_old", "plain", "glazed", "powdered", "eclair"], discard=["plain"]
    )
    bid(state, [1, 2, 3, 4])
    state.apply(0, Done())
    assert hand(state, 0) == {"day_old": 1} and state.discard == [DONUTS.index("plain")]


def test_red_velvet_takes_any_discard_not_only_the_top():
    state = new(3).arrange(
        row=["red_velvet", "plain", "glazed", "powdered"], discard=["boston_cream", "plain"]
    )
    bid(state, [1, 2, 3])
    state.apply(0, Take("boston_cream"))
    assert hand(state, 0) == {"red_velvet": 1, "boston_cream": 1}
    assert state.discard == [DONUTS.index("plain")]


def test_french_cruller_discards_any_unselected_row_cards_which_are_refilled():
    state = new(3).arrange(
        row=["french_cruller", "plain", "glazed", "powdered"],
        top=["eclair", "jelly_filled", "donut_holes"],
    )
    bid(state, [1, 2, 2])  # 2 clashes; 3 and 4 were not bid on
    assert state.legal_actions(0) == [Clear(3), Clear(4), Done()]
    with pytest.raises(IllegalAction, match="bid on"):
        state.apply(0, Clear(2))
    state.apply(0, Clear(4))
    assert state.legal_actions(0) == [Clear(3), Done()]
    state.apply(0, Done())
    assert state.view(None)["row"] == ["eclair", "jelly_filled", "glazed", "donut_holes"]
    # the cruller at 1 resolves before the clash at 2
    assert state.discard == [DONUTS.index("powdered"), DONUTS.index("plain")]


def test_bear_claw_steals_a_donut_from_another_player():
    state = new(4).arrange(
        {1: {"powdered": 2}, 2: {"plain": 1}},
        row=["bear_claw", "glazed", "eclair", "coffee", "milk"],
    )
    bid(state, [1, 5, 5, 5])
    assert state.legal_actions(0) == [Steal(1, "powdered"), Steal(2, "plain")]
    state.apply(0, Steal(1, "powdered"))
    assert hand(state, 0) == {"bear_claw": 1, "powdered": 1} and hand(state, 1) == {"powdered": 1}


def test_milk_discards_three_others_or_itself_forced_with_fewer_than_three():
    state = new(4).arrange(
        {0: {"plain": 2, "bear_claw": 1}}, row=["milk", "glazed", "eclair", "coffee", "powdered"]
    )
    bid(state, [1, 5, 5, 5])
    assert DiscardMilk() in state.legal_actions(0)
    state.apply(0, Discard("bear_claw"))
    assert state.legal_actions(0) == [Discard("plain")] or hand(state, 0) == {"milk": 1}
    assert hand(state, 0) == {"milk": 1}  # the two Plains went by force
    state = new(4).arrange(
        {0: {"plain": 2, "bear_claw": 1}}, row=["milk", "glazed", "eclair", "coffee", "powdered"]
    )
    bid(state, [1, 5, 5, 5])
    state.apply(0, DiscardMilk())
    assert hand(state, 0) == {"plain": 2, "bear_claw": 1}
    state = new(4).arrange(
        {0: {"plain": 2}}, row=["milk", "glazed", "eclair", "coffee", "powdered"]
    )
    facts = bid(state, [1, 5, 5, 5])[-1].for_seat(None)["facts"]
    assert hand(state, 0) == {"plain": 2} and {"what": "milk_spilt", "seat": 0} in facts["steps"]


def test_cinnamon_twist_is_a_simultaneous_secret_pass_to_the_left():
    state = new(4).arrange(
        {1: {"powdered": 1}, 2: {"plain": 1, "glazed": 1}, 3: {"coffee": 1}},
        row=["cinnamon_twist", "glazed", "eclair", "boston_cream", "powdered"],
    )
    bid(state, [1, 5, 5, 5])
    assert state.to_act == (0, 1, 2, 3) and state.view(None)["phase"] == "pass"
    assert state.legal_actions(2) == [PassDonut("glazed"), PassDonut("plain")]
    event = state.apply(2, PassDonut("plain"))
    assert event.for_seat(0)["action"] is None and state.view(0)["my_pass"] is None
    assert state.view(2)["my_pass"] == "plain"
    state.apply(0, PassDonut("cinnamon_twist"))
    state.apply(1, PassDonut("powdered"))
    state.apply(3, PassDonut("coffee"))
    assert hand(state, 0) == {"coffee": 1}
    assert hand(state, 1) == {"cinnamon_twist": 1}
    assert hand(state, 2) == {"glazed": 1, "powdered": 1}
    assert hand(state, 3) == {"plain": 1}


def test_cinnamon_twist_fails_and_is_discarded_if_anyone_has_no_donut():
    state = new(4).arrange(
        {1: {"powdered": 1}, 2: {"plain": 1}},
        row=["cinnamon_twist", "glazed", "eclair", "boston_cream", "powdered"],
    )
    bid(state, [1, 5, 5, 5])
    assert hand(state, 0) == {} and DONUTS.index("cinnamon_twist") in state.discard
    assert state.view(None)["phase"] == "bid"


# ------------------------------------------------------------------ information


def test_what_is_public_and_what_is_hidden():
    state = new(3).arrange(
        {0: {"plain": 1}}, row=["glazed", "powdered", "plain", "eclair"], discard=["eclair"]
    )
    view = state.view(None)
    assert view["row"] == ["glazed", "powdered", "plain", "eclair"]
    assert view["discard_pile"] == ["eclair"] and view["discard_top"] == "eclair"
    assert view["players"][0]["donuts"] == state.hands[0]
    assert "deck_order" not in view and view["deck_top"] is None
    twin = state.determinize(0, Rng(3))
    assert twin.view(0) == state.view(0) and sorted(twin.deck) == sorted(state.deck)


def test_refusals_change_nothing():
    state = new(3).arrange(row=["sprinkled", "plain", "glazed", "powdered"])
    bid(state, [1, 2, 3])
    before = state.view(0)
    with pytest.raises(IllegalAction, match="another player"):
        state.apply(0, Give(0, "sprinkled"))
    with pytest.raises(IllegalAction):
        state.apply(0, Bid(1))
    assert state.view(0) == before
