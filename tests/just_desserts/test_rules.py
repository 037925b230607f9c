"""Just Desserts: one test per rule, set up with ``arrange`` and played by ``apply``."""

from __future__ import annotations

import pytest

import bodoge
from bodoge.engine import IllegalAction, InvalidOptions
from bodoge.games.just_desserts import (
    AddDessert,
    AllowPoach,
    Block,
    CallOff,
    ChooseGuest,
    DiscardChosen,
    DismissGuest,
    DrawDessert,
    EndTurn,
    OpenBuffet,
    ReturnGuest,
    Serve,
    StartBuffet,
    StartSwap,
    TakeBack,
)
from bodoge.games.just_desserts.data import (
    DESSERT_INDEX,
    GUEST_INDEX,
    TURN_LIMIT,
    deck_desserts,
    deck_guests,
)

GAME = bodoge.get_game("just-desserts")
ADVANCED = {"advanced": True}
SINGLES = ("cheesecake", "sugar_cookies", "fortune_cookies", "glazed_donut")
"""Four single-taste desserts (the data file's list): enough for a buffet."""


def new(n: int = 2, options: dict | None = None, seed: int = 1):
    return GAME.new_game(n, seed, options or {})


def serve(state, seat, guest, desserts):
    state.apply(seat, ChooseGuest(guest))
    for d in desserts:
        state.apply(seat, AddDessert(d))
    state.apply(seat, Serve())


def open_buffet(state, seat, desserts=SINGLES):
    state.apply(seat, StartBuffet())
    for d in desserts:
        state.apply(seat, AddDessert(d))
    state.apply(seat, OpenBuffet())


def test_player_counts_and_options():
    """2–5 players; buffet and poaching belong to the advanced rules and default on with them."""
    assert GAME.player_range() == (2, 5)
    with pytest.raises(InvalidOptions):
        GAME.new_game(6, 1)
    with pytest.raises(InvalidOptions, match="advanced"):
        GAME.resolve_options({"buffet": True})
    resolved = GAME.resolve_options(ADVANCED)
    assert resolved["buffet"] and resolved["poaching"]
    assert not GAME.resolve_options(None)["buffet"]


@pytest.mark.parametrize(
    ("bacon", "coffee", "desserts", "guests"),
    [(False, False, 76, 24), (True, False, 82, 28), (False, True, 82, 28), (True, True, 88, 32)],
)
def test_deck_contents_per_expansion(bacon, coffee, desserts, guests):
    """Base 76 desserts and 24 guests; each expansion adds 6 desserts and 4 guests of a colour."""
    state = new(3, {"bacon": bacon, "coffee": coffee})
    assert len(deck_desserts(bacon, coffee)) == desserts
    assert len(deck_guests(bacon, coffee)) == guests
    held = sum(len(h) for h in state.hands) + len(state.deck) + len(state.discard)
    assert held == desserts
    colours = {bodoge.games.just_desserts.data.GUESTS[g].colour for g in state.guest_set}
    assert ("brown" in colours) == bacon and ("pink" in colours) == coffee


def test_setup_hands_and_guest_row():
    """Three desserts each, three guests face up; the first turn draws one and adds a guest."""
    state = new(4, seed=3)
    active = state.active
    for seat in range(4):
        assert len(state.hands[seat]) == (4 if seat == active else 3)
    assert len(state.middle) == 4
    view = state.view(active)
    assert view["hand"] is not None and state.view((active + 1) % 4)["hand"] != view["hand"]


def test_hidden_hands_and_public_guests():
    """Hands and deck order are hidden; guests, served guests and discards are public."""
    state = new(2)
    spectator = state.view(None)
    assert spectator["hand"] is None
    other = state.view(1 - state.active)
    assert set(other["hand"]).isdisjoint(state.view(state.active)["hand"])
    assert spectator["middle"] == other["middle"] and "deck" in spectator
    assert all("won" in p and "hand_size" in p for p in spectator["players"])


