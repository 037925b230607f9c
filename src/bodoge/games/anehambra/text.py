"""Player-facing words of アネハンブラ in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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

# The words of the table (templates/anehambra.html reads them as t("key")).
WORDS: dict[str, Text] = {
    "colour_red": COLOUR_TEXT["red"],
    "colour_yellow": COLOUR_TEXT["yellow"],
    "colour_green": COLOUR_TEXT["green"],
    "colour_blue": COLOUR_TEXT["blue"],
    "check_A": CHECK_TEXT[0],
    "check_B": CHECK_TEXT[1],
    "check_C": CHECK_TEXT[2],
    "check_D": CHECK_TEXT[3],
    "check_E": CHECK_TEXT[4],
    "check_F": CHECK_TEXT[5],
    "check_help_A": Text(
        "赤の柱がなければ取り壊し。宮殿2つまで（同じ色で）",
        "Demolished if it holds no red. Up to two palaces (same colour)",
    ),
    "check_help_B": Text(
        "黄の柱がなければ取り壊し。宮殿2つまで（同じ色で）",
        "Demolished if it holds no yellow. Up to two palaces (same colour)",
    ),
    "check_help_C": Text(
        "緑の柱がなければ取り壊し。宮殿2つまで（同じ色で）",
        "Demolished if it holds no green. Up to two palaces (same colour)",
    ),
    "check_help_D": Text(
        "青の柱がなければ取り壊し。宮殿2つまで（同じ色で）",
        "Demolished if it holds no blue. Up to two palaces (same colour)",
    ),
    "check_help_E": Text(
        "同じ色が2枚以上なければ取り壊し。宮殿1つだけ",
        "Demolished unless some colour appears twice. One palace only",
    ),
    "check_help_F": Text(
        "4色すべてあれば取り壊し。宮殿1つだけ",
        "Demolished if all four colours appear. One palace only",
    ),
    "checks": Text("査察要件", "Inspection checks"),
    "banned": Text(
        "全てのカードが公開済みのため指定できません", "every card of it is open: it cannot be named"
    ),
    "deck": Text("山札", "Deck"),
    "deck_title": Text(
        "山札: 残り{n}枚（ENDカードを含む）",
        "Deck: {n} cards left (END included)",
        one="Deck: {n} card left (END included)",
    ),
    "deck_draw_title": Text("山札から1枚引く", "Draw a card from the deck"),
    "end_in": Text("ENDカードまで{n}枚", "{n} cards before END", one="{n} card before END"),
    "end_somewhere": Text("ENDは下から11枚のどこか", "END lies in the bottom eleven"),
    "removed": Text("除外されたカード", "Removed from the game"),
    "your_hand": Text("あなたの手札（{n}枚）", "Your hand ({n})"),
    "hand_empty": Text("手札はありません", "Your hand is empty"),
    "add_title": Text(
        "{colour}の柱を宮殿に加える（手札に{count}枚）",
        "Add a {colour} pillar to the palace ({count} in hand)",
    ),
    "in_hand_title": Text("手札の{colour}: {count}枚", "{count} {colour} in your hand"),
    "known_to_all": Text("公開済み {n}枚", "{n} known to all"),
    "known_legend": Text(
        "◉ = 取り壊した宮殿から得たので全員が知っている枚数",
        "◉ = cards everyone knows you hold (from a demolished palace)",
    ),
    "quake_short": Text("地震（{colour}×4）", "Earthquake ({colour}×4)"),
    "hand_count": Text("手札 {n}枚", "{n} in hand"),
    "hand_cards": Text("手札", "Cards in hand"),
    "palaces": Text("宮殿", "Palaces"),
    "palace_title": Text(
        "宮殿{number}: {n}枚", "Palace {number}: {n} cards", one="Palace {number}: {n} card"
    ),
    "verified": Text("安全性確認済み", "verified"),
    "known": Text("判明している手札", "Known in hand"),
    "no_palace": Text("宮殿はまだありません", "No palace yet"),
    "bot": Text("ボット", "bot"),
    "you_may": Text("{choices}、のどれかひとつ。", "Do one: {choices}."),
    "may_draw": Text("山札から引く", "draw"),
    "may_build": Text("宮殿を建てる", "build"),
    "may_inspect": Text("査察する", "inspect"),
    "may_quake": Text("地震を起こす", "cause an earthquake"),
    "list_sep": Text("・", ", "),
    "list_last_sep": Text("・", " or "),
    "why_no_build": Text("手札がないので建てられません。", "You cannot build: your hand is empty."),
    "why_no_inspect": Text(
        "他の人に未確認の宮殿がないので査察できません。",
        "You cannot inspect: nobody else has an unverified palace.",
    ),
    "why_no_quake": Text(
        "地震には同じ色の柱が手札に4枚要ります。",
        "An earthquake needs four pillars of one colour in your hand.",
    ),
    "double_note": Text(
        "宮殿が単独で最少なので、2つまで建てられます。",
        "You alone have the fewest palaces: you may build two.",
    ),
    "build_only_you": Text(
        "手番開始時に手札が5枚以上なので、宮殿を建てることしかできません。"
        "手札のカードを選んでください。",
        "You began your turn with five or more cards: you may only build. Pick cards from your "
        "hand.",
    ),
    "building_you": Text(
        "宮殿{n}を建築中: 手札から柱を加え、できたら完成させてください。",
        "Building palace {n}: add pillars from your hand, then complete it.",
    ),
    "complete": Text("宮殿を完成", "Complete the palace"),
    "second_palace": Text(
        "2つ目の宮殿を建てるなら手札を選び、建てないなら終了してください。",
        "Pick a card to start a second palace, or stop here.",
    ),
    "end_building": Text("ここで終了", "Stop here"),
    "choosing_targets_two": Text(
        "{check}: 他の人の未確認の宮殿を1つか2つ選んでください。",
        "{check}: pick one or two unverified palaces of other players.",
    ),
    "choosing_second": Text(
        "{check}: 2つ目の宮殿を選ぶか、1つだけ査察してください。",
        "{check}: pick a second palace, or inspect just the one.",
    ),
    "choosing_targets_one": Text(
        "{check}: 他の人の未確認の宮殿を1つ選んでください。",
        "{check}: pick one unverified palace of another player.",
    ),
    "reveal": Text("この1つだけ査察する", "Inspect just this one"),
    "inspecting_other": Text("{name}が査察中: {check}", "{name} is inspecting: {check}"),
    "building_other": Text("{name}が宮殿{n}を建築中", "{name} is building palace {n}"),
    "they_turn": Text("{name}の手番", "{name}'s turn"),
    "group_draw": Text("1. 山札から引く", "1. Draw"),
    "group_build": Text("2. 宮殿を建築する", "2. Build"),
    "group_inspect": Text("3. 査察する", "3. Inspect"),
    "group_quake": Text("4. 地震を起こす", "4. Earthquake"),
    "log_draw": Text("{who}が山札から1枚引いた", "{who} drew a card"),
    "log_draw_card": Text("（{colour}でした）", "(it was {colour})"),
    "log_end": Text("{who}がENDカードを引いた", "{who} drew the END card"),
    "log_secret_build": Text(
        "{who}が宮殿{n}に柱を加えた（計{count}枚）",
        "{who} added a pillar to palace {n} (now {count})",
    ),
    "log_build": Text(
        "{who}が宮殿{n}に{colour}の柱を加えた（計{count}枚）",
        "{who} added a {colour} pillar to palace {n} (now {count})",
    ),
    "log_complete": Text("{who}が宮殿を完成させた", "{who} completed a palace"),
    "log_end_building": Text("{who}は2つ目の宮殿を建てなかった", "{who} built no second palace"),
    "log_inspect": Text("{who}が査察を宣言: {check}", "{who} declared an inspection: {check}"),
    "log_target": Text("{who}が{owner}の宮殿{n}を選んだ", "{who} named {owner}'s palace {n}"),
    "log_reveal": Text("{who}が査察した", "{who} inspected"),
    "log_safe": Text("{owner}の宮殿{n}（{cards}）は安全", "{owner}'s palace {n} ({cards}) is safe"),
    "log_demolished": Text(
        "{owner}の宮殿{n}（{cards}）は取り壊し", "{owner}'s palace {n} ({cards}) is demolished"
    ),
    "log_quake": Text(
        "{who}が地震を起こした（{colour}）: {n}つの宮殿が崩壊",
        "{who} caused an earthquake ({colour}): {n} palace(s) collapsed",
    ),
    "log_over": Text("ゲーム終了", "The game is over"),
    "result": Text("結果", "Result"),
    "ended_end_card": Text(
        "ENDカードが引かれ、ゲームが終了しました。", "The END card was drawn: the game is over."
    ),
    "ended_turn_limit": Text(
        f"安全のための上限（{TURN_LIMIT}手番）に達したため、ゲームを打ち切りました。"
        "これはゲームのルールではなく、勝者はいません。",
        f"The game was stopped at the safety limit of {TURN_LIMIT} turns. "
        "That limit is not a rule of the game: nobody wins.",
    ),
    "stopped": Text("打ち切り: 勝者なし", "Stopped: no winner"),
    "ranking_help": Text(
        "宮殿の多い人の勝ち。同数なら手札の多い人、それも同数なら引き分け。",
        "Most palaces wins; a tie goes to more cards in hand, else it is a draw.",
    ),
    "winner_one": Text("{names}の勝ち！", "{names} wins!"),
    "winner_many": Text("引き分け: {names}", "A draw: {names}"),
    "rules_turn": Text(
        "手番では次のどれかひとつを行います: 1. 山札から引く 2. 宮殿を建築する 3. "
        "他の人の宮殿を査察する 4. 地震を起こす。",
        "On your turn do one: 1. draw, 2. build, 3. inspect others' palaces, 4. cause an "
        "earthquake.",
    ),
    "rules_draw": Text("1: 山札から1枚引いて手札に加えます。", "1: draw a card into your hand."),
    "rules_build": Text(
        "2: 手札の1枚以上を裏向きに重ねて宮殿を1つ建てます（枚数は公開）。"
        "宮殿の数が単独で最少なら2つまで。",
        "2: put one or more hand cards face down as one palace (its card count is public). Two "
        "palaces when you alone have the fewest.",
    ),
    "rules_inspect": Text(
        "3: 査察要件をひとつ宣言し、他の人の未確認の宮殿を表にします。A〜Dは同じ色で2つまで、"
        "EとFは1つ。要件を満たさない宮殿は取り壊され、カードは査察した人の手札へ。"
        "満たした宮殿は確認済みとなり、二度と査察されません。",
        "3: declare a check and turn over other players' unverified palaces: A–D up to two with "
        "the same colour, E and F one. A palace that fails is demolished and its cards go to the "
        "inspector's hand; one that passes is verified and never inspected again.",
    ),
    "rules_banned": Text(
        "全てのカードが場に公開されている色（確認済みの宮殿か除外）は、A〜Dで指定できません。",
        "A colour whose cards are all open (in verified palaces or removed) cannot be named for "
        "A–D.",
    ),
    "rules_banned_strict": Text(
        "全てのカードが確認済みの宮殿に見えている色は、A〜Dで指定できません（厳密判定）。",
        "A colour whose cards all lie face up in verified palaces cannot be named for A–D (strict "
        "rule).",
    ),
    "rules_quake": Text(
        "4: 手札から同じ色の柱を4枚出すと地震。その色を含む確認済みの宮殿は（自分のものも）"
        "全て崩壊し、カードはゲームから除外されます。",
        "4: play four pillars of one colour: every verified palace holding that colour (yours "
        "too) collapses, and the cards leave the game.",
    ),
    "rules_five": Text(
        "手番開始時に手札が5枚以上なら、宮殿の建築しかできません。",
        "Holding five or more cards at the start of your turn, you may only build.",
    ),
    "rules_end": Text(
        "ENDカードが引かれたらすぐにゲーム終了です。",
        "The game ends as soon as the END card is drawn.",
    ),
    "palace_count": Text("宮殿 {n}", "Palaces: {n}"),
}

_LABELS = {
    "deck": Text("山札: {n}枚", "Deck: {n} cards", one="Deck: {n} card"),
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


_SUMMARY = {
    "turn_limit": Text(
        f"安全のための上限（{TURN_LIMIT}手番）に達したため打ち切り",
        f"Stopped at the safety limit of {TURN_LIMIT} turns",
    ),
    "end_card": Text("ENDカードが引かれて終了", "The END card was drawn"),
    "player": Text(
        "{name}: 宮殿{count} 手札{held}枚", "{name}: {count} palace(s), {held} card(s) in hand"
    ),
    "winner": Text("勝者: {names}", "Winners: {names}"),
    "draw": Text("引き分け: {names}", "Draw: {names}"),
    "no_winner": Text("勝者なし", "No winner"),
}


def summary_lines(
    palaces: list[int],
    hands: list[int],
    winners: list[int],
    reason: str,
    lang: str,
    names: Sequence[str] | None = None,
) -> list[str]:
    """The end for people: why it ended, palaces and hands, winners (named by ``names``)."""
    lines = [_SUMMARY["turn_limit" if reason == "turn_limit" else "end_card"](lang)]
    for seat, (count, held) in enumerate(zip(palaces, hands, strict=True)):
        name = seat_name(seat, lang, names)
        lines.append(_SUMMARY["player"].format(name=name, count=count, held=held)(lang))
    if not winners:
        lines.append(_SUMMARY["no_winner"](lang))
        return lines
    who = ", ".join(seat_name(s, lang, names) for s in winners)
    lines.append(_SUMMARY["winner" if len(winners) == 1 else "draw"].format(names=who)(lang))
    return lines
