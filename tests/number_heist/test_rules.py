"""Every rule of the two-digit number game and every ruling about it, one test each.

Positions are set up through the game's builder (``arrange``); numbers and
diamonds are played through the public contract only (``apply``).
"""

from __future__ import annotations

import json

import pytest

import bodoge
from bodoge.engine import IllegalAction, Rng, WrongSeat
from bodoge.games.number_heist import GAME, CallNumber, NumberHeistState, PlaceDiamond, data
from bodoge.games.number_heist.bot import HeuristicBot

EXAMPLE_DISPLAY = [1, 0, 3, 1, 7, 9, 2, 5]
"""The text's four-player example: a display with two 1s, a 0, a 3, a 7 and a 9."""


def new(players: int = 3, seed: int = 1) -> NumberHeistState:
    state = GAME.new_game(players, seed)
    assert isinstance(state, NumberHeistState)
    return state


def call_all(state: NumberHeistState, numbers: list[int]) -> None:
    """Every seat makes its number, seat 0 first."""
    for seat, number in enumerate(numbers):
        state.apply(seat, CallNumber(number))


def play_round(state: NumberHeistState, numbers: list[int], diamond: int) -> list[dict]:
    """A round through the public contract: every number, then the largest success's
    diamond on slot ``diamond``; returns the round's gains per seat."""
    call_all(state, numbers)
    gains = [entry["gains"] for entry in state.view(None)["last_round"]]
    if state.view(None)["phase"] == "diamond":
        state.apply(state.to_act[0], PlaceDiamond(diamond))
    return gains


def results(state: NumberHeistState) -> list[str]:
    last = state.view(None)["last_round"]
    assert last is not None
    return [entry["result"] for entry in last]


def points(state: NumberHeistState) -> list[int]:
    return [player["points"] for player in state.view(None)["players"]]


# ------------------------------------------------------------ components, set-up


def test_two_to_five_players() -> None:
    """The game is for 2 to 5 players."""
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    with pytest.raises(ValueError):
        GAME.new_game(6, seed=1)
    with pytest.raises(ValueError):
        GAME.new_game(1, seed=1)


def test_the_provisional_deck_is_forty_cards_four_of_each_digit() -> None:
    """Provisional data: digit cards 0–9, four of each."""
    assert len(data.DECK) == 40
    assert all(data.DECK.count(digit) == 4 for digit in range(10))
    names = {p.name for p in GAME.provisional}
    assert {"title", "deck", "diamonds", "zones", "advanced_rule"} <= names


def test_the_advanced_rule_is_listed_as_not_available() -> None:
    """The five characters' skills are unknown: the advanced rule is not offered."""
    advanced = next(p for p in GAME.provisional if p.name == "advanced_rule")
    assert "not available" in advanced.text("en") and "遊べません" in advanced.text("ja")
    assert GAME.options == () or all("advanced" not in o.name for o in GAME.options)


@pytest.mark.parametrize(("players", "shown"), [(2, 5), (3, 6), (4, 8), (5, 10)])
def test_the_display_by_player_count(players: int, shown: int) -> None:
    """Set-up: 5, 6, 8 or 10 cards face up for 2, 3, 4 or 5 players; the rest is the deck."""
    view = new(players).view(None)
    assert len(view["display"]) == shown and None not in view["display"]
    assert view["deck"] == 40 - shown and sum(view["discard"]) == 0
    assert all(player["points"] == 0 for player in view["players"])
    assert view["bottom_marker"] is False and view["top_marker"] is False


# ------------------------------------------------------------ making a number


