"""A heuristic player of the two-digit number game that reads only its own view.

It values every number it may call by its expected points against
opponents who call any number the display allows, at random, worked out
in closed form (the bot is also IS-MCTS's playout policy, so it must be
quick):

* a number fails when an opponent calls the same one, or calls a smaller
  number that takes the last displayed card of one of its digits;
* it is the largest success when every opponent calls a smaller number or
  fails, and a larger number fails mostly for want of a card it took;
* opponents are taken one at a time, as if independent.

The success is worth 1, 2 or 0 by the markers' zones, the largest number 1
more, and each diamond on the cards it would take 1 more.  Small numbers
are safe but rarely the largest; large numbers risk finding their cards
gone.  The obvious numbers invite clashes with players who think alike, so
their values are scaled down by that risk, and the bot calls one of the
numbers near the best at random (see :meth:`HeuristicBot._pick`).

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
from ...engine.kit import counted
from .actions import CallNumber, PlaceDiamond
from .data import BOTTOM_SUCCESS, DIAMOND_POINTS, DIGITS, LARGEST_BONUS, SUCCESS, TOP_SUCCESS
from .rules import numbers_from

MARGIN = 0.1
"""Numbers within this many expected points of the best are the obvious ones."""
ALIKE = 0.5
"""How likely an opponent is taken to call one of the obvious numbers."""
SPREAD = 0.2
LEAVE = 0.5
"""How likely the bot is to leave a number it clashed on in the last round.

Bots alike who clash on one number would call it again for ever (nothing
on the table changes); each leaving it by a coin toss ends that soon.
"""
"""The bot calls at random among the numbers within this share of the best value."""


class HeuristicBot(Strategy):
    """Calls a number with nearly the best expected points, at random among those.

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
        count = counted((d for d in display if d >= 0), DIGITS)
        most = [0] * DIGITS
        """The diamonds a taker of each digit gets (on its best card)."""
        for digit, gems in zip(display, diamonds, strict=True):
            if digit >= 0 and gems > most[digit]:
                most[digit] = gems
        total = len(possible)
        using = [0.0] * DIGITS
        """The share of possible numbers that use each digit."""
        for number in possible:
            tens, ones = divmod(number, 10)
            using[tens] += 1 / total
            if ones != tens:
                using[ones] += 1 / total
        others = len(view["players"]) - 1
        base = self.success_points(view, seat)
        below = {number: index / total for index, number in enumerate(possible)}
        values: list[tuple[float, Action]] = []
        last = view["last_round"]
        clashed = last[seat]["number"] if last and last[seat]["result"] == "batting" else -1
        if clashed >= 0 and len(legal) > 1 and self._rng.random() < LEAVE:
            legal = [a for a in legal if not (isinstance(a, CallNumber) and a.number == clashed)]
        for action in legal:
            assert isinstance(action, CallNumber)
            tens, ones = divmod(action.number, 10)
            if tens == ones:
                scarce = using[tens] if count[tens] == 2 else 0.0
                gems = most[tens]  # the second card's diamonds are not counted: a guess
            else:
                scarce = (using[tens] if count[tens] == 1 else 0.0) + (
                    using[ones] if count[ones] == 1 else 0.0
                )
                gems = most[tens] + most[ones]
            smaller = below[action.number]
            safe = max(0.0, 1 - smaller * min(1.0, scarce) - 1 / total) ** others
            top = (smaller + (1 - smaller) * min(1.0, scarce)) ** others
            value = safe * (base + DIAMOND_POINTS * gems) + safe * top * LARGEST_BONUS
            values.append((value, action))
        herd = bool(last) and any(entry["result"] == "batting" for entry in last)
        return self._pick(values, total, others, ALIKE if herd else 0.0)

    def _pick(
        self, values: list[tuple[float, Action]], total: int, others: int, alike: float
    ) -> Action:
        """Call one of the nearly best numbers, after counting the clashes they invite.

        Opponents who think alike call the obvious number too: each is taken
        to call one of the nearly best numbers with probability :data:`ALIKE`
        (else any number), and a number's value is scaled by the chance that
        nobody else calls it.  Among those within :data:`SPREAD` of the best
        of the values so scaled, the bot calls one at random: bots alike then
        rarely keep clashing on one number round after round.
        """
        best = max(value for value, _ in values)
        obvious = {id(action) for value, action in values if value >= best - MARGIN}
        uniform = 1 / total
        scaled = []
        for value, action in values:
            calls = uniform * (1 - alike) + (alike / len(obvious) if id(action) in obvious else 0)
            scaled.append((value * ((1 - calls) / (1 - uniform)) ** others, action))
        best = max(value for value, _ in scaled)
        near = [action for value, action in scaled if value >= best * (1 - SPREAD) - 1e-9]
        return near[int(self._rng.random() * len(near))]
