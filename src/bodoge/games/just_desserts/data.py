"""The components and fixed numbers of Just Desserts, kept apart from the rules.

Facts from the rule text and the card data collected from the published
Board Game Arena implementation: 76 base dessert cards, each one named
dessert carrying one to four taste icons; 24 base guests, four of each of
six colours, each wanting some tastes (all of them must be served),
refusing others (none may be served) and naming zero to two favourite
desserts.  Better with Bacon adds six desserts and a seventh colour of four
guests, Just Coffee the same with an eighth colour.

The colour names are the implementation's grouping (which physical icon
each stands for is not known; only the grouping matters for play).

Two numbers are not in any source: :data:`TURN_LIMIT` and
:data:`TAKE_BACK_LIMIT`, safety bounds the platform adds (labelled).

>>> len(DESSERTS), len(GUESTS), len(deck_desserts(False, False)), len(deck_guests(True, True))
(88, 32, 76, 32)
>>> [len(d.tastes) for d in DESSERTS[:76]].count(1)
17
"""

# ruff: noqa: E501  (the card tables keep one card a line)
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Text

TASTES = (
    "chocolate",
    "cookie",
    "nuts",
    "pie",
    "spices",
    "ice_cream",
    "fruit",
    "cake",
    "marshmallow",
    "pastry",
    "veggies",
    "pudding",
    "bacon",
    "coffee",
)
"""The taste icons, by their ids in views (the last two come with the expansions)."""

TASTE_NAMES = {
    "chocolate": Text("チョコレート", "Chocolate"),
    "cookie": Text("クッキー", "Cookie"),
    "nuts": Text("ナッツ", "Nuts"),
    "pie": Text("パイ", "Pie"),
    "spices": Text("スパイス", "Spices"),
    "ice_cream": Text("アイスクリーム", "Ice cream"),
    "fruit": Text("フルーツ", "Fruit"),
    "cake": Text("ケーキ", "Cake"),
    "marshmallow": Text("マシュマロ", "Marshmallow"),
    "pastry": Text("ペストリー", "Pastry"),
    "veggies": Text("野菜", "Veggies"),
    "pudding": Text("プディング", "Pudding"),
    "bacon": Text("ベーコン", "Bacon"),
    "coffee": Text("コーヒー", "Coffee"),
}

COLOURS = ("blue", "green", "red", "purple", "orange", "yellow", "brown", "pink")
"""Guest colours: six base, brown with Better with Bacon, pink with Just Coffee."""

COLOUR_NAMES = {
    "blue": Text("青", "Blue"),
    "green": Text("緑", "Green"),
    "red": Text("赤", "Red"),
    "purple": Text("紫", "Purple"),
    "orange": Text("オレンジ", "Orange"),
    "yellow": Text("黄", "Yellow"),
    "brown": Text("茶", "Brown"),
    "pink": Text("ピンク", "Pink"),
}

BASE, BACON, COFFEE = "base", "bacon", "coffee"


@dataclass(frozen=True)
class Dessert:
    id: str
    name: Text
    tastes: tuple[str, ...]
    pack: str = BASE


@dataclass(frozen=True)
class Guest:
    id: str
    name: Text
    colour: str
    wants: tuple[str, ...]
    refuses: tuple[str, ...]
    favourites: tuple[str, ...]
    """Dessert ids; empty for a guest whose favourite is a taste (or who has none)."""
    favourite_taste: str = ""
    """"Anything with bacon/coffee": every served dessert with this taste is a favourite."""
    pack: str = BASE


def _d(ident: str, en: str, ja: str, tastes: str, pack: str = BASE) -> Dessert:
    return Dessert(ident, Text(ja, en), tuple(tastes.split()), pack)


