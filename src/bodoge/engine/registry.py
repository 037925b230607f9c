"""The registry of games, and replay of records through it.

Game packages call :func:`register` when imported; the engine itself never
imports a game (layers import only downward).  ``bodoge`` imports the
built-in games before answering :func:`bodoge.game_ids`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import BodogeError, InvalidRecord, UnknownGame
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


def replay(record: Mapping[str, Any]) -> State:
    """The state that ``record`` leads to, exactly; :class:`InvalidRecord` if it cannot be.

    A record of a game played with other design values (``design``) is
    replayed with them; one without is replayed with the defaults.
    Every action is applied through the checked path, so a tampered record
    fails at the first action the rules refuse; a recorded result that the
    replay does not reproduce is refused too.  The optional ``players`` (the
    seats' display names, as a browser table records them) is checked for
    shape and otherwise ignored: names never change a game.
    """
    if not isinstance(record, Mapping):
        raise InvalidRecord(f"a record is a JSON object, not {type(record).__name__}")
    missing = _RECORD_KEYS - set(record)
    unknown = set(record) - _RECORD_KEYS - _OPTIONAL_KEYS
    if missing or unknown:
        raise InvalidRecord(f"record keys: missing {sorted(missing)}, unknown {sorted(unknown)}")
    if record["format"] != RECORD_FORMAT:
        raise InvalidRecord(f"unsupported record format {record['format']!r}")
    try:
        game = get_game(record["game"])
    except UnknownGame as error:
        raise InvalidRecord(str(error)) from None
    if record["game_version"] != game.version:
        raise InvalidRecord(
            f"the record is for version {record['game_version']!r} of {game.id}'s rules; "
            f"this is version {game.version!r}"
        )
    players = record["num_players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidRecord(
            f"bad set-up: the number of players must be an integer, not {players!r}"
        )
    if "players" in record:
        _check_names(record["players"], players)
    try:
        check_seed(record["seed"])
        state = game.new_game(
            record["num_players"], record["seed"], record["options"], record.get("design")
        )
    except (ValueError, BodogeError) as error:
        raise InvalidRecord(f"bad set-up: {error}") from None
    if state.options != record["options"]:
        raise InvalidRecord("the record's options are incomplete or not in canonical form")
    if "design" in record and state.design != record["design"]:
        raise InvalidRecord("the record's design values are incomplete or not in canonical form")
    actions = record["actions"]
    if not isinstance(actions, list):
        raise InvalidRecord("'actions' must be a list of [seat, action] pairs")
    for index, entry in enumerate(actions):
        if not (isinstance(entry, list) and len(entry) == 2):
            raise InvalidRecord(f"action {index}: expected [seat, action], got {entry!r}")
        seat, wire = entry
        try:
            state.apply(seat, game.parse_action(wire))
        except BodogeError as error:
            raise InvalidRecord(
                f"action {index} {wire!r} by {_who(seat, players)}: {error}"
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


def _check_result(state: State, result: object) -> None:
    expected = {"scores": list(state.scores), "winners": list(state.winners)}
    if not state.is_over or result != expected:
        raise InvalidRecord(f"the recorded result {result!r} does not match the replay {expected}")
