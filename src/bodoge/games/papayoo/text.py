"""Player-facing words of Papayoo in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import OptionValue, Text, seat_name
from .actions import card_name
from .data import SUIT_NAMES, SUIT_SYMBOLS, SUITS

TITLE = Text("パパヨー", "Papayoo")
BLURB = Text(
    "取らないほうがいいトリックテイキング。パヨーは数字が失点、サイコロで決まる7は40点。",
    "A trick-taking game where you avoid points: Payoo cards cost their number, "
    "and the 7 the die picks costs 40.",
)

GLOSSARY = {
    "payoo": Text("パヨー（失点のスート）", "Payoo (the points suit)"),
    "papayoo": Text(
        "パパヨー（サイコロで決まるスートの7、40点）", "Papayoo (the die's 7: 40 points)"
    ),
    "trick": Text("トリック", "trick"),
    "lead": Text("リード", "lead"),
    "follow_suit": Text("マストフォロー", "follow suit"),
    "pass": Text("カードを渡す", "passing cards"),
    "dealer": Text("親", "dealer"),
    "hand": Text("ハンド（1回の配り）", "hand (one deal)"),
    "points": Text("失点", "points"),
}
HAND_UNIT = Text("ハンド", "hands")
"""What Papayoo's length is counted in (``Game.length_unit``): one deal played out."""

HAND_COUNT_TEXT: dict[OptionValue, Text] = {
    "one": Text("1ハンドだけ", "one hand"),
    "n": Text("1人1ハンド（人数と同じ）", "one per player"),
    "2n": Text("1人2ハンド（人数の2倍）", "two per player"),
    "3n": Text("1人3ハンド（人数の3倍）", "three per player"),
}
"""The ``hands`` option's values in words."""

# The words of the table (templates/papayoo.html reads them as t("key")).
SHIFTING_PASS_WORDS = Text(
    "1ハンド目は1つ左、2ハンド目は2つ左の人へと、渡す先が毎ハンド1つずつ遠くなる。"
    "一周して自分に戻るハンド（人数の倍数のハンド）は渡さない。",
    "Hand 1 passes one seat to the left, hand 2 two seats, and so on round the table; a hand "
    "that comes back round to yourself (each multiple of the number of players) passes nothing.",
)

