"""How a search bot should play Imhotep: read only by bots (see ``bodoge.bots.hints``).

The figures behind these values are in ``bench/README.md`` (Imhotep).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import State

PLAYOUTS = "random"
"""The heuristic tries every legal action on a copy before each move: far too dear for
playouts, which random moves make some hundred times faster."""

REVIEW_PLAYOUTS = "random"
"""For the same reason a review plays its worlds out at random: with the strategy, one
game's review takes over a minute of a core."""

HORIZON = 60
"""About a round of moves: the points a round scores (and what the end would add) say
who leads well enough, and a playout to the end of six rounds is mostly noise."""


STRONG_ITERATIONS = 700
"""The ``strong`` level's iterations a move: about a second of one idle core for the
slower moves of a three-player game (``bench/strong_budget.py``)."""


def estimate(state: State) -> Sequence[float]:
    """Each seat's points if the game ended now, with this round's Temple stones."""
    if state.is_over:
        return [float(score) for score in state.scores]
    rows = state.end_points()  # type: ignore[attr-defined]
    values = [float(sum(row)) for row in rows]
    for owner in state.temple[-state.width :]:  # type: ignore[attr-defined]
        values[owner] += 1
    return values
