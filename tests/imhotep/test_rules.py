"""Every rule of Imhotep and every ruling about it, one test each.

Positions are set up with the game's builder (``state.arrange``) and played
through ``state.apply`` only.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bodoge.engine import IllegalAction, InvalidOptions, Rng
from bodoge.games.imhotep import (
    GAME,
    ChoosePyramid,
    ImhotepState,
    KeepCard,
    PlaceStone,
    PlayCard,
    SailShip,
    TakeCard,
    TakeStones,
    TempleReward,
    UnloadNext,
    burial_groups,
    data,
    group_points,
    ranked_points,
)

CAT = {name: i for i, name in enumerate(("pyramid", "temple", "burial", "obelisk", "blue",
                                         "green", "purple", "wrath"))}  # fmt: skip


def new(players: int = 2, seed: int = 1, **options: object) -> ImhotepState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, ImhotepState)
    return state


def sail(state: ImhotepState, seat: int, ship: int, site: str) -> None:
    state.apply(seat, SailShip(ship, site))


def points(state: ImhotepState, seat: int, category: str) -> int:
    return state.points[seat][CAT[category]]


def end(state: ImhotepState, seat: int, category: str) -> int:
    return state.end_points()[seat][CAT[category]]


def sail_in_turn(state: ImhotepState, sites: tuple[str, ...]) -> None:
    """Ship ``k`` sails to ``sites[k]``, each by the seat to act (so a round can be ended)."""
    for ship, site in enumerate(sites):
        sail(state, state.to_act[0], ship, site)


OTHER_SITES = ("temple", "burial", "obelisk", "pyramid")
"""Four sites away from the market, where one-stone ships end a round with no card to take."""

ROUND_CARDS_FROM_DATA = {
    2: [(4, 3, 2, 2), (4, 3, 3, 1), (4, 2, 2, 1), (4, 3, 2, 1), (3, 2, 2, 1), (3, 3, 2, 2),
        (3, 3, 2, 1)],
    3: [(3, 3, 3, 2), (4, 3, 2, 1), (4, 3, 2, 2), (4, 4, 2, 1), (4, 2, 2, 1), (4, 3, 3, 2),
        (3, 3, 2, 1)],
    4: [(4, 4, 2, 1), (4, 3, 3, 2), (4, 3, 3, 3), (3, 3, 3, 2), (4, 4, 3, 2), (4, 4, 2, 2),
        (4, 3, 2, 2)],
}  # fmt: skip
"""The round cards of data/imhotep.md: 2 and 4 players as found; 3 players the project's
provisional seven (the distinct cards of the longer public list)."""

MARKET_FROM_DATA = {
    "entrance": ("red", 2), "sarcophagus": ("red", 2), "paved_path": ("red", 2),
    "pyramid_deco": ("green", 2), "temple_deco": ("green", 2), "burial_deco": ("green", 2),
    "obelisk_deco": ("green", 2), "statue": ("purple", 10),
    "lever": ("blue", 2), "hammer": ("blue", 2), "sail": ("blue", 3), "chisel": ("blue", 3),
}  # fmt: skip
"""The 34 market cards of data/imhotep.md: each kind's colour and count."""


# ------------------------------------------------------------------ setup and turns


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_quarries_sleds_and_round_cards(players: int) -> None:
    """Each quarry holds 29 stones; the sleds start with 2, 3, 4, 5 from the start player;
    seven round cards per player count, one set aside unseen, six to play."""
    state = new(players)
    assert state.sled == [2, 3, 4, 5][:players]
    assert [q + s for q, s in zip(state.quarry, state.sled, strict=True)] == [29] * players
    assert sorted(data.ROUND_CARDS[players]) == sorted(ROUND_CARDS_FROM_DATA[players])
    assert len(state.set_aside) == 1 and len(state.round_deck) == 5 and state.round == 1
    assert tuple(state.ship_sizes) in ROUND_CARDS_FROM_DATA[players]
    assert state.to_act == (0,)
    assert len({*state.round_deck, *state.set_aside}) == 6


def test_ship_minimums() -> None:
    """A ship of 1, 2, 3, 4 spaces sails with at least 1, 1, 2, 3 stones."""
    assert data.SHIP_MINIMUM == {1: 1, 2: 1, 3: 2, 4: 3}


def test_take_stones_fills_the_sled_up_to_five() -> None:
    """Take three stones; with only one or two spaces, fill the sled; a full sled or
    (ruling) an empty quarry cannot take."""
    state = new().arrange(sleds=[1, 4], ships=[4, 3, 2, 1])
    state.apply(0, TakeStones())
    assert state.sled[0] == 4 and state.quarry[0] == 25
    state.apply(1, TakeStones())
    assert state.sled[1] == 5 and state.quarry[1] == 24
    state.apply(0, TakeStones())
    assert state.sled[0] == 5
    with pytest.raises(IllegalAction, match="full"):
        state.apply(1, TakeStones())
    empty = new().arrange(sleds=[0, 0], quarries=[0, 29], ships=[4, 3, 2, 1])
    assert TakeStones() not in empty.legal_actions(0)