WORDS: dict[str, Text] = {
    "payoo_card": Text("パヨー{n}", "Payoo {n}"),
    "suit_S": Text("♠スペード", "♠ spades"),
    "suit_H": Text("♥ハート", "♥ hearts"),
    "suit_C": Text("♣クラブ", "♣ clubs"),
    "suit_D": Text("♦ダイヤ", "♦ diamonds"),
    "suit_P": Text("パヨー", "Payoo"),
    "pass_you": Text(
        "{name}に渡すカードを{count}枚選んでください（{chosen}/{count}）。"
        "カードをもう一度押すと選択を外せます。",
        "Choose {count} cards to pass to {name} ({chosen}/{count}). Click a chosen card again to "
        "take it back.",
    ),
    "pass_other": Text(
        "全員が渡すカード{count}枚を選んでいます", "Everyone is choosing {count} cards to pass"
    ),
    "pass_done": Text(
        "渡すカードを決めました。他の人を待っています。",
        "Your cards are ready to go; waiting for the others.",
    ),
    "confirm": Text("このカードを渡す", "Pass these cards"),
    "lead_you": Text(
        "好きなカードを1枚出してトリックを始めます", "Lead any card to start the trick"
    ),
    "follow_you": Text(
        "{suit}があれば出さなければなりません（マストフォロー）", "Follow {suit} if you can"
    ),
    "play_other": Text("{name}がカードを出す番です", "{name} to play"),
    "hand_of": Text("第{hand}ハンド（全{hands}）", "Hand {hand} of {hands}"),
    "dealer": Text("親: {name}", "Dealer: {name}"),
    "dealer_tag": GLOSSARY["dealer"],
    "papayoo_is": Text("パパヨーは{card}（40点）", "The Papayoo is {card} (40 points)"),
    "papayoo_later": Text(
        "パパヨーはカードを渡した後にサイコロで決まります",
        "The die picks the Papayoo after the pass",
    ),
    "no_pass": Text("このハンドはカードを渡しません", "No passing this hand"),
    "pass_left": Text("{count}枚を左隣に渡すハンド", "{count} cards go to the left this hand"),
    "pass_left_far": Text(
        "{count}枚を{seats}人左に渡すハンド", "{count} cards go {seats} seats to the left this hand"
    ),
    "trick": Text("場のトリック", "Trick"),
    "trick_empty": Text("{name}がリードします", "{name} leads"),
    "last_trick": Text("前のトリック", "Last trick"),
    "last_trick_of": Text("第{hand}ハンドの最後のトリック", "Last trick of hand {hand}"),
    "last_trick_note": Text(
        "{name}が取りました（{n}点）", "won by {name} ({n} points)", one="won by {name} ({n} point)"
    ),
    "to_pass": Text("{name}に渡すカード", "Cards to pass to {name}"),
    "take_back_freely": Text(
        "「渡す」を押すまで何度でも選び直せます",
        "Take cards back as often as you like until you pass them",
    ),
    "gave": Text("{name}に渡した:", "You passed to {name}:"),
    "got": Text("{name}から受け取った:", "You received from {name}:"),
    "pick_title": Text("{card}を渡すカードに選ぶ", "Choose {card} to pass"),
    "unpick_title": Text("{card}を渡すカードから外す", "Take {card} back"),
    "play_title": Text("{card}を出す", "Play {card}"),
    "your_hand": Text("あなたの手札（{n}枚）", "Your hand ({n})"),
    "hand_empty": Text("手札はありません", "Your hand is empty"),
    "hand_legend": Text(
        "カードの下の数字は失点（パヨーは数字、パパヨーは40）",
        "The small number is what a card costs (Payoo: its number, the Papayoo: 40)",
    ),
    "hand_count": Text("手札 {n}枚", "{n} in hand"),
    "points_hand": Text("このハンド {n}点", "{n} this hand"),
    "points_total": Text("合計 {n}点", "{n} in all"),
    "tricks": Text("取ったトリック {n}", "Tricks won: {n}"),
    "voids": Text("持っていないスート", "Shown void in"),
    "bot": Text("ボット", "bot"),
    "passed_tag": Text("選択済み", "ready"),
    "score_sheet": Text("失点表", "Score sheet"),
    "hand": Text("ハンド", "Hand"),
    "total": Text("合計", "Total"),
    "winner_one": Text("{names}の勝ち！（失点が最少）", "{names} wins with the fewest points!"),
    "winner_many": Text("{names}の勝ち（同点）", "Shared win: {names}"),
    "group_pick": Text("渡すカードを選ぶ", "Choose a card to pass"),
    "group_unpick": Text("選択を外す", "Take a card back"),
    "group_confirm": Text("決定", "Confirm"),
    "group_play": Text("カードを出す", "Play a card"),
    "log_choosing": Text("{who}が渡すカードを選び終えた", "{who} has chosen"),
    "log_pick": Text("{who}が渡すカードに選んだ:", "{who} chose to pass"),
    "log_unpick": Text("{who}が選択を外した:", "{who} took back"),
    "log_confirm": Text("{who}が渡すカードを決めた", "{who} is ready to pass"),
    "log_play": Text("{who}が{card}を出した", "{who} played {card}"),
    "log_gave": Text("渡した:", "you gave"),
    "log_received": Text("受け取った:", "you received"),
    "log_trick": Text(
        "{name}がトリックを取った（{n}点）",
        "{name} takes the trick ({n} points)",
        one="{name} takes the trick ({n} point)",
    ),
    "log_hand_over": Text("ハンド終了", "the hand is over"),
    "log_die": Text("サイコロ: パパヨーは{card}", "the die: the Papayoo is {card}"),
    "log_over": Text("ゲーム終了", "The game is over"),
    "rules_cards": Text(
        "カードは♠♥♣♦の1〜10とパヨーの1〜20（7〜8人では♠♥♣♦の1を抜く）。"
        "パヨーは数字がそのまま失点、パパヨー（サイコロで決まるスートの7）は40点。"
        "1ハンドの失点は合計250点。",
        "Cards: ♠♥♣♦ 1–10 and Payoo 1–20 (with 7–8 players the ♠♥♣♦ 1s are removed). A Payoo card "
        "costs its number, the Papayoo (the 7 of the die's suit) costs 40: 250 points in every "
        "hand.",
    ),
    "rules_pass": Text(
        "配った後、全員が同時に決められた枚数（3人・4人5枚、5人4枚、6〜8人3枚）を左隣に渡す。"
        "受け取るカードは選んだ後に届きます。",
        "After the deal everyone at once passes 5 cards (3–4 players), 4 (5 players) or 3 (6–8 "
        "players) to the left, chosen before seeing what arrives.",
    ),
    "rules_shifting": SHIFTING_PASS_WORDS,
    "rules_die": Text(
        "渡した後にサイコロを振り、出たスートの7がパパヨーになる。",
        "After the pass the die picks a suit: its 7 is the Papayoo.",
    ),
    "rules_tricks": Text(
        "親が最初にリード。マストフォロー、切り札なし。リードされたスートで一番大きい数字が勝ち、"
        "次のトリックをリードする。",
        "The dealer leads first. Follow suit if you can; no trumps; the highest card of the led "
        "suit wins and leads next.",
    ),
    "rules_end": Text(
        "親は毎ハンド左へ移る。決めたハンド数の後、"
        "失点の合計が最も少ない人の勝ち（同点は共に勝ち）。",
        "The dealer moves left every hand. After the agreed number of hands the fewest total "
        "points wins (ties share).",
    ),
}

