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
from ...engine.schema import (
    Array,
    Choice,
    Flag,
    Maybe,
    Num,
    Record,
    Seat,
    Seats,
    Seq,
    Skip,
)
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
from .data import CHECKS, COLOURS, COPIES, MAX_PALACES, TOTAL_PILLARS, TURN_LIMIT

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
    """The shape of ``AnehambraState._view``, with bounds."""
    del options
    per_colour = Array(Num(0, max(COPIES)), len(COLOURS))
    palace = Record(
        {
            "cards": Num(1, TOTAL_PILLARS),
            "verified": Flag(),
            "contents": Maybe(per_colour),
        }
    )
    player = Record(
        {
            "seat": Skip(),
            "hand_count": Num(0, TOTAL_PILLARS),
            "known_hand": per_colour,
            "palaces": Seq(palace, most=MAX_PALACES),
        }
    )
    step = Record(
        {
            "build_only": Flag(),
            "double": Flag(),
            "building": Maybe(Num(0, MAX_PALACES - 1)),
            "built": Num(0, 2),
            "check": Maybe(Choice(CHECKS)),
            "targets": Seq(
                Record({"owner": Seat(num_players), "palace": Num(0, MAX_PALACES - 1)}), most=2
            ),
        }
    )
    result = Record(
        {
            "reason": Choice(("end_card", "turn_limit")),
            "palaces": Array(Num(0, MAX_PALACES), num_players),
            "hands": Array(Num(0, TOTAL_PILLARS), num_players),
            "winners": Seats(num_players),
        }
    )
    return Record(
        {
            "colours": Skip(),
            "current": Seat(num_players),
            "turn": Num(0, TURN_LIMIT),
            "deck": Num(0, TOTAL_PILLARS + 1),
            "end_in": Maybe(Num(0, TOTAL_PILLARS)),
            "removed": per_colour,
            "banned": Array(Flag(), len(COLOURS)),
            "players": Array(player, num_players),
            "hand": Maybe(per_colour),
            "step": step,
            "result": Maybe(result),
        }
    )


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