def test_serving_checks_wants_and_refusals_step_by_step():
    """Every wanted taste must be served; a refused taste can never go on the plate."""
    state = new().arrange(
        {0: ["cherry_pie", "vanilla_ice_cream", "fudge", "fruit_salad"]}, middle=["granny"]
    )
    state.apply(0, ChooseGuest("granny"))
    state.apply(0, AddDessert("cherry_pie"))
    with pytest.raises(IllegalAction, match="satisfy"):
        state.apply(0, Serve())
    with pytest.raises(IllegalAction, match="adds no taste"):
        state.apply(0, AddDessert("fudge"))
    assert state.view(0)["plate"]["missing"] == ["ice_cream"]
    state.apply(0, AddDessert("vanilla_ice_cream"))
    state.apply(0, Serve())
    assert state.won[0] and state.view(1)["players"][0]["won"] == ["granny"]
    # the professor refuses chocolate
    state = new().arrange({0: ["fudge", "strawberry_shortcake"]}, middle=["professor"])
    state.apply(0, ChooseGuest("professor"))
    with pytest.raises(IllegalAction, match="refuses"):
        state.apply(0, AddDessert("fudge"))


def test_only_guests_the_hand_can_satisfy_are_offered():
    """Interpretation: choosing a guest is offered only if some desserts in hand satisfy it."""
    state = new().arrange({0: ["fudge"]}, middle=["granny"])
    with pytest.raises(IllegalAction, match="satisfy"):
        state.apply(0, ChooseGuest("granny"))


def test_take_back_and_call_off():
    """A chosen dessert can be taken back; calling off returns every card to hand."""
    state = new().arrange({0: ["cherry_pie", "vanilla_ice_cream"]}, middle=["granny"])
    state.apply(0, ChooseGuest("granny"))
    state.apply(0, AddDessert("cherry_pie"))
    state.apply(0, TakeBack("cherry_pie"))
    state.apply(0, AddDessert("cherry_pie"))
    state.apply(0, CallOff())
    assert state.phase == "act" and len(state.hands[0]) == 2 and not state.plate


def test_the_plate_is_hidden_until_served():
    """The desserts being chosen are seen by the chooser only; the others see how many."""
    state = new().arrange({0: ["cherry_pie", "vanilla_ice_cream"]}, middle=["granny"])
    state.apply(0, ChooseGuest("granny"))
    state.apply(0, AddDessert("cherry_pie"))
    assert state.view(0)["plate"]["desserts"] == ["cherry_pie"]
    assert state.view(1)["plate"]["desserts"] is None and state.view(1)["plate"]["size"] == 1


def test_favourite_tip():
    """A favourite among the served desserts earns a tip: one dessert drawn."""
    state = new().arrange({0: ["apple_pie_a_la_mode"]}, middle=["granny", "mojo"], top=["fudge"])
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    assert state.hands[0] == [DESSERT_INDEX["fudge"]]


def test_anything_with_bacon_is_a_favourite():
    """Abraham Bacon's favourite is any dessert carrying bacon."""
    state = new(2, {"bacon": True}).arrange(
        {0: ["maple_bacon_donut"]}, middle=["abraham_bacon", "granny"], top=["fudge"]
    )
    serve(state, 0, "abraham_bacon", ["maple_bacon_donut"])
    assert len(state.hands[0]) == 1


def test_two_serves_then_the_turn_ends():
    """At most two guests a turn; after the second the turn ends."""
    state = new().arrange(
        {0: ["apple_pie_a_la_mode", "baked_alaska", "fudge"]},
        middle=["granny", "mojo", "inga"],
    )
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    assert state.phase == "more"
    serve(state, 0, "mojo", ["baked_alaska"])
    assert state.active == 1 and state.phase in ("act", "tidy")


def test_end_turn_after_one_serve():
    """After one serve the player may stop."""
    state = new().arrange({0: ["apple_pie_a_la_mode"]}, middle=["granny", "inga"])
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    state.apply(0, EndTurn())
    assert state.active == 1


def test_draw_action_and_start_of_turn():
    """Draw one dessert and end the turn; the next player draws one and a guest arrives."""
    state = new().arrange({0: [], 1: []}, middle=["granny"], guest_top=["inga"])
    state.apply(0, DrawDessert())
    assert len(state.hands[0]) == 1 and len(state.hands[1]) == 1
    assert state.middle[-1] == GUEST_INDEX["inga"]


def test_swap_discards_and_draws_as_many():
    """Swap: discard any number of desserts (face up) and draw as many."""
    state = new().arrange({0: ["fudge", "cheesecake", "pound_cake"]}, middle=["granny"])
    state.apply(0, StartSwap())
    state.apply(0, AddDessert("fudge"))
    state.apply(0, AddDessert("cheesecake"))
    state.apply(0, DiscardChosen())
    assert len(state.hands[0]) == 3
    names = state.view(1)["discard"]
    assert "fudge" in names and "cheesecake" in names


