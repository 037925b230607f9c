"""Player-facing words of Go Nuts for Donuts in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import CARDS, POINTS, Text, seat_name
from .data import DONUT_NAMES, DONUTS
from .scoring import breakdown, totals

TITLE = Text("ゴーナッツ・フォー・ドーナツ", "Go Nuts for Donuts")
BLURB = Text(
    "並んだドーナツに全員が同時にこっそり入札。1人だけが選んだドーナツが手に入る。"
    "かぶったら誰も取れない。山札が尽きたとき最も得点の高い人の勝ち。",
    "Everyone bids in secret on the row of donuts at once; a donut only one player chose is "
    "theirs, a clash goes to nobody. The most points when the deck runs out wins.",
)

EFFECTS: dict[str, Text] = {
    "chocolate_frosted": Text(
        "0点。★山札の一番上のカードを自分のものにする。",
        "0 points. ★ Take the top card of the deck.",
    ),
    "donut_holes": Text(
        "枚数で得点: 1枚1点、2枚3点、3枚6点、4枚10点、5枚以上15点。",
        "Set: 1/2/3/4/5+ cards score 1/3/6/10/15.",
    ),
    "eclair": Text(
        "0点。★捨て札の一番上のカードを自分のものにする（なければ何もなし）。",
        "0 points. ★ Take the top card of the discard pile (none: nothing).",
    ),
    "french_cruller": Text(
        "1枚2点。★このラウンドに誰も入札しなかった列のカードを好きなだけ捨てる（捨てなくてもよい）。",
        "2 points. ★ Discard any of the row cards nobody bid on this round (or none).",
    ),
    "glazed": Text("1枚2点。", "2 points each."),
    "jelly_filled": Text(
        "枚数で得点: 1枚0点、2〜3枚5点、4〜5枚10点、6枚15点。",
        "Set: 1 card 0, 2–3 cards 5, 4–5 cards 10, 6 cards 15.",
    ),
    "maple_bar": Text(
        "7種類以上のドーナツを持っていれば3点（自分も1種類。ミルク・コーヒーも数える）。",
        "3 points if you hold 7 or more different donuts (itself, Milk and Coffee count).",
    ),
    "plain": Text(
        "1枚1点。最も多く持つ人は+3点（同数で最多なら各+1点）。",
        "1 point each. The most Plains: +3 (tied for the most: +1 each).",
    ),
    "powdered": Text("1枚3点。", "3 points each."),
    "boston_cream": Text(
        "枚数で得点: 奇数枚0点、2枚{pair}点、4枚15点、6枚25点。",
        "Set: odd counts 0, 2 cards {pair}, 4 cards 15, 6 cards 25.",
    ),
    "double_chocolate": Text(
        "0点。★山札から2枚引き、1枚を自分のものにし、もう1枚を山札の一番上に戻す"
        "（残り1枚ならそれを取る）。",
        "0 points. ★ Draw 2, keep 1 and put the other back on top of the deck (1 left: take it).",
    ),
    "red_velvet": Text(
        "-2点。★捨て札から好きなカードを1枚取る（なければ何もなし）。",
        "−2 points. ★ Take any card from the discard pile (none: nothing).",
    ),
    "sprinkled": Text(
        "1枚2点。★他のドーナツを持っていれば必ずその1枚を、他のプレイヤーに渡す"
        "（このカードしかないときだけ、これを渡す）。",
        "2 points. ★ Give another player one of your other donuts whenever you hold one (the "
        "Sprinkled itself only when it is your only donut).",
    ),
    "bear_claw": Text(
        "-2点。★他のプレイヤーのドーナツを1枚奪う。",
        "−2 points. ★ Steal a donut from another player.",
    ),
    "cinnamon_twist": Text(
        "1枚1点。★全員が自分のドーナツを1枚ずつ左隣に渡す（同時に選ぶ）。"
        "取った人はこのカード自身を渡してもよい。"
        "1枚も持っていない人がいれば効果はなく、このカードは捨て札になる。",
        "1 point. ★ Everyone passes one of their donuts to the left (all choose at once); the "
        "taker may pass the Twist itself. If anyone has no donut, nothing happens and this "
        "card is discarded.",
    ),
    "coffee": Text(
        "マイナス点のドーナツ1枚につき1点（マイナスはそのまま）。",
        "1 point per negative-point donut you hold (they stay negative).",
    ),
    "day_old": Text(
        "-7点。★捨て札から好きなカードを3枚まで取る。",
        "−7 points. ★ Take up to 3 cards of your choice from the discard pile.",
    ),
    "milk": Text(
        "5点。★自分の他のドーナツを3枚捨てるか、このミルクを捨てる（他が3枚未満ならミルクを捨てる）。",
        "5 points. ★ Discard 3 of your other donuts, or this Milk (fewer than 3 others: the Milk).",
    ),
    "old_fashioned": Text(
        "ドーナツが10枚未満（9枚以下）なら5点。", "5 points if you hold fewer than 10 donuts."
    ),
    "maple_frosted": Text(
        "ドーナツの枚数が全員の中で単独最少なら5点。",
        "5 points if you alone hold the fewest donuts.",
    ),
    "mucho_matcha": Text(
        "ドーナツの種類が7種類未満（6種類以下、自分も数える）なら3点。",
        "3 points if you hold fewer than 7 different donuts (itself included).",
    ),
    "raspberry_frosted": Text(
        "0点。★自分の他のドーナツを1枚捨てる（これしかなければこれを捨てる）。",
        "0 points. ★ Discard another of your donuts (only this one: discard it).",
    ),
    "strawberry_glazed": Text(
        "-2点。★他のプレイヤーのドーナツを1枚捨てる（誰も持っていなければ何もなし）。",
        "−2 points. ★ Discard another player's donut (nobody has one: nothing).",
    ),
}
"""What each card scores and does (Boston Cream's pair is filled in with its design value)."""

GLOSSARY = {
    "donut": Text("ドーナツカード", "donut card"),
    "row": Text("ドーナツ列", "donut row"),
    "selection": Text("選択カード", "selection card"),
    "deck": Text("山札", "deck"),
    "discard_pile": Text("捨て札", "discard pile"),
    **DONUT_NAMES,
}

ENDING_NAMES: dict[str, Text] = {
    "deck": Text("山札が補充に足りない", "the deck ran short of a refill"),
}
"""How a game ended, by its ``ending`` key, as the simulator's report names it
(``Game.endings``; the ordinary end, "", is the report's own words)."""

# The words of the table (templates/go-nuts-for-donuts.html reads them as t("key")).
WORDS: dict[str, Text] = {
    **{f"effect_{donut}": text for donut, text in EFFECTS.items()},
    "deck": Text("山札", "Deck"),
    "deck_title": Text("山札: 残り{n}枚", "Deck: {n} cards left", one="Deck: {n} card left"),
    "deck_top": Text(
        "山札の一番上（あなたが戻したカード）: {donut}",
        "Top of the deck (you put it back): {donut}",
    ),
    "discard": Text("捨て札", "Discard pile"),
    "discard_empty": Text("捨て札はありません", "The discard pile is empty"),
    "discard_title": Text(
        "捨て札: {n}枚（右が一番上）",
        "Discard pile: {n} cards (top on the right)",
        one="Discard pile: {n} card (top on the right)",
    ),
    "row": Text("ドーナツ列", "Donut row"),
    "round": Text("ラウンド{n}", "Round {n}"),
    "position": Text("{n}番", "#{n}"),
    "empty": Text("空き", "empty"),
    "bot": Text("ボット", "bot"),
    "bid_you": Text(
        "欲しいドーナツの番号を選んで入札してください。全員が同時に、ひそかに選びます。"
        "1人だけが選んだドーナツはその人のもの、2人以上が選ぶと捨て札になります。",
        "Bid on the donut you want. Everyone chooses at once, in secret: a donut only one "
        "player chose is theirs; two or more bids discard it.",
    ),
    "bid_done": Text(
        "{n}番に入札しました。他の人を待っています。",
        "You bid on #{n}. Waiting for the others.",
    ),
    "bid_other": Text("全員がひそかに入札しています。", "Everyone is bidding in secret."),
    "power_you": Text("{donut}の効果: {what}", "{donut}'s power: {what}"),
    "power_other": Text(
        "{name}が{donut}の効果を使っています。", "{name} is using the {donut}'s power."
    ),
    "pass_you": Text(
        "シナモンツイスト: 左隣に渡すドーナツを1枚選んでください"
        "（全員が同時に、ひそかに選びます）。",
        "Cinnamon Twist: choose a donut to pass to the left (everyone chooses at once, in secret).",
    ),
    "pass_done": Text(
        "{donut}を渡します。他の人を待っています。",
        "You pass your {donut}. Waiting for the others.",
    ),
    "pass_other": Text(
        "シナモンツイスト: 全員が左隣に渡すドーナツを選んでいます。",
        "Cinnamon Twist: everyone is choosing a donut to pass left.",
    ),
    "ask_keep": Text(
        "取る1枚を選んでください（もう1枚は山札の上へ）", "keep one (the other goes back on top)"
    ),
    "ask_give": Text("渡すドーナツと相手を選んでください", "choose a donut and who gets it"),
    "ask_steal": Text("奪うドーナツを選んでください", "choose a donut to steal"),
    "ask_spoil": Text(
        "捨てさせるドーナツを選んでください", "choose another player's donut to discard"
    ),
    "ask_discard": Text("捨てるドーナツを選んでください", "choose one of your donuts to discard"),
    "ask_milk": Text(
        "自分のドーナツを3枚捨てるか、ミルクを捨ててください（{n}/3枚）",
        "discard 3 of your donuts or the Milk ({n} of 3)",
    ),
    "ask_take": Text("捨て札から1枚選んでください", "choose a card from the discard pile"),
    "ask_day_old": Text(
        "捨て札から3枚まで選んでください（{n}/3枚）", "take up to 3 discarded cards ({n} of 3)"
    ),
    "ask_clear": Text(
        "誰も入札しなかった列のカードを好きなだけ捨ててください",
        "discard any row cards nobody bid on",
    ),
    "drawn": Text(
        "引いた2枚（あなたにだけ見えます）", "The two cards you drew (only you see them)"
    ),
    "chosen": Text("選択済み ✓", "chosen ✓"),
    "choosing": Text("選択中…", "choosing…"),
    "bid_tag": Text("入札: {n}番", "bid: #{n}"),
    "cards": Text("{n}枚", "{n} cards", one="{n} card"),
    "points": Text("{n}点", "{n} pts", one="{n} pt"),
    "no_donuts": Text("ドーナツがありません", "No donuts yet"),
    "done": Text("これで終わる", "Stop here"),
    "discard_milk": Text("ミルクを捨てる", "Discard the Milk"),
    "to_player": Text("{name}へ", "to {name}"),
    "winner_tag": Text("♛ 勝者", "♛ winner"),
    "won": Text("{names}の勝ち！", "{names} wins!"),
    "won_shared": Text("{names}が同点で勝利（共同勝利）", "Shared win: {names}"),
    "end_reason": Text(
        "山札が{deck}しかなく、空いた{empty}を補充できないのでゲーム終了。",
        "The deck holds {deck}, too few to refill {empty}: the game is over.",
    ),
    "empty_positions": Text("{n}か所", "{n} empty positions", one="{n} empty position"),
    "score_title": Text("得点の内訳", "How the points add up"),
    "score_total": Text("合計", "Total"),
    "col_donut": Text("ドーナツ", "Donut"),
    "col_cards": Text("枚数", "Cards"),
    "col_points": Text("点", "Points"),
    "tie_break": Text(
        "同点のときはドーナツの枚数が多い人が勝ち、それでも同じなら共同勝利です。",
        "Ties go to the player with more donut cards; still tied, the win is shared.",
    ),
    "tie_used": Text(
        "{names}が{n}点で並び、ドーナツの枚数で決着しました。",
        "{names} tied on {n} points; the number of donut cards decided.",
        one="{names} tied on {n} point; the number of donut cards decided.",
    ),
    "log_bid_secret": Text("{who}が入札した", "{who} has bid"),
    "log_bid": Text("{who}が{n}番に入札", "{who} bid on #{n}"),
    "log_only_you": Text("（あなたにだけ見えます）", "(only you see this)"),
    "log_bids": Text("入札公開: {bids}", "bids revealed: {bids}"),
    "log_pass_secret": Text("{who}が渡すドーナツを選んだ", "{who} has chosen a donut to pass"),
    "log_pass": Text("{who}は{donut}を渡す", "{who} passes the {donut}"),
    "log_passed": Text("全員が左隣に渡した: {donuts}", "everyone passed left: {donuts}"),
    "log_action": Text("{who}: {label}", "{who}: {label}"),
    "log_refilled": Text("補充: {cards}", "refilled: {cards}"),
    "log_over": Text("ゲーム終了", "The game is over"),
    "log_drawn": Text("引いた2枚: {donuts}", "drew {donuts}"),
    "step_clash": Text(
        "{n}番の{donut}は入札が重なり捨て札に", "#{n} {donut}: bids clash, discarded"
    ),
    "step_took": Text("{who}が{n}番の{donut}を獲得", "{who} takes #{n} {donut}"),
    "step_frosted": Text("{who}が山札から{donut}を獲得", "{who} takes {donut} from the deck"),
    "step_double_one": Text(
        "山札が1枚だけ: {who}が{donut}を獲得", "one card left: {who} takes {donut}"
    ),
    "step_eclair": Text(
        "{who}が捨て札の一番上の{donut}を獲得", "{who} takes the discarded {donut}"
    ),
    "step_eclair_none": Text("捨て札がないので何もなし", "the discard pile is empty: nothing"),
    "step_deck_empty": Text("山札がないので何もなし", "the deck is empty: nothing"),
    "step_double_drew": Text("{who}が山札から2枚引いた", "{who} drew two cards"),
    "step_kept": Text(
        "{who}が{donut}を取り、もう1枚を山札の上に戻した",
        "{who} keeps the {donut} and puts the other back on top",
    ),
    "step_twist_failed": Text(
        "ドーナツのない人がいるのでシナモンツイストは捨て札に",
        "someone has no donut: the Cinnamon Twist is discarded",
    ),
    "step_milk_spilt": Text(
        "他のドーナツが3枚未満なのでミルクを捨てた",
        "fewer than 3 other donuts: the Milk is discarded",
    ),
    "step_milk_dropped": Text("{who}はミルクを捨てた", "{who} discards the Milk"),
    "step_discard_empty": Text("捨て札がないので何もなし", "the discard pile is empty: nothing"),
    "step_raspberry_self": Text(
        "他にドーナツがないのでラズベリードーナツを捨てた",
        "no other donut: the Raspberry Frosted is discarded",
    ),
    "step_nothing": Text("{donut}: 何も起きない", "{donut}: nothing happens"),
    "step_gave": Text("{who}が{target}に{donut}を渡した", "{who} gives {target} the {donut}"),
    "step_stole": Text("{who}が{target}の{donut}を奪った", "{who} steals {target}'s {donut}"),
    "step_spoiled": Text("{who}が{target}の{donut}を捨てた", "{who} discards {target}'s {donut}"),
    "step_discarded": Text("{who}が{donut}を捨てた", "{who} discards the {donut}"),
    "step_took_discard": Text(
        "{who}が捨て札から{donut}を獲得", "{who} takes the {donut} from the discards"
    ),
    "step_cleared": Text("{n}番の{donut}を捨てた", "#{n} {donut} is discarded"),
    "step_stopped": Text("{who}は終了", "{who} stops"),
    "rules_round": Text(
        "毎ラウンド、全員が同時にひそかに選択カードで列の番号を1つ選びます。",
        "Each round everyone secretly picks a row position with a selection card, all at once.",
    ),
    "rules_resolve": Text(
        "1番から順に: 1人だけが選んだカードはその人が取り、★効果をすぐ使います。"
        "2人以上が選んだカードは捨て札に。誰も選ばなかったカードは残ります。",
        "From #1 up: a card one player chose is theirs and its ★ power works at once; a card "
        "two or more chose is discarded; a card nobody chose stays.",
    ),
    "rules_powers": Text(
        "★効果は列から取ったときだけ。他の方法で手に入れたカードでは発動しません。",
        "★ powers work only when taken from the row, never when gained another way.",
    ),
    "rules_refill": Text(
        "空いた場所を番号順に山札から補充。山札が足りなければその時点でゲーム終了。",
        "Empty positions are refilled in order; when the deck is too short, the game ends.",
    ),
    "rules_win": Text(
        "最も得点の高い人の勝ち。同点ならドーナツの枚数が多い人、それでも同じなら共同勝利。",
        "Most points wins; ties: most donut cards, then a shared win.",
    ),
    "rules_cards": Text("カードの得点と効果", "What each card scores and does"),
    "group_bid": Text("入札", "Bid"),
    "group_power": Text("効果", "Power"),
    "group_pass": Text("渡すドーナツ", "Pass left"),
}

_LABELS = {
    "round": WORDS["round"],
    "deck": Text("山札 {n}枚", "deck: {n}"),
    "row": Text("列", "row"),
    "discard": Text("捨て札", "discards"),
    "none": Text("なし", "none"),
    "bidding": Text("入札中", "bidding"),
    "power": Text("{name}: {donut}の効果", "{name}: {donut}'s power"),
    "points": Text("{n}点", "{n} pts", one="{n} pt"),
    "bids": Text("入札", "bids"),
}

_SUMMARY = {
    "over": Text(
        "山札が足りず列を補充できないので、ゲーム終了。",
        "The deck cannot refill the row: the game is over.",
    ),
    "player": Text("{name}: {points}（{cards}）", "{name}: {points} ({cards})"),
    "winners": Text("勝者: {names}", "Winners: {names}"),
    "tie": Text(
        "{n}点の同点はドーナツの枚数で決めます（同じなら共同勝利）。",
        "The tie on {n} points goes to the most donut cards (still tied: shared).",
        one="The tie on {n} point goes to the most donut cards (still tied: shared).",
    ),
}


def donut_name(donut: str, lang: str) -> str:
    return DONUT_NAMES[donut](lang)


def collection_text(counts: Sequence[int], lang: str) -> str:
    """A collection grouped by kind, e.g. ``Plain×3 Eclair×1``."""
    parts = [
        f"{donut_name(d, lang)}×{count}" for d, count in zip(DONUTS, counts, strict=True) if count
    ]
    return " ".join(parts) or _LABELS["none"](lang)


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view."""
    word = {key: text(lang) for key, text in _LABELS.items()}
    head = [
        _LABELS["round"].format(n=view["round"])(lang),
        _LABELS["deck"].format(n=view["deck"])(lang),
    ]
    if view["phase"] == "bid":
        head.append(word["bidding"])
    lines = [" · ".join(head)]
    row = [f"{p + 1}:{donut_name(d, lang) if d else '-'}" for p, d in enumerate(view["row"])]
    lines.append(f"{word['row']}: " + "  ".join(row))
    pile = view["discard_pile"]
    lines.append(f"{word['discard']}: " + (" ".join(donut_name(d, lang) for d in pile) or "-"))
    for player in view["players"]:
        seat = player["seat"]
        bid = view["bids"][seat]
        mark = f" [{word['bids']} {bid}]" if bid is not None else ""
        lines.append(
            f"{seat_name(seat, lang)}{mark}: {collection_text(player['donuts'], lang)} "
            f"({_LABELS['points'].format(n=player['score'])(lang)})"
        )
    power = view["power"]
    if power is not None:
        lines.append(
            _LABELS["power"].format(
                name=seat_name(power["chooser"], lang), donut=donut_name(power["donut"], lang)
            )(lang)
        )
    return "\n".join(lines)


def summary_lines(
    hands: Sequence[Sequence[int]],
    pair: int,
    winners: Sequence[int],
    lang: str,
    names: Sequence[str] | None = None,
) -> list[str]:
    """The end of the game for people: every score card by card, the tie-break, the winners."""
    lines = [_SUMMARY["over"](lang)]
    scores = totals(hands, pair)
    for seat, hand in enumerate(hands):
        parts = [
            f"{donut_name(DONUTS[kind], lang)}×{cards} {pts:+d}"
            for kind, cards, pts in breakdown(hands, seat, pair)
        ]
        lines.append(
            _SUMMARY["player"].format(
                name=seat_name(seat, lang, names),
                points=POINTS.format(n=scores[seat])(lang),
                cards=CARDS.format(n=sum(hand))(lang),
            )(lang)
            + (" — " + ", ".join(parts) if parts else "")
        )
    best = max(scores)
    if scores.count(best) > 1:
        lines.append(_SUMMARY["tie"].format(n=best)(lang))
    who = ", ".join(seat_name(s, lang, names) for s in winners)
    lines.append(_SUMMARY["winners"].format(names=who)(lang))
    return lines
