"""How a search bot should play Papayoo: read only by bots (see ``bodoge.bots.hints``).

The reasons are measured in ``bench/README.md`` (sixth session).
"""

from __future__ import annotations

HORIZON = 100
"""A game is several hands, some 300 moves at four players, and the points taken
so far say who leads: playouts of about one hand won far more often against
heuristic bots than playouts to the end."""
