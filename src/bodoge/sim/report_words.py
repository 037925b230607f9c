"""The balance report's words, in Japanese and English, and how its numbers are written.

Every sentence, caption and label of the report (:data:`T`) and the
formatting of its figures (a share with one decimal, points with their
unit, a p-value or "too few games to say") live here once, for the page
(:mod:`.report`), its findings (:mod:`.findings`), its plots and the
command line alike.
"""

from __future__ import annotations

import math

from ..engine import Game, Text, seat_name
from .inference import MIN_GROUP
from .summaries import Difference

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


PHASE_NAMES = (Text("序盤", "early"), Text("中盤", "middle"), Text("終盤", "late"))


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


def _signed_points(difference: float, low: float, high: float) -> dict[str, str]:
    """A difference of shares and its interval as signed points (``diff``, ``low``, ``high``)."""
    return {
        name: f"{100 * value:+.1f}"
        for name, value in zip(("diff", "low", "high"), (difference, low, high), strict=True)
    }
