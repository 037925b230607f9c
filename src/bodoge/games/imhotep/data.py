"""The components and fixed numbers of Imhotep, kept apart from the rules.

Facts from the rule text (the Board Game Arena help page) and the public
sources collected for the project: 30 stones a player, one of them on the
score track, so 29 in each quarry; sleds of five; ships of one to four
spaces with a minimum cargo to sail; seven round cards per player count (one
set aside unseen, six played); 34 market cards; five sites, each with an A
and a B side.

Some values no source gives; the project ships stand-ins for them, labelled
provisional here, in the docs and in the browser's rules panel, so that the
real values can replace them without touching the rules code:

* :data:`ROUND_CARDS` for three players (the two public lists disagree);
* the Pyramid B squares (:data:`PYRAMID_B_SQUARES`);
* the Temple B bonuses (:data:`TEMPLE_B_BONUSES`);
* the Obelisk B tower values (:data:`OBELISK_B_TOWERS`).

>>> len(MARKET_DECK), sum(CARD_COUNTS.values()), sorted(set(SHIP_MINIMUM.values()))
(34, 34, [1, 2, 3])
>>> [len(ROUND_CARDS[n]) for n in (2, 3, 4)]
[7, 7, 7]
"""

from __future__ import annotations

from ...engine import Text

COLOURS = ("black", "white", "brown", "grey")
"""Each seat's stone colour, seat 0 first."""

STONES = 30
"""Stones of each colour; one marks the score, the rest start in the quarry."""
QUARRY = STONES - 1
START_SLED = (2, 3, 4, 5)
"""Stones moved from the quarry to the sled at the start: start player first."""
SLED_CAPACITY = 5
TAKE = 3
"""Stones the 'take stones' action moves from the quarry to the sled (as many as fit)."""
ROUNDS = 6

SITES = ("market", "pyramid", "temple", "burial", "obelisk")
MARKET, PYRAMID, TEMPLE, BURIAL, OBELISK = range(len(SITES))
SIDES = ("A", "B")

SHIP_MINIMUM = {1: 1, 2: 1, 3: 2, 4: 3}
"""Stones a ship of each size must carry before it may sail."""
SHIPS_PER_ROUND = 4
MAX_SHIP = 4

ROUND_CARDS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    2: (
        (4, 3, 2, 2), (4, 3, 3, 1), (4, 2, 2, 1), (4, 3, 2, 1),
        (3, 2, 2, 1), (3, 3, 2, 2), (3, 3, 2, 1),
    ),
    3: (
        (3, 3, 3, 2), (4, 3, 2, 1), (4, 3, 2, 2), (4, 4, 2, 1),
        (4, 2, 2, 1), (4, 3, 3, 2), (3, 3, 2, 1),
    ),
    4: (
        (4, 4, 2, 1), (4, 3, 3, 2), (4, 3, 3, 3), (3, 3, 3, 2),
        (4, 4, 3, 2), (4, 4, 2, 2), (4, 3, 2, 2),
    ),
}  # fmt: skip
"""The ship sizes of each round card, by player count.  Three players: provisional."""

# ------------------------------------------------------------------ sites, A side

PYRAMID_A_POINTS = (2, 1, 3, 2, 4, 3, 2, 1, 3, 2, 3, 1, 3, 4)
"""Points of the Pyramid A squares in fill order.

The 3×3 level column by column, the 2×2, the top."""
PYRAMID_EXTRA = 1
"""Points for a stone placed beside a complete pyramid."""

TEMPLE_WIDTH = {2: 4, 3: 5, 4: 5}
"""Stones in one layer of the Temple."""

BURIAL_ROWS = 3
"""The Burial Chamber fills column by column, three stones a column (both sides)."""
GROUP_POINTS = (0, 1, 3, 6, 10, 15)
"""Points of a group of 1–5 stones (Burial Chamber A) or 1–5 statues; +2 for each beyond."""
GROUP_EXTRA = 2

OBELISK_A_POINTS = {2: (10, 1), 3: (12, 6, 1), 4: (15, 10, 5, 1)}
"""Obelisk A points by rank of tower height; tied ranks share (rounded down)."""

# ------------------------------------------------------------------ sites, B side

BURIAL_B_POINTS = (8, 4, 2, 0)
"""Each Burial Chamber B row: points by rank of stones in it; tied ranks share (rounded down)."""

