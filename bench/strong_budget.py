"""What the ``strong`` level's iterations cost: CPU seconds per move, per game.

Each game declares the ``strong`` level's budget in iterations
(``STRONG_ITERATIONS`` in its ``hints.py``), chosen so that a move takes at
most about a second of one idle core.  This script measures that: it plays
``--games-per`` games of ``normal`` bots and, at every ``--every``-th
decision with a choice, asks a fresh ``strong`` bot (made from its spec, as
the lobby makes it, at ``--iterations`` or the declared budget) for a move,
timing it with ``time.process_time``: the CPU time of this process, which
other work on a shared machine disturbs far less than wall time does.

A row gives the declared budget, the mean, 90th percentile and largest CPU
seconds per move at the budget measured, and iterations per CPU second; the
budget that would make the 90th percentile one second is
``iterations / p90``.

Usage::

    python bench/strong_budget.py                                 # every game, 3 players
    python bench/strong_budget.py --games papayoo --iterations 200 --players 4

No assertion is made: the figures go to bench/README.md.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rich.console import Console
from rich.table import Table

import bodoge
from bodoge.bots import make_bot, search_hints
from bodoge.games import BUILTIN_IDS


def move_times(
    game_id: str, players: int, iterations: int | None, games: int, every: int
) -> tuple[int, list[float]]:
    """The budget timed and the CPU seconds of each timed ``strong`` move."""
    game = bodoge.get_game(game_id)
    budget = iterations or search_hints(game).strong_iterations
    spec = f"strong:iterations={budget}"
    low, high = game.player_range(game.resolve_options(None))
    players = min(max(players, low), high)  # Tarot Storia seats 1 or 2
    times: list[float] = []
    for index in range(games):
        state = game.new_game(players, seed=20_000 + index)
        table = [make_bot("normal", game, seed=index * 7 + seat) for seat in range(players)]
        decision = 0
        while not state.is_over:
            seat = state.to_act[0]
            if len(state.legal_actions(seat)) > 1:
                decision += 1
                if decision % every == 0:
                    strong = make_bot(spec, game, seed=decision)
                    start = time.process_time()
                    strong.choose(state, seat)
                    times.append(time.process_time() - start)
            state.apply(seat, table[seat].choose(state, seat))
    return budget, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(BUILTIN_IDS))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=None, help="default: as declared")
    parser.add_argument("--games-per", type=int, default=2, help="games played per game id")
    parser.add_argument("--every", type=int, default=3, help="time every k-th decision")
    args = parser.parse_args()
    table = Table(title=f"strong: CPU seconds per move, {args.players} players (process_time)")
    for column in ("game", "declared", "timed at", "moves", "mean s", "p90 s", "max s", "it/s"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for game_id in args.games.split(","):
        declared = search_hints(bodoge.get_game(game_id)).strong_iterations
        budget, times = move_times(
            game_id, args.players, args.iterations, args.games_per, args.every
        )
        if not times:
            continue
        ordered = sorted(times)
        p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
        mean = statistics.fmean(times)
        table.add_row(
            game_id,
            str(declared),
            str(budget),
            str(len(times)),
            f"{mean:.2f}",
            f"{p90:.2f}",
            f"{ordered[-1]:.2f}",
            f"{budget / mean:.0f}",
        )
        Console(stderr=True).log(game_id, f"{budget} iterations", f"p90 {p90:.2f}s")
    Console().print(table)


if __name__ == "__main__":
    main()
