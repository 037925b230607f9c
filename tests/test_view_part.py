"""A part of a view is that part of the view: the fields a heuristic reads, filled the same way.

Heuristics that decide at every move of a search's playouts read a few
fields with ``Rules.view_part`` rather than building the whole view; what
they read must be exactly what the seat's view shows, so that they see no
more (and no less) than the seat.
"""

from __future__ import annotations

import random

import pytest

import bodoge
from bodoge.engine.kit import Rules

KIT_GAMES = [
    game_id
    for game_id in bodoge.game_ids()
    if issubclass(bodoge.get_game(game_id).state_class, Rules)
]


@pytest.mark.parametrize("game_id", KIT_GAMES)
def test_every_part_of_a_view_is_what_the_view_shows(game_id: str) -> None:
    game = bodoge.get_game(game_id)
    rnd = random.Random(3)
    state = game.new_game(game.player_range(game.resolve_options({}))[0] + 1, seed=3)
    for _ in range(60):
        assert isinstance(state, Rules)
        for seat in (None, *range(state.num_players)):
            view = state.view(seat)
            names = [name for name, _, _ in state.game.view.fields]
            rnd.shuffle(names)
            some = names[: rnd.randint(1, len(names))]
            assert state.view_part(seat, *some) == {name: view[name] for name in some}
        if state.is_over:
            break
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))


def test_a_part_holds_only_the_fields_asked_for() -> None:
    state = bodoge.get_game("cardiceo").new_game(3, seed=1)
    assert isinstance(state, Rules)
    assert list(state.view_part(0, "dice", "hand")) == ["dice", "hand"]
