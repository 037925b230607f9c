"""Heuristic throughput: games per second of an all-heuristic table, for every game.

A designer simulates thousands of games with the games' own heuristic bots
(``bodoge sim``), so a heuristic must be fast: 10,000 games in about a
minute on one core, that is at least 100 games/s.  For each game
this plays ``--n`` seeded games (seeds 0, 1, ...) in this process, every
seat the game's ``heuristic`` bot, at ``--players`` players (clamped into
the game's player range: Tarot Storia plays 2), through
:func:`bodoge.sim.play_game`, the simulator's own loop; set-up, every
decision and the final scoring are inside the timing.  One untimed game is
played first so that imports do not count.  The clock is the process's CPU
time (``time.process_time``): on one core that is the wall time, and on a
shared, loaded machine it is much steadier than the wall clock.

``--one A --others B`` measures strength instead: one bot ``A`` among
``players - 1`` bots ``B``, its seat rotating, seeds 1000 on; each side's
share of the wins with a 95 % Wilson interval.  A bot is ``random``,
``heuristic`` or ``heuristic@T`` (the heuristic at temperature ``T``, the
easy level's knob: ``game.heuristic_bot(seed, temperature=T)``).

Usage::

    python bench/heuristics.py                          # every game, 4 players, 60 games
    python bench/heuristics.py --games go-nuts-for-donuts hoarders --n 200
    python bench/heuristics.py --players 5 --json
    python bench/heuristics.py --games papayoo --n 100 --one heuristic@1 --others random

No assertion is made: the figures are reported (bench/README.md keeps them).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import asdict, dataclass

from rich.console import Console
from rich.table import Table

import bodoge
from bodoge.engine import Action, Chooser, Game, State
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


class Random:
    """Uniformly random legal moves from a seeded generator of its own."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self._rng.choice(state.legal_actions(seat))


def make(game: Game, spec: str, seed: int) -> Chooser:
    """A bot from ``random``, ``heuristic`` or ``heuristic@T``."""
    if spec == "random":
        return Random(seed)
    name, _, heat = spec.partition("@")
    if name != "heuristic":
        raise SystemExit(f"unknown bot {spec!r}: random, heuristic or heuristic@T")
    bot = game.heuristic_bot(seed, temperature=float(heat or 0))
    assert bot is not None, f"{game.id} has no heuristic"
    return bot


def wilson(wins: float, games: int) -> str:
    """A share with its 95 % Wilson interval."""
    z, share = 1.96, wins / games
    middle = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return f"{100 * share:.1f} % [{100 * (middle - half):.1f}, {100 * (middle + half):.1f}]"


def strength(game_id: str, players: int, games: int, one: str, others: str) -> str:
    """One ``one`` bot among ``others``, its seat rotating: both sides' shares of the wins."""
    game = bodoge.get_game(game_id)
    alone = rest = 0.0
    for index in range(games):
        lone = index % players
        state = game.new_game(players, 1000 + index)
        specs = [one if seat == lone else others for seat in range(players)]
        bots = [make(game, spec, 10 * index + seat) for seat, spec in enumerate(specs)]
        while state.to_act:
            seat = state.to_act[0]
            state.apply_unchecked(seat, bots[seat].choose(state, seat))
        for winner in state.winners:
            share = 1 / len(state.winners)
            alone, rest = (alone + share, rest) if winner == lone else (alone, rest + share)
    return (
        f"{game_id}, {players} players, {games} games: {one} {wilson(alone, games)}, "
        f"{others} {wilson(rest, games * (players - 1))} (fair {100 / players:.1f} %)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    parser.add_argument("--players", type=int, default=4, help="players per table (default 4)")
    parser.add_argument("--n", type=int, default=60, help="games per game (default 60)")
    parser.add_argument("--json", action="store_true", help="print JSON rows instead")
    parser.add_argument("--one", help="strength: the lone bot (random, heuristic, heuristic@T)")
    parser.add_argument("--others", default="heuristic", help="strength: every other seat")
    args = parser.parse_args()
    if args.one:
        for game_id in args.games or bodoge.game_ids():
            print(strength(game_id, args.players, args.n, args.one, args.others))
        return
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
