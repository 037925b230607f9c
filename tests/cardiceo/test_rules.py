"""Every rule sentence of Cardiceo and every ruling, one test each.

Situations are set up with the game's position builder (``state.arrange``);
dice rolls are scripted with ``rolls=`` or ``state.script_rolls``; then the
game is driven only through the public contract (``legal_actions``, ``apply``, ``view``).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import bodoge
from bodoge.bots import make_bot
from bodoge.engine import IllegalAction, InvalidOptions, Rng
from bodoge.games.cardiceo import (
    GAME,
    CardiceoState,
    Discard,
    KeepDice,
    RerollDice,
    Stop,
    discard,
)
from bodoge.games.cardiceo.data import (
    OUTCOMES_PER_VALUE,
    ROLLS,
    ROUND_TURN_LIMIT,
    hand_size,
)
from bodoge.games.cardiceo.spaces import action_space

STOP = Stop()
KEEP = KeepDice()
REROLL = RerollDice()
D4, D8, D12 = 1, 2, 4
ALL = D4 | D8 | D12


def new(players: int = 4, seed: int = 1, **options: object) -> CardiceoState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, CardiceoState)
    return state


def hand_of(state: CardiceoState, seat: int) -> list[int]:
    return [v for v in range(1, 16) for _ in range(state.hands[seat][v])]


def discards(state: CardiceoState, seat: int | None = None) -> set[tuple[int, int]]:
    seat = state.current if seat is None else seat
    return {(a.card, a.mask) for a in state.legal_actions(seat) if isinstance(a, Discard)}


def places(state: CardiceoState, seat: int = 0) -> list[tuple[int, str]]:
    return [(die["value"], die["place"]) for die in state.view(seat)["dice"]]


# ------------------------------------------------------------------ set-up


def test_sixty_cards_four_of_each_value_1_to_15():
    state = new(4)
    for value in range(1, 16):
        held = sum(hand[value] for hand in state.hands)
        assert held + state.set_aside[value] == 4
    assert sum(state.counts) + sum(state.set_aside) == 60


@pytest.mark.parametrize("players", range(2, 7))
def test_ten_cards_each_the_rest_set_aside_unseen(players):
    state = new(players)
    assert state.counts == [10] * players
    assert state.view(0)["set_aside"] == 60 - 10 * players
    assert "set_aside" not in str(state.view(0)["players"])


@pytest.mark.parametrize(("players", "each", "left"), [(7, 8, 4), (8, 7, 4)])
def test_seven_or_more_players_get_equal_hands_and_the_rest_is_set_aside(players, each, left):
    """The text's example: seven players get eight cards each and four are left over."""
    state = new(players)
    assert state.counts == [each] * players
    assert sum(state.set_aside) == left
    assert hand_size(players, short=False) == each


@pytest.mark.parametrize("players", [2, 6, 8])
def test_short_game_deals_five_cards_each(players):
    state = new(players, short=True)
    assert state.counts == [5] * players
    assert sum(state.set_aside) == 60 - 5 * players


@pytest.mark.parametrize(
    ("options", "allowed"), [({}, (2, 8)), ({"short": True}, (2, 8)), ({"hardcore": True}, (2, 4))]
)
def test_player_counts_depend_on_the_options(options, allowed):
    assert GAME.player_range(GAME.resolve_options(options)) == allowed
    for count in range(1, 10):
        if allowed[0] <= count <= allowed[1]:
            assert GAME.new_game(count, 0, options).num_players == count
        else:
            with pytest.raises(InvalidOptions, match=f"{allowed[0]}–{allowed[1]} players"):
                GAME.new_game(count, 0, options)
    assert (GAME.min_players, GAME.max_players) == (2, 8)


def test_options_and_their_defaults():
    assert GAME.resolve_options({}) == {
        "short": False,
        "easy": False,
        "rounds": 1,
        "hardcore": False,
    }
    with pytest.raises(InvalidOptions, match="'rounds' cannot be 0"):
        GAME.new_game(3, 0, {"rounds": 0})
    with pytest.raises(InvalidOptions, match="this game has: short, easy, rounds, hardcore"):
        GAME.new_game(3, 0, {"sixplus": True})


