"""Moriya Wars (モリヤウォーズ, a Touhou fan game): hidden identities, six dice, four regions.

Every player holds one identity card, face down; each card has its own win
condition.  A turn rolls six dice; the player picks one face and carries out
its action once per die showing it: faces 2 to 5 place human or youkai chips
in that face's region, 1 takes money, 6 steals it.  Money buys evictions and
rerolls.  Four alike allow a swap of identity cards.  When a supply of chips
runs out the cards are revealed and checked.

What this package relies on (the rule text, its worked examples, and the
project's rulings):

* 3–5 players; one card each, dealt face down, the spare (if any) stays face
  down.  With three players ⑤ is removed before dealing (three cards dealt,
  one spare); with four, one spare; with five, none.
* A turn: roll, then exactly one face's action with the quantity the dice
  show.  Faces 2–5: chips of one side only, within the region's cap; 1: take
  money; 6 (Ruling): take that much from one other player, who must hold at
  least that much.  An action whose quantity cannot be met cannot be chosen;
  an action that can be carried out must be; with none the turn passes.
* Money, on one's own turn, any number of times, one chip each: evict (one
  chip from the board back to the supply) or bribe (reroll any chosen dice,
  all allowed, chosen one die at a time and then rolled).  Spent money leaves
  the game.  Ruling: 「いつでも」 means before and after the face's action;
  after it only an eviction has a use (a bribe is not offered), and the
  turn ends with an explicit "end turn", taken for the player when they have
  no money or nothing can be evicted.  Money may be spent before a pass, to
  change it.
* Four alike or more: instead of the action, swap identity cards with another
  player still in or with the spare, then play one more turn with three dice.
  Who swapped with whom is public; both sides of a swap know the card each
  gave and the one it got (the spare's new card: its swapper).
* The game ends at once when the human, youkai or money supply runs out.
  Every player still in reveals; of those whose condition holds the lowest
  number wins; with none, the highest number held by a player still in.
* ⑤ may claim at once while at least three regions are full and tied: on its
  own turn, and when an action makes it so, every player still in is asked in
  turn from the mover (asking everyone hides who holds ⑤).  A false claim
  reveals that card and puts the player out; the others go on.  A claim is
  only possible while the board shows the condition; everyone can see it.
* Provisional data (see data.py): face 5's region and its cap; the chip
  counts; the conditions of ② ③ ④.
* A safety limit is not a rule: a game not over after ``data.TURN_LIMIT``
  turns is stopped with no winner.

Hidden information: every identity card not revealed, and the dice of the
next roll.  The board, money, the dice rolled and all swaps are public.
"""

from .actions import (
    Claim,
    EndTurn,
    Evict,
    LetPass,
    MarkDie,
    Pass,
    Place,
    Reroll,
    Steal,
    Swap,
    SwapSpare,
    TakeMoney,
    UnmarkDie,
)
from .game import GAME, MoriyaWars
from .rules import MoriyaWarsState, full_and_tied, identity_pool, leads

__all__ = [
    "GAME",
    "Claim",
    "EndTurn",
    "Evict",
    "LetPass",
    "MarkDie",
    "MoriyaWars",
    "MoriyaWarsState",
    "Pass",
    "Place",
    "Reroll",
    "Steal",
    "Swap",
    "SwapSpare",
    "TakeMoney",
    "UnmarkDie",
    "full_and_tied",
    "identity_pool",
    "leads",
]
