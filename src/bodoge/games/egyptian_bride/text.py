"""Player-facing words of Egyptian Bride in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import CARDS, Text, seat_name

TITLE = Text("エジプトの花嫁", "Egyptian Bride")
BLURB = Text(
    "花嫁カードを集めて結婚しよう。ただし花嫁は4人まで。",
    "Collect bride cards and marry — but no more than four brides.",
)

GLOSSARY = {
    "bride_card": Text("花嫁カード", "bride card"),
    "bride_chip": Text("花嫁チップ", "bride chip"),
    "deck": Text("山札", "deck"),
    "row": Text("表向きのカード", "face-up cards"),
    "set_aside": Text("抜き取ったカード", "cards set aside"),
    "hand": Text("手札", "hand"),
    "placed": Text("置いたカード", "placed"),
    "discarded": Text("廃棄", "discarded"),
    "points": Text("勝利ポイント", "victory points"),
    "out": Text("脱落", "out"),
}

# The words of the table (templates/egyptian-bride.html reads them as t("key")).
WORDS: dict[str, Text] = {
    "deck": Text("山札", "Deck"),
    "deck_title": Text("山札: 残り{n}枚", "Deck: {n} cards left", one="Deck: {n} card left"),
    "row": Text("表向きのカード", "Face-up cards"),
    "row_empty": Text("表向きのカードはありません", "No face-up cards left"),
    "chips": Text("花嫁チップ", "Bride chips"),
    "chip_free": Text(
        "「{n}」のチップ（まだ誰も取っていません）", "The {n} chip (nobody has it yet)"
    ),
    "chip_of": Text("「{n}」のチップ: {name}", "The {n} chip: {name}"),
    "set_aside": Text("抜き取り {n}枚", "{n} set aside"),
    "discarded": Text("廃棄", "Discarded"),
    "your_hand": Text("あなたの手札（{n}枚）", "Your hand ({n})"),
    "hand_empty": Text("手札はありません", "Your hand is empty"),
    "known_to_all": Text("公開済み {n}枚", "{n} known to all"),
    "known_legend": Text(
        "◉ = 表向きから取ったので全員が知っている枚数",
        "◉ = cards everyone knows you hold (taken face up)",
    ),
    "place_title": Text(
        "「{n}」を自分の前に置く（手札に{count}枚）",
        "Place a {n} in front of you ({count} in hand)",
    ),
    "in_hand_title": Text("手札の「{n}」: {count}枚", "{count} × {n} in your hand"),
    "take_title": Text("表向きの「{n}」を取る", "Take the face-up {n}"),
    "deck_take_title": Text("山札の一番上のカードを取る", "Take the top card of the deck"),
    "hand_count": Text("手札 {n}枚", "{n} in hand"),
    "known": Text("公開された手札", "Known in hand"),
    "placed": Text("置いたカード", "Placed"),
    "nothing_placed": Text("まだ何も置いていません", "Nothing placed yet"),
    "own_chips": Text("チップ", "Chips"),
    "bot": Text("ボット", "bot"),
    "out": GLOSSARY["out"],
    "you_may": Text("次のうちひとつを行います — {choices}", "Do one of these — {choices}"),
    "choice_a": Text("A: カードを{limit}枚まで取る", "A: take up to {limit} cards"),
    "choice_a1": Text("A: カードを1枚取る", "A: take 1 card"),
    "choice_b": Text("B: 手札を1枚置く", "B: place a card"),
    "choice_c": Text("C: 花嫁チップを取る", "C: take a bride chip"),
    "choice_d": Text("D: 嫉妬", "D: jealousy"),
    "they_may": Text("{name}の番: {choices}", "{name}'s turn: {choices}"),
    "taking_you": Text(
        "カードを取っています: {taken}枚目 / 最大{limit}枚。もう1枚取るか、"
        "やめるかを選んでください。",
        "Taking cards: {taken} of {limit}. Take another card or stop.",
    ),
    "taking_other": Text(
        "{name}がカードを取っています（{taken}枚目 / 最大{limit}枚）",
        "{name} is taking cards ({taken} of {limit})",
    ),
    "stop": Text("ここでやめる", "Stop here"),
    "first_turn_note": Text(
        "最初の手番なので、取れるのは{limit}枚までです。",
        "It is your first turn: you may take at most {limit} cards.",
    ),
    "first_turn_note_1": Text(
        "最初の手番なので、取れるのは1枚だけです。",
        "It is your first turn: you may take only 1 card.",
    ),
    "group_a": Text("A: カードを取る", "A: take a card"),
    "group_stop": Text("取るのをやめる", "Stop taking"),
    "group_b": Text("B: 手札を置く", "B: place a card"),
    "group_c": Text("C: 花嫁チップを取る", "C: take a bride chip"),
    "group_d": Text("D: 嫉妬", "D: jealousy"),
    "jealousy_short": Text("嫉妬: 「{pay}」を{count}枚捨てる", "Jealousy: pay {count}× {pay}"),
    "log_face_up": Text("{who}が表向きの「{n}」を取った", "{who} took the face-up {n}"),
    "log_deck": Text("{who}が山札から1枚取った", "{who} took a card from the deck"),
    "log_deck_card": Text("（「{n}」でした）", "(it was a {n})"),
    "log_revealed": Text("表向きに: {cards}", "revealed: {cards}"),
    "log_stop": Text("{who}がカードを取るのをやめた", "{who} stopped taking cards"),
    "log_place": Text("{who}が「{n}」を置いた", "{who} placed a {n}"),
    "log_chip": Text("{who}が「{n}」の花嫁チップを取った", "{who} took the {n} bride chip"),
    "log_jealousy": Text(
        "{who}が嫉妬: 「{pay}」を{count}枚捨て、{target}の「{n}」をすべて捨てさせた",
        "{who}, jealous, discarded {count}× {pay}: all of {target}'s {n}s are discarded",
    ),
    "log_over": Text("ゲーム終了", "The game is over"),
    "settlement": Text("決算", "Settlement"),
    "settlement_help": Text(
        "手札と置いたカードを合わせ、"
        "数字ごとに最も多く持つ人が結婚します（同数ならチップを持つ人、"
        "いなければ誰も結婚しません）。結婚で1点、チップもあれば+1点。"
        "チップを持っていて結婚できなければ−1点。5人以上と結婚すると脱落です。",
        "Hand and placed cards count together: for each number, whoever holds the most marries "
        "(on a tie, the tied chip holder; otherwise nobody). Marrying scores 1, plus 1 with the "
        "chip; holding the chip without marrying costs 1. Marrying five or more means dropping "
        "out.",
    ),
    "number": Text("数字", "Number"),
    "result": Text("結果", "Result"),
    "marries": Text("{name}が結婚", "{name} marries"),
    "nobody_tie": Text("同数で結婚なし", "tie: nobody marries"),
    "tie_short": Text("同数", "tie"),
    "nobody": Text("—", "—"),
    "chip_penalty": Text("{name} −1（チップ）", "{name} −1 (chip)"),
    "brides": Text("花嫁", "Brides"),
    "points": Text("勝利ポイント", "Points"),
    "winner_one": Text("{names}の勝ち！", "{names} wins!"),
    "winner_many": Text("{names}の勝ち（同点）", "Shared win: {names}"),
    "no_winner": Text("全員脱落のため、勝者はいません", "Everyone dropped out: no winner"),
    "dropped": Text("5人以上と結婚して脱落", "out: five or more brides"),
    "chip_mark": Text("● はチップ", "● chip"),
    "rules_a": Text(
        "A: 表向きのカードか山札から、1枚ずつ1〜3枚取る。"
        "いつでもやめられます（基本ゲームでは表向きのカードはすぐ補充）。",
        "A: take 1 to 3 cards, one at a time, each from the face-up cards or the deck; you may "
        "stop after any card (in the base game a face-up card is replaced at once).",
    ),
    "rules_b": Text(
        "B: 手札を1枚、自分の前に表向きに置く。",
        "B: place one card from your hand face up in front of you.",
    ),
    "rules_c": Text(
        "C: 自分の前に置いた数字の花嫁チップを、まだ誰も取っていなければ取る。",
        "C: take the bride chip of a number you have placed, if nobody has it yet.",
    ),
    "rules_d": Text(
        "D（拡張）: 嫉妬。他の人が置いた数字を選び、"
        "その枚数の2倍の同じ数字のカードを手札から捨てて、"
        "その人のその数字のカードをすべて捨てさせる。",
        "D (expansion): jealousy. Pick a number another player has placed and discard twice as "
        "many cards of one number from your hand; all of their cards of that number are discarded.",
    ),
    "rules_win": Text(
        "勝利ポイントが最も多い人の勝ち（5人以上と結婚した人は脱落）。同点なら、"
        "その中で最も大きい数字と結婚した人の勝ち。"
        "同点の誰も結婚していなければ勝ちを分け合います。",
        "Most victory points wins (marrying five or more means dropping out). On a tie, whoever "
        "of them married the highest number wins; if none of them married, they share the win.",
    ),
    "tie_break": Text(
        "{names}が{n}点で同点。最も大きい数字（{number}）と結婚した{name}の勝ち。",
        "{names} tie on {n} points: {name} married the highest number ({number}) and wins.",
        one="{names} tie on {n} point: {name} married the highest number ({number}) and wins.",
    ),
    "tie_shared": Text(
        "{names}が{n}点で同点。誰も結婚していないので勝ちを分け合います。",
        "{names} tie on {n} points and none of them married: they share the win.",
        one="{names} tie on {n} point and none of them married: they share the win.",
    ),
    "rules_end": Text(
        "手番が来たとき、A・B・Cのうちひとつしかできなければゲーム終了（最初の手番を除く）。",
        "The game ends when the player about to act could do only one of A, B and C (except on a "
        "first turn).",
    ),
    "rules_first": Text(
        "最初の手番のAでは、スタートプレイヤーは1枚、2番手は2枚まで。",
        "In their first action A the start player takes at most 1 card, the second player at most "
        "2.",
    ),
}

_LABELS = {
    "tie_break": WORDS["tie_break"],
    "tie_shared": WORDS["tie_shared"],
    "row": Text("表向き", "Face-up"),
    "deck": WORDS["deck"],
    "hand": Text("手札", "hand"),
    "your_hand": Text("あなたの手札", "Your hand"),
    "chips": Text("チップ", "chips"),
    "known": Text("判明", "known"),
    "taking": Text("カードを取っている途中: {taken}/{limit}枚", "Taking cards: {taken} of {limit}"),
    "turn": Text("手番: {name}", "Turn: {name}"),
    "married": Text("結婚", "married"),
    "none": Text("なし", "none"),
}


def _cards(count: int, lang: str) -> str:
    return CARDS.format(n=count)(lang)


def _counts(numbers: list[int], counts: list[int]) -> str:
    return " ".join(f"{n}×{c}" for n, c in zip(numbers, counts, strict=True) if c) or "-"


def _chips_of(seat: int, view: Mapping[str, Any]) -> list[int]:
    return [n for n, owner in zip(view["numbers"], view["chips"], strict=True) if owner == seat]


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view."""
    word = {key: text(lang) for key, text in _LABELS.items()}
    numbers = view["numbers"]
    lines = [
        f"{word['row']}: {' '.join(map(str, view['row'])) or '-'}   "
        f"{word['deck']}: {_cards(view['deck'], lang)}",
    ]
    for player in view["players"]:
        seat = player["seat"]
        chips = " ".join(map(str, _chips_of(seat, view))) or "-"
        lines.append(
            f"{seat_name(seat, lang)}: {word['hand']} {_cards(player['hand_count'], lang)}"
            f" ({word['known']}: {_counts(numbers, player['known_hand'])}) | "
            f"{GLOSSARY['placed'](lang)}: {_counts(numbers, player['placed'])} | "
            f"{word['chips']}: {chips}"
        )
    if view["hand"] is not None:
        lines.append(f"{word['your_hand']}: {_counts(numbers, view['hand'])}")
    if view["taking"]:
        lines.append(_LABELS["taking"].format(**view["taking"])(lang))
    if not view["is_over"]:
        lines.append(_LABELS["turn"].format(name=seat_name(view["current"], lang))(lang))
    return "\n".join(lines)


