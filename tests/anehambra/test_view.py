"""アネハンブラ's browser table, rendered in process: every legal action is clickable on
the component it concerns and listed as a button; nobody sees hidden palace contents."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest

import bodoge
from bodoge.games.anehambra import GAME, HeuristicBot
from bodoge.server.i18n import WORDS
from bodoge.server.render import game_words, render_game, table_template
from browser.test_browser_views import clickable, live_table

TEMPLATES = Path(bodoge.__file__).parent / "games" / "anehambra" / "templates"


def _play_and_render(players: int, seed: int, options: dict[str, object]) -> set[str]:
    """Play a game, half random, half heuristic, checking every rendered page."""
    live = live_table("anehambra", players, seed=seed, options=options)
    state = live.state
    assert table_template(state.game) == "anehambra.html"
    rng = random.Random(seed)
    bot = HeuristicBot(seed)
    kinds_seen: set[str] = set()
    while not state.is_over:
        (seat,) = state.to_act
        legal = state.legal_actions(seat)
        lang = "ja" if state.version % 2 else "en"
        html = render_game(live, seat, lang)
        assert 'class="an-table' in html, "the game's own template was not used"
        indices = clickable(html)
        for index, action in enumerate(legal):
            kinds_seen.add(action.TYPE)
            # listed as a button, and on the deck, card, check or palace it concerns
            assert indices.count(index) >= 2, f"{action} is not on its component"
        assert set(indices) == set(range(len(legal)))
        if state.version % 9 == 0:
            for other in [None, *range(players)]:
                if other != seat:
                    assert clickable(render_game(live, other, lang)) == []
        action = legal[rng.choice(indices)] if rng.random() < 0.5 else bot.choose(state, seat)
        state.apply(seat, action)
    for viewer in [None, *range(players)]:
        html = render_game(live, viewer, "ja")
        assert 'data-testid="settlement"' in html and clickable(html) == []
        assert 'data-testid="replay-link"' not in render_game(live, viewer, "en", replay=True)
    return kinds_seen


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {"strict_open_colour": True}), (6, {})],
)
def test_every_action_is_on_its_component_and_listed(players, options):
    kinds = set()
    for seed in range(2):
        kinds |= _play_and_render(players, seed + players, options)
    assert {"draw", "build", "complete_palace", "inspect", "inspect_palace"} <= kinds


def test_hidden_palaces_show_a_count_and_no_colours_to_others():
    live = live_table("anehambra", 4, seed=3)
    state = live.state
    state.arrange(hands={0: [1, 1, 0, 0]})
    state.apply(0, state.legal_actions(0)[1])  # add a pillar
    own = render_game(live, 0, "en")
    other = render_game(live, 1, "en")
    spectator = render_game(live, None, "en")
    assert 'data-testid="palace-0-0"' in own and 'data-testid="palace-0-0"' in other
    own_palace = own.split('data-testid="palace-0-0"')[1].split("</button>")[0]
    other_palace = other.split('data-testid="palace-0-0"')[1].split("</button>")[0]
    assert "floor pillar" in own_palace, "the builder sees the colours"
    assert "floor pillar" not in other_palace, "others see a face-down palace"
    assert spectator.count('data-testid="hand"') == 0
    assert 'data-testid="hand" data-seat="0"' in own
    assert "added a pillar to palace 1 (now 1)" in other


def test_replay_mode_is_not_clickable():
    live = live_table("anehambra", 3, seed=1)
    html = render_game(live, 0, "en", replay=True)
    assert clickable(html) == []
    assert "45 cards before END" in html


def test_every_word_has_both_languages_and_the_same_placeholders():
    words = game_words(GAME)
    assert words
    for key, text in words.items():
        assert text.ja.strip() and text.en.strip(), key
        fields = [
            {f for _, f, _, _ in string.Formatter().parse(s) if f} for s in (text.ja, text.en)
        ]
        assert fields[0] == fields[1], f"{key}: ja and en fill different values"


def test_every_word_the_template_uses_exists():
    source = (TEMPLATES / "anehambra.html").read_text(encoding="utf-8")
    words = game_words(GAME)
    keys = set(re.findall(r'\bt\(\s*["\'](\w+)["\']', source))
    assert keys and all(key in words or key in WORDS for key in keys), keys - set(words)
    for prefix, suffixes in (
        ("colour_", ("red", "yellow", "green", "blue")),
        ("check_", "ABCDEF"),
        ("check_help_", "ABCDEF"),
        ("ended_", ("end_card", "turn_limit")),
    ):
        assert all(prefix + suffix in words for suffix in suffixes), prefix


def test_a_game_stopped_at_the_safety_limit_says_so_and_names_no_winner():
    live = live_table("anehambra", 3, seed=4)
    state = live.state
    state.turn = bodoge.games.anehambra.data.TURN_LIMIT
    state.apply(0, bodoge.games.anehambra.Draw())
    assert state.stopped and state.winners == ()
    en, ja = render_game(live, 0, "en"), render_game(live, None, "ja")
    limit = bodoge.games.anehambra.data.TURN_LIMIT  # the words write it out
    assert "Stopped: no winner" in en and f"safety limit of {limit} turns" in en
    assert "打ち切り: 勝者なし" in ja and f"安全のための上限（{limit}手番）" in ja
    assert "♛" not in en and "wins!" not in en
