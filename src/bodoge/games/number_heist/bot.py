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
gone.

The numbers worth most to one player are worth most to all, and players
who think alike clash on them.  So every player's worths (each by its own
zone, which is public) go into a contest
(:func:`~bodoge.engine.kit.collisions.contest`): each player is guessed to
call from a mix that prefers the better numbers and shuns those others
crowd onto; the bot values each number by its worth times the chance that
nobody else calls it, and draws its own call from its mix.  The contest is
worked out once per round for the table: every seat calls on the same
public facts.

A diamond goes on the card of the largest digit with the fewest diamonds:
a large digit is most often the tens card of a round's largest number,
whose player already gets the bonus, so the diamond tends to go with the
points that would go there anyway rather than to a cheap small number.

Nothing here looks at hidden cards: it reads the public display, diamonds
and scores from the state.
"""

from __future__ import annotations

from ...engine import Action, State, Strategy
from ...engine.kit import counted
from ...engine.kit.collisions import Remembered, uncontested
from .actions import CallNumber, PlaceDiamond
from .data import (
    BOTTOM_SUCCESS,
    DIAMOND_POINTS,
    DIGITS,
    LARGEST_BONUS,
    SUCCESS,
    TOP_SUCCESS,
    zone_of,
)
from .rules import NumberHeistState, numbers_from

SPREAD = {2: 0.4, 3: 0.8, 4: 0.4, 5: 0.4}
"""How sharply, in points, a caller is guessed to prefer the better numbers (``contest``),
by player count.  At 3 players a flatter mix clashes less (random's share among two
heuristics: 27 % at 0.4, 22 % at 0.8, 300 games); at 4 and 5 a sharper one does (0.8
let random back to its fair share); bench/README.md."""
NOISE = 0.45
"""The share of another player's calls taken to fall anywhere (a random or careless player):
more makes the bot bolder against random callers, less keeps it off its like's numbers
(0.45 balances the two, bench/README.md)."""
ROUNDS = 12
"""Rounds of the contest: the many numbers need more than the kit's default to settle."""
CALLS = Remembered(rounds=ROUNDS)
"""Every round's calls, worked out once for the table."""


def success_points(state: NumberHeistState, seat: int) -> int:
    """What a success is worth to ``seat`` now (the markers' zones, public)."""
    zone = zone_of(state.points[seat])
    bottom, top = state.marker_zones()
    if zone == bottom:
        return BOTTOM_SUCCESS
    if zone == top:
        return TOP_SUCCESS
    return SUCCESS


def number_worths(state: NumberHeistState, possible: list[int]) -> list[list[float]]:
    """For every seat, the expected points of each possible number against random callers:
    it fails when a smaller number takes the last displayed card of one of its digits, it
    is the largest when every other number is smaller or fails."""
    display = list(state.display)
    count = counted((d for d in display if d >= 0), DIGITS)
    most = [0] * DIGITS
    """The diamonds a taker of each digit gets (on its best card)."""
    for digit, gems in zip(display, state.diamonds, strict=True):
        if digit >= 0 and gems > most[digit]:
            most[digit] = gems
    total = len(possible)
    others = state.num_players - 1
    using = [0.0] * DIGITS
    """The share of possible numbers that use each digit."""
    for number in possible:
        tens, ones = divmod(number, 10)
        using[tens] += 1 / total
        if ones != tens:
            using[ones] += 1 / total
    shares = []
    """Per number: (the chance it is safe, the chance it is the largest too, its diamonds)."""
    for index, number in enumerate(possible):
        tens, ones = divmod(number, 10)
        if tens == ones:
            scarce = using[tens] if count[tens] == 2 else 0.0
            gems = most[tens]  # the second card's diamonds are not counted: a guess
        else:
            scarce = (using[tens] if count[tens] == 1 else 0.0) + (
                using[ones] if count[ones] == 1 else 0.0
            )
            gems = most[tens] + most[ones]
        smaller = index / total
        safe = max(0.0, 1 - smaller * min(1.0, scarce) - 1 / total) ** others
        top = (smaller + (1 - smaller) * min(1.0, scarce)) ** others
        shares.append((safe, safe * top, gems))
    return [
        [
            safe * (base + DIAMOND_POINTS * gems) + largest * LARGEST_BONUS
            for safe, largest, gems in shares
        ]
        for base in (success_points(state, seat) for seat in range(state.num_players))
    ]


class Calling:
    """The round's calls as every seat may see them: the numbers, every seat's worths,
    and every seat's guessed mix (worked out once per round for the table)."""

    def __init__(self, state: NumberHeistState, spread: float) -> None:
        self.numbers = numbers_from(state.display)
        self.index = {number: i for i, number in enumerate(self.numbers)}
        key = (
            tuple(state.display),
            tuple(state.diamonds),
            tuple(state.points),
            state.marker_zones(),
        )
        self.worths, self.mixes = CALLS(
            key, lambda: number_worths(state, self.numbers), spread, noise=NOISE
        )

    def values(self, seat: int) -> list[float]:
        """Each number's worth to ``seat`` times the chance nobody else calls it."""
        return uncontested(self.worths[seat], self.mixes, seat, noise=NOISE)


class HeuristicBot(Strategy):
    """Calls a number from a mix that avoids clashes; a diamond goes on a large digit.

    >>> import bodoge
    >>> state = bodoge.get_game("number-heist").new_game(3, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    near = 0.01
    """Diamond slots this close in value are as good as each other."""
    scale = 0.2
    """Widens the calling mix by this much per unit of temperature (the easy level)."""

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        assert isinstance(state, NumberHeistState)
        if isinstance(legal[0], PlaceDiamond):
            return [self._diamond(state, action) for action in legal]
        calling = Calling(state, self._spread(state.num_players))
        worth = calling.values(seat)
        return [
            worth[calling.index[action.number]]
            for action in legal
            if isinstance(action, CallNumber)
        ]

    def weights(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        """A call is drawn from the seat's mix (:class:`Calling`); a diamond by value."""
        if not isinstance(legal[0], CallNumber):
            return super().weights(state, seat, legal)
        assert isinstance(state, NumberHeistState)
        calling = Calling(state, self._spread(state.num_players))
        mix = calling.mixes[seat]
        chances = [
            mix[calling.index[action.number]] for action in legal if isinstance(action, CallNumber)
        ]
        total = sum(chances)
        return [chance / total for chance in chances]

    def _spread(self, players: int) -> float:
        """Calls are drawn from a softmax: the easy level's temperature widens it."""
        return SPREAD[players] + self.temperature * self.scale

    @staticmethod
    def _diamond(state: NumberHeistState, action: Action) -> float:
        """The largest digit first, then the fewest diamonds already on it."""
        assert isinstance(action, PlaceDiamond)
        return 10.0 * state.display[action.slot] - state.diamonds[action.slot]
