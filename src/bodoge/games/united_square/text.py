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

WORDS: dict[str, Text] = {
    "sides": Text(
        "上{top}・右{right}・下{bottom}・左{left}",
        "{top} top, {right} right, {bottom} bottom, {left} left",
    ),
    "nobody": Text("誰の色でもない", "nobody's"),
    "and": Text("・", " and "),
    "log_place": Text(
        "{who}が{cell}に置いた（{sides}）", "{who} placed a tile on {cell} ({sides})"
    ),
    "log_squares": Text("正方形: {colours}", "squares: {colours}"),
    "log_passed": Text("置けないのでパス: {names}", "cannot place, passed: {names}"),
    "log_over": Text("誰も置けないのでゲーム終了", "nobody can place: the game is over"),
    "won": Text("{name}の勝ち！", "{name} wins!"),
    "won_draw": Text("引き分け: {names}", "A draw between {names}"),
    "won_team": Text(
        "{names}のチームの勝ち。チームで自分の正方形が多い{name}が勝者！",
        "The team of {names} wins, and {name}, with more squares of their own, is the winner!",
    ),
    "won_team_shared": Text(
        "{names}のチームの勝ち。二人の正方形が同じ数なので、二人とも勝者！",
        "The team of {names} wins; both have as many squares of their own, so both win!",
    ),
    "won_teams_draw": Text(
        "チームの合計が同点: 自分の正方形が最も多い{names}の勝ち",
        "The team totals are equal: {names}, with the most squares of their own, wins",
    ),
    "place_you": Text(
        "タイルの種類を選び、光っているマスを押してください。マスには置くときの向きで表示されます。",
        "Choose a tile type, then a highlighted cell: the cell shows the tile turned the way it "
        "would lie.",
    ),
    "place_other": Text("{name}がタイルを置きます。", "{name} is placing a tile."),
    "end_how": Text(
        "同じ色の三角形2つが辺をはさんで正方形になり、その色の持ち主に1点ずつ入りました。",
        "Every pair of same-coloured triangles across an edge made a square: one point to whoever "
        "owns that colour.",
    ),
    "end_ties": Text(
        "同点は引き分けです（BGAの持ち時間による決着はここでは使いません）。",
        "Ties are draws (BGA's tie-break by time left on the clock is not used here).",
    ),
    "squares": Text("色ごとの正方形", "Squares per colour"),
    "squares_title": Text(
        "{colour}の正方形{n}個（{owner}）",
        "{n} {colour} squares ({owner})",
        one="{n} {colour} square ({owner})",
    ),
    "team_total": Text("{names}: 合計{n}", "{names}: {n} in all"),
    "start_tile": Text("スタートタイル", "start tile"),
    "legal_cell": Text("{cell}: ここに置けます", "{cell}: you can place here"),
    "dead_cell": Text(
        "{cell}: 同じ色が2方向から接しているので、もう置けません",
        "{cell}: one colour meets it from two sides, so no tile can ever go here",
    ),
    "open_cell": Text("{cell}: 隣にタイルがあるマス", "{cell}: next to a tile"),
    "board_legend": Text(
        "枠付きのマス: 今置けるところ。暗い斜線のマス: 同じ色が2方向から接していて置けないところ。"
        "太枠: 最後に置かれたタイル。白丸: スタートタイル。",
        "Framed cells: where you can place now. Dark striped cells: one colour meets them from "
        "two sides, so nothing can go there. Bold outline: the latest tile. White dot: the start "
        "tile.",
    ),
    "your_tiles": Text(
        "あなたのタイル（あなたの色: {colours}）", "Your tiles (your colours: {colours})"
    ),
    "left": Text("残り{n}", "{n} left"),
    "no_fit": Text("今はどこにも置けません", "fits nowhere now"),
    "tiles_legend": Text(
        "全員の残りのタイルは種類ごとに公開されています。タイルは回して置けますが、裏返せません。",
        "Everyone's remaining tiles per type are public. Tiles turn but never flip.",
    ),
    "bot": Text("ボット", "bot"),
    "team_n": Text("チーム{n}", "team {n}"),
    "score": Text("{n}点", "{n} points", one="{n} point"),
    "place": Text("{n}位", "place {n}"),
    "winner_tag": Text("♛ 勝者", "♛ winner"),
    "group_place": Text("タイルを置く", "Place a tile"),
    "rules_tiles": Text(
        "タイルは赤・青・黄・緑の三角形4つでできていて、並び順の違う6種類があります。",
        "Each tile is four triangles, red, blue, yellow and green, one per side; there are six "
        "types, differing in the order of the colours.",
    ),
    "rules_deal": Text(
        "タイルは全員に同じ枚数ずつランダムに配られます。中央にスタートタイルが1枚置かれます。",
        "All tiles are dealt at random, the same number to everyone. A start tile lies in the "
        "centre.",
    ),
    "rules_colours_2": Text(
        "2人: 1番目の人が赤と黄、2番目の人が青と緑。",
        "Two players: the first owns red and yellow, the second blue and green.",
    ),
    "rules_colours_3": Text(
        "3人: 席順に赤・青・黄。緑は誰の色でもありません。",
        "Three players: red, blue, yellow by seat; green is nobody's.",
    ),
    "rules_colours_4": Text(
        "4人: 席順に赤・青・黄・緑。", "Four players: red, blue, yellow, green by seat."
    ),
    "rules_place": Text(
        "手番には、置かれたタイルの上下左右の空きマスに1枚置きます。接する辺はすべて同じ色でなければなりません。",
        "On your turn place a tile on an empty cell next to a tile; every side it touches must "
        "match in colour.",
    ),
    "rules_must": Text(
        "置けるなら必ず置きます（自分の得点にならなくても）。置けない人はパスし、誰も置けなくなったら終了。",
        "If you can place, you must (even when it scores for somebody else). Who cannot is "
        "passed; when nobody can, the game ends.",
    ),
    "rules_dead": Text(
        "2方向から同じ色が接するマスには、どのタイルも置けません。",
        "A cell that one colour meets from two sides can never be filled.",
    ),
    "rules_score": Text(
        "接した同じ色の三角形2つで正方形1つ: その色の持ち主に1点。盤の外周の辺は点になりません。",
        "Two touching triangles of one colour make a square: one point for that colour's owner. "
        "Sides on the board's edge never score.",
    ),
    "rules_teams": Text(
        "チーム戦: 1番目と3番目、2番目と4番目の人がチーム。合計の多いチームの中で、"
        "自分の正方形が多い人の勝ち（同数なら二人とも）。順位はチーム合計、次に個人の正方形の数。",
        "Team play: seats 1 and 3 against seats 2 and 4. The winner is the member of the team "
        "with the larger total who has more squares of their own (equal: both win); places go "
        "by team total, then by a player's own squares.",
    ),
}
"""The words of the table (templates/united-square.html reads them as ``t("key")``)."""

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
    "colour": Text("{colour}の正方形: {n}", "{colour}: {n} squares", one="{colour}: {n} square"),
    "player": Text("{name}（{colours}）: {n}点", "{name} ({colours}): {n}"),
    "team": Text("{names}のチーム: 合計{n}点", "Team {names}: {n} in all"),
    "nobodys": Text("（{colour}は誰の色でもありません）", "({colour} is nobody's colour)"),
    "winners": Text("勝者: {names}", "Winners: {names}"),
    "draw": Text("同点: {names}の引き分け", "A draw between {names}"),
    "team_rule": Text(
        "チーム戦: 合計の多いチームの中で、自分の正方形が多い人の勝ち（同数なら二人とも）。"
        "順位はチーム合計、次に個人の正方形の数で決まります。",
        "Team play: the winner is the member of the team with the larger total who has more "
        "squares of their own (equal: both win); places go by team total, then by a player's "
        "own squares.",
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
    tied = len(winners) > 1
    lines.append(_ENDINGS["draw" if tied else "winners"].format(names=who)(lang))
    return lines
