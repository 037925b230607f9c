"""What the rules of Hoarders keep and its view shows: phases, ways to reveal, endings.

Both :mod:`.rules` and :mod:`.view` need these names: the rules store them in
the state, the view declares them as its fields' choices.  They live here,
beneath both, because the view reads the state (each of its fields is a
function of a ``HoardersState``) and so the rules must never import the view.
Inside the package, each module imports only the ones before it:

1. ``data`` and ``vocabulary``: components, numbers, names;
2. ``actions`` and ``text``;
3. ``rules``: the state;
4. ``view`` and ``bot``, which read the state;
5. ``spaces``: the declarations, the view's schema among them;
6. ``game``: where the state class and its view meet (``state_class``, ``view``).

``tests/test_imports.py`` fails on any import circle.
"""

from __future__ import annotations

PHASES = ("hide", "reveal", "steal", "react", "over")
REVEAL_WAYS = ("turn", "beaver", "hamster")
"""How a critter came face up: on its owner's turn, forced by a Beaver, or as a reaction."""
ENDINGS = ("five", "deck", "limit")
