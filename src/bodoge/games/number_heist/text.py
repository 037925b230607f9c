"""Player-facing words of the two-digit number game in Japanese and English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Text, seat_name
from .actions import two_digits
from .data import ROUND_LIMIT

TITLE = Text("数字強奪（仮題）", "Number Heist (working title)")
BLURB = Text(
    "場の数字カード2枚で2桁の数をひそかに作り、小さい数から順にカードを奪い合う。"
    "最初に10点に届いた人の勝ち。",
    "Secretly make a two-digit number from two displayed digit cards; the smallest numbers "
    "take their cards first. The first to 10 points wins.",
)

GLOSSARY = {
    "card": Text("数字カード", "digit card"),
    "display": Text("場", "display"),
    "diamond": Text("ボーナスダイヤ", "bonus diamond"),
    "track": Text("得点トラック", "score track"),
    "bottom_marker": Text("ボトムマーカー", "bottom marker"),
    "top_marker": Text("トップマーカー", "top marker"),
    "batting": Text("バッティング", "clash"),
}

ENDING_NAMES: dict[str, Text] = {
    "won": Text("目標点に到達", "the goal was reached"),
    "limit": Text("安全のための上限で打ち切り", "stopped at the safety limit"),
}
"""How a game ended, by its ``ending`` key, as the simulator's report names it
(``Game.endings``; the ordinary end, "", is the report's own words)."""

# The words of the table (templates/number-heist.html reads them as t("key")).
WORDS: dict[str, Text] = {
    "deck": Text("山札", "Deck"),
    "deck_title": Text("山札: 残り{n}枚", "Deck: {n} cards left", one="Deck: {n} card left"),
    "discard": Text("捨札", "Discards"),
    "discard_title": Text(
        "捨札: {n}枚（尽きたら山札に戻します）", "Discards: {n} (reshuffled when the deck runs out)"
    ),
    "round": Text("ラウンド{n}", "Round {n}"),
    "bot": Text("ボット", "bot"),
    "display": Text("場の数字カード", "The display"),
    "call_you": Text(
        "場のカード2枚で2桁の数を作ってください（行が十の位、列が一の位）。"
        "全員が同時に、ひそかに選びます。",
        "Make a two-digit number from two displayed cards (row: tens, column: ones). Everyone "
        "chooses at once, in secret.",
    ),
    "call_done": Text(
        "あなたの数は「{number}」。他の人を待っています。",
        "Your number is {number}. Waiting for the others.",
    ),
    "call_other": Text("全員がひそかに数を作っています。", "Everyone is secretly making a number."),
    "diamond_you": Text(
        "最大の数で奪取成功！ 場のカード1枚にダイヤを置いてください。",
        "Your number was the largest success: put a diamond on a displayed card.",
    ),
    "diamond_other": Text(
        "{name}がダイヤを置くカードを選んでいます。", "{name} is putting a diamond on a card."
    ),
    "pad": Text("数を作る", "Make a number"),
    "pad_tens": Text("十の位", "tens"),
    "pad_ones": Text("一の位", "ones"),
    "pad_corner": Text("十＼一", "T\\O"),
    "pad_help": Text(
        "場にあるカードの数字だけ使えます。同じ数字2つには同じ数字のカードが2枚必要です。",
        "Only displayed digits can be used; a double digit needs two cards of that digit.",
    ),
    "your_number": Text("あなたの数", "Your number"),
    "card_title": Text("数字{digit}", "Digit {digit}"),
    "card_diamonds": Text(
        "（ダイヤ{n}個: 取った人に+{n}点）",
        " ({n} diamonds: +{n} to the taker)",
        one=" ({n} diamond: +{n} to the taker)",
    ),
    "ready": Text("決定済み ✓", "ready ✓"),
    "choosing": Text("考え中…", "choosing…"),
    "placing": Text("ダイヤを配置中", "placing a diamond"),
    "winner_tag": Text("♛ 勝者", "♛ winner"),
    "points": Text("{n}点", "{n} points", one="{n} point"),
    "zone_name": Text("トラック{n}（{low}〜{high}点）", "track {n} ({low}–{high})"),
    "track": Text("得点トラック", "Score track"),
    "goal": Text("{n}点で勝利", "{n} points wins"),
    "bottom_marker": Text("ボトムマーカー", "Bottom marker"),
    "top_marker": Text("トップマーカー", "Top marker"),
    "bottom_off": Text(
        "ボトムマーカー: まだ誰も5点に届いていません", "Bottom marker: nobody has reached 5 yet"
    ),
    "top_off": Text(
        "トップマーカー: まだ誰も8点に届いていません", "Top marker: nobody has reached 8 yet"
    ),
    "bottom_here": Text(
        "ボトムマーカー（最下位の人のトラック{n}）: ここで成功すると2点",
        "Bottom marker (last place's track {n}): a success here scores 2",
    ),
    "top_here": Text(
        "トップマーカー（首位の人のトラック{n}）: ここで成功しても0点（ボーナスとダイヤは得点）",
        "Top marker (the leader's track {n}): a success here scores 0 (bonus and diamonds count)",
    ),
    "markers_ignored": Text(
        "全員が同じトラックにいるので、マーカーの効果はありません。",
        "Everyone is on one track card: the markers have no effect.",
    ),
    "last_round": Text("前のラウンドの公開", "Last reveal"),
    "no_reveal": Text("まだ公開されていません", "No numbers revealed yet"),
    "col_player": Text("プレイヤー", "Player"),
    "col_number": Text("数", "Number"),
    "col_result": Text("結果", "Result"),
    "col_points": Text("得点", "Points"),
    "result_success": Text("成功", "success"),
    "result_fail": Text("失敗（カードがない）", "failed (a card was gone)"),
    "result_batting": Text("バッティング（同じ数）", "clash (same number)"),
    "gain_success": Text("成功{n}", "success {n}"),
    "gain_top": Text(
        "成功0: トップマーカーのトラックでは成功は0点", "success 0: the top marker's track scores 0"
    ),
    "gain_bottom": Text(
        "成功2: ボトムマーカーのトラックでは成功は2点",
        "success 2: the bottom marker's track scores 2",
    ),
    "gain_largest": Text("最大数+1", "largest +1"),
    "gain_diamonds": Text("ダイヤ+{n}", "diamonds +{n}"),
    "order_note": Text(
        "小さい数から順にカードを取ります。", "Smallest number first takes its cards."
    ),
    "group_call": Text("数を作る", "Make a number"),
    "group_diamond": Text("ダイヤを置く", "Place a diamond"),
    "won": Text("{name}が{goal}点に到達して勝利！", "{name} reached {goal} points and wins!"),
    "stopped": Text(
        "安全のための上限（{n}ラウンド）に達したため、ゲームを打ち切りました。"
        "勝者はいません（ルール外の打ち切りです）。",
        "The game was stopped at the safety limit of {n} rounds, which is not a rule of the "
        "game: nobody wins.",
    ),
    "log_called": Text("{who}が数を決めた", "{who} has made a number"),
    "log_own": Text("{who}が「{number}」を作った", "{who} made {number}"),
    "log_only_you": Text("（あなたにだけ見えます）", "(only you see this)"),
    "log_reveal": Text("公開: {numbers}", "revealed: {numbers}"),
    "log_points": Text("得点: {points}", "points: {points}"),
    "log_bottom": Text("ボトムマーカー登場", "the bottom marker comes into play"),
    "log_top": Text("トップマーカー登場", "the top marker comes into play"),
    "log_refilled": Text("補充: {cards}", "refilled: {cards}"),
    "log_diamond": Text("{who}が{slot}番目のカードにダイヤ", "{who} put a diamond on card {slot}"),
    "log_over": Text("ゲーム終了", "The game is over"),
    "rules_call": Text(
        "毎ラウンド、全員が同時にひそかに、場の異なる2枚のカードで2桁の数を作ります"
        "（十の位が0でもよく「07」は7）。全員そろったら同時に公開。",
        "Each round everyone at once and in secret makes a two-digit number from two different "
        "displayed cards (a leading 0 is fine: 07 is 7). Then all are revealed together.",
    ),
    "rules_take": Text(
        "同じ数を出した人は全員失敗（バッティング）。残りは小さい数から順に、2枚とも場に残って"
        "いればカードを取って成功、なければ失敗。",
        "Identical numbers all fail (a clash). The rest go smallest first: if both cards are "
        "still displayed the player takes them (success), otherwise fails.",
    ),
    "rules_score": Text(
        "成功で1点、成功した中で最大の数にさらに1点、取ったカードのダイヤ1個につき1点。",
        "A success scores 1, the largest successful number 1 more, and each diamond on the "
        "cards taken 1 more.",
    ),
    "rules_refill": Text(
        "その後、場を山札から補充（山札が尽きたら捨札を切り直す）。最大の数で成功した人が"
        "場のカード1枚にダイヤを置きます。ダイヤはそのカードが取られるまで残ります。",
        "Then the display is refilled from the deck (the discards are reshuffled when it runs "
        "out), and the largest successful player puts a diamond on a displayed card; it stays "
        "until that card is taken.",
    ),
    "rules_same_digit": Text(
        "数字で宣言するので、場に同じ数字のカードが複数あるときは、取る人はダイヤの最も多い"
        "カードを取ります。",
        "Numbers are called by digit: when several displayed cards show a digit taken, the taker "
        "gets the one with the most diamonds.",
    ),
    "rules_bottom": Text(
        "誰かが初めて5点に届くと、ボトムマーカーが最下位の人のトラックに付きます。"
        "そのトラックにいる人の成功は2点。",
        "When someone first reaches 5, the bottom marker follows the last-placed player's "
        "track card: a success there scores 2.",
    ),
    "rules_top": Text(
        "誰かが初めて8点に届くと、トップマーカーが首位の人のトラックに付きます。"
        "そのトラックにいる人の成功は0点（最大数ボーナスとダイヤは得点）。",
        "When someone first reaches 8, the top marker follows the leader's track card: a "
        "success there scores 0 (the bonus and diamonds still count).",
    ),
    "rules_markers": Text(
        "トラックは得点計算の始めの位置で判定します。ラウンド中に初めて5点・8点に届いて"
        "登場したマーカーは、すぐ置かれますが効果は次のラウンドからです。"
        "全員が同じトラックにいる間は両マーカーとも無効。",
        "Track cards are read at the start of scoring: a marker that first comes into play "
        "during a round is placed at once but counts from the next round. Both markers have no "
        "effect while everyone is on one track card.",
    ),
    "rules_win": Text(
        "最初に10点に届いた人の勝ち。同じラウンドに複数なら、より大きい数で成功した人の勝ち。",
        "The first to 10 points wins; several in the same round: the one with the larger "
        "successful number.",
    ),
}

_LABELS = {
    "round": WORDS["round"],
    "deck": Text("山札 {n}枚", "deck: {n}"),
    "display": Text("場", "display"),
    "points": WORDS["points"],
    "ready": Text("決定済み", "ready"),
    "your_number": WORDS["your_number"],
    "placing": Text("{name}がダイヤを置きます", "{name} places a diamond"),
    "last": WORDS["last_round"],
    "bottom": Text("ボトムマーカー: トラック{n}", "bottom marker: track {n}"),
    "top": Text("トップマーカー: トラック{n}", "top marker: track {n}"),
}

_RESULTS = {
    "success": WORDS["result_success"],
    "fail": WORDS["result_fail"],
    "batting": WORDS["result_batting"],
}

_ENDINGS = {
    "won": Text("{name}が{goal}点に到達して勝利！", "{name} reached {goal} points and wins!"),
    "tie": Text(
        "同じラウンドに{names}が{goal}点に到達: より大きい数で成功した{name}（{number}）の勝ち。",
        "{names} reached {goal} in the same round: the larger successful number wins, "
        "{name} with {number}.",
    ),
    "limit": Text(
        "安全のための上限（{n}ラウンド）に達したため、ゲームを打ち切りました。勝者はいません。",
        "The game was stopped at the safety limit of {n} rounds: nobody wins.",
    ),
    "last": Text("最後のラウンド:", "The last round:"),
    "line": Text(
        "{name}: 「{number}」{result} +{gain}点 → {n}点",
        "{name}: {number}, {result}, +{gain} → {n} points",
        one="{name}: {number}, {result}, +{gain} → {n} point",
    ),
    "winners": Text("勝者: {names}", "Winner: {names}"),
    "no_winner": Text("勝者なし", "No winner"),
}


def gain_text(gains: Mapping[str, int], lang: str) -> str:
    """A round's points for one player, part by part (``success 1 · largest +1``)."""
    parts = []
    if gains["success"] or gains["largest"] or gains["diamonds"]:
        parts.append(WORDS["gain_success"].format(n=gains["success"])(lang))
    if gains["largest"]:
        parts.append(WORDS["gain_largest"](lang))
    if gains["diamonds"]:
        parts.append(WORDS["gain_diamonds"].format(n=gains["diamonds"])(lang))
    return " · ".join(parts)


def describe_view(view: Mapping[str, Any], lang: str) -> str:
    """A compact terminal rendering of one seat's view."""
    head = [
        _LABELS["round"].format(n=view["round"])(lang),
        _LABELS["deck"].format(n=view["deck"])(lang),
    ]
    cards = []
    for digit, diamonds in zip(view["display"], view["diamonds"], strict=True):
        face = "-" if digit is None else str(digit)
        cards.append(face + ("◆" * diamonds if diamonds <= 3 else f"◆{diamonds}"))
    lines = [" · ".join(head), f"{_LABELS['display'](lang)}: {' '.join(cards)}"]
    for zone, label in zip(view["marker_zones"], ("bottom", "top"), strict=True):
        if zone is not None:
            lines.append(_LABELS[label].format(n=zone + 1)(lang))
    for player in view["players"]:
        ready = f" ({_LABELS['ready'](lang)})" if player["called"] else ""
        points = _LABELS["points"].format(n=player["points"])(lang)
        lines.append(f"{seat_name(player['seat'], lang)}: {points}{ready}")
    if view["my_number"] is not None:
        lines.append(f"{_LABELS['your_number'](lang)}: {two_digits(view['my_number'])}")
    if view["placer"] is not None:
        lines.append(_LABELS["placing"].format(name=seat_name(view["placer"], lang))(lang))
    if view["last_round"] is not None:
        parts = [
            f"{seat_name(seat, lang)} {two_digits(entry['number'])} "
            f"{_RESULTS[entry['result']](lang)}"
            for seat, entry in enumerate(view["last_round"])
        ]
        lines.append(f"{_LABELS['last'](lang)}: " + ", ".join(parts))
    return "\n".join(lines)


def summary_lines(state: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The end of the game for people: how it ended, the last round, the winner and why."""
    lines = []
    if state.ending == "limit":
        lines.append(_ENDINGS["limit"].format(n=ROUND_LIMIT)(lang))
    else:
        winner = state.final[0]
        reached = [s for s in range(state.num_players) if state.points[s] >= state.goal]
        name = seat_name(winner, lang, names)
        if len(reached) > 1:
            lines.append(
                _ENDINGS["tie"].format(
                    names=", ".join(seat_name(s, lang, names) for s in reached),
                    goal=state.goal,
                    name=name,
                    number=two_digits(state.last_numbers[winner]),
                )(lang)
            )
        else:
            lines.append(_ENDINGS["won"].format(name=name, goal=state.goal)(lang))
    if state.last_numbers[0] >= 0:
        lines.append(_ENDINGS["last"](lang))
        for seat in range(state.num_players):
            lines.append(
                _ENDINGS["line"].format(
                    name=seat_name(seat, lang, names),
                    number=two_digits(state.last_numbers[seat]),
                    result=_RESULTS[state.last_results[seat]](lang),
                    gain=sum(state.last_gains[seat]),
                    n=state.points[seat],
                )(lang)
            )
    if not state.final:
        lines.append(_ENDINGS["no_winner"](lang))
    else:
        lines.append(_ENDINGS["winners"].format(names=seat_name(state.final[0], lang, names))(lang))
    return lines
