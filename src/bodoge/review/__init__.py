"""Game review: where a finished game was won and lost, judged from what each player knew.

For one seat, every decision it made with more than one legal choice is
judged in the position it was made in, from that seat's information only
(:mod:`.judge`): the fair search (IS-MCTS, which never peeks) proposes the
move it would play, and that move, the move played and the game's own
favourites are compared by playing the same re-dealt worlds out after each.
A decision whose move lost more prospect than a threshold, by an interval
that excludes zero, is marked (:class:`Mark`).  A curve per seat follows
each seat's prospect, from its own information, over the whole game, and
each change of the curve is put down to what happened at that step: a
decision (the seat's own or another's), chance (a card drawn, a die
rolled), or both.

The review depends only on the record, the seat, the :class:`Budget`, the
:class:`Limits` and the seed, so the same inputs give the same review; a
budget in seconds trades that for a time limit, like the search bot's, and
so does a review cut short (``enough``).  A long game's review may be
partial: its :class:`Limits` (or ``enough``) leave out part of the
decisions and of the curves' points, always an even spread over the whole
game, and the review says so (:attr:`Review.partial`).

A verdict is given only when it is sure: worlds are added to a decision
until the loss is known to the budget's precision or its mark cannot change
(:class:`Budget`), and a mark needs the loss's whole interval above its
threshold; a decision whose budget ran out first is *unsure* and says so.
A compound decision (several actions the engine marks as steps of one
choice, see ``kit.Stepwise``) is judged once, as the whole choice.

**The review's JSON** (:meth:`Review.to_json`), as the browser reads it:

- ``judgements``: one per judged decision, in order.  ``step``: the
  record's index of the decision's first action (the board before it is
  the board before the choice); ``last_step``: of the action that completed
  it (equal to ``step`` for a one-action decision); ``played``/``best``: the
  action that completed each choice; ``played_steps``/``best_steps``: every
  action of each whole choice, in order (one for a simple decision;
  take-backs left out of the played one); ``played_value``/``best_value``:
  each choice's prospect and ``loss`` the difference, each
  ``{mean, low, high, samples}`` (``low``–``high`` its 95 % interval,
  ``samples`` the worlds it was measured in); ``mark``: ``null`` or
  ``inaccuracy``/``mistake``/``blunder``, given only when ``loss.low``
  reaches its threshold; ``unsure``: the budget ran out before the loss was
  known to ``budget.precision`` (a mark, if any, is then a lower bound).
- ``budget``: the budget, with ``precision`` (the half-width sought for a
  loss, 0.05 is ±5 points) and ``most_worlds`` (the most worlds a decision
  is played out in).
- ``curves``: per seat, points ``{step, cause, mean, low, high, samples}``,
  ``step`` counting the actions played before it (0 is the start).
- ``coverage``: ``decisions`` judged ``of_decisions``, ``points`` of
  ``of_points``, ``stopped`` (cut short).

>>> import bodoge
>>> from bodoge.bots import make_bot
>>> state = bodoge.get_game("egyptian-bride").new_game(3, seed=4)
>>> bots = [make_bot("random", state.game, s) for s in range(3)]
>>> while not state.is_over:
...     seat = state.to_act[0]
...     _ = state.apply(seat, bots[seat].choose(state, seat))
>>> result = review(state.record(), seat=0, budget=Budget(iterations=20, worlds=4, curve=0))
>>> all(j.seat == 0 for j in result.judgements)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import islice
from typing import Any, TypeVar

from ..bots import Bot, ISMCTSBot, RandomBot, make_bot
from ..bots.judge import (
    Choice,
    Estimate,
    Playouts,
    compare,
    difference,
    playout_policy,
    prospect,
    standing,
    world_stream,
)
from ..engine import Action, Rng, State, replay

__all__ = [
    "THRESHOLDS",
    "Budget",
    "Cause",
    "Choice",
    "Estimate",
    "Judgement",
    "Limits",
    "Mark",
    "Playouts",
    "Point",
    "Review",
    "played_by_bot",
    "review",
    "spread",
]


class Mark(StrEnum):
    """How much a move lost, by the thresholds of :data:`THRESHOLDS`."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


