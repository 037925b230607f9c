"""What the report's effects cost, and what they say, for one game's run.

    python bench/effects.py cardiceo --players 4 --games 2000 --seed 11 [--decisions 200]

Plays the games (``run_many``, the ``--bots``, one process), analyses them
and measures every choice's effect (:func:`bodoge.sim.effects.with_effects`),
each step timed in CPU seconds of this process; then prints each choice's
effect, each dealt card's comparison and the description (the seats that
chose a card against those that could and did not), for the first variant.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from bodoge.sim import run_many
from bodoge.sim.analysis import ChoiceWin, analyse
from bodoge.sim.effects import EffectBudget, with_effects


def timed(step: Callable[[], Any]) -> tuple[Any, float, float]:
    """``step()``, its CPU seconds and its wall seconds."""
    cpu, wall = time.process_time(), time.perf_counter()
    value = step()
    return value, time.process_time() - cpu, time.perf_counter() - wall


def contrast(row: ChoiceWin) -> str:
    return (
        f"{100 * row.chose_rate:.1f} % ({row.chose}) vs {100 * row.passed_rate:.1f} % "
        f"({row.passed}): {100 * row.difference:+.1f} ({100 * row.difference_low:+.1f} … "
        f"{100 * row.difference_high:+.1f}), Holm p {row.p_adjusted:.2g}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--bots", default="normal")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=2)
    args = parser.parse_args()
    results, play_cpu, play_wall = timed(
        lambda: list(
            run_many(args.game, args.players, seed=args.seed, n=args.games, bot_specs=[args.bots])
        )
    )
    analysis, analyse_cpu, _ = timed(lambda: analyse(results))
    budget = EffectBudget(args.decisions, args.worlds, args.seed)
    measured, effects_cpu, effects_wall = timed(lambda: with_effects(analysis, budget))
    group = measured.groups[0]
    costs = {
        "play_cpu": round(play_cpu, 1),
        "play_wall": round(play_wall, 1),
        "analyse_cpu": round(analyse_cpu, 1),
        "effects_cpu": round(effects_cpu, 1),
        "effects_wall": round(effects_wall, 1),
        "choices": len(group.effects),
        "decisions": sum(effect.decisions for effect in group.effects),
    }
    print(json.dumps(costs))
    for effect in group.effects:
        what = "card" if effect.subject else "type"
        print(
            f"effect {what} {effect.kind}: {100 * effect.mean:+.1f} ({100 * effect.low:+.1f} … "
            f"{100 * effect.high:+.1f}), {effect.decisions} decisions, Holm p "
            f"{effect.p_adjusted:.2g}"
        )
    for row in group.dealt:
        print(f"dealt {row.kind}: {contrast(row)}")
    for row in group.subjects:
        print(f"described {row.kind}: {contrast(row)}")


if __name__ == "__main__":
    main()
