"""Player-facing words of アネハンブラ in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Text, seat_name
from .data import CHECK_TEXT, CHECKS, COLOUR_TEXT, TURN_LIMIT

TITLE = Text("アネハンブラ", "Anehambra")
BLURB = Text(
    "柱カードで宮殿を建て、他の建築士の手抜き宮殿を査察で取り壊そう。"
    "ENDカードが出たとき、宮殿の多い人の勝ち。",
    "Build palaces from pillar cards and have other architects' shoddy palaces "
    "inspected and demolished. When END is drawn, most palaces wins.",
)

GLOSSARY = {
    "pillar": Text("柱カード", "pillar card"),
    "end_card": Text("ENDカード", "END card"),
    "palace": Text("宮殿", "palace"),
    "unverified": Text("安全性が確認されていない宮殿", "unverified palace"),
    "verified": Text("安全性が確認されている宮殿", "verified palace"),
    "inspection": Text("査察", "inspection"),
    "earthquake": Text("地震", "earthquake"),
    "deck": Text("山札", "deck"),
    "hand": Text("手札", "hand"),
    "removed": Text("除外", "removed from the game"),
}

_LABELS = {
    "deck": Text("山札: {n}枚", "Deck: {n} cards"),
    "end_in": Text("（ENDまで{n}枚）", " ({n} before END)"),
    "removed": Text("除外", "Removed"),
    "hand": Text("手札{n}枚", "{n} in hand"),
    "known": Text("判明", "known"),
    "palaces": Text("宮殿", "palaces"),
    "your_hand": Text("あなたの手札", "Your hand"),
    "turn": Text("手番: {name}", "Turn: {name}"),
    "building": Text("建築中: 宮殿{n}", "Building palace {n}"),
    "checking": Text("査察中: {check}", "Inspecting: {check}"),
    "banned": Text("指定できない色", "colours that cannot be named"),
    "none": Text("なし", "none"),
}

_COLOUR_MARK = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}


def colour_counts(colours: list[str], counts: list[int], lang: str) -> str:
    """``red×2 blue×1`` (``赤×2 青×1``), or ``-`` for none."""
    shown = [
        f"{COLOUR_TEXT[colour](lang)}×{count}"
        for colour, count in zip(colours, counts, strict=True)
        if count
    ]
    return " ".join(shown) or "-"


def _palace(palace: Mapping[str, Any], colours: list[str]) -> str:
    """``[3?]`` face down, ``[RRY✓]`` verified, ``[RRY]`` own unverified."""
    contents = palace["contents"]
    if contents is None:
        return f"[{palace['cards']}?]"
    marks = "".join(_COLOUR_MARK[c] * n for c, n in zip(colours, contents, strict=True))
    return f"[{marks}{'✓' if palace['verified'] else ''}]"


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view."""
    colours = view["colours"]
    word = {key: text(lang) for key, text in _LABELS.items()}
    deck = _LABELS["deck"].format(n=view["deck"])(lang)
    if view["end_in"] is not None:
        deck += _LABELS["end_in"].format(n=view["end_in"])(lang)
    lines = [f"{deck}   {word['removed']}: {colour_counts(colours, view['removed'], lang)}"]
    for player in view["players"]:
        seat = player["seat"]
        palaces = " ".join(_palace(p, colours) for p in player["palaces"]) or "-"
        known = colour_counts(colours, player["known_hand"], lang)
        hand = _LABELS["hand"].format(n=player["hand_count"])(lang)
        lines.append(
            f"{seat_name(seat, lang)}: {hand} ({word['known']}: {known}) | "
            f"{word['palaces']} {len(player['palaces'])}: {palaces}"
        )
    if view["hand"] is not None:
        lines.append(f"{word['your_hand']}: {colour_counts(colours, view['hand'], lang)}")
    banned = [COLOUR_TEXT[c](lang) for c, flag in zip(colours, view["banned"], strict=True) if flag]
    if banned:
        lines.append(f"{word['banned']}: {' '.join(banned)}")
    step = view["step"]
    if step["building"] is not None:
        lines.append(_LABELS["building"].format(n=step["building"] + 1)(lang))
    if step["check"] is not None:
        check = CHECK_TEXT[CHECKS.index(step["check"])](lang)
        lines.append(_LABELS["checking"].format(check=check)(lang))
    if not view["is_over"]:
        lines.append(_LABELS["turn"].format(name=seat_name(view["current"], lang))(lang))
    return "\n".join(lines)


def summary_lines(
    palaces: list[int], hands: list[int], winners: list[int], reason: str, lang: str
) -> list[str]:
    """The end for people: why it ended, palaces and hands, winners."""
    lines = []
    if reason == "turn_limit":
        lines.append(
            f"安全のための上限（{TURN_LIMIT}手番）に達したため打ち切り"
            if lang == "ja"
            else f"Stopped at the safety limit of {TURN_LIMIT} turns"
        )
    else:
        lines.append("ENDカードが引かれて終了" if lang == "ja" else "The END card was drawn")
    for seat, (count, held) in enumerate(zip(palaces, hands, strict=True)):
        name = seat_name(seat, lang)
        if lang == "ja":
            lines.append(f"{name}: 宮殿{count} 手札{held}枚")
        else:
            lines.append(f"{name}: {count} palace(s), {held} card(s) in hand")
    names = ", ".join(seat_name(s, lang) for s in winners)
    if not winners:
        lines.append("勝者なし" if lang == "ja" else "No winner")
    elif lang == "ja":
        lines.append(f"勝者: {names}" if len(winners) == 1 else f"引き分け: {names}")
    else:
        lines.append(f"Winners: {names}" if len(winners) == 1 else f"Draw: {names}")
    return lines