THRESHOLDS: Mapping[str, tuple[tuple[Mark, float], ...]] = {
    "win": ((Mark.BLUNDER, 0.20), (Mark.MISTAKE, 0.10), (Mark.INACCURACY, 0.05)),
    "team": ((Mark.BLUNDER, 0.15), (Mark.MISTAKE, 0.07), (Mark.INACCURACY, 0.03)),
}
"""Prospect lost, by kind of game, from which a move is marked (largest first).

``win``: a competitive game, the prospect is the chance of winning (a
share of a shared win): losing a fifth of a game's winning chance in one
move is a blunder, a tenth a mistake, a twentieth an inaccuracy.  ``team``:
a co-operative game, the prospect is the team's chance of success, which is
often small in a hard game, so smaller losses already count.
"""


class Cause(StrEnum):
    """What moved a seat's curve at a step."""

    START = "start"
    OWN = "own"
    """The seat's own decision (among several legal moves)."""
    OTHER = "other"
    """Another seat's decision."""
    CHANCE = "chance"
    """Chance alone: a shuffle, a draw or a roll, during a forced move."""
    OWN_AND_CHANCE = "own+chance"
    OTHER_AND_CHANCE = "other+chance"
    FORCED = "forced"
    """A move that was the only one possible, with no chance in it."""


@dataclass(frozen=True)
class Budget:
    """How hard the review looks at each position.

    ``iterations`` of the search per decision (or ``seconds``, which makes
    the review depend on the machine's speed); ``worlds`` re-deals each
    compared move is played out in first; ``candidates`` moves compared
    besides the one played (every legal move when there are no more than
    that); ``curve`` re-deals per point of each seat's curve (0: no curves).

    A verdict is given only when it is sure: after the first ``worlds``,
    which choose the preferred move, it and the played one are played out in
    ``worlds`` fresh ones at a time (the first flatter the move they chose),
    twice ``worlds`` at least (a small sample's interval is too narrow),
    until the loss between them is known to ``precision`` (the
    half-width of its 95 % interval), or no threshold of :data:`THRESHOLDS`
    lies inside that interval (the mark cannot change), or ``most_worlds``
    are spent: the decision is then *unsure* and says so.
    """

    iterations: int = 200
    worlds: int = 32
    candidates: int = 4
    curve: int = 16
    seconds: float | None = None
    precision: float = 0.05
    most_worlds: int = 128

    def __post_init__(self) -> None:
        for name in ("iterations", "worlds", "candidates", "most_worlds"):
            if getattr(self, name) < 1:
                raise ValueError(f"a review's {name} must be at least 1")
        if self.curve < 0 or (self.seconds is not None and self.seconds <= 0):
            raise ValueError("a review's curve must be ≥ 0 and its seconds > 0")
        if not 0 < self.precision < 1:
            raise ValueError("a review's precision must be between 0 and 1")

    @property
    def cap(self) -> int:
        """The most worlds one decision is played out in (never fewer than ``worlds``)."""
        return max(self.worlds, self.most_worlds)


@dataclass(frozen=True)
class Limits:
    """How much of a game a review looks at, whatever its length: a bound on its cost.

    ``decisions``: most of the seat's decisions judged; ``points``: most
    points of each curve (its start and end among them); ``None``: all.
    Either is an even spread over the whole game (:func:`spread`).
    """

    decisions: int | None = None
    points: int | None = None

    def __post_init__(self) -> None:
        for name in ("decisions", "points"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"a review's most {name} must be at least 1")


@dataclass(frozen=True)
class Judgement:
    """One decision of the reviewed seat, and what the review thinks of it.

    A compound decision (cards to pass picked one by one, a serve dessert
    by dessert: the steps the engine marks as drafts, then the one that
    completes them) is one judgement: ``step`` is its first action, so the
    position before it is the board before the choice, ``last_step`` its
    completing one, and the choices compared are whole choices.
    """

    step: int
    """The index of the decision's (first) action in the record."""
    seat: int
    played_choice: Choice
    """The whole choice played, its take-backs left out (one action for a simple decision)."""
    best_choice: Choice
    played_value: Estimate
    best_value: Estimate
    loss: Estimate
    """Prospect given up by ``played`` against ``best`` (paired, so its interval is tight)."""
    choices: int
    mark: Mark | None
    last_step: int = -1
    """The index of the action that completed the decision (``step`` for a simple one)."""
    unsure: bool = False
    """The budget ran out before the loss was known to the budget's precision."""

    @property
    def played(self) -> Action:
        """The action that completed the played choice (the action, for a simple decision)."""
        return self.played_choice[-1]

    @property
    def best(self) -> Action:
        return self.best_choice[-1]

    @property
    def agrees(self) -> bool:
        """Whether the review prefers the choice played."""
        return self.best_choice == self.played_choice

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "last_step": max(self.step, self.last_step),
            "seat": self.seat,
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "played_steps": [action.to_json() for action in self.played_choice],
            "best_steps": [action.to_json() for action in self.best_choice],
            "played_value": self.played_value.to_json(),
            "best_value": self.best_value.to_json(),
            "loss": self.loss.to_json(),
            "choices": self.choices,
            "mark": None if self.mark is None else str(self.mark),
            "unsure": self.unsure,
        }


