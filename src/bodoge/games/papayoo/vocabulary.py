"""What the rules of Papayoo keep and its view shows, beneath both.

The rules and the view import them from here, so that the rules never import
the view (see ``hoarders/vocabulary.py``).
"""

from __future__ import annotations

PHASES = ("pass", "play", "over")
"""The phases by name, as the view shows them; the state keeps a phase's index."""
PASS, PLAY, OVER = range(len(PHASES))
