"""The components and fixed numbers of the two-digit number game, kept apart from the rules.

Facts from the rule text: 2–5 players; the display holds 5, 6, 8 or 10
digit cards by player count; success scores 1, the largest successful
number 1 more, each diamond on a taken card 1 more; the bottom marker is
set when someone first reaches 5, the top marker when someone first
reaches 8; the first to 10 wins; three score-track cards.

Provisional data (the sources do not give it; shipped labelled, here, in the
game's docs and in the table's rules panel):

* the title (:data:`TITLE_IS_PROVISIONAL`): the real one was not found;
* the deck (:data:`DECK`): digits 0–9, four of each, 40 cards;
* the bonus diamonds: as many as needed (:data:`DIAMONDS`);
* the score-track zones (:data:`ZONES`): 0–4, 5–7 and 8–10 (a final score
  above 10 stays on the last card);
* the advanced rule (five characters' one-use skills) is not known and is
  not available (:data:`ADVANCED_RULE`); nothing is invented for it.

:data:`ROUND_LIMIT` is a safety stop the platform adds, not a rule.

>>> len(DECK), DECK.count(7), DISPLAY_SIZE[4], zone_of(5), zone_of(12)
(40, 4, 8, 1, 2)
"""

from __future__ import annotations

from ...engine import DesignParameter, Text

DIGITS = 10
"""Digit cards show 0–9."""

COPIES = 4
"""Provisional: copies of each digit in the deck."""

DECK = tuple(digit for digit in range(DIGITS) for _ in range(COPIES))
"""Provisional: every digit card, as its digit (40 cards)."""

DISPLAY_SIZE = {2: 5, 3: 6, 4: 8, 5: 10}
"""Cards face up in the display, by player count (from the text)."""

DIAMONDS = None
"""Provisional: the supply of bonus diamonds is not limited (``None``)."""

ZONES = ((0, 4), (5, 7), (8, None))
"""Provisional: the three score-track cards' spans (the last one open-ended)."""

SUCCESS = 1
"""Points for a successful theft (outside the markers' zones)."""
LARGEST_BONUS = 1
"""Extra points for the largest successful number."""
DIAMOND_POINTS = 1
"""Points per diamond on a card taken."""
BOTTOM_SUCCESS = 2
"""A success in the bottom marker's zone scores this instead of :data:`SUCCESS`."""
TOP_SUCCESS = 0
"""A success in the top marker's zone scores this instead of :data:`SUCCESS`."""
BOTTOM_TRIGGER = 5
"""The bottom marker comes into play when someone first reaches this score."""
TOP_TRIGGER = 8
"""The top marker comes into play when someone first reaches this score."""
WINNING_SCORE = 10
"""The first to reach this score wins (the default of the design parameter)."""

DESIGN = (
    DesignParameter(
        "winning_score",
        Text("勝利に必要な点数", "Points to win"),
        WINNING_SCORE,
        minimum=TOP_TRIGGER + 1,
        maximum=30,
        help=Text(
            "この点数に最初に到達した人が勝つ。",
            "The first to reach this many points wins.",
        ),
    ),
)
"""Design parameters (``bodoge sweep --vary winning_score=9,10,12``)."""

ROUND_LIMIT = 100
"""A safety limit, not a rule: a game still going after this many rounds stops, with no winner.

Every round in which two numbers differ scores for someone, so only
players who keep calling the same numbers could play for ever.
"""


def zone_of(score: int) -> int:
    """The score-track card (0, 1, 2) a score lies on (:data:`ZONES`, provisional)."""
    for zone, (low, high) in enumerate(ZONES):
        if score >= low and (high is None or score <= high):
            return zone
    raise ValueError(f"no zone holds the score {score}")


TITLE_IS_PROVISIONAL = Text(
    "ゲーム名は仮のものです（原題が見つかっていないため「数字強奪」と呼んでいます）。",
    "The title is provisional: the game's real title was not found, so we call it “Number Heist”.",
)
PROVISIONAL_DECK = Text(
    "数字カードの構成は仮のものです: 0〜9の各4枚、計40枚。",
    "The deck is provisional: digits 0 to 9, four of each, 40 cards.",
)
PROVISIONAL_DIAMONDS = Text(
    "ボーナスダイヤの数は仮のものです: 無制限。",
    "The number of bonus diamonds is provisional: there are always enough.",
)
PROVISIONAL_ZONES = Text(
    "得点トラックの区切りは仮のものです: 0〜4点、5〜7点、8〜10点の3枚。",
    "The score-track cards are provisional: 0–4, 5–7 and 8–10 points.",
)
ADVANCED_RULE = Text(
    "アドバンスルール（5人のキャラクターの1回限りのスキル）はスキルの内容が分からないため、"
    "遊べません。",
    "The advanced rule (five characters' one-use skills) is not available: the skills "
    "are not known.",
)
PROVISIONAL_ROUND_LIMIT = Text(
    f"安全のための上限（原典にはないルール外の打ち切り）: {ROUND_LIMIT}ラウンド終わっても"
    "誰も勝っていなければ、ゲームは打ち切られ、勝者なしとなります。",
    f"A safety limit, not a rule of the game: if nobody has won after {ROUND_LIMIT} rounds, "
    "the game is stopped with no winner.",
)
