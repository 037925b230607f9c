"""The designer's balance report: one self-contained HTML page from simulated games.

:func:`build_report` turns results (the rows of ``bodoge sim --out``) into
one HTML file a designer can send to a co-designer: every plot is inline
SVG drawn by matplotlib (Agg, text kept as text), styles are inline, and
nothing is fetched when it is opened.  Tables and text go through Jinja2
(``templates/report.html``).  The numbers and tests are those of
:mod:`bodoge.sim.analysis`; :func:`summary` says in plain words (ja or en)
what looks unbalanced, with the evidence.

matplotlib is an optional dependency (``bodoge[sim]``); without it
:class:`ReportMissing` says how to install it.

>>> from bodoge.sim import run_many
>>> page = build_report(list(run_many("egyptian-bride", 3, seed=1, n=12)), "en")
>>> page.startswith("<!DOCTYPE html>") and page.count("<svg") >= 4
True
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import jinja2

from ..engine import Game, Text, UnknownGame, get_game, seat_name
from ..engine.text import FONT_STACK
from .analysis import (
    ALPHA,
    MIN_EXPECTED,
    MIN_GROUP,
    Analysis,
    Comparison,
    Difference,
    Group,
    analyse,
)
from .effects import EffectBudget, with_effects
from .inference import POWER, SIM_INSTALL, detectable_gap
from .play import STOPPED, GameResult

REPORT_INSTALL = SIM_INSTALL  # the sim extra, from a checkout or not
SMALL_EDGE = 0.02
"""A seat whose win rate is within two percentage points of the fair share is called
a small difference, however significant (many games detect tiny edges)."""
PHASE_NAMES = (Text("序盤", "early"), Text("中盤", "middle"), Text("終盤", "late"))
COLOURS = (
    "#4269d0",
    "#efb118",
    "#ff725c",
    "#6cc5b0",
    "#3ca951",
    "#ff8ab7",
    "#a463f2",
    "#97bbf5",
    "#9c6b4e",
    "#9498a0",
)


class ReportMissing(RuntimeError):
    """matplotlib is not installed."""

    def __init__(self) -> None:
        super().__init__(f"the report needs matplotlib; install it with: {REPORT_INSTALL}")


T = {
    "title": Text("{game}: バランスレポート", "{game}: balance report"),
    "intro": Text(
        "{games}ゲーム、{variants}通りの設定。ボット: {bots}。",
        "{games} games, {variants} variant(s). Bots: {bots}.",
    ),
    "summary": Text("まとめ", "Summary"),
    "see": Text("→ 図表", "→ see"),
    "variant": Text("設定", "Variant"),
    "defaults": Text("既定の設定", "default settings"),
    "players": Text("{n}人", "{n} players"),
    "win_rate": Text("席ごとの勝率", "Win rate by seat"),
    "win_caption": Text(
        "棒は勝率、線は95 %信頼区間（Wilson）、破線は公平な取り分。",
        "Bars: win rate; lines: 95 % interval (Wilson); dashed: the fair share.",
    ),
    "test": Text(
        "「席による有利はない」の検定（ピアソンのカイ二乗適合度検定、自由度 {df}）: "
        "χ² = {chi2:.2f}、{p}。",
        'Test of "no seat advantage" (Pearson\'s chi-square goodness of fit, {df} degrees '
        "of freedom): χ² = {chi2:.2f}, {p}.",
    ),
    "not_comparable": Text(
        "席ごとに違うボットが固定されているので、席の有利とボットの強さを区別できません"
        "（--fixed-seats なしで席を回してください）。",
        "Different bots sat at fixed seats, so a seat's advantage cannot be told from a "
        "bot's strength (run without --fixed-seats to rotate them).",
    ),
    "bots": Text("ボットごとの勝率", "Win rate by bot"),
    "scores": Text("席ごとの得点の分布", "Score distribution by seat"),
    "team_scores": Text("チームの得点の分布", "The team's score distribution"),
    "team_won": Text("チームの勝ち", "the team won"),
    "team_lost": Text("チームの負け", "the team lost"),
    "scores_caption": Text(
        "箱は四分位、ひげは5〜95パーセンタイル、白線は中央値、点は平均。",
        "Boxes: quartiles; whiskers: 5th–95th percentile; line: median; dot: mean.",
    ),
    "scores_bars": Text(
        "得点ごとのゲームの割合（得点の種類が少ないので箱ひげ図ではなく棒で）。",
        "Share of games ending on each score (few whole-number scores: bars, not boxes).",
    ),
    "holm_note": Text(
        "有意の判定は Holm 法で{k}個の差について多重比較の補正をしたもの。",
        "Significance is Holm-adjusted over the {k} differences shown (multiple comparisons).",
    ),
    "col_holm": Text("p（Holm 補正）", "p (Holm)"),
    "player_counts": Text("人数ごとの比較", "Player counts"),
    "player_counts_caption": Text(
        "人数ごとの基準の設定。スタートプレイヤーの有利はポイント（P1 の勝率 − 公平な取り分、"
        "95 %区間）、席の検定は Holm 補正後の p 値、得点差は最高−最低の平均。",
        "The baseline variant of each player count. First-player advantage in percentage points "
        "(P1's win rate − the fair share, 95 % interval); seat test: Holm-adjusted p; "
        "spread: mean of highest − lowest score.",
    ),
    "col_players": Text("人数", "Players"),
    "col_advantage": Text("スタートプレイヤーの有利", "First-player advantage"),
    "col_seat_test": Text("席の検定", "Seat test"),
    "col_spread": Text("得点差", "Score spread"),
    "team": Text("チームの成功", "The team's success"),
    "team_line": Text(
        "チームの勝率 {rate}（Wilson の95 %区間 {low}〜{high}、{games}ゲーム中{wins}勝）。"
        "協力ゲームなので席の有利は問いません。",
        "The team wins {rate} (Wilson 95 % interval {low}–{high}; {wins} of {games} games). "
        "Seats win or lose together: no seat advantage is tested.",
    ),
    "col_band": Text("ルールの評価", "The rules' verdict"),
    "test_holm": Text(
        "{k}通りの設定について Holm 補正: {p}。", "Holm-adjusted over {k} variants: {p}."
    ),
    "advantage": Text(
        "スタートプレイヤーの有利: {adv} ± {margin} ポイント（95 %区間）。",
        "First-player advantage: {adv} ± {margin} percentage points (95 % interval).",
    ),
    "power": Text(
        "{games}ゲームで、この席の検定（{seats}席のカイ二乗検定、有意水準{level}）が検出力{power}で"
        "検出できる差は {gap}（1席がそれだけ多く勝ち、残りの席が等しく負う場合）。",
        "{games} games detect a seat gap of {gap} with {power} power in this seat test "
        "(chi-square over {seats} seats, {level} level; one seat ahead by the gap, the others "
        "sharing the loss).",
    ),
    "too_few": Text(
        "ゲームが少なすぎて判断できません（{min}未満）",
        "too few games to say (fewer than {min})",
    ),
    "s_too_few": Text(
        "{games}ゲームでは少なすぎて席の有利は判断できません"
        "（検定には{min}ゲーム以上、各席に期待される勝ち{expected}以上が必要）。",
        "Too few games to say whether a seat is favoured: {games} games (the seat test needs "
        "at least {min} games and {expected} expected wins per seat).",
    ),
    "how_won": Text("勝ち方", "How games are won"),
    "won_line": Text(
        "勝者が1人の{decided}ゲーム: 2位との差は平均 {mean}"
        "（中央値 {median}、得点の幅の {relative}）。"
        "{close}が1点差か同点決着（同点 {tie}、1点差 {one}）。下の表は席ごとの順位の分布。",
        "{decided} games with one winner: the winner leads the runner-up by {mean} on average "
        "(median {median}; {relative} of the score range). {close} are decided by one point or a "
        "tie-break ({tie} tie-breaks, {one} by one point). Below: each seat's finishing places.",
    ),
    "place": Text("{n}位", "#{n}"),
    "by_length": Text("ゲームの長さごとの勝率", "Win rate by game length"),
    "col_lengths": Text("長さ（手数）", "Length (actions)"),
    "col_legal": Text("選べた回数", "Legal at"),
    "col_when_legal": Text("選べたときに選んだ割合", "Chosen when legal"),
    "length": Text("ゲームの長さ（手数）", "Game length (actions)"),
    "endings": Text("ゲームの終わり方", "How games ended"),
    "normal": Text("ルールどおり終了", "ended by the rules"),
    "stopped": Text("安全装置で停止", "stopped by a safety limit"),
    "no_winner": Text("勝者なし", "no winner"),
    "shared": Text("勝利の共有", "shared win"),
    "actions": Text("アクションの統計", "Action statistics"),
    "actions_caption": Text(
        "各アクションの種類が選ばれた割合（ゲームの長さを3等分した序盤・中盤・終盤ごと）と、"
        "席ごとの1ゲームあたりの平均回数。",
        "How often each action type was chosen: its share of all choices in each third of "
        "the game (early, middle, late), and per seat the mean times per game.",
    ),
    "never": Text("一度も選ばれなかった種類: {kinds}", "Never chosen: {kinds}"),
    "comparison": Text("設定の比較", "Comparison of variants"),
    "comparison_caption": Text(
        "各設定と基準（{baseline}）の差、95 %区間つき。{paired}",
        "Each variant against the baseline ({baseline}), with 95 % intervals. {paired}",
    ),
    "paired": Text(
        "同じシードで遊んだ対のゲームの差（対応のある比較）。",
        "Differences over matched pairs of games played on the same seeds.",
    ),
    "unpaired": Text("シードが一致しないので対応のない比較。", "Seeds differ: unpaired."),
    "col_seat": Text("席", "Seat"),
    "col_bot": Text("ボット", "Bot"),
    "col_win": Text("勝率", "Win rate"),
    "col_interval": Text("95 %区間", "95 % interval"),
    "col_mean": Text("平均得点", "Mean score"),
    "col_sd": Text("標準偏差", "SD"),
    "col_seats": Text("席数", "Seats taken"),
    "col_kind": Text("種類", "Action type"),
    "col_share": Text("割合", "Share"),
    "col_games": Text("ゲーム数", "Games"),
    "col_count": Text("数", "Count"),
    "col_metric": Text("指標", "Metric"),
    "col_base": Text("基準", "Baseline"),
    "col_value": Text("この設定", "This variant"),
    "col_diff": Text("差", "Difference"),
    "col_mean_length": Text("平均の長さ", "Mean length"),
    "length_units": Text(
        "プレイヤーの数え方では（{unit}）: 平均 {mean:.1f}、中央値 {median:.0f}、"
        "90 %が {low:.0f}〜{high:.0f}、最長 {top}。下は細かな手数（アクション）で。",
        "As players count it ({unit}): mean {mean:.1f}, median {median:.0f}, middle 90 % "
        "{low:.0f}–{high:.0f}, longest {top}. Below, in atomic actions.",
    ),
    "by_ending": Text("終わり方ごとの勝率", "Win rates by how the game ended"),
    "by_ending_caption": Text(
        "ゲームが報告する終わり方ごとの、各席の勝率（Wilson の95 %区間）。",
        "Each seat's win rate among the games that ended each way the game reports "
        "(Wilson 95 % intervals).",
    ),
    "col_ending": Text("終わり方", "Ending"),
    "ordinary_end": Text("通常の終了", "the ordinary end"),
    "unit_actions": Game.length_unit,
    "length_stats": Text(
        "平均 {mean:.1f}、中央値 {median:.0f}、90 %が {low:.0f}〜{high:.0f}、最長 {top}。",
        "Mean {mean:.1f}, median {median:.0f}, middle 90 % {low:.0f}–{high:.0f}, longest {top}.",
    ),
    "metric_length": Text("ゲームの長さ", "game length"),
    "metric_stopped": Text("停止したゲームの割合", "share of stopped games"),
    "metric_win": Text("{seat}の勝率", "{seat}'s win rate"),
    "metric_score": Text("{seat}の平均得点", "{seat}'s mean score"),
    "metric_spread": Text("得点差（最高−最低）", "score spread (highest − lowest)"),
    "definitions": Text(
        "勝率: 勝ったゲームの割合（k人で勝利を分けたら1/kずつ）。公平な取り分: 勝者のいたゲームの"
        "割合を人数で割ったもの。",
        "Win rate: the share of games won (a win shared by k counts 1/k to each). Fair share: "
        "the share of games with a winner divided by the number of seats.",
    ),
    "generated": Text("bodoge {version} で作成。", "Made with bodoge {version}."),
    # summary sentences
    "s_seat_bias": Text(
        "{seat}の勝率は {rate} ± {margin}、公平な取り分は {fair}"
        "（席の有利なしの検定: {p}）。席によって有利・不利があるようです。",
        "{seat} wins {rate} ± {margin} against a fair {fair} (test of no seat advantage: "
        "{p}): the seats look unequal.",
    ),
    "s_seat_small": Text(
        "{seat}の勝率は {rate} ± {margin}、公平な取り分は {fair}（{p}）。"
        "これだけのゲーム数なら検出できる差ですが、小さな差です。",
        "{seat} wins {rate} ± {margin} against a fair {fair} ({p}): detectable with this "
        "many games, but small.",
    ),
    "s_seat_fair": Text(
        "席による有利は見られません: 勝率は {low}〜{high}、公平な取り分は {fair}"
        "（{p}、{games}ゲーム）。",
        "No seat stands out: win rates {low}–{high} against a fair {fair} ({p}, {games} games).",
    ),
    "s_one_seat": Text(
        "1人用: 勝率 {rate} ± {margin}、平均得点 {mean}（標準偏差 {sd}、{games}ゲーム）。",
        "One player: wins {rate} ± {margin}, mean score {mean} (SD {sd}, {games} games).",
    ),
    "s_seat_unknown": Text(
        "違うボットを席に固定したので、席の有利は判断できません。",
        "Different bots sat at fixed seats: a seat advantage cannot be judged.",
    ),
    "s_bots": Text(
        "ボットの強さ: {list}（占めた席あたりの勝率）。",
        "Bot strength: {list} (wins per seat taken).",
    ),
    "s_stopped": Text(
        "{share}（{count}ゲーム）が安全装置で停止しました。ルールで終わらない展開があります。",
        "{share} of games ({count}) were stopped by a safety limit: some games do not end "
        "by the rules.",
    ),
    "s_no_winner": Text(
        "{share}（{count}ゲーム）は勝者なしでした。", "{share} of games ({count}) had no winner."
    ),
    "s_length": Text(
        "ゲームの長さは平均 {mean:.0f}手（90 %が {low:.0f}〜{high:.0f}手）。",
        "Games last {mean:.0f} actions on average (middle 90 %: {low:.0f}–{high:.0f}).",
    ),
    "s_long_tail": Text(
        "最長のゲームは {top}手で、中央値の{ratio:.1f}倍です。",
        "The longest game took {top} actions, {ratio:.1f} times the median.",
    ),
    "s_pile_up": Text(
        "{share}のゲームが {low}〜{top}手で終わっています。"
        "上限か安全装置で打ち切られているかもしれません。",
        "{share} of games end between {low} and {top} actions: a limit may be cutting them short.",
    ),
    "s_dominant": Text(
        "最も多く選ばれたアクションは {kind}（全体の {share}）。",
        "The most chosen action type is {kind} ({share} of all choices).",
    ),
    "s_shift": Text(
        "{kind} は序盤に {early}、終盤に {late} を占めます。",
        "{kind} makes up {early} of early choices and {late} of late ones.",
    ),
    "s_never": Text(
        "一度も選ばれなかったアクション: {kinds}。", "Never chosen by any bot: {kinds}."
    ),
    "s_variant": Text(
        "{variant} では、{metric}が {base} から {value} に変わります"
        "（差 {diff} ± {margin}、{how}）。",
        "With {variant}, {metric} goes from {base} to {value} "
        "(difference {diff} ± {margin}, {how}).",
    ),
    "s_team": Text(
        "協力ゲーム: チームの成功率 {rate} ± {margin}（Wilson の95 %区間、{games}ゲーム）、"
        "平均得点 {mean}（標準偏差 {sd}）。席の有利は問いません。",
        "A co-operative game: the team wins {rate} ± {margin} of {games} games (Wilson 95 %), "
        "mean score {mean} (SD {sd}). Seats win or lose together, so no seat advantage is tested.",
    ),
    "s_bands": Text("ルールの評価: {bands}。", "The rules' verdicts: {bands}."),
    "s_holm": Text("（Holm 法で{k}通りの設定について補正）", " (Holm-adjusted over {k} variants)"),
    "s_power": Text(
        "{games}ゲームで、席の検定（{seats}席のカイ二乗検定、有意水準{level}）が検出力{power}で"
        "検出できる差は {gap} 程度です（1席がそれだけ多く勝ち、残りの席が等しく負う場合）。",
        "{games} games detect a seat gap of {gap} with {power} power in the seat test "
        "(chi-square over {seats} seats, {level} level; one seat ahead by the gap, the others "
        "sharing the loss).",
    ),
    "s_small_baseline": Text(
        "ただし{games}ゲームでは {gap} 未満の差は見えず、偶然の可能性も残ります。"
        "ゲーム数を増やして確かめてください。",
        "Only {games} games, though: gaps under {gap} go unseen and chance is not ruled out; "
        "confirm it with more games.",
    ),
    "s_seat_also": Text(
        "{seat}の勝率は {rate} ± {margin}（公平な取り分との差 {gap} ポイント、Holm 補正後 {p}）。",
        "{seat} wins {rate} ± {margin} ({gap} points from the fair share, Holm-adjusted {p}).",
    ),
    "s_length_band": Text(
        "{share}のゲームが {low}〜{high}手で終わり、そこでは{seat}の勝率が {rate}"
        "（全体では {overall}、Holm 補正後 {p}）。その長さのゲームをどの手番が終えるかの表れで、"
        "席のバランスではありません。",
        "{share} of games end within {low}–{high} actions, where {seat} wins {rate} "
        "({overall} overall; Holm-adjusted {p}): whose turn ends a game of that length, "
        "not a seat's balance.",
    ),
    "s_timeline": Text(
        "折り返し時点で首位の席が勝つのは {won}。首位は1ゲームに平均 {changes}回入れ替わり、"
        "勝者が最後に首位に立つのは中央値でゲームの {decided} の時点。",
        "The seat leading at half-time wins {won} of the time; the lead changes {changes} "
        "times a game on average, and the winner takes the lead for good {decided} of the way "
        "through (median).",
    ),
    "timeline": Text("ゲーム中の得点の推移", "Score over the game"),
    "timeline_caption": Text(
        "席ごとの平均得点を、ゲームの手数の0〜100 %の時点で。首位: 得点が単独で最も高い席。",
        "Each seat's mean score after 0–100 % of a game's actions. Leader: the one seat "
        "with the highest score.",
    ),
    "s_effect": Text(
        "{kind} を選ぶと、選んだ席の勝率が {diff} ポイント変わります（95 %区間 {low}〜{high}、"
        "{n}回の手番を両方の手で打ち続けた対比較、符号反転検定の Holm 補正後 {p}）。",
        "Choosing {kind} changes the chooser's chance of winning by {diff} points (95 % interval "
        "{low} to {high}, over {n} decisions played on both ways; paired sign-flip test, "
        "Holm-adjusted {p}).",
    ),
    "s_dealt": Text(
        "最初の手札に {kind} を配られた席の勝率は {chose}、配られなかった席は {passed}"
        "（差 {diff} ポイント、95 %区間 {low}〜{high}、フィッシャーの正確検定の Holm 補正後 {p}）。"
        "誰が持つかは配札が決めるので、持つことの効果です。",
        "Seats dealt {kind} won {chose}, seats dealt none {passed} ({diff} points, 95 % interval "
        "{low} to {high}; Fisher's exact test, Holm-adjusted {p}): the deal decides who holds "
        "it, so this is what holding it does.",
    ),
    "effects": Text("選択の効果", "What a choice does"),
    "effects_caption": Text(
        "効果: その手を選べて他の手も選べた手番をゲームから無作為に（1ゲーム1回まで）選び、"
        "選んだ席の情報から配り直した同じ世界・同じ乱数で、その手と、席の戦略が次に推す別の種類の手の"
        "両方を打ち、全席をこの実行のボットで最後まで打った勝率の差。"
        "区間は手番についての95 %区間、p は対の符号反転検定を選択について Holm 補正。"
        "{min}回未満の手番では検定しません。カードについては捨てる（選ぶ）ことの効果で、"
        "持つことの効果ではありません（下の配札の比較を参照）。",
        "An effect: at decisions drawn from the games (at most one per game) where the choice "
        "and something else could be chosen, the position was played on from the chooser's "
        "information, with the choice and with the best move of another kind the seat's "
        "strategy ranks next, on the same re-dealt worlds and dice, every seat played by the "
        "run's bots to the end; the effect is the difference in win chance, its 95 % interval "
        "over the decisions, p of the paired sign-flip test Holm-adjusted over the choices; "
        "under {min} decisions it is not tested. For a card it is what discarding (picking) "
        "it does, not what holding it does: see the deal's comparison below.",
    ),
    "col_effect": Text("効果（ポイント）", "Effect (points)"),
    "col_decisions": Text("手番", "Decisions"),
    "dealt": Text("配られたカード", "Dealt a card"),
    "dealt_caption": Text(
        "最初の手札にそのカードを配られた席と配られなかった席（1ゲーム1席を1件）の勝率"
        "（Wilson の95 %区間）。配札が無作為なので、この差は持つことの効果です。"
        "差は Newcombe の95 %区間、p はフィッシャーの正確検定をカードについて Holm 補正。"
        "どちらかが{min}件未満のカードは検定しません。",
        "The win rates of seat-games dealt the card in the opening hand and of those dealt "
        "none (Wilson 95 % intervals). The deal is random, so the difference is what holding "
        "it does. The difference with Newcombe's 95 % interval, p of Fisher's exact test "
        "Holm-adjusted over the cards; a card with fewer than {min} seat-games on a side is "
        "not tested.",
    ),
    "col_dealt": Text("配られた", "Dealt it"),
    "col_not_dealt": Text("配られなかった", "Dealt none"),
    "choices": Text("勝者が多く選んだ手（記述）", "Chosen more often by the winners (description)"),
    "choices_caption": Text(
        "記述であって発見ではありません。そのアクションを選べた席（1ゲーム1席を1件）のうち、"
        "1度でも選んだ席と一度も選ばなかった席の勝率（Wilson の95 %区間）。"
        "勝っている（負けている）局面でだけ開く手は、効果がなくても勝ち（負け）と結びつきます。"
        "選ぶことの効果は「選択の効果」にあります。",
        "A description, never a finding: among seat-games in which the type was legal, the win "
        "rate of those that chose it at least once and of those that never did (Wilson 95 % "
        "intervals; Newcombe's interval of the gap, Fisher's p Holm-adjusted over the types, "
        "none under {min} seat-games a side). A choice open only in winning (or losing) "
        "positions goes with winning (or losing) whatever it does; what choosing it does is "
        'under "What a choice does".',
    ),
    "subjects": Text(
        "勝者が多く選んだカード（記述）", "Cards chosen more often by the winners (description)"
    ),
    "subjects_caption": Text(
        "記述であって発見ではありません。カード・タイルごとに: 選べた手番のうち選んだ割合と、"
        "選べた席（1ゲーム1席を1件）のうち1度でも選んだ席と一度も選ばなかった席の勝率"
        "（Wilson の95 %区間）。手札を空にした者が勝つゲームでは、捨てなかった席は"
        "そのカードを持ったまま負けています。効果は「選択の効果」と「配られたカード」にあります。",
        "A description, never a finding: for each card or tile the game names, the share of "
        "decisions that chose it when it could be chosen, and among seat-games in which it "
        "could be, the win rate of those that chose it at least once and of those that never "
        "did (Wilson 95 % intervals; Newcombe's interval, Fisher's p Holm-adjusted, none under "
        "{min} seat-games a side). Where the winner is the one whose hand is empty, a seat "
        "that did not discard a card still holds it and has lost; what a card does is under "
        '"What a choice does" and "Dealt a card".',
    ),
    "col_subject": Text("カード", "Card"),
    "col_chose": Text("選んだ", "Chose it"),
    "col_passed": Text("選ばなかった", "Could, did not"),
    "s_close": Text(
        "勝者が1人のゲームのうち {share} が1点差か、得点で勝っていない決着"
        "（同点決着など {tie}、1点差 {one}）。"
        "勝者の差の中央値は {margin}。",
        "{share} of games with one winner are decided by one point or a tie-break "
        "(not ahead on points, won by a tie-break or another rule: {tie}; by one point: {one}); "
        "the median winning margin is {margin}.",
    ),
    "s_variant_none": Text(
        "{variant} と基準の間に、95 %区間で区別できる差はありません。",
        "{variant}: no difference from the baseline that its 95 % interval can tell.",
    ),
    "s_variant_few": Text(
        "{variant}: 基準との差は判断できません（対が{pairs}組、{min}組未満では検定しません）。",
        "{variant}: too few games to say how it differs from the baseline ({pairs} matched "
        "pairs; no test under {min}).",
    ),
    "s_pairs": Text("{pairs}組の対", "{pairs} matched pairs"),
    "s_unpaired": Text("対応なし", "unpaired"),
    "s_variant_group": Text("【{variant}】", "[{variant}]"),
}


def format_percent(value: float) -> str:
    """One decimal always: 24.15 % is not 24 %."""
    return f"{100 * value:.1f} %"


def format_points(value: float, lang: str = "en", percentage: bool = False) -> str:
    """``1 point``, ``2.5 points`` (``percentage``: percentage points); Japanese ``2.5点``."""
    number = f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.0f}"
    if lang == "ja":
        return f"{number}ポイント" if percentage else f"{number}点"
    unit = "percentage point" if percentage else "point"
    return f"{number} {unit}" if number in ("1", "-1") else f"{number} {unit}s"


def format_p(value: float, lang: str = "en") -> str:
    """``p = 0.03``, ``p < 0.0001`` for the tiniest, and "too few games to say" for no test."""
    if math.isnan(value):
        return T["too_few"].format(min=MIN_GROUP)(lang)
    if value < 0.0001:
        return "p < 0.0001"
    return f"p = {value:.2g}" if value < 0.01 else f"p = {value:.2f}"


def format_amount(metric: str, value: float, signed: bool = False) -> str:
    if metric in ("win", "stopped"):
        text = f"{100 * value:+.1f} pt" if signed else format_percent(value)
        return text
    return f"{value:+.2f}" if signed else f"{value:.2f}"


def format_margin(metric: str, value: float) -> str:
    """The half-width of an interval: percentage points for rates, else the metric's unit."""
    return f"{100 * value:.1f} pt" if metric in ("win", "stopped") else f"{value:.2f}"


