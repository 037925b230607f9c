"""Player-facing words of Hoarders in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Text, seat_name
from .data import CRITTER_NAMES, NUT_NAMES, NUTS, ROUND_LIMIT

TITLE = Text("ホーダーズ", "Hoarders")
BLURB = Text(
    "冬眠に備えてナッツを蓄えよう。同じナッツを5つ先に集めた人の勝ち。",
    "Hoard nuts for the winter: the first to collect five identical nuts wins.",
)

GLOSSARY = {
    "nut": Text("ナッツカード", "nut card"),
    "critter": Text("生き物カード", "critter card"),
    "collection": Text("ナッツコレクション", "nut collection"),
    "crown": Text("王冠トークン", "crown token"),
    "deck": Text("山札", "deck"),
    "face_down": Text("伏せた生き物", "face-down critters"),
    **CRITTER_NAMES,
    **NUT_NAMES,
}

_LABELS = {
    "round": Text("ラウンド{n}", "Round {n}"),
    "lap": Text("{n}周目", "lap {n}"),
    "choosing": Text("生き物を2枚選んで伏せています", "choosing two critters"),
    "deck": Text("山札 {n}枚", "deck: {n}"),
    "crown": Text("王冠", "crown"),
    "face_down": Text("伏せ {n}枚", "{n} face down"),
    "revealed": Text("公開", "revealed"),
    "your_face_down": Text("あなたの伏せた生き物", "Your face-down critters"),
    "your_hand": Text("手元の生き物", "Critters in hand"),
    "turn": Text("手番: {name}", "Turn: {name}"),
    "stealing": Text("{name}が盗む相手とナッツを選んでいます", "{name} is choosing a nut to steal"),
    "theft": Text(
        "{thief}が{target}の{nut}を盗もうとしています",
        "{thief} is stealing {target}'s {nut}",
    ),
    "none": Text("なし", "none"),
}

_ENDINGS = {
    "five": Text(
        "{name}が同じナッツを5つ集めて勝利！", "{name} collected five identical nuts and wins!"
    ),
    "deck": Text(
        "山札が尽きてラウンドが終わり、ゲーム終了。",
        "The round ended with the deck empty: the game is over.",
    ),
    "limit": Text(
        "安全のための上限（{n}ラウンド）に達したため、ゲームを打ち切りました。勝者はいません。",
        "The game was stopped at the safety limit of {n} rounds: nobody wins.",
    ),
}


def nut_name(nut: str, lang: str) -> str:
    return NUT_NAMES[nut](lang)


def critter_name(critter: str, lang: str) -> str:
    return CRITTER_NAMES[critter](lang)


def collection_text(counts: Sequence[int], lang: str) -> str:
    """A collection grouped by kind, e.g. ``Walnut×3 Acorn×1``."""
    parts = [
        f"{nut_name(nut, lang)}×{count}" for nut, count in zip(NUTS, counts, strict=True) if count
    ]
    return " ".join(parts) or _LABELS["none"](lang)


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view."""
    word = {key: text(lang) for key, text in _LABELS.items()}
    head = [_LABELS["round"].format(n=view["round"])(lang)]
    if view["lap"]:
        head.append(_LABELS["lap"].format(n=view["lap"])(lang))
    elif view["phase"] == "hide":
        head.append(word["choosing"])
    head.append(_LABELS["deck"].format(n=view["deck"])(lang))
    lines = [" · ".join(head)]
    for player in view["players"]:
        seat = player["seat"]
        crown = f" [{word['crown']}]" if seat == view["crown"] else ""
        shown = " ".join(critter_name(r["critter"], lang) for r in player["revealed"]) or "-"
        lines.append(
            f"{seat_name(seat, lang)}{crown}: {collection_text(player['nuts'], lang)} | "
            f"{_LABELS['face_down'].format(n=player['face_down'])(lang)} | "
            f"{word['revealed']}: {shown}"
        )
    if view["face_down"] is not None:
        hidden = " ".join(critter_name(c, lang) for c in view["face_down"]) or "-"
        hand = " ".join(critter_name(c, lang) for c in view["in_hand"]) or "-"
        lines.append(f"{word['your_face_down']}: {hidden} | {word['your_hand']}: {hand}")
    theft = view["theft"]
    if theft is not None and theft["target"] is not None:
        lines.append(
            _LABELS["theft"].format(
                thief=seat_name(theft["thief"], lang),
                target=seat_name(theft["target"], lang),
                nut=nut_name(theft["nut"], lang),
            )(lang)
        )
    elif theft is not None:
        lines.append(_LABELS["stealing"].format(name=seat_name(theft["thief"], lang))(lang))
    elif view["current"] is not None:
        lines.append(_LABELS["turn"].format(name=seat_name(view["current"], lang))(lang))
    return "\n".join(lines)


def summary_lines(
    ending: str, nuts: Sequence[Sequence[int]], winners: Sequence[int], lang: str
) -> list[str]:
    """The end of the game for people: how it ended, every collection, the winners."""
    lines = []
    if ending == "five":
        lines.append(_ENDINGS["five"].format(name=seat_name(winners[0], lang))(lang))
    elif ending == "limit":
        lines.append(_ENDINGS["limit"].format(n=ROUND_LIMIT)(lang))
    else:
        lines.append(_ENDINGS[ending](lang))
    for seat, counts in enumerate(nuts):
        lines.append(f"{seat_name(seat, lang)}: {collection_text(counts, lang)}")
    if not winners:
        lines.append("勝者なし" if lang == "ja" else "No winner")
        return lines
    names = ", ".join(seat_name(s, lang) for s in winners)
    lines.append(f"勝者: {names}" if lang == "ja" else f"Winners: {names}")
    return lines
