"""Hoarders' metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import ROUNDS, Action, Game, Provisional, State
from . import spaces
from .actions import ACTION_TYPES, StealNut
from .bot import HeuristicBot
from .data import DESIGN, NUT_NAMES, PROVISIONAL_ROUND_LIMIT
from .rules import HoardersState
from .text import BLURB, ENDING_NAMES, GLOSSARY, TITLE, WORDS, describe_view
from .view import VIEW


class Hoarders(Game):
    length_unit = ROUNDS
    length_counter = "round"
    id = "hoarders"
    title = TITLE
    blurb = BLURB
    players = (3, 6)
    action_types = ACTION_TYPES
    design = DESIGN
    state_class = HoardersState
    view = VIEW
    simultaneous = True
    hidden_information = True
    glossary = GLOSSARY
    words = WORDS
    endings = ENDING_NAMES
    declarations = spaces
    heuristic = HeuristicBot
    provisional = (
        Provisional("round_limit", PROVISIONAL_ROUND_LIMIT, "src/bodoge/games/hoarders/data.py"),
    )

    def choice_subject(self, state: State, action: Action) -> str | None:
        """The nut (treasure) a seat steals."""
        del state
        return action.nut if isinstance(action, StealNut) else None

    def subject_name(self, key: str, lang: str = "en") -> str:
        name = NUT_NAMES.get(key)
        return name(lang) if name is not None else key

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = Hoarders()
