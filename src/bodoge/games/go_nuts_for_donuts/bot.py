"""A heuristic Go Nuts for Donuts player that reads only its own view.

It values a table by *standing*: its own points (with what a half-built
set promises: a lone Boston Cream or an odd Jelly Filled is half a pair)
less the best other player's.  Then:

* it bids on the position whose card (and ★ power, valued from what is
  public: the discard pile, the collections, the make-up of the unseen
  cards) raises its standing most, weighed by the chance that nobody else
  bids on it (each other player is guessed to prefer what helps *them*);
* for a power's decision it plays the step that leaves the best standing
  (give away, steal, discard, keep, pass); French Cruller clears what helps
  another player more than itself; Day Old Donuts stops when nothing left
  is worth taking.

Nothing here looks at hidden cards: the view is all it has.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Action, State, Strategy
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
from .scoring import totals

INDEX = {donut: kind for kind, donut in enumerate(DONUTS)}
HALF_SET = {BOSTON_CREAM: 0.45, JELLY_FILLED: 0.45}
"""Share of the next step's points a set counts before it is reached (odd counts)."""
MAPLE_BAR_HOPE = 1.0
"""What a Maple Bar is worth before seven kinds are held."""
RIVAL = 0.6
"""How much the best other player's points weigh against our own."""
TEMPERATURE = 2.0
"""How sharply the other bidders are guessed to prefer what helps them (softmax)."""

Hands = list[list[int]]


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


def worth(hands: Hands, pair: int) -> tuple[float, ...]:
    """Every player's points plus what their half-built sets promise."""
    return _worth(tuple(map(tuple, hands)), pair)


@functools.lru_cache(maxsize=8192)
def _worth(hands: tuple[tuple[int, ...], ...], pair: int) -> tuple[float, ...]:
    """:func:`worth`, remembered: one decision weighs the same few tables many times over."""
    return tuple(s + promise(h, pair) for s, h in zip(totals(hands, pair), hands, strict=True))


def standing(hands: Hands, seat: int, pair: int) -> float:
    """Our worth less the best other player's (weighted by :data:`RIVAL`)."""
    values = worth(hands, pair)
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - RIVAL * max(others, default=0.0)


def moved(hands: Hands, changes: Sequence[tuple[int, int, int]]) -> Hands:
    """A copy of ``hands`` with ``(seat, kind, +1/-1)`` changes made."""
    out = [list(h) for h in hands]
    for seat, kind, delta in changes:
        out[seat][kind] += delta
    return out


class Reading:
    """The bot's reading of the table, from one seat's view."""

    def __init__(self, view: Mapping[str, Any], seat: int, pair: int) -> None:
        self.seat = seat
        self.pair = pair
        self.n = len(view["players"])
        self.hands: Hands = [list(p["donuts"]) for p in view["players"]]
        self.row = [INDEX[d] if d else -1 for d in view["row"]]
        self.pile = [INDEX[d] for d in view["discard_pile"]]
        self.base = standing(self.hands, seat, pair)
        seen = [0] * KINDS
        for hand in self.hands:
            seen = [a + b for a, b in zip(seen, hand, strict=True)]
        for card in self.row + self.pile:
            if card >= 0:
                seen[card] += 1
        copies = copies_in(self.n)
        self.unseen = [max(0, copies[k] - seen[k]) for k in range(KINDS)]
        top = view.get("deck_top")
        self.top = INDEX[top] if top else -1

    def gain(self, seat: int, kind: int, hands: Hands | None = None) -> float:
        """How much ``seat``'s standing rises with one more ``kind``."""
        hands = self.hands if hands is None else hands
        return standing(moved(hands, [(seat, kind, 1)]), seat, self.pair) - standing(
            hands, seat, self.pair
        )

    def after(self, changes: Sequence[tuple[int, int, int]]) -> float:
        """Our standing after the changes, relative to now."""
        return standing(moved(self.hands, changes), self.seat, self.pair) - self.base

    def deck_draw(self, hands: Hands) -> float:
        """The average gain of a card from the deck (the unseen cards), or the known top."""
        if self.top >= 0:
            return self.gain(self.seat, self.top, hands)
        total = sum(self.unseen)
        if not total:
            return 0.0
        return sum(c * self.gain(self.seat, k, hands) for k, c in enumerate(self.unseen) if c) / (
            total
        )

    def card_value(self, seat: int, kind: int) -> float:
        """What taking ``kind`` from the row is worth to ``seat``: the card, then its power."""
        hands = moved(self.hands, [(seat, kind, 1)])
        value = standing(hands, seat, self.pair) - standing(self.hands, seat, self.pair)
        if seat == self.seat:
            value += self.power_value(kind, hands)
        return value

    def power_value(self, kind: int, hands: Hands) -> float:
        """What the ★ power of ``kind`` should add, just after taking it."""
        me = self.seat

        def best(options: list[list[tuple[int, int, int]]]) -> float:
            base = standing(hands, me, self.pair)
            return max(
                (standing(moved(hands, c), me, self.pair) - base for c in options), default=0.0
            )

        others = [s for s in range(self.n) if s != me]
        if kind == CHOCOLATE_FROSTED:
            return self.deck_draw(hands)
        if kind == DOUBLE_CHOCOLATE:
            return 1.3 * self.deck_draw(hands)
        if kind == ECLAIR:
            return self.gain(me, self.pile[-1], hands) if self.pile else 0.0
        if kind == RED_VELVET:
            return best([[(me, k, 1)] for k in set(self.pile)])
        if kind == DAY_OLD:
            gains = sorted((self.gain(me, k, hands) for k in self.pile), reverse=True)
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

    def bid_values(self) -> list[float]:
        """Every bid's expected worth: the card's value if nobody else bids on it."""
        free = [1.0] * len(self.row)
        for other in range(self.n):
            if other == self.seat:
                continue
            prefs = [self.card_value(other, c) if c >= 0 else -1.0 for c in self.row]
            top = max(prefs)
            weights = [math.exp((v - top) / TEMPERATURE) for v in prefs]
            total = sum(weights)
            free = [f * (1 - w / total) for f, w in zip(free, weights, strict=True)]
        return [
            self.card_value(self.seat, card) * chance if card >= 0 else -1.0
            for card, chance in zip(self.row, free, strict=True)
        ]


class HeuristicBot(Strategy):
    """Plays the best-valued legal action (ties broken at random).

    >>> import bodoge
    >>> state = bodoge.get_game("go-nuts-for-donuts").new_game(3, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    def decide(self, state: State, seat: int, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        reading = Reading(view, seat, int(state.design["boston_cream_pair"]))
        bids = reading.bid_values() if isinstance(legal[0], Bid) else []
        scored = []
        for action in legal:
            if isinstance(action, Bid):
                value = bids[action.position - 1]
            else:
                value = self._step_value(reading, view, action)
            scored.append((value, self._rng.random(), action))
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    def _step_value(self, reading: Reading, view: Mapping[str, Any], action: Action) -> float:
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
            rivals = max(reading.card_value(s, card) for s in range(reading.n) if s != me)
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
