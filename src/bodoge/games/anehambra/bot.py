"""A heuristic アネハンブラ player that reads only what its seat may see.

It estimates, from the cards it cannot see (all pillars minus its own hand
and palaces, verified palaces, removed cards and cards known to be in other
hands), how likely each face-down palace is to fail each check, and scores
every legal action in rough "palaces":

* inspect where the expected demolitions (a palace lost by a rival, cards
  gained) outweigh the risk of verifying a rival's palace for good;
* build palaces that fail as few of the checks still available as possible
  (three colours with a pair fail only one), small when the end is near;
* cause an earthquake when it brings down more rival palaces than its own;
* draw otherwise, more eagerly when it leads (drawing brings END closer).

Steps of a compound action are chosen by re-planning at each step, so the
bot keeps no memory between decisions.  It reads the state directly rather
than building the seat's view (most of its time went into that), and only
what the view would show: its own hand and palaces, the counts everyone
sees, known cards, and the contents of verified palaces.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from math import comb
from typing import NamedTuple

from ...engine import Action, State, Strategy
from .actions import (
    AddPillar,
    Draw,
    Earthquake,
    Inspect,
    InspectPalace,
)
from .data import (
    CHECKS,
    COLOUR_CHECKS,
    COLOURS,
    COPIES,
    EARTHQUAKE_CARDS,
    PAIR_CHECK,
    UNDER,
)
from .rules import VERIFIED, AnehambraState

RANGE = range(len(COLOURS))
RISK_PER_WEAKNESS = 0.3
"""Chance, roughly, that one failing check is someday used against a palace."""
PATIENCE = 300
"""Turns after which drawing (and so the end) looks ever better: no endless loops."""
CARD_VALUE = 0.01
"""What one card in hand is worth, in palaces.

