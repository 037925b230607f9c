"""Imhotep's metadata, declared as data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import (
    ROUNDS,
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
from .actions import ACTION_TYPES, KeepCard, TakeCard
from .bot import HeuristicBot
from .data import (
    CARD_COLOUR,
    CARD_NAMES,
    CARDS,
    PROVISIONAL_OBELISK_B,
    PROVISIONAL_PYRAMID_B,
    PROVISIONAL_ROUND_CARDS,
    PROVISIONAL_TEMPLE_B,
    SITE_NAMES,
    SITES,
)
from .rules import ImhotepState
from .text import BLURB, GLOSSARY, SIDES_TEXT, TITLE, WORDS, describe_view
from .view import VIEW

SIDES = Option(
    "sides",
    Text("建造物の面", "Site sides"),
    default="A",
    choices=("A", "B", "random", "custom"),
    choice_text=SIDES_TEXT,
    help=Text(
        "すべてA面・すべてB面、ランダム（建造物ごとにランダム）、"
        "建造物ごとに指定（下の各建造物の面で選ぶ）。",
        "All A sides, all B sides, Random (each site's side at random), or Chosen per site "
        "(each site's side as set below).",
    ),
)

CUSTOM_SAMPLE = {"market": "B"}
"""The per-site sides the generic tests play with ``custom``: one site turned over.

So ``custom`` adds one option set, not 32: the A and B games cover both sides
of every site, ``random`` plays another mix every seed, and this one shows a
chosen mix honoured (the rules' tests check others)."""


def _site_option(site: str) -> Option:
    return Option(
        f"{site}_side",
        Text(f"{SITE_NAMES[site].ja}の面", f"{SITE_NAMES[site].en} side"),
        default="A",
        choices=("A", "B"),
        derive=lambda earlier: "B" if earlier["sides"] == "B" else "A",
        default_text=Text("「建造物の面」に従う", "as 'Site sides' says"),
        only_with={"sides": ("custom",)},
        samples=(CUSTOM_SAMPLE.get(site, "A"),),
        help=Text(
            "「建造物の面」が「建造物ごとに指定」のときだけ使います。",
            "Used only when 'Site sides' is 'Chosen per site'.",
        ),
    )


SITE_OPTIONS = tuple(_site_option(site) for site in SITES)
WRATH = Option(
    "wrath",
    Text("ファラオの怒り", "Pharaoh's wrath"),
    default=False,
    samples=(False,),
    help=Text(
        "ピラミッド・神殿・埋葬室・オベリスクのどれかに自分の石がない人は、終了時に5点を失う（1回だけ）。",
        "At the end, a player without a stone on any one of Pyramid, Temple, Burial chamber "
        "and Obelisks loses 5 points (once).",
    ),
)
"""The generic tests play the game without the variant: it adds one end-of-game penalty
to the same game, which the rules' tests cover (on set positions and over whole random
games with it), as does one golden playthrough (``scripts/regen_golden.py``'s
``MORE_GAMES``: ``True`` among the samples would double every generic suite's option sets)."""


class Imhotep(Game):
    length_unit = ROUNDS
    length_counter = "round"
    id = "imhotep"
    title = TITLE
    blurb = BLURB
    players = (2, 4)
    options = (SIDES, *SITE_OPTIONS, WRATH)
    action_types = ACTION_TYPES
    state_class = ImhotepState
    view = VIEW
    hidden_information = True
    glossary = GLOSSARY
    words = WORDS
    declarations = spaces
    heuristic = HeuristicBot
    card_colour = CARD_COLOUR
    """Each market card's colour, for the table template (a card's class carries it)."""
    provisional = (
        Provisional("round_cards_3p", PROVISIONAL_ROUND_CARDS, "src/bodoge/games/imhotep/data.py"),
        Provisional("pyramid_b", PROVISIONAL_PYRAMID_B, "src/bodoge/games/imhotep/data.py"),
        Provisional("temple_b", PROVISIONAL_TEMPLE_B, "src/bodoge/games/imhotep/data.py"),
        Provisional("obelisk_b", PROVISIONAL_OBELISK_B, "src/bodoge/games/imhotep/data.py"),
    )

    def resolve_options(self, options: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """As declared; a site's own side is refused unless ``sides`` is ``custom``.

        Otherwise it would contradict ``sides`` (or mean nothing with ``random``).
        A ``custom`` table with every site on one side is that side's game and
        resolves to it (so records name it once and tests do not play it twice).
        """
        resolved = super().resolve_options(options)
        if resolved["sides"] == "custom" and len({resolved[f"{s}_side"] for s in SITES}) == 1:
            resolved["sides"] = resolved[f"{SITES[0]}_side"]  # the same game, named once
        if resolved["sides"] != "custom":
            for site in SITES:
                name = f"{site}_side"
                expected = "B" if resolved["sides"] == "B" else "A"
                if resolved[name] != expected:
                    raise InvalidOptions(
                        f"option {name!r} applies with sides='custom' only "
                        f"(sides is {resolved['sides']!r})"
                    )
        return resolved

    def choice_subject(self, state: State, action: Action) -> str | None:
        """The market card taken (the face-up card in that space) or kept (Market B)."""
        if isinstance(action, TakeCard):
            assert isinstance(state, ImhotepState)
            row = state.row
            shown = action.slot < len(row) and row[action.slot] >= 0
            return CARDS[row[action.slot]] if shown else None
        return action.card if isinstance(action, KeepCard) else None

    def subject_name(self, key: str, lang: str = "en") -> str:
        name = CARD_NAMES.get(key)
        return name(lang) if name is not None else key

    def describe_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        return describe_view(view, lang)


GAME = Imhotep()
