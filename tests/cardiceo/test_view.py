"""Cardiceo's browser table, rendered in process: every legal action is clickable on
the component it concerns and listed as a button, and no seat is shown a closed hand
that is not its own."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bodoge.games.cardiceo import GAME
from bodoge.server.render import game_words, render_game, table_template
from browser.test_browser_views import clickable, live_table

TEMPLATE = Path(__file__).parents[2] / "src/bodoge/games/cardiceo/templates/cardiceo.html"


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
    live = live_table("cardiceo", players, seed=players * 5 + len(options), options=options)
    assert table_template(live.state.game) == "cardiceo.html"
    rng = random.Random(players)
    kinds_seen = set()
    open_hands = options.get("easy") or options.get("hardcore")
    while not live.state.is_over:
        (seat,) = live.state.to_act
        legal = live.state.legal_actions(seat)
        lang = "ja" if live.state.version % 2 else "en"
        html = render_game(live, seat, lang)
        assert 'class="cd-table' in html, "the game's own template was not used"
        indices = clickable(html)
        for index, action in enumerate(legal):
            kinds_seen.add(action.TYPE)
            # in the list of actions, and on the card, the dice or the banner
            assert indices.count(index) >= 2, f"{action} is not on its component"
        assert set(indices) == set(range(len(legal)))
        assert ('data-testid="open-hand-' in html) == bool(open_hands)
        if live.state.version % 7 == 0:
            for other in [None, *range(players)]:
                if other != seat:
                    assert clickable(render_game(live, other, lang)) == []
        live.state.apply(seat, legal[rng.choice(indices)])
    assert {"discard", "stop"} <= kinds_seen
    for seat in [None, *range(players)]:
        html = render_game(live, seat, "ja")
        assert 'data-testid="settlement"' in html and 'data-testid="winners"' in html
        assert clickable(html) == []


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
    source = TEMPLATE.read_text(encoding="utf-8")
    used = set(re.findall(r'\bt\(\s*["\'](\w+)["\']', source)) - {"place_"}
    used |= {f"place_{place}" for place in ("rolled", "locked", "used")}
    assert used <= set(words), sorted(used - set(words))
    assert all(text.ja and text.en for text in words.values())


def test_a_game_stopped_at_the_safety_limit_says_so_and_names_no_winner():
    live = live_table("cardiceo", 2, seed=3)
    state = live.state
    state.arrange({0: [15, 15], 1: [14, 15]}, (3, 4, 6), turn=state.turn_limit)
    seat = state.current
    while not state.is_over:
        state.apply(seat, state.legal_actions(seat)[-1])  # stop: the next turn is past the limit
    assert state.stopped and state.winners == ()
    limit = state.turn_limit // 2
    en, ja = render_game(live, 0, "en"), render_game(live, None, "ja")
    assert "Stopped: no winner" in en and f"safety limit of {limit} turns a player" in en
    assert "打ち切り: 勝者なし" in ja and f"1人あたり{limit}手番" in ja
    assert "♛" not in en and "wins!" not in en
