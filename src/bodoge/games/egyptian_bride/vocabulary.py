"""What the rules of Egyptian Bride keep and its view shows, beneath both.

The rules and the view import them from here, so that the rules never import
the view (see ``hoarders/vocabulary.py``).
"""

from __future__ import annotations

LOWEST = 4
"""The lowest number in play; views list counts from it up."""
