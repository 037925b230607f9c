"""A review told in words, in Japanese and English, for the terminal and the browser."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..bots.judge import Estimate
from ..engine import Action, Text, seat_name
from ..engine.text import signed
from . import Budget, Judgement, Mark, Review

MARKS = {
    Mark.INACCURACY: Text("不正確", "inaccuracy"),
    Mark.MISTAKE: Text("悪手", "mistake"),
    Mark.BLUNDER: Text("大悪手", "blunder"),
}
METRIC = {
    "win": Text("勝つ見込み", "chance of winning"),
    "team": Text("チームが成功する見込み", "chance the team succeeds"),
}
HEADER = Text(
    "{name} の判断 {n} 回を、その時 {name} に見えていたことだけから検討しました（{metric}）。",
    "{n} decisions of {name} reviewed from what {name} could see at the time ({metric}).",
)
COUNTS = Text(
    "大悪手 {blunder}、悪手 {mistake}、不正確 {inaccuracy}。",
    "Blunders: {blunder}, mistakes: {mistake}, inaccuracies: {inaccuracy}.",
)
CLEAN = Text("目立って見込みを落とした手はありません。", "No move gave away a clear share of it.")
STEP = Text("{step}手目", "Step {step}")
"""Which decision, numbered as ``bodoge replay`` numbers the actions (the first is 1)."""
MARKED = Text(
    "{at}・{mark}。{who}{played} を選びました。見込み {played_value}。"
    "探索なら {best}、見込み {best_value}。差は {loss}。",
    "{at}, {mark}. {who} played {played}: {played_value}. "
    "The search prefers {best}: {best_value}, {loss} better.",
)
AGREES = Text(
    "{at}。{who}{played} を選びました。見込み {played_value}。探索も同じ手を選びます。",
    "{at}. {who} played {played}: {played_value}. The search agrees.",
)
CLOSE = Text(
    "{at}。{who}{played} を選びました。見込み {played_value}。"
    "探索なら {best}、見込み {best_value}。差は {loss} で、はっきりした差ではありません。",
    "{at}. {who} played {played}: {played_value}. "
    "The search prefers {best}: {best_value}, {loss} better, not a clear margin.",
)
AT_LEAST = {
    Mark.INACCURACY: Text("少なくとも不正確", "at least an inaccuracy"),
    Mark.MISTAKE: Text("少なくとも悪手", "at least a mistake"),
    Mark.BLUNDER: Text("少なくとも大悪手", "at least a blunder"),
}
"""A mark the budget left unsure: the loss may be larger than it could show."""
UNSURE_STEP = Text(
    "予算内では差を ±{precision} まで絞れませんでした。",
    "The budget could not narrow the difference down to ±{precision}.",
)
FIGURES = Text(
    "95%区間: 選んだ手 {played}、探索の手 {best}、差 {loss}",
    "95 % intervals: played {played}, the search's choice {best}, difference {loss}",
)
"""The figures of one decision on a line of their own, as the review page shows them."""
UNIT = {"ja": "%", "en": " %"}
PERCENTAGE_POINTS = {"ja": "{n}ポイント", "en": "{n} points"}
PERCENTAGE_POINT = {"ja": "{n}ポイント", "en": "{n} point"}
SPAN = {"ja": "{said}（{low}〜{high}）", "en": "{said} ({low}–{high})"}
"""A figure with its 95 % interval, in each language's brackets and dash."""
UNSURE = Text(
    "判断 {n} 回は、予算内で差を ±{precision} まで絞れず、確かな判定を出していません。",
    "{n} decisions were left unsure: the budget could not pin their difference down "
    "to ±{precision}, and no verdict is given on them.",
    one="{n} decision was left unsure: the budget could not pin its difference down "
    "to ±{precision}, and no verdict is given on it.",
)
YOU = Text("", "you")
"""Who played a decision, told to the person who played it (Japanese leaves it unsaid)."""
THEY = Text("{name} は ", "{name}")
"""Who played a decision that a bot played: the seat, by name."""
EMPTY = Text(
    "この対局は1手も指されずに終わりました。検討する判断はありません。",
    "The game ended before any move: there is no decision to review.",
)
PARTIAL = Text(
    "一部だけの検討です: 判断 {of} 回のうち {n} 回を、対局全体から均等に選んで検討しました。",
    "A partial review: {n} of the {of} decisions, chosen evenly over the whole game.",
)
PARTIAL_CURVE = Text(
    "一部だけの曲線です: {of} 点のうち {n} 点を、対局全体から均等に選びました。",
    "Partial curves: {n} of their {of} points, chosen evenly over the whole game.",
)
STOPPED = Text("検討の時間の上限で打ち切りました。", "The review's time limit cut it short.")
BUDGET = Text(
    "予算: 1手あたり探索 {iterations} 回、比較 {worlds}〜{most} 通りの配り直し"
    "（差を ±{precision} まで）、シード {seed}。",
    "Budget: {iterations} search iterations and {worlds} to {most} re-deals per decision "
    "(for a difference known to ±{precision}), seed {seed}.",
)


