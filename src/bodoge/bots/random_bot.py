"""The uniformly random bot: the baseline every other bot must beat."""

from __future__ import annotations

import random

from ..engine import Action, State
from .base import NoLegalAction


class RandomBot:
    """Picks uniformly among ``state.legal_actions(seat)`` with its own generator.

    >>> import bodoge
    >>> state = bodoge.get_game("egyptian-bride").new_game(3, seed=1)
    >>> RandomBot(5).choose(state, 0) in state.legal_actions(0)
    True
    >>> RandomBot(5).choose(state, 0) == RandomBot(5).choose(state, 0)
    True
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise NoLegalAction(state, seat)
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