def metric_name(difference: Difference, lang: str) -> str:
    text = T[f"metric_{difference.metric}"]
    if difference.seat is not None:
        text = text.format(seat=seat_name(difference.seat, lang))
    return text(lang)


# --------------------------------------------------------------- summary


SMALL_BASELINE = 0.05
"""A seat test that cannot see gaps under five percentage points is a small baseline:
a call-out on it says so."""


@dataclass(frozen=True)
class Finding:
    """One sentence of the summary, the plot that shows it, and what ranks it.

    ``tier`` 0: an effect the tests call real (ranked by ``size``, then
    evidence ``p``); 1: a description (length, actions).
    """

    text: str
    anchor: str = ""
    tier: int = 1
    size: float = 0.0
    p: float = 1.0


def summary(analysis: Analysis, lang: str) -> list[str]:
    """Plain sentences on what looks unbalanced, each with its evidence."""
    return [finding.text for finding in findings(analysis, lang)]


def findings(analysis: Analysis, lang: str) -> list[Finding]:
    """Per variant: its verdict, then its effects by size and evidence, then the rest."""
    lines: list[Finding] = []
    many = len(analysis.groups) > 1
    for number, group in enumerate(analysis.groups):
        if many:
            name = analysis.label(group) or T["defaults"](lang)
            lines.append(Finding(T["s_variant_group"].format(variant=name)(lang)))
        lines.extend(_group_findings(group, number, len(analysis.groups), lang))
    for comparison in analysis.comparisons:
        lines.extend(
            Finding(text, "comparison") for text in _comparison_summary(analysis, comparison, lang)
        )
    return lines


