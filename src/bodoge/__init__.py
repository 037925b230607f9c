"""bodoge: small tabletop games with exact rules, fair bots and a browser table.

The public game contract (see DESIGN.md) lives here:

>>> import bodoge
>>> game = bodoge.get_game("egyptian-bride")
>>> state = game.new_game(num_players=4, seed=7)
>>> state.to_act
(0,)
>>> action = state.legal_actions(0)[0]
>>> event = state.apply(0, action)
>>> bodoge.replay(state.record()).view(None) == state.view(None)
True
"""

from __future__ import annotations

from . import games as _games  # noqa: F401  (registers the built-in games)
from .engine import (
    Action,
    BodogeError,
    Game,
    GameOver,
    IllegalAction,
    InvalidOptions,
    InvalidRecord,
    MalformedAction,
    State,
    UnknownGame,
    WrongSeat,
    game_ids,
    get_game,
    parse_record,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "BodogeError",
    "Game",
    "GameOver",
    "IllegalAction",
    "InvalidOptions",
    "InvalidRecord",
    "MalformedAction",
    "State",
    "UnknownGame",
    "WrongSeat",
    "__version__",
    "game_ids",
    "get_game",
    "parse_record",
    "replay",
]
