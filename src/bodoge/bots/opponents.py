"""Learning, from their visible moves, how much each other seat plays like a policy.

A search bot plays the game out many times, and the other seats' playout
moves stand for what those players will really do.  Against the game's
heuristic bot the best model is that heuristic; against a beginner (or a
random bot) it is closer to chance, and a search that trusts every opponent
to play well wastes its effort on threats that never come.  So the bot
keeps, for every other seat, the odds of two hypotheses:

* the seat plays like the playout policy (allowing a few slips), or
* it picks among its legal actions at random,

and updates them by Bayes' rule after each move it sees.  The share of a
seat's playout moves made at random is then the probability of the second
hypothesis.

The likelihood of a move under the policy needs the position the mover was
in, part of which is hidden from the watching seat.  So the model replays
the game from the position of its previous decision and, before each move it
is allowed to see, asks the policy what it would do in worlds re-dealt from
*its own* point of view at that moment (``determinize``); worlds in which
the move observed is not even legal are left out.  Every input is therefore
something the watching seat knew at the time, and the model stays fair.
"""

from __future__ import annotations

import math
import random

from ..engine import Action, Event, Rng, State, Strategy
from .base import Bot
from .levels import scores_moves

PRIOR_NOISE = 0.5
"""The guess, before a seat has been seen to move, that it plays at random: even odds."""
SLIP = 0.25
"""Share of moves a policy-like player makes at random anyway (people err; ties break)."""
WORLDS = 8
"""Re-dealt worlds, in which the move observed is legal, weighed per move."""
TRIES = 24
"""Re-deals tried per observed move to find those worlds."""
CERTAINTY = 9.0
"""Log-odds are kept within ±this, so a few surprising moves can still change the mind."""


class OpponentModel:
    """Per-seat odds that a seat plays like ``policy``, for the seat ``me``.

    ``noise`` is the prior probability that a seat plays at random.  Feed
    every position ``me`` decides at to :meth:`observe`, in game order; a
    position from another game (or an earlier one) starts the model afresh.
    """

    def __init__(self, policy: Bot, me: int, noise: float, rng: random.Random) -> None:
        self.policy = policy
        self.me = me
        self.prior = _log_odds(noise)
        self._rng = rng
        self._seen: State | None = None
        self._odds: dict[int, float] = {}
        self.observed = 0
        """How many moves of other seats have been weighed (for tests and reports)."""

    def noise(self, seat: int) -> float:
        """The probability that ``seat`` plays at random, given what was seen."""
        return 1.0 / (1.0 + math.exp(-self._odds.get(seat, self.prior)))

    def observe(self, state: State) -> None:
        """Weigh every move made since the position last observed."""
        seen = self._seen
        if seen is None or not _continues(seen, state):
            self._odds.clear()
            self._seen = state.clone()
            return
        for event in state.events[seen.version :]:
            if self._visible(event):
                self._weigh(seen, event)
            seen.apply_unchecked(event.seat, event.action)
        if seen.information_key(self.me) != state.information_key(self.me):
            self._odds.clear()  # the replay went elsewhere: trust nothing learnt
            self._seen = state.clone()

    def _visible(self, event: Event) -> bool:
        return event.seat != self.me and not event.outcome.secret

    def _followed(self, world: State, event: Event) -> float:
        """The probability that the policy makes ``event``'s move in ``world``."""
        return policy_probability(self.policy, world, event.seat, event.action)

    def _weigh(self, before: State, event: Event) -> None:
        policy_likelihood = random_likelihood = 0.0
        worlds = 0
        for _ in range(TRIES):
            if worlds == WORLDS:
                break
            world = before.determinize(self.me, Rng(self._rng.getrandbits(63)))
            legal = world.legal_actions(event.seat)
            if event.action not in legal:
                continue
            if len(legal) == 1:
                return  # a forced move says nothing about the player
            worlds += 1
            chance = 1.0 / len(legal)
            followed = self._followed(world, event)
            policy_likelihood += (1.0 - SLIP) * followed + SLIP * chance
            random_likelihood += chance
        if not worlds:
            return
        self.observed += 1
        odds = self._odds.get(event.seat, self.prior)
        odds += math.log(random_likelihood / policy_likelihood)
        self._odds[event.seat] = max(-CERTAINTY, min(CERTAINTY, odds))


def policy_probability(policy: Bot, world: State, seat: int, action: Action) -> float:
    """How likely ``policy`` is to play ``action`` for ``seat`` in ``world``.

    A strategy that scores its moves (:class:`~bodoge.engine.Strategy`'s
    ``values``) says it (``policy``); any other bot is asked for one move,
    which is an unbiased estimate of the same probability but a noisier one.
    """
    if scores_moves(policy):
        assert isinstance(policy, Strategy)
        return sum(chance for move, chance in policy.policy(world, seat) if move == action)
    return float(policy.choose(world, seat) == action)


def noisy_move(
    policy: Bot | None, world: State, seat: int, noise: float, rng: random.Random
) -> Action:
    """``policy``'s move, or a uniformly random legal one with probability ``noise``
    (always, without a policy): how a modelled player moves."""
    if policy is not None and (not noise or rng.random() >= noise):
        return policy.choose(world, seat)
    legal = world.legal_actions(seat)
    return legal[rng.randrange(len(legal))]


def _log_odds(probability: float) -> float:
    probability = min(max(probability, 1e-4), 1.0 - 1e-4)
    return math.log(probability / (1.0 - probability))


def _continues(seen: State, state: State) -> bool:
    """Whether ``state`` is ``seen`` some moves later, in the same game."""
    return (
        seen.game is state.game
        and seen.num_players == state.num_players
        and seen.version <= state.version
        and state.events[: seen.version] == seen.events
    )