def test_place_a_stone_on_any_free_space_of_a_ship_in_port() -> None:
    """Action 2: one stone from the sled to any free space of a ship that has not sailed."""
    state = new().arrange(sleds=[2, 2], ships=[4, 3, 2, 1], cargo={3: [1]})
    state.apply(0, PlaceStone(0, 2))
    assert state.cargo[0] == [-1, -1, 0, -1] and state.sled[0] == 1
    with pytest.raises(IllegalAction, match="taken"):
        state.apply(1, PlaceStone(0, 2))
    state.apply(1, SailShip(3, "burial"))
    with pytest.raises(IllegalAction, match="sailed"):
        state.apply(0, PlaceStone(3, 0))
    empty = new().arrange(sleds=[0, 0], ships=[4, 3, 2, 1])
    assert not any(isinstance(a, PlaceStone) for a in empty.legal_actions(0))


def test_a_ship_sails_with_its_minimum_to_a_free_site_and_unloads_bow_first() -> None:
    """Action 3: only a ship with its minimum sails; one ship per site; the stones go onto
    the site from the bow."""
    state = new().arrange(ships=[4, 3, 2, 1], cargo={0: [0, 1, -1, -1], 1: [0, 0, 1]})
    with pytest.raises(IllegalAction, match="needs 3"):
        sail(state, 0, 0, "burial")
    sail(state, 0, 1, "burial")
    assert state.burial == [0, 0, 1] and state.cargo[1] == [-1, -1, -1]  # stern first: 1 0 0
    state.apply(1, PlaceStone(0, 2))
    with pytest.raises(IllegalAction, match="already at"):
        sail(state, 0, 0, "burial")
    sail(state, 0, 0, "temple")
    assert state.temple == [0, 1, 1]


def test_exactly_one_action_a_turn_then_the_next_player() -> None:
    """A turn is one action; play passes to the next seat."""
    state = new(3).arrange(ships=[4, 3, 2, 1])
    state.apply(0, TakeStones())
    assert state.to_act == (1,)
    state.apply(1, PlaceStone(0, 0))
    assert state.to_act == (2,)


def four_sailings(state: ImhotepState, sailer: int, sites: tuple[str, ...]) -> None:
    """Seats take turns sailing the four one-stone ships; ``sailer`` sails the last."""
    for ship, site in enumerate(sites):
        seat = state.to_act[0]
        if ship == 3:
            assert seat == sailer
        sail(state, seat, ship, site)


def test_the_round_ends_when_every_ship_has_sailed_and_the_next_starts_after_the_last_sailer() -> (
    None
):
    """When the fourth ship has sailed the round ends (Temple scored, market cleared); the
    player after the one who sailed last starts the next round."""
    state = new(3).arrange(ships=[1, 1, 1, 1], cargo={0: [0], 1: [1], 2: [2], 3: [0]})
    row = list(state.row)
    four_sailings(state, 0, ("temple", "burial", "obelisk", "pyramid"))
    assert state.round == 2 and state.start == 1 and state.to_act == (1,)
    assert points(state, 0, "temple") == 1  # its stone is visible at the round's end
    assert sorted(c for c in state.discard) == sorted(c for c in row if c >= 0)
    assert all(site < 0 for site in state.ship_site) and len(state.ship_sizes) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_six_rounds_each_with_its_own_round_card_then_the_game_ends(players: int) -> None:
    """Rounds 1 to 5 end into the next round; the game ends after the sixth.  Each round's
    ships are one round card of the player count, six different ones in all (the seventh
    stays in the box)."""
    state = new(players, seed=players)
    dealt = []
    for round_ in range(1, 7):
        assert state.round == round_ and not state.is_over
        dealt.append(tuple(state.ship_sizes))
        state.arrange(ships=[1, 1, 1, 1], cargo={0: [0], 1: [1], 2: [0], 3: [1]})
        sail_in_turn(state, OTHER_SITES)
        assert state.is_over == (round_ == 6)
    assert state.round == 6 and state.to_act == ()
    rest = list(ROUND_CARDS_FROM_DATA[players])
    for card in dealt:
        rest.remove(card)  # each dealt card is a card of the data, none twice
    assert len(rest) == 1


def test_the_round_ends_when_nobody_can_act() -> None:
    """Ruling (the text never meets it): when no player has a legal action (sleds and
    quarries empty, no ship with its minimum) the round ends; the stones on ships that did
    not sail go home, and the player after the last to act starts the next round (here
    passed over in turn, having nothing to do)."""
    state = new().arrange(sleds=[1, 0], quarries=[0, 0], ships=[4, 4, 4, 4])
    event = state.apply(0, PlaceStone(0, 0))
    assert event.for_seat(None)["facts"]["stuck"] is True
    assert state.round == 2 and state.start == 1 and state.to_act == (0,)
    assert state.quarry == [1, 0] and state.sled == [0, 0]
    assert all(owner < 0 for slots in state.cargo for owner in slots)


def test_a_player_with_no_legal_action_is_passed_over() -> None:
    """Ruling: a player with nothing to do (empty sled and quarry, nothing to sail) is passed
    over."""
    state = new(3).arrange(sleds=[1, 0, 1], quarries=[5, 0, 5], ships=[4, 3, 2, 1])
    state.apply(0, PlaceStone(0, 0))
    assert state.to_act == (2,)


