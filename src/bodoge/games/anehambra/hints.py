"""How a search bot should play アネハンブラ: read only by bots (see ``bodoge.bots.hints``).

The reasons are measured with ``python bench/bots.py --games anehambra --against
random,heuristic`` and the spec's ``rollout=``, ``margin=`` and ``horizon=`` (figures in
``bench/README.md``).
"""

from __future__ import annotations

from ...engine import State
from .bot import likely_palaces
from .rules import AnehambraState

PLAYOUTS = "random"
"""Playouts by the heuristic made the search worse than the heuristic alone; random ones did not."""
MARGIN = 2.0
"""A free search still played worse than the heuristic alone against random players.

Its random playouts rank moves for their own reasons (they favour completing
small palaces early), so it keeps the heuristic's move unless two standard
errors sure.
"""
HORIZON = 60
"""Playouts run about a thousand moves to the end; cut after 60 and judged by
:func:`estimate`, the search won more against both kinds of opponent."""


STRONG_ITERATIONS = 1000
"""The ``strong`` level's iterations a move: about a second of one idle core for the
slower moves of a three-player game (``bench/strong_budget.py``)."""


def estimate(state: State) -> list[float]:
    """Palaces weighed by their chance to stand at the end (the running count treats
    a weak unverified palace as safe as a verified one)."""
    assert isinstance(state, AnehambraState)
    return likely_palaces(state)
