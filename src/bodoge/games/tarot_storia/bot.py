"""A heuristic Tarot Storia player that reads only what its seat may know.

It values each legal action by what it changes on the table, worked out
for the one card it moves (cheap enough for search playouts):

* a *step-1 fault*, a smaller card touching from the next column to the
  right, or a larger one touching from the left, costs :data:`FAULT`: one
  card turned face down, and the route broken there;
* an *inversion*, a card with a larger number in any column to the left
  (or a smaller one to the right), costs :data:`INVERSION`: numbers in
  column order leave room for every later card;
* a new gap in a column costs :data:`GAP`, a filled one gains it back;
* each touching card of the same colour gains :data:`COLOUR`;
* a card with no neighbour to its right or left (a dead end, off any
  route unless one comes) costs :data:`LOOSE`, and a card that gives a
  loose neighbour its missing side gains it back.

The few best actions by these values (:data:`FINALISTS`) are then also
scored in full, as if the round ended there (:func:`.layout.score`, worth
:data:`SCORE` a point): that catches a route broken at a narrow place,
which the local values miss.  A swap is valued as putting its card there
instead of the one taken.  To
keep a column for the encore it takes the one with the most face-up cards,
then the one whose numbers are nearest the middle (round 2 grows on both
sides).  It looks at its own hand and the table only: never at the deck's
order or a partner's hand.
"""

from __future__ import annotations

from ...engine import Action, State, Strategy
from .actions import Keep, Place, Swap
from .data import COLOURS, COLUMN_LIMIT
from .layout import Layout, neighbours, score, score_total
from .layout import Place as Spot

FAULT = 3.0
INVERSION = 0.25
GAP = 1.2
COLOUR = 0.6
LOOSE = 0.5
TALL = 1.5
"""What each half-card the layout grows beyond a band of full columns costs: in a band
every card has neighbours on both sides, off it cards hang loose."""
FINALISTS = 6
"""The best actions by the local values that are also scored in full (:func:`.layout.score`)."""
SCORE = 1.0
"""What a point of the layout's score, were the round over, adds to a finalist's value
(0.5 scored about 4 points less in solo self-play, the same in the duet)."""
SCALE = 1.5
"""A typical gap between a good action and a poor one (half a fault): the easy level's
temperature unit (bench/README.md)."""


def _gaps_in(ys: list[int]) -> int:
    return (max(ys) - min(ys)) // 2 + 1 - len(ys) if ys else 0


def place_value(layout: Layout, card: int, spot: Spot, limit: int = 4) -> float:
    """What putting ``card`` at ``spot`` (empty) of ``layout`` changes, in points."""
    return Table(layout, limit).place_value(card, spot)


