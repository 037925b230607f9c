"""What the rules of Imhotep keep and its view shows, beneath both.

The rules and the view import them from here, so that the rules never import
the view (see ``hoarders/vocabulary.py``).
"""

from __future__ import annotations

PHASES = (
    "turn", "market", "keep", "order", "lever_sail", "sail_after", "ship", "pyramid",
    "temple", "over",
)  # fmt: skip
"""What is awaited: a turn, or one step of what a turn set off."""
CATEGORIES = ("pyramid", "temple", "burial", "obelisk", "blue", "green", "purple", "wrath")
"""Where points come from, as the end screen scores them."""
