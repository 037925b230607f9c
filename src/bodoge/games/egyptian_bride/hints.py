"""How a search bot should play Egyptian Bride: read only by bots (see ``bodoge.bots.hints``).

No horizon is declared: cut after 30 or 60 moves and judged by
:func:`estimate`, a search won no more than playing to the end
(``bench/bots.py --games egyptian-bride --against heuristic`` with
``--bot ismcts:horizon=30`` and ``horizon=60``, 2026-12-01; figures in ``bench/README.md``).
The estimate serves a spec that asks for a horizon (``ismcts:horizon=40``).
"""

from __future__ import annotations

from ...engine import State
from .bot import standing
from .rules import EgyptianBrideState

STRONG_ITERATIONS = 600
"""The ``strong`` level's iterations a move: about a second of one idle core for the
slower moves of a three-player game (``bench/strong_budget.py``)."""


def estimate(state: State) -> list[float]:
    """The settlement as if the game ended now (points are counted only at the end)."""
    assert isinstance(state, EgyptianBrideState)
    return standing(state)