# ------------------------------------------------------------------ sites, A side


def test_pyramid_a_scores_each_square_in_fill_order_then_one_a_stone() -> None:
    """Pyramid A: 2,1,3,2,4,3,2,1,3 on the base, 2,3,1,3 on the second level, 4 on top, then 1."""
    state = new().arrange(ships=[4, 4, 4, 4], cargo={s: [0, 0, 0, 0] for s in range(4)},
                          sites={"pyramid": [1] * 12})  # fmt: skip
    state.points[1][CAT["pyramid"]] = 0
    sail(state, 0, 0, "pyramid")
    assert state.pyramid[12:] == [0, 0, 0, 0]
    assert points(state, 0, "pyramid") == 3 + 4 + 1 + 1
    assert data.PYRAMID_A_POINTS == (2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4)


def test_temple_a_scores_the_visible_stones_every_round() -> None:
    """Temple A: rows of 4 with two players (5 otherwise); each round's end, every stone seen
    from above scores 1 for its owner."""
    two = new(2).arrange(ships=[1, 1, 1, 1], cargo={0: [1], 1: [0], 2: [0], 3: [1]},
                         sites={"temple": [0, 0, 1, 1, 0]})  # fmt: skip
    four_sailings(two, 1, ("temple", "burial", "obelisk", "pyramid"))
    # layer 1: 0 0 1 1; layer 2: 0 1 -> visible: 0 1 1 1
    assert points(two, 0, "temple") == 1 and points(two, 1, "temple") == 3
    three = new(3).arrange(ships=[1, 1, 1, 1], cargo={0: [2], 1: [0], 2: [1], 3: [0]},
                           sites={"temple": [0, 1, 1, 1, 1]})  # fmt: skip
    four_sailings(three, 0, ("temple", "burial", "obelisk", "pyramid"))
    # layer 1: 0 1 1 1 1; layer 2: 2 -> visible: 2 1 1 1 1
    assert [points(three, s, "temple") for s in range(3)] == [0, 4, 1]


def test_temple_a_five_wide_at_four_players_scores_at_every_round_end() -> None:
    """Temple A with four players: rows of 5; the visible stones score at the end of each
    round, and the points add up over the rounds."""
    state = new(4).arrange(ships=[1, 1, 1, 1], cargo={0: [1], 1: [0], 2: [2], 3: [3]},
                           sites={"temple": [0, 1, 2, 3, 0]})  # fmt: skip
    sail_in_turn(state, OTHER_SITES)
    # layer 1: 0 1 2 3 0; layer 2: 1 -> visible: 1 1 2 3 0 (four wide would be 2 3 0 1)
    assert state.round == 2
    assert [points(state, s, "temple") for s in range(4)] == [1, 2, 1, 1]
    state.arrange(ships=[2, 1, 1, 1], cargo={0: [2, 2], 1: [0], 2: [1], 3: [3]})
    sail_in_turn(state, OTHER_SITES)
    # layer 2: 1 2 2 -> visible: 1 2 2 3 0, scored again on top of round 1
    assert state.round == 3 and state.temple == [0, 1, 2, 3, 0, 1, 2, 2]
    assert [points(state, s, "temple") for s in range(4)] == [1 + 1, 2 + 1, 1 + 2, 1 + 1]


def test_burial_a_groups() -> None:
    """Burial chamber A: filled column by column 3 high; each orthogonally connected group of
    1/2/3/4/5 stones scores 1/3/6/10/15, +2 per further stone."""
    assert [group_points(k) for k in range(1, 8)] == [1, 3, 6, 10, 15, 17, 19]
    # columns [0,0,1] [1,0,0] [0,1,1] give the rows  0 1 0 / 0 0 1 / 1 0 1
    stones = [0, 0, 1, 1, 0, 0, 0, 1, 1]
    groups = burial_groups(stones)
    assert sorted(groups) == [(0, 1), (0, 4), (1, 1), (1, 1), (1, 2)]
    state = new().arrange(sites={"burial": stones})
    assert end(state, 0, "burial") == 10 + 1 and end(state, 1, "burial") == 1 + 1 + 3
    long = new().arrange(sites={"burial": [0] * 7})
    assert end(long, 0, "burial") == 19


def test_obelisk_a_ranks_with_shared_places_rounded_down() -> None:
    """Obelisks A: by tower height 10/1 (2 players), 12/6/1, 15/10/5/1; tied places add their
    points and share them, rounded down; no stone there, no points."""
    assert ranked_points([4, 4, 1], data.OBELISK_A_POINTS[3]) == [9, 9, 1]
    assert ranked_points([2, 5, 2, 2], data.OBELISK_A_POINTS[4]) == [5, 15, 5, 5]
    assert ranked_points([3, 0], data.OBELISK_A_POINTS[2]) == [10, 0]
    assert ranked_points([3, 3], data.OBELISK_A_POINTS[2]) == [5, 5]
    state = new(3).arrange(sites={"obelisk": [4, 4, 1]})
    assert [end(state, s, "obelisk") for s in range(3)] == [9, 9, 1]


