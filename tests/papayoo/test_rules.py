"""Every rule sentence of Papayoo (BGA help page, data and rulings), one test each.

Situations are set up with the game's position builder (``state.arrange``),
then driven only through the public contract (``apply``, ``legal_actions``,
``view``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import bodoge
from bodoge.engine import IllegalAction, Rng
from bodoge.games.papayoo import (
    GAME,
    ConfirmPass,
    PapayooState,
    PickPass,
    Play,
    UnpickPass,
    card_name,
    deal_packets,
    pass_offset,
    trick_winner,
)
from bodoge.games.papayoo.bot import HeuristicBot, Table, cards_to_pass
from bodoge.games.papayoo.data import (
    CODE,
    ID,
    LAYOUTS,
    PAYOO,
    POINTS,
    RANK,
    SUIT,
    SUITS,
    deck_for,
    hands_for,
)
from bodoge.games.papayoo.vocabulary import PASS, PLAY

CONFIRM = ConfirmPass()


def new(players: int = 4, seed: int = 1, **options: object) -> PapayooState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, PapayooState)
    return state


def ids(codes: list[str] | tuple[str, ...]) -> list[int]:
    return sorted(ID[code] for code in codes)


def play(state: PapayooState, seat: int, code: str) -> None:
    state.apply(seat, Play(code))


def pass_cards(state: PapayooState, chosen: dict[int, list[str]]) -> None:
    """Every listed seat picks its cards and confirms, in seat order."""
    for seat, codes in chosen.items():
        for code in codes:
            state.apply(seat, PickPass(code))
        state.apply(seat, CONFIRM)


def pass_first_cards(state: PapayooState) -> None:
    """Every seat passes the first cards of its hand."""
    count = state.layout.pass_count
    pass_cards(state, {seat: [CODE[c] for c in state.hands[seat][:count]] for seat in state.to_act})


def finish_randomly(state: PapayooState, seed: int = 0) -> None:
    rnd = random.Random(seed)
    while not state.is_over:
        seat = rnd.choice(state.to_act)
        state.apply_unchecked(seat, rnd.choice(state.legal_actions(seat)))


# ------------------------------------------------------------------- cards


def test_sixty_cards_four_suits_of_ten_and_twenty_payoo():
    deck = deck_for(4)
    assert len(deck) == 60
    suits = Counter(SUITS[SUIT[card]] for card in deck)
    assert suits == {"S": 10, "H": 10, "C": 10, "D": 10, "P": 20}
    for suit in "SHCD":
        assert sorted(RANK[c] for c in deck if SUITS[SUIT[c]] == suit) == list(range(1, 11))
    assert sorted(RANK[c] for c in deck if SUIT[c] == PAYOO) == list(range(1, 21))


def test_payoo_cards_cost_their_number_others_nothing():
    for card in deck_for(4):
        assert POINTS[card] == (RANK[card] if SUIT[card] == PAYOO else 0)
    assert sum(POINTS) == 210


@pytest.mark.parametrize("players", [7, 8])
def test_seven_or_eight_players_remove_the_plain_ones_but_not_payoo_one(players):
    deck = deck_for(players)
    assert len(deck) == 56
    removed = sorted(set(range(60)) - set(deck))
    assert [CODE[c] for c in removed] == ["S1", "H1", "C1", "D1"]
    assert ID["P1"] in deck
    state = new(players)
    assert sorted(c for hand in state.hands for c in hand) == list(deck)
    assert PickPass("S1") not in GAME.action_space(state.options, players)


@pytest.mark.parametrize("players", range(3, 7))
def test_three_to_six_players_use_all_sixty(players):
    state = new(players)
    assert sorted(c for hand in state.hands for c in hand) == list(range(60))


def test_player_counts_three_to_eight():
    assert (GAME.min_players, GAME.max_players) == (3, 8)
    for count in (2, 9):
        with pytest.raises(bodoge.InvalidOptions, match="3–8 players"):
            GAME.new_game(count, 0)


# -------------------------------------------------------------------- deal


@pytest.mark.parametrize(
    ("players", "hand_size", "passed"),
    [(3, 20, 5), (4, 15, 5), (5, 12, 4), (6, 10, 3), (7, 8, 3), (8, 7, 3)],
)
def test_the_table_of_hand_sizes_and_cards_passed(players, hand_size, passed):
    layout = LAYOUTS[players]
    assert (layout.hand_size, layout.pass_count) == (hand_size, passed)
    assert sum(layout.packets) == hand_size
    assert hand_size * players == len(deck_for(players))
    state = new(players)
    assert [len(hand) for hand in state.hands] == [hand_size] * players
    view = state.view(0)
    assert view["pass_count"] == passed
    assert [p["hand_count"] for p in view["players"]] == [hand_size] * players


def test_bga_packets():
    packets = {n: LAYOUTS[n].packets for n in range(3, 9)}
    assert packets == {
        3: (3, 3, 3, 3, 3, 3, 2),
        4: (3, 3, 3, 3, 3),
        5: (3, 3, 3, 3),
        6: (3, 3, 3, 1),
        7: (3, 3, 2),
        8: (3, 3, 1),
    }


def test_packets_go_round_the_table_from_the_dealers_left():
    cards = list(range(12))
    hands = deal_packets(cards, 4, 2, (2, 1))
    # dealer 2: seats 3, 0, 1, 2 get two cards each, then one each
    assert hands == [[2, 3, 9], [4, 5, 10], [6, 7, 11], [0, 1, 8]]
    with pytest.raises(ValueError, match="deal 8 of 12"):
        deal_packets(cards, 4, 0, (2,))


def test_the_deal_shuffles_with_the_games_generator():
    state = new(5, seed=42)
    cards = list(deck_for(5))
    Rng(42).shuffle(cards)
    assert state.hands == deal_packets(cards, 5, 0, LAYOUTS[5].packets)


# ----------------------------------------------------------------- passing


def test_everyone_chooses_at_once():
    state = new(5)
    assert state.to_act == (0, 1, 2, 3, 4)
    for seat in range(5):
        hand = state.view(seat)["hand"]
        assert {a.card for a in state.legal_actions(seat)} == set(hand)


def test_cards_are_chosen_one_at_a_time_then_confirmed():
    state = new(4)
    hand = [CODE[c] for c in state.hands[1]]
    assert CONFIRM not in state.legal_actions(1)
    for code in hand[:4]:
        state.apply(1, PickPass(code))
    with pytest.raises(IllegalAction, match="choose 5 cards first"):
        state.apply(1, CONFIRM)
    state.apply(1, PickPass(hand[4]))
    legal = state.legal_actions(1)
    assert not any(isinstance(a, PickPass) for a in legal)
    assert CONFIRM in legal and UnpickPass(hand[0]) in legal
    with pytest.raises(IllegalAction, match="take one back or confirm"):
        state.apply(1, PickPass(hand[5]))
    assert state.view(1)["selected"] == hand[:5]


def test_choosing_is_free_until_the_cards_are_passed():
    """No take-back limit a person can reach (issue 19): twenty take-backs, then confirm."""
    state = new(4)
    hand = [CODE[c] for c in state.hands[0]]
    for _ in range(20):
        state.apply(0, PickPass(hand[0]))
        state.apply(0, UnpickPass(hand[0]))
    assert state.view(0)["selected"] == [] and "unpicks_left" not in state.view(0)
    for code in hand[:5]:
        state.apply(0, PickPass(code))
    assert UnpickPass(hand[0]) in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="not among the cards you chose"):
        state.apply(0, UnpickPass(hand[6]))
    state.apply(0, ConfirmPass())
    assert state.view(0)["players"][0]["committed"]


def test_others_see_one_step_per_choice_and_the_replay_steps_over_the_choosing():
    state = new(4)
    hand = [CODE[c] for c in state.hands[0]]
    state.apply(0, PickPass(hand[0]))
    state.apply(0, UnpickPass(hand[0]))
    for code in hand[:5]:
        state.apply(0, PickPass(code))
    state.apply(0, ConfirmPass())
    drafts = [e for e in state.log(1) if e.get("draft")]
    assert len(drafts) == 7 and all(e["action"] is None for e in drafts)
    done = state.log(1)[-1]
    assert done["action"] is None and done["facts"] == {"chosen": True}
    assert bodoge.engine.replay_stops(state.events) == [0, 8]


def test_you_can_only_pass_your_own_cards():
    state = new(4)
    theirs = CODE[state.hands[1][0]]
    with pytest.raises(IllegalAction, match=f"you do not hold {theirs}"):
        state.apply(0, PickPass(theirs))
    with pytest.raises(IllegalAction, match="no card 'X9'"):
        state.apply(0, PickPass("X9"))


def test_no_card_is_played_while_choosing():
    state = new(4)
    card = CODE[state.hands[0][0]]
    with pytest.raises(IllegalAction, match="being chosen"):
        state.apply(0, Play(card))


def test_choices_are_secret_until_everyone_has_confirmed():
    state = new(4)
    before = [state.view(seat) for seat in (None, 1, 2, 3)]
    card = CODE[state.hands[0][0]]
    state.apply(0, PickPass(card))
    after = [state.view(seat) for seat in (None, 1, 2, 3)]
    for old, new_view in zip(before, after, strict=True):
        assert {**new_view, "version": old["version"]} == old
    entry = state.log(1)[-1]
    assert entry["action"] is None and entry["label"] is None
    assert state.log(0)[-1]["action"] == {"type": "pick_pass", "card": card}


def test_others_see_only_that_a_seat_has_committed():
    state = new(4)
    pass_cards(state, {2: [CODE[c] for c in state.hands[2][:5]]})
    assert [p["committed"] for p in state.view(0)["players"]] == [False, False, True, False]
    assert state.to_act == (0, 1, 3)
    assert state.view(0)["selected"] == []


def test_cards_go_to_the_left_when_the_last_seat_confirms():
    state = new(4)
    chosen = {seat: [CODE[c] for c in state.hands[seat][-5:]] for seat in range(4)}
    hands_before = [list(hand) for hand in state.hands]
    pass_cards(state, {seat: chosen[seat] for seat in (0, 1, 2)})
    assert state.hands == hands_before, "nothing moves before the last confirmation"
    pass_cards(state, {3: chosen[3]})
    for seat in range(4):
        giver = (seat - 1) % 4
        kept = [c for c in hands_before[seat] if CODE[c] not in chosen[seat]]
        assert state.hands[seat] == sorted(kept + ids(chosen[giver]))
        view = state.view(seat)
        assert view["received"] == [CODE[c] for c in ids(chosen[giver])]
        assert view["passed"] == [CODE[c] for c in ids(chosen[seat])]
    event = state.log(1)[-1]
    assert event["facts"]["received"] == [CODE[c] for c in ids(chosen[0])]
    assert "received" not in state.log(None)[-1]["facts"]


def test_cards_received_cannot_be_passed_on():
    """The choice is made before anything arrives: received cards are not in hand yet."""
    state = new(3)
    pass_cards(state, {0: [CODE[c] for c in state.hands[0][:5]]})
    incoming = CODE[state.hands[0][0]]  # seat 0 will give it to seat 1
    with pytest.raises(IllegalAction, match=f"do not hold {incoming}"):
        state.apply(1, PickPass(incoming))


def test_passing_is_to_the_left_every_hand_by_default():
    assert [pass_offset(h, 4, False) for h in range(1, 9)] == [1] * 8
    state = new(4, hands="2n")
    assert state.view(0)["pass_offset"] == 1


def test_shifting_pass_moves_one_seat_further_each_hand_and_skips_multiples_of_n():
    assert [pass_offset(h, 3, True) for h in range(1, 7)] == [1, 2, 0, 1, 2, 0]
    state = new(4, shifting_pass=True)
    assert state.offset == 1
    finish_hand(state)
    assert state.hand_number == 2 and state.offset == 2 and state.phase == PASS
    chosen = {seat: [CODE[c] for c in state.hands[seat][:5]] for seat in range(4)}
    before = [list(hand) for hand in state.hands]
    pass_cards(state, chosen)
    for seat in range(4):
        giver = (seat - 2) % 4
        kept = [c for c in before[seat] if CODE[c] not in chosen[seat]]
        assert state.hands[seat] == sorted(kept + ids(chosen[giver]))
    finish_hand(state)
    finish_hand(state)
    assert state.hand_number == 4 and state.offset == 0
    assert state.phase == PLAY and state.papayoo >= 0, "no passing in hand 4: the die is rolled"
    assert state.to_act == (state.dealer,)
    assert state.view(0)["pass_offset"] == 0


def finish_hand(state: PapayooState, seed: int = 0) -> None:
    """Play the current hand to its end with random legal actions."""
    rnd = random.Random(seed)
    hand = state.hand_number
    while state.hand_number == hand and not state.is_over:
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))


# --------------------------------------------------------------------- die


def test_the_die_is_rolled_after_passing_from_the_games_generator():
    state = new(4)
    pass_cards(state, {seat: [CODE[c] for c in state.hands[seat][:5]] for seat in (0, 1, 2)})
    assert state.view(0)["papayoo"] is None
    expected = state.rng.copy().below(4)
    pass_cards(state, {3: [CODE[c] for c in state.hands[3][:5]]})
    assert state.view(None)["papayoo"] == SUITS[expected]
    assert state.log(None)[-1]["facts"]["papayoo"] == SUITS[expected]


def test_the_die_shows_each_plain_suit_about_equally():
    rolls = Counter()
    for seed in range(400):
        state = new(3, seed=seed, hands="one")
        pass_first_cards(state)
        rolls[state.view(None)["papayoo"]] += 1
    assert set(rolls) == {"S", "H", "C", "D"}
    assert all(60 <= count <= 140 for count in rolls.values()), rolls


def test_worked_example_spades_on_the_die_make_the_seven_of_spades_worth_40():
    """(例) スペードの目が出た場合、スペードの「7」が-40点になります。"""
    state = new(3).arrange(
        {0: ["S7", "H2"], 1: ["S9", "H3"], 2: ["S2", "H4"]}, leader=0, papayoo="S"
    )
    assert state.view(0)["papayoo"] == "S"
    play(state, 0, "S7")
    play(state, 1, "S9")
    play(state, 2, "S2")
    assert state.hand_points == [0, 40, 0]
    assert state.view(0)["players"][1]["point_cards"] == ["S7"]


def test_another_suits_seven_is_worth_nothing():
    state = new(3).arrange(
        {0: ["H7", "H2"], 1: ["H9", "H3"], 2: ["S2", "C4"]}, leader=0, papayoo="S"
    )
    for seat, code in ((0, "H7"), (1, "H9"), (2, "S2")):
        play(state, seat, code)
    assert state.hand_points == [0, 0, 0]


# ------------------------------------------------------------------- play


def test_the_dealer_leads_the_first_trick():
    state = new(4, hands="2n")
    pass_first_cards(state)
    assert state.dealer == 0 and state.to_act == (0,)
    finish_hand(state)
    assert state.dealer == 1
    pass_first_cards(state)
    assert state.to_act == (1,)


def test_you_must_follow_suit():
    state = new(3).arrange({0: ["H5"], 1: ["H2", "H9", "S10", "P20"], 2: ["C3"]}, leader=0)
    play(state, 0, "H5")
    assert state.legal_actions(1) == [Play("H2"), Play("H9")]
    with pytest.raises(IllegalAction, match="must follow suit: you hold hearts"):
        play(state, 1, "P20")


def test_without_the_led_suit_any_card_may_be_played_and_the_void_is_public():
    state = new(3).arrange({0: ["H5", "C2"], 1: ["H9", "C4"], 2: ["C3", "P20", "S1"]})
    play(state, 0, "H5")
    play(state, 1, "H9")
    assert state.legal_actions(2) == [Play("S1"), Play("C3"), Play("P20")]
    play(state, 2, "P20")
    assert state.view(0)["players"][2]["voids"] == ["H"]


def test_no_trumps_the_highest_card_of_the_led_suit_wins():
    state = new(4).arrange(
        {0: ["H3", "S2"], 1: ["P20", "S3"], 2: ["S10", "S4"], 3: ["H9", "S5"]}, leader=0
    )
    for seat, code in ((0, "H3"), (1, "P20"), (2, "S10"), (3, "H9")):
        play(state, seat, code)
    assert state.hand_points == [0, 0, 0, 20]
    assert state.view(0)["last_trick"] == {
        "hand": 1,
        "cards": [
            {"seat": 0, "card": "H3"},
            {"seat": 1, "card": "P20"},
            {"seat": 2, "card": "S10"},
            {"seat": 3, "card": "H9"},
        ],
        "winner": 3,
        "points": 20,
    }
    assert trick_winner(ids(["H3"]) + ids(["P20"]) + ids(["S10"]) + ids(["H9"]), 0, 4) == 3


def test_the_trick_winner_leads_the_next_trick():
    state = new(3).arrange({0: ["C2", "C5"], 1: ["C9", "S5"], 2: ["C4", "S6"]}, leader=0)
    for seat, code in ((0, "C2"), (1, "C9"), (2, "C4")):
        play(state, seat, code)
    assert state.to_act == (1,) and state.view(0)["leader"] == 1
    assert state.view(0)["trick"] == []


def test_play_goes_to_the_left():
    state = new(4).arrange({0: ["C2"], 1: ["C9"], 2: ["C4"], 3: ["C5"]}, leader=2)
    assert state.to_act == (2,)
    play(state, 2, "C4")
    assert state.to_act == (3,)
    play(state, 3, "C5")
    assert state.to_act == (0,)


def test_payoo_is_an_ordinary_suit_that_can_be_led():
    state = new(3).arrange({0: ["P5", "S2"], 1: ["P18", "S3"], 2: ["P2", "S4"]}, leader=0)
    play(state, 0, "P5")
    assert state.legal_actions(1) == [Play("P18")]
    play(state, 1, "P18")
    play(state, 2, "P2")
    assert state.hand_points == [0, 25, 0]


def test_the_papayoo_with_payoo_cards_adds_up():
    state = new(3).arrange(
        {0: ["D7", "S2"], 1: ["D8", "S3"], 2: ["P20", "S4"]}, leader=0, papayoo="D"
    )
    for seat, code in ((0, "D7"), (1, "D8"), (2, "P20")):
        play(state, seat, code)
    assert state.hand_points == [0, 60, 0] and state.totals == [0, 60, 0]
    assert state.scores == (0, -60, 0)


@pytest.mark.parametrize("players", range(3, 9))
def test_every_hand_is_worth_250_points(players):
    for seed in range(12):
        state = new(players, seed=seed, hands="n", shifting_pass=seed % 2 == 1)
        finish_randomly(state, seed)
        assert len(state.hand_scores) == players
        assert all(sum(row) == 250 for row in state.hand_scores)
        assert sum(state.totals) == 250 * players


# ---------------------------------------------------------- hands and end


@pytest.mark.parametrize(("choice", "hands"), [("one", 1), ("n", 5), ("2n", 10), ("3n", 15)])
def test_number_of_hands_option(choice, hands):
    assert hands_for(choice, 5) == hands
    state = new(5, hands=choice)
    assert state.view(0)["hands"] == hands
    finish_randomly(state)
    assert len(state.hand_scores) == hands and state.hand_number == hands


def test_the_default_is_as_many_hands_as_players():
    assert GAME.resolve_options(None) == {"hands": "n", "shifting_pass": False}
    assert new(6).num_hands == 6
    with pytest.raises(bodoge.InvalidOptions):
        new(4, hands="4n")


def test_the_dealer_moves_left_every_hand():
    state = new(3, hands="2n")
    dealers = []
    while not state.is_over:
        dealers.append(state.dealer)
        finish_hand(state)
    assert dealers == [0, 1, 2, 0, 1, 2]


def test_a_hand_ends_when_the_cards_run_out_and_the_next_is_dealt():
    state = new(3, hands="n").arrange(
        {0: ["C2"], 1: ["C9"], 2: ["P4"]}, leader=0, totals=[10, 20, 30]
    )
    for seat, code in ((0, "C2"), (1, "C9"), (2, "P4")):
        play(state, seat, code)
    assert state.hand_scores == [(0, 4, 0)]
    assert state.totals == [10, 24, 30]
    assert state.hand_number == 2 and state.dealer == 1 and state.phase == PASS
    assert [len(hand) for hand in state.hands] == [20, 20, 20]
    assert state.view(0)["players"][1]["points"] == 0
    facts = state.log(None)[-1]["facts"]
    assert facts["hand_points"] == [0, 4, 0] and facts["next_hand"] == 2


def last_trick_of_the_game(totals: list[int]) -> PapayooState:
    state = new(3, hands="one").arrange({0: ["C2"], 1: ["C9"], 2: ["C4"]}, leader=0, totals=totals)
    for seat, code in ((0, "C2"), (1, "C9"), (2, "C4")):
        play(state, seat, code)
    assert state.is_over
    return state


def test_the_fewest_points_wins():
    state = last_trick_of_the_game([40, 12, 198])
    assert state.winners == (1,)
    assert state.scores == (-40, -12, -198)
    assert state.view(None)["winners"] == [1]
    assert state.summary("en")[-1] == "Winners (fewest points): P2"


def test_a_tie_for_fewest_points_is_shared():
    state = last_trick_of_the_game([40, 105, 105][::-1])
    assert state.winners == (2,)
    state = last_trick_of_the_game([105, 40, 40])
    assert state.winners == (1, 2)


def test_no_winner_before_the_end():
    state = new(3)
    assert state.winners == () and state.scores == (0, 0, 0)


def test_scores_are_minus_the_points_taken():
    state = new(4, seed=3)
    finish_randomly(state, 3)
    assert state.scores == tuple(-total for total in state.totals)
    best = min(state.totals)
    assert state.winners == tuple(s for s, t in enumerate(state.totals) if t == best)
    low, high = GAME.score_range(state.options, 4)
    assert (low, high) == (-1000, 0) and all(low <= s <= high for s in state.scores)


# ------------------------------------------------------ hidden information


def test_a_seat_sees_its_own_hand_only():
    state = new(4)
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == [CODE[c] for c in state.hands[seat]]
    spectator = state.view(None)
    assert spectator["hand"] is None and spectator["selected"] is None
    assert spectator["passed"] is None and spectator["received"] is None
    text = str(state.view(1))
    assert not any(f"'{CODE[card]}'" in text for card in state.hands[0])


def determinized(state: PapayooState, seat: int | None, key: int) -> PapayooState:
    world = state.determinize(seat, Rng(key))
    assert isinstance(world, PapayooState)
    return world


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest():
    state = new(4, seed=5)
    pass_first_cards(state)
    rnd = random.Random(5)
    for _ in range(9):
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    changed = 0
    for key in range(20):
        world = determinized(state, 0, key)
        assert world.view(0) == state.view(0)
        assert world.legal_actions(0) == state.legal_actions(0)
        assert world.hands[0] == state.hands[0]
        still_there = [c for c in state.passed[0] if c in state.hands[1]]
        assert set(still_there) <= set(world.hands[1]), "cards seat 0 passed stay with seat 1"
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert world.passed[2] == [] and world.received[3] == [], "others' passes forgotten"
        changed += world.hands[2] != state.hands[2]
    assert changed > 15


def test_determinize_respects_the_suits_players_have_shown_void_in():
    state = new(3).arrange(
        {
            0: ["H2", "H3", "C2", "C3", "D2"],
            1: ["S2", "S3", "P5", "D3", "D4"],
            2: ["S4", "S5", "P6", "D5", "D6"],
        },
        leader=0,
    )
    play(state, 0, "H2")
    play(state, 1, "P5")  # seat 1 shows it has no hearts
    assert state.voids[1] == 1 << SUITS.index("H")
    for key in range(40):
        world = determinized(state, 2, key)
        assert not any(SUIT[c] == SUITS.index("H") for c in world.hands[1])
        assert world.hands[2] == state.hands[2]


def test_determinize_of_a_determinization_is_the_same_world():
    state = new(5, seed=8)
    pass_cards(state, {1: [CODE[c] for c in state.hands[1][:4]]})
    state.apply(2, PickPass(CODE[state.hands[2][0]]))
    world = determinized(state, 3, 1)
    assert world.selected[2] == [] and len(world.selected[1]) == 4
    for key in range(5):
        direct, again = determinized(state, 3, key), determinized(world, 3, key)
        assert direct.hands == again.hands and direct.selected == again.selected


def test_determinize_at_the_end_changes_nothing():
    state = new(3, hands="one")
    finish_randomly(state)
    world = determinized(state, 0, 3)
    assert all(world.view(s) == state.view(s) for s in (None, 0, 1, 2))


# --------------------------------------------------------------------- bot


def test_the_bot_passes_high_payoo_cards_and_sevens():
    hand = ids(["S1", "S2", "H7", "C3", "C4", "D2", "P1", "P2", "P19", "P20", "P3", "D3"])
    chosen = [CODE[c] for c in cards_to_pass(tuple(hand), 4)]
    assert chosen == ["P20", "P19", "H7", "P3"]


def test_the_bot_dumps_the_papayoo_when_it_cannot_follow():
    state = new(3).arrange({0: ["C9"], 1: ["C2"], 2: ["H7", "P20", "S10"]}, leader=0)
    play(state, 0, "C9")
    play(state, 1, "C2")
    assert HeuristicBot(1).choose(state, 2) == Play("H7")


def test_the_bot_ducks_under_the_winning_card():
    state = new(3).arrange({0: ["S8"], 1: ["S2", "S7", "S10"], 2: ["S3"]}, leader=0)
    play(state, 0, "S8")
    assert HeuristicBot(1).choose(state, 1) == Play("S7")


def test_the_bot_reads_the_same_from_the_view_as_from_the_state():
    state = new(4, seed=2)
    pass_first_cards(state)
    rnd = random.Random(2)
    for _ in range(30):
        seat = state.to_act[0]
        table, again = Table.from_state(state, seat), Table.from_view(state.view(seat))
        assert (table.hand, table.trick, table.unseen, table.papayoo) == (
            again.hand,
            again.trick,
            again.unseen,
            again.papayoo,
        )
        state.apply(seat, rnd.choice(state.legal_actions(seat)))


def test_the_bot_beats_random_players():
    game = bodoge.get_game("papayoo")
    share = 0.0
    for number in range(12):
        state = new(4, seed=number, hands="one")
        bot = HeuristicBot(number)
        rnd = random.Random(number)
        hero = number % 4
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = bot.choose(state, seat) if seat == hero else rnd.choice(legal)
            state.apply(seat, action)
        share += (hero in state.winners) / len(state.winners)
    assert game.heuristic_bot(0) is not None
    assert share / 12 > 0.5


# -------------------------------------------------------------------- text


def test_cards_are_named_for_people_never_like_a_seat():
    assert card_name("P3", "en") == "Payoo 3" and card_name("P3", "ja") == "パヨー3"
    assert card_name("H7") == "♥7" and card_name("nope") == "nope"
    assert Play("P2").label("en") == "Play Payoo 2"
    assert PickPass("S10").label("ja") == "♠10を渡すカードに選ぶ"


def test_describe_view_in_both_languages():
    state = new(4)
    pass_first_cards(state)
    play(state, 0, CODE[state.hands[0][0]])
    for lang in ("ja", "en"):
        for seat in (None, 0, 1):
            text = GAME.describe_view(state.view(seat), lang)
            assert ("パパヨー" if lang == "ja" else "Papayoo") in text


def test_the_bot_ignores_cards_it_cannot_see():
    """Swap cards between two other hands: seat 0's view and choice stay the same."""
    state = new(4, seed=6)
    pass_first_cards(state)
    rnd = random.Random(6)
    while state.to_act != (0,) or len(state.played) < 8:
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    other = state.clone()
    one, two = other.hands[1], other.hands[2]
    one[0], two[0] = two[0], one[0]
    one.sort()
    two.sort()
    assert other.view(0) == state.view(0) and other.hands != state.hands
    for seed in range(5):
        assert HeuristicBot(seed).choose(other, 0) == HeuristicBot(seed).choose(state, 0)
