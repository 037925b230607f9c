"""Anaguma's two-digit number game (2025; working title "Number Heist", 数字強奪).

Gangsters fight over smuggled money: each round everyone secretly makes a
two-digit number from the digit cards on display, and the smallest numbers
take their cards first.  The first to 10 points wins.

What this package relies on (the rule text and its rulings):

* 2–5 players; the display holds 5, 6, 8 or 10 cards (2, 3, 4, 5 players)
  and is refilled after each round from the deck, the discards reshuffled
  into a new deck when it runs out.
* A round's number is one secret, simultaneous decision: every seat is in
  ``to_act`` and makes ``tens × 10 + ones`` from two *different* displayed
  cards (a leading 0 is allowed: "07" is 7).  Nobody sees another's number
  until the last is made; then all are revealed at once.
* Identical numbers all fail (batting).  The rest go in ascending order:
  a player whose two cards are both still displayed takes them (success),
  otherwise fails.  Ruling (ours; the text does not say): of several
  displayed cards of one digit, the taker takes the one with most diamonds.
* Scoring: a success scores 1; the largest successful number 1 more; each
  diamond on the cards taken 1 more.  After the refill the largest
  successful player places a diamond on any displayed card (a decision of
  theirs in ``to_act``); it stays until its card is taken.
* Markers: once someone has reached 5, the bottom marker follows the
  last-placed player's score-track card and a success there scores 2; once
  someone has reached 8, the top marker follows the leader's card and a
  success there scores 0 (bonus and diamonds still count).  Ruling: cards
  are read at the start of scoring (so a marker set this round acts from
  the next), and both markers are ignored while everyone is on one card.
* First to 10 wins; several in the same round: the larger successful
  number.  The game ends at that round's scoring (no refill, no diamond).
* Provisional data (:mod:`.data`): the title, the deck (0–9, four of
  each), unlimited diamonds, the score-track cards 0–4, 5–7, 8–10.  The
  advanced rule (five characters' one-use skills) is not available: the
  skills are not known, and nothing is invented for them.
* A safety limit is not a rule: a game still going after
  ``data.ROUND_LIMIT`` rounds (only endless batting could get there) is
  stopped with no winner (``stopped`` is true, the view's ``ending`` is
  ``"limit"``).

Hidden information: every number until the reveal (its owner sees it) and
the deck's order.  Everything else is public, the discards included.
"""

from .actions import CallNumber, PlaceDiamond
from .game import GAME, NumberHeist
from .rules import NumberHeistState, numbers_from, takes

__all__ = [
    "GAME",
    "CallNumber",
    "NumberHeist",
    "NumberHeistState",
    "PlaceDiamond",
    "numbers_from",
    "takes",
]
