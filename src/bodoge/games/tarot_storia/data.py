"""The components and fixed numbers of Tarot Storia, kept apart from the rules.

Facts from the rule text: 22 cards numbered 0 to 21 in four colours, 7 red
(flame), 6 blue (bird), 5 yellow (flower) and 4 black (mask); card 6 and
card 10 are red and card 9 is black.  A column holds at most 4 cards (3 in
the duet).  Each player starts with one card in hand.  The two tables of
final ranks (solo and duet) are the text's.

Provisional: the colours of the other 19 cards are not in any source
available to the project.  :data:`COLOURS` ships a labelled stand-in that
keeps the known counts and the three known cards (:data:`KNOWN_COLOURS`);
the real colours replace it here, without touching the rules.

>>> len(CARDS), [COLOURS.count(c) for c in range(len(COLOUR_NAMES))]
(22, [7, 6, 5, 4])
>>> all(COLOURS[card] == colour for card, colour in KNOWN_COLOURS.items())
True
"""

from __future__ import annotations

from ...engine import Text

CARDS = tuple(range(22))
"""The 22 cards, by their numbers."""

COLOUR_NAMES = ("red", "blue", "yellow", "black")
RED, BLUE, YELLOW, BLACK = range(len(COLOUR_NAMES))

STAND_IN = {
    RED: (1, 5, 6, 10, 14, 17, 20),
    BLUE: (2, 7, 11, 15, 18, 21),
    YELLOW: (3, 8, 12, 16, 19),
    BLACK: (0, 4, 9, 13),
}
"""Provisional: the colour of every card (the stand-in; only 6, 9 and 10 are known)."""

COLOURS = tuple(
    next(colour for colour, cards in STAND_IN.items() if card in cards) for card in CARDS
)
"""COLOURS[card]: the card's colour index (provisional for all but 6, 9 and 10)."""

KNOWN_COLOURS = {6: RED, 10: RED, 9: BLACK}
"""The colours the rule text gives (the only ones that are not provisional)."""

COLOUR_COUNTS = (7, 6, 5, 4)
"""Cards per colour, from the rule text."""

COLUMN_LIMIT = {1: 4, 2: 3}
"""Most cards in one column, by player count (solo 4, duet 3)."""

START_HAND = 1
"""Cards each player draws before the first turn of a round."""

ROUNDS = 2
"""A game is at most two rounds: the second (the encore) only after a round 1 above 0."""

SOLO_RANKS = (
    (10, Text("出なおしてまいれ", "Come back when you have a better tale.")),
    (20, Text("…もう終わりなのか？", "…Is that all?")),
    (30, Text("まだ本気では無いのだろう？", "Surely that was not your best?")),
    (40, Text("なかなかやるではないか", "Not bad at all.")),
    (None, Text("お主こそ国一番の語り部じゃ！", "You are the finest storyteller in the land!")),
)
"""The king's verdict on a solo final score: (below this score, message), the last open."""

DUET_RANKS = (
    (5, Text("完全に他人", "Complete strangers")),
    (15, Text("挨拶する程度の知り合い", "Nodding acquaintances")),
    (25, Text("一緒に遊ぶ友達", "Friends who play together")),
    (35, Text("将来の夢を語り合う仲", "Close enough to share your dreams")),
    (None, Text("前世から続く運命の相手", "Partners of destiny since a former life")),
)
"""What a duet's final score says of the pair: (below this score, message), the last open."""


def rank(score: int, num_players: int) -> int:
    """The index of the rank message a final score earns (0 the lowest).

    >>> rank(9, 1), rank(10, 1), rank(40, 1), rank(4, 2), rank(35, 2)
    (0, 1, 4, 0, 4)
    """
    table = SOLO_RANKS if num_players == 1 else DUET_RANKS
    for index, (below, _) in enumerate(table):
        if below is None or score < below:
            return index
    raise AssertionError("the last rank is open")


COLOUR_WORDS = {
    "red": Text("赤（炎）", "red (flame)"),
    "blue": Text("青（鳥）", "blue (bird)"),
    "yellow": Text("黄（花）", "yellow (flower)"),
    "black": Text("黒（仮面）", "black (mask)"),
}

PROVISIONAL_COLOURS = Text(
    "仮のデータ: 原典で色がわかっているのは6と10（赤）、9（黒）の3枚だけです。"
    "ほかの19枚の色は、枚数（赤7・青6・黄5・黒4）に合わせた仮の割り当てです。",
    "Provisional data: the rule text gives the colour of only three cards (6 and 10 red, "
    "9 black). The other 19 colours are a stand-in that keeps the counts (7 red, 6 blue, "
    "5 yellow, 4 black).",
)
