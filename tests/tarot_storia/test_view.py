"""Tarot Storia's browser table, rendered in process: every legal action is on the piece it
concerns and listed once more; the layout is drawn as the cards lie; a duet hand stays
private; the end screen explains the score step by step."""

from __future__ import annotations

import html as markup
import random
import re
from collections.abc import Callable

import pytest

from bodoge.games.tarot_storia import GAME, Keep, Place, TarotStoriaState
from bodoge.games.tarot_storia.text import rank_text
from bodoge.server.render import render_game
from tarot_storia.test_rules import (
    EXAMPLE,
    finish_with_the_heuristic,
    play_duet_encore,
    play_in_order,
    play_solo_at_zero,
)
from viewkit import (
    check_template_words,
    live_table,
    play_and_check_every_page,
    sole_random_move,
    template_source,
)


@pytest.mark.parametrize("players", [1, 2])
def test_every_action_is_on_its_piece_and_listed(players: int) -> None:
    kinds: set[str] = set()
    for seed in range(2):
        kinds |= play_and_check_every_page(
            "tarot-storia",
            players,
            seed + 10 * players,
            choose=sole_random_move,
            exactly_twice=True,
            watchers_every=9,
            end_marks=["winners", "summary", "scoring-1"],
        )
    assert {"place", "swap"} <= kinds


def test_the_layout_is_drawn_half_offset_and_the_open_places_glow() -> None:
    """A card at (col, y) sits col card widths right and y half-cards down."""
    live = live_table("tarot-storia", 1, seed=3)
    live.state.arrange({(0, 0): 3, (0, 2): 5}, hands=[[12]], top=[17])
    html = render_game(live, 0, "en")
    # column -1 is open, so column 0 is drawn one width right; y -2 open: two half-cards down
    assert re.search(
        r'left: calc\(1 \* var\(--cw\)\); top: calc\(2 \* var\(--ch\) / 2\);"'
        r'[^>]*data-card="3"',
        html,
    )
    assert re.search(
        r'left: calc\(1 \* var\(--cw\)\); top: calc\(4 \* var\(--ch\) / 2\);"'
        r'[^>]*data-card="5"',
        html,
    )
    opened = re.findall(r'data-testid="open-(-?\d+)-(-?\d+)"', html)
    assert len(opened) == 8  # the text's figure: eight places
    place = live.state.legal_actions(0).index(Place(12, 1, 1))
    assert f'data-card="12" data-act="{place}"' in html
    assert "#ts-pick-12:checked" in html and "#ts-pick-17:checked" in html


def test_the_end_screen_explains_every_step_of_the_example() -> None:
    live = live_table("tarot-storia", 1, seed=4)
    play_in_order(live.state, EXAMPLE)
    html = render_game(live, 0, "en")
    assert "Encore! Choose the column to keep" in html
    assert html.count('data-testid="keep-') == 6
    step1 = re.search(r'data-testid="step1-1">(.*?)</ul>', html, re.S)
    cards = ((5, 3), (8, 4), (13, 11))
    assert step1 and all(f"{a} ({b} to its right)" in step1.group(1) for a, b in cards)
    step3 = re.search(r'data-testid="step3-1">(.*?)</ul>', html, re.S)
    assert step3 is not None
    text = step3.group(1)
    assert "6-10-14-17 = 4" in text and "11-15-18 = 3" in text and "16-19 = 2" in text
    assert "4-9 = 2" in text and "5 face down = −5" in text and "1 gap = −1" in text
    assert "Round 1: 5" in text
    live.state.apply(0, Keep(0))
    finish_with_the_heuristic(live.state)
    final = sum(live.state.round_scores)
    for lang in ("ja", "en"):
        html = render_game(live, None, lang)
        assert 'data-testid="scoring-2"' in html and 'data-testid="rank"' in html
        assert rank_text(final, 1)(lang) in html


