"""Hoarders (Flatlined Games, 2018): hoard five identical nuts before winter.

Every player owns the same five critters.  Each round all players secretly
place two of them face down at once; then, clockwise from the crown holder
and for two laps, each reveals one and carries it out: the Squirrel draws a
nut, the Raccoon steals one, the Hamster cancels a theft, the Groundhog
copies, the Beaver draws big unless other Beavers come out too.  The first
to hold five identical nuts wins on the spot.

What this package relies on (see shared/rules/RULINGS.md, ``hoarders``, and
shared/rules/data/bga-small-games.md, section 7):

* Components: 55 nuts (11 each of walnut, hazelnut, sunflower seed, acorn,
  peanut); one set of the five critters per player; three nuts dealt face up
  to each collection; seat 0 starts with the crown, which moves left (to the
  next seat) every round.
* Choosing is simultaneous and secret: every seat is in ``to_act`` and
  hides its two critters one step at a time; nobody sees another's choice
  until the rules turn it face up.
* Reveals run clockwise from the crown, two laps; a player with nothing face
  down when their turn comes passes (automatically).
* Raccoon (Ruling): choose another player holding at least one nut and the
  nut to take; if nobody else has a nut, no effect.
* Hamster: a face-down Hamster may cancel one theft from its owner; it is
  then revealed and spent.  Revealed on its owner's turn it does nothing.
  Interpretation: so that being asked never tells the table who hides a
  Hamster, *every* robbed player with anything face down is asked (their
  only choice may be to let the theft happen); a player with nothing face
  down is robbed at once.
* Groundhog (Ruling): copies the latest of its owner's critters revealed
  earlier this round — never a Beaver; with none, no effect.  A Hamster that
  came out as a reaction can be copied (to no effect).
* Beaver: every other face-down Beaver is forced out.  Alone: draw three.
  Otherwise each player who had no Beaver face down draws one, clockwise
  from the crown (Interpretation: the text gives no order).
* Five identical nuts win at once, mid-round; several at once (a Beaver):
  the earliest clockwise from the crown holder wins.
* Empty deck (Ruling): draws from it give nothing; a round that ends with
  the deck empty ends the game: most cards of one kind wins, then most nuts,
  then the win is shared.
* A safety limit is not a rule: the rules never end a game in which nobody
  draws, so a game still going after ``data.ROUND_LIMIT`` rounds (far
  beyond any game people play) is stopped with no winner (``winners`` is
  empty, ``stopped`` is true, the view's ``ending`` is ``"limit"``).  The
  empty-deck ranking does not apply to it.

Hidden information: the deck order and every face-down critter (its owner
sees it).  Collections and revealed critters are public.
"""

from .actions import AllowTheft, HideCritter, RevealCritter, StealNut, UseHamster
from .game import GAME, Hoarders
from .rules import HoardersState, rank_without_set

__all__ = [
    "GAME",
    "AllowTheft",
    "HideCritter",
    "Hoarders",
    "HoardersState",
    "RevealCritter",
    "StealNut",
    "UseHamster",
    "rank_without_set",
]
