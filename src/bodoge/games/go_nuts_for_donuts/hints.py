"""How a search bot should play Go Nuts for Donuts: read only by bots (see ``bodoge.bots.hints``).

The figures are in ``bench/README.md`` (Go Nuts for Donuts).
"""

from __future__ import annotations

PLAYOUTS = "random"
"""A heuristic playout costs about thirty random ones (the heuristic weighs every row
card for every other bidder); IS-MCTS with heuristic playouts managed 3 iterations a
second, too few for any search."""