DESSERTS = (
    _d("black_forest_cake", "Black forest cake", "黒い森のケーキ", "chocolate fruit cake"),
    _d("boston_cream_pie", "Boston cream pie", "ボストンクリームパイ", "cake pudding pie chocolate"),
    _d("bread_pudding", "Bread pudding", "ブレッドプディング", "spices pudding"),
    _d("butter_pecan_ice_cream", "Butter pecan ice cream", "バターピーカンアイス", "nuts ice_cream"),
    _d("cake_donut", "Cake donut with sprinkles", "スプリンクルのケーキドーナツ", "cake pastry"),
    _d("candied_ginger", "Candied ginger", "ジンジャーの砂糖漬け", "spices"),
    _d("candied_yams", "Candied yams", "スイートポテトの甘煮", "marshmallow veggies"),
    _d("caramel_nut_torte", "Caramel nut torte", "キャラメルナッツトルテ", "nuts cake"),
    _d("carrot_cake", "Carrot cake", "キャロットケーキ", "cake veggies"),
    _d("cheesecake", "Cheesecake", "チーズケーキ", "pie"),
    _d("ambrosia_salad", "Ambrosia salad", "アンブロシアサラダ", "marshmallow fruit"),
    _d("cherry_pie", "Cherry pie", "チェリーパイ", "fruit pie"),
    _d("chocolate_angel_food_cake", "Chocolate angel food cake", "チョコエンゼルケーキ", "chocolate cake"),
    _d("chocolate_candy_bar", "Chocolate candy bar", "チョコレートバー", "chocolate"),
    _d("chocolate_chip_cookies", "Chocolate chip cookies", "チョコチップクッキー", "chocolate cookie"),
    _d("chocolate_marshmallows", "Chocolate covered marshmallows", "チョコがけマシュマロ", "marshmallow chocolate"),
    _d("chocolate_cream_pie", "Chocolate cream pie", "チョコクリームパイ", "chocolate pie pudding"),
    _d("chocolate_strawberries", "Chocolate dipped strawberries", "チョコがけイチゴ", "chocolate fruit"),
    _d("chocolate_eclair", "Chocolate eclair", "チョコエクレア", "chocolate pudding pastry"),
    _d("chocolate_fondue", "Chocolate fondue", "チョコレートフォンデュ", "chocolate fruit marshmallow"),
    _d("chocolate_frosted_donut", "Chocolate frosted donut", "チョコがけドーナツ", "chocolate pastry"),
    _d("apple_pie_a_la_mode", "Apple pie à la mode", "アップルパイ・アラモード", "fruit pie ice_cream"),
    _d("chocolate_mousse", "Chocolate mousse", "チョコレートムース", "chocolate pudding"),
    _d("chocolate_sandwich_cookies", "Chocolate sandwich cookies", "チョコサンドクッキー", "chocolate cookie"),
    _d("cinnamon_roll", "Cinnamon roll", "シナモンロール", "spices pastry"),
    _d("coconut_custard_pie", "Coconut custard pie", "ココナッツカスタードパイ", "nuts pudding pie"),
    _d("coconut_macaroons", "Coconut macaroons", "ココナッツマカロン", "cookie nuts"),
    _d("coffee_cake", "Coffee cake", "コーヒーケーキ", "cake spices nuts"),
    _d("creme_brulee", "Crème brûlée", "クレームブリュレ", "pudding"),
    _d("crispy_rice_treats", "Crispy rice treats", "ライスクリスピー", "marshmallow cookie"),
    _d("profiteroles", "Profiteroles", "プロフィトロール", "ice_cream pastry"),
    _d("devils_food_cupcakes", "Devil's food cupcakes", "デビルズフードカップケーキ", "chocolate cake"),
    _d("apple_turnover", "Apple turnover", "アップルターンオーバー", "pastry fruit"),
    _d("fortune_cookies", "Fortune cookies", "フォーチュンクッキー", "cookie"),
    _d("fruit_cake", "Fruit cake", "フルーツケーキ", "fruit cake nuts"),
    _d("fruit_salad", "Fruit salad", "フルーツサラダ", "fruit"),
    _d("fudge", "Fudge", "ファッジ", "chocolate"),
    _d("gingerbread", "Gingerbread dudes", "ジンジャーブレッドマン", "spices cookie"),
    _d("glazed_donut", "Glazed donut", "グレーズドドーナツ", "pastry"),
    _d("hot_fudge_sundae", "Hot fudge sundae", "ホットファッジサンデー", "chocolate ice_cream"),
    _d("ice_cream_cake", "Ice cream cake", "アイスクリームケーキ", "ice_cream cake"),
    _d("ice_cream_cone", "Ice cream cone", "アイスクリームコーン", "ice_cream cookie"),
    _d("ice_cream_sandwich", "Ice cream sandwich", "アイスクリームサンド", "ice_cream chocolate cookie"),
    _d("baked_alaska", "Baked Alaska", "ベイクドアラスカ", "chocolate cake fruit ice_cream"),
    _d("lemon_squares", "Lemon cookie squares", "レモンクッキースクエア", "fruit cookie"),
    _d("mint_milk_shake", "Mint chocolate milk shake", "ミントチョコシェイク", "chocolate ice_cream"),
    _d("napoleon", "Napoléon", "ナポレオンパイ", "pastry"),
    _d("zucchini_muffin", "Zucchini muffin", "ズッキーニマフィン", "veggies cake"),
    _d("oatmeal_raisin_cookies", "Oatmeal raisin cookies", "オートミールレーズンクッキー", "cookie fruit"),
    _d("orange_sherbet", "Orange sherbet", "オレンジシャーベット", "fruit ice_cream"),
    _d("peach_cobbler", "Peach cobbler", "ピーチコブラー", "pie fruit"),
    _d("peanut_brittle", "Peanut brittle", "ピーナッツブリトル", "nuts"),
    _d("peanut_butter_cookies", "Peanut butter cookies", "ピーナッツバタークッキー", "nuts cookie"),
    _d("peanut_butter_cups", "Peanut butter cups", "ピーナッツバターカップ", "chocolate nuts"),
    _d("baklava", "Baklava", "バクラヴァ", "nuts pastry"),
    _d("pecan_pie", "Pecan pie", "ピーカンパイ", "pie nuts"),
    _d("pineapple_cake", "Pineapple upside-down cake", "パイナップルアップサイドダウンケーキ", "cake fruit"),
    _d("pound_cake", "Pound cake", "パウンドケーキ", "cake"),
    _d("pumpkin_ice_cream", "Pumpkin ice cream", "パンプキンアイス", "ice_cream veggies"),
    _d("zucchini_nut_bread", "Zucchini nut bread", "ズッキーニナッツブレッド", "veggies nuts cake"),
    _d("pumpkin_pie", "Pumpkin pie", "パンプキンパイ", "veggies pie"),
    _d("rhubarb_crumble", "Rhubarb crumble", "ルバーブクランブル", "veggies pastry"),
    _d("smores", "S'mores", "スモア", "chocolate marshmallow cookie"),
    _d("shoo_fly_pie", "Shoo fly pie", "シューフライパイ", "pie"),
    _d("spice_cake", "Spice cake", "スパイスケーキ", "spices cake"),
    _d("banana_pudding", "Banana pudding", "バナナプディング", "fruit pudding cookie"),
    _d("strawberry_ice_cream", "Strawberry ice cream", "ストロベリーアイス", "fruit ice_cream"),
    _d("strawberry_shortcake", "Strawberry shortcake", "イチゴのショートケーキ", "fruit cake"),
    _d("sugar_cookies", "Sugar cookies", "シュガークッキー", "cookie"),
    _d("tapioca_pudding", "Tapioca pudding", "タピオカプディング", "pudding"),
    _d("toasted_marshmallows", "Toasted marshmallows", "焼きマシュマロ", "marshmallow"),
    _d("vanilla_ice_cream", "Vanilla ice cream", "バニラアイス", "ice_cream"),
    _d("walnut_brownies", "Walnut brownies", "クルミのブラウニー", "chocolate nuts cookie"),
    _d("yellow_cake", "Yellow cake", "イエローケーキ", "cake"),
    _d("banana_split", "Banana split", "バナナスプリット", "chocolate fruit ice_cream"),
    _d("belgian_waffles", "Belgian waffles", "ベルギーワッフル", "fruit pastry"),
    _d("candied_bacon", "Candied bacon", "ベーコンの砂糖漬け", "bacon", BACON),
    _d("maple_bacon_donut", "Maple bacon donut", "メープルベーコンドーナツ", "bacon pastry", BACON),
    _d("bacon_chip_cookies", "Bacon chip cookies", "ベーコンチップクッキー", "chocolate bacon cookie", BACON),
    _d("bacon_ice_cream", "Bacon ice cream", "ベーコンアイス", "bacon ice_cream", BACON),
    _d("chocolate_dipped_bacon", "Chocolate dipped bacon", "チョコがけベーコン", "chocolate bacon", BACON),
    _d("chocolate_bacon_cupcakes", "Chocolate bacon cupcakes", "チョコベーコンカップケーキ", "chocolate bacon cake", BACON),
    _d("cup_of_coffee", "Cup of coffee", "一杯のコーヒー", "coffee", COFFEE),
    _d("tiramisu", "Tiramisu", "ティラミス", "coffee cake chocolate", COFFEE),
    _d("coffee_and_donut", "Coffee with a donut", "コーヒーとドーナツ", "coffee pastry", COFFEE),
    _d("mocha_cheesecake", "Mocha cheesecake", "モカチーズケーキ", "coffee pie chocolate", COFFEE),
    _d("coffee_ice_cream", "Coffee ice cream", "コーヒーアイス", "coffee ice_cream", COFFEE),
    _d("chocolate_espresso_beans", "Chocolate espresso beans", "チョコエスプレッソビーンズ", "chocolate coffee", COFFEE),
)  # fmt: skip
"""Every dessert card (all distinct), in the implementation's numbering (#1 is index 0)."""

