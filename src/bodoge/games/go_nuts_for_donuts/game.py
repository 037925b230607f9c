"""Go Nuts for Donuts' metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import ROUNDS, Action, Game, Provisional, State
from . import spaces
from .actions import ACTION_TYPES, Bid, Keep, Take, donut_name
from .bot import HeuristicBot
from .data import DESIGN, DONUTS, MAX_PLAYERS, MIN_PLAYERS, PROVISIONAL_BOSTON_CREAM
from .rules import DonutsState
from .text import BLURB, ENDING_NAMES, GLOSSARY, TITLE, WORDS, describe_view
from .view import VIEW


class GoNutsForDonuts(Game):
    length_unit = ROUNDS
    length_counter = "round"
    id = "go-nuts-for-donuts"
    title = TITLE
    blurb = BLURB
    players = (MIN_PLAYERS, MAX_PLAYERS)
    action_types = ACTION_TYPES
    design = DESIGN
    state_class = DonutsState
    view = VIEW
    simultaneous = True
    hidden_information = True
    glossary = GLOSSARY
    words = WORDS
    endings = ENDING_NAMES
    declarations = spaces
    heuristic = HeuristicBot
    provisional = (
        Provisional(
            "boston_cream_pair",
            PROVISIONAL_BOSTON_CREAM,
            "src/bodoge/games/go_nuts_for_donuts/data.py",
        ),
    )

    def choice_subject(self, state: State, action: Action) -> str | None:
        """The donut kind bid on (the row card at that position), kept or taken."""
        if isinstance(action, Bid):
            assert isinstance(state, DonutsState)
            card = state.row[action.position - 1]
            return DONUTS[card] if card >= 0 else None
        return action.donut if isinstance(action, (Keep, Take)) else None

    def subject_name(self, key: str, lang: str = "en") -> str:
        return donut_name(key, lang)

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = GoNutsForDonuts()
