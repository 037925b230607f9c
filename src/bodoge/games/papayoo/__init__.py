"""Papayoo (パパヨー), a trick-taking game where points are bad, for 3–8 players.

60 cards: spades, hearts, clubs and diamonds 1–10 and the Payoo suit 1–20.
Payoo cards cost their number; after the pass a die picks one of the four
plain suits, whose 7 is the Papayoo and costs 40: 250 points in every hand.
The fewest points after the last hand wins.  The rulings and data this
package relies on (see shared/rules/RULINGS.md and data/bga-small-games.md):

* 7–8 players remove the 1s of the four plain suits (not the Payoo 1).
  All cards are dealt, in BGA's packets, from the dealer's left.
* Every seat passes 5/5/4/3/3/3 cards (3…8 players) to the left, all at
  once and in secret, chosen before seeing what arrives.  Choosing is split
  into steps: pick a card, take a pick back (at most as many times as cards
  to pass, so that a game has a bounded length), and confirm.  The cards
  move when the last seat confirms.  Option ``shifting_pass``: in hand h the
  cards go h mod n seats to the left, and not at all when that is 0.
* The die is rolled after the pass, from the game's generator, uniformly
  over the four plain suits (BGA rolls 1–4).
* The dealer leads the first trick; players must follow suit; there are no
  trumps; the highest card of the led suit wins and its winner leads next.
* Option ``hands``: ``one``, ``n``, ``2n`` or ``3n`` hands for n players
  (default ``n``; "one" rather than "1", which OpenSpiel's game strings
  would turn into a number); the dealer moves one seat to the left every
  hand (seat 0 deals first).  Ruling: the deal starts at the dealer's left.
* Ruling: ``scores`` are minus the points taken so far (the current hand
  included); the fewest points wins and ties share the win.

Hidden information: the other hands, the cards each seat chose to pass
(until they arrive, and then only the giver and the receiver know them) and
the next die roll.  Everything played is public, and so is every suit a
player has shown to be void in.
"""

from .actions import ConfirmPass, PickPass, Play, UnpickPass, card_name
from .game import GAME, Papayoo
from .rules import PapayooState, deal_packets, pass_offset, trick_winner

__all__ = [
    "GAME",
    "ConfirmPass",
    "Papayoo",
    "PapayooState",
    "PickPass",
    "Play",
    "UnpickPass",
    "card_name",
    "deal_packets",
    "pass_offset",
    "trick_winner",
]
