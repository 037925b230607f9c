"""What Imhotep declares about every game it can be: the ``Game`` hooks.

>>> actions = action_space({}, 2)
>>> len(actions), actions[0], max_game_length({}, 2)
(66, TakeStones(), 338)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
from .actions import (
    ChoosePyramid,
    KeepCard,
    PlaceStone,
    PlayCard,
    SailShip,
    TakeCard,
    TakeStones,
    TempleReward,
    UnloadNext,
)
from .data import (
    BLUE,
    CARD_COUNTS,
    CARDS,
    MARKET_ROW,
    MAX_SHIP,
    PYRAMID_B_COUNT,
    PYRAMID_B_SQUARES,
    ROUNDS,
    SHIPS_PER_ROUND,
    SITES,
    SLED_CAPACITY,
)
from .view import MOST_POINTS, VIEW

Options = Mapping[str, OptionValue]


def action_space(options: Options, num_players: int) -> list[Action]:
    """Every decision: the four turn actions, then the steps they set off."""
    del options, num_players
    actions: list[Action] = [TakeStones()]
    actions += [
        PlaceStone(ship, slot) for ship in range(SHIPS_PER_ROUND) for slot in range(MAX_SHIP)
    ]
    actions += [SailShip(ship, site) for ship in range(SHIPS_PER_ROUND) for site in SITES]
    actions += [PlayCard(card) for card in BLUE]
    actions += [TakeCard(slot) for slot in range(MARKET_ROW)]
    actions += [KeepCard(card) for card in CARDS]
    actions += [UnloadNext(slot) for slot in range(MAX_SHIP)]
    actions += [ChoosePyramid(p) for p in range(PYRAMID_B_COUNT)]
    actions += [TempleReward("point"), TempleReward("stones")]
    return actions


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``ImhotepState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """Pharaoh's wrath can take a score to -5; the top is a generous bound."""
    del options, num_players
    return (-5, MOST_POINTS)


def max_game_length(options: Options, num_players: int) -> int:
    """The most decisions a game can take.

    Per round: at most 16 stones placed on ships (every space once), 4
    sailings, and takes of stones, each of which adds at least one stone to
    a sled (sleds hold ``5n`` in all and lose stones only to the ships);
    4 market cards and one face-down pair.  Over the game: 10 blue cards,
    the Levers' orders (3 steps each), a small-pyramid choice per Pyramid B
    square and one Temple B reward.
    """
    del options
    slots = SHIPS_PER_ROUND * MAX_SHIP
    per_round = slots + SHIPS_PER_ROUND + (SLED_CAPACITY * num_players + slots) + MARKET_ROW + 1
    blue = sum(CARD_COUNTS[card] for card in BLUE)
    once = (
        blue + CARD_COUNTS["lever"] * (MAX_SHIP - 1) + PYRAMID_B_COUNT * len(PYRAMID_B_SQUARES) + 1
    )
    return ROUNDS * per_round + once
