"""What a choice does to the chooser's chance of winning, measured by playing the other choice.

"Did the seats that chose it win more often" is a description: a choice
open only to a seat already winning (or losing) goes with winning (or
losing) whatever it does.  Cardiceo's winner is the one whose hand is empty,
so every card "wins": a seat that could discard a 12 and did not still holds
it at the end and has lost by construction.  An effect is measured instead
by intervention, with the game review's mechanism
(:mod:`bodoge.bots.judge`):

* decisions are sampled from the games, at random and at most one per game
  and choice, among those where the choice (an action type, or a card the
  game names with ``Game.choice_subject``) was legal and something else too;
  the games are played again to reach them, with their seeds and the run's
  bots (a game between bots replays exactly);
* in each, ``worlds`` worlds are re-dealt from the chooser's information
  (``determinize``: never the true hidden cards) and played out with the
  choice and with the alternative the seat's strategy ranks next, the two
  paired on the same worlds and playout seeds, every seat played by the
  run's bots to the end;
* the effect is the mean paired difference in win share over the sampled
  decisions, with its 95 % interval (the decisions are the unit) and the
  paired sign-flip test, Holm-adjusted over the group's choices.

"The choice" at a decision is the move of that kind the seat's strategy
ranks first (the game's strategy by its ``values``; legal order without
one), and the alternative the best-ranked move of another kind: the effect
is what taking this kind of move does, against the best other move the seat
had.  For a card, it is the effect of *discarding* (picking, playing) it,
which is not the effect of *holding* it: the report puts the shuffle's
comparison, dealt with against dealt without, beside it.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..bots.judge import Playouts, compare, worlds
from ..engine import Action, Game, State, Strategy, get_game, replay
from .backends import Backend
from .inference import MIN_GROUP, holm, mean_interval, sign_flip_p
from .play import GameResult, bot_seed, derive_seed
from .summaries import Analysis, Effect, Group

Kind = tuple[bool, str]
"""A choice: ``(True, card key)`` for a card, ``(False, action type)`` for a type."""


@dataclass(frozen=True)
class EffectBudget:
    """How much play the effects may cost: ``decisions`` per choice (at most one per game),
    ``worlds`` re-deals of each, ``seed`` for the sampling and the re-deals.

    Each sampled decision costs ``2 × worlds`` playouts from that point to the end.
    """

    decisions: int = 200
    worlds: int = 2
    seed: int = 0

    def __post_init__(self) -> None:
        if self.decisions < 0 or self.worlds < 1:
            raise ValueError(
                f"effects need decisions >= 0 and worlds >= 1, not {self.decisions}, {self.worlds}"
            )


class SeatedBots:
    """One bot per seat, as a run seats them: a playout policy that plays every seat as the
    run's bots do (:class:`~bodoge.bots.judge.Playouts` asks one bot for every seat)."""

    def __init__(self, game: Game, specs: Sequence[str], seed: int) -> None:
        self.bots = [
            make_bot(spec, game, derive_seed(seed, seat)) for seat, spec in enumerate(specs)
        ]

    def choose(self, state: State, seat: int) -> Action:
        return self.bots[seat].choose(state, seat)


@dataclass(frozen=True)
class Decision:
    """A sampled decision: the position before it (a copy), the seat, the run's bots by seat."""

    position: State
    seat: int
    specs: tuple[str, ...]


def replayed(game: Game, result: GameResult) -> Iterator[tuple[State, int, list[Action]]]:
    """Every decision with a choice in ``result``'s game, played again with its seed and the
    run's bots: the live position (copy it to keep it), the seat and its legal actions.

    Raises :class:`ReplayDiffers` at the end if the game did not end as ``result`` says
    (rows written by other bots or another version of them).
    """
    state = game.new_game(result.num_players, result.seed, result.options, result.design)
    bots = [make_bot(spec, game, bot_seed(state.seed, s)) for s, spec in enumerate(result.bots)]
    while state.to_act:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            yield state, seat, legal
        state.apply_unchecked(seat, bots[seat].choose(state, seat))
    if tuple(state.scores) != tuple(result.scores) or tuple(state.winners) != result.winners:
        raise ReplayDiffers(f"{game.id} seed {result.seed} did not replay as it was recorded")


