"""What the rules of Just Desserts keep and its view shows, beneath both.

The rules and the view import them from here, so that the rules never import
the view (see ``hoarders/vocabulary.py``).
"""

from __future__ import annotations

PHASES = ("act", "serve", "swap", "buffet", "return", "block", "more", "tidy", "over")
ENDINGS = ("colours", "same_colour", "guests_out", "limit", "stuck")
