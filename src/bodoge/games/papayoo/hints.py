"""How a search bot should play Papayoo: read only by bots (see ``bodoge.bots.hints``).

The reasons are measured with ``python bench/bots.py --games papayoo --against heuristic``
and the spec's ``horizon=`` (figures in ``bench/README.md``).
"""

from __future__ import annotations

from bisect import insort

from ...engine import State
from . import data, rules, vocabulary
from .actions import Play

HORIZON = 100
"""A game is several hands, some 300 moves at four players, and the points taken
so far say who leads: playouts of about one hand won far more often against
heuristic bots than playouts to the end."""

STRONG_ITERATIONS = 600
"""The ``strong`` level's iterations a move: about a second of one idle core for the
slower moves of a three-player game (``bench/strong_budget.py``)."""


def rewind(present: State, past: State) -> State | None:
    """``past`` holding ``present``'s hands: every card played since back in its player's hand.

    Within one hand's tricks cards only leave hands, face up, so a hand then
    is the hand now and the cards its player has played since.  Before the
    passing is over, or in another hand, there is no such simple account.
    """
    assert isinstance(present, rules.PapayooState) and isinstance(past, rules.PapayooState)
    if past.phase != vocabulary.PLAY or present.hand_number != past.hand_number:
        return None
    hands = [list(hand) for hand in present.hands]
    for event in present.events[past.version :]:
        if isinstance(event.action, Play):
            insort(hands[event.seat], data.ID[event.action.card])
    past.hands = hands
    return past