@dataclass(frozen=True)
class Point:
    """A seat's prospect after ``step`` actions, and what moved it there."""

    step: int
    value: Estimate
    cause: Cause

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "cause": str(self.cause), **self.value.to_json()}


@dataclass(frozen=True)
class Review:
    """A finished review: the seat's judged decisions and every seat's curve."""

    game: str
    seat: int
    num_players: int
    metric: str
    budget: Budget
    seed: int
    judgements: tuple[Judgement, ...]
    curves: tuple[tuple[Point, ...], ...] = field(default=())
    """One curve per seat, each from that seat's own information (empty without curves)."""
    bot: bool = False
    """Whether a bot played the seat (the record says so): its words then name the seat
    rather than address the reader as "you"."""
    actions: int = 0
    """The record's actions (0: the game ended before any move, and nothing was judged)."""
    decisions: int = 0
    """The seat's decisions with a choice in the whole game, judged or not."""
    stopped: bool = False
    """Whether the review was cut short (``enough``) before all it meant to look at."""

    @property
    def marked(self) -> tuple[Judgement, ...]:
        return tuple(j for j in self.judgements if j.mark is not None)

    @property
    def points(self) -> int:
        """The points each curve has (0 without curves)."""
        return len(self.curves[0]) if self.curves else 0

    @property
    def partial(self) -> bool:
        """Whether decisions or curve points were left out (limits, or cut short)."""
        whole_curves = self.points == self.actions + 1 or self.budget.curve == 0
        return len(self.judgements) < self.decisions or not whole_curves

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "num_players": self.num_players,
            "metric": self.metric,
            "thresholds": {str(mark): limit for mark, limit in THRESHOLDS[self.metric]},
            "budget": {
                "iterations": self.budget.iterations,
                "worlds": self.budget.worlds,
                "candidates": self.budget.candidates,
                "curve": self.budget.curve,
                "seconds": self.budget.seconds,
                "precision": self.budget.precision,
                "most_worlds": self.budget.cap,
            },
            "seed": self.seed,
            "judgements": [j.to_json() for j in self.judgements],
            "curves": [[p.to_json() for p in curve] for curve in self.curves],
            "bot": self.bot,
            "partial": self.partial,
            "coverage": {
                "decisions": len(self.judgements),
                "of_decisions": self.decisions,
                "points": self.points,
                "of_points": self.actions + 1 if self.budget.curve else 0,
                "stopped": self.stopped,
            },
        }


Progress = Callable[[int, int], None]
"""Told ``(done, total)`` positions as the review goes."""