def _group_findings(group: Group, number: int, groups: int, lang: str) -> list[Finding]:
    anchor = f"v{number}"
    head = _verdict(group, anchor, groups, lang)
    effects = sorted(
        _seat_findings(group, anchor, lang)
        + _length_findings(group, anchor, lang)
        + _won_findings(group, anchor, lang)
        + _effect_findings(group, anchor, lang)
        + _dealt_findings(group, anchor, lang)
        + _timeline_findings(group, anchor, lang),
        key=lambda f: (f.tier, -f.size, f.p),
    )
    return head + effects + _descriptions(group, anchor, lang)


def _verdict(group: Group, anchor: str, groups: int, lang: str) -> list[Finding]:
    """The variant's first line: the team's success, or the seat test and its power."""
    if group.team is not None:
        return [_team_line(group, anchor, lang)]
    if not group.seats_comparable:
        return [Finding(T["s_seat_unknown"](lang), f"{anchor}-win")]
    p = group.p_adjusted
    if math.isnan(p):
        return [
            Finding(
                T["s_too_few"].format(games=group.games, min=MIN_GROUP, expected=MIN_EXPECTED)(
                    lang
                ),
                f"{anchor}-win",
            )
        ]
    p_text = format_p(p, lang) + (T["s_holm"].format(k=groups)(lang) if groups > 1 else "")
    gap = power_gap(group, groups)
    power = Finding(T["s_power"].format(**power_words(group, groups, lang))(lang), f"{anchor}-win")
    if p < ALPHA:
        worst = max(group.seats, key=lambda s: abs(s.win_rate - group.fair))
        small = abs(worst.win_rate - group.fair) < SMALL_EDGE
        text = T["s_seat_small" if small else "s_seat_bias"].format(
            seat=seat_name(worst.seat, lang),
            rate=format_percent(worst.win_rate),
            margin=format_percent((worst.high - worst.low) / 2),
            fair=format_percent(group.fair),
            p=p_text,
        )(lang)
        if gap > SMALL_BASELINE:
            text += " " + T["s_small_baseline"].format(
                games=group.games, gap=format_points(round(100 * gap, 1), lang, percentage=True)
            )(lang)
        return [Finding(text, f"{anchor}-win", 0, abs(worst.win_rate - group.fair), p), power]
    rates = [s.win_rate for s in group.seats]
    fair = T["s_seat_fair"].format(
        low=format_percent(min(rates)),
        high=format_percent(max(rates)),
        fair=format_percent(group.fair),
        p=p_text,
        games=group.games,
    )(lang)
    return [Finding(fair, f"{anchor}-win"), power]


