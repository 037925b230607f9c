"""Tarot Storia's metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Action, Game, Provisional, Text
from . import spaces
from .actions import ACTION_TYPES
from .bot import HeuristicBot
from .data import DUET_RANKS, PROVISIONAL_COLOURS, SOLO_RANKS
from .rules import TarotStoriaState
from .text import BLURB, GLOSSARY, TITLE, WORDS, describe_action, describe_view
from .view import VIEW


class TarotStoria(Game):
    id = "tarot-storia"
    title = TITLE
    blurb = BLURB
    players = (1, 2)
    action_types = ACTION_TYPES
    state_class = TarotStoriaState
    view = VIEW
    hidden_information = True
    cooperative = True
    glossary = GLOSSARY
    words = WORDS
    declarations = spaces
    heuristic = HeuristicBot
    provisional = (
        Provisional("colours", PROVISIONAL_COLOURS, "src/bodoge/games/tarot_storia/data.py"),
    )

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)

    def describe_action(self, view: Mapping[str, Any], action: Action, lang: str = "en") -> str:
        return describe_action(view, action, lang)

    def score_bands(self, num_players: int) -> tuple[tuple[float | None, Text], ...]:
        return SOLO_RANKS if num_players == 1 else DUET_RANKS


GAME = TarotStoria()
