"""Egyptian Bride's metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Action, DesignParameter, Game, Option, State, Text
from . import spaces
from .actions import ACTION_TYPES, Place, TakeFaceUp
from .bot import HeuristicBot
from .rules import BASE_SETUP, EXPANSION_SETUP, EgyptianBrideState
from .text import BLURB, GLOSSARY, TITLE, WORDS, describe_view
from .view import VIEW

EXPANSION = Option(
    "expansion",
    Text("拡張『ルクソールの娘』", "Expansion: Daughters of Luxor"),
    default=False,
    help=Text(
        "14〜18の花嫁カードを加え、4〜6人、表向き5枚、嫉妬のアクション（D）を使う。",
        "Adds brides 14–18: 4–6 players, five face-up cards and the jealousy action (D).",
    ),
)
FIRST_TURN_LIMITS = Option(
    "first_turn_limits",
    Text("最初の手番の枚数制限", "First-turn card limits"),
    default=True,
    help=Text(
        "スタートプレイヤーは最初のAで1枚、2番手は2枚まで。",
        "In their first action A the start player takes at most 1 card, the second at most 2.",
    ),
    derive=lambda earlier: not earlier["expansion"],
    default_text=Text(
        "基本ゲームでは有効、拡張では無効", "on in the base game, off with the expansion"
    ),
)

DESIGN = (
    DesignParameter(
        "set_aside",
        Text("抜き取るカード（基本）", "Cards set aside (base game)"),
        BASE_SETUP.set_aside,
        minimum=0,
        maximum=40,
        help=Text(
            "基本ゲームで、配る前に見ずに抜き取るカードの枚数（85枚中）。",
            "Cards removed unseen before the base game starts (of 85).",
        ),
    ),
    DesignParameter(
        "set_aside_expansion",
        Text("抜き取るカード（拡張）", "Cards set aside (expansion)"),
        EXPANSION_SETUP.set_aside,
        minimum=0,
        maximum=80,
        help=Text(
            "拡張で、配る前に見ずに抜き取るカードの枚数（165枚中）。",
            "Cards removed unseen before a game with the expansion starts (of 165).",
        ),
    ),
)
"""Design parameters: how many cards leave the game unseen (``bodoge sweep --vary``).

With more cards set aside, fewer copies of each number are in play and a
count of what has been seen says less.  The declared facts (``spaces``)
follow the printed game: a non-default value is for simulation only.
"""


class EgyptianBride(Game):
    id = "egyptian-bride"
    title = TITLE
    blurb = BLURB
    players = (3, 5)
    options = (EXPANSION, FIRST_TURN_LIMITS)
    design = DESIGN
    action_types = ACTION_TYPES
    state_class = EgyptianBrideState
    view = VIEW
    hidden_information = True
    glossary = GLOSSARY
    words = WORDS
    declarations = spaces
    heuristic = HeuristicBot

    def choice_subject(self, state: State, action: Action) -> str | None:
        """The card number taken face up or placed."""
        del state
        return str(action.number) if isinstance(action, (TakeFaceUp, Place)) else None

    def player_range(self, options: Mapping[str, object] | None = None) -> tuple[int, int]:
        return (4, 6) if options and options.get("expansion") else (3, 5)

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = EgyptianBride()
