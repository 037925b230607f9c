"""Worlds weighted by what the other players chose: a particle filter over the recent past.

``state.determinize(seat, rng)`` re-deals what a seat cannot see uniformly:
every hand consistent with what the seat saw is as likely as any other.
People read more into the play than that.  A player who passed on a high
card probably holds no better one; a player who bid for a donut wants it.
So a search bot with a belief draws its worlds from a pool of particles:
worlds of the current position, each dealt at an earlier position of the
game (the *window's start*) and played forward as the game really went.

* The seat's own moves and the others' open moves are replayed as they
  were made.
* Each open move of another seat weighs the particle by how likely that
  seat was to make it, there, under the opponent model: the game's strategy
  (its ``policy``), diluted by the seat's learnt share of random moves and
  by a slip (:data:`~bodoge.bots.opponents.SLIP`).  A move the particle's
  cards do not allow weighs it to nothing.
* A move another seat made in secret is invented from the same model: the
  seat never saw it, so the particle must not copy it.
* A particle that no longer agrees with what the seat knows at the end (a
  card the seat drew, a card turned face up, a secret revealed otherwise
  than invented) is dropped.  A world dealt before such an event cannot
  follow it, so the window's start moves past the first event at which a
  dropped particle disagreed, and the pool is dealt anew from there.

A game whose hints can *rewind* (put the cards played since back in the
hands they came from, :mod:`.hints`) has its particles dealt from all the
seat knows now instead: a world of the present, rewound to the window's
start.  Then the cards the others showed since are where they came from,
and no particle is dropped for a move its cards did not allow.

Particles are kept from one decision to the next and carried forward
through the moves made in between; the pool is topped up from the window's
start.  Within one decision, each iteration of the search clones a particle
drawn by weight and reseeds its generator, so the dice to come stay
unknown.  With an empty window (nothing happened that the particles could
follow) the search falls back to uniform re-deals.

The belief is fair: what it knows of the past is ``determinize`` of a real
position for the seat (which depends on what the seat knew then only: the
re-deal is canonical, see ``State._redeal``), the moves the seat saw, and
the seat's own information keys.  ``strength`` raises each move's
likelihood to a power: 1 is Bayes' rule with the model, 0 no weighting.
"""

from __future__ import annotations

import bisect
import math
import random
import time
from collections.abc import Sequence
from enum import Enum

from ..engine import Action, Event, Rng, State
from .base import Bot
from .hints import Rewind
from .opponents import SLIP, noisy_move, policy_probability

WORLDS = 64
"""Particles a decision wants in its pool (fewer when time runs short)."""
SCARCE = 8
"""A window is halved when fewer than one in this many of the particles dealt agree with it."""


class Fate(Enum):
    """What became of a particle played forward through some events."""

    KEPT = "kept"
    IMPOSSIBLE = "impossible"
    """An open move of another seat that its particle's cards do not allow: weight zero."""
    ASTRAY = "astray"
    """The particle no longer agrees with what the seat knows."""


