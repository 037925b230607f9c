"""Hoarders' browser table, rendered in process: every legal action is clickable on
the component it concerns and listed as a button; nobody sees another's face-down critters."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest

import bodoge
from bodoge.server.i18n import WORDS
from bodoge.server.render import game_words, render_game, table_template
from browser.test_browser_views import clickable, live_table

TEMPLATES = Path(bodoge.__file__).parent / "games" / "hoarders" / "templates"


def _play_and_render(players: int, seed: int) -> set[str]:
    live = live_table("hoarders", players, seed=seed)
    state = live.state
    assert table_template(state.game) == "hoarders.html"
    rng = random.Random(seed)
    kinds_seen: set[str] = set()
    while not state.is_over:
        lang = "ja" if state.version % 2 else "en"
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            html = render_game(live, seat, lang)
            assert 'class="hd-table' in html, "the game's own template was not used"
            indices = clickable(html)
            for index, action in enumerate(legal):
                kinds_seen.add(action.TYPE)
                # listed as a button, and on the critter card, nut or prompt it concerns
                assert indices.count(index) >= 2, f"{action} is not on its component"
            assert set(indices) == set(range(len(legal)))
        if state.version % 7 == 0:
            for other in [None, *range(players)]:
                if other not in state.to_act:
                    assert clickable(render_game(live, other, lang)) == []
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in [None, *range(players)]:
        html = render_game(live, seat, "ja")
        assert 'data-testid="winners"' in html and 'data-testid="summary"' in html
        assert clickable(html) == []
        assert 'data-testid="replay-link"' not in render_game(live, seat, "en", replay=True)
    return kinds_seen


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_action_is_on_its_component_and_listed(players: int) -> None:
    kinds = set()
    for seed in range(3):
        kinds |= _play_and_render(players, seed + 10 * players)
    assert {"hide", "reveal", "steal", "allow_theft"} <= kinds


def test_the_reaction_prompt_offers_the_hamster() -> None:
    live = live_table("hoarders", 3, seed=4)
    state = live.state
    state.arrange(
        nuts={0: {"walnut": 1, "hazelnut": 1, "sunflower": 1}, 1: {"walnut": 3}, 2: {"acorn": 3}},
        face_down={
            0: ("raccoon", "beaver"),
            1: ("hamster", "groundhog"),
            2: ("squirrel", "groundhog"),
        },
    )
    state.apply(0, state.legal_actions(0)[0])  # reveal the raccoon
    html = render_game(live, 0, "en")
    assert 'data-nut="walnut"' in html and "Steal Name1" in html
    steal = next(a for a in state.legal_actions(0) if a.TYPE == "steal" and a.target == 1)
    state.apply(0, steal)
    html = render_game(live, 1, "en")
    assert 'data-testid="use-hamster"' in html and 'data-testid="allow-theft"' in html
    assert "is stealing your Walnut" in html
    watcher = render_game(live, 2, "ja")
    assert 'data-testid="use-hamster"' not in watcher and clickable(watcher) == []


def test_face_down_critters_are_shown_only_to_their_owner() -> None:
    """Another seat's page is the same whichever critter P1 placed face down."""
    pages = []
    for critter in range(5):
        live = live_table("hoarders", 4, seed=9)
        live.state.apply(0, live.state.legal_actions(0)[critter])
        mine = render_game(live, 0, "en")
        name = live.state.legal_actions(1)[critter].critter
        assert re.search(rf'card critter face-down[^>]*data-testid="critter-{name}"', mine)
        pages.append(
            [render_game(live, other, lang) for other in (None, 1, 2, 3) for lang in ("ja", "en")]
        )
        assert 'data-testid="face-down-0">1 face down' in pages[-1][1]
    assert all(page == pages[0] for page in pages)
    assert 'data-testid="critters"' not in pages[0][0]


def test_every_word_the_template_uses_exists_in_both_languages() -> None:
    game = bodoge.get_game("hoarders")
    words = game_words(game)
    source = (TEMPLATES / "hoarders.html").read_text(encoding="utf-8")
    used = set(re.findall(r'\bt\(\s*["\'](\w+)["\']', source))
    assert used and used <= set(words) | set(WORDS), sorted(used - set(words) - set(WORDS))
    for key in re.findall(r'\bword\(\s*["\'](\w+)["\']', source):
        assert key in WORDS
    for key, text in words.items():
        fields = [
            {f for _, f, _, _ in string.Formatter().parse(s) if f} for s in (text.ja, text.en)
        ]
        assert text.ja.strip() and text.en.strip() and fields[0] == fields[1], key
    unused = set(words) - used
    assert not unused, f"words nobody uses: {sorted(unused)}"


def test_a_game_stopped_at_the_safety_limit_says_so_and_names_no_winner() -> None:
    live = live_table("hoarders", 3, seed=5)
    state = live.state
    state.round = bodoge.games.hoarders.data.ROUND_LIMIT  # the last round before the stop
    while not state.is_over:  # Hamster and Groundhog: nobody draws, nobody wins
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        wanted = [a for a in legal if getattr(a, "critter", "") in ("hamster", "groundhog")]
        state.apply(seat, (wanted or legal)[0])
    assert state.stopped and state.winners == ()
    en, ja = render_game(live, 0, "en"), render_game(live, None, "ja")
    assert "stopped at the safety limit of 100 rounds" in en and "nobody wins" in en
    assert "安全のための上限（100ラウンド）" in ja and "勝者はいません" in ja
    assert "♛ winner" not in en and "wins with the most nuts" not in en
