"""United Square (BGA): lay four-coloured tiles so that touching sides match.

Every tile is a square of four triangles, red, blue, yellow and green, one
per side.  In turn each player places one of their tiles on an empty cell
next to the tiles already down, turned so that every side it touches meets
the same colour; two matching triangles make a square, and every square
scores for the owner of its colour.  Whoever makes the most squares of
their colour wins.

What this package relies on (the rulings for ``united-square``):

* 2–4 players; the 5 × 5 board with 24 tiles (four of each of the six
  types) or, as an option, the 7 × 7 board with 48 (eight of each).  A
  separate start tile lies in the centre; Ruling: its type and rotation
  come from the game's seeded generator.
* Tiles turn but never flip (a tile's mirror image is another type).
* Every tile is dealt, equally and at random; every player's remaining
  tiles per type are public, so nothing is hidden.
* Ruling, colours: two players: seat 0 owns red and yellow, seat 1 blue
  and green; three or four: red, blue, yellow, green by seat (with three,
  green scores for nobody).
* Placement: an empty cell orthogonally next to a tile, every touching side
  matching.  A player who can place must; one who cannot is passed over
  (no decision: the turn moves on); the game ends when nobody can place.
  A cell shown the same colour from two sides can never be filled.
* Score: one point per matched shared edge of one's colour(s).  Ties are
  draws (BGA's clock tie-break cannot be played offline).
* Team option (four players): seats 0 and 2 against 1 and 3.  Following the
  engine's team convention, ``teams`` groups the seats, ``scores`` stay
  individual (the rules rank within a team).  The final places go by team
  total first and then by own squares (the view's ``places``), and
  ``winners`` are the seats in first place: the winning team's member with
  more squares of their own, both partners when their squares are equal.
"""

from .actions import Place
from .game import GAME, UnitedSquare
from .rules import UnitedSquareState, standings

__all__ = ["GAME", "Place", "UnitedSquare", "UnitedSquareState", "standings"]
