"""What the rules of Cardiceo keep and its view shows, beneath both.

The rules and the view import them from here, so that the rules never import
the view (see ``hoarders/vocabulary.py``).
"""

from __future__ import annotations

PLACES = ("rolled", "locked", "used")
"""Where a die is, seen from the player whose turn it is: rolled this turn,
kept in the middle with its value from the turn before, or used this turn
(it passes to the next player)."""
