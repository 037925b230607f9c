"""What a game tells search bots about itself: hints that only bots (and the review's judge) read.

The engine's :class:`~bodoge.engine.Game` knows nothing of search.  A game
that wants its search tuned keeps a ``hints`` module in its own package,
beside the module that defines its ``Game`` class
(``bodoge/games/<game>/hints.py``), and declares there, as data, any of:

* ``PLAYOUTS``: what the spec ``rollout=auto`` plays its playouts by,
  ``"heuristic"`` (the game's own strategy; the default) or ``"random"``
  (for a strategy that plays well but makes poor playouts);
* ``REVIEW_PLAYOUTS``: what the game review's judge (:mod:`bodoge.review`)
  plays its worlds out by, ``"heuristic"`` (the default) or ``"random"``
  (only where the strategy is too dear to play hundreds of worlds out
  within a review's time); it is not ``PLAYOUTS``, since a search makes up
  for rough playouts with its ``MARGIN`` and a verdict has no margin;
* ``HORIZON``: playout moves before the estimate judges (spec
  ``horizon=auto``); 0, the default, plays every playout to the end;
* ``MARGIN``: standard errors by which the search must prefer a move to
  leave the heuristic's (spec ``margin=auto``); 0, the default, always
  plays the search's move;
* ``BELIEF``: how much the others' moves weigh the worlds the search deals
  (spec ``belief=auto``; :mod:`.belief`), from 0, the default (uniform
  re-deals), to 1 (Bayes' rule with the opponent model).  No game declares
  more than 0 yet: none has shown a gain its cost is worth
  (``bench/bots.py --bot ismcts:belief=1`` against ``belief=0``, and
  ``bench/belief.py``; figures in ``bench/README.md``);
* ``rewind(present, past)``: the earlier position ``past`` holding the
  hidden cards of the world ``present`` (both worlds re-dealt for the
  searching seat, ``present`` at the position now): the cards played since
  put back in the hands they came from.  It lets the belief deal its worlds
  from all the seat knows now rather than from what it knew then, so the
  cards the others showed since are where they came from (see
  :mod:`.belief`); ``None`` when the game cannot say (another hand was
  dealt in between).  Without it, worlds are dealt at ``past`` itself;
* ``STRONG_ITERATIONS``: the ``strong`` level's search budget, in
  iterations a move (spec ``strong``, ``iterations=auto``): calibrated so
  that a move takes at most about a second of one idle core
  (``bench/strong_budget.py``), so the level is the same bot whatever the
  machine's load; :data:`STRONG_ITERATIONS`, the default, for a game that
  declares none;
* ``estimate(state)``: each seat's likely final score, judging a playout cut
  short at its horizon; the default is the running scores.  A search calls
  it only on worlds it sampled, so it may read the whole state it is given.

Say beside each value why the game declares it (the figures belong in
``bench/README.md``).  A game without a ``hints`` module gets the defaults;
a name the bots do not know is an error, so that a misspelt hint is not
silently ignored.

>>> import bodoge
>>> hints = search_hints(bodoge.get_game("anehambra"))
>>> hints.playouts, hints.horizon, hints.margin
('random', 60, 2.0)
>>> search_hints(bodoge.get_game("hoarders")).horizon
0
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType

from ..engine import Game, State

Estimate = Callable[[State], Sequence[float]]
Rewind = Callable[[State, State], "State | None"]
PLAYOUTS = ("heuristic", "random")
KNOWN = (
    "PLAYOUTS",
    "HORIZON",
    "MARGIN",
    "BELIEF",
    "STRONG_ITERATIONS",
    "estimate",
    "rewind",
    "REVIEW_PLAYOUTS",
)
STRONG_ITERATIONS = 300
"""The ``strong`` budget of a game that declares none: about a second of a typical game's moves."""


def running_scores(state: State) -> list[float]:
    """The default estimate: the scores as they stand."""
    return [float(score) for score in state.scores]


@dataclass(frozen=True)
class SearchHints:
    """A game's search hints, checked (see the module docstring for each)."""

    playouts: str = "heuristic"
    horizon: int = 0
    margin: float = 0.0
    estimate: Estimate = running_scores
    belief: float = 0.0
    rewind: Rewind | None = None
    strong_iterations: int = STRONG_ITERATIONS
    review_playouts: str = "heuristic"


def hints_module(game: Game) -> ModuleType | None:
    """The ``hints`` module beside the module that defines ``type(game)``, if any."""
    defined_in = sys.modules.get(type(game).__module__)
    package = getattr(defined_in, "__package__", None)
    if not package:
        return None
    name = f"{package}.hints"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


@functools.cache
def _hints_of(game_id: str, module: ModuleType | None) -> SearchHints:
    if module is None:
        return SearchHints()
    where = f"{game_id}'s hints ({module.__name__})"
    unknown = [
        name
        for name, value in vars(module).items()
        if name.isupper() and name not in KNOWN and not isinstance(value, ModuleType)
    ]
    if unknown:
        raise ValueError(f"{where} declare {unknown}; the bots read {', '.join(KNOWN)}")
    playouts = getattr(module, "PLAYOUTS", "heuristic")
    horizon = getattr(module, "HORIZON", 0)
    margin = getattr(module, "MARGIN", 0.0)
    estimate = getattr(module, "estimate", running_scores)
    belief = getattr(module, "BELIEF", 0.0)
    rewind = getattr(module, "rewind", None)
    strong = getattr(module, "STRONG_ITERATIONS", STRONG_ITERATIONS)
    review_playouts = getattr(module, "REVIEW_PLAYOUTS", "heuristic")
    for name, value in (("PLAYOUTS", playouts), ("REVIEW_PLAYOUTS", review_playouts)):
        if value not in PLAYOUTS:
            raise ValueError(f"{where}: {name} must be one of {PLAYOUTS}, not {value!r}")
    if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 0:
        raise ValueError(f"{where}: HORIZON must be an int ≥ 0, not {horizon!r}")
    if isinstance(margin, bool) or not isinstance(margin, int | float) or not margin >= 0:
        raise ValueError(f"{where}: MARGIN must be a number ≥ 0, not {margin!r}")
    if not callable(estimate):
        raise ValueError(f"{where}: estimate must be a function of a state, not {estimate!r}")
    if isinstance(belief, bool) or not isinstance(belief, int | float) or not 0 <= belief <= 1:
        raise ValueError(f"{where}: BELIEF must be a number in [0, 1], not {belief!r}")
    if rewind is not None and not callable(rewind):
        raise ValueError(f"{where}: rewind must be a function of two states, not {rewind!r}")
    if isinstance(strong, bool) or not isinstance(strong, int) or strong < 1:
        raise ValueError(f"{where}: STRONG_ITERATIONS must be an int ≥ 1, not {strong!r}")
    return SearchHints(
        playouts=playouts,
        horizon=horizon,
        margin=float(margin),
        estimate=estimate,
        belief=float(belief),
        rewind=rewind,
        strong_iterations=strong,
        review_playouts=review_playouts,
    )


def search_hints(game: Game) -> SearchHints:
    """The search hints ``game`` declares in its package, checked, or the defaults."""
    return _hints_of(game.id, hints_module(game))