def test_market_a_cards_in_unloading_order_and_stones_go_home() -> None:
    """Market A: each stone unloaded, bow first, lets its owner take a face-up card; the stone
    then goes back to its owner's quarry."""
    state = new().arrange(ships=[3, 3, 2, 1], cargo={0: [1, 0, 1]},
                          row=["statue", "lever", "pyramid_deco", "hammer"])  # fmt: skip
    quarry = list(state.quarry)
    sail(state, 0, 0, "market")
    assert state.to_act == (1,) and state.phase == "market"
    state.apply(1, TakeCard(1))
    assert state.to_act == (0,)
    with pytest.raises(IllegalAction, match="empty"):
        state.apply(0, TakeCard(1))
    state.apply(0, TakeCard(0))
    state.apply(1, TakeCard(3))
    assert state.quarry == [quarry[0] + 1, quarry[1] + 2]
    held = state.view(None)["players"]
    assert held[0]["cards"] == ["statue"] and held[1]["cards"] == ["lever", "hammer"]
    assert state.to_act == (1,) and state.phase == "turn"


@pytest.mark.parametrize(("card", "site"), [("entrance", "pyramid"), ("sarcophagus", "burial"),
                                             ("paved_path", "obelisk")])  # fmt: skip
def test_red_cards_place_a_stone_from_the_quarry_at_once(card: str, site: str) -> None:
    """Red cards: at once one stone from the taker's quarry on the Pyramid, the Burial chamber
    or the Obelisks; then discarded."""
    state = new().arrange(ships=[1, 1, 1, 1], cargo={0: [1]}, row=[card, None, None, None])
    quarry = state.quarry[1]
    sail(state, 0, 0, "market")
    state.apply(1, TakeCard(0))
    assert state.quarry[1] == quarry  # one home from the market, one out to the site
    assert state.has_stone(1, data.SITES.index(site))
    assert state.hands[1] == [0] * len(data.CARDS) and data.CARDS.index(card) in state.discard


def test_a_red_card_with_an_empty_quarry_does_nothing() -> None:
    """Ruling: the market stone goes home first; with a quarry still empty (here the stone
    came to the market from ... nowhere else) a red card has no effect."""
    state = new().arrange(ships=[1, 1, 1, 1], cargo={0: [1]}, row=["entrance"] + [None] * 3,
                          quarries=[10, 0], sleds=[2, 2])  # fmt: skip
    sail(state, 0, 0, "market")
    state.apply(1, TakeCard(0))
    assert state.pyramid == [1] and state.quarry[1] == 0  # the returned stone was used


def test_the_34_market_cards_by_kind_and_colour() -> None:
    """The market deck holds every kind of card as many times as the data file says, in
    its colour (6 red, 8 green, 10 purple, 10 blue)."""
    state = new()
    dealt = Counter(data.CARDS[c] for c in state.market_deck + state.row if c >= 0)
    assert dealt == {kind: count for kind, (_, count) in MARKET_FROM_DATA.items()}
    colours = {kind: colour for kind, (colour, _) in MARKET_FROM_DATA.items()}
    assert colours == data.CARD_COLOUR


GREEN_SITES = {"pyramid": [0, 1] * 3 + [0], "temple": [1, 0] * 4 + [1], "burial": [1, 0] * 6,
               "obelisk": [8, 7]}  # fmt: skip
"""Stones on each site (7, 9, 12 and 15) so that each decoration scores its own 2, 3, 4, 5."""


@pytest.mark.parametrize(("card", "worth"), [("pyramid_deco", 2), ("temple_deco", 3),
                                              ("burial_deco", 4), ("obelisk_deco", 5)])  # fmt: skip
def test_each_green_card_counts_the_stones_of_its_own_site(card: str, worth: int) -> None:
    """A decoration scores 1 per 3 stones of every colour on its site, rounded down (7 on
    the Pyramid: 2); two of a kind score twice."""
    one = new().arrange(hands={1: {card: 1}}, sites=GREEN_SITES)
    assert end(one, 1, "green") == worth and end(one, 0, "green") == 0
    two = new().arrange(hands={1: {card: 2}}, sites=GREEN_SITES)
    assert end(two, 1, "green") == 2 * worth


def test_green_and_purple_cards_score_when_the_sixth_round_ends() -> None:
    """At the end of the game: the decorations count every stone then on their sites
    (the last round's included), the statues 1/3/6/10/15, then 2 each."""
    state = new().arrange(round=6, ships=[1, 1, 1, 1], cargo={0: [0], 1: [1], 2: [0], 3: [1]},
                          hands={0: {"pyramid_deco": 2, "temple_deco": 1, "statue": 4},
                                 1: {"burial_deco": 2, "obelisk_deco": 1, "statue": 6}},
                          sites={"pyramid": [0] * 5, "temple": [1] * 8, "burial": [0] * 11,
                                 "obelisk": [7, 7]})  # fmt: skip
    assert (end(state, 0, "green"), end(state, 1, "green")) == (2 * 1 + 2, 2 * 3 + 4)
    sail_in_turn(state, OTHER_SITES)  # one more stone on each: 6, 9, 12, 15
    assert state.is_over
    green, purple = CAT["green"], CAT["purple"]
    assert [row[green] for row in state.final_points] == [2 * 2 + 3, 2 * 4 + 5]
    assert [row[purple] for row in state.final_points] == [10, 15 + 2]
    for statues, worth in ((1, 1), (2, 3), (3, 6), (5, 15), (7, 19)):
        assert end(new().arrange(hands={0: {"statue": statues}}), 0, "purple") == worth


