"""The lobby's form for a new table, read as a person filled it in.

Every refusal is a :class:`Refusal` whose message is in the visitor's
language and says what to change: which option, which values it takes,
how many players these options allow.  The server's own words for
developers (``InvalidOptions``, ``ApiError``) never reach the page.

An option that means nothing beside the others (``Option.only_with``:
Imhotep's per-site side unless the sides are chosen site by site) is left
to its default rather than refused; the lobby hides it meanwhile.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bodoge.engine import Game, InvalidOptions, Option, OptionValue, applicable

from .i18n import word

SMALL_INT = re.compile(r"-?[0-9]{1,18}")
MAX_SEATS = 12


@dataclass
class Refusal(Exception):
    """A form the server will not act on: an HTTP status and a message for people."""

    status: int
    message: str


def form_options(game: Game, form: Mapping[str, Any], lang: str) -> dict[str, OptionValue]:
    """The options the form sets, validated, in the form the API takes (others: defaults)."""
    given: dict[str, OptionValue] = {}
    for option in game.options:
        raw = form.get(f"option_{option.name}")
        if option.kind is bool and option.derive is not None:
            if raw in ("on", "off"):  # else: the default derived from the other options
                given[option.name] = raw == "on"
        elif option.kind is bool:
            given[option.name] = raw == "on"
        elif raw not in (None, ""):
            text = str(raw)
            # At most 18 ASCII digits: int() of thousands of digits raises (and
            # is slow); such a value is left as text, refused just below.
            given[option.name] = (
                int(text) if option.kind is int and SMALL_INT.fullmatch(text) else text
            )
    given = applicable(game.options, given)
    for option in game.options:
        if option.name in given:
            try:
                option.validate(given[option.name])
            except InvalidOptions:
                raise Refusal(422, bad_option(option, lang)) from None
    try:
        game.resolve_options(given)
    except InvalidOptions:
        raise Refusal(422, clash(game, given, lang)) from None
    return given


def bad_option(option: Option, lang: str) -> str:
    """What one option takes, in words: its choices, or the range of its numbers."""
    if option.choices is not None:
        separator = "、" if lang == "ja" else ", "
        allowed = separator.join(option.value_text(c, lang) for c in option.choices)
        return word("form_bad_choice", lang, option=option.title(lang), allowed=allowed)
    low = "…" if option.minimum is None else option.minimum
    high = "…" if option.maximum is None else option.maximum
    return word("form_bad_number", lang, option=option.title(lang), low=low, high=high)


def clash(game: Game, given: Mapping[str, OptionValue], lang: str) -> str:
    """Options each allowed alone but not together: name those whose change alone would
    make the table (else every option set away from its default)."""
    culprits = [
        option
        for option in game.options
        if option.name in given and fits_without(game, given, option.name)
    ]
    if not culprits:
        defaults = game.resolve_options(None)
        culprits = [
            o for o in game.options if given.get(o.name, defaults[o.name]) != defaults[o.name]
        ]
    separator = "、" if lang == "ja" else ", "
    return word("form_clash", lang, options=separator.join(o.title(lang) for o in culprits))


def fits_without(game: Game, given: Mapping[str, OptionValue], name: str) -> bool:
    try:
        game.resolve_options({k: v for k, v in given.items() if k != name})
    except InvalidOptions:
        return False
    return True


def form_count(
    game: Game, form: Mapping[str, Any], options: Mapping[str, OptionValue], lang: str
) -> int:
    """The number of seats, within what ``options`` allow."""
    low, high = game.player_range(game.resolve_options(options))
    try:
        count = int(str(form.get("num_seats", ""))[:3])
    except ValueError:
        count = 0
    if not (1 <= count <= MAX_SEATS and low <= count <= high):
        key = "form_players_one" if low == high else "form_players"
        raise Refusal(422, word(key, lang, game=game.title(lang), low=low, high=high))
    return count


API_WORDS = {
    "bad_name": "name_required",
    "seat_taken": "seat_taken",
    "table_not_found": "not_found",
    "seat_not_found": "not_found",
    "not_host": "form_not_host",
    "wrong_status": "form_wrong_status",
    "too_many_tables": "form_too_many_tables",
    "too_many_waiting": "form_too_many_waiting",
    "bad_bot_spec": "form_bad_bot",
    "invalid_clock": "form_bad_clock",
}
"""The words for the refusals the server's actions answer a page's form with."""


def api_refusal(status: int, code: str, lang: str, other: str = "cannot_create") -> Refusal:
    """The refusal ``code`` in the visitor's words (``other`` for a code without any)."""
    return Refusal(status, word(API_WORDS.get(code, other), lang))


@functools.cache
def player_ranges(game: Game) -> tuple[dict[str, Any], ...]:
    """The player counts each set of options allows, for the lobby to offer only those.

    Each entry is ``{"options": {...}, "low": n, "high": m}`` and names only the
    options the count depends on (United Square's ``teams``, not its board), so
    that every choice the lobby offers finds its entry.  Found by trying every
    value of every option with a list of values (numbers: their samples).
    """
    names = [option.name for option in game.options]
    values = [
        option.choices or ((False, True) if option.kind is bool else option.values())
        for option in game.options
    ]
    found: dict[tuple[OptionValue, ...], tuple[int, int]] = {}
    for combination in itertools.product(*values):
        try:
            resolved = game.resolve_options(dict(zip(names, combination, strict=True)))
        except InvalidOptions:
            continue
        found[combination] = game.player_range(resolved)
    matters = [
        index
        for index in range(len(names))
        if any(
            found.get((*c[:index], other, *c[index + 1 :]), span) != span
            for c, span in found.items()
            for other in values[index]
        )
    ]
    ranges: dict[tuple[tuple[str, OptionValue], ...], tuple[int, int]] = {}
    for combination, (low, high) in found.items():
        key = tuple((names[i], combination[i]) for i in matters)
        before = ranges.get(key, (low, high))
        ranges[key] = (min(before[0], low), max(before[1], high))
    return tuple(
        {"options": dict(key), "low": low, "high": high} for key, (low, high) in ranges.items()
    )


@functools.cache
def team_layouts(game: Game) -> tuple[dict[str, Any], ...]:
    """Which seats play together, for each entry of :func:`player_ranges` and player count.

    Empty for a game without teams; the lobby groups its seat list by these.
    """
    if not game.has_teams:
        return ()
    layouts = []
    for entry in player_ranges(game):
        for count in range(entry["low"], entry["high"] + 1):
            teams = game.new_game(count, seed=0, options=entry["options"]).teams
            if teams:
                layouts.append(
                    {"options": entry["options"], "count": count, "teams": [list(t) for t in teams]}
                )
    return tuple(layouts)
