"""Tarot Storia (タロットストーリア, 2015): tell the king a story in 22 cards, alone or as a pair.

Cards numbered 0 to 21 are laid out in columns, each offset by half a card
from the next; low numbers belong at the beginning (left), high ones at the
end (right), and colours score where they touch.  Solo for one player, the
duet for two who play together on one layout and share the score.

What this package relies on (the rule text and the project's rulings):

* Components: 22 cards in four colours, 7 red, 6 blue, 5 yellow, 4 black.
  Only three colours are known (6 and 10 red, 9 black): the others are a
  provisional stand-in keeping the counts, labelled in ``data.py``, in the
  docs and in the table's rules panel.
* Geometry (:mod:`.layout`): a card touches up to six others; at most 4
  cards a column (3 in the duet); holes allowed; any number of columns; a
  new card must touch a placed one, the first goes anywhere (one place
  stands for all, a layout being the same wherever it lies).
* A turn: draw a card if the deck has one, then place a card from hand or
  swap a hand card with a placed one (only while the deck has cards: the
  check comes after the draw).  The swapping player places two cards on
  their next turn, and may not swap then.  A round ends when every hand is
  empty; in the duet a player with an empty hand and nothing to draw is
  passed over.
* Scoring in the text's three steps (:func:`.layout.score`).  A gap is an
  empty place of a column between its top and bottom card.
* Round 1 at 0 or less ends the game.  Otherwise the start player (seat 0)
  chooses the column to keep (in the duet the pair may talk it over); its
  face-down cards leave the game, its holes close up, every other card is
  shuffled into the new deck and round 2 starts with seat 0 again.  Ruling:
  the final score is round 1 + round 2.
* Co-operative (the engine's convention): every seat scores the shared
  score; ``winners`` lists every seat once the king granted the encore and
  the second round was played, none after a game over in round 1.  The
  text's rank messages (solo and duet tables) judge the final score.

Hidden information: the deck's order and, in the duet, the other player's
hand (except the cards it took back from the table by a swap, which
everybody saw).  The table and the cards out of the game are public.
"""

from .actions import Keep, Place, Swap
from .game import GAME, TarotStoria
from .rules import TarotStoriaState

__all__ = ["GAME", "Keep", "Place", "Swap", "TarotStoria", "TarotStoriaState"]
