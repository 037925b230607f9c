"""Tournaments and balance statistics over many games between bots.

>>> from bodoge.sim import Stats, run_many
>>> stats = Stats.from_results(run_many("egyptian-bride", 4, seed=3, n=20, workers=1))
>>> stats.games
20

:func:`play_game` plays one game, :func:`run_many` many (in local worker
processes with ``workers=K``), :class:`Stats` summarises them.  Results are
reproducible: a run's base seed fixes every game and every bot.
"""

from __future__ import annotations

from .backends import Backend, InProcessBackend, ProcessBackend, cpu_count, get_backend
from .play import (
    DEFAULT_MAX_ACTIONS,
    GameResult,
    GameTooLong,
    bot_seed,
    derive_seed,
    play_game,
)
from .run import Chunk, game_seed, play_chunk, run_many
from .stats import SeatStats, Stats

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "Backend",
    "Chunk",
    "GameResult",
    "GameTooLong",
    "InProcessBackend",
    "ProcessBackend",
    "SeatStats",
    "Stats",
    "bot_seed",
    "cpu_count",
    "derive_seed",
    "game_seed",
    "get_backend",
    "play_chunk",
    "play_game",
    "run_many",
]
