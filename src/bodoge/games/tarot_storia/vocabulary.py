"""What the rules of Tarot Storia keep and its view shows, beneath both.

The rules and the view import them from here, so that the rules never import
the view (see ``hoarders/vocabulary.py``).
"""

from __future__ import annotations

PHASES = ("play", "keep", "over")