def power_gap(group: Group, groups: int) -> float:
    """The seat gap the group's seat test detects with :data:`POWER`, at its level.

    With several variants the seat tests are Holm-adjusted over them; the
    level is then that of Holm's first step, ``ALPHA / groups``.
    """
    return detectable_gap(group.games, group.fair, group.num_players, ALPHA / groups)


def power_words(group: Group, groups: int, lang: str) -> dict[str, object]:
    """The values of the power line (``power``, ``s_power``)."""
    return {
        "games": group.games,
        "gap": format_points(round(100 * power_gap(group, groups), 1), lang, percentage=True),
        "seats": group.num_players,
        "power": f"{100 * POWER:.0f} %",
        "level": f"{100 * ALPHA / groups:.2g} %",
    }


def _team_line(group: Group, anchor: str, lang: str) -> Finding:
    team = group.team
    assert team is not None
    key = "s_one_seat" if group.num_players == 1 else "s_team"
    text = T[key].format(
        rate=format_percent(team.rate),
        margin=format_percent((team.high - team.low) / 2),
        mean=f"{team.score_mean:.1f}",
        sd=f"{team.score_sd:.1f}",
        games=group.games,
    )(lang)
    if team.bands:
        words = ", ".join(
            f"{name(lang) if callable(name) else name} {format_percent(count / group.games)}"
            for name, count in team.bands
            if count
        )
        text += " " + T["s_bands"].format(bands=words)(lang)
    return Finding(text, f"{anchor}-team")


