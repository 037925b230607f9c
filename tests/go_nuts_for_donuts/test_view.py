"""Go Nuts for Donuts' browser table, rendered in process: every legal action is on the
component it concerns and listed as a button; nobody sees another's bid, pass or draw."""

from __future__ import annotations

import pytest

import bodoge
from bodoge.games.go_nuts_for_donuts import Bid, Keep
from bodoge.server.render import game_words, render_game
from viewkit import (
    check_template_words,
    live_table,
    play_and_check_every_page,
    template_keys,
)

GAME_ID = "go-nuts-for-donuts"


@pytest.mark.parametrize("players", [2, 5])
def test_every_action_is_on_its_component_and_listed(players: int) -> None:
    kinds = play_and_check_every_page(
        GAME_ID,
        players,
        10 * players,
        pages_every=3,
        watchers_every=None,
        end_marks=["winners", "end-scores", "summary"],
    )
    assert "bid" in kinds


def test_a_bid_is_shown_only_to_its_bidder() -> None:
    pages = []
    for position in (1, 2, 3, 4):
        live = live_table(GAME_ID, 3, seed=9)
        live.state.apply(0, Bid(position))
        assert f"You bid on #{position}" in render_game(live, 0, "en")
        pages.append([render_game(live, s, lang) for s in (None, 1, 2) for lang in ("ja", "en")])
    assert all(page == pages[0] for page in pages)


def test_double_chocolates_draw_is_shown_only_to_its_taker() -> None:
    live = live_table(GAME_ID, 3, seed=2)
    state = live.state
    state.arrange(
        row=["double_chocolate", "glazed", "powdered", "plain"], top=["boston_cream", "sprinkled"]
    )
    for seat, position in enumerate((1, 4, 4)):
        state.apply(seat, Bid(position))
    mine = render_game(live, 0, "en")
    assert 'data-testid="drawn"' in mine and "Keep the Boston Cream" in mine
    for other in (None, 1, 2):
        page = render_game(live, other, "en")
        assert 'data-testid="drawn"' not in page and "Sprinkled" not in page.split("rules")[0]
    state.apply(0, Keep("sprinkled"))


def test_the_end_screen_explains_the_score_card_by_card_and_the_tie_break() -> None:
    live = live_table(GAME_ID, 2, seed=3)
    state = live.state
    state.arrange(
        {0: {"powdered": 1}, 1: {"powdered": 1}}, row=["glazed", "plain", "plain"], deck_size=0
    )
    state.apply(0, Bid(1))
    state.apply(1, Bid(1))
    en, ja = render_game(live, 0, "en"), render_game(live, None, "ja")
    assert 'data-testid="sheet-0"' in en and "Powdered" in en
    assert 'data-testid="tie-break"' in en and "tied on 3 points" in en
    assert "Shared win" in en and "共同勝利" in ja


def test_every_word_the_template_uses_exists_in_both_languages() -> None:
    words = game_words(bodoge.get_game(GAME_ID))
    used = template_keys(GAME_ID)
    used -= {"effect_", "ask_", "step_"}  # keys the template builds from a prefix
    used |= {f"effect_{d}" for d in bodoge.games.go_nuts_for_donuts.data.DONUTS}
    used |= {key for key in words if key.startswith(("step_", "ask_"))}
    check_template_words(GAME_ID, used)


def test_the_cards_say_the_sprinkled_and_cinnamon_twist_rulings() -> None:
    """Issue 34 (7): Sprinkled gives another donut whenever the player holds one (itself only
    when it is their only donut); the Cinnamon Twist's taker may pass the Twist itself."""
    words = bodoge.get_game("go-nuts-for-donuts").words
    sprinkled, twist = words["effect_sprinkled"], words["effect_cinnamon_twist"]
    assert "one of your other donuts whenever you hold one" in sprinkled("en")
    assert "the Sprinkled itself only when it is your only donut" in sprinkled("en")
    assert "他のドーナツを持っていれば必ずその1枚を" in sprinkled("ja")
    assert "the taker may pass the Twist itself" in twist("en")
    assert "取った人はこのカード自身を渡してもよい" in twist("ja")
