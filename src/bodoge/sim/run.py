"""Many games between bots, in this process, in local worker processes or on Ray.

Game ``i`` of a run with base seed ``s`` is seeded with
``derive_seed(s, "game", i)`` whichever process plays it, so the same base
seed gives the same set of results for any number of workers and any
backend; only the order in which they arrive differs (each result carries
its ``index``).

Seats change from game to game (:mod:`bodoge.sim.seating`): every ``n``
games seat the ``n`` rotations of one order of the bots, and the orders take
turns, so every bot plays every seat equally often and, over a whole cycle
of orders, after every other bot equally often: neither a seat's advantage
nor a neighbour's is mistaken for a bot's (``rotate=False`` keeps each spec
at its seat).

A sweep plays several *variants* (option sets and design values) on the
**same** seeds: game ``i`` of every variant starts from the same shuffle,
so that differences between variants are measured on matched pairs.

>>> import bodoge
>>> game = bodoge.get_game("egyptian-bride")
>>> results = sorted(run_many(game, 3, seed=5, n=4), key=lambda r: r.index)
>>> [r.index for r in results]
[0, 1, 2, 3]
>>> results[2] == play_game(game, 3, seed=game_seed(5, 2), index=2, base_seed=5)
True
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..bots import BotSpec, expand_bot_specs
from ..engine import DesignValue, Game, InvalidOptions, OptionValue, get_game
from ..engine.rng import check_seed
from .backends import Backend, get_backend
from .play import DEFAULT_MAX_ACTIONS, GameResult, derive_seed, play_game
from .seating import seat_specs

MAX_CHUNK = 64
"""At most this many games per work item, so that progress stays smooth."""


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` in a run with ``base_seed``."""
    return derive_seed(base_seed, "game", index)


@dataclass(frozen=True)
class Variant:
    """One set of options and design values (resolved), as a sweep plays them."""

    options: Mapping[str, OptionValue]
    design: Mapping[str, DesignValue]


@dataclass(frozen=True)
class Chunk:
    """A picklable work item: some games of one variant of a run."""

    game: Game
    num_players: int
    variant: int
    options: Mapping[str, OptionValue]
    design: Mapping[str, DesignValue]
    bot_specs: tuple[BotSpec, ...]
    rotate: bool
    base_seed: int
    indices: tuple[int, ...]
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
            seat_specs(chunk.bot_specs, index, chunk.rotate),
            keep_record=chunk.keep_records,
            index=index,
            max_actions=chunk.max_actions,
            design=chunk.design,
            variant=chunk.variant,
            base_seed=chunk.base_seed,
        )
        for index in chunk.indices
    ]


def chunk_size_for(n: int, workers: int) -> int:
    """About eight chunks per worker, at most :data:`MAX_CHUNK` games each.

    Several chunks per worker let a fast worker take over the work of a
    slow one at the end; :data:`MAX_CHUNK` bounds what is lost between two
    progress updates and what a worker's result message weighs.
    """
    return max(1, min(MAX_CHUNK, math.ceil(n / (8 * workers))))


def resolve_variants(
    game: Game,
    variants: Sequence[tuple[Mapping[str, object] | None, Mapping[str, object] | None]],
) -> list[Variant]:
    """Check each ``(options, design)`` pair; :class:`InvalidOptions` names the bad one."""
    resolved = []
    for options, design in variants:
        resolved.append(Variant(game.resolve_options(options), game.resolve_design(design)))
    return resolved


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
    design: Mapping[str, object] | None = None,
    rotate: bool = True,
    skip: Collection[int] = (),
) -> Iterator[GameResult]:
    """Play ``n`` games and yield each result as it finishes.

    ``workers`` local processes share the games (1: all in this process; 0:
    one per CPU); ``backend`` replaces that choice (see
    :mod:`bodoge.sim.backends`).  ``skip`` names game indices already
    played (a resumed run).  Options, design values, player count, seed and
    bot specs are checked when it is called, before any work starts, so a
    mistake raises :class:`InvalidOptions` or :class:`BadBotSpec` at once.
    """
    return run_sweep(
        game,
        num_players,
        [(options, design)],
        seed,
        bot_specs,
        n=n,
        workers=workers,
        keep_records=keep_records,
        chunk_size=chunk_size,
        backend=backend,
        max_actions=max_actions,
        rotate=rotate,
        skip={(0, index) for index in skip},
    )


def run_sweep(
    game: Game | str,
    num_players: int | Sequence[int] | None,
    variants: Sequence[tuple[Mapping[str, object] | None, Mapping[str, object] | None]],
    seed: int = 0,
    bot_specs: Sequence[str | BotSpec] = ("random",),
    *,
    n: int = 100,
    workers: int = 1,
    keep_records: bool = False,
    chunk_size: int | None = None,
    backend: Backend | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    rotate: bool = True,
    skip: Collection[tuple[int, int]] = (),
) -> Iterator[GameResult]:
    """Play ``n`` games of every variant, on the same seeds, and yield each result.

    ``variants`` lists ``(options, design)`` pairs; result ``r`` belongs to
    ``variants[r.variant]``.  ``num_players`` may list several player counts
    (a sweep over counts): then result ``r`` of count ``counts[k]`` belongs
    to ``variants[r.variant - k·len(variants)]``, and every count plays the
    same base seed (bot specs are given once, or one per seat of the
    largest count, and are cut to each count).  Chunks alternate between variants, so a run
    stopped early still holds matched pairs.  ``skip`` names ``(variant,
    index)`` pairs already played.  Everything is checked before any work
    starts, as in :func:`run_many`.
    """
    if isinstance(game, str):
        game = get_game(game)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"the number of games must be a non-negative integer, not {n!r}")
    if not variants:
        raise ValueError("a sweep needs at least one variant")
    try:
        check_seed(seed)
    except ValueError as error:
        raise InvalidOptions(str(error)) from None
    resolved = resolve_variants(game, variants)
    if num_players is None:
        counts = [game.player_range(resolved[0].options)[0]]
    elif isinstance(num_players, int):
        counts = [num_players]
    else:
        counts = list(num_players)
    plays: list[tuple[int, Variant, tuple[BotSpec, ...]]] = []
    for count in counts:
        for variant in resolved:
            game.check_players(count, variant.options)
        specs = tuple(expand_bot_specs(_cut(bot_specs, count), count))
        plays.extend((count, variant, specs) for variant in resolved)
    if backend is None:
        backend = get_backend(workers)
    size = chunk_size or chunk_size_for(n * len(plays), backend.workers)
    skipped = set(skip)
    chunks = []
    for start in range(0, n, size):
        for number, (count, variant, specs) in enumerate(plays):
            indices = tuple(
                index
                for index in range(start, min(start + size, n))
                if (number, index) not in skipped
            )
            if indices:
                chunks.append(
                    Chunk(
                        game,
                        count,
                        number,
                        variant.options,
                        variant.design,
                        specs,
                        rotate,
                        seed,
                        indices,
                        keep_records,
                        max_actions,
                    )
                )
    return _results(backend, chunks)


def _cut(specs: Sequence[str | BotSpec], count: int) -> Sequence[str | BotSpec]:
    """Per-seat specs for more seats than ``count`` keep the first ``count``."""
    return specs[:count] if len(specs) > count else specs


def _results(backend: Backend, chunks: list[Chunk]) -> Iterator[GameResult]:
    for results in backend.map_unordered(play_chunk, chunks):
        yield from results