def _seat_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    """Every seat whose win rate differs from the fair share (Holm over seats), but the worst."""
    if group.team is not None or not group.seats_comparable or not group.p_adjusted < ALPHA:
        return []
    worst = max(group.seats, key=lambda s: abs(s.win_rate - group.fair))
    lines = []
    for seat, p in zip(group.seats, group.seat_p, strict=True):
        if seat is worst or not p < ALPHA:
            continue
        gap = seat.win_rate - group.fair
        lines.append(
            Finding(
                T["s_seat_also"].format(
                    seat=seat_name(seat.seat, lang),
                    rate=format_percent(seat.win_rate),
                    margin=format_percent((seat.high - seat.low) / 2),
                    gap=f"{100 * gap:+.1f}",
                    p=format_p(p, lang),
                )(lang),
                f"{anchor}-win",
                0,
                abs(gap),
                p,
            )
        )
    return lines


def _length_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    """Bands of game length in which one seat wins far from its overall rate.

    Described, not ranked among the balance findings: a band's seat mostly
    says whose turn ends a game of that length.
    """
    lines = []
    for band in group.length_bins:
        if not band.p_adjusted < ALPHA:
            continue
        seat = max(
            range(len(band.rates)),
            key=lambda s: abs(band.rates[s] - group.seats[s].win_rate),
        )
        lines.append(
            Finding(
                T["s_length_band"].format(
                    share=format_percent(band.games / group.games),
                    low=band.low,
                    high=band.high,
                    seat=seat_name(seat, lang),
                    rate=format_percent(band.rates[seat]),
                    overall=format_percent(group.seats[seat].win_rate),
                    p=format_p(band.p_adjusted, lang),
                )(lang),
                f"{anchor}-bands",
                1,
            )
        )
    return lines


