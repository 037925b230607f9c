"""Cardiceo's browser table, rendered in process: every legal action is clickable on
the component it concerns and listed as a button, and no seat is shown a closed hand
that is not its own."""

from __future__ import annotations

import random
import re

import pytest

from bodoge.games.cardiceo import GAME
from bodoge.server.render import game_words, render_game
from viewkit import (
    PageCheck,
    assert_in_both_languages,
    assert_stopped_without_winner,
    clickable,
    clicked_move,
    live_table,
    play_and_check_every_page,
    template_keys,
)


def hands_open_only_in_open_modes(options: dict[str, object]) -> PageCheck:
    """Every page shows all hands open in the easy and hardcore modes, and only there."""
    open_hands = bool(options.get("easy") or options.get("hardcore"))

    def check(html: str, viewer: int | None) -> None:
        assert ('data-testid="open-hand-' in html) == open_hands

    return check


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (5, {}),
        (8, {"short": True}),
        (3, {"easy": True}),
        (3, {"rounds": 2}),
        (4, {"hardcore": True}),
    ],
)
def test_every_action_is_on_its_component_and_listed(players, options):
    kinds_seen = play_and_check_every_page(
        "cardiceo",
        players,
        players * 5 + len(options),
        check_page=hands_open_only_in_open_modes(options),
        options=options,
        choose=clicked_move,
        move_seed=players,
        end_marks=["settlement", "winners"],
    )
    assert {"discard", "stop"} <= kinds_seen


def test_keep_and_reroll_sit_on_the_dice():
    live = live_table("cardiceo", 3, seed=4)
    state = live.state
    rnd = random.Random(1)
    while not state.choosing:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[-1] if rnd.random() < 0.5 else legal[0])
    html = render_game(live, state.current, "en")
    choice = html.split('data-testid="dice-choice"')[1].split("</div>")[0]
    assert sorted(clickable(choice)) == [0, 1]
    assert "Keep these values" in choice and "Reroll all three" in choice


def test_the_dice_show_their_place_and_value():
    live = live_table("cardiceo", 3, seed=6)
    state = live.state
    html = render_game(live, None, "en")
    for die, sides in enumerate((4, 8, 12)):
        found = re.search(rf'data-testid="die-{sides}" data-place="(\w+)" data-value="(\d+)"', html)
        assert found is not None
        assert found.group(1) == state.die_place(die)
        assert int(found.group(2)) == state.dice[die]


def test_a_closed_hand_is_shown_to_its_owner_only():
    live = live_table("cardiceo", 3, seed=2)
    for seat in range(3):
        html = render_game(live, seat, "en")
        assert html.count('data-testid="hand"') == 1 and f'data-seat="{seat}"' in html
        assert 'data-testid="open-hand-' not in html
    assert 'data-testid="hand"' not in render_game(live, None, "en")


def test_replay_mode_is_not_clickable():
    live = live_table("cardiceo", 3, seed=1)
    assert clickable(render_game(live, 0, "en", replay=True)) == []


def test_every_word_the_template_uses_exists_in_both_languages():
    words = game_words(GAME)
    used = template_keys("cardiceo") - {"place_"}
    used |= {f"place_{place}" for place in ("rolled", "locked", "used")}
    assert used <= set(words), sorted(used - set(words))
    assert_in_both_languages(words)


def test_a_game_stopped_at_the_safety_limit_says_so_and_names_no_winner():
    live = live_table("cardiceo", 2, seed=3)
    state = live.state
    state.arrange({0: [15, 15], 1: [14, 15]}, (3, 4, 6), turn=state.turn_limit)
    seat = state.current
    while not state.is_over:
        state.apply(seat, state.legal_actions(seat)[-1])  # stop: the next turn is past the limit
    limit = state.turn_limit // 2
    assert_stopped_without_winner(
        live,
        en_says=["Stopped: no winner", f"safety limit of {limit} turns a player"],
        ja_says=["打ち切り: 勝者なし", f"1人あたり{limit}手番"],
        en_never=["♛", "wins!"],
    )
