"""Player-facing words of Cardiceo in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import CARDS, POINTS, Text, seat_name
from .data import ROUND_TURN_LIMIT

TITLE = Text("カーディセオ", "Cardiceo")
BLURB = Text(
    "d4・d8・d12を振り、出目の合計とぴったり同じ数のカードを捨てる。"
    "使ったサイコロは次の人へ、使わなかったサイコロは値のまま中央に残る。最初に手札をなくした人の勝ち。",
    "Roll a d4, a d8 and a d12 and discard cards that dice add up to exactly. "
    "Used dice pass to the next player, unused ones stay locked in the middle. "
    "Empty your hand first to win.",
)

GLOSSARY = {
    "card": Text("カード", "card"),
    "hand": Text("手札", "hand"),
    "die": Text("サイコロ", "die"),
    "rolled": Text("振った", "rolled"),
    "locked": Text("中央（値を固定）", "locked in the middle"),
    "used": Text("使用済み・次の人へ", "used, passes on"),
    "discarded": Text("捨て札", "discarded"),
    "set_aside": Text("使わないカード", "set aside"),
    "round": Text("ラウンド", "round"),
    "out": Text("脱落", "out"),
}

# The words of the table (templates/cardiceo.html reads them as t("key")).
WORDS: dict[str, Text] = {
    "dice": Text("サイコロ", "Dice"),
    "round": Text("ラウンド {round}/{rounds}", "Round {round} of {rounds}"),
    "round_short": Text("ラウンド", "Round"),
    "place_rolled": Text("{name}が振った", "rolled by {name}"),
    "place_locked": GLOSSARY["locked"],
    "place_used": Text("使用済み → {next}へ", "used → passes to {next}"),
    "all_locked": Text(
        "3個とも中央にあります。{name}は、この値のまま使うか、3個とも振り直すかを選びます。",
        "All three dice are in the middle. {name} keeps these values or rerolls all three.",
    ),
    "keep": Text("この値のまま使う", "Keep these values"),
    "reroll": Text("3個とも振り直す", "Reroll all three"),
    "this_turn": Text("{name}がこの手番で捨てたカード", "Discarded by {name} this turn"),
    "discarded": Text("捨て札", "Discard pile"),
    "none": Text("まだありません", "Nothing yet"),
    "set_aside": Text("使わないカード {n}枚", "{n} cards set aside"),
    "your_hand": Text("あなたの手札（{n}枚）", "Your hand ({n})"),
    "hand_empty": Text("手札はありません", "Your hand is empty"),
    "discard_title": Text(
        "「{card}」を捨てる（下のボタンでサイコロを選ぶ）",
        "Discard the {card} (pick the dice below)",
    ),
    "in_hand_title": Text("手札の「{card}」: {count}枚", "{count} × {card} in your hand"),
    "hand_count": Text("手札 {n}枚", "{n} in hand"),
    "total_short": Text("合計 {n}点", "total {n}"),
    "bot": Text("ボット", "bot"),
    "out": GLOSSARY["out"],
    "start_player": Text("スタート", "start"),
    "history": Text("ラウンドごとの残り手札の合計", "Points left in hand, round by round"),
    "choose_you": Text(
        "3個のサイコロが中央に残っています。そのまま使うか、振り直すかを選んでください。",
        "All three dice were left in the middle: keep their values or reroll all three.",
    ),
    "choose_other": Text(
        "{name}が、中央のサイコロをそのまま使うか振り直すかを選んでいます",
        "{name} is choosing to keep or reroll the three locked dice",
    ),
    "discard_you": Text(
        "サイコロの目の合計とぴったり同じ数のカードを捨てられます。"
        "各サイコロはこの手番で1回だけ使えます。",
        "Discard cards that dice add up to exactly; each die serves once this turn.",
    ),
    "discard_other": Text("{name}がカードを捨てています", "{name} is discarding cards"),
    "stop": Text("手番を終える（次は{name}）", "End your turn (next: {name})"),
    "hardcore_warning": Text(
        "ハードコア: 1枚も捨てずに手番を終えると脱落します。",
        "Hardcore: ending your turn without a discard puts you out.",
    ),
    "group_choose": Text("中央のサイコロ", "The locked dice"),
    "group_discard": Text("カードを捨てる", "Discard a card"),
    "group_stop": Text("手番を終える", "End the turn"),
    "log_discard": Text("{who}が「{card}」を捨てた（{dice}）", "{who} discarded a {card} ({dice})"),
    "log_stop": Text("{who}が手番を終えた", "{who} ended the turn"),
    "log_keep": Text("{who}は中央のサイコロをそのまま使う", "{who} keeps the locked dice"),
    "log_reroll": Text("{who}はサイコロを3個とも振り直す", "{who} rerolls all three dice"),
    "log_roll": Text("{who}が{rolled}を振った: {dice}", "{who} rolled {rolled}: {dice}"),
    "log_locked_only": Text(
        "{who}は中央のサイコロで遊ぶ: {dice}", "{who} plays the locked dice: {dice}"
    ),
    "log_no_play": Text("{who}は1枚も捨てなかった", "{who} discarded nothing"),
    "log_out": Text("{who}は脱落", "{who} is out"),
    "log_passed": Text("{dice}が次の人へ", "passed on: {dice}"),
    "log_choose": Text(
        "{who}はサイコロを残すか振り直すかを選ぶ", "{who} chooses to keep or reroll"
    ),
    "log_round": Text("ラウンド{round}終了:", "Round {round} over:"),
    "log_over": Text("ゲーム終了", "The game is over"),
    "result": Text("結果", "Result"),
    "cards_left": Text("残りの手札", "Cards left"),
    "points_left": Text("残りの合計", "Points left"),
    "total": Text("総合計", "Total"),
    "winner_one": Text("{names}の勝ち！", "{names} wins!"),
    "winner_many": Text("{names}の勝ち（同点）", "Shared win: {names}"),
    "emptied": Text("{name}が最初に手札をなくしました。", "{name} emptied their hand first."),
    "by_limit": Text(
        "安全のための上限（1人あたり{n}手番）に達したため、ゲームを打ち切りました。"
        "これはゲームのルールではなく、勝者はいません。",
        "The game was stopped at the safety limit of {n} turns a player. "
        "That limit is not a rule of the game: nobody wins.",
    ),
    "stopped": Text("打ち切り: 勝者なし", "Stopped: no winner"),
    "last_standing": Text("最後まで残ったプレイヤーの勝ちです。", "The last player standing wins."),
    "lowest_total": Text(
        "{rounds}ラウンドの総合計が最も低い人（{n}点）の勝ちです。",
        "After {rounds} rounds the lowest total ({n} points) wins.",
        one="After {rounds} rounds the lowest total ({n} point) wins.",
    ),
    "tie_shared": Text("同点の人は勝ちを分け合います。", "Tied players share the win."),
    "outcome": Text("勝敗", "Outcome"),
    "won": Text("勝ち", "won"),
    "rules_discard": Text(
        "1個以上のサイコロの目の合計とぴったり同じ数のカードを捨てられます。"
        "カードを足してサイコロに合わせることはできません。",
        "Discard a card whose value one or more dice add up to exactly; cards never add up to "
        "match a die.",
    ),
    "rules_dice": Text(
        "各サイコロは1手番に1回だけ。使ったサイコロは次の人が振り、"
        "使わなかったサイコロは値のまま中央に残り、次の人はそれをそのまま使います。",
        "Each die serves once a turn. Used dice go to the next player, who rolls them; unused "
        "dice stay in the middle with their values, and the next player uses them as they are.",
    ),
    "rules_no_play": Text(
        "3個とも中央に残ったら、次の人はそのまま使うか、3個とも振り直すかを選べます。",
        "If all three dice were left in the middle, the next player keeps them or rerolls all "
        "three.",
    ),
    "rules_stop": Text(
        "いつでも手番を終えられます。捨てられるカードがなくなると手番は自動で終わります。",
        "You may end your turn at any time; it ends by itself when nothing more can be discarded.",
    ),
    "rules_win": Text(
        "最初に手札をすべて捨てた人の勝ち。", "The first player to empty their hand wins."
    ),
    "rules_easy": Text(
        "イージーモード: 全員の手札が表向きです。", "Easy mode: every hand is face up."
    ),
    "rules_rounds": Text(
        "延長戦: 各ラウンドの終わりに手札に残ったカードの合計を加算し、"
        "最後に合計が最も低い人の勝ち。",
        "Extended play: after each round the values left in hand are added to your total; the "
        "lowest total wins.",
    ),
    "rules_hardcore": Text(
        "ハードコア: 全員が1〜15を表向きで持ちます。1枚も捨てられなかった人は脱落し、"
        "サイコロ3個は中央にロックされ、次の人はそのまま使います。"
        "手札をなくすか最後まで残れば勝ち。",
        "Hardcore: everyone holds 1–15 face up. A player who discards nothing is out; the three "
        "dice lock in the middle and the next player must use them. Empty your hand or be the "
        "last one standing to win.",
    ),
}

TOTAL = Text("合計 {n}", "total {n}")
"""A seat's cards left over the rounds, as its table and the lobby say it."""
_LABELS = {
    "dice": WORDS["dice"],
    "your_hand": Text("あなたの手札", "Your hand"),
    "hand": Text("手札", "hand"),
    "turn": Text("手番: {name}", "Turn: {name}"),
    "choosing": Text(
        "3個とも中央にあります: そのまま使うか、振り直すかを選びます",
        "All three dice are locked: keep them or reroll them",
    ),
    "round": WORDS["round"],
    "total": TOTAL,
    "this_turn": Text("この手番で捨てた: {cards}", "Discarded this turn: {cards}"),
    "discarded": Text("捨て札", "Discarded"),
}