Little: a card spent on a safer palace is nearly always worth it.  At 0.05
the bot built thin palaces to save cards; at 0.01 it won clearly more often
against bots of the old weight (bench/README.md, Anehambra's heuristic).
"""
VERIFY_COST = 0.2
"""Turning a rival's palace into a verified one costs about this much."""
DRAW_VALUE = 0.2
LEAD_DRAW_BONUS = 0.5
"""A leader draws eagerly: each draw brings END, and the win, closer."""
MOST_PER_COLOUR = 2
"""A planned palace never needs more than a pair of one colour."""
STOP_BUILDING = 0.15
"""A second palace in one turn must be worth this much, or the bot stops building…"""
HAND_TO_BUILD = 5
"""…unless it holds this many cards."""
SCALE = 0.5
"""A typical gap between a good action and a poor one (half a palace): the easy level's
temperature unit (bench/README.md)."""


def fails(palace: Sequence[int], check: int) -> bool:
    """Would ``palace`` (colour counts) be demolished by ``check``?"""
    if check < COLOUR_CHECKS:
        return palace[check] == 0
    if check == PAIR_CHECK:
        return all(count < 2 for count in palace)
    return all(palace)


@functools.lru_cache(maxsize=1 << 16)
def fail_chance(unseen: tuple[int, ...], size: int, check: int) -> float:
    """Chance that ``size`` cards drawn from ``unseen`` (counts) fail ``check``.

    Cached: every rival palace of a size is weighed against every check,
    at every decision of every playout, from the same few counts.
    """
    total = sum(unseen)
    if total < size or size <= 0:
        return 0.0
    ways = comb(total, size)
    if check < COLOUR_CHECKS:
        return comb(total - unseen[check], size) / ways
    if check == PAIR_CHECK:
        if size > len(COLOURS):
            return 0.0
        return _distinct_ways(unseen, size) / ways
    if size < len(COLOURS):
        return 0.0
    every = 0
    for missing in range(len(COLOURS) + 1):
        for group in itertools.combinations(RANGE, missing):
            every += (-1) ** missing * comb(total - sum(unseen[c] for c in group), size)
    return every / ways


def _distinct_ways(unseen: Sequence[int], size: int) -> int:
    """Ways to draw ``size`` cards of ``size`` different colours from ``unseen`` (counts).

    The sum over every set of ``size`` colours of the product of their counts
    (an elementary symmetric polynomial), built one colour at a time.

    >>> _distinct_ways([2, 3, 4], 2)  # 2*3 + 2*4 + 3*4
    26
    """
    ways = [1] + [0] * size
    for count in unseen:
        for k in range(size, 0, -1):
            ways[k] += ways[k - 1] * count
    return ways[size]


def _end_near(end_in: int | None, deck: int, players: int) -> bool:
    """About a round left (three players: END's place is known), or END may come any draw."""
    if end_in is not None:
        return end_in <= players
    return deck <= UNDER + 1


@functools.lru_cache(maxsize=1 << 14)
def palace_value(palace: tuple[int, ...], checks: tuple[int, ...], end_near: bool) -> float:
    """One more palace, less the risk of losing it, less the cards it uses (cached: the
    same few palaces are weighed at every step of building)."""
    risk = 1.0 - standing_chance(sum(fails(palace, check) for check in checks))
    if end_near:
        risk *= 0.3
    return 1.0 - risk - CARD_VALUE * sum(palace)


def survival(palace: Sequence[int]) -> float:
    """How likely a palace is to stand at the end: verified ones stand, others risk checks."""
    if palace[VERIFIED]:
        return 1.0
    colours = palace[:VERIFIED]
    return standing_chance(sum(fails(colours, check) for check in range(len(CHECKS))))


def standing_chance(weaknesses: int) -> float:
    """Chance that none of a palace's ``weaknesses`` (checks it fails) is ever used on it."""
    return float((1.0 - RISK_PER_WEAKNESS) ** weaknesses)


def likely_palaces(state: AnehambraState) -> list[float]:
    """Each seat's likely palaces at the end, and its cards in hand as the tie-break.

    A search judges a playout cut short by this (the estimate in ``hints``):
    the running count treats a weak unverified palace as safe as a
    verified one, though an inspection may yet demolish it.
    """
    return [
        sum(survival(palace) for palace in palaces) + CARD_VALUE * sum(hand)
        for palaces, hand in zip(state.palaces, state.hands, strict=True)
    ]


@functools.lru_cache(maxsize=1 << 14)
def best_palace(
    start: tuple[int, ...], hand: tuple[int, ...], checks: tuple[int, ...], end_near: bool
) -> tuple[float, tuple[int, ...]]:
    """The best palace holding ``start`` plus cards from ``hand`` (cached: hands recur)."""
    ranges = [
        range(start[c], start[c] + min(hand[c], max(0, MOST_PER_COLOUR - start[c])) + 1)
        for c in RANGE
    ]
    best: tuple[float, tuple[int, ...]] = (-9.0, start)
    for palace in itertools.product(*ranges):
        if not any(palace):
            continue
        value = palace_value(palace, checks, end_near)
        if value > best[0]:
            best = (value, palace)
    return best


class Palace(NamedTuple):
    """A palace as the reading seat sees it: ``contents`` only if verified or its own."""

    cards: int
    verified: bool
    contents: tuple[int, ...] | None


class Reading:
    """The bot's reading of the table, from what one seat may see.

    The parts that need the other players' palaces (what is shown, the
    unseen cards) are worked out only when asked: a step of building, most
    decisions, needs only the hand, the checks still open and whether the
    end is near.
    """

    def __init__(self, state: AnehambraState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.turn = state.turn
        self.hand = tuple(state.hands[seat])
        banned = state.banned_colours()
        self.open_checks = tuple(
            c for c in range(len(CHECKS)) if c >= COLOUR_CHECKS or not banned[c]
        )
        self.palaces = [len(built) for built in state.palaces]
        """How many palaces each seat has built."""
        self.end_near = _end_near(state.cards_before_end(), len(state.deck), len(self.palaces))
        self._shown: list[list[Palace]] | None = None
        self._unseen: tuple[int, ...] | None = None
        self._new_palace: tuple[float, list[int]] | None = None
        self._candidates: list[tuple[int, int, Palace]] | None = None
        self._kinds: list[tuple[int, bool]] | None = None

    @classmethod
    def of(cls, state: AnehambraState, seat: int) -> Reading:
        return cls(state, seat)

    @property
    def leading(self) -> bool:
        palaces, seat = self.palaces, self.seat
        return palaces[seat] > max(count for s, count in enumerate(palaces) if s != seat)

    @property
    def shown(self) -> list[list[Palace]]:
        """Every player's palaces, by seat."""
        if self._shown is None:
            self._shown = [
                [self._palace(owner, palace) for palace in built]
                for owner, built in enumerate(self.state.palaces)
            ]
        return self._shown

    def _palace(self, owner: int, palace: Sequence[int]) -> Palace:
        cards = sum(palace[:VERIFIED])  # a face-down palace shows only its size
        verified = bool(palace[VERIFIED])
        if verified or owner == self.seat:
            return Palace(cards, verified, tuple(palace[:VERIFIED]))
        return Palace(cards, False, None)

    @property
    def unseen(self) -> tuple[int, ...]:
        """Cards of each colour the seat has not seen: not in its hand, removed, known in
        another hand, or in a palace whose contents it sees."""
        if self._unseen is None:
            state, hand = self.state, self.hand
            seen = [state.removed[c] + hand[c] for c in RANGE]
            for owner, known in enumerate(state.known):
                if owner != self.seat:
                    for c, count in enumerate(known):
                        seen[c] += count
            for owner, built in enumerate(state.palaces):
                for palace in built:
                    if palace[VERIFIED] or owner == self.seat:  # contents it sees
                        for c in RANGE:
                            seen[c] += palace[c]
            self._unseen = tuple(max(0, COPIES[c] - seen[c]) for c in RANGE)
        return self._unseen

    # ------------------------------------------------------------ building

    @property
    def best_new_palace(self) -> tuple[float, list[int]]:
        """The best palace the hand can build from nothing."""
        if self._new_palace is None:
            self._new_palace = self.best_palace([0, 0, 0, 0], self.hand)
        return self._new_palace

    def best_palace(self, start: list[int], hand: tuple[int, ...]) -> tuple[float, list[int]]:
        """The best palace holding ``start`` plus cards from ``hand``."""
        value, palace = best_palace(tuple(start), hand, self.open_checks, self.end_near)
        return value, list(palace)

    # ---------------------------------------------------------- inspecting

    def target_value(self, owner: int, palace: Palace, check: int) -> float:
        return self._target_worth(palace.cards, self.palaces[owner] >= max(self.palaces), check)

    def _target_worth(self, size: int, leader: bool, check: int) -> float:
        """Naming a palace of ``size`` cards (the ``leader``'s or not) for ``check``."""
        chance = fail_chance(self.unseen, size, check)
        gain = 1.0 + CARD_VALUE * size
        if leader:
            gain += 0.3  # the leader loses a palace
        return chance * gain - (1.0 - chance) * VERIFY_COST

    @property
    def candidates(self) -> list[tuple[int, int, Palace]]:
        """(owner, index, palace) of every rival palace not yet verified."""
        if self._candidates is None:
            self._candidates = [
                (owner, index, palace)
                for owner, row in enumerate(self.shown)
                if owner != self.seat
                for index, palace in enumerate(row)
                if not palace.verified
            ]
        return self._candidates

    def targets(self, check: int, chosen: list[tuple[int, int]]) -> list[tuple[float, int, int]]:
        """(value, owner, index) of every palace that may still be named, best first."""
        found = [
            (self.target_value(owner, palace, check), owner, index)
            for owner, index, palace in self.candidates
            if (owner, index) not in chosen
        ]
        found.sort(key=lambda item: (-item[0], item[1], item[2]))
        return found

    def inspection_value(self, check: int) -> float:
        """The best target's value, and for a colour the second's too if it gains.

        Palaces of one size (and owner's lead) are worth the same: each kind
        is weighed once.
        """
        kinds = self.candidate_kinds
        if not kinds:
            return -9.0
        worth = {kind: self._target_worth(kind[0], kind[1], check) for kind in set(kinds)}
        values = sorted((worth[kind] for kind in kinds), reverse=True)
        value = values[0]
        if check < COLOUR_CHECKS and len(values) > 1 and values[1] > 0:
            value += values[1]
        return value

    @property
    def candidate_kinds(self) -> list[tuple[int, bool]]:
        """(cards, owner leads) of every rival palace not yet verified."""
        if self._kinds is None:
            top, seat = max(self.palaces), self.seat
            self._kinds = [
                (sum(palace[:VERIFIED]), len(built) >= top)
                for owner, built in enumerate(self.state.palaces)
                if owner != seat
                for palace in built
                if not palace[VERIFIED]
            ]
        return self._kinds

    # --------------------------------------------------------- earthquakes

    def earthquake_value(self, colour: int) -> float:
        value = -CARD_VALUE * EARTHQUAKE_CARDS
        top = max(self.palaces)
        for owner, built in enumerate(self.state.palaces):
            for palace in built:
                if palace[VERIFIED] and palace[colour]:
                    if owner == self.seat:
                        value -= 1.2
                    else:
                        value += 1.0 + (0.3 if self.palaces[owner] >= top else 0.0)
        return value

    def draw_value(self) -> float:
        value = DRAW_VALUE + self.turn / PATIENCE
        if self.leading:
            value += LEAD_DRAW_BONUS
        if sum(self.hand) <= 2:
            value += 0.2
        return value


class HeuristicBot(Strategy):
    """Scores the legal actions from what its seat sees and plays from the best (mixed play).

    >>> import bodoge
    >>> state = bodoge.get_game("anehambra").new_game(4, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    near = 0.001
    """The values' own small steps (0.01 for a palace's other colours) are preferences."""
    scale = SCALE

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        assert isinstance(state, AnehambraState)
        reading = Reading.of(state, seat)
        if state.check >= 0:
            return self._target_values(reading, state.check, state.targets, legal)
        if state.building >= 0 or state.built:
            return self._build_values(reading, state.building, legal)
        return [self._score(reading, action) for action in legal]

    def _score(self, reading: Reading, action: Action) -> float:
        if isinstance(action, Draw):
            return reading.draw_value()
        if isinstance(action, AddPillar):
            value, palace = reading.best_new_palace
            colour = COLOURS.index(action.colour)
            first = next(c for c in RANGE if palace[c])
            return value if colour == first else value - 0.01
        if isinstance(action, Inspect):
            return reading.inspection_value(CHECKS.index(action.check))
        if isinstance(action, Earthquake):
            return reading.earthquake_value(COLOURS.index(action.colour))
        return 0.0

    def _build_values(self, reading: Reading, building: int, legal: list[Action]) -> list[float]:
        """A pillar: the best palace it leads to; finishing: the palace as it stands.

        Stopping after a first palace is worth :data:`STOP_BUILDING` (a second
        palace must promise more), unless the hand is large.
        """
        if building < 0:
            start = [0, 0, 0, 0]
            stop = STOP_BUILDING if sum(reading.hand) < HAND_TO_BUILD else -9.0
        else:
            start = list(reading.state.palaces[reading.seat][building][:VERIFIED])  # its own
            stop = palace_value(tuple(start), reading.open_checks, reading.end_near)
        return [
            self._pillar_value(reading, start, COLOURS.index(action.colour))
            if isinstance(action, AddPillar)
            else stop
            for action in legal
        ]

    @staticmethod
    def _pillar_value(reading: Reading, start: list[int], colour: int) -> float:
        grown = list(start)
        grown[colour] += 1
        hand = list(reading.hand)
        hand[colour] -= 1
        return reading.best_palace(grown, tuple(hand))[0]

    def _target_values(
        self, reading: Reading, check: int, targets: Sequence[tuple[int, int]], legal: list[Action]
    ) -> list[float]:
        """Each palace by the chance it falls; revealing is worth nothing (first: never)."""
        value = {(owner, index): v for v, owner, index in reading.targets(check, list(targets))}
        reveal = 0.0 if targets else min(value.values(), default=0.0) - 1.0
        return [
            value[action.owner, action.palace] if isinstance(action, InspectPalace) else reveal
            for action in legal
        ]
