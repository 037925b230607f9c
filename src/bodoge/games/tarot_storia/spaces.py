"""What Tarot Storia declares about every game it can be: the ``Game`` hooks.

Its full action space (and so every action's stable integer id), the shape
of its view, the range of a score and the longest game, for a player count.

>>> actions = action_space({}, 1)
>>> len(actions), actions[0], score_range({}, 1), max_game_length({}, 2)
(12122, Place(card=0, col=-1, y=-1), (-252, 44), 129)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from .actions import Keep, Place, Swap
from .data import CARDS, ROUNDS
from .layout import MAX_COL, MAX_Y, MIN_COL, MIN_Y
from .view import ROUND_LOW, VIEW

Options = Mapping[str, OptionValue]

PLACES = [
    (col, y)
    for col in range(MIN_COL, MAX_COL + 1)
    for y in range(MIN_Y, MAX_Y + 1)
    if (y - col) % 2 == 0
]
"""Every place a card may ever be put, in the coordinates of the layout at that moment."""


def action_space(options: Options, num_players: int) -> list[Action]:
    """Place each card at each place, swap each card for each other, keep each column."""
    del options, num_players
    actions: list[Action] = [Place(card, col, y) for card in CARDS for col, y in PLACES]
    actions += [Swap(card, taken) for card in CARDS for taken in CARDS if taken != card]
    actions += [Keep(col) for col in range(MAX_COL + 1)]
    return actions


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``TarotStoriaState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """A round scores at most 22 (every card face up, each colour one group) and at least
    :data:`~.view.ROUND_LOW`; a second round is played only after a first above 0."""
    del options, num_players
    return (ROUND_LOW, ROUNDS * len(CARDS))


def max_game_length(options: Options, num_players: int) -> int:
    """Two rounds and the choice of the kept column.

    A round places every card once and once more for each swap, and each
    swap also costs its own decision; there are fewer swaps than draws (21).
    """
    del options, num_players
    per_round = len(CARDS) + 2 * (len(CARDS) - 1)
    return ROUNDS * per_round + 1
