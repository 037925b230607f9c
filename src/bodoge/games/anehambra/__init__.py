"""アネハンブラ (Anehambra, 2015): build palaces, inspect the others' palaces.

Players build palaces face down from pillar cards of four colours (red 16,
yellow 18, green 20, blue 22), inspect other players' palaces against the
checks A–F of the summary card (an unsafe palace is demolished and its cards
go to the inspector's hand, a safe one is verified for good) and cause
earthquakes that bring down verified palaces.  When END is drawn, most
palaces wins; a tie goes to more cards in hand, else it is shared.

The rulings this package relies on (see shared/rules/RULINGS.md):

* Set-up: three cards each; then ten cards off the top of the deck are
  shuffled with END and put under it.  With three players the rest of the
  deck is split instead into piles A, B, C (67 cards: 23, 22, 22, the larger
  piles on top) and stacked A, B, END, C from the top, so everyone knows how
  many draws are left before END (``end_in`` in views).
* A turn is one action: draw, build, inspect or cause an earthquake.  A
  player holding five or more cards at the start of the turn may only build.
* Building: one palace of at least one hand card, or up to two when the
  player alone has the fewest palaces (verified and unverified count) at the
  start of the turn.  Card counts are public, contents are not.
* Inspection: only other players' unverified palaces.  A–D name colour X:
  one or two palaces (same X for both; one or two owners), safe iff it holds
  X.  E: one palace, safe iff some colour appears twice.  F: one palace,
  safe iff not all four colours appear.  All named palaces are chosen before
  any is turned over.  Safe: verified for good.  Unsafe: demolished, its
  cards into the inspector's hand (so everyone knows they are there).
* Ruling, banned colour: X cannot be named when every card of X is open
  outside hands and unverified palaces — face up in verified palaces or
  removed by earthquakes.  Option ``strict_open_colour``: verified palaces
  only.
* Earthquake: exactly four hand cards of one colour; every verified palace
  holding that colour collapses, the player's own included; all those cards
  leave the game.  It may be played even when nothing collapses.
* END drawn: that draw does nothing else and the game ends.
* A safety limit is not a rule: the text has no other end, and players who
  never draw could play forever, so a game still going after
  ``data.TURN_LIMIT`` turns (far beyond any game people play) is stopped
  with no winner (``winners`` is empty, ``stopped`` is true, the result's
  ``reason`` is ``"turn_limit"``); it is not ranked.

Hidden information: hands (counts are public; cards a player got from a
demolished palace stay known to all, ``known_hand``, until building or an
earthquake may have used them), the contents of unverified palaces (their
owner knows them), the deck order and where END lies in its bottom eleven
cards (with four or more players).  The colours added to a palace under
construction are secret events.
"""

from .actions import (
    AddPillar,
    CompletePalace,
    Draw,
    Earthquake,
    EndBuilding,
    Inspect,
    InspectPalace,
    Reveal,
)
from .bot import HeuristicBot
from .game import GAME, Anehambra
from .rules import AnehambraState, is_safe, rank

__all__ = [
    "GAME",
    "AddPillar",
    "Anehambra",
    "AnehambraState",
    "CompletePalace",
    "Draw",
    "Earthquake",
    "EndBuilding",
    "HeuristicBot",
    "Inspect",
    "InspectPalace",
    "Reveal",
    "is_safe",
    "rank",
]
