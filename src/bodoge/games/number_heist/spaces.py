"""What the two-digit number game declares about every game it can be: the ``Game`` hooks.

>>> actions = action_space({}, 2)
>>> len(actions), actions[7], actions[-1], max_game_length({}, 2)
(105, CallNumber(number=7), PlaceDiamond(slot=4), 300)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from .actions import CallNumber, PlaceDiamond
from .data import DISPLAY_SIZE, ROUND_LIMIT
from .view import MOST_POINTS, VIEW

Options = Mapping[str, OptionValue]


def action_space(options: Options, num_players: int) -> list[Action]:
    """Every number 00–99, then a diamond on each displayed card."""
    del options
    actions: list[Action] = [CallNumber(number) for number in range(100)]
    actions += [PlaceDiamond(slot) for slot in range(DISPLAY_SIZE[num_players])]
    return actions


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``NumberHeistState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """A score is a player's points (see :data:`.view.MOST_POINTS`)."""
    del options, num_players
    return (0, MOST_POINTS)


def max_game_length(options: Options, num_players: int) -> int:
    """At most ``ROUND_LIMIT`` rounds of one number a player and one diamond."""
    del options
    return ROUND_LIMIT * (num_players + 1)
