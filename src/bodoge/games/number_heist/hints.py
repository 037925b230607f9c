"""How a search bot should play Number Heist: read only by bots (see ``bodoge.bots.hints``).

The figures are in ``bench/README.md``, from ``python bench/bots.py --games number-heist
--against heuristic,openspiel``.
"""

from __future__ import annotations

PLAYOUTS = "random"
"""The heuristic works out every seat's calling mix (a dozen rounds of smoothed replies
over every number) at each call: far too dear for playouts.  Random calls made the search
several times faster and won as often against OpenSpiel's search and heuristic bots."""

STRONG_ITERATIONS = 1500
"""The ``strong`` level's iterations a move: about a second of one idle core for the
slower moves of a three-player game (``bench/strong_budget.py``)."""
