"""Player-facing words of Papayoo in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Text, seat_name
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

_LABELS = {
    "hand_of": Text("第{hand}ハンド / 全{hands}ハンド", "Hand {hand} of {hands}"),
    "dealer": Text("親: {name}", "Dealer: {name}"),
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
        "前のトリック: {cards} → {name}（{points}点）",
        "Last trick: {cards} → {name} ({points} pts)",
    ),
    "player": Text(
        "{name}: 手札{count}枚 | このハンド{points}点 | 合計{total}点",
        "{name}: {count} in hand | {points} this hand | {total} in all",
    ),
    "your_hand": Text("あなたの手札", "Your hand"),
    "gave": Text("渡したカード", "Cards passed"),
    "received": Text("受け取ったカード", "Cards received"),
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
                points=last["points"],
            )(lang)
        )
    if view["phase"] == "play":
        lines.append(label["trick"].format(cards=_trick_text(view["trick"], lang))(lang))
    if view["hand"] is not None:
        lines.append(f"{label['your_hand'](lang)}: {cards_text(view['hand'], lang)}")
    if view["phase"] == "play" and view["received"]:
        lines.append(
            f"{label['gave'](lang)}: {cards_text(view['passed'], lang)} | "
            f"{label['received'](lang)}: {cards_text(view['received'], lang)}"
        )
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


def summary_lines(totals: Sequence[int], winners: Sequence[int], lang: str) -> list[str]:
    """The final totals for people, then the winners (the fewest points)."""
    lines = []
    for seat, total in enumerate(totals):
        mark = " ♛" if seat in winners else ""
        if lang == "ja":
            lines.append(f"{seat_name(seat, lang)}: {total}点{mark}")
        else:
            lines.append(f"{seat_name(seat, lang)}: {total} points{mark}")
    names = ", ".join(seat_name(s, lang) for s in winners)
    if lang == "ja":
        lines.append(f"勝者（失点が最少）: {names}")
    else:
        lines.append(f"Winners (fewest points): {names}")
    return lines
