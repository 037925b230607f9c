"""Imhotep's browser table, rendered in process: every legal action is on the piece it
concerns and in the folded list; hidden cards reach nobody; the end screen scores site by site."""

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

TEMPLATES = Path(bodoge.__file__).parent / "games" / "imhotep" / "templates"


def _play_and_render(players: int, seed: int, options: dict[str, object]) -> set[str]:
    live = live_table("imhotep", players, seed=seed, options=options)
    state = live.state
    assert table_template(state.game) == "imhotep.html"
    rng = random.Random(seed)
    kinds: set[str] = set()
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if state.version % 3 == 0:
            html = render_game(live, seat, "ja" if state.version % 2 else "en")
            assert 'class="im-table' in html
            indices = clickable(html)
            for index, action in enumerate(legal):
                kinds.add(action.TYPE)
                assert indices.count(index) >= 2, f"{action} is not on its component"
            assert set(indices) == set(range(len(legal)))
        state.apply(seat, rng.choice(legal))
    for viewer in [None, *range(players)]:
        html = render_game(live, viewer, "ja")
        assert 'data-testid="final-scoring"' in html and 'data-testid="final-burial"' in html
        assert clickable(html) == []
    return kinds


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"sides": "B", "wrath": True})])
def test_every_action_is_on_its_component_and_listed(players: int, options: dict) -> None:
    kinds = _play_and_render(players, 5 + players, options)
    assert {"take_stones", "place_stone", "sail_ship", "take_card"} <= kinds


def test_the_face_down_pair_is_shown_only_to_its_taker() -> None:
    """Market B's pair is drawn face down: other seats' pages do not depend on it."""
    pages = []
    for pair in (["statue", "lever"], ["sail", "chisel"]):
        live = live_table("imhotep", 3, seed=2, options={"sides": "B"})
        live.state.arrange(ships=[1, 1, 1, 1], cargo={0: [1]}, pair=pair)
        pages.append([render_game(live, other, "en") for other in (None, 0, 1, 2)])
    assert pages[0] == pages[1]


def test_every_word_the_template_uses_exists_in_both_languages() -> None:
    words = game_words(bodoge.get_game("imhotep"))
    source = (TEMPLATES / "imhotep.html").read_text(encoding="utf-8")
    used = set(re.findall(r'\bt\(\s*["\'](\w+)["\']\s*[,)]', source))
    prefixes = set(re.findall(r'\bt\(\s*["\'](\w+)["\']\s*~', source))
    assert used and used <= set(words) | set(WORDS), sorted(used - set(words) - set(WORDS))
    for key, text in words.items():
        fields = [
            {f for _, f, _, _ in string.Formatter().parse(s) if f} for s in (text.ja, text.en)
        ]
        assert text.ja.strip() and text.en.strip() and fields[0] == fields[1], key
    unused = {k for k in set(words) - used if not any(k.startswith(p) for p in prefixes)}
    assert not unused, f"words nobody uses: {sorted(unused)}"
