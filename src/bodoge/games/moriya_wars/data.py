"""The components and fixed numbers of Moriya Wars, kept apart from the rules.

Facts from the rule text: six dice; faces 2 to 5 name the four regions,
face 1 takes money and face 6 steals it; the region of face 2 (Hakurei
Shrine) holds at most 2 chips, face 3 (Hakugyokurou) 4 and face 4 (Moriya
Shrine) 6 (the caps of the text's own examples); a swap turn is played
with three dice; identities ① and ⑤ and their conditions.

Provisional data (the text does not give it; shipped labelled, replaceable
here without touching the rules):

* face 5's region, the Human Village, and its cap of 8;
* the chips: 9 human, 9 youkai (the box's 18 plastic chips) and 10 money
  chips (its 10 acrylic chips), split as the text does not say;
* the conditions of identities ② ③ ④ (only ① and ⑤ are described).

One number is no rule at all: :data:`TURN_LIMIT`, a safety stop (see there).

>>> [REGION_FACE[r] for r in range(len(REGIONS))], CAPS, sum(CAPS)
([2, 3, 4, 5], (2, 4, 6, 8), 20)
"""

from __future__ import annotations

from ...engine import Text

DICE = 6
"""Dice rolled on a turn."""
SWAP_DICE = 3
"""Dice rolled on the extra turn after a swap of identities."""
SWAP_AT = 4
"""A face showing on at least this many dice allows a swap instead of the action."""

MONEY_FACE, STEAL_FACE = 1, 6
REGIONS = ("hakurei", "hakugyokuro", "moriya", "village")
"""The regions, by their ids in actions and views: faces 2, 3, 4 and 5."""
REGION_FACE = (2, 3, 4, 5)
CAPS = (2, 4, 6, 8)
"""Chips a region holds at most.  The last (face 5) is provisional."""
FACE_REGION = {face: region for region, face in enumerate(REGION_FACE)}

SIDES = ("human", "youkai")
HUMAN, YOUKAI = range(len(SIDES))
CHIPS = (9, 9)
"""Human and youkai chips in the supply at the start (provisional)."""
MONEY = 10
"""Money chips in the supply at the start (provisional)."""

IDENTITIES = (1, 2, 3, 4, 5)
"""The identity cards by number; the lowest number wins among several winners."""
HALF_PHANTOM = 5
"""⑤, removed before dealing in a three-player game; the only one that may claim."""
FULL_AND_TIED = 3
"""⑤ needs at least this many regions full with as many humans as youkai."""

TURN_LIMIT = 200
"""A safety limit, not a rule: a game still going after this many turns stops, with no winner.

Every turn either places chips, takes money or spends it, so the supplies
run down and random play ends a game in a few dozen turns; the limit only
guards against a game in which every player passes for ever.
"""
TAKE_BACK_LIMIT = 12
"""Dice a player may take back while choosing one bribe: a safety bound, not a rule.

Choosing is free until the reroll; the bound only gives every game a
longest length (the adapters and the conformance suite need one).
"""

PROVISIONAL = (
    (
        "village",
        Text(
            "5の目の地域「人間の里」と上限8枚は仮の値です（原典のルール文に記載がありません）。",
            "Face 5's region, the Human Village, and its cap of 8 chips are stand-ins: the rule "
            "text does not give them.",
        ),
    ),
    (
        "chips",
        Text(
            "チップの数（人間9枚・妖怪9枚・お金10枚）は仮の値です。",
            "The chip counts (9 human, 9 youkai, 10 money) are stand-ins.",
        ),
    ),
    (
        "identities",
        Text(
            "②妖怪の賢者・③守銭奴・④調停者の勝利条件は仮の値です（原典には①と⑤しかありません）。",
            "The win conditions of ② Youkai Sage, ③ Miser and ④ Mediator are stand-ins: the text "
            "describes only ① and ⑤.",
        ),
    ),
    (
        "turn_limit",
        Text(
            f"安全のための上限（ルール外）: {TURN_LIMIT}手番を過ぎても終わらなければ打ち切り、"
            "勝者なしとなります。",
            f"A safety limit, not a rule of the game: a game not over after {TURN_LIMIT} turns "
            "is stopped with no winner.",
        ),
    ),
)
"""Every provisional value, in words for players (the rules panel and ``Game.provisional``)."""

REGION_NAMES = {
    "hakurei": Text("博麗神社", "Hakurei Shrine"),
    "hakugyokuro": Text("白玉楼", "Hakugyokurou"),
    "moriya": Text("守矢神社", "Moriya Shrine"),
    "village": Text("人間の里", "Human Village"),
}
SIDE_NAMES = {"human": Text("人間", "human"), "youkai": Text("妖怪", "youkai")}

IDENTITY_NAMES = {
    1: Text("①現人神", "① Living God"),
    2: Text("②妖怪の賢者", "② Youkai Sage"),
    3: Text("③守銭奴", "③ Miser"),
    4: Text("④調停者", "④ Mediator"),
    5: Text("⑤半人半霊", "⑤ Half-Phantom"),
}
IDENTITY_GOALS = {
    1: Text(
        "人間が多い地域の数が、妖怪が多い地域の数より多い（同数の地域はどちらにも数えない）。",
        "Humans lead in more regions than youkai do (a tied region counts for neither).",
    ),
    2: Text(
        "妖怪が多い地域の数が、人間が多い地域の数より多い（仮）。",
        "Youkai lead in more regions than humans do (provisional).",
    ),
    3: Text(
        "お金を単独で最も多く持っている（仮）。",
        "You hold more money than every other player (provisional).",
    ),
    4: Text(
        "どの地域も人間と妖怪が同数（仮）。",
        "No region has more of one side than the other (provisional).",
    ),
    5: Text(
        "3つ以上の地域が上限まで埋まり、人間と妖怪が同数。満たした瞬間に正体を明かして勝利を"
        "宣言できる（間違いなら脱落）。",
        "At least three regions are full and tied. You may reveal yourself and win the moment "
        "it holds (a false claim puts you out).",
    ),
}