def test_the_players_may_agree_on_any_number_of_rounds_from_1_to_20():
    """Regression: the option was capped at 5; the text lets the players agree any number."""
    for rounds in (1, 6, 20):
        assert GAME.new_game(2, 0, {"rounds": rounds}).view(None)["rounds"] == rounds
    with pytest.raises(InvalidOptions, match=r"'rounds' cannot be 21; allowed: integers 1\.\.20"):
        GAME.new_game(2, 0, {"rounds": 21})


@pytest.mark.parametrize("clash", [{"short": True}, {"easy": True}, {"rounds": 3}])
def test_hardcore_is_not_combined_with_short_easy_or_several_rounds(clash):
    with pytest.raises(InvalidOptions, match="hardcore mode cannot be combined"):
        GAME.new_game(3, 0, {"hardcore": True, **clash})
    assert all(not (v["hardcore"] and (v["short"] or v["easy"])) for v in GAME.variants())


def test_the_start_player_is_seat_0_and_rolls_all_three_dice():
    state = new(3, seed=5)
    assert state.to_act == (0,)
    dice = state.view(0)["dice"]
    assert [die["sides"] for die in dice] == [4, 8, 12]
    assert [die["place"] for die in dice] == ["rolled"] * 3


def test_the_dice_are_a_d4_a_d8_and_a_d12_rolled_from_the_seeded_generator():
    seen: list[set[int]] = [set(), set(), set()]
    for seed in range(300):
        state = new(2, seed=seed)
        for die, value in enumerate(state.dice):
            seen[die].add(value)
    assert seen == [set(range(1, 5)), set(range(1, 9)), set(range(1, 13))]
    assert new(3, seed=9).dice == new(3, seed=9).dice


# --------------------------------------------------------- discarding


def test_a_card_is_discarded_with_dice_that_sum_to_it_exactly():
    state = new(3).arrange({0: list(range(1, 16))}, (3, 4, 6))
    expected = {
        (3, D4),
        (4, D8),
        (6, D12),
        (7, D4 | D8),
        (9, D4 | D12),
        (10, D8 | D12),
        (13, ALL),
    }
    assert discards(state) == expected
    assert STOP in state.legal_actions(0)


def test_a_card_no_dice_sum_matches_cannot_be_discarded():
    state = new(3).arrange({0: [3, 5, 11]}, (3, 4, 6))
    assert discards(state) == {(3, D4)}
    with pytest.raises(IllegalAction, match="show 4, not 5"):
        state.apply(0, discard(5, D8))
    with pytest.raises(IllegalAction, match="no 12 in your hand"):
        state.apply(0, discard(12, D4 | D8))


def test_cards_are_never_added_up_to_match_a_die():
    """A 12 on the die does not let you throw away 5 and 7 together."""
    state = new(3).arrange({0: [5, 7, 1]}, (1, 8, 12))
    assert discards(state) == {(1, D4)}


def test_several_cards_in_one_turn_each_die_once():
    state = new(3).arrange({0: [3, 10, 13, 4, 1], 1: [2, 15]}, (3, 4, 6), rolls=(1, 1))
    state.apply(0, discard(3, D4))
    assert discards(state) == {(4, D8), (10, D8 | D12)}
    with pytest.raises(IllegalAction, match="d4 was already used this turn"):
        state.apply(0, discard(13, ALL))
    state.apply(0, discard(4, D8))
    assert state.legal_actions(0) == []  # 6 alone matches nothing held: the turn is over
    assert state.current == 1
    assert hand_of(state, 0) == [1, 10, 13]


def test_the_same_card_may_be_matched_by_different_dice():
    state = new(3).arrange({0: [12, 1]}, (4, 8, 12))
    assert discards(state) == {(12, D4 | D8), (12, D12)}


def test_a_player_may_end_the_turn_at_any_time():
    state = new(3).arrange({0: [3, 4, 1], 1: [5, 15]}, (3, 4, 6), rolls=(1,))
    state.apply(0, discard(3, D4))
    assert STOP in state.legal_actions(0) and discards(state) == {(4, D8)}
    state.apply(0, STOP)
    assert state.current == 1
    assert hand_of(state, 0) == [1, 4]


