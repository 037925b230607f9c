"""United Square's browser table, rendered in process: every placement is a preview on its
cell and in the folded list; the tiles are SVG; the end screen explains the result."""

from __future__ import annotations

import random
import re

import pytest

from bodoge.server.live import LiveTable
from bodoge.server.render import render_game
from viewkit import (
    check_template_words,
    live_table,
    play_and_check_every_page,
    sole_random_move,
)


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {"teams": True}), (2, {"board": 7})],
    ids=["3p", "4p-teams", "2p-7x7"],
)
def test_every_placement_is_on_its_cell_and_listed(players: int, options: dict) -> None:
    play_and_check_every_page(
        "united-square",
        players,
        5 + players,
        options=options,
        choose=sole_random_move,
        exactly_twice=True,  # a preview on its cell, and in the folded list
        watchers_every=8,
    )


def test_the_tiles_are_svg_with_four_coloured_edges_and_previews_are_turned() -> None:
    live = live_table("united-square", 2, seed=3)
    state = live.state
    state.arrange({"C3": "rbyg"}, {0: {"rbyg": 1, "rgyb": 2}, 1: {"rbgy": 1}})
    html = render_game(live, 0, "en")
    start = re.search(r'data-cell="12"[^>]*>(.*?)</div>', html, re.S)
    assert start is not None
    colours = re.findall(r'class="us-(red|blue|yellow|green)" points', start.group(1))
    assert colours == ["red", "blue", "yellow", "green"]  # top, right, bottom, left
    # The cell above the start tile (C2) previews each held type turned to show red below.
    cell = re.search(r'data-testid="cell-7"[^>]*>(.*?)</div>', html, re.S)
    assert cell is not None
    previews = re.findall(r'data-type="(\w+)" title="([^"]+)"', cell.group(1))
    assert sorted(kind for kind, _ in previews) == ["rbyg", "rgyb"]
    assert all("red bottom" in title for _, title in previews)
    # The first type that can be placed is chosen; its previews show through CSS.
    assert re.search(r'id="us-pick-rbyg" value="rbyg" checked', html)
    assert '#us-pick-rgyb:checked) .us-preview[data-type="rgyb"]' in html
    assert 'data-testid="pick-rbgy"' in html and 'id="us-pick-rbgy" value="rbgy" disabled' in html
    assert "1 left" in html and "2 left" in html
    assert 'data-testid="cell-' in html and html.count('class="us-cell legal"') == 4


def test_dead_cells_and_the_squares_per_colour_are_shown() -> None:
    live = live_table("united-square", 3, seed=3)
    state = live.state
    state.arrange({"C3": "rbyg", "B2": "grby"}, {0: {"rbyg": 2}})
    html = render_game(live, 1, "en")
    assert 'class="us-cell dead" data-cell="7"' in html
    assert "one colour meets it from two sides" in html
    place = next(a for a in state.legal_actions(0) if (a.row, a.col) == (3, 2))
    state.apply(0, place)  # below the start tile: a yellow square, seat 2's
    html = render_game(live, 1, "en")
    assert re.search(r'data-testid="squares-yellow"[^>]*>.*?<strong>1</strong>', html, re.S)
    assert "(nobody&#39;s)" in html or "(nobody's)" in html  # green, with three players
    assert 'data-testid="score-2">1 point<' in html  # one, not "1 points"
    ja = render_game(live, None, "ja")
    assert "誰の色でもない" in ja and "黄" in ja


def _team_game(seed: int) -> LiveTable:
    live = live_table("united-square", 4, seed=seed, options={"teams": True})
    state = live.state
    rng = random.Random(seed)
    while not state.is_over:
        (seat,) = state.to_act
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return live


def test_the_end_screen_explains_squares_teams_and_ties() -> None:
    """Seed 1200: teams 11 to 9, seat 0 (6 squares) beats its partner (5) and wins alone."""
    live = _team_game(1200)
    assert live.state.winners == (0,)
    en = render_game(live, None, "en")
    assert 'data-testid="settlement"' in en and 'data-testid="team-scores"' in en
    assert "one point to whoever owns that colour" in en
    assert "Ties are draws" in en and "team total, then by a player&#39;s own squares" in en
    assert "The team of Name0, Name2 wins, and Name0, with more squares of their own" in en
    assert "Place 1:" in en and "Place 4:" in en
    ja = render_game(live, 0, "ja")
    assert "同点は引き分け" in ja and "Name0, Name2のチームの勝ち" in ja and "1位" in ja


def test_partners_with_equal_squares_share_the_team_win() -> None:
    for seed in range(60):
        live = _team_game(seed)
        s, winners = live.state.scores, live.state.winners
        if len(winners) == 2 and s[0] + s[2] != s[1] + s[3]:
            break
    else:
        raise AssertionError("no shared team win in 60 games")
    assert s[winners[0]] == s[winners[1]]
    en = render_game(live, None, "en")
    assert "both have as many squares of their own, so both win!" in en


def test_every_word_the_template_uses_exists_in_both_languages() -> None:
    check_template_words("united-square")
