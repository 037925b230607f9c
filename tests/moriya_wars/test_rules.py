"""Every rule of Moriya Wars, the rulings about it and the text's examples, one test each.

Positions are set up with the public builder (``state.arrange``), the
dice of later rolls scripted (``rolls``), and played through ``apply``.
"""

from __future__ import annotations

import pytest

import bodoge
from bodoge.engine import IllegalAction, Rng
from bodoge.games.moriya_wars import (
    GAME,
    Claim,
    EndTurn,
    Evict,
    LetPass,
    MarkDie,
    MoriyaWarsState,
    Pass,
    Place,
    Reroll,
    Steal,
    Swap,
    SwapSpare,
    TakeMoney,
    UnmarkDie,
    full_and_tied,
    leads,
)
from bodoge.games.moriya_wars.data import CAPS, CHIPS, MONEY, TAKE_BACK_LIMIT, TURN_LIMIT

ANY_ROLL = [1, 2, 3, 4, 5, 6]
"""A later roll that leaves the next player something to do."""


def new(players: int = 4, seed: int = 1) -> MoriyaWarsState:
    state = GAME.new_game(players, seed)
    assert isinstance(state, MoriyaWarsState)
    return state


def arranged(players: int = 4, rolls: int = 3, **position: object) -> MoriyaWarsState:
    """A position with ``rolls`` later six-dice rolls scripted (each 1..6)."""
    position.setdefault("current", 0)
    return new(players).arrange(rolls=ANY_ROLL * rolls, **position)  # type: ignore[arg-type]


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize(("players", "spares", "cards"), [(3, 1, 4), (4, 1, 5), (5, 0, 5)])
def test_one_identity_each_the_spares_face_down_and_five_out_with_three(
    players: int, spares: int, cards: int
) -> None:
    """3–5 players get one card each, face down; the rest stay face down as spares;
    with three players ⑤ is taken out before dealing."""
    state = new(players)
    assert len(state.identity) == players + spares
    assert sorted(state.identity) == list(range(1, cards + 1))
    assert (5 in state.identity) is (players > 3)
    for seat in range(players):
        view = state.view(seat)
        assert view["you"] == state.identity[seat]
        shown = [p["identity"] for p in view["players"]]
        assert shown == [state.identity[seat] if p == seat else None for p in range(players)]
        assert view["spare"] is None and view["spares"] == spares
    assert all(p["identity"] is None for p in state.view(None)["players"])
    with pytest.raises(bodoge.InvalidOptions):
        GAME.new_game(2, 1)
    with pytest.raises(bodoge.InvalidOptions):
        GAME.new_game(6, 1)


def test_a_turn_starts_with_six_dice_rolled_in_public() -> None:
    """The turn's player rolls six dice; everyone sees them, grouped by face (kept sorted)."""
    state = new(4, seed=3)
    dice = state.view(None)["dice"]
    assert len(dice) == 6 and dice == sorted(dice)
    assert all(state.view(seat)["dice"] == dice for seat in range(4))


# ------------------------------------------------------------ the faces


def test_a_face_places_as_many_chips_of_one_side_as_dice_show_it() -> None:
    """Faces 2–5: exactly as many chips as dice show the face, all of one side, in its region
    (the text's example 2,2,3,4,5,5: two humans or two youkai in Hakurei Shrine)."""
    state = arranged(dice=[2, 2, 3, 4, 5, 5])
    legal = state.legal_actions(0)
    assert Place("hakurei", "human") in legal and Place("hakurei", "youkai") in legal
    assert Place("village", "youkai") in legal and TakeMoney() not in legal
    state.apply(0, Place("hakurei", "youkai"))
    assert state.board[0] == [0, 2] and state.supply == [CHIPS[0], CHIPS[1] - 2]
    assert state.current == 1 and len(state.dice) == 6


def test_face_one_takes_that_many_money_chips() -> None:
    """The text's example 1,1,3,4,5,6: the 1s' action twice, so two money chips."""
    state = arranged(dice=[1, 1, 3, 4, 5, 6])
    state.apply(0, TakeMoney())
    assert state.money[0] == 2 and state.money_supply == MONEY - 2