def _timeline_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    line = group.timeline
    if line is None or not line.half_games:
        return []
    text = T["s_timeline"].format(
        won=format_percent(line.half_won / line.half_games),
        changes=f"{line.lead_changes:.1f}",
        decided=format_percent(line.decided_median)
        if line.decided_median == line.decided_median
        else "—",
    )
    return [Finding(text(lang), f"{anchor}-timeline")]


def _effect_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    """Choices whose effect on the chooser's chance of winning the paired play-outs find."""
    name = subject_namer(group.results[0].game, lang)
    return [
        Finding(
            T["s_effect"].format(
                kind=name(effect.kind) if effect.subject else effect.kind,
                **_signed_points(effect.mean, effect.low, effect.high),
                n=effect.decisions,
                p=format_p(effect.p_adjusted, lang),
            )(lang),
            f"{anchor}-effects",
            0,
            abs(effect.mean),
            effect.p_adjusted,
        )
        for effect in group.effects
        if effect.finding
    ]


def _dealt_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    """Cards whose holders from the deal win clearly more or less often than the rest."""
    name = subject_namer(group.results[0].game, lang)
    return [
        Finding(
            T["s_dealt"].format(
                kind=name(row.kind),
                chose=format_percent(row.chose_rate),
                passed=format_percent(row.passed_rate),
                **_signed_points(row.difference, row.difference_low, row.difference_high),
                p=format_p(row.p_adjusted, lang),
            )(lang),
            f"{anchor}-dealt",
            0,
            abs(row.difference),
            row.p_adjusted,
        )
        for row in group.dealt
        if row.p_adjusted < ALPHA
    ]


def _signed_points(difference: float, low: float, high: float) -> dict[str, str]:
    """A difference of shares and its interval as signed points (``diff``, ``low``, ``high``)."""
    return {
        name: f"{100 * value:+.1f}"
        for name, value in zip(("diff", "low", "high"), (difference, low, high), strict=True)
    }


def subject_namer(game_id: str, lang: str) -> Callable[[str], str]:
    """The player-facing name of a card key (``Game.subject_name``); the key for an unknown game."""
    game = _known(game_id)
    return str if game is None else lambda key: game.subject_name(key, lang)


def ending_namer(game_id: str, lang: str) -> Callable[[str], str]:
    """The player-facing name of a ``how_ended`` key (``Game.ending_name``; "" the ordinary
    end); the key for an unknown game."""
    game = _known(game_id)

    def name(key: str) -> str:
        if not key:
            return T["ordinary_end"](lang)
        return key if game is None else game.ending_name(key, lang)

    return name


def _known(game_id: str) -> Game | None:
    try:
        return get_game(game_id)
    except UnknownGame:
        return None


def _won_findings(group: Group, anchor: str, lang: str) -> list[Finding]:
    won = group.won
    if won is None or not won.decided:
        return []
    return [
        Finding(
            T["s_close"].format(
                share=format_percent(won.close),
                tie=format_percent(won.tie_break / won.decided),
                one=format_percent(won.one_point / won.decided),
                margin=format_points(round(won.margin_median, 1), lang),
            )(lang),
            f"{anchor}-won",
        )
    ]


def _descriptions(group: Group, anchor: str, lang: str) -> list[Finding]:
    lines = []
    if len(group.bots) > 1:
        ranked = sorted(group.bots, key=lambda b: -b.win_rate)
        words = ", ".join(
            f"{b.bot} {format_percent(b.win_rate)} ± {format_percent((b.high - b.low) / 2)}"
            for b in ranked
        )
        lines.append(Finding(T["s_bots"].format(list=words)(lang), f"{anchor}-win"))
    stopped = group.endings.get(STOPPED, 0)
    if stopped:
        text = T["s_stopped"].format(share=format_percent(stopped / group.games), count=stopped)
        lines.append(Finding(text(lang), f"{anchor}-length"))
    if group.no_winner > stopped and group.team is None:
        text = T["s_no_winner"].format(
            share=format_percent(group.no_winner / group.games), count=group.no_winner
        )
        lines.append(Finding(text(lang), f"{anchor}-length"))
    lines.extend(Finding(text, f"{anchor}-length") for text in _length_lines(group, lang))
    lines.extend(Finding(text, f"{anchor}-actions") for text in _action_lines(group, lang))
    return lines


def _length_lines(group: Group, lang: str) -> list[str]:
    stopped = group.endings.get(STOPPED, 0)
    lines = [
        T["s_length"].format(
            mean=group.length_mean,
            low=group.length_quantile(0.05),
            high=group.length_quantile(0.95),
        )(lang)
    ]
    median = group.length_quantile(0.5)
    top = max(group.lengths)
    if median > 0 and top > 3 * median:
        lines.append(T["s_long_tail"].format(top=top, ratio=top / median)(lang))
    near_top = sum(1 for length in group.lengths if length >= 0.95 * top)
    if not stopped and median > 0 and top > 2 * median and near_top >= 0.05 * group.games:
        lines.append(
            T["s_pile_up"].format(
                share=format_percent(near_top / group.games), low=math.ceil(0.95 * top), top=top
            )(lang)
        )
    return lines


def _action_lines(group: Group, lang: str) -> list[str]:
    lines = []
    if group.actions:
        first = group.actions[0]
        lines.append(
            T["s_dominant"].format(kind=first.kind, share=format_percent(first.share))(lang)
        )
        shifting = max(group.actions, key=lambda a: abs(a.by_phase[0] - a.by_phase[-1]))
        if abs(shifting.by_phase[0] - shifting.by_phase[-1]) >= 0.15:
            lines.append(
                T["s_shift"].format(
                    kind=shifting.kind,
                    early=format_percent(shifting.by_phase[0]),
                    late=format_percent(shifting.by_phase[-1]),
                )(lang)
            )
    if group.never_chosen:
        lines.append(T["s_never"].format(kinds=", ".join(group.never_chosen))(lang))
    return lines


