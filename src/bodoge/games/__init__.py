"""The built-in games: one package each, holding all of that game.

Importing this package registers every built-in game with the engine.
"""

from __future__ import annotations

from ..engine import register
from .anehambra import GAME as _anehambra
from .cardiceo import GAME as _cardiceo
from .egyptian_bride import GAME as _egyptian_bride
from .go_nuts_for_donuts import GAME as _go_nuts_for_donuts
from .hoarders import GAME as _hoarders
from .papayoo import GAME as _papayoo

BUILTIN = (
    _egyptian_bride,
    _anehambra,
    _go_nuts_for_donuts,
    _hoarders,
    _cardiceo,
    _papayoo,
)
"""The built-in games, in the order of DESIGN.md."""

BUILTIN_IDS = tuple(game.id for game in BUILTIN)

for _game in BUILTIN:
    register(_game)
