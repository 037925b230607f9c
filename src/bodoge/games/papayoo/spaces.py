"""What Papayoo declares about every game it can be: the ``Game`` hooks.

Its full action space (and so every action's stable integer id), the shape
of its view, the range of a score and the longest game, for an option set
and player count.

>>> options = {"hands": "n", "shifting_pass": False}
>>> actions = action_space(options, 4)
>>> len(actions), actions[0], actions[-1], score_range(options, 4), max_game_length(options, 4)
(181, PickPass(card='S1'), Play(card='P20'), (-1000, 0), 3536)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from .actions import ConfirmPass, PickPass, Play, UnpickPass
from .data import CODE, LAYOUTS, POINTS_PER_HAND, TAKE_BACK_LIMIT, deck_for, hands_for
from .view import VIEW

Options = Mapping[str, OptionValue]


def _hands(options: Options, num_players: int) -> int:
    return hands_for(str(options["hands"]), num_players)


def action_space(options: Options, num_players: int) -> list[Action]:
    """Pick each card, take each card back, confirm, then play each card (cards in play only)."""
    del options
    cards = [CODE[card] for card in deck_for(num_players)]
    actions: list[Action] = [PickPass(code) for code in cards]
    actions += [UnpickPass(code) for code in cards]
    actions.append(ConfirmPass())
    actions += [Play(code) for code in cards]
    return actions


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``PapayooState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """A score is minus the points taken: at most 250 a hand, never below zero."""
    return (-POINTS_PER_HAND * _hands(options, num_players), 0)


def max_game_length(options: Options, num_players: int) -> int:
    """Per hand: every card played once, and each seat's passing steps.

    Passing k cards with at most ``TAKE_BACK_LIMIT`` take-backs: k picks,
    one more pick per take-back, the take-backs and one confirmation.
    """
    layout = LAYOUTS[num_players]
    passing = num_players * (layout.pass_count + 2 * TAKE_BACK_LIMIT + 1)
    return _hands(options, num_players) * (len(deck_for(num_players)) + passing)
