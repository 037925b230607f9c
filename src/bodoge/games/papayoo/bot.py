"""A heuristic Papayoo player that reads only its own view.

Passing: it hands on its most dangerous cards: high Payoo cards, the 7s
(each has one chance in four of becoming the Papayoo) and high cards that
few low cards of their suit protect; cards of nearly equal danger are
picked at random, so that its passes cannot be read off its hand.

Playing: it counts the cards it has seen (its hand, the cards played) to
tell whether a card can still be beaten.  It leads low cards that others
can beat, ducks under the winning card when it can, dumps the Papayoo and
big Payoo cards on someone else's trick when it cannot follow, and when it
must win a trick it wins with the card it most wants to be rid of.
Nothing here looks at hidden cards: the view is all it has.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...engine import Action, State, Strategy
from .actions import ConfirmPass, PickPass, Play
from .data import ID, PAPAYOO_POINTS, PAPAYOO_RANK, PAYOO, POINTS, RANK, SUIT, SUITS, deck_for
from .data import papayoo_card as seven_of
from .rules import PapayooState
from .vocabulary import PASS


def pass_danger(card: int, lower: int) -> float:
    """How much a card will likely cost, before the Papayoo is known.

    ``lower`` counts the cards of its suit below it in the same hand (up to
    three), which may let its holder duck under a trick.
    """
    rank = RANK[card]
    if SUIT[card] == PAYOO:
        return rank + (5 if rank >= 15 else 0) - 0.5 * lower
    danger = 1.5 * max(0, rank - 4) - lower
    if rank == PAPAYOO_RANK:
        danger += 6
    return danger


@lru_cache(maxsize=4096)
def dangers(hand: tuple[int, ...]) -> dict[int, float]:
    """:func:`pass_danger` of every card of a hand.

    Cached: a pass is picked one card at a time from the same hand, and
    playouts deal the same hands again and again.
    """
    below: dict[int, int] = {}
    danger = {}
    for card in sorted(hand):  # a suit's cards in rank order
        lower = below.get(SUIT[card], 0)
        danger[card] = pass_danger(card, min(3, lower))
        below[SUIT[card]] = lower + 1
    return danger


def cards_to_pass(hand: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The ``count`` most dangerous cards of a hand, most dangerous first."""
    danger = dangers(hand)
    return tuple(sorted(hand, key=lambda card: (-danger[card], -card))[:count])


