"""Just Desserts (Looney Labs): serve guests the desserts they crave.

Each dessert card is one dessert carrying one to four taste icons.  Each
guest wants some tastes (the served desserts together must carry all of
them), refuses others (no served dessert may carry one) and may name a
favourite dessert, which earns a tip (a dessert drawn).  Five served guests
of different colours, or three of one colour, win at once.

What this package relies on (the rule text, the card data of the Board
Game Arena implementation, and the rulings):

* Components: 76 dessert cards and 24 guests of six colours; Better with
  Bacon adds 6 desserts and 4 brown guests, Just Coffee 6 desserts and 4
  pink guests (options ``bacon``, ``coffee``).  Three desserts dealt to
  each player, three guests face up; the first player is drawn at random.
* A turn: draw a dessert and add a guest to the middle, then one action:
  serve up to two guests (any number of desserts each; a favourite among
  them earns a tip), draw a dessert, or swap any number of desserts for as
  many new ones.  The guest in the doorway (top of the guest discards) may
  be served too.  At the end of the turn, while two guests in the middle
  share a colour, the player sends one of them to the discards, one at a
  time.  No hand limit.  Empty decks are reshuffled from their discards
  (the guest deck keeps the doorway guest out).
* Serving is split into steps: choose a guest the hand can satisfy, put
  desserts on the plate one at a time (any taken back), serve once the
  plate satisfies.  Interpretation: a dessert is offered only if it adds a
  taste the guest still wants or is a favourite, never one the guest
  refuses (serving extra cards only wastes them; swapping discards).
* Five colours or three of one colour win at once (after every serve or
  poach).  When the guest deck, the middle and the guest discards are all
  empty, the game ends: one point per guest, one per colour held exactly
  twice; ties go to the most desserts in hand, then are shared.
* Advanced rules (``advanced``, with ``buffet`` and ``poaching`` each on by
  default with it and refused without it).  Buffet: discard four
  single-taste desserts; every other player who has served guests sends
  one of them (their choice, all at once in ``to_act``) back to the
  middle; then draw three and serve at most one guest, no poaching.
  Poaching: once a turn, one of the two serves may go to a guest another
  player has won.  The victim is always asked (so being asked tells
  nothing) and may block by discarding desserts that satisfy the guest;
  after a poach with a favourite, a guest with one favourite cannot be
  blocked and one with two only with the other.  Blocked: the poacher's
  desserts go back to hand (everyone saw them), the blocker is tipped for
  a favourite, and the poacher may still serve (Interpretation: serve or
  end the turn; the blocked poach is not one of the two serves).  Not
  blocked: the guest moves, the victim draws a dessert, the poacher is
  tipped for a favourite.
* Safety limits, not rules: ``TURN_LIMIT`` turns (a game still going is
  stopped with no winner) and ``TAKE_BACK_LIMIT`` take-backs a turn.  A
  game stops the same way as soon as it is stuck: the desserts and their
  discards all in the hands (so no swap or draw changes a hand), no guest
  left to arrive, and nobody able to serve, poach or open a buffet, so the
  rules would go round for ever.

Hidden information: hands, the plate being chosen, the deck orders.
Guests, served guests, the discards and cards seen going back into a hand
are public.
"""

from .actions import (
    AddDessert,
    AllowPoach,
    Block,
    CallOff,
    ChooseGuest,
    DiscardChosen,
    DismissGuest,
    DrawDessert,
    EndTurn,
    OpenBuffet,
    ReturnGuest,
    Serve,
    StartBuffet,
    StartSwap,
    TakeBack,
)
from .game import GAME, JustDesserts
from .rules import JustDessertsState

__all__ = [
    "GAME",
    "AddDessert",
    "AllowPoach",
    "Block",
    "CallOff",
    "ChooseGuest",
    "DiscardChosen",
    "DismissGuest",
    "DrawDessert",
    "EndTurn",
    "JustDesserts",
    "JustDessertsState",
    "OpenBuffet",
    "ReturnGuest",
    "Serve",
    "StartBuffet",
    "StartSwap",
    "TakeBack",
]
