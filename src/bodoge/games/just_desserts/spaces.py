"""What Just Desserts declares about every game it can be: the ``Game`` hooks.

Its full action space (and so every action's stable integer id), the shape
of its view, the range of a score and the longest game, for an option set
and a player count.

>>> options = {"advanced": False, "buffet": False, "poaching": False, "bacon": False,
...            "coffee": False}
>>> actions = action_space(options, 2)
>>> len(actions), actions[0], score_range(options, 2)
(206, ChooseGuest(guest='agent_17'), (0, 48))
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, OptionValue
from ...engine.schema import Record
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
from .data import (
    BUFFET_CARDS,
    DESSERTS,
    GUESTS,
    MAX_SERVES,
    TAKE_BACK_LIMIT,
    TURN_LIMIT,
    deck_desserts,
    deck_guests,
)
from .view import VIEW

Options = Mapping[str, OptionValue]


def _flags(options: Options) -> tuple[bool, bool]:
    advanced = bool(options["advanced"])
    return advanced and bool(options["buffet"]), advanced and bool(options["poaching"])


def action_space(options: Options, num_players: int) -> list[Action]:
    """Choose each guest, add and take back each dessert, the fixed steps, the guest choices."""
    del num_players
    buffet, poaching = _flags(options)
    bacon, coffee = bool(options["bacon"]), bool(options["coffee"])
    guests = [GUESTS[g].id for g in deck_guests(bacon, coffee)]
    desserts = [DESSERTS[d].id for d in deck_desserts(bacon, coffee)]
    actions: list[Action] = [ChooseGuest(g) for g in guests]
    actions += [AddDessert(d) for d in desserts]
    actions += [TakeBack(d) for d in desserts]
    actions += [Serve(), CallOff(), DrawDessert(), StartSwap(), DiscardChosen(), EndTurn()]
    if buffet:
        actions += [StartBuffet(), OpenBuffet()]
        actions += [ReturnGuest(g) for g in guests]
    if poaching:
        actions += [Block(), AllowPoach()]
    actions += [DismissGuest(g) for g in guests]
    return actions


def view_schema(options: Options, num_players: int) -> Record:
    """The shape of ``JustDessertsState._view``: declared with the view itself (:mod:`.view`)."""
    return VIEW.schema(options, num_players)


def score_range(options: Options, num_players: int) -> tuple[float, float]:
    """Points: one per served guest and one per colour held exactly twice (at most 2 per guest)."""
    del num_players
    bacon, coffee = bool(options["bacon"]), bool(options["coffee"])
    return (0, 2 * len(deck_guests(bacon, coffee)))


def max_game_length(options: Options, num_players: int) -> int:
    """At most ``TURN_LIMIT`` turns of a bounded number of steps each.

    In a turn a choice can be started at most ``TAKE_BACK_LIMIT`` + 3 times
    (each start but the completed ones is called off, which spends a
    take-back); each choice adds at most every dessert plus one per
    take-back; a poach adds the victim's choice (its own budget), a buffet
    a return per player, the end of the turn a dismissal per guest.
    """
    bacon, coffee = bool(options["bacon"]), bool(options["coffee"])
    desserts, guests = len(deck_desserts(bacon, coffee)), len(deck_guests(bacon, coffee))
    starts = TAKE_BACK_LIMIT + MAX_SERVES + 2
    choosing = starts * (desserts + 2) + 2 * TAKE_BACK_LIMIT
    block = desserts + 2 * TAKE_BACK_LIMIT + 2
    per_turn = choosing + block + num_players + guests + BUFFET_CARDS + 2
    return TURN_LIMIT * per_turn