def test_green_purple_and_unused_blue_cards_score_at_the_end() -> None:
    """Green: 1 point per 3 stones (all colours) on its site; purple statues 1/3/6/10/15 then
    +2 each; each unused blue card 1 point."""
    state = new().arrange(
        hands={0: {"temple_deco": 2, "statue": 6, "lever": 1, "chisel": 1}},
        sites={"temple": [0, 1, 1, 0, 1, 1, 0]},
    )
    assert end(state, 0, "green") == 2 * 2
    assert end(state, 0, "purple") == 17
    assert end(state, 0, "blue") == 2


# ------------------------------------------------------------------ blue cards


def test_lever_the_owner_chooses_the_unloading_order() -> None:
    """Lever: sail a ship that may sail; its owner names the stones to unload, one by one."""
    state = new().arrange(ships=[3, 3, 2, 1], cargo={0: [1, 1, 0]}, hands={0: {"lever": 1}})
    state.apply(0, PlayCard("lever"))
    assert state.phase == "lever_sail"
    sail(state, 0, 0, "pyramid")
    assert state.to_act == (0,) and state.phase == "order"
    assert state.legal_actions(0) == [UnloadNext(0), UnloadNext(1), UnloadNext(2)]
    state.apply(0, UnloadNext(2))
    state.apply(0, UnloadNext(0))
    assert state.pyramid == [0, 1, 1]  # the last stone follows by itself
    assert points(state, 0, "pyramid") == 2 and points(state, 1, "pyramid") == 4
    assert state.to_act == (1,)


def test_lever_order_decides_who_takes_market_cards_first() -> None:
    """Lever at the market: the order named is the order the cards are taken in."""
    state = new().arrange(ships=[2, 3, 2, 1], cargo={0: [1, 0]}, hands={0: {"lever": 1}},
                          row=["statue", "lever", "hammer", "chisel"])  # fmt: skip
    state.apply(0, PlayCard("lever"))
    sail(state, 0, 0, "market")
    state.apply(0, UnloadNext(1))
    assert state.to_act == (0,) and state.phase == "market"
    state.apply(0, TakeCard(0))
    assert state.to_act == (1,) and state.phase == "market"


def test_hammer_takes_three_then_places_one() -> None:
    """Hammer: three stones from the quarry to the sled, then one from the sled to a ship."""
    state = new().arrange(sleds=[0, 2], ships=[4, 3, 2, 1], hands={0: {"hammer": 1}})
    state.apply(0, PlayCard("hammer"))
    assert state.sled[0] == 3 and state.phase == "ship" and state.to_act == (0,)
    state.apply(0, PlaceStone(1, 1))
    assert state.sled[0] == 2 and state.cargo[1][1] == 0 and state.to_act == (1,)
    assert state.hands[0][data.CARDS.index("hammer")] == 0


def test_sail_places_one_then_sails_that_ship() -> None:
    """Sail: one stone from the sled on a ship, then that ship sails if it may."""
    state = new().arrange(sleds=[1, 2], ships=[3, 3, 2, 1], cargo={1: [1, -1, -1]},
                          hands={0: {"sail": 1}})  # fmt: skip
    state.apply(0, PlayCard("sail"))
    state.apply(0, PlaceStone(1, 1))
    assert state.phase == "sail_after"
    assert {a.ship for a in state.legal_actions(0)} == {1}  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="ship you loaded"):
        state.apply(0, SailShip(0, "burial"))
    sail(state, 0, 1, "burial")
    assert state.burial == [1, 0] and state.to_act == (1,)


def test_sail_onto_a_ship_short_of_its_minimum_does_not_sail() -> None:
    """Sail: a ship still below its minimum stays in port."""
    state = new().arrange(sleds=[1, 2], ships=[4, 3, 2, 1], hands={0: {"sail": 1}})
    state.apply(0, PlayCard("sail"))
    state.apply(0, PlaceStone(0, 0))
    assert state.to_act == (1,) and state.ship_site[0] == -1


def test_chisel_places_two_stones() -> None:
    """Chisel: two stones from the sled, on one ship or two."""
    state = new().arrange(sleds=[3, 2], ships=[4, 3, 2, 1], hands={0: {"chisel": 1}})
    state.apply(0, PlayCard("chisel"))
    state.apply(0, PlaceStone(0, 0))
    assert state.to_act == (0,)
    state.apply(0, PlaceStone(2, 1))
    assert state.sled[0] == 1 and state.to_act == (1,)