def test_a_number_is_made_from_two_different_displayed_cards() -> None:
    """Tens and ones come from two different displayed cards; a leading 0 is allowed."""
    state = new(2).arrange([0, 7, 3, 3, 5])
    legal = {a.number for a in state.legal_actions(0) if isinstance(a, CallNumber)}
    assert {7, 70, 33, 35, 53, 3, 50} <= legal  # "07" is 7; 33 uses both 3s
    assert 77 not in legal and 55 not in legal and 12 not in legal
    assert len(legal) == 4 * 3 + 1  # four digits, distinct pairs, plus 33
    before = state.record()
    for bad in (77, 12, 100, -1):
        with pytest.raises(IllegalAction):
            state.apply(0, CallNumber(bad))
    assert state.record() == before and state.to_act == (0, 1)


def test_everyone_chooses_at_once_and_in_secret() -> None:
    """One simultaneous secret decision: all seats are awaited; nobody sees another's number."""
    state = new(3).arrange([1, 2, 3, 4, 5, 6])
    assert state.to_act == (0, 1, 2)
    state.apply(1, CallNumber(42))
    assert state.to_act == (0, 2)
    with pytest.raises(WrongSeat):
        state.apply(1, CallNumber(43))
    assert state.view(1)["my_number"] == 42
    for other in (None, 0, 2):
        view = state.view(other)
        assert view["my_number"] is None and view["players"][1]["called"] is True
        entry = state.log(other)[-1]
        assert entry["action"] is None and "42" not in json.dumps(entry)
    assert "42" in json.dumps(state.log(1)[-1])
    assert state.view(0)["last_round"] is None  # nothing revealed until the last number


def test_numbers_are_revealed_together_when_the_last_is_made() -> None:
    """The reveal is simultaneous: after the last number every seat sees all of them."""
    state = new(3).arrange([1, 2, 3, 4, 5, 6])
    call_all(state, [12, 34, 56])
    for seat in (None, 0, 1, 2):
        last = state.view(seat)["last_round"]
        assert [entry["number"] for entry in last] == [12, 34, 56]


# ------------------------------------------------------------ taking the cards


def test_the_texts_example_71_fails_and_79_scores_two() -> None:
    """The text's example: 10, 31, 71, 79 — 10 and 31 succeed, 71 finds its 1 gone, 79 scores 2."""
    state = new(4).arrange(EXAMPLE_DISPLAY, top=[4, 4, 6, 6, 8, 8])
    call_all(state, [10, 31, 71, 79])
    assert results(state) == ["success", "success", "fail", "success"]
    last = state.view(None)["last_round"]
    assert [entry["taken"] for entry in last] == [[1, 0], [3, 1], [], [7, 9]]
    assert [sum(entry["gains"].values()) for entry in last] == [1, 1, 0, 2]
    assert last[3]["gains"] == {"success": 1, "largest": 1, "diamonds": 0}
    assert points(state) == [1, 1, 0, 2]
    # the six cards taken go to the discards; their places are refilled from the deck
    view = state.view(None)
    assert view["display"] == [4, 4, 6, 6, 8, 8, 2, 5]
    assert view["discard"] == [1, 2, 0, 1, 0, 0, 0, 1, 0, 1]
    # player 4 made the largest successful number: they place a diamond
    assert state.to_act == (3,) and view["placer"] == 3 and view["phase"] == "diamond"


def test_identical_numbers_all_fail() -> None:
    """Batting: players who reveal the same number all fail, even with the cards there."""
    state = new(3).arrange([1, 2, 3, 4, 5, 6])
    call_all(state, [12, 12, 56])
    assert results(state) == ["batting", "batting", "success"]
    assert points(state) == [0, 0, 2]
    assert state.view(None)["display"][:2] == [1, 2]  # the 1 and 2 stay


def test_a_player_fails_when_either_card_is_gone() -> None:
    """Failure: if one of the two cards is gone, the other is not taken either."""
    state = new(2).arrange([1, 2, 3, 4, 5], top=[9])
    call_all(state, [12, 23])
    assert results(state) == ["success", "fail"]
    assert state.view(None)["display"][2] == 3  # the 3 stays: no card taken on a failure


