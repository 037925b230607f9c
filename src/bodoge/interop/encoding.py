"""What both adapters share: integer action ids, the observation encoding, returns.

* :class:`ActionTable`: the id of an action is its index in the game's
  declared action space (see :mod:`bodoge.interop.declared`), so ids are
  stable for a game version, option set and player count.
* :class:`ViewEncoder`: ``view(seat)`` as a fixed-size ``float32`` vector,
  following the engine's header and the game's declared view schema.
* :func:`returns`: the final outcome as numbers (see its docstring).
* :func:`canonical_json`: the string form of a view (observation strings).

>>> import bodoge
>>> spec = prepare(bodoge.get_game("egyptian-bride"), None, 3)
>>> state = spec.game.new_game(3, seed=1)
>>> spec.table.ids(state.legal_actions(0))
[1, 3, 9, 10]
>>> spec.encoder.encode(state.view(0)).shape == (spec.encoder.size,)
True
"""

from __future__ import annotations

import functools
import json
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import Action, Game, OptionValue, State
from ..engine.schema import Array, Flag, Maybe, Num, Record, Seat, Seats, Skip
from .declared import Declarations, declarations

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


def canonical_json(value: Any) -> str:
    """One string per JSON value: sorted keys, no spaces, UTF-8 text kept."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class UndeclaredAction(LookupError):
    """A legal action that the game's declared action space does not list."""


class ActionTable:
    """Actions ⇄ integer ids: an id is the action's index in the declared space."""

    def __init__(self, game_id: str, actions: Sequence[Action]) -> None:
        self.game_id = game_id
        self.actions = tuple(actions)
        self._ids = {action: index for index, action in enumerate(self.actions)}

    def __len__(self) -> int:
        return len(self.actions)

    def id(self, action: Action) -> int:
        try:
            return self._ids[action]
        except KeyError:
            raise UndeclaredAction(
                f"{action!r} is legal in {self.game_id} but missing from its declared "
                "action space; the game's action_space hook must list every action "
                "that can ever be legal"
            ) from None

    def action(self, action_id: object) -> Action:
        """The action with that id; ``ValueError`` for anything but an id in range."""
        try:
            index = operator.index(action_id)  # type: ignore[arg-type]
        except TypeError:
            raise ValueError(f"an action id is an integer, not {action_id!r}") from None
        if not 0 <= index < len(self.actions):
            raise ValueError(
                f"{self.game_id} has action ids 0..{len(self.actions) - 1}, not {index}"
            )
        return self.actions[index]

    def ids(self, actions: Iterable[Action]) -> list[int]:
        """The ids of ``actions``, sorted."""
        return sorted(self.id(action) for action in actions)

    def mask(self, actions: Iterable[Action]) -> MaskArray:
        """A 0/1 ``int8`` vector over all ids, 1 for ``actions``."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        for action in actions:
            mask[self.id(action)] = 1
        return mask


def header_schema(num_players: int, score: Num, max_game_length: int) -> Record:
    """The shape of the engine's part of every view (see ``State.view``).

    Constant fields (game id, player count, options) are left out.
    """
    return Record(
        {
            "game": Skip(),
            "seat": Maybe(Seat(num_players)),
            "num_players": Skip(),
            "options": Skip(),
            "version": Num(0, max_game_length),
            "to_act": Seats(num_players),
            "is_over": Flag(),
            "scores": Maybe(Array(score, num_players)),
            "winners": Maybe(Seats(num_players)),
            "stopped": Skip(),  # a stopped game's empty ``winners`` already says it
        }
    )


class ViewEncoder:
    """``view(seat)`` as a fixed-size ``float32`` vector with known bounds."""

    def __init__(self, declared: Declarations, num_players: int) -> None:
        header = header_schema(num_players, declared.score, declared.max_game_length)
        self.schema = header.merged(declared.view)
        bounds = self.schema.bounds()
        self.size = len(bounds)
        self.low = np.array([low for low, _ in bounds], dtype=np.float32)
        self.high = np.array([high for _, high in bounds], dtype=np.float32)
        self.pieces: list[tuple[str, int, int]] = []
        """``(key, start, size)`` of each top-level key that takes room."""
        start = 0
        for key, shape in self.schema.fields.items():
            if shape.size:
                self.pieces.append((key, start, shape.size))
                start += shape.size

    def encode(self, view: Mapping[str, Any]) -> FloatArray:
        out: list[float] = []
        self.schema.encode(view, out)
        return np.array(out, dtype=np.float32)

    def slot_names(self) -> list[str]:
        return self.schema.slot_names("")


def returns(state: State) -> list[float]:
    """The outcome as one number per seat: 0 for all until the game is over.

    A competitive game shares 1 among its winners (1 each for a lone winner,
    1/k each for k tied winners) and gives 0 to everyone else, so a game the
    rules leave without a winner gives 0 to all.  A cooperative game gives 1
    to every seat when the group wins and 0 when it loses.
    """
    seats = range(state.num_players)
    if not state.is_over:
        return [0.0 for _ in seats]
    winners = set(state.winners)
    if state.game.cooperative:
        return [1.0 if seat in winners else 0.0 for seat in seats]
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in seats]


RENDER_MODES = ("ansi", "human")


def render_text(state: State, seat: int | None, render_mode: str | None) -> str | None:
    """``render()`` of the environments: ``seat``'s view as the game describes it.

    ``ansi`` returns the text, ``human`` prints it; without a render mode
    Gymnasium's logger warns and nothing is rendered.
    """
    if render_mode is None:
        from gymnasium import logger

        logger.warn("render() was called without a render_mode")
        return None
    text = str(state.game.describe_view(state.view(seat)))
    if render_mode == "human":
        print(text)
        return None
    return text


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode is 'ansi', 'human' or None, not {render_mode!r}")


@dataclass(frozen=True)
class Prepared:
    """Everything an adapter derives from a game, option set and player count."""

    game: Game
    options: Mapping[str, OptionValue]
    num_players: int
    declared: Declarations
    table: ActionTable
    encoder: ViewEncoder


def prepare(game: Game, options: Mapping[str, object] | None, num_players: int | None) -> Prepared:
    """Check the set-up (raises ``InvalidOptions``) and build its tables, cached.

    Without ``num_players`` the fewest the options allow.
    """
    resolved = game.resolve_options(options)
    if num_players is None:
        num_players = game.player_range(resolved)[0]
    count = game.check_players(num_players, resolved)
    return _prepare(game, tuple(sorted(resolved.items())), count)


@functools.lru_cache(maxsize=64)
def _prepare(game: Game, options: tuple[tuple[str, OptionValue], ...], count: int) -> Prepared:
    resolved = MappingProxyType(dict(options))
    declared = declarations(game, resolved, count)
    return Prepared(
        game=game,
        options=resolved,
        num_players=count,
        declared=declared,
        table=ActionTable(game.id, declared.actions),
        encoder=ViewEncoder(declared, count),
    )
