"""How a search bot should play Cardiceo: read only by bots (see ``bodoge.bots.hints``)."""

from __future__ import annotations

STRONG_ITERATIONS = 500
"""The ``strong`` level's iterations a move: about a second of one idle core for the
slower moves of a three-player game (``bench/strong_budget.py``)."""
