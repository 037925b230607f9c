"""What Go Nuts for Donuts declares about every game it can be: the ``Game`` hooks.

Its full action space (and so every action's stable integer id), the shape
of its view, the range of a score and the longest game, for a player count.

>>> actions = action_space({}, 2)
>>> len(actions), actions[0], score_range({}, 2), max_game_length({}, 2)
(98, Bid(position=1), (0, 70), 350)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from .actions import (
    Bid,
    Clear,
    Discard,
    DiscardMilk,
    Done,
    Give,
    Keep,
    PassDonut,
    Spoil,
    Steal,
    Take,
)
from .data import DAY_OLD_TAKES, DONUTS, MILK_DISCARDS, copies_in, max_rounds
from .scoring import score_bounds
from .view import VIEW

Options = Mapping[str, OptionValue]


def action_space(options: Options, num_players: int) -> list[Action]:
    """Bids and row clears per position; per kind used: keep, discard, take, pass; per seat
    and kind: give, steal, spoil; discard the Milk; done."""
    del options
    n = num_players
    kinds = [DONUTS[k] for k, count in enumerate(copies_in(n)) if count]
    positions = range(1, n + 2)
    actions: list[Action] = [Bid(p) for p in positions]
    actions += [Keep(d) for d in kinds]
    for kind in (Give, Steal, Spoil):
        actions += [kind(seat, d) for seat in range(n) for d in kinds]
    actions += [Discard(d) for d in kinds]
    actions.append(DiscardMilk())
    actions += [Take(d) for d in kinds]
    actions += [Clear(p) for p in positions]
    actions += [PassDonut(d) for d in kinds]
    actions.append(Done())
    return actions


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``DonutsState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """Every kind at its worst and at its best (:func:`.scoring.score_bounds`)."""
    del options
    return score_bounds(num_players)


def max_game_length(options: Options, num_players: int) -> int:
    """At most ``max_rounds`` rounds; each: a bid per player, and per card taken (one per
    player at most) its power's decisions: French Cruller clearing every other position and
    stopping, Day Old Donuts' three takes and a stop, Milk's three discards, or Cinnamon
    Twist's pass by every player."""
    del options
    n = num_players
    per_card = max(n + 1, DAY_OLD_TAKES + 1, MILK_DISCARDS, n)
    return max_rounds(n) * (n + n * per_card)
