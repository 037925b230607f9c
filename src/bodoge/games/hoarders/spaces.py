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
from ...engine.schema import Array, Choice, Counts, Maybe, Num, Record, Seat, Seq, Skip
from . import rules
from .actions import AllowTheft, HideCritter, RevealCritter, StealNut, UseHamster
from .data import CHOSEN_PER_ROUND, CRITTERS, NUT_COPIES, NUT_DECK, NUTS, ROUND_LIMIT

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
    """The shape of ``HoardersState._view``, with bounds."""
    del options
    seat = Seat(num_players)
    revealed = Record({"critter": Choice(CRITTERS), "how": Choice(rules.REVEAL_WAYS)})
    player = Record(
        {
            "seat": Skip(),
            "nuts": Array(Num(0, NUT_COPIES), len(NUTS)),
            "face_down": Num(0, CHOSEN_PER_ROUND),
            "revealed": Seq(revealed, most=CHOSEN_PER_ROUND),
        }
    )
    theft = Record(
        {
            "thief": seat,
            "via": Choice(CRITTERS),
            "target": Maybe(seat),
            "nut": Maybe(Choice(NUTS)),
        }
    )
    return Record(
        {
            "nut_kinds": Skip(),
            "critter_kinds": Skip(),
            "round": Num(1, ROUND_LIMIT),
            "round_limit": Skip(),
            "phase": Choice(rules.PHASES),
            "crown": seat,
            "current": Maybe(seat),
            "lap": Num(0, 2),
            "deck": Num(0, len(NUT_DECK)),
            "players": Array(player, num_players),
            "face_down": Maybe(Counts(CRITTERS, most=1)),
            "in_hand": Maybe(Counts(CRITTERS, most=1)),
            "theft": Maybe(theft),
            "ending": Maybe(Choice(rules.ENDINGS)),
        }
    )


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
