"""What the rules of Moriya Wars keep and its view shows, beneath both.

The rules and the view import them from here, so that the rules never import
the view (see ``hoarders/vocabulary.py``).
"""

from __future__ import annotations

PHASES = ("act", "after", "ask", "over")
"""A player's turn; its end, after the face's action (evictions may still be bought); players
asked whether they claim ⑤'s win; the end."""
ENDINGS = ("supply", "claim", "everyone_out", "limit")