_LABELS = {
    "hand_of": Text("第{hand}ハンド / 全{hands}ハンド", "Hand {hand} of {hands}"),
    "dealer": WORDS["dealer"],
    "papayoo": Text("パパヨー: {card}", "Papayoo: {card}"),
    "papayoo_unknown": Text(
        "パパヨー: 受け渡しの後にサイコロで決定", "Papayoo: rolled after passing"
    ),
    "passing": Text(
        "{count}枚を{seats}人左に渡す（選択済み {chosen}/{count}）",
        "Pass {count} cards {seats} seat(s) to the left (chosen {chosen}/{count})",
    ),
    "trick": Text("場: {cards}", "Trick: {cards}"),
    "last_trick": Text(
        "前のトリック: {cards} → {name}（{n}点）",
        "Last trick: {cards} → {name} ({n} pts)",
        one="Last trick: {cards} → {name} ({n} pt)",
    ),
    "player": Text(
        "{name}: 手札{count}枚 | このハンド{points}点 | 合計{total}点",
        "{name}: {count} in hand | {points} this hand | {total} in all",
    ),
    "your_hand": Text("あなたの手札", "Your hand"),
    "passed": Text("{name}に渡したカード: {cards}", "You passed to {name}: {cards}"),
    "received": Text("{name}から受け取ったカード: {cards}", "You received from {name}: {cards}"),
    "turn": Text("手番: {names}", "To act: {names}"),
    "none": Text("なし", "none"),
}


def cards_text(cards: Sequence[str], lang: str) -> str:
    """Card codes for people, ``-`` when there are none."""
    return " ".join(card_name(code, lang) for code in cards) or "-"


def suit_text(letter: str, lang: str) -> str:
    index = SUITS.index(letter)
    return f"{SUIT_SYMBOLS[index]} {SUIT_NAMES[index](lang)}"


def _trick_text(plays: Sequence[Mapping[str, Any]], lang: str) -> str:
    return (
        " ".join(f"{seat_name(p['seat'], lang)}:{card_name(p['card'], lang)}" for p in plays) or "-"
    )


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view."""
    label = _LABELS
    lines = [
        label["hand_of"].format(hand=view["hand_number"], hands=view["hands"])(lang)
        + "   "
        + label["dealer"].format(name=seat_name(view["dealer"], lang))(lang),
    ]
    if view["papayoo"] is None:
        lines.append(label["papayoo_unknown"](lang))
    else:
        papayoo = card_name(f"{view['papayoo']}7", lang)
        lines.append(label["papayoo"].format(card=papayoo)(lang))
    for player in view["players"]:
        lines.append(
            label["player"].format(
                name=seat_name(player["seat"], lang),
                count=player["hand_count"],
                points=player["points"],
                total=player["total"],
            )(lang)
        )
    if view["last_trick"] is not None:
        last = view["last_trick"]
        lines.append(
            label["last_trick"].format(
                cards=_trick_text(last["cards"], lang),
                name=seat_name(last["winner"], lang),
                n=last["points"],
            )(lang)
        )
    if view["phase"] == "play":
        lines.append(label["trick"].format(cards=_trick_text(view["trick"], lang))(lang))
    if view["hand"] is not None:
        lines.append(f"{label['your_hand'](lang)}: {cards_text(view['hand'], lang)}")
    if view["phase"] == "play" and view["received"]:
        seat, n, offset = view["seat"], view["num_players"], view["pass_offset"]
        for key, other, cards in (
            ("passed", (seat + offset) % n, view["passed"]),
            ("received", (seat - offset) % n, view["received"]),
        ):
            name = seat_name(other, lang)
            lines.append(label[key].format(name=name, cards=cards_text(cards, lang))(lang))
    if view["selected"] is not None:
        lines.append(
            label["passing"].format(
                count=view["pass_count"],
                seats=view["pass_offset"],
                chosen=len(view["selected"]),
            )(lang)
            + f": {cards_text(view['selected'], lang)}"
        )
    if not view["is_over"]:
        names = ", ".join(seat_name(s, lang) for s in view["to_act"])
        lines.append(label["turn"].format(names=names)(lang))
    return "\n".join(lines)


_SUMMARY = {
    "total": Text("{name}: {n}点{mark}", "{name}: {n} points{mark}", one="{name}: {n} point{mark}"),
    "winners": Text("勝者（失点が最少）: {names}", "Winners (fewest points): {names}"),
}


def summary_lines(
    totals: Sequence[int], winners: Sequence[int], lang: str, names: Sequence[str] | None = None
) -> list[str]:
    """The final totals for people, then the winners (the fewest points)."""
    lines = []
    for seat, total in enumerate(totals):
        mark = " ♛" if seat in winners else ""
        name = seat_name(seat, lang, names)
        lines.append(_SUMMARY["total"].format(name=name, n=total, mark=mark)(lang))
    who = ", ".join(seat_name(s, lang, names) for s in winners)
    lines.append(_SUMMARY["winners"].format(names=who)(lang))
    return lines