def test_chisel_with_one_stone_places_what_it_can() -> None:
    """Chisel with one stone on the sled: as many as it can."""
    state = new().arrange(sleds=[1, 2], ships=[4, 3, 2, 1], hands={0: {"chisel": 1}})
    state.apply(0, PlayCard("chisel"))
    state.apply(0, PlaceStone(0, 0))
    assert state.to_act == (1,)


def test_blue_cards_only_when_they_do_something() -> None:
    """A blue card is played as a turn, only when it has an effect (ruling)."""
    state = new().arrange(sleds=[0, 2], ships=[4, 3, 2, 1],
                          hands={0: {"lever": 1, "sail": 1, "chisel": 1, "hammer": 1}})  # fmt: skip
    plays = {a.card for a in state.legal_actions(0) if isinstance(a, PlayCard)}
    assert plays == {"hammer"}
    with pytest.raises(IllegalAction, match="nothing now"):
        state.apply(0, PlayCard("lever"))


# ------------------------------------------------------------------ B sides


def test_market_b_the_face_down_pair() -> None:
    """Market B: three cards face up and two face down on the last space; its taker looks at
    both, keeps one and discards the other face up."""
    state = new(sides="B").arrange(ships=[1, 1, 1, 1], cargo={0: [1]},
                                   row=["statue", "lever", "hammer", None],
                                   pair=["sail", "obelisk_deco"])  # fmt: skip
    assert state.view(0)["face_down"] == 2 and state.view(0)["looking_at"] is None
    sail(state, 0, 0, "market")
    event = state.apply(1, TakeCard(3))
    assert event.for_seat(0)["facts"] == {"pair": True}
    assert sorted(event.for_seat(1)["facts"]["looked_at"]) == ["obelisk_deco", "sail"]
    assert sorted(state.view(1)["looking_at"]) == ["obelisk_deco", "sail"]
    assert state.view(0)["looking_at"] is None
    state.apply(1, KeepCard("sail"))
    assert state.view(0)["players"][1]["cards"] == ["sail"]
    assert "obelisk_deco" in state.view(0)["discard"]


def test_pyramid_b_the_owner_picks_the_small_pyramid_and_takes_its_bonus() -> None:
    """Pyramid B (provisional squares): the stone's owner picks one of three small pyramids;
    squares give 1 point + a card, 1 + take stones, 1 + a stone on a ship, 2, and 4 on top."""
    state = new(sides="B").arrange(ships=[2, 3, 2, 1], cargo={0: [0, 1]}, sleds=[1, 2],
                                   top=["statue"], sites={"small": [[1, 1], [], []]})  # fmt: skip
    sail(state, 0, 0, "pyramid")
    assert state.phase == "pyramid" and state.to_act == (0,)
    state.apply(0, ChoosePyramid(1))  # square 1: 1 point + a card
    assert points(state, 0, "pyramid") == 1 and state.hands[0][data.CARDS.index("statue")] == 1
    state.apply(1, ChoosePyramid(0))  # square 3: 1 point + place a stone on a ship
    assert state.phase == "ship" and state.to_act == (1,)
    state.apply(1, PlaceStone(1, 0))
    assert points(state, 1, "pyramid") == 1 and state.to_act == (1,) and state.phase == "turn"


def test_pyramid_b_beside_once_all_three_are_complete() -> None:
    """Pyramid B: once all three small pyramids are complete, 1 point per further stone."""
    full = [[0] * 5, [1] * 5, [0] * 5]
    state = new(sides="B").arrange(ships=[1, 3, 2, 1], cargo={0: [1]}, sites={"small": full})
    sail(state, 0, 0, "pyramid")
    assert state.pyramid == [1] and points(state, 1, "pyramid") == 1


def test_pyramid_b_take_stones_two_points_and_the_four_point_top() -> None:
    """Pyramid B (provisional squares): the second base square gives 1 point and takes
    stones as action 1 (three), the fourth 2 points, the top 4; a complete small pyramid is
    no longer offered."""
    state = new(sides="B").arrange(ships=[4, 3, 2, 1], cargo={0: [0, 0, 0, 0]}, sleds=[0, 2],
                                   sites={"small": [[1], [1, 1, 1], [1, 1, 1, 1]]})  # fmt: skip
    sail(state, 0, 0, "pyramid")
    quarry = state.quarry[0]
    state.apply(0, ChoosePyramid(0))  # its second square: 1 point + take stones
    assert points(state, 0, "pyramid") == 1 and state.sled[0] == 3 and state.quarry[0] == quarry - 3
    state.apply(0, ChoosePyramid(1))  # its fourth square: 2 points
    assert points(state, 0, "pyramid") == 1 + 2
    state.apply(0, ChoosePyramid(2))  # its top: 4 points
    assert points(state, 0, "pyramid") == 1 + 2 + 4
    assert state.legal_actions(0) == [ChoosePyramid(0), ChoosePyramid(1)]
    state.apply(0, ChoosePyramid(1))  # that one's top too
    assert points(state, 0, "pyramid") == 1 + 2 + 4 + 4
    assert [len(s) for s in state.small] == [2, 5, 5] and state.to_act == (1,)


