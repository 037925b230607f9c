"""Player-facing words of Moriya Wars in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Action, Text, seat_name
from .actions import Evict
from .data import IDENTITY_GOALS, IDENTITY_NAMES, REGION_NAMES, SIDE_NAMES, TURN_LIMIT

TITLE = Text("モリヤウォーズ", "Moriya Wars")
BLURB = Text(
    "正体を隠してダイスで陣取り。出た目から1種類を選んで人間か妖怪を置き、自分の勝利条件を目指そう。",
    "Hidden identities and dice: pick one face of your roll, place humans or youkai, and steer "
    "the board toward your own secret goal.",
)

GLOSSARY = {
    "identity": Text("正体カード", "identity card"),
    "region": Text("地域", "region"),
    "money": Text("お金", "money"),
    "eviction": Text("立退", "eviction"),
    "bribe": Text("賄賂", "bribe"),
    **REGION_NAMES,
    **SIDE_NAMES,
}

ENDING_NAMES: dict[str, Text] = {
    "supply": Text("山が尽きた", "a supply ran out"),
    "claim": Text("⑤半人半霊の勝利宣言", "a ⑤ Half-Phantom's claim"),
    "everyone_out": Text("全員脱落", "everyone was out"),
    "limit": Text("安全のための上限で打ち切り", "stopped at the safety limit"),
}
"""How a game ended, by its ``ending`` key, as the simulator's report names it
(``Game.endings``; the ordinary end, "", is the report's own words)."""

FACE_ACTIONS = {
    1: Text("お金を{n}枚取る", "take {n} money"),
    2: Text("博麗神社に{n}枚置く", "place {n} in Hakurei Shrine"),
    3: Text("白玉楼に{n}枚置く", "place {n} in Hakugyokurou"),
    4: Text("守矢神社に{n}枚置く", "place {n} in Moriya Shrine"),
    5: Text("人間の里に{n}枚置く", "place {n} in the Human Village"),
    6: Text("1人から{n}枚奪う", "steal {n} money from a player"),
}

# The words of the table (templates/moriya-wars.html reads them as t("key")).
WORDS: dict[str, Text] = {
    "turn_you": Text(
        "あなたの手番: 出目を1種類選んで、その個数ぶん行動します。",
        "Your turn: pick one face and carry out its action once per die showing it.",
    ),
    "turn_other": Text(
        "{name}の手番です。出目を1種類選んで行動します。",
        "{name}'s turn: {name} picks one face and carries out its action.",
    ),
    "after_you": Text(
        "行動しました。お金があれば手番を終える前に立退（チップを押す、1枚ずつお金1枚）ができます。",
        "Action done. Before you end your turn you may evict chips (click a chip, 1 money each).",
    ),
    "after_other": Text(
        "{name}は行動を終え、手番を終える前にお金で立退ができます。",
        "{name} has carried out the action and may evict chips with money before ending the turn.",
    ),
    "may_face": Text("{name}が選べる行動", "{name} may choose this"),
    "may_not_face": Text("{name}はこの目を選べない", "not open to {name}"),
    "extra_turn": Text(
        "（正体交換後のダイス3個の追加手番）", "(extra turn with three dice after a swap)"
    ),
    "bribe_you": Text(
        "賄賂: 振り直すダイスを選び、「振り直す」を押してください（お金1枚）。",
        "Bribe: choose the dice to reroll, then press reroll (1 money).",
    ),
    "ask_you": Text(
        "3つの地域が上限かつ同数になりました。⑤半人半霊なら勝利を宣言できます（違えば脱落）。",
        "Three regions are now full and tied. ⑤ Half-Phantom may claim the win (anyone else who "
        "claims is out).",
    ),
    "ask_other": Text(
        "3つの地域が上限かつ同数: {name}が宣言するか決めています。",
        "Three regions are full and tied: {name} is deciding whether to claim.",
    ),
    "dice": Text("ダイス", "Dice"),
    "face_group": Text("{face}の目 ×{n}", "{face} ×{n}"),
    "no_action": Text("できない", "not possible"),
    "why_cap": Text("上限を超える", "over the cap"),
    "why_supply": Text("チップが足りない", "not enough chips left"),
    "why_money": Text("お金が足りない", "not enough money"),
    "why_nobody": Text("奪える相手がいない", "nobody holds enough"),
    "four_kind": Text(
        "4個以上同じ目: 行動の代わりに正体カードを交換できます（その後ダイス3個でもう一度）。",
        "Four or more alike: instead of the action you may swap identity cards (then play again "
        "with three dice).",
    ),
    "regions": Text("地域", "Regions"),
    "cap": Text("上限{n}", "cap {n}"),
    "lead_human": Text("人間優勢", "humans lead"),
    "lead_youkai": Text("妖怪優勢", "youkai lead"),
    "lead_tie": Text("同数", "tied"),
    "full": Text("満員", "full"),
    "supply": Text("山", "Supply"),
    "money": Text("お金", "money"),
    "spent": Text("使用済み {n}", "spent {n}"),
    "your_identity": Text(
        "あなたの正体（あなたにだけ見えます）", "Your identity (only you see it)"
    ),
    "spare": Text("余りの正体カード", "Spare identity card"),
    "unknown": Text("？", "?"),
    "known_by_swap": Text("交換で知っている", "known from a swap"),
    "out": Text("脱落", "out"),
    "bot": Text("ボット", "bot"),
    "winner_tag": Text("勝者", "winner"),
    "met_yes": Text("条件達成", "condition met"),
    "met_no": Text("条件未達成", "condition not met"),
    "five_removed": Text("3人戦では⑤は使いません。", "⑤ is not used with three players."),
    "group_face": Text("出目の行動", "Face actions"),
    "group_swap": Text("正体交換", "Swap identities"),
    "group_money": Text("お金を使う", "Spend money"),
    "group_claim": Text("宣言", "Claim"),
    "group_pass": Text("パス・手番終了", "Pass or end the turn"),
    "reroll": Text("選んだダイスを振り直す（お金1枚）", "Reroll the chosen dice (1 money)"),
    "click_die": Text(
        "お金があれば、ダイスをクリックして振り直しに選べます（賄賂）。",
        "With money, click dice to choose them for a reroll (bribe).",
    ),
    "evict_hint": Text("立退（お金1枚）: チップを1枚戻す", "Evict (1 money): return a chip"),
    "log_rolled": Text("{who}が振った: {dice}", "{who} rolled {dice}"),
    "log_passed": Text("パス: {names}", "passed: {names}"),
    "log_swapped": Text("{who}と{other}が正体を交換", "{who} and {other} swapped identities"),
    "log_private_swap": Text(
        "（あなたは{gave}を渡し、{got}を受け取った）", "(you gave {gave} and got {got})"
    ),
    "log_claim_won": Text("{who}は{identity}でした。勝利！", "{who} was {identity}: a win!"),
    "log_claim_lost": Text(
        "{who}の宣言は誤り（{identity}）。脱落", "{who}'s claim was false ({identity}): out"
    ),
    "log_over": Text("ゲーム終了", "The game is over"),
    "rules_turn": Text(
        "手番ではダイス6個を振り、出目を1種類選んで、その個数ちょうどの行動をします。",
        "On your turn roll six dice, pick one face and carry out its action exactly as many times "
        "as dice show it.",
    ),
    "rules_faces": Text(
        "2〜5: 対応する地域に人間か妖怪のどちらか一方だけを置く（上限まで）。1: お金を取る。"
        "6: 1人から奪う（相手が足りなければ選べない）。",
        "2–5: place chips of one side only (human or youkai) in that face's region, within its "
        "cap. 1: take money. 6: steal that much from one player, who must hold enough.",
    ),
    "rules_forced": Text(
        "数が足りない行動・上限を超える行動は選べません。できる行動があれば必ず行い、"
        "なければパス（先にお金を使って変えてもよい）。",
        "An action whose number cannot be met cannot be chosen; an action that can be carried out "
        "must be, and with none the turn passes (money may be spent first to change that).",
    ),
    "rules_money": Text(
        "お金は自分の手番中いつでも1枚ずつ使えます: 立退（場のチップ1枚を山へ戻す）か"
        "賄賂（選んだダイスを振り直す、全部でもよい）。行動の後も立退ができ、"
        "「手番を終える」で手番が終わります。使ったお金はゲームから除外。",
        "Money can be spent one chip at a time during your turn: evict (return one chip from the "
        "board) or bribe (reroll any dice you choose, all of them allowed). After the action you "
        "may still evict, then end the turn. Spent money leaves the game.",
    ),
    "rules_swap": Text(
        "同じ目が4個以上なら、行動の代わりに他のプレイヤーか余りのカードと正体を交換でき、"
        "ダイス3個でもう一度手番を行います。",
        "With four or more alike you may instead swap identity cards with another player or the "
        "spare, then play one more turn with three dice.",
    ),
    "rules_end": Text(
        "人間・妖怪・お金のどれかの山が尽きたら即終了。正体を公開し、条件を満たした人のうち"
        "番号の小さい人が勝利。誰もいなければ番号の大きい人が勝利。",
        "The game ends at once when the human, youkai or money supply runs out. Identities are "
        "revealed: of those whose condition holds the lowest number wins; if none, the highest "
        "number held wins.",
    ),
    **{f"identity_{i}": name for i, name in IDENTITY_NAMES.items()},
    **{f"goal_{i}": goal for i, goal in IDENTITY_GOALS.items()},
    **{f"face_{face}": text for face, text in FACE_ACTIONS.items()},
}

_ENDINGS = {
    "supply": Text(
        "{supply}の山が尽きてゲーム終了。", "The {supply} supply ran out: the game is over."
    ),
    "claim": Text(
        "{name}が⑤半人半霊として勝利を宣言し、正しかった。",
        "{name} claimed the win as ⑤ Half-Phantom, and it was true.",
    ),
    "everyone_out": Text("全員が脱落しました。勝者なし。", "Everyone is out: nobody wins."),
    "limit": Text(
        f"安全のための上限（{TURN_LIMIT}手番）で打ち切り。勝者なし（ルール外の打ち切り）。",
        f"Stopped at the safety limit of {TURN_LIMIT} turns, not a rule: nobody wins.",
    ),
    "player": Text("{name}: {identity} — {met}", "{name}: {identity} — {met}"),
    "met": Text("条件達成", "condition met"),
    "not_met": Text("条件未達成", "condition not met"),
    "out": Text("脱落", "out"),
    "lowest": Text(
        "条件を満たした中で番号が最も小さい{identity}の{name}が勝利。",
        "Of those whose condition held, {name} holds the lowest number ({identity}) and wins.",
    ),
    "highest": Text(
        "誰も条件を満たさなかったので、番号が最も大きい{identity}の{name}が勝利。",
        "Nobody's condition held, so {name}, holding the highest number ({identity}), wins.",
    ),
    "board": Text("地域: {regions}", "Regions: {regions}"),
}
SUPPLY_NAMES = {
    "human": Text("人間チップ", "human chip"),
    "youkai": Text("妖怪チップ", "youkai chip"),
    "money": Text("お金", "money"),
}


def identity_name(identity: int, lang: str) -> str:
    return IDENTITY_NAMES[identity](lang)


def identity_goal(identity: int, lang: str) -> str:
    return IDENTITY_GOALS[identity](lang)


def board_text(view: Mapping[str, Any], lang: str, faces: bool = False) -> str:
    """Each region's humans/youkai and cap; with ``faces``, the die face that places there."""
    parts = []
    regions = zip(
        view["region_ids"], view["region_faces"], view["caps"], view["board"], strict=True
    )
    for region, face, cap, counts in regions:
        name = REGION_NAMES[region](lang)
        if faces:
            name = _TERMINAL["region_face"].format(face=face, region=name)(lang)
        parts.append(
            _TERMINAL["region"].format(
                region=name, human=counts["human"], youkai=counts["youkai"], cap=cap
            )(lang)
        )
    return ("、" if lang == "ja" else "; ").join(parts)


_TERMINAL = {
    "region_face": Text("[{face}の目] {region}", "[die {face}] {region}"),
    "region": Text(
        "{region}: 人間{human}・妖怪{youkai}（上限{cap}）",
        "{region}: humans {human}, youkai {youkai} (cap {cap})",
    ),
    "dice_of": Text("{who}のダイス", "{who}'s dice"),
    "die": Text("{face}の目 ×{n}", "die {face} ×{n}"),
    "after": Text(
        "{name}は行動済み: お金で立退するか、手番を終えます。",
        "{name} has carried out the action: evict with money, or end the turn.",
    ),
}


def describe_action(view: Mapping[str, Any], action: Action, lang: str) -> str:
    """A face's action named with its dice ("… (die 2 ×3)"), so the choice list says which
    face goes with which region."""
    label = action.label(lang)
    region = getattr(action, "region", None)
    if isinstance(action, Evict) or region is None:
        return label
    face = view["region_faces"][view["region_ids"].index(region)]
    return f"{label} ({_TERMINAL['die'].format(face=face, n=view['dice'].count(face))(lang)})"


def dice_text(dice: Sequence[int], lang: str) -> str:
    """The roll grouped by face, each face with what it does: "2 ×3 → place 3 in Hakurei…"."""
    groups = []
    for face in sorted(set(dice)):
        n = dice.count(face)
        groups.append(f"{face} ×{n} → {FACE_ACTIONS[face].format(n=n)(lang)}")
    return "; ".join(groups)


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view."""
    supply = view["supply"]
    lines = [
        f"{board_text(view, lang, faces=True)}",
        f"{WORDS['supply'](lang)}: {SIDE_NAMES['human'](lang)} {supply['human']}, "
        f"{SIDE_NAMES['youkai'](lang)} {supply['youkai']}, {WORDS['money'](lang)} "
        f"{supply['money']}",
    ]
    for player in view["players"]:
        ident = player["identity"]
        shown = identity_name(ident, lang) if ident is not None else WORDS["unknown"](lang)
        out = f" [{WORDS['out'](lang)}]" if player["out"] else ""
        lines.append(
            f"{seat_name(player['seat'], lang)}: {WORDS['money'](lang)} {player['money']} · "
            f"{shown}{out}"
        )
    if view["you"] is not None:
        lines.append(f"{WORDS['your_identity'](lang)}: {identity_name(view['you'], lang)}")
    if view["current"] is not None:
        name = seat_name(view["current"], lang)
        doing = _TERMINAL["after"] if view["phase"] == "after" else WORDS["turn_other"]
        lines.append(doing.format(name=name)(lang))
        lines.append(
            f"{_TERMINAL['dice_of'].format(who=name)(lang)}: {dice_text(view['dice'], lang)}"
        )
    return "\n".join(lines)


def summary_lines(
    view: Mapping[str, Any], lang: str, names: Sequence[str] | None = None
) -> list[str]:
    """The end of the game for people: why it ended, every identity and condition, the winner."""
    ending = view["ending"]
    winners = view["winners"]
    if ending == "supply":
        lines = [_ENDINGS["supply"].format(supply=SUPPLY_NAMES[view["exhausted"]](lang))(lang)]
    elif ending == "claim":
        lines = [_ENDINGS["claim"].format(name=seat_name(winners[0], lang, names))(lang)]
    else:
        lines = [_ENDINGS[ending](lang)]
    lines.append(_ENDINGS["board"].format(regions=board_text(view, lang))(lang))
    for player in view["players"]:
        seat = player["seat"]
        if player["out"]:
            met = _ENDINGS["out"](lang)
        elif player["met"] is None:
            met = "-"
        else:
            met = _ENDINGS["met" if player["met"] else "not_met"](lang)
        lines.append(
            _ENDINGS["player"].format(
                name=seat_name(seat, lang, names),
                identity=identity_name(player["identity"], lang),
                met=met,
            )(lang)
        )
    if ending == "supply" and winners:
        winner = view["players"][winners[0]]
        key = "lowest" if winner["met"] else "highest"
        lines.append(
            _ENDINGS[key].format(
                name=seat_name(winners[0], lang, names),
                identity=identity_name(winner["identity"], lang),
            )(lang)
        )
    return lines
