"""Egyptian Bride (エジプトの花嫁, 2015) and its expansion 『ルクソールの娘』.

Players collect bride cards 4–13 (with the expansion, 14–18 too) and marry
the numbers they hold the most of — but more than four brides and they drop
out.  The rulings this package relies on (see shared/rules/RULINGS.md):

* Action A takes 1 to 3 cards one at a time, each from the face-up row or
  the deck, and may stop after any card.  In the base game a face-up card is
  replaced at once (the new card may be taken in the same action); with the
  expansion the row is refilled to five after the action.
* ``first_turn_limits``: the start player (seat 0) takes at most one card in
  their first A and the second player at most two.  The expansion text omits
  this rule, so it is an option: on by default in the base game only.
* The game ends when the next active player could take at most one of
  A, B and C (jealousy never counts), except during each player's first turn.
  With the deck empty nothing is reshuffled or refilled.
* Settlement goes from the lowest number up: a unique most marries; a tie is
  won by a tied chip holder, else nobody marries.  Marrying scores 1, plus 1
  with the chip; holding the chip without marrying costs 1, even with no cards.
  Players with five or more brides drop out after every number is settled.
  Ties on points go to whoever married the highest number, else are shared.
* Jealousy (expansion, D): pick another player and a number they have placed
  (k cards); discard 2k cards of any single number from hand; their k cards
  are discarded, their chip stays.  Discards leave the game.

Hidden information: hands, the deck order and the set-aside cards.  Cards
taken from the face-up row are public knowledge (``known_hand`` in views)
until a card of that number leaves the hand.
"""

from .actions import Jealousy, Place, StopTaking, TakeChip, TakeFaceUp, TakeFromDeck
from .game import GAME, EgyptianBride
from .rules import EgyptianBrideState, Settlement, settle

__all__ = [
    "GAME",
    "EgyptianBride",
    "EgyptianBrideState",
    "Jealousy",
    "Place",
    "Settlement",
    "StopTaking",
    "TakeChip",
    "TakeFaceUp",
    "TakeFromDeck",
    "settle",
]