def test_same_colour_guests_are_sent_away_and_the_last_is_in_the_doorway():
    """End of turn: while two middle guests share a colour, one goes; the last is at the door."""
    state = new().arrange({0: []}, middle=["granny", "mojo", "mary_ann", "inga"])
    state.apply(0, DrawDessert())
    assert state.phase == "tidy"
    state.apply(0, DismissGuest("granny"))
    state.apply(0, DismissGuest("mojo"))
    assert state.active == 1
    assert state.view(1)["doorway"] == "mojo"


def test_the_doorway_guest_can_be_served():
    """The guest on top of the guest discards may be served; the one below then is at the door."""
    state = new().arrange({0: ["apple_pie_a_la_mode"]}, middle=["inga"], doorway=["mojo", "granny"])
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    assert state.view(1)["doorway"] == "mojo"
    with pytest.raises(IllegalAction, match="doorway"):
        state.apply(0, ChooseGuest("mary_ann"))


def test_dessert_deck_reshuffles_its_discards():
    """An empty dessert deck is refilled from the discards."""
    state = new().arrange({0: []}, middle=["granny"], deck_size=0)
    assert not state.deck and state.discard
    state.apply(0, DrawDessert())
    assert len(state.hands[0]) == 1 and state.deck
    state.check_conservation()


def test_guest_deck_reshuffle_keeps_the_doorway_guest():
    """An empty guest deck is refilled from the guest discards except the top one."""
    state = new().arrange(
        {0: []}, middle=["granny"], doorway=["mojo", "inga", "agent_17"], guest_deck_size=0
    )
    door = state.doorway
    state.apply(0, DrawDessert())
    assert state.guest_discard == [door] and len(state.guest_deck) == 1
    state.check_conservation()


def test_instant_win_three_of_one_colour():
    """Three guests of one colour win at once."""
    state = new().arrange(
        {0: ["apple_pie_a_la_mode"]}, middle=["granny", "inga"], won={0: ["mojo", "mary_ann"]}
    )
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    assert state.is_over and state.winners == (0,) and state.ending == "same_colour"


def test_instant_win_five_colours():
    """Guests of five different colours win at once."""
    state = new().arrange(
        {0: ["apple_pie_a_la_mode"]},
        middle=["granny", "mojo"],
        won={0: ["inga", "agent_17", "candice", "mr_healthy"]},
    )
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    assert state.is_over and state.ending == "colours" and state.winners == (0,)


def test_guests_run_out_points_then_hand_size():
    """No guest left anywhere: a point per guest and per colour held twice; ties: biggest hand."""
    state = new().arrange(
        {0: ["apple_pie_a_la_mode"], 1: ["fudge", "cheesecake", "pound_cake"]},
        middle=["granny"],
        won={0: ["inga"], 1: ["mojo", "agent_17"]},
        guest_deck_size=0,
    )
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    assert state.is_over and state.ending == "guests_out"
    # P1: inga + granny = 2 points; P2: mojo + agent = 2 points; P2 holds more desserts
    assert state.scores == (2, 2) and state.winners == (1,)


def test_buffet_returns_a_guest_chosen_by_each_victim():
    """Buffet: four single-taste desserts; each other player with guests returns one (theirs)."""
    state = new(3, ADVANCED).arrange(
        {0: ["fudge", "cheesecake", "pound_cake", "sugar_cookies", "cherry_pie"]},
        middle=["inga"],
        won={1: ["granny", "mojo"], 2: ["agent_17"]},
    )
    state.apply(0, StartBuffet())
    for d in ("fudge", "cheesecake", "pound_cake"):
        state.apply(0, AddDessert(d))
    with pytest.raises(IllegalAction, match="single taste"):
        state.apply(0, AddDessert("cherry_pie"))
    state.apply(0, AddDessert("sugar_cookies"))
    state.apply(0, OpenBuffet())
    assert state.phase == "return" and state.to_act == (1, 2)
    assert state.game.simultaneous, "several seats act at once: the game must say so"
    state.apply(2, ReturnGuest("agent_17"))
    state.apply(1, ReturnGuest("mojo"))
    assert state.phase == "more" and state.serves_left == 1
    assert len(state.hands[0]) == 1 + 3
    assert set(state.view(0)["middle"]) >= {"mojo", "agent_17"}


