"""Papayoo's browser table, rendered in process (no browser).

Every legal action is clickable on the card (or pass zone) it concerns and
listed as a button; other seats and spectators can click nothing and never
see a hand that is not theirs.
"""

from __future__ import annotations

import random
import re

import pytest

import bodoge
from bodoge.games.papayoo import ConfirmPass, PickPass, UnpickPass, card_name
from bodoge.server.render import render_game, table_template
from browser.test_browser_views import clickable, live_table

HAND_ZONE = re.compile(r'data-testid="hand" data-seat="([^"]*)"')


def render(live, seat, lang):
    html = render_game(live, seat, lang)
    assert 'class="pp-table' in html, "the game's own template was not used"
    return html


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {"hands": "one"}), (4, {"hands": "one", "shifting_pass": True}), (8, {"hands": "one"})],
)
def test_every_action_is_on_its_component_and_listed(players, options):
    live = live_table("papayoo", players, seed=players, options=options)
    assert table_template(live.state.game) == "papayoo.html"
    rng = random.Random(players)
    kinds = set()
    while not live.state.is_over:
        seat = rng.choice(live.state.to_act)
        legal = live.state.legal_actions(seat)
        lang = "ja" if live.state.version % 2 else "en"
        html = render(live, seat, lang)
        assert HAND_ZONE.findall(html) == [str(seat)]
        indices = clickable(html)
        for index, action in enumerate(legal):
            kinds.add(action.TYPE)
            assert indices.count(index) >= 2, f"{action} is not on its component and listed"
        assert set(indices) == set(range(len(legal)))
        if live.state.version % 7 == 0:
            for other in [None, *range(players)]:
                if other not in live.state.to_act:
                    other_html = render(live, other, lang)
                    assert clickable(other_html) == []
                    assert HAND_ZONE.findall(other_html) == ([] if other is None else [str(other)])
        live.state.apply(seat, legal[rng.choice(indices)])
    assert {"pick_pass", "confirm_pass", "play"} <= kinds
    for seat in [None, *range(players)]:
        html = render(live, seat, "ja")
        assert 'data-testid="scores"' in html and 'data-testid="winners"' in html
        assert clickable(html) == []


def test_the_table_shows_the_die_the_trick_and_the_points():
    live = live_table("papayoo", 4, seed=3, options={"hands": "n"})
    state = live.state
    html = render(live, 0, "en")
    assert "The die picks the Papayoo after the pass" in html
    assert 'data-testid="pass-zone"' in html and "Cards to pass to Name1" in html
    for seat in range(4):
        for action in state.legal_actions(seat)[:5]:
            state.apply(seat, action)
        html = render(live, seat, "en")
        assert html.count('class="card in-hand') == 15
        assert html.count(" selected") >= 5
        state.apply(seat, state.legal_actions(seat)[-1])  # confirm
    html = render(live, 0, "en")
    letter = state.view(0)["papayoo"]
    assert f"The Papayoo is {card_name(letter + '7')}" in html
    assert 'data-testid="exchange"' in html and 'data-testid="trick"' in html
    leader = state.to_act[0]
    state.apply(leader, state.legal_actions(leader)[0])
    html = render(live, None, "ja")
    assert 'data-testid="trick"' in html and "pp-played" in html
    assert 'data-testid="points-0"' in html and 'data-testid="total-3"' in html


def test_the_log_shows_a_choice_once_and_the_replay_steps_over_the_choosing() -> None:
    """Issue 19: picks and take-backs are no log lines; others read "has chosen"."""
    live = live_table("papayoo", 4, seed=3)
    state = live.state
    hand = state.view(0)["hand"]
    for _ in range(3):
        state.apply(0, PickPass(hand[0]))
        state.apply(0, UnpickPass(hand[0]))
    for code in hand[:5]:
        state.apply(0, PickPass(code))
    state.apply(0, ConfirmPass())
    html = render_game(live, 1, "en")
    assert html.count("has chosen") == 1 and "(a secret choice)" not in html
    assert bodoge.engine.replay_stops(state.events) == [0, 12]


def test_the_terminal_replay_prints_one_line_per_choice(capsys: pytest.CaptureFixture[str]) -> None:
    from bodoge.cli.replay import walk

    state = bodoge.get_game("papayoo").new_game(4, seed=3)
    hand = state.view(0)["hand"]
    state.apply(0, PickPass(hand[0]))
    state.apply(0, UnpickPass(hand[0]))
    for code in hand[:5]:
        state.apply(0, PickPass(code))
    state.apply(0, ConfirmPass())
    walk(state.record(), 1, "en")
    out = capsys.readouterr().out
    assert "1. P1 has chosen" in out and "secret decision" not in out and "2." not in out


def test_the_terminal_shows_the_cards_passed_and_received() -> None:
    game = bodoge.get_game("papayoo")
    state = game.new_game(4, seed=3)
    for seat in range(4):
        for code in state.view(seat)["hand"][:5]:
            state.apply(seat, PickPass(code))
        state.apply(seat, ConfirmPass())
    view = state.view(0)
    text = game.describe_view(view, "en")
    received = " ".join(card_name(code) for code in view["received"])
    assert f"You received from P4: {received}" in text and "You passed to P2: " in text
    assert "P4から受け取ったカード" in game.describe_view(view, "ja")