class ReplayDiffers(RuntimeError):
    """A game played again with its seed and bots did not end as recorded."""


def kinds_at(game: Game, state: State, legal: Sequence[Action]) -> dict[Kind, list[Action]]:
    """The choices open at a decision, each with its moves: every action type and card key
    among ``legal`` that is not the only thing the seat could do."""
    found: dict[Kind, list[Action]] = {}
    for action in legal:
        found.setdefault((False, action.TYPE), []).append(action)
        if game.declares_subjects:
            key = game.choice_subject(state, action)
            if key is not None:
                found.setdefault((True, key), []).append(action)
    return {kind: moves for kind, moves in found.items() if len(moves) < len(legal)}


def sample(
    game: Game, results: Sequence[GameResult], budget: EffectBudget
) -> dict[Kind, list[Decision]]:
    """Up to ``budget.decisions`` decisions per choice, at most one per game (drawn uniformly
    among the game's decisions where it was open), from games taken in a random order; the
    games are played again until every choice the rows saw legal has its decisions."""
    rng = random.Random(derive_seed(budget.seed, "effects", "sample"))
    order = list(results)
    rng.shuffle(order)
    wanted = _seen(results)
    sampled: dict[Kind, list[Decision]] = {}
    for result in order:
        if wanted and all(len(sampled.get(kind, ())) >= budget.decisions for kind in wanted):
            break
        kept = _one_per_kind(game, result, rng, sampled, budget.decisions)
        for kind, decision in kept.items():
            sampled.setdefault(kind, []).append(decision)
    return sampled


def _seen(results: Sequence[GameResult]) -> set[Kind]:
    """The choices the rows saw legal (by type and by card)."""
    seen: set[Kind] = set()
    for result in results:
        seen.update((False, kind) for seat in result.legal for kind in seat)
        seen.update((True, kind) for seat in result.subject_legal for kind in seat)
    return seen


def _one_per_kind(
    game: Game,
    result: GameResult,
    rng: random.Random,
    sampled: Mapping[Kind, list[Decision]],
    most: int,
) -> dict[Kind, Decision]:
    """One decision per choice not yet full, drawn uniformly from this game (a reservoir of
    one: the ``k``-th decision where a choice is open replaces the kept one with chance 1/k)."""
    kept: dict[Kind, Decision] = {}
    seen: dict[Kind, int] = {}
    specs = tuple(result.bots)
    try:
        for state, seat, legal in replayed(game, result):
            for kind in kinds_at(game, state, legal):
                if len(sampled.get(kind, ())) >= most:
                    continue
                seen[kind] = seen.get(kind, 0) + 1
                if rng.random() * seen[kind] < 1:
                    kept[kind] = Decision(state.clone(), seat, specs)
    except ReplayDiffers:
        return {}
    return kept


def ranked(game: Game, state: State, seat: int, legal: Sequence[Action], seed: int) -> list[Action]:
    """``legal`` best first, as the game's strategy values them (its one choice first, then
    legal order, for a strategy that does not value moves; legal order without a strategy)."""
    strategy = game.heuristic_bot(seed)
    if isinstance(strategy, Strategy):
        try:
            values = strategy.values(state, seat, list(legal))
        except NotImplementedError:
            values = None
        if values is not None:
            order = sorted(range(len(legal)), key=lambda i: -values[i])
            return [legal[i] for i in order]
    if strategy is not None:
        first = strategy.choose(state, seat)
        return [first, *(move for move in legal if move != first)]
    return list(legal)


def paired_moves(game: Game, decision: Decision, kind: Kind, seed: int) -> tuple[Action, Action]:
    """The move of ``kind`` the seat's strategy ranks first, and its best move of another kind."""
    state, seat = decision.position, decision.seat
    legal = state.legal_actions(seat)
    moves = kinds_at(game, state, legal)[kind]
    order = ranked(game, state, seat, legal, seed)
    choice = next(move for move in order if move in moves)
    other = next(move for move in order if move not in moves)
    return choice, other