def test_no_buffet_without_four_single_taste_desserts_or_the_option():
    """The buffet needs four single-taste desserts, and the option."""
    state = new(2, ADVANCED).arrange({0: ["fudge", "cheesecake", "cherry_pie"]}, middle=["inga"])
    with pytest.raises(IllegalAction, match="single-taste"):
        state.apply(0, StartBuffet())
    state = new(2).arrange({0: ["fudge", "cheesecake", "pound_cake", "sugar_cookies"]})
    assert StartBuffet() not in state.legal_actions(0)


def _poach_position(hand1):
    return new(2, ADVANCED).arrange(
        {0: ["cherry_pie", "vanilla_ice_cream", "fudge"], 1: hand1},
        middle=["inga"],
        won={1: ["granny"]},
    )


def test_poach_allowed_moves_the_guest_and_the_victim_draws():
    """Poaching: serve another player's guest; the victim lets it go and draws a dessert."""
    state = _poach_position([])
    serve(state, 0, "granny", ["cherry_pie", "vanilla_ice_cream"])
    assert state.phase == "block" and state.to_act == (1,)
    assert state.view(1)["poach"]["desserts"] == ["cherry_pie", "vanilla_ice_cream"]
    state.apply(1, AllowPoach())
    assert state.view(0)["players"][0]["won"] == ["granny"] and not state.won[1]
    assert len(state.hands[1]) == 1


def test_poach_blocked_returns_the_poachers_cards():
    """A block discards desserts that satisfy the guest; the poacher's cards return to hand."""
    state = _poach_position(["apple_pie_a_la_mode"])
    serve(state, 0, "granny", ["cherry_pie", "vanilla_ice_cream"])
    state.apply(1, AddDessert("apple_pie_a_la_mode"))
    state.apply(1, Block())
    assert state.won[1] and state.phase == "more"
    assert len(state.hands[0]) == 3 and len(state.hands[1]) == 1  # blocker tipped (favourite)
    assert sorted(state.view(1)["players"][0]["known"]) == ["cherry_pie", "vanilla_ice_cream"]
    with pytest.raises(IllegalAction, match="already tried"):
        state.apply(0, ChooseGuest("granny"))


def test_poach_with_the_only_favourite_cannot_be_blocked():
    """A guest with one favourite, poached with it, cannot be blocked."""
    state = new(2, ADVANCED).arrange(
        {0: ["apple_pie_a_la_mode"], 1: ["cherry_pie", "vanilla_ice_cream"]},
        middle=["inga"],
        won={1: ["granny"]},
    )
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    assert state.won[0] and not state.won[1]


def test_poach_with_one_of_two_favourites_needs_the_other():
    """A guest with two favourites, poached with one, can be blocked only with the other."""
    state = new(2, ADVANCED).arrange(
        {0: ["strawberry_shortcake"], 1: ["pineapple_cake", "fruit_cake"]},
        middle=["inga"],
        won={1: ["professor"]},
    )
    serve(state, 0, "professor", ["strawberry_shortcake"])
    assert state.phase == "block"
    with pytest.raises(IllegalAction, match="other favourite"):
        state.apply(1, AddDessert("fruit_cake"))
    state.apply(1, AddDessert("pineapple_cake"))
    state.apply(1, Block())
    assert state.won[1]


def test_victim_is_asked_even_without_a_block():
    """The victim is always asked (being asked tells nothing); without a block only 'let go'."""
    state = _poach_position([])
    serve(state, 0, "granny", ["cherry_pie", "vanilla_ice_cream"])
    assert state.legal_actions(1) == [AllowPoach()]


def test_no_poaching_after_a_buffet_nor_without_the_option():
    """Poaching is off for the rest of a turn that opened a buffet, and without the option."""
    state = new(2, ADVANCED).arrange(
        {0: [*SINGLES, "cherry_pie", "vanilla_ice_cream"]},
        middle=["inga"],
        won={1: ["granny", "mojo"]},
    )
    assert ChooseGuest("granny") in state.legal_actions(0), "a poach before the buffet"
    open_buffet(state, 0)
    state.apply(1, ReturnGuest("mojo"))
    assert state.phase == "more" and state.won[1] == [GUEST_INDEX["granny"]]
    assert ChooseGuest("granny") not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="no poaching after a buffet"):
        state.apply(0, ChooseGuest("granny"))
    state = new(2).arrange({0: ["apple_pie_a_la_mode"]}, middle=["inga"], won={1: ["granny"]})
    with pytest.raises(IllegalAction, match="poaching is not played"):
        state.apply(0, ChooseGuest("granny"))


