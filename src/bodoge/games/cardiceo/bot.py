"""A heuristic Cardiceo player that reads only its own view.

Each turn it looks for the best *plan*: a set of discards with disjoint
dice that its hand allows.  More cards beat fewer; among as many cards, it
prefers to shed those that few rolls can match (the published outcome
counts), and in a multi-round game those that would cost the most points.
It plays the plan's first discard, then plans again.  Facing three locked
dice, it keeps them if they are worth at least as much as a fresh roll on
average (over all 384 rolls).  It never stops while a plan remains, and it
never looks at a hidden card: the view is all it has.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Action, State, Strategy
from .actions import Discard, KeepDice
from .data import ALL_DICE, DICE_SIDES, HIGHEST, OUTCOMES_PER_VALUE, ROLLS
from .rules import CardiceoState, dice_sums, matches

Plan = tuple[tuple[int, int], ...]
"""(card, mask) discards with disjoint dice."""

HARDNESS = {value: 1 - count / ROLLS for value, count in OUTCOMES_PER_VALUE.items()}
"""How rarely a roll matches each value: shedding rare values first keeps options open."""
EMPTY_HAND = 100.0
"""Emptying the hand wins the round: worth more than any other plan."""


def plans(dice: Sequence[int], available: int, hand: list[int]) -> list[Plan]:
    """Every maximal-or-not set of discards the dice allow, the empty plan included."""
    found: list[Plan] = [()]
    _extend(list(dice), available, hand, (), found)
    return found


def _extend(
    dice: list[int], available: int, hand: list[int], plan: Plan, found: list[Plan]
) -> None:
    for card, mask in matches(dice, available, hand):
        if plan and (card, mask) <= plan[-1]:
            continue  # each set of discards once, in increasing order
        hand[card] -= 1
        longer = (*plan, (card, mask))
        found.append(longer)
        _extend(dice, available & ~mask, hand, longer, found)
        hand[card] += 1


def plan_value(plan: Plan, cards_left: int, per_point: float) -> float:
    if plan and len(plan) == cards_left:
        return EMPTY_HAND
    return sum(1 + HARDNESS[card] + per_point * card for card, _ in plan)


def best_plan(dice: Sequence[int], available: int, hand: list[int], per_point: float) -> float:
    cards_left = sum(hand)
    return max(plan_value(p, cards_left, per_point) for p in plans(dice, available, hand))


@functools.cache
def _all_rolls() -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.product(*(range(1, sides + 1) for sides in DICE_SIDES)))


def reroll_value(hand: list[int], per_point: float) -> float:
    """The average worth of the best plan over every roll of the three dice."""
    cards_left = min(sum(hand), 4)  # 4 stands for "more than a roll can empty"
    return _reroll_value(_held_bits(hand), cards_left, per_point)


GROUPINGS = (
    *((mask,) for mask in range(1, ALL_DICE + 1)),
    *((a, b) for a in range(1, ALL_DICE + 1) for b in range(a + 1, ALL_DICE + 1) if not a & b),
    (1, 2, 4),
)
"""Every way to use the three dice as one, two or three discards (disjoint masks)."""

MOST_OF_A_NUMBER = 3
"""A roll pays for at most three cards, so holding more of a number changes nothing."""


def _held_bits(hand: Sequence[int]) -> int:
    """The hand as a bit set: bit ``3·card + k`` is set when more than ``k`` cards are held.

    A plan fits the hand when the bits it needs are all set, one ``&`` instead
    of a count per card; and hands that differ only beyond three of a number
    share one cache entry.
    """
    bits = 0
    for card, count in enumerate(hand):
        for k in range(min(count, MOST_OF_A_NUMBER)):
            bits |= 1 << (MOST_OF_A_NUMBER * card + k)
    return bits


@functools.cache
def _roll_kinds() -> tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]:
    """The rolls grouped by what they can pay for: (how many rolls, their non-empty plans).

    The same plans as :func:`plans` with every die available, worked out
    once for all hands; 384 rolls make about 200 kinds.
    """
    kinds: dict[tuple[tuple[int, ...], ...], int] = {}
    for roll in _all_rolls():
        sums = dice_sums(list(roll))
        cards = {
            tuple(sorted(sums[mask] for mask in grouping))
            for grouping in GROUPINGS
            if all(sums[mask] <= HIGHEST for mask in grouping)
        }
        key = tuple(sorted(cards))
        kinds[key] = kinds.get(key, 0) + 1
    return tuple((count, plans_of_roll) for plans_of_roll, count in kinds.items())


@functools.cache
def _ranked_plans(
    cards_left: int, per_point: float
) -> tuple[tuple[int, tuple[tuple[float, int], ...]], ...]:
    """Per roll kind: (how many rolls, its plans as (worth, bits needed), best first).

    The worth of a plan depends on the hand only through ``cards_left``
    (a plan that empties the hand is worth the most), so the best plan a
    hand can pay for is the first in this order that fits it.
    """
    ranked = []
    for count, plans_of_roll in _roll_kinds():
        scored = []
        for plan in plans_of_roll:
            worth = (
                EMPTY_HAND
                if len(plan) == cards_left
                else sum(1 + HARDNESS[card] + per_point * card for card in plan)
            )
            scored.append((worth, _held_bits([plan.count(n) for n in range(max(plan) + 1)])))
        scored.sort(key=lambda item: -item[0])
        ranked.append((count, tuple(scored)))
    return tuple(ranked)


@functools.lru_cache(maxsize=65_536)
def _reroll_value(held: int, cards_left: int, per_point: float) -> float:
    """Cached: a search meets the same hands again and again."""
    total = 0.0
    for count, scored in _ranked_plans(cards_left, per_point):
        for worth, needed in scored:
            if needed & held == needed:
                total += count * worth
                break
    return total / ROLLS


class Reading:
    """What the bot takes from its view."""

    FIELDS = ("hand", "dice", "rounds")
    """The fields of the view it reads."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.hand = [0, *view["hand"]]
        self.dice = [die["value"] for die in view["dice"]]
        self.available = sum(1 << i for i, die in enumerate(view["dice"]) if die["place"] != "used")
        self.per_point = 0.02 if view["rounds"] > 1 else 0.0


