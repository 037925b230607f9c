"""The registry of games, and replay of records through it.

Game packages call :func:`register` when imported; the engine itself never
imports a game (layers import only downward).  ``bodoge`` imports the
built-in games before answering :func:`bodoge.game_ids`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from .errors import BodogeError, InvalidRecord, UnknownGame, brief, clip
from .game import Game
from .rng import check_seed
from .state import RECORD_FORMAT, State
from .text import seat_name

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` available under its id; a second game with that id is an error."""
    known = _GAMES.get(game.id)
    if known is not None and known is not game:
        raise ValueError(f"a different game is already registered as {game.id!r}")
    _GAMES[game.id] = game
    return game


def unregister(game_id: str) -> None:
    """Remove a game (for tests that register games of their own)."""
    _GAMES.pop(game_id, None)


def game_ids() -> list[str]:
    """Ids of every registered game, sorted."""
    return sorted(_GAMES)


def get_game(game_id: str) -> Game:
    """The registered game with that id, or :class:`UnknownGame`."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(game_ids())
        raise UnknownGame(f"no game {game_id!r}; the games are: {known}") from None


_RECORD_KEYS = {"format", "game", "game_version", "options", "num_players", "seed", "actions"}
_OPTIONAL_KEYS = {"result", "meta", "design", "players"}
MAX_PLAYER_NAME = 80
"""The longest display name a record's ``players`` may hold."""

MAX_RECORD_CHARS = 64 * 2**20
"""The longest record text :func:`parse_record` reads (the longest game's is a few MB)."""
MAX_RECORD_DEPTH = 16
"""How deeply a record's JSON may nest (a record needs four levels; ``meta`` a few more)."""
MAX_NUMBER_DIGITS = 40
"""Digits of a number in a record, at most (a seed has at most 19)."""


def parse_record(text: str | bytes) -> Any:
    """The JSON value of a record's text, or :class:`InvalidRecord`, whatever the text holds.

    Made for files and uploads from anyone: the text's size, its nesting and
    the length of its numbers are bounded, ``NaN`` and ``Infinity`` (which
    Python's ``json`` accepts but JSON has not) are refused, and no input
    ends in anything but :class:`InvalidRecord` with a one-line message.
    A JSON syntax error is the exception's ``__cause__``.  Pass the value
    to :func:`replay`, which checks that it is a record.
    """
    if len(text) > MAX_RECORD_CHARS:
        raise InvalidRecord(f"the record is longer than {MAX_RECORD_CHARS} characters")
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidRecord(f"the record is not UTF-8 text: {error}") from None
    try:
        value = json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_no_constant
        )
    except json.JSONDecodeError as error:
        raise InvalidRecord(
            f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from error
    except RecursionError:
        raise InvalidRecord(f"the record nests deeper than {MAX_RECORD_DEPTH} levels") from None
    if _depth(value) > MAX_RECORD_DEPTH:
        raise InvalidRecord(f"the record nests deeper than {MAX_RECORD_DEPTH} levels")
    return value


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise InvalidRecord(f"a number of {len(digits)} digits; a record has none so long")
    return int(digits)


def _parse_float(text: str) -> float:
    number = float(text) if len(text) <= MAX_NUMBER_DIGITS + 10 else math.inf
    if not math.isfinite(number):
        raise InvalidRecord(f"the number {clip(text, 60)} is out of range")
    return number


def _no_constant(name: str) -> Any:
    raise InvalidRecord(f"{name} is not a JSON number")


def _depth(value: object) -> int:
    """How deeply ``value`` nests lists and objects (0 for a scalar), without recursion."""
    if not isinstance(value, dict | list):
        return 0
    deepest, stack = 1, [(value, 1)]
    while stack:  # only containers are stacked: a long flat list costs no memory
        item, level = stack.pop()
        deepest = max(deepest, level)
        if level > MAX_RECORD_DEPTH:
            break
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, level + 1) for child in children if isinstance(child, dict | list))
    return deepest


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def replay(record: Mapping[str, Any]) -> State:
    """The state that ``record`` leads to, exactly; :class:`InvalidRecord` if it cannot be.

    A record of a game played with other design values (``design``) is
    replayed with them; one without is replayed with the defaults.
    Every action is applied through the checked path, so a tampered record
    fails at the first action the rules refuse; a recorded result that the
    replay does not reproduce is refused too.  Anything may be in a record
    read from a file or the network (:func:`parse_record` reads one): a
    value of the wrong type, a number too long to print, more actions than
    the game can last.  Each is refused with :class:`InvalidRecord` and a
    message that quotes the input only briefly.  The optional ``players``
    (the seats' display names, as a browser table records them) is checked
    for shape and otherwise ignored: names never change a game.
    """
    if not isinstance(record, Mapping):
        raise InvalidRecord(f"a record is a JSON object, not {type(record).__name__}")
    missing = _RECORD_KEYS - set(record)
    unknown = set(record) - _RECORD_KEYS - _OPTIONAL_KEYS
    if missing or unknown:
        raise InvalidRecord(
            clip(
                f"record keys: missing {sorted(missing)}, unknown {brief(sorted(unknown, key=str))}"
            )
        )
    if record["format"] != RECORD_FORMAT:
        raise InvalidRecord(f"unsupported record format {brief(record['format'])}")
    if not isinstance(record["game"], str):
        raise InvalidRecord(f"'game' must be a game id, not {brief(record['game'])}")
    try:
        game = get_game(record["game"])
    except UnknownGame as error:
        raise InvalidRecord(clip(error)) from None
    if record["game_version"] != game.version:
        raise InvalidRecord(
            f"the record is for version {brief(record['game_version'])} of {game.id}'s rules; "
            f"this is version {game.version!r}"
        )
    players, seed = record["num_players"], record["seed"]
    if not _is_int(players):
        raise InvalidRecord(
            f"bad set-up: the number of players must be an integer, not {brief(players)}"
        )
    if not 0 < players < 2**16:
        raise InvalidRecord(f"bad set-up: {brief(players)} players")
    if not _is_int(seed) or seed.bit_length() > 64:
        raise InvalidRecord(f"bad set-up: a seed must be an integer, not {brief(seed)}")
    if "players" in record:
        _check_names(record["players"], players)
    try:
        check_seed(seed)
        state = game.new_game(players, seed, record["options"], record.get("design"))
    except (ValueError, BodogeError) as error:
        raise InvalidRecord(clip(f"bad set-up: {error}")) from None
    if state.options != record["options"]:
        raise InvalidRecord("the record's options are incomplete or not in canonical form")
    if "design" in record and state.design != record["design"]:
        raise InvalidRecord("the record's design values are incomplete or not in canonical form")
    actions = record["actions"]
    if not isinstance(actions, list):
        raise InvalidRecord("'actions' must be a list of [seat, action] pairs")
    _check_length(state, len(actions))
    for index, entry in enumerate(actions):
        if not (isinstance(entry, list) and len(entry) == 2):
            raise InvalidRecord(f"action {index}: expected [seat, action], got {brief(entry)}")
        seat, wire = entry
        if not _is_int(seat) or not 0 <= seat < players:
            raise InvalidRecord(
                f"action {index}: the seat must be a number 0..{players - 1}, not {brief(seat)}"
            )
        try:
            state.apply(seat, game.parse_action(wire))
        except BodogeError as error:
            raise InvalidRecord(
                clip(f"action {index} {brief(wire)} by {_who(seat, players)}: {error}")
            ) from None
    if "result" in record:
        _check_result(state, record["result"])
    return state