def _comparison_summary(analysis: Analysis, comparison: Comparison, lang: str) -> list[str]:
    name = analysis.label(comparison.group)
    found = [d for d in comparison.differences if d.significant and d.metric != "score"]
    found.sort(key=lambda d: d.p_adjusted)
    if all(math.isnan(d.p_value) for d in comparison.differences):
        few = min(d.pairs for d in comparison.differences) if comparison.differences else 0
        return [T["s_variant_few"].format(variant=name, pairs=few, min=MIN_GROUP)(lang)]
    if not found:
        return [T["s_variant_none"].format(variant=name)(lang)]
    lines = []
    for difference in found:
        how = T["s_pairs"].format(pairs=difference.pairs) if difference.paired else T["s_unpaired"]
        lines.append(
            T["s_variant"].format(
                variant=name,
                metric=metric_name(difference, lang),
                base=format_amount(difference.metric, difference.baseline),
                value=format_amount(difference.metric, difference.value),
                diff=format_amount(difference.metric, difference.difference, signed=True),
                margin=format_margin(difference.metric, difference.margin),
                how=how(lang),
            )(lang)
        )
    return lines


# ----------------------------------------------------------------- plots


class _Plots:
    """matplotlib, set up for small, deterministic, self-contained SVG."""

    def __init__(self) -> None:
        try:
            import matplotlib
        except ImportError:
            raise ReportMissing() from None
        matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt

        self.plt = plt
        self.style = {
            "svg.fonttype": "none",
            "svg.hashsalt": "bodoge",
            "font.size": 9,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "figure.dpi": 96,
        }

    def svg(self, draw: Callable[[Any], None], width: float = 6.4, height: float = 3.0) -> str:
        plt = self.plt
        with plt.rc_context(self.style):
            figure, axes = plt.subplots(figsize=(width, height))
            try:
                draw(axes)
                figure.tight_layout()
                buffer = io.StringIO()
                figure.savefig(buffer, format="svg", metadata={"Date": None})
            finally:
                plt.close(figure)
        return self._clean(buffer.getvalue())

    def win_rates(self, group: Group) -> str:
        def draw(axes: Any) -> None:
            seats = [seat_name(s.seat) for s in group.seats]
            rates = [100 * s.win_rate for s in group.seats]
            below = [100 * (s.win_rate - s.low) for s in group.seats]
            above = [100 * (s.high - s.win_rate) for s in group.seats]
            axes.bar(seats, rates, color=COLOURS[0], yerr=[below, above], capsize=4)
            axes.axhline(100 * group.fair, color="#444", linestyle="--", linewidth=1)
            axes.set_ylabel("win rate (%)")
            axes.set_xlabel("seat")
            axes.set_ylim(0, max(100 * s.high for s in group.seats) * 1.15 + 1)

        return self.svg(draw)

    def scores(self, group: Group) -> str:
        """Box plots for wide scores; for a few whole-number scores, the share of each value."""
        columns: list[tuple[str, Sequence[float]]] = (
            [("team", group.team.scores)]
            if group.team is not None
            else [(seat_name(s.seat), s.scores) for s in group.seats]
        )
        if _few_scores(group):
            values = sorted({score for _, scores in columns for score in scores})
            return self.svg(lambda axes: _score_bars(axes, columns, values))

        def draw(axes: Any) -> None:
            data = [list(scores) for _, scores in columns]
            parts = axes.boxplot(
                data,
                whis=(5, 95),
                showfliers=False,
                showmeans=True,
                patch_artist=True,
                medianprops={"color": "white"},
                meanprops={"marker": "o", "markerfacecolor": "#222", "markeredgecolor": "#222"},
            )
            for box in parts["boxes"]:
                box.set_facecolor(COLOURS[0])
            axes.set_xticks(range(1, len(data) + 1), [name for name, _ in columns])
            axes.set_ylabel("final score")

        return self.svg(draw)

    def lengths(self, group: Group) -> str:
        from matplotlib.ticker import MaxNLocator

        def draw(axes: Any) -> None:
            values = group.lengths
            low, high = min(values), max(values)
            if low == high:  # every game equally long: one bar, one tick
                axes.bar([low], [len(values)], width=0.8, color=COLOURS[3])
                axes.set_xlim(low - 2, high + 2)
                axes.set_xticks([low])
            else:
                bins = max(1, min(40, high - low + 1))
                axes.hist(values, bins=bins, color=COLOURS[3], edgecolor="white", linewidth=0.5)
                axes.axvline(group.length_mean, color="#444", linestyle="--", linewidth=1)
                axes.xaxis.set_major_locator(MaxNLocator(integer=True))
            axes.yaxis.set_major_locator(MaxNLocator(integer=True))
            axes.set_xlabel("game length (actions)")
            axes.set_ylabel("games")

        return self.svg(draw, height=2.6)

    def timeline(self, group: Group) -> str:
        line = group.timeline
        assert line is not None

        def draw(axes: Any) -> None:
            points = [100 * i / (len(line.curve[0]) - 1) for i in range(len(line.curve[0]))]
            for seat, scores in enumerate(line.curve):
                colour = COLOURS[seat % len(COLOURS)]
                axes.plot(points, scores, marker="o", markersize=3, color=colour)
                axes.annotate(seat_name(seat), (points[-1], scores[-1]), xytext=(4, 0),
                              textcoords="offset points", va="center", color=colour)  # fmt: skip
            axes.set_xlabel("share of the game's actions (%)")
            axes.set_ylabel("mean score")

        return self.svg(draw, height=2.8)

    def phases(self, group: Group) -> str:
        shown = group.actions[: len(COLOURS)]

        def draw(axes: Any) -> None:
            # plot text stays in English: the plotting font may lack Japanese glyphs
            names = [name.en for name in PHASE_NAMES][::-1]
            left = [0.0] * len(names)
            for colour, action in zip(COLOURS, shown, strict=False):
                widths = [100 * share for share in action.by_phase][::-1]
                axes.barh(names, widths, left=left, color=colour, label=action.kind)
                left = [a + b for a, b in zip(left, widths, strict=True)]
            axes.set_xlim(0, 100)
            axes.set_xlabel("share of the choices in this third (%)")
            axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), ncol=4, frameon=False)

        return self.svg(draw, height=2.4 + 0.25 * math.ceil(len(shown) / 4))

    def differences(self, analysis: Analysis) -> str:
        """Two panels: win and stop rates in percentage points; lengths in % of the baseline."""
        rates: list[tuple[str, Difference]] = []
        lengths: list[tuple[str, Difference]] = []
        for comparison in analysis.comparisons:
            label = analysis.label(comparison.group)
            for difference in comparison.differences:
                if difference.baseline == difference.value == difference.margin == 0:
                    continue  # nothing happened in either: no row
                if difference.metric in ("win", "stopped"):
                    rates.append((f"{label}: {_metric_key(difference)}", difference))
                elif difference.metric == "length":
                    lengths.append((label, difference))
        panels = [(rows, unit) for rows, unit in ((rates, "pt"), (lengths, "%")) if rows]
        plt = self.plt
        with plt.rc_context(self.style):
            figure, axes_list = plt.subplots(
                len(panels),
                1,
                figsize=(7.2, 1.2 + 0.28 * (len(rates) + len(lengths)) + 0.6 * len(panels)),
                squeeze=False,
                gridspec_kw={"height_ratios": [len(rows) + 1 for rows, _ in panels]},
            )
            try:
                for (rows, unit), (axes,) in zip(panels, axes_list, strict=True):
                    _difference_rows(axes, rows, unit)
                figure.tight_layout()
                buffer = io.StringIO()
                figure.savefig(buffer, format="svg", metadata={"Date": None})
            finally:
                plt.close(figure)
        return self._clean(buffer.getvalue())

    def _clean(self, text: str) -> str:
        text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.DOTALL)
        return text[text.index("<svg") :]