def test_face_six_steals_that_many_from_one_player_who_must_have_enough() -> None:
    """Ruling: a 6 takes that many money chips from one other player, who must hold enough."""
    state = arranged(dice=[6, 6, 2, 3, 4, 5], money={1: 1, 2: 2, 3: 3})
    legal = state.legal_actions(0)
    assert Steal(2) in legal and Steal(3) in legal
    assert Steal(1) not in legal and Steal(0) not in legal
    with pytest.raises(IllegalAction, match="holds 1 money, 2 are needed"):
        state.apply(0, Steal(1))
    state.apply(0, Steal(3))
    assert state.money == [2, 1, 2, 1]


def test_an_action_over_a_cap_or_beyond_the_supply_cannot_be_chosen() -> None:
    """An action whose quantity cannot be met is not open: over a region's cap, more chips than
    are left, more money than is left."""
    state = arranged(dice=[2, 2, 3, 3, 1, 1], board={"hakurei": (1, 0)}, spent=MONEY - 1)
    legal = state.legal_actions(0)
    assert not any(isinstance(a, Place) and a.region == "hakurei" for a in legal)
    assert TakeMoney() not in legal  # two 1s, one money chip left
    with pytest.raises(IllegalAction, match="cap of 2"):
        state.apply(0, Place("hakurei", "human"))
    with pytest.raises(IllegalAction, match="only 1 money chips are left"):
        state.apply(0, TakeMoney())
    # humans: eight on the board, one left; two 3s cannot place two humans
    board = {"moriya": (6, 0), "village": (2, 0)}
    state = arranged(dice=[3, 3, 6, 6, 6, 6], board=board)
    assert Place("hakugyokuro", "human") not in state.legal_actions(0)
    assert Place("hakugyokuro", "youkai") in state.legal_actions(0)


def test_an_available_action_must_be_taken() -> None:
    """A player cannot pass while some face's action can be carried out, wanted or not."""
    state = arranged(dice=[5, 5, 5, 6, 6, 6], board={"village": (0, 5), "moriya": (0, 2)})
    assert state.legal_actions(0) == [Place("village", "human")]
    with pytest.raises(IllegalAction, match="must be"):
        state.apply(0, Pass())


def test_with_no_action_and_no_money_the_turn_passes_by_itself() -> None:
    """No face's action can be carried out and nothing else is open: a forced pass."""
    state = new(4).arrange(
        dice=[2, 2, 2, 6, 6, 6], board={"hakurei": (1, 1)}, current=0, rolls=[2, 3, 4, 5, 6, 1]
    )
    assert state.legal_actions(0) == [Pass()]  # arranged mid-turn: the pass is shown
    state.apply(0, Pass())
    assert state.current == 1 and state.dice == [1, 2, 3, 4, 5, 6]
    # and a roll that leaves nothing to do passes without asking anyone
    state = new(4).arrange(
        dice=[1, 2, 3, 4, 5, 6],
        current=0,
        rolls=[2, 2, 2, 6, 6, 6, *ANY_ROLL],
        board={"hakurei": (1, 1)},
    )
    event = state.apply(0, Place("village", "human"))
    assert state.current == 2 and event.outcome.public["passed"] == [1]


def test_money_may_be_spent_first_and_a_pass_it_does_not_change_follows() -> None:
    """With money, a player facing a pass may spend it first; spent in vain, the pass follows."""
    state = arranged(dice=[2, 2, 2, 6, 6, 6], board={"hakurei": (1, 1)}, money={0: 1})
    legal = state.legal_actions(0)
    assert Pass() in legal and Evict("hakurei", "human") in legal and MarkDie(0) in legal
    state.apply(0, Evict("hakurei", "youkai"))
    # the cap of 2 now holds one chip: the three 2s still cannot go in, so the pass is taken
    assert state.current == 1 and state.spent == 1 and state.money[0] == 0


FULL_UP = {"hakurei": (1, 1), "hakugyokuro": (2, 1)}
"""Hakurei Shrine full (2 of 2), Hakugyokurou one short (3 of 4): two 2s or two 3s do not fit."""


def forced_pass_with_one_money() -> MoriyaWarsState:
    """Two 2s, two 3s, two 6s and nobody holding two money to rob: no face's action is open,
    only the pass and the money of seat 0."""
    state = arranged(dice=[2, 2, 3, 3, 6, 6], board=FULL_UP, money={0: 1, 1: 1})
    assert not any(isinstance(a, (Place, Steal, TakeMoney)) for a in state.legal_actions(0))
    assert Pass() in state.legal_actions(0)
    return state