def test_smaller_numbers_take_first_whoever_called_them() -> None:
    """Takes go in ascending order of the numbers, not in seat order."""
    state = new(3).arrange([1, 2, 3, 4, 5, 6])
    call_all(state, [61, 15, 16])  # 15 first takes the 1; 16 and 61 then lack it
    assert results(state) == ["fail", "success", "fail"]
    assert points(state) == [0, 2, 0]


def test_nobody_succeeds_no_diamond_and_the_next_round_begins() -> None:
    """Without a successful number there is no largest bonus and no diamond to place."""
    state = new(2).arrange([1, 2, 3, 4, 5])
    call_all(state, [12, 12])
    assert state.view(None)["phase"] == "call" and state.to_act == (0, 1)
    assert state.view(None)["round"] == 2 and sum(state.view(None)["diamonds"]) == 0


# ------------------------------------------------------------------ scoring


def test_success_one_and_largest_one_more() -> None:
    """Success scores 1; only the largest successful number scores 1 more."""
    state = new(3).arrange([1, 2, 3, 4, 5, 6])
    call_all(state, [12, 34, 56])
    gains = [entry["gains"] for entry in state.view(None)["last_round"]]
    assert [g["success"] for g in gains] == [1, 1, 1]
    assert [g["largest"] for g in gains] == [0, 0, 1]
    assert points(state) == [1, 1, 2]


def test_diamonds_score_one_each_and_stay_until_their_card_is_taken() -> None:
    """+1 per diamond on the cards taken; a diamond stays on its card until then."""
    state = new(2).arrange([1, 2, 3, 4, 5], diamonds=[2, 0, 1, 0, 0], top=[6, 7])
    call_all(state, [45, 53])  # 45 takes 4 and 5; 53 then fails: the 3 keeps its diamond
    assert results(state) == ["success", "fail"]
    assert state.view(None)["diamonds"] == [2, 0, 1, 0, 0]
    state.apply(0, PlaceDiamond(1))
    assert state.view(None)["diamonds"] == [2, 1, 1, 0, 0]
    call_all(state, [12, 36])  # 12 takes the 1 (2 diamonds) and the 2 (1); 36: 3 (1) and 6
    gains = [entry["gains"] for entry in state.view(None)["last_round"]]
    assert gains[0] == {"success": 1, "largest": 0, "diamonds": 3}
    assert gains[1] == {"success": 1, "largest": 1, "diamonds": 1}
    assert state.view(None)["diamonds"][:3] == [0, 0, 0]


def test_the_largest_successful_player_places_a_diamond_on_any_displayed_card() -> None:
    """After the refill the largest successful player puts a diamond on any displayed card."""
    state = new(2).arrange([1, 2, 3, 4, 5], top=[8, 9])
    call_all(state, [12, 34])
    view = state.view(None)
    assert view["display"][:2] == [8, 9] and view["display"][4] == 5  # refilled in place
    assert state.to_act == (1,)
    assert state.legal_actions(1) == [PlaceDiamond(slot) for slot in range(5)]
    assert state.legal_actions(0) == []
    with pytest.raises(WrongSeat):
        state.apply(0, PlaceDiamond(0))
    with pytest.raises(IllegalAction):
        state.apply(1, PlaceDiamond(7))
    with pytest.raises(IllegalAction):
        state.apply(1, CallNumber(12))
    state.apply(1, PlaceDiamond(0))  # on the newly drawn 8
    assert state.view(None)["diamonds"] == [1, 0, 0, 0, 0]
    assert state.to_act == (0, 1) and state.view(None)["round"] == 2


def test_of_two_cards_of_a_digit_the_taker_takes_the_one_with_more_diamonds() -> None:
    """Ruling: of several displayed cards of one digit, the one with most diamonds is taken."""
    state = new(2).arrange([7, 1, 7, 2, 3], diamonds=[0, 0, 2, 0, 0])
    call_all(state, [71, 23])
    assert state.view(None)["last_round"][0]["gains"]["diamonds"] == 2
    assert state.view(None)["diamonds"][0] == 0 and state.display[0] == 7


