"""A heuristic Just Desserts player that reads only its own view.

It values a set of served guests by how near it is to a win (three of one
colour, or five colours), and then:

* serves the guest that brings it nearest a win, poaching when the guest
  would win it the game or complete a pair and the victim is unlikely to
  block (few cards in hand), and otherwise the cheapest to satisfy;
* builds the plate greedily: a favourite first (the tip), else the dessert
  that covers the most missing tastes with the fewest spare ones (versatile
  cards stay in hand);
* with nothing to serve, opens a buffet when others have guests to give
  back, else swaps away desserts no guest in sight can use, else draws;
* blocks a poach whenever it can, returns the guest whose loss costs it the
  least, and at the end of the turn sends away the guest it (and so the
  next player, who sees the same desserts less well) is least able to serve.

Nothing here looks at hidden cards: the view is all it has.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...engine import Action, State, Strategy
from .actions import (
    AddDessert,
    AllowPoach,
    Block,
    CallOff,
    ChooseGuest,
    DiscardChosen,
    DismissGuest,
    DrawDessert,
    EndTurn,
    OpenBuffet,
    ReturnGuest,
    Serve,
    StartBuffet,
    StartSwap,
    TakeBack,
)
from .data import DESSERT_INDEX, DESSERTS, GUEST_INDEX, GUESTS, WIN_COLOURS, WIN_SAME
from .rules import JustDessertsState

VIEW_READ = ("players", "hand", "plate", "middle", "doorway")
"""The fields of its view that the bot reads (the rest it need not build)."""
WIN = 100.0
SERVE_FLOOR = 1.0
"""The least a guest in sight that it can satisfy is worth: more than a swap or a draw.

