"""A review told in words, in Japanese and English, for the terminal and the browser."""

from __future__ import annotations

from collections.abc import Sequence

from ..bots.judge import Estimate
from ..engine import Action, Text, seat_name
from . import Judgement, Mark, Review

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
DECISION = Text(
    "{at}（{mark}）: {who}{played} を選びました（{played_value}）。"
    "探索なら {best}（{best_value}）。差 {loss}。",
    "{at} ({mark}): {who} played {played} ({played_value}); "
    "the search prefers {best} ({best_value}), {loss} better.",
)
UNSURE_MARK = Text(
    "少なくとも{mark}。予算内では差を ±{precision} まで絞れませんでした",
    "{mark} at least; the budget could not pin the difference down to ±{precision}",
)
UNSURE = Text(
    "判断 {n} 回は、予算内で差を ±{precision} まで絞れず、確かな判定を出していません。",
    "{n} decisions were left unsure: the budget could not pin their difference down "
    "to ±{precision}, and no verdict is given on them.",
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


def percent(value: float) -> str:
    """A prospect as people read it: ``34 %``.

    >>> percent(0.3449)
    '34 %'
    """
    return f"{round(value * 100)} %"


def interval(estimate: Estimate, lang: str) -> str:
    """A prospect with its 95 % interval: ``34 % (28–40)``.

    >>> interval(Estimate(0.34, 0.281, 0.4, 16), "en"), interval(Estimate(1, 1, 1, 1), "ja")
    ('34 % (28–40)', '100 %')
    """
    low, high = round(estimate.low * 100), round(estimate.high * 100)
    if low == high:
        return percent(estimate.mean)
    return f"{percent(estimate.mean)} ({low}–{high})"


def loss_interval(estimate: Estimate, lang: str) -> str:
    """A loss in points with its 95 % interval: ``13 points (6–20)``.

    >>> loss_interval(Estimate(0.131, 0.06, 0.2, 32), "en")
    '13 points (6–20)'
    """
    low, high = round(estimate.low * 100), round(estimate.high * 100)
    said = points(estimate.mean, lang)
    return said if low == high else f"{said} ({low}–{high})"


def choice_label(choice: Sequence[Action], lang: str, names: Sequence[str] | None = None) -> str:
    """A whole choice in words: its action, or the steps of a compound one in order."""
    return ("、" if lang == "ja" else ", ").join(action.label(lang, names) for action in choice)


def points(value: float, lang: str) -> str:
    """A difference of prospects in percentage points.

    >>> points(0.131, "en"), points(0.01, "en"), points(0.131, "ja")
    ('13 points', '1 point', '13ポイント')
    """
    rounded = round(value * 100)
    if lang == "ja":
        return f"{rounded}ポイント"
    return f"{rounded} point" if abs(rounded) == 1 else f"{rounded} points"


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
    """One marked decision in a sentence; ``at`` says where it was (by default :data:`STEP`),
    ``bot`` that a bot played it (the sentence names the seat, see :func:`who`); each
    percentage with its interval, and a mark the budget left unsure says so against the
    review's ``precision``."""
    mark = MARKS[judgement.mark](lang) if judgement.mark else ""
    if judgement.unsure and mark:
        mark = UNSURE_MARK.format(mark=mark, precision=points(precision, lang))(lang)
    return DECISION.format(
        at=at or STEP.format(step=judgement.step + 1)(lang),
        who=who(judgement.seat, lang, names, bot),
        mark=mark,
        played=choice_label(judgement.played_choice, lang, names),
        played_value=interval(judgement.played_value, lang),
        best=choice_label(judgement.best_choice, lang, names),
        best_value=interval(judgement.best_value, lang),
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
    lines.append(
        BUDGET.format(
            iterations=review.budget.iterations,
            worlds=review.budget.worlds,
            most=review.budget.cap,
            precision=points(precision, lang),
            seed=review.seed,
        )(lang)
    )
    return lines
