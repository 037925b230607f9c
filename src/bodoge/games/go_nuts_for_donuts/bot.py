"""A heuristic Go Nuts for Donuts player that reads only its own view.

It values a table by *standing*: its own points (with what a half-built
set promises: a lone Boston Cream or an odd Jelly Filled is half a pair)
less the best other player's.  Then:

* it values every row position by how much its card (and ★ power, valued
  from what is public: the discard pile, the collections, the make-up of
  the unseen cards) raises each player's standing, then weighs each by the
  chance that nobody else bids on it: every player is guessed to bid from
  a mix that prefers what helps *them* and shuns what others crowd onto
  (:func:`~bodoge.engine.kit.collisions.contest`), and the bot draws its
  own bid from its mix, so that copies of it rarely clash;
* for a power's decision it plays the step that leaves the best standing
  (give away, steal, discard, keep, pass); French Cruller clears what helps
  another player more than itself; Day Old Donuts stops when nothing left
  is worth taking.

Nothing here looks at hidden cards: it reads the public collections, row
and discard pile, and the deck's top only when it put that card back
itself.  Everything public about one round's bids is worked out once for
the table (every seat bids on the same facts), which keeps a table of
these bots fast enough for a designer's thousands of games.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ...engine import Action, State, Strategy
from ...engine.kit.collisions import Contest, Remembered, uncontested
from .actions import (
    Bid,
    Clear,
    Discard,
    DiscardMilk,
    Done,
    Give,
    Keep,
    PassDonut,
    Spoil,
    Steal,
    Take,
)
from .data import (
    BEAR_CLAW,
    BOSTON_CREAM,
    CHOCOLATE_FROSTED,
    DAY_OLD,
    DONUTS,
    DOUBLE_CHOCOLATE,
    ECLAIR,
    FRENCH_CRULLER,
    JELLY_FILLED,
    KINDS,
    MAPLE_BAR,
    MILK,
    MILK_DISCARDS,
    RASPBERRY_FROSTED,
    RED_VELVET,
    SPRINKLED,
    STRAWBERRY_GLAZED,
    copies_in,
)
from .rules import DonutsState
from .scoring import comparisons, hand_points

COPIES = functools.lru_cache(maxsize=8)(copies_in)
"""The cards of each kind in a game of so many players (asked at every decision)."""

INDEX = {donut: kind for kind, donut in enumerate(DONUTS)}
HALF_SET = {BOSTON_CREAM: 0.45, JELLY_FILLED: 0.45}
"""Share of the next step's points a set counts before it is reached (odd counts)."""
MAPLE_BAR_HOPE = 1.0
"""What a Maple Bar is worth before seven kinds are held."""
RIVAL = 0.6
"""How much the best other player's points weigh against our own."""
SPREAD = 1.5
"""How sharply, in points, a bidder is guessed to prefer the better bids (see ``contest``)."""
EMPTY = -1.0
"""The worth of bidding on an empty position (nothing to gain)."""
REMEMBERED = 64
"""Rounds' bid tables kept: the seats of one table ask one after another."""

Hands = tuple[tuple[int, ...], ...]
Change = tuple[int, int, int]


def promise(hand: Sequence[int], pair: int) -> float:
    """Points a collection may still reach from its half-built sets."""
    bonus = 0.0
    boston = hand[BOSTON_CREAM]
    if boston % 2 and boston < 6:
        bonus += HALF_SET[BOSTON_CREAM] * (pair if boston == 1 else 15 if boston == 3 else 25)
    jelly = hand[JELLY_FILLED]
    if jelly in (1, 3, 5):
        bonus += HALF_SET[JELLY_FILLED] * 5
    if hand[MAPLE_BAR] and sum(1 for c in hand if c) < 7:
        bonus += MAPLE_BAR_HOPE * hand[MAPLE_BAR]
    return bonus


@functools.lru_cache(maxsize=8192)
def worth(hands: Hands, pair: int) -> tuple[float, ...]:
    """Every player's points plus what their half-built sets promise (remembered: one
    round weighs the same few tables many times over)."""
    return tuple(
        hand_worth(hand, pair, bonus, frosted)
        for hand, (bonus, frosted) in zip(hands, comparisons(hands), strict=True)
    )


@functools.lru_cache(maxsize=16384)
def hand_worth(hand: tuple[int, ...], pair: int, plain_bonus: int, frosted: bool) -> float:
    """One collection's points (given what it owes to the others) and promise."""
    return hand_points(hand, pair, plain_bonus, frosted) + promise(hand, pair)


@functools.lru_cache(maxsize=16384)
def gain(hands: Hands, seat: int, kind: int, pair: int) -> float:
    """How much ``seat``'s standing rises with one more ``kind`` (remembered: every seat's
    bids ask the same of one table)."""
    return standing(moved(hands, [(seat, kind, 1)]), seat, pair) - standing(hands, seat, pair)


