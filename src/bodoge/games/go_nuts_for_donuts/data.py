"""The cards and fixed numbers of Go Nuts for Donuts, kept apart from the rules.

The retail deck has 70 donut cards of 23 kinds.  Each card carries the
smallest player count it is used at (2, 3, 4 or 5 players); a game uses
every card whose minimum is at most its player count.  The four French
Crullers carry different minimums (2, 3, 4, 5), so a game uses
``min(players - 1, 4)`` of them.  Each player holds selection cards
``1 .. players + 1`` and the row has ``players + 1`` positions.

>>> [len(deck_for(n)) for n in range(2, 7)]
[37, 50, 61, 70, 70]
>>> deck_for(3).count(FRENCH_CRULLER), deck_for(6).count(FRENCH_CRULLER)
(2, 4)

One number is a ruling rather than a printed fact: two Boston Creams score
6 (the rule text; a hobby implementation has 3).  It is the design
parameter ``boston_cream_pair`` (``bodoge sim --set boston_cream_pair=3``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import DesignParameter, Text


@dataclass(frozen=True)
class Donut:
    """One kind of donut card: its id, names, copies, smallest player count, points."""

    id: str
    name: Text
    copies: int
    minimum: int
    points: int = 0
    """Points of each card, for the kinds that score a flat number (negative ones too)."""
    power: bool = False
    """Whether the card has a ★ power (carried out when taken from the row)."""


DONUT_LIST = (
    Donut("chocolate_frosted", Text("チョコレートドーナツ", "Chocolate Frosted"), 3, 2, power=True),
    Donut("donut_holes", Text("ドーナツホール", "Donut Holes"), 6, 2),
    Donut("eclair", Text("エクレア", "Eclair"), 3, 2, power=True),
    Donut("french_cruller", Text("フレンチクルーラー", "French Cruller"), 4, 2, 2, power=True),
    Donut("glazed", Text("グレーズド", "Glazed"), 5, 2, 2),
    Donut("jelly_filled", Text("ジェリードーナツ", "Jelly Filled"), 6, 2),
    Donut("maple_bar", Text("メイプルバー", "Maple Bar"), 2, 2),
    Donut("plain", Text("プレーン", "Plain"), 7, 2, 1),
    Donut("powdered", Text("シュガードーナツ", "Powdered"), 4, 2, 3),
    Donut("boston_cream", Text("ボストンクリーム", "Boston Cream"), 6, 3),
    Donut("double_chocolate", Text("ダブルチョコレート", "Double Chocolate"), 2, 3, power=True),
    Donut("red_velvet", Text("レッドベルベット", "Red Velvet"), 2, 3, -2, power=True),
    Donut("sprinkled", Text("スプリンクルドーナツ", "Sprinkled"), 2, 3, 2, power=True),
    Donut("bear_claw", Text("ベアクロウ", "Bear Claw"), 2, 4, -2, power=True),
    Donut("cinnamon_twist", Text("シナモンツイスト", "Cinnamon Twist"), 2, 4, 1, power=True),
    Donut("coffee", Text("コーヒー", "Coffee"), 2, 4),
    Donut("day_old", Text("1日前のドーナツ", "Day Old Donuts"), 1, 4, -7, power=True),
    Donut("milk", Text("ミルク", "Milk"), 1, 4, 5, power=True),
    Donut("old_fashioned", Text("オールドファッション", "Old Fashioned"), 2, 4),
    Donut("maple_frosted", Text("メイプルドーナツ", "Maple Frosted"), 2, 5),
    Donut("mucho_matcha", Text("めっちゃ抹茶", "Mucho Matcha"), 2, 5),
    Donut("raspberry_frosted", Text("ラズベリードーナツ", "Raspberry Frosted"), 2, 5, power=True),
    Donut(
        "strawberry_glazed",
        Text("ストロベリーグレーズド", "Strawberry Glazed"),
        2,
        5,
        -2,
        power=True,
    ),
)
"""Every kind, in the order of the rule text (by group, then as listed)."""

DONUTS = tuple(d.id for d in DONUT_LIST)
"""The kinds by id; a card is an index into this tuple."""
KINDS = len(DONUTS)
(
    CHOCOLATE_FROSTED,
    DONUT_HOLES,
    ECLAIR,
    FRENCH_CRULLER,
    GLAZED,
    JELLY_FILLED,
    MAPLE_BAR,
    PLAIN,
    POWDERED,
    BOSTON_CREAM,
    DOUBLE_CHOCOLATE,
    RED_VELVET,
    SPRINKLED,
    BEAR_CLAW,
    CINNAMON_TWIST,
    COFFEE,
    DAY_OLD,
    MILK,
    OLD_FASHIONED,
    MAPLE_FROSTED,
    MUCHO_MATCHA,
    RASPBERRY_FROSTED,
    STRAWBERRY_GLAZED,
) = range(KINDS)

DONUT_NAMES = {d.id: d.name for d in DONUT_LIST}
POINTS = tuple(d.points for d in DONUT_LIST)
NEGATIVE = frozenset(k for k, d in enumerate(DONUT_LIST) if d.points < 0)
"""The kinds that score negative points (Coffee counts them)."""
POWERS = frozenset(k for k, d in enumerate(DONUT_LIST) if d.power)
MOST_COPIES = max(d.copies for d in DONUT_LIST)

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def deck_for(players: int) -> tuple[int, ...]:
    """Every card a game of ``players`` uses, as kind indices (French Crullers by count)."""
    cards: list[int] = []
    for kind, donut in enumerate(DONUT_LIST):
        if kind == FRENCH_CRULLER:
            cards += [kind] * min(players - 1, donut.copies)
        elif donut.minimum <= players:
            cards += [kind] * donut.copies
    return tuple(cards)


def max_rounds(players: int) -> int:
    """The most rounds a game can last: every round but the last draws a card to refill."""
    return len(deck_for(players)) - players


def copies_in(players: int) -> tuple[int, ...]:
    """How many cards of each kind a game of ``players`` uses."""
    deck = deck_for(players)
    return tuple(deck.count(kind) for kind in range(KINDS))


# ----------------------------------------------------------------- scoring tables

DONUT_HOLES_POINTS = (0, 1, 3, 6, 10, 15)
"""Donut Holes by how many one holds (5 or more: 15)."""
JELLY_FILLED_POINTS = (0, 0, 5, 5, 10, 10, 15)
"""Jelly Filled by how many one holds (1: 0; 2–3: 5; 4–5: 10; 6: 15)."""
BOSTON_CREAM_POINTS = (0, 0, 6, 0, 15, 0, 25)
"""Boston Cream by how many one holds: odd counts 0; 2 → the design parameter; 4 → 15; 6 → 25."""
BOSTON_CREAM_PAIR = 6
PLAIN_MOST_BONUS = 3
"""Plain: the one player holding the most Plains scores this much more."""
PLAIN_TIED_BONUS = 1
"""Plain: every player tied for the most Plains scores this much more."""
MAPLE_BAR_POINTS, MAPLE_BAR_TYPES = 3, 7
"""Maple Bar: 3 points with 7 or more different kinds (itself, Milk and Coffee count)."""
OLD_FASHIONED_POINTS, OLD_FASHIONED_UNDER = 5, 10
"""Old Fashioned: 5 points with fewer than 10 donuts."""
MAPLE_FROSTED_POINTS = 5
"""Maple Frosted: 5 points to the player who alone holds the fewest donuts."""
MUCHO_MATCHA_POINTS, MUCHO_MATCHA_UNDER = 3, 7
"""Mucho Matcha: 3 points with fewer than 7 different kinds."""
MILK_POINTS = 5

DAY_OLD_TAKES = 3
"""Day Old Donuts: up to this many cards from the discard pile."""
MILK_DISCARDS = 3
"""Milk: discard this many of your other donuts, or the Milk itself."""
DOUBLE_CHOCOLATE_DRAW = 2

DESIGN = (
    DesignParameter(
        "boston_cream_pair",
        Text("ボストンクリーム2枚の得点", "Points for two Boston Creams"),
        BOSTON_CREAM_PAIR,
        minimum=0,
        maximum=15,
        help=Text(
            "ボストンクリームをちょうど2枚持っているときの得点。原典の記述では6点"
            "（別の実装では3点）。4枚は15点、6枚は25点のまま。",
            "What exactly two Boston Creams score: 6 in the rule text (3 in another "
            "implementation). Four still score 15 and six 25.",
        ),
    ),
)
"""Design parameters (``bodoge sweep --vary boston_cream_pair=3,6``)."""

PROVISIONAL_BOSTON_CREAM = Text(
    "ボストンクリーム2枚の6点は原典（BGAの説明）に従った値で、カードの画像では確認できていません"
    "（別の実装では3点）。",
    "Two Boston Creams score 6 as the rule text (the BGA help) says; no card image confirms "
    "it (another implementation has 3).",
)
