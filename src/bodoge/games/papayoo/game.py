"""Papayoo's metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import POINTS, Action, Game, Option, State, Text
from . import spaces
from .actions import ACTION_TYPES, PickPass, card_name
from .bot import HeuristicBot
from .data import DESIGN, HAND_COUNTS
from .rules import PapayooState
from .text import (
    BLURB,
    GLOSSARY,
    HAND_COUNT_TEXT,
    HAND_UNIT,
    SHIFTING_PASS_WORDS,
    TITLE,
    WORDS,
    describe_view,
)
from .view import VIEW

HANDS = Option(
    "hands",
    Text("ハンド数", "Number of hands"),
    default="n",
    choices=HAND_COUNTS,
    choice_text=HAND_COUNT_TEXT,
    samples=("one", "n", "2n"),
    help=Text(
        "one: 1ハンドだけ。n・2n・3n: プレイ人数の1倍・2倍・3倍のハンド。",
        "one: a single hand. n, 2n, 3n: once, twice or three times as many hands as players.",
    ),
)
SHIFTING_PASS = Option(
    "shifting_pass",
    Text("渡す相手を毎ハンドずらす", "Shifting pass"),
    default=False,
    help=SHIFTING_PASS_WORDS,
)


class Papayoo(Game):
    length_unit = HAND_UNIT
    length_counter = "hand_number"
    id = "papayoo"
    title = TITLE
    blurb = BLURB
    players = (3, 8)
    options = (HANDS, SHIFTING_PASS)
    design = DESIGN
    action_types = ACTION_TYPES
    state_class = PapayooState
    view = VIEW
    simultaneous = True
    hidden_information = True
    glossary = GLOSSARY
    points_against = POINTS
    words = WORDS
    declarations = spaces
    heuristic = HeuristicBot

    def choice_subject(self, state: State, action: Action) -> str | None:
        """The card a seat chooses to pass."""
        del state
        return action.card if isinstance(action, PickPass) else None

    def subject_name(self, key: str, lang: str = "en") -> str:
        return card_name(key, lang)

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = Papayoo()