def test_temple_b_first_layer_bonuses() -> None:
    """Temple B (provisional): square 2 gives 2 points; square 4 one point or up to two stones;
    the last square of the first layer a card."""
    state = new(3, sides="B").arrange(ships=[4, 3, 2, 1], cargo={0: [1, 2, 1, 2]}, sleds=[0, 0, 1],
                                      top=["statue"])  # fmt: skip
    sail(state, 0, 0, "temple")
    assert points(state, 2, "temple") == 2
    assert state.phase == "temple" and state.to_act == (2,)
    state.apply(2, TempleReward("stones"))
    assert state.sled[2] == 3
    state2 = new(3, sides="B").arrange(ships=[1, 3, 2, 1], cargo={0: [1]}, top=["statue"],
                                       sites={"temple": [0, 0, 0, 0]})  # fmt: skip
    sail(state2, 0, 0, "temple")
    assert state2.hands[1][data.CARDS.index("statue")] == 1


def test_temple_b_two_players_square_four_is_also_the_last() -> None:
    """With two players the layer is four wide: square 4 gives its choice and then a card."""
    state = new(2, sides="B").arrange(ships=[1, 3, 2, 1], cargo={0: [1]}, top=["lever"],
                                      sites={"temple": [0, 0, 0]})  # fmt: skip
    sail(state, 0, 0, "temple")
    state.apply(1, TempleReward("point"))
    assert points(state, 1, "temple") == 1 and state.hands[1][data.CARDS.index("lever")] == 1


def test_burial_b_rows_by_majority() -> None:
    """Burial chamber B: each of the three rows scores by majority 8/4/2/0; a stone in the row
    is needed; tied places share, rounded down."""
    # column by column: rows get indices 0,3,6 / 1,4,7 / 2,5,8
    stones = [0, 1, 1, 0, 1, 2, 1, 0, 2]
    state = new(3, sides="B").arrange(sites={"burial": stones})
    # top row: 0,0,1 -> 0 first (8), 1 second (4); middle: 1,1,0 -> 1: 8, 0: 4;
    # bottom: 1,2,2 -> 2: 8, 1: 4
    assert [end(state, s, "burial") for s in range(3)] == [12, 16, 8]
    tie = new(2, sides="B").arrange(sites={"burial": [0, 1, 1, 1, 0, 0]})
    # top: 0,1 tie -> (8+4)//2 = 6 each; middle 1,0 -> 6 each; bottom 1,0 -> 6 each
    assert [end(tie, s, "burial") for s in range(2)] == [18, 18]


def test_obelisk_b_towers_at_once_and_leftovers_at_the_end() -> None:
    """Obelisk B (provisional values): three stones of a colour form a tower on the leftmost
    free space at once, scoring its value; leftover stones score 1 each at the end."""
    state = new(sides="B").arrange(ships=[3, 3, 2, 1], cargo={0: [1, 1, 1]},
                                   sites={"obelisk": [2, 0], "towers": [0]})  # fmt: skip
    sail(state, 0, 0, "obelisk")
    assert state.towers == [0, 1] and points(state, 1, "obelisk") == 8
    assert state.obelisk == [2, 0] and end(state, 0, "obelisk") == 2


def test_obelisk_b_a_tower_after_every_space_is_taken_scores_the_last_value() -> None:
    """Obelisk B (provisional): the spaces score 10, 8, 6, 5, 4, 3, 2, 1; a ninth tower,
    with every space taken, scores 1 (ruling)."""
    state = new(sides="B").arrange(ships=[1, 3, 2, 1], cargo={0: [1]},
                                   sites={"obelisk": [0, 2], "towers": [0, 1] * 4})  # fmt: skip
    event = state.apply(0, SailShip(0, "obelisk"))
    assert event.for_seat(None)["facts"]["tower"] == [[1, 1]]
    assert len(state.towers) == 9 and points(state, 1, "obelisk") == 1


# ------------------------------------------------------------------ end, variant, options


@pytest.mark.parametrize(("sleds", "winners"), [([3, 1], (0,)), ([2, 2], (0, 1))])
def test_sled_tie_break_then_a_shared_win(sleds: list[int], winners: tuple[int, ...]) -> None:
    """Tied on points: the most stones on the sled wins; tied on both, the win is shared
    (the engine's convention for a tie the rules leave)."""
    state = new().arrange(round=6, sleds=sleds, ships=[1, 1, 1, 1], row=[None] * 4,
                          cargo={0: [0], 1: [1], 2: [0], 3: [1]},
                          sites={"obelisk": [1, 0]})  # fmt: skip
    sail_in_turn(state, ("burial", "temple", "market", "obelisk"))
    assert state.is_over
    assert state.scores == (6, 6)  # burial 1 + obelisk (10+1)//2; temple 1 + the same
    assert state.winners == winners