def test_an_eviction_can_turn_a_forced_pass_into_an_action_that_must_be_taken() -> None:
    """The text: with no action the turn passes, but money may be spent to change that.
    Evicting one chip from Hakugyokurou leaves room for the two 3s: placing them is now
    the only legal move (no money is left), and the pass is gone."""
    state = forced_pass_with_one_money()
    state.apply(0, Evict("hakugyokuro", "youkai"))
    assert state.current == 0 and state.board[1] == [2, 0] and state.money[0] == 0
    assert state.legal_actions(0) == [Place("hakugyokuro", "human"), Place("hakugyokuro", "youkai")]
    with pytest.raises(IllegalAction, match="must be"):
        state.apply(0, Pass())
    state.apply(0, Place("hakugyokuro", "human"))
    assert state.board[1] == [4, 0] and state.current == 1


def test_a_bribe_can_turn_a_forced_pass_into_an_action_that_must_be_taken() -> None:
    """Rerolling one 2 into a 1 opens the 1s' action: taking the money must now be done."""
    state = forced_pass_with_one_money()
    state.apply(0, MarkDie(0))  # the scripted rolls give the rerolled die a 1
    state.apply(0, Reroll())
    assert state.current == 0 and state.dice == [1, 2, 3, 3, 6, 6] and state.money[0] == 0
    assert state.legal_actions(0) == [TakeMoney()]
    with pytest.raises(IllegalAction, match="must be"):
        state.apply(0, Pass())
    state.apply(0, TakeMoney())
    assert state.money[0] == 1 and state.phase == "after"  # money again: it may still evict
    state.apply(0, EndTurn())
    assert state.current == 1


# ------------------------------------------------------------------ money


def test_an_eviction_returns_a_chip_and_the_money_leaves_the_game() -> None:
    """Eviction: one money returns one human or youkai chip from the board to the supply;
    spent money is out of the game (not back in the supply); any number of times a turn."""
    state = arranged(dice=[2, 2, 3, 4, 5, 6], board={"hakurei": (1, 1)}, money={0: 2})
    state.apply(0, Evict("hakurei", "human"))
    state.apply(0, Evict("hakurei", "youkai"))
    assert state.board[0] == [0, 0] and state.supply == list(CHIPS)
    assert state.money[0] == 0 and state.spent == 2 and state.money_supply == MONEY - 2
    assert state.current == 0  # the turn goes on: now the two 2s fit
    state.apply(0, Place("hakurei", "human"))
    assert state.board[0] == [2, 0]


def test_a_bribe_rerolls_the_chosen_dice_only() -> None:
    """Bribe, the text's example: 1,3,3,4,4,5 — keep the two 3s, reroll the other four;
    the dice are chosen one at a time (steps) and paid for when rolled."""
    state = new(4).arrange(dice=[1, 3, 3, 4, 4, 5], money={0: 1}, current=0, rolls=[3, 3, 6, 2])
    for die in (0, 3, 4, 5):
        event = state.apply(0, MarkDie(die))
        assert event.outcome.draft
    assert state.legal_actions(0)[-1] == Reroll()
    assert not any(isinstance(a, Place) for a in state.legal_actions(0))  # finish the bribe
    state.apply(0, Reroll())
    assert state.dice == [2, 3, 3, 3, 3, 6] and state.money[0] == 0 and state.spent == 1
    assert Place("hakugyokuro", "human") in state.legal_actions(0)


def test_a_bribe_may_reroll_every_die_and_take_choices_back() -> None:
    """All six dice may be rerolled; a chosen die can be taken back before the roll, and with
    none chosen the bribe is dropped for free."""
    state = new(4).arrange(dice=[1, 2, 3, 4, 5, 6], money={0: 1}, current=0, rolls=[4] * 6)
    state.apply(0, MarkDie(2))
    state.apply(0, UnmarkDie(2))
    assert state.money[0] == 1 and Place("moriya", "human") in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="at least one die"):
        state.apply(0, Reroll())
    for die in range(6):
        state.apply(0, MarkDie(die))
    state.apply(0, Reroll())
    assert state.dice == [4] * 6


