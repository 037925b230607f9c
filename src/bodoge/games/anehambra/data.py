"""The components of アネハンブラ and the inspection checks, as data.

Every number here comes from the rule text (shared/rules/source/000) and the
``## anehambra`` section of shared/rules/RULINGS.md; none is provisional.
"""

from __future__ import annotations

from ...engine import Text

COLOURS = ("red", "yellow", "green", "blue")
"""The pillar colours, in the rule text's order; a colour's index is its id."""

COPIES = (16, 18, 20, 22)
"""Pillar cards of each colour: 76 in all."""

TOTAL_PILLARS = sum(COPIES)

COLOUR_TEXT = {
    "red": Text("赤", "red"),
    "yellow": Text("黄", "yellow"),
    "green": Text("緑", "green"),
    "blue": Text("青", "blue"),
}

DEAL = 3
"""Cards dealt to each player at the start."""

UNDER = 10
"""Cards taken off the deck and shuffled with END under it (not with 3 players)."""

STACKED_PLAYERS = 3
"""With this many players the deck is split into piles A, B, C stacked A, B, END, C."""

BUILD_ONLY_HAND = 5
"""A player holding at least this many cards at the start of their turn may only build."""

EARTHQUAKE_CARDS = 4
"""Cards of one colour played from hand to cause an earthquake."""

CHECKS = ("A", "B", "C", "D", "E", "F")
"""The inspection checks of the summary card.  A–D name a colour, E and F do not."""

COLOUR_CHECKS = 4
"""Checks A–D (indices 0–3) name the colour with the same index."""

PAIR_CHECK = 4
"""E: unsafe when no colour appears twice."""

ALL_COLOURS_CHECK = 5
"""F: unsafe when all four colours appear."""

CHECK_TEXT = (
    Text("A. 赤の柱が含まれていない", "A. no red pillar"),
    Text("B. 黄の柱が含まれていない", "B. no yellow pillar"),
    Text("C. 緑の柱が含まれていない", "C. no green pillar"),
    Text("D. 青の柱が含まれていない", "D. no blue pillar"),
    Text("E. 同じ色のペアが含まれていない", "E. no pair of one colour"),
    Text("F. 全ての色の柱が含まれている", "F. every colour present"),
)
"""What each check looks for: a palace showing it is unsafe and is demolished."""

MAX_PALACES = TOTAL_PILLARS
"""A palace holds at least one card, so nobody ever has more palaces than this."""

TURN_LIMIT = 1000
"""A safety limit, not a rule: a game still going after this many turns stops, with no winner.

The rule text has no other end than drawing END, and players who never draw
could build and demolish forever; real games end long before this (random
players within about 230 turns, heuristic ones within about 310, in
thousands of games: bench/README.md, ``limits.py``).  No ranking is
invented for a stopped game.
"""

PROVISIONAL_TURN_LIMIT = Text(
    f"安全のための上限（原典にはないルール外の打ち切り）: {TURN_LIMIT}手番を過ぎても"
    "ENDカードが引かれなければ、ゲームは打ち切られ、勝者なしとなります。",
    f"A safety limit, not a rule of the game: if END has not been drawn after {TURN_LIMIT} "
    "turns, the game is stopped with no winner.",
)