def test_the_turn_ends_by_itself_when_nothing_more_can_be_discarded():
    state = new(3).arrange({0: [3, 10, 1], 1: [15, 3]}, (3, 4, 6), rolls=(1, 1, 1))
    state.apply(0, discard(3, D4))
    event = state.apply(0, discard(10, D8 | D12))
    assert state.current == 1
    kinds = [step["kind"] for step in event.outcome.public["steps"]]
    assert kinds[:2] == ["end", "roll"]


def test_a_player_who_can_discard_nothing_passes_without_acting():
    """Seat 1 rolls, cannot play, and the turn moves on: no decision is asked of it."""
    state = new(3).arrange({0: [3, 1, 1], 1: [15, 14]}, (3, 8, 12), rolls=(1,))
    event = state.apply(0, discard(3, D4))
    steps = event.outcome.public["steps"]
    assert [s["kind"] for s in steps] == ["end", "roll", "end", "choose"]
    assert steps[1] == {"kind": "roll", "seat": 1, "dice": [1, 8, 12], "rolled": ["d4"]}
    assert steps[2]["seat"] == 1 and steps[2]["discards"] == 0
    assert state.to_act == (2,) and state.choosing


# ------------------------------------------------------ passing the dice


def test_used_dice_pass_on_unused_dice_lock_in_the_middle_with_their_values():
    state = new(3).arrange({0: [12, 1], 1: [11, 2]}, (4, 8, 12), rolls=(7,))
    state.apply(0, discard(12, D12))
    # seat 0 holds no 4, 8 or 12 any more: its turn ends, only the d12 passes on
    assert state.current == 1
    assert state.rng.asked == [12]  # type: ignore[attr-defined]
    assert places(state, 1) == [(4, "locked"), (8, "locked"), (7, "rolled")]
    assert discards(state, 1) == {(11, D4 | D12)}


def test_the_next_player_rolls_only_the_dice_passed_to_them():
    state = new(3).arrange({0: [3, 10, 2], 1: [9, 5]}, (3, 4, 6), rolls=(1, 2, 3))
    state.apply(0, discard(3, D4))
    state.apply(0, STOP)
    assert state.rng.asked == [4]  # type: ignore[attr-defined]  # only the d4 is rolled
    assert places(state, 1) == [(1, "rolled"), (4, "locked"), (6, "locked")]
    state.apply(1, discard(5, D4 | D8))
    # the 6 left fits nothing: d4 and d8 pass to seat 2, who rolls exactly those two
    assert state.rng.asked == [4, 4, 8]  # type: ignore[attr-defined]
    assert state.to_act == (0,) and state.choosing  # seat 2 could not play either


def test_when_all_three_dice_are_in_the_middle_the_next_player_keeps_or_rerolls():
    state = new(3).arrange({0: [3, 1], 1: [7, 13, 2]}, (3, 4, 6))
    state.apply(0, STOP)  # seat 0 discards nothing: all three dice stay in the middle
    assert state.to_act == (1,)
    assert state.legal_actions(1) == [KEEP, REROLL]
    assert state.view(1)["choosing"] is True
    assert places(state, 1) == [(3, "locked"), (4, "locked"), (6, "locked")]
    with pytest.raises(IllegalAction, match="first keep them or reroll them"):
        state.apply(1, discard(7, D4 | D8))
    keep = state.clone()
    keep.apply(1, KEEP)
    assert discards(keep, 1) == {(7, D4 | D8), (13, ALL)}
    assert places(keep, 1) == [(3, "locked"), (4, "locked"), (6, "locked")]
    state.script_rolls(1, 1, 11)
    state.apply(1, REROLL)
    assert places(state, 1) == [(1, "rolled"), (1, "rolled"), (11, "rolled")]
    assert discards(state, 1) == {(2, D4 | D8), (13, ALL)}