def test_after_the_action_money_still_buys_evictions_until_the_turn_is_ended() -> None:
    """RULINGS: money is spent 「いつでも」 in one's turn, so also after the face's action:
    evict as often as one pays, then end the turn ("end turn"); no bribe after the action."""
    board = {"hakugyokuro": (1, 2), "village": (2, 1)}
    state = arranged(dice=[1, 2, 3, 4, 5, 6], board=board, money={0: 2})
    state.apply(0, Place("moriya", "human"))
    assert state.phase == "after" and state.current == 0 and state.to_act == (0,)
    legal = state.legal_actions(0)
    assert EndTurn() in legal and Evict("moriya", "human") in legal
    assert not any(isinstance(a, (Place, TakeMoney, Steal, Pass, MarkDie)) for a in legal)
    with pytest.raises(IllegalAction, match="evict chips with money, or end the turn"):
        state.apply(0, MarkDie(0))
    state.apply(0, Evict("village", "human"))
    assert state.phase == "after" and state.board[3] == [1, 1] and state.money[0] == 1
    state.apply(0, Evict("hakugyokuro", "youkai"))  # the last money: the turn ends by itself
    assert state.money[0] == 0 and state.board[1] == [1, 1]
    assert state.current == 1 and state.phase == "act"


def test_the_end_turn_decision_is_asked_only_when_an_eviction_could_be_bought() -> None:
    """With no money after the action the turn ends at once; the explicit end is never open
    before the action."""
    state = arranged(dice=[1, 2, 3, 4, 5, 6], board={"village": (2, 1)}, money={1: 2})
    assert EndTurn() not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="carry out one face's action"):
        state.apply(0, EndTurn())
    state.apply(0, Place("moriya", "youkai"))
    assert state.current == 1 and state.phase == "act"
    state = arranged(dice=[1, 2, 3, 4, 5, 6], money={0: 3})  # money but an empty board
    state.apply(0, TakeMoney())
    assert state.current == 1 and state.money[0] == 4


def test_after_the_asking_an_action_opened_the_player_may_still_evict() -> None:
    """A placement that makes three regions full and tied asks everyone; then the turn goes
    on after its action (the player, with money, may still evict or end it)."""
    board = {"hakurei": (1, 1), "hakugyokuro": (2, 2), "moriya": (3, 1)}
    state = arranged(dice=[4, 4, 1, 2, 3, 5], board=board, identities=[1, 2, 3, 4, 5], money={0: 2})
    state.apply(0, Place("moriya", "youkai"))
    assert state.phase == "ask" and state.to_act == (0,)
    for seat in range(3):
        state.apply(seat, LetPass())
    state.apply(3, LetPass())
    assert state.phase == "after" and state.to_act == (0,)
    state.apply(0, EndTurn())
    assert state.current == 1


# ------------------------------------------------------------ the swap


def test_four_alike_allow_a_swap_then_a_three_dice_turn() -> None:
    """Four or more alike: instead of the action the player may swap identity cards with
    another player, then plays once more with three dice; then six again for the next."""
    state = new(4).arrange(
        dice=[3, 3, 3, 3, 1, 2],
        identities=[1, 2, 3, 4, 5],
        current=0,
        rolls=[1, 2, 3, *ANY_ROLL],
    )
    legal = state.legal_actions(0)
    assert {Swap(1), Swap(2), Swap(3), SwapSpare()} <= set(legal) and Swap(0) not in legal
    state.apply(0, Swap(2))
    assert state.identity[:3] == [3, 2, 1]
    assert state.current == 0 and state.dice == [1, 2, 3] and state.view(0)["extra_turn"]
    assert not any(isinstance(a, Swap) for a in state.legal_actions(0))
    state.apply(0, TakeMoney())
    assert state.current == 1 and len(state.dice) == 6


@pytest.mark.parametrize("dice", [[4, 4, 4, 4, 4, 1], [6] * 6])
def test_five_or_six_alike_also_allow_a_swap(dice: list[int]) -> None:
    """Five or six alike count as four of a kind."""
    state = arranged(dice=dice)
    assert SwapSpare() in state.legal_actions(0)


def test_three_alike_do_not_allow_a_swap() -> None:
    state = arranged(dice=[3, 3, 3, 1, 1, 1])
    assert not any(isinstance(a, (Swap, SwapSpare)) for a in state.legal_actions(0))
    with pytest.raises(IllegalAction, match="four of six"):
        state.apply(0, Swap(1))


