"""A heuristic United Square player: squares for its side now, open sides of its colour later.

Everything on the table is public, so the bot reads the state's public
facts only (the board, who owns which colour).  For each placement it may
make it adds up:

* the squares it makes now, each worth :data:`OWN` to a colour of its own,
  :data:`PARTNER` to its partner's in team play (the team's total comes
  first), :data:`RIVAL` (negative) to a rival's and nothing to nobody's
  colour;
* the sides the new tile leaves open next to a cell that can still be
  filled: whoever fills that cell later makes a square of that side's
  colour, so each is worth :data:`OPEN` times the colour's worth;
* the cells it kills (one colour from two sides: never filled again),
  which lose the squares waiting there, at :data:`OPEN` each;
* :data:`SPARE` for each tile it holds of the type it places.

It plays the best sum; ties share the probability (mixed play).
"""

from __future__ import annotations

from ...engine import Action, State, Strategy
from .actions import Place
from .data import COLOURS, OPPOSITE
from .rules import COLOUR_INDEX, FITS, TILE_TYPE, UnitedSquareState

OWN = 1.0
PARTNER = 0.9
"""Team play ranks by the team's total first: a partner's square is nearly one's own."""
RIVAL = -0.4
"""A rival's square costs less than one's own gains: with several rivals, one rival's
square costs the bot only against that rival."""
SPARE = 0.02
"""A small preference for the type one holds most of: it keeps a varied hand (more
types, more cells they fit) and leaves fewer ties to chance."""
OPEN = 0.8
"""What an open side is worth against a square made now: somebody will likely fill it.
Measured, not derived (bench/README.md, United Square): from 0 to 0.8 the bot's share of
four-player wins against random players rises from 0.39 to about 0.55."""
SCALE = 1.0
"""A typical gap between a good placement and a poor one (a square of one's own against
none): the easy level's temperature unit (bench/README.md)."""


def worths(state: UnitedSquareState, seat: int) -> list[float]:
    """What one square of each colour is worth to ``seat`` (0 for nobody's colour)."""
    worth = [0.0] * len(COLOURS)
    teams = state.teams or ()
    for other, colours in enumerate(state.owned):
        if other == seat:
            value = OWN
        elif any(seat in team and other in team for team in teams):
            value = PARTNER
        else:
            value = RIVAL
        for colour in colours:
            worth[colour] = value
    return worth


class HeuristicBot(Strategy):
    """Greedy on squares, with an eye on the sides it leaves open; equal values share the draw."""

    scale = SCALE

    def value(
        self, state: UnitedSquareState, seat: int, worth: list[float], action: Place
    ) -> float:
        board, size = state.board, state.size
        cell, tile = action.row * size + action.col, action.tile
        value = SPARE * state.hands[seat][TILE_TYPE[tile]]
        board[cell] = tile  # tried in place and taken back at once
        try:
            for side, other in state.near[cell]:
                colour = COLOUR_INDEX[tile[side]]
                if board[other]:
                    value += worth[colour]
                    continue
                pattern = state.pattern(other)
                if FITS[pattern]:
                    value += OPEN * worth[colour]
                else:
                    ours = OPPOSITE[side]
                    value -= OPEN * sum(
                        worth[COLOUR_INDEX[shown]]
                        for at, shown in enumerate(pattern)
                        if shown and at != ours
                    )
        finally:
            board[cell] = ""
        return value

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        assert isinstance(state, UnitedSquareState)
        worth = worths(state, seat)
        return [self.value(state, seat, worth, action) for action in legal]  # type: ignore[arg-type]
