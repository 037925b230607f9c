"""What Hoarders declares about every game it can be: the ``Game`` hooks.

Its full action space (and so every action's stable integer id), the shape
of its view, the range of a score and the longest game, for a player count.
:class:`~.game.Hoarders` answers the engine's hooks with these functions.

>>> actions = action_space({}, 3)
>>> len(actions), actions[0], score_range({}, 3), max_game_length({}, 3)
(27, HideCritter(critter='squirrel'), (0, 11), 2400)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from .actions import AllowTheft, HideCritter, RevealCritter, StealNut, UseHamster
from .data import CHOSEN_PER_ROUND, CRITTERS, NUT_COPIES, NUTS, ROUND_LIMIT
from .view import VIEW

Options = Mapping[str, OptionValue]


def action_space(options: Options, num_players: int) -> list[Action]:
    """Hide each critter, reveal each critter, steal each kind from each seat, react."""
    del options
    actions: list[Action] = [HideCritter(c) for c in CRITTERS]
    actions += [RevealCritter(c) for c in CRITTERS]
    actions += [StealNut(seat, nut) for seat in range(num_players) for nut in NUTS]
    actions += [UseHamster(), AllowTheft()]
    return actions


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``HoardersState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """A score is a player's largest set of identical nuts: at most all 11 of a kind."""
    del options, num_players
    return (0, NUT_COPIES)


def max_game_length(options: Options, num_players: int) -> int:
    """At most ``ROUND_LIMIT`` rounds of at most 8 decisions per player.

    Per round each player hides two critters and reveals at most two; each
    reveal leads to at most one theft choice and one reaction.
    """
    del options
    return ROUND_LIMIT * 4 * CHOSEN_PER_ROUND * num_players