_SUMMARY = {
    "player": Text(
        "{name}: {points}点 結婚: {married}{out}", "{name}: {points} points, married {married}{out}"
    ),
    "player_one": Text(
        "{name}: {points}点 結婚: {married}{out}", "{name}: {points} point, married {married}{out}"
    ),
    "winners": Text("勝者: {names}", "Winners: {names}"),
    "none": Text("勝者なし（全員脱落）", "No winner: everyone dropped out"),
}


def tie_break(settlement: Mapping[str, Any]) -> tuple[list[int], int, int | None] | None:
    """How a tie on points was decided: (the tied seats, their points, the deciding number).

    ``None`` when no tie had to be broken.  The number is the highest that
    one of the tied players married (that player wins); ``None`` when none
    of them married, and they share the win.
    """
    points, out = settlement["points"], settlement["out"]
    standing = [seat for seat in range(len(points)) if not out[seat]]
    if not standing:
        return None
    best = max(points[seat] for seat in standing)
    tied = [seat for seat in standing if points[seat] == best]
    if len(tied) < 2:
        return None
    married = [n for seat in tied for n in settlement["married"][seat]]
    return tied, best, max(married) if married else None


def tie_break_line(settlement: Mapping[str, Any], names: list[str], lang: str) -> str | None:
    """The tie-break in words, naming the players by ``names``."""
    tie = tie_break(settlement)
    if tie is None:
        return None
    tied, points, number = tie
    who = ", ".join(names[seat] for seat in tied)
    if number is None:
        return _LABELS["tie_shared"].format(names=who, n=points)(lang)
    (winner,) = settlement["winners"]
    line = _LABELS["tie_break"].format(names=who, n=points, number=number, name=names[winner])
    return line(lang)


def summary_lines(
    settlement: Mapping[str, Any], lang: str, names: Sequence[str] | None = None
) -> list[str]:
    """The settlement for people: marriages, points, drop-outs, winners, a tie-break."""
    lines = []
    for seat, points in enumerate(settlement["points"]):
        married = " ".join(map(str, settlement["married"][seat])) or _LABELS["none"](lang)
        out = f" ({GLOSSARY['out'](lang)})" if settlement["out"][seat] else ""
        line = _SUMMARY["player_one" if abs(points) == 1 else "player"]
        lines.append(
            line.format(name=seat_name(seat, lang, names), points=points, married=married, out=out)(
                lang
            )
        )
    who = ", ".join(seat_name(s, lang, names) for s in settlement["winners"])
    lines.append(_SUMMARY["winners"].format(names=who)(lang) if who else _SUMMARY["none"](lang))
    seats = [seat_name(seat, lang, names) for seat in range(len(settlement["points"]))]
    tie = tie_break_line(settlement, seats, lang)
    if tie is not None:
        lines.append(tie)
    return lines