def test_take_back_budget_is_a_safety_limit():
    """Safety limit, not a rule: after the turn's take-backs, none more and no new choice."""
    state = new().arrange({0: ["cherry_pie", "vanilla_ice_cream"]}, middle=["granny"])
    state.apply(0, ChooseGuest("granny"))
    for _ in range(state.undo_left):
        state.apply(0, AddDessert("cherry_pie"))
        state.apply(0, TakeBack("cherry_pie"))
    assert all(not isinstance(a, TakeBack) for a in state.legal_actions(0))
    state.apply(0, CallOff())
    assert state.legal_actions(0) == [DrawDessert()]


def test_determinize_keeps_what_a_seat_knows():
    """A re-deal keeps the seat's own hand and the public cards."""
    state = new(3, ADVANCED, seed=5)
    twin = state.determinize(0, 7)
    assert twin.view(0) == state.view(0)


# ------------------------------------------- the advanced rules, one option at a time


def test_advanced_with_the_buffet_only_never_offers_a_poach():
    """Buffet without poaching: another's guest is never offered; the buffet still works."""
    options = {"advanced": True, "poaching": False}
    assert GAME.resolve_options(options)["buffet"], "the buffet stays on with the advanced rules"
    state = new(2, options).arrange(
        {0: [*SINGLES, "cherry_pie", "vanilla_ice_cream"]},
        middle=["inga"],
        won={1: ["granny", "mojo"]},
    )
    legal = state.legal_actions(0)
    assert StartBuffet() in legal and ChooseGuest("granny") not in legal
    with pytest.raises(IllegalAction, match="poaching is not played"):
        state.apply(0, ChooseGuest("granny"))
    open_buffet(state, 0)
    state.apply(1, ReturnGuest("granny"))
    assert state.phase == "more" and GUEST_INDEX["granny"] in state.middle
    assert ChooseGuest("granny") in state.legal_actions(0), "back in the middle: servable"
    assert ChooseGuest("mojo") not in state.legal_actions(0)


def test_advanced_with_poaching_only_never_offers_a_buffet():
    """Poaching without the buffet: four single-taste desserts open nothing; a poach works."""
    options = {"advanced": True, "buffet": False}
    assert GAME.resolve_options(options)["poaching"]
    state = new(2, options).arrange(
        {0: [*SINGLES, "cherry_pie", "vanilla_ice_cream"]},
        middle=["inga"],
        won={1: ["granny"]},
    )
    legal = state.legal_actions(0)
    assert ChooseGuest("granny") in legal and StartBuffet() not in legal
    with pytest.raises(IllegalAction, match="buffet is not played"):
        state.apply(0, StartBuffet())
    serve(state, 0, "granny", ["cherry_pie", "vanilla_ice_cream"])
    state.apply(1, AllowPoach())
    assert state.won == [[GUEST_INDEX["granny"]], []]


# ------------------------------------------------------------- poaching and buffets


def test_a_poach_is_one_of_the_two_serves():
    """A serve and then a poach use up the turn's two serves: the turn passes."""
    state = new(2, ADVANCED).arrange(
        {0: ["apple_pie_a_la_mode", "fruit_cake"]},
        middle=["granny", "inga"],
        won={1: ["professor"]},
    )
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    assert state.phase == "more" and state.serves_left == 1
    serve(state, 0, "professor", ["fruit_cake"])
    state.apply(1, AllowPoach())
    assert state.won[0] == [GUEST_INDEX["granny"], GUEST_INDEX["professor"]]
    assert state.active == 1, "two serves, the second a poach: the turn is over"
    state = new(2, ADVANCED).arrange(
        {0: ["apple_pie_a_la_mode", "fruit_cake"]},
        middle=["granny", "inga"],
        won={1: ["professor"]},
    )
    serve(state, 0, "professor", ["fruit_cake"])
    state.apply(1, AllowPoach())
    assert state.phase == "more" and state.serves_left == 1, "the poach came first"
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    assert state.active == 1


