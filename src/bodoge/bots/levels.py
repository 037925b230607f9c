"""The levels a player chooses between: ``easy``, ``normal`` and ``strong``.

Each level is a bot spec (registered in :mod:`bodoge.bots`) that every
surface accepts: the lobby, the API, ``bodoge play``, ``bodoge sim`` and the
stand-in that keeps a table going while a person is away.

* ``easy``: the game's own strategy with a ``temperature``
  (:class:`~bodoge.engine.game.Strategy`): it plays from a distribution that
  keeps some probability on worse moves, most often on those nearly as good
  as the best, rarely on plainly bad ones, so a person would not call its
  moves nonsense.  A strategy that cannot score its moves (it writes
  ``decide`` rather than ``values``) errs instead by a uniformly random move
  now and then (:class:`Slipping`), a share that grows with the temperature.
* ``normal``: the game's own strategy, mixed among near-equal moves (so
  copies of it choosing at the same time do not all want the same thing).
* ``strong``: the information-set search (:mod:`.ismcts`) at a budget in
  iterations that each game declares (``STRONG_ITERATIONS``, :mod:`.hints`),
  about a second of one idle core a move: so the level plays alike however
  loaded the machine is, and a benchmark measures the bot people meet.  A
  server's time limit (``BotLimits``) only guards against a slow machine.

``random`` (uniform legal moves) stays a spec for testing; ``heuristic`` and
``ismcts:...`` stay for records and tables stored before the levels.
"""

from __future__ import annotations

import random

from ..engine import Action, Chooser, State, Strategy

EASY_TEMPERATURE = 1.0
"""The ``easy`` level's default temperature, in units of the strategy's ``scale``.

A move one typical gap (``scale``) worse than the best keeps ``e**-1`` of
the best's weight: often a near miss, rarely a blunder.
"""
SLIP_PER_TEMPERATURE = 0.25
"""For a strategy that cannot score its moves: the share of random moves per degree."""


def scores_moves(bot: Chooser) -> bool:
    """Whether ``bot`` is a strategy that writes ``values`` (a temperature then applies)."""
    return isinstance(bot, Strategy) and type(bot).values is not Strategy.values


class Slipping:
    """A strategy that plays a uniformly random legal move in a share ``slip`` of its decisions.

    The ``easy`` level of a strategy that picks a move without scoring the
    others, so has no distribution a temperature could widen.  Forced moves
    are not counted as slips.
    """

    def __init__(self, strategy: Chooser, slip: float, seed: int) -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"slip must lie in [0, 1], not {slip!r}")
        self.strategy = strategy
        self.slip = slip
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"Slipping({self.strategy!r}, slip={self.slip}, seed={self.seed})"

    def choose(self, state: State, seat: int) -> Action:
        if self.slip and self._rng.random() < self.slip:
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                return legal[self._rng.randrange(len(legal))]
        return self.strategy.choose(state, seat)


def easy_bot(strategy: Chooser, temperature: float, seed: int) -> Chooser:
    """``strategy`` (made with ``temperature``) as the ``easy`` level: itself when it scores
    its moves, else :class:`Slipping` with a share of random moves."""
    if scores_moves(strategy) or not temperature:
        return strategy
    return Slipping(strategy, min(1.0, SLIP_PER_TEMPERATURE * temperature), seed)
