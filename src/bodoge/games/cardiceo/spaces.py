"""What Cardiceo declares about every game it can be: the ``Game`` hooks.

Its full action space (and so every action's stable integer id), the shape
of its view, the range of a score and the longest game, for an option set
and player count.

>>> options = {"short": False, "easy": False, "rounds": 1, "hardcore": False}
>>> actions = action_space(options, 4)
>>> len(actions), actions[0], actions[-1]
(79, Discard(card=1, d4=True, d8=False, d12=False), RerollDice())
>>> score_range(options, 4), max_game_length(options, 4)
((-142, 0), 1600)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from .actions import KeepDice, RerollDice, Stop, discard
from .data import (
    ALL_DICE,
    DICE_SIDES,
    ROUND_TURN_LIMIT,
    VALUES,
    worst_round,
)
from .view import VIEW

Options = Mapping[str, OptionValue]

MOST_ACTIONS_PER_TURN = 4
"""Keep or reroll, then at most three discards (each uses a die), or two and a stop."""


def _least(mask: int) -> int:
    return sum(1 for die in range(len(DICE_SIDES)) if mask >> die & 1)


def _most(mask: int) -> int:
    return sum(sides for die, sides in enumerate(DICE_SIDES) if mask >> die & 1)


def action_space(options: Options, num_players: int) -> list[Action]:
    """Every discard a roll can allow (card by card, dice sets in mask order), then the rest.

    The dice of a mask can show any total from one per die to the sum of
    their sides; cards run 1..15.
    """
    del options, num_players
    actions: list[Action] = [
        discard(card, mask)
        for card in VALUES
        for mask in range(1, ALL_DICE + 1)
        if _least(mask) <= card <= _most(mask)
    ]
    actions += [Stop(), KeepDice(), RerollDice()]
    return actions


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """Scores are minus the sums of cards left, over all rounds."""
    return (-int(options["rounds"]) * worst_round(options, num_players), 0)


def max_game_length(options: Options, num_players: int) -> int:
    """Each round stops after ROUND_TURN_LIMIT turns per player; a turn takes at most four steps."""
    per_round = ROUND_TURN_LIMIT * num_players * MOST_ACTIONS_PER_TURN
    return int(options["rounds"]) * per_round


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``CardiceoState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)
