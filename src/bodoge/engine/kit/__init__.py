"""A game author's kit: the pieces the games share, each small and documented.

Still the engine layer (it knows no game).  A game written the kit's way
(Hoarders is the example to copy, see docs/adding-a-game.md) uses:

* :mod:`.zones`: counted multisets (hands, piles), decks that may reshuffle
  their discards, the publicly known part of a hidden hand (``lose``), and
  :func:`~.zones.redeal`, the one re-deal of everything a seat cannot see;
* :mod:`.choices`: a simultaneous secret :class:`~.choices.Commitment` and a
  :class:`~.choices.Stepwise` choice (pick, take back, confirm);
* :mod:`.dice`: dice with declared faces and probabilities, and scripted rolls
  for tests;
* :mod:`.mixing`: a strategy's move values made a distribution (near-equal
  moves share it; a temperature keeps some for worse ones) and one draw;
* :mod:`.rules`: :class:`~.rules.Rules`, a state with an action table built
  from the declared action space, dispatch per action type, phases whose
  declaration also explains refusals, and a :class:`~.rules.View` declared
  once for both the view and its schema.

State copying needs nothing from the kit: the engine derives the fields to
copy from the state's annotations (``bodoge.engine.state.container_fields``).
"""

from .choices import DRAFT_STEP, Commitment, Stepwise
from .dice import Die, ScriptedRolls, sums
from .mixing import EXACT, draw_index, mixed_weights
from .rules import ActionTable, Phase, Rules, View, expect, explains, plays
from .zones import Zone, counted, draw, lose, lose_unseen, redeal, spread, take

__all__ = [
    "DRAFT_STEP",
    "EXACT",
    "ActionTable",
    "Commitment",
    "Die",
    "Phase",
    "Rules",
    "ScriptedRolls",
    "Stepwise",
    "View",
    "Zone",
    "counted",
    "draw",
    "draw_index",
    "expect",
    "explains",
    "lose",
    "lose_unseen",
    "mixed_weights",
    "plays",
    "redeal",
    "spread",
    "sums",
    "take",
]
