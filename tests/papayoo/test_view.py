"""Papayoo's browser table, rendered in process (no browser).

Every legal action is clickable on the card (or pass zone) it concerns and
listed as a button; other seats and spectators can click nothing and never
see a hand that is not theirs.
"""

from __future__ import annotations

import re

import pytest

import bodoge
from bodoge.games.papayoo import ConfirmPass, PickPass, UnpickPass, card_name
from bodoge.server.render import render_game
from viewkit import Step, clicked_move, live_table, play_and_check_every_page

HAND_ZONE = re.compile(r'data-testid="hand" data-seat="([^"]*)"')


def the_mover(step: Step) -> list[int]:
    """One acting seat, drawn before its page is checked: the one that then moves."""
    return [step.rng.choice(step.state.to_act)]


def render(live, seat, lang):
    html = render_game(live, seat, lang)
    assert 'class="pp-table' in html, "the game's own template was not used"
    return html


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {"hands": "one"}), (4, {"hands": "one", "shifting_pass": True}), (8, {"hands": "one"})],
)
def test_every_action_is_on_its_component_and_listed(players, options):
    def only_the_viewers_hand(html: str, viewer: int | None) -> None:
        assert HAND_ZONE.findall(html) == ([] if viewer is None else [str(viewer)])

    kinds = play_and_check_every_page(
        "papayoo",
        players,
        players,
        options=options,
        choose=clicked_move,
        seats_to_check=the_mover,
        check_page=only_the_viewers_hand,
        end_marks=["scores", "winners"],
    )
    assert {"pick_pass", "confirm_pass", "play"} <= kinds


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


def test_one_wording_for_whose_turn_it_is_and_the_shifting_pass_in_words() -> None:
    """A player's page said "Bob is to play" where a spectator's said "Bob to play"; the
    shifting pass was explained as "h mod n" (「第hハンドでは h を人数で割った余り」)."""
    live = live_table("papayoo", 4, seed=3, options={"hands": "n"})
    state = live.state
    for seat in range(4):
        for action in state.legal_actions(seat)[:5]:
            state.apply(seat, action)
        state.apply(seat, state.legal_actions(seat)[-1])  # confirm
    other = (state.to_act[0] + 1) % 4
    leader = live.info.seats[state.to_act[0]].name
    for viewer in (other, None):
        page = render(live, viewer, "en")
        assert f"{leader} to play" in page and "is to play" not in page
    (shifting,) = [o for o in bodoge.get_game("papayoo").options if o.name == "shifting_pass"]
    for lang in ("ja", "en"):
        words = shifting.help(lang)
        assert not re.search(r"\bh\b|mod|余り|第h", words), words
    assert "hand 2 two seats" in shifting.help("en") and "2ハンド目は2つ左" in shifting.help("ja")
