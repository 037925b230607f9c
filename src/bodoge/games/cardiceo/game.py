"""Cardiceo's metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import ROUNDS as ROUND_UNIT
from ...engine import Action, Game, InvalidOptions, Option, OptionValue, Provisional, State, Text
from . import spaces
from .actions import ACTION_TYPES, Discard
from .bot import HeuristicBot
from .data import (
    DESIGN,
    HARDCORE_MAX_PLAYERS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    ROUND_TURN_LIMIT,
)
from .rules import CardiceoState
from .text import BLURB, GLOSSARY, TITLE, TOTAL, WORDS, describe_view
from .view import VIEW

SHORT = Option(
    "short",
    Text("ショートゲーム", "Short game"),
    default=False,
    only_with={"hardcore": (False,)},
    help=Text("手札を10枚ではなく5枚ずつ配る。", "Deal five cards each instead of ten."),
)
EASY = Option(
    "easy",
    Text("イージーモード", "Easy mode"),
    default=False,
    only_with={"hardcore": (False,)},
    help=Text(
        "全員の手札を表向きにして遊ぶ（はじめての人に教えるときに）。",
        "Everyone plays with their hand face up (good for teaching the game).",
    ),
)
ROUNDS = Option(
    "rounds",
    Text("ラウンド数", "Rounds"),
    default=1,
    only_with={"hardcore": (False,)},
    minimum=1,
    maximum=MAX_ROUNDS,
    samples=(1, 3),
    help=Text(
        "2以上なら延長戦: 各ラウンドの終わりに残った手札の数の合計を加算し、"
        "最後に合計が最も低い人の勝ち。",
        "Two or more: extended play. After each round the values of the cards left in hand "
        "are added to each player's total; the lowest total after the last round wins.",
    ),
)
HARDCORE = Option(
    "hardcore",
    Text("ハードコアモード", "Hardcore mode"),
    default=False,
    help=Text(
        "4人まで。全員が1〜15を1枚ずつ表向きで持つ。1枚も捨てられなかった人は脱落し、"
        "サイコロ3個は中央にロックされる（振り直しの選択はない）。"
        "手札をなくすか、最後まで残った人の勝ち。",
        "Up to four players. Everyone holds one card of each value 1–15, face up. "
        "A player who discards nothing is out and all three dice lock in the middle "
        "(no reroll choice). Empty your hand or be the last one standing to win.",
    ),
)

TURN_LIMIT = Provisional(
    "round_turn_limit",
    Text(
        f"安全のための上限（原文にはないルール外の打ち切り）: 1ラウンドが1人あたり"
        f"{ROUND_TURN_LIMIT}手番を過ぎても終わらなければ、ゲームは打ち切られ、勝者なしとなります。",
        f"A safety limit, not a rule of the game: if a round is still going after "
        f"{ROUND_TURN_LIMIT} turns per player, the game is stopped with no winner.",
    ),
    "src/bodoge/games/cardiceo/data.py",
)


class Cardiceo(Game):
    length_unit = ROUND_UNIT
    length_counter = "round"
    id = "cardiceo"
    title = TITLE
    blurb = BLURB
    players = (MIN_PLAYERS, MAX_PLAYERS)
    options = (SHORT, EASY, ROUNDS, HARDCORE)
    design = DESIGN
    action_types = ACTION_TYPES
    state_class = CardiceoState
    view = VIEW
    hidden_information = True
    provisional = (TURN_LIMIT,)
    glossary = GLOSSARY
    points_against = TOTAL
    words = WORDS
    declarations = spaces
    heuristic = HeuristicBot

    def choice_subject(self, state: State, action: Action) -> str | None:
        """The card discarded (its number)."""
        del state
        return str(action.card) if isinstance(action, Discard) else None

    def dealt_subjects(self, state: State, seat: int) -> frozenset[str] | None:
        """The numbers in the seat's opening hand (hardcore's open hands hold every one)."""
        assert isinstance(state, CardiceoState)
        hand = state.hands[seat]
        return frozenset(str(card) for card in range(1, len(hand)) if hand[card])

    def player_range(self, options: Mapping[str, object] | None = None) -> tuple[int, int]:
        if options and options.get("hardcore"):
            return (MIN_PLAYERS, HARDCORE_MAX_PLAYERS)
        return (MIN_PLAYERS, MAX_PLAYERS)

    def resolve_options(self, options: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Hardcore deals its own open hands of fifteen and is a game of one round."""
        resolved = super().resolve_options(options)
        if resolved["hardcore"]:
            clash = [name for name in ("short", "easy") if resolved[name]]
            if resolved["rounds"] != 1:
                clash.append("rounds")
            if clash:
                raise InvalidOptions(
                    f"hardcore mode cannot be combined with {', '.join(clash)}: it deals "
                    "one open card of each value 1–15 and is played as a single round"
                )
        return resolved

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = Cardiceo()
