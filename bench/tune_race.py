"""How often ``bodoge tune``'s race drops a value no worse, and how often it finds a worse one.

The race runs on synthetic outcomes, not games, so hundreds of races cost
seconds: per game a four-player first-player-advantage share (``+3/4`` for a
win, ``−1/4`` otherwise) whose chance of a win is ``1/4 + effect`` for each
candidate, the candidates sharing the game's luck (one uniform draw) with
probability ``shared``, the correlation of matched seeds.  The target is 0.

    python bench/tune_race.py                       # the race of this checkout
    python bench/tune_race.py --before main         # the race as it was at a git ref

``--before REF`` runs the ``tune`` of ``REF`` (its ``bodoge/sim/tune.py``,
read with ``git show``) on the same outcomes, its grid and games replaced by
the synthetic ones, to say what changed.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from bodoge.sim import GameResult
from bodoge.sim.analysis import wilson
from bodoge.sim.tune import Race, race, race_power

WIN = 0.25
ROOT = Path(__file__).resolve().parents[1]


def outcomes(effects: Sequence[float], shared: float, seed: int, games: int) -> list[list[float]]:
    """Each candidate's per-game metric (rows), the candidates' luck shared as said."""
    rng = np.random.default_rng(seed)
    common, alike = rng.random(games), rng.random(games) < shared
    draws = np.where(alike, common, rng.random((len(effects), games)))
    wins = draws < WIN + np.asarray(effects)[:, None]
    rows: list[list[float]] = np.where(wins, 1 - WIN, -WIN).tolist()
    return rows


def synthetic(
    effects: Sequence[float], shared: float, seed: int, games: int = 800
) -> Callable[[Sequence[Any], int, int], Iterator[tuple[int, int, float]]]:
    """A ``play`` for :func:`~bodoge.sim.tune.race` over candidates ``0..len(effects) - 1``."""
    rows = outcomes(effects, shared, seed, games)

    def play(alive: Sequence[Any], start: int, stop: int) -> Iterator[tuple[int, int, float]]:
        for position, value in enumerate(alive):
            for game in range(start, stop):
                yield position, game, rows[value][game]

    return play


def run(
    effects: Sequence[float], shared: float, seed: int, batch: int = 200, games: int = 800
) -> Race:
    """One race of this checkout on synthetic outcomes."""
    return race(
        list(range(len(effects))),
        synthetic(effects, shared, seed, games),
        0.0,
        batch=batch,
        max_games=games,
        tolerance=0.0,
    )


def old_tune(ref: str) -> ModuleType:
    """``bodoge.sim.tune`` as it was at git ``ref``."""
    source = subprocess.run(
        ["git", "show", f"{ref}:src/bodoge/sim/tune.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    spec = importlib.util.spec_from_loader("bodoge.sim._tune_before", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "bodoge.sim"
    sys.modules[spec.name] = module
    exec(compile(source, f"{ref}:tune.py", "exec"), module.__dict__)
    return module


def old_drops(module: ModuleType, effects: Sequence[float], shared: float, seed: int) -> set[int]:
    """The values the old ``tune`` dropped, its grid and games replaced by synthetic ones."""
    rows = outcomes(effects, shared, seed, 800)

    def sweep(
        game: Any, players: Any, variants: Any, *_: Any, n: int, skip: Any, **__: Any
    ) -> Iterator[GameResult]:
        for variant, (_, design) in enumerate(variants):
            value = design["c"]
            for i in range(n):
                if (variant, i) not in skip:
                    won = rows[value][i] > 0
                    yield GameResult(
                        i, i, 4, ("random",) * 4, (0,) * 4, (0,) if won else (1,), 1,
                        variant=variant,
                    )  # fmt: skip

    setattr(module, "run_sweep", sweep)  # noqa: B010 (a module read from git: no attributes known)
    setattr(module, "grid", lambda *_: list(range(len(effects))))  # noqa: B010
    result = module.tune(_Named(), "c", 0, 1, batch=200, max_games=800, tolerance=0.0)
    return {value for step in result.rounds for value in step.dropped}


class _Named:
    """Enough of a game for the old ``tune`` once its grid and games are replaced."""

    id = "synthetic"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=300)
    parser.add_argument("--before", metavar="REF", help="also the race of this git ref")
    args = parser.parse_args(argv)
    module = old_tune(args.before) if args.before else None
    cases = [(13, 0.05, 0.0), (13, 0.05, 0.5), (13, 0.05, 0.9), (13, 0.0, 0.5), (2, 0.05, 0.0)]
    print("| candidates | offset | shared | race | false drops | share (95 %) |")
    print("|---|---|---|---|---|---|")
    for candidates, offset, shared in cases:
        effects = [offset] * candidates
        counts = {"now": sum(bool(_drops(effects, shared, s)) for s in range(args.races))}
        if module is not None:
            counts[args.before] = sum(
                bool(old_drops(module, effects, shared, s)) for s in range(args.races)
            )
        for name, dropped in counts.items():
            low, high = wilson(dropped, args.races)
            print(
                f"| {candidates} | {offset:+.2f} | {shared} | {name} | {dropped}/{args.races} | "
                f"{dropped / args.races:.1%} ({low:.1%}–{high:.1%}) |"
            )
    planted = [0.0, 0.0, 0.08, 0.0, 0.0]
    caught, stated = 0, []
    for seed in range(args.races):
        path = run(planted, 0.5, seed)
        caught += any(2 in step.dropped for step in path.rounds)
        stated.append(race_power(0.08, path.spread, 200, 800, 10))
    low, high = wilson(caught, args.races)
    power = math.fsum(stated) / len(stated)
    print(
        f"\nplanted: one of 5 values 8 points farther, half the games alike: dropped in "
        f"{caught}/{args.races} = {caught / args.races:.1%} ({low:.1%}–{high:.1%}); "
        f"stated power {power:.1%}"
    )


def _drops(effects: Sequence[float], shared: float, seed: int) -> set[object]:
    return {value for step in run(effects, shared, seed).rounds for value in step.dropped}


if __name__ == "__main__":
    main()
