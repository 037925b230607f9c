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
from .imhotep import GAME as _imhotep
from .just_desserts import GAME as _just_desserts
from .moriya_wars import GAME as _moriya_wars
from .number_heist import GAME as _number_heist
from .papayoo import GAME as _papayoo
from .tarot_storia import GAME as _tarot_storia
from .united_square import GAME as _united_square

BUILTIN = (
    _egyptian_bride,
    _anehambra,
    _number_heist,
    _go_nuts_for_donuts,
    _imhotep,
    _united_square,
    _cardiceo,
    _papayoo,
    _just_desserts,
    _hoarders,
    _tarot_storia,
    _moriya_wars,
)
"""The built-in games, in the order of DESIGN.md."""

BUILTIN_IDS = tuple(game.id for game in BUILTIN)

for _game in BUILTIN:
    register(_game)