def test_the_display_is_refilled_and_the_discards_reshuffled_when_the_deck_runs_out() -> None:
    """Refill from the deck; when it runs out the discards are shuffled into a new deck."""
    state = new(2).arrange([1, 2, 3, 4, 5], top=[6], deck_size=1)
    assert state.view(None)["deck"] == 1 and sum(state.view(None)["discard"]) == 34
    call_all(state, [12, 34])  # four cards to refill: the 6, then three from the reshuffle
    view = state.view(None)
    assert view["display"][0] == 6 and None not in view["display"]
    assert view["deck"] == 34 + 4 - 3 and sum(view["discard"]) == 0
    state.check_conservation()


# ------------------------------------------------------------------ markers


ONE_TO_SIX = [1, 2, 3, 4, 5, 6]
"""A three-player display; the marker tests below refill it with the same digits."""


def test_the_bottom_marker_comes_into_play_when_someone_first_reaches_5() -> None:
    """Played through: nobody at 5, no marker; seat 0 reaches 5 with the largest number and
    the bottom marker comes into play; the next round a success on the 0–4 card scores 2."""
    state = new(3).arrange(ONE_TO_SIX, points=[3, 1, 0], top=ONE_TO_SIX * 2)
    assert state.view(None)["bottom_marker"] is False
    call_all(state, [56, 12])
    facts = state.apply(2, CallNumber(34)).for_seat(None)["facts"]
    assert points(state) == [3 + 1 + 1, 1 + 1, 0 + 1]
    assert facts["bottom_marker"] is True and state.view(None)["bottom_marker"] is True
    assert state.view(None)["top_marker"] is False
    assert state.view(None)["marker_zones"] == [0, None]
    state.apply(0, PlaceDiamond(2))  # on the 3 drawn into slot 2
    gains = play_round(state, [12, 34, 56], diamond=0)
    assert [g["success"] for g in gains] == [1, 2, 2]  # seat 0 is on the 5–7 card
    assert points(state) == [5 + 1, 2 + 2 + 1, 1 + 2 + 1]  # the 34 took the diamond on the 3


def test_a_success_in_the_bottom_markers_zone_scores_two() -> None:
    """The bottom marker follows the last-placed player's zone: a success there scores 2."""
    state = new(3).arrange([1, 2, 3, 4, 5, 6], points=[5, 3, 0])
    assert state.view(None)["marker_zones"] == [0, None]
    call_all(state, [12, 34, 56])
    gains = [entry["gains"]["success"] for entry in state.view(None)["last_round"]]
    assert gains == [1, 2, 2]  # seat 0 is on the 5–7 card; seats 1 and 2 on 0–4
    assert points(state) == [6, 5, 3]


def test_the_bottom_marker_follows_the_last_placed_player() -> None:
    """Played through: the last-placed player scores 2 on the 0–4 card and moves onto the
    5–7 card; the marker moves with them, and the next round successes there score 2."""
    state = new(3).arrange(ONE_TO_SIX, points=[8, 5, 4], top=ONE_TO_SIX)
    assert state.view(None)["marker_zones"] == [0, 2]
    gains = play_round(state, [56, 12, 34], diamond=2)
    assert [g["success"] for g in gains] == [0, 1, 2]
    assert points(state) == [8 + 0 + 1, 5 + 1, 4 + 2]
    assert state.view(None)["marker_zones"] == [1, 2]
    gains = play_round(state, [12, 34, 56], diamond=0)  # seat 1 takes the diamond on the 3
    assert [g["success"] for g in gains] == [0, 2, 2]
    assert points(state) == [9, 6 + 2 + 1, 6 + 2 + 1]