@functools.lru_cache(maxsize=8192)
def standing(hands: Hands, seat: int, pair: int) -> float:
    """Our worth less the best other player's (weighted by :data:`RIVAL`)."""
    values = worth(hands, pair)
    others = max((v for s, v in enumerate(values) if s != seat), default=0.0)
    return values[seat] - RIVAL * others


def _plus(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return (*hand[:kind], hand[kind] + 1, *hand[kind + 1 :])


def moved(hands: Hands, changes: Sequence[Change]) -> Hands:
    """``hands`` with ``(seat, kind, +1/-1)`` changes made."""
    out = list(hands)
    for seat, kind, delta in changes:
        hand = list(out[seat])
        hand[kind] += delta
        out[seat] = tuple(hand)
    return tuple(out)


class Reading:
    """The table as one seat may see it: public collections, row and discard pile, and the
    deck's top card when ``seat`` put it back itself."""

    def __init__(self, state: DonutsState, seat: int) -> None:
        self.seat = seat
        self.pair = state.pair_points
        self.n = state.num_players
        self.hands: Hands = tuple(map(tuple, state.hands))
        self.row = tuple(state.row)
        self.pile = tuple(state.discard)
        knows = state.top_known == seat and bool(state.deck)
        self.top = state.deck[-1] if knows else -1
        seen = [0] * KINDS
        for hand in self.hands:
            for kind, count in enumerate(hand):
                seen[kind] += count
        for card in self.row + self.pile:
            if card >= 0:
                seen[card] += 1
        copies = COPIES(self.n)
        self.unseen = [max(0, copies[k] - seen[k]) for k in range(KINDS)]
        self.base = standing(self.hands, seat, self.pair)
        self._draws: dict[int, float] = {}

    def gain(self, seat: int, kind: int, hands: Hands | None = None) -> float:
        """How much ``seat``'s standing rises with one more ``kind``."""
        return gain(self.hands if hands is None else hands, seat, kind, self.pair)

    def after(self, changes: Sequence[Change]) -> float:
        """Our standing after the changes, relative to now."""
        return standing(moved(self.hands, changes), self.seat, self.pair) - self.base

    def deck_draw(self, seat: int) -> float:
        """The average gain to ``seat`` of a card from the deck (the unseen cards), or the top
        when ``seat`` is the reader and knows it.  Worked out on the table as it is (not
        after the Chocolate card is taken): one card barely changes it, and every seat's
        bids ask for it."""
        if seat not in self._draws:
            self._draws[seat] = self._deck_draw(seat)
        return self._draws[seat]

    def _deck_draw(self, seat: int) -> float:
        """A blind draw is valued by the seat's own collection alone (the other players'
        standings barely move with one unknown card, and each kind's worth to one
        collection is remembered across seats and rounds)."""
        if seat == self.seat and self.top >= 0:
            return self.gain(seat, self.top)
        total = sum(self.unseen)
        if not total:
            return 0.0
        hand = self.hands[seat]
        bonus, frosted = comparisons(self.hands)[seat]
        now = hand_worth(hand, self.pair, bonus, frosted)
        return (
            sum(
                c * (hand_worth(_plus(hand, k), self.pair, bonus, frosted) - now)
                for k, c in enumerate(self.unseen)
                if c
            )
            / total
        )

    def card_value(self, seat: int, kind: int, power: bool = True) -> float:
        """What taking ``kind`` from the row is worth to ``seat``: the card, then its power."""
        value = self.gain(seat, kind)
        if not power:
            return value
        return value + self.power_value(seat, kind, moved(self.hands, [(seat, kind, 1)]))

    def power_value(self, me: int, kind: int, hands: Hands) -> float:
        """What the ★ power of ``kind`` should add to ``me``, just after taking it."""
        pair = self.pair

        def best(options: list[list[Change]]) -> float:
            base = standing(hands, me, pair)
            return max((standing(moved(hands, c), me, pair) - base for c in options), default=0.0)

        others = [s for s in range(self.n) if s != me]
        if kind == CHOCOLATE_FROSTED:
            return self.deck_draw(me)
        if kind == DOUBLE_CHOCOLATE:
            return 1.3 * self.deck_draw(me)
        if kind == ECLAIR:
            return self.gain(me, self.pile[-1], hands) if self.pile else 0.0
        if kind == RED_VELVET:
            return best([[(me, k, 1)] for k in set(self.pile)])
        if kind == DAY_OLD:
            gains = sorted((self.gain(me, k, hands) for k in set(self.pile)), reverse=True)
            return sum(g for g in gains[:3] if g > 0)
        if kind in (BEAR_CLAW, STRAWBERRY_GLAZED):
            keep = 1 if kind == BEAR_CLAW else 0
            return best(
                [
                    [(t, k, -1)] + ([(me, k, 1)] if keep else [])
                    for t in others
                    for k in range(KINDS)
                    if hands[t][k]
                ]
            )
        if kind in (SPRINKLED, RASPBERRY_FROSTED):
            mine = [k for k in range(KINDS) if hands[me][k] - (k == kind) > 0] or [kind]
            to = others if kind == SPRINKLED else [-1]
            return best([[(me, k, -1)] + ([(t, k, 1)] if t >= 0 else []) for t in to for k in mine])
        if kind == MILK:
            rest = [k for k in range(KINDS) for _ in range(hands[me][k] - (k == MILK))]
            if len(rest) < MILK_DISCARDS:
                return best([[(me, MILK, -1)]])
            cheapest = sorted(rest, key=lambda k: self.gain(me, k, moved(hands, [(me, k, -1)])))
            return max(
                best([[(me, MILK, -1)]]),
                best([[(me, k, -1) for k in cheapest[:MILK_DISCARDS]]]),
            )
        if kind == FRENCH_CRULLER:
            return 0.3
        return 0.0

    def row_worths(self, seat: int) -> list[float]:
        """What each row position's card and power are worth to ``seat`` if it alone bids
        there (an empty position is worth :data:`EMPTY`), each kind worked out once."""
        known = {kind: self.card_value(seat, kind) for kind in set(self.row) if kind >= 0}
        return [known[card] if card >= 0 else EMPTY for card in self.row]


BIDDINGS = Remembered(REMEMBERED)
"""Every round's bids, worked out once for the table."""


def bidding(reading: Reading, spread: float) -> Contest:
    """The round's bids as the reader sees them: every seat's worths, and every seat's mix
    (:func:`~bodoge.engine.kit.collisions.contest`).

    Every seat bids on the same public facts, so this is worked out once per
    round for the table; a seat that knows the deck's top card (and values
    Chocolate Frosted by it) works out its own.
    """
    key: tuple[object, ...] = (reading.hands, reading.row, reading.pile, reading.pair)
    if reading.top >= 0:
        key += (reading.seat, reading.top)
    return BIDDINGS(key, lambda: [reading.row_worths(seat) for seat in range(reading.n)], spread)


class HeuristicBot(Strategy):
    """Bids from a mix that avoids clashes; otherwise plays the best-valued step.

    >>> import bodoge
    >>> state = bodoge.get_game("go-nuts-for-donuts").new_game(3, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    near = 0.05
    """Power steps this close in standing (points) are as good as each other."""
    scale = 2.0
    """About one donut's points: at temperature 1 the easy level still beats random players
    clearly and loses clearly to this level (bench/README.md)."""

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        assert isinstance(state, DonutsState)
        reading = Reading(state, seat)
        if isinstance(legal[0], Bid):
            worths, mixes = bidding(reading, self._spread())
            alone = uncontested(worths[seat], mixes, seat)
            return [alone[action.position - 1] for action in legal if isinstance(action, Bid)]
        return [self._step_value(reading, action) for action in legal]

    def weights(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        """A bid is drawn from the reader's mix (:func:`bidding`); other steps by value."""
        if not isinstance(legal[0], Bid):
            return super().weights(state, seat, legal)
        assert isinstance(state, DonutsState)
        mix = bidding(Reading(state, seat), self._spread())[1][seat]
        chances = [mix[action.position - 1] for action in legal if isinstance(action, Bid)]
        total = sum(chances)
        return [chance / total for chance in chances]

    def _spread(self) -> float:
        """Bids are drawn from a softmax: the easy level's temperature widens it."""
        return SPREAD + self.temperature * self.scale

    def _step_value(self, reading: Reading, action: Action) -> float:
        me = reading.seat
        if isinstance(action, (Keep, Take)):
            return reading.after([(me, INDEX[action.donut], 1)])
        if isinstance(action, Give):
            kind = INDEX[action.donut]
            return reading.after([(me, kind, -1), (action.target, kind, 1)])
        if isinstance(action, Steal):
            kind = INDEX[action.donut]
            return reading.after([(action.target, kind, -1), (me, kind, 1)])
        if isinstance(action, Spoil):
            return reading.after([(action.target, INDEX[action.donut], -1)])
        if isinstance(action, Discard):
            return reading.after([(me, INDEX[action.donut], -1)])
        if isinstance(action, DiscardMilk):
            return self._milk_value(reading)
        if isinstance(action, PassDonut):
            kind = INDEX[action.donut]
            return reading.after([(me, kind, -1), ((me + 1) % reading.n, kind, 1)])
        if isinstance(action, Clear):
            card = reading.row[action.position - 1]
            rivals = max(
                reading.card_value(s, card, power=False) for s in range(reading.n) if s != me
            )
            return rivals - reading.card_value(me, card)
        assert isinstance(action, Done)
        return 0.0

    @staticmethod
    def _milk_value(reading: Reading) -> float:
        """Drop the Milk (far above any Discard step) when that costs less than the three
        cheapest other donuts, else never (far below)."""
        me = reading.seat
        drop = reading.after([(me, MILK, -1)])
        rest = [k for k in range(KINDS) for _ in range(reading.hands[me][k] - (k == MILK))]
        cheapest = sorted(rest, key=lambda k: -reading.after([(me, k, -1)]))
        keep = reading.after([(me, k, -1) for k in cheapest[:MILK_DISCARDS]])
        return 100.0 if drop > keep else -100.0
