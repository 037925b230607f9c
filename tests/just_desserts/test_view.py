"""Just Desserts' browser table, rendered in process: every legal action is clickable on
the component it concerns and listed as a button; nobody sees another's hand."""

from __future__ import annotations

import pytest

import bodoge
from bodoge.engine import Action
from bodoge.games.just_desserts.bot import HeuristicBot
from bodoge.server.render import render_game
from viewkit import Step, live_table, play_and_check_every_page


def heuristic_mostly(step: Step) -> tuple[int, Action]:
    """Mostly the heuristic (random tables take hundreds of steps), sometimes anything."""
    state, rng = step.state, step.rng
    seat = rng.choice(state.to_act)
    if rng.random() < 0.25:
        return seat, rng.choice(state.legal_actions(seat))
    return seat, HeuristicBot(state.version).choose(state, seat)


@pytest.mark.parametrize("players", [2, 3])
def test_every_action_is_on_its_component_and_listed(players: int) -> None:
    kinds = set()
    for seed in range(2):
        kinds |= play_and_check_every_page(
            "just-desserts", players, seed + 10 * players, choose=heuristic_mostly
        )
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