PYRAMID_B_COUNT = 3
PYRAMID_B_SQUARES = (("draw", 1), ("take", 1), ("ship", 1), ("", 2), ("", 4))
"""Provisional.  Each small pyramid in fill order: the 2×2 base, then its top.

(bonus, points): ``draw`` a market card (a red card resolves at once),
``take`` stones as the 'take stones' action, place a stone from the sled on
a ``ship``; then the points."""

TEMPLE_B_BONUSES: dict[int, tuple[str, ...]] = {1: ("points2",), 3: ("point_or_stones",)}
"""Provisional.  Bonuses of first-layer Temple B squares (0-based position), besides
``draw`` on the layer's last square (added by the rules for the player count)."""
TEMPLE_B_DRAW = "draw"
TEMPLE_B_STONES = 2
"""Stones the 'point or stones' bonus may move from the quarry to the sled."""

OBELISK_B_TOWER = 3
"""Stones of one colour that form a tower at once on Obelisk B."""
OBELISK_B_TOWERS = (10, 8, 6, 5, 4, 3, 2, 1)
"""Provisional.  Points of the Obelisk B tower spaces from the left; a tower built
once every space is taken scores the last value."""
OBELISK_B_LEFTOVER = 1

# ------------------------------------------------------------------ market cards

CARDS = (
    "entrance", "sarcophagus", "paved_path",
    "pyramid_deco", "temple_deco", "burial_deco", "obelisk_deco",
    "statue",
    "lever", "hammer", "sail", "chisel",
)  # fmt: skip
"""The twelve kinds of market card, by their ids in actions and views."""
CARD_COUNTS = {
    "entrance": 2, "sarcophagus": 2, "paved_path": 2,
    "pyramid_deco": 2, "temple_deco": 2, "burial_deco": 2, "obelisk_deco": 2,
    "statue": 10,
    "lever": 2, "hammer": 2, "sail": 3, "chisel": 3,
}  # fmt: skip
CARD_COLOUR = {
    "entrance": "red", "sarcophagus": "red", "paved_path": "red",
    "pyramid_deco": "green", "temple_deco": "green", "burial_deco": "green",
    "obelisk_deco": "green", "statue": "purple",
    "lever": "blue", "hammer": "blue", "sail": "blue", "chisel": "blue",
}  # fmt: skip
RED_SITE = {"entrance": PYRAMID, "sarcophagus": BURIAL, "paved_path": OBELISK}
"""A red card places one stone from its taker's quarry on this site at once."""
DECO_SITE = {"pyramid_deco": PYRAMID, "temple_deco": TEMPLE, "burial_deco": BURIAL,
             "obelisk_deco": OBELISK}  # fmt: skip
"""A green card scores 1 point per 3 stones (every colour) on this site at the end."""
DECO_PER = 3
BLUE = ("lever", "hammer", "sail", "chisel")
BLUE_UNUSED = 1
"""Points for each blue card still held at the end."""
MARKET_DECK = tuple(c for c, card in enumerate(CARDS) for _ in range(CARD_COUNTS[card]))
MARKET_ROW = 4
"""Card spaces of the market; on side B the last holds two cards face down."""
MARKET_B_PAIR = 2

WRATH_PENALTY = 5
"""Pharaoh's wrath: points lost once by a player with no stone on one of the four building sites."""

# ------------------------------------------------------------------ words

