"""Heuristic throughput: games per second of an all-heuristic table, for every game.

A designer simulates thousands of games with the games' own heuristic bots
(``bodoge sim``), so a heuristic must be fast: 10,000 games in about a
minute on one core, that is at least 100 games/s (issue 35).  For each game
this plays ``--n`` seeded games (seeds 0, 1, ...) in this process, every
seat the game's ``heuristic`` bot, at ``--players`` players (clamped into
the game's player range: Tarot Storia plays 2), through
:func:`bodoge.sim.play_game`, the simulator's own loop; set-up, every
decision and the final scoring are inside the timing.  One untimed game is
played first so that imports do not count.  The clock is the process's CPU
time (``time.process_time``): on one core that is the wall time, and on a
shared, loaded machine it is much steadier than the wall clock.

Usage::

    python bench/heuristics.py                          # every game, 4 players, 60 games
    python bench/heuristics.py --games go-nuts-for-donuts hoarders --n 200
    python bench/heuristics.py --players 5 --json

No assertion is made: the figures are reported (bench/README.md keeps them).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict, dataclass

from rich.console import Console
from rich.table import Table

import bodoge
from bodoge.sim import play_game

TARGET = 100.0
"""Games per second that make 10,000 designer's games take under two minutes."""


@dataclass
class Row:
    game: str
    players: int
    games: int
    seconds: float
    actions: int

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")


def measure(game_id: str, players: int, games: int) -> Row:
    """Time ``games`` all-heuristic games of ``game_id`` at ``players`` (clamped to its range)."""
    game = bodoge.get_game(game_id)
    low, high = game.player_range({})
    count = min(max(players, low), high)
    play_game(game, count, seed=10**6, bot_specs=["heuristic"])
    actions = 0
    start = time.process_time()
    for seed in range(games):
        actions += play_game(game, count, seed=seed, bot_specs=["heuristic"]).actions
    return Row(game_id, count, games, time.process_time() - start, actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    parser.add_argument("--players", type=int, default=4, help="players per table (default 4)")
    parser.add_argument("--n", type=int, default=60, help="games per game (default 60)")
    parser.add_argument("--json", action="store_true", help="print JSON rows instead")
    args = parser.parse_args()
    rows = [measure(g, args.players, args.n) for g in args.games or bodoge.game_ids()]
    if args.json:
        print(json.dumps([asdict(r) | {"games_per_second": r.games_per_second} for r in rows]))
        return
    table = Table(title=f"all-heuristic tables, one process (target {TARGET:.0f} games/s)")
    for column in ("game", "n", "games", "CPU s", "act/game", "games/s"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in rows:
        mark = "" if r.games_per_second >= TARGET else " *"
        table.add_row(
            r.game,
            str(r.players),
            str(r.games),
            f"{r.seconds:.2f}",
            f"{r.actions / r.games:.0f}",
            f"{r.games_per_second:.1f}{mark}",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