def test_a_poach_that_makes_three_of_a_colour_wins_at_once():
    """The instant win is checked after a poach too: the poacher's third blue guest."""
    state = new(2, ADVANCED).arrange(
        {0: ["cherry_pie", "vanilla_ice_cream"]},
        middle=["inga"],
        won={0: ["mojo", "mary_ann"], 1: ["granny", "agent_17"]},
    )
    serve(state, 0, "granny", ["cherry_pie", "vanilla_ice_cream"])
    assert not state.is_over, "the victim may still block"
    state.apply(1, AllowPoach())
    assert state.is_over and state.ending == "same_colour" and state.winners == (0,)


def test_an_anything_with_bacon_guest_can_be_blocked():
    """A bacon dessert is Abraham Bacon's favourite, yet a poach with one can be blocked."""
    state = new(2, {**ADVANCED, "bacon": True}).arrange(
        {0: ["maple_bacon_donut"], 1: ["candied_bacon"]},
        middle=["inga"],
        won={1: ["abraham_bacon"]},
        top=["fudge"],
    )
    serve(state, 0, "abraham_bacon", ["maple_bacon_donut"])
    assert state.phase == "block" and state.view(1)["poach"]["favourite"] is True
    state.apply(1, AddDessert("candied_bacon"))
    state.apply(1, Block())
    assert state.won == [[], [GUEST_INDEX["abraham_bacon"]]]
    assert state.hands[0] == [DESSERT_INDEX["maple_bacon_donut"]], "the poacher's card is back"
    assert state.hands[1] == [DESSERT_INDEX["fudge"]], "the blocker's bacon earns a tip"


def test_a_poach_with_both_favourites_is_tipped_and_cannot_be_blocked():
    """Both of the professor's favourites: no other one is left to block with; a tip."""
    state = new(2, ADVANCED).arrange(
        {0: ["strawberry_shortcake", "pineapple_cake"], 1: ["fruit_cake"]},
        middle=["inga"],
        won={1: ["professor"]},
        top=["fudge", "pound_cake"],
    )
    state.apply(0, ChooseGuest("professor"))
    state.apply(0, AddDessert("strawberry_shortcake"))
    state.apply(0, AddDessert("pineapple_cake"))  # satisfied already: offered as a favourite
    state.apply(0, Serve())
    assert state.phase == "more", "the victim holds fruit cake, but is never asked"
    assert state.won == [[GUEST_INDEX["professor"]], []]
    drawn = {DESSERT_INDEX["fudge"], DESSERT_INDEX["pound_cake"]}
    assert len(state.hands[0]) == 1 and len(state.hands[1]) == 2, "tip, and the parting gift"
    assert set(state.hands[0] + state.hands[1]) == drawn | {DESSERT_INDEX["fruit_cake"]}


def test_a_buffet_with_no_guests_to_return_goes_straight_to_the_serve():
    """Nobody has served a guest: nobody returns one; the opener draws three, may serve one."""
    state = new(3, ADVANCED).arrange({0: list(SINGLES)}, middle=["inga"])
    open_buffet(state, 0)
    assert state.phase == "more" and state.to_act == (0,) and not state.returning
    assert len(state.hands[0]) == 3 and state.serves_left == 1
    assert len(state.discard) == 4 and state.middle == [GUEST_INDEX["inga"]]


# ------------------------------------------------------------------- Just Coffee


def test_anything_with_coffee_is_doctor_coffees_favourite():
    """Doctor Coffee tips for any coffee dessert; the movie star only for the tiramisu."""
    state = new(2, {"coffee": True}).arrange(
        {0: ["coffee_and_donut", "mocha_cheesecake", "pound_cake"]},
        middle=["doctor_coffee", "movie_star", "inga"],
        top=["fudge", "fruit_salad"],
    )
    serve(state, 0, "doctor_coffee", ["coffee_and_donut"])
    assert DESSERT_INDEX["fudge"] in state.hands[0], "tipped: any coffee dessert is a favourite"
    serve(state, 0, "movie_star", ["mocha_cheesecake", "pound_cake"])
    assert state.hands[0] == [DESSERT_INDEX["fudge"]], "no tip without the tiramisu"


# ------------------------------------------------------ the end when guests run out


