"""The geometry and the scoring of a Tarot Storia layout, as pure functions.

A layout is a mapping from a place to the card lying there.  Columns run
left (the story's beginning) to right (its end); neighbouring columns are
offset by half a card.  A place is ``(column, y)`` with ``y`` counted in
half-cards from the top, so a card at ``(c, y)`` covers ``y`` to ``y + 2``
and ``y`` has the parity of ``c``.  A card touches up to six others: the
cards above and below it in its column, ``(c, y - 2)`` and ``(c, y + 2)``,
and the two half-offset cards in each neighbouring column, ``(c ± 1, y ± 1)``.

The rules keep a layout *normalised*: its leftmost column is column 0 and
its highest card lies at ``y`` 0 or 1, so that the same layout always has
the same places however it grew (a card put left of column 0 shifts the
others right).

>>> layout = {(0, 0): 3, (0, 2): 5}
>>> sorted(open_places(layout, limit=4))
[(-1, -1), (-1, 1), (-1, 3), (0, -2), (0, 4), (1, -1), (1, 1), (1, 3)]
>>> normalise({(-1, 1): 7, (0, 0): 3})
{(0, 2): 7, (1, 1): 3}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .data import COLOUR_NAMES, COLOURS

Place = tuple[int, int]
Layout = Mapping[Place, int]


def neighbours(place: Place) -> tuple[Place, ...]:
    """The six places touching ``place``: above, below, and two in each neighbouring column."""
    col, y = place
    return (
        (col, y - 2),
        (col, y + 2),
        (col - 1, y - 1),
        (col - 1, y + 1),
        (col + 1, y - 1),
        (col + 1, y + 1),
    )


def right_neighbours(place: Place) -> tuple[Place, Place]:
    """The two half-offset places touching ``place`` in the next column to the right."""
    col, y = place
    return ((col + 1, y - 1), (col + 1, y + 1))


def column_counts(layout: Iterable[Place]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for col, _ in layout:
        counts[col] = counts.get(col, 0) + 1
    return counts


def open_places(layout: Layout, limit: int) -> list[Place]:
    """Every empty place a new card may go: touching a card, in a column not yet full.

    On an empty table the first card goes anywhere: the one place ``(0, 0)``
    stands for all of them (a layout is the same wherever it lies).
    """
    if not layout:
        return [(0, 0)]
    counts = column_counts(layout)
    found: set[Place] = set()
    for place in layout:
        for near in neighbours(place):
            if near not in layout and counts.get(near[0], 0) < limit:
                found.add(near)
    return sorted(found)


def normalise(layout: Layout) -> dict[Place, int]:
    """The same layout moved so that its leftmost column is 0 and its top at ``y`` 0 or 1."""
    if not layout:
        return {}
    left = min(col for col, _ in layout)
    top = min(y for _, y in layout)
    shift_y = top - ((top - left) % 2)  # keeps each y's parity that of its column
    return {(col - left, y - shift_y): card for (col, y), card in sorted(layout.items())}


def gaps(layout: Iterable[Place]) -> list[Place]:
    """Empty places of a column between its top and bottom card (one point off each)."""
    by_column: dict[int, list[int]] = {}
    for col, y in layout:
        by_column.setdefault(col, []).append(y)
    found = []
    for col, ys in sorted(by_column.items()):
        taken = set(ys)
        found += [(col, y) for y in range(min(ys), max(ys), 2) if y not in taken]
    return found


def close_up(column: Iterable[tuple[int, int]]) -> dict[Place, int]:
    """A kept column, its holes closed: ``(y, card)`` pairs become column 0 from the top."""
    cards = [card for _, card in sorted(column)]
    return {(0, 2 * row): card for row, card in enumerate(cards)}


@dataclass
class Scoring:
    """A layout scored in the text's three steps, with every reason kept for the end screen."""

    smaller: dict[int, int] = field(default_factory=dict)
    """Step 1: card turned face down → the smaller card touching it in the next column."""
    off_route: list[int] = field(default_factory=list)
    """Step 2: face-up cards turned face down because no route runs through them."""
    route: list[int] = field(default_factory=list)
    """The face-up cards left: each lies on a route from the first column to the last."""
    groups: dict[str, list[int]] = field(default_factory=dict)
    """Step 3: each colour's largest connected group of face-up cards (maybe empty)."""
    gaps: list[Place] = field(default_factory=list)
    total: int = 0

    @property
    def face_down(self) -> list[int]:
        return sorted([*self.smaller, *self.off_route])

    def to_json(self) -> dict[str, object]:
        return {
            "smaller": [[card, by] for card, by in sorted(self.smaller.items())],
            "off_route": sorted(self.off_route),
            "route": sorted(self.route),
            "groups": {colour: sorted(cards) for colour, cards in self.groups.items()},
            "face_down": len(self.face_down),
            "gaps": [list(place) for place in self.gaps],
            "total": self.total,
        }


