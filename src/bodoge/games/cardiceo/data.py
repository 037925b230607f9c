"""Cardiceo's components and published numbers, kept as data.

Facts from ``shared/rules/data/bga-small-games.md`` (section 4) and the rule
text; the one number of our own, :data:`ROUND_TURN_LIMIT`, is a safety
limit, labelled (see the package docstring and ``Cardiceo.provisional``).

>>> ROLLS, DECK_SIZE, OUTCOMES_PER_VALUE[1], OUTCOMES_PER_VALUE[15]
(384, 60, 153, 69)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import DesignParameter, OptionValue, Text

LOWEST = 1
HIGHEST = 15
VALUES = range(LOWEST, HIGHEST + 1)
"""Card values 1..15."""
COPIES = 4
"""Four cards of each value: 60 cards in all."""
DECK_SIZE = COPIES * len(VALUES)

DICE_SIDES = (4, 8, 12)
"""The three dice, in the order used everywhere (index 0, 1, 2): d4, d8, d12."""
DICE_NAMES = ("d4", "d8", "d12")
ALL_DICE = (1 << len(DICE_SIDES)) - 1
"""The bit mask of all three dice (bit i is die i)."""
ROLLS = DICE_SIDES[0] * DICE_SIDES[1] * DICE_SIDES[2]

HAND_SIZE = 10
SHORT_HAND_SIZE = 5
"""BGA's short game deals five cards each."""
MIN_PLAYERS = 2
MAX_PLAYERS = 8
HARDCORE_MAX_PLAYERS = 4
"""Hardcore deals one full 1..15 set to each player, so at most four play."""

MAX_ROUNDS = 20
"""The most rounds the multi-round option offers (the text: any agreed number; RULINGS: 1–20)."""

OUTCOMES_PER_VALUE = {
    1: 153,
    2: 172,
    3: 190,
    4: 211,
    5: 158,
    6: 167,
    7: 174,
    8: 183,
    9: 150,
    10: 145,
    11: 139,
    12: 132,
    13: 92,
    14: 81,
    15: 69,
}
"""Of the 384 rolls of d4, d8 and d12, how many let a card of each value be discarded
(some non-empty subset of the dice sums to it), as published by Board Game Arena."""

ROUND_TURN_LIMIT = 100
"""A safety limit, not a rule: a round still going after this many turns per player
stops the game, with no winner.

Stopping is always allowed and a roll may never fit, so without a limit a
game could go on for ever; real games end long before it (uniformly random
two-player play, the longest, took at most 50 turns a player in 4,000
games; bench/README.md, ``limits.py``).  No ranking is invented for a
stopped game, and the rounds after it are not played.
"""


def hand_size(
    num_players: int, short: bool, full: int = HAND_SIZE, shortened: int = SHORT_HAND_SIZE
) -> int:
    """Ten cards each (five in the short game); from seven players ⌊60/n⌋ each.

    ``full`` and ``shortened`` replace ten and five (the design parameters);
    no hand is ever larger than an equal share of the deck.

    >>> [hand_size(n, False) for n in range(2, 9)], hand_size(8, True)
    ([10, 10, 10, 10, 10, 8, 7], 5)
    >>> hand_size(4, False, full=12), hand_size(8, True, shortened=9)
    (12, 7)
    """
    return min(shortened if short else full, DECK_SIZE // num_players)


def dealt(options: Mapping[str, OptionValue], num_players: int) -> int:
    """Cards in a hand at a round's start for an option set: every value in the hardcore game."""
    return len(VALUES) if options["hardcore"] else hand_size(num_players, bool(options["short"]))


def worst_round(options: Mapping[str, OptionValue], num_players: int) -> int:
    """The largest sum of cards a hand can be left with at a round's end.

    The highest cards dealt (the highest values, four copies each); in the
    hardcore game, one card of every value.
    """
    if options["hardcore"]:
        return sum(VALUES)
    cards = [value for value in reversed(VALUES) for _ in range(COPIES)]
    return sum(cards[: dealt(options, num_players)])


DESIGN = (
    DesignParameter(
        "hand_size",
        Text("手札の枚数", "Hand size"),
        HAND_SIZE,
        minimum=2,
        maximum=len(VALUES),
        help=Text(
            "各自に配るカードの枚数（山札60枚を人数で割った枚数まで）。",
            "Cards dealt to each player (at most an equal share of the 60 cards).",
        ),
    ),
    DesignParameter(
        "short_hand_size",
        Text("短縮ゲームの手札の枚数", "Hand size in the short game"),
        SHORT_HAND_SIZE,
        minimum=2,
        maximum=len(VALUES),
        help=Text("短縮ゲームで各自に配るカードの枚数。", "Cards dealt to each in the short game."),
    ),
)
"""Design parameters (``bodoge sweep --vary hand_size=8,10,12``); hardcore always
deals the full 1..15."""
