"""Hoarders' metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Action, Game, OptionValue, Provisional
from ...engine.schema import Record
from . import spaces
from .actions import ACTION_TYPES
from .bot import HeuristicBot
from .data import PROVISIONAL_ROUND_LIMIT
from .rules import HoardersState
from .text import BLURB, GLOSSARY, TITLE, describe_view


class Hoarders(Game):
    id = "hoarders"
    title = TITLE
    blurb = BLURB
    players = (3, 6)
    action_types = ACTION_TYPES
    state_class = HoardersState
    simultaneous = True
    hidden_information = True
    glossary = GLOSSARY
    provisional = (
        Provisional("round_limit", PROVISIONAL_ROUND_LIMIT, "src/bodoge/games/hoarders/data.py"),
    )

    def action_space(self, options: Mapping[str, OptionValue], num_players: int) -> list[Action]:
        return spaces.action_space(options, num_players)

    def view_schema(self, options: Mapping[str, OptionValue], num_players: int) -> Record:
        return spaces.view_schema(options, num_players)

    def score_range(
        self, options: Mapping[str, OptionValue], num_players: int
    ) -> tuple[float, float]:
        return spaces.score_range(options, num_players)

    def max_game_length(self, options: Mapping[str, OptionValue], num_players: int) -> int:
        return spaces.max_game_length(options, num_players)

    def heuristic_bot(self, seed: int) -> HeuristicBot:
        return HeuristicBot(seed)

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = Hoarders()