CARD = re.compile(
    r'<div class="ts-card ts-\w+ ?([^"]*)"[^>]*data-card="(\d+)"[^>]*>(.*?)</div>', re.S
)
BADGE = re.compile(r'<span class="ts-badge">(.*?)</span>')


def scored_cards(html: str, round_number: int) -> dict[int, tuple[set[str], str]]:
    """Each card drawn in a round's scored layout on the end screen: its marks and badge."""
    start = html.index(f'data-testid="scored-layout-{round_number}"')
    board = html[start : html.index("<h4>", start)]
    return {
        int(card): (set(classes.split()), "".join(BADGE.findall(inside)))
        for classes, card, inside in CARD.findall(board)
    }


def test_the_end_screen_shows_step_2_the_route_and_its_highlight() -> None:
    """The example's step 2 turns 2 and 3 down (5, between them, is down: no route runs
    through them): the end screen lists them and the route, marks them ②, outlines the route."""
    live = live_table("tarot-storia", 1, seed=4)
    play_in_order(live.state, EXAMPLE)
    live.state.apply(0, Keep(0))
    finish_with_the_heuristic(live.state)
    route = [0, 1, 4, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21]
    groups = {6, 10, 14, 17} | {11, 15, 18} | {16, 19} | {4, 9}  # the text's 4 + 3 + 2 + 2
    for lang, words in (("en", "Cards on a route"), ("ja", "ルート上のカード")):
        html = render_game(live, None, lang)
        step2 = re.search(r'data-testid="step2-1">(.*?)</ul>', html, re.S)
        assert step2 is not None
        assert step2.group(1) == f"<li>2, 3</li><li>{words}: {', '.join(map(str, route))}</li>"
        cards = scored_cards(html, 1)
        assert sorted(cards) == list(range(22))
        assert {card for card, (marks, _) in cards.items() if "route" in marks} == set(route)
        down = {card: badge for card, (marks, badge) in cards.items() if "down" in marks}
        assert down == {2: "②", 3: "②", 5: "①", 8: "①", 13: "①"}
        starred = {card for card, (marks, badge) in cards.items() if badge == "★"}
        assert starred == groups == {c for c, (marks, _) in cards.items() if "grouped" in marks}
    why = "— ② Turned face down: on no route from the first column to the last"
    english = render_game(live, 0, "en")
    assert all(re.search(f'title="{card} · [^"]*{why}"', english) for card in (2, 3))


@pytest.mark.parametrize(
    ("players", "play", "words"),
    [
        (2, play_duet_encore, {
            "ja": "最終スコア: 10点 — 二人の相性: 挨拶する程度の知り合い",
            "en": "Final score: 10 — What the score says of the pair: Nodding acquaintances",
        }),
        (1, play_solo_at_zero, {
            "ja": "最終スコア: 0点 — 王様の評価: 出なおしてまいれ",
            "en": "Final score: 0 — The king's verdict: Come back when you have a better tale.",
        }),
    ],
    ids=["duet-10", "solo-0"],
)  # fmt: skip
def test_the_end_screen_gives_the_rank_message_of_its_table(
    players: int, play: Callable[[TarotStoriaState], None], words: dict[str, str]
) -> None:
    """The text's tables: a duet's 10 is 5～14点, a solo 0 is 10点未満 (and a game over)."""
    live = live_table("tarot-storia", players, seed=5)
    play(live.state)
    assert live.state.is_over
    for viewer in (None, *range(players)):
        for lang, expected in words.items():
            page = render_game(live, viewer, lang)
            banner = re.search(r'data-testid="winners">(.*?)</div>', page, re.S)
            assert banner is not None
            assert markup.unescape(re.sub(r"<[^>]+>", "", banner.group(1))) == expected
            assert ('data-testid="game-over"' in page) == (players == 1)


