"""Cardiceo (BGA): discard the cards that sums of a d4, a d8 and a d12 match exactly.

60 cards, four of each value 1–15.  Everyone gets 10 cards (option
``short``: 5; from seven players ⌊60/n⌋); the rest is set aside unseen.
The rulings this package relies on (see shared/rules/RULINGS.md and
shared/rules/data/bga-small-games.md):

* A turn: roll the dice passed to you (the first turn of a round: all
  three), then discard cards one at a time, each with a set of the dice not
  used yet this turn whose values add up to the card exactly.  A die serves
  one card a turn; cards never add up to meet a die.  You may stop whenever
  you like; the turn also ends by itself once no card can be discarded.
* Used dice pass to the next player, who rolls exactly those; unused dice
  stay in the middle with their values locked, and the next player plays
  them as they are.  When all three are in the middle (nothing was
  discarded), the next player chooses to keep the three values or reroll
  all three (the no-play rule).
* The first empty hand wins at once.  ``scores`` are minus the sum of the
  cards left.  Options: ``easy`` (every hand face up), ``rounds`` (extended
  play: the sums of cards left add up over the rounds, lowest total wins,
  ties share; round r starts with seat (r-1) mod n, who rolls all three),
  ``hardcore`` (at most four players, one card of each value 1–15 each, all
  face up; a player who ends a turn having discarded nothing, whether
  unable or by stopping, is out and all three dice lock in the middle for
  the next player, with no reroll choice; last one standing or first empty
  hand wins).  Hardcore is not combined with ``short``, ``easy`` or several
  rounds.
* A safety limit is not a rule: a round still going after
  ``ROUND_TURN_LIMIT`` turns per player (far beyond any game people play)
  stops the game with no winner (``winners`` is empty, ``stopped`` is
  true, the result's ``by_limit`` too); it is not ranked and no further
  round is dealt.
* ``rounds``: any agreed number from 1 to 20.

Hidden information: the closed hands and the cards set aside (nothing in
``easy`` or ``hardcore``).  Every hand is shown once the game is over.
"""

from .actions import Discard, KeepDice, RerollDice, Stop, discard
from .game import GAME, Cardiceo
from .rules import CardiceoState, matches

__all__ = [
    "GAME",
    "Cardiceo",
    "CardiceoState",
    "Discard",
    "KeepDice",
    "RerollDice",
    "Stop",
    "discard",
    "matches",
]