class HeuristicBot(Strategy):
    """Values each discard by the best plan it starts; keeps locked dice when they beat a
    reroll.  Turns are taken one at a time, so only near-equal plans are mixed.

    >>> import bodoge
    >>> state = bodoge.get_game("cardiceo").new_game(3, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    near = 0.01
    """Plans this close in worth are as good as each other."""
    scale = 1.5
    """About half a card discarded: the gap between a plan and a slightly worse one."""

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        assert isinstance(state, CardiceoState)
        reading = Reading(state.view_part(seat, *Reading.FIELDS))
        if any(isinstance(action, KeepDice) for action in legal):
            keep = best_plan(reading.dice, ALL_DICE, reading.hand, reading.per_point)
            again = reroll_value(reading.hand, reading.per_point)
            return [keep if isinstance(action, KeepDice) else again for action in legal]
        return self._discard_values(reading, legal)

    @staticmethod
    def _discard_values(reading: Reading, legal: list[Action]) -> list[float]:
        """Each discard is worth the best plan it begins; Stop, the empty plan's worth."""
        cards_left = sum(reading.hand)
        begins: dict[object, float] = {}
        for plan in plans(reading.dice, reading.available, reading.hand):
            first = plan[0] if plan else None
            worth = plan_value(plan, cards_left, reading.per_point)
            begins[first] = max(worth, begins.get(first, -math.inf))
        values = []
        for action in legal:
            if isinstance(action, Discard):
                values.append(begins.get((action.card, action.mask), -math.inf))
            else:
                values.append(begins.get(None, -math.inf))
        return values
