"""Player-facing words of Tarot Storia in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import CARDS, Action, Text, seat_name
from ...engine.text import signed
from .actions import Keep, Place
from .data import COLOUR_WORDS, DUET_RANKS, SOLO_RANKS, rank

TITLE = Text("タロットストーリア", "Tarot Storia")
BLURB = Text(
    "22枚のカードで王様に物語を語ろう。小さい番号を左に、大きい番号を右に、同じ色はつなげて。"
    "1人でも、2人で協力しても遊べます。",
    "Tell the king a story with 22 cards: low numbers on the left, high on the right, "
    "colours together. Play alone or as a pair working together.",
)

GLOSSARY = {
    "card": Text("カード", "card"),
    "column": Text("列", "column"),
    "route": Text("ルート", "route"),
    "gap": Text("隙間", "gap"),
    "face_down": Text("裏向き", "face down"),
    "deck": Text("山札", "deck"),
    "encore": Text("アンコール", "encore"),
    **COLOUR_WORDS,
}

# The words of the table (templates/tarot-storia.html reads them as t("key")).
WORDS: dict[str, Text] = {
    "deck": Text("山札", "Deck"),
    "deck_title": Text("山札: 残り{n}枚", "Deck: {n} cards left", one="Deck: {n} card left"),
    "round": Text("{n}周目", "Round {n}"),
    "round_encore": Text("2周目（アンコール）", "Round 2 (encore)"),
    "limit": Text("1列に{n}枚まで", "at most {n} cards a column"),
    "your_hand": Text("あなたの手札", "Your hand"),
    "partner_hand": Text(
        "{name}の手札: {n}枚", "{name}'s hand: {n} cards", one="{name}'s hand: {n} card"
    ),
    "partner_known": Text("（場から戻った{cards}）", "(back from the table: {cards})"),
    "hidden_hand": Text(
        "手札は本人にしか見えません（相手に見せたり教えたりしてはいけません）。",
        "A hand is seen by its owner only (partners may not show or tell).",
    ),
    "pick_help": Text(
        "手札のカードを選ぶと、置ける位置が光ります。光る位置を押すと置きます。"
        "入れ替えるときは「場のカードと入れ替える」を選び、場のカードを押してください。",
        "Choose a card of your hand: the places it may go glow; click one to put it there. To "
        "swap instead, choose \u201cSwap it for a table card\u201d and click a table card.",
    ),
    "mode_place": Text("置く", "Place it"),
    "mode_swap": Text("場のカードと入れ替える", "Swap it for a table card"),
    "pick_help_no_swap": Text(
        "手札のカードを選ぶと、置ける位置が光ります。光る位置を押して置いてください。",
        "Choose a card of your hand: the places it may go glow. Click one to put it there.",
    ),
    "play_you": Text(
        "カードを1枚置くか、場のカードと入れ替えてください。",
        "Place a card, or swap one with a card on the table.",
    ),
    "play_two": Text(
        "入れ替えの次の番: カードを2枚置きます（あと{n}枚）。",
        "The turn after a swap: place two cards ({n} to go).",
    ),
    "play_last": Text("あと{n}枚置いてください。", "Place {n} more."),
    "play_other": Text("{name}の番です。", "{name}'s turn."),
    "no_swap_deck": Text(
        "山札が尽きたので入れ替えはできません。", "The deck is empty: no more swaps."
    ),
    "no_swap_two": Text(
        "入れ替えの次の番なので入れ替えはできません。", "No swap on the turn after a swap."
    ),
    "keep_you": Text(
        "アンコール！残す列を1つ選んでください（裏向きのカードは除外されます）。",
        "Encore! Choose the column to keep (its face-down cards leave the game).",
    ),
    "keep_other": Text("{name}が残す列を選んでいます。", "{name} is choosing the column to keep."),
    "keep_this": Text("列{n}を残す", "Keep column {n}"),
    "group_place": Text("置く", "Place"),
    "group_swap": Text("入れ替える", "Swap"),
    "group_keep": Text("残す列", "Keep a column"),
    "group_legend": Text("色の最大連続（★）", "largest colour group (★)"),
    "removed": Text("除外されたカード", "Out of the game"),
    "column_label": Text("列{n}", "col. {n}"),
    "open_place": Text("置ける位置", "A place a card may go"),
    "round_scores": Text("得点", "Scores"),
    "game_over": Text("1周目が0点以下: ゲームオーバー", "Round 1 scored 0 or less: game over"),
    "final": Text("最終スコア: {n}点", "Final score: {n}"),
    "step1": Text(
        "① 右隣の列に小さい番号が接しているカードを裏向きに",
        "① Turned face down: a smaller number touches it in the next column",
    ),
    "step1_item": Text("{card}（右に{by}）", "{card} ({by} to its right)"),
    "step2": Text(
        "② 1列目から最終列へのルートに乗らないカードを裏向きに",
        "② Turned face down: on no route from the first column to the last",
    ),
    "step3": Text("③ 得点", "③ The score"),
    "route": Text("ルート上のカード", "Cards on a route"),
    "group": Text("{colour}の最大連続: {cards} = {n}点", "{colour}, largest group: {cards} = {n}"),
    "down_total": Text("裏向き{n}枚 = {minus}", "{n} face down = {minus}"),
    "gap_total": Text("隙間{n}ヶ所 = {minus}", "{n} gaps = {minus}", one="{n} gap = {minus}"),
    "round_total": Text("{r}周目: {n}点", "Round {r}: {n}"),
    "none": Text("なし", "none"),
    "rank_title": Text("王様の評価", "The king's verdict"),
    "rank_title_duet": Text("二人の相性", "What the score says of the pair"),
    "legend_down": Text("裏向き", "face down"),
    "legend_route": Text("ルート", "route"),
    "legend_gap": Text("隙間", "gap"),
    "rules_place": Text(
        "列は左から右へ。隣の列とは半分ずらして置きます。新しいカードは場のカードに接する位置に"
        "（上下、左右の列の斜め上下の最大6ヶ所）。1列に4枚まで（デュエットは3枚）。隙間も可。",
        "Columns run left to right, each offset by half a card from the next. A new card must "
        "touch a placed one (above, below, or half-offset in a neighbouring column: up to six). "
        "At most 4 cards a column (3 in the duet); holes are allowed.",
    ),
    "rules_turn": Text(
        "手番: 山札から1枚引き、手札から1枚置くか、場のカードと入れ替えます（山札がある間だけ）。"
        "入れ替えた人は次の番に2枚置きます。手札がなくなったら採点。",
        "A turn: draw a card, then place one or swap one with a placed card (only while the "
        "deck has cards). Whoever swapped places two on their next turn. Empty hands: score.",
    ),
    "rules_score": Text(
        "採点: ①右の列に小さい番号が接するカードを裏に ②1列目から最終列まで右へたどれない"
        "カードを裏に ③色ごとの最大連続枚数の合計 − 裏向きの枚数 − 隙間の数。",
        "Scoring: ① a card with a smaller number touching it in the next column turns face "
        "down; ② so does every card on no route from the first column to the last; ③ each "
        "colour's largest group, minus one per face-down card and per gap.",
    ),
    "rules_encore": Text(
        "1周目が1点以上ならアンコール: 1列を残して（裏向きは除外、詰める）残りを混ぜ直し、"
        "もう1周。最終スコアは2周の合計。",
        "Round 1 above 0 earns an encore: keep one column (face-down cards leave, holes close), "
        "shuffle the rest and play again. The final score adds both rounds.",
    ),
    "rules_duet": Text(
        "デュエット: 2人で交互に1つの場を作り、得点を共有します。手札は見せられません。",
        "Duet: two players take turns on one layout and share the score. Hands stay secret.",
    ),
    "log_place": Text("{who}が{card}を置いた", "{who} placed {card}"),
    "log_swap": Text("{who}が{card}と場の{taken}を入れ替えた", "{who} swapped {card} for {taken}"),
    "log_keep": Text("{who}が列{col}を残した", "{who} kept column {col}"),
    "log_drew": Text("{who}が1枚引いた", "{who} drew a card"),
    "log_drew_you": Text("あなたは{card}を引いた", "you drew {card}"),
    "log_round": Text("{n}点で採点", "scored {n}"),
    "log_removed": Text("除外: {cards}", "out of the game: {cards}"),
}

WORDS.update(
    {f"rank_solo_{i}": message for i, (_, message) in enumerate(SOLO_RANKS)}
    | {f"rank_duet_{i}": message for i, (_, message) in enumerate(DUET_RANKS)}
)

_LABELS = {
    "round": WORDS["round"],
    "deck": Text("山札 {n}枚", "deck: {n}"),
    "turn": Text("手番: {name}", "Turn: {name}"),
    "hand": Text("手札", "hand"),
    "cards": CARDS,
    "keep": Text("残す列を選んでいます", "choosing the column to keep"),
    "place_two": Text("2枚置く番", "places two"),
}


_WHERE = {
    "below": Text("{card}の下", "below {card}"),
    "above": Text("{card}の上", "above {card}"),
    "right_low": Text("{card}の右・半分下", "right of {card}, half a card lower"),
    "right_high": Text("{card}の右・半分上", "right of {card}, half a card higher"),
    "left_low": Text("{card}の左・半分下", "left of {card}, half a card lower"),
    "left_high": Text("{card}の左・半分上", "left of {card}, half a card higher"),
}
"""Where a place lies from a card touching it (columns run left to right, half-offset)."""
_NEAR = (  # (dcol, dy) from the place to a touching card → how the place lies from that card
    ((0, -2), "below"),
    ((0, 2), "above"),
    ((-1, -1), "right_low"),
    ((-1, 1), "right_high"),
    ((1, -1), "left_low"),
    ((1, 1), "left_high"),
)
_TERMINAL = {
    "place": Text("{card}を置く: {where}", "Place {card} {where}"),
    "first": Text("{card}を最初の1枚として置く", "Place {card} as the first card"),
    "and": Text("、", ", "),
    "keep": Text(
        "列{col}（{cards}）を残してアンコールへ", "Keep column {col} ({cards}) for the encore"
    ),
}


def describe_action(view: Mapping[str, Any], action: Action, lang: str) -> str:
    """A place named by the cards that touch it ("below 12, right of 3, half a card
    lower"), stable while those cards lie there, rather than by column and height, which
    renumber as the layout grows; a kept column by its cards."""
    cells = {(c["col"], c["y"]): c["card"] for c in view["table"]}
    if isinstance(action, Place):
        if not cells:
            return _TERMINAL["first"].format(card=action.card)(lang)
        where = [
            _WHERE[side].format(card=cells[action.col + dcol, action.y + dy])(lang)
            for (dcol, dy), side in _NEAR
            if (action.col + dcol, action.y + dy) in cells
        ]
        joined = _TERMINAL["and"](lang).join(where[:2])  # two cards place it unambiguously
        return _TERMINAL["place"].format(card=action.card, where=joined)(lang)
    if isinstance(action, Keep):
        column = sorted((y, card) for (col, y), card in cells.items() if col == action.col)
        cards = ", ".join(str(card) for _, card in column)
        return _TERMINAL["keep"].format(col=action.col + 1, cards=cards)(lang)
    return action.label(lang)


_SHORT = {"red": "R", "blue": "B", "yellow": "Y", "black": "K"}
"""One letter a colour in the terminal (K for black, as printers say)."""


def rank_text(score: int, num_players: int) -> Text:
    """The text's message for a final score (solo: the king's verdict; duet: the pair)."""
    table = SOLO_RANKS if num_players == 1 else DUET_RANKS
    return table[rank(score, num_players)][1]


def colour_name(colour: str, lang: str) -> str:
    return COLOUR_WORDS[colour](lang)


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view: the layout column by column."""
    colours = [_SHORT[c] for c in view["colours"]]
    head = [_LABELS["round"].format(n=view["round"])(lang)]
    head.append(_LABELS["deck"].format(n=view["deck"])(lang))
    if view["phase"] == "keep":
        head.append(_LABELS["keep"](lang))
    elif not view["is_over"]:
        head.append(_LABELS["turn"].format(name=seat_name(view["current"], lang))(lang))
        if view["to_place"] == 2:
            head.append(_LABELS["place_two"](lang))
    lines = [" · ".join(head)]
    cells = {(c["col"], c["y"]): c["card"] for c in view["table"]}
    if cells:
        width = max(col for col, _ in cells) + 1
        height = max(y for _, y in cells) + 2
        for y in range(height):
            row = []
            for col in range(width):
                card = cells.get((col, y))
                if card is None:
                    card = cells.get((col, y - 1))
                    row.append("  ... " if card is None else "      ")
                    continue
                row.append(f"[{card:2d} {colours[card]}]")
            lines.append(" ".join(row).rstrip())
    if view["hand"] is not None:
        hand = " ".join(f"{c}({colours[c]})" for c in view["hand"]) or "-"
        lines.append(f"{_LABELS['hand'](lang)}: {hand}")
    for player in view["players"]:
        if player["seat"] != view["seat"]:
            count = _LABELS["cards"].format(n=player["hand_count"])(lang)
            lines.append(f"{seat_name(player['seat'], lang)}: {_LABELS['hand'](lang)} {count}")
    return "\n".join(lines)