def hundredths(value: float) -> int:
    """A share in whole hundredths, half rounded up as a browser's ``Math.round`` does: the
    one rounding of every figure a review shows.

    >>> hundredths(0.125), hundredths(0.3449), hundredths(-0.125)
    (13, 34, -12)
    """
    return math.floor(value * 100 + 0.5)


def percent(value: float, lang: str = "en") -> str:
    """A prospect as people read it: ``34 %``, ``34%``.

    >>> percent(0.3449), percent(0.125, "ja")
    ('34 %', '13%')
    """
    return f"{signed(hundredths(value))}{UNIT[lang]}"


def _spanned(said: str, estimate: Estimate, lang: str) -> str:
    low, high = hundredths(estimate.low), hundredths(estimate.high)
    if low == high:
        return said
    return SPAN[lang].format(said=said, low=signed(low), high=signed(high))


def interval(estimate: Estimate, lang: str) -> str:
    """A prospect with its 95 % interval: ``34 % (28–40)``, ``34%（28〜40）``.

    >>> interval(Estimate(0.34, 0.281, 0.4, 16), "en"), interval(Estimate(1, 1, 1, 1), "ja")
    ('34 % (28–40)', '100%')
    >>> interval(Estimate(0.125, 0.05, 0.2, 16), "ja")
    '13%（5〜20）'
    """
    return _spanned(percent(estimate.mean, lang), estimate, lang)


def loss_interval(estimate: Estimate, lang: str) -> str:
    """A loss in points with its 95 % interval: ``13 points (6–20)``.

    >>> loss_interval(Estimate(0.131, 0.06, 0.2, 32), "en")
    '13 points (6–20)'
    >>> loss_interval(Estimate(0.04, -0.02, 0.1, 32), "ja")
    '4ポイント（−2〜10）'
    """
    return _spanned(points(estimate.mean, lang), estimate, lang)


def choice_label(choice: Sequence[Action], lang: str, names: Sequence[str] | None = None) -> str:
    """A whole choice in words: its action, or what a compound one chose, as the action that
    completes it says (:meth:`~bodoge.engine.Action.whole_label`)."""
    return choice[-1].whole_label(choice[:-1], lang, names)


def points(value: float, lang: str) -> str:
    """A difference of prospects in percentage points.

    >>> points(0.131, "en"), points(0.01, "en"), points(0.131, "ja"), points(-0.02, "en")
    ('13 points', '1 point', '13ポイント', '−2 points')
    """
    rounded = hundredths(value)
    said = PERCENTAGE_POINT if abs(rounded) == 1 else PERCENTAGE_POINTS
    return said[lang].format(n=signed(rounded))