DESSERT_INDEX = {dessert.id: index for index, dessert in enumerate(DESSERTS)}


def _g(
    ident: str,
    en: str,
    ja: str,
    colour: str,
    wants: str,
    refuses: str = "",
    favourites: str = "",
    taste: str = "",
    pack: str = BASE,
) -> Guest:
    return Guest(
        ident,
        Text(ja, en),
        colour,
        tuple(wants.split()),
        tuple(refuses.split()),
        tuple(favourites.split()),
        taste,
        pack,
    )


GUESTS = (
    _g("agent_17", "Agent 17", "エージェント17", "red", "pastry fruit", "nuts", "apple_turnover belgian_waffles"),
    _g("bob_fruitcake", "Bob Fruitcake", "ボブ・フルーツケーキ", "purple", "fruit cake nuts", "", "fruit_cake"),
    _g("boston_guy", "Boston Guy", "ボストンの男", "green", "cake pudding pie chocolate", "", "boston_cream_pie"),
    _g("candice", "Candice", "キャンディス", "purple", "marshmallow veggies", "chocolate", "candied_yams"),
    _g("fuzzy", "Fuzzy", "ファジー", "green", "chocolate nuts", "marshmallow", "peanut_butter_cups"),
    _g("inga", "Inga", "インガ", "green", "ice_cream chocolate cookie", "", "ice_cream_sandwich"),
    _g("mary_ann", "Mary Ann", "メアリー・アン", "blue", "pie pudding nuts", "", "coconut_custard_pie"),
    _g("mojo", "Mojo", "モジョ", "blue", "fruit cake ice_cream chocolate", "", "baked_alaska"),
    _g("mr_healthy", "Mr. Healthy", "ミスター・ヘルシー", "orange", "veggies pie", "chocolate", "pumpkin_pie"),
    _g("mrs_jenkins", "Mrs. Jenkins", "ジェンキンス夫人", "red", "veggies cake nuts", "", "zucchini_nut_bread"),
    _g("granny", "Granny", "おばあちゃん", "blue", "fruit pie ice_cream", "", "apple_pie_a_la_mode"),
    _g("nature_girl", "Nature Girl", "自然派の女の子", "orange", "fruit spices veggies"),
    _g("roland", "Roland", "ローランド", "green", "spices pastry", "fruit", "cinnamon_roll"),
    _g("astronaut", "The Astronaut", "宇宙飛行士", "purple", "chocolate cookie", "nuts", "chocolate_chip_cookies chocolate_sandwich_cookies"),
    _g("dude", "The Dude", "あいつ", "yellow", "fruit chocolate marshmallow", "", "chocolate_fondue"),
    _g("emperor", "The Emperor", "皇帝", "yellow", "cake chocolate", "fruit veggies", "devils_food_cupcakes chocolate_angel_food_cake"),
    _g("hermit", "The Hermit", "世捨て人", "yellow", "chocolate pastry pudding", "", "chocolate_eclair"),
    _g("hippie", "The Hippie", "ヒッピー", "orange", "ice_cream chocolate fruit", "", "banana_split"),
    _g("little_boy", "The Little Boy", "男の子", "red", "chocolate marshmallow cookie", "", "smores"),
    _g("little_girl", "The Little Girl", "女の子", "red", "ice_cream cake", "veggies", "ice_cream_cake"),
    _g("lumberjack", "The Lumberjack", "木こり", "yellow", "ice_cream cookie", "nuts", "ice_cream_cone"),
    _g("tourist", "The Tourist", "観光客", "orange", "fruit cake chocolate", "", "black_forest_cake"),
    _g("wally", "Wally", "ウォーリー", "purple", "cookie chocolate nuts", "", "walnut_brownies"),
    _g("professor", "The Professor", "教授", "blue", "fruit cake", "chocolate", "strawberry_shortcake pineapple_cake"),
    _g("kevin", "Kevin", "ケビン", "brown", "chocolate bacon cake", "", "chocolate_bacon_cupcakes", "", BACON),
    _g("abraham_bacon", "Abraham Bacon", "エイブラハム・ベーコン", "brown", "bacon", "", "", "bacon", BACON),
    _g("farmer", "The Farmer", "農家", "brown", "cookie chocolate bacon", "", "bacon_chip_cookies", "", BACON),
    _g("vegetarian", "The Vegetarian", "ベジタリアン", "brown", "fruit chocolate", "bacon marshmallow", "chocolate_strawberries", "", BACON),
    _g("doctor_coffee", "Doctor Coffee", "ドクター・コーヒー", "pink", "coffee", "", "", "coffee", COFFEE),
    _g("movie_star", "The Movie Star", "映画スター", "pink", "coffee cake chocolate", "", "tiramisu", "", COFFEE),
    _g("conceptual_artist", "The Conceptual Artist", "コンセプチュアル・アーティスト", "pink", "cake spices nuts", "", "coffee_cake", "", COFFEE),
    _g("mr_jitters", "Mr. Jitters", "ミスター・ジッターズ", "pink", "coffee chocolate", "fruit", "chocolate_espresso_beans", "", COFFEE),
)  # fmt: skip
"""Every guest card (four per colour)."""

