"""A heuristic Tarot Storia player that reads only what its seat may know.

It tries every legal action on a copy of the layout and keeps the one
whose layout would score best if the round ended there (the text's three
steps, :func:`.layout.score`), with a small pull towards the story's
order: a card is worth a little more the closer its column is to where its
number belongs (low numbers on the left, high on the right).  To keep a
column for the encore it keeps the one with the most face-up cards, the
lowest numbers first (the second round grows to its right and left alike).

It looks at its own hand and the table only: never at the deck's order or
a partner's hand.
"""

from __future__ import annotations

from ...engine import Action, State, Strategy
from .actions import Keep, Place, Swap
from .data import CARDS
from .layout import Layout, normalise, score

ORDER_PULL = 0.15
"""What being one column away from a card's place in the story costs (a tie-breaker)."""


def order_penalty(layout: Layout) -> float:
    """How far the cards lie from the order of their numbers, column by column."""
    if not layout:
        return 0.0
    width = max(col for col, _ in layout) + 1
    per_col = len(CARDS) / max(width, 1)
    return sum(abs(col - card / per_col) for (col, _), card in layout.items()) / len(CARDS)


def value(layout: Layout) -> float:
    return score(layout).total - ORDER_PULL * order_penalty(layout)


class HeuristicBot(Strategy):
    """Plays the best-valued legal action (ties broken at random).

    >>> import bodoge
    >>> state = bodoge.get_game("tarot-storia").new_game(1, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    def decide(self, state: State, seat: int, legal: list[Action]) -> Action:
        layout = dict(state.placed)  # type: ignore[attr-defined]
        scored = [(self._value(layout, action), self._rng.random(), action) for action in legal]
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    def _value(self, layout: dict[tuple[int, int], int], action: Action) -> float:
        if isinstance(action, Place):
            trial = dict(layout)
            trial[action.col, action.y] = action.card
            return value(normalise(trial))
        if isinstance(action, Swap):
            trial = {place: (action.card if card == action.taken else card)
                     for place, card in layout.items()}
            return value(trial) - 0.5
        assert isinstance(action, Keep)
        result = score(layout)
        down = set(result.face_down)
        kept = sorted(card for (col, _), card in layout.items()
                      if col == action.col and card not in down)
        return len(kept) - sum(kept) / 1000
