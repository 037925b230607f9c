"""Hoarders' browser table, rendered in process: every legal action is clickable on
the component it concerns and listed as a button; nobody sees another's face-down critters."""

from __future__ import annotations

import re

import pytest

import bodoge
from bodoge.server.render import render_game
from viewkit import (
    assert_stopped_without_winner,
    check_template_words,
    clickable,
    live_table,
    play_and_check_every_page,
)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_action_is_on_its_component_and_listed(players: int) -> None:
    kinds = set()
    for seed in range(3):
        kinds |= play_and_check_every_page("hoarders", players, seed + 10 * players)
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


def test_a_watcher_reads_which_nut_is_being_stolen_without_a_wrong_article() -> None:
    """ "a Acorn" was shown to the others while an acorn was being stolen."""
    live = live_table("hoarders", 3, seed=4)
    state = live.state
    state.arrange(
        nuts={0: {"walnut": 1}, 1: {"walnut": 3}, 2: {"acorn": 3}},
        face_down={
            0: ("raccoon", "beaver"),
            1: ("hamster", "groundhog"),
            2: ("hamster", "squirrel"),
        },
    )
    state.apply(0, state.legal_actions(0)[0])  # reveal the raccoon
    state.apply(0, next(a for a in state.legal_actions(0) if a.TYPE == "steal" and a.target == 2))
    html = render_game(live, 1, "en")
    assert "Name2 is answering Name0&#39;s theft of their Acorn." in html


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
    check_template_words("hoarders")


def test_a_game_stopped_at_the_safety_limit_says_so_and_names_no_winner() -> None:
    live = live_table("hoarders", 3, seed=5)
    state = live.state
    state.round = bodoge.games.hoarders.data.ROUND_LIMIT  # the last round before the stop
    while not state.is_over:  # Hamster and Groundhog: nobody draws, nobody wins
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        wanted = [a for a in legal if getattr(a, "critter", "") in ("hamster", "groundhog")]
        state.apply(seat, (wanted or legal)[0])
    assert_stopped_without_winner(
        live,
        en_says=["stopped at the safety limit of 100 rounds", "nobody wins"],
        ja_says=["安全のための上限（100ラウンド）", "勝者はいません"],
        en_never=["♛ winner", "wins with the most nuts"],
    )
