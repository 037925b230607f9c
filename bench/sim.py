"""Simulator throughput: games/s in this process, in local worker processes and on Ray.

    python bench/sim.py [--game ID] [--players N] [--games N] [--rounds R] [--ray] [--json]

Each round runs the same ``run_many`` (same base seed, random bots) once per
backend, one after the other: in this process (``workers=1``), in two local
worker processes, and, with ``--ray``, on a local Ray instance with two
CPUs.  Rounds alternate the backends so that a machine whose load changes
during the run weighs on all of them alike.  Every run is timed from the call
to the last result, so the workers' start-up (spawning interpreters that
import bodoge) is inside it; Ray's own start-up (``ray.init``) is timed apart
and left out, since a cluster is started once for many runs.

Besides wall time it reports the CPU seconds this process and its reaped
children used (``resource.getrusage``), which on a shared, loaded machine
says what the work cost when the wall time says mostly how busy the machine
was.  For Ray the workers are not children, so only wall time is given.
The results of every backend are checked to be equal.  Nothing here
asserts on speed; the figures go to bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from typing import Any

import bodoge
from bodoge.sim import Backend, InProcessBackend, ProcessBackend, RayBackend, run_many


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(backend: Backend, game: str, players: int, games: int) -> tuple[float, float, list]:
    cpu, started = cpu_seconds(), time.perf_counter()
    results = sorted(run_many(game, players, None, 1, n=games, backend=backend), key=_index)
    return time.perf_counter() - started, cpu_seconds() - cpu, results


def _index(result: Any) -> int:
    return int(result.index)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="egyptian-bride")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--ray", action="store_true", help="also measure a local Ray instance")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    bodoge.get_game(args.game)
    backends: dict[str, Backend] = {
        "1 process": InProcessBackend(),
        "2 processes": ProcessBackend(2),
    }
    ray_start = None
    if args.ray:
        started = time.perf_counter()
        backends["Ray, 2 CPUs"] = RayBackend("auto", num_cpus=2)
        ray_start = time.perf_counter() - started
    rows: dict[str, list[tuple[float, float]]] = {name: [] for name in backends}
    reference = None
    try:
        for round_number in range(args.rounds):
            for name, backend in backends.items():
                wall, cpu, results = measure(backend, args.game, args.players, args.games)
                if reference is None:
                    reference = results
                elif results != reference:
                    sys.exit(f"{name} gave other results than the first backend")
                rows[name].append((wall, cpu))
                print(
                    f"round {round_number + 1}, {name}: {args.games / wall:,.0f} games/s "
                    f"({wall:.1f} s wall, {cpu:.1f} CPU s), load {os.getloadavg()[0]:.1f}",
                    file=sys.stderr,
                )
    finally:
        for backend in backends.values():
            close = getattr(backend, "close", None)
            if close is not None:
                close()
    summary = {
        name: {
            "games_per_s": args.games * len(times) / sum(wall for wall, _ in times),
            "best_games_per_s": args.games / min(wall for wall, _ in times),
            "cpu_s_per_1000_games": 1000 * sum(cpu for _, cpu in times) / (args.games * len(times)),
        }
        for name, times in rows.items()
    }
    if args.json:
        print(json.dumps({"args": vars(args), "ray_start_s": ray_start, "backends": summary}))
        return
    base = summary["1 process"]["games_per_s"]
    print(
        f"{args.game}, {args.players} players, {args.games} random games a run, "
        f"{args.rounds} rounds"
    )
    if ray_start is not None:
        print(f"Ray start-up (ray.init, not in the runs): {ray_start:.1f} s")
    for name, row in summary.items():
        cpu = (
            ""
            if name.startswith("Ray")
            else f", {row['cpu_s_per_1000_games']:.2f} CPU s / 1000 games"
        )
        print(
            f"{name:>12}: {row['games_per_s']:,.0f} games/s (best {row['best_games_per_s']:,.0f}), "
            f"{row['games_per_s'] / base:.2f}× one process{cpu}"
        )


if __name__ == "__main__":
    main()