def test_keep_or_reroll_is_offered_only_when_all_three_dice_are_in_the_middle():
    state = new(3).arrange({0: [3, 1], 1: [7, 2]}, (3, 4, 6))
    with pytest.raises(IllegalAction, match="only when all three dice were left"):
        state.apply(0, KEEP)


# ------------------------------------------------------------ the end


def test_discarding_the_last_card_ends_the_game_and_wins():
    state = new(3).arrange({0: [3, 10], 1: [5, 9], 2: [15]}, (3, 4, 6))
    state.apply(0, discard(3, D4))
    event = state.apply(0, discard(10, D8 | D12))
    assert state.is_over and state.to_act == ()
    assert state.winners == (0,)
    assert state.scores == (0, -14, -15)
    assert event.outcome.public["steps"][-1] == {"kind": "over", "winners": [0]}
    assert state.summary("en")[-2:] == ["Winners: P1", "P1 emptied their hand first."]
    assert state.summary("ja")[-2:] == ["勝者: P1", "P1が最初に手札をなくしました。"]


def test_once_over_every_hand_is_shown():
    state = new(3).arrange({0: [3], 1: [5, 9], 2: [15]}, (3, 4, 6))
    assert state.view(0)["players"][1]["open_hand"] is None
    state.apply(0, discard(3, D4))
    view = state.view(2)
    assert view["players"][1]["open_hand"][4] == 1 and view["players"][1]["open_hand"][8] == 1
    assert view["result"]["sums"] == [0, 14, 15]


# --------------------------------------------------- the published table


def test_the_384_outcomes_match_the_published_count_for_every_card_value():
    """All 4·8·12 rolls through the real legality code, with one card of every value held."""
    state = new(2, hardcore=True)
    assert hand_of(state, 0) == list(range(1, 16))
    counted: Counter[int] = Counter()
    rolls = list(itertools.product(range(1, 5), range(1, 9), range(1, 13)))
    assert len(rolls) == ROLLS == 384
    for roll in rolls:
        state.arrange({0: list(range(1, 16)), 1: list(range(1, 16))}, roll)
        counted.update({card for card, _ in discards(state, 0)})
    assert dict(counted) == OUTCOMES_PER_VALUE
    assert counted[1] == 153 and counted[15] == 69


# ------------------------------------------------------ the play example


def test_the_play_example_of_the_rule_text_turn_by_turn():
    state = new(4).arrange(
        {
            0: [3, 10, 1, 1, 2, 2, 5, 8, 11, 15],
            1: [12, 1, 2, 11, 11, 15, 15, 13, 9, 6],
            2: [1, 2, 3, 5, 6, 7, 9, 11, 13, 15],
            3: [3, 5, 7, 13, 13, 6, 6, 9, 10, 10],
        },
        (3, 4, 6),
    )
    # The first player rolls 3, 4, 6: the 3 discards a 3, 4 + 6 discard a 10.
    state.script_rolls(4, 8, 12)
    state.apply(0, discard(3, D4))
    state.apply(0, discard(10, D8 | D12))
    # All three dice pass on; the second player rolls 4, 8, 12.
    assert state.current == 1
    assert places(state, 1) == [(4, "rolled"), (8, "rolled"), (12, "rolled")]
    assert discards(state, 1) == {(12, D12), (12, D4 | D8)}
    # The 12 discards a 12 and passes on; 4 and 8 lock in the middle.
    # The third player rolls only the d12 and gets a 10: 4, 8, 10, nothing fits.
    state.script_rolls(10)
    event = state.apply(1, discard(12, D12))
    steps = event.outcome.public["steps"]
    assert steps[0] == {
        "kind": "end",
        "seat": 1,
        "discards": 1,
        "passed": ["d12"],
        "locked": ["d4", "d8"],
    }
    assert steps[1] == {"kind": "roll", "seat": 2, "dice": [4, 8, 10], "rolled": ["d12"]}
    assert steps[2]["seat"] == 2 and steps[2]["passed"] == [] and steps[2]["discards"] == 0
    # All three dice are now in the middle: the fourth player chooses to reroll: 3, 5, 7.
    assert state.to_act == (3,) and state.legal_actions(3) == [KEEP, REROLL]
    state.script_rolls(3, 5, 7)
    state.apply(3, REROLL)
    assert places(state, 3) == [(3, "rolled"), (5, "rolled"), (7, "rolled")]
    state.apply(3, discard(3, D4))
    state.apply(3, discard(5, D8))
    state.script_rolls(1, 1, 1)
    state.apply(3, discard(7, D12))
    # The three dice pass on to the next player (the first again), who rolls all three.
    assert state.current == 0
    assert places(state, 0) == [(1, "rolled"), (1, "rolled"), (1, "rolled")]
    assert state.counts == [8, 9, 10, 7]
    assert state.discarded[1:] == [0, 0, 2, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0]


