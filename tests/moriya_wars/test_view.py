"""Moriya Wars' browser table, rendered in process: every legal action is on its piece and
listed; the dice are grouped by face with each face's action; the regions show caps and
counts; the identity card and its condition are shown to their owner only."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from bodoge.games.moriya_wars import (
    GAME,
    EndTurn,
    Evict,
    MarkDie,
    Place,
    Reroll,
    Swap,
    SwapSpare,
    TakeMoney,
)
from bodoge.server.render import render_game
from viewkit import live_table, play_and_check_every_page, sole_random_move


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_action_is_on_its_piece_and_listed(players: int) -> None:
    kinds = play_and_check_every_page(
        "moriya-wars", players, 10 * players, choose=sole_random_move, watchers_every=9
    )
    assert {"place", "take_money"} <= kinds


def test_dice_are_grouped_by_face_with_the_faces_action_and_the_regions_show_caps() -> None:
    live = live_table("moriya-wars", 4, seed=3)
    live.state.arrange(
        dice=[2, 2, 3, 5, 5, 6],
        board={"hakurei": (1, 0), "village": (2, 3)},
        current=0,
        money={0: 1},
    )
    html = render_game(live, 0, "en")
    assert 'data-testid="face-2"' in html and "2 ×2 · place 2 in Hakurei Shrine" in html
    assert "not possible: over the cap" in html  # two 2s, one chip of two already there
    assert "5 ×2 · place 2 in the Human Village" in html
    assert "Place human chips in Human Village" in html
    assert "cap 8" in html and "cap 2" in html and "youkai lead" in html
    japanese = render_game(live, 0, "ja")
    assert "博麗神社" in japanese and "上限2" in japanese


def test_the_identity_card_and_its_condition_are_for_its_owner_only() -> None:
    live = live_table("moriya-wars", 4, seed=5)
    live.state.arrange(identities=[1, 2, 3, 4, 5], current=0, dice=[1, 2, 3, 4, 5, 6])
    owner = render_game(live, 0, "en")
    assert (
        "① Living God" in owner
        and "Humans lead in more regions"
        in owner.split('data-testid="identity"')[1].split("</section>")[0]
    )
    other = render_game(live, 1, "en")
    identity = other.split('data-testid="identity"')[1].split("</section>")[0]
    assert "① Living God" not in identity and "② Youkai Sage" in identity
    assert 'data-testid="identity"' not in render_game(live, None, "en")


def test_the_end_screen_reveals_every_card_and_says_who_won_and_why() -> None:
    live = live_table("moriya-wars", 4, seed=7)
    state = live.state
    state.arrange(
        board={"hakurei": (2, 0), "hakugyokuro": (2, 2), "moriya": (3, 2), "village": (0, 4)},
        identities=[4, 2, 1, 3, 5],
        dice=[5, 1, 2, 3, 4, 6],
        current=0,
    )
    state.apply(0, Place("village", "youkai"))
    assert state.is_over
    html = render_game(live, None, "en")
    assert "The youkai chip supply ran out" in html
    assert "Of those whose condition held, Name2 holds the lowest number (① Living God)" in html
    for name in ("① Living God", "② Youkai Sage", "③ Miser", "④ Mediator"):
        assert name in html
    assert "condition met" in html and "condition not met" in html


def test_a_bribe_is_chosen_on_the_dice_and_rolled_with_one_button() -> None:
    live = live_table("moriya-wars", 4, seed=9)
    state = live.state
    state.arrange(dice=[1, 3, 3, 4, 4, 5], money={0: 1}, current=0)
    html = render_game(live, 0, "en")
    assert "click dice to choose them for a reroll" in html
    mark = state.legal_actions(0).index(MarkDie(0))
    assert f'data-act="{mark}" title="Choose die 1 to reroll"' in html
    state.apply(0, MarkDie(0))
    html = render_game(live, 0, "en")
    assert "die-button playable marked" in html and "Bribe: choose the dice" in html
    reroll = state.legal_actions(0).index(Reroll())
    assert f'data-act="{reroll}">1 money: reroll the chosen dice (bribe)' in html
    assert "place 2 in Moriya Shrine" in html and "Place human" not in html


def test_the_end_screen_explains_the_highest_card_rule_and_the_rules_panel_the_stand_ins() -> None:
    live = live_table("moriya-wars", 4, seed=7)
    state = live.state
    board = {"hakurei": (2, 0), "hakugyokuro": (0, 2), "village": (1, 1)}
    state.arrange(
        dice=[1, 1, 2, 3, 4, 5],
        board=board,
        identities=[1, 4, 2, 3, 5],
        money={2: 1, 3: 1},
        spent=6,
        current=0,
    )
    state.apply(0, TakeMoney())
    html = render_game(live, None, "en")
    assert "condition held, so Name1, holding the highest number (④ Mediator), wins" in html
    assert "The money supply ran out" in html
    assert "the Human Village, and its cap of 8 chips are stand-ins" in html
    japanese = render_game(live, 1, "ja")
    assert "仮の値" in japanese and "番号が最も大きい" in japanese


@pytest.mark.parametrize(("players", "swap"), [(4, SwapSpare()), (5, Swap(2))])
def test_a_seats_page_depends_only_on_what_it_may_know_with_four_and_five(
    players: int, swap: SwapSpare | Swap
) -> None:
    """The generic check (tests/browser/test_browser_views.py) plays three players, where ⑤
    is out; here with ⑤ in play and a swap known to its two sides (or the spare's swapper):
    re-dealing what a seat may not know never changes the page it is sent."""
    live = live_table("moriya-wars", players, seed=players)
    state = live.state
    state.arrange(dice=[4, 4, 4, 4, 1, 2], identities=[5, 1, 2, 3, 4], current=0)
    state.apply(0, swap)
    rng = random.Random(players)
    seen: set[int | None] = set()
    for step in range(40):
        if state.is_over:
            break
        if step % 2 == 0:
            lang = "ja" if step % 4 else "en"
            for seat in [None, *range(players)]:
                world = dataclasses.replace(live, state=state.determinize(seat, step))
                assert render_game(world, seat, lang) == render_game(live, seat, lang), (
                    f"step {step}: seat {seat}'s page changes with what it may not know"
                )
                seen |= {state.view(seat)["you"], state.view(seat)["spare"]}
        (actor,) = state.to_act
        state.apply(actor, rng.choice(state.legal_actions(actor)))
    assert 5 in seen  # ⑤ was on a page checked: a seat's own card, or the spare it put there


def test_a_seat_not_asked_to_act_sees_what_the_player_on_turn_may_do_not_reasons() -> None:
    """Issue 34 (2): with the supply full (9/9/10) the seats not acting saw every face marked
    "not possible: …" (their own empty action list).  Now they see whose turn it is and what
    that player may do; only the player on turn sees reasons, for their own faces."""
    live = live_table("moriya-wars", 4, seed=3)
    live.state.arrange(dice=[1, 2, 2, 2, 5, 6], board={"hakurei": (1, 0)}, current=0)
    for lang, not_possible in (("en", "not possible"), ("ja", "できない")):
        for seat in (1, 2, None):
            html = render_game(live, seat, lang)
            assert not_possible not in html
        assert not_possible in render_game(live, 0, lang)  # three 2s pass Hakurei's cap of 2
    other = render_game(live, 1, "en")
    assert "Name0&#39;s turn" in other or "Name0's turn" in other
    assert re.search(r'data-testid="may-1">\s*Name0 may choose this', other)  # take money
    assert re.search(r'data-testid="may-5">\s*Name0 may choose this', other)
    assert re.search(r'data-testid="may-2">\s*not open to Name0', other)  # over the cap
    assert re.search(r'data-testid="may-6">\s*not open to Name0', other)  # nobody has money
    assert live.state.view(1)["open_faces"] == [1, 5]
    japanese = render_game(live, 2, "ja")
    assert "Name0が選べる行動" in japanese and "Name0はこの目を選べない" in japanese


def test_after_the_action_the_page_offers_evictions_and_the_end_of_the_turn() -> None:
    live = live_table("moriya-wars", 4, seed=3)
    state = live.state
    state.arrange(dice=[1, 2, 3, 4, 5, 6], board={"village": (2, 1)}, money={0: 1}, current=0)
    state.apply(0, Place("moriya", "human"))
    mine = render_game(live, 0, "en")
    end = state.legal_actions(0).index(EndTurn())
    assert f'data-act="{end}">End the turn' in mine and "Before you end your turn" in mine
    evict = state.legal_actions(0).index(Evict("village", "human"))
    assert f'data-act="{evict}" title="1 money: return one human chip' in mine
    assert "Name0は行動を終え" in render_game(live, 2, "ja")
    other = render_game(live, 2, "en")
    assert "Name0 has carried out the action" in other and ">End the turn<" not in other


def test_bodoge_play_says_which_die_face_goes_with_which_region() -> None:
    """Issue 34 (13): the terminal view names each region's face and groups the roll by face,
    each with what it does."""
    state = GAME.new_game(4, seed=3)
    state.arrange(dice=[1, 2, 2, 2, 5, 6], board={"hakurei": (1, 0)}, current=0)
    text = GAME.describe_view(state.view(1), "en")
    # each count says what it counts (it read "Hakurei Shrine 1/0 (≤2)")
    assert "[die 2] Hakurei Shrine: humans 1, youkai 0 (cap 2)" in text
    assert "[die 5] Human Village" in text and "≤" not in text
    assert "2 ×3 → place 3 in Hakurei Shrine; 5 ×1 → place 1 in the Human Village" in text
    japanese = GAME.describe_view(state.view(1), "ja")
    assert "[4の目] 守矢神社" in japanese and "[2の目] 博麗神社: 人間1・妖怪0（上限2）" in japanese


def test_bodoge_play_lists_a_placement_with_its_die_face() -> None:
    state = GAME.new_game(4, seed=3)
    state.arrange(dice=[1, 2, 2, 2, 5, 6], current=0)
    view = state.view(0)
    described = [GAME.describe_action(view, a, "en") for a in state.legal_actions(0)]
    assert "Place human chips in Human Village (die 5 ×1)" in described
    assert "Take money" in described
    japanese = GAME.describe_action(view, Place("village", "youkai"), "ja")
    assert japanese.endswith("（5の目 ×1）") or japanese.endswith("(5の目 ×1)")
