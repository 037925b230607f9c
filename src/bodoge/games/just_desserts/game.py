"""Just Desserts' metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import (
    TURNS,
    Action,
    Game,
    InvalidOptions,
    Option,
    OptionValue,
    Provisional,
    State,
    Text,
)
from . import spaces
from .actions import ACTION_TYPES, AddDessert, dessert_name
from .bot import HeuristicBot
from .data import DESSERTS, GUESTS, PROVISIONAL_LIMITS, TASTES
from .rules import JustDessertsState
from .text import BLURB, ENDING_NAMES, GLOSSARY, TITLE, WORDS, describe_view
from .view import VIEW

ADVANCED = Option(
    "advanced",
    Text("上級ルール", "Advanced rules"),
    default=False,
    help=Text(
        "ビュッフェと引き抜き（下の2つで個別に外せます）を加える。",
        "Adds the buffet and poaching (each can be left out below).",
    ),
)
BUFFET = Option(
    "buffet",
    Text("ビュッフェ（上級）", "Buffet (advanced)"),
    default=False,
    derive=lambda earlier: bool(earlier["advanced"]),
    default_text=Text("上級ルールなら有効", "on with the advanced rules"),
    only_with={"advanced": (True,)},
    help=Text(
        "デザートの種類が1つだけのカード4枚を捨てる: 他の全員が給仕済みのお客さんを"
        "1人ずつ場に戻し、自分はデザートを3枚引いてから1人に給仕できる。",
        "Discard four single-taste desserts: every other player sends one served guest back to "
        "the middle; you draw three desserts, then may serve one guest.",
    ),
)
POACHING = Option(
    "poaching",
    Text("引き抜き（上級）", "Poaching (advanced)"),
    default=False,
    derive=lambda earlier: bool(earlier["advanced"]),
    default_text=Text("上級ルールなら有効", "on with the advanced rules"),
    only_with={"advanced": (True,)},
    help=Text(
        "1手番に1回、他のプレイヤーが給仕済みのお客さんに給仕して奪える。相手はそのお客さんを"
        "満たすデザートを捨てて阻止できる。",
        "Once a turn, serve a guest another player has won to take them; that player may block "
        "by discarding desserts that satisfy the guest too.",
    ),
)
BACON = Option(
    "bacon",
    Text("拡張: ベーコンとの相性は抜群", "Expansion: Better with Bacon"),
    default=False,
    help=Text(
        "ベーコンのデザート6枚と茶色のお客さん4人を加える。",
        "Adds six bacon desserts and four brown guests.",
    ),
)
COFFEE = Option(
    "coffee",
    Text("拡張: ジャストコーヒー", "Expansion: Just Coffee"),
    default=False,
    help=Text(
        "コーヒーのデザート6枚とピンクのお客さん4人を加える。",
        "Adds six coffee desserts and four pink guests.",
    ),
)

COVERING = (
    {"advanced": False, "bacon": False, "coffee": False},
    {"advanced": True, "buffet": True, "poaching": True, "bacon": True, "coffee": True},
)
"""The option sets the generic suites play: the base game and everything on (each
random game there takes seconds to check; each option alone, and the decks of every
set, are pinned by the game's unit tests)."""


def _cards() -> dict[str, Any]:
    """The printed cards for the table: each dessert's tastes, each guest's wants and more."""
    return {
        "tastes": list(TASTES),
        "desserts": {d.id: list(d.tastes) for d in DESSERTS},
        "guests": {
            g.id: {
                "colour": g.colour,
                "wants": list(g.wants),
                "refuses": list(g.refuses),
                "favourites": list(g.favourites),
                "favourite_taste": g.favourite_taste,
            }
            for g in GUESTS
        },
    }


class JustDesserts(Game):
    length_unit = TURNS
    length_counter = "turn"
    id = "just-desserts"
    cards = _cards()
    title = TITLE
    blurb = BLURB
    players = (2, 5)
    options = (ADVANCED, BUFFET, POACHING, BACON, COFFEE)
    action_types = ACTION_TYPES
    state_class = JustDessertsState
    view = VIEW
    simultaneous = True
    """The buffet's returns: every other player who has served guests chooses one at once."""
    hidden_information = True
    glossary = GLOSSARY
    words = WORDS
    endings = ENDING_NAMES
    declarations = spaces
    heuristic = HeuristicBot
    provisional = (
        Provisional("limits", PROVISIONAL_LIMITS, "src/bodoge/games/just_desserts/data.py"),
    )

    def resolve_options(self, options: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """The buffet and poaching are advanced rules: refused without them."""
        resolved = super().resolve_options(options)
        if not resolved["advanced"]:
            clash = [name for name in ("buffet", "poaching") if resolved[name]]
            if clash:
                raise InvalidOptions(
                    f"{' and '.join(clash)} belong to the advanced rules: "
                    "set advanced to true to play them"
                )
        return resolved

    def variants(self) -> list[dict[str, OptionValue]]:
        """A covering set of option sets (:data:`COVERING`), not all twenty."""
        return [self.resolve_options(options) for options in COVERING]

    def choice_subject(self, state: State, action: Action) -> str | None:
        """The dessert a seat puts towards a guest."""
        del state
        return action.dessert if isinstance(action, AddDessert) else None

    def subject_name(self, key: str, lang: str = "en") -> str:
        return dessert_name(key, lang)

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = JustDesserts()
