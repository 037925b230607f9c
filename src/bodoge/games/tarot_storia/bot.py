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
from .layout import Layout, neighbours, score
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
    col, y = spot
    value = 0.0
    if layout:
        top = min(other_y for _, other_y in layout)
        bottom = max(other_y for _, other_y in layout)
        band = 2 * limit - 1  # the span of a band of full columns, each half offset
        over = max(0, max(bottom, y) - min(top, y) - band) - max(0, bottom - top - band)
        value -= TALL * over
    for (other_col, _), other in layout.items():
        if (other_col < col and other > card) or (other_col > col and other < card):
            value -= INVERSION
    has_left = has_right = False
    for near in neighbours(spot):
        if near not in layout:
            continue
        other = layout[near]
        if COLOURS[other] == COLOURS[card]:
            value += COLOUR
        if near[0] == col + 1:
            has_right = True
            if other < card:
                value -= FAULT
            if not _has(layout, near, -1):
                value += LOOSE
        elif near[0] == col - 1:
            has_left = True
            if other > card:
                value -= FAULT
            if not _has(layout, near, +1):
                value += LOOSE
    cols = [c for c, _ in layout] or [col]
    if (col > min(cols) and not has_left) or (col < max(cols) and not has_right):
        value -= LOOSE
    ys = [other_y for other_col, other_y in layout if other_col == col]
    value -= GAP * (_gaps_in([*ys, y]) - _gaps_in(ys))
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
        where = {card: spot for spot, card in layout.items()}
        self.limit = COLUMN_LIMIT[state.num_players]
        local = [self._value(layout, where, action) for action in legal]
        if isinstance(legal[0], Keep):
            return local
        order = sorted(range(len(legal)), key=local.__getitem__, reverse=True)
        scores = {i: SCORE * self._score_after(layout, where, legal[i]) for i in order[:FINALISTS]}
        floor = min(scores.values())
        return [value + scores.get(i, floor) for i, value in enumerate(local)]

    def _score_after(self, layout: dict[Spot, int], where: dict[int, Spot], action: Action) -> int:
        trial = dict(layout)
        if isinstance(action, Place):
            trial[action.col, action.y] = action.card
        else:
            assert isinstance(action, Swap)
            trial[where[action.taken]] = action.card
        return score(trial).total

    def _value(self, layout: dict[Spot, int], where: dict[int, Spot], action: Action) -> float:
        if isinstance(action, Place):
            return place_value(layout, action.card, (action.col, action.y), self.limit)
        if isinstance(action, Swap):
            spot = where[action.taken]
            rest = {s: c for s, c in layout.items() if s != spot}
            return place_value(rest, action.card, spot, self.limit) - place_value(
                rest, action.taken, spot, self.limit
            )
        assert isinstance(action, Keep)
        down = set(score(layout).face_down)
        kept = [c for (col, _), c in layout.items() if col == action.col and c not in down]
        middle = abs(sum(kept) / len(kept) - 10.5) if kept else 99.0
        return len(kept) - middle / 100
