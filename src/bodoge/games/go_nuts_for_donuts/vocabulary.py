"""What the rules of Go Nuts for Donuts keep and its view shows, beneath both.

The rules and the view import them from here, so that the rules never import
the view (see ``hoarders/vocabulary.py``).
"""

from __future__ import annotations

PHASES = (
    "bid",
    "keep",
    "give",
    "steal",
    "spoil",
    "discard",
    "milk",
    "take",
    "day_old",
    "clear",
    "pass",
    "over",
)
ENDINGS = ("deck",)
