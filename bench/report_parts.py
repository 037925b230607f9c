"""What each analysis of the balance report costs on a large run.

    python bench/report_parts.py [--game ID] [--players N] [--games N] [--json]

Plays ``--games`` random games (in this process), then builds the report
under cProfile and prints the cumulative seconds of each part of the
analysis (how games are won, win rate by length, team success, legal vs
chosen per action type, Holm corrections, per-seat tests) and of the plots,
next to the whole.  It also plays a tenth of the games twice, back to back,
with and without counting the legal action types at each decision, to show
what recording them costs the simulation.  Under load, read the shares, not
the seconds.  Nothing here asserts on speed; the figures go to
bench/README.md.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import time
from typing import Any

from bodoge.sim import play, run_many
from bodoge.sim.report import build_report

PARTS = {
    "how games are won": "_how_won",
    "win rate by length": "_length_bins",
    "team success and bands": "_team",
    "actions: legal vs chosen": "_actions",
    "which choices win": "_choices",
    "score over the game": "_timeline",
    "Holm adjustments": "holm",
    "per-seat tests": "_seat_p",
    "comparisons": "_compare",
    "the whole analysis": "analyse",
    "summary findings": "findings",
    "plots": "svg",
    "timeline plot": "timeline",
    "the whole report": "build_report",
}


def cumulative(stats: pstats.Stats, name: str) -> float:
    total = 0.0
    for (_, _, function), row in stats.stats.items():  # type: ignore[attr-defined]
        if function == name:
            total = max(total, row[3])
    return total


def play_cost(game: str, players: int, games: int) -> dict[str, float]:
    """Seconds to play ``games`` games with and without tallying the legal types (the legal
    actions are asked for either way: the bot and the card tally need them too)."""
    counted = time.perf_counter()
    list(run_many(game, players, None, 2, n=games))
    counted = time.perf_counter() - counted
    original = play._count_legal
    play._count_legal = lambda tally, legal: None  # type: ignore[assignment]
    try:
        bare = time.perf_counter()
        list(run_many(game, players, None, 2, n=games))
        bare = time.perf_counter() - bare
    finally:
        play._count_legal = original  # type: ignore[assignment]
    return {"with legal counts": counted, "without": bare}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="egyptian-bride")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = list(run_many(args.game, args.players, None, 1, n=args.games))
    profiler = cProfile.Profile()
    profiler.enable()
    build_report(results, "en")
    profiler.disable()
    stats = pstats.Stats(profiler)
    parts: dict[str, Any] = {label: cumulative(stats, name) for label, name in PARTS.items()}
    playing = play_cost(args.game, args.players, max(1, args.games // 10))
    if args.json:
        print(json.dumps({"parts": parts, "play": playing}, indent=2))
        return
    print(f"{args.games} games of {args.game}, {args.players} players (cProfile, cumulative s):")
    for label, seconds in parts.items():
        print(f"  {label:28} {seconds:7.2f}")
    print(f"playing {max(1, args.games // 10)} games:")
    for label, seconds in playing.items():
        print(f"  {label:28} {seconds:7.2f}")


if __name__ == "__main__":
    main()
