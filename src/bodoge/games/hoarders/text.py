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

ENDING_NAMES: dict[str, Text] = {
    "five": Text("同じナッツ5つで勝利", "five identical nuts"),
    "deck": Text("山札切れ", "the deck ran out"),
    "limit": Text("安全のための上限で打ち切り", "stopped at the safety limit"),
}
"""How a game ended, by its ``ending`` key, as the simulator's report names it
(``Game.endings``; the ordinary end, "", is the report's own words)."""

# The words of the table (templates/hoarders.html reads them as t("key")).
WORDS: dict[str, Text] = {
    "deck": Text("山札", "Deck"),
    "deck_title": Text(
        "ナッツの山札: 残り{n}枚", "Nut deck: {n} cards left", one="Nut deck: {n} card left"
    ),
    "round": Text("ラウンド{n}", "Round {n}"),
    "lap": Text("{n}周目", "lap {n} of 2"),
    "crown": Text("王冠", "crown"),
    "crown_holder": Text("王冠: {name}（この人から公開します）", "Crown: {name} (reveals first)"),
    "order": Text("公開の順番", "Reveal order"),
    "bot": Text("ボット", "bot"),
    "hide_you": Text(
        "生き物を2枚選んで伏せてください（{n}/2枚）。全員が同時に、ひそかに選びます。",
        "Choose two critters to place face down ({n} of 2). Everyone chooses at once, in secret.",
    ),
    "hide_other": Text(
        "全員がひそかに生き物を2枚選んでいます。", "Everyone is secretly choosing two critters."
    ),
    "reveal_you": Text(
        "伏せた生き物を1枚公開してください（{lap}周目）。",
        "Reveal one of your face-down critters (lap {lap} of 2).",
    ),
    "reveal_other": Text(
        "{name}が生き物を公開します（{lap}周目）。", "{name} reveals a critter (lap {lap} of 2)."
    ),
    "steal_you": Text(
        "{critter}: 他のプレイヤーのナッツを1枚選んで盗みます。",
        "{critter}: choose another player's nut to steal.",
    ),
    "steal_other": Text(
        "{name}の{critter}が盗むナッツを選んでいます。",
        "{name}'s {critter} is choosing a nut to steal.",
    ),
    "react_you": Text(
        "{thief}の{critter}があなたの{nut}を盗もうとしています。",
        "{thief}'s {critter} is stealing your {nut}.",
    ),
    "react_other": Text(
        "{thief}に{nut}を盗まれそうな{target}が対応を決めています。",
        "{target} is answering {thief}'s theft of their {nut}.",
    ),
    "use_hamster": Text("ハムスターを公開して盗みを無効にする", "Reveal your Hamster: no theft"),
    "allow_theft": Text("盗みを受け入れる", "Let it happen"),
    "no_hamster": Text(
        "伏せたハムスターがないので、防げません。", "You have no face-down Hamster to stop it."
    ),
    "your_critters": Text("あなたの生き物", "Your critters"),
    "state_in_hand": Text("手元", "in hand"),
    "state_face_down": Text("伏せ", "face down"),
    "state_revealed": Text("公開済み", "revealed"),
    "critters_legend": Text(
        "伏せた生き物はあなたにしか見えません。他の人には枚数だけが見えます。",
        "Only you see your face-down critters; the others see how many.",
    ),
    "face_down_count": Text("伏せ {n}枚", "{n} face down"),
    "best_set": Text("最多の種類: {n}/5", "best kind: {n}/5"),
    "ready": Text("選択済み ✓", "ready ✓"),
    "choosing": Text("選択中…", "choosing…"),
    "winner_tag": Text("♛ 勝者", "♛ winner"),
    "revealed": Text("このラウンドに公開", "Revealed this round"),
    "none_revealed": Text("まだありません", "none yet"),
    "nut_title": Text("{nut}: {n}枚", "{nut}: {n}"),
    "no_nuts": Text("ナッツがありません", "No nuts"),
    "how_turn": Text("手番", "on turn"),
    "how_beaver": Text("ビーバーで強制公開", "forced by a Beaver"),
    "how_hamster": Text("盗みを無効化", "stopped a theft"),
    "group_hide": Text("伏せる生き物", "Place face down"),
    "group_reveal": Text("公開する生き物", "Reveal"),
    "group_steal": Text("盗むナッツ", "Steal a nut"),
    "group_react": Text("盗みへの対応", "Answer the theft"),
    "won_five": Text(
        "{name}が同じナッツを5枚集めて勝利！", "{name} has five identical nuts and wins!"
    ),
    "stopped": Text(
        "安全のための上限（{n}ラウンド）に達したため、ゲームを打ち切りました。"
        "勝者はいません（ルール外の打ち切りです）。",
        "The game was stopped at the safety limit of {n} rounds, which is not a rule of the "
        "game: nobody wins.",
    ),
    "won_count": Text(
        "山札が尽きてゲーム終了: {name}の勝ち（同じ種類のナッツが最多）",
        "The game is over: {name} wins with the most nuts of one kind",
    ),
    "won_shared": Text(
        "ゲーム終了: {names}の勝ち（同点）", "The game is over: shared win for {names}"
    ),
    "log_hidden_secret": Text(
        "{who}が生き物を2枚伏せた", "{who} has placed two critters face down"
    ),
    "log_hide": Text("{who}が{critter}を伏せた", "{who} placed the {critter} face down"),
    "log_only_you": Text("（あなたにだけ見えます）", "(only you see this)"),
    "log_all_chosen": Text("全員が選び終えた", "everyone has chosen"),
    "log_reveal": Text("{who}が{critter}を公開", "{who} revealed the {critter}"),
    "log_copied": Text("{critter}をコピー", "copies the {critter}"),
    "log_nothing_to_copy": Text("コピーできる生き物がない", "nothing to copy"),
    "log_drew": Text(" · 引いた: {nuts}", " · drew: {nuts}"),
    "log_deck_empty": Text("なし（山札切れ）", "nothing (the deck is empty)"),
    "log_beavers": Text("ビーバー: {names}", "Beavers: {names}"),
    "log_draws": Text("{name}が引いた: {nuts}", "{name} drew {nuts}"),
    "log_no_effect": Text("効果なし", "no effect"),
    "log_steal": Text("{who}が{target}の{nut}を狙った", "{who} went for {target}'s {nut}"),
    "log_stolen": Text("{thief}が{name}の{nut}を盗んだ", "{thief} took {name}'s {nut}"),
    "log_hamster": Text("{who}がハムスターを公開", "{who} revealed a Hamster"),
    "log_cancelled": Text("盗みは無効", "the theft is cancelled"),
    "log_allow": Text("{who}は盗みを受け入れた", "{who} let the theft happen"),
    "log_passed": Text("パス: {names}", "passed: {names}"),
    "log_round_over": Text("ラウンド{n}終了", "round {n} is over"),
    "log_crown": Text("王冠は{name}へ", "the crown goes to {name}"),
    "log_over": Text("ゲーム終了", "The game is over"),
    "short_squirrel": Text("ナッツを1枚引く", "Draw a nut"),
    "short_raccoon": Text("ナッツを1枚盗む", "Steal a nut"),
    "short_hamster": Text("伏せたまま盗みを1回防ぐ", "Face down: stops a theft"),
    "short_groundhog": Text("先に公開した自分の生き物をコピー", "Copies your earlier critter"),
    "short_beaver": Text("ビーバーを全部公開して引く", "Beavers come out; draw"),
    "effect_squirrel": Text(
        "山札からナッツを1枚引いて自分のコレクションに加える。",
        "Draw a nut from the deck into your collection.",
    ),
    "effect_raccoon": Text(
        "他のプレイヤーを1人選び、その人のナッツを1枚選んで盗む（誰も持っていなければ効果なし）。",
        "Pick another player and one of their nuts and steal it (nobody has any: no effect).",
    ),
    "effect_hamster": Text(
        "伏せてあるとき、自分からの盗みを1回だけ無効にできる（公開して使い切り）。"
        "自分の手番で公開しても効果なし。",
        "While face down, reveal it to cancel one theft from you (then it is spent). Revealed on "
        "your turn it does nothing.",
    ),
    "effect_groundhog": Text(
        "このラウンドに先に公開した自分の生き物の効果をコピーする（ビーバーは不可、"
        "なければ効果なし）。",
        "Copy one of your critters revealed earlier this round (never a Beaver; none: no effect).",
    ),
    "effect_beaver": Text(
        "他の伏せたビーバーはすべて公開される。自分だけなら3枚引く。複数なら、"
        "ビーバーを伏せていなかった人が1枚ずつ引く。",
        "Every other face-down Beaver comes out. Alone: draw 3 nuts. Otherwise everyone who had "
        "no Beaver face down draws 1.",
    ),
    "rules_round": Text(
        "毎ラウンド、全員が同時にひそかに生き物を2枚選んで伏せます。",
        "Each round everyone secretly places two critters face down, all at once.",
    ),
    "rules_turns": Text(
        "王冠を持つ人から時計回りに2周、伏せた生き物を1枚ずつ公開して効果を使います。"
        "伏せた生き物がなければパス。ラウンドが終わると王冠は左隣へ。",
        "From the crown holder, clockwise for two laps, each reveals one face-down critter and "
        "uses it; with none face down, pass. After the round the crown moves left.",
    ),
    "rules_win": Text(
        "同じ種類のナッツを5枚集めた瞬間に勝利。同時に複数なら王冠の人から時計回りで早い人。",
        "Five identical nuts win at once. Several at once: the earliest clockwise from the crown "
        "holder.",
    ),
    "rules_deck": Text(
        "山札が尽きたら引けません。山札が空のままラウンドが終わるとゲーム終了: "
        "同じ種類のナッツが最も多い人、次に総数が多い人の勝ち。",
        "An empty deck gives nothing. A round that ends with the deck empty ends the game: most "
        "nuts of one kind wins, then most nuts.",
    ),
}

