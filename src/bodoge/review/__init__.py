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

The review depends only on the record, the seat, the :class:`Budget` and
the seed, so the same inputs give the same review; a budget in seconds
trades that for a time limit, like the search bot's.

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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..bots import ISMCTSBot, make_bot
from ..engine import Action, Rng, State, replay
from .judge import Estimate, PolicyMaker, compare, difference, playout_policy, prospect, standing

__all__ = [
    "THRESHOLDS",
    "Budget",
    "Cause",
    "Estimate",
    "Judgement",
    "Mark",
    "Point",
    "Review",
    "played_by_bot",
    "review",
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
    compared move is played out in; ``candidates`` moves compared besides
    the one played (every legal move when there are no more than that);
    ``curve`` re-deals per point of each seat's curve (0: no curves).
    """

    iterations: int = 200
    worlds: int = 32
    candidates: int = 4
    curve: int = 16
    seconds: float | None = None

    def __post_init__(self) -> None:
        for name in ("iterations", "worlds", "candidates"):
            if getattr(self, name) < 1:
                raise ValueError(f"a review's {name} must be at least 1")
        if self.curve < 0 or (self.seconds is not None and self.seconds <= 0):
            raise ValueError("a review's curve must be ≥ 0 and its seconds > 0")


@dataclass(frozen=True)
class Judgement:
    """One decision of the reviewed seat, and what the review thinks of it."""

    step: int
    """The index of the decision's action in the record."""
    seat: int
    played: Action
    best: Action
    played_value: Estimate
    best_value: Estimate
    loss: Estimate
    """Prospect given up by ``played`` against ``best`` (paired, so its interval is tight)."""
    choices: int
    mark: Mark | None

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "seat": self.seat,
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "played_value": self.played_value.to_json(),
            "best_value": self.best_value.to_json(),
            "loss": self.loss.to_json(),
            "choices": self.choices,
            "mark": None if self.mark is None else str(self.mark),
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

    @property
    def marked(self) -> tuple[Judgement, ...]:
        return tuple(j for j in self.judgements if j.mark is not None)

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
            },
            "seed": self.seed,
            "judgements": [j.to_json() for j in self.judgements],
            "curves": [[p.to_json() for p in curve] for curve in self.curves],
            "bot": self.bot,
        }


Progress = Callable[[int, int], None]
"""Told ``(done, total)`` positions as the review goes."""


def review(
    record: Mapping[str, Any],
    seat: int,
    budget: Budget | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> Review:
    """Review ``seat``'s decisions in the finished game of ``record`` (see the module doc).

    Raises :class:`bodoge.InvalidRecord` for a record that does not replay,
    and ``ValueError`` for a seat the game does not have.
    """
    budget = budget or Budget()
    final = replay(record)
    if not 0 <= seat < final.num_players:
        raise ValueError(f"seat {seat} is not in a game of {final.num_players} players")
    positions = _positions(final)
    policy = playout_policy(final)
    decisions = [
        step
        for step, (position, actor, _, _) in enumerate(positions)
        if actor == seat and len(position.legal_actions(seat)) > 1
    ]
    total = len(decisions) + (len(positions) + 1 if budget.curve else 0)
    done = 0
    judgements = []
    for step in decisions:
        position, _, action, _ = positions[step]
        judgements.append(judge(position, seat, action, step, budget, seed, policy))
        done += 1
        if progress:
            progress(done, total)
    curves: tuple[tuple[Point, ...], ...] = ()
    if budget.curve:
        curves = _curves(final, positions, budget, seed, policy, progress, done, total)
    metric = "team" if final.game.cooperative else "win"
    return Review(
        final.game.id,
        seat,
        final.num_players,
        metric,
        budget,
        seed,
        tuple(judgements),
        curves,
        bot=played_by_bot(record, seat),
    )


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
    played: Action,
    step: int,
    budget: Budget,
    seed: int,
    policy: PolicyMaker | None = None,
) -> Judgement:
    """Judge ``played`` in ``position`` from ``seat``'s information alone.

    Everything random here is seeded from ``seed`` and ``step``, and every
    world comes from ``position.determinize(seat, …)``, so the judgement is
    the same from the true position and from any re-deal of it that the
    seat cannot tell apart (the fairness tests check it).
    """
    policy = policy or playout_policy(position)
    legal = position.legal_actions(seat)
    moves = _candidates(position, seat, played, legal, budget, _seed(seed, step, 1))
    values = compare(position, seat, moves, budget.worlds, _seed(seed, step, 2), policy)
    best = max(moves, key=lambda move: (sum(values[move]), move == played))
    loss = difference([b - p for b, p in zip(values[best], values[played], strict=True)])
    metric = "team" if position.game.cooperative else "win"
    return Judgement(
        step=step,
        seat=seat,
        played=played,
        best=best,
        played_value=prospect(values[played]),
        best_value=prospect(values[best]),
        loss=loss,
        choices=len(legal),
        mark=_mark(loss, metric),
    )


def _mark(loss: Estimate, metric: str) -> Mark | None:
    """The mark a loss earns: only when its interval excludes no loss at all."""
    if loss.low <= 0:
        return None
    for mark, limit in THRESHOLDS[metric]:
        if loss.mean >= limit:
            return mark
    return None


def _candidates(
    position: State, seat: int, played: Action, legal: list[Action], budget: Budget, seed: int
) -> list[Action]:
    """The moves compared: all of them when few, else the played one, the search's choice
    and the game strategy's favourites."""
    if len(legal) <= budget.candidates + 1:
        return list(legal)
    search = make_bot(f"ismcts:iterations={budget.iterations}", position.game, seed)
    assert isinstance(search, ISMCTSBot)
    search.seconds = budget.seconds
    moves = [played, search.choose(position, seat)]
    moves += _favourites(position, seat, seed)
    unique = list(dict.fromkeys(moves))
    return unique[: budget.candidates + 1]


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


def _curves(
    final: State,
    positions: list[tuple[State, int, Action, bool]],
    budget: Budget,
    seed: int,
    policy: PolicyMaker,
    progress: Progress | None,
    done: int,
    total: int,
) -> tuple[tuple[Point, ...], ...]:
    """Each seat's prospect before every action and at the end, from its own information."""
    afters = [*(p for p, _, _, _ in positions[1:]), final]
    curves: list[list[Point]] = [[] for _ in range(final.num_players)]
    Step = tuple[State, tuple[State, int, Action, bool] | None]
    steps: list[Step] = [(positions[0][0], None) if positions else (final, None)]
    steps += [(after, positions[k]) for k, after in enumerate(afters)]
    for index, (position, cause) in enumerate(steps):
        for seat in range(final.num_players):
            value = standing(position, seat, budget.curve, _seed(seed, index, 3 + seat), policy)
            curves[seat].append(Point(index, value, _cause(cause, seat)))
        done += 1
        if progress:
            progress(done, total)
    return tuple(tuple(curve) for curve in curves)


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