def who(seat: int, lang: str, names: Sequence[str] | None = None, bot: bool = False) -> str:
    """Who played ``seat``'s decisions, as a sentence's subject: "you", or a bot's name.

    >>> who(1, "en"), who(1, "en", ["Ann", "Bot 2"], bot=True), who(1, "ja", bot=True)
    ('you', 'Bot 2', 'P2 は ')
    """
    return (THEY.format(name=seat_name(seat, lang, names)) if bot else YOU)(lang)


def describe_judgement(
    judgement: Judgement,
    lang: str,
    names: Sequence[str] | None = None,
    at: str | None = None,
    bot: bool = False,
    precision: float = 0.05,
) -> str:
    """One decision in words: its mark, the search's agreement, or a close call.

    ``at`` says where it was (by default :data:`STEP`), ``bot`` that a bot
    played it (the sentence names the seat, see :func:`who`); each figure
    with its interval, and a decision the budget left unsure says so against
    the review's ``precision``.
    """
    if judgement.mark is not None:
        text, mark = MARKED, (AT_LEAST if judgement.unsure else MARKS)[judgement.mark](lang)
    else:
        text, mark = (AGREES if judgement.agrees else CLOSE), ""
    subject = who(judgement.seat, lang, names, bot)
    said = text.format(
        mark=mark,
        at=at or STEP.format(step=judgement.step + 1)(lang),
        who=subject[:1].upper() + subject[1:] if lang == "en" else subject,
        played=choice_label(judgement.played_choice, lang, names),
        played_value=interval(judgement.played_value, lang),
        best=choice_label(judgement.best_choice, lang, names),
        best_value=interval(judgement.best_value, lang),
        loss=loss_interval(judgement.loss, lang),
    )(lang)
    if judgement.unsure and not judgement.agrees:
        said += ("" if lang == "ja" else " ") + UNSURE_STEP.format(
            precision=points(precision, lang)
        )(lang)
    return said


def figures(judgement: Judgement, lang: str) -> str:
    """The figures of one decision, on the line the review page shows under its sentence."""
    return FIGURES.format(
        played=interval(judgement.played_value, lang),
        best=interval(judgement.best_value, lang),
        loss=loss_interval(judgement.loss, lang),
    )(lang)


def notes(review: Review, lang: str) -> list[str]:
    """What a review left out, in sentences: a game with no move, a partial review."""
    if review.actions == 0:
        return [EMPTY(lang)]
    if not review.partial:
        return []
    said = []
    if len(review.judgements) < review.decisions:
        said.append(PARTIAL.format(n=len(review.judgements), of=review.decisions)(lang))
    if review.budget.curve and review.points < review.actions + 1:
        said.append(PARTIAL_CURVE.format(n=review.points, of=review.actions + 1)(lang))
    if review.stopped:
        said.append(STOPPED(lang))
    return said


def describe(review: Review, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The review in lines: what was reviewed and what was left out, the count of marks,
    each marked decision."""
    if review.actions == 0:
        return notes(review, lang)
    name = seat_name(review.seat, lang, names)
    header = HEADER.format(name=name, n=len(review.judgements), metric=METRIC[review.metric](lang))
    lines = [header(lang), *notes(review, lang)]
    counts = {str(mark): 0 for mark in Mark}
    for judgement in review.marked:
        counts[str(judgement.mark)] += 1
    lines.append(COUNTS.format(**counts)(lang) if review.marked else CLEAN(lang))
    precision = review.budget.precision
    unsure = sum(j.unsure for j in review.judgements)
    if unsure:
        lines.append(UNSURE.format(n=unsure, precision=points(precision, lang))(lang))
    lines += [
        describe_judgement(j, lang, names, bot=review.bot, precision=precision)
        for j in review.marked
    ]
    lines.append(budget_line(review.budget, review.seed, lang))
    return lines


def budget_line(budget: Budget, seed: int, lang: str) -> str:
    """The review's last line: how hard it looked (the documents quote it, and are checked)."""
    return BUDGET.format(
        iterations=budget.iterations,
        worlds=budget.worlds,
        most=budget.cap,
        precision=points(budget.precision, lang),
        seed=seed,
    )(lang)
