"""A seat's information key names exactly what its view shows: equal views, equal keys.

Search trees share a node between every world with the same key, so a key
that differs between re-deals of the same situation would let hidden cards
steer the search, and a key shared by two situations the seat can tell
apart would merge decisions it should keep apart.  The key is not the
view's JSON (it is built for speed), so both directions are checked
against the canonical JSON of ``view(seat)`` along random games of every
registered game, on the true states and on re-deals of what each seat
cannot see.
"""

from __future__ import annotations

import json
import random

import pytest

import bodoge
from bodoge.engine import Rng, State
from bodoge.games.egyptian_bride import EgyptianBrideState

STEPS = 250
"""Steps of each random game looked at (the keys of every seat at each)."""


def canonical(state: State, seat: int | None) -> str:
    return json.dumps(state.view(seat), separators=(",", ":"), sort_keys=True)


def random_states(game: bodoge.Game, seed: int) -> list[State]:
    """The first :data:`STEPS` states of one random game (random options and players)."""
    rnd = random.Random(seed)
    options = rnd.choice(game.variants())
    low, high = game.player_range(options)
    state = game.new_game(rnd.randint(low, high), seed, options)
    states = [state.clone()]
    while not state.is_over and len(states) < STEPS:
        seat = rnd.choice(state.to_act)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("game_id", bodoge.game_ids())
def test_keys_and_views_name_the_same_situations(game_id: str) -> None:
    game = bodoge.get_game(game_id)
    key_of_view: dict[str, str] = {}
    view_of_key: dict[str, str] = {}
    for seed in range(2):
        for step, state in enumerate(random_states(game, seed)):
            for seat in range(state.num_players):
                worlds = [state, state.determinize(seat, Rng(seed * 1000 + step))]
                for world in worlds:
                    key, view = world.information_key(seat), canonical(world, seat)
                    assert key_of_view.setdefault(view, key) == key, (
                        f"{game_id} seed {seed} step {step}: seat {seat} sees the same "
                        "view under two keys (hidden cards or history order leak into it)"
                    )
                    assert view_of_key.setdefault(key, view) == view, (
                        f"{game_id} seed {seed} step {step}: one key names two views of seat {seat}"
                    )


def unknown_card(state: EgyptianBrideState, seat: int, but: int = -1) -> int | None:
    """A number of which ``seat`` holds a card nobody else knows of (not ``but``)."""
    hand, known = state.hands[seat], state.known[seat]
    found = [n for n, count in enumerate(hand) if count > known[n] and n != but]
    return found[0] if found else None


def trade(state: EgyptianBrideState, seat: int, other: int) -> EgyptianBrideState:
    """A copy where ``seat`` and ``other`` swap one card each that nobody else knows of."""
    twin = state.clone()
    give = unknown_card(twin, seat)
    assert give is not None
    take = unknown_card(twin, other, but=give)
    assert take is not None
    twin.hands[seat][give] -= 1
    twin.hands[other][give] += 1
    twin.hands[other][take] -= 1
    twin.hands[seat][take] += 1
    twin.check_conservation()
    return twin


def two_unknown_cards(state: EgyptianBrideState, seat: int) -> bool:
    first = unknown_card(state, seat)
    return first is not None and unknown_card(state, seat, but=first) is not None


def hidden_hands(seed: int) -> EgyptianBrideState:
    """A random three-player game played until every seat holds two different unknown cards."""
    rnd = random.Random(seed)
    state = bodoge.get_game("egyptian-bride").new_game(3, seed=seed)
    assert isinstance(state, EgyptianBrideState)
    while not all(two_unknown_cards(state, seat) for seat in range(3)):
        seat = state.to_act[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def test_other_seats_hidden_cards_leave_the_key_and_ones_own_change_it() -> None:
    """Egyptian Bride by hand: two opponents trading unseen cards keep seat 0's key."""
    state = hidden_hands(seed=5)
    keys = [state.information_key(seat) for seat in range(3)]
    others_traded = trade(state, 1, 2)
    assert others_traded.information_key(0) == keys[0]
    assert others_traded.information_key(1) != keys[1]
    assert others_traded.information_key(2) != keys[2]
    mine_traded = trade(state, 0, 1)
    assert mine_traded.information_key(0) != keys[0]
    assert mine_traded.information_key(2) == keys[2]
