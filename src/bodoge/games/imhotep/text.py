"""Player-facing words of Imhotep in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import OptionValue, Text, seat_name
from ...engine.text import signed
from .data import CARD_EFFECTS, CARD_NAMES, CARDS, COLOUR_NAMES, SITE_NAMES
from .vocabulary import CATEGORIES

TITLE = Text("イムホテップ", "Imhotep")
BLURB = Text(
    "石を切り出し、船で運び、古代エジプトの建造物を建てよう。6ラウンドで最も名声を得た建築家の勝ち。",
    "Quarry stones, ship them and build the monuments of ancient Egypt: after six rounds the "
    "most famous builder wins.",
)

SIDES_TEXT: dict[OptionValue, Text] = {
    "A": Text("すべてA面", "All A sides"),
    "B": Text("すべてB面", "All B sides"),
    "random": Text("ランダム", "Random"),
    "custom": Text("建造物ごとに指定", "Chosen per site"),
}

GLOSSARY = {
    "quarry": Text("石切り場", "quarry"),
    "sled": Text("ソリ", "sled"),
    "ship": Text("船", "ship"),
    "round_card": Text("船カード", "round card"),
    **SITE_NAMES,
    **CARD_NAMES,
}

CATEGORY_NAMES = {
    "pyramid": SITE_NAMES["pyramid"],
    "temple": SITE_NAMES["temple"],
    "burial": SITE_NAMES["burial"],
    "obelisk": SITE_NAMES["obelisk"],
    "blue": Text("未使用の青カード", "Unused blue cards"),
    "green": Text("緑カード（装飾）", "Green cards (decorations)"),
    "purple": Text("紫カード（偶像）", "Purple cards (statues)"),
    "wrath": Text("ファラオの怒り", "Pharaoh's wrath"),
}

WORDS: dict[str, Text] = {
    "round": Text("ラウンド{n}/6", "Round {n} of 6"),
    "start": Text("スタート: {name}", "Start player: {name}"),
    "quarry": Text("石切り場", "Quarry"),
    "sled": Text("ソリ", "Sled"),
    "score": Text("得点", "Score"),
    "final_score": Text("最終得点", "Final score"),
    "no_cards": Text("カードなし", "No cards"),
    "ships": Text("船", "Ships"),
    "ship_n": Text("船{n}", "Ship {n}"),
    "minimum": Text("最低{n}個で出航", "sails with {n}+"),
    "in_port": Text("港", "in port"),
    "docked_at": Text("{site}に接岸", "at the {site}"),
    "sites": Text("建造物", "Sites"),
    "side": Text("{side}面", "side {side}"),
    "face_down_pair": Text("裏向き2枚", "2 face down"),
    "empty": Text("空き", "empty"),
    "deck_left": Text("山札{n}枚", "deck: {n}"),
    "round_cards_left": Text(
        "残りの船カード{n}枚（内容は非公開）",
        "{n} round cards to come (hidden)",
        one="{n} round card to come (hidden)",
    ),
    "current_points": Text("いま終了したときの点", "Points if the game ended now"),
    "final_points": Text("最終得点", "Final points"),
    "turn_you": Text(
        "あなたの手番: 石を取る・船に積む・出航させる・青カードを使う、のどれか1つ。",
        "Your turn: take stones, place a stone, sail a ship or play a blue card.",
    ),
    "turn_other": Text("{name}の手番です。", "{name}'s turn."),
    "market_you": Text(
        "あなたの石が市場に着きました。カードを1枚取ってください。",
        "Your stone reached the market: take a card.",
    ),
    "keep_you": Text("裏向きの2枚から1枚を残してください。", "Keep one of the face-down pair."),
    "order_you": Text(
        "てこ: 次に降ろす石を選んでください。", "Lever: choose the next stone to unload."
    ),
    "lever_sail_you": Text(
        "てこ: 出航させる船と行き先を選んでください。", "Lever: choose a ship and a site."
    ),
    "sail_after_you": Text(
        "出航: 積んだ船の行き先を選んでください。", "Sail: choose where your ship goes."
    ),
    "ship_you": Text(
        "ソリの石を船の空きマスに積んでください。", "Place a stone from your sled on a ship."
    ),
    "pyramid_you": Text(
        "石を置く小ピラミッドを選んでください。", "Choose a small pyramid for your stone."
    ),
    "temple_you": Text(
        "神殿のボーナス: 1点か、石2個まで。", "Temple bonus: a point or up to 2 stones."
    ),
    "waiting_for": Text("{name}の選択を待っています。", "Waiting for {name}."),
    "take_stones": Text("石を取る", "Take stones"),
    "take_point": Text("1点", "1 point"),
    "take_two": Text("石2個まで", "Up to 2 stones"),
    "unload_hint": Text("船首（左）から順に降ろします。", "Stones unload bow (left) first."),
    "why_no_sail": Text(
        "最低積載数に足りない船は出航できません。", "A ship below its minimum cannot sail."
    ),
    "hidden_note": Text(
        "非公開: 今後の船カード（1枚は箱に戻したまま）、市場の山札の順番、市場B面の裏向き2枚。",
        "Hidden: the round cards to come (one is back in the box unseen), the market deck's "
        "order, and Market B's face-down pair.",
    ),
    "end_title": Text("最終得点", "Final scoring"),
    "total": Text("合計", "Total"),
    "sled_left": Text("ソリの石（同点時）", "Stones on sled (tie-break)"),
    "winner": Text("勝者: {names}", "Winner: {names}"),
    "tie_break": Text(
        "同点のときはソリに残っている石が多い人の勝ち。",
        "A tie goes to the player with more stones left on the sled.",
    ),
    "rules_turn": Text(
        "手番では1つだけ: 石切り場から石を3個までソリへ（ソリは5個まで）、ソリの石を船に1個積む、"
        "最低数を積んだ船を空いた建造物へ出航させる、青カードを使う。",
        "On a turn do one thing: take up to 3 stones to your sled (it holds 5), place a stone on a "
        "ship, sail a ship carrying its minimum to a free site, or play a blue card.",
    ),
    "rules_round": Text(
        "4隻すべてが出航するとラウンド終了。神殿の見えている石が1点ずつ。最後に出航させた人の次の人が"
        "次のラウンドを始めます。6ラウンドで終了。",
        "When all four ships have sailed the round ends: each visible Temple stone scores 1. The "
        "player after the one who sailed last starts the next round. Six rounds.",
    ),
    "rules_pyramid_a": Text(
        "ピラミッドA: 置いた順にマスの点（2,1,3,2,4,3,2,1,3 / 2,3,1,3 / 4）、その後は1個1点。",
        "Pyramid A: each stone scores its square at once (2,1,3,2,4,3,2,1,3 / 2,3,1,3 / 4), "
        "then 1 per stone.",
    ),
    "rules_temple_a": Text(
        "神殿A: 1段4マス（2人）か5マス。毎ラウンド終了時に上から見える石1個につき1点。",
        "Temple A: rows of 4 (2 players) or 5; at every round's end each visible stone scores 1.",
    ),
    "rules_burial_a": Text(
        "埋葬室A: 3段を列ごとに埋める。終了時、つながった自分の石1/2/3/4/5個で"
        "1/3/6/10/15点、以降1個2点。",
        "Burial chamber A: filled column by column, 3 high. At the end each connected group of "
        "1/2/3/4/5 stones scores 1/3/6/10/15, +2 per further stone.",
    ),
    "rules_obelisk_a": Text(
        "オベリスクA: 終了時、塔の高さの順位で得点（同順位は合計を等分、切り捨て）。",
        "Obelisks A: at the end, points by tower height (tied places share, rounded down).",
    ),
    "rules_market": Text(
        "市場: 降ろした順に石の持ち主がカードを1枚取り、石は石切り場へ戻る。B面では1マスが裏向き2枚"
        "（見て1枚残し、もう1枚は捨てる）。",
        "Market: in unloading order each stone's owner takes a card; the stone goes home. Side B: "
        "one space holds 2 face down (look, keep one, discard the other).",
    ),
    "rules_b": Text(
        "B面: ピラミッドは小ピラミッド3つ（置き先を選ぶ・ボーナスあり）、神殿は最初の段にボーナス、"
        "埋葬室は段ごとの多数決（8/4/2/0点）、オベリスクは同色3個で塔（すぐ得点）。",
        "B sides: Pyramid has three small pyramids (you pick; bonuses), Temple bonuses on its "
        "first layer, Burial chamber scores each row by majority (8/4/2/0), Obelisks build a "
        "tower from 3 stones of a colour (scored at once).",
    ),
    "rules_wrath": Text(
        "ファラオの怒り: 4つの建造物のどれかに石がない人は終了時に5点失う（1回だけ）。",
        "Pharaoh's wrath: without a stone on any one of the four building sites, lose 5 points "
        "at the end (once).",
    ),
    **{f"card_{card}": CARD_NAMES[card] for card in CARDS},
    **{f"effect_{card}": CARD_EFFECTS[card] for card in CARDS},
    **{f"site_{site}": name for site, name in SITE_NAMES.items()},
    **{f"colour_{colour}": name for colour, name in COLOUR_NAMES.items()},
    **{f"cat_{cat}": CATEGORY_NAMES[cat] for cat in CATEGORIES},
}


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view."""
    lines = [
        WORDS["round"].format(n=view["round"])(lang)
        + " · "
        + WORDS["start"].format(name=seat_name(view["start"], lang))(lang)
    ]
    for n, ship in enumerate(view["ships"]):
        cargo = "".join("." if s is None else str(s + 1) for s in ship["cargo"])
        where = (
            WORDS["docked_at"].format(site=SITE_NAMES[ship["site"]](lang))(lang)
            if ship["site"]
            else WORDS["in_port"](lang)
        )
        lines.append(
            f"{WORDS['ship_n'].format(n=n + 1)(lang)} [{cargo}] min {ship['minimum']} {where}"
        )
    market = " ".join(CARD_NAMES[c](lang) if c else "-" for c in view["market"])
    if view["face_down"]:
        market += f" + {WORDS['face_down_pair'](lang)}"
    lines.append(f"{WORDS['site_market'](lang)}: {market}")
    for player in view["players"]:
        seat = player["seat"]
        cards = " ".join(CARD_NAMES[c](lang) for c in player["cards"]) or "-"
        lines.append(
            f"{seat_name(seat, lang)}: {WORDS['quarry'](lang)} {player['quarry']} · "
            f"{WORDS['sled'](lang)} {player['sled']} · {WORDS['score'](lang)} {player['score']} "
            f"· {cards}"
        )
    return "\n".join(lines)


_SUMMARY = {
    "seat_points": Text(
        "{name}: {total}点（{parts}。同点時のソリの石 {sled}）",
        "{name}: {total} ({parts}; stones on sled for a tie-break {sled})",
    ),
    "no_points": Text("得点なし", "no points"),
}


def summary_lines(
    final: Sequence[Sequence[int]],
    sleds: Sequence[int],
    winners: Sequence[int],
    lang: str,
    names: Sequence[str] | None = None,
) -> list[str]:
    """The end of the game for people: each seat's points site by site, tie-break, winners."""
    lines = []
    for seat, row in enumerate(final):
        parts = [
            f"{CATEGORY_NAMES[cat](lang)} {signed(value)}"
            for cat, value in zip(CATEGORIES, row, strict=True)
            if value
        ]
        words = _SUMMARY["seat_points"].format(
            name=seat_name(seat, lang, names),
            total=signed(sum(row)),
            parts=("、" if lang == "ja" else ", ").join(parts) or _SUMMARY["no_points"](lang),
            sled=sleds[seat],
        )
        lines.append(words(lang))
    who = ", ".join(seat_name(s, lang, names) for s in winners)
    lines.append(WORDS["winner"].format(names=who)(lang))
    return lines