def review(
    record: Mapping[str, Any],
    seat: int,
    budget: Budget | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    limits: Limits | None = None,
    enough: Callable[[], bool] | None = None,
    playouts: Playouts | None = None,
) -> Review:
    """Review ``seat``'s decisions in the finished game of ``record`` (see the module doc).

    ``limits`` bound what is looked at; ``enough``, asked before each
    position, ends the review early when it says so (a time limit): the
    decisions and points looked at by then are an even spread of the game's.
    ``playouts``: how worlds are played out (by default as the game tells its
    search, :func:`~.judge.playout_policy`; a stronger judge plays them out
    with a stronger bot).

    Raises :class:`bodoge.InvalidRecord` for a record that does not replay,
    and ``ValueError`` for a seat the game does not have.
    """
    budget = budget or Budget()
    limits = limits or Limits()
    final = replay(record)
    if not 0 <= seat < final.num_players:
        raise ValueError(f"seat {seat} is not in a game of {final.num_players} players")
    positions = _positions(final)
    policy = playouts or playout_policy(final)
    decisions = _decisions(final, positions, seat)
    steps = _curve_steps(final, positions)
    points = spread(range(len(steps)), limits.points) if budget.curve else []
    work = _interleave(spread(sorted(decisions), limits.decisions), points)
    judgements: dict[int, Judgement] = {}
    values: dict[int, list[Estimate]] = {}
    stopped = False
    for done, (is_point, step) in enumerate(work, 1):
        if enough is not None and enough():
            stopped = True
            break
        if is_point:
            values[step] = [
                standing(steps[step][0], s, budget.curve, _seed(seed, step, 3 + s), policy)
                for s in range(final.num_players)
            ]
        else:
            last, choice = decisions[step]
            position = positions[step][0]
            judgements[step] = judge(position, seat, choice, step, budget, seed, policy, last)
        if progress:
            progress(done, len(work))
    curves = tuple(
        tuple(Point(step, values[step][s], _cause(steps[step][1], s)) for step in sorted(values))
        for s in range(final.num_players)
        if values
    )
    metric = "team" if final.game.cooperative else "win"
    return Review(
        final.game.id,
        seat,
        final.num_players,
        metric,
        budget,
        seed,
        tuple(judgements[step] for step in sorted(judgements)),
        curves,
        bot=played_by_bot(record, seat),
        actions=len(positions),
        decisions=len(decisions),
        stopped=stopped,
    )


T = TypeVar("T")


def spread(items: Sequence[T], most: int | None = None) -> list[T]:
    """At most ``most`` of ``items``, evenly spaced (the first and last among them), in an
    order whose every beginning is spread over them all too (bit-reversed): a review cut
    short at any point has still looked across the whole game.

    >>> spread(range(8))
    [0, 4, 2, 6, 1, 5, 3, 7]
    >>> spread(range(100), 5), spread(range(3), 1), spread([], 4)
    ([0, 99, 50, 25, 74], [0], [])
    """
    count = len(items)
    if most is not None and most < count:
        gap = (count - 1) / max(most - 1, 1)
        chosen = [items[round(k * gap)] for k in range(most)]
    else:
        chosen = list(items)
    bits = max(len(chosen) - 1, 0).bit_length()
    order = (int(f"{k:0{bits}b}"[::-1], 2) if bits else 0 for k in range(1 << bits))
    return [chosen[k] for k in order if k < len(chosen)]


def _interleave(decisions: list[int], points: list[int]) -> list[tuple[bool, int]]:
    """The review's work, (is a curve point, step), the decisions and the points in
    proportion, so that a review cut short has some of both."""
    work = [((k + 0.5) / len(decisions), False, step) for k, step in enumerate(decisions)]
    work += [((k + 0.5) / len(points), True, step) for k, step in enumerate(points)]
    return [(is_point, step) for _, is_point, step in sorted(work, key=lambda w: (w[0], w[1]))]


def played_by_bot(record: Mapping[str, Any], seat: int) -> bool:
    """Whether the record says a bot played ``seat``: ``meta.bots`` lists such seats.

    The server's records and ``bodoge play``'s say so; a record that does not
    (an older one, one written by hand) or says it malformed leaves every seat
    a person's.

    >>> played_by_bot({"meta": {"bots": [0, 2]}}, 2), played_by_bot({"meta": {"bots": [0]}}, 1)
    (True, False)
    >>> played_by_bot({}, 0), played_by_bot({"meta": {"bots": [True]}}, 1)
    (False, False)
    """
    meta = record.get("meta")
    bots = meta.get("bots") if isinstance(meta, Mapping) else None
    return isinstance(bots, list) and any(type(b) is int and b == seat for b in bots)