# -------------------------------------------------------------- easy mode


def test_easy_mode_shows_every_hand_to_everyone():
    closed, easy = new(3, seed=4), new(3, seed=4, easy=True)
    for seat in (None, 0, 1, 2):
        for other in range(3):
            shown = easy.view(seat)["players"][other]["open_hand"]
            assert shown == easy.hands[other][1:]
            assert closed.view(seat)["players"][other]["open_hand"] is None
    assert closed.view(None)["hand"] is None and closed.view(1)["hand"] == closed.hands[1][1:]


# ------------------------------------------------------------- multi-round


def test_multi_round_adds_the_cards_left_and_the_lowest_total_wins():
    state = new(3, seed=2, rounds=2)
    state.arrange({0: [3], 1: [5, 9], 2: [15]}, (3, 4, 6), rolls=(4, 8, 12))
    event = state.apply(0, discard(3, D4))
    round_step = next(s for s in event.outcome.public["steps"] if s["kind"] == "round")
    assert round_step["sums"] == [0, 14, 15] and round_step["emptied"] == 0
    assert not state.is_over
    assert state.scores == (0, -14, -15)
    assert state.round == 2 and state.history == [[0, 14, 15]]
    # Round 2: a fresh deal of ten cards each, started by the next seat.
    assert state.counts == [10, 10, 10] and state.discarded == [0] * 16
    assert state.current == state.start_player == 1
    assert [d["place"] for d in state.view(1)["dice"]] == ["rolled"] * 3
    state.arrange({0: [15, 15, 10], 1: [4], 2: [1]}, (4, 8, 12), current=1)
    state.apply(1, discard(4, D4))
    assert state.is_over
    assert state.totals == [40, 14, 16]
    assert state.winners == (1,)
    assert state.scores == (-40, -14, -16)
    assert state.view(0)["history"] == [[0, 14, 15], [40, 0, 1]]
    assert state.summary("en")[1] == "P2: 0 cards left (0 points), total 14"


def test_multi_round_ties_share_the_win():
    state = new(2, seed=3, rounds=2)
    state.arrange({0: [3], 1: [5]}, (3, 4, 6), rolls=(4, 8, 12))
    state.apply(0, discard(3, D4))
    state.arrange({0: [5], 1: [2]}, (2, 8, 12), current=1)
    state.apply(1, discard(2, D4))
    assert state.totals == [5, 5] and state.winners == (0, 1)


# --------------------------------------------------------------- hardcore


def test_hardcore_deals_one_open_card_of_every_value_to_each_player():
    state = new(3, hardcore=True)
    for seat in range(3):
        assert hand_of(state, seat) == list(range(1, 16))
        assert state.view(None)["players"][seat]["open_hand"] == [1] * 15
    assert sum(state.set_aside) == 15


def test_hardcore_a_player_who_cannot_discard_is_out_and_the_dice_lock():
    state = new(3, hardcore=True)
    state.arrange({0: [3, 1], 1: [14, 15], 2: [7, 1, 2]}, (3, 4, 6), rolls=(1,))
    state.apply(0, discard(3, D4))  # 4 and 6 fit nothing more: the turn ends
    # Seat 1 rolls the d4 (1): 1, 4, 6 cannot make 14 or 15: it is out.
    assert state.eliminated == frozenset({1})
    # No keep-or-reroll choice: seat 2 must play the three locked dice as they are.
    assert state.to_act == (2,)
    assert places(state, 2) == [(1, "locked"), (4, "locked"), (6, "locked")]
    assert discards(state, 2) == {(1, D4), (7, D4 | D12)}
    assert state.view(0)["players"][1]["out"] is True


