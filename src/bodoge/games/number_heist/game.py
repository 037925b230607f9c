"""The two-digit number game's metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import ROUNDS, Game, Provisional
from . import spaces
from .actions import ACTION_TYPES
from .bot import HeuristicBot
from .data import (
    ADVANCED_RULE,
    DESIGN,
    PROVISIONAL_DECK,
    PROVISIONAL_DIAMONDS,
    PROVISIONAL_ROUND_LIMIT,
    PROVISIONAL_ZONES,
    TITLE_IS_PROVISIONAL,
)
from .rules import NumberHeistState
from .text import BLURB, ENDING_NAMES, GLOSSARY, TITLE, WORDS, describe_view
from .view import VIEW

_DATA = "src/bodoge/games/number_heist/data.py"


class NumberHeist(Game):
    length_unit = ROUNDS
    length_counter = "round"
    id = "number-heist"
    title = TITLE
    blurb = BLURB
    players = (2, 5)
    action_types = ACTION_TYPES
    design = DESIGN
    state_class = NumberHeistState
    view = VIEW
    simultaneous = True
    hidden_information = True
    glossary = GLOSSARY
    words = WORDS
    endings = ENDING_NAMES
    declarations = spaces
    heuristic = HeuristicBot
    provisional = (
        Provisional("title", TITLE_IS_PROVISIONAL, _DATA),
        Provisional("deck", PROVISIONAL_DECK, _DATA),
        Provisional("diamonds", PROVISIONAL_DIAMONDS, _DATA),
        Provisional("zones", PROVISIONAL_ZONES, _DATA),
        Provisional("advanced_rule", ADVANCED_RULE, _DATA),
        Provisional("round_limit", PROVISIONAL_ROUND_LIMIT, _DATA),
    )

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = NumberHeist()
