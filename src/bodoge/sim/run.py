"""Many games between bots, in this process or in local worker processes.

Game ``i`` of a run with base seed ``s`` is seeded with
``derive_seed(s, "game", i)`` whichever process plays it, so the same base
seed gives the same set of results for any number of workers; only the
order in which they arrive differs (each result carries its ``index``).

>>> import bodoge
>>> game = bodoge.get_game("egyptian-bride")
>>> results = sorted(run_many(game, 3, seed=5, n=4), key=lambda r: r.index)
>>> [r.index for r in results]
[0, 1, 2, 3]
>>> results[2] == play_game(game, 3, seed=game_seed(5, 2), index=2)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..bots import BotSpec, expand_bot_specs
from ..engine import Game, InvalidOptions, OptionValue, get_game
from ..engine.rng import check_seed
from .backends import Backend, get_backend
from .play import DEFAULT_MAX_ACTIONS, GameResult, derive_seed, play_game

MAX_CHUNK = 64
"""At most this many games per work item, so that progress stays smooth."""


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` in a run with ``base_seed``."""
    return derive_seed(base_seed, "game", index)


@dataclass(frozen=True)
class Chunk:
    """A picklable work item: consecutive games of one run."""

    game: Game
    num_players: int
    options: Mapping[str, OptionValue]
    bot_specs: tuple[BotSpec, ...]
    base_seed: int
    start: int
    stop: int
    keep_records: bool
    max_actions: int


def play_chunk(chunk: Chunk) -> list[GameResult]:
    """Play the games of one chunk (runs in a worker process)."""
    return [
        play_game(
            chunk.game,
            chunk.num_players,
            chunk.options,
            game_seed(chunk.base_seed, index),
            chunk.bot_specs,
            keep_record=chunk.keep_records,
            index=index,
            max_actions=chunk.max_actions,
        )
        for index in range(chunk.start, chunk.stop)
    ]


def chunk_size_for(n: int, workers: int) -> int:
    """About four chunks per worker, at most :data:`MAX_CHUNK` games each."""
    return max(1, min(MAX_CHUNK, math.ceil(n / (4 * workers))))


def run_many(
    game: Game | str,
    num_players: int | None = None,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    bot_specs: Sequence[str | BotSpec] = ("random",),
    *,
    n: int = 100,
    workers: int = 1,
    keep_records: bool = False,
    chunk_size: int | None = None,
    backend: Backend | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> Iterator[GameResult]:
    """Play ``n`` games and yield each result as it finishes.

    ``workers`` local processes share the games (1: all in this process; 0:
    one per CPU); ``backend`` replaces that choice (see
    :mod:`bodoge.sim.backends`).  Options, player count, seed and bot specs
    are checked when it is called, before any work starts, so a mistake
    raises :class:`InvalidOptions` or :class:`BadBotSpec` at once.
    """
    if isinstance(game, str):
        game = get_game(game)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"the number of games must be a non-negative integer, not {n!r}")
    try:
        check_seed(seed)
    except ValueError as error:
        raise InvalidOptions(str(error)) from None
    resolved = game.resolve_options(options)
    if num_players is None:
        num_players = game.player_range(resolved)[0]
    game.check_players(num_players, resolved)
    specs = tuple(expand_bot_specs(bot_specs, num_players))
    if backend is None:
        backend = get_backend(workers)
    size = chunk_size or chunk_size_for(n, backend.workers)
    chunks = [
        Chunk(
            game,
            num_players,
            resolved,
            specs,
            seed,
            start,
            min(start + size, n),
            keep_records,
            max_actions,
        )
        for start in range(0, n, size)
    ]
    return _results(backend, chunks)


def _results(backend: Backend, chunks: list[Chunk]) -> Iterator[GameResult]:
    for results in backend.map_unordered(play_chunk, chunks):
        yield from results