def _cards(count: int, lang: str) -> str:
    return CARDS.format(n=count)(lang)


def _counts(counts: list[int]) -> str:
    """``1 3×2 15`` for a per-value count list of values 1..15."""
    parts = []
    for value, count in enumerate(counts, start=1):
        if count:
            parts.append(f"{value}×{count}" if count > 1 else str(value))
    return " ".join(parts) or "-"


def _die(die: Mapping[str, Any], lang: str) -> str:
    return f"d{die['sides']}={die['value']} ({GLOSSARY[die['place']](lang)})"


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view."""
    word = {key: text(lang) for key, text in _LABELS.items()}
    lines = []
    if view["rounds"] > 1:
        lines.append(_LABELS["round"].format(round=view["round"], rounds=view["rounds"])(lang))
    lines.append(f"{word['dice']}: " + "  ".join(_die(die, lang) for die in view["dice"]))
    for player in view["players"]:
        seat = player["seat"]
        line = f"{seat_name(seat, lang)}: {word['hand']} {_cards(player['hand_count'], lang)}"
        if player["open_hand"] is not None:
            line += f" [{_counts(player['open_hand'])}]"
        if view["rounds"] > 1:
            line += " " + _LABELS["total"].format(n=player["total"])(lang)
        if player["out"]:
            line += f" ({GLOSSARY['out'](lang)})"
        lines.append(line)
    lines.append(f"{word['discarded']}: {_counts(view['discarded'])}")
    if view["hand"] is not None:
        lines.append(f"{word['your_hand']}: {_counts(view['hand'])}")
    if view["this_turn"]:
        cards = " ".join(str(item["card"]) for item in view["this_turn"])
        lines.append(_LABELS["this_turn"].format(cards=cards)(lang))
    if view["choosing"] and not view["is_over"]:
        lines.append(word["choosing"])
    if not view["is_over"]:
        lines.append(_LABELS["turn"].format(name=seat_name(view["current"], lang))(lang))
    return "\n".join(lines)


def summary_lines(
    result: Mapping[str, Any], lang: str, names: Sequence[str] | None = None
) -> list[str]:
    """The end of the game for people: cards and points left, totals, winners, the deciding rule."""
    lines = []
    several = result["rounds"] > 1
    for seat, (count, points) in enumerate(zip(result["cards_left"], result["sums"], strict=True)):
        name = seat_name(seat, lang, names)
        line = _ENDS["left"].format(
            name=name,
            cards=CARDS.format(n=count)(lang),
            points=POINTS.format(n=points)(lang),
        )(lang)
        if several:
            line += _ENDS["total"].format(total=result["totals"][seat])(lang)
        lines.append(line)
    if result["by_limit"]:
        lines.append(_ENDS["stopped"](lang))
        return lines
    who = ", ".join(seat_name(s, lang, names) for s in result["winners"])
    lines.append(_ENDS["winners"].format(names=who)(lang))
    lines.append(decided_by(result, lang, names))
    return lines


def decided_by(result: Mapping[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
    """The rule that decided the game, for the end of the summary (not for a stopped game)."""
    if result["rounds"] > 1:
        line = _ENDS["lowest_total"].format(rounds=result["rounds"], n=min(result["totals"]))
        if len(result["winners"]) > 1:
            return f"{line(lang)} {_ENDS['tie_shared'](lang)}"
        return line(lang)
    if result["emptied"] is not None:
        return _ENDS["emptied"].format(name=seat_name(result["emptied"], lang, names))(lang)
    return _ENDS["last_standing"](lang)


_ENDS = {
    "left": Text("{name}: 残り{cards}（{points}）", "{name}: {cards} left ({points})"),
    "total": Text(" 合計{total}点", ", total {total}"),
    "winners": Text("勝者: {names}", "Winners: {names}"),
    "stopped": Text(
        f"安全のための上限（1人あたり{ROUND_TURN_LIMIT}手番）に達したため打ち切り: 勝者なし",
        f"Stopped at the safety limit of {ROUND_TURN_LIMIT} turns a player: no winner",
    ),
    "lowest_total": WORDS["lowest_total"],
    "tie_shared": WORDS["tie_shared"],
    "emptied": WORDS["emptied"],
    "last_standing": WORDS["last_standing"],
}
