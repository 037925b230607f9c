"""What アネハンブラ declares about every game it can be: the ``Game`` hooks.

Its full action space (and so every action's stable integer id), the shape
of its view, the range of a score and the longest game, for an option set
and player count.

>>> options = {"strict_open_colour": False}
>>> actions = action_space(options, 4)
>>> len(actions), actions[0], actions[-1], score_range(options, 4)
(322, Draw(), Earthquake(colour='blue'), (0, 76))
>>> max_game_length(options, 4)
78000
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from .actions import (
    AddPillar,
    CompletePalace,
    Draw,
    Earthquake,
    EndBuilding,
    Inspect,
    InspectPalace,
    Reveal,
)
from .data import CHECKS, COLOURS, MAX_PALACES, TOTAL_PILLARS, TURN_LIMIT
from .view import VIEW

Options = Mapping[str, OptionValue]


def action_space(options: Options, num_players: int) -> list[Action]:
    """Draw, build steps, the six checks, every palace of every seat, reveal, earthquakes."""
    del options
    actions: list[Action] = [Draw()]
    actions += [AddPillar(colour) for colour in COLOURS]
    actions += [CompletePalace(), EndBuilding()]
    actions += [Inspect(check) for check in CHECKS]
    actions += [
        InspectPalace(owner, palace)
        for owner in range(num_players)
        for palace in range(MAX_PALACES)
    ]
    actions.append(Reveal())
    actions += [Earthquake(colour) for colour in COLOURS]
    return actions


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``AnehambraState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """A score counts palaces, each of at least one of the 76 pillars."""
    del options, num_players
    return (0, MAX_PALACES)


def max_game_length(options: Options, num_players: int) -> int:
    """At most :data:`~.data.TURN_LIMIT` turns, each of a bounded number of steps.

    The longest turn builds two palaces from a hand of every pillar: one step
    per card, one completion per palace and nothing more (the hand is empty).
    Inspecting takes at most four steps (check, two palaces, nothing else).
    """
    del options, num_players
    longest_turn = TOTAL_PILLARS + 2
    return TURN_LIMIT * longest_turn