class Belief:
    """The pool of weighted worlds a search bot for seat ``me`` draws from.

    ``policy`` is the opponent model (the game's strategy); call
    :meth:`prepare` at each decision, in game order, then draw worlds with
    :meth:`world`.

    >>> import bodoge
    >>> game = bodoge.get_game("papayoo")
    >>> state = game.new_game(4, seed=3)
    >>> belief = Belief(game.heuristic_bot(1), 0, 1.0, random.Random(2))
    >>> belief.prepare(state, [0.5] * 4)
    >>> belief.world(random.Random(1)) is None  # nothing happened yet: a uniform re-deal
    True
    """

    def __init__(
        self,
        policy: Bot,
        me: int,
        strength: float,
        rng: random.Random,
        worlds: int = WORLDS,
        rewind: Rewind | None = None,
    ) -> None:
        self.policy = policy
        self.rewind = rewind
        """The game's hint that deals a past position from a world of the present, if any."""
        self.me = me
        self.strength = strength
        self.worlds = worlds
        self._rng = rng
        self._events: list[Event] = []
        self._past: State | None = None
        """The real position at the window's start (only ever re-dealt for ``me``)."""
        self.particles: list[tuple[State, float]] = []
        """Worlds of the position last prepared, each with its log-weight."""
        self._cumulative: list[float] = []
        self._target = ""
        self._keys: list[str] | None = None
        self._keys_from = 0
        self.dealt = 0
        """Particles dealt at the last decision (for benchmarks)."""
        self.carried = 0
        """Particles carried from the decision before that still agreed (for benchmarks)."""

    @property
    def start(self) -> int:
        """The version the window starts at: the particles are dealt there."""
        return 0 if self._past is None else self._past.version

    def weights(self) -> list[float]:
        """Each particle's share of the pool's weight (they sum to 1; empty without a pool)."""
        if not self._cumulative:
            return []
        total, below = self._cumulative[-1], [0.0, *self._cumulative[:-1]]
        return [(b - a) / total for a, b in zip(below, self._cumulative, strict=True)]

    def effective_size(self) -> float:
        """Kish's effective sample size of the pool: how many equal particles it is worth."""
        shares = self.weights()
        return 1.0 / sum(share * share for share in shares) if shares else 0.0

    # ------------------------------------------------------------- decisions

    def prepare(
        self,
        state: State,
        noise: Sequence[float],
        deadline: float | None = None,
        wanted: int | None = None,
    ) -> None:
        """Bring the pool to ``state``: carry the particles forward, then top it up.

        ``noise`` is each seat's share of random moves (the opponent model's);
        ``deadline`` (``time.perf_counter``) stops the topping up early.
        """
        wanted = self.worlds if wanted is None else wanted
        self._target = state.information_key(self.me)
        self._follow(state, noise)
        self._keys = None
        self.dealt = dealt = kept = 0
        while len(self.particles) < wanted and self.start < state.version:
            if deadline is not None and time.perf_counter() > deadline:
                break
            if dealt >= wanted and kept * SCARCE < dealt:  # a shorter window, if any is left
                self._halve_window(state)
                dealt = kept = 0
                continue
            if dealt >= wanted * SCARCE:
                break  # make do with fewer
            dealt += 1
            self.dealt += 1
            fate, world, weight = self._deal(state, noise)
            if fate is Fate.KEPT:
                self.particles.append((world, weight))
                kept += 1
            elif fate is Fate.ASTRAY and self._move_start(state, noise):
                dealt = kept = 0
        self._weigh()

    def world(self, rng: random.Random) -> State | None:
        """A clone of a particle drawn by weight, with fresh future chance; ``None``: none."""
        if not self._cumulative:
            return None
        index = bisect.bisect_right(self._cumulative, rng.random() * self._cumulative[-1])
        world = self.particles[min(index, len(self.particles) - 1)][0].clone()
        world.rng = Rng(rng.getrandbits(63))
        return world

    # ------------------------------------------------------------- the pool

    def _follow(self, state: State, noise: Sequence[float]) -> None:
        """Carry the particles to ``state``, or start afresh on another game."""
        seen = len(self._events)
        if self._past is None or not _continues(self._past, self._events, state):
            self._past = first_position(state)
            self.particles = []
        else:
            events = state.events[seen:]
            carried = []
            for world, weight in self.particles:
                fate, gained, _ = self._play(world, events, noise)
                if fate is Fate.KEPT and world.information_key(self.me) == self._target:
                    carried.append((world, weight + gained))
            self.particles = carried
        self.carried = len(self.particles)
        self._events = list(state.events)

    def _deal(self, state: State, noise: Sequence[float]) -> tuple[Fate, State, float]:
        """A new particle: dealt at the window's start, played forward to ``state``."""
        world = self._start().determinize(self.me, Rng(self._rng.getrandbits(63)))
        if self.rewind is not None:
            present = state.determinize(self.me, Rng(self._rng.getrandbits(63)))
            world = self.rewind(present, world) or world
        fate, weight, _ = self._play(world, state.events[self.start :], noise)
        if fate is Fate.KEPT and world.information_key(self.me) != self._target:
            fate = Fate.ASTRAY
        return fate, world, weight

    def _play(
        self,
        world: State,
        events: Sequence[Event],
        noise: Sequence[float],
        keys: Sequence[str] | None = None,
    ) -> tuple[Fate, float, int]:
        """Play ``events`` in ``world`` as the seat saw them: their log-likelihood there,
        and how many were played (the index of the one the particle stopped at).

        With ``keys`` (the seat's information key after each event) the
        particle is checked after every event, so it stops at the first
        event after which it went astray.
        """
        log_weight = 0.0
        for offset, event in enumerate(events):
            seat, action = event.seat, event.action
            if seat not in world.to_act:
                return Fate.ASTRAY, log_weight, offset
            if seat != self.me and event.outcome.secret:  # unseen: invented from the model
                action = noisy_move(self.policy, world, seat, noise[seat], self._rng)
            else:
                legal = world.legal_actions(seat)
                if action not in legal:
                    fate = Fate.ASTRAY if seat == self.me else Fate.IMPOSSIBLE
                    return fate, log_weight, offset
                if seat != self.me and len(legal) > 1:
                    log_weight += self._log_likelihood(world, seat, action, len(legal), noise[seat])
            world.apply_unchecked(seat, action)
            if keys is not None and world.information_key(self.me) != keys[offset]:
                return Fate.ASTRAY, log_weight, offset
        return Fate.KEPT, log_weight, len(events)

    def _log_likelihood(
        self, world: State, seat: int, action: Action, choices: int, noise: float
    ) -> float:
        chance = 1.0 / choices
        followed = policy_probability(self.policy, world, seat, action)
        modelled = (1.0 - SLIP) * followed + SLIP * chance
        return self.strength * math.log((1.0 - noise) * modelled + noise * chance)

    def _move_start(self, state: State, noise: Sequence[float]) -> bool:
        """Move the window's start past the first event a particle went astray at.

        A fresh particle is checked after every event against the seat's
        real information; chance the seat saw, or a secret revealed, shows
        where it parts.  (A particle that happens to follow every event
        moves nothing: its sibling parted by bad luck, not at a barrier.)
        """
        events = state.events[self.start :]
        world = self._start().determinize(self.me, Rng(self._rng.getrandbits(63)))
        fate, _, parted = self._play(world, events, noise, self._real_keys(state))
        if fate is not Fate.ASTRAY:
            return False
        self._advance_start(state, self.start + parted + 1)
        return True

    def _halve_window(self, state: State) -> None:
        """Start the window halfway to ``state``: fewer moves for a dealt world to explain.

        Open moves that show a hidden card (a card played from a hand) are
        ones a world dealt long before rarely allows; a shorter window loses
        the evidence of the moves before it but keeps that of the recent ones.
        """
        self._advance_start(state, max(self.start + 1, (self.start + state.version + 1) // 2))

    def _advance_start(self, state: State, version: int) -> None:
        """The window starts at ``version`` now: its real position, and no particles."""
        past = self._start()
        for event in state.events[past.version : version]:
            past.apply_unchecked(event.seat, event.action)
        if self._keys is not None:
            self._keys = self._keys[version - self._keys_from :]
            self._keys_from = version
        self.particles = []

    def _real_keys(self, state: State) -> list[str]:
        """The seat's information key after each event of the window (worked out once)."""
        if self._keys is None:
            real = self._start().clone()
            self._keys_from = real.version
            self._keys = []
            for event in state.events[real.version :]:
                real.apply_unchecked(event.seat, event.action)
                self._keys.append(real.information_key(self.me))
        return self._keys

    def _start(self) -> State:
        assert self._past is not None, "prepare() follows a game before it deals"
        return self._past

    def _weigh(self) -> None:
        if not self.particles:
            self._cumulative = []
            return
        top = max(weight for _, weight in self.particles)
        total, cumulative = 0.0, []
        for _, weight in self.particles:
            total += math.exp(weight - top)
            cumulative.append(total)
        self._cumulative = cumulative


def first_position(state: State) -> State:
    """The game's first position, as the seed dealt it (to be re-dealt, never read)."""
    return state.game.new_game(
        state.num_players, state.seed, dict(state.options), dict(state.design)
    )


def _continues(past: State, events: list[Event], state: State) -> bool:
    """Whether ``state`` is the game the pool follows, at or after what it has seen."""
    return (
        past.game is state.game
        and past.seed == state.seed
        and past.num_players == state.num_players
        and len(events) <= state.version
        and state.events[: len(events)] == events
    )