def test_pharaohs_wrath_costs_five_points_once() -> None:
    """Pharaoh's wrath: at the end, a player without a stone on any of the four building sites
    loses 5 points, once (missing the Temple and the Burial chamber still costs 5)."""
    # the text's example: at the end a player has no stone in the Temple nor in the
    # Burial chamber: 5 points lost, not 5 × 2
    state = new(wrath=True).arrange(sites={"pyramid": [0, 1], "obelisk": [1, 1],
                                           "temple": [1], "burial": [1]})  # fmt: skip
    assert state.has_stone(0, 1) and state.has_stone(0, 4)
    assert end(state, 0, "wrath") == -5 and end(state, 1, "wrath") == 0
    nothing = new(wrath=True).arrange(sites={"pyramid": [1], "obelisk": [0, 1],
                                             "temple": [1], "burial": [1]})  # fmt: skip
    assert end(nothing, 0, "wrath") == -5  # three sites missing: still 5
    plain = new().arrange(sites={"pyramid": [0, 1]})
    assert end(plain, 0, "wrath") == 0


def test_side_options() -> None:
    """Sides: all A, all B, each at random, or chosen per site (custom)."""
    assert new(sides="A").sides == ("A",) * 5
    assert new(sides="B").sides == ("B",) * 5
    custom = new(sides="custom", market_side="B", obelisk_side="B")
    assert custom.sides == ("B", "A", "A", "A", "B")
    seen = {new(seed=s, sides="random").sides for s in range(8)}
    assert len(seen) > 1 and all(set(sides) <= {"A", "B"} for sides in seen)
    assert new(seed=3, sides="random").sides == new(seed=3, sides="random").sides
    with pytest.raises(InvalidOptions, match="custom"):
        GAME.new_game(2, 1, {"sides": "A", "pyramid_side": "B"})
    assert GAME.resolve_options({"sides": "B"})["temple_side"] == "B"
    assert GAME.resolve_options({"sides": "custom"}) == GAME.resolve_options(None)
    assert GAME.resolve_options({"sides": "custom", "market_side": "B", "pyramid_side": "B",
                                 "temple_side": "B", "burial_side": "B",
                                 "obelisk_side": "B"})["sides"] == "B"  # fmt: skip


def test_option_variants_stay_few() -> None:
    """The generic tests play A, B, random and one custom table (the Market turned over),
    without the variant (it only adds an end-of-game penalty, which the tests here cover)."""
    found = GAME.variants()
    assert [v["sides"] for v in found] == ["A", "B", "random", "custom"]
    assert not any(v["wrath"] for v in found) and found[3]["market_side"] == "B"
    assert GAME.resolve_options(None) in found


def test_hidden_information() -> None:
    """Hidden: the round cards to come, the one set aside, the market deck's order and the
    face-down pair; a re-deal keeps everything else."""
    state = new(3, sides="B")
    view = state.view(0)
    assert view["round_cards_left"] == 5 and view["market_deck"] == 34 - 5
    text = str(view)
    assert "round_deck" not in text and "set_aside" not in text
    world = state.determinize(1, Rng(4))
    assert world.view(1) == state.view(1)
    assert sorted(world.round_deck + world.set_aside) == sorted(state.round_deck + state.set_aside)


def public_part(view: dict) -> dict:
    """A view without the viewer's name and the face-down pair it may be looking at."""
    return {key: value for key, value in view.items() if key not in ("seat", "looking_at")}


def test_every_seat_and_spectator_sees_the_same_but_the_hidden_parts() -> None:
    """Everything but the hidden parts is public: every seat's view is the spectator's, and
    no view changes when the round cards to come, the one set aside, the market deck's
    order or the face-down pair change; only the taker of the pair sees it."""
    state = new(3, sides="B").arrange(ships=[1, 1, 1, 1], cargo={0: [1]},
                                      pair=["sail", "obelisk_deco"])  # fmt: skip
    viewers = (None, 0, 1, 2)
    assert all(public_part(state.view(v)) == public_part(state.view(None)) for v in viewers)
    twin = state.clone()
    twin.round_deck[0], twin.set_aside[0] = twin.set_aside[0], twin.round_deck[0]
    twin.round_deck.reverse()
    twin.market_deck[:2], twin.pair = twin.pair, sorted(twin.market_deck[:2])
    twin.market_deck.reverse()
    for hidden in ("round_deck", "set_aside", "market_deck", "pair"):
        assert getattr(twin, hidden) != getattr(state, hidden), hidden
    assert all(twin.view(v) == state.view(v) for v in viewers)
    sail(state, 0, 0, "market")
    state.apply(1, TakeCard(3))
    assert state.view(1)["looking_at"] == ["obelisk_deco", "sail"]
    assert all(state.view(v)["looking_at"] is None for v in (None, 0, 2))
    assert all(public_part(state.view(v)) == public_part(state.view(None)) for v in viewers)


def test_a_whole_game_with_the_wrath_variant() -> None:
    """Pharaoh's wrath over a whole (random) game: the penalty falls exactly on the players
    missing a building site, and the totals and winners follow from the scored rows."""
    import random

    for seed in range(3):
        state = new(3, seed=seed, wrath=True, sides="random")
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            state.check_conservation()
        for seat, row in enumerate(state.final_points):
            missing = not all(state.has_stone(seat, site) for site in (1, 2, 3, 4))
            assert row[CAT["wrath"]] == (-5 if missing else 0)
        assert state.scores == tuple(sum(row) for row in state.final_points)
        best = max(state.scores)
        assert all(state.scores[w] == best for w in state.winners)
