"""What the rules of アネハンブラ keep and its view shows, beneath both.

The rules and the view import them from here, so that the rules never import
the view (see ``hoarders/vocabulary.py``).
"""

from __future__ import annotations

from .data import COLOURS

VERIFIED = len(COLOURS)
"""Index of a palace's verified flag, after its four colour counts."""