def test_a_pair_of_one_colour_scores_a_point_when_the_guests_run_out():
    """A point per guest and one per colour held exactly twice: the pair outscores a bigger hand.

    Without the pair's point both would have two and the bigger hand would win.
    """
    state = new().arrange(
        {0: ["cherry_pie", "vanilla_ice_cream"], 1: ["fudge", "cheesecake"]},
        middle=["granny"],
        won={0: ["mojo"], 1: ["inga", "agent_17"]},
        guest_deck_size=0,
    )
    serve(state, 0, "granny", ["cherry_pie", "vanilla_ice_cream"])
    assert state.ending == "guests_out"
    assert state.scores == (3, 2) and state.winners == (0,)
    assert [p["points"] for p in state.view(None)["players"]] == [3, 2]


def test_equal_points_and_hands_share_the_win():
    """Tied on points and on desserts in hand when the guests run out: a shared win."""
    state = new().arrange(
        {0: ["cherry_pie", "vanilla_ice_cream", "fudge"], 1: ["pound_cake"]},
        middle=["granny"],
        won={0: ["inga"], 1: ["mojo", "agent_17"]},
        guest_deck_size=0,
    )
    serve(state, 0, "granny", ["cherry_pie", "vanilla_ice_cream"])
    assert state.ending == "guests_out" and state.scores == (2, 2)
    assert state.winners == (0, 1) and state.view(None)["winners"] == [0, 1]
    assert state.summary("en", ["Ann", "Bob"])[-1] == "Winners: Ann, Bob"


# ------------------------------------------------------------------ safety limit


def test_the_turn_limit_stops_the_game_with_no_winner():
    """Safety limit, not a rule: once 400 turns are played, the game stops and nobody wins."""
    state = new().arrange({0: [], 1: []}, middle=["granny"], guest_deck_size=0)
    state.turn = 399  # no guest arrives: nothing to send away at the end of a turn
    state.apply(0, DrawDessert())
    assert not state.is_over and state.turn == 400, "the 400th turn is still played"
    state.apply(1, DrawDessert())
    assert state.is_over and state.stopped and state.winners == () and state.to_act == ()
    view = state.view(None)
    assert view["stopped"] is True and view["winners"] == [] and view["ending"] == "limit"
    result = state.record()["result"]
    assert result == {"scores": list(state.scores), "winners": [], "stopped": True}
    assert state.summary("en")[-1] == "No winner"


def test_a_game_won_by_a_rule_is_not_stopped():
    state = new().arrange(
        {0: ["apple_pie_a_la_mode"]}, middle=["granny", "inga"], won={0: ["mojo", "mary_ann"]}
    )
    serve(state, 0, "granny", ["apple_pie_a_la_mode"])
    assert state.is_over and not state.stopped
    assert "stopped" not in state.view(None) and "stopped" not in state.record()["result"]


def frozen(hands, options=None):
    """Seat 0's turn with the dessert deck and discards empty and no guest to come."""
    state = new(2, options).arrange(hands, middle=["boston_guy"], guest_deck_size=0, deck_size=0)
    state.discard.clear()  # the other desserts are out of this game
    return state


def test_a_game_nobody_can_ever_move_on_stops_at_once_with_no_winner():
    """Not a rule: with every dessert frozen in the hands (a swap draws back what it dumped)
    and nobody able to serve the last guest, the game would go round for ever; it stops at
    the next turn, with no winner, instead of at the turn limit."""
    state = frozen({0: ["cheesecake"], 1: ["cherry_pie"]})
    state.apply(0, DrawDessert())
    assert state.is_over and state.stopped and state.winners == ()
    assert state.view(None)["ending"] == "stuck" and state.turn < TURN_LIMIT
    assert "nobody can serve any guest" in state.summary("en")[0]
    assert "誰もどのお客さんにも給仕できません" in state.summary("ja")[0]


@pytest.mark.parametrize(
    ("hands", "options"),
    [
        ({0: ["cheesecake"], 1: ["boston_cream_pie"]}, None),  # seat 1 can serve on its turn
        ({0: ["cherry_pie"], 1: list(SINGLES)}, ADVANCED),  # a buffet leaves a dessert to draw
    ],
    ids=["a-serve", "a-buffet"],
)
def test_a_frozen_deck_goes_on_while_a_serve_or_a_buffet_can_change_something(hands, options):
    """Frozen desserts alone stop nothing: a serve, or a buffet, can still change the game."""
    state = frozen(hands, options)
    state.apply(0, DrawDessert())
    assert not state.is_over and state.active == 1
