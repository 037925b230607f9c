"""Papayoo's cards and its table of deals, as data.

Sources: the Board Game Arena help page (``shared/rules/source/003``, the
card list and the table of hand sizes and passed cards) and
``shared/rules/data/bga-small-games.md`` § 5 (the dealing packets of BGA's
implementation, the die, the hand counts).  Nothing here is provisional.

A card is an integer id, ordered by suit and then by rank, so that sorting
ids sorts a hand the way people hold it:

* ids 0–39: the four plain suits (spades, hearts, clubs, diamonds), ranks
  1–10, ``id = 10 * suit + rank - 1``;
* ids 40–59: the Payoo suit, ranks 1–20, ``id = 40 + rank - 1``.

On the wire a card is a short code: the suit letter and the rank.

>>> [CODE[0], CODE[16], CODE[39], CODE[40], CODE[59]]
['S1', 'H7', 'D10', 'P1', 'P20']
>>> ID["H7"], SUIT[ID["H7"]], RANK[ID["P20"]], POINTS[ID["P20"]], POINTS[ID["H7"]]
(16, 1, 20, 20, 0)
>>> len(deck_for(4)), len(deck_for(7)), sum(POINTS) + PAPAYOO_POINTS
(60, 56, 250)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...engine import DesignParameter, Text

SUITS = ("S", "H", "C", "D", "P")
"""Suit letters: spades, hearts, clubs, diamonds and the Payoo suit."""
PLAIN_SUITS = 4
"""The four ordinary suits come first; the die picks one of them."""
PAYOO = 4
"""The index of the Payoo suit in :data:`SUITS`."""
PLAIN_TOP = 10
PAYOO_TOP = 20
PAPAYOO_RANK = 7
"""The 7 of the suit the die shows is the Papayoo."""
PAPAYOO_POINTS = 40
POINTS_PER_HAND = 250
"""Payoo 1–20 (210) plus the Papayoo (40), whatever the player count."""

SUIT_NAMES = (
    Text("スペード", "spades"),
    Text("ハート", "hearts"),
    Text("クラブ", "clubs"),
    Text("ダイヤ", "diamonds"),
    Text("パヨー", "Payoo"),
)
SUIT_SYMBOLS = ("♠", "♥", "♣", "♦", "✿")


def _cards() -> list[tuple[int, int]]:
    plain = [(suit, rank) for suit in range(PLAIN_SUITS) for rank in range(1, PLAIN_TOP + 1)]
    return plain + [(PAYOO, rank) for rank in range(1, PAYOO_TOP + 1)]


_ALL = _cards()
CARD_COUNT = len(_ALL)
SUIT = tuple(suit for suit, _ in _ALL)
"""SUIT[card]: the suit index of a card id."""
RANK = tuple(rank for _, rank in _ALL)
"""RANK[card]: the number on a card id."""
CODE = tuple(f"{SUITS[suit]}{rank}" for suit, rank in _ALL)
"""CODE[card]: the wire form of a card id ("H7", "P20")."""
ID = {code: card for card, code in enumerate(CODE)}
"""ID[code]: the card id of a wire code."""
POINTS = tuple(rank if suit == PAYOO else 0 for suit, rank in _ALL)
"""Points of each card without the Papayoo (a Payoo card scores its number)."""
SUIT_RANGE = (
    *((PLAIN_TOP * suit, PLAIN_TOP * (suit + 1)) for suit in range(PLAIN_SUITS)),
    (PLAIN_TOP * PLAIN_SUITS, CARD_COUNT),
)
"""SUIT_RANGE[suit]: the ids of that suit are ``range(*SUIT_RANGE[suit])``."""


def papayoo_card(suit: int) -> int:
    """The id of the 7 of a plain suit: the Papayoo once the die shows that suit."""
    return PLAIN_TOP * suit + PAPAYOO_RANK - 1


TAKE_BACK_LIMIT = 100
"""Take-backs a seat may make while choosing one pass: a safety bound, not a rule.

Choosing is free until the confirmation; the bound only gives every game a
longest length (the adapters and the conformance suite need one) and lies
far beyond any person's choosing.
"""


@dataclass(frozen=True)
class Layout:
    """How one player count plays: the cards used, the deal and the pass."""

    hand_size: int
    pass_count: int
    packets: tuple[int, ...]
    """Packet sizes of the deal, each dealt round the table in turn (BGA)."""
    without_ones: bool
    """7–8 players: the 1s of the four plain suits are removed (not the Payoo 1)."""


LAYOUTS = {
    3: Layout(20, 5, (3, 3, 3, 3, 3, 3, 2), False),
    4: Layout(15, 5, (3, 3, 3, 3, 3), False),
    5: Layout(12, 4, (3, 3, 3, 3), False),
    6: Layout(10, 3, (3, 3, 3, 1), False),
    7: Layout(8, 3, (3, 3, 2), True),
    8: Layout(7, 3, (3, 3, 1), True),
}
"""Player count → layout (rule text table; packets from the BGA data)."""


def pass_parameter(num_players: int) -> str:
    """The name of the design parameter for the cards passed at ``num_players``."""
    return f"pass_{num_players}p"


DESIGN = tuple(
    DesignParameter(
        pass_parameter(n),
        Text(f"{n}人で渡すカード", f"Cards passed with {n} players"),
        layout.pass_count,
        minimum=1,
        maximum=layout.hand_size - 1,
        help=Text(
            f"{n}人のとき、各ハンドの始めに隣へ渡すカードの枚数（手札{layout.hand_size}枚）。",
            f"Cards each player passes at the start of a hand with {n} players "
            f"(of a hand of {layout.hand_size}).",
        ),
    )
    for n, layout in LAYOUTS.items()
)
"""Design parameters: the pass of the table above, one per player count."""


@cache
def deck_for(num_players: int) -> tuple[int, ...]:
    """The card ids in play, in order: 60 cards, or 56 without the plain 1s."""
    if LAYOUTS[num_players].without_ones:
        return tuple(card for card in range(CARD_COUNT) if SUIT[card] == PAYOO or RANK[card] > 1)
    return tuple(range(CARD_COUNT))


HAND_COUNTS = ("one", "n", "2n", "3n")
"""The hand-count option's values: one hand, or 1, 2 or 3 times the players.

Not ``"1"``: OpenSpiel's game strings would read it back as a number.
"""


def hands_for(choice: str, num_players: int) -> int:
    """How many hands a game of ``num_players`` lasts with the option ``choice``.

    >>> [hands_for(c, 5) for c in HAND_COUNTS]
    [1, 5, 10, 15]
    """
    if choice == "one":
        return 1
    return num_players * (1 if choice == "n" else int(choice[:-1]))
