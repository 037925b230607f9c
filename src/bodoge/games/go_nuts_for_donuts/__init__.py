"""Go Nuts for Donuts (Gamewright, 2017): bid in secret on a row of donuts.

Each round every player at once bids on one position of the donut row
with a numbered selection card.  A donut only one player bid on is theirs
(and its ★ power works at once); a donut two or more bid on is discarded.
When the deck cannot refill the row, the most points win.

What this package relies on (the rule text's BGA help page and its card
table; rulings for what the text leaves open):

* 2–6 players; selection cards ``1 .. players + 1``; the row has
  ``players + 1`` positions.  The deck is every card whose printed minimum
  player count is at most the game's: 37 / 50 / 61 / 70 / 70 cards at
  2 / 3 / 4 / 5 / 6 players, with ``min(players - 1, 4)`` French Crullers.
* Bids are one secret simultaneous decision; they are revealed together.
* Resolution goes from position 1 up: two or more bids discard the card at
  once (so a later Eclair or Red Velvet can take it); one bid gives the
  card to its bidder and its power works at once, before the next
  position.  A card gained any other way (Eclair, Red Velvet, Day Old
  Donuts, Chocolate Frosted, Double Chocolate, Bear Claw, Sprinkled,
  Cinnamon Twist) never works its power.  Cards nobody bid on stay.
* Refill: empty positions in order; if the deck holds fewer cards than
  there are empty positions the game ends at once (no partial refill);
  exactly enough: refill and play on.
* Scoring as in ``data.py`` and :mod:`.scoring`.  Rulings: two Boston
  Creams score 6 (the design parameter ``boston_cream_pair``, provisional:
  no card image confirms it); Maple Bar needs 7+ kinds; Maple Frosted the
  strictly fewest donuts; every copy of a condition card (Maple Bar, Old
  Fashioned, Mucho Matcha, Maple Frosted, Milk, Coffee) scores on its own.
  Plain's bonus needs at least one Plain.
* Powers (interpretations where the text is short): Sprinkled and
  Raspberry Frosted act on one of your *other* donuts, on themselves only
  when they are your only donut; Sprinkled gives to another player.  Bear
  Claw steals and Strawberry Glazed discards another player's donut
  (nobody else holds one: nothing).  Milk discards three *other* donuts or
  itself (forced with fewer than three others).  Red Velvet and Day Old
  Donuts take the topmost copy of the kind chosen; Eclair the top card.
  French Cruller discards row cards nobody bid on this round, one at a
  time, then stops (their positions are refilled).  Double Chocolate with
  one card left takes it; with none, nothing; the card it puts back stays
  known to its taker until drawn.  Cinnamon Twist (ruling): every player
  at once and in secret chooses one of their donuts (any, the Cinnamon
  Twist included) and all pass to the left together; if any player holds
  no donut, it fails and the Cinnamon Twist is discarded.
* A decision with a single possible answer is carried out at once (the
  event's ``forced`` fact), except Double Chocolate's keep and Cinnamon
  Twist's pass.
* Ties: most points, then most donut cards, then a shared win.

Hidden information: the deck's order, the bids until all are in, the
passes until all are chosen, and Double Chocolate's drawn pair (its taker
sees it).  Collections, the row and the discard pile are public.
"""

from . import data
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
from .game import GAME, GoNutsForDonuts
from .rules import DonutsState

__all__ = [
    "GAME",
    "Bid",
    "Clear",
    "Discard",
    "DiscardMilk",
    "Done",
    "DonutsState",
    "Give",
    "GoNutsForDonuts",
    "Keep",
    "PassDonut",
    "Spoil",
    "Steal",
    "Take",
    "data",
]