def _who(seat: object, num_players: int) -> str:
    """A record's seat as people call it (P1 for 0), or the bad value as it is.

    >>> _who(1, 3), _who(3, 3), _who("x", 3)
    ('P2', 'seat 3', "seat 'x'")
    """
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < num_players:
        return seat_name(seat)
    return f"seat {seat!r}"


def _check_names(names: object, num_players: int) -> None:
    """A record's optional ``players``: one display name per seat, for people only.

    The names never reach the rules; a replay shows them instead of P1, P2, …
    """
    if not (
        isinstance(names, list)
        and len(names) == num_players
        and all(isinstance(n, str) and 0 < len(n) <= MAX_PLAYER_NAME for n in names)
    ):
        raise InvalidRecord(
            f"'players' must list {num_players} names of 1 to {MAX_PLAYER_NAME} characters"
        )


def _check_length(state: State, count: int) -> None:
    """No game lasts more actions than its declared longest (games that declare one).

    The declared longest describes the game as printed: with other design
    values (more cards in play, a larger pass) a game may last longer, so
    such a record is bounded only by the size :func:`parse_record` accepts.
    """
    if state.design != state.game.resolve_design(None):
        return
    try:
        longest = state.game.max_game_length(state.options, state.num_players)
    except NotImplementedError:
        return
    if count > longest:
        raise InvalidRecord(
            f"the record has {count} actions; a game of {state.game.id} with these options "
            f"and {state.num_players} players has at most {longest}"
        )


def _check_result(state: State, result: object) -> None:
    expected: dict[str, Any] = {"scores": list(state.scores), "winners": list(state.winners)}
    if state.stopped:
        expected["stopped"] = True
    if not state.is_over or result != expected:
        raise InvalidRecord(
            clip(f"the recorded result {brief(result)} does not match the replay {expected}")
        )
