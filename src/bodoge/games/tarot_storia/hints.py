"""What Tarot Storia tells search bots (see :mod:`bodoge.bots.hints`).

``PLAYOUTS``: random.  The heuristic scores a dozen placements a move, so a
playout by it costs about five random ones; a search given a time budget
sees more worlds by random playouts (bench/README.md, Tarot Storia).
"""

PLAYOUTS = "random"

STRONG_ITERATIONS = 800
"""The ``strong`` level's iterations a move: about a second of one idle core for the
slower moves of a three-player game (``bench/strong_budget.py``)."""
