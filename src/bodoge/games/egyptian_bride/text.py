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
    "tie_break": Text(
        "{names}が{points}点で同点。最も大きい数字（{n}）と結婚した{name}の勝ち。",
        "{names} tie on {points} points: {name} married the highest number ({n}) and wins.",
    ),
    "tie_shared": Text(
        "{names}が{points}点で同点。誰も結婚していないので勝ちを分け合います。",
        "{names} tie on {points} points and none of them married: they share the win.",
    ),
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
    if len(tied) < 2:  # noqa: PLR2004 - a tie is two or more
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
        return _LABELS["tie_shared"].format(names=who, points=points)(lang)
    (winner,) = settlement["winners"]
    return _LABELS["tie_break"].format(names=who, points=points, n=number, name=names[winner])(
        lang
    )


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
    seats = [seat_name(seat, lang) for seat in range(len(settlement["points"]))]
    tie = tie_break_line(settlement, seats, lang)
    if tie is not None:
        lines.append(tie)
    return lines
