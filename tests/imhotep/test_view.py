"""Imhotep's browser table, rendered in process: every legal action is on the piece it
concerns and in the folded list; hidden cards reach nobody; the end screen scores site by site."""

from __future__ import annotations

import pytest

from bodoge.server.render import render_game
from viewkit import (
    check_template_words,
    live_table,
    play_and_check_every_page,
    sole_random_move,
)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"sides": "B", "wrath": True})])
def test_every_action_is_on_its_component_and_listed(players: int, options: dict) -> None:
    kinds = play_and_check_every_page(
        "imhotep",
        players,
        5 + players,
        options=options,
        choose=sole_random_move,
        pages_every=3,
        watchers_every=None,
        end_marks=["final-scoring", "final-burial"],
    )
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
    check_template_words("imhotep", whole_keys_only=True)