class Table:
    """The bot's reading of the table: the seat's own hand and the public cards.

    Built from a view (:meth:`from_view`), or, faster, from the same facts
    read straight off the state (:meth:`from_state`: the seat's own hand,
    the trick, the played cards and the die; nothing hidden from the seat).
    """

    def __init__(
        self, num_players: int, hand: list[int], trick: list[int], played: list[int], papayoo: int
    ) -> None:
        self.num_players = num_players
        self.hand = hand
        self.trick = trick
        self.papayoo = papayoo
        seen = set(hand)
        seen.update(trick)
        seen.update(played)
        self.unseen = [card for card in deck_for(num_players) if card not in seen]
        self._unseen_by_suit: dict[int, list[int]] | None = None
        self.last_to_play = len(trick) == num_players - 1

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Table:
        letter = view["papayoo"]
        return cls(
            len(view["players"]),
            [ID[code] for code in view["hand"]],
            [ID[play["card"]] for play in view["trick"]],
            [ID[code] for code in view["played"]],
            seven_of(SUITS.index(letter)) if letter is not None else -1,
        )

    @classmethod
    def from_state(cls, state: PapayooState, seat: int) -> Table:
        return cls(
            state.num_players,
            state.hands[seat],
            state.trick,
            state.played,
            state.papayoo_id,
        )

    def points(self, card: int) -> int:
        return POINTS[card] + (PAPAYOO_POINTS if card == self.papayoo else 0)

    def trick_points(self) -> int:
        return sum(self.points(card) for card in self.trick)

    def higher_unseen(self, card: int) -> int:
        """Unseen cards of the same suit that beat ``card``."""
        if self._unseen_by_suit is None:
            self._unseen_by_suit = {}
            for other in self.unseen:
                self._unseen_by_suit.setdefault(SUIT[other], []).append(other)
        return sum(1 for other in self._unseen_by_suit.get(SUIT[card], ()) if other > card)

    def papayoo_out(self) -> bool:
        """The Papayoo is still in someone else's hand."""
        return self.papayoo in self.unseen

    def winning_card(self) -> int:
        led = SUIT[self.trick[0]]
        return max(card for card in self.trick if SUIT[card] == led)

    # ---------------------------------------------------------- choosing

    def lead_cost(self, card: int) -> float:
        beaters = self.higher_unseen(card)
        if beaters == 0:
            return 30 + self.points(card) + (10 if SUIT[card] == PAYOO else 0)
        cost = RANK[card] / (beaters + 1)
        if card == self.papayoo:
            return 25 + cost  # someone else may win it, but rarely worth the risk
        if SUIT[card] == SUIT[self.papayoo] and card > self.papayoo and self.papayoo_out():
            cost += 15  # the Papayoo's holder could duck under this card
        if SUIT[card] == PAYOO:
            cost += 0.3 * RANK[card]
        return cost

    def follow_value(self, card: int) -> float:
        """Higher is better, when following suit."""
        winning = self.winning_card()
        if card < winning:
            return 1000 + self.points(card) * 10 + RANK[card]  # duck, dumping points
        if card == self.papayoo:
            return -1000  # winning the Papayoo ourselves
        if self.last_to_play:
            # The trick is ours: win it with the card we least want to keep.
            return -self.points(card) * 10 + (0 if SUIT[card] == PAYOO else RANK[card])
        return -RANK[card] - self.points(card) * 10  # the lowest, hoping to be overtaken

    def discard_value(self, card: int) -> float:
        """Higher is better, when we cannot follow suit (we cannot win the trick)."""
        if card == self.papayoo:
            return 1000
        if SUIT[card] == PAYOO:
            return 100 + RANK[card]
        value = float(RANK[card])
        if SUIT[card] == SUIT[self.papayoo] and card > self.papayoo and self.papayoo_out():
            value += 8
        same_suit = sum(1 for other in self.hand if SUIT[other] == SUIT[card])
        return value + 2 * max(0, 3 - same_suit)

    def play_value(self, card: int) -> float:
        if not self.trick:
            return -self.lead_cost(card)
        if SUIT[card] == SUIT[self.trick[0]]:
            return self.follow_value(card)
        return self.discard_value(card)


PICK_FIRST = 1000.0
"""Confirming a full pass comes before anything else; taking a card back never does."""


class HeuristicBot(Strategy):
    """Picks its passes by danger and scores each card it may play (near-equal ones at
    random).

    >>> import bodoge
    >>> state = bodoge.get_game("papayoo").new_game(4, seed=1)
    >>> HeuristicBot(2).choose(state, 0) in state.legal_actions(0)
    True
    """

    near = 0.5
    """Half a rank: cards this close in danger or cost are as good as each other."""
    scale = 5.0
    """About one Payoo card's points, or a few ranks of danger."""

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        if isinstance(state, PapayooState):
            if state.phase == PASS:
                return self._pass_values(state.hands[seat], legal)
            table = Table.from_state(state, seat)
        else:  # any other State: read the view, as any client would
            view = state.view(seat)
            if view["phase"] == "pass":
                return self._pass_values([ID[code] for code in view["hand"]], legal)
            table = Table.from_view(view)
        return [
            table.play_value(ID[action.card]) if isinstance(action, Play) else -PICK_FIRST
            for action in legal
        ]

    @staticmethod
    def _pass_values(hand: list[int], legal: list[Action]) -> list[float]:
        """Confirm a full pass; else pick the most dangerous card left (never take one back:
        near-equal picks are drawn at random, so the pass is whatever was drawn)."""
        danger = dangers(tuple(hand))
        values = []
        for action in legal:
            if isinstance(action, ConfirmPass):
                values.append(PICK_FIRST)
            elif isinstance(action, PickPass):
                values.append(danger[ID[action.card]])
            else:
                values.append(-PICK_FIRST)
        return values