def test_a_swap_shows_both_sides_the_card_given_and_the_card_got() -> None:
    """After a swap each side knows the card it gave and the one it got; the others know
    neither; determinize re-deals only what a seat does not know."""
    state = new(4).arrange(
        dice=[5, 5, 5, 5, 1, 2],
        identities=[1, 2, 3, 4, 5],
        current=0,
        rolls=[1, 2, 3],
    )
    event = state.apply(0, Swap(1))
    assert event.for_seat(0)["facts"]["got"] == 2 and event.for_seat(1)["facts"]["got"] == 1
    assert "got" not in event.for_seat(2)["facts"] and "got" not in event.for_seat(None)["facts"]
    assert [p["identity"] for p in state.view(0)["players"]] == [2, 1, None, None]
    assert [p["identity"] for p in state.view(1)["players"]] == [2, 1, None, None]
    assert [p["identity"] for p in state.view(2)["players"]] == [None, None, 3, None]
    for key in range(20):
        world = state.determinize(0, Rng(key))
        assert world.identity[:2] == [2, 1] and sorted(world.identity[2:]) == [3, 4, 5]
    seen = {tuple(state.determinize(2, Rng(key)).identity) for key in range(40)}
    assert all(world[2] == 3 for world in seen) and len(seen) > 1


def identity_free(view: dict[str, object]) -> dict[str, object]:
    """A view without what is the viewer's own: who it is, its card, the cards it knows."""
    players = [{**p, "identity": None} for p in view["players"]]  # type: ignore[attr-defined]
    return {**view, "seat": None, "you": None, "spare": None, "players": players}


@pytest.mark.parametrize("players", [4, 5])
def test_board_money_supplies_and_dice_are_the_same_for_every_seat(players: int) -> None:
    """Public: the board, money, the supplies and the dice, alike for every seat and a
    spectator; the views differ only in the identities: each seat's own, and what a swap
    showed both its sides (here seat 0 and seat 1)."""
    board = {"hakurei": (1, 0), "moriya": (2, 3)}
    state = new(players).arrange(
        dice=[5, 5, 5, 5, 1, 2],
        board=board,
        money={0: 1, 1: 2, 2: 1},
        identities=[1, 2, 3, 4, 5],
        current=0,
        rolls=[1, 4, 4],
        spent=1,
    )
    state.apply(0, Swap(1))
    state.apply(0, MarkDie(0))  # the extra turn's three dice: 1, 4, 4; a bribe is being chosen
    spectator = state.view(None)
    assert spectator["board"] == [
        {"human": 1, "youkai": 0},
        {"human": 0, "youkai": 0},
        {"human": 2, "youkai": 3},
        {"human": 0, "youkai": 0},
    ]
    assert spectator["supply"] == {"human": 6, "youkai": 6, "money": 5} and spectator["spent"] == 1
    assert [p["money"] for p in spectator["players"]] == [1, 2, 1] + [0] * (players - 3)
    assert spectator["dice"] == [1, 4, 4] and spectator["marked"] == [0]
    assert spectator["you"] is None and spectator["spare"] is None
    assert all(p["identity"] is None for p in spectator["players"])
    cards = [2, 1, 3, 4, 5][:players]
    for seat in range(players):
        view = state.view(seat)
        assert identity_free(view) == spectator
        known = {0, 1} if seat < 2 else {seat}  # the swap's two sides know both cards
        assert view["you"] == cards[seat] and view["spare"] is None  # nobody swapped with it
        assert [p["identity"] for p in view["players"]] == [
            cards[p] if p in known else None for p in range(players)
        ]


def test_knowledge_follows_later_public_swaps() -> None:
    """A card one knows stays known when its holder swaps it on: who swaps with whom is public."""
    state = new(4).arrange(
        dice=[5, 5, 5, 5, 1, 2],
        identities=[1, 2, 3, 4, 5],
        current=0,
        rolls=[1, 2, 3, 2, 2, 2, 2, 1, 3, 1, 2, 3, *ANY_ROLL],
    )
    state.apply(0, SwapSpare())  # seat 0 puts ① in the spare, takes ⑤
    assert state.view(0)["spare"] == 1 and state.view(1)["spare"] is None
    state.apply(0, TakeMoney())
    state.apply(1, Swap(0))  # seat 1 takes ⑤ from seat 0, gives ②
    view = state.view(0)
    assert view["you"] == 2 and view["players"][1]["identity"] == 5 and view["spare"] == 1
    assert state.view(1)["spare"] is None and state.view(1)["players"][0]["identity"] == 2


# ------------------------------------------------------------ the end


