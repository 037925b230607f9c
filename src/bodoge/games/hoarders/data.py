"""The components and fixed numbers of Hoarders, kept apart from the rules.

Facts from the rule text and ``shared/rules/data/bga-small-games.md``
(section 7): 55 nut cards, 11 of each of five kinds; one set of the five
critters per player; three nuts dealt face up to each player; two critters
chosen each round; five identical nuts win.

One number is not in any source: :data:`ROUND_LIMIT`, a safety stop the
platform adds because the rules have none (players who never draw could
pass nuts around for ever).  A safety limit is not a rule: it is set far
beyond any game people play, and a game stopped by it has no winner.  It
is shipped labelled.

>>> len(NUT_DECK), len(CRITTERS), NUT_DECK.count(NUTS.index("acorn"))
(55, 5, 11)
"""

from __future__ import annotations

from ...engine import DesignParameter, Text

NUTS = ("walnut", "hazelnut", "sunflower", "acorn", "peanut")
"""The five kinds of nut, by their ids in actions and views."""

NUT_COPIES = 11
NUT_DECK = tuple(kind for kind in range(len(NUTS)) for _ in range(NUT_COPIES))
"""Every nut card, as an index into :data:`NUTS`."""

CRITTERS = ("squirrel", "raccoon", "hamster", "groundhog", "beaver")
"""Each player's set of critter cards, by their ids in actions and views."""

SQUIRREL, RACCOON, HAMSTER, GROUNDHOG, BEAVER = range(len(CRITTERS))

START_NUTS = 3
"""Nut cards dealt face up to each player's collection at the start."""

CHOSEN_PER_ROUND = 2
"""Critters each player places face down every round."""

WINNING_SET = 5
"""Identical nuts that win the game at once (the default of the design parameter)."""

DESIGN = (
    DesignParameter(
        "winning_set",
        Text("勝利に必要な同じナッツ", "Identical nuts to win"),
        WINNING_SET,
        minimum=4,
        maximum=NUT_COPIES,
        help=Text(
            "同じ種類のナッツをこの枚数集めた人がすぐに勝つ。",
            "Whoever holds this many nuts of one kind wins at once.",
        ),
    ),
)
"""Design parameters (``bodoge sweep --vary winning_set=4,5,6``).  At least four,
above the three nuts dealt at the start; the heuristic bot values a
collection by how far it is from the goal."""

SQUIRREL_DRAW = 1
LONE_BEAVER_DRAW = 3
"""A Beaver revealed by nobody else draws this many nuts."""
BEAVERLESS_DRAW = 1
"""When several Beavers come out, each player without one draws this many."""

ROUND_LIMIT = 100
"""A safety limit, not a rule: a game still going after this many rounds stops, with no winner.

The rules never end a game in which nobody draws.  Random players end
every game within 15 rounds and the heuristic bot within about 40
(bench/README.md, ``limits.py``).
"""

PROVISIONAL_ROUND_LIMIT = Text(
    f"安全のための上限（原典にはないルール外の打ち切り）: {ROUND_LIMIT}ラウンド終わっても"
    "誰も勝っていなければ、ゲームは打ち切られ、勝者なしとなります。",
    f"A safety limit, not a rule of the game: if nobody has won after {ROUND_LIMIT} rounds, "
    "the game is stopped with no winner.",
)

NUT_NAMES = {
    "walnut": Text("クルミ", "Walnut"),
    "hazelnut": Text("ヘーゼルナッツ", "Hazelnut"),
    "sunflower": Text("ヒマワリの種", "Sunflower seed"),
    "acorn": Text("ドングリ", "Acorn"),
    "peanut": Text("ピーナッツ", "Peanut"),
}

CRITTER_NAMES = {
    "squirrel": Text("リス", "Squirrel"),
    "raccoon": Text("アライグマ", "Raccoon"),
    "hamster": Text("ハムスター", "Hamster"),
    "groundhog": Text("ウッドチャック", "Groundhog"),
    "beaver": Text("ビーバー", "Beaver"),
}
