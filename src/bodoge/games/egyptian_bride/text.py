"""Player-facing words of Egyptian Bride in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Text, seat_name

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

_LABELS = {
    "row": Text("表向き", "Face-up"),
    "deck": Text("山札", "Deck"),
    "hand": Text("手札", "hand"),
    "your_hand": Text("あなたの手札", "Your hand"),
    "chips": Text("チップ", "chips"),
    "known": Text("判明", "known"),
    "cards": Text("{n}枚", "{n} cards"),
    "card": Text("{n}枚", "{n} card"),
    "taking": Text("カードを取っている途中: {taken}/{limit}枚", "Taking cards: {taken} of {limit}"),
    "turn": Text("手番: {name}", "Turn: {name}"),
    "married": Text("結婚", "married"),
    "none": Text("なし", "none"),
}


def _cards(count: int, lang: str) -> str:
    return _LABELS["card" if count == 1 else "cards"].format(n=count)(lang)


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


def summary_lines(settlement: Mapping[str, Any], lang: str) -> list[str]:
    """The settlement for people: marriages, points, drop-outs, winners."""
    lines = []
    for seat, points in enumerate(settlement["points"]):
        married = " ".join(map(str, settlement["married"][seat])) or _LABELS["none"](lang)
        out = f" ({GLOSSARY['out'](lang)})" if settlement["out"][seat] else ""
        if lang == "ja":
            lines.append(f"{seat_name(seat, lang)}: {points}点 結婚: {married}{out}")
        else:
            unit = "point" if abs(points) == 1 else "points"
            lines.append(f"{seat_name(seat, lang)}: {points} {unit}, married {married}{out}")
    names = ", ".join(seat_name(s, lang) for s in settlement["winners"])
    if lang == "ja":
        lines.append(f"勝者: {names}" if names else "勝者なし（全員脱落）")
    else:
        lines.append(f"Winners: {names}" if names else "No winner: everyone dropped out")
    return lines
