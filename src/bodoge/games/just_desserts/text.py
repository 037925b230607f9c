"""Player-facing words of Just Desserts in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import POINTS, Text, seat_name
from .data import (
    COLOUR_NAMES,
    DESSERTS,
    GUEST_INDEX,
    GUESTS,
    TAKE_BACK_LIMIT,
    TASTE_NAMES,
    TURN_LIMIT,
    guest_points,
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

ENDING_NAMES: dict[str, Text] = {
    "colours": Text("違う色のお客さん5人で勝利", "five guests of different colours"),
    "same_colour": Text("同じ色のお客さん3人で勝利", "three guests of one colour"),
    "guests_out": Text("お客さん切れ（得点で決着）", "no guests left (points decide)"),
    "limit": Text("安全のための上限で打ち切り", "stopped at the safety limit"),
    "stuck": Text("誰も給仕できず打ち切り", "stopped: nobody could serve any more"),
}
"""How a game ended, by its ``ending`` key, as the simulator's report names it
(``Game.endings``; the ordinary end, "", is the report's own words)."""
"""Every name a player reads: tastes (``taste_<id>``), colours (``colour_<id>``),
desserts and guests by their ids."""

STUCK = Text(
    "デザートの山と捨て札が尽き、誰もどのお客さんにも給仕できません。この先どの手番でも"
    "何も変わらないため、ゲームを打ち切りました。勝者はいません。",
    "The desserts and their discards have run out and nobody can serve any guest: no "
    "turn could change anything any more, so the game was stopped. Nobody wins.",
)
"""A stuck game's ending (not a rule), on the end screen and in the summary."""

WORDS: dict[str, Text] = {
    "wants": Text("欲しい", "wants"),
    "refuses": Text("嫌い", "refuses"),
    "favourite": Text("好物", "favourite"),
    "no_favourite": Text("なし", "none"),
    "anything_with": Text("{taste}入りなら何でも", "anything with {taste}"),
    "no_guests": Text("お客さんはいません", "no guests"),
    "no_desserts": Text("デザートがありません", "no desserts"),
    "deck": Text("山札", "Deck"),
    "deck_title": Text(
        "デザートの山札: 残り{n}枚",
        "Dessert deck: {n} cards left",
        one="Dessert deck: {n} card left",
    ),
    "guest_deck": Text("お客さん", "Guests"),
    "guest_deck_title": Text("お客さんの山: 残り{n}枚", "Guest deck: {n} left"),
    "discards": Text(
        "デザートの捨て札 {n}枚（表向き）",
        "{n} desserts discarded (face up)",
        one="{n} dessert discarded (face up)",
    ),
    "middle": Text("場のお客さん", "Guests in the middle"),
    "doorway": Text(
        "戸口のお客さん（捨て札の一番上・給仕できます）",
        "In the doorway (top guest discard; may be served)",
    ),
    "turn_n": Text("手番{n}", "turn {n}"),
    "your_hand": Text("あなたの手札（{n}枚）", "Your hand ({n})"),
    "hand_legend": Text(
        "手札はあなたにしか見えません。選べるのは、まだ足りない味があるか好物のデザートだけです。",
        "Only you see your hand. You can choose a dessert that adds a taste still wanted, or a "
        "favourite.",
    ),
    "hand_legend_swap": Text(
        "手札はあなたにしか見えません。入れ替えるデザートを何枚でも選べます。",
        "Only you see your hand. Choose any desserts to swap away.",
    ),
    "hand_legend_buffet": Text(
        "手札はあなたにしか見えません。選べるのは味が1つだけのデザートです。",
        "Only you see your hand. You can choose single-taste desserts.",
    ),
    "hand_size": Text("手札 {n}枚", "{n} in hand"),
    "points": Text("{n}点", "{n} points", one="{n} point"),
    "known": Text("手札に戻ったのを全員が見たカード", "seen going back into the hand"),
    "bot": Text("ボット", "bot"),
    "winner_tag": Text("勝者", "winner"),
    "act_you": Text(
        "あなたの手番: お客さんを選んで給仕する・1枚引く・手札を入れ替える。",
        "Your turn: pick a guest to serve, draw a card or swap cards.",
    ),
    "act_you_buffet": Text(
        "あなたの手番: お客さんを選んで給仕する・1枚引く・手札を入れ替える・ビュッフェを開く。",
        "Your turn: pick a guest to serve, draw a card, swap cards or open a buffet.",
    ),
    "buffet_why": Text(
        "ビュッフェには味が1つだけのデザートが4枚必要です（いま{n}枚）。",
        "A buffet needs four single-taste desserts in your hand (you have {n}).",
    ),
    "act_other": Text("{name}の手番です。", "{name}'s turn."),
    "serve_you": Text(
        "手札からデザートを1枚ずつ選び、満たせたら給仕します。",
        "Add desserts from your hand one at a time; serve once the guest is satisfied.",
    ),
    "swap_you": Text("捨てるデザートを選んでください。", "Choose the desserts to swap away."),
    "buffet_you": Text(
        "味が1つだけのデザートを4枚選んでください。", "Choose four single-taste desserts."
    ),
    "choosing_other": Text(
        "{name}がカードを選んでいます（{n}枚）。", "{name} is choosing cards ({n})."
    ),
    "more_you": Text(
        "もう1人に給仕するか、手番を終えてください（残り{n}人まで）。",
        "Serve another guest or end your turn (up to {n} more).",
    ),
    "more_other": Text("{name}が続けて給仕するか考えています。", "{name} may serve another guest."),
    "return_you": Text(
        "ビュッフェ: 給仕済みのお客さんを1人選んで場に戻してください。",
        "Buffet: choose one of your guests to send back to the middle.",
    ),
    "return_other": Text(
        "ビュッフェ: {names}が戻すお客さんを選んでいます。",
        "Buffet: {names} choosing a guest to send back.",
    ),
    "block_you": Text(
        "{name}があなたの{guest}を引き抜こうとしています。満たすデザートを捨てれば阻止できます。",
        "{name} is poaching your {guest}: discard desserts that satisfy them to block, or let "
        "them go.",
    ),
    "block_other": Text(
        "{name}が{guest}の引き抜きへの対応を決めています。",
        "{name} is answering the poach of {guest}.",
    ),
    "tidy_you": Text(
        "同じ色のお客さんが場にいます: 1人を捨て札にしてください（戸口に立ちます）。",
        "Two guests of one colour are in the middle: send one away (to the doorway).",
    ),
    "tidy_other": Text(
        "{name}が同じ色のお客さんを1人捨て札にします。",
        "{name} sends away a guest of a doubled colour.",
    ),
    "plate_for": Text("{name}が{guest}に出すデザート", "{name}'s desserts for {guest}"),
    "plate_swap": Text("{name}が入れ替えるカード", "{name}'s cards to swap"),
    "plate_buffet": Text("{name}のビュッフェ", "{name}'s buffet"),
    "plate_size": Text("{n}枚", "{n} cards", one="{n} card"),
    "plate_empty": Text("まだ選んでいません", "nothing chosen yet"),
    "still_wants": Text("まだ足りない味:", "Still wanted:"),
    "satisfied": Text("満足させられます ✓（給仕できます）", "Satisfied ✓ — you can serve"),
    "tip_coming": Text(
        "好物入り: チップ（1枚引く）がもらえます", "A favourite: you get a tip (draw 1)"
    ),
    "poach_title": Text(
        "{name}が{victim}の{guest}を引き抜こうとしています（出したデザート）",
        "{name} poaches {victim}'s {guest} with",
    ),
    "poach_only": Text(
        "好物で引き抜かれたので、阻止できるのは{dessert}だけです。",
        "Poached with a favourite: only {dessert} can block.",
    ),
    "stuck": STUCK,
    "stopped": Text(
        "安全のための上限（{n}手番）に達したため、ゲームを打ち切りました。勝者はいません"
        "（ルール外の打ち切りです）。",
        "The game was stopped at the safety limit of {n} turns, which is not a rule: nobody wins.",
    ),
    "won_colours": Text("{name}が違う色のお客さん5人で勝利！", "{name} wins with five colours!"),
    "won_same": Text(
        "{name}が同じ色のお客さん3人で勝利！", "{name} wins with three of one colour!"
    ),
    "won_points": Text(
        "お客さんがいなくなり、{name}が得点で勝利", "No guests left: {name} wins on points"
    ),
    "won_shared": Text(
        "ゲーム終了: {names}の勝ち（同点）", "The game is over: shared win for {names}"
    ),
    "log_choosing": Text("{who}がカードを選んだ", "{who} chose cards"),
    "log_served": Text("{guest}に給仕:", "served {guest}:"),
    "log_tip": Text("チップ", "tip"),
    "log_poached": Text("{by}が{name}の{guest}を引き抜いた", "{by} poached {guest} from {name}"),
    "log_blocked": Text("{guest}の引き抜きを阻止", "blocked the poach of {guest}"),
    "log_swapped": Text("{n}枚入れ替え", "swapped {n}"),
    "log_arrived": Text("{guest}が来た", "{guest} arrived"),
    "log_over": Text("ゲーム終了", "The game is over"),
    "group_guests": Text("お客さん", "Guests"),
    "group_desserts": Text("デザート", "Desserts"),
    "group_turn": Text("手番の行動", "Turn"),
    "rules_goal": Text(
        "違う色のお客さん5人か、同じ色のお客さん3人に給仕した瞬間に勝ち。",
        "Serve guests of five different colours, or three of one colour, to win at once.",
    ),
    "rules_turn": Text(
        "手番の初めにデザートを1枚引き、お客さんが1人来ます。その後、給仕（2人まで）・1枚引く・"
        "手札の入れ替え（捨てた枚数だけ引く）のどれか1つ。手札の上限はありません。",
        "Each turn starts with a dessert drawn and a guest arriving. Then one action: serve up "
        "to two guests, draw a dessert, or swap any cards for as many new ones. No hand limit.",
    ),
    "rules_serve": Text(
        "出したデザート全体で、お客さんの欲しい味をすべて含み、嫌いな味を1つも含まないこと。"
        "何枚使ってもかまいません。",
        "The served desserts together must carry every taste the guest wants and none the "
        "guest refuses; use as many cards as you like.",
    ),
    "rules_tip": Text(
        "好物のデザートが含まれていればチップとして1枚引きます。",
        "A favourite among them earns a tip: draw a dessert.",
    ),
    "rules_tidy": Text(
        "手番の終わりに同じ色のお客さんが場にいれば、1人ずつ捨て札に。最後に捨てたお客さんが"
        "戸口に立ち、給仕できます。山札が尽きたら捨て札を切り直します（戸口のお客さんは残る）。",
        "At the end of a turn, while two guests in the middle share a colour, send one away; the "
        "last sent away waits in the doorway and may be served. Empty decks are reshuffled "
        "(the doorway guest stays).",
    ),
    "rules_end": Text(
        "お客さんがいなくなったら: お客さん1人1点、同じ色ちょうど2人ごとに1点。同点なら"
        "手札の多い人、それも同じなら勝利を分け合います。",
        "If the guests run out: one point per guest and one per colour held exactly twice; ties "
        "go to the most desserts in hand, then are shared.",
    ),
    "rules_buffet": Text(
        "上級・ビュッフェ: 味が1つだけのデザート4枚を捨て、他の全員が給仕済みのお客さんを1人"
        "（各自が選んで）場に戻す。その後3枚引き、1人に給仕できる（この手番は引き抜き不可）。",
        "Advanced, buffet: discard four single-taste desserts; every other player sends back a "
        "guest of their choice; then draw three and serve one guest (no poaching this turn).",
    ),
    "rules_poach": Text(
        "上級・引き抜き: 1手番に1回、他の人の給仕済みのお客さんに給仕して奪える。相手は満たす"
        "デザートを捨てて阻止できる（好物で引き抜かれたら好物でしか阻止できない）。阻止されたら"
        "カードは手札に戻ります。奪われた人は1枚引きます。",
        "Advanced, poaching: once a turn, serve another player's guest to take them. They may "
        "block by discarding desserts that satisfy the guest (after a favourite, only the other "
        "favourite; a guest with one favourite cannot be blocked). Blocked: your cards come "
        "back. Losing a guest draws a dessert.",
    ),
    "rules_plate": Text(
        "この画面では、まだ足りない味を足すデザートか好物だけを選べます（余分なカードを出しても"
        "得はありません）。",
        "Here you can add only a dessert that brings a taste still wanted, or a favourite "
        "(extra cards would only be wasted).",
    ),
    "rules_tastes": Text("味のアイコン:", "Taste icons:"),
}
"""The words of the table (templates/just-desserts.html reads them as t("key"))."""

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
    "stuck": STUCK,
    "winners": Text("勝者: {names}", "Winners: {names}"),
    "no_winner": Text("勝者なし", "No winner"),
    "line": Text(
        "{name}: {guests}（{points}、手札{hand}）", "{name}: {guests} ({points}, {hand} in hand)"
    ),
    "desserts": Text("{n}枚", "{n} desserts", one="{n} dessert"),
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
    lines = []
    if ending in ("colours", "same_colour"):
        lines.append(_ENDINGS[ending].format(name=seat_name(winners[0], lang, names))(lang))
    else:
        lines.append(_ENDINGS[ending](lang))
    for seat, guests in enumerate(won):
        lines.append(
            _ENDINGS["line"].format(
                name=seat_name(seat, lang, names),
                guests=guests_by_colour([GUESTS[g].id for g in guests], lang),
                points=POINTS.format(n=guest_points(guests))(lang),
                hand=_ENDINGS["desserts"].format(n=len(hands[seat]))(lang),
            )(lang)
        )
    if not winners:
        lines.append(_ENDINGS["no_winner"](lang))
        return lines
    who = ", ".join(seat_name(s, lang, names) for s in winners)
    lines.append(_ENDINGS["winners"].format(names=who)(lang))
    return lines


del TAKE_BACK_LIMIT
