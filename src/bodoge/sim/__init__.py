"""Tournaments and balance statistics over many games between bots.

>>> from bodoge.sim import Stats, run_many
>>> stats = Stats.from_results(run_many("egyptian-bride", 4, seed=3, n=20, workers=1))
>>> stats.games
20

:func:`play_game` plays one game, :func:`run_many` many (in local worker
processes with ``workers=K``, or on Ray with ``backend=RayBackend(...)``),
:func:`run_sweep` several variants on the same seeds, :class:`Stats`
summarises them; :mod:`bodoge.sim.files` writes and reads the rows of
``--out`` and :mod:`bodoge.sim.report` turns them into an HTML report.
Results are reproducible: a run's base seed fixes every game and every bot.
"""

from __future__ import annotations

from .backends import (
    Backend,
    InProcessBackend,
    ProcessBackend,
    RayBackend,
    RayMissing,
    cpu_count,
    get_backend,
)
from .play import (
    DEFAULT_MAX_ACTIONS,
    ENDINGS,
    NORMAL,
    PHASES,
    STOPPED,
    GameResult,
    GameTooLong,
    action_counts,
    bot_seed,
    derive_seed,
    play_game,
)
from .run import Chunk, Variant, game_seed, play_chunk, run_many, run_sweep
from .seating import seat_specs, seating_cycle
from .stats import BotStats, SeatStats, Stats

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "ENDINGS",
    "NORMAL",
    "PHASES",
    "STOPPED",
    "Backend",
    "BotStats",
    "Chunk",
    "GameResult",
    "GameTooLong",
    "InProcessBackend",
    "ProcessBackend",
    "RayBackend",
    "RayMissing",
    "SeatStats",
    "Stats",
    "Variant",
    "action_counts",
    "bot_seed",
    "cpu_count",
    "derive_seed",
    "game_seed",
    "get_backend",
    "play_chunk",
    "play_game",
    "run_many",
    "run_sweep",
    "seat_specs",
    "seating_cycle",
]