def judge(
    position: State,
    seat: int,
    played: Action | Sequence[Action],
    step: int,
    budget: Budget,
    seed: int,
    policy: Playouts | None = None,
    last_step: int | None = None,
) -> Judgement:
    """Judge ``played`` (an action, or the steps of a whole compound choice) in ``position``
    from ``seat``'s information alone.

    Everything random here is seeded from ``seed`` and ``step``, and every
    world comes from ``position.determinize(seat, …)``, so the judgement is
    the same from the true position and from any re-deal of it that the
    seat cannot tell apart (the fairness tests check it).  Worlds are added
    until the verdict is sure or the budget is spent (:class:`Budget`).
    """
    policy = policy or playout_policy(position)
    mine = _net(position, seat, (played,) if isinstance(played, Action) else tuple(played))
    legal = position.legal_actions(seat)
    moves = _candidates(position, seat, mine, legal, budget, _seed(seed, step, 1))
    metric = "team" if position.game.cooperative else "win"
    sure = (budget.precision, metric)
    stream = world_stream(position, seat, _seed(seed, step, 2))
    values = compare(seat, moves, list(islice(stream, budget.worlds)), policy)
    best = max(moves, key=lambda move: (sum(values[move]), move == mine))
    # The best of several is chosen on the first worlds, which flatter it: the loss is
    # measured on fresh ones, added until it is sure or the budget is spent.
    fresh: dict[Choice, list[float]] = {mine: [], best: []}
    least_fresh = max(1, min(2 * budget.worlds, budget.cap - budget.worlds))
    while best != mine and not (
        len(fresh[mine]) >= least_fresh and _settled(_loss(fresh, best, mine), *sure)
    ):
        more = min(budget.worlds, budget.cap - len(values[mine]))
        if more <= 0:
            break
        for move, added in compare(seat, [mine, best], list(islice(stream, more)), policy).items():
            values[move] += added
            fresh[move] += added
    loss = _loss(fresh if fresh[mine] else values, best, mine)
    if loss.mean <= 0:  # the fresh worlds took the preference back
        best, loss = mine, _loss(values, mine, mine)
    return Judgement(
        step=step,
        seat=seat,
        played_choice=mine,
        best_choice=best,
        played_value=prospect(values[mine]),
        best_value=prospect(values[best]),
        loss=loss,
        choices=len(legal),
        mark=_mark(loss, metric),
        last_step=step if last_step is None else last_step,
        unsure=not _settled(loss, *sure),
    )


def _loss(values: Mapping[Choice, list[float]], best: Choice, played: Choice) -> Estimate:
    return difference([b - p for b, p in zip(values[best], values[played], strict=True)])


def _settled(loss: Estimate, precision: float, metric: str) -> bool:
    """Whether a loss is known well enough: to ``precision``, or so that no threshold lies
    inside its interval (whatever more worlds say, its mark stays)."""
    if (loss.high - loss.low) / 2 <= precision:
        return True
    return not any(loss.low < limit < loss.high for _, limit in THRESHOLDS[metric])


def _mark(loss: Estimate, metric: str) -> Mark | None:
    """The mark a loss earns: the largest whose threshold its whole interval is above."""
    for mark, limit in THRESHOLDS[metric]:
        if loss.low >= limit:
            return mark
    return None


def _decisions(
    final: State, positions: list[tuple[State, int, Action, bool]], seat: int
) -> dict[int, tuple[int, Choice]]:
    """The seat's decisions with a choice: first step -> (last step, the whole choice).

    The steps of a compound decision are the seat's draft events (the engine's
    mark of a choice still being made) up to the one that completes it; other
    seats may act in between (a simultaneous secret choice).
    """
    found: dict[int, tuple[int, Choice]] = {}
    run: list[int] = []
    for index, event in enumerate(final.events):
        if event.seat != seat:
            continue
        run.append(index)
        if event.outcome.draft:
            continue
        first = run[0]
        if len(positions[first][0].legal_actions(seat)) > 1:
            found[first] = (index, tuple(final.events[i].action for i in run))
        run = []
    return found


MOST_STEPS = 64
"""The most steps a whole choice is made of when a bot completes one (a bot that only
picks and takes back never ends it, and that choice is left out)."""


def _whole(position: State, seat: int, first: Action, chooser: Bot) -> Choice | None:
    """The whole choice that starts with ``first``: its steps until one completes it, the
    later ones chosen by ``chooser`` (None if it does not complete one)."""
    line = position.clone()
    steps = [first]
    event = line.apply_unchecked(seat, first)
    while event.outcome.draft:
        if len(steps) >= MOST_STEPS or seat not in line.to_act:
            return None
        steps.append(chooser.choose(line, seat))
        event = line.apply_unchecked(seat, steps[-1])
    return tuple(steps)


def _key(position: State, seat: int, choice: Choice) -> str:
    """What tells whole choices apart: the seat's view once every step but the last is made,
    and the last (picks in another order, or taken back, make the same choice)."""
    line = position.clone()
    for action in choice[:-1]:
        line.apply_unchecked(seat, action)
    view = {k: v for k, v in line.view(seat).items() if k != "version"}
    return json.dumps([view, choice[-1].to_json()], sort_keys=True, default=str)


