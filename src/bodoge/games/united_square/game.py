"""United Square's metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Game, Option, Text
from . import spaces
from .actions import ACTION_TYPES
from .bot import HeuristicBot
from .data import BOARD_SIZES, MAX_PLAYERS, MIN_PLAYERS, TEAM_PLAYERS
from .rules import UnitedSquareState
from .text import BLURB, GLOSSARY, TITLE, WORDS, describe_view
from .view import VIEW

# The 7 × 7 board plays the same rules for twice as long: the generic suites play the
# 5 × 5 board (``samples``), and tests/united_square plays 7 × 7 through the contract.
BOARD = Option(
    "board",
    Text("盤の大きさ", "Board"),
    default=5,
    choices=BOARD_SIZES,
    samples=(5,),
    choice_text={
        5: Text("5×5（タイル24枚）", "5 × 5 (24 tiles)"),
        7: Text("7×7（タイル48枚）", "7 × 7 (48 tiles)"),
    },
    help=Text(
        "5×5は各種類4枚ずつ、7×7は各種類8枚ずつのタイルを全員に配る長いゲーム。",
        "5 × 5 deals four tiles of each type; 7 × 7 deals eight of each, a longer game.",
    ),
)
TEAMS = Option(
    "teams",
    Text("チーム戦", "Team play"),
    default=False,
    help=Text(
        "4人専用。1番目と3番目、2番目と4番目の席がチーム。チームの合計が多い方が勝ち、"
        "順位はチーム合計、次に個人の正方形の数で決まる。",
        "Four players only: seats 1 and 3 play against seats 2 and 4. The team with the larger "
        "total wins; places go by team total, then by a player's own squares.",
    ),
)


class UnitedSquare(Game):
    id = "united-square"
    title = TITLE
    blurb = BLURB
    players = (MIN_PLAYERS, MAX_PLAYERS)
    options = (BOARD, TEAMS)
    action_types = ACTION_TYPES
    state_class = UnitedSquareState
    view = VIEW
    has_teams = True
    ranks_within_team = True
    glossary = GLOSSARY
    words = WORDS
    declarations = spaces
    heuristic = HeuristicBot

    def player_range(self, options: Mapping[str, object] | None = None) -> tuple[int, int]:
        if options and options.get("teams"):
            return (TEAM_PLAYERS, TEAM_PLAYERS)
        return (MIN_PLAYERS, MAX_PLAYERS)

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = UnitedSquare()
