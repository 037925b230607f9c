"""What the rules of the two-digit number game keep and its view shows, beneath both.

The rules and the view import them from here, so that the rules never import
the view (see ``hoarders/vocabulary.py``).
"""

from __future__ import annotations

PHASES = ("call", "diamond", "over")
RESULTS = ("success", "fail", "batting")
ENDINGS = ("won", "limit")
