"""What Egyptian Bride declares about every game it can be: the ``Game`` hooks.

Its full action space (and so every action's stable integer id), the shape
of its view, the range of a score and the longest game, for an option set
and player count.  :class:`~.game.EgyptianBride` answers the engine's hooks
with these functions; the numbers come from the rules module.

>>> options = {"expansion": False, "first_turn_limits": True}
>>> actions = action_space(options, 3)
>>> len(actions), actions[0], score_range(options, 3), max_game_length(options, 3)
(32, TakeFaceUp(number=4), (-10, 20), 235)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from . import rules
from .actions import Jealousy, Place, StopTaking, TakeChip, TakeFaceUp, TakeFromDeck
from .view import VIEW

Options = Mapping[str, OptionValue]


def action_space(options: Options, num_players: int) -> list[Action]:
    """Take face-up n, take from deck, stop, place n, chip n, then every jealousy.

    Jealousy against ``target``'s k placed cards of ``number``, paid with 2k
    cards of ``pay``: k is at most the copies of ``number`` (there are n of
    number n), 2k at most the copies of ``pay``, and 3k at most the copies
    when ``pay`` is ``number`` itself.
    """
    numbers = rules.numbers_for(options)
    actions: list[Action] = [TakeFaceUp(n) for n in numbers]
    actions += [TakeFromDeck(), StopTaking()]
    actions += [Place(n) for n in numbers]
    actions += [TakeChip(n) for n in numbers]
    if options["expansion"]:
        for target in range(num_players):
            for number in numbers:
                for pay in numbers:
                    most = number // 3 if pay == number else min(number, pay // 2)
                    actions += [Jealousy(target, number, pay, 2 * k) for k in range(1, most + 1)]
    return actions


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``EgyptianBrideState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """Each number costs its chip holder at most 1, or scores its bride at most 2."""
    del num_players
    size = len(rules.numbers_for(options))
    return (-size, 2 * size)


def max_game_length(options: Options, num_players: int) -> int:
    """Every card in play is taken and placed at most once (see :func:`.rules.longest_game`)."""
    del num_players
    return rules.longest_game(options)