SITE_NAMES = {
    "market": Text("市場", "Market"),
    "pyramid": Text("ピラミッド", "Pyramid"),
    "temple": Text("神殿", "Temple"),
    "burial": Text("埋葬室", "Burial chamber"),
    "obelisk": Text("オベリスク", "Obelisks"),
}
CARD_NAMES = {
    "entrance": Text("入口", "Entrance"),
    "sarcophagus": Text("石棺", "Sarcophagus"),
    "paved_path": Text("舗装路", "Paved path"),
    "pyramid_deco": Text("ピラミッドの装飾", "Pyramid decoration"),
    "temple_deco": Text("神殿の装飾", "Temple decoration"),
    "burial_deco": Text("埋葬室の装飾", "Burial chamber decoration"),
    "obelisk_deco": Text("オベリスクの装飾", "Obelisk decoration"),
    "statue": Text("偶像", "Statue"),
    "lever": Text("てこ", "Lever"),
    "hammer": Text("ハンマー", "Hammer"),
    "sail": Text("出航", "Sail"),
    "chisel": Text("のみ", "Chisel"),
}
CARD_EFFECTS = {
    "entrance": Text(
        "赤（すぐに）: 自分の石切り場から石を1個ピラミッドに置く。",
        "Red (at once): place one stone from your quarry on the Pyramid.",
    ),
    "sarcophagus": Text(
        "赤（すぐに）: 自分の石切り場から石を1個埋葬室に置く。",
        "Red (at once): place one stone from your quarry in the Burial chamber.",
    ),
    "paved_path": Text(
        "赤（すぐに）: 自分の石切り場から石を1個オベリスクに置く。",
        "Red (at once): place one stone from your quarry on the Obelisks.",
    ),
    "pyramid_deco": Text(
        "緑（終了時）: ピラミッドの石（全色）3個につき1点。",
        "Green (at the end): 1 point per 3 stones of any colour on the Pyramid.",
    ),
    "temple_deco": Text(
        "緑（終了時）: 神殿の石（全色）3個につき1点。",
        "Green (at the end): 1 point per 3 stones of any colour in the Temple.",
    ),
    "burial_deco": Text(
        "緑（終了時）: 埋葬室の石（全色）3個につき1点。",
        "Green (at the end): 1 point per 3 stones of any colour in the Burial chamber.",
    ),
    "obelisk_deco": Text(
        "緑（終了時）: オベリスクの石（全色）3個につき1点。",
        "Green (at the end): 1 point per 3 stones of any colour on the Obelisks.",
    ),
    "statue": Text(
        "紫（終了時）: 偶像1/2/3/4/5枚で1/3/6/10/15点、以降1枚2点。",
        "Purple (at the end): 1/2/3/4/5 statues score 1/3/6/10/15, each further one 2.",
    ),
    "lever": Text(
        "青（手番に使う）: 出航できる船を出航させ、降ろす順番を自分で決める。未使用は1点。",
        "Blue (as your turn): sail a ship that may sail and choose the order its stones "
        "unload. Unused: 1 point.",
    ),
    "hammer": Text(
        "青（手番に使う）: 石を3個ソリに取り、ソリから船に1個積む。未使用は1点。",
        "Blue (as your turn): take 3 stones to your sled, then place 1 on a ship. Unused: 1 point.",
    ),
    "sail": Text(
        "青（手番に使う）: ソリから船に1個積み、出航できればその船を出航させる。未使用は1点。",
        "Blue (as your turn): place 1 stone on a ship, then sail that ship if it may. "
        "Unused: 1 point.",
    ),
    "chisel": Text(
        "青（手番に使う）: ソリから船に石を2個積む（同じ船でも別の船でも）。未使用は1点。",
        "Blue (as your turn): place 2 stones on ships (one ship or two). Unused: 1 point.",
    ),
}
COLOUR_NAMES = {
    "black": Text("黒", "black"),
    "white": Text("白", "white"),
    "brown": Text("茶", "brown"),
    "grey": Text("灰", "grey"),
}

PROVISIONAL_ROUND_CARDS = Text(
    "暫定データ: 3人用の船カード7枚は公開資料どうしで食い違うため、"
    "長い方の一覧の7種を使っています。",
    "Provisional: the seven 3-player round cards differ between the public lists; the game "
    "uses the seven distinct cards of the longer list.",
)
PROVISIONAL_PYRAMID_B = Text(
    "暫定データ: ピラミッドB面は小ピラミッド3つ（各2×2と頂上）。土台のマスは順に"
    "「1点+カード1枚」「1点+石を取る」「1点+船に1個積む」「2点」、頂上は4点。",
    "Provisional: Pyramid B has three small pyramids (a 2×2 base and a top each). Base squares "
    "in order: 1 point + a card, 1 point + take stones, 1 point + place a stone on a ship, "
    "2 points; the top 4 points.",
)
PROVISIONAL_TEMPLE_B = Text(
    "暫定データ: 神殿B面のボーナスは最初の段だけ: 2マス目は2点、4マス目は1点か石2個まで"
    "（選択）、段の最後のマスはカード1枚。",
    "Provisional: Temple B bonuses are on the first layer only: square 2 gives 2 points, "
    "square 4 one point or up to 2 stones (your choice), the layer's last square a card.",
)
PROVISIONAL_OBELISK_B = Text(
    "暫定データ: オベリスクB面の塔のマスは左から10・8・6・5・4・3・2・1点"
    "（すべて埋まった後の塔は1点）。",
    "Provisional: the Obelisk B tower spaces score 10, 8, 6, 5, 4, 3, 2, 1 from the left "
    "(a tower after that scores 1).",
)