def test_hardcore_ending_a_turn_without_a_discard_puts_you_out():
    state = new(3, hardcore=True)
    state.arrange({0: [3, 1], 1: [4, 15], 2: [7, 2]}, (3, 4, 6))
    state.apply(0, STOP)
    assert state.eliminated == frozenset({0})
    assert state.to_act == (1,) and KEEP not in state.legal_actions(1)


def test_hardcore_the_last_player_standing_wins():
    state = new(2, hardcore=True)
    state.arrange({0: [15, 14, 1], 1: [13, 12, 11]}, (3, 4, 6))
    state.apply(0, STOP)
    assert state.is_over and state.winners == (1,)
    assert state.eliminated == frozenset({0})
    assert state.scores == (-30, -36)


def test_hardcore_emptying_your_hand_wins_too():
    state = new(4, hardcore=True)
    state.arrange({0: [3, 4]}, (3, 4, 6))
    state.apply(0, discard(3, D4))
    state.apply(0, discard(4, D8))
    assert state.is_over and state.winners == (0,)


def test_eliminated_players_are_skipped():
    state = new(3, hardcore=True)
    state.arrange({0: [3, 10, 1], 1: [15, 14], 2: [6, 2]}, (3, 4, 6), rolls=(2,), out=(1,))
    state.apply(0, discard(3, D4))
    state.apply(0, STOP)
    assert state.current == 2


# ------------------------------------------------------- the turn limit


def test_the_safety_limit_stops_the_game_with_no_winner():
    """A safety limit is not a rule: no fewest-cards ranking names a winner at it."""
    state = new(3)
    state.arrange({0: [3, 1, 1], 1: [14, 15], 2: [13, 15]}, (3, 4, 6), turn=state.turn_limit)
    assert state.turn_limit == ROUND_TURN_LIMIT * 3 and ROUND_TURN_LIMIT >= 100
    state.apply(0, discard(3, D4))
    assert state.is_over and state.by_limit and state.stopped
    assert state.winners == (), "P1 has the fewest cards, but the limit is not a rule"
    view = state.view(None)
    assert view["stopped"] is True and view["result"]["winners"] == []
    assert view["result"]["by_limit"] is True
    assert state.record()["result"]["stopped"] is True
    en, ja = state.summary("en"), state.summary("ja")
    assert en[-1] == f"Stopped at the safety limit of {ROUND_TURN_LIMIT} turns a player: no winner"
    assert ja[-1].startswith("安全のための上限") and ja[-1].endswith("勝者なし")


def test_a_round_stopped_by_the_safety_limit_ends_a_game_of_several_rounds():
    state = new(3, seed=2, rounds=3)
    state.arrange({0: [3, 1, 1], 1: [14, 15], 2: [13, 15]}, (3, 4, 6), turn=state.turn_limit)
    state.apply(0, discard(3, D4))
    assert state.is_over and state.stopped and state.round == 1 and state.winners == ()


def test_a_game_ended_by_its_rules_is_not_stopped():
    state = new(3).arrange({0: [3], 1: [14, 15], 2: [13, 15]}, (3, 4, 6))
    state.apply(0, discard(3, D4))
    assert state.is_over and state.winners == (0,) and not state.stopped
    assert "stopped" not in state.view(None)


def test_the_turn_limit_is_far_beyond_real_games():
    for seed in range(20):
        state = new(4, seed=seed)
        rnd = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
        assert not state.by_limit and state.emptied >= 0


# --------------------------------------------------- hidden information


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others():
    state = new(4, seed=8)
    view = state.view(2)
    assert view["hand"] == state.hands[2][1:]
    assert [p["hand_count"] for p in view["players"]] == [10, 10, 10, 10]
    assert all(p["open_hand"] is None for p in view["players"])