def summary_lines(
    round_scores: Sequence[int],
    scorings: Sequence[Mapping[str, Any]],
    num_players: int,
    lang: str,
) -> list[str]:
    """The end of the game for people: each round's three steps, the total and the rank."""
    lines = []
    for number, (total, scoring) in enumerate(zip(round_scores, scorings, strict=True), 1):
        lines.append(WORDS["round_total"].format(r=number, n=signed(total))(lang))
        down = ", ".join(
            WORDS["step1_item"].format(card=card, by=by)(lang) for card, by in scoring["smaller"]
        )
        lines.append(f"  {WORDS['step1'](lang)}: {down or WORDS['none'](lang)}")
        off = ", ".join(str(card) for card in scoring["off_route"])
        lines.append(f"  {WORDS['step2'](lang)}: {off or WORDS['none'](lang)}")
        for colour, cards in scoring["groups"].items():
            shown = " ".join(str(card) for card in cards) or WORDS["none"](lang)
            lines.append(
                "  "
                + WORDS["group"].format(
                    colour=colour_name(colour, lang), cards=shown, n=len(cards)
                )(lang)
            )
        down, gaps = scoring["face_down"], len(scoring["gaps"])
        lines.append("  " + WORDS["down_total"].format(n=down, minus=signed(-down))(lang))
        lines.append("  " + WORDS["gap_total"].format(n=gaps, minus=signed(-gaps))(lang))
    if round_scores and round_scores[0] <= 0:
        lines.append(WORDS["game_over"](lang))
    final = sum(round_scores)
    lines.append(WORDS["final"].format(n=signed(final))(lang))
    title = WORDS["rank_title" if num_players == 1 else "rank_title_duet"](lang)
    lines.append(f"{title}: {rank_text(final, num_players)(lang)}")
    return lines
