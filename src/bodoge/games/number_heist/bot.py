"""A heuristic player of the two-digit number game that reads only its own view.

It chooses the number with the best expected points against opponents who
call any number the display allows, at random: for a few sampled rounds of
opponents' numbers (the same samples for every candidate, so that the
comparison is fair) it plays the reveal out with the rules' own
:func:`~.rules.takes` and adds what its number would score there — the
success (1, 2 or 0 by the markers' zones), the largest-number bonus and the
diamonds on the cards taken.  Small numbers are safe but rarely the
largest; large numbers risk finding their cards gone: the samples weigh it.
It calls one of the numbers within :data:`MARGIN` of the best, at random,
so that bots alike do not all call the same number and clash.

A diamond goes on the card of the largest digit with the fewest diamonds:
a large digit is most often the tens card of a round's largest number,
whose player already gets the bonus, so the diamond tends to go with the
points that would go there anyway rather than to a cheap small number.

Nothing here looks at hidden cards: the view is all it has.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Action, State, Strategy
from .actions import CallNumber, PlaceDiamond
from .data import BOTTOM_SUCCESS, DIAMOND_POINTS, LARGEST_BONUS, SUCCESS, TOP_SUCCESS
from .rules import largest_success, numbers_from, takes

SAMPLES = 16
"""Sampled rounds of opponents' numbers per decision."""
MARGIN = 0.1
"""Any number within this many expected points of the best may be called, at random.

Bots that all call the single best number clash (identical numbers all
fail); choosing among the nearly best keeps them apart.
"""


class HeuristicBot(Strategy):
    """Calls a number with nearly the best sampled expected points, at random among those.

    >>> import bodoge
    >>> state = bodoge.get_game("number-heist").new_game(3, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    def decide(self, state: State, seat: int, legal: list[Action]) -> Action:
        view = state.view(seat)
        if isinstance(legal[0], PlaceDiamond):
            return self._diamond(view, legal)
        return self._call(view, seat, legal)

    def _diamond(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        display, diamonds = view["display"], view["diamonds"]

        def key(action: Action) -> tuple[int, int, float]:
            assert isinstance(action, PlaceDiamond)
            return (display[action.slot], -diamonds[action.slot], self._rng.random())

        return max(legal, key=key)

    def success_points(self, view: Mapping[str, Any], seat: int) -> int:
        """What a success is worth to this seat now (the markers' zones in the view)."""
        zone = view["players"][seat]["zone"]
        bottom, top = view["marker_zones"]
        if zone == bottom:
            return BOTTOM_SUCCESS
        if zone == top:
            return TOP_SUCCESS
        return SUCCESS

    def _call(self, view: Mapping[str, Any], seat: int, legal: list[Action]) -> Action:
        display = [-1 if d is None else d for d in view["display"]]
        diamonds = view["diamonds"]
        possible = numbers_from(display)
        others = len(view["players"]) - 1
        rng = self._rng
        samples = [[rng.choice(possible) for _ in range(others)] for _ in range(SAMPLES)]
        base = self.success_points(view, seat)
        values: list[tuple[float, Action]] = []
        for action in legal:
            assert isinstance(action, CallNumber)
            total = 0.0
            for opponents in samples:
                numbers = [action.number, *opponents]
                results, slots = takes(display, diamonds, numbers)
                pair = slots[0]
                if pair is None:
                    continue
                total += base + DIAMOND_POINTS * (diamonds[pair[0]] + diamonds[pair[1]])
                if largest_success(numbers, results) == 0:
                    total += LARGEST_BONUS
            values.append((total / SAMPLES, action))
        best = max(value for value, _ in values)
        near = [action for value, action in values if value >= best - MARGIN]
        return near[int(rng.random() * len(near))]
