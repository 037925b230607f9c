"""The built-in games: one package each, holding all of that game.

Importing this package registers every built-in game with the engine.
"""

from __future__ import annotations

from ..engine import register
from .egyptian_bride import GAME as _egyptian_bride

BUILTIN = (_egyptian_bride,)
"""The built-in games, in the order of DESIGN.md."""

BUILTIN_IDS = tuple(game.id for game in BUILTIN)

for _game in BUILTIN:
    register(_game)
