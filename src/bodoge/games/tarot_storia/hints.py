"""What Tarot Storia tells search bots (see :mod:`bodoge.bots.hints`).

``PLAYOUTS``: random.  The heuristic scores a dozen placements a move, so a
playout by it costs about five random ones; a search given a time budget
sees more worlds by random playouts (bench/README.md, Tarot Storia).
"""

PLAYOUTS = "random"
