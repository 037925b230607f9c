"""Just Desserts' browser table, rendered in process: every legal action is clickable on
the component it concerns and listed as a button; nobody sees another's hand."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import bodoge
from bodoge.games.just_desserts.bot import HeuristicBot
from bodoge.server.render import render_game, table_template
from browser.test_browser_views import clickable, live_table

TEMPLATES = Path(bodoge.__file__).parent / "games" / "just_desserts" / "templates"


def _play_and_render(players: int, seed: int) -> set[str]:
    live = live_table("just-desserts", players, seed=seed)
    state = live.state
    assert table_template(state.game) == "just-desserts.html"
    rng = random.Random(seed)
    kinds_seen: set[str] = set()
    while not state.is_over:
        lang = "ja" if state.version % 2 else "en"
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            html = render_game(live, seat, lang)
            assert 'class="jd-table' in html, "the game's own template was not used"
            indices = clickable(html)
            for index, action in enumerate(legal):
                kinds_seen.add(action.TYPE)
                # listed as a button, and on the guest, dessert or prompt it concerns
                assert indices.count(index) >= 2, f"{action} is not on its component"
            assert set(indices) == set(range(len(legal)))
        if state.version % 7 == 0:
            for other in [None, *range(players)]:
                if other not in state.to_act:
                    assert clickable(render_game(live, other, lang)) == []
        seat = rng.choice(state.to_act)
        # mostly the heuristic (random tables take hundreds of steps), sometimes anything
        if rng.random() < 0.25:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        else:
            state.apply(seat, HeuristicBot(state.version).choose(state, seat))
    for seat in [None, *range(players)]:
        html = render_game(live, seat, "ja")
        assert 'data-testid="winners"' in html and 'data-testid="summary"' in html
        assert clickable(html) == []
        assert 'data-testid="replay-link"' not in render_game(live, seat, "en", replay=True)
    return kinds_seen


@pytest.mark.parametrize("players", [2, 3])
def test_every_action_is_on_its_component_and_listed(players: int) -> None:
    kinds = set()
    for seed in range(2):
        kinds |= _play_and_render(players, seed + 10 * players)
    assert {"guest", "add", "serve", "end_turn"} <= kinds


def test_table_shows_guests_tastes_and_what_the_plate_satisfies() -> None:
    """Each guest with wants, refusals and favourite; SVG taste icons; the plate's check."""
    live = live_table("just-desserts", 2, seed=3)
    state = live.state
    state.arrange({0: ["cherry_pie", "vanilla_ice_cream"]}, middle=["granny", "professor"])
    state.apply(0, bodoge.games.just_desserts.ChooseGuest("granny"))
    state.apply(0, bodoge.games.just_desserts.AddDessert("cherry_pie"))
    html = render_game(live, 0, "en")
    assert 'href="#jd-taste-ice_cream"' in html and 'data-testid="missing"' in html
    assert "Apple pie à la mode" in html and "refuses" in html
    other = render_game(live, 1, "ja")
    assert 'data-testid="dessert-cherry_pie"' not in other  # the plate is hidden
    state.apply(0, bodoge.games.just_desserts.AddDessert("vanilla_ice_cream"))
    assert 'data-testid="satisfied"' in render_game(live, 0, "ja")
