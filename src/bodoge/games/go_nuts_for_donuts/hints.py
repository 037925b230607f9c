"""How a search bot should play Go Nuts for Donuts: read only by bots (see ``bodoge.bots.hints``).

The figures are in ``bench/README.md``, from ``python bench/bots.py --games
go-nuts-for-donuts --against heuristic,openspiel``.
"""

from __future__ import annotations

PLAYOUTS = "random"
"""Heuristic playouts are slow (the heuristic weighs every row card for every other
bidder): IS-MCTS managed 3 iterations a second with them, 145–366 with random ones, and
won against the heuristic with random playouts only (8-game runs, bench/README.md)."""
REVIEW_PLAYOUTS = "random"
"""For the same reason a review plays its worlds out at random: with the strategy, the
review of one game of twenty decisions takes most of a minute of a core."""
MARGIN = 2.0
"""Random playouts of a bidding game rank bids for their own reasons (a random bidder
rarely contests the card the heuristic's mix avoids), so the search keeps the heuristic's
bid unless two standard errors sure: it then won more against OpenSpiel's search and
against heuristic bots alike (``bench/bots.py``, 2026-12-03)."""

STRONG_ITERATIONS = 1000
"""The ``strong`` level's iterations a move: about a second of one idle core for the
slower moves of a three-player game (``bench/strong_budget.py``)."""
