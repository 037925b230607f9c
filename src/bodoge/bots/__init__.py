"""Bots that play every game through the public contract.

>>> import bodoge
>>> from bodoge.bots import make_bot
>>> game = bodoge.get_game("egyptian-bride")
>>> state = game.new_game(3, seed=2)
>>> bot = make_bot("random", game, seed=9)
>>> bot.choose(state, 0) in state.legal_actions(0)
True

Bots are named by spec strings (see :mod:`bodoge.bots.spec`).  A new kind
of bot registers a :class:`BotType` with :func:`register_bot`; game-specific
bots (a game's heuristic bot) are reached through the ``game`` argument
their factory receives.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine import Game, Text
from .base import Bot, NoLegalAction
from .random_bot import RandomBot
from .spec import (
    BadBotSpec,
    BotFactory,
    BotSpec,
    BotType,
    Param,
    ParamValue,
    bot_names,
    bot_type,
    describe_bots,
    expand_bot_specs,
    make_bot,
    parse_bot_spec,
    register_bot,
    split_bot_specs,
    unregister_bot,
)


def _random(game: Game, seed: int, params: Mapping[str, ParamValue]) -> Bot:
    del game, params
    return RandomBot(seed)


RANDOM = register_bot(
    BotType("random", Text("合法手から一様に無作為に選ぶ", "uniformly random legal moves"), _random)
)

__all__ = [
    "RANDOM",
    "BadBotSpec",
    "Bot",
    "BotFactory",
    "BotSpec",
    "BotType",
    "NoLegalAction",
    "Param",
    "ParamValue",
    "RandomBot",
    "bot_names",
    "bot_type",
    "describe_bots",
    "expand_bot_specs",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
    "split_bot_specs",
    "unregister_bot",
]
