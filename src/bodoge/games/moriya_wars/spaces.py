"""What Moriya Wars declares about every game it can be: the ``Game`` hooks.

>>> actions = action_space({}, 4)
>>> len(actions), actions[0], score_range({}, 4), max_game_length({}, 4)
(43, Place(region='hakurei', side='human'), (0, 1), 1514)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from .actions import (
    Claim,
    EndTurn,
    Evict,
    LetPass,
    MarkDie,
    Pass,
    Place,
    Reroll,
    Steal,
    Swap,
    SwapSpare,
    TakeMoney,
    UnmarkDie,
)
from .data import DICE, MONEY, REGIONS, SIDES, TAKE_BACK_LIMIT, TURN_LIMIT
from .view import VIEW

Options = Mapping[str, OptionValue]


def action_space(options: Options, num_players: int) -> list[Action]:
    """Place per region and side, take, steal and swap per seat, pass, money's steps, claims."""
    del options
    actions: list[Action] = [Place(r, s) for r in REGIONS for s in SIDES]
    actions.append(TakeMoney())
    actions += [Steal(seat) for seat in range(num_players)]
    actions += [Swap(seat) for seat in range(num_players)]
    actions += [SwapSpare(), Pass()]
    actions += [Evict(r, s) for r in REGIONS for s in SIDES]
    actions += [MarkDie(die) for die in range(DICE)]
    actions += [UnmarkDie(die) for die in range(DICE)]
    actions += [Reroll(), Claim(), LetPass(), EndTurn()]
    return actions


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``MoriyaWarsState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """1 for the winner, 0 for the others."""
    del options, num_players
    return (0, 1)


def max_game_length(options: Options, num_players: int) -> int:
    """At most ``TURN_LIMIT`` turns, each one decision, its end and one asking of every player.

    Money is spent at most ``MONEY`` times in a game (spent money leaves it);
    each spend is an eviction (then one more asking) or a bribe of at most six
    dice chosen, ``TAKE_BACK_LIMIT`` taken back and chosen again, and the
    reroll; each player claims at most once.
    """
    del options
    bribe = DICE + 2 * TAKE_BACK_LIMIT + 1
    per_spend = max(bribe, 1 + num_players)
    return TURN_LIMIT * (2 + num_players) + MONEY * per_spend + num_players