def test_a_duet_hand_is_shown_only_to_its_owner() -> None:
    """The partner's and a spectator's pages are the same whatever P1 holds."""
    pages = []
    for seed in range(4):
        live = live_table("tarot-storia", 2, seed=8)
        state = live.state
        rest = [c for c in range(22) if c not in (4, 9, 2)]
        random.Random(seed).shuffle(rest)
        state.arrange({(0, 0): 4}, hands=[[rest[0]], [9]], top=[rest[1], 2])
        assert f'data-testid="hand-card-{rest[0]}"' in render_game(live, 0, "en")
        pages.append(
            [render_game(live, other, lang) for other in (None, 1) for lang in ("ja", "en")]
        )
        assert 'data-testid="hand-count-0">' in pages[-1][2]
    assert all(page == pages[0] for page in pages)
    assert 'data-testid="hand"' not in pages[0][0]


def test_every_word_the_template_uses_exists_in_both_languages() -> None:
    assert '"rank_duet_" if duet else "rank_solo_"' in template_source("tarot-storia")
    check_template_words("tarot-storia", built_from=("rank_solo_", "rank_duet_"))


def test_the_rules_panel_labels_the_provisional_colours() -> None:
    live = live_table("tarot-storia", 1, seed=2)
    assert "Provisional data: the rule text gives the colour of only three cards" in (
        render_game(live, 0, "en")
    )
    assert "仮のデータ" in render_game(live, None, "ja")


def test_bodoge_play_names_places_by_the_cards_around_them_stable_between_turns() -> None:
    """Issue 34 (12): `bodoge play` read "column 0 at height -1" and the columns renumbered
    as the layout grew; a place is now named by the cards touching it, so a place keeps its
    name when a card goes in a new column on the left."""
    game = GAME
    state = game.new_game(1, seed=3)
    assert isinstance(state, TarotStoriaState)
    state.arrange(placed={(0, 0): 7, (0, 2): 12}, hands=[[3, 5]], top=[9])
    view = state.view(0)
    names = {game.describe_action(view, a, "en"): a for a in state.legal_actions(0)}
    assert "Place 3 below 12" in names and "Place 3 above 7" in names
    assert "Place 3 right of 7, half a card higher" in names
    assert "Place 3 left of 7, half a card lower, left of 12, half a card higher" in names
    assert not any("column" in name or "height" in name for name in names)
    state.apply(0, names["Place 3 left of 7, half a card higher"])  # a new column on the left
    later = state.view(0)
    again = {game.describe_action(later, a, "en") for a in state.legal_actions(0)}
    assert "Place 5 below 12" in again and "Place 5 right of 7, half a card higher" in again
    assert "5を置く: 12の下" in {
        game.describe_action(later, a, "ja") for a in state.legal_actions(0)
    }


HYPHEN_MINUS = re.compile(r"(?<![\w-])-\d")
SCORE_LISTS = re.compile(r'data-testid="(?:step3-\d|round-scores)">(.*?)</(?:ul|div)>', re.S)


def test_scores_below_zero_take_a_true_minus_sign_and_nothing_is_minus_zero() -> None:
    """The end screen said "Round 1: -25" beside "= −22", and "0 gaps = −0"."""
    rng = random.Random(5)
    for seed in range(60):
        live = live_table("tarot-storia", 1, seed=seed)
        state = live.state
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if min(state.round_scores) < 0:
            break
    else:
        pytest.fail("no random game scored below zero")
    total = state.round_scores[0]
    for lang in ("en", "ja"):
        page = render_game(live, None, lang)
        shown = " ".join(SCORE_LISTS.findall(page))
        assert f"−{-total}" in shown and f"-{-total}" not in shown, shown
        assert "−0" not in shown and not HYPHEN_MINUS.search(shown), shown
        lines = "\n".join(state.summary(lang))
        assert "−0" not in lines and not HYPHEN_MINUS.search(lines), lines
    assert f"Round 1: −{-total}" in render_game(live, None, "en")
