"""End scoring of Go Nuts for Donuts, card kind by card kind, and the ranking.

Every copy of a condition card (Maple Bar, Old Fashioned, Mucho Matcha,
Maple Frosted, Milk, Coffee) scores on its own (a ruling).  A collection is
a list of counts per kind (``data.DONUTS``); the Plain bonus and Maple
Frosted compare all collections.

>>> from .data import DONUTS
>>> def hand(**cards):
...     return [cards.get(d, 0) for d in DONUTS]
>>> hands = [hand(plain=2, donut_holes=3, coffee=1, red_velvet=2), hand(plain=1)]
>>> breakdown(hands, 0, 6)
[(1, 3, 6), (7, 2, 5), (11, 2, -4), (15, 1, 2)]
>>> totals(hands, 6), ranking(hands, 6)
((9, 1), (0,))
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .data import (
    BOSTON_CREAM,
    BOSTON_CREAM_POINTS,
    COFFEE,
    DESIGN,
    DONUT_HOLES,
    DONUT_HOLES_POINTS,
    JELLY_FILLED,
    JELLY_FILLED_POINTS,
    MAPLE_BAR,
    MAPLE_BAR_POINTS,
    MAPLE_BAR_TYPES,
    MAPLE_FROSTED,
    MAPLE_FROSTED_POINTS,
    MILK,
    MILK_POINTS,
    MUCHO_MATCHA,
    MUCHO_MATCHA_POINTS,
    MUCHO_MATCHA_UNDER,
    NEGATIVE,
    OLD_FASHIONED,
    OLD_FASHIONED_POINTS,
    OLD_FASHIONED_UNDER,
    PLAIN,
    PLAIN_MOST_BONUS,
    PLAIN_TIED_BONUS,
    POINTS,
    copies_in,
)

Hands = Sequence[Sequence[int]]


def boston_cream(count: int, pair: int) -> int:
    """Boston Cream: odd counts 0, two ``pair`` (the design parameter), four 15, six 25."""
    return pair if count == 2 else BOSTON_CREAM_POINTS[min(count, len(BOSTON_CREAM_POINTS) - 1)]


def plain_bonus(hands: Hands, seat: int) -> int:
    """+3 to the one player with the most Plains, +1 to each of several tied for the most."""
    plains = [hand[PLAIN] for hand in hands]
    most = max(plains)
    if not most or plains[seat] != most:
        return 0
    return PLAIN_MOST_BONUS if plains.count(most) == 1 else PLAIN_TIED_BONUS


def breakdown(hands: Hands, seat: int, pair: int) -> list[tuple[int, int, int]]:
    """``(kind, cards, points)`` for every kind ``seat`` holds, in kind order."""
    return list(score_sheets(hands, pair)[seat])


Sheet = tuple[tuple[int, int, int], ...]


def score_sheets(hands: Hands, pair: int) -> tuple[Sheet, ...]:
    """Every player's :func:`breakdown`, the comparisons between players worked out once.

    Remembered for the last collections seen: views, bots and search ask again and again
    about the same table.
    """
    return _sheets(tuple(map(tuple, hands)), pair)


@functools.lru_cache(maxsize=4096)
def _sheets(hands: tuple[tuple[int, ...], ...], pair: int) -> tuple[Sheet, ...]:
    return tuple(
        _sheet(hand, pair, bonus, frosted)
        for hand, (bonus, frosted) in zip(hands, comparisons(hands), strict=True)
    )


def comparisons(hands: Sequence[Sequence[int]]) -> list[tuple[int, bool]]:
    """What each collection owes to the others: its Plain bonus (0 unless it has the most
    Plains) and whether its Maple Frosted score (it alone has the fewest cards)."""
    plains = [hand[PLAIN] for hand in hands]
    most = max(plains)
    plain_bonus = PLAIN_MOST_BONUS if plains.count(most) == 1 else PLAIN_TIED_BONUS
    sizes = [sum(hand) for hand in hands]
    fewest = min(sizes)
    alone = sizes.count(fewest) == 1
    return [
        (plain_bonus if plain == most and most else 0, alone and size == fewest)
        for plain, size in zip(plains, sizes, strict=True)
    ]


@functools.lru_cache(maxsize=16384)
def _sheet(hand: tuple[int, ...], pair: int, plain_bonus: int, frosted: bool) -> Sheet:
    """One collection's sheet, given what it owes to the others (remembered by collection:
    a bot weighing many tables meets the same collections again and again)."""
    held = [(kind, count) for kind, count in enumerate(hand) if count]
    cards, kinds = sum(hand), len(held)
    sheet = []
    for kind, count in held:
        if kind in _FLAT:
            points = count * POINTS[kind]
        elif kind == DONUT_HOLES:
            points = DONUT_HOLES_POINTS[min(count, len(DONUT_HOLES_POINTS) - 1)]
        elif kind == JELLY_FILLED:
            points = JELLY_FILLED_POINTS[min(count, len(JELLY_FILLED_POINTS) - 1)]
        elif kind == BOSTON_CREAM:
            points = boston_cream(count, pair)
        elif kind == PLAIN:
            points = count * POINTS[PLAIN] + plain_bonus
        elif kind == MAPLE_BAR:
            points = count * MAPLE_BAR_POINTS if kinds >= MAPLE_BAR_TYPES else 0
        elif kind == OLD_FASHIONED:
            points = count * OLD_FASHIONED_POINTS if cards < OLD_FASHIONED_UNDER else 0
        elif kind == MAPLE_FROSTED:
            points = count * MAPLE_FROSTED_POINTS if frosted else 0
        elif kind == MUCHO_MATCHA:
            points = count * MUCHO_MATCHA_POINTS if kinds < MUCHO_MATCHA_UNDER else 0
        elif kind == COFFEE:
            points = count * sum(hand[k] for k in NEGATIVE)
        else:  # MILK
            points = count * MILK_POINTS
        sheet.append((kind, count, points))
    return tuple(sheet)


@functools.lru_cache(maxsize=16384)
def hand_points(hand: tuple[int, ...], pair: int, plain_bonus: int, frosted: bool) -> int:
    """One collection's points, given what it owes to the others (:func:`comparisons`)."""
    return sum(points for _, _, points in _sheet(hand, pair, plain_bonus, frosted))


