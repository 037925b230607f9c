"""アネハンブラ's metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import TURNS, Game, Option, Provisional, Text
from . import spaces
from .actions import ACTION_TYPES
from .bot import HeuristicBot
from .data import PROVISIONAL_TURN_LIMIT
from .rules import AnehambraState
from .text import BLURB, GLOSSARY, TITLE, WORDS, describe_view
from .view import VIEW

STRICT_OPEN_COLOUR = Option(
    "strict_open_colour",
    Text("指定禁止色を厳密に判定", "Strict open-colour ban"),
    default=False,
    help=Text(
        "査察A〜Dで指定できない色を、確認済みの宮殿に全て表向きで見えている色だけに限る"
        "（地震で除外されたカードは数えない）。",
        "Checks A–D cannot name a colour only when every card of it lies face up in "
        "verified palaces (cards removed by earthquakes do not count).",
    ),
)


class Anehambra(Game):
    length_unit = TURNS
    length_counter = "turn"
    id = "anehambra"
    title = TITLE
    blurb = BLURB
    players = (3, 6)
    options = (STRICT_OPEN_COLOUR,)
    action_types = ACTION_TYPES
    state_class = AnehambraState
    view = VIEW
    provisional = (
        Provisional("turn_limit", PROVISIONAL_TURN_LIMIT, "src/bodoge/games/anehambra/data.py"),
    )
    hidden_information = True
    glossary = GLOSSARY
    words = WORDS
    declarations = spaces
    heuristic = HeuristicBot

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = Anehambra()
