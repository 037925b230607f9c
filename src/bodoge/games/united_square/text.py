"""Player-facing words of United Square in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Text, seat_name
from .data import COLOUR_NAMES, COLOURS, OWNED, TYPES

TITLE = Text("ユナイテッドスクエア", "United Square")
BLURB = Text(
    "4色のタイルを、接する辺の色をそろえて並べよう。自分の色の正方形を一番多く作った人の勝ち。",
    "Lay four-coloured tiles so that touching sides match: whoever makes the most squares of "
    "their colour wins.",
)

GLOSSARY = {
    "tile": Text("タイル", "tile"),
    "square": Text(
        "正方形（同じ色の三角形2つが辺をはさんでできる）",
        "square (two triangles of one colour across an edge)",
    ),
    "start_tile": Text("スタートタイル", "start tile"),
    **COLOUR_NAMES,
}

WORDS: dict[str, Text] = {}
"""The words of the table (templates/united_square.html reads them as ``t("key")``)."""

_LABELS = {
    "turn": Text("手番: {name}", "Turn: {name}"),
    "over": Text("ゲーム終了", "The game is over"),
    "squares": Text("正方形", "Squares"),
    "hand": Text("手持ち", "tiles"),
    "team": Text("チーム{n}", "Team {n}"),
}

_ENDINGS = {
    "nobody": Text(
        "誰もタイルを置けなくなり、ゲーム終了。", "Nobody can place a tile: the game is over."
    ),
    "colour": Text("{colour}の正方形: {n}", "{colour}: {n} squares"),
    "player": Text("{name}（{colours}）: {n}点", "{name} ({colours}): {n}"),
    "team": Text("{names}のチーム: 合計{n}点", "Team {names}: {n} in all"),
    "nobodys": Text("（{colour}は誰の色でもありません）", "({colour} is nobody's colour)"),
    "winners": Text("勝者: {names}", "Winners: {names}"),
    "draw": Text("同点: {names}の引き分け", "A draw between {names}"),
    "team_rule": Text(
        "チーム戦: チームの合計が多いチームの勝ち。"
        "順位はチーム合計、次に個人の正方形の数で決まります。",
        "Team play: the team with the larger total wins; places go by team total, then by a "
        "player's own squares.",
    ),
    "place": Text("{place}位: {names}", "Place {place}: {names}"),
}


def colour_name(colour: str, lang: str) -> str:
    return COLOUR_NAMES[colour](lang)


def colours_text(colours: Sequence[str], lang: str) -> str:
    return ("・" if lang == "ja" else " + ").join(colour_name(c, lang) for c in colours)


def type_text(kind: str, lang: str) -> str:
    """A tile type in words: its colours clockwise from red."""
    letters = {c[0]: c for c in COLOURS}
    return "→".join(colour_name(letters[letter], lang) for letter in kind)


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering: the board as letters, then squares and hands."""
    size = view["size"]
    rows = []
    for row in range(size):
        cells = view["board"][row * size : (row + 1) * size]
        rows.append(" ".join((tile or "....") for tile in cells))
    lines = rows
    points = " ".join(
        f"{colour_name(c, lang)}:{n}" for c, n in zip(view["colours"], view["points"], strict=True)
    )
    lines.append(f"{_LABELS['squares'](lang)}: {points}")
    for player in view["players"]:
        hand = " ".join(
            f"{kind}×{count}" for kind, count in zip(TYPES, player["hand"], strict=True) if count
        )
        lines.append(
            f"{seat_name(player['seat'], lang)} ({colours_text(player['colours'], lang)}) "
            f"{player['score']} | {_LABELS['hand'](lang)}: {hand or '-'}"
        )
    if view["current"] is not None:
        lines.append(_LABELS["turn"].format(name=seat_name(view["current"], lang))(lang))
    else:
        lines.append(_LABELS["over"](lang))
    return "\n".join(lines)


def summary_lines(
    num_players: int,
    points: Sequence[int],
    scores: Sequence[int],
    teams: Sequence[Sequence[int]] | None,
    winners: Sequence[int],
    places: Sequence[int],
    lang: str,
    names: Sequence[str] | None = None,
) -> list[str]:
    """The end of the game step by step: squares per colour, per player, per team, the winners."""
    lines = [_ENDINGS["nobody"](lang)]
    owned = OWNED[num_players]
    for colour, count in zip(COLOURS, points, strict=True):
        line = _ENDINGS["colour"].format(colour=colour_name(colour, lang), n=count)(lang)
        if not any(colour in colours for colours in owned):
            line += " " + _ENDINGS["nobodys"].format(colour=colour_name(colour, lang))(lang)
        lines.append(line)
    for seat, score in enumerate(scores):
        lines.append(
            _ENDINGS["player"].format(
                name=seat_name(seat, lang, names), colours=colours_text(owned[seat], lang), n=score
            )(lang)
        )
    if teams:
        for team in teams:
            who = " & ".join(seat_name(s, lang, names) for s in team)
            total = sum(scores[s] for s in team)
            lines.append(_ENDINGS["team"].format(names=who, n=total)(lang))
        lines.append(_ENDINGS["team_rule"](lang))
        for place in sorted(set(places)):
            who = ", ".join(seat_name(s, lang, names) for s, p in enumerate(places) if p == place)
            lines.append(_ENDINGS["place"].format(place=place, names=who)(lang))
    who = ", ".join(seat_name(s, lang, names) for s in winners)
    tied = len(winners) > (2 if teams else 1)
    lines.append(_ENDINGS["draw" if tied else "winners"].format(names=who)(lang))
    return lines
