"""アネハンブラ's browser table, rendered in process: every legal action is clickable on
the component it concerns and listed as a button; nobody sees hidden palace contents."""

from __future__ import annotations

import pytest

import bodoge
from bodoge.engine import Action
from bodoge.games.anehambra import GAME, HeuristicBot
from bodoge.server.render import game_words, render_game
from viewkit import (
    Choose,
    Step,
    assert_in_both_languages,
    assert_stopped_without_winner,
    check_template_words,
    clickable,
    clicked_move,
    live_table,
    play_and_check_every_page,
)


def half_clicked_half_heuristic(bot: HeuristicBot) -> Choose:
    """Half the moves a random click on the page, half the heuristic's (shorter games)."""

    def choose(step: Step) -> tuple[int, Action]:
        (seat,) = step.state.to_act
        if step.rng.random() < 0.5:
            return clicked_move(step)
        return seat, bot.choose(step.state, seat)

    return choose


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {"strict_open_colour": True}), (6, {})],
)
def test_every_action_is_on_its_component_and_listed(players, options):
    kinds = set()
    for seed in range(2):
        kinds |= play_and_check_every_page(
            "anehambra",
            players,
            seed + players,
            options=options,
            choose=half_clicked_half_heuristic(HeuristicBot(seed + players)),
            watchers_every=9,
            end_marks=["settlement"],
        )
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
    assert_in_both_languages(words)


def test_every_word_the_template_uses_exists():
    check_template_words("anehambra", all_used=False)  # some keys are picked in expressions
    words = game_words(GAME)
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
    limit = bodoge.games.anehambra.data.TURN_LIMIT  # the words write it out
    assert_stopped_without_winner(
        live,
        en_says=["Stopped: no winner", f"safety limit of {limit} turns"],
        ja_says=["打ち切り: 勝者なし", f"安全のための上限（{limit}手番）"],
        en_never=["♛", "wins!"],
    )