GUEST_INDEX = {guest.id: index for index, guest in enumerate(GUESTS)}


def packs(bacon: bool, coffee: bool) -> tuple[str, ...]:
    return (BASE,) + ((BACON,) if bacon else ()) + ((COFFEE,) if coffee else ())


def deck_desserts(bacon: bool, coffee: bool) -> tuple[int, ...]:
    """The dessert cards in play with these expansions (indices into :data:`DESSERTS`)."""
    used = packs(bacon, coffee)
    return tuple(i for i, dessert in enumerate(DESSERTS) if dessert.pack in used)


def deck_guests(bacon: bool, coffee: bool) -> tuple[int, ...]:
    """The guest cards in play with these expansions (indices into :data:`GUESTS`)."""
    used = packs(bacon, coffee)
    return tuple(i for i, guest in enumerate(GUESTS) if guest.pack in used)


START_HAND = 3
"""Dessert cards dealt to each player."""
START_GUESTS = 3
"""Guests face up in the middle at the start (whatever the player count)."""
MAX_SERVES = 2
"""Guests a player may serve in one turn."""
SERVES_AFTER_BUFFET = 1
BUFFET_CARDS = 4
"""Single-icon desserts discarded to open a buffet."""
BUFFET_DRAW = 3
WIN_COLOURS = 5
"""Guests of this many different colours win at once."""
WIN_SAME = 3
"""Guests of one colour that win at once."""

