"""アネハンブラ's metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Game, Option, Provisional, State, Text
from . import spaces
from .actions import ACTION_TYPES
from .bot import HeuristicBot, likely_palaces
from .data import PROVISIONAL_TURN_LIMIT
from .rules import AnehambraState
from .text import BLURB, GLOSSARY, TITLE, describe_view

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
    id = "anehambra"
    title = TITLE
    blurb = BLURB
    players = (3, 6)
    options = (STRICT_OPEN_COLOUR,)
    action_types = ACTION_TYPES
    state_class = AnehambraState
    provisional = (
        Provisional("turn_limit", PROVISIONAL_TURN_LIMIT, "src/bodoge/games/anehambra/data.py"),
    )
    hidden_information = True
    glossary = GLOSSARY
    declarations = spaces
    heuristic = HeuristicBot
    # Playouts by the heuristic made the search worse than the heuristic alone:
    # against three random players, 11 of 20 games won with heuristic playouts
    # and 17 of 20 with random ones (0.25 s a move, the same seeds).
    heuristic_playouts = False
    # Even so, a free search played worse than the heuristic alone against random
    # players (25 of 40 games against 36 of 40); kept to the heuristic's move unless
    # two standard errors sure, it won 34 of 40 (0.25 s a move, the same seeds).
    # The strength bench's 30 games gave 21 with the margin as without it; pooled,
    # 55 of 70 against 46 of 70 (bench/README.md).
    search_margin = 2.0
    # Playouts run about a thousand moves to the end.  Cut after 60 and judged by
    # `estimate` (palaces weighed by their risk of demolition), the search won 12
    # of 30 games against heuristic bots and 25 of 30 against random players, where
    # it had won 9 and 21 playing out to the end (0.25 s a move; bench/README.md).
    search_horizon = 60

    def estimate(self, state: State) -> list[float]:
        assert isinstance(state, AnehambraState)
        return likely_palaces(state)

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = Anehambra()
