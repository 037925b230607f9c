"""Judging one position from one seat's information: what each move is worth to that seat.

Everything here starts from ``position.determinize(seat, rng)``: worlds
re-dealt from what the seat knew at that moment, never the true hidden
cards, even though the game is over.  That is what makes the advice fair
("with what you knew, taking two cards was better"), and it is checked the
way the search bot's fairness is: the judgement is the same from the true
position as from any re-deal of it that the seat cannot tell apart.

A move's worth is its **prospect** for the seat: the chance of winning
(a share of a shared win) or, in a co-operative game, the chance that the
team succeeds, estimated by playing each world out at every seat the way
the game tells its search to (:class:`Playouts`): with its own strategy,
or with random moves where the game says its strategy is too dear for
playouts, cut short at the game's horizon and judged by its estimate.
The moves compared in one position are played out from the same worlds
with the same playout seeds (common random numbers), so the difference
between two moves is measured far more precisely than either prospect
alone.

The game review (:mod:`bodoge.review`) judges a player's decisions with it,
and the balance report (:mod:`bodoge.sim.effects`) what a choice does to the
chooser's chance of winning: both sit above the bots, so it lives here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from ..engine import Action, Rng, State
from .base import Bot
from .hints import search_hints
from .random_bot import RandomBot
from .spec import make_bot

Z = 1.96
"""Two-sided 95 % normal quantile, for every interval of the review."""
MAX_PLAYOUT = 100_000
"""A playout longer than this is a game that does not end: a bug, reported."""


@dataclass(frozen=True)
class Estimate:
    """A mean in [0, 1] (or a difference in [-1, 1]) with its 95 % interval."""

    mean: float
    low: float
    high: float
    samples: int

    def to_json(self) -> dict[str, float | int]:
        return {
            "mean": round(self.mean, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "samples": self.samples,
        }


def prospect(values: Sequence[float]) -> Estimate:
    """The mean of prospects in [0, 1] with a Wilson interval (sound near 0 and 1).

    >>> e = prospect([1.0, 0.0, 1.0, 1.0])
    >>> e.mean, round(e.low, 3), round(e.high, 3)
    (0.75, 0.301, 0.954)
    """
    n = len(values)
    p = sum(values) / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def difference(values: Sequence[float]) -> Estimate:
    """The mean of paired differences with a normal interval.

    >>> difference([0.0, 0.0, 0.0]).high
    0.0
    """
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 1.0
    half = Z * spread / math.sqrt(n)
    return Estimate(mean, max(-1.0, mean - half), min(1.0, mean + half), n)


def outcome(state: State, seat: int, estimate: ScoreEstimate | None = None) -> float:
    """What a finished game was worth to ``seat``: its share of the win, or the team's success.

    A game stopped by a safety limit has no winner and is worth nothing.  A
    game not over (a playout cut at its horizon) is judged by ``estimate`` of
    the final scores: the leaders share the win.
    """
    if not state.is_over and estimate is not None:
        scores = estimate(state)
        leaders = [s for s, score in enumerate(scores) if score == max(scores)]
        return 1.0 / len(leaders) if seat in leaders else 0.0
    winners = state.winners
    if state.stopped or not winners:
        return 0.0
    if state.game.cooperative:
        return 1.0
    return 1.0 / len(winners) if seat in winners else 0.0


ScoreEstimate = Callable[[State], Sequence[float]]
"""Each seat's likely final score in a game not over (a game's search hint)."""
PolicyMaker = Callable[[int], Bot]
"""Makes the playout policy for one playout from a seed."""


@dataclass(frozen=True)
class Playouts:
    """How a world is played out: ``policy`` at every seat, for at most ``horizon`` moves
    (0: to the end), a game cut short judged by ``estimate``."""

    policy: PolicyMaker
    horizon: int = 0
    estimate: ScoreEstimate | None = None

    def value(self, world: State, seat: int, seed: int) -> float:
        """``world`` (changed in place) played out, and what it was worth to ``seat``."""
        play_out(world, self.policy(seed), self.horizon)
        return outcome(world, seat, self.estimate)


def playout_policy(state: State) -> Playouts:
    """The game's own strategy at every seat (its mixed ``normal`` level), cut at the horizon
    the game gives its search (``bodoge.bots.hints``) and judged there by its estimate; a
    co-operative game to its end, whose success no estimate of scores tells.

    A search may play out at random to buy iterations (``PLAYOUTS = "random"``), since it
    keeps the strategy's move unless sure of better (its ``MARGIN``); a verdict has no such
    margin, and random play ranks moves for its own reasons, so the judge plays out as
    people play.  Random moves only where the game says its strategy is too dear for a
    review (``REVIEW_PLAYOUTS``), or it has none.
    """
    game = state.game
    hints = search_hints(game)
    policy: PolicyMaker = RandomBot
    if hints.review_playouts == "heuristic" and game.heuristic_bot(0) is not None:
        policy = lambda seed: make_bot("heuristic", game, seed)  # noqa: E731
    if game.cooperative or not hints.horizon:
        return Playouts(policy)
    return Playouts(policy, hints.horizon, hints.estimate)


def play_out(world: State, policy: Bot, horizon: int = 0) -> State:
    """Play ``world`` with ``policy`` at every seat (in place) to its end, or for ``horizon``
    moves at most when it is not 0; return it."""
    for _ in range(horizon or MAX_PLAYOUT):
        to_act = world.to_act
        if not to_act:
            return world
        actor = to_act[0]
        world.apply_unchecked(actor, policy.choose(world, actor))
    if horizon:
        return world
    raise RuntimeError(f"a playout of {world.game.id} ran past {MAX_PLAYOUT} actions")


World = tuple[State, int]
"""A re-deal of a position from one seat's information, and the seed of its playout."""

Choice = tuple[Action, ...]
"""A whole decision: one action, or the steps of a compound one (picks, then the one that
completes it), applied in order."""


def world_stream(position: State, seat: int, seed: int) -> Iterator[World]:
    """Re-deals of ``position`` from ``seat``'s information without end, each with a playout
    seed: a judgement that needs more worlds takes the next ones, and the first ``n`` are
    always the same ``n``."""
    rng = Rng(seed)
    while True:
        yield position.determinize(seat, Rng(rng.seed_for_child())), rng.seed_for_child()


def worlds(position: State, seat: int, count: int, seed: int) -> list[World]:
    """``count`` re-deals of ``position`` from ``seat``'s information, each with a playout seed."""
    return list(islice(world_stream(position, seat, seed), count))


def compare(
    seat: int,
    choices: Sequence[Choice],
    worlds: Sequence[World],
    playouts: Playouts,
) -> dict[Choice, list[float]]:
    """Each choice's prospect for ``seat`` in the same worlds and playouts (paired)."""
    values: dict[Choice, list[float]] = {choice: [] for choice in choices}
    for world, playout_seed in worlds:
        for choice in choices:
            line = world.clone()
            for action in choice:
                line.apply_unchecked(seat, action)
            values[choice].append(playouts.value(line, seat, playout_seed))
    return values


def standing(position: State, seat: int, count: int, seed: int, playouts: Playouts) -> Estimate:
    """``seat``'s prospect in ``position``, from its own information (a point of its curve)."""
    if position.is_over:
        known = outcome(position, seat)
        return Estimate(known, known, known, 1)
    return prospect(
        [
            playouts.value(world, seat, playout_seed)
            for world, playout_seed in worlds(position, seat, count, seed)
        ]
    )