def test_the_top_marker_comes_into_play_when_someone_first_reaches_8() -> None:
    """Played through: seat 0 goes from 7 to 8 and the top marker comes into play (not yet
    acting that round); the next round seat 0's success on the 8–10 card scores 0."""
    state = new(3).arrange(ONE_TO_SIX, points=[7, 3, 0], top=ONE_TO_SIX)
    assert state.view(None)["top_marker"] is False
    assert state.view(None)["marker_zones"] == [0, None]
    call_all(state, [12, 56])
    facts = state.apply(2, CallNumber(34)).for_seat(None)["facts"]
    assert facts["top_marker"] is True and "bottom_marker" not in facts  # that one was set
    gains = [entry["gains"] for entry in state.view(None)["last_round"]]
    assert [g["success"] for g in gains] == [1, 2, 2]
    assert points(state) == [8, 3 + 2 + 1, 2]
    assert state.view(None)["top_marker"] is True
    assert state.view(None)["marker_zones"] == [0, 2]
    state.apply(1, PlaceDiamond(2))  # on the 3
    gains = play_round(state, [12, 56, 34], diamond=0)
    assert gains[0] == {"success": 0, "largest": 0, "diamonds": 0}
    assert [g["success"] for g in gains] == [0, 1, 2]
    assert points(state) == [8, 6 + 1 + 1, 2 + 2 + 1]


def test_the_top_marker_follows_the_leader() -> None:
    """Played through: seat 1 overtakes seat 0 from the 5–7 card; the marker stays with the
    leader, so the new leader's success scores 0, as does seat 0's, still on that card.

    With the provisional zones a score of 8 or more always lies on the 8–10 card, so once in
    play the top marker cannot leave it; what moves is who leads.
    """
    state = new(3).arrange(ONE_TO_SIX, points=[8, 7, 0], top=ONE_TO_SIX)
    assert state.view(None)["marker_zones"] == [0, 2]
    gains = play_round(state, [12, 56, 34], diamond=2)
    assert [g["success"] for g in gains] == [0, 1, 2]
    assert points(state) == [8, 7 + 1 + 1, 2]
    assert state.view(None)["marker_zones"] == [0, 2]
    gains = play_round(state, [56, 12, 34], diamond=0)  # seat 2 takes the diamond on the 3
    assert [g["success"] for g in gains] == [0, 0, 2]
    assert points(state) == [8 + 1, 9, 2 + 2 + 1]


def test_a_success_in_the_top_markers_zone_scores_zero_but_bonus_and_diamonds_count() -> None:
    """The top marker follows the leader's zone: success 0 there; bonus and diamonds still count."""
    state = new(3).arrange([1, 2, 3, 4, 5, 6], diamonds=[0, 0, 0, 0, 1, 0], points=[8, 2, 6])
    assert state.view(None)["marker_zones"] == [0, 2]
    call_all(state, [56, 12, 34])
    gains = [entry["gains"] for entry in state.view(None)["last_round"]]
    assert gains[0] == {"success": 0, "largest": 1, "diamonds": 1}
    assert gains[1]["success"] == 2 and gains[2]["success"] == 1
    assert points(state) == [10, 4, 7]


def test_a_leader_in_the_top_zone_without_bonus_or_diamond_does_not_move() -> None:
    """In the top marker's zone a plain success leaves the score where it is."""
    state = new(2).arrange([1, 2, 3, 4, 5], points=[8, 3])
    call_all(state, [12, 34])
    assert points(state) == [8, 3 + 2 + 1]


def test_zones_are_read_at_the_start_of_scoring() -> None:
    """Ruling: a marker set this round, or a player moving this round, changes nothing now."""
    # seat 0 reaches 5 this round: the bottom marker does not act on this round's scoring
    state = new(3).arrange([1, 2, 3, 4, 5, 6], points=[4, 0, 0])
    call_all(state, [12, 34, 56])
    assert [entry["gains"]["success"] for entry in state.view(None)["last_round"]] == [1, 1, 1]
    assert state.view(None)["bottom_marker"] is True
    # a player at 4 in the bottom zone scores 2 though the success takes them out of it
    state = new(3).arrange([1, 2, 3, 4, 5, 6], points=[7, 4, 0])
    call_all(state, [56, 12, 34])
    assert points(state)[1] == 6