def measure(game: Game, kind: Kind, decisions: Sequence[Decision], budget: EffectBudget) -> Effect:
    """The effect of ``kind``: its paired difference in win share over ``decisions``."""
    differences = []
    for number, decision in enumerate(decisions):
        seed = derive_seed(budget.seed, "effects", kind[0], kind[1], number)
        choice, other = paired_moves(game, decision, kind, seed)
        specs = decision.specs
        playouts = Playouts(lambda s: SeatedBots(game, specs, s))  # noqa: B023 (used at once)
        dealt = worlds(decision.position, decision.seat, budget.worlds, seed)
        values = compare(decision.seat, [(choice,), (other,)], dealt, playouts)
        differences.append(statistics.fmean(values[(choice,)]) - statistics.fmean(values[(other,)]))
    mean, margin = mean_interval(differences)
    few = len(differences) < MIN_GROUP
    return Effect(
        kind=kind[1],
        subject=kind[0],
        mean=mean,
        low=mean - margin,
        high=mean + margin,
        decisions=len(differences),
        worlds=budget.worlds,
        p_adjusted=math.nan if few else sign_flip_p(differences),
    )


Work = tuple[str, Kind, list[tuple[dict[str, Any], int, tuple[str, ...]]], EffectBudget]
"""One choice's measuring, as a worker process gets it: the game, the choice, each sampled
decision as the record of the game up to it (states do not travel; records replay exactly)
with its seat and bots, and the budget."""


def measure_work(work: Work) -> Effect:
    """:func:`measure` in a worker process: the decisions rebuilt from their records."""
    game_id, kind, reached, budget = work
    decisions = [Decision(replay(record), seat, specs) for record, seat, specs in reached]
    return measure(get_game(game_id), kind, decisions, budget)


def group_effects(
    game: Game,
    group: Group,
    budget: EffectBudget,
    advance: Callable[[int, int], None] | None = None,
    backend: Backend | None = None,
) -> tuple[Effect, ...]:
    """Every choice's effect in ``group`` (none for a co-operative game or one seat), tested
    ones first by p, each p Holm-adjusted over the group's choices.

    The choices are measured on ``backend`` (one at a time here without one); every
    decision's seeds depend on the choice alone, so any backend gives the same effects."""
    if group.cooperative or group.num_players < 2 or not budget.decisions:
        return ()
    sampled = sample(game, group.results, budget)
    work: list[Work] = [
        (game.id, kind, [(d.position.record(), d.seat, d.specs) for d in decisions], budget)
        for kind, decisions in sorted(sampled.items())
    ]
    effects = []
    parallel = backend is not None and backend.workers > 1
    measured = (
        backend.map_unordered(measure_work, work)
        if backend is not None and parallel
        else (measure(game, kind, decisions, budget) for kind, decisions in sorted(sampled.items()))
    )
    for done, effect in enumerate(measured):
        effects.append(effect)
        if advance is not None:
            advance(done + 1, len(work))
    adjusted = holm([effect.p_adjusted for effect in effects])
    effects = [dataclasses.replace(e, p_adjusted=p) for e, p in zip(effects, adjusted, strict=True)]
    return tuple(sorted(effects, key=_rank))


def _rank(effect: Effect) -> tuple[float, float, bool, str]:
    p = effect.p_adjusted
    return (p if not math.isnan(p) else math.inf, -abs(effect.mean), effect.subject, effect.kind)


def with_effects(
    analysis: Analysis,
    budget: EffectBudget,
    advance: Callable[[int, int], None] | None = None,
    backend: Backend | None = None,
) -> Analysis:
    """``analysis`` with every group's effects measured (:func:`group_effects`)."""
    game = get_game(analysis.game)
    groups = tuple(
        dataclasses.replace(group, effects=group_effects(game, group, budget, advance, backend))
        for group in analysis.groups
    )
    return dataclasses.replace(analysis, groups=groups)
