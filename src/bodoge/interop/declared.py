"""What the adapters need that the rest of the game contract does not say.

OpenSpiel and PettingZoo fix, before a game starts, how many distinct
actions there are, the shape and bounds of an observation, the range of the
returns and how long a game can last.  Each game declares them itself,
through four hooks on its :class:`~bodoge.engine.Game` (all take the
resolved options and the player count; see that class for what each means):
``action_space``, ``view_schema``, ``score_range`` and ``max_game_length``.
:func:`declarations` asks the game and checks the answers.

>>> import bodoge
>>> game = bodoge.get_game("egyptian-bride")
>>> found = declarations(game, game.resolve_options(None), 3)
>>> len(found.actions), found.actions[0], found.max_game_length
(32, TakeFaceUp(number=4), 235)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import Action, Game, OptionValue
from ..engine.schema import Num, Record

Options = Mapping[str, OptionValue]
HOOKS = ("action_space", "view_schema", "score_range", "max_game_length")


class NotDeclared(LookupError):
    """A game has not declared what an adapter needs (see the module docstring)."""


@dataclass(frozen=True)
class Declarations:
    """A game's declarations for one option set and player count."""

    actions: tuple[Action, ...]
    view: Record
    score: Num
    max_game_length: int


def declarations(game: Game, options: Options, num_players: int) -> Declarations:
    """The game's declarations (its own ``Game`` hooks), checked."""
    found: dict[str, Any] = {}
    for hook in HOOKS:
        try:
            found[hook] = getattr(game, hook)(options, num_players)
        except NotImplementedError as error:
            raise NotDeclared(f"{error}; the OpenSpiel and PettingZoo adapters need it") from error
    actions = tuple(found["action_space"])
    _check_actions(game, actions)
    low, high = found["score_range"]
    length = found["max_game_length"]
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise ValueError(f"{game.id}: max_game_length must be a positive int, not {length!r}")
    view = found["view_schema"]
    if not isinstance(view, Record):
        raise ValueError(f"{game.id}: view_schema must return a schema.Record, not {view!r}")
    return Declarations(actions, view, Num(low, high), length)


def _check_actions(game: Game, actions: tuple[Action, ...]) -> None:
    if not actions:
        raise ValueError(f"{game.id}: the action space is empty")
    seen: set[Action] = set()
    for action in actions:
        if type(action) not in game.action_types:
            raise ValueError(f"{game.id}: {action!r} in the action space is not its action")
        if action in seen:
            raise ValueError(f"{game.id}: the action space lists {action!r} twice")
        seen.add(action)