def test_the_game_ends_at_once_when_the_human_supply_runs_out() -> None:
    """The game ends the moment a supply is empty; the cards are revealed and checked."""
    board = {"moriya": (5, 1), "village": (2, 3)}  # humans: 7 placed, 2 left
    state = arranged(dice=[3, 3, 1, 4, 5, 6], board=board, identities=[2, 1, 3, 4, 5])
    state.apply(0, Place("hakugyokuro", "human"))
    assert state.is_over and state.view(None)["exhausted"] == "human"
    assert state.winners == (1,)  # ①: humans lead two regions, youkai one
    assert all(p["identity"] is not None for p in state.view(None)["players"])


@pytest.mark.parametrize("side", ["youkai", "money"])
def test_the_youkai_or_money_supply_running_out_ends_it_too(side: str) -> None:
    if side == "youkai":
        state = arranged(dice=[5, 5, 1, 2, 3, 4], board={"moriya": (0, 6), "village": (0, 1)})
        state.apply(0, Place("village", "youkai"))
    else:
        state = arranged(dice=[1, 1, 2, 3, 4, 5], spent=MONEY - 2)
        state.apply(0, TakeMoney())
    assert state.is_over and state.view(None)["exhausted"] == side


def test_the_text_example_of_a_human_win() -> None:
    """①'s example: 白白 / 白白黒黒 / 白白白黒黒 / 黒黒黒黒黒 — human, tie, human, youkai:
    humans lead in more regions, so ① has won.  The source text (both copies of it) has
    白白白黒黒 in the third region; issue 25 quotes 白白白黒黒黒, a tie (next test)."""
    board = [[2, 0], [2, 2], [3, 2], [0, 5]]
    assert leads(board) == (2, 1)
    position = {"hakurei": (2, 0), "hakugyokuro": (2, 2), "moriya": (3, 2), "village": (0, 4)}
    # the ninth youkai chip (the last) goes to the village: the game ends on that board
    state = arranged(dice=[5, 1, 2, 3, 4, 6], board=position, identities=[4, 2, 1, 3, 5], rolls=0)
    state.apply(0, Place("village", "youkai"))
    assert [list(c) for c in state.board] == board and state.is_over
    assert state.winners == (2,)  # seat 2 holds ①
    assert state.view(None)["players"][2]["met"] and not state.view(None)["players"][1]["met"]


def test_a_tied_region_counts_for_neither_side() -> None:
    """Ties count for neither: with 白白白黒黒黒 (three each) in Moriya Shrine, the board
    白白 / 白白黒黒 / 白白白黒黒黒 / 黒黒黒黒黒 is one region each — not a human win."""
    assert leads([[2, 0], [2, 2], [3, 3], [0, 5]]) == (1, 1)


def test_of_several_winners_the_lowest_number_wins() -> None:
    """① and ③ both hold (humans lead, seat 1 has the most money): ① (seat 3) wins."""
    state = arranged(
        dice=[2, 2, 1, 3, 4, 5],
        board={"moriya": (6, 0), "village": (1, 0)},
        money={1: 4},
        identities=[2, 3, 4, 1, 5],
        rolls=0,
    )
    state.apply(0, Place("hakurei", "human"))
    assert state.is_over and state.winners == (3,)
    assert [p["met"] for p in state.view(None)["players"]] == [False, True, False, True]


def test_with_no_condition_met_the_highest_card_among_the_players_wins() -> None:
    """If nobody wins, the highest-numbered card held by a player wins (a spare never): no
    condition holds, ⑤ is the spare, so ④ (seat 1) wins."""
    board = {"hakurei": (2, 0), "hakugyokuro": (0, 2), "village": (1, 1)}
    state = arranged(
        dice=[1, 1, 2, 3, 4, 5],
        board=board,
        identities=[1, 4, 2, 3, 5],
        money={2: 1, 3: 1},
        spent=MONEY - 4,
        rolls=0,
    )
    state.apply(0, TakeMoney())  # the last two money chips; one lead each, ③ not alone on top
    view = state.view(None)
    assert state.is_over and not any(p["met"] for p in view["players"])
    assert state.winners == (1,)


# --------------------------------------------------------------- ⑤ claims


