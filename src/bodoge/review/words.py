"""A review told in words, in Japanese and English, for the terminal and the browser."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Text, seat_name
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
    "予算: 1手あたり探索 {iterations} 回、比較 {worlds} 通りの配り直し、シード {seed}。",
    "Budget: {iterations} search iterations and {worlds} re-deals per decision, seed {seed}.",
)


def percent(value: float) -> str:
    """A prospect as people read it: ``34 %``.

    >>> percent(0.3449)
    '34 %'
    """
    return f"{round(value * 100)} %"


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
) -> str:
    """One marked decision in a sentence; ``at`` says where it was (by default :data:`STEP`),
    ``bot`` that a bot played it (the sentence names the seat, see :func:`who`)."""
    mark = MARKS[judgement.mark](lang) if judgement.mark else ""
    return DECISION.format(
        at=at or STEP.format(step=judgement.step + 1)(lang),
        who=who(judgement.seat, lang, names, bot),
        mark=mark,
        played=judgement.played.label(lang, names),
        played_value=percent(judgement.played_value.mean),
        best=judgement.best.label(lang, names),
        best_value=percent(judgement.best_value.mean),
        loss=points(judgement.loss.mean, lang),
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
    lines += [describe_judgement(j, lang, names, bot=review.bot) for j in review.marked]
    lines.append(
        BUDGET.format(
            iterations=review.budget.iterations, worlds=review.budget.worlds, seed=review.seed
        )(lang)
    )
    return lines
