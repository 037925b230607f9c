"""How a search bot should play Just Desserts: read only by bots (see ``bodoge.bots.hints``)."""

from __future__ import annotations

STRONG_ITERATIONS = 300
"""The ``strong`` level's iterations a move: about a second of one idle core for the
slower moves of a three-player game (``bench/strong_budget.py``)."""