FEW_SCORES = 12
"""Whole-number scores with at most this many values are drawn as bars, not box plots."""


def _score_bars(
    axes: Any, columns: Sequence[tuple[str, Sequence[float]]], values: list[float]
) -> None:
    """One group of bars per score seen, evenly spaced whatever the gaps between scores."""
    width = 0.8 / len(columns)
    for number, (name, scores) in enumerate(columns):
        shares = [100 * sum(1 for s in scores if s == v) / len(scores) for v in values]
        positions = [i + (number - (len(columns) - 1) / 2) * width for i in range(len(values))]
        axes.bar(positions, shares, width=width, color=COLOURS[number % len(COLOURS)], label=name)
    axes.set_xticks(range(len(values)), [f"{v:.0f}" for v in values])
    axes.set_xlabel("final score")
    axes.set_ylabel("% of games")
    if len(columns) > 1:
        axes.legend(frameon=False, ncol=len(columns))


def _difference_rows(axes: Any, rows: list[tuple[str, Difference]], unit: str) -> None:
    for position, (_, difference) in enumerate(rows):
        # rates in percentage points; lengths as a percentage of the baseline
        factor = 100 if unit == "pt" else 100 / (difference.baseline or 1)
        colour = COLOURS[2] if difference.significant else COLOURS[0]
        axes.errorbar(
            difference.difference * factor,
            position,
            xerr=difference.margin * factor,
            fmt="o",
            color=colour,
            capsize=3,
            markersize=4,
        )
    axes.axvline(0, color="#444", linewidth=1)
    axes.set_yticks(range(len(rows)), [label for label, _ in rows])
    axes.invert_yaxis()
    axes.set_xlabel(
        "difference from the baseline (percentage points)"
        if unit == "pt"
        else "length difference (% of the baseline)"
    )


def _metric_key(difference: Difference) -> str:
    """A short language-neutral name for plot labels (the tables carry the words)."""
    if difference.metric == "stopped":
        return "stopped"
    return f"{seat_name(difference.seat or 0)} win"


# ---------------------------------------------------------------- the page


def build_report(
    results: Sequence[GameResult],
    lang: str = "en",
    *,
    advance: Callable[[str], None] | None = None,
    effects: EffectBudget | None = None,
) -> str:
    """The HTML page for ``results``; ``advance(step)`` is called as each part is done.

    With ``effects``, every choice's effect is measured by playing the games' decisions on
    both ways (:mod:`bodoge.sim.effects`): the costly part of a report, and the only part
    that plays."""
    if not results:
        raise ValueError("no games to report on")
    step = advance or (lambda name: None)
    plots = _Plots()
    game = _known(results[0].game)
    analysis = analyse(results, bands=None if game is None else game.score_bands)
    step("analysis")
    if effects is not None and game is not None:
        analysis = with_effects(analysis, effects)
    step("effects")
    sections = []
    for group in analysis.groups:
        sections.append(
            {
                "group": group,
                "label": analysis.label(group) or T["defaults"](lang),
                "win_plot": plots.win_rates(group),
                "score_plot": plots.scores(group),
                "score_caption": "scores_bars" if _few_scores(group) else "scores_caption",
                "length_plot": plots.lengths(group),
                "phase_plot": plots.phases(group) if group.actions else "",
                "timeline_plot": plots.timeline(group) if group.timeline else "",
            }
        )
        step("variant")
    difference_plot = plots.differences(analysis) if analysis.comparisons else ""
    step("comparison")
    from .. import __version__

    bots = sorted({bot for result in results for bot in result.bots})
    title = game.title(lang) if game is not None else analysis.game
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("bodoge.sim", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["percent"] = format_percent
    environment.filters["p"] = lambda value: format_p(value, lang)
    template = environment.get_template("report.html")
    page = template.render(
        lang=lang,
        fonts=FONT_STACK,
        t=lambda key, **values: T[key].format(**values)(lang),
        seat_name=lambda seat: seat_name(seat, lang),
        title=T["title"].format(game=title)(lang),
        analysis=analysis,
        sections=sections,
        summary=findings(analysis, lang),
        points=lambda value, percentage=False: format_points(value, lang, percentage),
        player_counts=_player_counts(analysis),
        family=sum(len(c.differences) for c in analysis.comparisons),
        spread=_mean_spread,
        power_words=lambda group: power_words(group, len(analysis.groups), lang),
        min_group=MIN_GROUP,
        difference_plot=difference_plot,
        metric_name=lambda d: metric_name(d, lang),
        amount=format_amount,
        margin=format_margin,
        phase_names=[name(lang) for name in PHASE_NAMES],
        bots=", ".join(bots),
        version=__version__,
        stopped=STOPPED,
        subject_name=subject_namer(analysis.game, lang),
        ending_name=ending_namer(analysis.game, lang),
        unit=(game.length_unit if game is not None else Game.length_unit)(lang),
    )
    step("page")
    return _compact(page)


Plots = _Plots
"""The report's matplotlib set-up, for other pages of the simulator (``bodoge tune``)."""


def _few_scores(group: Group) -> bool:
    values = {score for seat in group.seats for score in seat.scores}
    return len(values) <= FEW_SCORES and all(float(v).is_integer() for v in values)


def _mean_spread(group: Group) -> float:
    return math.fsum(max(r.scores) - min(r.scores) for r in group.results) / group.games


def _player_counts(analysis: Analysis) -> list[Group]:
    """The baseline group of each player count, when the analysis has several counts."""
    first: dict[int, Group] = {}
    for group in analysis.groups:
        first.setdefault(group.num_players, group)
    return list(first.values()) if len(first) > 1 else []


def _compact(page: str) -> str:
    """Drop the blank lines matplotlib's SVG and the template leave."""
    return re.sub(r"\n\s*\n", "\n", page)
