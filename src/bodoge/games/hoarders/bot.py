"""A heuristic Hoarders player that reads only its own view.

It values a collection by how close each kind is to five (one nut more is
worth more the more of that kind one holds, and the fifth wins), reads the
deck's make-up from what is face up (every nut not in a collection is in
the deck), and then:

* chooses the pair of critters with the best expected gain: two draws with
  Squirrel + Groundhog, two thefts with Raccoon + Groundhog, a Beaver while
  few opponents are likely to hold one, a Hamster when it leads and thieves
  are likely to come for it;
* reveals Squirrel and Raccoon before a Groundhog (so it has something to
  copy) and keeps a Hamster face down for as long as it can;
* steals the nut that helps it most and hurts its owner most, preferring
  owners with nothing face down (no Hamster can stop it);
* spends its Hamster when the theft would cost it a real set or bring the
  thief close to five;
* pushes a stalled game on.  Bots that all hide Raccoon and Groundhog rob
  each other in a circle with the deck untouched, and nothing in the rules
  ends that; drawing empties the deck, which does.  The view says how many
  nuts were drawn so far (all nuts not in the deck are in collections);
  once the rounds outrun one draw a player a round by :data:`PATIENCE`, a
  draw is worth :data:`URGE` more for every further round.  So no table of
  these bots plays into the safety limit (a game stopped there has no
  winner at all).

Nothing here looks at hidden cards: the view is all it has.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Action, State, Strategy
from ...engine.kit import mixed_weights
from .actions import AllowTheft, HideCritter, RevealCritter, StealNut, UseHamster
from .data import NUT_COPIES, NUTS, START_NUTS, WINNING_SET
from .rules import HoardersState

VIEW_READ = ("players", "round", "theft", "face_down", "in_hand")
"""The fields of its view that the bot reads (the rest it need not build)."""
STEP_VALUE = (0.0, 1.0, 1.6, 3.0, 6.0, 100.0)
"""STEP_VALUE[c]: what the c-th nut of a kind is worth (the fifth wins)."""
DENIAL = 0.6
"""How much an opponent's loss counts against our own gain."""
HAMSTER_RISK = 0.35
"""Roughly how likely a face-down pair hides a Hamster that cancels a theft."""
PATIENCE = 12
"""Rounds beyond one draw a player a round after which the bot presses for draws.

A game that draws is never held back: the urge counts only the rounds the
deck did not move.  In self-play it took the share of games stopped at the
limit from 9–22 % to none (bench/README.md, ``limits.py``).
"""
URGE = 1.0
"""What a draw gains in value for every stalled round past :data:`PATIENCE`."""
SPREAD = 0.3
"""How sharply, in nuts, the bot prefers the better critters to hide (a softmax)."""
REVEAL_ORDER = {"raccoon": 0, "squirrel": 1, "beaver": 2, "groundhog": 3, "hamster": 4}
"""Earlier first: a Groundhog needs something revealed before it, a Hamster waits."""


def _step(count: int, goal: int) -> float:
    """What the ``count``-th nut of a kind is worth when ``goal`` of them win.

    :data:`STEP_VALUE` is written for five; another goal (the design
    parameter ``winning_set``) shifts it, so that the winning nut is still
    worth the most and the one before it the next most.
    """
    return STEP_VALUE[max(0, min(count + WINNING_SET - goal, WINNING_SET))]


def _gain(counts: list[int], kind: int, goal: int = WINNING_SET) -> float:
    """What one more nut of ``kind`` is worth to a collection."""
    return _step(counts[kind] + 1, goal)


def _loss(counts: list[int], kind: int, goal: int = WINNING_SET) -> float:
    """What losing one nut of ``kind`` costs a collection."""
    return _step(counts[kind], goal) if counts[kind] else 0.0


