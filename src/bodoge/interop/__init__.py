"""Adapters to the standard game-AI interfaces: OpenSpiel, PettingZoo, Gymnasium.

* :mod:`bodoge.interop.openspiel` registers every game with ``pyspiel``.
* :mod:`bodoge.interop.pettingzoo` makes a native PettingZoo AEC environment.
* :mod:`bodoge.interop.gymnasium` makes a single-agent Gymnasium environment
  for one seat, the other seats played by bodoge bots.
* :mod:`bodoge.interop.agents` turns an outside policy (a callable, or a
  saved Stable-Baselines3 model) back into a bodoge bot, for tables and the
  league.

They need the optional ``rl`` extra (open-spiel, pettingzoo, gymnasium) and
are imported on demand; loading a saved model needs the ``train`` extra.
What they share lives here: the declarations a game makes for them through
its ``Game`` hooks, checked by
:mod:`~bodoge.interop.declared` (its full action space, the shape of its view
in the vocabulary of :mod:`bodoge.engine.schema`, its score range and longest
game), and the integer action ids, observation encoding and returns
(:mod:`~bodoge.interop.encoding`).
"""

from __future__ import annotations

from ..engine.schema import ViewMismatch
from .declared import Declarations, NotDeclared, declarations

__all__ = [
    "Declarations",
    "NotDeclared",
    "ViewMismatch",
    "declarations",
]
