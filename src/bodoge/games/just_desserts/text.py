"""Player-facing words of Just Desserts in Japanese and English."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Text, seat_name
from .data import (
    COLOUR_NAMES,
    DESSERTS,
    GUEST_INDEX,
    GUESTS,
    TAKE_BACK_LIMIT,
    TASTE_NAMES,
    TURN_LIMIT,
)

TITLE = Text("ジャストデザート", "Just Desserts")
BLURB = Text(
    "お客さんの食べたいデザートを出して満足させよう。違う色のお客さん5人か、同じ色の3人で勝利。",
    "Serve guests the desserts they crave: five guests of different colours, or three of one "
    "colour, win.",
)

GLOSSARY: dict[str, Text] = {
    "dessert": Text("デザートカード", "dessert card"),
    "guest": Text("お客さん", "guest"),
    "doorway": Text("戸口のお客さん（捨て札の一番上）", "the guest in the doorway (top discard)"),
    "middle": Text("場", "the middle"),
    "tip": Text("チップ", "tip"),
    "buffet": Text("ビュッフェ", "buffet"),
    "poach": Text("引き抜き", "poaching"),
    **{f"taste_{k}": v for k, v in TASTE_NAMES.items()},
    **{f"colour_{k}": v for k, v in COLOUR_NAMES.items()},
    **{d.id: d.name for d in DESSERTS},
    **{g.id: g.name for g in GUESTS},
}
"""Every name a player reads: tastes (``taste_<id>``), colours (``colour_<id>``),
desserts and guests by their ids."""

WORDS: dict[str, Text] = {}
"""The words of the table (templates/just-desserts.html reads them as t("key")); filled
in below."""

_ENDINGS = {
    "colours": Text(
        "{name}が違う色のお客さん5人に給仕して勝利！",
        "{name} has served guests of five different colours and wins!",
    ),
    "same_colour": Text(
        "{name}が同じ色のお客さん3人に給仕して勝利！",
        "{name} has served three guests of one colour and wins!",
    ),
    "guests_out": Text(
        "お客さんがいなくなりました。得点: お客さん1人1点、同じ色2人のペアごとに1点"
        "（同点なら手札の多い人）。",
        "No guests are left. Points: one per guest, one per colour held exactly twice "
        "(ties: most desserts in hand).",
    ),
    "limit": Text(
        f"安全のための上限（{TURN_LIMIT}手番）に達したため、ゲームを打ち切りました。勝者はいません。",
        f"The game was stopped at the safety limit of {TURN_LIMIT} turns: nobody wins.",
    ),
    "winners": Text("勝者: {names}", "Winners: {names}"),
    "no_winner": Text("勝者なし", "No winner"),
    "line": Text(
        "{name}: {guests}（{points}点、手札{hand}枚）",
        "{name}: {guests} ({points} points, {hand} desserts in hand)",
    ),
}

_LABELS = {
    "turn": Text("手番{n}: {name}", "Turn {n}: {name}"),
    "deck": Text("山札 {n}枚", "deck: {n}"),
    "guests": Text("お客さんの山 {n}枚", "guest deck: {n}"),
    "middle": Text("場のお客さん", "Guests in the middle"),
    "doorway": Text("戸口", "Doorway"),
    "hand": Text("手札", "Hand"),
    "wants": Text("欲しい", "wants"),
    "refuses": Text("嫌い", "refuses"),
    "favourite": Text("好物", "favourite"),
    "none": Text("なし", "none"),
    "anything": Text("{taste}入りなら何でも", "anything with {taste}"),
}


def taste_name(taste: str, lang: str) -> str:
    return TASTE_NAMES[taste](lang)


def guest_line(guest_id: str, lang: str) -> str:
    """A guest in words: name, colour, wants, refusals, favourites."""
    guest = GUESTS[GUEST_INDEX[guest_id]]
    word = {key: text(lang) for key, text in _LABELS.items()}
    wants = ", ".join(taste_name(t, lang) for t in guest.wants)
    parts = [f"{guest.name(lang)} [{COLOUR_NAMES[guest.colour](lang)}] {word['wants']}: {wants}"]
    if guest.refuses:
        parts.append(f"{word['refuses']}: {', '.join(taste_name(t, lang) for t in guest.refuses)}")
    if guest.favourite_taste:
        taste = taste_name(guest.favourite_taste, lang)
        parts.append(f"{word['favourite']}: {_LABELS['anything'].format(taste=taste)(lang)}")
    elif guest.favourites:
        names = ", ".join(dessert_text(f, lang) for f in guest.favourites)
        parts.append(f"{word['favourite']}: {names}")
    return " · ".join(parts)


def dessert_text(dessert_id: str, lang: str) -> str:
    for dessert in DESSERTS:
        if dessert.id == dessert_id:
            return dessert.name(lang)
    return dessert_id


def dessert_line(dessert_id: str, lang: str) -> str:
    for dessert in DESSERTS:
        if dessert.id == dessert_id:
            tastes = "/".join(taste_name(t, lang) for t in dessert.tastes)
            return f"{dessert.name(lang)} ({tastes})"
    return dessert_id


def guests_by_colour(guest_ids: Sequence[str], lang: str) -> str:
    """Served guests grouped by colour, e.g. ``Blue: Mojo, Granny · Red: Agent 17``."""
    groups: dict[str, list[str]] = {}
    for guest_id in guest_ids:
        guest = GUESTS[GUEST_INDEX[guest_id]]
        groups.setdefault(guest.colour, []).append(guest.name(lang))
    if not groups:
        return _LABELS["none"](lang)
    return " · ".join(
        f"{COLOUR_NAMES[colour](lang)}: {', '.join(names)}" for colour, names in groups.items()
    )


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view."""
    word = {key: text(lang) for key, text in _LABELS.items()}
    head = [
        _LABELS["turn"].format(n=view["turn"], name=seat_name(view["active"], lang))(lang),
        _LABELS["deck"].format(n=view["deck"])(lang),
        _LABELS["guests"].format(n=view["guest_deck"])(lang),
    ]
    lines = [" · ".join(head), f"{word['middle']}:"]
    lines += [f"  {guest_line(g, lang)}" for g in view["middle"]]
    if view["doorway"] is not None:
        lines.append(f"{word['doorway']}: {guest_line(view['doorway'], lang)}")
    for player in view["players"]:
        lines.append(
            f"{seat_name(player['seat'], lang)}: {guests_by_colour(player['won'], lang)} | "
            f"{word['hand']} {player['hand_size']}"
        )
    if view["hand"] is not None:
        cards = ", ".join(dessert_line(d, lang) for d in view["hand"]) or word["none"]
        lines.append(f"{word['hand']}: {cards}")
    return "\n".join(lines)


def summary_lines(
    ending: str,
    won: Sequence[Sequence[int]],
    hands: Sequence[Sequence[int]],
    winners: Sequence[int],
    lang: str,
    names: Sequence[str] | None = None,
) -> list[str]:
    """The end of the game for people: how it ended, every player's guests, the winners."""
    from .rules import guest_points

    lines = []
    if ending in ("colours", "same_colour"):
        lines.append(_ENDINGS[ending].format(name=seat_name(winners[0], lang, names))(lang))
    else:
        lines.append(_ENDINGS[ending](lang))
    for seat, guests in enumerate(won):
        counts = Counter(GUESTS[g].colour for g in guests)
        del counts
        lines.append(
            _ENDINGS["line"].format(
                name=seat_name(seat, lang, names),
                guests=guests_by_colour([GUESTS[g].id for g in guests], lang),
                points=guest_points(guests),
                hand=len(hands[seat]),
            )(lang)
        )
    if not winners:
        lines.append(_ENDINGS["no_winner"](lang))
        return lines
    who = ", ".join(seat_name(s, lang, names) for s in winners)
    lines.append(_ENDINGS["winners"].format(names=who)(lang))
    return lines


del TAKE_BACK_LIMIT