_FLAT = frozenset(range(len(POINTS))) - {
    DONUT_HOLES,
    JELLY_FILLED,
    BOSTON_CREAM,
    PLAIN,
    MAPLE_BAR,
    OLD_FASHIONED,
    MAPLE_FROSTED,
    MUCHO_MATCHA,
    COFFEE,
    MILK,
}
"""The kinds that score their printed points per card."""


def totals(hands: Hands, pair: int) -> tuple[int, ...]:
    """Every player's points."""
    return tuple(
        hand_points(tuple(hand), pair, bonus, frosted)
        for hand, (bonus, frosted) in zip(hands, comparisons(hands), strict=True)
    )


def ranking(hands: Hands, pair: int) -> tuple[int, ...]:
    """The winners: most points, then most donut cards; still tied, all of them win."""
    scores = totals(hands, pair)
    keys = [(score, sum(hand)) for score, hand in zip(scores, hands, strict=True)]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)


def score_bounds(players: int) -> tuple[int, int]:
    """Bounds of a score at ``players`` (every design value allowed): each kind at its best
    and at its worst, added up.

    >>> score_bounds(2), score_bounds(6)
    ((0, 70), (-19, 152))
    """
    copies = copies_in(players)
    pair_most = max(int(p.maximum) for p in DESIGN if p.name == "boston_cream_pair")
    negatives = sum(copies[kind] for kind in NEGATIVE)
    low = high = 0
    for kind, count in enumerate(copies):
        if kind == DONUT_HOLES:
            best = DONUT_HOLES_POINTS[min(count, len(DONUT_HOLES_POINTS) - 1)]
        elif kind == JELLY_FILLED:
            best = max(JELLY_FILLED_POINTS[: count + 1])
        elif kind == BOSTON_CREAM:
            best = max([*BOSTON_CREAM_POINTS[: count + 1], pair_most if count >= 2 else 0])
        elif kind == PLAIN:
            best = count * POINTS[PLAIN] + PLAIN_MOST_BONUS
        elif kind == COFFEE:
            best = count * negatives
        else:
            each = {
                MAPLE_BAR: MAPLE_BAR_POINTS,
                OLD_FASHIONED: OLD_FASHIONED_POINTS,
                MAPLE_FROSTED: MAPLE_FROSTED_POINTS,
                MUCHO_MATCHA: MUCHO_MATCHA_POINTS,
                MILK: MILK_POINTS,
            }.get(kind, POINTS[kind])
            best = count * each
        if best < 0:
            low += best
        else:
            high += best
    return low, high