_LABELS = {
    "round": WORDS["round"],
    "lap": Text("{n}周目", "lap {n}"),
    "choosing": Text("生き物を2枚選んで伏せています", "choosing two critters"),
    "deck": Text("山札 {n}枚", "deck: {n}"),
    "crown": WORDS["crown"],
    "face_down": WORDS["face_down_count"],
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
    "winners": Text("勝者: {names}", "Winners: {names}"),
    "no_winner": Text("勝者なし", "No winner"),
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
    ending: str,
    nuts: Sequence[Sequence[int]],
    winners: Sequence[int],
    lang: str,
    names: Sequence[str] | None = None,
) -> list[str]:
    """The end of the game for people: how it ended, every collection, the winners."""
    lines = []
    if ending == "five":
        lines.append(_ENDINGS["five"].format(name=seat_name(winners[0], lang, names))(lang))
    elif ending == "limit":
        lines.append(_ENDINGS["limit"].format(n=ROUND_LIMIT)(lang))
    else:
        lines.append(_ENDINGS[ending](lang))
    for seat, counts in enumerate(nuts):
        lines.append(f"{seat_name(seat, lang, names)}: {collection_text(counts, lang)}")
    if not winners:
        lines.append(_ENDINGS["no_winner"](lang))
        return lines
    who = ", ".join(seat_name(s, lang, names) for s in winners)
    lines.append(_ENDINGS["winners"].format(names=who)(lang))
    return lines
