"""Imhotep (Phil Walker-Harding, 2016): quarry, ship and build the monuments of Egypt.

Two to four players, six rounds.  Each round a round card sets out four
ships; on a turn a player takes stones from the quarry to the sled, places
one on a ship, sails a ship that carries its minimum to a free site (where
its stones unload bow first), or plays a blue market card.  The five sites
(Market, Pyramid, Temple, Burial chamber, Obelisks) each have an A and a B
side; the option ``sides`` plays all A, all B, each at random, or each as
chosen (``<site>_side``, with ``sides="custom"``).  Option ``wrath`` adds
the Pharaoh's wrath variant.

What this package relies on (the project's rulings for Imhotep and its
data, in our words):

* Setup: 29 stones a quarry; the start player's sled gets 2 stones, the
  next 3, 4, 5.  Seat 0 starts.  The 7 round cards of the player count are
  shuffled and one is set aside unseen.
* A round's start player is the player after the one who sailed the
  fourth ship (ruling from the public sources).
* Taking stones moves up to three (the sled holds five); it is not allowed
  with a full sled or (ruling) an empty quarry.  A player with no legal
  action is passed over; if nobody has one, the round ends and the stones
  on ships that did not sail go home (ruling: the text never meets it).
* Market: each stone unloaded lets its owner take a card, in unloading
  order; the stone then goes back to its quarry, before a red card's stone
  is taken from there (ruling).  A red card with an empty quarry does
  nothing (ruling, as on Yucata).  Cards left at the round's end, and
  Market B's pair if nobody took it, are discarded face up.
* Blue cards (each a turn): the Lever sails a ship that may sail, and its
  owner then names the stones to unload one by one; the Hammer takes three
  stones then places one; the Sail places one stone and then sails that
  ship if it may (it must, ruling); the Chisel places two stones (as many
  as it can).  A blue card is playable only when it does something.
* Pyramid B (provisional squares, see ``data.py``): the stone's owner picks
  the small pyramid; Temple B (provisional): first-layer bonuses on
  placement, with two players square 4 is also the layer's last (both
  bonuses apply); Obelisk B (provisional values): a tower once every
  space is taken scores the last value.  Cards drawn from the market deck
  by a bonus are taken face up; an empty deck gives nothing.
* End: the green and purple cards, 1 per unused blue card, Pharaoh's wrath
  (−5 once); ties go to the most stones left on the sled, then are shared.

Hidden information: the round cards to come and the one set aside, the
market deck's order, and Market B's face-down pair (its taker sees it while
choosing).  Everything else is public.
"""

from .actions import (
    ChoosePyramid,
    KeepCard,
    PlaceStone,
    PlayCard,
    SailShip,
    TakeCard,
    TakeStones,
    TempleReward,
    UnloadNext,
)
from .game import GAME, Imhotep
from .rules import ImhotepState, burial_groups, group_points, ranked_points

__all__ = [
    "GAME",
    "ChoosePyramid",
    "Imhotep",
    "ImhotepState",
    "KeepCard",
    "PlaceStone",
    "PlayCard",
    "SailShip",
    "TakeCard",
    "TakeStones",
    "TempleReward",
    "UnloadNext",
    "burial_groups",
    "group_points",
    "ranked_points",
]