def test_both_markers_are_ignored_while_everyone_is_in_one_zone() -> None:
    """Ruling: everyone on one score-track card — the markers have no effect."""
    state = new(3).arrange([1, 2, 3, 4, 5, 6], points=[8, 9, 8], markers=(True, True))
    assert state.view(None)["marker_zones"] == [None, None]
    call_all(state, [12, 34, 45])
    assert [entry["gains"]["success"] for entry in state.view(None)["last_round"]] == [1, 1, 0]
    state = new(3).arrange([1, 2, 3, 4, 5, 6], points=[5, 6, 7], markers=(True, False))
    call_all(state, [12, 34, 56])
    assert points(state) == [6, 7, 9]


# ------------------------------------------------------------------ the end


def test_the_first_to_10_wins() -> None:
    """The first to reach 10 points wins; the game ends at that round's scoring."""
    state = new(2).arrange([1, 2, 3, 4, 5], points=[9, 4], markers=(False, False))
    call_all(state, [12, 34])
    assert state.is_over and state.winners == (0,) and state.to_act == ()
    assert state.view(None)["ending"] == "won"
    assert None in state.view(None)["display"]  # no refill, no diamond after the end
    assert state.legal_actions(0) == [] and not state.stopped
    lines = state.summary("en")
    assert lines[0] == "P1 reached 10 points and wins!" and lines[-1] == "Winner: P1"


def test_several_reaching_10_the_larger_successful_number_wins() -> None:
    """Several reach 10 in the same round: the one with the larger successful number wins."""
    state = new(3).arrange([1, 2, 3, 4, 5, 6], points=[9, 7, 9], markers=(True, False))
    call_all(state, [12, 56, 34])
    assert points(state) == [10, 10, 10]
    assert state.winners == (1,)
    assert "the larger successful number wins, P2 with 56" in state.summary("en")[0]
    assert "P2（56）の勝ち" in state.summary("ja")[0]


def test_a_game_that_only_clashes_is_stopped_at_the_safety_limit() -> None:
    """A safety limit is not a rule: after ROUND_LIMIT rounds nobody wins and it says so."""
    state = new(2).arrange([1, 2, 3, 4, 5])
    for _ in range(data.ROUND_LIMIT):
        call_all(state, [12, 12])
    assert state.is_over and state.stopped and state.winners == ()
    assert state.view(None)["ending"] == "limit"
    assert "safety limit" in state.summary("en")[0] and state.summary("en")[-1] == "No winner"
    record = state.record()
    assert bodoge.replay(record).stopped


# ------------------------------------------------------- hidden information


def test_hidden_are_the_numbers_until_the_reveal_and_the_deck_order() -> None:
    """The view shows counts of the deck, never its order, and nobody else's secret number."""
    state = new(3, seed=5)
    state.apply(0, CallNumber(state.legal_actions(0)[0].number))  # type: ignore[attr-defined]
    for seat in (None, 1, 2):
        view = state.view(seat)
        assert isinstance(view["deck"], int) and view["my_number"] is None
    world = state.determinize(1, Rng(4))
    assert isinstance(world, NumberHeistState)
    assert world.calls[1] == state.calls[1] == [] and len(world.calls[0]) == 1
    assert sorted(world.deck) == sorted(state.deck)
    assert world.display == state.display and world.points == state.points
    own = state.determinize(0, Rng(4))
    assert isinstance(own, NumberHeistState) and own.calls[0] == state.calls[0]


def test_the_heuristic_bot_plays_legal_moves_and_grabs_the_diamonds() -> None:
    """The bot reads its view: given a big diamond pile on a safe small number it takes it."""
    state = new(2).arrange([0, 1, 8, 8, 9], diamonds=[3, 0, 0, 0, 0])
    action = HeuristicBot(1).choose(state, 0)
    assert isinstance(action, CallNumber) and 0 in divmod(action.number, 10)