def test_determinize_redeals_the_other_hands_and_the_set_aside_cards():
    state = new(4, seed=8)
    changed = 0
    for key in range(10):
        world = state.determinize(1, Rng(key))
        assert world.view(1) == state.view(1)
        assert world.legal_actions(1) == state.legal_actions(1)
        assert world.counts == state.counts
        assert world.hands[1] == state.hands[1]
        changed += world.hands[0] != state.hands[0]
    assert changed


def test_open_hands_are_never_redealt():
    for options in ({"easy": True}, {"hardcore": True}):
        state = new(3, seed=8, **options)
        world = state.determinize(0, Rng(3))
        assert world.hands == state.hands and world.set_aside == state.set_aside


def test_the_action_space_is_finite_and_stable():
    actions = action_space(GAME.resolve_options({}), 4)
    assert len(actions) == len(set(actions)) == 79
    assert actions[-3:] == [STOP, KEEP, REROLL]
    for card in range(1, 16):
        for mask in range(1, 8):
            dice = [s for i, s in enumerate((4, 8, 12)) if mask >> i & 1]
            possible = len(dice) <= card <= sum(dice)
            assert (discard(card, mask) in actions) == possible


def test_actions_have_readable_labels_and_wire_forms():
    action = discard(10, D8 | D12)
    assert action.label("en") == "Discard a 10 with d8+d12"
    assert action.label("ja") == "d8+d12で「10」を捨てる"
    assert action.to_json() == {"type": "discard", "card": 10, "d4": False, "d8": True, "d12": True}
    assert GAME.parse_action(action.to_json()) == action
    assert discard(8, D8).label("en") == "Discard an 8 with d8"
    assert discard(11, D4 | D8).label("en") == "Discard an 11 with d4+d8"


def test_describe_view_names_the_dice_and_hands():
    state = new(3, easy=True).arrange({0: [3, 10, 10]}, (3, 4, 6))
    text = GAME.describe_view(state.view(0), "en")
    assert "d4=3 (rolled)" in text and "Your hand: 3 10×2" in text
    assert "サイコロ" in GAME.describe_view(state.view(0), "ja")


def test_describe_view_says_a_used_die_passes_on_without_nested_brackets():
    state = new(3).arrange({0: [12, 4, 1]}, (4, 8, 12))
    state.apply(0, discard(12, D12))  # the d12 is used; the 4 still fits the d4
    text = GAME.describe_view(state.view(0), "en")
    assert "d12=12 (used, passes on)" in text, text
    assert "d12=12 (使用済み・次の人へ)" in GAME.describe_view(state.view(0), "ja")


# ------------------------------------------------------------------- bot


def test_the_heuristic_keeps_locked_dice_that_empty_its_hand():
    state = new(3).arrange({0: [3, 1], 1: [7, 6]}, (3, 4, 6))
    state.apply(0, STOP)
    bot = GAME.heuristic_bot(1)
    assert bot.choose(state, 1) == KEEP
    state = new(3).arrange({0: [3, 1], 1: [15, 15]}, (1, 1, 1))
    state.apply(0, STOP)
    assert bot.choose(state, 1) == REROLL


def test_the_heuristic_discards_as_many_cards_as_it_can():
    state = new(3).arrange({0: [13, 3, 4, 6, 15]}, (3, 4, 6), rolls=(1, 1, 1))
    bot = GAME.heuristic_bot(1)
    played = []
    while state.current == 0 and not state.is_over:
        action = bot.choose(state, 0)
        played.append(action)
        state.apply(0, action)
    assert sorted(a.card for a in played) == [3, 4, 6]


def test_the_heuristic_beats_random_players():
    wins = 0.0
    games = 40
    for seed in range(games):
        state = GAME.new_game(3, seed)
        bots = [make_bot("heuristic" if s == seed % 3 else "random", GAME, seed) for s in range(3)]
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, bots[seat].choose(state, seat))
        wins += (seed % 3 in state.winners) / len(state.winners)
    assert wins / games > 0.6


def test_game_is_registered():
    assert bodoge.get_game("cardiceo") is GAME
    assert GAME.title("en") == "Cardiceo"
