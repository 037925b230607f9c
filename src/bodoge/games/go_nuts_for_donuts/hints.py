"""How a search bot should play Go Nuts for Donuts: read only by bots (see ``bodoge.bots.hints``).

The figures are in ``bench/README.md`` (Go Nuts for Donuts).
"""

from __future__ import annotations

PLAYOUTS = "random"
"""Heuristic playouts are slow (the heuristic weighs every row card for every other
bidder): IS-MCTS managed 3 iterations a second with them, 145–366 with random ones, and
won against the heuristic with random playouts only (8-game runs, bench/README.md)."""
