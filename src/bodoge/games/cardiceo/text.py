"""Player-facing words of Cardiceo in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Text, seat_name
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
    "used": Text("使用済み（次の人へ）", "used (passes on)"),
    "discarded": Text("捨て札", "discarded"),
    "set_aside": Text("使わないカード", "set aside"),
    "round": Text("ラウンド", "round"),
    "out": Text("脱落", "out"),
}

_LABELS = {
    "dice": Text("サイコロ", "Dice"),
    "your_hand": Text("あなたの手札", "Your hand"),
    "hand": Text("手札", "hand"),
    "cards": Text("{n}枚", "{n} cards"),
    "card": Text("{n}枚", "{n} card"),
    "turn": Text("手番: {name}", "Turn: {name}"),
    "choosing": Text(
        "3個とも中央にあります: そのまま使うか、振り直すかを選びます",
        "All three dice are locked: keep them or reroll them",
    ),
    "round": Text("ラウンド {round}/{rounds}", "Round {round} of {rounds}"),
    "total": Text("合計 {n}", "total {n}"),
    "this_turn": Text("この手番で捨てた: {cards}", "Discarded this turn: {cards}"),
    "discarded": Text("捨て札", "Discarded"),
}


def _cards(count: int, lang: str) -> str:
    return _LABELS["card" if count == 1 else "cards"].format(n=count)(lang)


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


def summary_lines(result: Mapping[str, Any], lang: str) -> list[str]:
    """The end of the game for people: cards and points left, totals, winners."""
    lines = []
    several = result["rounds"] > 1
    for seat, (count, points) in enumerate(zip(result["cards_left"], result["sums"], strict=True)):
        total = result["totals"][seat]
        if lang == "ja":
            line = f"{seat_name(seat, lang)}: 残り{count}枚（{points}点）"
            if several:
                line += f" 合計{total}点"
        else:
            unit = "card" if count == 1 else "cards"
            line = f"{seat_name(seat, lang)}: {count} {unit} left ({points} points)"
            if several:
                line += f", total {total}"
        lines.append(line)
    if result["by_limit"]:
        lines.append(
            f"安全のための上限（1人あたり{ROUND_TURN_LIMIT}手番）に達したため打ち切り: 勝者なし"
            if lang == "ja"
            else f"Stopped at the safety limit of {ROUND_TURN_LIMIT} turns a player: no winner"
        )
        return lines
    names = ", ".join(seat_name(s, lang) for s in result["winners"])
    lines.append(f"勝者: {names}" if lang == "ja" else f"Winners: {names}")
    return lines