def score(layout: Layout) -> Scoring:
    """Score a finished layout (the text's three steps).

    1. From the first column to the one before the last, a card is turned
       face down when a touching card in the next column has a smaller number.
    2. A face-up card stays face up only on a route: a chain of face-up cards
       from the first column to the last, each a touching card in the next
       column.  Every other card is turned face down.
    3. Each colour scores its largest connected group of face-up cards; every
       face-down card and every gap in a column costs one point.

    >>> result = score({(0, 0): 1, (1, 1): 5, (1, -1): 0})
    >>> result.smaller, result.off_route, result.total
    ({1: 0}, [0, 5], -3)
    """
    result = Scoring()
    if not layout:
        return result
    last = max(col for col, _ in layout)
    first = min(col for col, _ in layout)
    for place, card in layout.items():
        if place[0] == last:
            continue
        lower = [layout[near] for near in right_neighbours(place) if near in layout]
        if lower and min(lower) < card:
            result.smaller[card] = min(lower)
    up = {place for place, card in layout.items() if card not in result.smaller}
    reach = {place for place in up if place[0] == first}
    for col in range(first + 1, last + 1):
        reach |= {
            place
            for place in up
            if place[0] == col and any((col - 1, y) in reach for y in (place[1] - 1, place[1] + 1))
        }
    back = {place for place in up if place[0] == last}
    for col in range(last - 1, first - 1, -1):
        back |= {
            place
            for place in up
            if place[0] == col and any(near in back for near in right_neighbours(place))
        }
    alive = reach & back
    result.off_route = sorted(layout[place] for place in up - alive)
    result.route = sorted(layout[place] for place in alive)
    for colour, name in enumerate(COLOUR_NAMES):
        result.groups[name] = largest_group(
            {place for place in alive if COLOURS[layout[place]] == colour}, layout
        )
    result.gaps = gaps(layout)
    result.total = (
        sum(len(cards) for cards in result.groups.values())
        - len(result.face_down)
        - len(result.gaps)
    )
    return result


STRIDE = 128
"""A place as one number for :func:`score_total`: ``col * STRIDE + y`` (every ``y`` a
layout may hold, however it grew, lies well within one stride)."""
TOUCHING = (-2, 2, -STRIDE - 1, -STRIDE + 1, STRIDE - 1, STRIDE + 1)
"""The six places touching a place, as offsets of its number."""


def score_total(layout: Layout) -> int:
    """:func:`score`'s total alone, without the reasons: a bot scores thousands of layouts.

    Face-down cards are those off every route (step 1's smaller neighbours
    break routes too), so the total is the colours' largest groups on the
    routes less every card off them and every gap.  Places are numbers here
    (:data:`STRIDE`): no tuple is made for a neighbour.
    """
    if not layout:
        return 0
    cards: dict[int, int] = {}
    columns: dict[int, list[int]] = {}
    for (col, y), card in layout.items():
        key = col * STRIDE + y
        cards[key] = card
        columns.setdefault(col, []).append(key)
    first, last = min(columns), max(columns)
    get = cards.get
    up: set[int] = set(columns[last])
    for col, keys in columns.items():
        if col == last:
            continue
        for key in keys:
            card = cards[key]
            above, below = get(key + STRIDE - 1), get(key + STRIDE + 1)
            if (above is None or above > card) and (below is None or below > card):
                up.add(key)
    reach = {key for key in columns[first] if key in up}
    for col in range(first + 1, last + 1):
        for key in columns.get(col, ()):
            if key in up and (key - STRIDE - 1 in reach or key - STRIDE + 1 in reach):
                reach.add(key)
    alive = {key for key in columns[last] if key in reach}
    for col in range(last - 1, first - 1, -1):
        for key in columns.get(col, ()):
            if key in reach and (key + STRIDE - 1 in alive or key + STRIDE + 1 in alive):
                alive.add(key)
    colour_at = {key: COLOURS[cards[key]] for key in alive}
    groups = [0] * len(COLOUR_NAMES)
    while colour_at:
        start, colour = colour_at.popitem()
        size, todo = 1, [start]
        while todo:
            key = todo.pop()
            for step in TOUCHING:
                near = key + step
                if colour_at.get(near) == colour:
                    del colour_at[near]
                    size += 1
                    todo.append(near)
        groups[colour] = max(groups[colour], size)
    holes = sum((max(keys) - min(keys)) // 2 + 1 - len(keys) for keys in columns.values())
    return sum(groups) - (len(layout) - len(alive)) - holes


def largest_group(places: set[Place], layout: Layout) -> list[int]:
    """The cards of the largest connected group among ``places`` (ties: the lowest cards)."""
    best: list[int] = []
    seen: set[Place] = set()
    for start in sorted(places):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            place = todo.pop()
            group.append(layout[place])
            for near in neighbours(place):
                if near in places and near not in seen:
                    seen.add(near)
                    todo.append(near)
        if len(group) > len(best) or (len(group) == len(best) and sorted(group) < best):
            best = sorted(group)
    return best


MAX_COL = 21
"""The rightmost column a card may be put in: a normalised layout of 21 cards spans 21 columns."""
MAX_Y = 43
"""The lowest height a card may be put at: a chain of 21 cards drops at most 40 half-cards."""
MIN_COL, MIN_Y = -1, -2
"""A card may open a column left of column 0, or lie a card above the top."""
