"""Who sits where in each game of a run: every seating order of the lineup, in turn.

Games come in blocks of ``n``, the number of seats: a block seats the ``n``
rotations of one order of the lineup, so within every block each spec takes
each seat as often as it has seats.  Rotations alone would keep who sits
after whom (with ``A, B, C``, ``B`` always right after ``A``); where cards
pass to the next seat or tricks go round (Papayoo), sitting after one bot
rather than another is worth more than the gap between two levels.  So the
blocks go through the lineup's other orders too.

One seat, the *anchor* (the seat of the first of the rarest specs), keeps its
spec in every order; the other seats take every distinct order of their
specs in turn, the given one first.  Rotating an order that has the anchor's
spec at the anchor's seat reaches any seating order once for each seat that
spec holds in it, so over :func:`seating_cycle` games every distinct seating
order appears equally often.  A lineup whose orders are all rotations of one
(two seats, or one spec among copies of another) is seated by its rotations,
exactly as a plain rotation would.

Everything follows from the lineup and the game's index: any worker, on any
backend, seats game ``i`` alike.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import TypeVar

Spec = TypeVar("Spec", bound=Hashable)


def seat_specs(specs: Sequence[Spec], index: int, rotate: bool) -> tuple[Spec, ...]:
    """The spec at each seat in game ``index``: rotation ``index mod n`` of the lineup's
    order number ``index // n`` (see the module), or the lineup as given unless ``rotate``.

    >>> [" ".join(seat_specs("ABC", index, True)) for index in range(6)]
    ['A B C', 'B C A', 'C A B', 'A C B', 'C B A', 'B A C']
    >>> seat_specs(["A", "B", "C"], 4, False)
    ('A', 'B', 'C')
    """
    lineup = tuple(specs)
    if not rotate:
        return lineup
    block, shift = divmod(index, len(lineup))
    order = _seating_order(lineup, block)
    return order[shift:] + order[:shift]


def seating_cycle(specs: Sequence[Hashable]) -> int:
    """After how many games the seating repeats, every distinct order as often as another.

    >>> seating_cycle("ABC"), seating_cycle("ABCD"), seating_cycle("SNN"), seating_cycle("AABB")
    (6, 24, 3, 12)
    """
    lineup = tuple(specs)
    anchor = _anchor(lineup)
    return len(lineup) * _count_orders(lineup[:anchor] + lineup[anchor + 1 :])


def _seating_order(lineup: tuple[Spec, ...], number: int) -> tuple[Spec, ...]:
    """Order ``number`` of the lineup (0: as given): the anchor keeps its spec, the other
    seats take the ``number``-th distinct order of theirs."""
    anchor = _anchor(lineup)
    others = lineup[:anchor] + lineup[anchor + 1 :]
    arranged = _arrangement(others, number % _count_orders(others))
    return (*arranged[:anchor], lineup[anchor], *arranged[anchor:])


def _anchor(lineup: tuple[Hashable, ...]) -> int:
    """The seat of the first of the rarest specs."""
    seats = Counter(lineup)
    return min(range(len(lineup)), key=lambda seat: seats[lineup[seat]])


def _count_orders(items: tuple[Hashable, ...]) -> int:
    """How many distinct orders ``items`` has (a multinomial coefficient)."""
    count = math.factorial(len(items))
    for repeats in Counter(items).values():
        count //= math.factorial(repeats)
    return count


def _arrangement(items: tuple[Spec, ...], number: int) -> tuple[Spec, ...]:
    """The ``number``-th distinct order of ``items``, 0 being ``items`` as given.

    Place by place, each spec left (in the order they come) covers as many numbers as
    the items after it have orders, as in counting: the last places change fastest.
    """
    left = list(items)
    arranged = []
    while left:
        for spec in dict.fromkeys(left):
            rest = left.copy()
            rest.remove(spec)
            orders = _count_orders(tuple(rest))
            if number < orders:
                break
            number -= orders
        arranged.append(spec)
        left = rest
    return tuple(arranged)
