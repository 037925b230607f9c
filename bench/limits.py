"""How often bodoge's own bots play a game into its safety limit, in self-play.

A safety limit is not a rule: Hoarders' 100 rounds, Anehambra's 1,000 turns,
Cardiceo's 100 turns a player in a round, Just Desserts' 400 turns, Moriya
Wars' 200 turns and Number Heist's 100 rounds are set far beyond any game
people play, and a game stopped by one has no winner (``State.stopped``).
No bot of bodoge may play into such a loop: with the same bot in every
seat, fewer than 1 game in 1,000 may reach a limit.

For each game, player count and bot spec (``--bots``, the same bot in every
seat), self-play games are played through the simulator (game ``i`` has the
simulator's seed ``i`` of the run, so rows replay exactly) until ``--n``
games or ``--seconds`` of wall time per row, whichever comes first.  A row
gives the share of games stopped by a limit with its 95 % Wilson interval,
and the longest game in actions (a loop shows as games near the limit's
length).

Usage::

    python bench/limits.py                                   # heuristic, 1,000 games a row
    python bench/limits.py --bots ismcts:iterations=200 --n 20 --seconds 40
    python bench/limits.py --games hoarders --players 4 --bots heuristic,random --json

No assertion is made: the figures go to bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict, dataclass

from rich.console import Console
from rich.table import Table

import bodoge
from bodoge.sim import run_many
from bots import wilson

LIMITED = ("anehambra", "cardiceo", "hoarders", "just-desserts", "moriya-wars", "number-heist")
"""The games that have a safety limit (Go Nuts for Donuts, Imhotep, United Square, Tarot
Storia, Egyptian Bride and Papayoo end by their own rules within a bounded length)."""


@dataclass
class Row:
    game: str
    players: int
    bot: str
    games: int
    stopped: int
    share: float
    low: float
    high: float
    longest: int
    limit: int
    seconds: float


def measure(game_id: str, players: int, bot: str, n: int, seconds: float, seed: int) -> Row:
    """Self-play games until ``n`` are played or ``seconds`` have passed."""
    game = bodoge.get_game(game_id)
    start = time.perf_counter()
    games = stopped = longest = 0
    for result in run_many(game, players, None, seed, [bot], n=n, chunk_size=1):
        games += 1
        stopped += result.stopped
        longest = max(longest, result.actions)
        if time.perf_counter() - start >= seconds:
            break
    low, high = wilson(stopped, games)
    return Row(
        game=game_id,
        players=players,
        bot=bot,
        games=games,
        stopped=stopped,
        share=stopped / games if games else 0.0,
        low=low,
        high=high,
        longest=longest,
        limit=game.max_game_length(game.resolve_options({}), players),
        seconds=round(time.perf_counter() - start, 1),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(LIMITED))
    parser.add_argument("--players", default=None, help="comma-separated counts (default: all)")
    parser.add_argument("--bots", default="heuristic", help="comma-separated bot specs")
    parser.add_argument("--n", type=int, default=1000, help="games per row, at most")
    parser.add_argument("--seconds", type=float, default=600.0, help="wall time per row, at most")
    parser.add_argument("--seed", type=int, default=0, help="the simulator's base seed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    console = Console(stderr=True)
    rows: list[Row] = []
    for game_id in args.games.split(","):
        game = bodoge.get_game(game_id)
        low, high = game.player_range(game.resolve_options({}))
        counts = [int(p) for p in args.players.split(",")] if args.players else range(low, high + 1)
        for players in counts:
            for bot in args.bots.split(","):
                console.log(f"{game_id} {players}p, {bot} in every seat …")
                rows.append(measure(game_id, players, bot, args.n, args.seconds, args.seed))
                console.log(json.dumps(asdict(rows[-1])))  # kept if the run is cut short
    if args.json:
        print(json.dumps([asdict(row) for row in rows], indent=1))
        return
    table = Table(title=f"self-play games stopped by a safety limit (at most {args.n} a row)")
    for column in ("game", "n", "bot", "games", "stopped", "95% CI", "longest", "max", "time"):
        table.add_column(column, justify="left" if column in ("game", "bot") else "right")
    for row in rows:
        table.add_row(
            row.game,
            str(row.players),
            row.bot,
            str(row.games),
            f"{row.stopped} ({row.share:.1%})",
            f"{row.low:.1%}–{row.high:.1%}",
            str(row.longest),
            str(row.limit),
            f"{row.seconds:.0f}s",
        )
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