def _net(position: State, seat: int, choice: Choice) -> Choice:
    """``choice`` without the steps that were taken back: pairs of steps that, left out, leave
    the same choice (a card picked, then put back)."""
    if len(choice) < 3 or len(choice) > MOST_STEPS:
        return choice
    key = _key(position, seat, choice)
    changed = True
    while changed:
        changed = False
        for i in range(len(choice) - 1):
            for j in range(i + 1, len(choice) - 1):
                shorter = choice[:i] + choice[i + 1 : j] + choice[j + 1 :]
                if _legal(position, seat, shorter) and _key(position, seat, shorter) == key:
                    choice, changed = shorter, True
                    break
            if changed:
                break
    return choice


def _legal(position: State, seat: int, choice: Choice) -> bool:
    line = position.clone()
    for action in choice:
        if seat not in line.to_act or action not in line.legal_actions(seat):
            return False
        line.apply_unchecked(seat, action)
    return True


def _candidates(
    position: State, seat: int, played: Choice, legal: list[Action], budget: Budget, seed: int
) -> list[Choice]:
    """The whole choices compared: the played one, then every legal first step when there
    are few, else the search's choice and the game strategy's favourites; each first step
    completed, if the engine says it is a step of a compound choice, by who chose it."""
    strategy = position.game.heuristic_bot(seed) or RandomBot(seed)
    starts: list[tuple[Action, Bot]]
    if len(legal) <= budget.candidates + 1:
        starts = [(move, strategy) for move in legal]
    else:
        search = make_bot(f"ismcts:iterations={budget.iterations}", position.game, seed)
        assert isinstance(search, ISMCTSBot)
        search.seconds = budget.seconds
        starts = [(search.choose(position, seat), search)]
        starts += [(move, strategy) for move in _favourites(position, seat, seed)]
    moves = {_key(position, seat, played): played}
    for first, chooser in starts:
        if len(moves) > budget.candidates:
            break
        whole = _whole(position, seat, first, chooser)
        if whole is not None:
            moves.setdefault(_key(position, seat, whole), whole)
    return list(moves.values())


def _favourites(position: State, seat: int, seed: int) -> list[Action]:
    """The game strategy's moves here, likeliest first (its one choice if it has no policy)."""
    strategy = position.game.heuristic_bot(seed)
    if strategy is None:
        return []
    try:
        ranked = sorted(strategy.policy(position, seat), key=lambda pair: -pair[1])  # type: ignore[attr-defined]
    except (AttributeError, NotImplementedError):
        return [strategy.choose(position, seat)]
    return [move for move, weight in ranked if weight > 0]


def _positions(final: State) -> list[tuple[State, int, Action, bool]]:
    """Every position of the game before each action: (position, actor, action, chance drawn)."""
    state = final.game.new_game(final.num_players, final.seed, final.options, final.design)
    positions = []
    for event in final.events:
        before = state.clone()
        drawn = state.rng.drawn
        state.apply_unchecked(event.seat, event.action)
        positions.append((before, event.seat, event.action, state.rng.drawn != drawn))
    return positions


CurveStep = tuple[State, tuple[State, int, Action, bool] | None]
"""A point of the curves: the position, and the step that led to it (None at the start)."""


def _curve_steps(final: State, positions: list[tuple[State, int, Action, bool]]) -> list[CurveStep]:
    """The positions the curves are drawn at: the start, and after every action."""
    if not positions:  # the game ended before any move: its start is its end
        return [(final, None)]
    afters = [*(p for p, _, _, _ in positions[1:]), final]
    return [(positions[0][0], None), *zip(afters, positions, strict=True)]


def _cause(step: tuple[State, int, Action, bool] | None, seat: int) -> Cause:
    if step is None:
        return Cause.START
    position, actor, _, chance = step
    chose = len(position.legal_actions(actor)) > 1
    if not chose:
        return Cause.CHANCE if chance else Cause.FORCED
    if actor == seat:
        return Cause.OWN_AND_CHANCE if chance else Cause.OWN
    return Cause.OTHER_AND_CHANCE if chance else Cause.OTHER


def _seed(seed: int, step: int, purpose: int) -> int:
    """A seed for one purpose at one step, independent of every other (and of the machine)."""
    return Rng(((seed * 1_000_003 + step) * 31 + purpose) % 2**63).seed_for_child()