Serving is the only thing that moves desserts between players once the deck
is spent; a bot that swapped rather than serve an expensive guest of little
use to it kept five bots swapping the same hands for ever in about one
five-player game in 700 (bench/README.md).
"""


def progress(won: Iterable[str]) -> float:
    """How near a set of served guests is to a win (WIN once it wins)."""
    colours = Counter(GUESTS[GUEST_INDEX[g]].colour for g in won)
    if not colours:
        return 0.0
    same, distinct = max(colours.values()), len(colours)
    if same >= WIN_SAME or distinct >= WIN_COLOURS:
        return WIN
    return (
        3.0 * (same / WIN_SAME) ** 2
        + 3.0 * (distinct / WIN_COLOURS) ** 2
        + 0.2 * sum(colours.values())
    )


def _tastes(dessert: str) -> frozenset[str]:
    return frozenset(DESSERTS[DESSERT_INDEX[dessert]].tastes)


def _guest(guest: str) -> Any:
    return GUESTS[GUEST_INDEX[guest]]


def plate_cost(guest: str, hand: Sequence[str]) -> int:
    """Cards a greedy plate for the guest takes from ``hand`` (99 if none satisfies)."""
    g = _guest(guest)
    refused = set(g.refuses)
    usable = [d for d in hand if not (_tastes(d) & refused)]
    if (
        any(
            d in g.favourites or (g.favourite_taste and g.favourite_taste in _tastes(d))
            for d in usable
        )
        and g.favourites
    ):
        return 1
    lacking = set(g.wants)
    count = 0
    while lacking:
        best = max(usable, key=lambda d: len(_tastes(d) & lacking), default=None)
        if best is None or not _tastes(best) & lacking:
            return 99
        lacking -= _tastes(best)
        usable.remove(best)
        count += 1
    return count


class HeuristicBot(Strategy):
    """Scores every legal action and plays from the near-best (near-equal ones at random).

    Turns are taken one at a time (nothing is chosen simultaneously), so only
    ties and near-ties are mixed.

    >>> import bodoge
    >>> state = bodoge.get_game("just-desserts").new_game(2, seed=1)
    >>> HeuristicBot(2).choose(state, state.to_act[0]) in state.legal_actions(state.to_act[0])
    True
    """

    near = 0.05
    """Guests or desserts this close in progress are as good as each other."""
    scale = 3.0
    """About one guest's worth of progress towards a winning set."""

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        assert isinstance(state, JustDessertsState)
        view = state.view_part(seat, *VIEW_READ)
        return [self._score(view, seat, action) for action in legal]

    def _score(self, view: Mapping[str, Any], seat: int, action: Action) -> float:
        mine = view["players"][seat]["won"]
        hand = view["hand"] or []
        plate = view["plate"]
        if isinstance(action, ChooseGuest):
            return self._guest_value(view, seat, action.guest)
        if isinstance(action, AddDessert):
            return self._add_value(view, action.dessert)
        if isinstance(action, (Serve, Block, OpenBuffet)):
            return 1000.0
        if isinstance(action, DiscardChosen):
            return 1000.0 if plate and plate["size"] >= self._swap_size(view) else -1.0
        if isinstance(action, TakeBack):
            return -50.0
        if isinstance(action, CallOff):
            return -40.0
        if isinstance(action, AllowPoach):
            return -30.0
        if isinstance(action, EndTurn):
            return 0.0
        if isinstance(action, StartBuffet):
            others = sum(1 for p in view["players"] if p["seat"] != seat and p["won"])
            return 2.0 * others - 0.5 if others else -5.0
        if isinstance(action, StartSwap):
            return 0.5 if self._swap_size(view) >= 2 else -5.0
        if isinstance(action, DrawDessert):
            return 0.0
        if isinstance(action, ReturnGuest):
            rest = list(mine)
            rest.remove(action.guest)
            return progress(rest)
        if isinstance(action, DismissGuest):
            return plate_cost(action.guest, hand) + 0.1 * len(_guest(action.guest).wants)
        return 0.0

    def _guest_value(self, view: Mapping[str, Any], seat: int, guest: str) -> float:
        mine = view["players"][seat]["won"]
        gain = progress([*mine, guest]) - progress(mine)
        cost = plate_cost(guest, view["hand"] or [])
        for player in view["players"]:
            if player["seat"] != seat and guest in player["won"]:
                rest = [g for g in player["won"] if g != guest]
                denial = progress(player["won"]) - progress(rest)
                risk = min(0.9, 0.12 * player["hand_size"])
                return float((1 - risk) * (gain + 0.5 * denial) + 0.5 - 0.3 * cost)
        return max(gain + 1.0 - 0.3 * cost, SERVE_FLOOR)

    def _add_value(self, view: Mapping[str, Any], dessert: str) -> float:
        plate = view["plate"]
        if plate["for"] in ("swap", "buffet"):
            if plate["for"] == "buffet":
                return 10.0
            return (
                10.0 - self._usefulness(view, dessert)
                if plate["size"] < self._swap_size(view)
                else -100.0
            )
        guest = _guest(plate["guest"])
        tastes = _tastes(dessert)
        lacking = set(plate["missing"] or ())
        favourite = dessert in guest.favourites or (
            guest.favourite_taste and guest.favourite_taste in tastes
        )
        if favourite and not plate["favourite"]:
            return 20.0
        covered = len(tastes & lacking)
        return 5.0 * covered - (len(tastes) - covered) - 0.1 * self._usefulness(view, dessert)

    def _usefulness(self, view: Mapping[str, Any], dessert: str) -> float:
        """How many guests in sight this dessert could help."""
        guests = list(view["middle"]) + ([view["doorway"]] if view["doorway"] else [])
        tastes = _tastes(dessert)
        return float(
            sum(
                1
                for g in guests
                if tastes & set(_guest(g).wants) and not tastes & set(_guest(g).refuses)
            )
        )

    def _swap_size(self, view: Mapping[str, Any]) -> int:
        """Desserts in hand no guest in sight can use."""
        hand = list(view["hand"] or [])
        plate = view["plate"]
        chosen = plate["desserts"] if plate and plate["desserts"] else []
        return sum(1 for d in hand + chosen if self._usefulness(view, d) == 0)
