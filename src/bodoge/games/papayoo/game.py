"""Papayoo's metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Action, Game, Option, OptionValue, Text
from ...engine.schema import Record
from . import spaces
from .actions import ACTION_TYPES
from .bot import HeuristicBot
from .data import HAND_COUNTS
from .rules import PapayooState
from .text import BLURB, GLOSSARY, TITLE, describe_view

HANDS = Option(
    "hands",
    Text("ハンド数", "Number of hands"),
    default="n",
    choices=HAND_COUNTS,
    help=Text(
        "one: 1ハンドだけ。n・2n・3n: プレイ人数の1倍・2倍・3倍のハンド。",
        "one: a single hand. n, 2n, 3n: once, twice or three times as many hands as players.",
    ),
)
SHIFTING_PASS = Option(
    "shifting_pass",
    Text("渡す相手を毎ハンドずらす", "Shifting pass"),
    default=False,
    help=Text(
        "第hハンドでは h を人数で割った余りの人数だけ左の人に渡す。余りが0のハンドは渡さない。",
        "In hand h pass to the player h mod n seats to the left; no passing when that is 0.",
    ),
)


class Papayoo(Game):
    id = "papayoo"
    title = TITLE
    blurb = BLURB
    players = (3, 8)
    options = (HANDS, SHIFTING_PASS)
    action_types = ACTION_TYPES
    state_class = PapayooState
    simultaneous = True
    hidden_information = True
    glossary = GLOSSARY

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


GAME = Papayoo()