class Reading:
    """The bot's reading of the table, from one seat's view."""

    def __init__(self, view: Mapping[str, Any], seat: int, goal: int = WINNING_SET) -> None:
        self.seat = seat
        self.goal = goal
        self.players = view["players"]
        self.nuts: list[list[int]] = [p["nuts"] for p in self.players]
        self.mine = self.nuts[seat]
        self.n = len(self.players)
        in_deck = [
            NUT_COPIES - sum(counts[kind] for counts in self.nuts) for kind in range(len(NUTS))
        ]
        total = sum(in_deck)
        self.draw_value = (
            sum(left * _gain(self.mine, kind, goal) for kind, left in enumerate(in_deck)) / total
            if total
            else 0.0
        )
        self.deck = total
        drawn = len(NUTS) * NUT_COPIES - total - START_NUTS * self.n
        stall = view["round"] - drawn / self.n  # rounds beyond one draw a player a round
        self.urge = URGE * max(0.0, stall - PATIENCE) if total else 0.0
        """What drawing is worth beyond its nuts: the game must go on to an end."""
        self._effects: dict[str, float] = {}

    def theft_value(self, target: int, kind: int) -> float:
        """Our gain plus the owner's loss, risked against a Hamster when they hide cards."""
        value = _gain(self.mine, kind, self.goal) + DENIAL * _loss(
            self.nuts[target], kind, self.goal
        )
        if self.players[target]["face_down"]:
            value *= 1 - HAMSTER_RISK
        return value

    def best_theft(self) -> float:
        values = [
            _gain(self.mine, kind, self.goal) + DENIAL * _loss(counts, kind, self.goal)
            for other, counts in enumerate(self.nuts)
            if other != self.seat
            for kind in range(len(NUTS))
            if counts[kind]
        ]
        return (1 - HAMSTER_RISK) * max(values, default=0.0)

    def beaver_value(self) -> float:
        """Three draws if nobody else hides a Beaver (each does with about 2 in 5)."""
        alone = 0.6 ** (self.n - 1)
        return alone * 3 * self.draw_value - (1 - alone) * 0.3 * self.draw_value

    def hamster_value(self) -> float:
        """Protection is worth what a thief would take from our best kind."""
        best = max(range(len(NUTS)), key=lambda kind: self.mine[kind])
        return 0.4 * _loss(self.mine, best, self.goal) * min(1.0, (self.n - 1) / 3)

    def effect(self, critter: str) -> float:
        """What a critter's effect is worth; worked out once per critter and reading."""
        if critter not in self._effects:
            self._effects[critter] = self._effect(critter)
        return self._effects[critter]

    def _effect(self, critter: str) -> float:
        if critter == "squirrel":
            return self.draw_value + self.urge if self.deck else 0.0
        if critter == "raccoon":
            return self.best_theft()
        if critter == "beaver":
            return self.beaver_value() + self.urge
        if critter == "hamster":
            return self.hamster_value()
        return 0.0

    def pair_value(self, first: str, second: str) -> float:
        """Two face-down critters: their effects, a Groundhog copying its partner."""
        pair = {first, second}
        if "groundhog" in pair:
            other = (pair - {"groundhog"}).pop()
            if other in ("squirrel", "raccoon"):
                return self.effect(other) * 1.9
            return self.effect(other)
        return self.effect(first) + self.effect(second)


class HeuristicBot(Strategy):
    """Scores every legal action and plays from the near-best (near-equal ones at random).

    >>> import bodoge
    >>> state = bodoge.get_game("hoarders").new_game(3, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    near = 0.05
    """Pairs of critters this close in expected nuts are as good as each other."""
    scale = 1.0
    """About one nut of a half-built set."""

    def weights(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        """Critters are hidden by all at once: a softmax of the pairs' values (:data:`SPREAD`),
        so that copies of this bot do not all hide the same pair (and all count on
        the same lone Beaver); other steps share the probability among near-equal values."""
        if not isinstance(legal[0], HideCritter):
            return super().weights(state, seat, legal)
        temperature = SPREAD + self.temperature * self.scale
        return mixed_weights(self.values(state, seat, legal), temperature=temperature)

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        assert isinstance(state, HoardersState)
        view = state.view_part(seat, *VIEW_READ)
        reading = Reading(view, seat, int(state.design["winning_set"]))
        return [self._score(reading, view, action) for action in legal]

    def _score(self, reading: Reading, view: Mapping[str, Any], action: Action) -> float:
        if isinstance(action, HideCritter):
            return self._hide_value(reading, view, action.critter)
        if isinstance(action, RevealCritter):
            return -REVEAL_ORDER[action.critter]
        if isinstance(action, StealNut):
            return reading.theft_value(action.target, NUTS.index(action.nut))
        theft = view["theft"]
        kind = NUTS.index(theft["nut"])
        thief = reading.nuts[theft["thief"]]
        worth_saving = reading.mine[kind] >= 2 or thief[kind] + 1 >= reading.goal - 1
        if isinstance(action, UseHamster):
            return 1.0 if worth_saving else 0.0
        assert isinstance(action, AllowTheft)
        return 0.5

    def _hide_value(self, reading: Reading, view: Mapping[str, Any], critter: str) -> float:
        """The best pair this critter can still be part of."""
        chosen = view["face_down"]
        if chosen:
            return reading.pair_value(chosen[0], critter)
        return max(
            reading.pair_value(critter, other) for other in view["in_hand"] if other != critter
        )