def test_the_half_phantom_claims_at_once_when_three_regions_are_full_and_tied() -> None:
    """⑤'s example: 白黒 in Hakurei Shrine, 白白黒黒 in Hakugyokurou, 白白白黒黒黒 in Moriya
    Shrine: three regions full and tied.  The placement that makes it so asks every player
    still in, the mover first; ⑤ reveals and wins at once."""
    board = {"hakurei": (1, 1), "hakugyokuro": (2, 2), "moriya": (3, 1)}
    state = arranged(dice=[4, 4, 1, 2, 3, 5], board=board, identities=[1, 2, 5, 3, 4], current=1)
    assert full_and_tied([[1, 1], [2, 2], [3, 3], [0, 0]]) == 3
    assert Claim() not in state.legal_actions(1)
    state.apply(1, Place("moriya", "youkai"))
    assert state.board[2] == [3, 3] and state.to_act == (1,)
    assert state.legal_actions(1) == [Claim(), LetPass()]
    state.apply(1, LetPass())
    assert state.to_act == (2,)
    state.apply(2, Claim())
    assert state.is_over and state.winners == (2,) and state.view(None)["ending"] == "claim"


def test_a_false_claim_puts_the_claimer_out_and_the_others_go_on() -> None:
    """A false claim reveals that card and eliminates the player; the game goes on without
    them (they are skipped, cannot be robbed or swapped with, and cannot win)."""
    board = {"hakurei": (1, 1), "hakugyokuro": (2, 2), "moriya": (3, 3)}
    state = arranged(
        dice=[1, 2, 3, 4, 5, 6], board=board, identities=[1, 2, 5, 3, 4], money={0: 2, 3: 2}
    )
    assert Claim() in state.legal_actions(0)  # open on one's own turn while it holds
    state.apply(0, Claim())
    assert state.eliminated == {0} and not state.is_over
    assert state.view(2)["players"][0]["identity"] == 1 and state.view(None)["claims"] == [
        {"seat": 0, "identity": 1, "won": False}
    ]
    assert state.current == 1
    state.apply(1, TakeMoney())
    state.apply(1, EndTurn())
    assert state.current == 2
    state.apply(2, Place("village", "human"))  # seat 2 (⑤) did not claim; the board holds on
    assert state.current == 3
    assert Steal(0) not in state.legal_actions(3) and Steal(1) in state.legal_actions(3)


def test_no_claims_without_the_half_phantom() -> None:
    """With three players ⑤ is out of the game: nobody is asked and nobody may claim."""
    board = {"hakurei": (1, 1), "hakugyokuro": (2, 2), "moriya": (3, 1)}
    state = new(3).arrange(dice=[4, 4, 1, 2, 3, 5], board=board, current=0, rolls=ANY_ROLL)
    state.apply(0, Place("moriya", "youkai"))
    assert state.current == 1 and Claim() not in state.legal_actions(1)


# ------------------------------------------------------------- the limit


def test_the_safety_limit_stops_a_game_with_no_winner() -> None:
    """A safety limit, not a rule: a game still going after TURN_LIMIT turns has no winner."""
    state = new(3).arrange(
        dice=[2, 2, 2, 6, 6, 6],
        board={"hakurei": (1, 1)},
        current=0,
        rolls=[2, 2, 2, 6, 6, 6] * (TURN_LIMIT + 1),
    )
    state.apply(0, Pass())
    assert state.is_over and state.stopped and state.winners == ()
    assert state.view(None)["ending"] == "limit"


def test_caps_and_supplies_are_the_documented_data() -> None:
    assert CAPS == (2, 4, 6, 8) and CHIPS == (9, 9) and MONEY == 10


def test_take_backs_in_one_bribe_are_bounded() -> None:
    """A safety bound, not a rule: after TAKE_BACK_LIMIT take-backs the chosen dice stay."""
    state = arranged(dice=[1, 2, 3, 4, 5, 6], money={0: 1})
    for _ in range(TAKE_BACK_LIMIT):
        state.apply(0, MarkDie(0))
        state.apply(0, UnmarkDie(0))
    state.apply(0, MarkDie(0))
    assert UnmarkDie(0) not in state.legal_actions(0) and Reroll() in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="safety bound"):
        state.apply(0, UnmarkDie(0))


def test_the_next_roll_is_hidden_from_search() -> None:
    """The dice of the next roll are not known: a re-deal reseeds them."""
    state = new(4, seed=8)
    seat = state.to_act[0]
    rolls = set()
    for key in range(12):
        world = state.determinize(seat, Rng(key))
        world.apply(seat, world.legal_actions(seat)[0])
        rolls.add(tuple(world.dice))
    assert len(rolls) > 1