TURN_LIMIT = 400
"""A safety limit, not a rule: a game still going after this many turns stops, with no winner.

Dessert decks reshuffle for ever, so nothing in the rules ends a game in
which nobody serves.  Heuristic games end in a few dozen turns (bench/README.md).
"""
TAKE_BACK_LIMIT = 6
"""Take-backs (a dessert back to hand, a choice called off) one player may make in a turn.

A safety bound, not a rule: choosing is free until it is confirmed; the
bound only gives every game a longest length and lies far beyond any
person's choosing.  Once it is spent nothing more can be taken back and no
new choice can be started this turn (drawing a dessert or ending the turn
still can).
"""

PROVISIONAL_LIMITS = Text(
    f"安全のための上限（原典にはないルール外の打ち切り）: {TURN_LIMIT}手番を過ぎても"
    "誰も勝っていなければ、ゲームは打ち切られ、勝者なしとなります。デザートの山と捨て札が尽き、"
    "次のお客さんもなく、誰も給仕・引き抜き・ビュッフェができなくなったときも（この先何も"
    "変わらないため）同じく打ち切ります。また、1手番に取り消せるのは"
    f"{TAKE_BACK_LIMIT}回までです。",
    f"Safety limits, not rules of the game: if nobody has won after {TURN_LIMIT} turns, the "
    "game is stopped with no winner, and so it is at once when it is stuck (no desserts left "
    "to draw, no guest to come, and nobody able to serve, poach or open a buffet, so nothing "
    f"could change any more); and a player may take back at most {TAKE_BACK_LIMIT} "
    "choices in one turn.",
)


def guest_points(won: Sequence[int]) -> int:
    """The end score when the guests run out: one per guest, one per colour held exactly twice.

    >>> guest_points([GUEST_INDEX[g] for g in ("mojo", "granny", "inga")])
    4
    """
    counts = Counter(GUESTS[g].colour for g in won)
    return len(won) + sum(1 for count in counts.values() if count == 2)