class Table:
    """A layout's facts that every card tried on it reads, worked out once per decision.

    A decision tries each card of the hand at each open place (and each
    swap): the layout's extent, its columns and the inversions a card makes
    in a column are the same for all of them.
    """

    def __init__(self, layout: Layout, limit: int) -> None:
        self.layout = layout
        self.band = 2 * limit - 1  # the span of a band of full columns, each half offset
        self.columns: dict[int, list[int]] = {}
        for col, y in layout:
            self.columns.setdefault(col, []).append(y)
        ys = [y for _, y in layout]
        self.top, self.bottom = (min(ys), max(ys)) if ys else (0, 0)
        self.tall = max(0, self.bottom - self.top - self.band)
        self._inversions: dict[int, dict[int, int]] = {}
        self.left, self.right = (min(self.columns), max(self.columns)) if layout else (0, 0)
        self._spots: dict[Spot, float] = {}
        self._touching: dict[Spot, list[tuple[int, int]]] = {}

    def inversions(self, col: int, card: int) -> int:
        """Cards out of number order with ``card`` in column ``col``: larger ones in a
        column to the left, smaller ones to the right (counted once per card for every
        column)."""
        by_column = self._inversions.get(card)
        if by_column is None:
            larger: dict[int, int] = {}
            smaller: dict[int, int] = {}
            for (other_col, _), other in self.layout.items():
                if other > card:
                    larger[other_col] = larger.get(other_col, 0) + 1
                elif other < card:
                    smaller[other_col] = smaller.get(other_col, 0) + 1
            left, right = self.left - 1, self.right + 1
            by_column = {}
            before = 0  # larger cards in the columns left of ``at``
            after = sum(smaller.values())  # smaller cards in the columns right of ``at``
            for at in range(left, right + 1):
                after -= smaller.get(at, 0)
                by_column[at] = before + after
                before += larger.get(at, 0)
            self._inversions[card] = by_column
        return by_column[col]

    def place_value(self, card: int, spot: Spot) -> float:
        """What putting ``card`` at ``spot`` (empty) changes, in points."""
        return self.spot_value(spot) + self.card_value(card, spot)

    def swap_value(self, card: int, taken: int, spot: Spot) -> float:
        """What putting ``card`` at ``spot`` instead of ``taken`` changes, in points.

        Both would lie at the same place: what the place itself is worth
        cancels, and the taken card's column counts in no inversion.
        """
        return self.card_value(card, spot) - self.card_value(taken, spot)

    def card_value(self, card: int, spot: Spot) -> float:
        """The part of a placement that depends on the card: inversions, colours, faults."""
        value = -INVERSION * self.inversions(spot[0], card)
        colour = COLOURS[card]
        for side, other in self.touching(spot):
            if COLOURS[other] == colour:
                value += COLOUR
            if (side > 0 and other < card) or (side < 0 and other > card):
                value -= FAULT
        return value

    def touching(self, spot: Spot) -> list[tuple[int, int]]:
        """The cards touching ``spot``, each with its side: +1 the next column, -1 the one
        before, 0 the same column."""
        found = self._touching.get(spot)
        if found is None:
            col = spot[0]
            get = self.layout.get
            found = [
                (near[0] - col, other)
                for near in neighbours(spot)
                if (other := get(near)) is not None
            ]
            self._touching[spot] = found
        return found

    def spot_value(self, spot: Spot) -> float:
        """What a card at ``spot`` is worth whatever card it is: height, loose ends, gaps."""
        value = self._spots.get(spot)
        if value is not None:
            return value
        layout, columns = self.layout, self.columns
        col, y = spot
        value = 0.0
        if layout:
            over = max(0, max(self.bottom, y) - min(self.top, y) - self.band) - self.tall
            value -= TALL * over
        has_left = has_right = False
        for near in neighbours(spot):
            side = near[0] - col
            if not side or near not in layout:
                continue
            if not _has(layout, near, -side):
                value += LOOSE  # it gives a loose neighbour its missing side
            has_right = has_right or side > 0
            has_left = has_left or side < 0
        left, right = (self.left, self.right) if columns else (col, col)
        if (col > left and not has_left) or (col < right and not has_right):
            value -= LOOSE
        ys = columns.get(col, [])
        value -= GAP * (_gaps_in([*ys, y]) - _gaps_in(ys))
        self._spots[spot] = value
        return value


def _has(layout: Layout, spot: Spot, side: int) -> bool:
    col, y = spot
    return (col + side, y - 1) in layout or (col + side, y + 1) in layout


class HeuristicBot(Strategy):
    """Plays from the best-valued legal actions (mixed play).

    >>> import bodoge
    >>> state = bodoge.get_game("tarot-storia").new_game(1, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    near = 1e-6
    scale = SCALE

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        """Local values; the :data:`FINALISTS` best also get the layout's score.

        Every other action is given the lowest finalist's score, so it stays
        below every finalist (its local value is no higher than theirs).
        """
        layout: dict[Spot, int] = state.placed  # type: ignore[attr-defined]
        if isinstance(legal[0], Keep):
            return keep_values(layout, legal)
        where = {card: spot for spot, card in layout.items()}
        limit = COLUMN_LIMIT[state.num_players]
        table = Table(layout, limit)
        local = []
        for action in legal:
            if isinstance(action, Place):
                local.append(table.place_value(action.card, (action.col, action.y)))
            else:
                assert isinstance(action, Swap)
                local.append(table.swap_value(action.card, action.taken, where[action.taken]))
        order = sorted(range(len(legal)), key=local.__getitem__, reverse=True)
        scores = {i: SCORE * _score_after(layout, where, legal[i]) for i in order[:FINALISTS]}
        floor = min(scores.values())
        return [value + scores.get(i, floor) for i, value in enumerate(local)]


def _score_after(layout: dict[Spot, int], where: dict[int, Spot], action: Action) -> int:
    trial = dict(layout)
    if isinstance(action, Place):
        trial[action.col, action.y] = action.card
    else:
        assert isinstance(action, Swap)
        trial[where[action.taken]] = action.card
    return score_total(trial)


def keep_values(layout: Layout, legal: list[Action]) -> list[float]:
    """A column to keep: most face-up cards, then numbers nearest the middle."""
    down = set(score(layout).face_down)
    values = []
    for action in legal:
        assert isinstance(action, Keep)
        kept = [c for (col, _), c in layout.items() if col == action.col and c not in down]
        middle = abs(sum(kept) / len(kept) - 10.5) if kept else 99.0
        values.append(len(kept) - middle / 100)
    return values
