"""Moriya Wars' metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import TURNS, Action, Game, Provisional
from . import spaces
from .actions import ACTION_TYPES
from .bot import HeuristicBot
from .data import PROVISIONAL
from .rules import MoriyaWarsState
from .text import BLURB, ENDING_NAMES, GLOSSARY, TITLE, WORDS, describe_action, describe_view
from .view import VIEW


class MoriyaWars(Game):
    length_unit = TURNS
    length_counter = "turn"
    id = "moriya-wars"
    title = TITLE
    blurb = BLURB
    players = (3, 5)
    action_types = ACTION_TYPES
    state_class = MoriyaWarsState
    view = VIEW
    hidden_information = True
    version = "2"
    versions = {  # noqa: RUF012 (a class attribute read only)
        "1": "The first version.",
        "2": "Money may be spent after the face's action; the turn then ends with an explicit "
        "end-turn action (a new action id).",
    }
    glossary = GLOSSARY
    words = WORDS
    endings = ENDING_NAMES
    declarations = spaces
    heuristic = HeuristicBot
    provisional = tuple(
        Provisional(name, text, "src/bodoge/games/moriya_wars/data.py")
        for name, text in PROVISIONAL
    )

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)

    def describe_action(self, view: Mapping[str, Any], action: Action, lang: str = "en") -> str:
        return describe_action(view, action, lang)


GAME = MoriyaWars()
